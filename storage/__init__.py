"""Saved games that survive restarts: SQLite through aiosqlite.

Knows nothing of Discord or Pillow: it stores game records (plain JSON-able
dicts) with their owner, place and status, and computes stats from finished
games.

>>> # async with await open_store("sqlite:///data/solitaire.sqlite3") as store: ...
"""

from __future__ import annotations

from ._base import (
    FINISHED,
    Conflict,
    DailyTaken,
    GameRow,
    LeaderRow,
    NotFound,
    Stats,
    Status,
    Store,
    StoreError,
    UnfinishedGame,
)
from .sqlite import SQLiteStore, open_store, sqlite_path

__all__ = [
    "FINISHED",
    "Conflict",
    "DailyTaken",
    "GameRow",
    "LeaderRow",
    "NotFound",
    "SQLiteStore",
    "Stats",
    "Status",
    "Store",
    "StoreError",
    "UnfinishedGame",
    "open_store",
    "sqlite_path",
]
