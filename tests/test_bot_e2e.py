"""The real bot process, end to end, against a local Discord-compatible server."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from solitaire import VARIANTS, load_position
from solitaire.pool import winnable_deals
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, LateReply, Reply
from tests.fake_discord.payloads import alt_of
from texts import CATALOGUES


def picture(reply: Reply) -> Image.Image:
    assert reply.files, f"no picture in {reply.data}"
    image = Image.open(io.BytesIO(reply.files[0][1]))
    assert image.format == "PNG"
    return image


async def test_commands_are_registered_with_their_names(
    server: FakeDiscord, bot: BotProcess
) -> None:
    names = {command["name"] for commands in server.commands.values() for command in commands}
    assert names == {
        "play", "move", "draw", "undo", "hint", "auto", "show", "resign", "review",
        "daily", "stats", "leaderboard", "rules", "settings", "server", "help", "race", "Race",
        "mydata", "cup", "achievements", "profile", "puzzle", "remind",
    }  # fmt: skip


async def test_play_answers_with_a_picture_and_components(
    server: FakeDiscord, bot: BotProcess
) -> None:
    reply = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert reply.kind == 4
    assert "deal 4711" in reply.content
    assert picture(reply).size[0] > 400
    ids = reply.custom_ids
    assert any(":draw:" in i for i in ids) and any(":move:" in i for i in ids)
    assert alt_of(reply.data).startswith("Klondike")


async def test_a_move_by_slash_command_select_and_button(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711})
    suggestions = await server.autocomplete("move", "notation", "")
    values = [choice["value"] for choice in suggestions.data["choices"]]
    assert values[0] == "4 f1" and "s" in values
    assert "A♣ to foundation f1" in suggestions.data["choices"][0]["name"]

    moved = await server.slash("move", {"notation": "4f"})
    assert "`4 f1`" in moved.content and moved.files
    selected = await server.press(
        server.message(moved), moved.component(":move:")["custom_id"], values=["4 f1"]
    )
    assert selected.kind == 7 and "`4 f1` — 2♣" in selected.content
    drawn = await server.press(server.message(selected), selected.component(":draw:")["custom_id"])
    assert drawn.kind == 7 and "draw from the stock" in drawn.content
    undone = await server.press(server.message(drawn), drawn.component(":undo:")["custom_id"])
    assert "Took back `s`" in undone.content
    refused = await server.slash("move", {"notation": "7 1"})
    assert refused.ephemeral and "can't go on" in refused.content
    illegal = await server.press(
        server.message(undone), undone.component(":move:")["custom_id"], values=["7 1"]
    )
    assert illegal.ephemeral and "can't go on" in illegal.content
    assert board.message is not None


async def test_another_users_press_is_refused_and_changes_nothing(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711})
    message = server.message(board)
    refused = await server.press(message, board.component(":draw:")["custom_id"], who=BOB)
    assert refused.ephemeral
    assert f"<@{ALICE['id']}>'s game" in refused.content and "/play" in refused.content
    shown = await server.slash("show")
    assert "0 moves" in shown.content
    bobs = await server.slash("show", who=BOB)
    assert bobs.ephemeral and "no game" in bobs.content


async def test_unfinished_game_offers_resume_or_new_deal(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    await server.slash("move", {"notation": "s"})
    choice = await server.slash("play", {"game": "klondike", "deal": 5})
    assert choice.ephemeral and "in progress" in choice.content
    resumed = await server.press(server.message(choice), choice.component(":resume:")["custom_id"])
    assert "1 move" in resumed.content
    fresh = await server.press(server.message(choice), choice.component("sol:new:")["custom_id"])
    assert "deal 5" in fresh.content and "0 moves" in fresh.content


async def stored_options(database_url: str, message_content: str) -> dict[str, object]:
    """The options of the game whose board says *message_content*'s deal."""
    deal = int(message_content.split("deal ")[1].split()[0].strip("·,."))
    sql = "SELECT options FROM games WHERE deal = ? AND status = 'playing'"
    [(options,)] = await execute(database_url, sql, deal)
    return dict(json.loads(str(options)))


