"""What a player is told is true: no stale board comes back, nothing is
answered after the reply is out, one process per shard, and work a player
waits for is never stuck behind work nobody waits for. The real bot process
and its workers, against the local Discord server, on both stores."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sqlite3
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from solitaire import new_game
from tests.botprocess import BotProcess
from tests.databases import SERVER, execute
from tests.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_B,
    GUILD_B,
    FakeDiscord,
    Reply,
    user,
)
from tests.fake_discord.payloads import controls, dm_channel_id, text_of
from tests.test_boards_e2e import live_boards, settled


def moves_in(reply: Reply) -> int:
    found = re.search(r"(\d+) moves?\b", reply.content)
    assert found, reply.content
    return int(found[1])


def children(parent: int) -> list[tuple[int, bytes]]:
    """The processes whose parent is *parent*, with their command lines."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent:
            found.append((int(entry.name), command))
    return found


def running(pid: int) -> bool:
    """Whether *pid* is a process still running (not gone, not a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def worker_pids(bot: int) -> list[int]:
    """The bot's worker processes: forked by its fork server, a child of the bot."""
    servers = [pid for pid, command in children(bot) if b"forkserver" in command]
    return [pid for server in servers for pid, _ in children(server)]


# -- boards ------------------------------------------------------------------------


async def start_long_reviews(server: FakeDiscord, first_id: int) -> list[Reply]:
    """Two players' reviews that search for about 2.5 s each: enough to keep
    two workers busy (the deferred answers are returned). They play in the
    other server's channel: their 50 boards retired would hold this one's
    edits behind Discord's per-channel bucket for a minute."""
    reviewers = [user(first_id + i, f"r{i}") for i in range(2)]
    buttons = []
    for who in reviewers:
        await server.slash("play", {"game": "klondike", "deal": 5}, who=who, guild_id=GUILD_B)
        for notation in long_review():
            await server.slash("move", {"notation": notation}, who=who, guild_id=GUILD_B)
        resigned = await server.slash("resign", who=who, guild_id=GUILD_B)
        buttons.append((server.message(resigned), resigned.component("sol:review:")["custom_id"]))
    return [
        await server.press(message, button, who=who)
        for (message, button), who in zip(buttons, reviewers, strict=True)
    ]


def long_review(deal: int = 5, seed: int = 3, count: int = 24) -> list[str]:
    """Moves on a Klondike deal whose review searches for about 2.5 s: the
    deal is won, the end is not known, and the positions between are halved."""
    rng = random.Random(seed)
    game = new_game("klondike", deal=deal)
    for _ in range(count):
        game.play(rng.choice(game.legal_moves()))
    return [move.notation for move in game.moves]


