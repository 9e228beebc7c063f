"""Klondike (``klondike@1``): one deck, seven columns, the classic."""

from __future__ import annotations

from itertools import pairwise
from typing import ClassVar

from texts import Msg

from ..cards import KING, Card
from ..game import Game
from ..move import Move
from ..options import Option
from ..piles import EMPTY, Pile, pile_kind
from ._rules import builds_down_alternate, run_length, suit_foundation_refuses, suit_heights

UNLIMITED = "unlimited"


def home_for_good(rank: int, other_colour_low: int) -> bool:
    """Whether a card of *rank* can go to its foundation with nothing lost:
    both cards that could lie on it (the rank below, of the other colour)
    are home, the lower foundation of that colour holding *other_colour_low*."""
    return rank <= 2 or rank <= other_colour_low + 1


class Klondike(Game):
    """Build four foundations up in suit from the Ace; columns build down in
    alternate colours; an empty column takes only a King.

    Autoplay plays a card to its foundation when its rank is at most two above
    the lowest foundation of the other colour: then no card that could still
    want to lie on it in a column is left outside the foundations' reach.
    """

    profile = "klondike"
    version = 1
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        # Cards turned from the stock at a time.
        Option("draw", 1, (1, 3), "d"),
        # Passes through the stock; by default 1 for draw 1, 3 for draw 3.
        Option("passes", None, (1, 3, UNLIMITED), "p"),
        # Foundation cards may go back to a column (the solver's rules; not on /play).
        Option("foundation_return", False, (False, True), "r", playable=False),
    )
    DRAWS = True
    PILES = ("s", "w", "f1", "f2", "f3", "f4", "1", "2", "3", "4", "5", "6", "7")
    TARGETS = PILES[2:]
    SYMMETRIC = (PILES[2:6], PILES[6:])

    @classmethod
    def resolve_options(cls, options: object) -> dict[str, object]:
        resolved = super().resolve_options(options)  # type: ignore[arg-type]
        if resolved["passes"] is None:
            resolved["passes"] = 1 if resolved["draw"] == 1 else 3
        return resolved

    def _initial_meta(self) -> dict[str, int]:
        return {"redeals": 0}

    def _deal(self, cards: list[Card]) -> None:
        columns: list[list[Card]] = [[] for _ in range(7)]
        dealt = iter(cards)
        for row in range(7):
            for column in range(row, 7):
                columns[column].append(next(dealt))
        for number, column_cards in enumerate(columns, 1):
            self._piles[str(number)] = Pile(tuple(column_cards), len(column_cards) - 1)
        self._piles["s"] = Pile(tuple(dealt)[::-1])

    @property
    def draw(self) -> int:
        """How many cards a draw turns from the stock: 1 or 3."""
        draw = self.options["draw"]
        assert isinstance(draw, int)
        return draw

    @property
    def passes(self) -> int | None:
        """How many passes through the stock the rules give (``None``: no limit)."""
        passes = self.options["passes"]
        return passes if isinstance(passes, int) else None

    @property
    def foundation_return(self) -> bool:
        """Whether a foundation's top card may come back to a column."""
        return bool(self.options["foundation_return"])

    @property
    def redeals(self) -> int:
        """How many times the waste has been turned over."""
        return self._meta["redeals"]

    @property
    def waste_shown(self) -> int:
        return self.draw

    @property
    def stock_comes_round(self) -> bool:
        return self.passes is None

    @property
    def passes_left(self) -> int | None:
        """Returns how many more times the waste can be turned over
        (``None`` if there is no limit)."""
        if self.passes is None:
            return None
        return self.passes - 1 - self.redeals

    # -- the stock ---------------------------------------------------------------

    def _why_not_draw(self) -> Msg | None:
        if self.pile("s"):
            return None
        if not self.pile("w"):
            return Msg("klondike.both_empty")
        if self.passes_left == 0:
            return Msg("klondike.no_passes")
        return None

    def _draw(self) -> None:
        stock, waste = self.pile("s"), self.pile("w")
        if stock:
            n = min(self.draw, len(stock))
            self._piles["s"] = Pile(stock[:-n])
            self._piles["w"] = Pile(waste + stock[-n:][::-1])
        else:
            self._piles["s"] = Pile(waste[::-1])
            self._piles["w"] = EMPTY
            self._meta["redeals"] += 1

    # -- moving cards ----------------------------------------------------------

    def _movable_counts(self, code: str, pile: Pile) -> range:
        kind = pile_kind(code)
        if kind == "column":
            face_up = len(pile.cards) - pile.down
            return range(1, run_length(pile.cards, face_up, builds_down_alternate) + 1)
        if kind == "waste" or (kind == "foundation" and self.foundation_return):
            return range(1, 2)
        return range(0)

    def _targets_for(self, cards: tuple[Card, ...]) -> list[str]:
        first = cards[0]
        tops = self._tops()
        suits = (0, 3) if first.is_red else (1, 2)
        codes = [code for suit in suits for code in tops.get((first.rank + 1, suit), ())]
        if first.rank == KING:
            codes += tops.get(None, ())
        if len(cards) == 1:
            codes += self.foundations
        return self._in_target_order(codes)

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> Msg | None:
        kind = pile_kind(source)
        if kind == "waste" and len(cards) > 1:
            return Msg("klondike.waste_top")
        if kind == "foundation" and not self.foundation_return:
            return Msg("rule.foundation_stays")
        if len(cards) > 1 and any(
            not builds_down_alternate(lower, upper) for lower, upper in pairwise(cards)
        ):
            return Msg("klondike.not_run", n=len(cards), pile=self.pile_name(source))
        return None

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> Msg | None:
        target_kind = pile_kind(move.target)
        first = cards[0]
        if target_kind == "foundation":
            if len(cards) > 1:
                return Msg("rule.foundation_one")
            if pile_kind(move.source) == "foundation":
                return Msg("rule.foundation_back")
            return suit_foundation_refuses(first, self.pile(move.target), move.target)
        if target_kind != "column":
            return Msg("rule.takes_nothing", pile=self.pile_name(move.target))
        target = self.pile(move.target)
        if not target:
            if first.rank == KING:
                return None
            return Msg("klondike.king_only", card=first, code=move.target)
        top = target[-1]
        if builds_down_alternate(top, first):
            return None
        if top.rank == 1:
            return Msg("klondike.not_on_ace", card=first, top=top)
        rank = Msg(f"rank.a.{top.rank - 1}")
        return Msg("klondike.needs", card=first, top=top, code=move.target, rank=rank)

    # -- autoplay and hints ------------------------------------------------------

    def _other_colour_home(self, card: Card) -> int:
        """The height of the lower foundation of the other colour than *card*'s."""
        heights = suit_heights([self.pile(code) for code in self.foundations])
        other_colour = (0, 3) if card.is_red else (1, 2)
        return min(max(heights[suit], default=0) for suit in other_colour)

    def _is_safe(self, move: Move) -> bool:
        if pile_kind(move.target) != "foundation" or pile_kind(move.source) == "foundation":
            return False
        moving = self.pile(move.source)[-1]
        return moving.rank <= self._other_colour_home(moving) + 2

    def is_forced(self, move: Move) -> bool:
        # Only when both cards that could lie on it (rank below, other
        # colour) are home: autoplay's rule allows one rank more.
        if not self._is_safe(move) or self.foundation_return:
            return False
        moving = self.pile(move.source)[-1]
        return home_for_good(moving.rank, self._other_colour_home(moving))

    def _king_waiting(self) -> bool:
        """Whether a King could use an empty column: on the waste, or heading
        a column's face-up cards above face-down ones."""
        waste = self.pile("w")
        if waste and waste[-1].rank == KING:
            return True
        return any(
            pile.down and pile.cards[pile.down].rank == KING
            for code in self.PILES[6:]
            if (pile := self._piles[code]).cards
        )

    def hint_score(self, move: Move) -> int:
        if move.is_draw:
            return 10
        source_kind, target_kind = pile_kind(move.source), pile_kind(move.target)
        if source_kind == "foundation":
            return 0
        reveals = False
        if source_kind == "column":
            pile = self._piles[move.source]
            whole_run = move.count == len(pile.cards) - pile.down
            reveals = whole_run and pile.down > 0
            if target_kind == "column" and not reveals:
                # Emptying a column is worth it only for a King waiting to
                # come down (and never for a King's own run).
                empties = whole_run and pile.cards[-move.count].rank != KING
                return 5 if empties and self._king_waiting() else 0
        score = 60 if target_kind == "foundation" else 40
        if self._is_safe(move):
            score += 40
        return score + (30 if reveals else 0)
