def search(
    columns: tuple[bytes, ...],
    found: int,
    talon: bytes,
    shown: int,
    redeals: int,
    draw: int,
    max_redeals: int,
    max_nodes: int,
    seconds: float,
    memory: int = 0,
) -> tuple[list[int] | None, int, bool, int]: ...
