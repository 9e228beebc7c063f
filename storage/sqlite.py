"""The SQLite store: one file, WAL, every acknowledged write committed."""

from __future__ import annotations

import asyncio
import fcntl
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager

import aiosqlite

from ._base import StoreError, StoreUnavailable
from ._sql import Row, Store
from .migrations import MIGRATIONS, Migration


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


#: How long a write waits for the file (another process) or for this
#: process's writes before it gives up: well within Discord's 3 seconds.
WRITE_WAIT = 2.0


class _Connection:
    """An aiosqlite connection as a :class:`storage._session.Session`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        # One trip to aiosqlite's thread (a cursor would take three: run, fetch, close).
        with _unavailable():
            return list(await self._db.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        with _unavailable():
            await self._db.execute(sql, params)


@contextmanager
def _unavailable() -> Iterator[None]:
    """SQLite's "locked", "read-only", "disk is full" and the like as
    :class:`StoreUnavailable`: a passing trouble of the database, not a bug."""
    try:
        yield
    except sqlite3.OperationalError as error:
        raise StoreUnavailable(f"the database file: {error}") from error


@asynccontextmanager
async def _opening(path: str) -> AsyncIterator[None]:
    """Holds a lock beside the file while this process sets it up: SQLite
    answers "locked" at once, without its busy wait, when two processes
    switch a fresh file to write-ahead logging at the same moment."""
    if path == ":memory:":
        yield
        return
    with open(f"{path}.open-lock", "a") as lock:
        await asyncio.to_thread(fcntl.flock, lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


class SQLiteStore(Store):
    """Games in one SQLite file.

    One connection serves every call; aiosqlite runs its statements in order
    on one thread. Every write holds ``_write_lock`` for its whole
    transaction, so that no other coroutine's statement lands inside it (and
    is rolled back with it).
    """

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        super().__init__(clock)
        self._db = db
        self._session = _Connection(db)
        # Reads go to a connection of their own (WAL lets it read while a write
        # waits for the file), so they never queue behind a stuck write.
        self._reader: aiosqlite.Connection | None = None
        self._reads = self._session
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, clock: Callable[[], float] = time.time) -> SQLiteStore:
        """Opens the file at *path* (created if missing) and migrates it.

        :raises StoreError: if it is no SQLite database, cannot be read, has
            a newer schema than this bot knows (refused before anything is
            changed), or a migration fails.
        """
        try:
            async with _opening(path):
                return await cls._open(path, clock)
        except OSError as error:
            raise StoreError(f"Cannot open the database file {path}: {error}") from None

    @classmethod
    async def _open(cls, path: str, clock: Callable[[], float]) -> SQLiteStore:
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"Cannot open the database file {path}: {error}") from None
        db.row_factory = aiosqlite.Row
        store = cls(db, clock)
        try:
            # busy_timeout first: another process may hold the file while this
            # one reads or migrates it.
            await db.execute("PRAGMA busy_timeout = 5000")
            store._refuse_newer(await store.schema_version())
            # FULL: a commit is on disk before the player is told the move happened.
            for pragma in ("journal_mode = WAL", "synchronous = FULL", "foreign_keys = ON"):
                await db.execute(f"PRAGMA {pragma}")
            await store.migrate()
            # Writes give up after WRITE_WAIT: the player hears "busy" in time.
            await db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT * 1000)}")
            if path != ":memory:":
                store._reader = await aiosqlite.connect(path, isolation_level=None)
                store._reader.row_factory = aiosqlite.Row
                await store._reader.execute("PRAGMA busy_timeout = 5000")
                await store._reader.execute("PRAGMA query_only = ON")
                store._reads = _Connection(store._reader)
        except sqlite3.Error as error:
            await db.close()
            raise StoreError(f"Cannot use the database file {path}: {error}") from None
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._db.close()

    # -- schema ------------------------------------------------------------------

    async def schema_version(self) -> int:
        row = await self._session.fetchrow("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def migrate(self, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        """Runs the steps the database has not had yet, each in one transaction
        with its ``user_version``. Each step reads the version inside its own
        transaction, so processes that open a fresh file together run it once."""
        async with self._write_lock:
            for number, step in enumerate(migrations, 1):
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    current = await self.schema_version()
                    self._refuse_newer(current, migrations)
                    if current >= number:
                        await self._db.rollback()
                        continue
                    # Statement by statement: executescript would commit first.
                    for statement in step.sqlite.split(";"):
                        if statement.strip():
                            await self._db.execute(statement)
                    await self._db.execute(f"PRAGMA user_version = {number}")
                    await self._db.commit()
                except BaseException as error:
                    if self._db.in_transaction:
                        await self._db.rollback()
                    if isinstance(error, sqlite3.Error):
                        raise StoreError(f"Migration {number} failed: {error}") from error
                    raise

    @staticmethod
    def _refuse_newer(current: int, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        if current > len(migrations):
            raise StoreError(
                f"The database is at schema {current}, newer than this bot knows "
                f"({len(migrations)}): update the bot."
            )

    async def integrity_check(self) -> str:
        row = await self._session.fetchrow("PRAGMA integrity_check")
        return str(row[0]) if row else "no answer"

    # -- sessions ----------------------------------------------------------------

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:
        yield self._reads

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Connection]:
        async with self._writing():
            await self._session.execute("BEGIN IMMEDIATE")
            try:
                yield self._session
            except BaseException:
                await self._db.rollback()
                raise
            with _unavailable():
                await self._db.commit()

    async def _write_one(self, sql: str, params: Sequence[object]) -> Row | None:
        # Outside BEGIN … COMMIT a statement commits as it ends: one trip to
        # aiosqlite's thread, where a transaction of one statement takes three.
        async with self._writing():
            return await self._session.fetchrow(sql, params)

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        """Holds the write lock: no other coroutine's statement lands inside
        this one's transaction."""
        try:
            async with asyncio.timeout(WRITE_WAIT):  # a free lock is taken at once
                await self._write_lock.acquire()
        except TimeoutError:
            raise StoreUnavailable("the database file: writes are waiting on a stuck one") from None
        try:
            yield
        finally:
            self._write_lock.release()

    def _is_unique_violation(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)
