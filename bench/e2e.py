"""The real bot under a crowd: N simulated players play through the local
Discord-compatible server; prints the CPU time a move costs the bot (its
process and its workers, read from /proc), latency from the event sent to
the reply received, and moves per second.

    python bench/e2e.py [--players 50] [--seconds 20] [--think 0.5] [--crowds button,slash,chat]
    python bench/e2e.py --on postgresql [--database postgresql://postgres@127.0.0.1:5432/postgres]
    python bench/e2e.py --before ../before     # a worktree of earlier code, side by side
    python bench/e2e.py --before ../before --rounds 3   # each bot 3 times: medians, ratios by round
    python bench/e2e.py --floor --crowds chat   # and the floor: what every move must cost
    python bench/e2e.py --steady 80,100,120,140 --seconds 30 --crowds button
    python bench/e2e.py --hints 0.1
    python bench/e2e.py --verdicts [--rounds 4]   # the crowds take turns: median ratios
    python bench/e2e.py --processes 2
    python bench/e2e.py --races 10x4
    python bench/e2e.py --cup 200 --players 50 --seconds 30
    python bench/e2e.py --busy 20 --seconds 30   # one busy channel, Discord's rate limits on

Each player starts a Klondike game, then moves, waiting a random think time
(mean --think seconds) between moves, as people do. Half the players are in
one server, half in another (Discord sends them to different shards). Three
crowds move three ways: **button** presses the board's buttons and picks from
its move menu (an edit in place); **slash** types ``/move`` after asking its
autocomplete (a new board each time); **chat** mentions the bot with the
notation (a new board each time). Each crowd plays against a do-nothing
discord.py bot (``bench/null_bot.py``) and against this bot, each fresh on a
fresh database, one after the other, and the ratio of their CPU per move is
printed. The local server's check of each request against Discord's API
description is off: it would take the bots' CPU.

- ``--floor``: a third bot, the do-nothing bot doing only what every move
  must (``bench/null_bot.py --floor``: a legal move, one commit, the table's
  picture, the board before retired by one raw request); ratios to it too.
  With ``--new-tables`` also the floor drawing each picture on a new table
  (as before tables were kept), side by side.

- ``--steady R1,R2,...``: a crowd offering R moves a second (R × think
  time players) for each R in turn, each on a fresh bot: p50/p99 over the
  window after a 5 s warm-up, the warm-up's own apart (players coming in,
  cold caches, first pictures), and the most moves a second served with p99
  under 150 ms.
- ``--hints X``: button moves, then X of the actions a ``/hint``, on SQLite;
- ``--processes N``: button moves on one process on SQLite, one process on
  PostgreSQL, and N sharded processes on one PostgreSQL database.
- ``--races RxN``: R races of N racers each, every racer pressing the
  buttons and menu of their private board, against as many players playing
  alone; prints the race card's edits a second and the shortest time
  between two edits of one card, besides CPU per move and latency.
- ``--cup N``: N players in one cup of 10 deals, each pressing the buttons
  of their private cup board (one action in 20 resigns the deal and plays
  the next: a result for the card), beside ``--players`` playing alone, on
  one bot; prints each group's latency and the cup card's edits.
- ``--busy N``: N players in one channel, coming back to games whose boards
  were posted over an hour ago, a third each pressing buttons, typing
  ``/move`` and typing in chat, with the local Discord holding Discord's
  rate limits (its per-channel buckets and the cap on edits of hour-old
  messages, which the other crowds leave off: their players share two
  channels, which Discord would hold to a few boards a second); prints
  moves a second, latency, the 429s met and the boards posted afresh for a
  press on an old one.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.botprocess import BotProcess
from tests.databases import fresh_database
from tests.fake_discord import ALICE, GUILD_B, GUILD_ID, FakeDiscord, LateReply, Reply, user
from tests.fake_discord.payloads import controls
from tests.test_boards_e2e import live_boards

ROOT = Path(__file__).resolve().parent.parent
#: The bots a crowd can play against: this one, and one that only answers.
THIS_BOT = ("-m", "bot")
NULL_BOT = (str(ROOT / "bench" / "null_bot.py"),)
FLOOR_BOT = (*NULL_BOT, "--floor")
NEW_TABLES = (*FLOOR_BOT, "--new-tables")
#: Players drift in over this long; the measured window starts after it.
DRIFT_IN = 3.0
#: A steady crowd's warm-up (players coming in, cold caches, first pictures).
WARM_UP = 5.0
#: A steady crowd is served while its p99 stays under this (ms).
STEADY_P99 = 150.0


@dataclass
class Tally:
    """What a crowd's players saw: each move's (end, latency), hints, the rest."""

    moves: list[tuple[float, float]] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    other: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: Presses answered with a new board (the pressed one too old to edit).
    reposted: int = 0


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by process *pid* and every live process below it."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    family = {pid}
    grown = True
    while grown:
        before = len(family)
        family |= {child for child, parent in parents.items() if parent in family}
        grown = len(family) > before
    return sum(used.get(process, 0.0) for process in family)


async def player(
    server: FakeDiscord,
    number: int,
    how: str,
    until: float,
    think: float,
    hints: float,
    tally: Tally,
    verdicts: bool = False,
    board: Reply | None = None,
) -> None:
    """One player: a game started (or *board*, one already there), then
    moves until *until*, *how* they move."""
    rng = random.Random(number)
    who, guild = player_of(number), (GUILD_ID, GUILD_B)[number % 2]
    if board is not None:
        guild = GUILD_ID
    await asyncio.sleep(rng.uniform(0, DRIFT_IN - 1.0))  # players drift in, as they do
    if verdicts:  # "can this still be won?" after every move, searched in the workers
        await server.slash("settings", {"winnable": True}, who=who, guild_id=guild)
    if board is None:
        board = await start(server, number, guild)
        tally.other.append(board.elapsed)
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        try:
            if rng.random() < hints:
                hint = await server.slash("hint", who=who, guild_id=guild)
                tally.hints.append(hint.elapsed)
                continue
            if how == "button":
                reply = await _press(server, board, who, rng)
            elif how == "slash":
                reply = await _type(server, who, guild, tally)
            else:
                reply = await server.say_and_wait(_notation(board), who=who, guild_id=guild)
        except (LateReply, TimeoutError) as error:
            tally.errors.append(repr(error))
            continue
        tally.moves.append((time.monotonic(), reply.elapsed))
        if how == "button" and reply.kind == 4:
            tally.reposted += 1
        if _components(reply):
            board = reply
        elif how == "button":  # a notice: get a board to press again
            board = await server.slash("show", who=who, guild_id=guild)
            tally.other.append(board.elapsed)


def player_of(number: int) -> dict[str, object]:
    return user(6_000_000_000_000_000 + number, f"player{number}")


async def start(server: FakeDiscord, number: int, guild: int) -> Reply:
    """Player *number*'s game: its first board."""
    return await server.slash(
        "play", {"game": "klondike", "deal": number + 1, "passes": "unlimited"},
        who=player_of(number), guild_id=guild,
    )  # fmt: skip


