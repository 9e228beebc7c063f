"""A player's data in the store: every table that holds a player's id, in
one place, and everything kept about one player, table by table (what
``/mydata export`` sends them).

``tests/test_storage.py`` checks :data:`PLAYER_COLUMNS` against the schema,
so a new table that holds a player's id cannot be left out of it.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ._session import Connected

#: Every table that holds a player's id, and the columns that do.
PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "players": ("user_id",),
    "games": ("user_id",),
    "cooldowns": ("user_id",),
    "races": ("host_id", "invited_id"),
    "racers": ("user_id",),
    "lines_seen": ("user_id",),
}
#: Columns kept as JSON text: exported as the data they hold.
_JSON_COLUMNS = {"options", "moves", "redo", "start", "extra", "hint", "verdict", "final"}


class PlayerData(Connected):
    """The store's reads of one player's data (a part of :class:`storage.Store`)."""

    async def player_data(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every row that holds *user_id*, by table; JSON columns as the
        data they hold."""
        found: dict[str, list[dict[str, Any]]] = {}
        async with self._read() as db:
            for table, columns in PLAYER_COLUMNS.items():
                where = " OR ".join(f"{column} = ?" for column in columns)
                rows = await db.fetch(
                    f"SELECT * FROM {table} WHERE {where}", [user_id] * len(columns)
                )
                found[table] = [_plain(dict(zip(row.keys(), row, strict=True))) for row in rows]
        return found


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    for column in _JSON_COLUMNS & row.keys():
        if isinstance(row[column], str):
            with contextlib.suppress(ValueError):  # else kept as it is stored
                row[column] = json.loads(row[column])
    return row
