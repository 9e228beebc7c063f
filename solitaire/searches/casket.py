"""Casket: two decks, so a card is its suit and rank (``suit * 16 + rank``)
and the two cards alike are one.

A state is the foundation heights (two per suit, the higher first), the
eight body piles, the five lids (``0`` when empty), the jewels and stock
left, the three reserves and the waste card. Drawing when the waste is empty
is done at once (it only adds a choice), and so is every card no body pile
could still want on it going home (the game's own autoplay rule). The rest
is a limited discrepancy search, as for Calculation: cards go home first,
then lids onto the body, then cards onto the body, and last the waste onto
a reserve, where it does least harm on a card needed later; moves are made
only as the search asks for them. A body card that would only move onto
the twin of the card it lies on is tried last of all: first, it would move
there and back.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..variants.casket import Casket, home_for_good
from ._base import Budget, attempt, by_discrepancies, codes, least_harm

Piles = tuple[tuple[int, ...], ...]
# found, body, lids, jewels left, reserves, waste, stock left
State = tuple[tuple[int, ...], Piles, tuple[int, ...], int, Piles, int, int]
Step = tuple[tuple[str, ...], State]

_LIDS = ("l1", "l2", "l3", "l4", "l5")


def _suit(card: int) -> int:
    return card >> 4


def _rank(card: int) -> int:
    return card & 15


class _Search:
    def __init__(
        self, jewels: tuple[int, ...], stock: tuple[int, ...], max_nodes: int, deadline: float
    ) -> None:
        self.jewels = jewels  # top last
        self.stock = stock  # top last
        self.budget = Budget(max_nodes, deadline)
        self.seen: dict[object, int] = {}
        self.path: list[str] = []
        self._known_homes: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}
        self._known_needs: dict[tuple[int, ...], tuple[int, ...]] = {}

    # -- foundations -----------------------------------------------------------

    def _homes(self, found: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
        """The cards the foundations take now (two a suit), and those of them
        that go there with nothing lost (the game's autoplay); remembered by
        foundation heights."""
        sets = self._known_homes.get(found)
        if sets is None:
            homes = frozenset(
                suit * 16 + found[2 * suit + k] + 1
                for suit in range(4)
                for k in (0, 1)
                if found[2 * suit + k] < 13
            )
            safe = frozenset(c for c in homes if home_for_good(_rank(c), found[2 * _suit(c) + 1]))
            sets = self._known_homes[found] = homes, safe
        return sets

    @staticmethod
    def _home(found: tuple[int, ...], card: int) -> tuple[int, ...]:
        i = 2 * _suit(card)
        high, low = found[i], found[i + 1]
        if high == _rank(card) - 1:
            high += 1
        else:
            low += 1
        high, low = max(high, low), min(high, low)
        return (*found[:i], high, low, *found[i + 2 :])

    def _needs(self, found: tuple[int, ...]) -> tuple[int, ...]:
        """How far each card's foundations are from wanting it, by card code
        (remembered by foundation heights)."""
        needs = self._known_needs.get(found)
        if needs is None:
            needs = self._known_needs[found] = tuple(
                _rank(card) - 1 - found[2 * _suit(card)] for card in range(64)
            )
        return needs

    # -- state changes ---------------------------------------------------------

    def _open_lid(self, lids: tuple[int, ...], i: int, jewels: int) -> tuple[tuple[int, ...], int]:
        card = self.jewels[jewels - 1] if jewels else 0
        return (*lids[:i], card, *lids[i + 1 :]), jewels - 1 if jewels else 0

    @staticmethod
    def _pop(piles: Piles, i: int) -> Piles:
        return (*piles[:i], piles[i][:-1], *piles[i + 1 :])

    @staticmethod
    def _push(piles: Piles, i: int, card: int) -> Piles:
        return (*piles[:i], (*piles[i], card), *piles[i + 1 :])

    def _settle(self, state: State) -> State:
        """Draws onto an empty waste, and plays home every card that is safe there."""
        found, body, lids, jewels, reserves, waste, left = state
        moved = True
        while moved:
            moved = False
            if not waste and left:
                waste, left = self.stock[left - 1], left - 1
                self.path.append("s")
            safe = self._homes(found)[1]
            if waste in safe:
                found, waste = self._home(found, waste), 0
                self.path.append("w f")
                moved = True
                continue
            for i, card in enumerate(lids):
                if card in safe:
                    found = self._home(found, card)
                    safe = self._homes(found)[1]
                    lids, jewels = self._open_lid(lids, i, jewels)
                    self.path.append(f"{_LIDS[i]} f")
                    moved = True
            for i, pile in enumerate(body):
                if pile and pile[-1] in safe:
                    found, body = self._home(found, pile[-1]), self._pop(body, i)
                    safe = self._homes(found)[1]
                    self.path.append(f"{i + 1} f")
                    moved = True
            for i, pile in enumerate(reserves):
                if pile and pile[-1] in safe:
                    found, reserves = self._home(found, pile[-1]), self._pop(reserves, i)
                    safe = self._homes(found)[1]
                    self.path.append(f"r{i + 1} f")
                    moved = True
        return found, body, lids, jewels, reserves, waste, left

    # -- moves ----------------------------------------------------------------

    def _moves(self, state: State) -> Iterator[Step]:
        """The moves in the search's order, made only as it asks: home, then
        lids onto the body, then building the body, then into an empty pile,
        and last a body card onto the twin of the card it lies on."""
        found, body, lids, jewels, reserves, waste, left = state
        homes = self._homes(found)[0]
        for i, card in enumerate(lids):
            if card in homes:
                opened, rest = self._open_lid(lids, i, jewels)
                home = self._home(found, card)
                yield (f"{_LIDS[i]} f",), (home, body, opened, rest, reserves, waste, left)
        for i, pile in enumerate(reserves):
            if pile and pile[-1] in homes:
                home, popped = self._home(found, pile[-1]), self._pop(reserves, i)
                yield (f"r{i + 1} f",), (home, body, lids, jewels, popped, waste, left)
        for i, pile in enumerate(body):
            if pile and pile[-1] in homes:
                home, popped = self._home(found, pile[-1]), self._pop(body, i)
                yield (f"{i + 1} f",), (home, popped, lids, jewels, reserves, waste, left)
        if waste in homes:
            yield ("w f",), (self._home(found, waste), body, lids, jewels, reserves, 0, left)
        onto: dict[int, list[int]] = {}  # the card a body pile wants → those piles
        for i, pile in enumerate(body):
            if pile and _rank(pile[-1]) > 1:
                onto.setdefault(pile[-1] - 1, []).append(i)
        empty = [i for i, pile in enumerate(body) if not pile][:1]
        for i, card in enumerate(lids):
            for j in onto.get(card, ()) if card else ():
                opened, rest = self._open_lid(lids, i, jewels)
                pushed = self._push(body, j, card)
                yield (f"{_LIDS[i]} {j + 1}",), (found, pushed, opened, rest, reserves, waste, left)
        for i, pile in enumerate(reserves):
            for j in [*onto.get(pile[-1], ()), *empty] if pile else ():
                pushed, popped = self._push(body, j, pile[-1]), self._pop(reserves, i)
                yield (f"r{i + 1} {j + 1}",), (found, pushed, lids, jewels, popped, waste, left)
        swaps = []
        for i, pile in enumerate(body):
            for j in onto.get(pile[-1], ()) if pile else ():
                if j != i:
                    moved = self._push(self._pop(body, i), j, pile[-1])
                    step = (
                        (f"{i + 1} {j + 1}",),
                        (found, moved, lids, jewels, reserves, waste, left),
                    )
                    if len(pile) < 2 or pile[-2] != body[j][-1]:
                        yield step
                    else:
                        swaps.append(step)
        if waste:
            for j in [*onto.get(waste, ()), *empty]:
                pushed = self._push(body, j, waste)
                yield (f"w {j + 1}",), (found, pushed, lids, jewels, reserves, 0, left)
            for i in least_harm(reserves, waste, self._needs(found)):
                pushed = self._push(reserves, i, waste)
                yield (f"w r{i + 1}",), (found, body, lids, jewels, pushed, 0, left)
        for j in empty:
            for i, pile in enumerate(body):
                if len(pile) > 1:
                    moved = self._push(self._pop(body, i), j, pile[-1])
                    yield (f"{i + 1} {j + 1}",), (found, moved, lids, jewels, reserves, waste, left)
        yield from swaps

    # -- search ---------------------------------------------------------------

    def run(self, state: State, slack: int) -> bool:
        self.budget.spend()
        mark = len(self.path)
        state = self._settle(state)
        found, body, lids, jewels, reserves, waste, left = state
        if sum(found) == 104:
            return True
        key = (
            found,
            tuple(sorted(body)),
            tuple(sorted(lids)),
            jewels,
            tuple(sorted(reserves)),
            waste,
            left,
        )
        if self.seen.get(key, -1) < slack:
            self.seen[key] = slack
            for cost, (moves, child) in enumerate(self._moves(state)):
                if cost > slack:
                    break
                self.path.extend(moves)
                if self.run(child, slack - cost):
                    return True
                del self.path[len(self.path) - len(moves) :]
        del self.path[mark:]
        return False


def search(game: Casket, max_nodes: int, deadline: float) -> tuple[list[str] | None, int]:
    """Returns a winning line from *game* in notation (or ``None``) and the nodes searched."""

    heights: list[list[int]] = [[], [], [], []]
    for name in game.foundations:
        pile = game.pile(name)
        if pile:
            heights[pile[0].suit].append(len(pile))
    found = tuple(h for pair in heights for h in sorted([*pair, 0, 0], reverse=True)[:2])
    body = tuple(codes(game.pile(str(n))) for n in range(1, 9))
    lids = tuple((codes(game.pile(name)) or (0,))[-1] for name in _LIDS)
    reserves = tuple(codes(game.pile(f"r{n}")) for n in range(1, 4))
    waste = (codes(game.pile("w")) or (0,))[-1]
    jewels, stock = codes(game.pile("j")), codes(game.pile("s"))
    search = _Search(jewels, stock, max_nodes, deadline)
    state: State = (found, body, lids, len(jewels), reserves, waste, len(stock))
    return attempt(search, lambda: by_discrepancies(search, state))
