"""A process killed at random moments loses no acknowledged move."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from pathlib import Path

from solitaire import new_game
from storage import SQLiteStore

CHILD = Path(__file__).with_name("crash_child.py")
ROUNDS = 20


async def test_sigkill_loses_no_acknowledged_move(tmp_path: Path) -> None:
    path = str(tmp_path / "crash.sqlite3")
    async with await SQLiteStore.open(path) as store:
        game_id = (await store.create_game(1, new_game("klondike", deal=1).to_record())).id
    rng = random.Random(20)
    acknowledged: list[str] = []
    for _ in range(ROUNDS):
        child = await asyncio.create_subprocess_exec(
            sys.executable, str(CHILD), path, str(game_id), stdout=asyncio.subprocess.PIPE
        )
        await asyncio.sleep(rng.uniform(0.2, 0.6))
        child.send_signal(signal.SIGKILL)
        output, _ = await child.communicate()
        assert child.returncode == -signal.SIGKILL
        acknowledged += [
            line.split()[1] for line in output.decode().splitlines() if line.startswith("ack ")
        ]
        async with await SQLiteStore.open(path) as store:
            assert await store.integrity_check() == "ok"
            stored = (await store.get_game(game_id)).moves
        # Every acknowledged move is there, in order; at most the one in
        # flight when the kill came is there unacknowledged.
        assert stored[: len(acknowledged)] == acknowledged
        assert len(stored) - len(acknowledged) in (0, 1)
        acknowledged = stored
    assert len(acknowledged) > ROUNDS
