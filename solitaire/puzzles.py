"""Puzzles: "finish this" from a position of a real game where a win still
existed, and what makes such a position a good puzzle.

A puzzle is a position and the rules it is played under, with the solver's
winning line from it. It is fair to a player who sees only the picture:

- **Every card is shown.** A position's face-down cards are turned face up
  for its puzzle (an *open* puzzle: the game's open form, in which the
  solver's answer is the whole truth), and marked on the board as turned
  up; a stock or a jewel pile, face down by the rules, keeps its cards
  there, and the board lists them in order. So no winning line hangs on a
  guess, in any game. A Klondike position makes one with no card face down
  or with :data:`HIDDEN` of them: with fewer it is barely hidden, with more
  it is too early to read. A puzzle keeps its game's rules (a stock's
  passes start anew).
- **It is a real choice**: of its first moves, at most :data:`KEEPING`
  keep a win (each checked by the solver), and at least one does not. A
  draw from a stock that comes round again is no choice (drawing on brings
  the same position back).

A good puzzle asks for thought and not for stamina: autoplay alone does not
win it, and the solver's line has :data:`FEWEST` to :data:`MOST` plays
(a play is a move that neither draws from the stock nor goes to a
foundation: those follow once the plays are found).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import VARIANTS, load_game, load_position
from ._history import Position
from .game import Game
from .move import Move
from .piles import pile_kind
from .solver import Outcome, Solution, solve

#: The games a puzzle may come from: every game.
PUZZLE_GAMES = tuple(VARIANTS)
#: The piles whose cards the rules keep face down: a puzzle lists them in order.
DEALT = ("stock", "jewels")
#: How many face-down cards a position may have to become a puzzle, besides none.
HIDDEN = range(4, 13)
#: How many of a puzzle's first moves may keep a win.
KEEPING = 2
#: How many plays the solver's winning line may have.
FEWEST, MOST = 2, 40
#: How many moves it may have: a given-up puzzle shows its line whole.
MOST_MOVES = 200
#: How long the solver may search a candidate (in a worker, never on a move's path).
CHECK_SECONDS = 2.0
#: And each position after one of its first moves: one it cannot settle keeps a win.
CHOICE_SECONDS = 0.5
#: All searches of one candidate together.
CHECK_WITHIN = 8.0
#: And the memory it may take.
CHECK_MEMORY = 64 << 20


@dataclass(frozen=True)
class Puzzle:
    """A position to finish, the rules it is played under, and a winning line."""

    profile: str
    options: Mapping[str, Any]
    start: Position
    line: tuple[str, ...] = field(compare=False)
    #: The deal of the game it comes from: while that deal is in play (a
    #: race, today's daily, an open cup), the puzzle waits.
    deal: int | None = field(default=None, compare=False)
    #: The cards that were face down in the game, shown face up here.
    revealed: tuple[str, ...] = field(default=(), compare=False)

    def game(self) -> Game:
        """A new game at the puzzle's position."""
        return load_position(self.profile, self.start, **self.options)

    @property
    def plays(self) -> int:
        """The plays of the winning line (see the module's description)."""
        return plays(Move.parse(text) for text in self.line)


def plays(moves: Iterable[Move]) -> int:
    """How many of *moves* neither draw from the stock nor go to a foundation."""
    return sum(1 for move in moves if not move.is_draw and not move.target.startswith("f"))


def opened(position: Mapping[str, Sequence[str]]) -> tuple[Position, tuple[str, ...]]:
    """*position* with every face-down card turned face up but a stock's or
    a jewel pile's, and the cards turned up, in pile order."""
    shown: Position = {}
    revealed: list[str] = []
    for code, cards in position.items():
        if pile_kind(code) in DEALT:
            shown[code] = list(cards)
            continue
        shown[code] = [card.lstrip("#") for card in cards]
        revealed += [card[1:] for card in cards if card.startswith("#")]
    return shown, tuple(revealed)


def choices(game: Game) -> list[Move]:
    """The first moves of *game* that decide something (see the module's
    description), the most promising first."""
    endless = game.stock_comes_round
    return [move for move in game.ordered_moves() if not (move.is_draw and endless)]


Search = Callable[[Game, float], Solution]


def _search(game: Game, seconds: float) -> Solution:
    return solve(game, max_seconds=seconds, max_nodes=None, memory=CHECK_MEMORY)


def candidate(
    record: Mapping[str, Any], kept: int, search: Search = _search, within: float = CHECK_WITHIN
) -> Puzzle | None:
    """The puzzle at the position after the first *kept* moves of *record*
    (the last one from which the game could still be won), every card shown,
    if it makes a good one; ``None`` if not, or if *search* cannot prove a
    win from it and that it is a real choice, all within *within* seconds.

    :raises BadRecord: if the record does not replay.
    """
    profile = record["profile"]
    if profile not in PUZZLE_GAMES:
        return None
    played = load_game({**record, "moves": list(record["moves"])[:kept], "redo": []})
    options = dict(played.options)
    start, revealed = opened(played.position())
    if revealed and len(revealed) not in HIDDEN:
        return None
    game = load_position(profile, start, **options)
    autoplayed = game.copy()
    autoplayed.autoplay()
    if autoplayed.is_won:
        return None  # nothing to find
    deadline = time.perf_counter() + within
    found = search(game, CHECK_SECONDS)
    if found.outcome is not Outcome.WON or not FEWEST <= plays(found.moves) <= MOST:
        return None
    if len(found.moves) > MOST_MOVES or not _real_choice(game, search, deadline):
        return None
    line = tuple(move.notation for move in found.moves)
    return Puzzle(profile, options, start, line, record.get("deal"), revealed)


def _real_choice(game: Game, search: Search, deadline: float) -> bool:
    """Whether at most :data:`KEEPING` of *game*'s first moves keep a win and
    one at least is proved to lose it, each settled before *deadline*."""
    keeping = losing = 0
    for move in choices(game):
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        after = game.copy()
        after.play(move.notation)
        if search(after, min(CHOICE_SECONDS, left)).outcome is Outcome.UNWINNABLE:
            losing += 1
        else:
            keeping += 1
        if keeping > KEEPING:
            return False
    return keeping > 0 and losing > 0
