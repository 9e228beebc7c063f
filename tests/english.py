"""English left in another language: the words of the English catalogue
that a text holds, besides the words a language shares with English."""

from __future__ import annotations

import re

from texts import ENGLISH_TEXTS

#: Words a language shares with English: game names, loan words, its own words.
SHARED = {
    "klondike", "casket", "castle's", "end", "vegas", "standard", "auto", "bot", "bots",
    "code", "gif", "json", "utc", "windows", "race", "normal", "par", "discord", "nitro", "mib",
}  # fmt: skip
ALLOWED = {
    "de": SHARED | {
        "also", "apps", "calculation", "chat", "option", "reserve", "server", "servers",
        "solitaire", "start", "thread", "threads", "was", "minute", "name", "true",
        "deal", "deals", "events", "open", "stand", "bronze", "gold", "page", "dms", "avatar",
    },
    "fr": SHARED | {
        "base", "face", "long", "menu", "minutes", "moment", "notation", "options", "pile",
        "piles", "points", "position", "suit", "table", "total", "confirmation", "minute",
        "change", "messages", "true", "close", "closes", "final", "open", "record", "page",
        "bronze", "podium", "badges", "invitations", "type", "pages", "point", "avatar",
        "champion", "score",
    },
}  # fmt: skip


def words(text: str) -> set[str]:
    """The words of *text*, leaving out notation, placeholders and commands."""
    text = re.sub(r"`[^`]*`|\{[^}]*\}|/\w+", " ", text)
    return {word.lower() for word in re.findall(r"[A-Za-zÀ-ÿ’']{3,}", text)}


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else text


ENGLISH_WORDS = set().union(
    *(words(form) for texts in ENGLISH_TEXTS.values() for t in texts.values() for form in _forms(t))
)


def english_in(text: str, locale: str) -> set[str]:
    """The English words in *text* that *locale* does not share."""
    return (words(text) & ENGLISH_WORDS) - ALLOWED[locale]
