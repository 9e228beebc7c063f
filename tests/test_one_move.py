"""One-move puzzles ("which move keeps it winnable?"): which positions make
one, how a try is judged without a search, and the ones a new bot has on
day one."""

from __future__ import annotations

from collections import Counter

import pytest

from solitaire import Game, new_game
from solitaire.one_move import (
    FEWEST_CHOICES,
    KEEPING,
    before_the_loss,
    day_one,
    one_move,
)
from solitaire.puzzles import PUZZLE_GAMES, choices
from solitaire.solver import Outcome, Solution, solve
from tests.helpers import as_played

DAY_ONE = day_one()
#: Each game's first one-move puzzle of day one.
FIRST = {profile: next(p for p in DAY_ONE if p.profile == profile) for profile in PUZZLE_GAMES}


def generous(game: Game, seconds: float) -> Solution:
    """The check's search with room to spare on a busy machine."""
    return solve(game, max_seconds=seconds * 20, max_nodes=None, memory=64 << 20)


def refuses(game: Game, seconds: float) -> Solution:
    pytest.fail("no search was needed to turn this position down")


#: Day one's one-move puzzles of each game, at least. The aim is 200 of every
#: game; Casket's are the fewest: its winning lines and lost games give them
#: the slowest, and a third of those found are dropped, its search's verdict
#: on a first move changing with the search's time.
FEWEST_ON_DAY_ONE = {"klondike": 200, "calculation": 200, "castles-end": 200, "casket": 140}


def test_day_one_has_one_move_puzzles_of_every_game_no_position_twice() -> None:
    counts = Counter(puzzle.profile for puzzle in DAY_ONE)
    assert all(counts[profile] >= FEWEST_ON_DAY_ONE[profile] for profile in PUZZLE_GAMES), counts
    assert len({repr(sorted(p.start.items())) for p in DAY_ONE}) == len(DAY_ONE)


def test_every_day_one_puzzle_offers_a_real_choice_of_legal_moves() -> None:
    for puzzle in DAY_ONE:
        game = puzzle.game()
        offered = [move.notation for move in choices(game)]
        assert len(offered) == puzzle.offered >= FEWEST_CHOICES
        assert 1 <= len(puzzle.keeping) <= KEEPING
        assert set(puzzle.keeping) <= set(offered), puzzle
        assert not game.copy().autoplay()  # nothing the game would play by itself


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
def test_the_moves_kept_win_and_every_other_move_is_proved_lost(profile: str) -> None:
    puzzle = FIRST[profile]
    game = puzzle.game()
    for move in choices(game):
        after = game.copy()
        after.play(move.notation)
        found = generous(after, 0.5)
        if puzzle.keeps(move):
            assert found.outcome is Outcome.WON
            for step in found.moves:  # the win is real: its line plays out
                after.play(step.notation)
            assert after.is_won
        else:
            assert found.outcome is Outcome.UNWINNABLE, move.notation


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
def test_a_try_is_judged_from_the_moves_kept_however_it_is_typed(profile: str) -> None:
    puzzle = FIRST[profile]
    game = puzzle.game()
    right = game.parse_move(f" {puzzle.keeping[0].upper()} ")
    assert puzzle.keeps(right)
    wrong = next(move for move in choices(game) if move.notation not in puzzle.keeping)
    assert not puzzle.keeps(game.parse_move(wrong.notation))


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
def test_the_position_before_a_losing_move_is_found_again_from_the_lost_game(
    profile: str,
) -> None:
    puzzle = FIRST[profile]
    game = puzzle.game()
    losing = next(move for move in choices(game) if move.notation not in puzzle.keeping)
    record = as_played(puzzle, losing.notation)
    found = before_the_loss(record, 0, generous)
    assert found is not None and found.game().position() == puzzle.game().position()
    assert found.options == puzzle.options and set(found.keeping) == set(puzzle.keeping)
    assert set(found.revealed) == set(puzzle.revealed)


def test_a_position_with_fewer_than_three_moves_is_no_puzzle() -> None:
    # A day-one puzzle played on (its first choice each time) until few moves are left.
    for puzzle in DAY_ONE:
        game = puzzle.game()
        while len(choices(game)) >= FEWEST_CHOICES and not game.is_won:
            game.play(choices(game)[0].notation)
        if not game.is_won and choices(game):
            position = game.position()
            assert one_move(puzzle.profile, puzzle.options, position, search=refuses) is None
            return
    pytest.fail("no position with fewer than three moves found")


def test_a_position_where_the_game_plays_a_move_by_itself_is_no_puzzle() -> None:
    # A deal with an ace on a column's top: home it goes, keeping any win.
    game = next(
        dealt for deal in range(1, 500)
        if (dealt := new_game("klondike", deal=deal)).copy().autoplay()
        and len(choices(dealt)) >= FEWEST_CHOICES
    )  # fmt: skip
    assert one_move("klondike", game.options, game.position(), search=refuses) is None


@pytest.mark.slow
def test_every_day_one_puzzle_is_found_again_with_the_same_moves_kept() -> None:
    for puzzle in DAY_ONE:
        again = one_move(puzzle.profile, puzzle.options, puzzle.start, search=generous)
        assert again is not None and set(again.keeping) == set(puzzle.keeping), puzzle
