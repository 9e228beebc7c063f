"""Server Cups: their rows, their secret deals, their players' attempts, the
results struck, and the card's bookkeeping.

A cup is a row of ``cups``; its deals are rows of ``cup_deals``, read only
by the cup's own answers (never shown while it is open). A player's attempt
at a deal is an ordinary game of theirs marked with the cup and the deal's
place in it (``games.cup_id``, ``games.cup_deal``): one per deal, kept so by
a unique index. Its card is counted as a race card is (``changes``,
``shown``, ``shown_at``): whoever edits it claims the edit first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ._achievements import record as record_achievements
from ._base import CupEntry, GameRow, NotFound, StoreError
from ._cards import claim, not_shown
from ._fair import rules_code
from ._ranking import standings
from ._rows import RETURNING, game_row
from ._session import Connected, Row, Session

#: The most cups a server may have open or scheduled at once.
MOST_CUPS = 3


class CupRefused(StoreError):
    """A cup cannot take that now: ``full`` (a server's fourth cup),
    ``closed`` (not open), ``played`` (every deal attempted)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class CupDeal:
    """One of a cup's deals: its place (1 on), game, rules and number, and
    its grade when it was drawn (stars and par; ``None`` for a deal of a
    cup opened before deals were graded so: its pool grades it)."""

    number: int
    profile: str
    options: dict[str, Any]
    deal: int
    stars: int | None = None
    par: int | None = None


@dataclass(frozen=True)
class CupRow:
    """A stored cup."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    event_id: int | None
    host_id: int
    locale: str
    #: A game's profile, or ``mixed``.
    game: str
    deals: int
    clean: bool
    weekly: bool
    hours: float
    role_id: int | None
    starts_at: float
    ends_at: float
    status: CupStatus
    closed_at: float | None
    champion_id: int | None
    #: What the card tells managers once (a permission the bot lacks …).
    notes: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0


class CupStatus(StrEnum):
    """How a cup stands. Equal to its text, as stored."""

    SCHEDULED = "scheduled"
    OPEN = "open"
    CLOSED = "closed"


class CupQueries(Connected):
    """The store's queries of cups (a part of :class:`storage.Store`)."""

    async def create_cup(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        locale: str,
        game: str,
        clean: bool,
        weekly: bool,
        hours: float,
        role_id: int | None,
        starts_at: float,
        deals: int,
    ) -> CupRow:
        """Stores a cup of *deals* deals, scheduled, or open if it starts
        now; its deals are drawn when it opens (:meth:`set_cup_deals`).

        :raises CupRefused: ``full``, if the server has MOST_CUPS open or scheduled.
        """
        now = self._clock()
        async with self._write() as db:
            await self._lock_cups(db, guild_id)
            row = await db.fetchrow(
                "SELECT count(*) AS n FROM cups WHERE guild_id = ? AND status <> 'closed'",
                (guild_id,),
            )
            assert row is not None
            if row["n"] >= MOST_CUPS:
                raise CupRefused("full")
            status = CupStatus.OPEN if starts_at <= now else CupStatus.SCHEDULED
            cup = await db.fetchrow(
                "INSERT INTO cups (guild_id, channel_id, host_id, locale, game, deals, clean,"
                " weekly, hours, role_id, starts_at, ends_at, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    guild_id, channel_id, host_id, locale, game, deals, int(clean),
                    int(weekly), hours, role_id, starts_at, starts_at + hours * 3600,
                    status, now,
                ),
            )  # fmt: skip
            assert cup is not None
            return cup_row(cup)

    async def cups_to_draw(self, now: float) -> list[int]:
        """The open cups whose deals are not drawn, that no process is drawing."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT id FROM cups WHERE status = 'open' AND (drawing_until IS NULL OR"
                " drawing_until <= ?) AND NOT EXISTS (SELECT 1 FROM cup_deals WHERE"
                " cup_deals.cup_id = cups.id) ORDER BY id",
                (now,),
            )
        return [row["id"] for row in rows]

    async def claim_cup_draw(self, cup_id: int, now: float, lease: float) -> CupRow | None:
        """Claims drawing an open cup's deals for *lease* seconds: the cup,
        or ``None`` if its deals are drawn or another process draws them."""
        async with self._write() as db:
            row = await db.fetchrow(
                "UPDATE cups SET drawing_until = ? WHERE id = ? AND status = 'open' AND"
                " (drawing_until IS NULL OR drawing_until <= ?) AND NOT EXISTS (SELECT 1 FROM"
                " cup_deals WHERE cup_deals.cup_id = cups.id) RETURNING *",
                (now + lease, cup_id, now),
            )
        return None if row is None else cup_row(row)

    async def release_cup_draw(self, cup_id: int) -> None:
        """Gives up a claim to draw a cup's deals: the next sweep may."""
        async with self._write() as db:
            await db.execute("UPDATE cups SET drawing_until = NULL WHERE id = ?", (cup_id,))

    async def set_cup_deals(self, cup_id: int, deals: Sequence[CupDeal]) -> bool:
        """Stores a cup's deals, drawn and graded, in their order; ``False``
        (nothing stored) if it has its deals already: they are drawn once."""
        async with self._write() as db:
            cup = await db.fetchrow(
                "SELECT id FROM cups WHERE id = ?" + self._FOR_UPDATE, (cup_id,)
            )
            held = await db.fetchrow(
                "SELECT count(*) AS n FROM cup_deals WHERE cup_id = ?", (cup_id,)
            )
            if cup is None or held is None or held["n"]:
                return False
            for number, deal in enumerate(deals, 1):
                await db.execute(
                    "INSERT INTO cup_deals (cup_id, number, profile, options, deal, stars, par)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        cup_id, number, deal.profile, json.dumps(deal.options), deal.deal,
                        deal.stars, deal.par,
                    ),
                )  # fmt: skip
            await db.execute(
                "UPDATE cups SET drawing_until = NULL, changes = changes + 1 WHERE id = ?",
                (cup_id,),
            )
        return True

    async def get_cup(self, cup_id: int) -> CupRow:
        """:raises NotFound: if there is no cup *cup_id*."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM cups WHERE id = ?", (cup_id,))
        if row is None:
            raise NotFound(f"There is no cup {cup_id}.")
        return cup_row(row)

    async def cup_deals(self, cup_id: int) -> list[CupDeal]:
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM cup_deals WHERE cup_id = ? ORDER BY number", (cup_id,)
            )
        return [
            CupDeal(
                row["number"], row["profile"], json.loads(row["options"]), row["deal"],
                row["stars"], row["par"],
            )
            for row in rows
        ]  # fmt: skip

    async def cups_on_deal(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> list[CupRow]:
        """The cups not closed (scheduled or open) that hold *deal* under
        these rules: until they close, the deal is in play."""
        rules = rules_code(profile, options)
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT c.*, d.options AS deal_options FROM cup_deals d JOIN cups c"
                " ON c.id = d.cup_id WHERE d.deal = ? AND d.profile = ? AND c.status <> 'closed'"
                " ORDER BY c.id",
                (deal, profile),
            )
        held = [
            row for row in rows if rules_code(profile, json.loads(row["deal_options"])) == rules
        ]
        return list({row["id"]: cup_row(row) for row in held}.values())

    async def cup_deal_grade(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> tuple[int, int] | None:
        """The grade (stars, par) a cup's deal got when it was drawn, by its
        game, rules and number; ``None`` if no cup holds it graded."""
        rules = rules_code(profile, options)
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT options, stars, par FROM cup_deals WHERE deal = ? AND profile = ?"
                " AND stars IS NOT NULL AND par IS NOT NULL",
                (deal, profile),
            )
        for row in rows:
            if rules_code(profile, json.loads(row["options"])) == rules:
                return int(row["stars"]), int(row["par"])
        return None

    async def guild_cups(self, guild_id: int, *, closed: int = 10) -> list[CupRow]:
        """The server's open and scheduled cups, then its last *closed* closed ones."""
        async with self._read() as db:
            live = await db.fetch(
                "SELECT * FROM cups WHERE guild_id = ? AND status <> 'closed' ORDER BY starts_at",
                (guild_id,),
            )
            ended = await db.fetch(
                "SELECT * FROM cups WHERE guild_id = ? AND status = 'closed'"
                " ORDER BY closed_at DESC, id DESC LIMIT ?",
                (guild_id, closed),
            )
        return [cup_row(row) for row in [*live, *ended]]

    async def set_cup_message(self, cup_id: int, message_id: int) -> None:
        async with self._write() as db:
            await db.execute("UPDATE cups SET message_id = ? WHERE id = ?", (message_id, cup_id))

    async def set_cup_event(self, cup_id: int, event_id: int | None) -> None:
        async with self._write() as db:
            await db.execute("UPDATE cups SET event_id = ? WHERE id = ?", (event_id, cup_id))

    async def note_cup(self, cup_id: int, key: str, value: Any) -> None:
        """Adds a note for the card's managers' line; the card has a change."""
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT notes FROM cups WHERE id = ?" + self._FOR_UPDATE, (cup_id,)
            )
            if row is None:
                return
            notes = {**_notes(row["notes"]), key: value}
            await db.execute(
                "UPDATE cups SET notes = ?, changes = changes + 1 WHERE id = ?",
                (json.dumps(notes), cup_id),
            )

    async def set_champion(self, cup_id: int, user_id: int | None) -> None:
        async with self._write() as db:
            await db.execute("UPDATE cups SET champion_id = ? WHERE id = ?", (user_id, cup_id))

    async def last_champion(self, guild_id: int, role_id: int, before: int) -> int | None:
        """Who was given *role_id* by the server's last closed cup before cup *before*."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT champion_id FROM cups WHERE guild_id = ? AND role_id = ? AND id <> ?"
                " AND status = 'closed' AND champion_id IS NOT NULL"
                " ORDER BY closed_at DESC, id DESC LIMIT 1",
                (guild_id, role_id, before),
            )
        return None if row is None else row["champion_id"]

    # -- playing ------------------------------------------------------------------------

    async def cup_games(self, cup_id: int, user_id: int) -> list[GameRow]:
        """A player's attempts in a cup, by deal."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM games WHERE cup_id = ? AND user_id = ? ORDER BY cup_deal",
                (cup_id, user_id),
            )
        return [game_row(row) for row in rows]

    async def start_cup_game(
        self, cup_id: int, user_id: int, number: int, record: Mapping[str, Any]
    ) -> GameRow:
        """The player's attempt at the cup's deal *number*: dealt now, or the
        one they have (another press at the same moment dealt it).

        :raises CupRefused: ``closed``, if the cup is not open.
        """
        now = self._clock()
        try:
            async with self._write() as db:
                cup = await db.fetchrow(
                    "SELECT * FROM cups WHERE id = ?" + self._FOR_UPDATE, (cup_id,)
                )
                if cup is None or cup["status"] != "open" or cup["ends_at"] <= now:
                    raise CupRefused("closed")
                row = await db.fetchrow(
                    "INSERT INTO games (user_id, guild_id, channel_id, profile, version, options,"
                    " deal, start, moves, move_count, started_at, updated_at, cup_id, cup_deal)"
                    f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, ?, ?, ?, ?){RETURNING}",
                    (
                        user_id, cup["guild_id"], cup["channel_id"], record["profile"],
                        record["version"], json.dumps(record.get("options", {})),
                        record["deal"], json.dumps(record.get("start")), now, now, cup_id,
                        number,
                    ),
                )  # fmt: skip
                await cup_moved(db, cup_id)
        except Exception as error:
            if not self._is_unique_violation(error):
                raise
            games = [g for g in await self.cup_games(cup_id, user_id) if g.cup_deal == number]
            return games[0]
        assert row is not None
        return game_row(row)

    async def claim_cup_alias(self, cup_id: int, digest: str, user_id: int) -> bool:
        """Gives a player back their attempts at a cup not closed that were
        kept under an id of no one's when they were forgotten (found by
        *digest*, a keyed digest of the cup and their id), and a strike of
        them: one attempt a deal, one strike. ``False`` if there were none."""
        async with self._read() as db:
            found = await db.fetchrow(
                "SELECT alias_id FROM cup_aliases WHERE cup_id = ? AND digest = ?",
                (cup_id, digest),
            )
        if found is None:
            return False
        async with self._write() as db:
            row = await db.fetchrow(
                "DELETE FROM cup_aliases WHERE cup_id = ? AND digest = ? RETURNING alias_id",
                (cup_id, digest),
            )
            if row is None:  # another process gave them back
                return True
            alias = row["alias_id"]
            await db.execute(
                "UPDATE games SET user_id = ? WHERE cup_id = ? AND user_id = ?",
                (user_id, cup_id, alias),
            )
            await db.execute(
                "INSERT INTO cup_struck (cup_id, user_id, reason, struck_at) SELECT cup_id, ?,"
                " reason, struck_at FROM cup_struck WHERE cup_id = ? AND user_id = ?"
                " ON CONFLICT (cup_id, user_id) DO NOTHING",
                (user_id, cup_id, alias),
            )
            await db.execute(
                "DELETE FROM cup_struck WHERE cup_id = ? AND user_id = ?", (cup_id, alias)
            )
            await cup_moved(db, cup_id)
        return True

    async def cup_standings(self, cup_id: int) -> tuple[list[CupEntry], int]:
        """Each player's results in the cup (the struck left out), ranked
        (see :func:`ranked`), and how many were struck."""
        async with self._read() as db:
            entries = await standings(db, cup_id)
            struck = await db.fetchrow(
                "SELECT count(*) AS n FROM cup_struck WHERE cup_id = ?", (cup_id,)
            )
        assert struck is not None
        return entries, int(struck["n"])

    async def cup_players(self, cup_id: int) -> int:
        """How many play the cup: those who dealt a deal of it."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT count(DISTINCT user_id) AS n FROM games WHERE cup_id = ?", (cup_id,)
            )
        assert row is not None
        return int(row["n"])

    async def strike(self, cup_id: int, user_id: int, reason: str) -> bool:
        """Strikes a player's results from a cup; ``False`` if they were already."""
        async with self._write() as db:
            row = await db.fetchrow(
                "INSERT INTO cup_struck (cup_id, user_id, reason, struck_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (cup_id, user_id) DO NOTHING RETURNING user_id",
                (cup_id, user_id, reason[:200], self._clock()),
            )
            if row is not None:
                await cup_moved(db, cup_id)
        return row is not None

    # -- opening and closing ----------------------------------------------------------

    async def open_cups(self, now: float) -> list[int]:
        """Opens the scheduled cups whose time has come; returns their ids."""
        async with self._read() as db:
            due = await db.fetchrow(
                "SELECT id FROM cups WHERE status = 'scheduled' AND starts_at <= ? LIMIT 1",
                (now,),
            )
        if due is None:
            return []
        async with self._write() as db:
            rows = await db.fetch(
                "UPDATE cups SET status = 'open', changes = changes + 1"
                " WHERE status = 'scheduled' AND starts_at <= ? RETURNING id",
                (now,),
            )
        return [row["id"] for row in rows]

    async def close_cups(
        self, now: float, cup_id: int | None = None, *, stop: bool = False
    ) -> list[CupRow]:
        """Closes the open cups whose time is up (or the cup *cup_id*, open
        or scheduled, at once; with *stop*, a weekly one's series ends with
        it): their games still being played end as they stand (abandoned).
        Returns the cups closed."""
        params: tuple[float, ...]
        if cup_id is None:
            async with self._read() as db:
                due = await db.fetchrow(
                    "SELECT id FROM cups WHERE status = 'open' AND ends_at <= ? LIMIT 1", (now,)
                )
            if due is None:
                return []
            which, params = "status = 'open' AND ends_at <= ?", (now,)
        else:
            which, params = "id = ? AND status <> 'closed'", (cup_id,)
        async with self._write() as db:
            rows = await db.fetch(
                "UPDATE cups SET status = 'closed', closed_at = CASE WHEN ends_at < ? THEN"
                " ends_at ELSE ? END, changes = changes + 1,"
                f" weekly = CASE WHEN ? = 1 THEN 0 ELSE weekly END WHERE {which} RETURNING *",
                (now, now, int(stop), *params),
            )
            for row in rows:
                # A forgotten player's attempts are no one's from now on.
                await db.execute("DELETE FROM cup_aliases WHERE cup_id = ?", (row["id"],))
                await db.execute(
                    "UPDATE games SET status = 'abandoned', finished_at = ?, updated_at = ?,"
                    " revision = revision + 1 WHERE cup_id = ? AND status = 'playing'",
                    (now, now, row["id"]),
                )
                # Its podium's and winner's achievements, in the close's transaction.
                for entry in (await standings(db, row["id"]))[:3]:
                    if entry.won and entry.user_id > 0:  # a forgotten player is no one
                        await record_achievements(db, entry.user_id, None, now)
        return [cup_row(row) for row in rows]

    async def claim_cup_card(self, cup_id: int, now: float, every: float) -> CupRow | float | None:
        """Claims the cup card's next edit (see :func:`._cards.claim`)."""
        async with self._write() as db:
            claimed = await claim(db, "cups", cup_id, now, every)
        return claimed if claimed is None or isinstance(claimed, float) else cup_row(claimed)

    async def cup_card_not_shown(self, cup_id: int) -> None:
        async with self._write() as db:
            await not_shown(db, "cups", cup_id)

    async def due_cup_cards(self, now: float, every: float) -> list[int]:
        """The cups whose card is behind and may be edited now."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT id FROM cups WHERE (status <> 'closed' OR closed_at > ?)"
                " AND shown < changes AND shown_at <= ? AND message_id IS NOT NULL",
                (now - 86400, now - every),
            )
        return [row["id"] for row in rows]

    # -- a server's cup role ----------------------------------------------------------

    async def cup_role(self, guild_id: int) -> int | None:
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT role_id FROM guild_cup_roles WHERE guild_id = ?", (guild_id,)
            )
        return None if row is None else row["role_id"]

    async def set_cup_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM guild_cup_roles WHERE guild_id = ?", (guild_id,))
            if role_id is not None:
                await db.execute(
                    "INSERT INTO guild_cup_roles (guild_id, role_id) VALUES (?, ?)",
                    (guild_id, role_id),
                )

    async def _lock_cups(self, db: Session, guild_id: int) -> None:
        """Keeps another process from opening a cup of the server until this
        transaction ends (SQLite's write transactions already do)."""


async def cup_moved(db: Session, cup_id: int) -> None:
    """After a cup game changed, in its transaction: the card has a change."""
    await db.execute("UPDATE cups SET changes = changes + 1 WHERE id = ?", (cup_id,))


def _notes(text: str | None) -> dict[str, Any]:
    try:
        notes = json.loads(text or "{}")
    except ValueError:
        return {}
    return notes if isinstance(notes, dict) else {}


def cup_row(row: Row) -> CupRow:
    return CupRow(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        message_id=row["message_id"], event_id=row["event_id"], host_id=row["host_id"],
        locale=row["locale"], game=row["game"], deals=row["deals"], clean=bool(row["clean"]),
        weekly=bool(row["weekly"]), hours=float(row["hours"]), role_id=row["role_id"],
        starts_at=float(row["starts_at"]), ends_at=float(row["ends_at"]),
        status=CupStatus(row["status"]), closed_at=row["closed_at"],
        champion_id=row["champion_id"], notes=_notes(row["notes"]),
        created_at=float(row["created_at"]),
    )  # fmt: skip
