"""The PostgreSQL store: one database that many bot processes share.

The same queries as SQLite's (:mod:`storage._sql`); a pool of connections;
every write in a transaction, acknowledged only after it commits. Migrations
take an advisory lock, so processes that start together run each step once.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import cache
from typing import Any

import asyncpg

from ._base import StoreError, StoreUnavailable
from ._sql import Row, Store
from .migrations import MIGRATIONS, Migration

#: Any number; every process of this bot takes the same lock to migrate.
_MIGRATION_LOCK = 7_061_100
#: How long a request waits for a connection of the pool before it gives up.
WAIT = 2.0
_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


@cache
def numbered(sql: str) -> str:
    """``?`` parameters as PostgreSQL's ``$1``, ``$2`` …

    >>> numbered("SELECT * FROM games WHERE id = ? AND revision = ?")
    'SELECT * FROM games WHERE id = $1 AND revision = $2'
    """
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """How a connection goes back to the pool. The pool rolls back a
    transaction left open; beyond that this store leaves nothing in a
    session to undo (no ``LISTEN``, no cursor, no setting; its one advisory
    lock is released where it is taken), so asyncpg's default reset, a
    statement and its round trip on every release, is not sent."""


class _Connection:
    """An asyncpg connection as a :class:`storage._session.Session`."""

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._connection.fetch(numbered(sql), *params))

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        row: Row | None = await self._connection.fetchrow(numbered(sql), *params)
        return row

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        await self._connection.execute(numbered(sql), *params)


#: A connection that is gone: closed by the server (terminated, restarted),
#: or broken on the way. A fresh connection may work.
_GONE = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.exceptions.OperatorInterventionError,
)
#: The database's passing troubles: those, and read-only, full, locked, slow.
_TROUBLE = (
    *_GONE,
    TimeoutError,
    asyncpg.exceptions.ReadOnlySQLTransactionError,
    asyncpg.exceptions.InsufficientResourcesError,
    asyncpg.exceptions.LockNotAvailableError,
    asyncpg.exceptions.QueryCanceledError,
)


class _Reads:
    """A :class:`storage._session.Session` for reading: each statement on a
    connection of the pool, tried once more on a fresh one if the first was
    gone (a read changes nothing, so it may run twice)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def _run(self, method: str, sql: str, params: Sequence[object]) -> Any:
        for attempt in (1, 2):
            try:
                async with self._pool.acquire(timeout=WAIT) as connection:
                    return await getattr(connection, method)(numbered(sql), *params)
            except _GONE:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._run("fetch", sql, params))

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        row: Row | None = await self._run("fetchrow", sql, params)
        return row

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        raise StoreError("a read session writes nothing")


class PostgresStore(Store):
    """Games in a PostgreSQL database, through a pool of connections."""

    _FOR_UPDATE = " FOR UPDATE"
    _SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"
    _SAME = " IS NOT DISTINCT FROM "

    def __init__(self, pool: asyncpg.Pool, clock: Callable[[], float]) -> None:
        super().__init__(clock)
        self._pool = pool

    @classmethod
    async def open(
        cls, url: str, *, clock: Callable[[], float] = time.time, connections: int = 10
    ) -> PostgresStore:
        """Connects to the database at *url* and migrates it.

        :raises StoreError: if it cannot be reached, or its schema is newer.
        """
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=connections, timeout=10, command_timeout=30,
                reset=_nothing_to_reset,
            )  # fmt: skip
        except (OSError, asyncpg.PostgresError, TimeoutError) as error:
            raise StoreError(f"Cannot reach the database at DATABASE_URL: {error}") from None
        store = cls(pool, clock)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    # -- schema ------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await _version(connection)

    async def migrate(self, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        """Runs the steps the database has not had yet, each in one transaction
        with the record that it ran; refuses a newer schema before any change.

        Holds an advisory lock meanwhile, so processes that start together
        migrate one after the other; each step's transaction begins after the
        lock is held, so it sees what the process before it committed.
        """
        async with self._pool.acquire() as connection:
            await connection.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                current = await _version(connection)
                if current > len(migrations):
                    raise StoreError(
                        f"The database is at schema {current}, newer than this bot knows "
                        f"({len(migrations)}): update the bot."
                    )
                for number, step in enumerate(migrations[current:], current + 1):
                    try:
                        async with connection.transaction():
                            await connection.execute(_VERSION_TABLE)
                            await connection.execute(step.postgres)
                            await connection.execute("DELETE FROM schema_version")
                            await connection.execute(
                                "INSERT INTO schema_version (version) VALUES ($1)", number
                            )
                    except asyncpg.PostgresError as error:
                        raise StoreError(f"Migration {number} failed: {error}") from error
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    # -- sessions ----------------------------------------------------------------

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Reads]:
        try:
            yield _Reads(self._pool)
        except _TROUBLE as error:
            raise StoreUnavailable(f"the database: {error}") from error

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Connection]:
        try:
            async with self._transaction() as connection:
                yield _Connection(connection)
        except _TROUBLE as error:
            raise StoreUnavailable(f"the database: {error}") from error

    async def _write_one(self, sql: str, params: Sequence[object]) -> Row | None:
        # Its own transaction: one round trip, where BEGIN … COMMIT takes three.
        try:
            for attempt in (1, 2):
                async with self._pool.acquire(timeout=WAIT) as connection:
                    if connection.is_closed() and attempt == 1:
                        continue  # found gone before anything was sent: a fresh one
                    row: Row | None = await connection.fetchrow(numbered(sql), *params)
                    return row
        except _TROUBLE as error:
            raise StoreUnavailable(f"the database: {error}") from error
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Any]:
        """A connection in a transaction, committed when the block ends. A
        connection found gone as the transaction begins, before anything was
        written, is swapped once for a fresh one."""
        for attempt in (1, 2):
            connection = await self._pool.acquire(timeout=WAIT)
            transaction = connection.transaction()
            try:
                await transaction.start()
            except _GONE:
                await self._pool.release(connection)
                if attempt == 2:
                    raise
                continue
            try:
                try:
                    yield connection
                except BaseException:
                    await transaction.rollback()
                    raise
                await transaction.commit()
            finally:
                await self._pool.release(connection)
            return

    async def _lock_leases(self, db: Any) -> None:
        await db.execute("LOCK TABLE leases IN EXCLUSIVE MODE")

    async def _lock_cups(self, db: Any, guild_id: int) -> None:
        # A lock of this transaction on the server's cups (a number of its own).
        await db.execute("SELECT pg_advisory_xact_lock(?)", (guild_id & 0x7FFFFFFFFFFFFFFF,))

    def _is_unique_violation(self, error: Exception) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError)


async def _version(connection: Any) -> int:
    exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))
