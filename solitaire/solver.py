"""Bounded search: does a position still win, and how.

A depth-first search over the full position (face-down cards included: the
solver sees what the player does not), moves tried most promising first,
positions met before skipped (a transposition table that treats
interchangeable piles as one). It always stops: at a win, when every
position has been tried (the game cannot be won from here), or at its node
or time cap (unknown).

Where a game has a complete search of its own (:mod:`solitaire.searches`),
it alone runs: it finds wins and proves losses. Where a game has a fast
search, that runs first, for most of the time: it finds wins the general
search is too slow to reach. Every line is replayed in the engine before it
counts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

from .errors import IllegalMove
from .game import Game
from .move import Move
from .searches import bounds_memory, fast_search, node_bytes, proving_search

#: Budgets: a hint must answer at once; a deal for the pool may take longer.
HINT_SECONDS = 0.2
DEFAULT_NODES = 200_000
#: No node cap: a search held to its memory runs until its time is up.
UNCAPPED = 1 << 62
DEFAULT_SECONDS = 10.0
#: The share of the budget a game's own fast search gets, where it has one.
FAST_SHARE = 0.75


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
    max_nodes: int | None = DEFAULT_NODES,
    max_seconds: float = DEFAULT_SECONDS,
    prove: bool = True,
    memory: int = 0,
) -> Solution:
    """Searches for a win from *game*'s position; *game* itself is not changed.

    *max_nodes* ``None``: no node cap where the search is held to *memory*
    bytes instead (:func:`~solitaire.searches.bounds_memory`: Klondike's
    complete search, which then runs until its time is up); else as many
    nodes as *memory* holds (:func:`~solitaire.searches.node_bytes`), at most
    :data:`DEFAULT_NODES`, for each of the searches below in turn (a cap
    given is for them all).

    A game with a complete search of its own (Klondike without foundation
    return, Castle's End) gets the whole budget for it: it finds the wins
    and proves the losses. Otherwise first with the game's own fast search,
    if it has one; then among the moves the game's heuristic finds useful,
    which finds most wins quickly; if that runs dry without a win, among all
    moves, which alone can prove that there is none. With *prove* false, a
    game with a fast search stops after it (for finding winnable deals,
    where a proof is not wanted).
    """
    start = time.perf_counter()
    deadline = start + max_seconds
    # A cap from memory bounds each search in turn (each lets go of its
    # memory as it ends): a later one is not cut short by an earlier one's
    # nodes, so that more time never decides less. A cap given is for all.
    each = max_nodes is None
    if max_nodes is None and memory > 0 and bounds_memory(game):
        max_nodes = UNCAPPED
    elif max_nodes is None:
        max_nodes = min(DEFAULT_NODES, memory // node_bytes(game)) if memory > 0 else DEFAULT_NODES
    complete = proving_search(game, memory)
    if complete is not None:
        line, nodes, exhausted = complete(max_nodes, deadline)
        if line is None:
            outcome = Outcome.UNWINNABLE if exhausted else Outcome.UNKNOWN
            return _timed(Solution(outcome, (), nodes), start)
        moves = _replayed(game, line)
        if moves is None:  # never so far: a line the engine refuses proves nothing
            return _timed(Solution(Outcome.UNKNOWN, (), nodes), start)
        return _timed(Solution(Outcome.WON, moves, nodes), start)
    spent = 0
    fast = fast_search(game)
    if fast is not None:
        share = FAST_SHARE if prove else 1.0
        line, nodes = fast(max_nodes, start + max_seconds * share)
        moves = _replayed(game, line) if line is not None else None
        if moves is not None:
            return _timed(Solution(Outcome.WON, moves, nodes), start)
        if not prove:
            return _timed(Solution(Outcome.UNKNOWN, (), nodes), start)
        spent = nodes
        max_nodes = max_nodes if each else max_nodes - nodes
        if max_nodes <= 0:
            return _timed(Solution(Outcome.UNKNOWN, (), spent), start)
    halfway = time.perf_counter() + (deadline - time.perf_counter()) / 2
    useful = _search(game, max_nodes, halfway, useful_only=True)
    if useful.outcome is Outcome.WON:
        return _timed(Solution(useful.outcome, useful.moves, spent + useful.nodes), start)
    left = max_nodes if each else max_nodes - useful.nodes
    if left <= 0:
        return _timed(Solution(Outcome.UNKNOWN, (), spent + useful.nodes), start)
    full = _search(game, left, deadline, useful_only=False)
    nodes = spent + useful.nodes + full.nodes
    return _timed(Solution(full.outcome, full.moves, nodes), start)


def _replayed(game: Game, line: list[str]) -> tuple[Move, ...] | None:
    """Returns *line* as canonical moves if it plays to a win from *game*."""
    copy = game.copy()
    try:
        moves = tuple(copy.play(text) for text in line)
    except IllegalMove:
        return None
    return moves if copy.is_won else None


def _timed(solution: Solution, start: float) -> Solution:
    return Solution(solution.outcome, solution.moves, solution.nodes, time.perf_counter() - start)


def _search(game: Game, max_nodes: int, deadline: float, *, useful_only: bool) -> Solution:
    position = game.copy()
    if position.is_won:
        return Solution(Outcome.WON)
    seen = {position.search_key()}
    stack = [iter(_ordered(position, useful_only))]
    path: list[Move] = []
    nodes = 0
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if path:
                path.pop()
                position.pop()
            continue
        position.push(move)
        nodes += 1
        key = position.search_key()
        if key in seen:
            position.pop()
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


def _ordered(game: Game, useful_only: bool) -> list[Move]:
    # A move that can never lose a win is played alone; otherwise best first.
    moves = game.legal_moves()
    for move in moves:
        if game.is_forced(move):
            return [move]
    scores = {move: game.hint_score(move) for move in moves}
    if useful_only:
        moves = [move for move in moves if scores[move] > 0]
    return sorted(moves, key=lambda move: -scores[move])
