"""Puzzle Racer in the store: a race card's race, its racers, and each
racer's way through the race's one-move puzzles.

A race is ``open`` (racers join), then ``running`` from the moment it is
started (its ``starts_at`` is after a countdown, its ``ends_at`` after the
race's time), then ``over``. Every racer plays the race's puzzles in the
same order; a try is a compare-and-set on how many the racer has played
(``done``), so a double press counts once, and each try adds one to the
race's ``changes`` for its card (:mod:`._cards`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ._cards import claim, not_shown
from ._puzzles import Rated
from ._session import Connected, Row, Session

#: A puzzle race's states.
PuzzleRaceStatus = Literal["open", "running", "over"]
#: What joining a race did.
Joined = Literal["joined", "already", "full", "closed"]


@dataclass(frozen=True)
class PuzzleRacer:
    """A racer: when they joined, how many of the race's puzzles they have
    played, their score and combo, and each try (puzzle, right)."""

    user_id: int
    joined_at: float
    done: int
    score: int
    combo: int
    tries: tuple[tuple[int, bool], ...]
    #: Whether they chose to show on no board: the card names them "a player".
    hidden: bool = False


@dataclass(frozen=True)
class PuzzleRaceRow:
    """A stored puzzle race and its racers, in the order they joined (the host first)."""

    id: int
    host_id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    locale: str
    status: PuzzleRaceStatus
    puzzles: tuple[int, ...]
    created_at: float
    starts_at: float | None
    ends_at: float | None
    racers: tuple[PuzzleRacer, ...] = ()

    def racer(self, user_id: int) -> PuzzleRacer | None:
        return next((racer for racer in self.racers if racer.user_id == user_id), None)


def _racer(row: Row, *, hidden: bool = False) -> PuzzleRacer:
    return PuzzleRacer(
        user_id=row["user_id"],
        joined_at=row["joined_at"],
        done=row["done"],
        score=row["score"],
        combo=row["combo"],
        tries=tuple((int(puzzle), bool(right)) for puzzle, right in json.loads(row["tries"])),
        hidden=hidden,
    )


async def _race(db: Session, row: Row) -> PuzzleRaceRow:
    racers = await db.fetch(
        "SELECT r.*, p.visibility FROM puzzle_racers AS r LEFT JOIN players AS p"
        " ON p.user_id = r.user_id WHERE r.race_id = ? ORDER BY r.joined_at, r.user_id",
        (row["id"],),
    )
    return PuzzleRaceRow(
        id=row["id"],
        host_id=row["host_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        locale=row["locale"],
        status=row["status"],
        puzzles=tuple(json.loads(row["puzzles"])),
        created_at=row["created_at"],
        starts_at=row["starts_at"],
        ends_at=row["ends_at"],
        racers=tuple(_racer(racer, hidden=racer["visibility"] == "hidden") for racer in racers),
    )


class PuzzleRaceQueries(Connected):
    """The store's queries of puzzle races (a part of :class:`storage.Store`)."""

    async def open_puzzle_race(
        self, host_id: int, guild_id: int | None, channel_id: int, locale: str
    ) -> PuzzleRaceRow:
        """A new open race in the channel, its host its first racer; the race
        not over there already, if there is one (one a channel at a time)."""
        now = self._clock()
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT * FROM puzzle_races WHERE channel_id = ? AND status <> 'over'",
                (channel_id,),
            )
            if row is None:
                row = await db.fetchrow(
                    "INSERT INTO puzzle_races (host_id, guild_id, channel_id, locale, status,"
                    " puzzles, created_at) VALUES (?, ?, ?, ?, 'open', '[]', ?) RETURNING *",
                    (host_id, guild_id, channel_id, locale, now),
                )
                assert row is not None
                await db.execute(
                    "INSERT INTO puzzle_racers (race_id, user_id, joined_at, done, score, combo,"
                    " tries) VALUES (?, ?, ?, 0, 0, 0, '[]')",
                    (row["id"], host_id, now),
                )
            return await _race(db, row)

    async def puzzle_race(self, race_id: int) -> PuzzleRaceRow | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM puzzle_races WHERE id = ?", (race_id,))
            return None if row is None else await _race(db, row)

    async def set_puzzle_race_message(self, race_id: int, message_id: int) -> None:
        """Where the race's card is: its edits claimed from now on."""
        async with self._write() as db:
            await db.execute(
                "UPDATE puzzle_races SET message_id = ?, shown = changes WHERE id = ?",
                (message_id, race_id),
            )

    async def join_puzzle_race(self, race_id: int, user_id: int, most: int) -> Joined:
        """Adds the user to the open race, if it has fewer than *most* racers."""
        now = self._clock()
        async with self._write() as db:
            race = await db.fetchrow(
                "SELECT status FROM puzzle_races WHERE id = ?", (race_id,)
            )  # fmt: skip
            if race is None or race["status"] != "open":
                return "closed"
            racers = await db.fetch(
                "SELECT user_id FROM puzzle_racers WHERE race_id = ?", (race_id,)
            )
            if any(racer["user_id"] == user_id for racer in racers):
                return "already"
            if len(racers) >= most:
                return "full"
            await db.execute(
                "INSERT INTO puzzle_racers (race_id, user_id, joined_at, done, score, combo,"
                " tries) VALUES (?, ?, ?, 0, 0, 0, '[]') ON CONFLICT (race_id, user_id) DO NOTHING",
                (race_id, user_id, now),
            )
            await db.execute(
                "UPDATE puzzle_races SET changes = changes + 1 WHERE id = ?", (race_id,)
            )
        return "joined"

    async def start_puzzle_race(
        self, race_id: int, puzzles: Sequence[int], starts_at: float, ends_at: float
    ) -> PuzzleRaceRow | None:
        """Starts the open race on *puzzles*; ``None``, and nothing changed,
        if it was started or ended meanwhile."""
        async with self._write() as db:
            row = await db.fetchrow(
                "UPDATE puzzle_races SET status = 'running', puzzles = ?, starts_at = ?,"
                " ends_at = ?, changes = changes + 1 WHERE id = ? AND status = 'open' RETURNING *",
                (json.dumps(list(puzzles)), starts_at, ends_at, race_id),
            )
            return None if row is None else await _race(db, row)

    async def end_puzzle_race(self, race_id: int) -> bool:
        """Ends the race (lapsed, or its time up), once: whether this ended it."""
        row = await self._write_one(
            "UPDATE puzzle_races SET status = 'over', changes = changes + 1"
            " WHERE id = ? AND status <> 'over' RETURNING id",
            (race_id,),
        )
        return row is not None

    async def record_puzzle_try(
        self,
        race_id: int,
        racer: PuzzleRacer,
        puzzle_id: int,
        *,
        right: bool,
        points: int,
        rated: Rated | None = None,
        passed: bool = False,
    ) -> PuzzleRacer | None:
        """Counts *racer*'s try at the race's next puzzle, *puzzle_id*:
        *points* more, the combo one longer if *right* (kept as it is if the
        puzzle was *passed*, else none), and the puzzle's rating *rated*
        after it; ``None``, and nothing changed, if they played it already."""
        tries = json.dumps([*([p, int(r)] for p, r in racer.tries), [puzzle_id, int(right)]])
        async with self._write() as db:
            row = await db.fetchrow(
                "UPDATE puzzle_racers SET done = done + 1, score = score + ?,"
                " combo = CASE WHEN ? = 1 THEN combo + 1 WHEN ? = 1 THEN combo ELSE 0 END,"
                " tries = ? WHERE race_id = ? AND user_id = ? AND done = ? RETURNING *",
                (points, int(right), int(passed), tries, race_id, racer.user_id, racer.done),
            )
            if row is None:
                return None
            await db.execute(
                "UPDATE puzzle_races SET changes = changes + 1 WHERE id = ?", (race_id,)
            )
            if rated is not None:
                await db.execute(
                    "UPDATE one_move_puzzles SET rating = ?, deviation = ?, volatility = ?,"
                    " tries = tries + 1 WHERE id = ?",
                    (*rated, puzzle_id),
                )
        return _racer(row)

    async def puzzle_racer_best(self, user_id: int) -> tuple[int, int]:
        """The player's best score in a puzzle race run to its end, and how
        many such races they ran."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT max(r.score) AS best, count(*) AS n FROM puzzle_racers AS r"
                " JOIN puzzle_races AS p ON p.id = r.race_id"
                " WHERE r.user_id = ? AND p.status = 'over' AND p.starts_at IS NOT NULL",
                (user_id,),
            )
        return (0, 0) if row is None or not row["n"] else (int(row["best"]), int(row["n"]))

    async def due_puzzle_races(self, now: float, open_for: float) -> tuple[list[int], list[int]]:
        """The open races opened *open_for* seconds ago or more (to start, or
        to lapse), and the running ones whose time is up (to end)."""
        async with self._read() as db:
            waiting = await db.fetch(
                "SELECT id FROM puzzle_races WHERE status = 'open' AND created_at <= ?",
                (now - open_for,),
            )
            done = await db.fetch(
                "SELECT id FROM puzzle_races WHERE status = 'running' AND ends_at <= ?", (now,)
            )
        return [row["id"] for row in waiting], [row["id"] for row in done]

    async def claim_puzzle_race_card(
        self, race_id: int, now: float, every: float
    ) -> PuzzleRaceRow | float | None:
        """Claims the race card's next edit (as :meth:`claim_card` a race's)."""
        async with self._write() as db:
            claimed = await claim(db, "puzzle_races", race_id, now, every)
            if claimed is None or isinstance(claimed, float):
                return claimed
            return await _race(db, claimed)

    async def puzzle_race_card_not_shown(self, race_id: int) -> None:
        async with self._write() as db:
            await not_shown(db, "puzzle_races", race_id)

    async def due_puzzle_race_cards(self, now: float, every: float) -> list[int]:
        """The races whose card is behind and may be edited now."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT id FROM puzzle_races WHERE (status <> 'over' OR created_at > ?)"
                " AND shown < changes AND shown_at <= ? AND message_id IS NOT NULL",
                (now - 3600, now - every),
            )
        return [row["id"] for row in rows]
