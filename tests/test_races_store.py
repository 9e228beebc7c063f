"""Races in the store, on SQLite and PostgreSQL: who may join, leave, start,
accept and decline; each racer's game; the end of a race; the card's edits
claimed in turn."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from solitaire import new_game
from storage import (
    NotFound,
    RaceRefused,
    RaceRow,
    RaceStatus,
    Status,
    Store,
    UnfinishedGame,
    open_store,
)
from tests.test_storage import Clock

HOST, SECOND, THIRD = 11, 22, 33
CHANNEL = 500


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database_url: str, clock: Clock) -> AsyncIterator[Store]:
    async with await open_store(database_url, clock=clock) as opened:
        yield opened


async def open_race(store: Store, **more: object) -> RaceRow:
    return await store.create_race(
        HOST, channel_id=CHANNEL, guild_id=7, locale="en", profile="klondike",
        options={"draw": 1}, deal=4711, **more,  # type: ignore[arg-type]
    )  # fmt: skip


RECORD = new_game("klondike", 4711, draw=1).to_record()


async def why(call: object) -> str:
    try:
        await call  # type: ignore[misc]
    except RaceRefused as refused:
        return refused.why
    raise AssertionError("not refused")


async def test_racers_join_once_up_to_the_most_and_the_host_starts(store: Store) -> None:
    race = await open_race(store)
    assert race.status == RaceStatus.OPEN and [r.user_id for r in race.racers] == [HOST]
    race = await store.join_race(race.id, SECOND, most=3)
    assert await why(store.join_race(race.id, SECOND, most=3)) == "joined"
    await store.join_race(race.id, THIRD, most=3)
    assert await why(store.join_race(race.id, 44, most=3)) == "full"
    assert await why(store.start_race(race.id, SECOND, RECORD)) == "not_host"
    started = await store.start_race(race.id, HOST, RECORD)
    assert started.status == RaceStatus.RUNNING and started.started_at is not None
    assert [r.user_id for r in started.racers] == [HOST, SECOND, THIRD]
    games = [await store.get_game(r.game_id or 0) for r in started.racers]
    assert {(g.race_id, g.deal, g.status, g.started_at) for g in games} == {
        (race.id, 4711, Status.PLAYING, started.started_at)
    }
    assert await why(store.join_race(race.id, 44, most=8)) == "started"
    assert await why(store.leave_race(race.id, SECOND)) == "started"


async def test_a_race_game_is_apart_from_the_players_own_unfinished_game(store: Store) -> None:
    own = await store.create_game(SECOND, RECORD)
    race = await open_race(store)
    await store.join_race(race.id, SECOND, most=8)
    started = await store.start_race(race.id, HOST, RECORD)
    raced = started.racer(SECOND)
    assert raced is not None and raced.game_id != own.id
    with pytest.raises(UnfinishedGame):  # their own game is still the one in the way
        await store.create_game(SECOND, RECORD)


async def test_one_racer_cannot_start_and_a_host_who_leaves_hands_on(store: Store) -> None:
    race = await open_race(store)
    assert await why(store.start_race(race.id, HOST, RECORD)) == "alone"
    await store.join_race(race.id, SECOND, most=8)
    assert await why(store.leave_race(race.id, THIRD)) == "not_racer"
    left = await store.leave_race(race.id, HOST)
    assert left.host_id == SECOND and [r.user_id for r in left.racers] == [SECOND]
    empty = await store.leave_race(race.id, SECOND)
    assert empty.status == RaceStatus.CANCELLED and not empty.racers


async def test_only_the_one_invited_accepts_or_declines(store: Store) -> None:
    race = await open_race(store, invited_id=SECOND)
    assert await why(store.join_race(race.id, THIRD, most=8)) == "not_invited"
    assert await why(store.start_race(race.id, THIRD, RECORD, accept=True)) == "not_invited"
    assert await why(store.decline_race(race.id, THIRD)) == "not_invited"
    assert await why(store.start_race(race.id, HOST, RECORD)) == "not_invited"
    accepted = await store.start_race(race.id, SECOND, RECORD, accept=True)
    assert accepted.status == RaceStatus.RUNNING and len(accepted.racers) == 2
    declined = await store.decline_race((await open_race(store, invited_id=THIRD)).id, THIRD)
    assert declined.status == RaceStatus.DECLINED


async def test_a_missing_race_is_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.get_race(999)
    with pytest.raises(NotFound):
        await store.join_race(999, HOST, most=8)


async def test_the_race_is_over_when_every_game_is_won_resigned_or_stuck(
    store: Store, clock: Clock
) -> None:
    race = await open_race(store)
    await store.join_race(race.id, SECOND, most=8)
    await store.join_race(race.id, THIRD, most=8)
    started = await store.start_race(race.id, HOST, RECORD)
    first, second, third = (r.game_id or 0 for r in started.racers)
    clock.tick(10)
    await store.save_moves(first, ["s"], expected_revision=0, home=52, status=Status.WON)
    await store.set_status(second, Status.RESIGNED)
    assert (await store.get_race(race.id)).status == RaceStatus.RUNNING
    await store.save_moves(third, ["s"], expected_revision=0, home=3, stuck=True)
    over = await store.get_race(race.id)
    assert over.status == RaceStatus.OVER and over.ended_at == clock.now
    assert [(r.status, r.home, r.stuck, r.done) for r in over.racers] == [
        (Status.WON, 52, False, True),
        (Status.RESIGNED, 0, False, True),
        (Status.PLAYING, 3, True, True),
    ]
    assert await store.race_results(HOST) == (1, 1)
    assert await store.race_results(SECOND) == (1, 0)


async def test_open_races_lapse_and_running_ones_end_on_time(store: Store, clock: Clock) -> None:
    waiting = await open_race(store)
    running = await open_race(store)
    await store.join_race(running.id, SECOND, most=8)
    await store.start_race(running.id, HOST, RECORD)
    assert await store.end_races(clock.now, open_for=600, run_for=1800) == []
    clock.tick(601)
    assert await store.end_races(clock.now, open_for=600, run_for=1800) == [waiting.id]
    clock.tick(1200)
    assert await store.end_races(clock.now, open_for=600, run_for=1800) == [running.id]
    assert (await store.get_race(waiting.id)).status == RaceStatus.LAPSED
    assert (await store.get_race(running.id)).status == RaceStatus.OVER


async def test_the_card_is_claimed_at_most_once_every_two_seconds(
    store: Store, clock: Clock
) -> None:
    race = await open_race(store)
    await store.join_race(race.id, SECOND, most=8)
    started = await store.start_race(race.id, HOST, RECORD)
    await store.set_race_message(race.id, 99)
    game = started.racers[0].game_id or 0
    assert await store.claim_card(race.id, clock.now, 2.0) is None  # the start is shown
    await store.save_moves(game, ["s"], expected_revision=0, home=0)
    assert await store.claim_card(race.id, clock.now, 2.0) == clock.now + 2.0
    assert await store.due_cards(clock.now, 2.0) == []
    clock.tick(2)
    assert await store.due_cards(clock.now, 2.0) == [race.id]
    claimed = await store.claim_card(race.id, clock.now, 2.0)
    assert isinstance(claimed, RaceRow) and claimed.racers[0].moves == 1
    assert await store.claim_card(race.id, clock.now + 5, 2.0) is None  # shown, nothing new
