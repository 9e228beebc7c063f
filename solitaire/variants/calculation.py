"""Calculation (``calculation@1``): one deck, suits don't matter."""

from __future__ import annotations

from texts import Msg

from ..cards import KING, Card
from ..game import Game
from ..move import Move
from ..piles import Pile, pile_kind

STEPS = {"f1": 1, "f2": 2, "f3": 3, "f4": 4}


def wanted_rank(step: int, top: Card) -> int:
    """The rank a foundation building by *step* wants on *top* (wrapping after King)."""
    return (top.rank + step - 1) % 13 + 1


def cards_until(rank: int, wanted: int | None, step: int) -> int | None:
    """How many cards a foundation building by *step*, wanting *wanted* next,
    takes before it wants *rank*; ``None`` if it never will (it ends at the King)."""
    distance = 0
    while wanted is not None:
        if wanted == rank:
            return distance
        if wanted == KING:
            return None
        wanted = (wanted + step - 1) % 13 + 1
        distance += 1
    return None


class Calculation(Game):
    """Foundation ``fN`` builds by steps of N from its base (A, 2, 3, 4) to
    the King, regardless of suit. The stock's top card must be played to a
    foundation or onto one of four waste piles; waste tops go only to the
    foundations.

    Autoplay plays a stock or waste card that exactly one foundation wants.
    That never hurts: suits don't matter, so a later card of the same rank
    can stand wherever this one would have waited; a card two foundations
    want is left to the player.
    """

    profile = "calculation"
    version = 1
    PILES = ("s", "w1", "w2", "w3", "w4", "f1", "f2", "f3", "f4")
    TARGETS = PILES[1:]
    SYMMETRIC = (PILES[1:5],)
    ALIKE_FOUNDATIONS = False

    def _deal(self, cards: list[Card]) -> None:
        rest = []
        for dealt in cards:
            code = f"f{dealt.rank}"
            if dealt.rank <= 4 and not self.pile(code):
                self._piles[code] = Pile((dealt,))
            else:
                rest.append(dealt)
        self._piles["s"] = Pile(tuple(rest[::-1]))

    def hidden(self, code: str) -> int:
        # The stock's top card is face up: it is the card to play.
        if code == "s":
            return max(len(self.pile("s")) - 1, 0)
        return super().hidden(code)

    def pile_name(self, code: str) -> Msg:
        if pile_kind(code) == "waste":
            return Msg("pile.waste_pile", code=code)
        return super().pile_name(code)

    def wants(self, code: str) -> int | None:
        """Returns the rank foundation *code* wants next (``None`` when complete)."""
        pile = self.pile(code)
        if len(pile) >= 13:
            return None
        return wanted_rank(STEPS[code], pile[-1]) if pile else STEPS[code]

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> Msg | None:
        if len(cards) > 1:
            return Msg("rule.one_at_a_time_in", game=self.name)
        if pile_kind(source) == "foundation":
            return Msg("rule.foundation_stays")
        return None

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> Msg | None:
        moving = cards[0]
        kind = pile_kind(move.target)
        if kind == "waste":
            if move.source != "s":
                return Msg("calculation.from_stock")
            return None
        if kind != "foundation":
            return Msg("rule.takes_nothing", pile=self.pile_name(move.target))
        wanted = self.wants(move.target)
        if wanted is None:
            return Msg("rule.complete", code=move.target)
        if moving.rank == wanted:
            return None
        rank = Msg(f"rank.a.{wanted}")
        return Msg("calculation.needs", card=moving, code=move.target, rank=rank)

    def _foundations_wanting(self, rank: int) -> int:
        return sum(self.wants(code) == rank for code in self.foundations)

    def _is_safe(self, move: Move) -> bool:
        if pile_kind(move.target) != "foundation":
            return False
        return self._foundations_wanting(self.pile(move.source)[-1].rank) == 1

    def _need(self, rank: int) -> int:
        """How many cards each foundation must still take before one wants *rank*."""
        distances = (cards_until(rank, self.wants(code), step) for code, step in STEPS.items())
        return min((d for d in distances if d is not None), default=99)

    def hint_score(self, move: Move) -> int:
        moving = self.pile(move.source)[-1]
        if pile_kind(move.target) == "foundation":
            return 60 if self._is_safe(move) else 50
        # Onto a waste pile: best where the card is needed before the one it covers.
        waste = self.pile(move.target)
        if not waste:
            return 12 if moving.rank == KING else 8
        return 15 if self._need(moving.rank) <= self._need(waste[-1].rank) else 5
