"""The pinned shuffle: a deal number means the same layout forever.

The generator is SplitMix64 and the shuffle Fisher–Yates with a
multiply-shift bound. Both are written out here rather than taken from
:mod:`random`, whose algorithms may change between Python versions.
"""

from __future__ import annotations

import zlib

from .cards import Card, full_deck

MIN_DEAL = 1
MAX_DEAL = 2**31 - 1
#: The numbers of a cup's secret deals: above every number a player may ask
#: for, 2**63 - 2**31 of them, far too many for anyone to try in a cup's time.
SECRET_DEALS = range(MAX_DEAL + 1, 2**63)
_MASK = (1 << 64) - 1


class SplitMix64:
    """A tiny 64-bit generator (Steele, Lea, Flood 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """Returns the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Returns an integer in ``range(n)``."""
        return (self.next() * n) >> 64


def is_deal_number(deal: object, *, secret: bool = False) -> bool:
    """Whether *deal* is a number a player may ask for (with *secret*, or
    one of a cup's :data:`SECRET_DEALS`)."""
    if not isinstance(deal, int) or isinstance(deal, bool):
        return False
    return MIN_DEAL <= deal <= MAX_DEAL or (secret and deal in SECRET_DEALS)


def shuffled_deck(deal: int, decks: int = 1) -> list[Card]:
    """Returns *decks* decks shuffled by deal number *deal*.

    The first card of the list is the first card dealt.
    """
    cards = full_deck() * decks
    rng = SplitMix64(deal)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def dated_choice(profile: str, day: str, count: int) -> int:
    """Returns an index below *count* fixed by *profile* and *day*
    (``YYYY-MM-DD``): the same for everyone, different every day.

    >>> dated_choice("klondike", "2026-11-30", 10) == dated_choice("klondike", "2026-11-30", 10)
    True
    """
    return SplitMix64(zlib.crc32(f"{profile}:{day}".encode())).below(count)
