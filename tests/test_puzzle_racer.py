"""Puzzle Racer, its use case on both stores and a clock of its own: a race
starts by itself a minute after it opened (or lapses with one racer), runs
after its countdown and ends when its time is up, each once; ten racers
at most; combos score more; a racer's own puzzles are never dealt to them."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.usecases.boards import BoardMaker
from bot.usecases.puzzleraces import COUNTDOWN, MOST, OPEN_FOR, RACE_FOR, PuzzleRaces, bonus
from bot.usecases.puzzles import source_digest
from bot.usecases.replies import Asker, Notice, PuzzleRaceCard, RunBoard
from bot.usecases.streaks import Streaks
from render import CLASSIC
from solitaire.one_move import day_one
from storage import NewOneMove, Store, open_store
from tests.databases import execute
from tests.test_streaks import SEEDS

KEY = b"a key"
GUILD, CHANNEL = 10, 20


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database_url: str, clock: Clock) -> AsyncIterator[Store]:
    """A store on a fresh database, on the test's clock."""
    async with await open_store(database_url, clock=clock) as opened:
        yield opened


def races(store: Store, clock: Clock) -> PuzzleRaces:
    boards = BoardMaker(store, clock, CLASSIC)
    streaks = Streaks(store, boards, key=KEY, clock=clock, seeds=lambda: list(SEEDS))
    return PuzzleRaces(store, boards, streaks, key=KEY, clock=clock)


def asker(user_id: int) -> Asker:
    return Asker(user_id, guild_id=GUILD, channel_id=CHANNEL, private=False)


def card(reply: object) -> PuzzleRaceCard:
    assert isinstance(reply, PuzzleRaceCard), reply
    return reply


async def test_a_race_starts_by_itself_runs_and_ends_once(store: Store, clock: Clock) -> None:
    made = races(store, clock)
    opened = card(await made.open(asker(1)))
    assert opened.actions == ("join", "start")
    for user_id in range(2, MOST + 2):
        said = await made.join(asker(user_id), opened.race_id)
    assert isinstance(said, Notice) and "full" in said.text  # the eleventh
    early = await made.play(asker(2), opened.race_id)
    assert isinstance(early, Notice) and "not started" in early.text

    clock.now += OPEN_FOR - 1
    assert opened.race_id not in await made.sweep()
    clock.now += 1
    assert opened.race_id in await made.sweep()  # started by itself
    race = await store.puzzle_race(opened.race_id)
    assert race is not None and race.status == "running" and len(race.racers) == MOST
    assert race.starts_at == clock.now + COUNTDOWN and race.ends_at == race.starts_at + RACE_FOR
    ratings = []
    for puzzle_id in race.puzzles:
        puzzle = await store.one_move(puzzle_id)
        assert puzzle is not None
        ratings.append(puzzle.rated[0])
    assert ratings == sorted(ratings) and len(set(race.puzzles)) == len(race.puzzles)
    waiting = await made.play(asker(3), race.id)
    assert isinstance(waiting, Notice) and "starts <t:" in waiting.text

    clock.now = race.starts_at
    board = await made.play(asker(3), race.id)
    assert isinstance(board, RunBoard) and board.race_id == race.id and board.step == 0
    assert not (await made.card(race)).over

    clock.now = race.ends_at
    ended = await made.sweep()
    assert race.id in ended
    race = await store.puzzle_race(race.id)
    assert race is not None and race.status == "over"
    assert not await store.end_puzzle_race(race.id)  # once
    over = await made.card(race)
    assert over.over and "🥇" in over.text and over.actions == ("play",)
    summary = await made.play(asker(3), race.id)
    assert isinstance(summary, Notice) and "your score 0" in summary.text


async def test_a_race_with_one_racer_lapses(store: Store, clock: Clock) -> None:
    made = races(store, clock)
    opened = card(await made.open(asker(1)))
    too_few = await made.start(asker(1), opened.race_id)
    assert isinstance(too_few, Notice) and "two racers" in too_few.text
    clock.now += OPEN_FOR
    assert opened.race_id in await made.sweep()
    race = await store.puzzle_race(opened.race_id)
    assert race is not None and race.status == "over" and not race.puzzles
    lapsed = await made.card(race)
    assert lapsed.actions == () and "Fewer than two racers" in lapsed.text
    late = await made.join(asker(2), race.id)
    assert isinstance(late, Notice) and "started, lapsed or ended" in late.text
    again = card(await made.open(asker(2)))  # the channel is free again
    assert again.race_id != race.id


async def test_no_racer_is_dealt_a_puzzle_from_their_own_games(store: Store, clock: Clock) -> None:
    made = races(store, clock)
    await made._streaks.seed()
    own = [
        NewOneMove(p.profile, p.options, p.start, p.keeping, p.offered, (900.0, 350.0, 0.06))
        for p in day_one()[-3:]
    ]
    await store.add_one_moves(own, source=source_digest(KEY, 2))
    opened = card(await made.open(asker(1)))
    await made.join(asker(2), opened.race_id)
    started = card(await made.start(asker(1), opened.race_id))
    race = await store.puzzle_race(started.race_id)
    assert race is not None and len(race.puzzles) == len(SEEDS)  # the pool's alone
    for puzzle_id in race.puzzles:
        puzzle = await store.one_move(puzzle_id)
        assert puzzle is not None and puzzle.source is None


def test_combos_score_more_at_5_12_20_and_30_in_a_row() -> None:
    scores = [1 + bonus(combo) for combo in range(1, 41)]
    assert sum(scores) == 40 + 1 + 2 + 3 + 4 + 4
    assert [n for n, score in enumerate(scores, 1) if score > 1] == [5, 12, 20, 30, 40]


async def test_a_puzzle_gone_with_its_player_is_passed_with_the_combo_kept(
    store: Store, clock: Clock, database_url: str
) -> None:
    made = races(store, clock)
    opened = card(await made.open(asker(1)))
    await made.join(asker(2), opened.race_id)
    await made.start(asker(1), opened.race_id)
    race = await store.puzzle_race(opened.race_id)
    assert race is not None and race.starts_at is not None
    clock.now = race.starts_at
    first = await store.one_move(race.puzzles[0])
    assert first is not None
    await execute(database_url, "DELETE FROM one_move_puzzles WHERE id = ?", race.puzzles[1])
    board = await made.answer(asker(1), race.id, 0, first.keeping[0])  # right, then one gone
    assert isinstance(board, RunBoard) and "That puzzle is gone" in board.text
    assert board.step == 2  # on to the third puzzle
    racer = (await store.puzzle_race(race.id)).racer(1)  # type: ignore[union-attr]
    assert racer is not None and (racer.done, racer.score, racer.combo) == (2, 1, 1)
