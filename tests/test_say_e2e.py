"""A server's say, end to end: the real bot process and the local Discord
server, on both stores. ``/server channels`` keeps games and races to the
channels a manager lists (threads follow their parent); ``/server block``
keeps a member from the bot in that server, and ends their races there.
Asserted from what the server received, and from the database."""

from __future__ import annotations

from typing import Any

import pytest

from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, GUILD_B, FakeDiscord, user
from tests.fake_discord.payloads import (
    BOT_USER,
    CHANNEL_2,
    CHANNEL_ID,
    HIDDEN_CHANNEL,
    media_of,
    text_channel,
    thread,
)
from tests.test_races_e2e import DEAL, Race

CAROL = user(5_000_000_000_000_500, "carol")  # a member who may not manage the server
CARDS = text_channel(channel_id=CHANNEL_2)
ELSEWHERE = f"Games are played in <#{CHANNEL_2}> on this server."


def is_board(reply: Any) -> bool:
    return media_of(reply.data) == ["table.png"]


async def moves_of(database_url: str, who: dict[str, Any]) -> int:
    [(moves,)] = await execute(
        database_url,
        "SELECT move_count FROM games WHERE user_id = ? AND status = 'playing'",
        int(who["id"]),
    )
    return int(moves)


async def test_games_kept_to_one_channel_are_refused_elsewhere_and_typed_moves_not_read(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    listed = await server.slash("server channels", {"add": CARDS})
    assert listed.ephemeral and f"Games and typed moves: <#{CHANNEL_2}>" in listed.content
    assert "Races: every channel" in listed.content
    # Elsewhere: one private line with a link to where games are played.
    refused = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert refused.ephemeral and refused.content == ELSEWHERE
    assert await execute(database_url, "SELECT id FROM games") == []
    # In the channel, and in a thread of it, the bot plays.
    played = await server.slash("play", {"game": "klondike", "deal": 4711}, channel=CARDS)
    assert is_board(played) and not played.ephemeral
    in_thread = thread(CHANNEL_2, "a thread of #cards")
    moved = await server.slash("move", {"notation": "s"}, channel=in_thread)
    assert is_board(moved) and "1 move" in moved.content
    # A thread of another channel follows its parent: refused.
    other_thread = thread(CHANNEL_ID, "a thread of #solitaire")
    refused = await server.slash("draw", channel=other_thread)
    assert refused.ephemeral and refused.content == ELSEWHERE
    # A move typed elsewhere is not read; in the channel, it is.
    with pytest.raises(TimeoutError):
        await server.say("s", mention=True, timeout=1.0)
    assert await moves_of(database_url, ALICE) == 1
    answered = await server.say("s", mention=True, channel_id=CHANNEL_2)
    assert "2 moves" in answered.content
    # Other servers, DMs and the commands that play nothing are not limited.
    assert is_board(await server.slash("play", {"game": "casket"}, guild_id=GUILD_B))
    assert is_board(await server.slash("play", {"game": "calculation"}, dm=True))
    assert "Your pictures" in (await server.slash("settings")).content
    # Races are limited on their own.
    race = await server.slash("race", DEAL)
    assert not race.ephemeral and Race(server, race).buttons == ["Join", "Leave", "Start"]
    await server.slash("server channels", {"kind": "races", "add": CARDS})
    refused = await server.slash("race", DEAL)
    assert refused.ephemeral and refused.content == (
        f"Races are run in <#{CHANNEL_2}> on this server."
    )
    # And cups on their own.
    await server.slash("server channels", {"kind": "cups", "add": CARDS})
    refused = await server.slash("cup open", {"game": "casket"})
    assert refused.ephemeral and refused.content == (
        f"Cups are run in <#{CHANNEL_2}> on this server."
    )
    opened = await server.slash("cup open", {"game": "casket"}, channel=CARDS)
    assert not opened.ephemeral and opened.custom_ids[0].startswith("cup:")
    # Every channel again.
    listed = await server.slash("server channels", {"every": True})
    assert "Games and typed moves: every channel" in listed.content
    assert is_board(await server.slash("show"))


async def test_a_member_who_may_not_manage_the_server_changes_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    not_yours = "Only members who may manage this server (Manage Server) can change that."
    for command, options in (
        ("server channels", {"add": CARDS}),
        ("server channels", {"every": True}),
        ("server block", {"member": BOB}),
        ("server unblock", {"member": BOB}),
        ("server threads", {"enabled": True}),
    ):
        refused = await server.slash(command, options, who=CAROL)
        assert refused.ephemeral and refused.content == not_yours, command
    # Looking is no change.
    shown = await server.slash("server channels", who=CAROL)
    assert "Games and typed moves: every channel" in shown.content
    # A channel the bot cannot see; blocking oneself, or the bot.
    unseen = await server.slash("server channels", {"add": text_channel(channel_id=HIDDEN_CHANNEL)})
    assert unseen.ephemeral and unseen.content.startswith(f"I cannot see <#{HIDDEN_CHANNEL}>")
    myself = await server.slash("server block", {"member": ALICE})
    assert myself.content == "You cannot block yourself."
    the_bot = await server.slash("server block", {"member": BOT_USER})
    assert the_bot.content == "Bots do not use me: there is no need to block one."
    unblocked = await server.slash("server unblock", {"member": BOB})
    assert unblocked.content == f"<@{BOB['id']}> is not blocked here."
    for table in ("guild_channels", "guild_blocks"):
        assert await execute(database_url, f"SELECT * FROM {table}") == []


async def test_a_blocked_member_is_refused_in_that_server_and_plays_in_another(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB)
    # Bob races Alice (under way) and hosts a race of his own (open).
    posted = await server.slash("race", DEAL)
    running = Race(server, posted)
    await running.press("Join", BOB)
    await running.press("Start", ALICE)
    await running.press("Play", BOB)
    hosted = Race(server, await server.slash("race", {"game": "casket"}, who=BOB))
    blocked = await server.slash("server block", {"member": BOB})
    assert blocked.ephemeral and blocked.content == (
        f"<@{BOB['id']}> is blocked here: their commands, buttons and typed moves in this"
        " server are refused. 2 of their races here have ended."
    )
    again = await server.slash("server block", {"member": BOB})
    assert again.content == f"<@{BOB['id']}> is already blocked here."
    # His race game is resigned; the race he hosted, left alone, is cancelled.
    [(status,)] = await execute(
        database_url,
        "SELECT status FROM games WHERE race_id = ? AND user_id = ?",
        running.id,
        int(BOB["id"]),
    )
    assert status == "resigned"
    [(cancelled,)] = await execute(database_url, "SELECT status FROM races WHERE id = ?", hosted.id)
    assert cancelled == "cancelled"
    await running.until("resigned")
    # Commands, presses and typed moves: one private line, nothing changed.
    line = "This server does not let you use the bot here."
    for command, options in (("play", {"game": "casket"}), ("stats", {}), ("help", {})):
        refused = await server.slash(command, options, who=BOB)
        assert refused.ephemeral and refused.content == line, command
    draw = board.component(":draw:")["custom_id"]
    pressed = await server.press(server.message(board), draw, who=BOB)
    assert pressed.ephemeral and pressed.content == line
    with pytest.raises(TimeoutError):
        await server.say("s", who=BOB, mention=True, timeout=1.0)
    assert await moves_of(database_url, BOB) == 0
    # His data stays his: /mydata answers him.
    assert "Press **Confirm**" in (await server.slash("mydata forget", who=BOB)).content
    # Another server is not this one.
    assert is_board(await server.slash("play", {"game": "casket"}, who=BOB, guild_id=GUILD_B))
    assert is_board(await server.slash("show", who=BOB, dm=True))
    # Unblocked, he plays here again.
    freed = await server.slash("server unblock", {"member": BOB})
    assert freed.content == f"<@{BOB['id']}> may use the bot here again."
    drawn = await server.press(server.message(board), draw, who=BOB)
    assert is_board(drawn) and "1 move" in drawn.content


async def test_a_block_holds_on_the_servers_games_wherever_they_are_reached(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """Blocked in a server, a member cannot play its games from a DM (by
    command or typed move), review them, nor be invited to race there; one
    private line, nothing changed. Another server's game is his to play from
    anywhere."""
    await server.slash("play", {"game": "castles-end", "deal": 7}, who=BOB)
    await server.slash("resign", who=BOB)
    await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB)
    await server.slash("server block", {"member": BOB})
    line = "This server does not let you use the bot here."
    for command, options in (("move", {"notation": "s"}), ("draw", {}), ("hint", {})):
        refused = await server.slash(command, options, who=BOB, dm=True)
        assert refused.content == line, command
    typed = await server.say("s", who=BOB, dm=True)
    assert typed.content == line
    reviewed = await server.slash("review", who=BOB, dm=True)
    assert reviewed.content == line
    assert await moves_of(database_url, BOB) == 0
    invited = await server.user_command("Race", BOB, who=ALICE)
    assert invited.ephemeral
    assert invited.content == "That member cannot be invited to a race in this server."
    [(races,)] = await execute(database_url, "SELECT count(*) FROM races")
    assert races == 0
    # Another server's game: his, from a DM too.
    await server.slash("play", {"game": "casket"}, who=BOB, guild_id=GUILD_B)
    assert is_board(await server.slash("show", who=BOB, dm=True))


async def test_a_block_outlasts_forget_and_names_no_one(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("server block", {"member": BOB})
    asked = await server.slash("mydata forget", who=BOB)
    done = await server.press(server.message(asked), asked.custom_ids[0], who=BOB)
    assert "the bot has forgotten you" in done.content
    assert await execute(database_url, "SELECT count(*) FROM guild_blocks") == [(0,)]
    [(digest,)] = await execute(database_url, "SELECT digest FROM guild_blocks_kept")
    assert str(BOB["id"]) not in digest
    line = "This server does not let you use the bot here."
    refused = await server.slash("play", {"game": "casket"}, who=BOB)
    assert refused.ephemeral and refused.content == line
    again = await server.slash("server block", {"member": BOB})
    assert again.content == f"<@{BOB['id']}> is already blocked here."
    freed = await server.slash("server unblock", {"member": BOB})
    assert freed.content == f"<@{BOB['id']}> may use the bot here again."
    assert is_board(await server.slash("play", {"game": "casket"}, who=BOB))
    assert await execute(database_url, "SELECT count(*) FROM guild_blocks_kept") == [(0,)]
