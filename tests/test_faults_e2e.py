"""The real bot under faults: killed mid-stream, rate limited, answered with
errors, pressed with forged buttons — nothing acknowledged is lost, nothing
happens twice, and every player still gets an answer."""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
from pathlib import Path

import pytest

from tests.botprocess import TOKEN, BotProcess
from tests.databases import execute
from tests.fake_discord import BOB, CHANNEL_ID, FakeDiscord, LateReply
from tests.helpers import not_today

ROUNDS = 20


def moves_in(content: str) -> int:
    match = re.search(r"(\d+) moves?\b", content)
    assert match, content
    return int(match.group(1))


async def test_a_killed_bot_loses_no_acknowledged_move(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    rng = random.Random(7)
    acknowledged = 0
    async with BotProcess(server, tmp_path, database_url) as bot:
        # Unlimited passes: a draw is always legal, so the stream never runs dry.
        await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
        for _ in range(ROUNDS):
            player = asyncio.create_task(_draw_until_gone(server))
            await asyncio.sleep(rng.uniform(0.05, 0.5))
            await bot.kill()
            acknowledged = max(acknowledged, await player)
            await bot.start()
            stored = moves_in((await server.slash("show")).content)
            assert stored >= acknowledged  # every move a player was told of is there
            assert stored <= acknowledged + 1  # and at most the one in flight besides
            acknowledged = stored
    assert acknowledged >= 3 * ROUNDS  # moves really were made between the kills
    assert TOKEN not in bot.log.read_text()


async def _draw_until_gone(server: FakeDiscord) -> int:
    """Draws as fast as answers come; returns the last move count acknowledged."""
    last = 0
    while True:
        try:
            reply = await server.slash("draw", timeout=1.0)
        except (LateReply, ConnectionError):
            return last
        if "move" in reply.content and not reply.ephemeral:
            last = moves_in(reply.content)


async def test_rate_limits_and_server_errors_still_answer_once(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    async with BotProcess(server, tmp_path, database_url):
        await server.slash("play", {"game": "klondike", "deal": 4711})
        server.fail_next("callback", 429)
        first = await server.slash("move", {"notation": "4f"})
        assert "`4 f1`" in first.content
        server.fail_next("callback", 500)
        second = await server.slash("move", {"notation": "4f"})
        assert "`4 f1`" in second.content and second.elapsed < 3
        server.fail_next("create_message", 429)
        posted = await server.say("s", mention=True)
        assert "`s`" in posted.content
        shown = await server.slash("show")
        assert "3 moves" in shown.content  # each once: none lost, none twice


async def test_a_typed_move_where_the_bot_may_not_post_is_answered_in_a_dm(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    """Discord refuses the board in the channel (Missing Permissions): the
    move, stored, is answered in the player's DM, a line saying why and then
    the board, which becomes the game's live one."""
    async with BotProcess(server, tmp_path, database_url):
        await server.slash("play", {"game": "klondike", "deal": 4711})
        server.fail_next("create_message", 403)
        why = await server.say("s", mention=True)
        assert why.content == f"I may not post in <#{CHANNEL_ID}>, so here is my answer to `s`:"
        board = await asyncio.wait_for(server.posted.get(), 5)
        assert board.files and "1 move" in board.content, board.content
        assert board.message is not None
        dm, message_id = int(board.message["channel_id"]), int(board.message["id"])
        assert dm in server.dm_channels
        # The board is remembered after the reply: within a few seconds.
        for _ in range(50):
            [(channel_id, kept)] = await execute(
                database_url, "SELECT channel_id, message_id FROM games"
            )
            if (int(str(channel_id)), int(str(kept))) == (dm, message_id):
                break
            await asyncio.sleep(0.1)
        assert (int(str(channel_id)), int(str(kept))) == (dm, message_id)


async def test_forged_buttons_are_refused_and_change_nothing(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    async with BotProcess(server, tmp_path, database_url):
        deal = not_today("casket", 3, 4)
        bobs = await server.slash("play", {"game": "casket", "deal": deal}, who=BOB)
        game = bobs.component(":draw:")["custom_id"].split(":")[1]
        forged = server.forged(
            [
                f"sol:{game}:draw:0",
                "sol:999999:undo:1",
                f"sol:{game}:auto:1",
                "sol:new:1:casket:0:5",
            ]
        )
        for custom_id in [c["custom_id"] for c in forged["components"][0]["components"]]:
            reply = await server.press(forged, custom_id)
            assert reply.ephemeral, custom_id
            assert any(
                words in reply.content for words in ("'s game", "no longer", "someone else's")
            )
        assert "0 moves" in (await server.slash("show", who=BOB)).content


async def test_the_token_is_not_logged_even_when_debugging(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    async with BotProcess(server, tmp_path, database_url, LOG_LEVEL="DEBUG") as bot:
        await server.slash("play", {"game": "klondike", "deal": 1})
    log = bot.log.read_text()
    assert "DEBUG" in log and TOKEN not in log
    # Nor the interactions' tokens, each a key to answer as the bot for 15 minutes.
    assert "/interactions/" in log and "/***" in log and "token-" not in log


@pytest.mark.parametrize(
    ("content", "cause"),
    [
        (b"this is no database, just some text " * 100, "Cannot use the database file"),
        (None, "newer than this bot knows"),
    ],
)
async def test_a_bad_database_stops_the_bot_with_one_line(
    server: FakeDiscord, tmp_path: Path, content: bytes | None, cause: str
) -> None:
    path = tmp_path / "bot.sqlite3"
    if content is not None:
        path.write_bytes(content)
    else:
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    bot = BotProcess(server, tmp_path)
    with pytest.raises(AssertionError, match="did not connect"):
        await bot.start()
    assert await asyncio.wait_for(bot.stop(), 15) == 2
    errors = [line for line in bot.log.read_text().splitlines() if "ERROR" in line]
    assert len(errors) == 1 and cause in errors[0], errors
    assert "Traceback" not in bot.log.read_text()
    assert path.read_bytes() == before  # nothing changed, not even the journal mode
