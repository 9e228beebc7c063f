"""Castle's End (``castles-end@1``): one deck, a tighter Chessboard."""

from __future__ import annotations

from itertools import pairwise

from ..cards import RANK_NAMES, Card
from ..game import Game
from ..move import Move
from ..piles import Pile, pile_kind
from ._rules import run_length


def neighbours(lower: Card, upper: Card) -> bool:
    """Whether *upper* may lie on *lower*: same suit, one rank up or down, K↔A wrap."""
    return upper.suit == lower.suit and (upper.rank - lower.rank) % 13 in (1, 12)


class CastlesEnd(Game):
    """Ten columns build up or down in suit, wrapping King↔Ace; the first
    foundation card fixes the base rank of all four foundations.

    A run moves as a unit when it could move card by card through the empty
    columns: up to 2^E cards, E being the empty columns other than the target.

    Autoplay plays a card to a foundation once the base rank is fixed. Such a
    move never hurts: a foundation's top card may come back to any column
    that takes it, so the card can return where it came from (a reserve card
    is better on a foundation than in a reserve that takes nothing back).
    The first foundation card is never played for the player: it chooses the
    base rank.
    """

    profile = "castles-end"
    version = 1
    title = "Castle's End"
    description = "Ten columns build up or down in suit; all foundations share one base rank."
    PILES = ("f1", "f2", "f3", "f4", "r1", "r2", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10")
    TARGETS = PILES[:4] + PILES[6:]
    SYMMETRIC = (PILES[:4], PILES[4:6], PILES[6:])
    COLUMNS = PILES[6:]

    def _initial_meta(self) -> dict[str, int]:
        return {"base": 0}

    def _meta_from_position(self) -> dict[str, int]:
        bases = [pile[0].rank for pile in map(self.pile, self.foundations) if pile]
        return {"base": bases[0] if bases else 0}

    def _deal(self, cards: list[Card]) -> None:
        for row in range(5):
            for column in range(10):
                code = self.COLUMNS[column]
                self._piles[code] = Pile((*self.pile(code), cards[row * 10 + column]))
        self._piles["r1"] = Pile((cards[50],))
        self._piles["r2"] = Pile((cards[51],))

    @property
    def base_rank(self) -> int | None:
        """The rank every foundation starts with, once the first is begun."""
        return self._meta["base"] or None

    def _movable_counts(self, code: str, pile: Pile) -> range:
        if pile_kind(code) == "column":
            return range(1, run_length(pile.cards, len(pile.cards), neighbours) + 1)
        return range(1, 2)

    def supermove_limit(self, target: str) -> int:
        """The longest run that may move onto pile *target* at once."""
        empty = sum(1 for code in self.COLUMNS if code != target and not self.pile(code))
        return 2**empty

    def _targets_for(self, cards: tuple[Card, ...]) -> list[str]:
        first = cards[0]
        tops = self._tops()
        codes = list(tops.get(None, ()))
        for rank in ((first.rank % 13) + 1, (first.rank - 2) % 13 + 1):
            codes += tops.get((rank, first.suit), ())
        if len(cards) == 1:
            codes += self.foundations
        return self._in_target_order(codes)

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> str | None:
        if len(cards) == 1:
            return None
        if pile_kind(source) != "column":
            return "Cards move one at a time."
        if not all(neighbours(lower, upper) for lower, upper in pairwise(cards)):
            return f"The top {len(cards)} cards of column {source} are not a run in suit."
        return None

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> str | None:
        moving = cards[0]
        kind = pile_kind(move.target)
        target = self.pile(move.target)
        if kind == "foundation":
            if len(cards) > 1:
                return "Cards go to a foundation one at a time."
            if pile_kind(move.source) == "foundation":
                return "A foundation card can only go back onto a column."
            return self._foundation_refuses(moving, target, move.target)
        if kind != "column":
            return f"Nothing can be put on {self.pile_name(move.target)}."
        if target and not neighbours(target[-1], moving):
            return f"{moving} can't go on {target[-1]}: it needs a card of its suit one rank away."
        limit = self.supermove_limit(move.target)
        if len(cards) > limit:
            return (
                f"Only {limit} card{'s' * (limit > 1)} can move to column {move.target} at once "
                "with the empty columns there are now."
            )
        return None

    def _foundation_refuses(self, moving: Card, pile: tuple[Card, ...], code: str) -> str | None:
        base = self._meta["base"]
        if not pile:
            if not base or moving.rank == base:
                return None
            return (
                f"{moving} can't start foundation {code}: "
                f"every foundation starts with a {RANK_NAMES[base]}."
            )
        if len(pile) >= 13:
            return f"Foundation {code} is complete."
        top = pile[-1]
        if moving.suit == top.suit and moving.rank == top.rank % 13 + 1:
            return None
        wanted = Card(top.rank % 13 + 1, top.suit)
        return f"{moving} can't go on {top}: foundation {code} needs the {wanted}."

    def _settle(self, move: Move) -> None:
        if not self._meta["base"] and pile_kind(move.target) == "foundation":
            self._meta["base"] = self.pile(move.target)[0].rank

    def _is_safe(self, move: Move) -> bool:
        return bool(self._meta["base"]) and pile_kind(move.target) == "foundation"

    def _is_forced(self, move: Move) -> bool:
        # A column card to a begun foundation can come straight back: the
        # move loses nothing. (A reserve card could not return.)
        return self._is_safe(move) and pile_kind(move.source) == "column"

    def _hint_score(self, move: Move) -> int:
        source, target = pile_kind(move.source), pile_kind(move.target)
        if target == "foundation":
            return 60 if self._meta["base"] else 20
        if source == "foundation":
            return 0
        if source == "reserve":
            return 30
        pile = self.pile(move.source)
        uncovered = pile[-move.count - 1] if len(pile) > move.count else None
        if uncovered is None:
            return 2 if self.pile(move.target) else 0
        # A column move is worth it when the card it uncovers can go home.
        home = any(
            self._foundation_refuses(uncovered, self.pile(code), code) is None
            for code in self.foundations
            if self.pile(code)
        )
        return 25 if home else 0