async def test_new_deal_keeps_every_option(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    rules = {"game": "klondike", "draw": 3, "passes": "unlimited"}
    await server.slash("play", {**rules, "deal": 4711})
    await server.slash("move", {"notation": "s"})
    choice = await server.slash("play", rules)
    fresh = await server.press(server.message(choice), choice.component("sol:new:")["custom_id"])
    assert "draw 3" in fresh.content and "0 moves" in fresh.content
    assert "deal 4711" not in fresh.content
    options = await stored_options(database_url, fresh.content)
    assert options["draw"] == 3 and options["passes"] == "unlimited"


async def test_new_deal_keeps_winnable(server: FakeDiscord, bot: BotProcess) -> None:
    await server.slash("play", {"game": "klondike", "draw": 3, "deal": 4711})
    choice = await server.slash("play", {"game": "klondike", "draw": 3, "winnable": True})
    fresh = await server.press(server.message(choice), choice.component("sol:new:")["custom_id"])
    deal = int(fresh.content.split("deal ")[1].split()[0].strip("·,."))
    assert deal in winnable_deals(VARIANTS["klondike"], {"draw": 3})


async def test_a_new_deal_button_from_before_options_codes_still_works(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    old_id = f"sol:new:{ALICE['id']}:klondike:3:5"  # draw 3, deal 5: the older form
    fresh = await server.press(server.forged([old_id]), old_id)
    assert "draw 3" in fresh.content and "deal 5" in fresh.content


async def test_a_boards_buttons_work_after_a_restart(server: FakeDiscord, bot: BotProcess) -> None:
    first = await server.slash("play", {"game": "klondike", "deal": 4711})
    latest = await server.slash("move", {"notation": "4f"})
    await bot.kill()
    await bot.start()
    pressed = await server.press(server.message(latest), latest.component(":draw:")["custom_id"])
    assert pressed.kind == 7
    assert "2 moves" in pressed.content  # the stored game, one move further
    stale = await server.press(server.message(first), first.component(":draw:")["custom_id"])
    assert stale.ephemeral and "out of date" in stale.content
    assert "2 moves" in (await server.slash("show")).content


async def test_a_double_click_plays_once(server: FakeDiscord, bot: BotProcess) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711})
    draw = board.component(":draw:")["custom_id"]
    message = server.message(board)
    replies = await asyncio.gather(server.press(message, draw), server.press(message, draw))
    assert sorted(reply.kind for reply in replies) == [4, 7]  # one board edit, one notice
    assert "1 move" in (await server.slash("show")).content


async def test_a_dm_plain_text_move(server: FakeDiscord, bot: BotProcess) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    posted = await server.say("4f", dm=True)
    assert "`4 f1`" in posted.content and posted.files
    reason = await server.say("7 1", dm=True)
    assert "can't go on" in reason.content and not reason.files


async def test_a_mention_plain_text_move(server: FakeDiscord, bot: BotProcess) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    posted = await server.say("s", mention=True)
    assert "`s`" in posted.content
    with pytest.raises(TimeoutError):
        await server.say("s", timeout=1.0)  # without the intent, unaddressed chat is not read


async def test_rules_and_help(server: FakeDiscord, bot: BotProcess) -> None:
    rules = await server.slash("rules", {"game": "casket"})
    assert rules.ephemeral and "jewels" in rules.content
    help_ = await server.slash("help")
    assert "`w3`" in help_.content


async def test_a_move_without_a_game_gets_a_clear_reply(
    server: FakeDiscord, bot: BotProcess
) -> None:
    reply = await server.slash("move", {"notation": "s"})
    assert reply.ephemeral and "/play" in reply.content


async def test_a_stale_menu_choice_is_refused_with_a_reason(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711})
    menu = board.component(":move:")["custom_id"]
    await server.slash("move", {"notation": "4 f1"})
    stale = await server.press(server.message(board), menu, values=["4 5"])
    assert stale.ephemeral and "out of date" in stale.content
    assert "1 move" in (await server.slash("show")).content


async def test_a_reply_slower_than_three_seconds_fails(
    server: FakeDiscord, bot: BotProcess
) -> None:
    server.deadline = 0.0
    with pytest.raises(LateReply, match="past Discord's"):
        await server.slash("help")
    server.late.clear()


