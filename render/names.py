"""Players' names on pictures: one line, only what the font can draw, and no
wider than the room for it.

Discord names may hold newlines, control characters, emoji and any script;
a font draws what it has glyphs for. A letter the font lacks loses its
accent (``é`` → ``e`` in the bundled font, which has ASCII alone; Roboto
keeps it), anything else it cannot draw becomes ``?``, and a name too wide
for its room is clipped with ``...``.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
_MISSING = "\U0010fffd"  # a private-use character no font draws


def fitted(name: str, font: Font, width: float) -> str:
    """Returns *name* as it can be drawn in *font* on one line at most *width* wide.

    >>> from render.theme import accented_font, font
    >>> fitted("Zoë\\n@everyone 😀", font(20), 1000)
    'Zoe @everyone ?'
    >>> fitted("Zoë\\n@everyone 😀", accented_font(20), 1000)
    'Zoë @everyone ?'
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
    """*name* on one line, in characters *font* can draw: a letter it lacks
    without its accent, if it has that, else ``?``."""
    drawn = []
    for character in one_line(name):
        if not _draws(font, character):
            folded = unicodedata.normalize("NFKD", character)
            character = "".join(c for c in folded if not unicodedata.combining(c))
            if not character or not all(_draws(font, c) for c in character):
                character = "?"
        drawn.append(character)
    return "".join(drawn)


def _draws(font: Font, character: str) -> bool:
    return character == " " or _glyph(font, character) != _glyph(font, _MISSING)


@cache
def _glyph(font: Font, character: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(character)
    return mask.size, bytes(mask)
