"""A player's data, from the store on SQLite and PostgreSQL: the export holds
every row that names the player and no other player's, at most once an hour."""

from __future__ import annotations

import json

from bot.usecases.mydata import FORMAT, VERSION, Export, Forgotten, MyData
from bot.usecases.races import Races
from bot.usecases.replies import Asker, Board, Notice
from bot.usecases.service import GameService
from bot.usecases.workers import Workers
from solitaire import new_game
from storage import Settings, Store
from tests.test_social import NOON, Clock, clock, service, store

__all__ = ["clock", "service", "store"]  # fixtures, used by name

ALICE, BOB = 1, 2


async def test_an_export_holds_the_players_rows_and_no_one_elses(
    store: Store, service: GameService, clock: Clock
) -> None:
    mydata = MyData(store, Workers(0), key=b"a secret", clock=clock)
    await store.set_settings(ALICE, Settings(cards="large"))
    await service.start(Asker(ALICE), "klondike", deal=4711)
    await service.move(Asker(ALICE), "s")
    await service.start(Asker(BOB), "klondike", deal=4711)
    race = await store.create_race(
        BOB, channel_id=5, guild_id=6, locale="en", profile="klondike", options={}, deal=9,
        invited_id=ALICE,
    )  # fmt: skip
    exported = await mydata.export(Asker(ALICE))
    assert isinstance(exported, Export) and exported.name == "solitaire-data.json"
    assert "your 1 game with its moves" in exported.text
    data = json.loads(exported.data)
    assert (data["format"], data["version"], data["user_id"]) == (FORMAT, VERSION, ALICE)
    tables = data["tables"]
    [game] = tables["games"]
    assert (game["user_id"], game["moves"], game["options"]["draw"]) == (ALICE, ["s"], 1)
    assert [row["cards"] for row in tables["players"]] == ["large"]
    assert [row["id"] for row in tables["races"]] == [race.id]  # challenged by Bob
    assert tables["racers"] == [] and tables["lines_seen"] == []
    everyone = json.dumps(tables)
    assert f'"user_id": {BOB}' not in everyone
    # Once an hour, whichever process asks.
    again = await MyData(store, Workers(0), key=b"k", clock=clock).export(Asker(ALICE))
    assert isinstance(again, Notice) and "less than an hour ago" in again.text
    assert f"<t:{int(NOON + 3600) + 1}:R>" in again.text
    clock.now += 3600
    assert isinstance(await mydata.export(Asker(ALICE)), Export)


async def test_an_export_over_the_upload_limit_is_not_sent_and_costs_no_turn(
    store: Store, service: GameService, clock: Clock
) -> None:
    mydata = MyData(store, Workers(0), key=b"a secret", clock=clock)
    for deal in range(1, 6):
        await service.start(Asker(ALICE), "klondike", deal=deal)
        await service.resign(Asker(ALICE))
    refused = await mydata.export(Asker(ALICE), upload_limit=300)
    assert isinstance(refused, Notice)
    assert "Discord takes at most 0.0 MiB here: nothing was sent" in refused.text
    exported = await mydata.export(Asker(ALICE), upload_limit=10 * 2**20)  # at once: no turn
    assert isinstance(exported, Export) and len(exported.data) > 300
    # Made to fit where it is sent: gzip'd above the limit the interaction carries.
    assert exported.name == "solitaire-data.json"
    clock.now += 3600
    squeezed = await mydata.export(Asker(ALICE), upload_limit=len(exported.data) - 1)
    assert isinstance(squeezed, Export) and squeezed.name == "solitaire-data.json.gz"
    assert len(squeezed.data) < len(exported.data)


async def test_an_export_withholds_a_running_races_deal_and_other_players_ids(
    store: Store, service: GameService, clock: Clock
) -> None:
    mydata = MyData(store, Workers(0), key=b"a secret", clock=clock)
    race = await store.create_race(
        BOB, channel_id=5, guild_id=6, locale="en", profile="klondike", options={}, deal=9,
        invited_id=ALICE,
    )  # fmt: skip
    record = new_game("klondike", 9).to_record()
    race = await store.start_race(race.id, ALICE, record, accept=True)
    exported = await mydata.export(Asker(ALICE))
    assert isinstance(exported, Export)
    data = json.loads(exported.data)
    [row] = data["tables"]["races"]
    assert row["deal"] is None and row["host_id"] is None  # Bob's id is not hers to have
    assert row["invited_id"] == ALICE
    assert "changes" not in row and "shown" not in row
    [game] = data["tables"]["games"]
    assert game["race_id"] == race.id and game["deal"] is None and game["start"] is None
    assert game["moves"] == []  # her own moves are hers
    assert str(BOB) not in {str(v) for r in data["tables"]["racers"] for v in r.values()}
    # Once the race is over, its deal is named.
    await store.end_races(NOON + 10**6, open_for=1, run_for=1)
    clock.now += 3600
    again = await mydata.export(Asker(ALICE))
    assert isinstance(again, Export)
    data = json.loads(again.data)
    assert data["tables"]["races"][0]["deal"] == 9 and data["tables"]["games"][0]["deal"] == 9


