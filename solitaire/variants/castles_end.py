"""Castle's End (``castles-end@1``): one deck, a tighter Chessboard."""

from __future__ import annotations

from itertools import pairwise

from texts import Msg

from ..cards import Card
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

    Autoplay plays a card onto a begun foundation. Such a move never hurts:
    the card can come back onto any column that takes it, and the cards that
    could lie on it in a column can follow it home (a reserve card is better
    on a foundation than in a reserve that takes nothing back). A foundation
    is never begun for the player: the first card chooses the base rank, and
    a base card sent home early can lose a game that was won (the card that
    ranks below it, last of its suit, has nowhere to lie).
    """

    profile = "castles-end"
    version = 1
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

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> Msg | None:
        if len(cards) == 1:
            return None
        if pile_kind(source) != "column":
            return Msg("rule.one_at_a_time")
        if not all(neighbours(lower, upper) for lower, upper in pairwise(cards)):
            return Msg("castles.not_run", n=len(cards), code=source)
        return None

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> Msg | None:
        moving = cards[0]
        kind = pile_kind(move.target)
        target = self.pile(move.target)
        if kind == "foundation":
            if len(cards) > 1:
                return Msg("rule.foundation_one")
            if pile_kind(move.source) == "foundation":
                return Msg("rule.foundation_back")
            return self._foundation_refuses(moving, target, move.target)
        if kind != "column":
            return Msg("rule.takes_nothing", pile=self.pile_name(move.target))
        if target and not neighbours(target[-1], moving):
            return Msg("castles.neighbour", card=moving, top=target[-1])
        limit = self.supermove_limit(move.target)
        if len(cards) > limit:
            return Msg("castles.supermove", n=limit, code=move.target)
        return None

    def _foundation_refuses(self, moving: Card, pile: tuple[Card, ...], code: str) -> Msg | None:
        base = self._meta["base"]
        if not pile:
            if not base or moving.rank == base:
                return None
            return Msg("castles.base", card=moving, code=code, rank=Msg(f"rank.{base}"))
        if len(pile) >= 13:
            return Msg("rule.complete", code=code)
        top = pile[-1]
        if moving.suit == top.suit and moving.rank == top.rank % 13 + 1:
            return None
        wanted = Card(top.rank % 13 + 1, top.suit)
        return Msg("rule.foundation_needs", card=moving, top=top, code=code, wanted=wanted)

    def _settle(self, move: Move) -> None:
        if not self._meta["base"] and pile_kind(move.target) == "foundation":
            self._meta["base"] = self.pile(move.target)[0].rank

    def _homeward(self, move: Move) -> bool:
        # The first card home sets every foundation's base: the player's choice.
        return self.base_rank is not None

    def _is_safe(self, move: Move) -> bool:
        # Onto a foundation that is begun already (asked before the move).
        return pile_kind(move.target) == "foundation" and bool(self.pile(move.target))

    def is_forced(self, move: Move) -> bool:
        # A column card to a begun foundation can come straight back: the
        # move loses nothing. (A reserve card could not return.)
        return self._is_safe(move) and pile_kind(move.source) == "column"

    def hint_score(self, move: Move) -> int:
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
