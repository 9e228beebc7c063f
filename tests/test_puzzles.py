"""Which positions of real games make puzzles: a proved win in a handful of
plays, every card in sight, more than autoplay to find."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire import load_game, new_game
from solitaire.puzzles import FEWEST, MOST, candidate, in_sight, plays
from solitaire.solver import Outcome, solve


def won_along(profile: str, deal: int, **options: Any) -> dict[str, Any]:
    """The record of a game played along the solver's winning line."""
    game = new_game(profile, deal=deal, **options)
    found = solve(game, max_seconds=10, max_nodes=None, memory=64 << 20)
    assert found.outcome is Outcome.WON
    return {**game.to_record(), "moves": [move.notation for move in found.moves]}


def plays_left(record: dict[str, Any], kept: int) -> int:
    return plays(load_game(record).moves[kept:])


def test_a_position_near_the_end_of_a_winnable_game_is_a_puzzle_its_line_wins() -> None:
    record = won_along("castles-end", 3)
    kept = next(k for k in range(len(record["moves"])) if plays_left(record, k) <= 12)
    puzzle = candidate(record, kept)
    assert puzzle is not None and FEWEST <= puzzle.plays <= MOST
    assert puzzle.start == load_game({**record, "moves": record["moves"][:kept]}).position()
    game = puzzle.game()
    for move in puzzle.line:
        game.play(move)
    assert game.is_won


def test_a_position_far_from_the_end_asks_for_stamina_and_is_no_puzzle() -> None:
    record = won_along("castles-end", 3)
    assert plays_left(record, 0) > MOST
    assert candidate(record, 0) is None


def test_a_position_autoplay_finishes_is_no_puzzle() -> None:
    record = won_along("castles-end", 3)
    kept = len(record["moves"]) - 1  # one card left: nothing to find
    assert candidate(record, kept) is None


def test_a_lost_position_is_no_puzzle() -> None:
    record = new_game("castles-end", deal=7).to_record()  # cannot be won from the deal
    assert candidate(record, 0) is None


def test_a_klondike_position_with_a_card_face_down_is_no_puzzle() -> None:
    record = won_along("klondike", 4711)
    kept = next(
        k
        for k in range(len(record["moves"]))
        if not in_sight(load_game({**record, "moves": record["moves"][:k]}).position())
        and plays_left(record, k) <= MOST // 2
    )
    assert candidate(record, kept) is None  # the win would hang on the hidden cards


@pytest.mark.parametrize("profile", ["calculation", "casket"])
def test_a_game_that_deals_its_stock_face_down_gives_no_puzzles(profile: str) -> None:
    game = new_game(profile, deal=1)
    assert candidate(game.to_record(), 0) is None
