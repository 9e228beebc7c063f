"""Puzzles played through the game service, on both stores: dealt near the
player's rating, solved by a win, failed at once by a move that loses the
win, a hint or resigning, counted once, and made from a real lost game."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.usecases.fairplay import utc_day
from bot.usecases.puzzles import Puzzles, seeded, source_digest
from bot.usecases.replies import Asker, Board, Notice
from bot.usecases.review import Reviews
from bot.usecases.service import GameService
from solitaire import Game, daily_deal
from solitaire.puzzles import PUZZLE_GAMES
from solitaire.solver import Outcome, solve
from storage import Status, Store
from tests.databases import execute

ALICE, BOB = 1, 2
KEY = b"a key"


class Ticking:
    """A clock a second on at each reading: no move waits for the flood limit."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, clock=Ticking())


@pytest.fixture
async def puzzles(store: Store, service: GameService) -> AsyncIterator[Puzzles]:
    made = Puzzles(
        store, service.workers, service.boards, service.live, key=KEY, clock=lambda: 1_000_000.0
    )
    service.puzzles = made
    yield made


def replayed(game: Game, moves: list[str]) -> Game:
    position = game.copy()
    for move in moves:
        position.play(move)
    return position


def board(reply: object) -> Board:
    assert isinstance(reply, Board), reply
    return reply


async def dealt(store: Store, puzzles: Puzzles, who: int = ALICE) -> tuple[Board, list[str]]:
    started = board(await puzzles.deal(Asker(who), "castles-end"))
    row = await store.get_game(started.game_id)
    assert row.puzzle_id is not None and row.status == Status.PLAYING
    kept = await store.puzzle(row.puzzle_id)
    assert kept is not None
    return started, kept.line


