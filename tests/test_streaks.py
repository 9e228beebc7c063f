"""Puzzle Streak, its use case on both stores: a run of one-move puzzles
dealt near the player's rating, judged from the moves kept, to its first
mistake; one skip; a press on a board the run moved past changes nothing;
a puzzle from the player's own game or a deal in play is never dealt; the
best run is kept, and forgotten with the player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.usecases.boards import FROM, BoardMaker
from bot.usecases.fairplay import utc_day
from bot.usecases.puzzles import source_digest
from bot.usecases.replies import Asker, Notice, RunBoard
from bot.usecases.streaks import BELOW, Streaks, first_rating
from render import CLASSIC
from solitaire import daily_deal, load_position
from solitaire.one_move import OneMove, day_one
from storage import NewOneMove, Store
from tests.databases import execute

ALICE, BOB = 1, 2
KEY = b"a key"
NOW = 1_000_000.0
#: A few of day one's puzzles, of every game.
SEEDS = [
    next(puzzle for puzzle in day_one() if puzzle.profile == profile)
    for profile in ("klondike", "calculation", "castles-end", "casket")
] + [puzzle for puzzle in day_one() if puzzle.profile == "klondike"][1:5]


def streaks(store: Store, seeds: list[OneMove] = SEEDS) -> Streaks:
    boards = BoardMaker(store, lambda: NOW, CLASSIC)
    return Streaks(store, boards, key=KEY, clock=lambda: NOW, seeds=lambda: list(seeds))


def run_board(reply: object) -> RunBoard:
    assert isinstance(reply, RunBoard), reply
    return reply


async def shown(store: Store, board: RunBoard) -> tuple[tuple[str, ...], list[str]]:
    """The moves that keep the win of the puzzle *board* shows, and every legal move."""
    puzzle = await store.one_move(board.puzzle_id)
    assert puzzle is not None
    game = load_position(puzzle.profile, puzzle.start, **puzzle.options)
    return puzzle.keeping, [move.notation for move in game.legal_moves()]


async def test_a_run_goes_on_with_right_moves_skips_once_and_ends_at_the_first_mistake(
    store: Store,
) -> None:
    made = streaks(store)
    asker = Asker(ALICE)
    first = run_board(await made.start(asker))
    assert first.step == 1 and first.can_skip and not first.over and first.png
    assert "Puzzle Streak!" in first.text and "Puzzle 1 · " in first.text
    keeping, legal = await shown(store, first)
    values = [value for _, value, _ in first.moves]
    assert values and all(value in legal or value.startswith(FROM) for value in values)

    right = run_board(await made.answer(asker, first.puzzle_id, first.step, keeping[0]))
    assert f"Right: `{keeping[0]}` keeps the win. Your streak: 1." in right.text
    assert right.step == 2 and right.puzzle_id != first.puzzle_id

    twice = await made.answer(asker, first.puzzle_id, first.step, keeping[0])  # a double click
    assert isinstance(twice, Notice) and "board is old" in twice.text
    assert (await store.puzzle_run(ALICE)).score == 1  # type: ignore[union-attr]

    kept, _ = await shown(store, right)
    skipped = run_board(await made.skip(asker, right.puzzle_id, right.step))
    assert "Skipped: " in skipped.text and f"`{kept[0]}`" in skipped.text
    assert not skipped.can_skip and skipped.step == 3
    again = await made.skip(asker, skipped.puzzle_id, skipped.step)
    assert isinstance(again, Notice) and "used this run's one skip" in again.text

    keeping, legal = await shown(store, skipped)
    wrong = next(move for move in legal if move not in keeping)
    ended = run_board(await made.answer(asker, skipped.puzzle_id, skipped.step, wrong))
    assert ended.over and not ended.moves and ended.puzzle_id == skipped.puzzle_id
    assert f"`{wrong}` loses the win. `{keeping[0]}`" in ended.text
    assert "Your run ends: 1 puzzle right." in ended.text and "A new best run: 1!" in ended.text
    run = await store.puzzle_run(ALICE)
    assert run is not None and not run.playing and (run.score, run.best, run.runs) == (1, 1, 1)
    late = await made.answer(asker, skipped.puzzle_id, skipped.step, keeping[0])
    assert isinstance(late, Notice) and run == await store.puzzle_run(ALICE)  # nothing changed

    second = run_board(await made.start(asker))  # a new run; the best stays
    keeping, legal = await shown(store, second)
    wrong = next(move for move in legal if move not in keeping)
    over = run_board(await made.answer(asker, second.puzzle_id, second.step, wrong))
    assert "Your run ends: 0 puzzles right." in over.text and "Your best run: 1." in over.text
    run = await store.puzzle_run(ALICE)
    assert run is not None and (run.score, run.best, run.runs) == (0, 1, 2)


async def test_a_run_in_play_is_shown_again_and_a_pile_lists_its_moves(store: Store) -> None:
    made = streaks(store)
    first = run_board(await made.start(Asker(ALICE)))
    again = run_board(await made.start(Asker(ALICE)))
    assert (again.puzzle_id, again.step) == (first.puzzle_id, first.step)
    assert "goes on: 0 right so far" in again.text
    piles = [value for _, value, _ in first.moves if value.startswith(FROM)]
    if piles:  # a pile of several moves opens its own list, the run unchanged
        listed = run_board(await made.answer(Asker(ALICE), first.puzzle_id, 1, piles[0]))
        assert listed.step == 1 and listed.menu_title
    forged = await made.answer(Asker(ALICE), first.puzzle_id, 1, "9 9x9")
    assert isinstance(forged, Notice) and "no move of this puzzle" in forged.text
    others = await made.answer(Asker(BOB), first.puzzle_id, 1, first.moves[0][1])
    assert isinstance(others, Notice)  # another player's board plays nothing of theirs
    assert await store.puzzle_run(BOB) is None


async def test_runs_start_below_the_players_rating_and_rise(store: Store) -> None:
    offers = zip(SEEDS, range(3, 11), strict=True)
    rated = [replace(puzzle, offered=offered) for puzzle, offered in offers]
    made = streaks(store, rated)
    first = run_board(await made.start(Asker(ALICE)))
    puzzle = await store.one_move(first.puzzle_id)
    assert puzzle is not None
    near = sorted(abs(first_rating(p.offered, len(p.keeping)) - (1500 - BELOW)) for p in rated)
    assert abs(puzzle.rated[0] - (1500 - BELOW)) <= near[4]  # among the five nearest
    assert first_rating(3, 2) < first_rating(3, 1) < first_rating(10, 1)


async def test_a_puzzle_of_a_deal_in_play_or_of_the_players_own_game_is_never_dealt(
    store: Store,
) -> None:
    today = utc_day(NOW)
    klondike = SEEDS[0]
    assert klondike.options == {"draw": 1, "passes": 1, "foundation_return": False}
    in_play = replace(klondike, deal=daily_deal("klondike", today))
    made = streaks(store, [in_play])
    none = await made.start(Asker(ALICE))
    assert isinstance(none, Notice) and "No one-move puzzle is waiting" in none.text

    await store.add_one_moves(
        [NewOneMove(p.profile, p.options, p.start, p.keeping, p.offered, (1300.0, 350.0, 0.06))
         for p in SEEDS[1:2]],
        source=source_digest(KEY, BOB),
    )  # fmt: skip
    mine = await made.start(Asker(BOB))
    assert isinstance(mine, Notice)  # the only other one comes from Bob's own game
    theirs = run_board(await made.start(Asker(ALICE)))
    assert theirs.step == 1


async def test_a_run_with_no_puzzle_left_ends_with_its_score_kept(store: Store) -> None:
    made = streaks(store, SEEDS[:1])
    first = run_board(await made.start(Asker(ALICE)))
    keeping, _ = await shown(store, first)
    done = run_board(await made.answer(Asker(ALICE), first.puzzle_id, 1, keeping[0]))
    assert done.over and "every one-move puzzle there is" in done.text
    assert "Your run ends: 1 puzzle right." in done.text
    run = await store.puzzle_run(ALICE)
    assert run is not None and (run.score, run.best) == (1, 1)


async def test_day_one_is_seeded_once_and_forget_takes_a_players_runs_and_puzzles(
    store: Store,
) -> None:
    made = streaks(store)
    assert await made.seed() == len(SEEDS)
    assert await streaks(store).seed() == 0  # another process: the pool's are there
    run_board(await made.start(Asker(ALICE)))
    source = source_digest(KEY, ALICE)
    await store.add_one_moves(
        [NewOneMove(p.profile, p.options, p.start, p.keeping, p.offered, (1300.0, 350.0, 0.06))
         for p in day_one()[-2:]],
        source=source,
    )  # fmt: skip
    exported = await store.player_data(ALICE)
    [run] = exported["puzzle_runs"]
    assert run["step"] == 1 and isinstance(run["served"], list)
    assert await store.forget_player(ALICE, "digest", every=0.0, puzzle_source=source)
    assert await store.puzzle_run(ALICE) is None
    assert await store.count_one_moves() == len(SEEDS)
    assert await store.count_one_moves(pool=True) == len(SEEDS)


@pytest.mark.parametrize("offered, keeping, rating", [(2, 1, 1000.0), (8, 1, 1500.0)])
def test_a_puzzle_is_first_rated_by_the_chance_of_guessing_it(
    offered: int, keeping: int, rating: float
) -> None:
    assert first_rating(offered, keeping) == rating


async def test_a_puzzle_gone_with_its_player_is_passed_for_no_point(
    store: Store, database_url: str
) -> None:
    made = streaks(store)
    first = run_board(await made.start(Asker(ALICE)))
    await execute(database_url, "DELETE FROM one_move_puzzles WHERE id = ?", first.puzzle_id)
    passed = run_board(await made.answer(Asker(ALICE), first.puzzle_id, 1, first.moves[0][1]))
    assert "That puzzle is gone" in passed.text and passed.step == 2
    await execute(database_url, "DELETE FROM one_move_puzzles WHERE id = ?", passed.puzzle_id)
    shown = run_board(await made.start(Asker(ALICE)))  # the run shown again goes on past it
    assert "goes on: 0 right" in shown.text and "gone" in shown.text and shown.step == 3
    run = await store.puzzle_run(ALICE)
    assert run is not None and (run.score, run.skipped) == (0, False)
