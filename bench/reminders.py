"""A crowd of reminders due at one minute, and players moving meanwhile:
the real bot and the local Discord-compatible server, which holds the bot
to Discord's global limit. Prints the time until the last reminder arrived,
the pace kept, the bot's CPU per reminder (its process and workers, less
what the players' moves cost it alone, before and after), the 429s it met,
and the players' move latency before, during and after, in one run.

    python bench/reminders.py --reminders 10000                 # Discord's pace: 20 requests/s
    python bench/reminders.py --reminders 100000 --rate 1000 --limit 1000   # a stress run
    python bench/reminders.py --on postgresql [--database postgresql://postgres@127.0.0.1:5432/postgres]
    python bench/reminders.py --first-time      # no DM opened yet: two requests a reminder

``--rate`` is the bot's ``REMINDER_REQUESTS_PER_SECOND``; ``--limit`` the
local Discord's global limit (Discord's is 50). At Discord's own pace the
time to deliver N is N / rate (N × 2 / rate the first time): a stress run
at a raised limit measures what the pace costs the bot, not what Discord allows.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.e2e import DRIFT_IN, Tally, cpu_seconds, latencies, player
from tests.botprocess import BotProcess
from tests.databases import SERVER, fresh_database
from tests.fake_discord import FakeDiscord
from tests.fake_discord.payloads import dm_channel_id

FIRST_PLAYER = 8_000_000_000_000_000


async def keep(url: str, count: int, due: float, opened: bool) -> None:
    """*count* players who want race reminders, each with one due at *due*."""
    players = range(FIRST_PLAYER, FIRST_PLAYER + count)
    settings = [(p, dm_channel_id(p) if opened else None, due) for p in players]
    link = "https://discord.com/channels/1/2/3"
    reminders = [(p, "race", "1", due, due + 86400.0, link) for p in players]
    insert_settings = (
        "INSERT INTO reminder_settings (user_id, races, dm_channel, changed_at) VALUES (?, 1, ?, ?)"
    )
    insert_reminders = (
        "INSERT INTO reminders (user_id, kind, occasion, due_at, expires_at, link)"
        " VALUES (?, ?, ?, ?, ?, ?)"
    )
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url.removeprefix("sqlite:///"), timeout=30) as db:
            db.executemany(insert_settings, settings)
            db.executemany(insert_reminders, reminders)
        return
    import asyncpg

    from storage.postgres import numbered

    connection = await asyncpg.connect(url)
    try:
        await connection.executemany(numbered(insert_settings), settings)
        await connection.executemany(numbered(insert_reminders), reminders)
    finally:
        await connection.close()


async def moving(
    server: FakeDiscord, players: int, until: float, tally: Tally, first: int = 0
) -> None:
    """*players* players (numbered from *first*: each a new one) pressing their boards' buttons."""
    numbers = range(first, first + players)
    await asyncio.gather(*(player(server, n, "button", until, 0.5, 0.0, tally) for n in numbers))


