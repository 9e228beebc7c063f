"""One-tap moves: a pile code alone plays that pile's move, in every game,
and a game that plays itself out offers its finishing line. From positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solitaire import VARIANTS, AmbiguousMove, Game, IllegalMove, new_game, winnable_deals
from solitaire.solver import Outcome, solve
from tests.helpers import table
from tests.test_properties import PROFILES

FULL = {f"f{n}": " ".join(r + s for r in "A23456789TJQK") for n, s in enumerate("SHDC", 1)}


def tapped(game: object, code: str) -> str:
    return game.play(code).notation  # type: ignore[attr-defined]


def test_a_klondike_card_that_may_go_home_goes_home() -> None:
    game = table("klondike", {"3": "#9D AS", "5": "2D"})
    assert tapped(game, "3") == "3 f1"


def test_the_only_move_from_a_pile_is_played() -> None:
    game = table("klondike", {"1": "QH", "2": "KS", "3": "9D"})
    assert tapped(game, "1") == "1 2"


def test_empty_piles_alike_are_one_target_the_lowest() -> None:
    game = table("klondike", {"1": "#2C KS", "4": "5D", "5": "6C", "6": "7H", "7": "8S"})
    assert tapped(game, "1") == "1 2"  # columns 2 and 3 are empty: the first of them


def test_moves_the_heuristic_holds_alike_are_listed_and_nothing_is_played() -> None:
    game = table("klondike", {"1": "6H", "2": "7S", "3": "7C"})
    with pytest.raises(AmbiguousMove) as info:
        game.play("1")
    assert "`1 2`" in str(info.value) and "`1 3`" in str(info.value)
    assert not game.moves


def test_a_pile_with_no_move_says_so() -> None:
    game = table("klondike", {"1": "2S", "2": "9D"})
    with pytest.raises(IllegalMove) as info:
        game.play("1")
    assert str(info.value) == "No move leaves column 1."
    with pytest.raises(IllegalMove):
        game.play("f1")


def test_in_klondike_s_alone_still_draws() -> None:
    game = new_game("klondike", 4711)
    assert tapped(game, "s") == "s"


def test_calculation_s_alone_taps_the_stock() -> None:
    game = table("calculation", {"f1": "AD", "f2": "2D", "f3": "3D", "f4": "4D", "s": "KH 2S"})
    assert tapped(game, "s") == "s f1"  # the 2 goes home on the ace
    assert tapped(game, "s") == "s w1"  # a king waits on the first waste pile


def test_castles_end_leaves_the_base_to_the_player_then_sends_cards_home() -> None:
    start = new_game("castles-end", 4711)
    assert tapped(start, "r1") == "r1 f1"  # the reserve's only move: it sets the base
    assert start.base_rank is not None
    game = table(
        "castles-end", {"f1": "5S", "1": "6S", "2": "7H", "3": "#4C 8D"}
    )  # base 5: the 6 of spades goes home
    assert tapped(game, "1") == "1 f1"


def test_casket_waste_card_goes_home() -> None:
    game = table("casket", {"w": "AH", "s": "#KD #QD"})
    assert tapped(game, "w") == "w f1"


@pytest.mark.parametrize("profile", PROFILES)
def test_a_finished_table_but_one_card_finishes_in_one_step(profile: str) -> None:
    game = new_game(profile, 4711)
    line = game.finishing_line()
    assert line is None  # a fresh deal never finishes by itself


def test_a_klondike_table_all_face_up_with_stock_and_waste_empty_finishes() -> None:
    piles = {code: cards for code, cards in FULL.items()}
    piles["f1"] = "AS 2S 3S"
    piles["f2"] = "AH 2H"
    piles["1"] = "KS QH JS TH 9S 8H 7S 6H 5S 4H"
    piles["2"] = "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H"
    game = table("klondike", piles)
    line = game.finishing_line()
    assert line is not None and all(move.target.startswith("f") for move in line)
    for move in line:
        game.play(move)
    assert game.is_won


def test_a_hidden_card_in_the_way_means_no_finish() -> None:
    game = table("klondike", {**FULL, "f1": "AS", "1": "#KS 2S"})
    assert game.finishing_line() is None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), pick=st.integers(0, 999), order=st.randoms())
def test_finish_is_offered_before_every_win_and_its_line_wins(
    profile: str, pick: int, order: random.Random
) -> None:
    """Along a won game (a solver's line on a deal it has won), a finishing
    line is offered before the last move, and wherever it is offered, its
    moves, each checked by the rules as it is played, win the game. (In
    Klondike, with every card face up and the stock and waste empty, any
    order of home moves wins; not so in Calculation, where a card may fit two
    foundations: there the line is the one that was found to win.)"""
    cls = VARIANTS[profile]
    deals = winnable_deals(cls, {})
    game = new_game(profile, deals[pick % len(deals)])
    searched = solve(game.copy(), max_nodes=30_000, max_seconds=60.0)  # by nodes: the same each run
    assume(searched.outcome is Outcome.WON)
    offered = 0
    for move in searched.moves:
        line = game.finishing_line()
        if line is not None:
            offered += 1
            finished = game.copy()
            for step in line:
                finished.play(step.notation)
            assert finished.is_won
            if order.random() < 0.3:  # now and then, take it
                game = finished
                break
        game.play(move)
    assert game.is_won and offered


def greedy_finish(game: Game) -> list[str] | None:
    """The finishing line as defined: each time, the first legal move home
    (from a pile that is not a foundation), until every card is home."""
    left = 52 * game.DECKS - game.cards_home
    if not left or left > game.FINISH_CARDS:
        return None
    finished, line, home = game.copy(), [], set(game.foundations)
    while not finished.is_won:
        moves = finished.legal_moves()
        move = next((m for m in moves if m.target in home and m.source not in home), None)
        if move is None:
            return None
        finished.play(move)
        line.append(move.notation)
    return line


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), pick=st.integers(0, 999), order=st.randoms())
def test_the_finishing_line_is_the_first_move_home_again_and_again(
    profile: str, pick: int, order: random.Random
) -> None:
    """At every position along a won game, and along a random playout from
    it, the finishing line offered is the one found by playing the first
    legal move home until the game is won, or none when that gets stuck."""
    deals = winnable_deals(VARIANTS[profile], {})
    game = new_game(profile, deals[pick % len(deals)])
    searched = solve(game.copy(), max_nodes=30_000, max_seconds=60.0)
    assume(searched.outcome is Outcome.WON)
    wandering = game.copy()
    seen = 0
    for move in searched.moves:
        for position in (game, wandering):
            line = position.finishing_line()
            assert (None if line is None else [m.notation for m in line]) == greedy_finish(position)
            seen += line is not None
        game.play(move)
        moves = wandering.legal_moves()
        if moves:
            wandering.play(order.choice(moves))
    assert seen
