"""A server that removes the bot, end to end: the real bot process and the
local Discord server, on both stores. Its own data (its settings, channel
lists and blocks, where its boards and race cards were) is deleted 30 days
later unless the bot is added again; its players' games stay theirs. Asserted from the database."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import BOB, GUILD_B, FakeDiscord
from tests.fake_discord.payloads import CHANNEL_B, text_channel

MONTH = 30 * 86400


async def left_at(database_url: str) -> list[Any]:
    return await execute(database_url, "SELECT left_at FROM guilds WHERE guild_id = ?", GUILD_B)


async def test_a_server_that_removed_the_bot_is_forgotten_30_days_later(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("server threads", {"enabled": False}, guild_id=GUILD_B)
    listed = await server.slash("server channels", {"add": text_channel(GUILD_B)}, guild_id=GUILD_B)
    assert f"<#{CHANNEL_B}>" in listed.content
    blocked = await server.slash("server block", {"member": BOB}, guild_id=GUILD_B)
    assert "is blocked here" in blocked.content
    await server.slash("play", {"game": "klondike", "deal": 4711}, guild_id=GUILD_B)
    weekly = {"game": "klondike", "deals": 1, "repeat": "weekly"}
    opened = await server.slash("cup open", weekly, guild_id=GUILD_B)
    assert "every week" in str(opened.data)
    board = "SELECT channel_id, message_id FROM games WHERE guild_id = ?"
    for _ in range(50):  # the board's message is remembered just after the reply
        [(channel, message)] = await execute(database_url, board, GUILD_B)
        if message is not None:
            break
        await asyncio.sleep(0.1)
    assert channel is not None and message is not None
    # Removed, then added again: nothing goes.
    await ready(bot)  # discord.py holds servers' events back until then
    await server.remove_bot(GUILD_B)
    await settled_on(database_url, lambda rows: rows and rows[0][0] is not None)
    await server.add_bot(GUILD_B)
    await settled_on(database_url, lambda rows: rows == [(None,)])
    # Removed for good: its weekly cup, its time up, closes and is not repeated.
    await server.remove_bot(GUILD_B)
    await settled_on(database_url, lambda rows: rows and rows[0][0] is not None)
    await execute(database_url, "UPDATE cups SET ends_at = ?", time.time())
    for _ in range(100):
        if await execute(database_url, "SELECT status FROM cups") == [("closed",)]:
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    assert await execute(database_url, "SELECT status FROM cups") == [("closed",)]
    # And 30 days pass (the store's time moved back).
    await execute(database_url, "UPDATE guilds SET left_at = left_at - ?", MONTH - 3600)
    await bot.stop()
    await bot.start()
    await ready(bot, times=2)
    await asyncio.sleep(0.5)  # its first sweep, right after ready
    assert (await left_at(database_url)) != []  # 29 days and 23 hours: kept
    await execute(database_url, "UPDATE guilds SET left_at = left_at - 7200")
    await bot.stop()
    await bot.start()
    await settled_on(database_url, lambda rows: rows == [])
    [(user, channel, message)] = await execute(
        database_url, "SELECT user_id, channel_id, message_id FROM games WHERE guild_id = ?",
        GUILD_B,
    )  # fmt: skip
    assert (channel, message) == (None, None) and user is not None  # the game is its player's
    for table in ("guild_channels", "guild_blocks", "cups", "guild_cup_roles"):
        left = await execute(database_url, f"SELECT * FROM {table} WHERE guild_id = ?", GUILD_B)
        assert left == [], table
    assert await execute(database_url, "SELECT * FROM cup_deals") == []


async def ready(bot: BotProcess, times: int = 1, timeout: float = 10.0) -> None:
    """Waits until the bot has said it is ready (its servers all known) for
    the *times*-th time (its log is kept across restarts)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while bot.log.read_text().count("ready as") < times:
        assert asyncio.get_running_loop().time() < deadline, "never ready"
        await asyncio.sleep(0.1)


async def settled_on(database_url: str, check: Any, timeout: float = 6.0) -> None:
    """Waits until *check* holds of the server's row in ``guilds``."""
    rows: list[Any] = []

    async def read() -> None:
        rows[:] = await left_at(database_url)

    deadline = asyncio.get_running_loop().time() + timeout
    await read()
    while not check(rows):
        assert asyncio.get_running_loop().time() < deadline, rows
        await asyncio.sleep(0.1)
        await read()