async def run(args: argparse.Namespace) -> None:
    server = FakeDiscord(check_api=False)  # the tests check requests; here it would cost CPU
    server.global_limit = args.limit
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(args.on, Path(folder), args.database) as url:
            bot = BotProcess(server, Path(folder), url,
                             REMINDER_REQUESTS_PER_SECOND=str(args.rate))  # fmt: skip
            await bot.start()
            assert bot.process is not None
            pid = bot.process.pid
            try:
                # Before: the players alone.
                before = Tally()
                start = time.monotonic()
                playing = asyncio.create_task(
                    moving(server, args.players, start + DRIFT_IN + args.seconds, before)
                )
                await asyncio.sleep(DRIFT_IN)
                cpu_start = cpu_seconds(pid)
                await asyncio.sleep(args.seconds)
                crowd_cpu = (cpu_seconds(pid) - cpu_start) / args.seconds
                await playing
                # During: the reminders due at one moment, and the players again.
                due = time.time() + 2.0
                await keep(url, args.reminders, due, not args.first_time)
                for number in range(FIRST_PLAYER, FIRST_PLAYER + args.reminders):
                    server.dm_channels[dm_channel_id(number)] = number  # opened before
                during = Tally()
                arrived: list[float] = []
                cpu_start, wall_start = cpu_seconds(pid), time.monotonic()
                endless = time.monotonic() + 10 * 86400
                playing = asyncio.create_task(
                    moving(server, args.players, endless, during, first=args.players)
                )
                while len(arrived) < args.reminders:
                    reply = await asyncio.wait_for(server.posted.get(), 120)
                    if reply.message and int(reply.message["channel_id"]) in server.dm_channels:
                        arrived.append(time.time())
                delivered = time.monotonic()
                delivering = delivered - wall_start
                cpu = cpu_seconds(pid) - cpu_start
                # After: the same players, the reminders all out.
                await asyncio.sleep(args.seconds)
                crowd_after = (cpu_seconds(pid) - cpu_start - cpu) / args.seconds
                cpu -= (crowd_cpu + crowd_after) / 2 * delivering
                playing.cancel()
            except BaseException:
                print(bot.log.read_text()[-3000:], file=sys.stderr)  # what the bot said
                raise
            finally:
                await bot.stop()
    await server.stop()
    last = arrived[-1] - due
    start_of_moves = before.moves[0][0] if before.moves else 0.0
    alone = latencies(
        [ms * 1000 for ended, ms in before.moves if ended >= start_of_moves + DRIFT_IN],
        args.seconds,
    )
    beside = latencies([ms * 1000 for ended, ms in during.moves if ended <= delivered], delivering)
    after = latencies([ms * 1000 for ended, ms in during.moves if ended > delivered], args.seconds)
    requests = args.reminders * (2 if args.first_time else 1)
    print(
        f"{args.reminders} reminders due at one moment, {args.on}, "
        f"REMINDER_REQUESTS_PER_SECOND={args.rate:g}, Discord's global limit {args.limit}/s, "
        f"{'DMs opened first' if args.first_time else 'DMs opened before'}; "
        f"{args.players} players moving (think 0.5 s)"
    )
    print(
        f"last reminder arrived {last:.1f} s after it was due ({requests / args.rate:.1f} s at "
        f"the pace); {args.reminders / last:.1f} reminders/s; 429s met: {server.rate_limited}"
    )
    print(
        f"bot CPU for the reminders: {cpu:.1f} s, {1000 * cpu / args.reminders:.2f} ms a reminder "
        f"({100 * cpu / delivering:.1f} % of a core while delivering)"
    )
    print(f"{'moves':<26}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'moves/s':>9}")
    rows = (("players alone, before", alone), ("while reminders go out", beside),
            ("players alone, after", after))  # fmt: skip
    for name, figures in rows:
        print(
            f"{name:<26}{figures['p50']:8.1f}{figures['p90']:8.1f}{figures['p99']:8.1f}"
            f"{figures['max']:8.1f}{figures['moves/s']:9.1f}"
        )
    ratios = ", ".join(
        f"{p} {beside[p] / ((alone[p] + after[p]) / 2):.2f}x" for p in ("p50", "p90", "p99")
    )
    print(f"ratio during / alone (before and after): {ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reminders", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=20.0, help="REMINDER_REQUESTS_PER_SECOND")
    parser.add_argument("--limit", type=int, default=50, help="the local Discord's global limit")
    parser.add_argument("--players", type=int, default=20, help="players moving meanwhile")
    parser.add_argument("--seconds", type=float, default=20.0, help="the players alone, before")
    parser.add_argument("--first-time", action="store_true", help="no DM opened yet")
    parser.add_argument("--on", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--database", default=SERVER or "postgresql://postgres@127.0.0.1:5432/postgres"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
