"""Storage speed on a real SQLite file: appends per second (one game in
sequence; 50 games at once) and the median time to load a 300-move game.

    python bench/storage.py [--appends 500]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import load_game, new_game
from storage import GameRow, SQLiteStore


async def sequential(store: SQLiteStore, appends: int) -> float:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record())
    start = time.perf_counter()
    for _ in range(appends):
        row = await store.save_moves(row.id, [*row.moves, "s"], expected_revision=row.revision)
    return appends / (time.perf_counter() - start)


async def concurrent(store: SQLiteStore, games: int, appends: int) -> float:
    rows = [
        await store.create_game(100 + n, new_game("klondike", deal=n + 1).to_record())
        for n in range(games)
    ]

    async def play(row: GameRow) -> None:
        for _ in range(appends // games):
            row = await store.save_moves(row.id, [*row.moves, "s"], expected_revision=row.revision)

    start = time.perf_counter()
    await asyncio.gather(*(play(row) for row in rows))
    return (appends // games) * games / (time.perf_counter() - start)


async def load_300(store: SQLiteStore) -> tuple[float, float]:
    game = new_game("klondike", deal=7, passes="unlimited")
    while len(game.moves) < 300:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    row = await store.create_game(999, game.to_record())
    times, replays = [], []
    for _ in range(100):
        start = time.perf_counter()
        loaded = await store.get_game(row.id)
        middle = time.perf_counter()
        load_game(loaded.record)
        times.append(middle - start)
        replays.append(time.perf_counter() - middle)
    return statistics.median(times) * 1000, statistics.median(replays) * 1000


async def main(appends: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await SQLiteStore.open(f"{folder}/bench.sqlite3") as store:
            print(f"appends/s, one game in sequence:  {await sequential(store, appends):8,.0f}")
            print(f"appends/s, 50 games at once:      {await concurrent(store, 50, appends):8,.0f}")
            load_ms, replay_ms = await load_300(store)
            print(
                f"load a 300-move game, median ms:  {load_ms:8.2f}  (+ replay {replay_ms:.2f} ms)"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--appends", type=int, default=1000)
    asyncio.run(main(parser.parse_args().appends))
