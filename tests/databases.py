"""Fresh databases for tests: SQLite always; PostgreSQL too when
``TEST_DATABASE_URL`` names a server (a database on it to connect to first,
e.g. ``postgresql://postgres@127.0.0.1:5432/postgres``)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

SERVER = os.environ.get("TEST_DATABASE_URL", "").strip()
STORES = [
    "sqlite",
    *([pytest.param("postgresql", marks=pytest.mark.postgresql)] if SERVER else []),
]


def with_database(url: str, name: str) -> str:
    """*url* with its database replaced by *name*."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@asynccontextmanager
async def fresh_database(kind: str, folder: Path, server: str = SERVER) -> AsyncIterator[str]:
    """Yields the URL of a new, empty database of *kind*, removed afterwards
    (a PostgreSQL one on *server*)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder}/games.sqlite3"
        return
    import asyncpg

    name = f"solitaire_test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield with_database(server, name)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def execute(url: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    """Runs one statement (``?`` parameters) on the database at *url*, as an
    operator would by hand; returns its rows."""
    if url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            return list(db.execute(sql, params).fetchall())
    import asyncpg

    from storage.postgres import numbered

    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(numbered(sql), *params)]
    finally:
        await connection.close()
