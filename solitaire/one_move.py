"""One-move puzzles: "which move keeps it winnable?"

A one-move puzzle is a position of a real game, every card shown as an open
puzzle shows them (:func:`~solitaire.puzzles.opened`), and the one or two
moves that keep a proved win from it. It is fair to a player who sees only
the picture, and a try is judged without a search:

- **A real choice**: it offers at least :data:`FEWEST_CHOICES` first moves
  (:func:`~solitaire.puzzles.choices`: a draw from a stock that comes round
  again is none), of which one or two (:data:`KEEPING`) keep a win, each
  proved by the solver, and **every other one is proved lost**: a move
  judged wrong has no win behind it.
- **Something to find**: the game would play no move of it by itself
  (:meth:`~solitaire.game.Game.autoplay`'s safe moves keep every win).

Positions come from the moment every lost game already has: the position
before the move that lost it, as a review finds it (the last one from which
it could be won), and from the positions along a winning line of an open
puzzle, which a player reaching them must also get right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import load_game, load_position
from ._history import Position
from .game import Game
from .move import Move
from .puzzles import HIDDEN, PUZZLE_GAMES, choices, opened
from .solver import Outcome, Solution, solve

#: The fewest first moves a one-move puzzle offers.
FEWEST_CHOICES = 3
#: The most of them that may keep the win.
KEEPING = 2
#: How long the solver may search the position after each first move.
CHOICE_SECONDS = 0.5
#: And the memory each search may take.
CHOICE_MEMORY = 64 << 20

#: What a search finds from a position in at most so many seconds.
Search = Callable[[Game, float], Solution]


def _search(game: Game, seconds: float) -> Solution:
    return solve(game, max_seconds=seconds, max_nodes=None, memory=CHOICE_MEMORY)


@dataclass(frozen=True)
class OneMove:
    """A position, the rules it is played under, and the moves that keep a win."""

    profile: str
    options: Mapping[str, Any]
    start: Position
    #: The moves that keep a win, in the notation ``legal_moves`` gives.
    keeping: tuple[str, ...] = field(compare=False)
    #: How many first moves it offers.
    offered: int = field(default=0, compare=False)
    #: The deal of the game it comes from (while in play, the puzzle waits).
    deal: int | None = field(default=None, compare=False)
    #: The cards that were face down in the game, shown face up here.
    revealed: tuple[str, ...] = field(default=(), compare=False)

    def game(self) -> Game:
        """A new game at the puzzle's position."""
        return load_position(self.profile, self.start, **self.options)

    def keeps(self, move: Move) -> bool:
        """Whether *move* (as the position's ``legal_moves`` or ``parse_move``
        give it) keeps the win: judged from the moves kept, with no search."""
        return move.notation in self.keeping


def one_move(
    profile: str,
    options: Mapping[str, Any],
    start: Position,
    *,
    deal: int | None = None,
    revealed: Sequence[str] = (),
    search: Search = _search,
    seconds: float = CHOICE_SECONDS,
) -> OneMove | None:
    """The one-move puzzle at *start* (every card of it shown but a stock's
    or jewels' own), if it makes one (see the module's description); ``None``
    if not, or if a search of *seconds* cannot settle one of its first moves."""
    if profile not in PUZZLE_GAMES:
        return None
    game = load_position(profile, start, **options)
    offered = choices(game)
    if len(offered) < FEWEST_CHOICES or game.copy().autoplay():
        return None  # too few moves, or one the game plays by itself (it keeps the win)
    keeping: list[Move] = []
    for move in offered:
        after = game.copy()
        after.play_legal(move)
        outcome = search(after, seconds).outcome
        if outcome is Outcome.UNKNOWN:
            return None  # a move no one can judge: no fair puzzle
        if outcome is Outcome.WON:
            keeping.append(move)
            if len(keeping) > KEEPING:
                return None
    if not keeping:
        return None
    return OneMove(
        profile, dict(options), start, tuple(move.notation for move in keeping),
        len(offered), deal, tuple(revealed),
    )  # fmt: skip


def before_the_loss(
    record: Mapping[str, Any], kept: int, search: Search = _search
) -> OneMove | None:
    """The one-move puzzle at the position after the first *kept* moves of
    *record* (the last from which the game could be won, before the move that
    lost it), every card shown, if it makes one.

    :raises BadRecord: if the record does not replay.
    """
    if record["profile"] not in PUZZLE_GAMES:
        return None
    played = load_game({**record, "moves": list(record["moves"])[:kept], "redo": []})
    start, revealed = opened(played.position())
    if revealed and len(revealed) not in HIDDEN:
        return None
    return one_move(
        played.profile, dict(played.options), start, deal=record.get("deal"),
        revealed=revealed, search=search,
    )  # fmt: skip


def day_one() -> list[OneMove]:
    """The one-move puzzles a new bot has on day one (``tools/one_move_seed.py``)."""
    from .one_move_seed import ONE_MOVES

    return [
        OneMove(
            profile,
            options,
            {code: cards.split() for code, cards in start.items()},
            tuple(keeping.split(",")),
            offered,
            deal,
            tuple(revealed.split()),
        )
        for profile, options, deal, start, keeping, offered, revealed in ONE_MOVES
    ]
