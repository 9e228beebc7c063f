"""Castle's End: a complete search, so that running out of moves proves a
deal lost.

A card is ``suit * 16 + rank``. A state is immutable: ten columns (bottom to
top), the two reserves, the four foundations in pile order (each ``None`` or
its suit and height) and the base rank (0 until the first foundation card).
Every legal move is tried, with two reductions that lose no win:

- a column card goes to a foundation that already holds cards at once: from
  there it can come back onto any column that takes it, and the cards that
  could have lain on it in the column can follow it home or come back too;
- a whole column never moves into an empty one (the same position again).

Positions are keyed with the columns, the reserves and the foundations each
sorted, since interchangeable piles make no difference. Moves are tried
cards home first, then moves that free a card for its foundation, then the
rest; a line found is replayed in the engine before it counts.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..variants.castles_end import CastlesEnd
from ._base import Budget, OutOfBudget, codes, collector_paused

Column = tuple[int, ...]
Foundation = tuple[int, int] | None  # (suit, height)
State = tuple[tuple[Column, ...], tuple[int, ...], tuple[Foundation, ...], int]

_COLUMNS = 10


def _neighbours(lower: int, upper: int) -> bool:
    return (lower >> 4) == (upper >> 4) and ((upper & 15) - (lower & 15)) % 13 in (1, 12)


def _next_rank(rank: int) -> int:
    return rank % 13 + 1


def _run(column: Column) -> int:
    """How many cards at the top of *column* form a run."""
    n = 1
    while n < len(column) and _neighbours(column[-n - 1], column[-n]):
        n += 1
    return n if column else 0


class _Search:
    def __init__(self, max_nodes: int, deadline: float, *, reduced: bool = True) -> None:
        #: Without the reductions (for the tests that show they lose no win).
        self.reduced = reduced
        self.budget = Budget(max_nodes, deadline)
        self.seen: set[object] = set()
        self.path: list[str] = []

    # -- foundations ----------------------------------------------------------

    @staticmethod
    def _home(foundations: tuple[Foundation, ...], base: int, card: int) -> int | None:
        """The foundation pile *card* may go to (the lowest that takes it)."""
        suit, rank = card >> 4, card & 15
        for i, pile in enumerate(foundations):
            if pile is None:
                if (not base or rank == base) and not any(
                    p is not None and p[0] == suit for p in foundations
                ):
                    return i
            elif (
                pile[0] == suit
                and pile[1] < 13
                and rank == _next_rank((base + pile[1] - 2) % 13 + 1)
            ):
                return i
        return None

    @staticmethod
    def _raise(
        foundations: tuple[Foundation, ...], base: int, i: int, card: int
    ) -> tuple[tuple[Foundation, ...], int]:
        pile = foundations[i]
        raised = (card >> 4, 1) if pile is None else (pile[0], pile[1] + 1)
        return (*foundations[:i], raised, *foundations[i + 1 :]), base or card & 15

    @staticmethod
    def _top(pile: tuple[int, int], base: int) -> int:
        suit, height = pile
        return suit * 16 + (base + height - 2) % 13 + 1

    # -- moves ----------------------------------------------------------------

    def _settle(self, state: State) -> State:
        """Plays every column card that a begun foundation takes."""
        columns, reserves, foundations, base = state
        moved = self.reduced
        while moved and base:
            moved = False
            for j, column in enumerate(columns):
                if not column:
                    continue
                i = self._home(foundations, base, column[-1])
                if i is not None and foundations[i] is not None:
                    foundations, base = self._raise(foundations, base, i, column[-1])
                    columns = (*columns[:j], column[:-1], *columns[j + 1 :])
                    self.path.append(f"{j + 1} f")
                    moved = True
        return columns, reserves, foundations, base

    def _moves(self, state: State) -> list[tuple[str, State]]:
        columns, reserves, foundations, base = state
        home: list[tuple[str, State]] = []
        freeing: list[tuple[str, State]] = []
        other: list[tuple[str, State]] = []
        empties = [j for j, column in enumerate(columns) if not column]

        def landings(card: int) -> list[int]:
            spots = [
                j for j, column in enumerate(columns) if column and _neighbours(column[-1], card)
            ]
            return spots + empties[:1]

        # Reserve cards: home, or onto a column.
        for r, card in enumerate(reserves):
            if not card:
                continue
            rest = (*reserves[:r], 0, *reserves[r + 1 :])
            i = self._home(foundations, base, card)
            if i is not None:
                raised, new_base = self._raise(foundations, base, i, card)
                home.append((f"r{r + 1} f", (columns, rest, raised, new_base)))
            for j in landings(card):
                moved = (*columns[:j], (*columns[j], card), *columns[j + 1 :])
                freeing.append((f"r{r + 1} {j + 1}", (moved, rest, foundations, base)))
        # Column runs: the top card home (the first one fixes the base), or a
        # run onto a column, as long as the empty columns allow.
        for j, column in enumerate(columns):
            if not column:
                continue
            i = self._home(foundations, base, column[-1])
            if i is not None:
                raised, new_base = self._raise(foundations, base, i, column[-1])
                child = ((*columns[:j], column[:-1], *columns[j + 1 :]), reserves, raised, new_base)
                home.append((f"{j + 1} f", child))
            run = _run(column)
            for count in range(1, run + 1):
                cards = column[-count:]
                left = column[:-count]
                for k in landings(cards[0]):
                    if k == j:
                        continue
                    free = len(empties) - (1 if not columns[k] else 0)
                    if count > 2**free:
                        continue
                    if not columns[k] and not left and self.reduced:
                        continue  # a whole column into an empty one
                    shifted = list(columns)
                    shifted[j], shifted[k] = left, (*columns[k], *cards)
                    child = (tuple(shifted), reserves, foundations, base)
                    text = f"{j + 1} {k + 1}x{count}"
                    exposed = left[-1] if left else None
                    if exposed is not None and self._home(foundations, base, exposed) is not None:
                        freeing.append((text, child))
                    else:
                        other.append((text, child))
        # Foundation cards back onto a column.
        for i, pile in enumerate(foundations):
            if pile is None:
                continue
            card = self._top(pile, base)
            lowered = (*foundations[:i], (pile[0], pile[1] - 1) if pile[1] > 1 else None,
                       *foundations[i + 1 :])  # fmt: skip
            for k in landings(card):
                moved = (*columns[:k], (*columns[k], card), *columns[k + 1 :])
                other.append((f"f{i + 1} {k + 1}", (moved, reserves, lowered, base)))
        return home + freeing + other

    def _enter(self, state: State) -> Iterator[tuple[str, State]] | bool:
        """Settles *state*; returns ``True`` if that wins, ``False`` if the
        position was met before, else its moves to try."""
        self.budget.spend()
        mark = len(self.path)
        state = self._settle(state)
        columns, reserves, foundations, base = state
        if all(pile is not None and pile[1] == 13 for pile in foundations):
            return True
        key = (
            tuple(sorted(columns)),
            tuple(sorted(reserves)),
            tuple(sorted(foundations, key=str)),
            base,
        )
        if key in self.seen:
            del self.path[mark:]
            return False
        self.seen.add(key)
        return iter(self._moves(state))

    def run(self, state: State) -> bool:
        """Depth first, without recursion: a line may be thousands of moves
        deep before the search turns back."""
        entered = self._enter(state)
        if isinstance(entered, bool):
            return entered
        stack = [(entered, 0)]  # each position's moves, and the path before its own
        while stack:
            moves, mark = stack[-1]
            step = next(moves, None)
            if step is None:
                stack.pop()
                del self.path[mark:]
                if stack:
                    self.path.pop()  # the move that led here
                continue
            move, child = step
            self.path.append(move)
            mark = len(self.path)
            entered = self._enter(child)
            if entered is True:
                return True
            if entered is False:
                self.path.pop()
                continue
            stack.append((entered, mark))
        return False


def start_state(game: CastlesEnd) -> State:
    columns = tuple(codes(game.pile(str(n))) for n in range(1, _COLUMNS + 1))
    reserves = tuple(codes(game.pile(code))[-1] if game.pile(code) else 0 for code in ("r1", "r2"))
    foundations: list[Foundation] = []
    for code in game.foundations:
        pile = game.pile(code)
        foundations.append((pile[0].suit, len(pile)) if pile else None)
    return columns, reserves, tuple(foundations), game.base_rank or 0


def search(
    game: CastlesEnd, max_nodes: int, deadline: float, *, reduced: bool = True
) -> tuple[list[str] | None, int, bool]:
    """Returns a winning line from *game* in notation (or ``None``), the
    nodes searched, and whether the search ran out of moves: then there is
    no win. *reduced* false turns the reductions off."""
    searcher = _Search(max_nodes, deadline, reduced=reduced)
    with collector_paused(searcher.seen):
        try:
            won = searcher.run(start_state(game))
        except OutOfBudget:
            return None, searcher.budget.nodes, False
    return (searcher.path if won else None), searcher.budget.nodes, not won
