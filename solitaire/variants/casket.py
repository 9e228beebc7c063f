"""Casket (``casket@1``): two decks, 104 cards."""

from __future__ import annotations

from typing import ClassVar

from texts import Msg

from ..cards import Card
from ..game import Game
from ..move import Move
from ..piles import EMPTY, Pile, pile_kind
from ._rules import suit_foundation_refuses, suit_foundation_takes, suit_heights

LIDS = ("l1", "l2", "l3", "l4", "l5")


def home_for_good(rank: int, lower: int) -> bool:
    """Whether a card of *rank* can go to a foundation with nothing lost: no
    card that could lie on it in the body is still out, the lower foundation
    of its suit holding *lower* cards."""
    return rank <= 2 or lower >= rank - 1


BODY = ("1", "2", "3", "4", "5", "6", "7", "8")


class Casket(Game):
    """Eight foundations build up in suit from the Ace; eight body piles
    build down in suit, one card at a time. Five lids, refilled from the
    thirteen jewels, take nothing. Reserves take only the waste card, and the
    waste card must be played before the next is drawn.

    Autoplay plays a card to a foundation when no card that could lie on it
    in the body is still out: Aces and 2s always, any other card once both
    foundations of its suit hold the rank below it.
    """

    profile = "casket"
    version = 1
    DECKS = 2
    DRAWS = True
    PILES = (
        "s", "w", "j", *LIDS, "r1", "r2", "r3",
        "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", *BODY,
    )  # fmt: skip
    TARGETS = PILES[8:]
    SYMMETRIC = (LIDS, ("r1", "r2", "r3"), PILES[11:19], BODY)

    def _deal(self, cards: list[Card]) -> None:
        self._piles["j"] = Pile(tuple(cards[:13]))
        for i, code in enumerate(LIDS):
            self._piles[code] = Pile((cards[13 + i],))
        for i, code in enumerate(BODY):
            self._piles[code] = Pile((cards[18 + i],))
        self._piles["w"] = Pile((cards[26],))
        self._piles["s"] = Pile(tuple(cards[27:])[::-1])

    def pile_name(self, code: str) -> Msg:
        if pile_kind(code) == "column":
            return Msg("pile.body", code=code)
        return super().pile_name(code)

    def _why_not_draw(self) -> Msg | None:
        waste = self.pile("w")
        if waste:
            return Msg("casket.play_waste", card=waste[-1])
        if not self.pile("s"):
            return Msg("casket.stock_empty")
        return None

    def _draw(self) -> None:
        stock = self.pile("s")
        self._piles["s"] = Pile(stock[:-1])
        self._piles["w"] = Pile(stock[-1:])

    def _targets_for(self, cards: tuple[Card, ...]) -> list[str]:
        first = cards[0]
        tops = self._tops()
        codes = [code for code in tops.get(None, ()) if pile_kind(code) == "column"]
        codes += tops.get((first.rank + 1, first.suit), ())
        codes += [code for code in ("r1", "r2", "r3") if code not in codes]
        codes += [
            code for code in self.foundations if suit_foundation_takes(first, self.pile(code))
        ]
        return self._in_target_order(codes)

    def _movable_counts(self, code: str, pile: Pile) -> range:
        return range(0) if pile_kind(code) in ("foundation", "jewels", "stock") else range(1, 2)

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> Msg | None:
        if len(cards) > 1:
            return Msg("rule.one_at_a_time_in", game=self.name)
        kind = pile_kind(source)
        if kind == "foundation":
            return Msg("rule.foundation_stays")
        if kind == "jewels":
            return Msg("casket.jewels")
        return None

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> Msg | None:
        moving = cards[0]
        source, kind = pile_kind(move.source), pile_kind(move.target)
        if kind == "foundation":
            return suit_foundation_refuses(moving, self.pile(move.target), move.target)
        if kind == "reserve":
            if source != "waste":
                return Msg("casket.from_waste")
            return None
        if kind != "column":
            return Msg("rule.takes_nothing", pile=self.pile_name(move.target))
        target = self.pile(move.target)
        if not target:
            if source == "lid":
                return Msg("casket.lid_to_empty", code=move.target)
            return None
        top = target[-1]
        if moving.suit == top.suit and moving.rank == top.rank - 1:
            return None
        if top.rank == 1:
            return Msg("casket.not_on_ace", card=moving, top=top)
        wanted = Card(top.rank - 1, top.suit)
        return Msg("casket.needs", card=moving, top=top, code=move.target, wanted=wanted)

    def _settle(self, move: Move) -> None:
        # An emptied lid takes the top jewel at once, face up.
        if pile_kind(move.source) == "lid" and not self.pile(move.source):
            jewels = self.pile("j")
            if jewels:
                self._piles[move.source] = Pile(jewels[-1:])
                self._piles["j"] = Pile(jewels[:-1]) if len(jewels) > 1 else EMPTY

    def _is_safe(self, move: Move) -> bool:
        if pile_kind(move.target) != "foundation":
            return False
        moving = self.pile(move.source)[-1]
        heights = suit_heights([self.pile(code) for code in self.foundations])[moving.suit]
        return home_for_good(moving.rank, min(heights) if len(heights) == 2 else 0)

    HINT_SCORES: ClassVar[dict[tuple[str, str], int]] = {
        ("lid", "column"): 40,
        ("waste", "column"): 30,
        ("reserve", "column"): 25,
        ("waste", "reserve"): 5,
    }

    def hint_score(self, move: Move) -> int:
        if move.is_draw:
            return 10
        target = pile_kind(move.target)
        if target == "foundation":
            return 80 if self._is_safe(move) else 60
        score = self.HINT_SCORES.get((pile_kind(move.source), target), 0)
        if (
            pile_kind(move.source) == "column"
            and target == "column"
            and len(self.pile(move.source)) == 1
        ):
            score = 3 if self.pile(move.target) else 0
        return score
