"""One live board per game in a channel, threads per game, and picture
settings: the real bot process against the local Discord server."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

from PIL import Image

from tests.botprocess import BotProcess
from tests.fake_discord import ALICE, BOB, CHANNEL_ID, DM_CHANNEL_ID, FakeDiscord, Reply
from tests.fake_discord.payloads import controls, text_of

_GAME = re.compile(r"sol:(\d+):")


def live_boards(server: FakeDiscord, channel: int = CHANNEL_ID) -> dict[int, list[int]]:
    """game id → the messages in *channel* that show its picture with buttons."""
    boards: dict[int, list[int]] = {}
    for message_id, message in server.messages.items():
        if int(message["channel_id"]) != channel or not message["files"]:
            continue
        ids = [c["custom_id"] for c in controls(message)]
        games = {int(m[1]) for i in ids if (m := _GAME.match(i))}
        for game in games:
            boards.setdefault(game, []).append(message_id)
    return boards


async def settled(check: Any, timeout: float = 10.0) -> None:
    """Waits for *check()* to hold: old boards are retired just after a reply
    (and after Discord's per-channel bucket of edits lets them through)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "never settled"
        await asyncio.sleep(0.05)


async def test_two_players_in_one_channel_leave_one_live_board_each(
    server: FakeDiscord, bot: BotProcess
) -> None:
    alice = await server.slash("play", {"game": "klondike", "deal": 4711}, who=ALICE)
    bob = await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB)
    for who in (ALICE, BOB):
        await server.slash("move", {"notation": "4 f"}, who=who)
        await server.slash("move", {"notation": "s"}, who=who)
    latest: dict[str, Reply] = {}
    for name, who in (("alice", ALICE), ("bob", BOB)):
        moved = await server.slash("move", {"notation": "s"}, who=who)
        menu = moved.component(":move:")["custom_id"]
        choice = moved.component(":move:")["options"][0]["value"]
        chosen = await server.press(server.message(moved), menu, values=[choice], who=who)
        pressed = await server.press(
            server.message(chosen), chosen.component(":draw:")["custom_id"], who=who
        )
        assert pressed.kind == 7  # a press edits the board in place
        latest[name] = pressed
    await server.slash("show", who=ALICE)  # a new board again
    await settled(lambda: all(len(ids) == 1 for ids in live_boards(server).values()))
    boards = live_boards(server)
    assert len(boards) == 2 and all(len(ids) == 1 for ids in boards.values())
    retired = [m for i, m in server.messages.items() if i in server.edits]
    assert len(retired) >= 6  # two /play boards and four /move boards per pair of players
    for message in retired:
        assert text_of(message).startswith("This game goes on here: https://discord.com/")
        assert not message["files"] and not controls(message)
    assert alice.files and bob.files and not server.late


async def test_a_server_with_threads_plays_each_game_in_its_own(
    server: FakeDiscord, bot: BotProcess
) -> None:
    turned = await server.slash("server threads", {"enabled": True})
    assert turned.ephemeral and "thread of its own" in turned.content
    started = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert not started.files and len(server.threads) == 1  # the channel sees one line
    thread = server.threads[0]
    assert f"<#{thread['id']}>" in started.content and thread["name"] == "alice · Klondike, draw 1"
    await settled(lambda: len(live_boards(server, int(thread["id"]))) == 1)
    moved = await server.slash("move", {"notation": "4 f"}, channel=thread)
    assert moved.files
    await settled(lambda: len(next(iter(live_boards(server, int(thread["id"])).values()))) == 1)
    assert not live_boards(server)  # nothing live in the channel itself
    await server.slash("server threads", {"enabled": False})
    again = await server.slash("play", {"game": "calculation"})
    assert again.files and len(server.threads) == 1