async def test_a_late_verdict_never_revives_a_retired_board_and_reaches_the_live_one(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("settings", {"winnable": True})
    await start_long_reviews(server, 5_000_000_000_000_300)  # the workers are busy a while
    first = await server.slash("play", {"game": "castles-end", "deal": 3})  # its search waits
    shown = await server.slash("show")  # and this board retires the first before it ends
    old, live = int(server.message(first)["id"]), int(server.message(shown)["id"])
    await settled(lambda: "can still be won" in text_of(server.messages[live]), timeout=15)
    await asyncio.sleep(1.0)  # a late edit of the retired board would have landed by now
    retired = server.messages[old]
    assert text_of(retired).startswith("This game goes on here"), text_of(retired)
    assert not retired["files"] and not controls(retired)


async def test_a_press_whose_edit_lands_after_its_board_was_retired_is_retired_again(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    server.delay_next("callback", 0.8)  # the press's edit in place is slow on its way
    pressed = asyncio.ensure_future(
        server.press(server.message(board), board.component(":draw:")["custom_id"])
    )
    await asyncio.sleep(0.3)  # the press has played; its edit has not landed
    moved = await server.slash("move", {"notation": "s"})  # a new board retires the pressed one
    assert (await pressed).kind == 7 and moves_in(moved) == 2
    newest = int(server.message(moved)["id"])
    await settled(lambda: list(live_boards(server).values()) == [[newest]])
    await asyncio.sleep(0.5)
    assert list(live_boards(server).values()) == [[newest]]


async def test_trouble_after_the_board_is_out_is_logged_not_answered(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("another process holding the file: SQLite's case")
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    server.delay_next("callback", 1.0)  # the reply is slow on its way
    moving = asyncio.ensure_future(server.slash("move", {"notation": "s"}))
    await asyncio.sleep(0.4)  # the move is stored; its board is on its way
    holder = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # the board's bookkeeping after the reply cannot write
    try:
        moved = await moving
        await asyncio.sleep(2.5)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert moved.files and moves_in(moved) == 1
    assert server.posted.empty()  # no second answer contradicting the first
    assert moves_in(await server.slash("show")) == 1
    log = bot.log.read_text()
    assert "after the reply" in log and "Traceback" not in log


async def test_a_board_that_cannot_go_in_a_thread_goes_in_the_channel(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("server threads", {"enabled": True})
    server.fail_next("create_message", 403)  # posting in the new thread is refused
    started = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert started.files and "deal 4711" in started.content  # the board, in the channel
    assert server.deleted == [int(server.threads[0]["id"])]  # the empty thread is gone
    assert moves_in(await server.slash("move", {"notation": "s"})) == 1


async def test_a_long_name_is_clipped_in_a_threads_name_and_the_game_kept(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("server threads", {"enabled": True})
    long = user(5_000_000_000_000_150, "Bartholomew" * 14)
    await server.slash("play", {"game": "klondike", "deal": 4711}, who=long)
    name = server.threads[0]["name"]
    assert len(name) <= 100 and name.endswith("Bartholomew"[:3] + name.split("Bar")[-1])
    assert name.endswith(" · Klondike, draw 1"), name


async def test_a_chat_move_that_cannot_be_answered_there_is_answered_in_a_dm(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    server.fail_next("create_message", 403)  # the channel refuses the bot's reply
    said = await server.say("s", mention=True)
    assert said.message is not None and int(said.message["channel_id"]) == dm_channel_id(
        int(ALICE["id"])
    )
    assert "may not post" in said.content and server.dms == [int(ALICE["id"])]
    board = await asyncio.wait_for(server.posted.get(), 5)
    assert board.files and moves_in(board) == 1
    assert board.message is not None and int(board.message["channel_id"]) == dm_channel_id(
        int(ALICE["id"])
    )
    assert "Traceback" not in bot.log.read_text()


async def test_a_stranger_pressing_review_is_told_privately_and_no_one_is_named(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "castles-end", "deal": 3})
    resigned = await server.slash("resign")
    button = resigned.component("sol:review:")["custom_id"]
    refused = await server.press(server.message(resigned), button, who=BOB)
    assert refused.kind == 4 and refused.ephemeral
    assert "alice" not in refused.content and ALICE["id"] not in refused.content
    assert "Only the player of that game" in refused.content


async def test_another_players_stats_show_only_their_games_in_this_server(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711}, dm=True)
    await server.slash("resign", dm=True)
    await server.slash("play", {"game": "klondike", "deal": 4712}, guild_id=GUILD_B)
    await server.slash("resign", guild_id=GUILD_B)
    here = await server.slash("stats", {"user": ALICE, "game": "klondike"}, who=BOB)
    assert "no finished games yet" in here.content
    there = await server.slash(
        "stats", {"user": ALICE, "game": "klondike"}, who=BOB, guild_id=GUILD_B
    )
    assert "0 of 1 won" in there.content
    own = await server.slash("stats", {"game": "klondike"})
    assert "0 of 2 won" in own.content
    elsewhere = await server.slash("stats", {"user": ALICE}, who=BOB, dm=True)
    assert elsewhere.ephemeral and "in a server you share" in elsewhere.content
    assert CHANNEL_B  # the second server's channel, where its games were played


# -- the database ---------------------------------------------------------------------


async def test_dropped_database_connections_never_contradict_a_reply(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("connections the server drops: PostgreSQL's case")
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    name = urlsplit(database_url).path.lstrip("/")
    done = asyncio.Event()

    async def drop_connections() -> None:
        while not done.is_set():
            await execute(
                SERVER,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = ? AND pid <> pg_backend_pid()",
                name,
            )
            await asyncio.sleep(0.1)

    dropping = asyncio.ensure_future(drop_connections())
    played = busy = 0
    try:
        for _ in range(15):
            reply = await server.slash("draw")
            if reply.files:
                played += 1
                assert moves_in(reply) >= played
            else:
                assert reply.ephemeral and "storage is busy" in reply.content, reply.content
                busy += 1
    finally:
        done.set()
        await dropping
    await asyncio.sleep(1.0)
    assert server.posted.empty()  # nothing said after a board contradicts it
    assert played > 0
    assert played <= moves_in(await server.slash("show")) <= played + busy
    assert "Traceback" not in bot.log.read_text()


# -- shards ------------------------------------------------------------------------------


async def test_a_process_whose_shard_was_taken_while_it_stalled_stops_with_one_line(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    assert bot.process is not None
    bot.process.send_signal(signal.SIGSTOP)  # stalled past its lease: another took over
    taken = "UPDATE leases SET holder = ?, expires_at = ?"
    await execute(database_url, taken, "elsewhere:1", time.time() + 60)
    bot.process.send_signal(signal.SIGCONT)
    assert await asyncio.wait_for(bot.process.wait(), 15) == 2
    server.disconnected()
    errors = [line for line in bot.log.read_text().splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "stopping" in errors[0] and "elsewhere:1" in errors[0], errors


async def test_processes_with_different_shard_counts_never_run_together(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    first = BotProcess(server, tmp_path / "a", database_url, SHARD_COUNT="2", SHARD_IDS="0")
    await first.start()
    try:
        second = BotProcess(server, tmp_path / "b", database_url, SHARD_COUNT="4", SHARD_IDS="2")
        with pytest.raises(AssertionError, match="did not connect"):
            await second.start()
        assert second.process is not None and second.process.returncode == 2
        errors = [line for line in second.log.read_text().splitlines() if "ERROR" in line]
        assert len(errors) == 1 and "SHARD_COUNT=2" in errors[0], errors
    finally:
        await first.stop()


# -- workers -------------------------------------------------------------------------------


async def test_hints_and_stats_are_answered_in_time_while_reviews_and_verdicts_search(
    server: FakeDiscord, bot: BotProcess
) -> None:
    players = [user(5_000_000_000_000_200 + i, f"p{i}") for i in range(4)]
    judged, hinter, counter = players[:2], players[2], players[3]
    for who in judged:
        await server.slash("settings", {"winnable": True}, who=who)
        await server.slash("play", {"game": "klondike", "deal": 1}, who=who)  # 0.5 s: unknown
    await server.slash("play", {"game": "casket", "deal": 9}, who=hinter)
    deferred = await start_long_reviews(server, 5_000_000_000_000_400)
    assert [reply.kind for reply in deferred] == [5, 5]
    for who in judged:
        await server.slash("move", {"notation": "s"}, who=who)  # a verdict search each
    hint = await server.slash("hint", who=hinter)
    stats = await server.slash("stats", who=counter)
    assert "Hint" in hint.content and hint.elapsed < 2.0, (hint.content, hint.elapsed)
    assert stats.files and stats.elapsed < 2.0, stats.elapsed
    for _ in deferred:  # the reviews were made all the same
        assert "could be won" in (await asyncio.wait_for(server.posted.get(), 20)).content


async def test_a_hung_worker_frees_the_player_in_time_and_is_replaced(
    server: FakeDiscord, bot: BotProcess
) -> None:
    assert bot.process is not None
    await server.slash("play", {"game": "castles-end", "deal": 3})
    await server.slash("resign")
    hung = worker_pids(bot.process.pid)
    assert hung
    for pid in hung:
        os.kill(pid, signal.SIGSTOP)
    try:
        stats = await server.slash("stats")  # a card: its worker never answers
        assert stats.ephemeral and "try again" in stats.content, stats.content
    finally:
        for pid in hung:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
    deadline = time.monotonic() + 10
    while not (stats := await server.slash("stats")).files:
        assert time.monotonic() < deadline, stats.content
        await asyncio.sleep(0.5)
    assert "0 of 1 won" in stats.content
    assert "waited-for workers hung; starting new ones" in bot.log.read_text()


async def test_the_workers_end_with_a_killed_bot(server: FakeDiscord, bot: BotProcess) -> None:
    assert bot.process is not None
    await server.slash("play", {"game": "casket", "deal": 9})
    workers = worker_pids(bot.process.pid)
    assert workers
    await bot.kill()  # SIGKILL: it cannot tell them
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in workers):
        assert time.monotonic() < deadline, "workers outlived the bot"
        await asyncio.sleep(0.2)


async def test_killed_workers_are_replaced_and_the_bot_goes_on(
    server: FakeDiscord, bot: BotProcess
) -> None:
    assert bot.process is not None
    await server.slash("play", {"game": "casket", "deal": 9})
    workers = worker_pids(bot.process.pid)
    cores = os.cpu_count() or 2
    # Two pools of one a core; verdicts one fewer (one at least); replays, grades: 1 each.
    assert len(workers) == 2 * cores + max(1, cores - 1) + 2
    for pid in workers:
        # One killed, its pool may end its other workers before they are reached.
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while "Hint" not in (hint := await server.slash("hint")).content:
        assert time.monotonic() < deadline and "try again" in hint.content, hint.content
        await asyncio.sleep(0.5)
    replaced = re.findall(r"(\S+) workers died", bot.log.read_text())
    assert len(replaced) == len(set(replaced)), replaced  # each pool replaced once at most
