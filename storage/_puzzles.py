"""Puzzles in the store: the positions, each player's result of each one
and rating, and the daily puzzle.

A rating is three numbers (rating, deviation, volatility) that the bot
works out (Glicko-2); the store keeps them and counts a player's first try
at a puzzle only: :meth:`PuzzleQueries.record_puzzle` writes the result,
both ratings and the daily streak in one transaction, or nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._base import GameRow
from ._fair import rules_code
from ._rows import game_row
from ._session import Connected, Row

#: A rating as kept: rating, deviation, volatility.
Rated = tuple[float, float, float]
#: Where a new puzzle's and a new player's rating start.
UNRATED: Rated = (1500.0, 350.0, 0.06)


@dataclass(frozen=True)
class PuzzleRow:
    """A stored puzzle: where it starts, under which rules, its winning line and rating."""

    id: int
    profile: str
    options: dict[str, Any]
    start: dict[str, list[str]]
    line: list[str]
    plays: int
    rated: Rated
    tries: int
    #: The deal of the game it came from (``None``: the bot's own pool),
    #: under its rules: it waits while that deal is in play.
    deal: int | None = None
    #: The keyed digest of the player whose game it came from (``None``: the pool's).
    source: str | None = None
    #: The cards of its position that were face down in that game.
    revealed: tuple[str, ...] = ()


@dataclass(frozen=True)
class PuzzlePlayer:
    """A player's puzzle rating, when it last changed, and their daily streak
    (``daily``: the last day whose daily puzzle they solved)."""

    rated: Rated
    rated_at: float | None
    streak: int
    best_streak: int
    daily: str | None


def position_key(profile: str, rules: str, start: Mapping[str, Sequence[str]]) -> str:
    """One key per position under one game's rules: one puzzle each."""
    text = json.dumps([profile, rules, start], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _puzzle(row: Row) -> PuzzleRow:
    return PuzzleRow(
        id=row["id"],
        profile=row["profile"],
        options=json.loads(row["options"]),
        start=json.loads(row["start"]),
        line=json.loads(row["line"]),
        plays=row["plays"],
        rated=(row["rating"], row["deviation"], row["volatility"]),
        tries=row["tries"],
        deal=row["deal"],
        source=row["source"],
        revealed=tuple(json.loads(row["revealed"])),
    )


class PuzzleQueries(Connected):
    """The store's queries of puzzles (a part of :class:`storage.Store`)."""

    async def add_puzzle(
        self,
        profile: str,
        options: Mapping[str, Any],
        start: Mapping[str, Sequence[str]],
        line: Sequence[str],
        plays: int,
        *,
        source: str | None,
        deal: int | None,
        revealed: Sequence[str] = (),
    ) -> int | None:
        """Keeps a puzzle and returns its id; ``None`` if its position is one
        already. *source* names the player whose game it came from by a keyed
        digest (``None``: the bot's own pool); *deal* is that game's deal, in
        which the cards *revealed* were face down."""
        rules = rules_code(profile, options)
        if rules is None:
            return None
        row = await self._write_one(
            "INSERT INTO puzzles (profile, options, start, line, plays, position, source, rules,"
            " deal, rating, deviation, volatility, added_at, revealed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (position) DO NOTHING RETURNING id",
            (
                profile, json.dumps(dict(options)), json.dumps(dict(start)), json.dumps(list(line)),
                plays, position_key(profile, rules, start), source, rules, deal, *UNRATED,
                self._clock(), json.dumps(list(revealed)),
            ),
        )  # fmt: skip
        return None if row is None else int(row["id"])

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        return None if row is None else _puzzle(row)

    async def count_puzzles(self, profile: str | None = None, *, pool: bool = False) -> int:
        """How many puzzles there are (of *profile*; with *pool*, only the
        bot's own, from its pool deals)."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT count(*) AS n FROM puzzles WHERE (CAST(? AS TEXT) IS NULL OR profile = ?)"
                " AND (? = 0 OR source IS NULL)",
                (profile, profile, int(pool)),
            )
        return int(row["n"]) if row is not None else 0

    async def puzzles_near(
        self, user_id: int, profile: str | None, rating: float, *, not_from: str, limit: int = 20
    ) -> list[PuzzleRow]:
        """The puzzles rated nearest *rating* that the user has not tried
        and that come from no game of theirs (*not_from*: the keyed digest
        of their id); among those rated alike, the ones from players' games
        first, newest first."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM puzzles WHERE (CAST(? AS TEXT) IS NULL OR profile = ?)"
                " AND (source IS NULL OR source <> ?)"
                " AND NOT EXISTS (SELECT 1 FROM puzzle_results AS r"
                " WHERE r.user_id = ? AND r.puzzle_id = puzzles.id)"
                " ORDER BY abs(rating - ?), source IS NULL, id DESC LIMIT ?",
                (profile, profile, not_from, user_id, rating, limit),
            )
        return [_puzzle(row) for row in rows]

    async def puzzle_player(self, user_id: int) -> PuzzlePlayer:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM puzzle_players WHERE user_id = ?", (user_id,))
        if row is None:
            return PuzzlePlayer(rated=UNRATED, rated_at=None, streak=0, best_streak=0, daily=None)
        rated = (row["rating"], row["deviation"], row["volatility"])
        return PuzzlePlayer(
            rated=rated, rated_at=row["rated_at"], streak=row["streak"],
            best_streak=row["best_streak"], daily=row["daily"],
        )  # fmt: skip

    async def tried_puzzle(self, user_id: int, puzzle_id: int, kept: str = "") -> bool | None:
        """Whether the user solved the puzzle (``None``: never tried it), their
        try kept under *kept* (a keyed digest of the puzzle and their id) if
        they were forgotten since."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT solved FROM puzzle_results WHERE user_id = ? AND puzzle_id = ?"
                " UNION ALL SELECT solved FROM puzzle_tries_kept WHERE puzzle_id = ?"
                " AND digest = ?",
                (user_id, puzzle_id, puzzle_id, kept),
            )
        return None if row is None else bool(row["solved"])

    async def kept_tries(self, kept: Mapping[int, str]) -> set[int]:
        """Which of the puzzles *kept* names (puzzle → the keyed digest of it
        and a player) that player tried before they were forgotten."""
        if not kept:
            return set()
        marks = ", ".join("?" * len(kept))
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT puzzle_id, digest FROM puzzle_tries_kept WHERE digest IN ({marks})",
                list(kept.values()),
            )
        return {row["puzzle_id"] for row in rows if kept.get(row["puzzle_id"]) == row["digest"]}

    async def record_puzzle(
        self,
        user_id: int,
        puzzle_id: int,
        *,
        solved: bool,
        player: Rated,
        puzzle: Rated,
        daily: str | None = None,
        yesterday: str | None = None,
    ) -> bool:
        """Counts the user's try at a puzzle, with the ratings it gives both
        and, for the daily puzzle of *daily*, their streak (it goes on from
        *yesterday*'s); ``False``, and nothing changed, if they tried it before."""
        now = self._clock()
        async with self._write() as db:
            counted = await db.fetchrow(
                "INSERT INTO puzzle_results (user_id, puzzle_id, solved, rating, daily, tried_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, puzzle_id) DO NOTHING"
                " RETURNING puzzle_id",
                (user_id, puzzle_id, int(solved), player[0], daily, now),
            )
            if counted is None:
                return False
            await db.execute(
                "UPDATE puzzles SET rating = ?, deviation = ?, volatility = ?, tries = tries + 1"
                " WHERE id = ?",
                (*puzzle, puzzle_id),
            )
            await db.execute(
                "INSERT INTO puzzle_players (user_id, rating, deviation, volatility, rated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " rating = excluded.rating, deviation = excluded.deviation,"
                " volatility = excluded.volatility, rated_at = excluded.rated_at",
                (user_id, *player, now),
            )
            if daily is not None:
                await db.execute(
                    "UPDATE puzzle_players SET"
                    " streak = CASE WHEN ? = 0 THEN 0 WHEN daily = ? THEN streak + 1 ELSE 1 END,"
                    " daily = CASE WHEN ? = 0 THEN daily ELSE ? END WHERE user_id = ?",
                    (int(solved), yesterday, int(solved), daily, user_id),
                )
                await db.execute(
                    "UPDATE puzzle_players SET best_streak = streak"
                    " WHERE user_id = ? AND streak > best_streak",
                    (user_id,),
                )
        return True

    async def daily_puzzle(self, day: str, candidates: Sequence[int]) -> int | None:
        """The daily puzzle of *day*, the same for everyone: the one kept for
        it, else the first of *candidates* (kept now, by whichever process
        asks first)."""
        async with self._write() as db:
            if candidates:
                await db.execute(
                    "INSERT INTO daily_puzzles (day, puzzle_id) VALUES (?, ?)"
                    " ON CONFLICT (day) DO NOTHING",
                    (day, candidates[0]),
                )
            row = await db.fetchrow("SELECT puzzle_id FROM daily_puzzles WHERE day = ?", (day,))
        return None if row is None else int(row["puzzle_id"])

    async def puzzle_in_play(self, user_id: int) -> GameRow | None:
        """The user's puzzle game in play, if any."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT * FROM games WHERE user_id = ? AND puzzle_id IS NOT NULL"
                " AND status = 'playing'",
                (user_id,),
            )
        return None if row is None else game_row(row)

    async def start_puzzle(
        self,
        user_id: int,
        record: Mapping[str, Any],
        puzzle_id: int,
        *,
        daily: str | None = None,
        revealed: Sequence[str] = (),
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> GameRow:
        """The user's puzzle game in play, if they have one (one at a time);
        else a new game of puzzle *puzzle_id* from *record* (its position),
        which counts on no board and in no stats (*daily*: the day whose
        daily puzzle it is; *revealed*: the cards its board marks as shown)."""
        now = self._clock()
        extra: dict[str, Any] = {"daily": daily} if daily else {}
        if revealed:
            extra["revealed"] = list(revealed)
        try:
            async with self._write() as db:
                playing = await db.fetchrow(
                    "SELECT * FROM games WHERE user_id = ? AND puzzle_id IS NOT NULL"
                    " AND status = 'playing'",
                    (user_id,),
                )
                if playing is not None:
                    return game_row(playing)
                row = await db.fetchrow(
                    "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options,"
                    " start, moves, move_count, started_at, updated_at, practice, puzzle_id,"
                    " extra) VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 0, ?, ?, 1, ?, ?) RETURNING *",
                    (
                        user_id, guild_id, channel_id, record["profile"], record["version"],
                        json.dumps(record.get("options", {})), json.dumps(record["start"]), now,
                        now, puzzle_id, json.dumps(extra),
                    ),
                )  # fmt: skip
        except Exception as error:
            if not self._is_unique_violation(error):
                raise
            # Another press started one at the same moment: that one is in play.
            return await self.start_puzzle(
                user_id,
                record,
                puzzle_id,
                daily=daily,
                revealed=revealed,
                guild_id=guild_id,
                channel_id=channel_id,
            )
        assert row is not None
        return game_row(row)
