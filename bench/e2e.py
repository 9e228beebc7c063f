"""The real bot under a crowd: N simulated players play through the local
Discord-compatible server; prints latency from INTERACTION_CREATE sent to the
first reply received, moves per second, and replies slower than 3 s.

    python bench/e2e.py [--players 50] [--seconds 30] [--think 0.35] [--hints 0.1]

Each player starts a Klondike game, then presses the board's buttons and
picks from its move menu, waiting a random think time (mean --think seconds)
between moves, as people do. Two crowds in one run, each with a fresh bot:
moves only, then one action in ten (``--hints``) a ``/hint``; the move
latencies of the two are printed side by side.
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
    hints: float,
    latencies: dict[str, list[float]],
    errors: list[str],
) -> int:
    rng = random.Random(number)
    who = user(6_000_000_000_000_000 + number, f"player{number}")
    await asyncio.sleep(rng.uniform(0, 2.0))  # players drift in, as they do
    board = await server.slash(
        "play", {"game": "klondike", "deal": number + 1, "passes": "unlimited"}, who=who
    )
    latencies["other"].append(board.elapsed)
    moves = 0
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        try:
            if rng.random() < hints:
                latencies["hint"].append((await server.slash("hint", who=who)).elapsed)
                continue
            reply = await _move(server, board, who, rng)
        except LateReply as error:
            errors.append(str(error))
            continue
        latencies["move"].append(reply.elapsed)
        if reply.kind == 7:
            moves += 1
            board = reply
        else:
            board = await server.slash("show", who=who)
            latencies["other"].append(board.elapsed)
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


async def crowd(players: int, seconds: float, think: float, hints: float) -> dict[str, float]:
    """Runs one crowd against a fresh bot; returns its figures."""
    server = FakeDiscord()
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(server, Path(folder))
        await bot.start()
        try:
            latencies: dict[str, list[float]] = {"move": [], "hint": [], "other": []}
            errors: list[str] = []
            start = time.monotonic()
            until = start + seconds
            moves = await asyncio.gather(
                *(player(server, n, until, think, hints, latencies, errors) for n in range(players))
            )
            elapsed = time.monotonic() - start
        finally:
            await bot.stop()
    await server.stop()
    ms = [value * 1000 for value in latencies["move"]]
    every = [value * 1000 for values in latencies.values() for value in values]
    return {
        "moves/s": sum(moves) / elapsed,
        "hints": len(latencies["hint"]),
        "p50": percentile(ms, 50),
        "p90": percentile(ms, 90),
        "p99": percentile(ms, 99),
        "max": max(ms),
        "mean": statistics.mean(ms),
        "over 3 s": sum(value > 3000 for value in every) + len(errors),
    }


async def main(players: int, seconds: float, think: float, hints: float) -> None:
    print(f"players {players}, {seconds:g} s each, think time mean {think:g} s")
    plain = await crowd(players, seconds, think, 0.0)
    mixed = await crowd(players, seconds, think, hints)
    print(
        f"{'move latency ms':<28}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'moves/s':>9}{'>3 s':>6}"
    )
    for name, figures in (("moves only", plain), (f"{hints:.0%} of actions /hint", mixed)):
        print(
            f"{name:<28}{figures['p50']:8.1f}{figures['p90']:8.1f}{figures['p99']:8.1f}"
            f"{figures['max']:8.1f}{figures['moves/s']:9.1f}{figures['over 3 s']:6.0f}"
        )
    print(
        f"hints asked: {mixed['hints']:.0f}; move p99 with hints / without: "
        f"{mixed['p99'] / plain['p99']:.2f}x"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.35)
    parser.add_argument("--hints", type=float, default=0.1, help="share of actions that are /hint")
    args = parser.parse_args()
    asyncio.run(main(args.players, args.seconds, args.think, args.hints))
