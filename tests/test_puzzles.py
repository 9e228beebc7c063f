"""Which positions of real games make puzzles: every card shown, a proved
win in a handful of plays, a real choice of first move, more than autoplay
to find; and the puzzles a new bot has on day one."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.usecases.puzzles import seeded
from solitaire import Game, load_game, new_game
from solitaire.piles import pile_kind
from solitaire.puzzles import (
    DEALT,
    FEWEST,
    HIDDEN,
    KEEPING,
    MOST,
    MOST_MOVES,
    PUZZLE_GAMES,
    candidate,
    choices,
    plays,
)
from solitaire.solver import Outcome, Solution, solve
from tests.helpers import as_played

#: Each game's first puzzle of day one.
FIRST = {profile: next(p for p in seeded() if p.profile == profile) for profile in PUZZLE_GAMES}


def generous(game: Game, seconds: float) -> Solution:
    """The candidate's search with room to spare on a busy machine."""
    return solve(game, max_seconds=seconds * 20, max_nodes=None, memory=64 << 20)


def refuses(game: Game, seconds: float) -> Solution:
    pytest.fail("no search was needed to turn this position down")


def plays_left(record: dict[str, Any], kept: int) -> int:
    return plays(load_game(record).moves[kept:])


def won_along(profile: str, deal: int, **options: Any) -> dict[str, Any]:
    """The record of a game played along the solver's winning line."""
    game = new_game(profile, deal=deal, **options)
    found = solve(game, max_seconds=10, max_nodes=None, memory=64 << 20)
    assert found.outcome is Outcome.WON
    return {**game.to_record(), "moves": [move.notation for move in found.moves]}


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
def test_a_lost_games_position_makes_an_open_puzzle_its_line_wins(profile: str) -> None:
    record = as_played(FIRST[profile])
    puzzle = candidate(record, 0, generous, within=600)
    assert puzzle is not None and FEWEST <= puzzle.plays <= MOST
    assert len(puzzle.line) <= MOST_MOVES
    assert puzzle.options == load_game(record).options  # the game's own rules
    # Every card shown but a stock's or the jewels', and those listed on its board.
    face_down = [
        card for code, cards in puzzle.start.items() if pile_kind(code) not in DEALT
        for card in cards if card.startswith("#")
    ]  # fmt: skip
    assert not face_down
    was_down = [card[1:] for cards in record["start"].values() for card in cards
                if card.startswith("#")]  # fmt: skip
    assert sorted(puzzle.revealed) == sorted(
        card for card in was_down if card in {c for cs in puzzle.start.values() for c in cs}
    )
    game = puzzle.game()
    for move in puzzle.line:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
def test_a_puzzle_is_a_real_choice_at_most_two_first_moves_keep_the_win(profile: str) -> None:
    game = FIRST[profile].game()
    outcomes = Counter()
    for move in choices(game):
        after = game.copy()
        after.play(move.notation)
        outcomes[generous(after, 1.0).outcome] += 1
    assert outcomes[Outcome.UNWINNABLE] >= 1
    assert 1 <= outcomes[Outcome.WON] + outcomes[Outcome.UNKNOWN] <= KEEPING


def test_a_position_where_every_first_move_keeps_the_win_is_no_puzzle() -> None:
    record = won_along("castles-end", 3)
    kept = next(k for k in range(len(record["moves"])) if plays_left(record, k) <= 12)
    game = load_game({**record, "moves": record["moves"][:kept]})
    keeping = 0
    for move in choices(game):
        after = game.copy()
        after.play(move.notation)
        keeping += generous(after, 0.5).outcome is not Outcome.UNWINNABLE
    assert keeping > KEEPING  # a good position, but no choice to make
    assert candidate(record, kept, generous, within=600) is None


def test_a_klondike_position_with_too_many_or_too_few_cards_face_down_is_no_puzzle() -> None:
    record = won_along("klondike", 4711)
    moves = record["moves"]

    def down(k: int) -> int:
        position = load_game({**record, "moves": moves[:k]}).position()
        return sum(card.startswith("#") for code, cards in position.items()
                   if pile_kind(code) not in DEALT for card in cards)  # fmt: skip

    early = 0  # the deal: 21 face down
    late = next(k for k in range(len(moves)) if 0 < down(k) < HIDDEN.start)
    assert down(early) > HIDDEN.stop - 1
    assert candidate(record, early, refuses) is None
    assert candidate(record, late, refuses) is None


def test_a_position_far_from_the_end_asks_for_stamina_and_is_no_puzzle() -> None:
    record = won_along("castles-end", 3)
    assert plays_left(record, 0) > MOST
    assert candidate(record, 0) is None


def test_a_position_autoplay_finishes_is_no_puzzle() -> None:
    record = won_along("castles-end", 3)
    kept = len(record["moves"]) - 1  # one card left: nothing to find
    assert candidate(record, kept, refuses) is None


def test_a_lost_position_is_no_puzzle() -> None:
    record = new_game("castles-end", deal=7).to_record()  # cannot be won from the deal
    assert candidate(record, 0) is None


def test_day_one_has_a_hundred_puzzles_of_every_game_each_fair_and_won_by_its_line() -> None:
    puzzles = seeded()
    counts = Counter(puzzle.profile for puzzle in puzzles)
    assert set(counts) == set(PUZZLE_GAMES) and min(counts.values()) >= 100
    for puzzle in puzzles:
        assert FEWEST <= puzzle.plays <= MOST and len(puzzle.line) <= MOST_MOVES
        assert not puzzle.revealed or len(puzzle.revealed) in HIDDEN
        assert all(not card.startswith("#") for code, cards in puzzle.start.items()
                   if pile_kind(code) not in DEALT for card in cards)  # fmt: skip
        game = puzzle.game()
        shown = {card.code for code in game.PILES for card in game.pile(code)}
        assert set(puzzle.revealed) <= shown
        for move in puzzle.line:
            game.play(move)
        assert game.is_won, (puzzle.profile, puzzle.deal)
