"""A player's data in the store: every table that holds a player's id, in
one place, and what is kept about one player, table by table (what
``/mydata export`` sends them).

``tests/test_schema.py`` checks :data:`PLAYER_COLUMNS` against the schema,
so a new table that holds a player's id cannot be left out of it, and that
:data:`EXPORTED` and :data:`WITHHELD` together name every column of those
tables, so a new column is exported only once it is listed as the player's.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from ._session import Connected, Session

#: A forgotten player's strike in a cup where they played nothing is kept
#: under an id below this one (game ids never reach it).
STRUCK_ALIASES = -(1 << 53)

#: Every table that holds a player's id, and the columns that do.
PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "players": ("user_id",),
    "games": ("user_id",),
    "cooldowns": ("user_id",),
    "races": ("host_id", "invited_id"),
    "racers": ("user_id",),
    "lines_seen": ("user_id",),
    "guild_blocks": ("user_id",),
    "cups": ("host_id",),
    "cup_struck": ("user_id",),
    "achievements": ("user_id",),
    "puzzle_results": ("user_id",),
    "puzzle_players": ("user_id",),
    "puzzle_runs": ("user_id",),
    "puzzle_races": ("host_id",),
    "puzzle_racers": ("user_id",),
    "reminder_settings": ("user_id",),
    "reminders": ("user_id",),
    "player_zones": ("user_id",),
}
#: What an export holds of each table: the columns that are the player's.
EXPORTED: dict[str, tuple[str, ...]] = {
    "players": ("user_id", "name", "updated_at", "language", "cards", "colours", "verdicts",
                "clock", "score", "words", "visibility", "avatar"),
    "games": ("id", "user_id", "guild_id", "channel_id", "message_id", "profile", "version",
              "options", "deal", "start", "moves", "move_count", "redo", "undos", "status",
              "revision", "started_at", "updated_at", "finished_at", "hints", "extra", "daily",
              "shared_at", "race_id", "home", "stuck", "active", "scoring", "vegas", "practice",
              "cup_id", "cup_deal", "puzzle_id"),
    "cooldowns": ("user_id", "kind", "used_at"),
    "races": ("id", "host_id", "invited_id", "guild_id", "channel_id", "message_id", "locale",
              "profile", "options", "deal", "status", "created_at", "started_at", "ended_at"),
    "racers": ("race_id", "user_id", "joined_at", "game_id", "known", "final"),
    "lines_seen": ("user_id", "profile", "rules", "deal", "seen_at"),
    "guild_blocks": ("guild_id", "user_id", "blocked_at"),
    "cups": ("id", "guild_id", "channel_id", "message_id", "event_id", "host_id", "locale",
             "game", "deals", "clean", "weekly", "hours", "role_id", "starts_at", "ends_at",
             "status", "closed_at", "champion_id", "notes", "created_at"),
    "cup_struck": ("cup_id", "user_id", "reason", "struck_at"),
    "achievements": ("user_id", "code", "earned_at", "game_id"),
    "puzzle_results": ("user_id", "puzzle_id", "solved", "rating", "daily", "tried_at"),
    "puzzle_players": ("user_id", "rating", "deviation", "volatility", "rated_at", "streak",
                       "best_streak", "daily"),
    "puzzle_runs": ("user_id", "puzzle_id", "step", "score", "skipped", "served", "started_at",
                    "updated_at", "best", "runs"),
    "puzzle_races": ("id", "host_id", "guild_id", "channel_id", "message_id", "locale", "status",
                     "puzzles", "created_at", "starts_at", "ends_at"),
    "puzzle_racers": ("race_id", "user_id", "joined_at", "done", "score", "combo", "tries"),
    "reminder_settings": ("user_id", "timezone", "daily_at", "streak", "cups", "races",
                          "refused_at", "changed_at"),
    "reminders": ("id", "user_id", "kind", "occasion", "due_at", "expires_at", "guild_id", "link",
                  "sent_at", "outcome"),
    "player_zones": ("user_id", "timezone", "since"),
}  # fmt: skip
#: The columns an export never holds, and why.
WITHHELD: dict[str, dict[str, str]] = {
    "games": {
        "hint": "the solver's line from the position of the last hint",
        "verdict": "the solver's verdict on the position, with its line",
    },
    "races": {
        "changes": "the bot's count of changes its card has yet to show",
        "shown": "the bot's count of changes its card shows",
        "shown_at": "when the bot last edited its card",
    },
    "cups": {
        "drawing_until": "until when a process of the bot draws the cup's deals",
        "changes": "the bot's count of changes its card has yet to show",
        "shown": "the bot's count of changes its card shows",
        "shown_at": "when the bot last edited its card",
    },
    "reminder_settings": {"dm_channel": "the bot's DM channel with the player"},
    "reminders": {"claimed_until": "until when a process of the bot sends the reminder"},
    "puzzle_races": {
        "changes": "the bot's count of changes its card has yet to show",
        "shown": "the bot's count of changes its card shows",
        "shown_at": "when the bot last edited its card",
    },
}
#: Columns that may hold another player's id: exported only where it is the player's own.
OTHERS: dict[str, tuple[str, ...]] = {
    "races": ("host_id", "invited_id"),
    "cups": ("champion_id",),
}
#: Columns kept as JSON text: exported as the data they hold.
_JSON_COLUMNS = {
    "options", "moves", "redo", "start", "extra", "hint", "verdict", "final", "served", "puzzles",
    "tries",
}  # fmt: skip


class PlayerData(Connected):
    """The store's reads of one player's data, and forgetting a player (a
    part of :class:`storage.Store`)."""

    async def forget_player(
        self,
        user_id: int,
        digest: str,
        *,
        every: float,
        block_digest: Callable[[int], str] = lambda guild_id: "",
        cup_digest: Callable[[int], str] = lambda cup_id: "",
        puzzle_source: str | None = None,
        puzzle_digest: Callable[[int], str] | None = None,
    ) -> bool:
        """Forgets a player, in one transaction: their settings, name,
        language, limits, seen lines and games are deleted; a server's block
        of them is kept under ``block_digest(server)``, a keyed digest that
        names no one, so that it holds if they come back; the rows other
        players' results need (their race games, daily games and places in
        races) are kept under an anonymous id (``-game id``; a race's host
        or guest ``0``), so those results read as before; the puzzles made
        from their games (``source`` *puzzle_source*) leave the pool, and
        their tries at the others (those counted, and one in play) are kept
        under ``puzzle_digest(puzzle)``, so that one try a puzzle holds if
        they come back. *digest* (a keyed
        digest of the id, naming no one) records when; ``False`` (nothing
        done) if it was recorded less than *every* seconds ago."""
        now = self._clock()
        async with self._write() as db:
            last = await db.fetchrow(
                "SELECT forgotten_at FROM forgotten WHERE digest = ?" + self._FOR_UPDATE,
                (digest,),
            )
            if last is not None and last["forgotten_at"] > now - every:
                return False
            for block in await db.fetch(
                "SELECT guild_id, blocked_at FROM guild_blocks WHERE user_id = ?", (user_id,)
            ):
                await db.execute(
                    "INSERT INTO guild_blocks_kept (guild_id, digest, blocked_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id, digest) DO NOTHING",
                    (block["guild_id"], block_digest(block["guild_id"]), block["blocked_at"]),
                )
            if puzzle_digest is not None:
                await self._keep_puzzle_tries(db, user_id, puzzle_digest)
            tables = ("players", "cooldowns", "lines_seen", "guild_blocks", "achievements",
                      "puzzle_results", "puzzle_players", "puzzle_runs", "reminder_settings",
                      "reminders", "player_zones")  # fmt: skip
            for table in tables:
                await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
            # The cards of their races show the change (those a sweep still keeps).
            await db.execute(
                "UPDATE races SET changes = changes + 1 WHERE host_id = ? OR invited_id = ?"
                " OR id IN (SELECT race_id FROM racers WHERE user_id = ?)",
                (user_id, user_id, user_id),
            )
            await db.execute(
                "UPDATE racers SET user_id = -game_id WHERE user_id = ? AND game_id IS NOT NULL",
                (user_id,),
            )
            await db.execute("DELETE FROM racers WHERE user_id = ?", (user_id,))
            await self._forget_cup_attempts(db, user_id, cup_digest)
            await db.execute("UPDATE cups SET host_id = 0 WHERE host_id = ?", (user_id,))
            await db.execute("UPDATE races SET host_id = 0 WHERE host_id = ?", (user_id,))
            # A puzzle race's card shows them no more: their tries go with them.
            await db.execute(
                "UPDATE puzzle_races SET changes = changes + 1, host_id ="
                " CASE WHEN host_id = ? THEN 0 ELSE host_id END WHERE host_id = ?"
                " OR id IN (SELECT race_id FROM puzzle_racers WHERE user_id = ?)",
                (user_id, user_id, user_id),
            )
            await db.execute("DELETE FROM puzzle_racers WHERE user_id = ?", (user_id,))
            await db.execute("UPDATE races SET invited_id = 0 WHERE invited_id = ?", (user_id,))
            await db.execute(
                "UPDATE games SET user_id = -id, message_id = NULL, hint = NULL, verdict = NULL,"
                " status = CASE WHEN status = 'playing' THEN 'abandoned' ELSE status END,"
                " finished_at = coalesce(finished_at, ?)"
                " WHERE user_id = ? AND (race_id IS NOT NULL OR daily IS NOT NULL)",
                (now, user_id),
            )
            await db.execute("DELETE FROM games WHERE user_id = ?", (user_id,))
            if puzzle_source is not None:
                await db.execute(
                    "DELETE FROM puzzle_tries_kept WHERE puzzle_id IN"
                    " (SELECT id FROM puzzles WHERE source = ?)",
                    (puzzle_source,),
                )
                await db.execute("DELETE FROM puzzles WHERE source = ?", (puzzle_source,))
                await db.execute("DELETE FROM one_move_puzzles WHERE source = ?", (puzzle_source,))
            await db.execute(
                "INSERT INTO forgotten (digest, forgotten_at) VALUES (?, ?)"
                " ON CONFLICT (digest) DO UPDATE SET forgotten_at = excluded.forgotten_at",
                (digest, now),
            )
        return True

    async def _keep_puzzle_tries(
        self, db: Session, user_id: int, puzzle_digest: Callable[[int], str]
    ) -> None:
        """Keeps a player's tries at puzzles under a keyed digest of each
        puzzle and their id: those counted, and a puzzle in play or left
        unfinished (its position seen), as a try not solved."""
        tried = {
            row["puzzle_id"]: (bool(row["solved"]), row["tried_at"])
            for row in await db.fetch(
                "SELECT puzzle_id, solved, tried_at FROM puzzle_results WHERE user_id = ?",
                (user_id,),
            )
        }
        for row in await db.fetch(
            "SELECT puzzle_id, updated_at FROM games WHERE user_id = ? AND puzzle_id IS NOT NULL",
            (user_id,),
        ):
            tried.setdefault(row["puzzle_id"], (False, row["updated_at"]))
        for puzzle_id, (solved, tried_at) in sorted(tried.items()):
            await db.execute(
                "INSERT INTO puzzle_tries_kept (puzzle_id, digest, solved, tried_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (puzzle_id, digest) DO NOTHING",
                (puzzle_id, puzzle_digest(puzzle_id), int(solved), tried_at),
            )

    async def _forget_cup_attempts(
        self, db: Session, user_id: int, cup_digest: Callable[[int], str]
    ) -> None:
        """A cup's results read as before: a forgotten player's games of
        each cup, and a strike of them, move to one id of no one's for that
        cup (``-`` their first game's id; a strike alone, one below every
        such id). While the cup is not closed, that id is linked to them by
        ``cup_digest(cup)``, a keyed digest of the cup and their id (see
        :meth:`claim_cup_alias`): one attempt a deal holds if they return."""
        now = self._clock()
        firsts = {
            row["cup_id"]: -row["first"]
            for row in await db.fetch(
                "SELECT cup_id, min(id) AS first FROM games WHERE user_id = ? AND cup_id IS NOT"
                " NULL GROUP BY cup_id",
                (user_id,),
            )
        }
        struck = [
            row["cup_id"]
            for row in await db.fetch("SELECT cup_id FROM cup_struck WHERE user_id = ?", (user_id,))
        ]
        for cup_id in sorted({*firsts, *struck}):
            alias = firsts.get(cup_id)
            if alias is None:
                row = await db.fetchrow(
                    "SELECT min(user_id) AS low FROM cup_struck WHERE cup_id = ?", (cup_id,)
                )
                alias = min(STRUCK_ALIASES, (row["low"] if row else None) or 0) - 1
            await db.execute(
                "UPDATE games SET user_id = ?, message_id = NULL, hint = NULL, verdict = NULL,"
                " status = CASE WHEN status = 'playing' THEN 'abandoned' ELSE status END,"
                " finished_at = coalesce(finished_at, ?) WHERE user_id = ? AND cup_id = ?",
                (alias, now, user_id, cup_id),
            )
            await db.execute(
                "UPDATE cup_struck SET user_id = ? WHERE user_id = ? AND cup_id = ?",
                (alias, user_id, cup_id),
            )
            digest = cup_digest(cup_id)
            cup = await db.fetchrow("SELECT status FROM cups WHERE id = ?", (cup_id,))
            if digest and cup is not None and cup["status"] != "closed":
                await db.execute(
                    "INSERT INTO cup_aliases (cup_id, digest, alias_id) VALUES (?, ?, ?)"
                    " ON CONFLICT (cup_id, digest) DO UPDATE SET alias_id = excluded.alias_id",
                    (cup_id, digest, alias),
                )
            await db.execute("UPDATE cups SET changes = changes + 1 WHERE id = ?", (cup_id,))

    async def player_data(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every row that holds *user_id*, by table, with the columns of
        :data:`EXPORTED` alone: JSON columns as the data they hold, and
        another player's id as ``None``."""
        found: dict[str, list[dict[str, Any]]] = {}
        async with self._read() as db:
            for table, columns in PLAYER_COLUMNS.items():
                where = " OR ".join(f"{column} = ?" for column in columns)
                rows = await db.fetch(
                    f"SELECT {', '.join(EXPORTED[table])} FROM {table} WHERE {where}",
                    [user_id] * len(columns),
                )
                found[table] = [
                    _plain(dict(zip(row.keys(), row, strict=True)), OTHERS.get(table, ()), user_id)
                    for row in rows
                ]
        return found


def _plain(row: dict[str, Any], others: tuple[str, ...], user_id: int) -> dict[str, Any]:
    for column in others:
        if row[column] != user_id:
            row[column] = None
    for column in _JSON_COLUMNS & row.keys():
        if isinstance(row[column], str):
            with contextlib.suppress(ValueError):  # else kept as it is stored
                row[column] = json.loads(row[column])
    return row
