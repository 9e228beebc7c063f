"""Races on one deal: their rows, their racers, and the card's bookkeeping.

A race is a row of ``races``; each racer a row of ``racers``, naming their
game once the race has started (a game of ``games`` with ``race_id`` set).
What the race card shows is counted: every change it should show adds one
to ``changes`` (a race game saved, a race ended), and whoever edits the card
first *claims* it (``shown = changes``), at most once every few seconds, so
that any number of processes edit one card in turn.

When a race ends, each racer's result as it stands is written down
(``racers.final``): the card and the race statistics show that from then
on, and a game played on after the end is an ordinary game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._base import MAX_GAP, NotFound, Racer, RaceRefused, RaceRow, RaceStatus, Status
from ._cards import claim, not_shown
from ._fair import knows_deal, rules_code
from ._session import Connected, Row, Session

_RACERS = (
    "SELECT racers.user_id, racers.joined_at, racers.game_id, racers.known, racers.final,"
    " games.status, games.move_count, games.undos, games.hints, games.home, games.stuck,"
    " games.finished_at, (SELECT visibility FROM players WHERE players.user_id ="
    " racers.user_id) AS visibility FROM racers LEFT JOIN games ON games.id = racers.game_id"
    " WHERE racers.race_id = ? ORDER BY racers.joined_at, racers.user_id"
)
#: What a racer's result holds, as written down when the race ends.
_RESULT = ("status", "move_count", "undos", "hints", "home", "stuck", "finished_at")
#: A running race is over once none of its games is still being played.
_ALL_DONE = (
    "NOT EXISTS (SELECT 1 FROM games WHERE games.race_id = races.id"
    " AND games.status = 'playing' AND games.stuck = 0)"
)


class RaceQueries(Connected):
    """The store's queries of races (a part of :class:`storage.Store`)."""

    async def create_race(
        self,
        host_id: int,
        *,
        channel_id: int,
        guild_id: int | None,
        locale: str,
        profile: str,
        options: Mapping[str, Any],
        deal: int,
        invited_id: int | None = None,
        racers: Sequence[int] = (),
    ) -> RaceRow:
        """Opens a race hosted by *host_id*, with *racers* joined too (a
        rematch), or *invited_id* invited (a challenge)."""
        now = self._clock()
        async with self._write() as db:
            row = await db.fetchrow(
                "INSERT INTO races (host_id, invited_id, guild_id, channel_id, locale, profile,"
                " options, deal, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    host_id, invited_id, guild_id, channel_id, locale, profile,
                    json.dumps(dict(options)), deal, now,
                ),
            )  # fmt: skip
            assert row is not None
            for order, user_id in enumerate(dict.fromkeys([host_id, *racers])):
                await _add_racer(db, row, user_id, now + order / 1000)
            return await _race(db, row)

    async def get_race(self, race_id: int) -> RaceRow:
        """:raises NotFound: if there is no race *race_id*."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM races WHERE id = ?", (race_id,))
            if row is None:
                raise NotFound(f"There is no race {race_id}.")
            return await _race(db, row)

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        """Remembers the message that shows the race's card."""
        async with self._write() as db:
            await db.execute("UPDATE races SET message_id = ? WHERE id = ?", (message_id, race_id))

    async def join_race(self, race_id: int, user_id: int, *, most: int) -> RaceRow:
        """Adds a racer to an open race of at most *most* racers.

        :raises RaceRefused: ``joined``, ``full``, ``started``, ``not_invited``.
        """
        async with self._write() as db:
            race = await self._open_race(db, race_id)
            if race["invited_id"] is not None:
                raise RaceRefused("not_invited")
            joined = [row["user_id"] for row in await db.fetch(_RACER_IDS, (race_id,))]
            if user_id in joined:
                raise RaceRefused("joined")
            if len(joined) >= most:
                raise RaceRefused("full")
            await _add_racer(db, race, user_id, self._clock())
            return await _race(db, race)

    async def leave_race(self, race_id: int, user_id: int) -> RaceRow:
        """Takes a racer out of an open race: a host's place goes to the
        racer who joined next; a race left empty is cancelled.

        :raises RaceRefused: ``not_racer``, ``started``.
        """
        async with self._write() as db:
            race = await self._open_race(db, race_id)
            joined = [row["user_id"] for row in await db.fetch(_RACER_IDS, (race_id,))]
            if user_id not in joined:
                raise RaceRefused("not_racer")
            return await _race(db, await _leave(db, race, user_id, self._clock(), shown=True))

    async def end_races_of(self, guild_id: int, user_id: int) -> list[int]:
        """Ends a player's races in a server (it blocked them), in one
        transaction: they leave the open ones, and their game of each race
        under way is resigned. Returns the races whose card has changed."""
        now = self._clock()
        async with self._write() as db:
            opened = await db.fetch(
                "SELECT races.* FROM races JOIN racers ON racers.race_id = races.id"
                " WHERE races.guild_id = ? AND racers.user_id = ? AND races.status = 'open'"
                + self._FOR_UPDATE,
                (guild_id, user_id),
            )
            for race in opened:
                await _leave(db, race, user_id, now, shown=False)
            resigned = await db.fetch(
                "UPDATE games SET status = 'resigned', finished_at = ?, updated_at = ?,"
                " revision = revision + 1 WHERE user_id = ? AND status = 'playing' AND race_id IN"
                " (SELECT id FROM races WHERE guild_id = ? AND status = 'running')"
                " RETURNING race_id",
                (now, now, user_id, guild_id),
            )
            for row in resigned:
                await race_moved(db, row["race_id"], now)
        return [race["id"] for race in opened] + [row["race_id"] for row in resigned]

    async def start_race(
        self, race_id: int, user_id: int, record: Mapping[str, Any], *, accept: bool = False
    ) -> RaceRow:
        """Starts a race: its host starts it, or the one invited accepts (and
        joins). Each racer gets a game of *record* (the race's deal, dealt),
        all started at this moment.

        :raises RaceRefused: ``not_host``, ``not_invited``, ``alone``, ``started``.
        """
        now = self._clock()
        async with self._write() as db:
            race = await self._open_race(db, race_id)
            if accept:
                if race["invited_id"] != user_id:
                    raise RaceRefused("not_invited")
                await _add_racer(db, race, user_id, now)
            elif race["host_id"] != user_id:
                raise RaceRefused("not_host")
            elif race["invited_id"] is not None:
                raise RaceRefused("not_invited")
            joined = [row["user_id"] for row in await db.fetch(_RACER_IDS, (race_id,))]
            if len(joined) < 2:
                raise RaceRefused("alone")
            options = record.get("options", {})
            for racer in joined:
                # A racer who knew the deal plays it as practice on the boards too.
                known = await knows_deal(db, racer, record["profile"], options, record["deal"])
                game = await db.fetchrow(
                    "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options,"
                    " deal, start, moves, move_count, started_at, updated_at, race_id, practice)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, ?, ?, ?, ?) RETURNING id",
                    (
                        racer, race["guild_id"], race["channel_id"], record["profile"],
                        record["version"], json.dumps(options), record["deal"],
                        json.dumps(record["start"]) if record.get("start") is not None else None,
                        now, now, race_id, int(known),
                    ),
                )  # fmt: skip
                assert game is not None
                await db.execute(
                    "UPDATE racers SET game_id = ? WHERE race_id = ? AND user_id = ?",
                    (game["id"], race_id, racer),
                )
            # The card is edited by the answer to this press: it shows this.
            race = await db.fetchrow(
                "UPDATE races SET status = 'running', started_at = ?, changes = changes + 1,"
                " shown = changes + 1, shown_at = ? WHERE id = ? RETURNING *",
                (now, now, race_id),
            )
            return await _race(db, race)

    async def decline_race(self, race_id: int, user_id: int) -> RaceRow:
        """The one invited declines: the race is off.

        :raises RaceRefused: ``not_invited``, ``started``.
        """
        async with self._write() as db:
            race = await self._open_race(db, race_id)
            if race["invited_id"] != user_id:
                raise RaceRefused("not_invited")
            race = await db.fetchrow(
                "UPDATE races SET status = 'declined', ended_at = ? WHERE id = ? RETURNING *",
                (self._clock(), race_id),
            )
            return await _race(db, race)

    async def end_races(self, now: float, *, open_for: float, run_for: float) -> list[int]:
        """Lapses the races left open for *open_for* seconds, and ends those
        run for *run_for* seconds or whose every game is done; returns their ids.
        Looks first, in a read: a sweep that finds nothing writes nothing."""
        async with self._read() as db:
            due = await db.fetchrow(
                "SELECT id FROM races WHERE (status = 'open' AND created_at <= ?)"
                f" OR (status = 'running' AND (started_at <= ? OR {_ALL_DONE})) LIMIT 1",
                (now - open_for, now - run_for),
            )
        if due is None:
            return []
        async with self._write() as db:
            lapsed = await db.fetch(
                "UPDATE races SET status = 'lapsed', ended_at = ?, changes = changes + 1"
                " WHERE status = 'open' AND created_at <= ? RETURNING id",
                (now, now - open_for),
            )
            over = await db.fetch(
                "UPDATE races SET status = 'over', ended_at = ?, changes = changes + 1"
                f" WHERE status = 'running' AND (started_at <= ? OR {_ALL_DONE}) RETURNING id",
                (now, now - run_for),
            )
            for row in over:
                await _freeze(db, row["id"])
        return [row["id"] for row in [*lapsed, *over]]

    async def claim_card(self, race_id: int, now: float, every: float) -> RaceRow | float | None:
        """Claims the race card's next edit: the race as it stands, if the
        card is behind and was last edited *every* seconds ago or more; else
        when to ask again; ``None`` if the card shows every change."""
        async with self._write() as db:
            claimed = await claim(db, "races", race_id, now, every)
            return (
                claimed
                if claimed is None or isinstance(claimed, float)
                else await _race(db, claimed)
            )

    async def card_not_shown(self, race_id: int) -> None:
        """An edit of the card that was claimed did not land: the card is
        behind again, for the next claim (or sweep) to show."""
        async with self._write() as db:
            await not_shown(db, "races", race_id)

    async def due_cards(self, now: float, every: float) -> list[int]:
        """The races whose card is behind and may be edited now (a process
        that changed them may have stopped before it edited the card)."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT id FROM races WHERE (status = 'running' OR ended_at > ?)"
                " AND shown < changes AND shown_at <= ? AND message_id IS NOT NULL",
                (now - 3600, now - every),
            )
        return [row["id"] for row in rows]

    async def touch_game(self, game_id: int) -> None:
        """Makes a game the player's current one (the one ``/move`` plays).
        The time since its last change is play: the active clock keeps it."""
        now = self._clock()
        async with self._write() as db:
            await db.execute(
                f"UPDATE games SET active = active + CASE WHEN ? - updated_at > {MAX_GAP}"
                f" THEN {MAX_GAP} WHEN ? < updated_at THEN 0 ELSE ? - updated_at END,"
                " updated_at = ? WHERE id = ? AND status = 'playing'",
                (now, now, now, now, game_id),
            )

    async def races_on_deal(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> list[RaceRow]:
        """The races on *deal* under these rules that have not ended (open
        or running): while they last, the deal is in play."""
        rules = rules_code(profile, options)
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM races WHERE status IN ('open', 'running') AND profile = ?"
                " AND deal = ? ORDER BY id",
                (profile, deal),
            )
            return [
                await _race(db, row)
                for row in rows
                if rules_code(profile, json.loads(row["options"])) == rules
            ]

    async def race_results(self, user_id: int, *, guild_id: int | None = None) -> tuple[int, int]:
        """A player's races (with *guild_id*, those in that server): (played,
        won). A race counts once it is over
        or the player's game in it is; a win is the race's first won game,
        as the race stood when it ended. A racer who knew the deal counts in
        no race statistics, theirs or the others'."""
        # Every racer of the player's races, in one read.
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT racers.race_id, races.status AS race_status, racers.user_id,"
                " racers.joined_at, racers.game_id, racers.known, racers.final, games.status,"
                " games.move_count, games.undos, games.hints, games.home, games.stuck,"
                " games.finished_at, NULL AS visibility FROM racers"
                " JOIN races ON races.id = racers.race_id"
                " LEFT JOIN games ON games.id = racers.game_id"
                " WHERE races.status IN ('running', 'over') AND racers.race_id IN"
                " (SELECT race_id FROM racers WHERE user_id = ? AND known = 0"
                " AND game_id IS NOT NULL)"
                + ("" if guild_id is None else " AND races.guild_id = ?"),
                (user_id, *(() if guild_id is None else (guild_id,))),
            )
        races: dict[int, tuple[str, list[Racer]]] = {}
        for row in rows:
            races.setdefault(row["race_id"], (row["race_status"], []))[1].append(_racer(row))
        played = won = 0
        for status, racers in races.values():
            fair = [racer for racer in racers if not racer.known]
            me = next(racer for racer in fair if racer.user_id == user_id)
            if status != RaceStatus.OVER and me.status == Status.PLAYING:
                continue  # not over for them yet
            played += 1
            winners = sorted(
                (racer for racer in fair if racer.status == Status.WON),
                key=lambda racer: (racer.finished_at or 0.0, racer.game_id or 0),
            )
            won += bool(winners) and winners[0].user_id == user_id
        return played, won

    async def _open_race(self, db: Session, race_id: int) -> Row:
        """The race *race_id*, locked for this transaction, if still open.

        :raises NotFound: if there is none.
        :raises RaceRefused: ``started``, if it is no longer open.
        """
        race = await db.fetchrow("SELECT * FROM races WHERE id = ?" + self._FOR_UPDATE, (race_id,))
        if race is None:
            raise NotFound(f"There is no race {race_id}.")
        if race["status"] != RaceStatus.OPEN:
            raise RaceRefused("started")
        return race


