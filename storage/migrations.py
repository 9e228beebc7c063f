"""The schema, as ordered forward-only steps.

Step *n* runs in one transaction with ``PRAGMA user_version = n``: a step
that fails leaves the database as it was.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, each row a game record with its owner, place and status.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        user_id     INTEGER NOT NULL,
        guild_id    INTEGER,
        channel_id  INTEGER,
        message_id  INTEGER,
        profile     TEXT    NOT NULL,
        version     INTEGER NOT NULL,
        options     TEXT    NOT NULL,
        deal        INTEGER,
        start       TEXT,
        moves       TEXT    NOT NULL DEFAULT '[]',
        move_count  INTEGER NOT NULL DEFAULT 0,
        redo        TEXT    NOT NULL DEFAULT '[]',
        undos       INTEGER NOT NULL DEFAULT 0,
        status      TEXT    NOT NULL DEFAULT 'playing',
        revision    INTEGER NOT NULL DEFAULT 0,
        started_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        finished_at REAL
    );
    CREATE UNIQUE INDEX games_one_unfinished ON games (user_id, profile)
        WHERE status = 'playing';
    CREATE INDEX games_by_user ON games (user_id, updated_at);
    """,
    # 2: hints are counted (shown on wins); finished games are read by guild
    # for leaderboards; arbitrary extra JSON for later features.
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN extra TEXT NOT NULL DEFAULT '{}';
    CREATE INDEX games_by_guild ON games (guild_id, profile, status, finished_at);
    """,
    # 3: the daily deal (the date a game counts for), and players' display
    # names, so leaderboards name people without asking Discord.
    """
    ALTER TABLE games ADD COLUMN daily TEXT;
    CREATE UNIQUE INDEX games_one_daily ON games (user_id, profile, daily) WHERE daily IS NOT NULL;
    CREATE INDEX games_by_deal ON games (profile, deal, status);
    CREATE TABLE players (
        user_id    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    """,
    # 4: each player's language as Discord last told it, for the plain
    # messages that carry none.
    """
    ALTER TABLE players ADD COLUMN language TEXT;
    """,
]
