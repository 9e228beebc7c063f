"""The store: its interface and its queries, written once for SQLite and PostgreSQL.

:class:`Store` is the one interface the bot uses. It holds every query, in
the SQL both databases speak, with ``?`` for each parameter. A subclass
supplies the connection: a :class:`Session` to read in, and one inside a
write transaction. Rows come back as mappings by column name
(``aiosqlite.Row``, ``asyncpg.Record``).

Over 400 lines because the store interface is that long: one method a
query, its SQL beside it, written once for both databases.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any, Self

from ._base import (
    FINISHED,
    MAX_GAP,
    STATUSES,
    UNWON,
    BoardMessage,
    Conflict,
    DailyTaken,
    GameRow,
    LeaderRow,
    Lease,
    NotFound,
    Settings,
    Stats,
    Status,
    StoreError,
    UnfinishedGame,
)
from ._fair import FairQueries, knows_deal, rules_code
from ._races import RaceQueries, race_moved
from ._session import Row, Session

_FINISHED_SQL = "(" + ", ".join(f"'{status}'" for status in FINISHED) + ")"
_UNWON_SQL = "(" + ", ".join(f"'{status}'" for status in UNWON) + ")"
_WON = f"CASE WHEN status = '{Status.WON}' THEN 1 ELSE 0 END"
#: How many of a player's wins took a hint.
_HINTED = f"sum(CASE WHEN status = '{Status.WON}' AND hints > 0 THEN 1 ELSE 0 END) AS hinted"
#: The active clock runs on by the time since the last change, at most MAX_GAP
#: (three parameters: now, now, now).
_ACTIVE = (
    f"active = active + CASE WHEN ? - updated_at > {MAX_GAP} THEN {MAX_GAP}"
    " WHEN ? < updated_at THEN 0 ELSE ? - updated_at END"
)
#: An updated game, with its player's settings and language as
#: _GAME_AND_SETTINGS reads them.
_RETURNING = " RETURNING *, " + ", ".join(
    f"(SELECT {name} FROM players WHERE players.user_id = games.user_id) AS player_{name}"
    for name in ("cards", "colours", "verdicts", "clock", "score", "words", "language")
)
#: The game is still its player's current one (``current_game``): no other
#: game in play was touched after it.
_STILL_CURRENT = (
    " AND NOT EXISTS (SELECT 1 FROM games AS other WHERE other.user_id = games.user_id"
    " AND other.status = 'playing' AND other.id <> games.id"
    " AND (other.updated_at > games.updated_at"
    " OR (other.updated_at = games.updated_at AND other.id > games.id)))"
)
#: A game with its player's settings (a board needs both) and language.
_GAME_AND_SETTINGS = (
    "SELECT games.*, players.cards AS player_cards, players.colours AS player_colours,"
    " players.verdicts AS player_verdicts, players.clock AS player_clock,"
    " players.score AS player_score, players.words AS player_words,"
    " players.language AS player_language"
    " FROM games LEFT JOIN players ON players.user_id = games.user_id"
)


class Store(RaceQueries, FairQueries):
    """Where games live: SQLite (the embedded default) or PostgreSQL (many
    bot processes on one database). Games, players, cooldowns and shard
    leases in SQL tables (see ``migrations.py``); a subclass supplies the
    connections."""

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

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
        scoring: str | None = None,
        vegas: int | None = None,
    ) -> GameRow:
        """Stores a new game and returns it; *daily* is the day it counts for,
        *scoring* how it is scored (with its *vegas* score to begin with).
        A deal its player has played before, or whose winning line they
        saw, is practice: it counts on no board.

        :raises UnfinishedGame: if the user has an unfinished game of that
            profile and *replace* is false; with *replace*, that game is
            marked abandoned in the same transaction.
        :raises DailyTaken: if the user has had the daily game of that day.
        """
        now = self._clock()
        profile = record["profile"]
        moves = list(record.get("moves", ()))
        try:
            async with self._write() as db:
                if daily is not None:
                    taken = await db.fetchrow(
                        "SELECT * FROM games WHERE user_id = ? AND profile = ? AND daily = ?",
                        (user_id, profile, daily),
                    )
                    if taken is not None:
                        raise DailyTaken(_game_row(taken))
                existing = await db.fetchrow(
                    "SELECT * FROM games WHERE user_id = ? AND profile = ? AND status = 'playing'"
                    " AND race_id IS NULL",
                    (user_id, profile),
                )
                if existing is not None:
                    if not replace:
                        raise UnfinishedGame(_game_row(existing))
                    await db.execute(
                        "UPDATE games SET status = 'abandoned', finished_at = ?, updated_at = ?,"
                        " revision = revision + 1 WHERE id = ?",
                        (now, now, existing["id"]),
                    )
                options = record.get("options", {})
                practice = await knows_deal(db, user_id, profile, options, record.get("deal"))
                row = await db.fetchrow(
                    "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options,"
                    " deal, start, moves, move_count, started_at, updated_at, daily, scoring,"
                    " vegas, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " RETURNING *",
                    (
                        user_id, guild_id, channel_id, profile, record["version"],
                        json.dumps(options), record.get("deal"),
                        json.dumps(record["start"]) if record.get("start") is not None else None,
                        json.dumps(moves), len(moves), now, now, daily, scoring, vegas,
                        int(practice),
                    ),
                )  # fmt: skip
        except Exception as error:
            if not self._is_unique_violation(error):
                raise
            # Another process started the same game at the same moment: say so.
            return await self.create_game(
                user_id, record, guild_id=guild_id, channel_id=channel_id, daily=daily,
                scoring=scoring, vegas=vegas,
            )  # fmt: skip
        assert row is not None
        return _game_row(row)

    async def get_game(self, game_id: int) -> GameRow:
        """:raises NotFound: if there is no game *game_id*."""
        row = await self._fetch_one(f"{_GAME_AND_SETTINGS} WHERE games.id = ?", (game_id,))
        if row is None:
            raise NotFound(f"There is no game {game_id}.")
        return row

    async def current_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recently touched unfinished game."""
        return await self._fetch_one(
            f"{_GAME_AND_SETTINGS} WHERE games.user_id = ? AND games.status = 'playing'"
            " ORDER BY games.updated_at DESC, games.id DESC LIMIT 1",
            (user_id,),
        )

    async def last_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recently touched game, finished or not."""
        return await self._fetch_one(
            "SELECT * FROM games WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1",
            (user_id,),
        )

    async def last_unwon_game(self, user_id: int) -> GameRow | None:
        """Returns the user's most recent game that ended without a win."""
        return await self._fetch_one(
            f"SELECT * FROM games WHERE user_id = ? AND status IN {_UNWON_SQL}"
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
        status: Status | None = None,
        home: int | None = None,
        stuck: bool | None = None,
        vegas: int | None = None,
        still_current: bool = False,
    ) -> GameRow:
        """Replaces the game's moves if nothing changed it since *expected_revision*
        (and, if *still_current*, it is still its player's current game);
        *home* (cards on the foundations) and *stuck* say how it stands.

        Returns the game as committed, with its player's settings: only then
        has the change happened.

        :raises Conflict: if the game changed meanwhile, is over, or (with
            *still_current*) another game of its player was touched since.
        :raises NotFound: if there is no such game.
        """
        if status is not None and status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        finished_at = now if status in FINISHED else None
        return await self._update(
            "UPDATE games SET moves = ?, move_count = ?, redo = ?, undos = coalesce(?, undos),"
            " hints = coalesce(?, hints), status = coalesce(?, status),"
            f" finished_at = coalesce(?, finished_at), revision = revision + 1, {_ACTIVE},"
            " updated_at = ?, home = coalesce(?, home), stuck = coalesce(?, stuck),"
            " vegas = coalesce(?, vegas)"
            " WHERE id = ? AND revision = ? AND status = 'playing'"
            + (_STILL_CURRENT if still_current else ""),
            (
                json.dumps(list(moves)), len(moves), json.dumps(list(redo)), undos, hints,
                None if status is None else str(status), finished_at, now, now, now, now, home,
                None if stuck is None else int(stuck), vegas, game_id, expected_revision,
            ),
            game_id,
        )  # fmt: skip

    async def set_status(self, game_id: int, status: Status) -> GameRow:
        """Ends or marks a game (``resigned``, ``damaged`` …) whatever its revision."""
        if status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        now = self._clock()
        return await self._update(
            f"UPDATE games SET status = ?, finished_at = ?, revision = revision + 1, {_ACTIVE},"
            " updated_at = ? WHERE id = ? AND status = 'playing'",
            (str(status), now if status in FINISHED else None, now, now, now, now, game_id),
            game_id,
        )

    async def set_message(
        self,
        game_id: int,
        channel_id: int | None,
        message_id: int,
        *,
        expected: tuple[int | None, int | None] | None = None,
    ) -> BoardMessage | None:
        """Remembers the message that shows the game's board, and returns the
        one it replaces (to be retired), if any. Given the board the game is
        *expected* to have, a compare-and-set of one statement does it; if
        the game has another, the store says which."""
        if expected is not None:
            swapped = await self._write_one(
                "UPDATE games SET channel_id = coalesce(?, channel_id), message_id = ?"
                f" WHERE id = ? AND channel_id{self._SAME}? AND message_id{self._SAME}?"
                " RETURNING id",
                (channel_id, message_id, game_id, *expected),
            )
            if swapped is not None:
                old_channel, old_message = expected
                if old_channel is None or old_message in (None, message_id):
                    return None
                return old_channel, old_message
        async with self._write() as db:
            old = await db.fetchrow(
                "SELECT channel_id, message_id FROM games WHERE id = ?" + self._FOR_UPDATE,
                (game_id,),
            )
            await db.execute(
                "UPDATE games SET channel_id = coalesce(?, channel_id), message_id = ?"
                " WHERE id = ?",
                (channel_id, message_id, game_id),
            )
        if old is None or old["message_id"] in (None, message_id) or old["channel_id"] is None:
            return None
        return old["channel_id"], old["message_id"]

    async def settings(self, user_id: int) -> Settings:
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT cards, colours, verdicts, clock, score, words FROM players"
                " WHERE user_id = ?",
                (user_id,),
            )
        if row is None:
            return Settings()
        return _settings(
            row["cards"], row["colours"], row["verdicts"], row["clock"], row["score"], row["words"]
        )

    async def set_settings(self, user_id: int, settings: Settings) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at, cards, colours, verdicts, clock,"
                " score, words) VALUES (?, '', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE"
                " SET cards = excluded.cards, colours = excluded.colours,"
                " verdicts = excluded.verdicts, clock = excluded.clock, score = excluded.score,"
                " words = excluded.words",
                (
                    user_id,
                    self._clock(),
                    settings.cards,
                    settings.colours,
                    int(settings.verdicts),
                    int(settings.clock),
                    settings.score,
                    int(settings.words),
                ),
            )

    async def set_verdict(self, game_id: int, revision: int, verdict: Mapping[str, Any]) -> bool:
        """Keeps what a search found about the game's position at *revision*;
        ``False`` (nothing kept) if the game has moved on since."""
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT revision FROM games WHERE id = ?" + self._FOR_UPDATE, (game_id,)
            )
            if row is None or row["revision"] != revision:
                return False
            await db.execute(
                "UPDATE games SET verdict = ? WHERE id = ?", (json.dumps(verdict), game_id)
            )
        return True

    async def threads(self, guild_id: int) -> bool:
        """Whether the server plays each game in a thread of its own."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT threads FROM guilds WHERE guild_id = ?", (guild_id,))
        return row is not None and bool(row["threads"])

    async def set_threads(self, guild_id: int, threads: bool) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guilds (guild_id, threads) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                (guild_id, int(threads)),
            )

    async def mark_shared(self, game_id: int) -> None:
        """Remembers that the game's winner shared it: its deal and replay are
        open to others from now on."""
        async with self._write() as db:
            await db.execute(
                "UPDATE games SET shared_at = coalesce(shared_at, ?) WHERE id = ?",
                (self._clock(), game_id),
            )

    async def count_hint(self, game_id: int, known: Mapping[str, Any] | None = None) -> None:
        """Counts a hint given and, with *known*, keeps what its search found
        (``GameRow.hint``). The game's record and revision stay as they are:
        a hint changes nothing on the table."""
        found = None if known is None else json.dumps(known)
        async with self._write() as db:
            await db.execute(
                "UPDATE games SET hints = hints + 1, hint = coalesce(?, hint) WHERE id = ?",
                (found, game_id),
            )

    async def daily_game(self, user_id: int, profile: str, day: str) -> GameRow | None:
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
            f"SELECT * FROM games WHERE {where} ORDER BY status != 'won', move_count, active, id",
            params,
        )

    async def deal_results(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> list[GameRow]:
        """Returns the wins on one deal under the same rules, fewest moves
        first. Rules are the same when their options code is: options written
        in another order, or left at their defaults, are the same rules."""
        rows = await self._fetch_all(
            "SELECT * FROM games WHERE profile = ? AND deal = ? AND status = 'won'"
            " ORDER BY move_count, active, id",
            (profile, deal),
        )
        rules = rules_code(profile, options)
        return [row for row in rows if rules_code(row.profile, row.options) == rules]

    # -- players -----------------------------------------------------------------------

    async def set_name(self, user_id: int, name: str) -> None:
        """Remembers how a player is called, for leaderboards."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE"
                " SET name = excluded.name, updated_at = excluded.updated_at",
                (user_id, name[:100], self._clock()),
            )

    async def set_language(self, user_id: int, language: str) -> None:
        """Remembers the language a player's Discord client uses."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at, language) VALUES (?, '', ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, self._clock(), language[:16]),
            )

    async def language(self, user_id: int) -> str | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT language FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else row["language"]

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT user_id, name FROM players WHERE user_id IN ({marks}) AND name != ''", ids
            )
        return {row["user_id"]: row["name"] for row in rows}

    async def take_turn(
        self, user_id: int, kind: str, times: int, seconds: float, now: float, *, count: bool = True
    ) -> float:
        """Counts a use of *kind* by the user at *now* and returns 0, or
        returns how many seconds they must wait (the use is not counted): at
        most *times* uses in any *seconds*, whichever process serves them.
        Without *count*, only says how long to wait."""
        async with self._write() as db:
            await db.execute(
                "DELETE FROM cooldowns WHERE user_id = ? AND kind = ? AND used_at <= ?",
                (user_id, kind, now - seconds),
            )
            row = await db.fetchrow(
                "SELECT count(*) AS uses, min(used_at) AS oldest FROM cooldowns"
                " WHERE user_id = ? AND kind = ?",
                (user_id, kind),
            )
            assert row is not None
            if row["uses"] >= times:
                return round(float(row["oldest"]) + seconds - now, 1)
            if count:
                await db.execute(
                    "INSERT INTO cooldowns (user_id, kind, used_at) VALUES (?, ?, ?)",
                    (user_id, kind, now),
                )
        return 0.0

    # -- shards ------------------------------------------------------------------

    async def take_leases(
        self, shards: Sequence[int], holder: str, until: float, now: float, *, count: int = 0
    ) -> list[Lease]:
        """Takes (or renews) *holder*'s leases on *shards* until *until*, unless
        another holder's lease that has not lapsed by *now* is in the way: then
        takes none and returns those. Shard -1 stands for every shard. *count*
        is the number of shards the holder runs with (0: not sharded); a live
        lease of a holder that runs with another count is in the way too, as
        the two would split the servers differently."""
        # Every shard (-1) is in the way of any other lease, and any of -1.
        marks = ", ".join("?" * len(shards))
        which = (
            "" if -1 in shards else f" AND (shard IN ({marks}) OR shard = -1 OR shard_count != ?)"
        )
        async with self._write() as db:
            await self._lock_leases(db)
            rows = await db.fetch(
                "SELECT shard, holder, expires_at, shard_count FROM leases"
                f" WHERE expires_at > ? AND holder != ?{which}",
                (now, holder, *([] if -1 in shards else [*shards, count])),
            )
            if rows:
                return [
                    Lease(r["shard"], r["holder"], r["expires_at"], r["shard_count"]) for r in rows
                ]
            for shard in shards:
                await db.execute(
                    "INSERT INTO leases (shard, holder, expires_at, shard_count)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (shard) DO UPDATE"
                    " SET holder = excluded.holder, expires_at = excluded.expires_at,"
                    " shard_count = excluded.shard_count",
                    (shard, holder, until, count),
                )
        return []

    async def drop_leases(self, holder: str) -> None:
        """Gives up every lease of *holder*."""
        async with self._write() as db:
            await db.execute("DELETE FROM leases WHERE holder = ?", (holder,))

    async def _lock_leases(self, db: Session) -> None:
        """Keeps other processes from taking leases until this transaction ends
        (SQLite's write transactions already do)."""

    # -- stats ---------------------------------------------------------------------

    async def stats(self, user_id: int, profile: str, *, guild_id: int | None = None) -> Stats:
        """Returns the user's results in *profile*, from finished games (with
        *guild_id*, only those played in that server)."""
        where = "" if guild_id is None else " AND guild_id = ?"
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT status, move_count, active FROM games"
                f" WHERE user_id = ? AND profile = ? AND status IN {_FINISHED_SQL}{where}"
                " ORDER BY finished_at, id",
                (user_id, profile, *(() if guild_id is None else (guild_id,))),
            )
        return compute_stats([(r["status"], r["move_count"], r["active"]) for r in rows])

    async def leaderboard(
        self, guild_id: int, profile: str, *, since: float | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        """Returns the server's players by wins, then fewest moves in a win.
        A deal counts once per player: practice games count not at all."""
        return await self._leaders(
            f"SELECT user_id, sum({_WON}) AS won, count(*) AS played,"
            f" min(CASE WHEN status = 'won' THEN move_count END) AS best, {_HINTED}"
            f" FROM games WHERE guild_id = ? AND profile = ? AND status IN {_FINISHED_SQL}"
            " AND finished_at >= ? AND practice = 0 GROUP BY user_id"
            " ORDER BY won DESC, best NULLS LAST, played LIMIT ?",
            (guild_id, profile, since or 0.0, limit),
        )

    async def daily_leaderboard(
        self, guild_id: int, profile: str, *, since_day: str = "", limit: int = 10
    ) -> list[LeaderRow]:
        """Returns the server's players by daily deals solved since *since_day*."""
        return await self._leaders(
            f"SELECT user_id, sum({_WON}) AS won, count(*) AS played,"
            f" min(CASE WHEN status = 'won' THEN move_count END) AS best, {_HINTED}"
            " FROM games WHERE guild_id = ? AND profile = ? AND daily >= ? GROUP BY user_id"
            " ORDER BY won DESC, best NULLS LAST LIMIT ?",
            (guild_id, profile, since_day, limit),
        )

    async def vegas_total(self, user_id: int, *, guild_id: int | None = None) -> tuple[int, int]:
        """A player's running Vegas total and the games in it (with
        *guild_id*: those played in that server); practice games are not in it."""
        where = "" if guild_id is None else " AND guild_id = ?"
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT coalesce(sum(vegas), 0) AS points, count(*) AS games FROM games"
                f" WHERE user_id = ? AND scoring = 'vegas' AND practice = 0{where}",
                (user_id, *(() if guild_id is None else (guild_id,))),
            )
        return (0, 0) if row is None else (int(row["points"]), int(row["games"]))

    async def vegas_leaderboard(
        self, guild_id: int, *, limit: int = 10
    ) -> list[tuple[int, int, int]]:
        """The server's players by their running Vegas total: (user, points, games)."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT user_id, sum(vegas) AS points, count(*) AS games FROM games"
                " WHERE guild_id = ? AND scoring = 'vegas' AND practice = 0 GROUP BY user_id"
                " ORDER BY points DESC, games LIMIT ?",
                (guild_id, limit),
            )
        return [(r["user_id"], int(r["points"]), int(r["games"])) for r in rows]

    # -- inside --------------------------------------------------------------------

    async def _leaders(self, sql: str, params: Sequence[object]) -> list[LeaderRow]:
        async with self._read() as db:
            rows = await db.fetch(sql, params)
        return [
            LeaderRow(r["user_id"], int(r["won"]), r["played"], r["best"], int(r["hinted"] or 0))
            for r in rows
        ]

    async def _fetch_all(self, sql: str, params: Sequence[object]) -> list[GameRow]:
        async with self._read() as db:
            return [_game_row(row) for row in await db.fetch(sql, params)]

    async def _fetch_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._read() as db:
            row = await db.fetchrow(sql, params)
        return None if row is None else _game_row(row)

    async def _update(self, sql: str, params: Sequence[object], game_id: int) -> GameRow:
        """Runs the ``UPDATE games … WHERE …`` *sql* and returns the game as
        committed. A game in no race (nearly all) is one statement, a
        transaction of its own; a race game's race is told in the same
        transaction."""
        row = await self._write_one(f"{sql} AND race_id IS NULL{_RETURNING}", params)
        if row is not None:
            return _game_row(row)
        async with self._write() as db:
            row = await db.fetchrow(f"{sql}{_RETURNING}", params)
            if row is not None and row["race_id"] is not None:
                await race_moved(db, row["race_id"], self._clock())
        if row is None:
            current = await self.get_game(game_id)
            raise Conflict(
                f"Game {game_id} changed meanwhile "
                f"(now revision {current.revision}, {current.status})."
            )
        return _game_row(row)


def _settings(
    cards: str | None,
    colours: str | None,
    verdicts: object,
    clock: object,
    score: str | None,
    words: object,
) -> Settings:
    """A player's settings as stored (``NULL``: the default)."""
    shown = Settings.clock if clock is None else bool(clock)
    return Settings(
        cards or Settings.cards, colours or Settings.colours, bool(verdicts), shown,
        score or Settings.score, bool(words),
    )  # fmt: skip


