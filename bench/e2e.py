"""The real bot under a crowd: N simulated players play through the local
Discord-compatible server; prints latency from INTERACTION_CREATE sent to the
first reply received, moves per second, and replies slower than 3 s.

    python bench/e2e.py [--players 50] [--seconds 30] [--think 0.35] [--hints 0.1]
    python bench/e2e.py --processes 2 [--database postgresql://postgres@127.0.0.1:5432/postgres]

Each player starts a Klondike game, then presses the board's buttons and
picks from its move menu, waiting a random think time (mean --think seconds)
between moves, as people do. Half the players are in one server, half in
another (Discord sends them to different shards). Several crowds in one run,
each with a fresh bot and database, printed side by side:

- without ``--processes``: moves only, then one action in ten (``--hints``) a
  ``/hint``, on SQLite;
- with ``--processes N``: moves only, on one process on SQLite, one process
  on PostgreSQL, and N sharded processes on one PostgreSQL database.
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
from tests.databases import fresh_database
from tests.fake_discord import GUILD_B, GUILD_ID, FakeDiscord, LateReply, Reply, user


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
    guild = (GUILD_ID, GUILD_B)[number % 2]
    await asyncio.sleep(rng.uniform(0, 2.0))  # players drift in, as they do
    board = await server.slash(
        "play", {"game": "klondike", "deal": number + 1, "passes": "unlimited"}, who=who,
        guild_id=guild,
    )  # fmt: skip
    latencies["other"].append(board.elapsed)
    moves = 0
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        try:
            if rng.random() < hints:
                hint = await server.slash("hint", who=who, guild_id=guild)
                latencies["hint"].append(hint.elapsed)
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
            board = await server.slash("show", who=who, guild_id=guild)
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


async def crowd(
    players: int,
    seconds: float,
    think: float,
    hints: float,
    *,
    processes: int = 1,
    database: str = "sqlite",
    server_url: str = "",
) -> dict[str, float]:
    """Runs one crowd against a fresh bot of *processes* shards on a fresh
    database; returns its figures."""
    server = FakeDiscord(check_api=False)  # the tests check requests; here it would cost CPU
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(database, Path(folder), server_url) as url:
            bots = []
            for shard in range(processes):
                shards = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
                place = Path(folder) / str(shard)
                place.mkdir()
                bots.append(BotProcess(server, place, url, **(shards if processes > 1 else {})))
            for bot in bots:
                await bot.start()
            try:
                latencies: dict[str, list[float]] = {"move": [], "hint": [], "other": []}
                errors: list[str] = []
                start = time.monotonic()
                until = start + seconds
                moves = await asyncio.gather(
                    *(
                        player(server, n, until, think, hints, latencies, errors)
                        for n in range(players)
                    )
                )
                elapsed = time.monotonic() - start
            finally:
                for bot in bots:
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


HEADER = f"{'':<34}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'moves/s':>9}{'>3 s':>6}"


def row(name: str, figures: dict[str, float]) -> str:
    return (
        f"{name:<34}{figures['p50']:8.1f}{figures['p90']:8.1f}{figures['p99']:8.1f}"
        f"{figures['max']:8.1f}{figures['moves/s']:9.1f}{figures['over 3 s']:6.0f}"
    )


async def main(args: argparse.Namespace) -> None:
    print(f"players {args.players}, {args.seconds:g} s each, think time mean {args.think:g} s")
    common = (args.players, args.seconds, args.think)
    print("move latency ms" + HEADER[len("move latency ms") :])
    if args.processes:
        one = await crowd(*common, 0.0)
        print(row("1 process, SQLite", one), flush=True)
        pg = await crowd(*common, 0.0, database="postgresql", server_url=args.database)
        print(row("1 process, PostgreSQL", pg), flush=True)
        many = await crowd(
            *common, 0.0, processes=args.processes, database="postgresql",
            server_url=args.database,
        )  # fmt: skip
        print(row(f"{args.processes} processes, PostgreSQL", many))
        print(
            f"moves/s of {args.processes} processes on PostgreSQL / 1 on SQLite: "
            f"{many['moves/s'] / one['moves/s']:.2f}x, / 1 on PostgreSQL: "
            f"{many['moves/s'] / pg['moves/s']:.2f}x"
        )
        return
    plain = await crowd(*common, 0.0)
    print(row("moves only", plain), flush=True)
    mixed = await crowd(*common, args.hints)
    print(row(f"{args.hints:.0%} of actions /hint", mixed))
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
    parser.add_argument("--processes", type=int, default=0, help="compare N sharded processes")
    parser.add_argument(
        "--database",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server to make the databases on",
    )
    asyncio.run(main(parser.parse_args()))
