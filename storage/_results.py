"""Results in the store: a player's stats, the leaderboards, the Vegas
totals, and the wins on a deal or a day's daily deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._base import FINISHED, GameRow, LeaderRow, Stats, Status
from ._fair import rules_code
from ._rows import GameReads

_FINISHED_SQL = "(" + ", ".join(f"'{status}'" for status in FINISHED) + ")"
_WON = f"CASE WHEN status = '{Status.WON}' THEN 1 ELSE 0 END"
#: How many of a player's wins took a hint.
_HINTED = f"sum(CASE WHEN status = '{Status.WON}' AND hints > 0 THEN 1 ELSE 0 END) AS hinted"


class ResultQueries(GameReads):
    """The store's queries of results (a part of :class:`storage.Store`)."""

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

    async def stats(self, user_id: int, profile: str, *, guild_id: int | None = None) -> Stats:
        """Returns the user's results in *profile*, from finished games (with
        *guild_id*, only those played in that server)."""
        where = "" if guild_id is None else " AND guild_id = ?"
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT status, move_count, active FROM games"
                f" WHERE user_id = ? AND profile = ? AND puzzle_id IS NULL"
                f" AND status IN {_FINISHED_SQL}{where}"
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

    async def _leaders(self, sql: str, params: Sequence[object]) -> list[LeaderRow]:
        async with self._read() as db:
            rows = await db.fetch(sql, params)
        return [
            LeaderRow(r["user_id"], int(r["won"]), r["played"], r["best"], int(r["hinted"] or 0))
            for r in rows
        ]


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
