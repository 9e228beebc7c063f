"""How hard a deal is, and the fewest moves the solver knows to win it.

A deal's **search** is how many positions the solver tried before it found
a win, with its moves tried best first and no time cap: a deal its
heuristics win straight away is easy, one that needs many turns back is
hard. Each pool's deals get 1 to 5 **stars** by where their search falls
among the pool's: a fifth of the deals at each grade
(:func:`solitaire.pool.bounds`).

A deal's **par** is the length of the shortest winning line known for it:
the solver's line, shortened where a single move reaches a later position
of the line directly (:func:`shortened`). It is "par", not the minimum: a
shorter line may exist.

``tools/grade.py`` measures a pool once and writes what it found next to
it; the bot only reads the tables (:func:`solitaire.pool.grade_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .game import Game
from .move import Move
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


def measure(game: Game) -> Measure | None:
    """Searches *game*'s deal from its start and shortens the line found;
    ``None`` if the solver finds no win within :data:`GRADE_NODES`."""
    solution = solve(game, max_nodes=GRADE_NODES, max_seconds=GRADE_SECONDS, prove=False)
    if solution.outcome is not Outcome.WON:
        return None
    return Measure(solution.nodes, solution.moves, shortened(game, solution.moves))


def shortened(game: Game, line: Sequence[Move]) -> tuple[Move, ...]:
    """Returns the shortest winning line made of *line*'s positions, where a
    legal move from one of them that reaches a later one directly may skip
    the moves between. It is never longer than *line* and replays to the
    same win; *game* is not changed.
    """
    position = game.copy()
    keys = [position.position_key()]
    for move in line:
        position.push(move)
        keys.append(position.position_key())
    index = {key: i for i, key in enumerate(keys)}
    # jumps[i]: the later positions one move from position i reaches.
    jumps: list[dict[int, Move]] = []
    position = game.copy()
    for i, move in enumerate(line):
        reach: dict[int, Move] = {i + 1: move}
        for other in position.legal_moves():
            if other == move:
                continue
            position.push(other)
            j = index.get(position.position_key(), -1)
            position.pop()
            if j > i + 1 and j not in reach:
                reach[j] = other
        jumps.append(reach)
        position.push(move)
    # Fewest moves to the end: positions only lead forward, so one pass back.
    end = len(line)
    steps = [0] * (end + 1)
    best: list[tuple[int, Move] | None] = [None] * (end + 1)
    for i in range(end - 1, -1, -1):
        j, move = min(jumps[i].items(), key=lambda item: steps[item[0]])
        steps[i], best[i] = steps[j] + 1, (j, move)
    result: list[Move] = []
    i = 0
    while i < end:
        step = best[i]
        assert step is not None
        i, move = step
        result.append(move)
    return tuple(result)
