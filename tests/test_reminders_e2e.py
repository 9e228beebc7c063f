"""Reminders end to end: the real bot process and the local Discord
server, on both stores. A player opts in, the bot restarts, and the daily
reminder arrives once, at the minute they chose in their zone; Stop these
turns it off (twice: nothing more; someone else: nothing); a closed DM
turns reminders off and the player is told once; two processes on one
PostgreSQL database send each reminder once."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import aiohttp
import pytest

from tests.botprocess import TOKEN, BotProcess
from tests.databases import SERVER, execute, fresh_database
from tests.fake_discord import ALICE, BOB, GUILD_ID, FakeDiscord, Reply, user
from tests.fake_discord.payloads import API, dm_channel_id

CAROL = user(5_000_000_000_000_420, "Carol")


async def next_post(server: FakeDiscord, timeout: float) -> Reply:
    return await asyncio.wait_for(server.posted.get(), timeout)


async def quiet(server: FakeDiscord, seconds: float) -> bool:
    """Whether nothing more is posted for *seconds*."""
    try:
        await next_post(server, seconds)
    except TimeoutError:
        return True
    return False


async def until(check: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not await check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.2)


async def test_a_daily_reminder_comes_once_at_the_players_minute_after_a_restart(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    zoned = await server.slash("settings", {"timezone": "asia/kolkata"})
    assert "Your time zone is now Asia/Kolkata" in zoned.content and zoned.ephemeral
    # The next whole minute at least 20 s away, as a clock in Kolkata shows it.
    due = (int(time.time()) + 20) // 60 * 60 + 60
    at = datetime.fromtimestamp(due, ZoneInfo("Asia/Kolkata")).strftime("%H:%M")
    said = await server.slash("remind", {"kind": "daily", "time": at})
    assert f"every day at {at} your time; next <t:{due}:F>" in said.content
    await bot.kill()
    await bot.start()
    server.dms.clear()
    dm = await next_post(server, due - time.time() + 15)
    arrived = time.time()
    assert due <= arrived < due + 10, (due, arrived)
    assert dm.message is not None and int(dm.message["channel_id"]) == dm_channel_id(
        int(ALICE["id"])
    )
    assert "Today's daily deals are up" in dm.content and server.dms == [int(ALICE["id"])]
    assert await quiet(server, 6)  # once
    [(outcome,)] = await execute(database_url, "SELECT outcome FROM reminders WHERE kind = 'daily'"
                                 " AND sent_at IS NOT NULL")  # fmt: skip
    assert outcome == "sent"
    message = dm.message
    played = await server.press(message, "remind:" + ALICE["id"] + ":play:klondike")
    assert "0 moves" in played.content or "daily" in played.content.lower()
    borrowed = await server.press(message, "remind:" + ALICE["id"] + ":play:casket", who=BOB)
    assert "someone else's" in borrowed.content and borrowed.ephemeral
    forged = await server.press(message, "remind:" + ALICE["id"] + ":stop:daily", who=BOB)
    assert "someone else's" in forged.content and forged.ephemeral
    stopped = await server.press(message, "remind:" + ALICE["id"] + ":stop:daily")
    assert "Today's daily: reminders off" in stopped.content and stopped.ephemeral
    again = await server.press(message, "remind:" + ALICE["id"] + ":stop:daily")
    assert "already off" in again.content
    [(left,)] = await execute(database_url, "SELECT count(*) FROM reminders WHERE sent_at IS NULL")
    assert left == 0


async def test_bad_input_gets_a_private_line_and_changes_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    for command, options, said in (
        ("settings", {"timezone": "Mars/Olympus"}, "not a time zone I know"),
        ("remind", {"kind": "daily", "time": "25:00"}, "not a time of day"),
        ("remind", {"kind": "cups", "time": "09:00"}, "Only the daily reminder"),
    ):
        reply = await server.slash(command, options)
        assert said in reply.content and reply.ephemeral
    suggested = await server.autocomplete("settings", "timezone", "kolk")
    assert [choice["value"] for choice in suggested.data["choices"]] == ["Asia/Kolkata"]
    assert await execute(database_url, "SELECT * FROM reminder_settings") == []


async def test_a_closed_dm_turns_reminders_off_and_the_player_is_told_once(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    on = await server.slash("remind", {"kind": "races", "on": True}, who=BOB)
    assert "Race invitations: on" in on.content
    server.closed_dms.add(int(BOB["id"]))
    await server.user_command("Race", BOB, who=ALICE)

    async def refused() -> bool:
        rows = await execute(database_url, "SELECT races, refused_at FROM reminder_settings")
        return rows == [(0, rows[0][1])] and rows[0][1] is not None

    await until(refused)
    while not server.posted.empty():
        server.posted.get_nowait()
    shown = await server.slash("remind", who=BOB)
    assert "Race invitations: off" in shown.content
    told = await next_post(server, 5)
    assert "your DMs are closed to me" in told.content and told.ephemeral
    await server.slash("remind", who=BOB)
    assert await quiet(server, 2)  # told once


async def test_a_crash_loses_no_reminder_and_sends_none_twice(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """While the bot was down one reminder came due (sent late, saying so);
    another was claimed and sent by the process that crashed before marking
    it: claimed again once its claim runs out, and sent with the same nonce,
    which Discord sends once."""
    await bot.kill()
    alice = int(ALICE["id"])
    channel = dm_channel_id(alice)
    server.dm_channels[channel] = alice  # opened before
    now = time.time()
    await execute(database_url, "INSERT INTO reminder_settings (user_id, races, dm_channel,"
                  " changed_at) VALUES (?, 1, ?, ?)", alice, channel, now)  # fmt: skip
    for race, due, claimed in (("1", now - 1200, None), ("2", now - 5, now + 4)):
        await execute(
            database_url,
            "INSERT INTO reminders (user_id, kind, occasion, due_at, expires_at, link,"
            " claimed_until) VALUES (?, 'race', ?, ?, ?, 'https://discord.com/channels/1/2/3', ?)",
            alice, race, due, now + 3600, claimed,
        )  # fmt: skip
    [(crashed,)] = await execute(database_url, "SELECT id FROM reminders WHERE occasion = '2'")
    sent_before = {"content": "You are invited to a race", "nonce": f"remind{crashed}",
                   "enforce_nonce": True}  # fmt: skip
    url = f"http://127.0.0.1:{server.port}{API}/channels/{channel}/messages"
    headers = {"Authorization": f"Bot {TOKEN}"}
    async with (
        aiohttp.ClientSession(headers=headers) as session,
        session.post(url, json=sent_before) as response,
    ):
        assert response.status == 200
    assert (await next_post(server, 1)).content == "You are invited to a race"
    await bot.start()
    late = await next_post(server, 15)
    assert "Sent late: it was due" in late.content
    assert await quiet(server, 12)  # the crashed process's reminder: not twice

    async def all_sent() -> bool:
        rows = await execute(database_url, "SELECT outcome FROM reminders ORDER BY occasion")
        return rows == [("sent",), ("sent",)]

    await until(all_sent)


async def test_a_cup_opening_within_the_hour_reminds_who_plays_in_its_server(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("remind", {"kind": "cups", "on": True}, who=BOB)
    await server.slash("remind", {"kind": "cups", "on": True}, who=CAROL)  # never played here
    await server.slash("play", {"game": "klondike", "deal": 5}, who=BOB)
    await server.slash("cup open", {"game": "casket", "starts": 0.5})  # in 30 minutes
    deadline = time.monotonic() + 45  # cups are looked at every 30 s
    while True:
        posted = await next_post(server, deadline - time.monotonic())
        if posted.message and int(posted.message["channel_id"]) in server.dm_channels:
            break
    assert server.dm_channels[int(posted.message["channel_id"])] == int(BOB["id"])
    assert "A Server Cup opens <t:" in posted.content
    buttons = [c for row in posted.data["components"] for c in row["components"]]
    [link] = [c for c in buttons if c.get("url")]
    assert link["url"].startswith(f"https://discord.com/channels/{GUILD_ID}/")
    assert await quiet(server, 3)  # Carol, who never played here, gets none


@pytest.fixture
async def postgres_url(tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database("postgresql", tmp_path) as url:
        yield url


@pytest.mark.postgresql
@pytest.mark.skipif(not SERVER, reason="needs TEST_DATABASE_URL: a PostgreSQL server")
async def test_two_processes_on_one_database_send_each_reminder_once(
    server: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    folders = tmp_path / "0", tmp_path / "1"
    for folder in folders:
        folder.mkdir()
    pace = {"REMINDER_REQUESTS_PER_SECOND": "40"}  # 20 a process
    first = BotProcess(server, folders[0], postgres_url, SHARD_COUNT="2", SHARD_IDS="0", **pace)
    second = BotProcess(server, folders[1], postgres_url, SHARD_COUNT="2", SHARD_IDS="1", **pace)
    async with first, second:
        players = range(7_000_000, 7_000_240)
        now = time.time()
        for player in players:
            await execute(
                postgres_url,
                "INSERT INTO reminder_settings (user_id, races, changed_at) VALUES (?, 1, ?)",
                player, now,
            )  # fmt: skip
            await execute(
                postgres_url,
                "INSERT INTO reminders (user_id, kind, occasion, due_at, expires_at, link)"
                " VALUES (?, 'race', '1', ?, ?, 'https://discord.com/channels/1/2/3')",
                player, now, now + 600,
            )  # fmt: skip
        received: Counter[int] = Counter()
        while sum(received.values()) < len(players):
            dm = await next_post(server, 30)
            assert dm.message is not None
            received[server.dm_channels[int(dm.message["channel_id"])]] += 1
        assert set(received) == set(players) and set(received.values()) == {1}
        assert await quiet(server, 6)
        rows = await execute(postgres_url, "SELECT count(*) FROM reminders WHERE outcome = 'sent'")
        assert rows == [(len(players),)] and server.rate_limited == 0
        logs = [process.log.read_text() for process in (first, second)]
    assert all("not sent" not in log for log in logs)