async def _press(
    server: FakeDiscord, board: Reply, who: dict[str, object], rng: random.Random
) -> Reply:
    message = server.message(board)
    menu = [c for c in _components(board) if ":move:" in str(c.get("custom_id", ""))]
    if menu and rng.random() < 0.6:
        choice = menu[0]["options"][0]["value"]
        return await server.press(message, str(menu[0]["custom_id"]), who=who, values=[choice])
    draw = next(c for c in _components(board) if ":draw:" in str(c.get("custom_id", "")))
    return await server.press(message, str(draw["custom_id"]), who=who)


async def _type(server: FakeDiscord, who: dict[str, object], guild: int, tally: Tally) -> Reply:
    """``/move`` as a player types it: the autocomplete first, then its first choice."""
    offered = await server.autocomplete("move", "notation", "", who=who, guild_id=guild)
    tally.other.append(offered.elapsed)
    choices = offered.data.get("choices") or [{"value": "s"}]
    return await server.slash("move", {"notation": choices[0]["value"]}, who=who, guild_id=guild)


def _notation(board: Reply) -> str:
    """The move a chat player types: the board menu's first, else a draw."""
    menu = [c for c in _components(board) if ":move:" in str(c.get("custom_id", ""))]
    return str(menu[0]["options"][0]["value"]) if menu else "s"