async def test_a_win_offers_share_which_posts_the_win_card(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    # A game one move from a win: its stored record starts from a set position.
    game = load_position("klondike", {"f1": [r + "S" for r in "A23456789TJQ"], "1": ["KS"],
                                      "f2": [r + "H" for r in "A23456789TJQK"],
                                      "f3": [r + "D" for r in "A23456789TJQK"],
                                      "f4": [r + "C" for r in "A23456789TJQK"]})  # fmt: skip
    record = game.to_record()
    board = await server.slash("play", {"game": "klondike", "deal": 9})
    sql = "UPDATE games SET start = ? WHERE status = 'playing'"
    await execute(database_url, sql, json.dumps(record["start"]))
    won = await server.slash("move", {"notation": "1f"})
    assert "You won" in won.content
    assert any(":share:" in i for i in won.custom_ids)
    shared = await server.press(server.message(won), won.component(":share:")["custom_id"])
    assert shared.kind == 4 and not shared.ephemeral  # posted for the channel to see
    assert "won Klondike, deal 9" in shared.content and picture(shared)
    assert {"sol:deal:", "sol:replay:", "sol:cheer:"} <= {
        i[: i.rindex(":") + 1] for i in shared.custom_ids
    }
    card = picture(shared)
    assert card.width == 720 and card.height < card.width  # sized for a phone
    message = server.message(shared)
    challenge = await server.press(message, shared.component("sol:deal:")["custom_id"], who=BOB)
    assert "deal 9" in challenge.content and "0 moves" in challenge.content
    replay = await server.press(message, shared.component("sol:replay:")["custom_id"], who=BOB)
    assert replay.kind == 5  # deferred: the GIF follows
    gif = await server.posted.get()
    assert gif.files and Image.open(io.BytesIO(gif.files[0][1])).format == "GIF"
    cheer = await server.press(message, shared.component("sol:cheer:")["custom_id"], who=BOB)
    assert cheer.kind == 5
    cheered = await server.posted.get()
    name, data = cheered.files[0]
    assert name == "celebration.gif" and len(data) < 2 * 1024 * 1024
    assert Image.open(io.BytesIO(data)).n_frames > 30
    assert board.message is not None


async def test_channel_moves_with_the_message_content_intent(
    server: FakeDiscord, tmp_path: Path, database_url: str
) -> None:
    async with BotProcess(server, tmp_path, database_url, ENABLE_MESSAGE_CONTENT="1"):
        await server.slash("play", {"game": "klondike", "deal": 4711})
        posted = await server.say("4f")
        assert "`4 f1`" in posted.content and posted.files
        with pytest.raises(TimeoutError):
            await server.say("hello there", timeout=1.0)  # chat that is no move is left alone


async def test_stats_leaderboard_and_daily(server: FakeDiscord, bot: BotProcess) -> None:
    first = await server.slash("daily", {"game": "castles-end"})
    assert "your first game of it counts" in first.content
    await server.slash("resign")
    second = await server.slash("daily", {"game": "castles-end"})
    assert "does not count" in second.content
    await server.slash("resign")
    stats = await server.slash("stats", {"game": "castles-end"})
    assert "0 of 2 won" in stats.content and picture(stats)
    # The chart of the last 12 weeks, said in the alt text too.
    assert "Castle's End: 2 games and 0 wins in the last 12 weeks." in alt_of(stats.data)
    # Drawn as she has her pictures drawn: large print is the same width, taller.
    await server.slash("settings", {"cards": "large"})
    large = await server.slash("stats", {"game": "castles-end"})
    normal_size, large_size = (Image.open(io.BytesIO(r.files[0][1])).size for r in (stats, large))
    assert large_size[0] == normal_size[0] == 540 and large_size[1] > normal_size[1]
    board = await server.slash("leaderboard", {"game": "castles-end", "period": "all"})
    assert "1. alice — 0 of 1" in board.content  # the deal again was practice
    assert "Daily deals solved:\n1. alice — 0 of 1" in board.content


async def test_an_option_the_game_does_not_have_is_refused(
    server: FakeDiscord, bot: BotProcess
) -> None:
    refused = await server.slash("play", {"game": "casket", "draw": 3})
    assert refused.ephemeral and "Casket has no option `draw`" in refused.content


async def test_play_a_winnable_deal(server: FakeDiscord, bot: BotProcess) -> None:
    board = await server.slash("play", {"game": "castles-end", "winnable": True})
    assert "New game: Castle's End" in board.content and board.files
    refused = await server.slash(
        "play", {"game": "klondike", "passes": "unlimited", "winnable": True}
    )
    assert refused.ephemeral and "No winnable deals of Klondike" in refused.content


async def test_the_sync_payload_carries_german_localizations(
    server: FakeDiscord, bot: BotProcess
) -> None:
    commands = {c["name"]: c for scope in server.commands.values() for c in scope}
    for name, command in commands.items():
        # Names stay the same in every language, so players can share them.
        assert not command.get("name_localizations"), name
        if name == "Race":  # a user command has no description
            continue
        german = command["description_localizations"]["de"]
        assert german == CATALOGUES["de"][f"cmd.{name}"]
        assert german != command["description"]
        for option in command.get("options", []):
            assert not option.get("name_localizations"), (name, option["name"])
            assert option["description_localizations"]["de"] != option["description"]
    play = {option["name"]: option for option in commands["play"]["options"]}
    draws = {c["value"]: c for c in play["draw"]["choices"]}
    assert draws[3]["name"] == "draw 3"
    assert draws[3]["name_localizations"]["de"] == "3 Karten ziehen"
    passes = {c["value"]: c["name_localizations"]["de"] for c in play["passes"]["choices"]}
    assert passes["unlimited"] == "unbegrenzt"


async def test_the_same_interaction_answers_in_german_and_in_english(
    server: FakeDiscord, bot: BotProcess
) -> None:
    german = await server.slash("play", {"game": "klondike", "deal": 4711}, locale="de")
    english = await server.slash(
        "play", {"game": "klondike", "deal": 4711}, who=BOB, locale="en-US"
    )
    assert german.content.startswith("Neues Spiel: Klondike, Spiel Nr. 4711.")
    assert english.content.startswith("New game: Klondike, deal 4711.")
    assert "Spalten:" in alt_of(german.data)
    assert "Columns:" in alt_of(english.data)
    assert german.component(":draw:")["label"] == "Ziehen"
    assert english.component(":draw:")["label"] == "Draw"
    assert german.component(":move:")["placeholder"] == "Zug wählen …"

    refused_de = await server.slash("move", {"notation": "7 1"}, locale="de")
    refused_en = await server.slash("move", {"notation": "7 1"}, who=BOB, locale="en-GB")
    assert refused_de.ephemeral and "passt nicht auf" in refused_de.content
    assert refused_en.ephemeral and "can't go on" in refused_en.content

    suggestions = await server.autocomplete("move", "notation", "4", locale="de")
    assert suggestions.data["choices"][0]["name"] == "4 f1 — A♣ auf Grundstapel f1"

    drawn = await server.press(
        server.message(german), german.component(":draw:")["custom_id"], locale="de"
    )
    assert drawn.content.startswith("`s` — vom Nachziehstapel ziehen")

    rules = await server.slash("rules", {"game": "casket"}, locale="de")
    assert "Körperstapel" in rules.content and "Deckel" in rules.content
    unknown = await server.slash("rules", {"game": "casket"}, who=BOB, locale="pt-BR")
    assert "two decks" in unknown.content  # no Portuguese: English

    # A plain message carries no language: the author's last interaction tells it.
    chat = await server.say("4f", mention=True)
    assert chat.content.startswith("`4 f1` — A♣ auf Grundstapel f1")


async def test_a_chat_move_speaks_the_language_of_the_players_last_interaction(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711}, locale="de")
    german = await server.say("4f", mention=True)
    assert german.content.startswith("`4 f1` — A♣ auf Grundstapel f1")
    # Discord now in English: a press tells it, and chat follows.
    await server.press(server.message(german), german.component(":draw:")["custom_id"])
    await asyncio.sleep(0.5)  # the language is noted after the answer
    english = await server.say("s", mention=True)
    assert english.content.startswith("`s` — draw"), english.content
    assert board.content.startswith("Neues Spiel")


async def test_a_chat_move_after_a_restart_keeps_the_players_language(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711}, locale="de")
    await bot.kill()
    await bot.start()
    chat = await server.say("4f", dm=True)
    assert chat.content.startswith("`4 f1` — A♣ auf Grundstapel f1")
    # And Bob's English, as his last command told it.
    await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB)
    await bot.kill()
    await bot.start()
    english = await server.say("4f", who=BOB, mention=True)
    assert english.content.startswith("`4 f1` — A♣ to foundation f1")
