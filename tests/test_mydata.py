"""A player's data, from the store on SQLite and PostgreSQL: the export holds
every row that names the player and no other player's, at most once an hour."""

from __future__ import annotations

import json

from bot.usecases.mydata import FORMAT, VERSION, Export, MyData
from bot.usecases.replies import Asker, Notice
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
    mydata = MyData(store, Workers(0), clock=clock)
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
    again = await MyData(store, Workers(0), clock=clock).export(Asker(ALICE))
    assert isinstance(again, Notice) and "less than an hour ago" in again.text
    assert f"<t:{int(NOON + 3600) + 1}:R>" in again.text
    clock.now += 3600
    assert isinstance(await mydata.export(Asker(ALICE)), Export)


async def test_a_large_export_is_gzipped(store: Store, clock: Clock) -> None:
    from bot.usecases import jobs

    data, name = jobs.export_file({"tables": {"games": ["s" * 100] * 1000}}, 10_000)
    assert name == "solitaire-data.json.gz" and data[:2] == b"\x1f\x8b"
    record = new_game("klondike", 1).to_record()
    row = await store.create_game(ALICE, record)
    assert (await store.player_data(ALICE))["games"][0]["id"] == row.id
