"""Casket: two decks, so a card is its suit and rank (``suit * 16 + rank``)
and the two cards alike are one.

A state is the foundation heights (two per suit, the higher first), the
eight body piles, the five lids (``0`` when empty), the jewels and stock
left, the three reserves and the waste card. Drawing when the waste is empty
is done at once (it only adds a choice), and so is every card no body pile
could still want on it going home (the game's own autoplay rule). The rest
is a limited discrepancy search, as for Calculation: lids are opened first,
then cards go home, onto the body, and last onto a reserve, where they do
least harm on a card needed later.
"""

from __future__ import annotations

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


def _homes(found: tuple[int, ...]) -> frozenset[int]:
    """The cards the foundations take now (two a suit)."""
    return frozenset(
        suit * 16 + found[2 * suit + k] + 1
        for suit in range(4)
        for k in (0, 1)
        if found[2 * suit + k] < 13
    )


class _Search:
    def __init__(
        self, jewels: tuple[int, ...], stock: tuple[int, ...], max_nodes: int, deadline: float
    ) -> None:
        self.jewels = jewels  # top last
        self.stock = stock  # top last
        self.budget = Budget(max_nodes, deadline)
        self.seen: dict[object, int] = {}
        self.path: list[str] = []

    # -- foundations -----------------------------------------------------------

    @staticmethod
    def _goes_home(found: tuple[int, ...], card: int) -> bool:
        suit, rank = _suit(card), _rank(card)
        return found[2 * suit] == rank - 1 or found[2 * suit + 1] == rank - 1

    @staticmethod
    def _safe(found: tuple[int, ...], card: int) -> bool:
        return home_for_good(_rank(card), found[2 * _suit(card) + 1])

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

    def _need(self, found: tuple[int, ...], card: int) -> int:
        """How far the card's foundations are from wanting it."""
        return _rank(card) - 1 - found[2 * _suit(card)]

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
            if waste and self._goes_home(found, waste) and self._safe(found, waste):
                found, waste = self._home(found, waste), 0
                self.path.append("w f")
                moved = True
                continue
            for i, card in enumerate(lids):
                if card and self._goes_home(found, card) and self._safe(found, card):
                    found = self._home(found, card)
                    lids, jewels = self._open_lid(lids, i, jewels)
                    self.path.append(f"{_LIDS[i]} f")
                    moved = True
            for i, pile in enumerate(body):
                if pile and self._goes_home(found, pile[-1]) and self._safe(found, pile[-1]):
                    found, body = self._home(found, pile[-1]), self._pop(body, i)
                    self.path.append(f"{i + 1} f")
                    moved = True
            for i, pile in enumerate(reserves):
                if pile and self._goes_home(found, pile[-1]) and self._safe(found, pile[-1]):
                    found, reserves = self._home(found, pile[-1]), self._pop(reserves, i)
                    self.path.append(f"r{i + 1} f")
                    moved = True
        return found, body, lids, jewels, reserves, waste, left

    # -- moves ----------------------------------------------------------------

    def _moves(self, state: State) -> list[Step]:
        found, body, lids, jewels, reserves, waste, left = state
        homes = _homes(found)
        home: list[Step] = []
        opening: list[Step] = []
        building: list[Step] = []
        emptying: list[Step] = []
        onto: dict[int, list[int]] = {}  # the card a body pile wants → those piles
        empty_body = next((i for i, pile in enumerate(body) if not pile), None)
        for i, pile in enumerate(body):
            if pile and _rank(pile[-1]) > 1:
                onto.setdefault(pile[-1] - 1, []).append(i)
        for i, card in enumerate(lids):
            if not card:
                continue
            opened, rest = self._open_lid(lids, i, jewels)
            if card in homes:
                home.append(
                    (
                        (f"{_LIDS[i]} f",),
                        (self._home(found, card), body, opened, rest, reserves, waste, left),
                    )
                )
            for j in onto.get(card, ()):
                opening.append(
                    (
                        (f"{_LIDS[i]} {j + 1}",),
                        (found, self._push(body, j, card), opened, rest, reserves, waste, left),
                    )
                )
        for i, pile in enumerate(reserves):
            if not pile:
                continue
            card, popped = pile[-1], self._pop(reserves, i)
            if card in homes:
                home.append(
                    (
                        (f"r{i + 1} f",),
                        (self._home(found, card), body, lids, jewels, popped, waste, left),
                    )
                )
            targets = list(onto.get(card, ()))
            if empty_body is not None:
                targets.append(empty_body)
            for j in targets:
                building.append(
                    (
                        (f"r{i + 1} {j + 1}",),
                        (found, self._push(body, j, card), lids, jewels, popped, waste, left),
                    )
                )
        for i, pile in enumerate(body):
            if not pile:
                continue
            card, popped = pile[-1], self._pop(body, i)
            if card in homes:
                home.append(
                    (
                        (f"{i + 1} f",),
                        (self._home(found, card), popped, lids, jewels, reserves, waste, left),
                    )
                )
            for j in onto.get(card, ()):
                if j != i:
                    building.append(
                        (
                            (f"{i + 1} {j + 1}",),
                            (
                                found,
                                self._push(popped, j, card),
                                lids,
                                jewels,
                                reserves,
                                waste,
                                left,
                            ),
                        )
                    )
            if empty_body is not None and len(pile) > 1:
                emptying.append(
                    (
                        (f"{i + 1} {empty_body + 1}",),
                        (
                            found,
                            self._push(popped, empty_body, card),
                            lids,
                            jewels,
                            reserves,
                            waste,
                            left,
                        ),
                    )
                )
        if waste:
            if waste in homes:
                home.append(
                    (("w f",), (self._home(found, waste), body, lids, jewels, reserves, 0, left))
                )
            targets = list(onto.get(waste, ()))
            if empty_body is not None:
                targets.append(empty_body)
            for j in targets:
                building.append(
                    (
                        (f"w {j + 1}",),
                        (found, self._push(body, j, waste), lids, jewels, reserves, 0, left),
                    )
                )
            for i in least_harm(reserves, waste, lambda card: self._need(found, card)):
                child = (found, body, lids, jewels, self._push(reserves, i, waste), 0, left)
                building.append(((f"w r{i + 1}",), child))
        return home + opening + building + emptying

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
