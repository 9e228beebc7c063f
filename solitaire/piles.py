"""Piles and pile codes: the vocabulary every game shares."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .cards import Card


class Pile(NamedTuple):
    """The cards of a pile, bottom to top, of which the first ``down`` are
    face down."""

    cards: tuple[Card, ...] = ()
    down: int = 0


EMPTY = Pile()


@cache
def pile_kind(code: str) -> str:
    """Returns what a pile code names: ``column`` or the code's letter's
    kind (``stock``, ``waste``, ``foundation``, ``reserve``, ``lid``, ``jewels``)."""
    return _KINDS.get(code[:1]) or ("column" if code.isdigit() else "none")


_KINDS = {
    "s": "stock",
    "w": "waste",
    "f": "foundation",
    "r": "reserve",
    "l": "lid",
    "j": "jewels",
}
