"""The real bot under a crowd: N simulated players play through the local
Discord-compatible server; prints latency from INTERACTION_CREATE sent to the
first reply received, moves per second, and replies slower than 3 s.

    python bench/e2e.py [--players 50] [--seconds 30] [--think 0.35]

Each player starts a Klondike game, then presses the board's buttons and
picks from its move menu, waiting a random think time (mean --think seconds)
between moves, as people do.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.botprocess import BotProcess
from tests.fake_discord import FakeDiscord, LateReply, Reply, user


async def player(
    server: FakeDiscord,
    number: int,
    until: float,
    think: float,
    latencies: list[float],
    errors: list[str],
) -> int:
    rng = random.Random(number)
    who = user(6_000_000_000_000_000 + number, f"player{number}")
    await asyncio.sleep(rng.uniform(0, 2.0))  # players drift in, as they do
    board = await server.slash(
        "play", {"game": "klondike", "deal": number + 1, "passes": "unlimited"}, who=who
    )
    latencies.append(board.elapsed)
    moves = 0
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        try:
            reply = await _move(server, board, who, rng)
        except LateReply as error:
            errors.append(str(error))
            continue
        latencies.append(reply.elapsed)
        if reply.kind == 7:
            moves += 1
            board = reply
        else:
            board = await server.slash("show", who=who)
            latencies.append(board.elapsed)
    return moves


async def _move(
    server: FakeDiscord, board: Reply, who: dict[str, object], rng: random.Random
) -> Reply:
    message = server.message(board)
    menu = [c for c in _components(board) if ":move:" in c.get("custom_id", "")]
    if menu and rng.random() < 0.6:
        choice = menu[0]["options"][0]["value"]
        return await server.press(message, menu[0]["custom_id"], who=who, values=[choice])
    draw = next(c for c in _components(board) if ":draw:" in c.get("custom_id", ""))
    return await server.press(message, draw["custom_id"], who=who)


def _components(reply: Reply) -> list[dict[str, object]]:
    return [c for row in reply.data.get("components", []) for c in row.get("components", [])]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def main(players: int, seconds: float, think: float) -> None:
    server = FakeDiscord()
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(server, Path(folder))
        await bot.start()
        try:
            latencies: list[float] = []
            errors: list[str] = []
            start = time.monotonic()
            until = start + seconds
            moves = await asyncio.gather(
                *(player(server, n, until, think, latencies, errors) for n in range(players))
            )
            elapsed = time.monotonic() - start
        finally:
            await bot.stop()
    await server.stop()
    ms = [value * 1000 for value in latencies]
    print(f"players {players}, {seconds:g} s, think time mean {think:g} s")
    print(f"interactions {len(ms)}, moves {sum(moves)}, moves/s {sum(moves) / elapsed:.1f}")
    print(
        f"latency ms: p50 {percentile(ms, 50):.1f}  p90 {percentile(ms, 90):.1f}  "
        f"p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}  mean {statistics.mean(ms):.1f}"
    )
    print(f"replies slower than 3 s: {sum(value > 3000 for value in ms) + len(errors)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.35)
    args = parser.parse_args()
    asyncio.run(main(args.players, args.seconds, args.think))
