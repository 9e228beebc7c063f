"""What every query module of the store stands on: a session of ``?``
statements, and the connections a database supplies."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

#: A row by column name: ``aiosqlite.Row`` or ``asyncpg.Record`` (neither is typed a Mapping).
Row = Any


class Session(Protocol):
    """One connection's statements, with ``?`` parameters."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None: ...


class Connected:
    """Queries on a database's sessions; a subclass supplies them."""

    #: Locks the rows a read in a write transaction returns (PostgreSQL).
    _FOR_UPDATE = ""
    #: Equal, where NULL equals NULL.
    _SAME = " IS "

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock

    def _read(self) -> AbstractAsyncContextManager[Session]:
        """A session for reading: it sees every committed write."""
        raise NotImplementedError

    def _write(self) -> AbstractAsyncContextManager[Session]:
        """A session in a write transaction, committed when the block ends
        (rolled back if it raises): only then has the write happened."""
        raise NotImplementedError

    async def _write_one(self, sql: str, params: Sequence[object]) -> Row | None:
        """Runs one statement as a transaction of its own and returns its
        first row: committed once this returns."""
        async with self._write() as db:
            return await db.fetchrow(sql, params)

    def _is_unique_violation(self, error: Exception) -> bool:
        """Whether *error* is a unique index refusing a row."""
        raise NotImplementedError
