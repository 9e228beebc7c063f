"""What a win costs with achievements: a player with 1,000 stored games
wins, and the win's transaction records what it earns (from their games'
facts), side by side with a loss, which records nothing.

    python bench/achievements.py [--games 1000] [--on postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import new_game
from storage import Status, open_store
from tests.databases import fresh_database


async def main(args: argparse.Namespace) -> None:
    times: dict[str, list[float]] = {"a win": [], "a loss": []}
    with tempfile.TemporaryDirectory() as folder:
        made = fresh_database(args.on, Path(folder), args.database)
        async with made as url, await open_store(url) as store:
            record = new_game("klondike", deal=1).to_record()
            for n in range(args.games):
                row = await store.create_game(1, record)
                await store.set_status(row.id, Status.WON if n % 2 else Status.RESIGNED)
            for n in range(60):
                row = await store.create_game(1, record)
                status = Status.WON if n % 2 else Status.LOST
                start = time.perf_counter()
                await store.save_moves(row.id, [], expected_revision=row.revision, status=status)
                times["a win" if n % 2 else "a loss"].append(time.perf_counter() - start)
    print(f"{args.on}, a player with {args.games} stored games; the save of a game's end:")
    for what, taken in times.items():
        taken.sort()
        print(
            f"  {what}: median {1000 * taken[len(taken) // 2]:.2f} ms,"
            f" p90 {1000 * taken[int(len(taken) * 0.9)]:.2f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--on", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--database", default="postgresql://postgres@127.0.0.1:5432/postgres")
    asyncio.run(main(parser.parse_args()))
