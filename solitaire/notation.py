"""The one notation grammar of every game.

A move is ``SOURCE TARGET [xCOUNT]``, case-insensitive, with optional
separators (space, ``-``, ``>``, ``,``). Each game supplies its pile codes;
this module turns text into a :class:`Pattern` that the game then resolves
against its legal moves (``Game.parse_move``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from typing import NamedTuple

from texts import Msg

from .errors import InvalidNotation

_SEPARATORS = re.compile(r"[\s\-–—>→,]+")
_COUNT = re.compile(r"x\s*(\d{1,3})$")
_MAX_TEXT = 40
_CODE_LIKE = re.compile(r"[a-z]\d{1,2}|\d\d?")

COMMANDS = {
    "u": "undo",
    "undo": "undo",
    "redo": "redo",
    "h": "hint",
    "hint": "hint",
    "a": "auto",
    "auto": "auto",
}


_MOVE_LIKE = re.compile(
    r"\s*(?:[swfrljd]\d{0,2}|\d{1,2})(?:[\s,>\-–]*(?:[swfrljd]\d{0,2}|\d{1,2}))?(?:\s*x\s*\d{1,2})?\s*"
)


def is_move_like(text: str) -> bool:
    """Whether chat *text* looks like a move or a command (``w3``, ``7 2``,
    ``s``, ``u``), so that the bot answers it; other chat is left alone.

    >>> is_move_like("7 2"), is_move_like("hello"), is_move_like("u")
    (True, False, True)
    """
    lowered = text.lower()
    return parse_command(lowered) is not None or bool(_MOVE_LIKE.fullmatch(lowered))


#: The target of a pile code typed alone: a one-tap move (:meth:`Game.one_tap`).
TAP = "?"


class Pattern(NamedTuple):
    """What the player typed: a source, a target (``""`` for a draw, ``"f"``
    for any foundation) and a count if one was given."""

    source: str
    target: str
    count: int | None = None  # type: ignore[assignment]  # a field, though tuples have count()


def printable(text: str) -> str:
    r"""Returns *text* without control and format characters (NUL, a
    right-to-left override, a zero-width joiner …), whitespace as one space:
    what may be echoed back to a player.

    >>> printable("7\x00 2\u202e\n")
    '7 2'
    """
    kept = (ch for ch in text if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    return " ".join("".join(kept).split())


def quote(text: str) -> str:
    """Returns *text* fit to quote in a one-line message (``?`` for text
    that is nothing but control characters)."""
    shown = printable(text) or ("?" if text else "")
    return "`" + shown[:_MAX_TEXT].replace("`", "'") + "`"


def parse_command(text: str) -> str | None:
    """Returns ``"undo"``, ``"redo"``, ``"hint"`` or ``"auto"`` for those
    commands (``u``, ``h``, ``a`` …), else ``None``."""
    return COMMANDS.get(text.strip().lower())


def parse_notation(text: str, codes: Collection[str]) -> Pattern:
    """Returns the pattern of the move written as *text* in a game whose
    piles are *codes*.

    >>> parse_notation("72x3", {"w", "1", "2", "7"})
    Pattern(source='7', target='2', count=3)
    >>> parse_notation("w", {"w", "1", "2", "7"})  # a pile alone: one tap
    Pattern(source='w', target='?', count=None)

    :raises InvalidNotation: if *text* names no move.
    """
    if len(text) > _MAX_TEXT:
        raise InvalidNotation(Msg("notation.too_long"))
    rest = text.strip().lower()
    count = None
    match = _COUNT.search(rest)
    if match and match.start() > 0:
        count = int(match.group(1))
        rest = rest[: match.start()]
        if count < 1:
            raise InvalidNotation(Msg("notation.count", text=quote(text)))
    chunks = [chunk for chunk in _SEPARATORS.split(rest) if chunk]
    if not chunks:
        raise InvalidNotation(Msg("notation.empty"))
    tokens: list[str] = []
    for chunk in chunks:
        tokens.extend(_tokens(chunk, codes, whole=len(chunks) > 1, text=text))
    if tokens in (["s"], ["d"]) and count is None:
        return Pattern("s", "")
    if len(tokens) == 1 and tokens[0] in codes and count is None:
        return Pattern(tokens[0], TAP)  # a pile alone: one tap
    if len(tokens) != 2:
        raise InvalidNotation(Msg("notation.not_a_move", text=quote(text)))
    source, target = ("s" if token == "d" else token for token in tokens)
    return Pattern(source, target, count)


def _tokens(chunk: str, codes: Collection[str], *, whole: bool, text: str) -> list[str]:
    # A chunk standing apart that is a code itself ("3 10") is one pile; in
    # one run of characters, digits are read one at a time ("72" = 7, 2).
    if whole and (chunk in codes or _alias(chunk, codes) != chunk):
        return [_alias(chunk, codes)]
    tokens = []
    i = 0
    while i < len(chunk):
        pair = chunk[i : i + 2]
        if len(pair) == 2 and pair[0].isalpha() and pair in codes:
            tokens.append(pair)
            i += 2
            continue
        one = _alias(chunk[i], codes)
        if one not in codes and one not in ("f", "d", "s"):
            named = chunk if _CODE_LIKE.fullmatch(chunk) else chunk[i]
            raise InvalidNotation(Msg("notation.no_pile", text=quote(text), named=quote(named)))
        tokens.append(one)
        i += 1
    return tokens


def _alias(token: str, codes: Collection[str]) -> str:
    if token == "0" and "10" in codes:
        return "10"
    return token