def _components(reply: Reply) -> list[dict[str, Any]]:
    return controls(reply.data)  # in rows, or (Components V2) in a container


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def crowd(
    players: int,
    seconds: float,
    think: float,
    *,
    how: str = "button",
    hints: float = 0.0,
    verdicts: bool = False,
    program: tuple[str, ...] = THIS_BOT,
    code: str = "",
    processes: int = 1,
    database: str = "sqlite",
    server_url: str = "",
    warm_up: float = DRIFT_IN,
) -> dict[str, float]:
    """Runs one crowd against a fresh bot of *processes* shards on a fresh
    database; returns its figures over the window after the *warm_up* (the
    players coming in), and the warm-up's own as ``warm p50`` and so on."""
    server = FakeDiscord(check_api=False)  # the tests check requests; here it would cost CPU
    server.rate_limits = False  # two channels for the whole crowd: see --busy
    # Discord's global limit (50 requests a second outside interactions)
    # would hold a chat crowd to 25 moves a second (a new board and the old
    # one retired): the bot's own cost is measured here; --busy holds it.
    server.global_limit = 1_000_000
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(database, Path(folder), server_url) as url:
            bots = []
            for shard in range(processes):
                shards = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
                place = Path(folder) / str(shard)
                place.mkdir()
                env = shards if processes > 1 else {}
                if code:  # the bot of another checkout (an earlier commit's worktree)
                    env = {**env, "PYTHONPATH": code}
                bots.append(BotProcess(server, place, url, program=program, **env))
            for bot in bots:
                await bot.start()
            pids = [bot.process.pid for bot in bots if bot.process is not None]
            try:
                tally = Tally()
                start = time.monotonic()
                window = start + warm_up
                until = window + seconds
                playing = asyncio.gather(
                    *(
                        player(server, n, how, until, think, hints, tally, verdicts)
                        for n in range(players)
                    )
                )
                await asyncio.sleep(warm_up)
                cpu_before = sum(cpu_seconds(pid) for pid in pids)
                await asyncio.sleep(seconds)
                cpu_used = sum(cpu_seconds(pid) for pid in pids) - cpu_before
                await playing
            finally:
                for bot in bots:
                    await bot.stop()
            # The floor says what its pictures cost it, on its way out.
            said = re.findall(r"floor pictures: \d+, ([\d.]+) ms", bots[0].log.read_text())
    await server.stop()
    ms = [latency * 1000 for ended, latency in tally.moves if window <= ended <= until]
    warm = [latency * 1000 for ended, latency in tally.moves if ended < window]
    every = [*ms, *(v * 1000 for v in tally.hints + tally.other)]
    return {
        **latencies(ms, seconds),
        **{f"warm {key}": value for key, value in latencies(warm, warm_up).items()},
        "picture ms": float(said[0]) if said else float("nan"),
        "cpu ms/move": 1000 * cpu_used / max(len(ms), 1),
        "hints": len(tally.hints),
        "over 3 s": sum(value > 3000 for value in every) + len(tally.errors),
    }


#: How old the busy channel's boards are when its players come back to them.
OLD_BOARDS = 3700.0
#: How long the bot gives a board's retire (``bot.adapter.answers.RETIRE_WAIT``).
RETIRE_WAIT = 10.0