_RACER_IDS = "SELECT user_id FROM racers WHERE race_id = ? ORDER BY joined_at, user_id"


async def _add_racer(db: Session, race: Row, user_id: int, joined_at: float) -> None:
    """Adds a racer to *race*, marked if they know its deal already."""
    options = json.loads(race["options"])
    known = await knows_deal(db, user_id, race["profile"], options, race["deal"])
    await db.execute(
        "INSERT INTO racers (race_id, user_id, joined_at, known) VALUES (?, ?, ?, ?)",
        (race["id"], user_id, joined_at, int(known)),
    )


async def _leave(db: Session, race: Row, user_id: int, now: float, *, shown: bool) -> Row:
    """Takes a racer out of an open race (locked by the caller): a host's
    place goes to the racer who joined next; a race left empty is cancelled.
    Unless the caller shows the card itself (*shown*), it has a change to show."""
    race_id = race["id"]
    change = "" if shown else ", changes = changes + 1"
    await db.execute("DELETE FROM racers WHERE race_id = ? AND user_id = ?", (race_id, user_id))
    left = [row["user_id"] for row in await db.fetch(_RACER_IDS, (race_id,))]
    if not left:
        changed = await db.fetchrow(
            f"UPDATE races SET status = 'cancelled', ended_at = ?{change} WHERE id = ? RETURNING *",
            (now, race_id),
        )
    elif race["host_id"] == user_id:
        changed = await db.fetchrow(
            f"UPDATE races SET host_id = ?{change} WHERE id = ? RETURNING *",
            (left[0], race_id),
        )
    else:
        changed = await db.fetchrow(
            f"UPDATE races SET id = id{change} WHERE id = ? RETURNING *", (race_id,)
        )
    assert changed is not None
    return changed


