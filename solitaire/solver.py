"""Bounded search: does a position still win, and how.

A depth-first search over the full position (face-down cards included: the
solver sees what the player does not), moves tried most promising first,
positions met before skipped (a transposition table that treats
interchangeable piles as one). It always stops: at a win, when every
position has been tried (the game cannot be won from here), or at its node
or time cap (unknown).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

from .game import Game
from .move import Move

#: Budgets: a hint must answer at once; a deal for the pool may take longer.
HINT_SECONDS = 0.2
DEFAULT_NODES = 200_000
DEFAULT_SECONDS = 10.0


class Outcome(StrEnum):
    WON = "won"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Solution:
    """What the search found: a winning line of moves from the position
    (``WON``), a proof there is none (``UNWINNABLE``), or neither within the caps."""

    outcome: Outcome
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0


def solve(
    game: Game,
    *,
    max_nodes: int = DEFAULT_NODES,
    max_seconds: float = DEFAULT_SECONDS,
) -> Solution:
    """Searches for a win from *game*'s position; *game* itself is not changed.

    First among the moves the game's heuristic finds useful, which finds most
    wins quickly; if that runs dry without a win, among all moves, which alone
    can prove that there is none.
    """
    start = time.perf_counter()
    useful = _search(game, max_nodes, start + max_seconds / 2, useful_only=True)
    if useful.outcome is Outcome.WON:
        return _timed(useful, start)
    left = max_nodes - useful.nodes
    full = _search(game, left, start + max_seconds, useful_only=False)
    return _timed(Solution(full.outcome, full.moves, useful.nodes + full.nodes), start)


def _timed(solution: Solution, start: float) -> Solution:
    return Solution(solution.outcome, solution.moves, solution.nodes, time.perf_counter() - start)


def _search(game: Game, max_nodes: int, deadline: float, *, useful_only: bool) -> Solution:
    position = _copy(game)
    if position.is_won:
        return Solution(Outcome.WON)
    seen = {position._search_key()}
    stack = [iter(_ordered(position, useful_only))]
    path: list[Move] = []
    nodes = 0
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if path:
                path.pop()
                position._unapply()
            continue
        position._apply(move)
        nodes += 1
        key = position._search_key()
        if key in seen:
            position._unapply()
            continue
        seen.add(key)
        path.append(move)
        if position.is_won:
            return Solution(Outcome.WON, tuple(path), nodes)
        if nodes >= max_nodes or (nodes % 256 == 0 and time.perf_counter() > deadline):
            return Solution(Outcome.UNKNOWN, (), nodes)
        stack.append(iter(_ordered(position, useful_only)))
    if useful_only:
        return Solution(Outcome.UNKNOWN, (), nodes)
    return Solution(Outcome.UNWINNABLE, (), nodes)


def _copy(game: Game) -> Game:
    copy = game.copy()
    copy._redo.clear()
    return copy


def _ordered(game: Game, useful_only: bool) -> list[Move]:
    # A move that can never lose a win is played alone; otherwise best first.
    moves = game.legal_moves()
    for move in moves:
        if game._is_forced(move):
            return [move]
    scores = {move: game._hint_score(move) for move in moves}
    if useful_only:
        moves = [move for move in moves if scores[move] > 0]
    return sorted(moves, key=lambda move: -scores[move])
