"""Where each pile of each game goes: geometry only, no drawing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .theme import METRICS


@dataclass(frozen=True)
class Row:
    """A row of piles; ``None`` leaves a slot empty. Piles of a ``fan`` row
    spread downwards within ``height`` pixels."""

    codes: tuple[str | None, ...]
    fan: bool = False
    height: int = 0


@dataclass(frozen=True)
class Slot:
    """A pile's place: the top-left corner of its first card."""

    x: int
    y: int
    fan: bool
    height: int


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    slots: dict[str, Slot]
    status_y: int


_COLUMNS = tuple(str(n) for n in range(1, 11))

SPECS: dict[str, tuple[Row, ...]] = {
    "klondike": (
        Row(("s", "w", None, "f1", "f2", "f3", "f4")),
        Row(_COLUMNS[:7], fan=True, height=610),
    ),
    "calculation": (
        Row(("s", None, "f1", "f2", "f3", "f4")),
        Row((None, None, "w1", "w2", "w3", "w4"), fan=True, height=560),
    ),
    "castles-end": (
        Row(("f1", "f2", "f3", "f4", None, None, None, None, "r1", "r2")),
        Row(_COLUMNS, fan=True, height=700),
    ),
    "casket": (
        Row(("s", "w", None, "j", "l1", "l2", "l3", "l4", "l5")),
        Row(("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")),
        Row((*_COLUMNS[:8], "r1", "r2", "r3"), fan=True, height=440),
    ),
}


@cache
def layout_for(profile: str) -> TableLayout:
    """Returns the geometry of a game's table."""
    m = METRICS
    rows = SPECS[profile]
    widest = max(len(row.codes) for row in rows)
    width = 2 * m.margin + widest * m.card_w + (widest - 1) * m.gap
    slots: dict[str, Slot] = {}
    y = m.margin
    for row in rows:
        y += m.label_h
        row_width = len(row.codes) * (m.card_w + m.gap) - m.gap
        x = (width - row_width) // 2
        for code in row.codes:
            if code is not None:
                slots[code] = Slot(x, y, row.fan, row.height if row.fan else m.card_h)
            x += m.card_w + m.gap
        y += (row.height if row.fan else m.card_h + 2 * m.caption_h) + 4
    return TableLayout((width, y + m.status_h + m.margin // 2), slots, y + 2)


def fan_offsets(down: int, up: int, height: int) -> list[int]:
    """Returns the y offset of each card of a column with *down* face-down
    cards under *up* face-up ones, squeezed to fit in *height* pixels.

    >>> fan_offsets(1, 2, 1000)
    [0, 10, 38]
    """
    m = METRICS
    down_step, up_step = float(m.down_step), float(m.up_step)
    spread = down * down_step + max(up - 1, 0) * up_step
    room = height - m.card_h
    if spread > room > 0:
        down_step *= room / spread
        up_step *= room / spread
    offsets = []
    y = 0.0
    for i in range(down + up):
        offsets.append(round(y))
        y += down_step if i < down else up_step
    return offsets
