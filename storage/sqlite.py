"""The SQLite store: one file, WAL, every acknowledged write committed.

One class for one store, its SQL beside the method that runs it: longer than
400 lines because the store interface is that long, not because it holds two ideas.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from ._base import (
    FINISHED,
    STATUSES,
    Conflict,
    DailyTaken,
    GameRow,
    LeaderRow,
    NotFound,
    Stats,
    Status,
    StoreError,
    UnfinishedGame,
)
from .migrations import MIGRATIONS

_FINISHED_SQL = "(" + ", ".join(f"'{status}'" for status in FINISHED) + ")"


def sqlite_path(url: str) -> str:
    """Returns the file path of a ``sqlite:///relative`` or
    ``sqlite:////absolute`` URL.

    >>> sqlite_path("sqlite:///data/solitaire.sqlite3")
    'data/solitaire.sqlite3'
    >>> sqlite_path("sqlite:////var/lib/bot.db")
    '/var/lib/bot.db'

    :raises StoreError: for any other kind of URL.
    """
    prefix = "sqlite:///"
    if not url.startswith(prefix) or len(url) == len(prefix):
        raise StoreError(
            f"DATABASE_URL must look like sqlite:///data/solitaire.sqlite3, not {url!r}"
        )
    return url[len(prefix) :]


async def open_store(url: str, *, clock: Callable[[], float] = time.time) -> SQLiteStore:
    """Returns an open store at *url*, its folder created and schema migrated."""
    path = sqlite_path(url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return await SQLiteStore.open(path, clock=clock)


class SQLiteStore:
    """Games in one SQLite file.

    One connection serves every call; aiosqlite runs its statements in order
    on one thread. Writes of more than one statement hold ``_write_lock`` so
    that no other coroutine's statement can land inside their transaction.
    """

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, clock: Callable[[], float] = time.time) -> SQLiteStore:
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        # FULL: a commit is on disk before the player is told the move happened.
        for pragma in (
            "journal_mode = WAL",
            "synchronous = FULL",
            "foreign_keys = ON",
            "busy_timeout = 5000",
        ):
            await db.execute(f"PRAGMA {pragma}")
        store = cls(db, clock)
        try:
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- schema ------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return int(row[0])

    async def migrate(self, migrations: Sequence[str] = MIGRATIONS) -> None:
        """Runs the steps the database has not had yet, each in one transaction."""
        async with self._write_lock:
            current = await self.schema_version()
            if current > len(migrations):
                raise StoreError(
                    f"The database is at schema {current}, newer than this bot knows "
                    f"({len(migrations)}): update the bot."
                )
            for number, step in enumerate(migrations[current:], current + 1):
                try:
                    await self._db.executescript(
                        f"BEGIN IMMEDIATE;\n{step}\nPRAGMA user_version = {number};\nCOMMIT;"
                    )
                except sqlite3.Error as error:
                    if self._db.in_transaction:
                        await self._db.rollback()
                    raise StoreError(f"Migration {number} failed: {error}") from error

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Runs the block's statements in one write transaction."""
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

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
    ) -> GameRow:
        """Stores a new game and returns it; *daily* is the day it counts for.

        :raises UnfinishedGame: if the user has an unfinished game of that
            profile and *replace* is false; with *replace*, that game is
            marked abandoned in the same transaction.
        :raises DailyTaken: if the user has had the daily game of that day.
        """
        now = self._clock()
        profile = record["profile"]
        async with self.transaction() as db:
            if daily is not None:
                taken = await self._fetch_one(
                    "SELECT * FROM games WHERE user_id = ? AND profile = ? AND daily = ?",
                    (user_id, profile, daily),
                )
                if taken is not None:
                    raise DailyTaken(taken)
            existing = await self._fetch_one(
                "SELECT * FROM games WHERE user_id = ? AND profile = ? AND status = 'playing'",
                (user_id, profile),
            )
            if existing is not None:
                if not replace:
                    raise UnfinishedGame(existing)
                await db.execute(
                    "UPDATE games SET status = 'abandoned', finished_at = ?, updated_at = ?, "
                    "revision = revision + 1 WHERE id = ?",
                    (now, now, existing.id),
                )
            moves = list(record.get("moves", ()))
            cursor = await db.execute(
                "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options, deal,"
                " start, moves, move_count, started_at, updated_at, daily)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    user_id, guild_id, channel_id, profile, record["version"],
                    json.dumps(record.get("options", {})), record.get("deal"),
                    json.dumps(record["start"]) if record.get("start") is not None else None,
                    json.dumps(moves), len(moves), now, now, daily,
                ),
            )  # fmt: skip
            game_id = cursor.lastrowid
        return await self.get_game(int(game_id))  # type: ignore[arg-type]

    async def get_game(self, game_id: int) -> GameRow:
        """:raises NotFound: if there is no game *game_id*."""
        row = await self._fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound(f"There is no game {game_id}.")
        return row

    async def current_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recently touched unfinished game."""
        return await self._fetch_one(
            "SELECT * FROM games WHERE user_id = ? AND status = 'playing'"
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
        status: str | None = None,
    ) -> GameRow:
        """Replaces the game's moves if nothing changed it since *expected_revision*.

        Returns the game as committed: only then has the change happened.

        :raises Conflict: if the game changed meanwhile, or is over.
        :raises NotFound: if there is no such game.
        """
        if status is not None and status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        finished_at = now if status in FINISHED else None
        return await self._update(
            "UPDATE games SET moves = ?, move_count = ?, redo = ?, undos = coalesce(?, undos),"
            " hints = coalesce(?, hints), status = coalesce(?, status),"
            " finished_at = coalesce(?, finished_at), revision = revision + 1, updated_at = ?"
            " WHERE id = ? AND revision = ? AND status = 'playing' RETURNING *",
            (
                json.dumps(list(moves)), len(moves), json.dumps(list(redo)), undos, hints,
                status, finished_at, now, game_id, expected_revision,
            ),
            game_id,
        )  # fmt: skip

    async def set_status(self, game_id: int, status: str) -> GameRow:
        """Ends or marks a game (``resigned``, ``damaged`` …) whatever its revision."""
        if status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        return await self._update(
            "UPDATE games SET status = ?, finished_at = ?, revision = revision + 1, updated_at = ?"
            " WHERE id = ? AND status = 'playing' RETURNING *",
            (status, now if status in FINISHED else None, now, game_id),
            game_id,
        )

    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> None:
        """Remembers the message that shows the game's board."""
        await self._db.execute(
            "UPDATE games SET channel_id = coalesce(?, channel_id), message_id = ? WHERE id = ?",
            (channel_id, message_id, game_id),
        )

    async def count_hint(self, game_id: int, known: Mapping[str, Any] | None = None) -> None:
        """Counts a hint given and, with *known*, keeps what its search found
        (``extra["hint"]``). The game's record and revision stay as they are:
        a hint changes nothing on the table."""
        found = None if known is None else json.dumps(known)
        async with self._write_lock:
            await self._db.execute(
                "UPDATE games SET hints = hints + 1, extra = CASE"
                " WHEN ? IS NOT NULL AND json_valid(extra) THEN json_set(extra, '$.hint', json(?))"
                " ELSE extra END WHERE id = ?",
                (found, found, game_id),
            )

    async def daily_game(self, user_id: int, profile: str, day: str) -> GameRow | None:
        """Returns the user's daily game of *profile* for *day*, if any."""
        return await self._fetch_one(
            "SELECT * FROM games WHERE user_id = ? AND profile = ? AND daily = ?",
            (user_id, profile, day),
        )

    async def daily_results(
        self, profile: str, day: str, *, guild_id: int | None = None
    ) -> list[GameRow]:
        """Returns the day's daily games: solved first, then fewest moves, then time."""
        where = "profile = ? AND daily = ?" + (" AND guild_id = ?" if guild_id is not None else "")
        params: tuple[object, ...] = (profile, day) + ((guild_id,) if guild_id is not None else ())
        return await self._fetch_all(
            f"SELECT * FROM games WHERE {where} ORDER BY status != 'won', move_count,"
            " coalesce(finished_at, updated_at) - started_at, id",
            params,
        )

    async def deal_results(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> list[GameRow]:
        """Returns the wins on one deal under the same options, fewest moves first."""
        return await self._fetch_all(
            "SELECT * FROM games WHERE profile = ? AND deal = ? AND options = ? AND status = 'won'"
            " ORDER BY move_count, finished_at - started_at, id",
            (profile, deal, json.dumps(dict(options))),
        )

    async def daily_leaderboard(
        self, guild_id: int, profile: str, *, since_day: str = "", limit: int = 10
    ) -> list[LeaderRow]:
        """Returns the server's players by daily deals solved since *since_day*."""
        async with self._db.execute(
            "SELECT user_id, sum(status = 'won') AS won, count(*) AS played,"
            " min(CASE WHEN status = 'won' THEN move_count END) AS best FROM games"
            " WHERE guild_id = ? AND profile = ? AND daily >= ? GROUP BY user_id"
            " ORDER BY won DESC, best IS NULL, best LIMIT ?",
            (guild_id, profile, since_day, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [LeaderRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def set_name(self, user_id: int, name: str) -> None:
        """Remembers how a player is called, for leaderboards."""
        await self._db.execute(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE"
            " SET name = excluded.name, updated_at = excluded.updated_at",
            (user_id, name[:100], self._clock()),
        )

    async def set_language(self, user_id: int, language: str) -> None:
        """Remembers the language a player's Discord client uses."""
        await self._db.execute(
            "INSERT INTO players (user_id, name, updated_at, language) VALUES (?, '', ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, self._clock(), language[:16]),
        )

    async def language(self, user_id: int) -> str | None:
        async with self._db.execute(
            "SELECT language FROM players WHERE user_id = ?", (user_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        async with self._db.execute(
            f"SELECT user_id, name FROM players WHERE user_id IN ({marks}) AND name != ''", ids
        ) as cursor:
            return {row[0]: row[1] for row in await cursor.fetchall()}

    async def _fetch_all(self, sql: str, params: Sequence[object]) -> list[GameRow]:
        async with self._db.execute(sql, params) as cursor:
            return [_game_row(row) for row in await cursor.fetchall()]

    async def _update(self, sql: str, params: Sequence[object], game_id: int) -> GameRow:
        # One statement: SQLite runs it as its own transaction, committed on return.
        async with self._write_lock, self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        if row is None:
            current = await self.get_game(game_id)
            raise Conflict(
                f"Game {game_id} changed meanwhile "
                f"(now revision {current.revision}, {current.status})."
            )
        return _game_row(row)

    async def _fetch_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _game_row(row)

    # -- stats ---------------------------------------------------------------------

    async def stats(self, user_id: int, profile: str) -> Stats:
        """Returns the user's results in *profile*, from finished games."""
        async with self._db.execute(
            "SELECT status, move_count, started_at, finished_at FROM games"
            f" WHERE user_id = ? AND profile = ? AND status IN {_FINISHED_SQL}"
            " ORDER BY finished_at, id",
            (user_id, profile),
        ) as cursor:
            rows = list(await cursor.fetchall())
        return compute_stats([(r[0], r[1], r[3] - r[2]) for r in rows])

    async def leaderboard(
        self, guild_id: int, profile: str, *, since: float | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        """Returns the server's players by wins, then fewest moves in a win."""
        async with self._db.execute(
            "SELECT user_id, sum(status = 'won') AS won, count(*) AS played,"
            " min(CASE WHEN status = 'won' THEN move_count END) AS best FROM games"
            f" WHERE guild_id = ? AND profile = ? AND status IN {_FINISHED_SQL}"
            " AND finished_at >= ? GROUP BY user_id"
            " ORDER BY won DESC, best IS NULL, best, played LIMIT ?",
            (guild_id, profile, since or 0.0, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [LeaderRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def integrity_check(self) -> str:
        async with self._db.execute("PRAGMA integrity_check") as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else "no answer"


def compute_stats(finished: Sequence[tuple[str, int, float]]) -> Stats:
    """Returns stats from (status, moves, seconds) of finished games, oldest first."""
    won = streak = best_streak = 0
    best_moves: int | None = None
    best_seconds: float | None = None
    for status, moves, seconds in finished:
        if status == "won":
            won += 1
            streak += 1
            best_streak = max(best_streak, streak)
            best_moves = moves if best_moves is None else min(best_moves, moves)
            best_seconds = seconds if best_seconds is None else min(best_seconds, seconds)
        else:
            streak = 0
    return Stats(len(finished), won, streak, best_streak, best_moves, best_seconds)


def _game_row(row: sqlite3.Row | aiosqlite.Row) -> GameRow:
    # A column that does not decode must not make the row unreadable: the
    # row comes back, its damage said in ``extra["unreadable"]``, for the
    # caller to report; the stored text is left as it is.
    damage: list[str] = []

    def decoded(column: str, default: Any) -> Any:
        text = row[column]
        if text is None:
            return default
        try:
            return json.loads(text)
        except (TypeError, ValueError):
            damage.append(column)
            return default

    extra = decoded("extra", {})
    game = GameRow(
        id=row["id"],
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        profile=row["profile"],
        version=row["version"],
        options=decoded("options", {}),
        deal=row["deal"],
        moves=decoded("moves", []),
        redo=decoded("redo", []),
        start=decoded("start", None),
        undos=row["undos"],
        hints=row["hints"],
        status=Status(row["status"]),
        revision=row["revision"],
        started_at=row["started_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        extra=extra if isinstance(extra, dict) else {},
        daily=row["daily"],
    )
    if damage:
        game.extra["unreadable"] = ", ".join(damage)
    return game