async def test_a_large_export_is_gzipped(store: Store, clock: Clock) -> None:
    from bot.usecases import jobs

    data, name = jobs.export_file({"tables": {"games": ["s" * 100] * 1000}}, 10_000)
    assert name == "solitaire-data.json.gz" and data[:2] == b"\x1f\x8b"
    record = new_game("klondike", 1).to_record()
    row = await store.create_game(ALICE, record)
    assert (await store.player_data(ALICE))["games"][0]["id"] == row.id


async def test_a_forgotten_player_leaves_no_row_and_the_others_results_read_as_before(
    store: Store, service: GameService, clock: Clock
) -> None:
    mydata = MyData(store, Workers(0), key=b"a secret", clock=clock)
    races = Races(store, service, clock=clock)
    await store.set_settings(ALICE, Settings(cards="large"))
    await store.set_name(ALICE, "alice")
    await service.start(Asker(ALICE), "klondike", deal=4711)
    await service.daily(Asker(ALICE), "casket")
    await store.saw_line(ALICE, "klondike", {}, 12)
    race = await store.create_race(
        BOB, channel_id=5, guild_id=6, locale="en", profile="klondike", options={}, deal=9,
        racers=[ALICE],
    )  # fmt: skip
    race = await store.start_race(race.id, BOB, new_game("klondike", 9).to_record())
    games = {r.user_id: await store.get_game(r.game_id or 0) for r in race.racers}
    won = games[ALICE]
    await store.save_moves(won.id, won.moves, expected_revision=won.revision, status="won")
    await store.set_status(games[BOB].id, "resigned")
    before = races.card(await store.get_race(race.id)).text
    assert await store.race_results(BOB) == (1, 0)
    # Asked, then confirmed: by someone else, forged, too late, then rightly.
    asked = mydata.ask_to_forget(Asker(ALICE))
    assert "**Confirm**" in asked.text and asked.expires == int(NOON + 60)
    args = (asked.user_id, asked.expires, asked.signature)
    said = await mydata.forget(Asker(BOB), *args)
    assert isinstance(said, Notice) and "someone else's" in said.text
    said = await mydata.forget(Asker(ALICE), ALICE, asked.expires + 600, asked.signature)
    assert isinstance(said, Notice) and "not made by this bot" in said.text
    clock.now += 61
    said = await mydata.forget(Asker(ALICE), *args)
    assert isinstance(said, Notice) and "run out" in said.text
    assert (await store.player_data(ALICE))["games"]  # nothing was deleted
    asked = mydata.ask_to_forget(Asker(ALICE))
    said = await mydata.forget(Asker(ALICE), asked.user_id, asked.expires, asked.signature)
    assert isinstance(said, Forgotten)
    # No row names her; Bob's race reads as before, with "a player" where she was.
    assert all(rows == [] for rows in (await store.player_data(ALICE)).values())
    assert await store.race_results(BOB) == (1, 0)
    after = races.card(await store.get_race(race.id)).text
    assert after == before.replace(f"<@{ALICE}>", "a player") and "1st a player" in after
    # At most once a day; then she starts anew.
    asked = mydata.ask_to_forget(Asker(ALICE))
    said = await mydata.forget(Asker(ALICE), asked.user_id, asked.expires, asked.signature)
    assert isinstance(said, Notice) and "less than a day ago" in said.text
    again = await service.start(Asker(ALICE), "klondike", deal=4711)
    assert isinstance(again, Board) and "Practice" not in again.news
    assert (await store.stats(ALICE, "klondike")).played == 0


async def test_a_hidden_player_is_a_player_on_boards_and_cards_and_still_counted(
    store: Store, service: GameService, clock: Clock
) -> None:
    from bot.usecases.settings import Preferences
    from bot.usecases.social import Social

    said = await Preferences(store).player(Asker(ALICE), visibility="hidden")
    assert 'you are "a player" there' in said.text
    assert (await store.settings(ALICE)).visibility == "hidden"
    refused = await Preferences(store).player(Asker(ALICE), visibility="sometimes")
    assert refused.text == "That is not a setting: choose from the list."
    assert (await store.settings(ALICE)).visibility == "hidden"  # nothing changed
    for user in (ALICE, BOB):
        await store.set_name(user, f"name{user}")
        row = await store.create_game(
            user, new_game("klondike", 30 + user).to_record(), guild_id=77
        )
        await store.save_moves(row.id, ["s"], expected_revision=row.revision, status="won")
    social = Social(store, clock=clock)
    board = await social.leaderboard(Asker(BOB, guild_id=77), "klondike", "all")
    assert "name2" in board.text and "name1" not in board.text and f"<@{ALICE}>" not in board.text
    assert "a player — 1 of 1" in board.text  # still counted
    theirs = await social.stats(Asker(BOB, guild_id=77), ALICE, "alice")
    assert isinstance(theirs, Notice) and "keeps their results to themselves" in theirs.text
    own = await social.stats(Asker(ALICE, guild_id=77), ALICE, "alice")
    assert not isinstance(own, Notice)  # one's own answers show one's own results
    race = await store.create_race(
        BOB, channel_id=5, guild_id=77, locale="en", profile="klondike", options={}, deal=9,
        racers=[ALICE],
    )  # fmt: skip
    card = Races(store, service, clock=clock).card(race).text
    assert f"<@{BOB}>, a player" in card and f"<@{ALICE}>" not in card
