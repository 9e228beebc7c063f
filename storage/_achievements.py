"""Achievements in the store: each player's, recorded once, in the
transaction of the win that earns them (see :mod:`solitaire.achievements`)."""

from __future__ import annotations

import datetime
import json
import zoneinfo
from dataclasses import dataclass
from typing import NamedTuple

from solitaire.achievements import ACHIEVEMENTS, Facts, earned, longest_run

from ._ranking import standings
from ._session import Connected, Session

#: A cup's podium, and its win, need a field: this many entrants with a result.
FIELD = 3


@dataclass(frozen=True)
class Won:
    """One won game, as levels and best times read it."""

    profile: str
    options: dict[str, object]
    deal: int | None
    clean: bool
    seconds: float


class AchievementQueries(Connected):
    """The store's queries of achievements (a part of :class:`storage.Store`)."""

    async def achievements(self, user_id: int) -> dict[str, float]:
        """A player's achievements, by code: when each was earned."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT code, earned_at FROM achievements WHERE user_id = ?", (user_id,)
            )
        return {row["code"]: float(row["earned_at"]) for row in rows}

    async def achievements_of_game(self, user_id: int, game_id: int) -> tuple[str, ...]:
        """What the player's win *game_id* earned, in the order they are listed."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT code FROM achievements WHERE user_id = ? AND game_id = ?",
                (user_id, game_id),
            )
        codes = {row["code"] for row in rows}
        return tuple(a.code for a in ACHIEVEMENTS if a.code in codes)

    async def finished_games(
        self, user_id: int, guild_id: int | None = None
    ) -> list[tuple[str, float, bool]]:
        """A player's finished games, oldest first: (game, when, won); in one
        server's only, if *guild_id* says which."""
        where = "" if guild_id is None else " AND guild_id = ?"
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT profile, finished_at, status FROM games WHERE user_id = ?"
                " AND puzzle_id IS NULL AND finished_at IS NOT NULL"
                " AND status IN ('won', 'lost', 'resigned', 'abandoned')"
                f"{where} ORDER BY finished_at, id",
                (user_id,) if guild_id is None else (user_id, guild_id),
            )
        return [(row["profile"], float(row["finished_at"]), row["status"] == "won") for row in rows]

    async def wins_of(self, user_id: int, *, guild_id: int | None = None) -> list[Won]:
        """A player's wins (with *guild_id*, those in that server), practice
        left out: game, rules, deal, clean or not, seconds of play."""
        where = " AND practice = 0" + ("" if guild_id is None else " AND guild_id = ?")
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT profile, options, deal, undos, hints, active FROM games"
                f" WHERE user_id = ? AND status = 'won'{where}",
                (user_id, *(() if guild_id is None else (guild_id,))),
            )
        found = []
        for row in rows:
            try:
                options = json.loads(row["options"] or "{}")
            except ValueError:
                options = {}
            clean = not row["undos"] and not row["hints"]
            found.append(Won(row["profile"], options, row["deal"], clean, float(row["active"])))
        return found

    async def achievement_facts(self, user_id: int) -> Facts:
        async with self._read() as db:
            return await facts_of(db, user_id)

    async def record_achievements(self, user_id: int) -> tuple[str, ...]:
        """Records what the player's games have earned and is not recorded
        yet (their games from before achievements, say); returns those."""
        async with self._write() as db:
            return (await record(db, user_id, None, self._clock())).new


#: A time zone a player sets counts for their daily wins from a day later:
#: one chosen for the win at hand could join two days a gap keeps apart.
ZONE_TAKES = 86400.0


def local_days(moments: list[float], zones: list[tuple[float, str | None]]) -> list[str]:
    """The days (``YYYY-MM-DD``) of *moments*, each in the zone that counts
    then: the last of *zones* (from when, which) that counts by that moment;
    UTC before the first, or for a zone this system lacks."""
    days = []
    for moment in moments:
        name = None
        for since, zone in zones:
            if since <= moment:
                name = zone
        try:
            where = zoneinfo.ZoneInfo(name or "UTC")
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            where = zoneinfo.ZoneInfo("UTC")
        days.append(datetime.datetime.fromtimestamp(moment, where).date().isoformat())
    return days


