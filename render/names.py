"""Players' names on pictures: one line, only what the font can draw, and no
wider than the room for it.

Discord names may hold newlines, control characters, emoji and any script;
the bundled font draws Latin letters. Accents are dropped (``é`` → ``e``),
anything else it cannot draw becomes ``?``, and a name too wide for its room
is clipped with ``...``.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
_MISSING = "\U0010fffd"  # a private-use character no font draws


def fitted(name: str, font: Font, width: float) -> str:
    """Returns *name* as it can be drawn in *font* on one line at most *width* wide.

    >>> from render.theme import font
    >>> fitted("Zoë\\n@everyone 😀", font(20), 1000)
    'Zoe @everyone ?'
    >>> fitted("Bartholomew" * 9, font(20), 120)
    'Bartholome...'
    """
    text = drawable(name, font)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text.rstrip() + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def one_line(text: str) -> str:
    r"""*text* with control characters, line breaks and runs of spaces made
    single spaces.

    >>> one_line("  Zoë\n\tSmith\u200b ")
    'Zoë Smith'
    """
    return " ".join("".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text).split())


def drawable(name: str, font: Font) -> str:
    """*name* on one line, in characters *font* can draw."""
    folded = unicodedata.normalize("NFKD", one_line(name))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return "".join(c if _draws(font, c) else "?" for c in plain)


def _draws(font: Font, character: str) -> bool:
    return character == " " or _glyph(font, character) != _glyph(font, _MISSING)


@cache
def _glyph(font: Font, character: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(character)
    return mask.size, bytes(mask)
