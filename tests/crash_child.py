"""Saves moves to one game, one more each time as the bot does, and prints
each one once it is acknowledged.

Run by ``test_storage_crash.py``, which kills it with SIGKILL at random moments.
    python tests/crash_child.py DATABASE_PATH GAME_ID
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from storage import SQLiteStore


async def main(path: str, game_id: int) -> None:
    store = await SQLiteStore.open(path)
    row = await store.get_game(game_id)
    while True:
        move = f"m{len(row.moves)}"
        row = await store.save_moves(game_id, [*row.moves, move], expected_revision=row.revision)
        # Only now, after the commit, is the move acknowledged.
        print(f"ack {move}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
