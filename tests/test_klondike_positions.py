"""Klondike's complete searches (in C and its Python twin) on any legal
position, not only those real play reaches: in a position made by hand — a
puzzle's, its hidden cards shown — a face-up card may lie under one it does
not take, so a column's face-up cards are not one run. The engine's own
complete search (every legal move, no reductions) is the judge: every loss
proved is one it does not win, every line found replays to a win, and
showing hidden cards never turns a win into a proved loss."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from solitaire import Game, load_game, load_position, new_game, solver
from solitaire.cards import Card
from solitaire.searches import klondike
from solitaire.solver import Outcome, solve
from tests.helpers import klondike_endgame

#: The searches to hold to it: the one in C where it is built, and its twin.
NATIVE = [True, False] if klondike.NATIVE is not None else [False]
_RANKS = "A23456789TJQK"
_SUITS = sorted("SHDC", key=lambda letter: Card.parse(f"A{letter}").suit)
_COLUMNS = [str(n) for n in range(1, 8)]


def opened(game: Game) -> dict[str, list[str]]:
    """*game*'s position with every card of its columns face up."""
    return {
        pile: [card.lstrip("#") for card in cards] if pile in _COLUMNS else list(cards)
        for pile, cards in game.position().items()
    }


def _code(suit: int, rank: int) -> str:
    return f"{_RANKS[rank - 1]}{_SUITS[suit]}"


def loose(seed: int) -> dict[str, list[str]]:
    """A Klondike position with 16–28 cards left, the rest home: dealt at
    random to the columns, each with a random number of them face down and
    the others face up in no order (as a hand-made position may have them),
    and to the talon, some of it on the waste."""
    rng = random.Random(seed)
    heights, talon, waste, laid = klondike_endgame(rng)
    cards = [_code(suit, rank) for suit, rank in talon]
    columns = [[_code(suit, rank) for suit, rank in column] for column in laid]
    position: dict[str, list[str]] = {"w": cards[:waste], "s": cards[waste:][::-1]}
    for suit, height in enumerate(heights):
        position[f"f{suit + 1}"] = [_code(suit, rank) for rank in range(1, height + 1)]
    for number, column in zip(_COLUMNS, columns, strict=True):
        down = rng.randint(0, max(len(column) - 1, 0))
        position[number] = [f"#{card}" for card in column[:down]] + column[down:]
    return position


def ours(game: Game, native: bool, nodes: int = 200_000) -> tuple[list[str] | None, int, bool]:
    options: dict[str, Any] = game.options
    draw, passes = int(options["draw"]), game.passes  # type: ignore[attr-defined]
    state = klondike.start_state(game)  # type: ignore[arg-type]
    deadline = time.perf_counter() + 60
    return klondike.search_position(state, draw, passes, nodes, deadline, native=native)


def decided(found: tuple[list[str] | None, int, bool]) -> str | None:
    line, _, exhausted = found
    return "won" if line is not None else "lost" if exhausted else None


def wins(game: Game, line: list[str]) -> bool:
    copy = load_game(game.to_record())
    for move in line:
        copy.play(move)
    return copy.is_won


@pytest.mark.slow  # a long search
@pytest.mark.parametrize("native", NATIVE, ids=lambda native: "c" if native else "python")
def test_a_real_position_with_its_hidden_cards_shown_is_won(native: bool) -> None:
    """Deal 2, draw 1, one pass, after the first 7 moves of the solver's own
    line: shown every card, it is still won, and the search says so."""
    game = new_game("klondike", 2, draw=1, passes=1)
    line = [move.notation for move in solve(game, max_seconds=30).moves]
    for move in line[:7]:
        game.play(move)
    shown = load_position("klondike", opened(game), draw=1, passes=1)
    assert wins(shown, line[7:])  # the rest of the line wins it
    found = ours(shown, native, nodes=2_000_000)  # about 580,000 nodes: 0.25 s in C
    assert decided(found) == "won" and found[0] is not None and wins(shown, found[0])


def check(seeds: range, native: bool) -> dict[str, int]:
    """The properties over the loose positions of *seeds*; what was seen."""
    seen = {"lost, confirmed": 0, "won, replayed": 0, "shown, still won": 0}
    for seed in seeds:
        for draw, passes in ((1, 1), (3, 3)):
            game = load_position("klondike", loose(seed), draw=draw, passes=passes)
            found = ours(game, native)
            if decided(found) == "lost":
                judged = solver._search(game, 50_000, time.perf_counter() + 60, useful_only=False)
                assert judged.outcome is not Outcome.WON, (seed, draw, "a false loss")
                seen["lost, confirmed"] += judged.outcome is Outcome.UNWINNABLE
            elif decided(found) == "won":
                assert found[0] is not None and wins(game, found[0]), (seed, draw, "a bad line")
                seen["won, replayed"] += 1
                shown = load_position("klondike", opened(game), draw=draw, passes=passes)
                assert decided(ours(shown, native)) != "lost", (seed, draw, "shown, lost")
                seen["shown, still won"] += 1
    return seen


@pytest.mark.slow  # a long search
@pytest.mark.parametrize("native", NATIVE, ids=lambda native: "c" if native else "python")
def test_loose_positions_are_decided_soundly(native: bool) -> None:
    seen = check(range(60), native)
    assert seen["lost, confirmed"] >= 5 and seen["won, replayed"] >= 40, seen


@pytest.mark.slow
@pytest.mark.parametrize("native", NATIVE, ids=lambda native: "c" if native else "python")
def test_many_loose_positions_are_decided_soundly(native: bool) -> None:
    seen = check(range(60, 300), native)
    assert seen["lost, confirmed"] >= 20 and seen["won, replayed"] >= 160, seen


@pytest.mark.skipif(klondike.NATIVE is None, reason="Klondike's search in C is not built")
@pytest.mark.parametrize(("draw", "passes"), [(1, 1), (3, 3), (1, None)])
def test_the_search_in_c_makes_the_moves_of_its_twin_on_loose_positions(
    draw: int, passes: int | None
) -> None:
    options: dict[str, Any] = {"passes": "unlimited"} if passes is None else {"passes": passes}
    for seed in range(40):
        game = load_position("klondike", loose(seed), draw=draw, **options)
        state = klondike.start_state(game)  # type: ignore[arg-type]
        deadline = time.perf_counter() + 60
        native = klondike.search_position(state, draw, passes, 20_000, deadline)
        plain = klondike.search_position(state, draw, passes, 20_000, deadline, native=False)
        assert native == plain, seed
