"""``solitaire-bot check``: the slash commands, in every language the bot
speaks, against Discord's documented limits (:mod:`.limits`), and every
catalogue text against the field it lands in (:mod:`bot.usecases.fields`),
offline and without a token. A translator runs it after editing a
catalogue, and CI runs it; it prints a line a problem and exits 1, or says
all is well."""

from __future__ import annotations

import asyncio
import sys

from texts import LOCALES

from ..usecases import fields
from . import registration


def main() -> int:
    found = asyncio.run(registration.problems()) + fields.problems()
    for line in found:
        print(f"solitaire-bot check: {line}", file=sys.stderr)
    if found:
        return 1
    print(
        "solitaire-bot check: the commands and every text fit Discord's limits in "
        + ", ".join(LOCALES)
    )
    return 0
