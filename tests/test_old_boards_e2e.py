"""Boards that outlive the hour: Discord caps the edits of messages older
than an hour (error 30046), so a board that old is never edited again. A
move on it, by a button, ``/move`` or typed, is answered with a fresh board
and the old one is retired where Discord allows; an edit Discord refuses is
never answered with "try again" for a move that was played. The real bot
process against the local Discord, whose messages have real snowflakes and
can be made old (:meth:`~tests.fake_discord.server.DiscordServer.backdated`)."""

from __future__ import annotations

from tests.botprocess import BotProcess
from tests.fake_discord import ALICE, BOB, FakeDiscord, Reply
from tests.fake_discord.payloads import GUILD_C, controls, text_of, user
from tests.test_boards_e2e import live_boards, settled

#: Over an hour: past Discord's cap, and the bot's 55 minutes.
HOUR_AND_A_BIT = 3700.0


def is_board(reply: Reply) -> bool:
    return bool(reply.files) and any(":draw:" in c["custom_id"] for c in reply_controls(reply))


def reply_controls(reply: Reply) -> list[dict[str, str]]:
    return controls(reply.message or {})


def retired(server: FakeDiscord, message_id: int) -> bool:
    message = server.messages[message_id]
    return text_of(message).startswith("This game goes on here") and not controls(message)


def no_trouble(bot: BotProcess, *replies: Reply) -> None:
    """Nothing told to try again, and no traceback in the log."""
    for reply in replies:
        assert "try again" not in (reply.content + text_of(reply.message or {})).lower()
    log = bot.log.read_text()
    assert "Traceback" not in log and " ERROR " not in log


async def test_a_board_over_an_hour_old_is_answered_with_a_fresh_one_by_every_way_to_move(
    server: FakeDiscord, bot: BotProcess
) -> None:
    with server.backdated(HOUR_AND_A_BIT):
        started = await server.slash("play", {"game": "klondike", "deal": 4711})
    old = server.message(started)
    assert server.age(int(old["id"])) > 3600
    # A button: the move is played and answered with a new board, not an edit.
    draw = started.component(":draw:")["custom_id"]
    pressed = await server.press(old, draw)
    assert pressed.kind == 4 and is_board(pressed) and not pressed.ephemeral
    assert int(pressed.message["id"]) != int(old["id"])  # type: ignore[index]
    await settled(lambda: retired(server, int(old["id"])))
    # /move on a board made an hour ago.
    with server.backdated(HOUR_AND_A_BIT):
        shown = await server.slash("show")
    moved = await server.slash("move", {"notation": "s"})
    assert is_board(moved) and "2 moves" in text_of(moved.message or {})
    await settled(lambda: retired(server, int(server.message(shown)["id"])))
    # A typed move, after a mention.
    with server.backdated(HOUR_AND_A_BIT):
        shown = await server.slash("show")
    typed = await server.say("s", mention=True)
    assert is_board(typed) and "3 moves" in text_of(typed.message or {})
    await settled(lambda: retired(server, int(server.message(shown)["id"])))
    await settled(lambda: all(len(ids) == 1 for ids in live_boards(server).values()))
    assert server.old_edits_refused == 0  # one retire each: within Discord's cap
    no_trouble(bot, pressed, moved, typed)


async def test_a_refused_edit_of_a_board_posts_a_fresh_one_and_the_move_stands(
    server: FakeDiscord, bot: BotProcess
) -> None:
    started = await server.slash("play", {"game": "klondike", "deal": 4711})
    board = server.message(started)
    # Discord's cap refuses the press's edit each time discord.py tries it.
    server.fail_next("callback", 30046, times=5)
    pressed = await server.press(board, started.component(":draw:")["custom_id"])
    assert pressed.kind == 4 and is_board(pressed)
    assert "1 move" in text_of(pressed.message or {})
    await settled(lambda: retired(server, int(board["id"])))
    # The fresh board plays on in place, and the move was not played twice.
    again = await server.press(server.message(pressed), pressed.component(":draw:")["custom_id"])
    assert again.kind == 7 and "2 moves" in text_of(again.message or {})
    # A retire Discord refuses leaves the old board as it is, said in one line.
    server.fail_next("edit_message", 30046, times=5)
    moved = await server.slash("move", {"notation": "s"})
    assert is_board(moved) and "3 moves" in text_of(moved.message or {})
    await settled(lambda: "not retired: 429" in bot.log.read_text(), 10)
    no_trouble(bot, pressed, again, moved)


async def test_the_fourth_edit_of_old_messages_within_six_seconds_is_refused(
    server: FakeDiscord, bot: BotProcess
) -> None:
    """The local Discord holds the cap: four old boards retired at once in one
    channel meet it; the bot waits as Discord says, and each is retired."""
    players = [ALICE, BOB, user(5_000_000_000_000_003, "carol"), user(5_000_000_000_000_004, "dan")]
    with server.backdated(HOUR_AND_A_BIT):
        olds = [await server.slash("play", {"game": "klondike"}, who=who) for who in players]
    for old, who in zip(olds, players, strict=True):
        draw = old.component(":draw:")["custom_id"]
        moved = await server.press(server.message(old), draw, who=who)
        assert moved.kind == 4
    await settled(lambda: all(retired(server, int(server.message(o)["id"])) for o in olds), 15)
    assert server.old_edits_refused >= 1
    no_trouble(bot)


async def test_old_boards_in_a_dm_and_where_the_app_is_only_the_players(
    server: FakeDiscord, bot: BotProcess
) -> None:
    """In a DM the old board is retired through its channel; in a server that
    did not install the app, where no channel call is allowed, it is left as
    it is, and the fresh board comes through the interaction alone."""
    with server.backdated(HOUR_AND_A_BIT):
        in_dm = await server.slash("play", {"game": "klondike", "deal": 4711}, dm=True)
    pressed = await server.press(server.message(in_dm), in_dm.component(":draw:")["custom_id"])
    assert pressed.kind == 4 and is_board(pressed)
    await settled(lambda: retired(server, int(server.message(in_dm)["id"])))
    with server.backdated(HOUR_AND_A_BIT):
        elsewhere = await server.slash(
            "play", {"game": "klondike", "deal": 3}, who=BOB, guild_id=GUILD_C
        )
    old = server.message(elsewhere)
    pressed_there = await server.press(old, elsewhere.component(":draw:")["custom_id"], who=BOB)
    assert pressed_there.kind == 4 and is_board(pressed_there)
    assert server.refused == [] and controls(server.messages[int(old["id"])])
    no_trouble(bot, pressed, pressed_there)
