"""``/mydata export`` end to end: the real bot process and the local Discord
server, on both stores. Asserted from what the server received."""

from __future__ import annotations

import asyncio
import json

from storage._mydata import PLAYER_COLUMNS
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord
from tests.fake_discord.payloads import controls
from tests.test_cups_e2e import Card, king_left


async def test_a_player_exports_a_file_with_the_moves_of_their_game(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    await server.slash("move", {"notation": "s"})
    await server.slash("play", {"game": "casket", "deal": 9}, who=BOB)
    asked = await server.slash("mydata export")
    assert asked.kind == 5 and asked.ephemeral  # "thinking…", for the player alone
    sent = await asyncio.wait_for(server.posted.get(), 10)
    assert sent.ephemeral and "Everything the bot keeps about you" in sent.content
    [(name, content)] = sent.files
    assert name == "solitaire-data.json"
    data = json.loads(content)
    [game] = data["tables"]["games"]
    assert (game["profile"], game["deal"], game["moves"]) == ("klondike", 4711, ["s"])
    # Once an hour: the second answer says when, privately, and sends nothing.
    again = await server.slash("mydata export")
    refused = await asyncio.wait_for(server.posted.get(), 10)
    assert again.ephemeral and refused.ephemeral and not refused.files
    assert "less than an hour ago" in refused.content and "<t:" in refused.content


async def test_a_player_who_confirms_is_forgotten_and_no_row_names_them(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    alice = int(ALICE["id"])
    await server.slash("settings", {"cards": "large"})
    await server.slash("play", {"game": "klondike", "deal": 4711})
    await server.slash("move", {"notation": "s"})
    await server.slash("play", {"game": "casket", "deal": 9}, who=BOB)
    asked = await server.slash("mydata forget")
    assert asked.kind == 4 and asked.ephemeral and "Press **Confirm**" in asked.content
    [confirm] = asked.custom_ids
    assert [c["label"] for c in controls(asked.data)] == ["Confirm"]
    message = server.message(asked)
    refused = await server.press(message, confirm, who=BOB)
    assert refused.ephemeral and "someone else's" in refused.content
    user, expires, signature = confirm.split(":")[2:]
    forged = f"mydata:forget:{user}:{int(expires) + 60}:{signature}"
    refused = await server.press(server.forged([forged]), forged)
    assert refused.ephemeral and "not made by this bot" in refused.content
    [(kept,)] = await execute(database_url, "SELECT count(*) FROM games WHERE user_id = ?", alice)
    assert kept == 1  # nothing deleted yet
    done = await server.press(message, confirm)
    assert done.kind == 7 and "the bot has forgotten you" in done.content
    assert not done.custom_ids  # answered: no button left
    for table, columns in PLAYER_COLUMNS.items():
        for column in columns:
            sql = f"SELECT count(*) FROM {table} WHERE {column} = ?"
            assert await execute(database_url, sql, alice) == [(0,)], (table, column)
    [(bobs,)] = await execute(
        database_url, "SELECT count(*) FROM games WHERE user_id = ?", int(BOB["id"])
    )
    assert bobs == 1  # Bob's game is his
    again = await server.slash("mydata forget")
    done = await server.press(server.message(again), again.custom_ids[0])
    assert done.ephemeral and "less than a day ago" in done.content


async def test_visibility_hidden_takes_the_name_off_another_members_leaderboard(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    for who in (ALICE, BOB):
        await server.slash("play", {"game": "castles-end", "deal": 7}, who=who)
        await server.slash("resign", who=who)
    board = await server.slash("leaderboard", {"game": "castles-end", "period": "all"}, who=BOB)
    assert "alice — 0 of 1" in board.content
    said = await server.slash("settings", {"visibility": "hidden"})
    assert said.ephemeral and 'you are "a player" there' in said.content
    board = await server.slash("leaderboard", {"game": "castles-end", "period": "all"}, who=BOB)
    assert "alice" not in board.content and "a player — 0 of 1" in board.content
    assert "bob — 0 of 1" in board.content
    asked = await server.slash("stats", {"user": ALICE}, who=BOB)
    assert asked.ephemeral and "keeps their results to themselves" in asked.content


async def test_an_export_gives_away_no_deal_of_an_open_cup_nor_a_solvers_line(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """The host's export holds no deal of the cup; a player's, no hint line nor
    the deal, start or moves of a game in an open cup (a winner's moves are
    a line anyone in the cup could type)."""
    card = Card(server, await server.slash("cup open", {"game": "klondike", "deals": 1}))
    await card.dealt(database_url)
    await card.press("Play", BOB)
    await king_left(database_url, BOB, card.id)
    assert "You won" in (await server.slash("move", {"notation": "1f"}, who=BOB)).content
    await card.press("Play", ALICE)  # Alice, the host, plays too, and asks a hint
    hinted = await server.slash("hint")
    [(line,)] = await execute(database_url, "SELECT hint FROM games WHERE cup_id IS NOT NULL"
                              " AND user_id = ?", int(ALICE["id"]))  # fmt: skip
    assert line, hinted.content  # the solver's line is kept, for the next hint
    exported = {}
    for who in (ALICE, BOB):
        await server.slash("mydata export", who=who)
        sent = await asyncio.wait_for(server.posted.get(), 10)
        [(_, content)] = sent.files
        exported[who["id"]] = json.loads(content)
    alice, bob = exported[ALICE["id"]], exported[BOB["id"]]
    assert alice["version"] == bob["version"] == 2
    [cup] = alice["tables"]["cups"]
    assert cup["host_id"] == int(ALICE["id"]) and "drawing_until" not in cup
    [game] = alice["tables"]["games"]
    assert game["hints"] == 1 and "hint" not in game and "verdict" not in game
    assert (game["deal"], game["start"], game["moves"]) == (None, None, None)
    [won] = bob["tables"]["games"]
    assert won["status"] == "won" and (won["deal"], won["start"], won["moves"]) == (None,) * 3
    [(deal,)] = await execute(database_url, "SELECT deal FROM cup_deals")
    assert str(deal) not in json.dumps(exported)
