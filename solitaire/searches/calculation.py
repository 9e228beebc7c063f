"""Calculation: suits don't matter, so a state is ranks alone.

A state is the foundation heights (``fN`` wants the rank ``N * (height + 1)``,
counted round from the King), how many stock cards are left, and the four
waste piles. A card that exactly one foundation wants goes there at once (the
game's own autoplay rule, which never hurts). A stock card that no foundation
takes is tried first on the waste pile where it does least harm: where it
buries the fewest cards needed sooner than itself (it must leave before
them), then on a card needed later than itself. Moves are made only as the
search asks for them.

The search is a limited discrepancy search: it follows that order, allowing
first no departure from it, then one, then two…, so a good first choice is
trusted until it has shown itself wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..variants.calculation import Calculation, cards_until
from ._base import Budget, attempt, by_discrepancies, least_harm

# The waste piles as bytes of ranks, whose hash Python keeps.
Wastes = tuple[bytes, ...]
_STEPS = (1, 2, 3, 4)
_RANK: Final = [bytes((rank,)) for rank in range(14)]


def _wants(step: int, height: int) -> int | None:
    """The rank a foundation of *step* with *height* cards wants, or None when complete."""
    return None if height >= 13 else (step * (height + 1) - 1) % 13 + 1


class _Search:
    def __init__(self, stock: tuple[int, ...], max_nodes: int, deadline: float) -> None:
        self.stock = stock  # ranks, top last
        self.budget = Budget(max_nodes, deadline)
        self.seen: dict[object, int] = {}
        self.path: list[str] = []
        self._needs: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._wants: dict[tuple[int, ...], tuple[int | None, ...]] = {}
        self._onlies: dict[tuple[int, ...], tuple[int, ...]] = {}

    def _wanted(self, heights: tuple[int, ...]) -> tuple[int | None, ...]:
        """The rank each foundation wants (remembered, like :meth:`_need`)."""
        wanted = self._wants.get(heights)
        if wanted is None:
            wanted = self._wants[heights] = tuple(
                _wants(step, h) for step, h in zip(_STEPS, heights, strict=True)
            )
        return wanted

    def _only(self, heights: tuple[int, ...]) -> tuple[int, ...]:
        """By rank, the one foundation that wants it, or -1 where none or
        several do (remembered, like :meth:`_need`)."""
        only = self._onlies.get(heights)
        if only is None:
            wanted = self._wanted(heights)
            only = self._onlies[heights] = tuple(
                wanted.index(rank) if wanted.count(rank) == 1 else -1 for rank in range(14)
            )
        return only

    def _need(self, heights: tuple[int, ...]) -> tuple[int, ...]:
        """How soon each rank is wanted, by rank: how many cards the
        foundations that still want it take first, on average, in whole cards
        (remembered: the search asks again and again). A rank wanted soon by
        one foundation but late by the others is less pressing than one all
        want soon; the whole cards let near ties count as ties."""
        need = self._needs.get(heights)
        if need is None:
            need = self._needs[heights] = tuple(
                sum(distances) // len(distances)
                if (distances := self._distances(heights, rank))
                else 99
                for rank in range(14)
            )
        return need

    @staticmethod
    def _distances(heights: tuple[int, ...], rank: int) -> list[int]:
        """How many cards each foundation that still wants *rank* takes first."""
        return [
            d
            for step, height in zip(_STEPS, heights, strict=True)
            if (d := cards_until(rank, _wants(step, height), step)) is not None
        ]

    def _settle(
        self, heights: tuple[int, ...], wastes: Wastes, left: int
    ) -> tuple[tuple[int, ...], Wastes, int]:
        """Plays every waste or stock top that exactly one foundation wants."""
        while True:
            only = self._only(heights)
            for i, pile in enumerate(wastes):
                if pile and (f := only[pile[-1]]) >= 0:
                    source = f"w{i + 1}"
                    wastes = (*wastes[:i], pile[:-1], *wastes[i + 1 :])
                    break
            else:
                if not left or (f := only[self.stock[left - 1]]) < 0:
                    return heights, wastes, left
                source = "s"
                left -= 1
            heights = (*heights[:f], heights[f] + 1, *heights[f + 1 :])
            self.path.append(f"{source} f{f + 1}")

    def run(self, state: tuple[tuple[int, ...], Wastes, int], slack: int) -> bool:
        """Searches with at most *slack* departures from the heuristic's first choice."""
        self.budget.spend()
        heights, wastes, left = state
        mark = len(self.path)
        heights, wastes, left = self._settle(heights, wastes, left)
        if sum(heights) == 52:
            return True
        key = (heights, tuple(sorted(wastes)), left)
        if self.seen.get(key, -1) < slack:
            self.seen[key] = slack
            for cost, (move, child) in enumerate(self._moves(heights, wastes, left)):
                if cost > slack:
                    break
                self.path.append(move)
                if self.run(child, slack - cost):
                    return True
                self.path.pop()
        del self.path[mark:]
        return False

    def _moves(
        self, heights: tuple[int, ...], wastes: Wastes, left: int
    ) -> Iterator[tuple[str, tuple[tuple[int, ...], Wastes, int]]]:
        """The moves in the heuristic's order, made only as the search asks."""
        wanted = self._wanted(heights)
        # To a foundation: a card more than one foundation wants.
        for i, pile in enumerate(wastes):
            if pile and pile[-1] in wanted:
                rest = (*wastes[:i], pile[:-1], *wastes[i + 1 :])
                for f, rank in enumerate(wanted):
                    if rank == pile[-1]:
                        raised = (*heights[:f], heights[f] + 1, *heights[f + 1 :])
                        yield f"w{i + 1} f{f + 1}", (raised, rest, left)
        if not left:
            return
        card = self.stock[left - 1]
        for f, rank in enumerate(wanted):
            if rank == card:
                raised = (*heights[:f], heights[f] + 1, *heights[f + 1 :])
                yield f"s f{f + 1}", (raised, wastes, left - 1)
        for i in least_harm(wastes, card, self._need(heights), deep=True):
            yield (
                f"s w{i + 1}",
                (
                    heights,
                    (*wastes[:i], wastes[i] + _RANK[card], *wastes[i + 1 :]),
                    left - 1,
                ),
            )


def search(game: Calculation, max_nodes: int, deadline: float) -> tuple[list[str] | None, int]:
    """Returns a winning line from *game* in notation (or ``None``) and the nodes searched."""
    stock = tuple(card.rank for card in game.pile("s"))
    heights = tuple(len(game.pile(f"f{n}")) for n in _STEPS)
    wastes = tuple(bytes(card.rank for card in game.pile(f"w{n}")) for n in _STEPS)
    search = _Search(stock, max_nodes, deadline)
    return attempt(search, lambda: by_discrepancies(search, (heights, wastes, len(stock))))
