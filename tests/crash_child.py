"""Appends moves to one game and prints each one once it is acknowledged.

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
    count = len((await store.get_game(game_id)).moves)
    while True:
        await store.append_move(game_id, f"m{count}", expected_count=count)
        # Only now, after the commit, is the move acknowledged.
        print(f"ack m{count}", flush=True)
        count += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
