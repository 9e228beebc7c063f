"""Looking back over a game: the last position from which it could still be won.

Along a game the positions that can still be won come first: a position from
which the game went on to a winnable one was winnable itself. So the move
that lost a game is found by halving the moves between a position known to
be winnable and one that is not, as a search settles each middle position.
A search that cannot tell counts as "not known to be winnable": the position
found is then the last one *known* to be winnable.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import load_game
from .game import Game
from .move import Move
from .solver import DEFAULT_NODES, Outcome, Solution, solve

#: What a search finds from the position after so many moves of one game.
Judge = Callable[[int], Solution]


@dataclass(frozen=True)
class TurningPoint:
    """The last position known to be winnable (``kept`` moves played), a
    winning line from it, and whether the position one move later was
    proved lost (then that move lost the game)."""

    kept: int
    line: tuple[Move, ...]
    lost: bool


def position_after(record: Mapping[str, Any], count: int) -> Game:
    """The game of *record* after its first *count* moves (nothing to redo).

    :raises BadRecord: if the record does not replay.
    """
    return load_game({**record, "moves": list(record["moves"])[:count], "redo": []})


def searcher(
    record: Mapping[str, Any],
    seconds: float,
    *,
    deadline: float = math.inf,
    max_nodes: int | None = DEFAULT_NODES,
    memory: int = 0,
) -> Judge:
    """A judge that searches each position of *record* for at most *seconds*
    (:func:`~solitaire.solver.solve`'s *max_nodes* and *memory*), and none
    past *deadline* (``time.perf_counter()``): after it, each is unknown."""

    def judge(count: int) -> Solution:
        left = min(seconds, deadline - time.perf_counter())
        if left <= 0:
            return Solution(Outcome.UNKNOWN)
        game = position_after(record, count)
        return solve(game, max_seconds=left, max_nodes=max_nodes, memory=memory)

    return judge


def turning_point(
    judge: Judge,
    low: int,
    line: Sequence[Move],
    high: int,
    *,
    high_lost: bool,
) -> TurningPoint:
    """Halves the positions between *low* moves (winnable, by *line*) and
    *high* (not known to be; proved lost if *high_lost*), asking *judge*
    about each middle one, at most about log2(high - low) of them.

    >>> from solitaire.solver import Outcome, Solution
    >>> lost_from = 5  # the sixth move loses this game
    >>> def judge(count: int) -> Solution:
    ...     return Solution(Outcome.WON if count < lost_from else Outcome.UNWINNABLE)
    >>> turning_point(judge, 0, (), 12, high_lost=True)
    TurningPoint(kept=4, line=(), lost=True)
    """
    line = tuple(line)
    while high - low > 1:
        middle = (low + high) // 2
        found = judge(middle)
        if found.outcome is Outcome.WON:
            low, line = middle, found.moves
        else:
            high, high_lost = middle, found.outcome is Outcome.UNWINNABLE
    return TurningPoint(low, line, high_lost)


def losing_move(judge: Judge, moves: int) -> TurningPoint | None:
    """The turning point of a lost game of *moves* moves, as its review finds
    it: ``None`` unless its start is won and the move after the point is
    proved to lose (a game won, or one a search cannot settle, has none).

    >>> from solitaire.solver import Outcome, Solution
    >>> def judge(count: int) -> Solution:
    ...     return Solution(Outcome.WON if count < 5 else Outcome.UNWINNABLE)
    >>> losing_move(judge, 12)
    TurningPoint(kept=4, line=(), lost=True)
    """
    start, end = judge(0), judge(moves)
    if start.outcome is not Outcome.WON or end.outcome is Outcome.WON:
        return None
    point = turning_point(judge, 0, start.moves, moves, high_lost=end.outcome is Outcome.UNWINNABLE)
    return point if point.lost else None
