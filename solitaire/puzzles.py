"""Puzzles: "finish this" from a position of a real game where a win still
existed, and what makes such a position a good puzzle.

A puzzle is a position and the rules it is played under, with the solver's
winning line from it. It is fair to a player who sees only the picture:

- **Every card that matters is in sight.** A position becomes a puzzle only
  once no card in its tableau is face down, so no winning line hangs on a
  guess (turning hidden cards up would make a position no game reaches, and
  one its player never saw). Klondike's stock is played with unlimited
  passes, so drawing through it shows every card in it before anything is
  decided; Castle's End deals every card face up.
- **Only games whose whole position a picture shows**: Klondike and Castle's
  End. Calculation and Casket deal their stock one card at a time, face
  down, and a win there hangs on the order of cards nobody sees.

A good puzzle asks for thought and not for stamina: autoplay alone does not
win it, and the solver's line has :data:`FEWEST` to :data:`MOST` plays
(a play is a move that neither draws from the stock nor goes to a
foundation: those follow once the plays are found).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import load_game, load_position
from ._history import Position
from .game import Game
from .move import Move
from .piles import pile_kind
from .solver import Outcome, Solution, solve

#: The games a puzzle may come from: those whose picture shows every card.
PUZZLE_GAMES = ("klondike", "castles-end")
#: The piles whose cards the rules keep face down: a puzzle lists them in order.
DEALT = ("stock", "jewels")
#: How many plays the solver's winning line may have.
FEWEST, MOST = 2, 40
#: How many moves it may have: a given-up puzzle shows its line whole.
MOST_MOVES = 200
#: How long the solver may search a candidate (in a worker, never on a move's path).
CHECK_SECONDS = 2.0
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


def in_sight(position: Mapping[str, Sequence[str]]) -> bool:
    """Whether no card of *position* is face down."""
    return not any(card.startswith("#") for cards in position.values() for card in cards)


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


def puzzle_options(profile: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The rules a puzzle of a game played under *options* is played under."""
    if profile == "klondike":
        return {**options, "passes": "unlimited"}
    return dict(options)


Search = Callable[[Game], Solution]


def _search(game: Game) -> Solution:
    return solve(game, max_seconds=CHECK_SECONDS, max_nodes=None, memory=CHECK_MEMORY)


def candidate(record: Mapping[str, Any], kept: int, search: Search = _search) -> Puzzle | None:
    """The puzzle at the position after the first *kept* moves of *record*
    (the last one from which the game could still be won), if it makes a
    good one and every card is in sight; ``None`` if not, or if the solver
    cannot prove a win from it.

    :raises BadRecord: if the record does not replay.
    """
    profile = record["profile"]
    if profile not in PUZZLE_GAMES:
        return None
    played = load_game({**record, "moves": list(record["moves"])[:kept], "redo": []})
    options = puzzle_options(profile, played.options)
    start = played.position()
    if not in_sight(start):
        return None
    game = load_position(profile, start, **options)
    autoplayed = load_position(profile, start, **options)
    autoplayed.autoplay()
    if autoplayed.is_won:
        return None  # nothing to find
    found = search(game)
    if found.outcome is not Outcome.WON or not FEWEST <= plays(found.moves) <= MOST:
        return None
    if len(found.moves) > MOST_MOVES:
        return None
    line = tuple(move.notation for move in found.moves)
    return Puzzle(profile, options, start, line, record.get("deal"))
