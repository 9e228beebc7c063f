"""Playing anywhere: commands a player can install for themselves, games in
group DMs and in servers that did not install the app (where the bot is no
member and Discord refuses its channel calls), and every board one
Components V2 message. The real bot against the local Discord server."""

from __future__ import annotations

import asyncio
import json

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import FakeDiscord, Reply, user
from tests.fake_discord.payloads import (
    COMPONENTS_V2,
    CONTAINER,
    GUILD_C,
    MEDIA_GALLERY,
    components_in,
    controls,
    media_of,
    text_of,
)
from tests.test_boards_e2e import settled

CAROL = user(5_000_000_000_000_500, "carol")
#: Discord's installation types and contexts, as a command lists them.
GUILD_INSTALL, USER_INSTALL = 0, 1
IN_GUILDS, IN_BOT_DM, IN_PRIVATE_CHANNELS = 0, 1, 2


def is_board(reply: Reply | dict[str, object]) -> bool:
    """A Components V2 message with its picture inside, and nothing else."""
    data = reply.data if isinstance(reply, Reply) else reply
    flags = int(data.get("flags") or 0)  # type: ignore[call-overload]
    return (
        bool(flags & COMPONENTS_V2) and not data.get("content") and media_of(data) == ["table.png"]
    )


def container(reply: Reply) -> dict[str, object]:
    [found] = [c for c in components_in(reply.data["components"]) if c["type"] == CONTAINER]
    return found


async def test_commands_are_offered_to_players_who_install_the_app_everywhere(
    server: FakeDiscord, bot: BotProcess
) -> None:
    commands = {
        command["name"]: command for command in server.commands[next(iter(server.commands))]
    }
    for name, command in commands.items():
        if name in ("leaderboard", "server", "race", "Race", "cup"):  # a server's own; races
            assert command["integration_types"] == [GUILD_INSTALL], name
            assert command["contexts"] == [IN_GUILDS], name
        else:
            assert command["integration_types"] == [GUILD_INSTALL, USER_INSTALL], name
            assert command["contexts"] == [IN_GUILDS, IN_BOT_DM, IN_PRIVATE_CHANNELS], name


async def test_every_board_is_one_components_v2_message_with_its_picture_inside(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    started = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert is_board(started) and started.files[0][0] == "table.png"
    assert "deal 4711" in started.content and container(started)["accent_color"] == 0x2E8B57
    gallery = next(
        c for c in components_in(started.data["components"]) if c["type"] == MEDIA_GALLERY
    )
    assert gallery["items"][0]["description"].startswith("Klondike")  # the alt text
    assert len(components_in(started.data["components"])) <= 40
    pressed = await server.press(server.message(started), started.component(":draw:")["custom_id"])
    assert pressed.kind == 7 and is_board(pressed) and "1 move" in pressed.content
    moved = await server.slash("move", {"notation": "s"})
    assert is_board(moved)
    old = int(server.message(pressed)["id"])
    await settled(lambda: text_of(server.messages[old]).startswith("This game goes on here"))
    retired = server.messages[old]
    assert int(retired["flags"]) & COMPONENTS_V2 and not retired["files"]
    assert not controls(retired)
    # A won board: gold, with Share.
    won = await win(server, database_url, guild_id=GUILD_C)
    assert is_board(won) and container(won)["accent_color"] == 0xD4A017
    assert any(":share:" in i for i in won.custom_ids)


async def test_a_board_posted_before_components_v2_keeps_working(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    [(game_id,)] = await execute(database_url, "SELECT id FROM games")
    old = server.forged([f"sol:{game_id}:draw:0", f"sol:{game_id}:hint:0"])
    old["content"] = "New game: Klondike, deal 4711."  # as boards were: text and rows
    pressed = await server.press(old, f"sol:{game_id}:draw:0")
    assert pressed.kind == 7 and is_board(pressed) and "1 move" in pressed.content


async def win(server: FakeDiscord, database_url: str, **where: object) -> Reply:
    """Carol starts a Klondike game and wins it with one move: its deal is
    swapped in the store for a table with one King left to go home."""
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["f1"].pop()
    piles["1"] = ["KS"]
    await server.slash("play", {"game": "klondike", "deal": 9}, who=CAROL, **where)  # type: ignore[arg-type]
    start = json.dumps(load_position("klondike", piles).to_record()["start"])
    await execute(database_url, "UPDATE games SET start = ? WHERE deal = 9", start)
    return await server.slash("move", {"notation": "1f"}, who=CAROL, **where)  # type: ignore[arg-type]


async def play_without_channel_calls(server: FakeDiscord, where: dict[str, object]) -> None:
    """A game with /play, a button, the menu, /move, a hint and an undo."""
    board = await server.slash(
        "play", {"game": "klondike", "deal": 4711, "passes": "unlimited"}, **where
    )  # type: ignore[arg-type]
    assert is_board(board)
    drawn = await server.press(server.message(board), board.component(":draw:")["custom_id"])
    assert drawn.kind == 7 and "1 move" in drawn.content
    menu = drawn.component(":move:")
    chosen = await server.press(
        server.message(drawn), menu["custom_id"], values=[menu["options"][0]["value"]]
    )
    assert chosen.kind == 7 and "2 moves" in chosen.content
    moved = await server.slash("move", {"notation": "s"}, **where)  # type: ignore[arg-type]
    assert is_board(moved) and "3 moves" in moved.content
    hint = await server.slash("hint", **where)  # type: ignore[arg-type]
    assert hint.ephemeral and "Hint" in hint.content
    undone = await server.press(server.message(moved), moved.component(":undo:")["custom_id"])
    assert undone.kind == 7 and "2 moves" in undone.content


async def test_a_player_plays_in_a_group_dm_and_the_bot_never_calls_its_channel(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("settings", {"winnable": True}, group_dm=True)
    await play_without_channel_calls(server, {"group_dm": True})
    helped = await server.slash("help", group_dm=True)
    assert "buttons" in helped.content and "/move" in helped.content
    # A win, shared in the group DM.
    won = await win(server, database_url, group_dm=True)
    shared = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=CAROL
    )
    assert shared.kind == 4 and not shared.ephemeral and shared.files
    await asyncio.sleep(1.5)  # verdicts come through the interactions, if at all
    assert server.refused == []


async def test_a_player_plays_in_a_server_that_did_not_install_the_app(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("settings", {"winnable": True}, guild_id=GUILD_C)
    await server.slash("server threads", {"enabled": True})  # another server's setting: no matter
    shown = await server.slash("play", {"game": "castles-end", "deal": 3}, guild_id=GUILD_C)
    # The verdict comes through the interaction's token.
    await settled(lambda: "can still be won" in text_of(server.message(shown)), timeout=10)
    await play_without_channel_calls(server, {"guild_id": GUILD_C})
    assert not server.threads and server.refused == []
