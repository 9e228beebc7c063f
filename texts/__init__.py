"""Every word a player reads, in English and German.

Two parts, each a catalogue per language with the same keys: ``game/`` holds
the game's texts (ranks, piles, moves, refusals, rules), which the rules
package speaks in; ``app/`` holds the app's (the table in words, replies,
buttons, commands, stats, the console). This package imports nothing of the
project's.

Code speaks in :class:`Msg` values, a key and named values; a catalogue per
language  turns one into text::

    >>> Msg("move.undone", move="7 2").render("de")
    '`7 2` zurückgenommen.'

Values may be numbers, cards, pile codes, other messages (rendered in the
same language) or a tuple of alternatives (joined with "or"). Templates use
:meth:`str.format` with three extra format specs: ``{pile:cap}``
capitalizes, ``{n:move|moves}`` writes a number with the noun it takes,
and ``{n:ord}`` writes an ordinal (``3rd``, ``3.``).
Notation, card labels and pile codes are the same in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .app import de as app_de
from .app import en as app_en
from .game import de as game_de
from .game import en as game_en

DEFAULT: Final = "en"
#: The keys the rules package may speak in.
GAME_KEYS: Final = frozenset(game_en.TEXTS)
CATALOGUES: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {**game_en.TEXTS, **app_en.TEXTS},
    "de": {**game_de.TEXTS, **app_de.TEXTS},
}
_ENGLISH: Final = CATALOGUES[DEFAULT]
LOCALES: Final = tuple(CATALOGUES)


def locale_of(tag: object) -> str:
    """Returns the catalogue for a Discord or POSIX locale tag (``de``,
    ``en-US``, ``de_AT.UTF-8``), falling back to English.

    >>> locale_of("de"), locale_of("en-GB"), locale_of("pt-BR"), locale_of(None)
    ('de', 'en', 'en', 'en')
    """
    language = str(tag or "").replace("_", "-").split("-")[0].split(".")[0].lower()
    return language if language in CATALOGUES else DEFAULT


class Msg:
    """A message: a catalogue key and the values its template names."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def render(self, locale: str = DEFAULT) -> str:
        """Returns the message in *locale* (English where the catalogue lacks it)."""
        template = CATALOGUES.get(locale, _ENGLISH).get(self.key)
        if template is None:
            template = _ENGLISH[self.key]
        return template.format_map({name: _value(v, locale) for name, v in self.params.items()})

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Msg({self.key!r}{params})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


def tr(locale: str, key: str, /, **params: object) -> str:
    """Returns the text of *key* in *locale*: ``Msg(key, **params).render(locale)``."""
    return Msg(key, **params).render(locale)


def _value(value: object, locale: str) -> object:
    if isinstance(value, tuple):  # alternatives: "`7 2` or `7 2x3`"
        separator = CATALOGUES.get(locale, _ENGLISH)["sep.or"]
        return _Text(separator.join(str(_value(item, locale)) for item in value))
    if isinstance(value, Msg):
        return _Text(value.render(locale))
    if isinstance(value, int) and not isinstance(value, bool):
        return _Number(value, locale)
    return _Text(str(value))


class _Text(str):
    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "cap":
            return self[:1].upper() + self[1:]
        return format(str(self), spec)


class _Number:
    __slots__ = ("locale", "n")

    def __init__(self, n: int, locale: str) -> None:
        self.n, self.locale = n, locale

    def __format__(self, spec: str) -> str:
        if spec == "ord":
            return ordinal(self.n, self.locale)
        if "|" in spec:
            one, many = spec.split("|", 1)
            return f"{self.n} {one if self.n == 1 else many}"
        return format(self.n, spec)


def ordinal(n: int, locale: str = DEFAULT) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``21st``; in German ``1.``, ``2.``."""
    if locale == "de":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
