-- A database as the first schema (user_version 1) left it, with two games.
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
INSERT INTO games (id, user_id, guild_id, channel_id, message_id, profile, version, options, deal,
    moves, move_count, status, revision, started_at, updated_at, finished_at)
VALUES (1, 42, 7, 8, 9, 'klondike', 1, '{"draw": 1, "passes": 1, "foundation_return": false}', 4711,
    '["s", "4 f1"]', 2, 'playing', 2, 1000.0, 1010.0, NULL),
    (2, 42, 7, 8, 10, 'klondike', 1, '{"draw": 3, "passes": 3, "foundation_return": false}', 5,
    '["s"]', 1, 'resigned', 3, 900.0, 950.0, 950.0);
PRAGMA user_version = 1;
