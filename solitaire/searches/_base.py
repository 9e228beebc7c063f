"""Fast searches for single games: a compact state and a game's own move
pruning, where the general search in :mod:`solitaire.solver` is too slow.

Each ``search(game, max_nodes, deadline)`` returns a winning line in
notation, or ``None`` when it found none (its pruning may skip a win, so
``None`` proves nothing). The solver replays every line in the engine
before it trusts it.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol


class OutOfBudget(Exception):
    """The search used up its nodes or its time."""


class Budget:
    """Counts the nodes of a search; past the node cap or the deadline (the
    clock is read every 512 nodes) it raises :class:`OutOfBudget`."""

    def __init__(self, max_nodes: int, deadline: float) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0

    def spend(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes or (
            self.nodes % 512 == 0 and time.perf_counter() > self.deadline
        ):
            raise OutOfBudget


@contextmanager
def deep_recursion(depth: int = 10_000) -> Iterator[None]:
    """Room for a recursive search one level per decision."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, depth))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


class Table(Protocol):
    def clear(self) -> None: ...


@contextmanager
def collector_paused(*tables: Table) -> Iterator[None]:
    """Pauses Python's cycle collector: a search makes hundreds of thousands
    of tuples a second that live on in its *tables*, and each collection
    would walk them all (10–25 % of the time). Reference counting still
    frees what the search drops. The tables are emptied at the end, before
    the collector runs again: it would walk them once more (7 % of a search
    of 30,000 nodes)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        for table in tables:
            table.clear()
        if was_on:
            gc.enable()


class Searcher(Protocol):
    budget: Budget
    path: list[str]

    @property
    def seen(self) -> Table: ...


def attempt(searcher: Searcher, search: Callable[[], bool]) -> tuple[list[str] | None, int]:
    """Runs *search* within the searcher's budget; returns its winning line
    (``None`` if it found none in time) and the nodes it searched."""
    with deep_recursion(), collector_paused(searcher.seen):
        try:
            won = search()
        except OutOfBudget:
            won = False
    return (searcher.path if won else None), searcher.budget.nodes


class Discrepant(Searcher, Protocol):
    seen: dict[object, int]

    def run(self, state: Any, slack: int) -> bool: ...


def by_discrepancies(searcher: Discrepant, state: object) -> bool:
    """A limited discrepancy search: follow the searcher's order of moves
    with no departure from its first choice, then with one, then two…"""
    for slack in range(1000):
        searcher.seen.clear()
        if searcher.run(state, slack):
            return True
    return False


class _Card(Protocol):
    suit: int
    rank: int


def codes(cards: Iterable[_Card]) -> tuple[int, ...]:
    """Cards as small ints, ``suit * 16 + rank``."""
    return tuple(card.suit * 16 + card.rank for card in cards)


def least_harm(
    piles: Sequence[Sequence[int]],
    card: int,
    need: Sequence[int],
    *,
    deep: bool = False,
) -> list[int]:
    """The piles to put *card* on, least harm first: onto a card needed later
    than it (the nearest such first), then onto one empty pile, then onto a
    card needed sooner, which it would bury. *need* says how soon each card
    is wanted on a foundation, by card.

    With *deep*, the harm is first how many cards of the whole pile *card*
    would bury that are needed sooner than it (an empty pile counts as half
    a card): right where a pile's cards can leave it only for a foundation.
    """
    mine = need[card]
    ranked = []
    empty_seen = False
    for i, pile in enumerate(piles):
        if not pile:
            if empty_seen:
                continue
            empty_seen = True
            ranked.append((1 if deep else 0, 1, 0, i))  # buried counts twice: half a card
            continue
        buried = 0
        if deep:
            for below in pile:
                if need[below] < mine:
                    buried += 2
        later = need[pile[-1]] - mine
        ranked.append((buried, 0 if later >= 0 else 2, abs(later), i))
    return [harm[-1] for harm in sorted(ranked)]
