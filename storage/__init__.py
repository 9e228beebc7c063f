"""Saved games that survive restarts: SQLite through aiosqlite (the
default, one process), or PostgreSQL through asyncpg (many processes on one
database).

Knows nothing of Discord or Pillow: it stores game records (plain JSON-able
dicts) with their owner, place and status, players' settings, cooldowns and
shard leases, and computes stats from finished games. :class:`Store` is the
one interface; :func:`open_store` opens either database by its URL.

>>> # async with await open_store("sqlite:///data/solitaire.sqlite3") as store: ...
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from ._achievements import Won
from ._base import (
    FINISHED,
    MAX_GAP,
    UNWON,
    BoardMessage,
    Conflict,
    CupEntry,
    DailyTaken,
    GameRow,
    LeaderRow,
    Lease,
    NotFound,
    Racer,
    RaceRefused,
    RaceRow,
    RaceStatus,
    ServerRules,
    Settings,
    Stats,
    Status,
    StoreError,
    StoreUnavailable,
    UnfinishedGame,
)
from ._cups import MOST_CUPS, CupDeal, CupRefused, CupRow, CupStatus
from ._puzzle_races import PuzzleRacer, PuzzleRaceRow
from ._puzzles import UNRATED, PuzzlePlayer, PuzzleRow, Rated
from ._reminders import DueReminder, Reminder, ReminderSettings
from ._runs import NewOneMove, OneMoveRow, RunRow
from ._sql import Store
from .sqlite import SQLiteStore, sqlite_path


async def open_store(url: str, *, clock: Callable[[], float] = time.time) -> Store:
    """Returns an open store at *url*, its schema migrated: a SQLite file
    (``sqlite:///relative``, ``sqlite:////absolute``; its folder is created)
    or a PostgreSQL database (``postgresql://user@host:port/db``).

    :raises StoreError: for an unknown kind of URL, a database that cannot
        be opened, or a schema newer than this bot knows.
    """
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore  # asyncpg only where it is used

        return await PostgresStore.open(url, clock=clock)
    path = sqlite_path(url)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return await SQLiteStore.open(path, clock=clock)


__all__ = [
    "FINISHED",
    "MAX_GAP",
    "MOST_CUPS",
    "UNRATED",
    "UNWON",
    "BoardMessage",
    "Conflict",
    "CupDeal",
    "CupEntry",
    "CupRefused",
    "CupRow",
    "CupStatus",
    "DailyTaken",
    "DueReminder",
    "GameRow",
    "LeaderRow",
    "Lease",
    "NewOneMove",
    "NotFound",
    "OneMoveRow",
    "PuzzlePlayer",
    "PuzzleRaceRow",
    "PuzzleRacer",
    "PuzzleRow",
    "RaceRefused",
    "RaceRow",
    "RaceStatus",
    "Racer",
    "Rated",
    "Reminder",
    "ReminderSettings",
    "RunRow",
    "SQLiteStore",
    "ServerRules",
    "Settings",
    "Stats",
    "Status",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "UnfinishedGame",
    "Won",
    "open_store",
    "sqlite_path",
]