async def test_settings_change_the_next_boards_picture(
    server: FakeDiscord, bot: BotProcess
) -> None:
    normal = await server.slash("play", {"game": "klondike", "deal": 4711})
    said = await server.slash("settings", {"cards": "large", "colours": "four-colour"})
    assert said.ephemeral and "large-print cards, four colours" in said.content
    large = await server.slash("show")
    small_image = Image.open(io.BytesIO(normal.files[0][1]))
    large_image = Image.open(io.BytesIO(large.files[0][1])).convert("RGB")
    assert large_image.height > small_image.height  # bigger indices, longer steps
    colours = {colour for _, colour in large_image.getcolors(1 << 16) or []}
    assert {(20, 84, 210), (14, 128, 44)} & colours  # diamonds blue or clubs green
    kept = await server.slash("settings")
    assert "large-print cards, four colours" in kept.content


async def test_a_dm_keeps_one_live_board_too(server: FakeDiscord, bot: BotProcess) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711}, dm=True)
    for notation in ("4 f", "s", "s"):
        moved = await server.say(notation, dm=True)
        assert moved.files
    await settled(lambda: [len(ids) for ids in live_boards(server, DM_CHANNEL_ID).values()] == [1])
    latest = server.message(moved)
    assert live_boards(server, DM_CHANNEL_ID) == {_game_of(latest): [int(latest["id"])]}


def _game_of(message: dict[str, Any]) -> int:
    ids = [c["custom_id"] for c in controls(message)]
    return next(int(m[1]) for i in ids if (m := _GAME.match(i)))


async def test_the_board_says_whether_the_game_can_still_be_won_for_those_who_ask(
    server: FakeDiscord, bot: BotProcess
) -> None:
    said = await server.slash("settings", {"winnable": True})
    assert "says whether your game can still be won" in said.content
    start = await server.slash("play", {"game": "castles-end", "deal": 3})
    assert "can still be won" not in start.content  # the reply never waits for the search
    board = int(server.message(start)["id"])
    await settled(lambda: "can still be won" in text_of(server.messages[board]), timeout=10)
    await server.slash("move", {"notation": "7 10"})
    lost = await server.slash("move", {"notation": "r2 6"})
    lost_id = int(server.message(lost)["id"])
    since = "can no longer be won since move 2 (`r2 6`)"
    await settled(lambda: since in text_of(server.messages[lost_id]), timeout=10)
    # The lesson: a move from the position before that kept the game winnable.
    assert "kept it winnable. Undo to try it." in text_of(server.messages[lost_id])
    later = await server.slash("move", {"notation": "1 f"})
    assert since in later.content  # lost stays lost while the game moves on: said at once
    undone = await server.slash("undo")
    assert "no longer" not in undone.content  # an undo may make it winnable again


async def test_nobody_is_told_unless_they_ask(server: FakeDiscord, bot: BotProcess) -> None:
    start = await server.slash("play", {"game": "castles-end", "deal": 7})
    await asyncio.sleep(1.5)
    assert "won" not in text_of(server.messages[int(server.message(start)["id"])])


async def test_a_resigned_game_offers_a_review_with_the_move_that_lost_it(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "castles-end", "deal": 3})
    await server.slash("move", {"notation": "7 10"})
    await server.slash("move", {"notation": "r2 6"})
    resigned = await server.slash("resign")
    button = resigned.component("sol:review:")["custom_id"]
    pressed = await server.press(server.message(resigned), button)
    assert pressed.kind == 5  # deferred: the review follows
    review = await server.posted.get()
    assert "Deal 3 could be won." in review.content and "Move 2 lost it." in review.content
    assert review.files and review.files[0][0] == "review.gif"
    again = await server.slash("review")  # the last game without a win: the same, at once
    assert again.kind == 5
    assert (await server.posted.get()).content == review.content


async def test_a_game_still_being_played_is_not_reviewed(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    asked = await server.slash("review")  # said privately, never "thinking…" in public first
    assert asked.kind == 4 and asked.ephemeral and "You have no game" in asked.content
