"""Klondike through pyksolve (Klondike-Solver), where its rules are ours:
unlimited passes and foundation cards that may come back.

Its solutions come back in its own notation and are replayed move by move in
our engine, so every line it finds is checked by our rules.
"""

from __future__ import annotations

from collections.abc import Callable

from texts import Msg

from .errors import IllegalMove
from .game import Game
from .move import DRAW, Move
from .solver import Outcome, Solution
from .variants.klondike import Klondike

_SUIT_FOUNDATION = {"S": 0, "H": 1, "D": 2, "C": 3}


def matches_rules(game: Game) -> bool:
    """Whether pyksolve plays *game*'s rules."""
    return isinstance(game, Klondike) and game.passes is None and game.foundation_return


def ksolve_layout(game: Klondike) -> str:
    """Returns a fresh deal as pyksolve's card set: three digits a card
    (rank 01–13, suit 1–4 for ♣ ♦ ♥ ♠), the columns dealt row by row, then the
    stock in the order it is drawn."""
    columns = [game.pile(str(n)) for n in range(1, 8)]
    dealt = [columns[column][row] for row in range(7) for column in range(row, 7)]
    cards = [*dealt, *reversed(game.pile("s"))]
    return "".join(f"{card.rank:02}{_KSOLVE_SUIT[card.suit]}" for card in cards)


_KSOLVE_SUIT = {0: 4, 1: 3, 2: 2, 3: 1}


def solve_klondike(game: Klondike, *, max_closed: int = 1_000_000) -> Solution:
    """Solves a fresh Klondike deal with pyksolve and returns the solution
    in our moves, replayed on a copy of *game*.

    :raises ValueError: if pyksolve does not play these rules, or the game has begun.
    """
    from pyksolve import solver  # imported here: an optional, compiled dependency

    if not matches_rules(game) or game.moves:
        raise ValueError("pyksolve plays fresh deals with unlimited passes and foundation return")
    ks = solver.Solitaire()
    ks.draw_count = game.draw
    if not ks.load_solitaire(ksolve_layout(game)):
        raise ValueError("pyksolve did not take the deal")
    ks.reset_game()
    result = ks.solve_fast(max_closed_count=max_closed)
    if result == solver.SolveResult.Impossible:
        return Solution(Outcome.UNWINNABLE)
    if abs(result.value) != 1:
        return Solution(Outcome.UNKNOWN)
    return Solution(Outcome.WON, tuple(replay_ksolve(game, ks.moves_made())))


def replay_ksolve(game: Klondike, moves_made: str) -> list[Move]:
    """Returns pyksolve's *moves_made* as our moves, each checked by playing
    it on a copy of *game*.

    :raises IllegalMove: if a move does not replay.
    """
    copy = type(game).from_record(game.to_record())
    assert isinstance(copy, Klondike)
    played: list[Move] = []

    def play(move: Move | str) -> None:
        played.append(copy.play(move))

    _play_all(copy, moves_made, play)
    if not copy.is_won:
        raise IllegalMove(Msg("solver.no_win"))
    return played


def _play_all(copy: Klondike, moves_made: str, play: Callable[[Move | str], None]) -> None:
    for token in moves_made.split():
        if token.startswith("DR"):
            for _ in range(int(token[2:])):
                if not copy.pile("s"):
                    play(DRAW)  # turn the waste over, then draw
                play(DRAW)
        elif token == "NEW":
            play(DRAW)
        elif token[0] == "F" and token[1:].isdigit():
            continue  # a face-down card turned up: our engine does that at once
        else:
            source, target, count = token[0], token[1], 1
            if "-" in token:
                count = int(token.split("-")[1])
            play(f"{_pile(copy, source)} {_pile(copy, target)}x{count}")


def _pile(game: Klondike, code: str) -> str:
    if code == "W":
        return "w"
    if code in _SUIT_FOUNDATION:
        suit = _SUIT_FOUNDATION[code]
        for foundation in game.foundations:
            pile = game.pile(foundation)
            if pile and pile[0].suit == suit:
                return foundation
        return "f"
    return code
