"""Glicko-2 as Glickman's worked example has it, and what a puzzle try does
to a player's and a puzzle's ratings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.usecases.glicko import NEWCOMER, SUREST, Rating, play, rate


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system", Glickman 2013: a 1500 ± 200 player
    # beats a 1400 ± 30 and loses to a 1550 ± 100 and a 1700 ± 300, τ = 0.5.
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(player, games, tau=0.5, bounded=False)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_solved_puzzle_raises_its_player_and_lowers_the_puzzle_and_a_failed_one_the_reverse() -> (
    None
):
    player, puzzle = Rating(1500, 200), Rating(1600, 80)
    won, beaten = play(player, puzzle, solved=True)
    lost, held = play(player, puzzle, solved=False)
    assert won.rating > player.rating > lost.rating
    assert beaten.rating < puzzle.rating < held.rating
    assert won.deviation < player.deviation and lost.deviation < player.deviation  # surer now
    # An upset moves more than the expected result: the puzzle was rated higher.
    assert won.rating - player.rating > player.rating - lost.rating


def test_a_player_away_a_long_time_is_less_sure_and_moves_further() -> None:
    player, puzzle = Rating(1700, 60), Rating(1700, 60)
    back_at_once, _ = play(player, puzzle, solved=True)
    back_after_a_year, _ = play(player, puzzle, solved=True, days_away=365)
    assert back_after_a_year.rating - player.rating > back_at_once.rating - player.rating


ratings = st.builds(
    Rating,
    st.floats(400, 3000),
    st.floats(SUREST, NEWCOMER),
    st.floats(0.03, 0.1),
)


@given(ratings, ratings, st.booleans(), st.floats(0, 2000))
def test_every_try_keeps_ratings_finite_and_deviations_within_bounds(
    player: Rating, puzzle: Rating, solved: bool, days: float
) -> None:
    for after in play(player, puzzle, solved, days_away=days):
        assert SUREST <= after.deviation <= NEWCOMER
        assert 0 < after.volatility < 1
        assert abs(after.rating - 1500) < 5000
    mine, theirs = play(player, puzzle, solved, days_away=days)
    assert (mine.rating >= player.rating) == solved or mine.rating == pytest.approx(player.rating)
    assert (theirs.rating <= puzzle.rating) == solved or theirs.rating == pytest.approx(
        puzzle.rating
    )