async def busy_crowd(
    players: int, seconds: float, think: float, *, database: str = "sqlite", server_url: str = ""
) -> dict[str, float]:
    """*players* in one channel, on games whose boards were posted over an
    hour ago, moving three ways, with Discord's rate limits held."""
    server = FakeDiscord(check_api=False)
    await server.start()
    ways = ("button", "slash", "chat")
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(database, Path(folder), server_url) as url:
            bot = BotProcess(server, Path(folder), url)
            await bot.start()
            try:
                with server.backdated(OLD_BOARDS):
                    boards = [await start(server, n, GUILD_ID) for n in range(players)]
                tallies = {how: Tally() for how in ways}
                start_at = time.monotonic()
                window, until = start_at + DRIFT_IN, start_at + DRIFT_IN + seconds
                limited = (server.bucket_limited, server.old_edits_refused, server.rate_limited)
                await asyncio.gather(
                    *(
                        player(server, n, ways[n % 3], until, think, 0.0,
                               tallies[ways[n % 3]], board=boards[n])
                        for n in range(players)
                    )
                )  # fmt: skip
                await asyncio.sleep(RETIRE_WAIT)  # the retires under way land, or give up
                stale = sum(len(ids) - 1 for ids in live_boards(server).values())
            finally:
                await bot.stop()
    await server.stop()
    every = list(tallies.values())
    ms = [1000 * lat for t in every for ended, lat in t.moves if window <= ended <= until]
    figures = {
        **latencies(ms, seconds),
        "cpu ms/move": float("nan"),
        "over 3 s": sum(lat > 3 for t in every for _, lat in t.moves)
        + sum(len(t.errors) for t in every),
        "bucket 429s": server.bucket_limited - limited[0],
        "30046s": server.old_edits_refused - limited[1],
        "global 429s": server.rate_limited - limited[2],
        "reposted": tallies["button"].reposted,
        "stale": stale,
    }
    for how, tally in tallies.items():
        mine = [1000 * lat for ended, lat in tally.moves if window <= ended <= until]
        figures.update({f"{how} {key}": value for key, value in latencies(mine, seconds).items()})
    return figures


def latencies(ms: list[float], seconds: float) -> dict[str, float]:
    """The moves a second and the percentiles of their latencies, *ms*."""
    return {
        "moves": len(ms),
        "moves/s": len(ms) / seconds,
        "p50": percentile(ms, 50),
        "p90": percentile(ms, 90),
        "p99": percentile(ms, 99),
        "max": max(ms, default=float("nan")),
    }


