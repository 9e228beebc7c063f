"""Any legal stored game can be hinted and reviewed: a Klondike game with no
limit on passes, at the 2,000-move cap, has redealt hundreds of times, more
than the byte the searches keep redeals in."""

from __future__ import annotations

import time

import pytest

from bot.usecases import jobs
from solitaire import Game, new_game
from solitaire.searches import klondike
from solitaire.solver import Outcome


def redealt(moves: int = 2000) -> Game:
    """Klondike draw 3, no limit on passes, played to *moves*: each waste
    card that can go somewhere goes, else a draw; the stock shrinks, and the
    redeals come fast."""
    game = new_game("klondike", 4711, draw=3, passes="unlimited")
    while len(game.moves) < moves:
        legal = game.legal_moves()
        waste = next((m for m in legal if m.source == "w" and not m.is_draw), None)
        game.play(waste or next(m for m in legal if m.is_draw))
    return game


@pytest.fixture(scope="module")
def long_game() -> Game:
    game = redealt()
    assert len(game.moves) == 2000 and game.redeals > 255
    return game


@pytest.mark.parametrize("native", [True, False])
def test_both_searches_take_a_position_past_255_redeals(long_game: Game, native: bool) -> None:
    line, nodes, exhausted = klondike.search(
        long_game, 5_000, time.perf_counter() + 2, native=native
    )
    assert nodes > 0 and (line is not None or exhausted or nodes >= 5_000)


def test_a_hint_and_a_review_of_it_are_given(long_game: Game) -> None:
    searched = jobs.search(long_game.to_record(), 1.0)
    assert searched.outcome in Outcome and (searched.line or searched.fallback)
    review = jobs.review(long_game.to_record(), 1.0, "classic", "en")
    assert review.deal in Outcome  # decided or not, an answer: no error
