"""The texts that land in a field Discord limits, declared: each catalogue
key (or family of keys, ``button.*``) with the field it becomes. The code
that builds a button, a menu or an event takes its words through
:func:`text`, which refuses a key not declared for that field, so every
label the bot can show is one the fast tests check in every language
(``tests/test_fields.py``, ``solitaire-bot check``). A text declared for no
field is a message's content.

The limits are Discord's documented ones (``shared/discord/LIMITS.md``, the
row in each comment). The docs do not say whether a length counts code
points or UTF-16 units: :func:`units` counts the more of the two, and
:func:`clip` cuts by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import Final, NamedTuple

from texts import CATALOGUES, LOCALES, tr


class Field(NamedTuple):
    """A field of a message, a component or an event, and its limit."""

    what: str
    limit: int


#: §4 "Button label: max 80".
BUTTON_LABEL: Final = Field("a button's label", 80)
#: §4 "Select option label / value / description: max 100 each".
OPTION_LABEL: Final = Field("a menu option's label", 100)
OPTION_DESCRIPTION: Final = Field("a menu option's description", 100)
#: §4 "Select placeholder: max 150".
PLACEHOLDER: Final = Field("a menu's placeholder", 150)
#: §5 "name: 1–100"; "description: 1–1000".
EVENT_NAME: Final = Field("a scheduled event's name", 100)
EVENT_DESCRIPTION: Final = Field("a scheduled event's description", 1000)
#: §3 "Attachment description (alt text): max 1024"; §4 the same for media.
ALT_TEXT: Final = Field("an alt text", 1024)
#: §1 "description: 1–100"; "Choice name: 1–100".
COMMAND_DESCRIPTION: Final = Field("a command's description", 100)
CHOICE_NAME: Final = Field("a choice's name", 100)
#: §3 "content: up to 2000 characters": every text declared for no other field.
CONTENT: Final = Field("a message's content", 2000)

#: Each key, or family of keys (``prefix.*``), that lands in a limited field.
FIELDS: Final[Mapping[str, Field]] = {
    "button.*": BUTTON_LABEL,
    "menu.empty": OPTION_LABEL,
    "menu.back": OPTION_LABEL,
    "menu.from": OPTION_LABEL,
    "menu.placeholder": PLACEHOLDER,
    "menu.pile": PLACEHOLDER,
    "cup.replay_option": OPTION_LABEL,
    "cup.replay_which": PLACEHOLDER,
    "cup.event": EVENT_NAME,
    "cup.event_about": EVENT_DESCRIPTION,
    "alt.*": ALT_TEXT,  # pieces of a picture's alt text, which is clipped whole
    "cmd.*": COMMAND_DESCRIPTION,
    "opt.*": COMMAND_DESCRIPTION,
    "choice.*": CHOICE_NAME,
}


def field_of(key: str) -> Field:
    """The field the text of *key* lands in (a message's content if none is declared).

    >>> field_of("button.draw").what, field_of("menu.pile").limit, field_of("said.hint").what
    ("a button's label", 150, "a message's content")
    """
    declared = FIELDS.get(key)
    if declared is None:
        declared = FIELDS.get(key.split(".", 1)[0] + ".*", CONTENT)
    return declared


def text(field: Field, locale: str, key: str, /, **values: object) -> str:
    """The text of *key* in *locale*, for *field*, clipped to its limit.

    :raises LookupError: if *key* is not declared for *field*: a new label
        is declared in :data:`FIELDS` first, so the tests check it.
    """
    if field_of(key) != field:
        raise LookupError(f"{key} is not declared as {field.what} in bot/usecases/fields.py")
    return clip(tr(locale, key, **values), field.limit)


def units(text: str) -> int:
    """*text*'s length as Discord may count it: code points or UTF-16 units,
    whichever is more.

    >>> units("Zoë"), units("🂡🂡")
    (3, 4)
    """
    return max(len(text), len(text.encode("utf-16-le")) // 2)


def clip(text: str, limit: int) -> str:
    """*text* cut to at most *limit* (:func:`units`), with "…" where it was cut.

    >>> clip("Zoë", 3), clip("abcdef", 4), clip("🂡🂡🂡", 5)
    ('Zoë', 'abc…', '🂡🂡…')
    """
    if units(text) <= limit:
        return text
    cut = text[: limit - 1]
    while units(cut) > limit - 1:
        cut = cut[:-1]
    return cut + "…"


# -- every text, filled at its longest, against its field -----------------------------------

#: Plural forms are picked by these counts: every form of the languages shipped.
_COUNTS: Final = (1, 2, 5, 21, 9_999_999)
#: A count at its longest.
_MOST: Final = 9_999_999


def _longest_values(locale: str) -> dict[str, object]:
    """Each placeholder a limited text may hold, at its longest in *locale*."""
    from solitaire import VARIANTS
    from solitaire.cards import Card

    from .markdown import name

    catalogue = CATALOGUES[locale]
    piles = [tr(locale, key, code="10") for key in catalogue if key.startswith("pile.")]
    kinds = [value for key, value in catalogue.items()
             if key.startswith("alt.") and isinstance(value, str) and "{" not in value]  # fmt: skip
    cards = [str(Card(rank, suit)) for rank in range(1, 14) for suit in range(4)]
    return {
        "number": _MOST,
        "n": _MOST,
        "player": name("_" * 40),  # a display name as messages escape it
        "game": max((tr(locale, f"title.{profile}") for profile in VARIANTS), key=len),
        "pile": max(piles, key=len),
        "code": "10",
        "channel": "<#" + "9" * 19 + ">",
        "top": max(cards, key=len),
        "first": max(cards, key=len),
        "kind": max(kinds, key=len),
        "piles": "1–10 w s",  # codes in runs, as render.text lays them out
        "rows": " / ".join(["1–10"] * 4),
    }


def problems() -> list[str]:
    """Every catalogue text, in every language, that can outgrow its field
    with its placeholders filled at their longest (a text declared for no
    field is a message's content), and every placeholder of a limited text
    with no longest value to fill it with."""
    found = []
    for locale in LOCALES:
        longest = _longest_values(locale)
        for key, value in CATALOGUES[locale].items():
            field = field_of(key)
            forms = [value] if isinstance(value, str) else list(value)
            specs = {(n, spec) for form in forms for _, n, spec, _ in Formatter().parse(form) if n}
            missing = sorted({n for n, _ in specs} - longest.keys())
            if missing and field != CONTENT:
                found.append(f"{locale}: {key} ({field.what}): no longest value for {missing}")
                continue
            # A message's other values: a number where the text formats one, else a name.
            numbers = {n for n, spec in specs if spec not in ("", "cap", "lower")}
            values = {**{n: _MOST if n in numbers else "W" * 32 for n in missing}, **longest}
            filled = max((tr(locale, key, **{**values, "n": n}) for n in _COUNTS), key=units)
            if units(filled) > field.limit:
                found.append(
                    f"{locale}: {key} ({field.what}): {units(filled)} characters, "
                    f"over {field.limit}: {filled!r}"
                )
    return found
