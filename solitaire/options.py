"""Rule options: what a game lets a player set, and one short code for a set of them.

A game lists its options in ``OPTIONS``; :meth:`solitaire.Game.resolve_options`
checks values and fills in defaults. The *options code* names a resolved set
in a few characters, with only what differs from the defaults: each such
option's letter, then its value (``d3`` is Klondike draw 3, ``d3pu`` draw 3
with unlimited passes, the empty code the game's defaults). Pools of winnable
deals, the buttons' ids and anything else that must name the rules of a game
use it.

>>> draw = Option("draw", 1, (1, 3), "d")
>>> draw.token(3), draw.parse_token("3")
('3', 3)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import NamedTuple

from texts import Msg

from .errors import BadOption

#: Resolves a game's options: checks them, fills in defaults (``Game.resolve_options``).
Resolver = Callable[[Mapping[str, object]], dict[str, object]]

_CODE = re.compile(r"([a-z])([0-9a-z])")


class Option(NamedTuple):
    """A rule option with its allowed values, and its letter in an options code.

    An option that is not ``playable`` can be set in the engine (tests, pools,
    records) but not from ``/play``.
    """

    name: str
    default: object
    choices: tuple[object, ...]
    letter: str
    playable: bool = True

    def coerce(self, value: object) -> object:
        """Returns *value* as one of the choices.

        :raises BadOption: if it is none of them.
        """
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
            if isinstance(value, str) and value.strip().lower() == spell(choice):
                return choice
        allowed = ", ".join(spell(choice) for choice in self.choices)
        raise BadOption(Msg("option.bad_value", name=self.name, allowed=allowed, value=repr(value)))

    def token(self, value: object) -> str:
        """Returns *value* (one of the choices) as one character."""
        if isinstance(value, bool):
            return "1" if value else "0"
        return str(value)[0]

    def parse_token(self, token: str) -> object:
        """Returns the choice that :meth:`token` wrote as *token*.

        :raises BadOption: if no choice has that token.
        """
        for choice in self.choices:
            if self.token(choice) == token:
                return choice
        return self.coerce(token)  # raises, naming the allowed values


def spell(choice: object) -> str:
    """A choice as a player types it: ``on``, ``off``, ``3``, ``unlimited``."""
    if choice is True:
        return "on"
    if choice is False:
        return "off"
    return str(choice)


def options_code(
    options: tuple[Option, ...], resolve: Resolver, values: Mapping[str, object]
) -> str:
    """Returns the code of *values*: each option that differs from what it
    would be if left out, as its letter and value's token."""
    resolved = resolve(values)
    parts = []
    for option in options:
        left_out = {name: value for name, value in resolved.items() if name != option.name}
        if resolve(left_out)[option.name] != resolved[option.name]:
            parts.append(option.letter + option.token(resolved[option.name]))
    return "".join(parts)


def parse_options_code(
    options: tuple[Option, ...], resolve: Resolver, code: str
) -> dict[str, object]:
    """Returns the resolved options that *code* names (see :func:`options_code`).

    :raises BadOption: for a code that names no options of the game.
    """
    by_letter = {option.letter: option for option in options}
    values: dict[str, object] = {}
    if _CODE.sub("", code):
        raise BadOption(Msg("option.bad_code", code=code))
    for letter, token in _CODE.findall(code):
        option = by_letter.get(letter)
        if option is None:
            raise BadOption(Msg("option.bad_code", code=code))
        values[option.name] = option.parse_token(token)
    return resolve(values)
