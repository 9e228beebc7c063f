"""Klondike without foundation return, any draw, any number of passes: a
complete search, so that running out of moves proves a game lost. Over 400
lines, and one idea: the search and its reductions (the hopeless check is
:mod:`.klondike_bound`).

A card is ``suit * 16 + rank``. A state is immutable: seven columns (each
the number of its face-down cards, then its cards from the bottom), the
foundation heights (four bits a suit), the talon (the waste from bottom to
top, then the stock in the order it is drawn), how many of the talon's cards
are on the waste, and the redeals used. Its reductions lose no win:

- A card goes home at once when nothing can need it any more: both
  foundations of the other colour at most two ranks below it, the other one
  of its colour at most three (the cards that could lie on it, and those
  that could lie on them, can go home instead). Not from the waste while it
  is to be turned over again and cards are drawn three at a time: a card
  gone from it changes which cards each later draw brings up.
- The stock is not drawn card by card: each card it can bring to the top of
  the waste, and then play, is one move (the draws, then the play). Draws
  change no column, so in a win they can wait until just before the play.
- A run that lies on a face-up card can only move onto that card's twin (the
  other card of its rank and colour), and the card it uncovers must then be
  used at once: sent home, or given the other card that may lie on it. A win
  that moves the run earlier can move it just before that use instead (and
  a win that then moves the uncovered card on can move it with the run on
  it, and move the run afterwards). Likewise a column is emptied only for a
  King to move in next.
- A whole column never moves into an empty one, and interchangeable columns
  are one (the position key sorts them).
- A position is given up when it is hopeless (:mod:`.klondike_bound`): some
  card could not go home even if every move could be made whenever it is
  allowed at all (before the last pass, with every talon card in reach).
  The check costs
  as much as a few positions searched, so it is made where it most often
  pays: after a move that drew two cards or more, burying one in the waste
  (40–60 % of those positions are hopeless on the last pass; after moves in
  the columns, under 10 %).

To find wins quickly it tries cards home first, then runs that turn up the
most face-down cards (or empty a column for a King), then waste cards onto
columns, fewest draws first. Runs moved onto a twin that do not free a card
for home are put off until every other line has been tried.

:func:`search_position` runs this search in C (``klondike_native.c``,
seven to nine times the nodes a second) where setup.py built it. This
module stays the reference (a test holds the two to the same lines after
the same nodes) and the search without reductions or a compiler.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from ..cards import KING
from ..variants.klondike import Klondike
from ._base import Budget, OutOfBudget, codes, collector_paused, deep_recursion
from .klondike_bound import height, hopeless


def _native() -> Callable[..., tuple[list[int] | None, int, bool, int]] | None:
    try:
        from .klondike_native import search as native_search
    except ImportError:
        return None
    return native_search


#: This search in C (``klondike_native.c``), where setup.py built it.
NATIVE: Final = _native()

# Cards as bytes, whose hash is kept: a child position shares the columns
# (and mostly the talon) of its parent, so its key costs little to hash.
# A column is the number of its face-down cards, then its cards from the
# bottom: the face-up cards start at byte ``column[0] + 1`` (in play one
# run; in a position made by hand not always, see _run), and a column of
# one byte is empty.
Column = bytes
State = tuple[tuple[Column, ...], int, bytes, int, int]
Move = tuple[int, State, int]  # the move's code, the position after, what it owes
# A card the stock can bring to the waste's top: the draws that takes, then
# how many of the talon's cards are on the waste (the card the last of them)
# and the redeals used.
Top = tuple[int, int, int]

#: What a move leaves owed to the next one: nothing, a King for an empty
#: column, or (any card code) a use of that card, which it uncovered.
NOTHING: Final = 0
A_KING: Final = -1

#: A move is coded as one int while the search runs (:func:`_code`), and
#: written in notation only for the winning line: the draws before it, where
#: from (a column's index, or the waste), where to (a column's index, or
#: home) and how many cards.
WASTE: Final = 7
HOME: Final = 7


def _code(draws: int, source: int, target: int, count: int) -> int:
    return ((draws * 8 + source) * 8 + target) * 16 + count


#: A draw alone (no card played), in the search without reductions.
DRAW: Final = _code(1, WASTE, HOME, 0)


def _draws(code: int) -> int:
    return code >> 10


def notation(code: int) -> list[str]:
    """The moves of *code* in notation: the draws, then the play."""
    count, target, source = code & 15, code >> 4 & 7, code >> 7 & 7
    to = "f" if target == HOME else str(target + 1)
    if not count:
        return ["s"] * _draws(code)
    if source == WASTE:
        return ["s"] * _draws(code) + [f"w {to}"]
    return [f"{source + 1} {to}" + (f"x{count}" if target != HOME else "")]


def _red(card: int) -> bool:
    return (card >> 4) in (1, 2)


def _king(card: int) -> bool:
    return card & 15 == KING


# Tables by card code (empty where no card has the code): the two cards each
# card may lie on in a column (none for a King), the two that may lie on it
# (none for an Ace), and its twin, the other card of its rank and colour.
_CARDS: Final = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)]
_ONTO: Final[list[tuple[int, ...]]] = [
    tuple(other * 16 + (card & 15) + 1 for other in range(4) if _red(other * 16) != _red(card))
    if card in _CARDS and not _king(card)
    else ()
    for card in range(64)
]
_UNDER: Final[list[tuple[int, ...]]] = [
    tuple(other for other in _CARDS if card in _ONTO[other]) for card in range(64)
]
_TWIN: Final[list[int]] = [((3 - (card >> 4)) << 4) | (card & 15) for card in range(64)]


#: The foundations when every card is home.
ALL_HOME: Final = 0xDDDD


def _next(found: int, card: int) -> bool:
    """Whether *card* is next for its foundation."""
    return found >> ((card >> 4) << 2) & 15 == (card & 15) - 1


def home_at_once(found: int, card: int) -> bool:
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
    return (
        min(height(found, other[0]), height(found, other[1])) >= rank - 2
        and height(found, 3 - suit) >= rank - 3
    )


def _targets(card: int, tops: dict[int, int], empty: int | None) -> list[int]:
    """The columns *card* may move onto: their tops by *tops*, and the
    *empty* column (if any) for a King."""
    found_on = [tops[top] for top in _ONTO[card] if top in tops]
    if empty is not None and _king(card):
        found_on.append(empty)
    return found_on


def _raise(found: int, card: int) -> int:
    return found + (1 << ((card >> 4) << 2))


#: A column's first byte, by how many face-down cards it has.
_COUNT: Final = [bytes((n,)) for n in range(64)]


def _up(column: Column) -> int:
    """Where the face-up cards of *column* start."""
    return column[0] + 1


def _run(column: Column) -> int:
    """Where the built run at the top of *column* starts: the cards that move
    as one. In play every face-up card is in it; in a position made by hand
    (a puzzle's, with its hidden cards shown) a face-up card may lie under
    one it does not take, and the cards from there down stay where they are
    until the run above is gone. The index of a byte of *column* (1 for an
    empty column: its end)."""
    at, up = len(column) - 1, column[0] + 1
    if at < up:
        return up
    while at > up and column[at - 1] in _ONTO[column[at]]:
        at -= 1
    return at


def _cut(column: Column, at: int) -> Column:
    """*column* without its cards from index *at* on, its new top turned face up."""
    if at > 1 and at == _up(column):
        return _COUNT[at - 2] + column[1:at]
    return column[:at]


def _take(columns: tuple[Column, ...], i: int, count: int) -> tuple[Column, ...]:
    column = columns[i]
    return (*columns[:i], _cut(column, len(column) - count), *columns[i + 1 :])


def _put(columns: tuple[Column, ...], i: int, cards: bytes) -> tuple[Column, ...]:
    return (*columns[:i], columns[i] + cards, *columns[i + 1 :])


#: What an entry of the positions seen, and a move put off, take here, in
#: bytes (a set's slot and its key; a tuple of the line, the position and
#: what it owes): how many of each *memory* holds.
SEEN_BYTES, PUT_OFF_BYTES = 200, 1_000


class _Search:
    def __init__(
        self,
        draw: int,
        passes: int | None,
        max_nodes: int,
        deadline: float,
        *,
        reduced: bool,
        memory: int = 0,
    ) -> None:
        self.draw = draw
        self.redeals = None if passes is None else passes - 1
        #: Without the reductions (for the tests that show they lose no win).
        self.reduced = reduced
        #: Whether positions are checked for being :func:`hopeless`.
        self.checks = reduced
        #: Moves put off until every other line is tried: the line to the
        #: position after each, the position and what it owes.
        self.put_off: list[tuple[tuple[int, ...], State, int]] = []
        self.budget = Budget(max_nodes, deadline)
        self.seen: set[object] = set()
        #: Within *memory* bytes (0: no limit), as the search in C: a quarter
        #: for the positions seen, in two generations (past half of it, the
        #: older is forgotten but for the current line's positions); the rest
        #: for the moves put off, then more are dropped (and the search can
        #: no longer prove a loss).
        self.most_seen = memory // 4 // SEEN_BYTES if memory > 0 else None
        self.most_put_off = (memory - memory // 4) // PUT_OFF_BYTES if memory > 0 else None
        #: The entries of the positions of the current line, and how many
        #: times the others were forgotten.
        self.line: list[object] = []
        self.older: set[object] = set()
        self.forgotten = 0
        self.dropped = False
        self.path: list[int] = []  # move codes
        #: Memos: :meth:`_waste_tops` by talon size, cards shown and
        #: redeals; the cards that go home at once, by foundations.
        self._tops: dict[int, list[Top]] = {}
        self._home_at_once: dict[int, frozenset[int]] = {}

    # -- the talon -------------------------------------------------------------

    def _waste_tops(self, talon: bytes, shown: int, redeals: int) -> list[Top]:
        """The waste's top card now, and each card the stock can bring up there."""
        key = (redeals * 32 + len(talon)) * 32 + shown  # 24 cards at most
        tops = self._tops.get(key)
        if tops is None:
            tops = self._tops[key] = self._bring_up(len(talon), shown, redeals)
        return tops

    def _bring_up(self, size: int, shown: int, redeals: int) -> list[Top]:
        """:meth:`_waste_tops` of a talon of *size* cards."""
        tops = []
        draws, at, turned = 0, shown, redeals
        since_redeal: set[int] = set()
        while True:
            if at:
                tops.append((draws, at, turned))
            if at < size:
                at = min(at + self.draw, size)
            elif at and (self.redeals is None or turned < self.redeals):
                at, turned = 0, turned + 1
            else:
                return tops
            draws += 1
            if turned > redeals:
                if at in since_redeal:
                    return tops  # round the whole stock: nothing new comes up
                since_redeal.add(at)

    @staticmethod
    def _play(talon: bytes, at: int) -> bytes:
        """The talon without the waste's top card, *at* cards being on the waste."""
        return talon[: at - 1] + talon[at:]

    # -- moves ---------------------------------------------------------------

    def _last_pass(self, redeals: int) -> bool:
        """Whether the talon is on its last pass: the waste is not turned over again."""
        return self.redeals is not None and redeals >= self.redeals

    def _waste_home_at_once(self, redeals: int) -> bool:
        """Whether a waste card may go home at once. Not while the waste is
        to be turned over again with more than one card drawn at a time: a
        card gone from it changes which cards each later draw brings up."""
        return self.draw == 1 or self._last_pass(redeals)

    def _ready(self, found: int) -> frozenset[int]:
        """The cards next for their foundations that may go there at once."""
        ready = self._home_at_once.get(found)
        if ready is None:
            ready = self._home_at_once[found] = frozenset(
                suit * 16 + height(found, suit) + 1
                for suit in range(4)
                if height(found, suit) < KING
                and home_at_once(found, suit * 16 + height(found, suit) + 1)
            )
        return ready

    def _settle(self, state: State) -> State | None:
        """Sends home every card that can go there at once, recording the
        moves; ``None`` if none can."""
        columns, found, talon, shown, redeals = state
        from_waste = self._waste_home_at_once(redeals)
        ready = self._ready(found)
        moved = True
        while moved:
            moved = False
            for i, column in enumerate(columns):
                if len(column) > 1 and column[-1] in ready:
                    found = _raise(found, column[-1])
                    columns = _take(columns, i, 1)
                    self.path.append(_code(0, i, HOME, 1))
                    ready, moved = self._ready(found), True
            if shown and from_waste and talon[shown - 1] in ready:
                found = _raise(found, talon[shown - 1])
                talon, shown = self._play(talon, shown), shown - 1
                self.path.append(_code(0, WASTE, HOME, 1))
                ready, moved = self._ready(found), True
        if found == state[1]:
            return None
        return columns, found, talon, shown, redeals

    @staticmethod
    def _run_move(state: State, i: int, at: int, j: int, run: int) -> Move:
        """The cards of column *i* from index *at* (in its top run, which
        starts at *run*) onto column *j*."""
        columns, found, talon, shown, redeals = state
        column = columns[i]
        # What the move owes: a use of the card of its run it uncovers, or a
        # King for the column it empties.
        if at > run:
            owed = column[at - 1]
        elif at > 1:
            owed = NOTHING
        else:
            owed = A_KING
        moved = list(columns)
        moved[i], moved[j] = _cut(column, at), columns[j] + column[at:]
        child = (tuple(moved), found, talon, shown, redeals)
        return _code(0, i, j, len(column) - at), child, owed

    def _from_waste(self, state: State, top: Top, j: int | None) -> Move:
        """The card *top* brings up, played onto column *j* (``None``: home)."""
        columns, found, talon, _, _ = state
        draws, at, turned = top
        card, rest = talon[at - 1], self._play(talon, at)
        if j is None:
            child = (columns, _raise(found, card), rest, at - 1, turned)
            return _code(draws, WASTE, HOME, 1), child, NOTHING
        child = (_put(columns, j, talon[at - 1 : at]), found, rest, at - 1, turned)
        return _code(draws, WASTE, j, 1), child, NOTHING

    def _moves(self, state: State, owed: int) -> Iterator[Move]:
        if not self.reduced:
            return self._every_move(state)
        columns, _, talon, shown, redeals = state
        tops = {column[-1]: j for j, column in enumerate(columns) if len(column) > 1}
        empty = next((i for i, column in enumerate(columns) if len(column) == 1), None)
        reachable = self._waste_tops(talon, shown, redeals)
        runs = [_run(column) for column in columns]  # once a position
        if owed == A_KING:
            assert empty is not None
            return self._kings_in(state, empty, reachable, runs)
        if owed:
            return self._uses(state, owed, tops[owed], reachable, runs)
        return self._free_moves(state, tops, empty, reachable, runs)

    def _kings_in(
        self, state: State, empty: int, reachable: list[Top], runs: list[int]
    ) -> Iterator[Move]:
        """A King into the *empty* column, which was emptied for it."""
        columns, talon = state[0], state[2]
        kings = [(-c[0], i) for i, c in enumerate(columns) if runs[i] > 1 and _king(c[runs[i]])]
        for _, i in sorted(kings):
            yield self._run_move(state, i, runs[i], empty, runs[i])
        for top in reachable:
            if _king(talon[top[1] - 1]):
                yield self._from_waste(state, top, empty)

    def _uses(
        self, state: State, owed: int, c: int, reachable: list[Top], runs: list[int]
    ) -> Iterator[Move]:
        """The moves that use *owed*, the top of column *c*, which a run
        uncovered: it goes home, or the other card that may lie on it comes
        from the waste or from the foot of a column's run."""
        columns, found, talon, shown, redeals = state
        if _next(found, owed):
            child = (_take(columns, c, 1), _raise(found, owed), talon, shown, redeals)
            yield _code(0, c, HOME, 1), child, NOTHING
        for top in reachable:
            if talon[top[1] - 1] in _UNDER[owed]:
                yield self._from_waste(state, top, c)
        for i, column in enumerate(columns):
            if len(column) > 1 and column[runs[i]] in _UNDER[owed] and i != c:
                yield self._run_move(state, i, runs[i], c, runs[i])

    def _free_moves(
        self,
        state: State,
        tops: dict[int, int],
        empty: int | None,
        reachable: list[Top],
        runs: list[int],
    ) -> Iterator[Move]:
        columns, found, talon, shown, redeals = state
        home: list[tuple[int, Move]] = []
        onto: list[tuple[int, Move]] = []
        for top in reachable:
            card = talon[top[1] - 1]
            if _next(found, card):
                home.append((top[0], self._from_waste(state, top, None)))
            for parent in _ONTO[card]:
                if parent in tops:
                    onto.append((top[0], self._from_waste(state, top, tops[parent])))
            if empty is not None and _king(card):
                onto.append((top[0], self._from_waste(state, top, empty)))
        reveal: list[tuple[int, Move]] = []
        # A column is emptied for a King, ranked where the King's move would be.
        kings = [c[0] for i, c in enumerate(columns) if runs[i] > 1 and _king(c[runs[i]])]
        king_rank: int | None
        if kings:
            emptying, king_rank = reveal, -max(kings)
        else:
            emptying = onto
            king_rank = next((top[0] for top in reachable if _king(talon[top[1] - 1])), None)
        for i, column in enumerate(columns):
            if len(column) == 1:
                continue
            card = column[-1]
            if _next(found, card):
                child = (_take(columns, i, 1), _raise(found, card), talon, shown, redeals)
                home.append((0, (_code(0, i, HOME, 1), child, NOTHING)))
            at = runs[i]
            if at > 1:
                for j in _targets(column[at], tops, empty):
                    reveal.append((-column[0], self._run_move(state, i, at, j, at)))
            elif not _king(column[at]) and king_rank is not None:
                for j in _targets(column[at], tops, empty):
                    emptying.append((king_rank, self._run_move(state, i, at, j, at)))
        for group in (home, reveal, onto):
            if len(group) > 1:
                group.sort(key=lambda item: item[0])
            for _, move in group:
                yield move
        # Runs onto the twin of the card they lie on: at once where that
        # frees the card for home, else put off, and only where the other
        # card that may lie on it can come (from the waste or a column's foot).
        reach = {talon[top[1] - 1] for top in reachable}
        reach.update(column[runs[i]] for i, column in enumerate(columns) if len(column) > 1)
        for i, column in enumerate(columns):
            for at in range(runs[i] + 1, len(column)):
                below = column[at - 1]
                if _next(found, below):
                    for j in _targets(column[at], tops, empty):
                        yield self._run_move(state, i, at, j, runs[i])
                elif _TWIN[column[at]] in reach:
                    for j in _targets(column[at], tops, empty):
                        code, child, child_owed = self._run_move(state, i, at, j, runs[i])
                        if self.most_put_off is not None and len(self.put_off) >= self.most_put_off:
                            self.dropped = True  # see klondike_native.c: put_off
                        else:
                            self.put_off.append(((*self.path, code), child, child_owed))

    def _every_move(self, state: State) -> Iterator[Move]:
        """Every legal move, a draw included, without reductions."""
        columns, found, talon, shown, redeals = state
        tops = {column[-1]: j for j, column in enumerate(columns) if len(column) > 1}
        empties = [i for i, column in enumerate(columns) if len(column) == 1]

        def targets(card: int) -> list[int]:
            return [tops[top] for top in _ONTO[card] if top in tops] + (
                empties if _king(card) else []
            )

        if shown:
            card = talon[shown - 1]
            if _next(found, card):
                yield self._from_waste(state, (0, shown, redeals), None)
            for j in targets(card):
                yield self._from_waste(state, (0, shown, redeals), j)
        for i, column in enumerate(columns):
            if len(column) > 1 and _next(found, column[-1]):
                child = (_take(columns, i, 1), _raise(found, column[-1]), talon, shown, redeals)
                yield _code(0, i, HOME, 1), child, NOTHING
            run = _run(column)
            for at in range(run, len(column)):
                for j in targets(column[at]):
                    if j != i:
                        code, child, _ = self._run_move(state, i, at, j, run)
                        yield code, child, NOTHING
        if shown < len(talon):
            drawn = min(shown + self.draw, len(talon))
            yield DRAW, (columns, found, talon, drawn, redeals), NOTHING
        elif shown and (self.redeals is None or redeals < self.redeals):
            yield DRAW, (columns, found, talon, 0, redeals + 1), NOTHING

    # -- search --------------------------------------------------------------

    def run(self, state: State, owed: int, check: bool = True) -> bool:
        """Searches on from *state*; *check*: whether to check first that it
        is not :func:`hopeless` (where the check pays: after a move that
        drew two cards or more, burying one)."""
        self.budget.spend()
        mark = len(self.path)
        if self.reduced:
            settled = self._settle(state)
            if settled is not None:
                # What the last move owed may no longer be the way to a win.
                state, owed = settled, NOTHING
        columns, found, talon, shown, redeals = state
        if found == ALL_HOME:
            return True
        # One bytes: the columns sorted (only empty ones are alike), the
        # talon, then the numbers, joined by a byte that none of them holds.
        parts = sorted(columns)
        parts.append(talon)
        # Redeals in a byte, as the search in C keeps them: past 255 only
        # with no limit on passes, where their number tells nothing.
        parts.append(bytes((shown, redeals & 255, found & 255, found >> 8)))
        key = b"\xff".join(parts)
        # A position owing a move may make only some of its moves: none to
        # try if it was reached before owing nothing.
        seen, older, new = self.seen, self.older, False
        entry = (key, owed) if owed else key
        if not owed or (key not in seen and key not in older):
            size = len(seen)
            seen.add(entry)
            new = len(seen) > size and entry not in older  # added: hashed once, not twice
        if new:
            if self.most_seen is not None and len(seen) > self.most_seen // 2:
                # A generation older, as in C (klondike_native.c: seen_age).
                self.older, self.seen = seen, {*self.line, entry}
                self.forgotten += 1
            if check and self.checks and hopeless(state, self.draw, self._last_pass(redeals)):
                del self.path[mark:]
                return False
            self.line.append(entry)
            for code, child, child_owed in self._moves(state, owed):
                self.path.append(code)
                if self.run(child, child_owed, _draws(code) >= 2):
                    return True
                self.path.pop()
            self.line.pop()
        del self.path[mark:]
        return False


def position(
    columns: Iterable[tuple[Iterable[int], Iterable[int]]],
    found: Iterable[int],
    talon: Iterable[int],
    shown: int,
    redeals: int,
) -> State:
    """A state from card codes: the columns (face down, face up, from the
    bottom), the foundation heights by suit, the talon (the waste from the
    bottom, then the stock in the order it is drawn), how many of its cards
    are on the waste, and the redeals used."""
    laid = []
    for down, up in columns:
        hidden = bytes(down)
        laid.append(_COUNT[len(hidden)] + hidden + bytes(up))
    return (
        tuple(laid),
        sum(h << (suit << 2) for suit, h in enumerate(found)),
        bytes(talon),
        shown,
        redeals,
    )


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
    waste = codes(game.pile("w"))
    talon = waste + codes(game.pile("s"))[::-1]
    # With no limit on passes the redeals used tell nothing (and a long game
    # has more than the byte the searches keep them in): counted from 0.
    redeals = game.redeals if game.passes is not None else 0
    return position(columns, found, talon, len(waste), redeals)


def search(
    game: Klondike,
    max_nodes: int,
    deadline: float,
    *,
    reduced: bool = True,
    native: bool = True,
    memory: int = 0,
) -> tuple[list[str] | None, int, bool]:
    """Returns a winning line from *game* in notation (or ``None``), the nodes
    searched, and whether the search ran out of moves: then there is no win.
    Only for games whose foundation cards stay there. *reduced* false turns
    the reductions off; *native* false runs this module's search, not C's;
    *memory*: the bytes it may take (0: no limit; see :func:`search_position`)."""
    state, draw, passes = start_state(game), game.draw, game.passes
    return search_position(
        state, draw, passes, max_nodes, deadline, reduced=reduced, native=native, memory=memory
    )


def search_position(
    state: State,
    draw: int,
    passes: int | None,
    max_nodes: int,
    deadline: float,
    *,
    reduced: bool = True,
    native: bool = True,
    memory: int = 0,
) -> tuple[list[str] | None, int, bool]:
    """:func:`search` from a compact *state*, under *draw* and *passes*: in
    C where it is built (:data:`NATIVE`), unless *native* is false.

    Within *memory* bytes (0: no limit): a quarter for the positions seen,
    in two generations: past half of it the older one is forgotten, but for
    the positions of the current line (the search revisits what it forgot:
    more nodes, never a wrong answer, and no circle, as the current line is
    kept); the rest for the moves put off, past which more
    are dropped: the search goes on in its order and may still find a win,
    but no longer proves that there is none."""
    if reduced and native and NATIVE is not None:
        columns, found, talon, shown, redeals = state
        max_redeals = -1 if passes is None else passes - 1
        seconds = deadline - time.perf_counter()
        line, nodes, exhausted, _ = NATIVE(
            columns, found, talon, shown, redeals, draw, max_redeals, max_nodes, seconds, memory
        )
        steps = None if line is None else [step for code in line for step in notation(code)]
        return steps, nodes, exhausted
    searcher = _Search(draw, passes, max_nodes, deadline, reduced=reduced, memory=memory)
    with deep_recursion(), collector_paused(searcher.seen, searcher.put_off):
        try:
            won = searcher.run(state, NOTHING)
            while not won and searcher.put_off:
                moves, position, owed = searcher.put_off.pop()
                searcher.path = list(moves)
                won = searcher.run(position, owed)
        except OutOfBudget:
            return None, searcher.budget.nodes, False
    if not won:
        return None, searcher.budget.nodes, not searcher.dropped
    return [step for code in searcher.path for step in notation(code)], searcher.budget.nodes, False
