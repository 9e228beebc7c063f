"""Klondike without foundation return, any draw, any number of passes: a
complete search, so that running out of moves proves a game lost.

A card is ``suit * 16 + rank``. A state is immutable: seven columns (face-down
cards, face-up run), the foundation height per suit, stock and waste (bottom
to top, as in the engine) and the redeals used. Its reductions lose no win:

- A card goes home at once when nothing can need it any more: both
  foundations of the other colour at most two ranks below it, the other one
  of its colour at most three (the cards that could lie on it, and those
  that could lie on them, can go home instead).
- The stock is not drawn card by card: each card it can bring to the top of
  the waste, and then play, is one move (the draws, then the play). Draws
  change no column, so in a win they can wait until just before the play.
- A run that lies on a face-up card can only move onto that card's twin (the
  other card of its rank and colour), and the card it uncovers must then be
  used at once: sent home, given a card or moved on. A win that moves the
  run earlier can move it just before that use instead. Likewise a column is
  emptied only for a King to move in next.
- A whole column never moves into an empty one, and interchangeable columns
  are one (the position key sorts them).

To find wins quickly it tries cards home first, then runs that turn up the
most face-down cards, then columns emptied for a King, waste cards onto
columns (fewest draws first), and runs moved onto a twin last.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import KING
from ..variants.klondike import Klondike
from ._base import Budget, OutOfBudget, codes, collector_paused, deep_recursion

Column = tuple[tuple[int, ...], tuple[int, ...]]  # face down, face up
State = tuple[tuple[Column, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
Move = tuple[tuple[str, ...], State, int]  # notation, the position after, what it owes
# A card the stock can bring to the waste's top: the draws, the card, then
# stock, waste (without the card) and redeals after.
Top = tuple[tuple[str, ...], int, tuple[int, ...], tuple[int, ...], int]

#: What a move leaves owed to the next one: nothing, a King for an empty
#: column, or (any card code) a use of that card, which it uncovered.
NOTHING = 0
A_KING = -1


def _red(card: int) -> bool:
    return (card >> 4) in (1, 2)


def _king(card: int) -> bool:
    return card & 15 == KING


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
# The two cards that may lie on each card (none for an Ace).
_UNDER: dict[int, tuple[int, ...]] = {
    card: tuple(other for other, onto in _ONTO.items() if card in onto) for card in _ONTO
}


def home_at_once(found: tuple[int, ...], card: int) -> bool:
    """Whether *card*, next for its foundation, can go there with no win lost:
    both foundations of the other colour at most two ranks below it, the other
    one of its colour at most three. A card of the other colour that could
    lie on it can then go home instead, and so can a card that could lie on
    that one."""
    rank = card & 15
    if rank <= 2:
        return True
    suit = card >> 4
    other = (0, 3) if _red(card) else (1, 2)
    return min(found[other[0]], found[other[1]]) >= rank - 2 and found[3 - suit] >= rank - 3


class _Search:
    def __init__(
        self, draw: int, passes: int | None, max_nodes: int, deadline: float, *, reduced: bool
    ) -> None:
        self.draw = draw
        self.redeals = None if passes is None else passes - 1
        #: Without the reductions (for the tests that show they lose no win).
        self.reduced = reduced
        #: Moves put off until every other line is tried: the line to the
        #: position after each, the position and what it owes.
        self.put_off: list[tuple[tuple[str, ...], State, int]] = []
        self.budget = Budget(max_nodes, deadline)
        self.seen: set[object] = set()
        self.path: list[str] = []

    # -- positions -----------------------------------------------------------

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
        """Sends home every card that can go there at once, recording the moves."""
        columns, found, stock, waste, redeals = state
        moved = True
        while moved:
            moved = False
            for i, (_, up) in enumerate(columns):
                if up and found[up[-1] >> 4] == (up[-1] & 15) - 1 and home_at_once(found, up[-1]):
                    found = self._raise(found, up[-1])
                    columns = self._take(columns, i, 1)
                    self.path.append(f"{i + 1} f")
                    moved = True
            card = waste[-1] if waste else 0
            if card and found[card >> 4] == (card & 15) - 1 and home_at_once(found, card):
                found = self._raise(found, card)
                waste = waste[:-1]
                self.path.append("w f")
                moved = True
        return columns, found, stock, waste, redeals

    def _waste_tops(
        self, stock: tuple[int, ...], waste: tuple[int, ...], redeals: int
    ) -> list[Top]:
        """The waste's top card now, and each card the stock can bring up
        there: the draws that takes, the card, then stock, waste (without the
        card) and redeals as they would be."""
        tops = []
        draws: tuple[str, ...] = ()
        cards, pile, turned = stock, waste, redeals
        for _ in range(2 * (len(stock) + len(waste)) + 2):
            if pile:
                tops.append((draws, pile[-1], cards, pile[:-1], turned))
            if not self._can_draw(cards, pile, turned):
                break
            cards, pile, turned = self._draw(cards, pile, turned)
            draws = (*draws, "s")
            if cards == stock and pile == waste:
                break  # round the whole stock: nothing new comes up
        return tops

    def _can_draw(self, stock: tuple[int, ...], waste: tuple[int, ...], redeals: int) -> bool:
        return bool(stock) or (bool(waste) and (self.redeals is None or redeals < self.redeals))

    def _draw(
        self, stock: tuple[int, ...], waste: tuple[int, ...], redeals: int
    ) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        if stock:
            n = min(self.draw, len(stock))
            return stock[:-n], waste + stock[-n:][::-1], redeals
        return waste[::-1], (), redeals + 1

    # -- moves ---------------------------------------------------------------

    def _run_move(self, state: State, i: int, k: int, j: int) -> Move:
        """The face-up cards of column *i* from the *k*-th onto column *j*."""
        columns, found, stock, waste, redeals = state
        down, up = columns[i]
        moved = self._put(self._take(columns, i, len(up) - k), j, up[k:])
        owed = up[k - 1] if k else NOTHING if down else A_KING
        return (f"{i + 1} {j + 1}x{len(up) - k}",), (moved, found, stock, waste, redeals), owed

    def _moves(self, state: State, owed: int) -> Iterator[Move]:
        if not self.reduced:
            return self._every_move(state)
        columns = state[0]
        tops = {up[-1]: j for j, (_, up) in enumerate(columns) if up}
        empty = next((i for i, (down, up) in enumerate(columns) if not down and not up), None)
        reachable = self._waste_tops(*state[2:])
        if owed == A_KING:
            assert empty is not None
            return self._kings_in(state, empty, reachable)
        if owed:
            return self._uses(state, owed, tops[owed], reachable)
        return self._free_moves(state, tops, empty, reachable)

    def _kings_in(self, state: State, empty: int, reachable: list[Top]) -> Iterator[Move]:
        """A King into the *empty* column, which was emptied for it."""
        columns, found = state[0], state[1]
        kings = [(-len(down), i) for i, (down, up) in enumerate(columns) if down and _king(up[0])]
        for _, i in sorted(kings):
            yield self._run_move(state, i, 0, empty)
        for draws, card, stock, waste, redeals in reachable:
            if _king(card):
                child = (self._put(columns, empty, (card,)), found, stock, waste, redeals)
                yield (*draws, f"w {empty + 1}"), child, NOTHING

    def _uses(self, state: State, owed: int, c: int, reachable: list[Top]) -> Iterator[Move]:
        """The moves that use *owed*, the top of column *c*, which a run
        uncovered: it goes home, or the other card that may lie on it comes
        from the waste or from the foot of a column."""
        columns, found, stock, waste, redeals = state
        if found[owed >> 4] == (owed & 15) - 1:
            child = (self._take(columns, c, 1), self._raise(found, owed), stock, waste, redeals)
            yield (f"{c + 1} f",), child, NOTHING
        for draws, card, cards, rest, turned in reachable:
            if card in _UNDER[owed]:
                child = (self._put(columns, c, (card,)), found, cards, rest, turned)
                yield (*draws, f"w {c + 1}"), child, NOTHING
        for i, (_, up) in enumerate(columns):
            if up and up[0] in _UNDER[owed] and i != c:
                yield self._run_move(state, i, 0, c)

    def _free_moves(
        self, state: State, tops: dict[int, int], empty: int | None, reachable: list[Top]
    ) -> Iterator[Move]:
        columns, found, stock, waste, redeals = state

        def targets(card: int) -> list[int]:
            found_on = [tops[top] for top in _ONTO[card] if top in tops]
            if empty is not None and _king(card):
                found_on.append(empty)
            return found_on

        home: list[tuple[int, Move]] = []
        onto: list[tuple[int, Move]] = []
        for draws, card, cards, rest, turned in reachable:
            if found[card >> 4] == (card & 15) - 1:
                child = (columns, self._raise(found, card), cards, rest, turned)
                home.append((len(draws), ((*draws, "w f"), child, NOTHING)))
            for j in targets(card):
                child = (self._put(columns, j, (card,)), found, cards, rest, turned)
                onto.append((len(draws), ((*draws, f"w {j + 1}"), child, NOTHING)))
        reveal: list[tuple[int, Move]] = []
        # A column is emptied for a King, ranked where the King's move would be.
        king_down = max((len(down) for down, up in columns if down and _king(up[0])), default=0)
        king_rank: int | None
        if king_down:
            emptying, king_rank = reveal, -king_down
        else:
            emptying = onto
            king_rank = next((len(d) for d, card, _, _, _ in reachable if _king(card)), None)
        for i, (down, up) in enumerate(columns):
            if not up:
                continue
            top = up[-1]
            if found[top >> 4] == (top & 15) - 1:
                child = (self._take(columns, i, 1), self._raise(found, top), stock, waste, redeals)
                home.append((0, ((f"{i + 1} f",), child, NOTHING)))
            if down:
                reveal.extend((-len(down), self._run_move(state, i, 0, j)) for j in targets(up[0]))
            elif not _king(up[0]) and king_rank is not None:
                emptying.extend((king_rank, self._run_move(state, i, 0, j)) for j in targets(up[0]))
        for group in (home, reveal, onto):
            group.sort(key=lambda item: item[0])
            for _, move in group:
                yield move
        # Runs onto the twin of the card they lie on: at once where that
        # frees the card for home, else put off, and only where the other
        # card that may lie on it can come (from the waste or a column's foot).
        reach = {card for _, card, _, _, _ in reachable}
        reach.update(up[0] for _, up in columns if up)
        for i, (_, up) in enumerate(columns):
            for k in range(1, len(up)):
                below = up[k - 1]
                if found[below >> 4] == (below & 15) - 1:
                    for j in targets(up[k]):
                        yield self._run_move(state, i, k, j)
                elif any(card in reach for card in _UNDER[below] if card != up[k]):
                    for j in targets(up[k]):
                        moves, child, child_owed = self._run_move(state, i, k, j)
                        self.put_off.append(((*self.path, *moves), child, child_owed))

    def _every_move(self, state: State) -> Iterator[Move]:
        """Every legal move, a draw included, without reductions."""
        columns, found, stock, waste, redeals = state
        tops = {up[-1]: j for j, (_, up) in enumerate(columns) if up}
        empties = [i for i, (down, up) in enumerate(columns) if not down and not up]

        def targets(card: int) -> list[int]:
            return [tops[top] for top in _ONTO[card] if top in tops] + (
                empties if card & 15 == KING else []
            )

        if waste:
            card = waste[-1]
            if found[card >> 4] == (card & 15) - 1:
                yield ("w f",), (columns, self._raise(found, card), stock, waste[:-1], redeals), 0
            for j in targets(card):
                child = (self._put(columns, j, (card,)), found, stock, waste[:-1], redeals)
                yield (f"w {j + 1}",), child, NOTHING
        for i, (_, up) in enumerate(columns):
            if up and found[up[-1] >> 4] == (up[-1] & 15) - 1:
                found_after = self._raise(found, up[-1])
                child = (self._take(columns, i, 1), found_after, stock, waste, redeals)
                yield (f"{i + 1} f",), child, NOTHING
            for k, card in enumerate(up):
                for j in targets(card):
                    if j != i:
                        notation, child, _ = self._run_move(state, i, k, j)
                        yield notation, child, NOTHING
        if self._can_draw(stock, waste, redeals):
            yield ("s",), (columns, found, *self._draw(stock, waste, redeals)), NOTHING

    # -- search --------------------------------------------------------------

    def run(self, state: State, owed: int) -> bool:
        self.budget.spend()
        mark = len(self.path)
        if self.reduced:
            state = self._settle(state)
            if owed > 0 and not any(up and up[-1] == owed for _, up in state[0]):
                owed = NOTHING  # it went home
        columns, found, stock, waste, redeals = state
        if sum(found) == 52:
            return True
        key = (tuple(sorted(columns)), found, stock, waste, redeals)
        # A position owing a move may make only some of its moves: none to
        # try if it was reached before owing nothing.
        if key not in self.seen and (key, owed) not in self.seen:
            self.seen.add((key, owed) if owed else key)
            for moves, child, child_owed in self._moves(state, owed):
                self.path.extend(moves)
                if self.run(child, child_owed):
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


def search(
    game: Klondike, max_nodes: int, deadline: float, *, reduced: bool = True
) -> tuple[list[str] | None, int, bool]:
    """Returns a winning line from *game* in notation (or ``None``), the nodes
    searched, and whether the search ran out of moves: then there is no win.
    Only for games whose foundation cards stay there. *reduced* false turns
    the reductions off."""
    return search_position(
        start_state(game), game.draw, game.passes, max_nodes, deadline, reduced=reduced
    )


def search_position(
    state: State,
    draw: int,
    passes: int | None,
    max_nodes: int,
    deadline: float,
    *,
    reduced: bool = True,
) -> tuple[list[str] | None, int, bool]:
    """:func:`search` from a compact *state*, under *draw* and *passes*."""
    searcher = _Search(draw, passes, max_nodes, deadline, reduced=reduced)
    with deep_recursion(), collector_paused():
        try:
            won = searcher.run(state, NOTHING)
            while not won and searcher.put_off:
                line, position, owed = searcher.put_off.pop()
                searcher.path = list(line)
                won = searcher.run(position, owed)
        except OutOfBudget:
            return None, searcher.budget.nodes, False
    return (searcher.path if won else None), searcher.budget.nodes, not won
