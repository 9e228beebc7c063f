"""Fair play in the store: whether a player knows a deal already (played
it, or saw its winning line), and the games that count on no board.

A deal is a number under a game's rules: the same number under other
options (draw 1 or 3, passes) is another deal. Rules are compared by their
options code, so options written in another order, or left at their
defaults, are the same rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from solitaire import BadOption, find_variant

from ._session import Connected, Session


def rules_code(profile: str, options: Mapping[str, Any]) -> str | None:
    """The options code of a game's rules (``None``: options no game has)."""
    try:
        return find_variant(profile).options_code(options)
    except BadOption:
        return None


async def knows_deal(
    db: Session, user_id: int, profile: str, options: Mapping[str, Any], deal: int | None
) -> bool:
    """Whether the user has played *deal* under these rules (a game of it in
    any state), or saw a winning line of it."""
    if deal is None:
        return False
    rules = rules_code(profile, options)
    if rules is None:
        return False
    seen = await db.fetchrow(
        "SELECT 1 FROM lines_seen WHERE user_id = ? AND profile = ? AND rules = ? AND deal = ?",
        (user_id, profile, rules, deal),
    )
    if seen is not None:
        return True
    # Each options text once: a deal played a thousand times is one row here.
    rows = await db.fetch(
        "SELECT DISTINCT options FROM games WHERE user_id = ? AND profile = ? AND deal = ?",
        (user_id, profile, deal),
    )
    return any(rules_code(profile, _options(row["options"])) == rules for row in rows)


class FairQueries(Connected):
    """The store's queries of who knows which deal (a part of :class:`storage.Store`)."""

    async def knows_deal(
        self, user_id: int, profile: str, options: Mapping[str, Any], deal: int | None
    ) -> bool:
        """Whether the user has played *deal* under these rules, or saw a
        winning line of it: a game of it they start now is practice."""
        async with self._read() as db:
            return await knows_deal(db, user_id, profile, options, deal)

    async def saw_line(
        self, user_id: int, profile: str, options: Mapping[str, Any], deal: int | None
    ) -> None:
        """Remembers that the user saw a winning line of *deal* (a review, a
        replay): every game of it they play from now on, and those they are
        playing now, count on no board."""
        rules = rules_code(profile, options)
        if deal is None or rules is None:
            return
        async with self._write() as db:
            await db.execute(
                "INSERT INTO lines_seen (user_id, profile, rules, deal, seen_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (user_id, profile, rules, deal, self._clock()),
            )
            rows = await db.fetch(
                "SELECT id, options FROM games WHERE user_id = ? AND profile = ? AND deal = ?"
                " AND status = 'playing' AND practice = 0",
                (user_id, profile, deal),
            )
            for row in rows:
                if rules_code(profile, _options(row["options"])) == rules:
                    await db.execute("UPDATE games SET practice = 1 WHERE id = ?", (row["id"],))


def _options(text: str | None) -> dict[str, Any]:
    """A stored game's options; a record whose options do not decode has
    rules of no game."""
    try:
        options = json.loads(text or "{}")
    except (TypeError, ValueError):
        return {"": None}
    return options if isinstance(options, dict) else {"": None}
