"""Rule pieces that several games share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from texts import Msg

from ..cards import ACE, KING, Card, card


def builds_down_alternate(lower: Card, upper: Card) -> bool:
    """Whether *upper* may lie on *lower* in a column built down in
    alternate colours."""
    return upper.rank == lower.rank - 1 and upper.is_red != lower.is_red


def run_length(cards: Sequence[Card], face_up: int, builds: Callable[[Card, Card], bool]) -> int:
    """Returns how many top cards form a run under *builds* (at most *face_up*)."""
    length = 1 if face_up else 0
    while length < face_up and builds(cards[-length - 1], cards[-length]):
        length += 1
    return length


def suit_foundation_takes(moving: Card, pile: Sequence[Card]) -> bool:
    """Whether a foundation built up in suit from the Ace takes *moving*."""
    if not pile:
        return moving.rank == ACE
    top = pile[-1]
    return moving.suit == top.suit and moving.rank == top.rank + 1


def suit_foundation_refuses(moving: Card, pile: Sequence[Card], code: str) -> Msg | None:
    """Returns why *moving* may not go on a foundation built up in suit from
    the Ace, or ``None``."""
    if suit_foundation_takes(moving, pile):
        return None
    if not pile:
        return Msg("rule.ace_first", card=moving, code=code)
    top = pile[-1]
    if top.rank == KING:
        return Msg("rule.complete", code=code)
    wanted = card(top.rank + 1, top.suit)
    return Msg("rule.foundation_needs", card=moving, top=top, code=code, wanted=wanted)


def suit_heights(foundations: Sequence[Sequence[Card]]) -> dict[int, list[int]]:
    """Returns, per suit, the heights of the foundations of that suit."""
    heights: dict[int, list[int]] = {suit: [] for suit in range(4)}
    for pile in foundations:
        if pile:
            heights[pile[0].suit].append(len(pile))
    return heights
