"""How hard a deal is, and the fewest moves the solver knows to win it.

A deal's **search** is how many positions the solver tried before it found
a win, with its moves tried best first and no time cap: a deal its
heuristics win straight away is easy, one that needs many turns back is
hard. Each pool's deals get 1 to 5 **stars** by where their search falls
among the pool's: a fifth of the deals at each grade
(:func:`solitaire.pool.bounds`).

A deal's **par** is the length of the shortest winning line known for it:
the solver's line, shortened where a single move reaches a later position
of the line directly, positions that play alike counting as one
(:func:`shortened`). It is "par", not the minimum: a
shorter line may exist.

``tools/grade.py`` measures a pool once and writes what it found next to
it; the bot only reads the tables (:func:`solitaire.pool.grade_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .game import Game
from .move import Move
from .pool import Grade, graded, hardest
from .solver import Outcome, solve

#: A grade's search cap: far above what any deal of a pool needs (their
#: wins were found within a second), and no time cap, so the count is the
#: same on every machine.
GRADE_NODES = 20_000_000
GRADE_SECONDS = 3600.0


@dataclass(frozen=True)
class Measure:
    """What grading a deal found: the search it took, the solver's line,
    and the shortened line whose length is the deal's par."""

    search: int
    line: tuple[Move, ...]
    par_line: tuple[Move, ...]

    @property
    def par(self) -> int:
        return len(self.par_line)


def measure(game: Game, max_nodes: int = GRADE_NODES) -> Measure | None:
    """Searches *game*'s deal from its start and shortens the line found;
    ``None`` if the solver finds no win within *max_nodes*."""
    solution = solve(game, max_nodes=max_nodes, max_seconds=GRADE_SECONDS, prove=False)
    if solution.outcome is not Outcome.WON:
        return None
    return Measure(solution.nodes, solution.moves, shortened(game, solution.moves))


def grade_new(game: Game) -> Grade | None:
    """Grades the deal of *game*, one no pool holds (a cup's), as its
    pool's deals are graded: within the search of the pool's hardest deal
    (:func:`~solitaire.pool.hardest`); ``None`` if the solver finds no win
    within it (a deal harder than any pool's, or lost)."""
    cls, options = type(game), game.options
    effort = hardest(cls, options)
    found = measure(game, effort) if effort else None
    return None if found is None else graded(cls, options, found.search, found.par)


def shortened(game: Game, line: Sequence[Move]) -> tuple[Move, ...]:
    """Returns the shortest winning line through *line*'s positions, where a
    legal move from one of them that reaches a later one directly skips the
    moves between. Positions count as one where they play alike
    (:meth:`~solitaire.game.Game.search_key`: interchangeable piles in any
    order), as the searches count them: their lines wander through such
    positions. It is never longer than *line* and wins; *game* is not changed.
    """
    position = game.copy()
    keys = [position.search_key()]
    for move in line:
        position.push(move)
        keys.append(position.search_key())
    last = {key: i for i, key in enumerate(keys)}  # where each key is last met
    # reach[i]: the later positions one move from position i reaches.
    reach: list[set[int]] = []
    position = game.copy()
    for i, move in enumerate(line):
        found = {i + 1}
        for other in position.legal_moves():
            position.push(other)
            j = last.get(position.search_key(), -1)
            position.pop()
            if j > i + 1:
                found.add(j)
        reach.append(found)
        position.push(move)
    # Fewest moves to the end: positions only lead forward, so one pass back.
    end = len(line)
    steps, ahead = [0] * (end + 1), [end] * (end + 1)
    for i in range(end - 1, -1, -1):
        ahead[i] = min(reach[i], key=lambda j: (steps[j], -j))
        steps[i] = steps[ahead[i]] + 1
    # The moves, found again from the position played: it plays like the
    # line's, its piles maybe in another order.
    result: list[Move] = []
    position, i = game.copy(), 0
    while i < end:
        i = ahead[i]
        result.append(_move_to(position, keys[i]))
    return tuple(result)


def _move_to(position: Game, key: tuple[object, ...]) -> Move:
    """Plays and returns a legal move of *position* to a position of *key*."""
    for move in position.legal_moves():
        position.push(move)
        if position.search_key() == key:
            return move
        position.pop()
    raise AssertionError("a position one move away plays alike, so a move reaches it")