async def facts_of(db: Session, user_id: int, but: int | None = None) -> Facts:
    """What the player's stored games say, as achievements read it; all of
    them *but* one, if given (a game id)."""
    wins: dict[str, int] = {}
    fastest: dict[str, float] = {}
    # Each query's games: the player's, not the one left out, and not
    # practice (a deal played again or whose line they knew: as on the boards).
    of = "user_id = ? AND practice = 0" + ("" if but is None else " AND id <> ?")
    player = (user_id,) if but is None else (user_id, but)
    for row in await db.fetch(
        f"SELECT profile, count(*) AS n, min(active) AS best FROM games"
        f" WHERE {of} AND status = 'won' GROUP BY profile",
        player,
    ):
        wins[row["profile"]] = int(row["n"])
        fastest[row["profile"]] = float(row["best"])
    clean = await db.fetchrow(
        f"SELECT count(*) AS n FROM games WHERE {of} AND status = 'won'"
        " AND undos = 0 AND hints = 0",
        player,
    )
    # A daily streak counts the player's own days: those of their time zone
    # on which they won a daily deal (the deal itself changes at midnight UTC).
    won_at = await db.fetch(
        f"SELECT finished_at FROM games WHERE {of} AND status = 'won' AND daily IS NOT NULL"
        " AND finished_at IS NOT NULL",
        player,
    )
    zones = await db.fetch(
        "SELECT timezone, since FROM player_zones WHERE user_id = ? ORDER BY since", (user_id,)
    )
    days = local_days(
        [row["finished_at"] for row in won_at],
        [(row["since"] + ZONE_TAKES, row["timezone"]) for row in zones],
    )
    # A race is won by its first won game.
    first = (
        f"FROM games AS g WHERE g.{of.replace(' id', ' g.id').replace(' practice', ' g.practice')}"
        " AND g.status = 'won'"
        " AND g.race_id IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM games AS o WHERE o.race_id = g.race_id"
        " AND o.status = 'won' AND (o.finished_at < g.finished_at"
        " OR (o.finished_at = g.finished_at AND o.id < g.id)))"
    )
    races = await db.fetchrow(f"SELECT count(*) AS n {first}", player)
    crowd = await db.fetchrow(
        f"SELECT count(*) AS n {first} AND (SELECT count(*) FROM racers"
        " WHERE racers.race_id = g.race_id) >= 5",
        player,
    )
    vegas = await db.fetchrow(
        f"SELECT count(*) AS n, sum(vegas) AS total FROM games WHERE {of}"
        " AND scoring = 'vegas' AND vegas IS NOT NULL",
        player,
    )
    assert clean is not None and races is not None and crowd is not None and vegas is not None
    podiums = cups = 0
    for cup in await db.fetch(
        f"SELECT DISTINCT cup_id FROM games WHERE {of} AND status = 'won' AND cup_id IN"
        " (SELECT id FROM cups WHERE status = 'closed')",
        player,
    ):
        table = await standings(db, cup["cup_id"])
        if len(table) < FIELD:
            continue  # no podium, and no cup won, without a field
        ranked = [entry.user_id for entry in table[:3]]
        podiums += user_id in ranked
        cups += ranked[:1] == [user_id]
    return Facts(
        wins=wins,
        clean=int(clean["n"]),
        fastest=fastest,
        streak=longest_run(days),
        races=int(races["n"]),
        crowd=int(crowd["n"]),
        vegas=int(vegas["total"]) if vegas["n"] else None,
        podiums=podiums,
        cups=cups,
    )


class Recorded(NamedTuple):
    """What :func:`record` recorded: what the game earned, and what the
    player's other games had earned before achievements were recorded."""

    new: tuple[str, ...] = ()
    before: tuple[str, ...] = ()


async def record(db: Session, user_id: int, game_id: int | None, now: float) -> Recorded:
    """In the caller's transaction: records the achievements the player's
    games earn and were not recorded yet (each once: a second process finds
    them recorded), in the order they are listed. Those the player's games
    but *game_id* had earned already are theirs, recorded with no game."""
    have = {
        row["code"]
        for row in await db.fetch("SELECT code FROM achievements WHERE user_id = ?", (user_id,))
    }
    wanted = earned(await facts_of(db, user_id)) - have
    before = set()
    if wanted and game_id is not None:  # rarely: only when something is earned
        before = earned(await facts_of(db, user_id, but=game_id)) - have
    new: list[str] = []
    old: list[str] = []
    for achievement in ACHIEVEMENTS:
        if achievement.code not in wanted:
            continue
        earlier = achievement.code in before
        row = await db.fetchrow(
            "INSERT INTO achievements (user_id, code, earned_at, game_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id, code) DO NOTHING RETURNING code",
            (user_id, achievement.code, now, None if earlier else game_id),
        )
        if row is not None:
            (old if earlier else new).append(achievement.code)
    return Recorded(tuple(new), tuple(old))