def compute_stats(finished: Sequence[tuple[str, int, float]]) -> Stats:
    """Returns stats from (status, moves, seconds) of finished games, oldest first."""
    won = streak = best_streak = 0
    best_moves: int | None = None
    best_seconds: float | None = None
    for status, moves, seconds in finished:
        if status == Status.WON:
            won += 1
            streak += 1
            best_streak = max(best_streak, streak)
            best_moves = moves if best_moves is None else min(best_moves, moves)
            best_seconds = seconds if best_seconds is None else min(best_seconds, seconds)
        else:
            streak = 0
    return Stats(len(finished), won, streak, best_streak, best_moves, best_seconds)


def _game_row(row: Row) -> GameRow:
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

    def number(column: str, *, required: bool = True) -> float | None:
        value = row[column]
        if value is None and not required:
            return None
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number):
            damage.append(column)
            return 0.0
        return number

    extra = decoded("extra", {})
    hint = decoded("hint", None)
    try:  # only a note about the position: a bad one is no damage to the game
        verdict = json.loads(row["verdict"]) if row["verdict"] else None
    except (TypeError, ValueError):
        verdict = None
    joined = "player_cards" in row.keys()  # noqa: SIM118 (a Record is no dict)
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
        started_at=number("started_at") or 0.0,
        updated_at=number("updated_at") or 0.0,
        finished_at=number("finished_at", required=False),
        extra=extra if isinstance(extra, dict) else {},
        daily=row["daily"],
        hint=hint if isinstance(hint, dict) else None,
        verdict=verdict if isinstance(verdict, dict) else None,
        shared_at=number("shared_at", required=False),
        settings=(
            _settings(
                row["player_cards"],
                row["player_colours"],
                row["player_verdicts"],
                row["player_clock"],
                row["player_score"],
                row["player_words"],
            )
            if joined
            else None
        ),
        language=(row["player_language"] or None) if joined else None,
        race_id=row["race_id"],
        home=row["home"],
        stuck=bool(row["stuck"]),
        active=number("active") or 0.0,
        scoring=row["scoring"],
        vegas=row["vegas"],
        practice=bool(row["practice"]),
    )
    if damage:
        game.extra["unreadable"] = ", ".join(damage)
    return game
