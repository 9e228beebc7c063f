"""Every word a player reads, in every language the bot speaks.

Two domains, as gettext calls them: ``game`` holds the game's texts (ranks,
piles, moves, refusals, rules), which the rules package speaks in; ``app``
holds the app's (the table in words, replies, buttons, commands, stats, the
pictures' words, the console). English is written beside the code, in
``game/en.py`` and ``app/en.py``: each text under a key. Every other
language is a gettext catalogue, ``locale/<lang>/LC_MESSAGES/<domain>.po``,
in which a text's key is its context (``msgctxt``) and its English is the
``msgid``; ``python -m texts.catalogues`` extracts, updates and compiles
them with Babel.

Code speaks in :class:`Msg` values, a key and named values; a catalogue per
language turns one into text::

    >>> Msg("move.undone", move="7 2").render("de")
    '`7 2` zurückgenommen.'

Values may be numbers, cards, pile codes, other messages (rendered in the
same language) or a tuple of alternatives (joined with "or"). Templates use
:meth:`str.format` with three extra format specs: ``{pile:cap}`` capitalizes,
``{card:lower}`` lowers (a card named in running French), and ``{n:ord}``
writes an ordinal by the language's CLDR rules (``3rd``, ``3.``, ``3e``).
A text with plural forms (an English pair) counts its ``{n}``; the
catalogue's ``Plural-Forms`` picks the form. Notation, card labels and pile
codes are the same in every language.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final, TypeAlias

from babel import Locale
from babel.messages.mofile import read_mo

from .app import en as app_en
from .game import en as game_en

#: A text: a template, or its plural forms in the catalogue's order.
Text: TypeAlias = "str | tuple[str, ...]"

DEFAULT: Final = "en"
DOMAINS: Final = ("game", "app")
LOCALE_DIR: Final = Path(__file__).parent / "locale"
#: The English texts of each domain, by key: the catalogues' source.
ENGLISH_TEXTS: Final[Mapping[str, Mapping[str, Text]]] = {
    "game": game_en.TEXTS,
    "app": app_en.TEXTS,
}
#: The keys the rules package may speak in.
GAME_KEYS: Final = frozenset(game_en.TEXTS)


def _english_plural(n: int) -> int:
    return int(n != 1)


def _load(locale: str) -> tuple[dict[str, Text], Callable[[int], int]]:
    """Reads *locale*'s compiled catalogues: its texts by key, and the rule
    that picks a plural form. A text the catalogue lacks (or leaves empty)
    is left out, so English shows instead."""
    texts: dict[str, Text] = {}
    plural: Callable[[int], int] = _english_plural
    for domain in DOMAINS:
        with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.mo").open("rb") as file:
            catalog = read_mo(file)
        plural = gettext.c2py(catalog.plural_expr)
        for message in catalog:
            if not message.id or not message.context:
                continue
            if isinstance(message.string, (tuple, list)):  # plural forms
                if all(message.string):
                    texts[message.context] = tuple(message.string)
            elif isinstance(message.string, str) and message.string:
                texts[message.context] = message.string
    return texts, plural


def _languages() -> tuple[str, ...]:
    found = sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/app.mo"))
    return (DEFAULT, *found)


_ENGLISH: Final[dict[str, Text]] = {**game_en.TEXTS, **app_en.TEXTS}
_PLURALS: dict[str, Callable[[int], int]] = {DEFAULT: _english_plural}
_CATALOGUES: dict[str, dict[str, Text]] = {DEFAULT: _ENGLISH}
for _locale in _languages()[1:]:
    _CATALOGUES[_locale], _PLURALS[_locale] = _load(_locale)

#: Every language's texts by key; a plural text is its forms.
CATALOGUES: Final[Mapping[str, Mapping[str, Text]]] = _CATALOGUES
LOCALES: Final = tuple(_CATALOGUES)
_ORDINALS: Final = {locale: Locale.parse(locale).ordinal_form for locale in LOCALES}


def locale_of(tag: object) -> str:
    """Returns the catalogue for a Discord or POSIX locale tag (``de``,
    ``en-US``, ``fr``, ``de_AT.UTF-8``), falling back to English.

    >>> locale_of("de"), locale_of("en-GB"), locale_of("fr"), locale_of("pt-BR"), locale_of(None)
    ('de', 'en', 'fr', 'en', 'en')
    """
    language = str(tag or "").replace("_", "-").split("-")[0].split(".")[0].lower()
    return language if language in _CATALOGUES else DEFAULT


def text(locale: str, key: str) -> str:
    """Returns the plain text of *key* in *locale* (English where missing):
    for texts with no placeholders, such as command descriptions."""
    value = _CATALOGUES.get(locale, _ENGLISH).get(key) or _ENGLISH[key]
    return value if isinstance(value, str) else value[-1]


def _template(locale: str, key: str, params: Mapping[str, object]) -> str:
    catalogue = _CATALOGUES.get(locale)
    if catalogue is None:
        catalogue, locale = _ENGLISH, DEFAULT
    value = catalogue.get(key)
    if value is None:
        value, locale = _ENGLISH[key], DEFAULT
    if isinstance(value, str):
        return value
    count = params.get("n")
    if not isinstance(count, int):
        raise TypeError(f"{key} has plural forms: it needs a number n")
    form = _PLURALS[locale](abs(count))
    return value[min(form, len(value) - 1)]


class Msg:
    """A message: a catalogue key and the values its template names."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def render(self, locale: str = DEFAULT) -> str:
        """Returns the message in *locale* (English where the catalogue lacks it)."""
        template = _template(locale, self.key, self.params)
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
        separator = text(locale, "sep.or")
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
        if spec == "lower":
            return self.lower()
        return format(str(self), spec)


class _Number:
    __slots__ = ("locale", "n")

    def __init__(self, n: int, locale: str) -> None:
        self.n, self.locale = n, locale

    def __format__(self, spec: str) -> str:
        if spec == "ord":
            return ordinal(self.n, self.locale)
        return format(self.n, spec)


def ordinal(n: int, locale: str = DEFAULT) -> str:
    """An ordinal by the language's CLDR rule, each form from the catalogue.

    >>> [ordinal(n) for n in (1, 2, 3, 11, 21)], ordinal(2, "de"), ordinal(1, "fr")
    (['1st', '2nd', '3rd', '11th', '21st'], '2.', '1er')
    """
    rule = _ORDINALS.get(locale)
    key = f"ordinal.{rule(n)}" if rule is not None else ""
    if key not in _CATALOGUES.get(locale, {}):  # untranslated: English, by English rules
        locale, key = DEFAULT, f"ordinal.{_ORDINALS[DEFAULT](n)}"
    return tr(locale, key, n=n)
