"""Piles, pile codes and rule options: the vocabulary every game shares."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from texts import Msg

from .cards import Card
from .errors import BadOption


class Pile(NamedTuple):
    """The cards of a pile, bottom to top, of which the first ``down`` are
    face down."""

    cards: tuple[Card, ...] = ()
    down: int = 0


EMPTY = Pile()


class Option(NamedTuple):
    """A rule option a player may set, with its allowed values."""

    name: str
    default: object
    choices: tuple[object, ...]
    help: str

    def coerce(self, value: object) -> object:
        """Returns *value* as one of the choices.

        :raises BadOption: if it is none of them.
        """
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
            if isinstance(value, str) and value.strip().lower() == _spell(choice):
                return choice
        allowed = ", ".join(_spell(choice) for choice in self.choices)
        raise BadOption(Msg("option.bad_value", name=self.name, allowed=allowed, value=repr(value)))


def _spell(choice: object) -> str:
    if choice is True:
        return "on"
    if choice is False:
        return "off"
    return str(choice)


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