async def racer(
    server: FakeDiscord, board: Reply, who: dict[str, object], seed: int, until: float,
    think: float, tally: Tally,
) -> None:  # fmt: skip
    """Moves on a private race board until *until*, as :func:`player` does."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        board = await _counted(_press(server, board, who, rng), board, tally)


async def _counted(action: Awaitable[Reply], board: Reply, tally: Tally) -> Reply:
    """Does *action* (a move), counted in *tally*; returns the board to press
    next: its answer, if a board, else *board*."""
    try:
        reply = await action
    except (LateReply, TimeoutError) as error:
        tally.errors.append(repr(error))
        return board
    tally.moves.append((time.monotonic(), reply.elapsed))
    return reply if _components(reply) else board


async def race_crowd(
    races: int, racers: int, seconds: float, think: float, **store: str
) -> dict[str, float]:
    """*races* races of *racers* each on one fresh bot: opened, joined and
    started, then every racer moves on their own board."""
    server = FakeDiscord(check_api=False)
    await server.start()
    cards: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(store["database"], Path(folder), store["server_url"]) as url:
            bot = BotProcess(server, Path(folder), url)
            await bot.start()
            assert bot.process is not None
            try:
                tally, boards = Tally(), []
                for number in range(races):
                    people = [
                        user(7_000_000_000_000_000 + number * 100 + n, f"r{number}-{n}")
                        for n in range(racers)
                    ]
                    guild = (GUILD_ID, GUILD_B)[number % 2]
                    options = {"game": "klondike", "passes": "unlimited"}
                    card = await server.slash("race", options, who=people[0], guild_id=guild)
                    message = server.message(card)
                    cards.append(int(message["id"]))
                    race_id = card.custom_ids[0].split(":")[1]
                    for person in people[1:]:
                        await server.press(message, f"race:{race_id}:join", who=person)
                    await server.press(message, f"race:{race_id}:start", who=people[0])
                    message = server.messages[cards[-1]]  # now with Play
                    for person in people:
                        played = await server.press(message, f"race:{race_id}:play", who=person)
                        boards.append((played, person))
                start = time.monotonic()
                window = start + DRIFT_IN
                until = window + seconds
                playing = asyncio.gather(
                    *(
                        racer(server, board, who, n, until, think, tally)
                        for n, (board, who) in enumerate(boards)
                    )
                )
                await asyncio.sleep(DRIFT_IN)
                cpu_before = cpu_seconds(bot.process.pid)
                await asyncio.sleep(seconds)
                cpu_used = cpu_seconds(bot.process.pid) - cpu_before
                await playing
            finally:
                await bot.stop()
    await server.stop()
    ms = [latency * 1000 for ended, latency in tally.moves if window <= ended <= until]
    edits = [
        [at for at in server.edited_at.get(card, []) if window <= at <= until] for card in cards
    ]
    gaps = [later - earlier for times in edits for earlier, later in itertools.pairwise(times)]
    return {
        **latencies(ms, seconds),
        "cpu ms/move": 1000 * cpu_used / max(len(ms), 1),
        "over 3 s": sum(value > 3000 for value in ms) + len(tally.errors),
        "edits/s": sum(len(times) for times in edits) / seconds,
        "closest edits": min(gaps, default=float("nan")),
    }


async def cup_player(
    server: FakeDiscord, card: dict[str, Any], cup_id: str, who: dict[str, object], seed: int,
    until: float, think: float, tally: Tally,
) -> None:  # fmt: skip
    """Plays a cup's deals on a private board until *until*, as :func:`player`
    does, and one action in 20 resigns the deal and plays the next (a result
    for the card to show)."""
    rng = random.Random(seed)
    board = await server.press(card, f"cup:{cup_id}:play", who=who)

    async def resign_and_play_on() -> Reply:
        await server.slash("resign", who=who)
        return await server.press(card, f"cup:{cup_id}:play", who=who)

    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        if rng.random() < 0.05:
            board = await _counted(resign_and_play_on(), board, tally)
        else:
            board = await _counted(_press(server, board, who, rng), board, tally)


async def cup_crowd(
    cupped: int, alone: int, seconds: float, think: float, **store: str
) -> tuple[dict[str, float], dict[str, float]]:
    """*cupped* players in one cup of 10 deals, each moving on their private
    board, beside *alone* players playing their own games, on one fresh bot;
    returns the figures of each, the card's edits with the cup players'."""
    server = FakeDiscord(check_api=False)
    await server.start()
    with tempfile.TemporaryDirectory() as folder:
        async with fresh_database(store["database"], Path(folder), store["server_url"]) as url:
            bot = BotProcess(server, Path(folder), url)
            await bot.start()
            assert bot.process is not None
            try:
                cups, others = Tally(), Tally()
                host = ALICE  # the server's owner: a manager
                card = await server.slash(
                    "cup open", {"game": "klondike", "deals": 10, "hours": 2.0}, who=host
                )
                message = server.message(card)
                card_id = int(message["id"])
                cup_id = card.custom_ids[0].split(":")[1]
                # Its deals are dealt and graded as it opens, behind the card.
                while "being dealt" in (await server.press(message, f"cup:{cup_id}:play")).content:
                    await asyncio.sleep(0.5)
                people = [user(7_800_000_000_000_000 + n, f"cup{n}") for n in range(cupped)]
                start = time.monotonic()
                window = start + DRIFT_IN
                until = window + seconds
                playing = asyncio.gather(
                    *(
                        cup_player(server, message, cup_id, who, n, until, think, cups)
                        for n, who in enumerate(people)
                    ),
                    *(player(server, n, "button", until, think, 0.0, others) for n in range(alone)),
                )
                await asyncio.sleep(DRIFT_IN)
                cpu_before = cpu_seconds(bot.process.pid)
                await asyncio.sleep(seconds)
                cpu_used = cpu_seconds(bot.process.pid) - cpu_before
                await playing
            finally:
                await bot.stop()
    await server.stop()
    figures = []
    for tally in (cups, others):
        ms = [latency * 1000 for ended, latency in tally.moves if window <= ended <= until]
        over = sum(value > 3000 for value in ms) + len(tally.errors)
        figures.append({**latencies(ms, seconds), "over 3 s": over})
    moves = figures[0]["moves"] + figures[1]["moves"]
    for each in figures:
        each["cpu ms/move"] = 1000 * cpu_used / max(moves, 1)
    edits = [at for at in server.edited_at.get(card_id, []) if window <= at <= until]
    figures[0]["edits"] = len(edits)
    figures[0]["closest edits"] = min(
        (later - earlier for earlier, later in itertools.pairwise(edits)), default=float("nan")
    )
    return figures[0], figures[1]


HEADER = f"{'':<34}{'cpu/move':>9}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'moves/s':>9}{'>3 s':>6}"


def row(name: str, figures: dict[str, float]) -> str:
    return (
        f"{name:<34}{figures['cpu ms/move']:9.2f}{figures['p50']:8.1f}{figures['p90']:8.1f}"
        f"{figures['p99']:8.1f}{figures['max']:8.1f}{figures['moves/s']:9.1f}"
        f"{figures['over 3 s']:6.0f}"
    )


async def steady(args: argparse.Namespace) -> None:
    """Crowds offering more moves a second in turn (players ÷ think time),
    each on a fresh bot: latency over a steady window after the warm-up,
    the warm-up's apart, and the most moves a second served with p99 under
    the mark."""
    how = args.crowds.split(",")[0]
    store = {"database": args.on, "server_url": args.database}
    print(
        f"steady {how} crowds on {args.on}: {args.seconds:g} s measured after {WARM_UP:g} s "
        f"of warm-up, think time mean {args.think:g} s; latency in ms"
    )
    print(f"{'offered':>8}{'served':>8}{'p50':>8}{'p99':>8}{'cpu/move':>9}   warm-up: "
          f"{'moves':>6}{'p50':>8}{'p99':>8}{'max':>8}")  # fmt: skip
    best = 0.0
    for rate in (float(each) for each in args.steady.split(",")):
        players = max(1, round(rate * args.think))
        figures = await crowd(players, args.seconds, args.think, how=how, warm_up=WARM_UP, **store)
        print(
            f"{rate:8.0f}{figures['moves/s']:8.1f}{figures['p50']:8.1f}{figures['p99']:8.1f}"
            f"{figures['cpu ms/move']:9.2f}   {'':9}{figures['warm moves']:6.0f}"
            f"{figures['warm p50']:8.1f}{figures['warm p99']:8.1f}{figures['warm max']:8.1f}",
            flush=True,
        )
        if figures["p99"] <= STEADY_P99:
            best = max(best, figures["moves/s"])
    print(f"{how}: the most moves a second served with p99 under {STEADY_P99:g} ms: {best:.1f}")


async def main(args: argparse.Namespace) -> None:
    args.floor = args.floor or args.new_tables
    common = (args.players, args.seconds, args.think)
    if args.steady:
        await steady(args)
        return
    if args.cup:
        store = {"database": args.on, "server_url": args.database}
        print(
            f"{args.cup} players in one cup of 10 deals beside {args.players} playing alone, "
            f"one bot, {args.seconds:g} s measured (after {DRIFT_IN:g} s coming in), think time "
            f"mean {args.think:g} s; cpu/move (all moves) in ms, latency in ms"
        )
        print(HEADER)
        cupped, alone = await cup_crowd(args.cup, args.players, args.seconds, args.think, **store)
        print(row(f"{args.cup} in the cup ({args.on})", cupped))
        print(row(f"{args.players} alone beside it ({args.on})", alone))
        print(
            f"cup card: {cupped['edits']:.0f} edits in {args.seconds:g} s, closest two "
            f"{cupped['closest edits']:.2f} s apart"
        )
        return
    if args.busy:
        print(
            f"{args.busy} players in one channel, back to boards posted {OLD_BOARDS:g} s ago, "
            f"a third each by button, /move and chat; Discord's rate limits held; "
            f"{args.seconds:g} s measured (after {DRIFT_IN:g} s coming in), think time mean "
            f"{args.think:g} s; latency in ms"
        )
        busy = await busy_crowd(
            args.busy, args.seconds, args.think, database=args.on, server_url=args.database
        )
        for how in ("button", "slash", "chat", ""):
            key = f"{how} " if how else ""
            moves, p50, p99 = busy[key + "moves/s"], busy[key + "p50"], busy[key + "p99"]
            print(f"{how or 'all':<8}{moves:7.1f} moves/s  p50 {p50:7.1f}  p99 {p99:7.1f}"
                  f"  max {busy[key + 'max']:7.1f}")  # fmt: skip
        print(
            f"429s met: {busy['bucket 429s']:.0f} of a channel's buckets, {busy['30046s']:.0f} "
            f"of the cap on old messages (30046), {busy['global 429s']:.0f} global; boards "
            f"posted afresh for a press on an old one: {busy['reposted']:.0f}; boards left "
            f"live beside a newer one (their retire given up): {busy['stale']:.0f}; replies "
            f"over 3 s or lost: {busy['over 3 s']:.0f}"
        )
        return
    if args.races:
        races, racers = (int(n) for n in args.races.split("x"))
        common = (races * racers, args.seconds, args.think)
        print(f"{races} races of {racers} racers, against {races * racers} players alone")
    print(
        f"players {common[0]}, {args.seconds:g} s measured each (after {DRIFT_IN:g} s coming "
        f"in), think time mean {args.think:g} s; cpu/move in ms, latency in ms"
    )
    print(HEADER)
    if args.races:
        store = {"database": args.on, "server_url": args.database}
        alone = await crowd(*common, **store)
        print(row(f"{races * racers} players alone ({args.on})", alone), flush=True)
        raced = await race_crowd(races, racers, args.seconds, args.think, **store)
        print(row(f"{races} races of {racers} ({args.on})", raced))
        print(
            f"race cards: {raced['edits/s']:.1f} edits/s in all, closest two edits of one card "
            f"{raced['closest edits']:.2f} s apart; cpu per move, racing / alone: "
            f"{raced['cpu ms/move'] / alone['cpu ms/move']:.2f}x"
        )
        return
    if args.processes:
        one = await crowd(*common)
        print(row("1 process, SQLite", one), flush=True)
        pg = await crowd(*common, database="postgresql", server_url=args.database)
        print(row("1 process, PostgreSQL", pg), flush=True)
        many = await crowd(
            *common, processes=args.processes, database="postgresql", server_url=args.database
        )
        print(row(f"{args.processes} processes, PostgreSQL", many))
        print(
            f"moves/s of {args.processes} processes on PostgreSQL / 1 on SQLite: "
            f"{many['moves/s'] / one['moves/s']:.2f}x, / 1 on PostgreSQL: "
            f"{many['moves/s'] / pg['moves/s']:.2f}x"
        )
        return
    if args.verdicts:
        # With --rounds, the two crowds take turns, each round in the other
        # order, so that the machine's drift falls on both alike.
        ratios: dict[str, list[float]] = {"p50": [], "p90": [], "p99": []}
        for turn in range(args.rounds):
            ran = {}
            for verdicts in (False, True) if turn % 2 == 0 else (True, False):
                ran[verdicts] = await crowd(*common, verdicts=verdicts)
                label = "every player asks verdicts" if verdicts else "button moves, no verdicts"
                print(row(label, ran[verdicts]), flush=True)
            plain, judged = ran[False], ran[True]
            for key, kept in ratios.items():
                kept.append(judged[key] / plain[key])
            print(
                f"move latency with verdicts / without: p50 {ratios['p50'][-1]:.2f}x,"
                f" p90 {ratios['p90'][-1]:.2f}x, p99 {ratios['p99'][-1]:.2f}x", flush=True,
            )  # fmt: skip
        if args.rounds > 1:
            print(
                f"medians of {args.rounds} rounds: "
                + ", ".join(f"{key} {statistics.median(kept):.2f}x" for key, kept in ratios.items())
            )
        return
    if args.hints:
        plain = await crowd(*common)
        print(row("button moves only", plain), flush=True)
        mixed = await crowd(*common, hints=args.hints)
        print(row(f"{args.hints:.0%} of actions /hint", mixed))
        print(
            f"hints asked: {mixed['hints']:.0f}; move p99 with hints / without: "
            f"{mixed['p99'] / plain['p99']:.2f}x"
        )
        return
    store = {"database": args.on, "server_url": args.database}
    for how in args.crowds.split(","):
        # Each round runs every bot once, the first of the round taking turns:
        # the machine's speed drifts, and each bot gets its share of the drift.
        bots = [("do-nothing bot", {"program": NULL_BOT})]
        if args.floor:
            bots.append((f"the floor ({args.on})", {"program": FLOOR_BOT}))
        if args.new_tables:
            bots.append((f"the floor, new tables ({args.on})", {"program": NEW_TABLES}))
        if args.before:
            bots.append((f"the code before ({args.on})", {"code": args.before}))
        bots.append((f"this bot ({args.on})", {}))
        cpu: dict[str, list[float]] = {name: [] for name, _ in bots}
        pictures: dict[str, list[float]] = {name: [] for name, _ in bots}
        for turn in range(args.rounds):
            for name, how_run in bots[turn % len(bots) :] + bots[: turn % len(bots)]:
                figures = await crowd(*common, how=how, **how_run, **store)
                cpu[name].append(figures["cpu ms/move"])
                pictures[name].append(figures["picture ms"])
                print(row(f"{how}: {name}", figures), flush=True)
        null = statistics.median(cpu["do-nothing bot"])
        for name, drawn in pictures.items():
            if name.startswith("the floor"):
                print(f"{how}: {name}: table pictures, CPU each in the bot: "
                      + ", ".join(f"{ms:.2f}" for ms in drawn) + " ms", flush=True)  # fmt: skip
        for name, _ in bots[1:]:
            mine = statistics.median(cpu[name])
            print(f"{how}: cpu per move, {name} / do-nothing bot: {mine:.2f} / {null:.2f} ms"
                  f" = {mine / null:.2f}x (medians of {args.rounds})", flush=True)  # fmt: skip
        # The machine's speed drifts between rounds more than within one: the
        # ratios of each round's runs, side by side, and their median.
        pairs = [(name, "do-nothing bot") for name, _ in bots[1:]]
        if args.floor:
            pairs.append((bots[-1][0], bots[1][0]))  # this bot / the floor
        if args.new_tables:
            pairs.append((bots[1][0], bots[2][0]))  # kept tables / new ones
        if args.before:
            pairs.append((bots[-1][0], bots[-2][0]))  # this bot / the code before
        for name, other in pairs:
            ratios = [mine / theirs for mine, theirs in zip(cpu[name], cpu[other], strict=True)]
            print(f"{how}: {name} / {other}, round by round: "
                  + ", ".join(f"{ratio:.2f}" for ratio in ratios)
                  + f"; median {statistics.median(ratios):.2f}x", flush=True)  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--crowds", default="button,slash,chat")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each bot, medians taken")
    parser.add_argument("--on", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--before", default="", help="a checkout of earlier code to run side by side (a worktree)"
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also run the floor: the do-nothing bot doing a move's work",
    )
    parser.add_argument(
        "--new-tables", action="store_true",
        help="with --floor: also the floor drawing every picture on a new table",
    )  # fmt: skip
    parser.add_argument(
        "--steady", default="",
        help="offered moves a second, e.g. 80,100,120,140: a steady crowd at each",
    )  # fmt: skip
    parser.add_argument("--hints", type=float, default=0.0, help="share of actions that are /hint")
    parser.add_argument(
        "--verdicts", action="store_true", help="button moves, then every player asking verdicts"
    )
    parser.add_argument("--processes", type=int, default=0, help="compare N sharded processes")
    parser.add_argument("--races", default="", help="RxN: R races of N racers each")
    parser.add_argument(
        "--cup", type=int, default=0, help="N players in one cup, beside --players alone"
    )
    parser.add_argument(
        "--busy", type=int, default=0, help="N players in one channel, Discord's rate limits on"
    )
    parser.add_argument(
        "--database",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server to make the databases on",
    )
    asyncio.run(main(parser.parse_args()))