async def _freeze(db: Session, race_id: int) -> None:
    """Writes down each racer's result as it stands: the race has ended."""
    for row in await db.fetch(_RACERS, (race_id,)):
        if row["final"] is not None or row["game_id"] is None:
            continue
        final = {column: row[column] for column in _RESULT}
        await db.execute(
            "UPDATE racers SET final = ? WHERE race_id = ? AND user_id = ?",
            (json.dumps(final), race_id, row["user_id"]),
        )


async def _race(db: Session, row: Row) -> RaceRow:
    """A race row with its racers, read in the same session."""
    racers = await db.fetch(_RACERS, (row["id"],))
    return RaceRow(
        id=row["id"],
        host_id=row["host_id"],
        invited_id=row["invited_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        locale=row["locale"],
        profile=row["profile"],
        options=json.loads(row["options"]),
        deal=row["deal"],
        status=RaceStatus(row["status"]),
        created_at=row["created_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        racers=tuple(_racer(racer) for racer in racers),
    )


def _racer(row: Row) -> Racer:
    """A racer as their game stands, or (the race over) as it stood at the end."""
    result: Mapping[str, Any] = row
    if row["final"] is not None:
        try:
            final = json.loads(row["final"])
        except ValueError:
            final = None
        if isinstance(final, dict) and set(_RESULT) <= final.keys():
            result = final
    return Racer(
        user_id=row["user_id"],
        joined_at=row["joined_at"],
        game_id=row["game_id"],
        status=None if result["status"] is None else Status(result["status"]),
        moves=result["move_count"] or 0,
        undos=result["undos"] or 0,
        hints=result["hints"] or 0,
        home=result["home"] or 0,
        stuck=bool(result["stuck"]),
        finished_at=result["finished_at"],
        known=bool(row["known"]),
        hidden=row["visibility"] == "hidden",
    )


async def race_moved(db: Session, race_id: int, now: float) -> None:
    """After a race game changed, in its transaction: the card has a change
    to show, and the race is over once none of its games is still played."""
    await db.execute("UPDATE races SET changes = changes + 1 WHERE id = ?", (race_id,))
    ended = await db.fetchrow(
        f"UPDATE races SET status = 'over', ended_at = ? WHERE id = ? AND status = 'running'"
        f" AND {_ALL_DONE} RETURNING id",
        (now, race_id),
    )
    if ended is not None:
        await _freeze(db, race_id)
