"""One-move puzzles in the store, and each player's runs of them.

A one-move puzzle is a position, its cards shown, and the one or two moves
that keep a proved win (``keeping``): a try is judged from them, with no
search. A run (Puzzle Streak) deals them one after another: the store keeps
the run in play, which puzzle its board shows and how many it dealt
(``step``), so that a press on a board the run has moved past changes
nothing, and a run survives a restart. Each change of a run is a
compare-and-set on its step: two quick presses count once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._fair import rules_code
from ._puzzles import Rated, position_key
from ._session import Connected, Row


@dataclass(frozen=True)
class OneMoveRow:
    """A stored one-move puzzle."""

    id: int
    profile: str
    options: dict[str, Any]
    start: dict[str, list[str]]
    #: The moves that keep the win, as the position's legal moves write them.
    keeping: tuple[str, ...]
    #: How many first moves the position offers.
    offered: int
    rated: Rated
    #: The deal of the game it came from (it waits while that deal is in play).
    deal: int | None = None
    #: The keyed digest of the player whose game it came from (``None``: the pool's).
    source: str | None = None
    #: The cards of its position that were face down in that game.
    revealed: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewOneMove:
    """A one-move puzzle to keep: its position under its game's rules, the
    moves that keep the win, how many it offers, its first rating, the deal
    it comes from and the cards it shows that were face down there."""

    profile: str
    options: Mapping[str, Any]
    start: Mapping[str, Sequence[str]]
    keeping: Sequence[str]
    offered: int
    rated: Rated
    deal: int | None = None
    revealed: Sequence[str] = ()


@dataclass(frozen=True)
class RunRow:
    """A player's Puzzle Streak: the run in play (``puzzle_id`` is the
    puzzle its board shows) or, with ``puzzle_id`` ``None``, the last one
    over; and their best run."""

    user_id: int
    puzzle_id: int | None
    #: How many puzzles the run has dealt: a board shows one step.
    step: int
    score: int
    #: Whether the run's one skip is used.
    skipped: bool
    served: tuple[int, ...]
    started_at: float
    best: int
    runs: int

    @property
    def playing(self) -> bool:
        return self.puzzle_id is not None


def _one_move(row: Row) -> OneMoveRow:
    return OneMoveRow(
        id=row["id"],
        profile=row["profile"],
        options=json.loads(row["options"]),
        start=json.loads(row["start"]),
        keeping=tuple(json.loads(row["keeping"])),
        offered=row["offered"],
        rated=(row["rating"], row["deviation"], row["volatility"]),
        deal=row["deal"],
        source=row["source"],
        revealed=tuple(json.loads(row["revealed"])),
    )


def _run(row: Row) -> RunRow:
    return RunRow(
        user_id=row["user_id"],
        puzzle_id=row["puzzle_id"],
        step=row["step"],
        score=row["score"],
        skipped=bool(row["skipped"]),
        served=tuple(json.loads(row["served"])),
        started_at=row["started_at"],
        best=row["best"],
        runs=row["runs"],
    )


class RunQueries(Connected):
    """The store's queries of one-move puzzles and runs (a part of :class:`storage.Store`)."""

    async def add_one_moves(self, puzzles: Sequence[NewOneMove], *, source: str | None) -> int:
        """Keeps one-move puzzles, in one transaction, but those whose
        position is one already: how many were added. *source* names the
        player whose games they came from by a keyed digest (``None``: the
        bot's own pool)."""
        added = 0
        now = self._clock()
        async with self._write() as db:
            for puzzle in puzzles:
                rules = rules_code(puzzle.profile, puzzle.options)
                if rules is None:
                    continue
                row = await db.fetchrow(
                    "INSERT INTO one_move_puzzles (profile, options, start, keeping, offered,"
                    " position, source, rules, deal, revealed, rating, deviation, volatility,"
                    " added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (position) DO NOTHING RETURNING id",
                    (
                        puzzle.profile, json.dumps(dict(puzzle.options)),
                        json.dumps(dict(puzzle.start)), json.dumps(list(puzzle.keeping)),
                        puzzle.offered, position_key(puzzle.profile, rules, puzzle.start), source,
                        rules, puzzle.deal, json.dumps(list(puzzle.revealed)), *puzzle.rated, now,
                    ),
                )  # fmt: skip
                added += row is not None
        return added

    async def one_move(self, puzzle_id: int) -> OneMoveRow | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM one_move_puzzles WHERE id = ?", (puzzle_id,))
        return None if row is None else _one_move(row)

    async def count_one_moves(self, *, pool: bool = False) -> int:
        """How many one-move puzzles there are (with *pool*, only the bot's own)."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT count(*) AS n FROM one_move_puzzles WHERE ? = 0 OR source IS NULL",
                (int(pool),),
            )
        return int(row["n"]) if row is not None else 0

    async def one_moves_near(
        self, rating: float, *, not_from: str, leaving: Sequence[int] = (), limit: int = 20
    ) -> list[OneMoveRow]:
        """The one-move puzzles rated nearest *rating*, but those of
        *leaving* and those from the games of the player *not_from* names
        (the keyed digest of their id)."""
        left = f" AND id NOT IN ({', '.join('?' * len(leaving))})" if leaving else ""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM one_move_puzzles WHERE (source IS NULL OR source <> ?)"
                f"{left} ORDER BY abs(rating - ?), id LIMIT ?",
                (not_from, *leaving, rating, limit),
            )
        return [_one_move(row) for row in rows]

    async def one_moves_drawn(self, count: int, *, not_from: Sequence[str]) -> list[OneMoveRow]:
        """*count* one-move puzzles drawn at random, none from the games of
        the players *not_from* names (keyed digests of their ids)."""
        marks = ", ".join("?" * len(not_from))
        kept = f" WHERE source IS NULL OR source NOT IN ({marks})" if not_from else ""
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT * FROM one_move_puzzles{kept} ORDER BY random() LIMIT ?",
                (*not_from, count),
            )
        return [_one_move(row) for row in rows]

    async def puzzle_run(self, user_id: int) -> RunRow | None:
        """The player's run in play, or their last one; ``None`` if they never ran."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM puzzle_runs WHERE user_id = ?", (user_id,))
        return None if row is None else _run(row)

    async def start_run(self, user_id: int, puzzle_id: int) -> RunRow:
        """A new run for the player, dealing *puzzle_id* first; their run in
        play instead, unchanged, if they have one (one at a time)."""
        now = self._clock()
        async with self._write() as db:
            row = await db.fetchrow(
                "INSERT INTO puzzle_runs (user_id, puzzle_id, step, score, skipped, served,"
                " started_at, updated_at, best, runs) VALUES (?, ?, 1, 0, 0, ?, ?, ?, 0, 1)"
                " ON CONFLICT (user_id) DO UPDATE SET puzzle_id = excluded.puzzle_id, step = 1,"
                " score = 0, skipped = 0, served = excluded.served,"
                " started_at = excluded.started_at, updated_at = excluded.updated_at,"
                " runs = puzzle_runs.runs + 1 WHERE puzzle_runs.puzzle_id IS NULL RETURNING *",
                (user_id, puzzle_id, json.dumps([puzzle_id]), now, now),
            )
            if row is None:  # a run in play
                row = await db.fetchrow("SELECT * FROM puzzle_runs WHERE user_id = ?", (user_id,))
        assert row is not None
        return _run(row)

    async def advance_run(
        self, run: RunRow, puzzle_id: int, *, scored: bool, skip: bool = False
    ) -> RunRow | None:
        """*run* on to its next puzzle, *puzzle_id*, one point more if
        *scored*, its skip used if *skip*; ``None``, and nothing changed, if
        the run moved on since *run* was read."""
        row = await self._write_one(
            "UPDATE puzzle_runs SET puzzle_id = ?, step = step + 1, score = score + ?,"
            " skipped = CASE WHEN ? = 1 THEN 1 ELSE skipped END, served = ?, updated_at = ?"
            " WHERE user_id = ? AND step = ? AND puzzle_id IS NOT NULL RETURNING *",
            (
                puzzle_id, int(scored), int(skip), json.dumps([*run.served, puzzle_id]),
                self._clock(), run.user_id, run.step,
            ),
        )  # fmt: skip
        return None if row is None else _run(row)

    async def end_run(self, run: RunRow, *, scored: bool = False) -> RunRow | None:
        """Ends *run* (one point more first, if *scored*), its score the
        player's best if it beats it; ``None``, and nothing changed, if the
        run moved on since *run* was read."""
        row = await self._write_one(
            "UPDATE puzzle_runs SET puzzle_id = NULL, score = score + ?,"
            " best = CASE WHEN score + ? > best THEN score + ? ELSE best END, updated_at = ?"
            " WHERE user_id = ? AND step = ? AND puzzle_id IS NOT NULL RETURNING *",
            (int(scored), int(scored), int(scored), self._clock(), run.user_id, run.step),
        )
        return None if row is None else _run(row)
