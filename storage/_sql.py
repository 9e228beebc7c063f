"""The store: its one interface, and the queries of games themselves.

:class:`Store` is the one interface the bot uses; its parts are written
beside it, each a mixin of queries: players and leases (``_players.py``),
servers (``_guilds.py``),
results (``_results.py``), races (``_races.py``), cups (``_cups.py``), who knows a deal
(``_fair.py``), a player's data (``_mydata.py``), puzzles (``_puzzles.py``),
reminders (``_reminders.py``), how rows read back
(``_rows.py``). Every query is written
once, in the SQL both databases speak, with ``?`` for each parameter. A
subclass supplies the connection: a :class:`Session` to read in, and one
inside a write transaction. Rows come back as mappings by column name
(``aiosqlite.Row``, ``asyncpg.Record``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Self

from ._achievements import AchievementQueries, Recorded
from ._achievements import record as record_achievements
from ._base import (
    FINISHED,
    MAX_GAP,
    STATUSES,
    UNWON,
    BoardMessage,
    Conflict,
    DailyTaken,
    GameRow,
    NotFound,
    Status,
    StoreError,
    UnfinishedGame,
)
from ._cups import CupQueries, cup_moved
from ._fair import FairQueries, knows_deal
from ._guilds import GuildQueries
from ._mydata import PlayerData
from ._players import PlayerQueries
from ._puzzle_races import PuzzleRaceQueries
from ._puzzles import PuzzleQueries
from ._races import RaceQueries, race_moved
from ._reminders import ReminderQueries
from ._results import ResultQueries, compute_stats
from ._rows import GAME_AND_SETTINGS, RETURNING, game_row
from ._runs import RunQueries
from ._session import Row, Session

__all__ = ["Row", "Session", "Store", "compute_stats"]

_UNWON_SQL = "(" + ", ".join(f"'{status}'" for status in UNWON) + ")"
#: The active clock runs on by the time since the last change, at most MAX_GAP
#: (three parameters: now, now, now).
_ACTIVE = (
    f"active = active + CASE WHEN ? - updated_at > {MAX_GAP} THEN {MAX_GAP}"
    " WHEN ? < updated_at THEN 0 ELSE ? - updated_at END"
)
#: The game is still its player's current one (``current_game``): no other
#: game in play was touched after it.
_STILL_CURRENT = (
    " AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.user_id = games.user_id"
    " AND other.status = 'playing' AND other.id <> games.id"
    " AND (other.updated_at > games.updated_at"
    " OR (other.updated_at = games.updated_at AND other.id > games.id)))"
)


class Store(
    PlayerQueries,
    GuildQueries,
    ResultQueries,
    RaceQueries,
    CupQueries,
    FairQueries,
    PlayerData,
    AchievementQueries,
    PuzzleQueries,
    RunQueries,
    PuzzleRaceQueries,
    ReminderQueries,
):
    """Where games live: SQLite (the embedded default) or PostgreSQL (many
    bot processes on one database). Games, players, cooldowns and shard
    leases in SQL tables (see ``migrations.py``); a subclass supplies the
    connections."""

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- games -------------------------------------------------------------------

    async def create_game(
        self,
        user_id: int,
        record: Mapping[str, Any],
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        replace: bool = False,
        daily: str | None = None,
        scoring: str | None = None,
        vegas: int | None = None,
    ) -> GameRow:
        """Stores a new game and returns it; *daily* is the day it counts for,
        *scoring* how it is scored (with its *vegas* score to begin with).
        A deal its player has played before, or whose winning line they
        saw, is practice: it counts on no board.

        :raises UnfinishedGame: if the user has an unfinished game of that
            profile and *replace* is false; with *replace*, that game is
            marked abandoned in the same transaction.
        :raises DailyTaken: if the user has had the daily game of that day.
        """
        now = self._clock()
        profile = record["profile"]
        moves = list(record.get("moves", ()))
        try:
            async with self._write() as db:
                if daily is not None:
                    taken = await db.fetchrow(
                        "SELECT * FROM games WHERE user_id = ? AND profile = ? AND daily = ?",
                        (user_id, profile, daily),
                    )
                    if taken is not None:
                        raise DailyTaken(game_row(taken))
                existing = await db.fetchrow(
                    "SELECT * FROM games WHERE user_id = ? AND profile = ? AND status = 'playing'"
                    " AND race_id IS NULL AND cup_id IS NULL",
                    (user_id, profile),
                )
                if existing is not None:
                    if not replace:
                        raise UnfinishedGame(game_row(existing))
                    await db.execute(
                        "UPDATE games SET status = 'abandoned', finished_at = ?, updated_at = ?,"
                        " revision = revision + 1 WHERE id = ?",
                        (now, now, existing["id"]),
                    )
                options = record.get("options", {})
                practice = await knows_deal(db, user_id, profile, options, record.get("deal"))
                row = await db.fetchrow(
                    "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options,"
                    " deal, start, moves, move_count, started_at, updated_at, daily, scoring,"
                    " vegas, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " RETURNING *",
                    (
                        user_id, guild_id, channel_id, profile, record["version"],
                        json.dumps(options), record.get("deal"),
                        json.dumps(record["start"]) if record.get("start") is not None else None,
                        json.dumps(moves), len(moves), now, now, daily, scoring, vegas,
                        int(practice),
                    ),
                )  # fmt: skip
        except Exception as error:
            if not self._is_unique_violation(error):
                raise
            # Another process started the same game at the same moment: say so.
            return await self.create_game(
                user_id, record, guild_id=guild_id, channel_id=channel_id, daily=daily,
                scoring=scoring, vegas=vegas,
            )  # fmt: skip
        assert row is not None
        return game_row(row)

    async def get_game(self, game_id: int) -> GameRow:
        """:raises NotFound: if there is no game *game_id*."""
        row = await self._fetch_one(f"{GAME_AND_SETTINGS} WHERE games.id = ?", (game_id,))
        if row is None:
            raise NotFound(f"There is no game {game_id}.")
        return row

    async def current_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recently touched unfinished game."""
        return await self._fetch_one(
            f"{GAME_AND_SETTINGS} WHERE games.user_id = ? AND games.status = 'playing'"
            " ORDER BY games.updated_at DESC, games.id DESC LIMIT 1",
            (user_id,),
        )

    async def last_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recently touched game, finished or not."""
        return await self._fetch_one(
            "SELECT * FROM games WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1",
            (user_id,),
        )

    async def last_unwon_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recent game that ended without a win."""
        return await self._fetch_one(
            f"SELECT * FROM games WHERE user_id = ? AND status IN {_UNWON_SQL}"
            " ORDER BY updated_at DESC, id DESC LIMIT 1",
            (user_id,),
        )

    async def save_moves(
        self,
        game_id: int,
        moves: Sequence[str],
        *,
        expected_revision: int,
        redo: Sequence[str] = (),
        undos: int | None = None,
        hints: int | None = None,
        status: Status | None = None,
        home: int | None = None,
        stuck: bool | None = None,
        vegas: int | None = None,
        still_current: bool = False,
    ) -> GameRow:
        """Replaces the game's moves if nothing changed it since *expected_revision*
        (and, if *still_current*, it is still its player's current game);
        *home* (cards on the foundations) and *stuck* say how it stands.

        Returns the game as committed, with its player's settings: only then
        has the change happened.

        :raises Conflict: if the game changed meanwhile, is over, or (with
            *still_current*) another game of its player was touched since.
        :raises NotFound: if there is no such game.
        """
        if status is not None and status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        # A move that ends nothing leaves the status alone: the indexes that
        # hold it are not rewritten on every move.
        ended: tuple[object, ...] = ()
        if status is not None:
            ended = (str(status), now if status in FINISHED else None)
        return await self._update(
            "UPDATE games SET moves = ?, move_count = ?, redo = ?, undos = coalesce(?, undos),"
            " hints = coalesce(?, hints),"
            + (" status = ?, finished_at = coalesce(?, finished_at)," if ended else "")
            + f" revision = revision + 1, {_ACTIVE},"
            " updated_at = ?, home = coalesce(?, home), stuck = coalesce(?, stuck),"
            " vegas = coalesce(?, vegas)"
            " WHERE id = ? AND revision = ? AND status = 'playing'"
            + (_STILL_CURRENT if still_current else ""),
            (
                json.dumps(list(moves)), len(moves), json.dumps(list(redo)), undos, hints,
                *ended, now, now, now, now, home,
                None if stuck is None else int(stuck), vegas, game_id, expected_revision,
            ),
            game_id,
            won=status == Status.WON,
        )  # fmt: skip

    async def set_status(self, game_id: int, status: Status) -> GameRow:
        """Ends or marks a game (``resigned``, ``damaged`` …) whatever its revision."""
        if status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        return await self._update(
            f"UPDATE games SET status = ?, finished_at = ?, revision = revision + 1, {_ACTIVE},"
            " updated_at = ? WHERE id = ? AND status = 'playing'",
            (str(status), now if status in FINISHED else None, now, now, now, now, game_id),
            game_id,
        )

    async def set_message(
        self,
        game_id: int,
        channel_id: int | None,
        message_id: int,
        *,
        expected: tuple[int | None, int | None] | None = None,
    ) -> BoardMessage | None:
        """Remembers the message that shows the game's board, and returns the
        one it replaces (to be retired), if any. Given the board the game is
        *expected* to have, a compare-and-set of one statement does it; if
        the game has another, the store says which."""
        if expected is not None:
            swapped = await self._write_one(
                "UPDATE games SET channel_id = coalesce(?, channel_id), message_id = ?"
                f" WHERE id = ? AND channel_id{self._SAME}? AND message_id{self._SAME}?"
                " RETURNING id",
                (channel_id, message_id, game_id, *expected),
            )
            if swapped is not None:
                old_channel, old_message = expected
                if old_channel is None or old_message in (None, message_id):
                    return None
                return old_channel, old_message
        async with self._write() as db:
            old = await db.fetchrow(
                "SELECT channel_id, message_id FROM games WHERE id = ?" + self._FOR_UPDATE,
                (game_id,),
            )
            await db.execute(
                "UPDATE games SET channel_id = coalesce(?, channel_id), message_id = ?"
                " WHERE id = ?",
                (channel_id, message_id, game_id),
            )
        if old is None or old["message_id"] in (None, message_id) or old["channel_id"] is None:
            return None
        return old["channel_id"], old["message_id"]

    async def set_verdict(self, game_id: int, revision: int, verdict: Mapping[str, Any]) -> bool:
        """Keeps what a search found about the game's position at *revision*;
        ``False`` (nothing kept) if the game has moved on since."""
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT revision FROM games WHERE id = ?" + self._FOR_UPDATE, (game_id,)
            )
            if row is None or row["revision"] != revision:
                return False
            await db.execute(
                "UPDATE games SET verdict = ? WHERE id = ?", (json.dumps(verdict), game_id)
            )
        return True

    async def mark_shared(self, game_id: int) -> None:
        """Remembers that the game's winner shared it: its deal and replay are
        open to others from now on."""
        async with self._write() as db:
            await db.execute(
                "UPDATE games SET shared_at = coalesce(shared_at, ?) WHERE id = ?",
                (self._clock(), game_id),
            )

    async def count_hint(self, game_id: int, known: Mapping[str, Any] | None = None) -> None:
        """Counts a hint given and, with *known*, keeps what its search found
        (``GameRow.hint``). The game's record and revision stay as they are:
        a hint changes nothing on the table."""
        found = None if known is None else json.dumps(known)
        async with self._write() as db:
            await db.execute(
                "UPDATE games SET hints = hints + 1, hint = coalesce(?, hint) WHERE id = ?",
                (found, game_id),
            )

    async def keep_hint(self, game_id: int, kept: Mapping[str, Any]) -> None:
        """Keeps what the hints of the game's position found and showed
        (``GameRow.hint``) without counting a hint."""
        async with self._write() as db:
            await db.execute("UPDATE games SET hint = ? WHERE id = ?", (json.dumps(kept), game_id))

    # -- inside --------------------------------------------------------------------

    async def _update(
        self, sql: str, params: Sequence[object], game_id: int, *, won: bool = False
    ) -> GameRow:
        """Runs the ``UPDATE games … WHERE …`` *sql* and returns the game as
        committed. A game in no race (nearly all) is one statement, a
        transaction of its own; a race game's race is told in the same
        transaction. A cup's card shows only games that ended: a cup game
        that ends tells its cup right after. A win (*won*) records, in its
        own transaction, the achievements it earns (the row's ``earned``)."""
        earned = Recorded()
        row = None
        if not won:
            row = await self._write_one(f"{sql} AND race_id IS NULL{RETURNING}", params)
        if row is None:
            async with self._write() as db:
                row = await db.fetchrow(f"{sql}{RETURNING}", params)
                if row is not None and row["race_id"] is not None:
                    await race_moved(db, row["race_id"], self._clock())
                if row is not None and won:  # in the win's own transaction: once
                    earned = await record_achievements(db, row["user_id"], row["id"], self._clock())
        if row is not None and row["cup_id"] is not None and row["status"] != "playing":
            async with self._write() as db:
                await cup_moved(db, row["cup_id"])
        if row is None:
            current = await self.get_game(game_id)
            raise Conflict(
                f"Game {game_id} changed meanwhile "
                f"(now revision {current.revision}, {current.status})."
            )
        saved = game_row(row)
        if earned.new or earned.before:
            return replace(saved, earned=earned.new, earned_before=earned.before)
        return saved