async def test_a_puzzle_is_dealt_privately_and_its_line_solves_it_and_raises_the_rating(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    started, line = await dealt(store, puzzles)
    assert started.private and "rated 1500" in started.news and "No undo" in started.news
    assert not started.can_undo
    for move in line:
        last = board(await service.move(Asker(ALICE), move))
    assert last.won and "Solved! Your puzzle rating: 1" in last.news, last.news
    assert f"A winning line: `{line[0]}`" in last.news
    player = await store.puzzle_player(ALICE)
    assert player.rated[0] > 1500 and player.rated_at is not None
    stats = await store.stats(ALICE, "castles-end")
    assert stats.played == 0  # a puzzle is no game in the stats


async def test_no_undo_and_a_hint_gives_the_puzzle_up_showing_the_line(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    _, line = await dealt(store, puzzles)
    refused = await service.move(Asker(ALICE), "u")
    assert isinstance(refused, Notice) and "no undo" in refused.text
    given_up = board(await service.hint(Asker(ALICE)))
    assert given_up.status == Status.RESIGNED
    assert "Not solved" in given_up.news and f"`{line[0]}`" in given_up.news
    assert (await store.puzzle_player(ALICE)).rated[0] < 1500
    again = await service.resign(Asker(ALICE))
    assert isinstance(again, Notice)  # nothing left to give up: counted once


async def test_a_move_that_loses_the_win_fails_the_puzzle_at_once(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    await puzzles.seed()
    # A seeded puzzle with a legal move after which the solver proves a loss.
    for puzzle in seeded():
        game = puzzle.game()
        losing = next(
            (
                move.notation
                for move in game.legal_moves()
                if (after := puzzle.game()).play(move.notation)
                and solve(after, max_seconds=0.3).outcome is Outcome.UNWINNABLE
            ),
            None,
        )
        if losing is not None:
            break
    else:
        pytest.fail("no seeded puzzle has a losing move")
    kept = await store.puzzles_near(ALICE, None, 1500.0, not_from="", limit=1000)
    puzzle_id = next(row.id for row in kept if row.start == puzzle.start)
    started = await puzzles._start(Asker(ALICE), await store.puzzle(puzzle_id), None)  # type: ignore[arg-type]
    assert board(started).status == Status.PLAYING
    lost = board(await service.move(Asker(ALICE), losing))
    assert lost.status == Status.LOST and "lost the win" in lost.news and "Not solved" in lost.news


async def test_a_second_try_counts_nothing_and_a_tried_puzzle_is_not_dealt_again(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    started, _ = await dealt(store, puzzles)
    first = (await store.get_game(started.game_id)).puzzle_id
    await service.resign(Asker(ALICE))
    for _ in range(20):
        again, _ = await dealt(store, puzzles)
        assert (await store.get_game(again.game_id)).puzzle_id != first
        await service.resign(Asker(ALICE))
    rating = (await store.puzzle_player(ALICE)).rated
    row = await store.get_game(started.game_id)
    told = await puzzles.finish(row, True, "en")  # a late second count of the first
    assert "counts nothing" in told and "Solved" not in told
    assert (await store.puzzle_player(ALICE)).rated == rating


async def test_one_puzzle_at_a_time_and_the_daily_is_the_same_for_everyone(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    started, _ = await dealt(store, puzzles)
    again = board(await puzzles.deal(Asker(ALICE)))
    assert again.game_id == started.game_id and "finish it first" in again.news
    await service.resign(Asker(ALICE))
    alices = board(await puzzles.daily(Asker(ALICE)))
    bobs = board(await puzzles.daily(Asker(BOB)))
    daily = [(await store.get_game(b.game_id)).puzzle_id for b in (alices, bobs)]
    assert daily[0] == daily[1] and "Today's puzzle" in alices.news
    await service.resign(Asker(ALICE))
    done = await puzzles.daily(Asker(ALICE))
    assert isinstance(done, Notice) and "tried today's puzzle. A new one comes <t:" in done.text


@pytest.mark.slow  # a review's searches
async def test_a_lost_games_review_makes_a_puzzle_dealt_to_another_never_to_its_player(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    # A Castle's End game a fair player lost in its last move: the review
    # finds the position before it, which makes a puzzle.
    lost = json.loads((Path(__file__).parent / "data" / "castles_end_lost.json").read_text())
    started = board(await service.start(Asker(BOB), "castles-end", deal=lost["deal"]))
    for move in lost["moves"]:
        await service.move(Asker(BOB), move)
    await service.resign(Asker(BOB))
    reviews = Reviews(store, service.workers)
    reviews.puzzles = puzzles
    before = await store.count_puzzles()
    await reviews.review(Asker(BOB), started.game_id)
    assert await store.count_puzzles() == before + 1
    made = await store.puzzles_near(ALICE, "castles-end", 1500.0, not_from="", limit=1000)
    newest = max(made, key=lambda row: row.id)
    assert newest.deal == lost["deal"]
    theirs = await store.puzzles_near(
        BOB, "castles-end", 1500.0, not_from=source_digest(KEY, BOB), limit=1000
    )
    assert newest.id not in {row.id for row in theirs}


async def test_a_puzzle_from_a_deal_in_play_waits_and_a_puzzle_board_tells_no_verdict(
    store: Store, service: GameService, puzzles: Puzzles
) -> None:
    # Trying to cheat: a puzzle from today's daily deal would show a position
    # of it; a board that says "can still be won" would tell a lost move.
    today = service.boards.today()
    daily = daily_deal("castles-end", today)
    [puzzle] = [p for p in seeded() if p.profile == "castles-end"][:1]
    held = await store.add_puzzle(
        "castles-end", {}, {**puzzle.start, "r1": []}, puzzle.line, puzzle.plays,
        source="someone", deal=daily,
    )  # fmt: skip
    assert held is not None
    waits = await puzzles.play(Asker(ALICE), held)
    assert isinstance(waits, Notice) and "still in play" in waits.text
    for _ in range(30):
        dealt_now = board(await puzzles.deal(Asker(ALICE)))
        assert (await store.get_game(dealt_now.game_id)).puzzle_id != held
        await service.resign(Asker(ALICE))
    await store.set_settings(ALICE, replace(await store.settings(ALICE), verdicts=True))
    shown = board(await puzzles.deal(Asker(ALICE)))
    assert not shown.verdicts and shown.verdict == ""


async def test_a_game_with_no_puzzle_yet_says_so_and_changes_nothing(
    store: Store, puzzles: Puzzles, database_url: str
) -> None:
    await puzzles.seed()
    await execute(database_url, "DELETE FROM puzzles WHERE profile = 'klondike'")
    refused = await puzzles.deal(Asker(ALICE), "klondike")
    assert isinstance(refused, Notice) and "There is no Klondike puzzle yet" in refused.text
    other = await puzzles.deal(Asker(ALICE), "spider")  # a forged option
    assert isinstance(other, Notice)
    assert "Klondike, Calculation, Castle's End, Casket" in other.text
    assert await store.puzzle_in_play(ALICE) is None


async def test_day_one_seeds_every_game_and_a_game_added_later_gets_its_own(
    store: Store, service: GameService, database_url: str
) -> None:
    added = await Puzzles(store, service.workers, service.boards, service.live, key=KEY).seed()
    counts = {profile: await store.count_puzzles(profile, pool=True) for profile in PUZZLE_GAMES}
    assert sum(counts.values()) == added and min(counts.values()) >= 100
    # A bot that had puzzles of some games only (before the others gave
    # any) gets the others', and keeps what it had.
    await execute(database_url, "DELETE FROM puzzles WHERE profile <> 'castles-end'")
    again = await Puzzles(store, service.workers, service.boards, service.live, key=KEY).seed()
    assert again == added - counts["castles-end"]
    assert await store.count_puzzles("castles-end", pool=True) == counts["castles-end"]


async def test_a_day_one_puzzle_waits_on_the_day_its_deal_is_the_daily(
    store: Store, service: GameService, database_url: str
) -> None:
    # Day-one puzzles come from the pool deals, and the daily deal is drawn
    # from the same pool: a late position of today's daily, with its line,
    # must not be dealt while the day lasts.
    seeds = {puzzle.deal for puzzle in seeded() if puzzle.profile == "castles-end"}
    day = next(
        start + days * 86_400.0
        for start in (1_800_000_000.0,)
        for days in range(3650)
        if daily_deal("castles-end", utc_day(start + days * 86_400.0)) in seeds
    )
    puzzles = Puzzles(
        store, service.workers, service.boards, service.live, key=KEY, clock=lambda: day
    )
    await puzzles.seed()
    today = daily_deal("castles-end", utc_day(day))
    [held] = [
        p.id
        for p in await store.puzzles_near(ALICE, None, 1500, not_from="", limit=500)
        if p.deal == today and p.profile == "castles-end"
    ]
    waits = await puzzles.play(Asker(ALICE), held)
    assert isinstance(waits, Notice) and "still in play" in waits.text
    # The nearest to Alice's rating, it would be dealt first if anything were.
    await execute(database_url, "UPDATE puzzles SET rating = 1400 WHERE id <> ?", held)
    for _ in range(10):
        dealt_now = board(await puzzles.deal(Asker(ALICE)))
        assert (await store.get_game(dealt_now.game_id)).puzzle_id != held
        await service.resign(Asker(ALICE))
