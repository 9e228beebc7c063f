"""The two texts of each migration make the same schema in SQLite and in
PostgreSQL: the same tables, columns (type, nullability, default), primary
keys and indexes (columns, uniqueness, partial or not)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage import open_store
from storage._mydata import EXPORTED, PLAYER_COLUMNS, WITHHELD
from tests.databases import SERVER, fresh_database

#: Each database's column types, by what they hold.
KINDS = {
    "integer": "integer", "bigint": "integer",
    "real": "real", "double precision": "real",
    "text": "text",
}  # fmt: skip

Schema = dict[str, Any]


def sqlite_schema(path: Path) -> Schema:
    schema: Schema = {}
    with sqlite3.connect(path) as db:
        found = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        tables = [row[0] for row in found]
        for table in tables:
            info = db.execute(f"PRAGMA table_info({table})").fetchall()
            columns = {
                name: (KINDS[kind.lower()], bool(notnull or pk), default)
                for _, name, kind, notnull, default, pk in info
            }
            key = tuple(name for *_, name, _, _, _, pk in info if pk)
            indexes = {}
            for _, name, unique, origin, partial in db.execute(f"PRAGMA index_list({table})"):
                if origin == "c":  # made by CREATE INDEX, not by a key
                    cols = tuple(row[2] for row in db.execute(f"PRAGMA index_info({name})"))
                    indexes[name] = (cols, bool(unique), bool(partial))
            schema[table] = {"columns": columns, "key": key, "indexes": indexes}
    return schema


async def postgres_schema(url: str) -> Schema:
    connection = await asyncpg.connect(url)
    try:
        columns = await connection.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default"
            " FROM information_schema.columns WHERE table_schema = 'public'"
        )
        keys = await connection.fetch(
            "SELECT t.relname AS table_name, a.attname AS column_name"
            " FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid"
            " JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(ix.indkey)"
            " WHERE ix.indisprimary AND t.relnamespace = 'public'::regnamespace"
        )
        indexes = await connection.fetch(
            "SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique,"
            " ix.indpred IS NOT NULL AS partial,"
            " array(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(num, pos)"
            "       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.num"
            "       ORDER BY k.pos) AS cols"
            " FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid"
            " JOIN pg_class i ON i.oid = ix.indexrelid"
            " WHERE NOT ix.indisprimary AND t.relnamespace = 'public'::regnamespace"
        )
    finally:
        await connection.close()
    schema: Schema = {}
    for row in columns:
        table = schema.setdefault(row["table_name"], {"columns": {}, "key": (), "indexes": {}})
        default = row["column_default"]
        if default is not None:
            default = re.sub(r"::[a-z ]+$", "", default)
        table["columns"][row["column_name"]] = (
            KINDS[row["data_type"]],
            row["is_nullable"] == "NO",
            default,
        )
    for row in keys:
        schema[row["table_name"]]["key"] += (row["column_name"],)
    for row in indexes:
        schema[row["table_name"]]["indexes"][row["index_name"]] = (
            tuple(row["cols"]),
            row["indisunique"],
            row["partial"],
        )
    del schema["schema_version"]  # PostgreSQL's PRAGMA user_version
    return schema


@pytest.mark.postgresql
@pytest.mark.skipif(not SERVER, reason="TEST_DATABASE_URL names no PostgreSQL server")
async def test_both_databases_get_the_same_schema(tmp_path: Path) -> None:
    async with fresh_database("sqlite", tmp_path) as sqlite_url:
        await (await open_store(sqlite_url)).close()
    async with fresh_database("postgresql", tmp_path) as postgres_url:
        await (await open_store(postgres_url)).close()
        postgres = await postgres_schema(postgres_url)
    sqlite = sqlite_schema(Path(sqlite_url.removeprefix("sqlite:///")))
    assert set(sqlite) == set(postgres) == {
        "games", "players", "cooldowns", "leases", "guilds", "races", "racers", "lines_seen",
        "forgotten", "guild_channels", "guild_blocks", "cups", "cup_deals", "cup_struck",
        "guild_cup_roles", "achievements", "guild_blocks_kept", "cup_aliases", "puzzles",
        "puzzle_results", "puzzle_players", "daily_puzzles", "reminder_settings", "reminders",
        "player_zones", "puzzle_tries_kept", "one_move_puzzles", "puzzle_runs", "puzzle_races",
        "puzzle_racers",
    }  # fmt: skip
    for table in sqlite:
        assert sqlite[table] == postgres[table], table
    unfinished = sqlite["games"]["indexes"]["games_one_unfinished"]
    assert unfinished == (("user_id", "profile"), True, True)


async def test_every_column_that_holds_a_player_is_listed_in_one_place(tmp_path: Path) -> None:
    async with fresh_database("sqlite", tmp_path) as url:
        await (await open_store(url)).close()
    schema = sqlite_schema(Path(url.removeprefix("sqlite:///")))
    # A player's id is a user_id, or a race's host or the one it invites.
    holding = {
        table: tuple(c for c in found["columns"] if c in ("user_id", "host_id", "invited_id"))
        for table, found in schema.items()
    }
    assert {table: columns for table, columns in holding.items() if columns} == PLAYER_COLUMNS


async def test_an_export_names_every_column_it_holds_and_every_one_it_withholds(
    tmp_path: Path,
) -> None:
    """A new column of a table that holds a player is exported only once it
    is listed as the player's: the two lists name every column, once."""
    async with fresh_database("sqlite", tmp_path) as url:
        await (await open_store(url)).close()
    schema = sqlite_schema(Path(url.removeprefix("sqlite:///")))
    for table in PLAYER_COLUMNS:
        exported, withheld = set(EXPORTED[table]), set(WITHHELD.get(table, {}))
        assert not exported & withheld, table
        assert exported | withheld == set(schema[table]["columns"]), table
    assert set(EXPORTED) == set(PLAYER_COLUMNS)
    assert {"drawing_until"} <= set(WITHHELD["cups"]) and {"hint", "verdict"} <= set(
        WITHHELD["games"]
    )
