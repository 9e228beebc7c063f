"""Klondike without foundation return: any draw, any number of passes.

A card is ``suit * 16 + rank``. A state is immutable: seven columns (face-down
cards, face-up run), the foundation height per suit, stock and waste (bottom
to top, as in the engine) and the redeals used. Moves are pruned the way
Klondike players prune them: a run moves between columns only to turn up a
face-down card, to empty a column for a King that moves in at once, or to
free a card for its foundation; cards that nothing can need go home at once. The stock is not
drawn card by card: each card it can bring to the top of the waste, and then
play, is one move (the draws, then the play). A depth-first search with a
transposition table tries cards home first, then runs that turn up the most
face-down cards, then waste cards onto columns, fewest draws first.
"""

from __future__ import annotations

from ..cards import KING
from ..variants.klondike import Klondike, home_for_good
from ._base import Budget, attempt, codes

Column = tuple[tuple[int, ...], tuple[int, ...]]  # face down, face up
State = tuple[tuple[Column, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


def _red(card: int) -> bool:
    return (card >> 4) in (1, 2)


def _rank(card: int) -> int:
    return card & 15


# The two cards each card may lie on in a column (none for a King).
_ONTO: dict[int, tuple[int, ...]] = {
    suit * 16 + rank: tuple(
        other * 16 + rank + 1 for other in range(4) if _red(other * 16) != _red(suit * 16)
    )
    if rank < KING
    else ()
    for suit in range(4)
    for rank in range(1, 14)
}


class _Search:
    def __init__(self, draw: int, passes: int | None, max_nodes: int, deadline: float) -> None:
        self.draw = draw
        self.redeals = None if passes is None else passes - 1
        self.budget = Budget(max_nodes, deadline)
        self.seen: set[object] = set()
        self.path: list[str] = []

    # -- moves ---------------------------------------------------------------

    def _home(self, found: tuple[int, ...], card: int) -> bool:
        return found[card >> 4] == _rank(card) - 1

    def _safe(self, found: tuple[int, ...], card: int) -> bool:
        other = (0, 3) if _red(card) else (1, 2)
        return home_for_good(_rank(card), min(found[other[0]], found[other[1]]))

    @staticmethod
    def _raise(found: tuple[int, ...], card: int) -> tuple[int, ...]:
        suit = card >> 4
        return (*found[:suit], found[suit] + 1, *found[suit + 1 :])

    @staticmethod
    def _take(columns: tuple[Column, ...], i: int, count: int) -> tuple[Column, ...]:
        down, up = columns[i]
        up = up[:-count]
        if not up and down:
            down, up = down[:-1], down[-1:]
        return (*columns[:i], (down, up), *columns[i + 1 :])

    @staticmethod
    def _put(columns: tuple[Column, ...], i: int, cards: tuple[int, ...]) -> tuple[Column, ...]:
        down, up = columns[i]
        return (*columns[:i], (down, up + cards), *columns[i + 1 :])

    def _settle(self, state: State) -> State:
        """Plays every safe card home, recording the moves."""
        columns, found, stock, waste, redeals = state
        moved = True
        while moved:
            moved = False
            for i, (_, up) in enumerate(columns):
                if up and self._home(found, up[-1]) and self._safe(found, up[-1]):
                    found = self._raise(found, up[-1])
                    columns = self._take(columns, i, 1)
                    self.path.append(f"{i + 1} f")
                    moved = True
            if waste and self._home(found, waste[-1]) and self._safe(found, waste[-1]):
                found = self._raise(found, waste[-1])
                waste = waste[:-1]
                self.path.append("w f")
                moved = True
        return columns, found, stock, waste, redeals

    def _waste_tops(
        self, stock: tuple[int, ...], waste: tuple[int, ...], redeals: int
    ) -> list[tuple[tuple[str, ...], int, tuple[int, ...], tuple[int, ...], int]]:
        """The waste's top card now, and each card the stock can bring up
        there: the draws that takes, the card, then stock, waste (without the
        card) and redeals as they would be. A draw alone is never a move: it
        changes nothing useful until the card it brings up is played."""
        tops = []
        draws: tuple[str, ...] = ()
        cards, pile, turned = stock, waste, redeals
        for _ in range(2 * (len(stock) + len(waste)) + 2):
            if pile:
                tops.append((draws, pile[-1], cards, pile[:-1], turned))
            if cards:
                n = min(self.draw, len(cards))
                cards, pile = cards[:-n], pile + cards[-n:][::-1]
            elif pile and (self.redeals is None or turned < self.redeals):
                cards, pile, turned = pile[::-1], (), turned + 1
            else:
                break
            draws = (*draws, "s")
            if cards == stock and pile == waste:
                break  # round the whole stock: nothing new comes up
        return tops

    def _moves(self, state: State) -> list[tuple[tuple[str, ...], State]]:
        columns, found, stock, waste, redeals = state
        home: list[tuple[int, tuple[str, ...], State]] = []
        reveal: list[tuple[int, tuple[str, ...], State]] = []
        partial: list[tuple[tuple[str, ...], State]] = []
        onto: list[tuple[int, tuple[str, ...], State]] = []
        empty = next((i for i, (down, up) in enumerate(columns) if not down and not up), None)
        tops = {up[-1]: j for j, (_, up) in enumerate(columns) if up}

        def targets(card: int) -> list[int]:
            found_on = [tops[top] for top in _ONTO[card] if top in tops]
            if empty is not None and card & 15 == KING:
                found_on.append(empty)
            return found_on

        reachable = self._waste_tops(stock, waste, redeals)
        for draws, card, cards, rest, turned in reachable:
            if found[card >> 4] == (card & 15) - 1:
                child = (columns, self._raise(found, card), cards, rest, turned)
                home.append((len(draws), (*draws, "w f"), child))
            for j in targets(card):
                child = (self._put(columns, j, (card,)), found, cards, rest, turned)
                onto.append((len(draws), (*draws, f"w {j + 1}"), child))
        for i, (down, up) in enumerate(columns):
            if not up:
                continue
            top = up[-1]
            if found[top >> 4] == (top & 15) - 1:
                child = (self._take(columns, i, 1), self._raise(found, top), stock, waste, redeals)
                home.append((0, (f"{i + 1} f",), child))
            head = up[0]
            if down:
                # The whole run, to turn up a card.
                for j in targets(head):
                    moved = self._put(self._take(columns, i, len(up)), j, up)
                    child = (moved, found, stock, waste, redeals)
                    reveal.append((-len(down), (f"{i + 1} {j + 1}x{len(up)}",), child))
            elif head & 15 != KING:
                # The whole run, to empty the column: only with a King to fill it.
                for j in targets(head):
                    if not columns[j][1]:
                        continue
                    emptied = self._put(self._take(columns, i, len(up)), j, up)
                    first = f"{i + 1} {j + 1}x{len(up)}"
                    for k, (kdown, kup) in enumerate(emptied):
                        if kdown and kup and kup[0] & 15 == KING:
                            moved = self._put(self._take(emptied, k, len(kup)), i, kup)
                            second = f"{k + 1} {i + 1}x{len(kup)}"
                            reveal.append(
                                (
                                    -len(kdown),
                                    (first, second),
                                    (moved, found, stock, waste, redeals),
                                )
                            )
                    for draws, card, cards, rest, turned in reachable:
                        if card & 15 == KING:
                            child = (self._put(emptied, i, (card,)), found, cards, rest, turned)
                            onto.append((len(draws), (first, *draws, f"w {i + 1}"), child))
            # Part of the run: to free the card below it for its foundation.
            for k in range(1, len(up)):
                below = up[k - 1]
                if found[below >> 4] != (below & 15) - 1:
                    continue
                for j in targets(up[k]):
                    if j != i and columns[j][1]:
                        count = len(up) - k
                        moved = self._put(self._take(columns, i, count), j, up[k:])
                        child = (moved, found, stock, waste, redeals)
                        partial.append(((f"{i + 1} {j + 1}x{count}",), child))
                        break
        home.sort(key=lambda item: item[0])
        reveal.sort(key=lambda item: item[0])
        onto.sort(key=lambda item: item[0])
        return (
            [(moves, child) for _, moves, child in home]
            + [(moves, child) for _, moves, child in reveal]
            + [(moves, child) for _, moves, child in onto]
            + partial
        )

    def run(self, state: State) -> bool:
        self.budget.spend()
        mark = len(self.path)
        state = self._settle(state)
        columns, found, stock, waste, redeals = state
        if sum(found) == 52:
            return True
        key = (tuple(sorted(columns)), found, stock, waste, redeals)
        if key not in self.seen:
            self.seen.add(key)
            for moves, child in self._moves(state):
                self.path.extend(moves)
                if self.run(child):
                    return True
                del self.path[len(self.path) - len(moves) :]
        del self.path[mark:]
        return False


def start_state(game: Klondike) -> State:
    columns = []
    for number in range(1, 8):
        cards = game.pile(str(number))
        down = game.hidden(str(number))
        columns.append((codes(cards[:down]), codes(cards[down:])))
    found = [0, 0, 0, 0]
    for name in game.foundations:
        pile = game.pile(name)
        if pile:
            found[pile[0].suit] = len(pile)
    return (
        tuple(columns),
        tuple(found),
        codes(game.pile("s")),
        codes(game.pile("w")),
        game.redeals,
    )


def search(game: Klondike, max_nodes: int, deadline: float) -> tuple[list[str] | None, int]:
    """Returns a winning line from *game* in notation (or ``None``) and the
    nodes searched. Only for games whose foundation cards stay there."""
    search = _Search(game.draw, game.passes, max_nodes, deadline)
    return attempt(search, lambda: search.run(start_state(game)))
