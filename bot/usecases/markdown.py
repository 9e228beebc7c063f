"""Text that goes out as Discord markdown: names that cannot become links,
spoilers or headings, and messages within Discord's length limit."""

from __future__ import annotations

import re
from collections.abc import Callable

from render.names import one_line

#: Discord's limit on a message's content.
MAX_CONTENT = 2000
#: Names are clipped to this many characters in messages.
MAX_NAME = 32
_SPECIAL = re.compile(r"([\\*_~`|>#\-\[\]()<>:@])")


def name(text: str) -> str:
    """A player's name, safe to put in a message: one line, at most
    ``MAX_NAME`` characters, every markdown character escaped (so no link,
    spoiler, mention or heading can come of it).

    >>> name("@everyone [free nitro](https://evil.example) ||x||")
    '\\\\@everyone \\\\[free nitro\\\\]\\\\(https\\\\:...'
    >>> name("Zoë\\nSmith")
    'Zoë Smith'
    """
    line = one_line(text) or "?"
    if len(line) > MAX_NAME:
        line = line[: MAX_NAME - 3].rstrip() + "..."
    return _SPECIAL.sub(r"\\\1", line)


def fit(lines: list[str], more: Callable[[int], str], limit: int = MAX_CONTENT) -> str:
    """Joins *lines*, leaving off as many at the end as it takes to stay
    within *limit*, with ``more(n)`` saying how many were left off.

    >>> fit(["a" * 9, "b" * 9, "c" * 9], lambda n: f"and {n} more", limit=25)
    'aaaaaaaaa\\nand 2 more'
    """
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept = list(lines)
    while kept:
        kept.pop()
        tail = more(len(lines) - len(kept))
        text = "\n".join([*kept, tail])
        if len(text) <= limit:
            return text
    return more(len(lines))[:limit]


def parts(text: str, size: int) -> list[str]:
    """*text* in parts of at most *size* characters, split between lines (a
    longer line is a part of its own).

    >>> parts("aaa\\nbb\\ncccc\\nd", 6)
    ['aaa\\nbb', 'cccc\\nd']
    """
    found: list[str] = []
    for line in text.split("\n"):
        if found and len(found[-1]) + 1 + len(line) <= size:
            found[-1] += "\n" + line
        else:
            found.append(line)
    return found
