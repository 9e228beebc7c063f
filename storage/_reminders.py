"""Reminders: what each player asked to be reminded of, and in which time
zone, and each reminder due, claimed by one process, then sent or passed
over (a part of :class:`storage.Store`).

A reminder is one row per player, kind and occasion (the day, the cup or
the race it is for): a unique index keeps the same reminder from being
kept, and so sent, twice. A process claims due rows for a while
(``claimed_until``); a row whose claim ran out (its process stopped) is
claimed again, and sent with the same nonce, which Discord sends once.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ._cups import CupRow, cup_row
from ._session import Connected, Row


@dataclass(frozen=True)
class ReminderSettings:
    """What a player asked to be reminded of, and where their day is."""

    #: An IANA time zone name; ``None``: UTC.
    timezone: str | None = None
    #: The minute of the player's day the daily reminder comes; ``None``: off.
    daily_at: int | None = None
    streak: bool = False
    cups: bool = False
    races: bool = False
    #: The DM channel with the player, once opened.
    dm_channel: int | None = None
    #: When Discord refused a DM (every reminder then turned off), until the
    #: player has been told.
    refused_at: float | None = None

    @property
    def any(self) -> bool:
        """Whether the player asked for any reminder."""
        return self.daily_at is not None or self.streak or self.cups or self.races


@dataclass(frozen=True)
class Reminder:
    """A reminder to keep: for whom, of what, when, and until when it is worth sending."""

    user_id: int
    #: What it reminds of (the use cases' ``Kind``, kept as its name).
    kind: str
    #: The day (``YYYY-MM-DD``), cup or race it is for: one reminder each.
    occasion: str
    due_at: float
    expires_at: float
    guild_id: int | None = None
    #: Where its button leads (a cup's or a race's card).
    link: str | None = None


@dataclass(frozen=True)
class DueReminder:
    """A claimed reminder, with its player's settings and how many were
    sent to them in the day before."""

    id: int
    reminder: Reminder
    settings: ReminderSettings
    sent_lately: int
    #: The player's language, as their last interaction told it.
    language: str | None = None


def _settings(row: Row | None) -> ReminderSettings:
    if row is None:
        return ReminderSettings()
    return ReminderSettings(
        timezone=row["timezone"], daily_at=row["daily_at"], streak=bool(row["streak"]),
        cups=bool(row["cups"]), races=bool(row["races"]), dm_channel=row["dm_channel"],
        refused_at=row["refused_at"],
    )  # fmt: skip


def _reminder(row: Row) -> Reminder:
    return Reminder(
        user_id=row["user_id"], kind=row["kind"], occasion=row["occasion"], due_at=row["due_at"],
        expires_at=row["expires_at"], guild_id=row["guild_id"], link=row["link"],
    )  # fmt: skip


def _due(row: Row, settings: ReminderSettings) -> DueReminder:
    return DueReminder(
        id=row["id"],
        reminder=_reminder(row),
        settings=settings,
        sent_lately=row["lately"],
        language=row["language"],
    )


_INSERT = (
    "INSERT INTO reminders (user_id, kind, occasion, due_at, expires_at, guild_id, link)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, kind, occasion) DO NOTHING"
)


def _values(reminder: Reminder) -> tuple[object, ...]:
    r = reminder
    return (r.user_id, r.kind, r.occasion, r.due_at, r.expires_at, r.guild_id, r.link)


class ReminderQueries(Connected):
    """The store's queries of reminders."""

    #: Claims rows another transaction has not locked (PostgreSQL).
    _SKIP_LOCKED = ""

    async def reminder_settings(self, user_id: int) -> ReminderSettings:
        async with self._read() as db:
            row = await db.fetchrow("SELECT * FROM reminder_settings WHERE user_id = ?", (user_id,))
        return _settings(row)

    async def set_reminder_settings(
        self,
        user_id: int,
        settings: ReminderSettings,
        schedule: Sequence[Reminder] = (),
        *,
        dropped: Collection[str] = (),
    ) -> None:
        """Keeps a player's settings, in one transaction: the reminders kept
        and not sent of the kinds *dropped* (now off) go, and those of the
        kinds of *schedule* are replaced by it (their time or zone may have
        changed)."""
        async with self._write() as db:
            before = await db.fetchrow(
                "SELECT timezone FROM reminder_settings WHERE user_id = ?" + self._FOR_UPDATE,
                (user_id,),
            )
            if (before["timezone"] if before else None) != settings.timezone:
                await db.execute(
                    "INSERT INTO player_zones (user_id, timezone, since) VALUES (?, ?, ?)"
                    " ON CONFLICT (user_id, since) DO UPDATE SET timezone = excluded.timezone",
                    (user_id, settings.timezone, self._clock()),
                )
            await db.execute(
                "INSERT INTO reminder_settings (user_id, timezone, daily_at, streak, cups, races,"
                " changed_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " timezone = excluded.timezone, daily_at = excluded.daily_at,"
                " streak = excluded.streak, cups = excluded.cups, races = excluded.races,"
                " changed_at = excluded.changed_at",
                (user_id, settings.timezone, settings.daily_at, int(settings.streak),
                 int(settings.cups), int(settings.races), self._clock()),
            )  # fmt: skip
            for kind in sorted({*dropped, *(reminder.kind for reminder in schedule)}):
                await db.execute(
                    "DELETE FROM reminders WHERE user_id = ? AND kind = ? AND sent_at IS NULL",
                    (user_id, kind),
                )
            for reminder in schedule:
                await db.execute(_INSERT, _values(reminder))

    async def keep_reminders(self, reminders: Sequence[Reminder]) -> None:
        """Keeps reminders of things to come (a race invitation): once each."""
        async with self._write() as db:
            for reminder in reminders:
                await db.execute(_INSERT, _values(reminder))

    async def remind_server(self, reminder: Reminder, *, unfinished_cup: int | None = None) -> int:
        """Keeps *reminder* (its ``user_id`` aside) for every player who
        wants cup reminders and has played in its server, unless the server
        blocked them (with
        *unfinished_cup*, only those who have not finished that cup's
        deals); how many were kept."""
        unfinished = (
            " AND (SELECT count(*) FROM games AS c WHERE c.user_id = s.user_id"
            " AND c.cup_id = ? AND c.status <> 'playing')"
            " < (SELECT count(*) FROM cup_deals WHERE cup_deals.cup_id = ?)"
        )
        r = reminder
        params: list[object] = [r.kind, r.occasion, r.due_at, r.expires_at, r.guild_id, r.link,
                                r.guild_id, r.guild_id]  # fmt: skip
        if unfinished_cup is not None:
            params += [unfinished_cup, unfinished_cup]
        async with self._write() as db:
            kept = await db.fetch(
                "INSERT INTO reminders (user_id, kind, occasion, due_at, expires_at, guild_id,"
                " link) SELECT s.user_id, ?, ?, ?, ?, ?, ? FROM reminder_settings AS s"
                " WHERE s.cups = 1 AND EXISTS (SELECT 1 FROM games AS g"
                " WHERE g.user_id = s.user_id AND g.guild_id = ?)"
                " AND NOT EXISTS (SELECT 1 FROM guild_blocks AS b"
                " WHERE b.guild_id = ? AND b.user_id = s.user_id)"
                + (unfinished if unfinished_cup is not None else "")
                + " ON CONFLICT (user_id, kind, occasion) DO NOTHING RETURNING id",
                params,
            )
        return len(kept)

    async def claim_reminders(self, now: float, until: float, limit: int) -> list[DueReminder]:
        """Claims, until *until*, up to *limit* reminders due by *now* that
        no process holds (the earliest first), with their players' settings."""
        async with self._write() as db:
            rows = await db.fetch(
                "SELECT id FROM reminders WHERE sent_at IS NULL AND due_at <= ?"
                " AND (claimed_until IS NULL OR claimed_until < ?)"
                " ORDER BY due_at LIMIT ?" + self._SKIP_LOCKED,
                (now, now, limit),
            )
            if not rows:
                return []
            ids = [row["id"] for row in rows]
            marks = ", ".join("?" * len(ids))
            await db.execute(
                f"UPDATE reminders SET claimed_until = ? WHERE id IN ({marks})", (until, *ids)
            )
            claimed = await db.fetch(
                "SELECT r.*, (SELECT count(*) FROM reminders AS o WHERE o.user_id = r.user_id"
                " AND o.outcome = 'sent' AND o.sent_at > ?) AS lately,"
                " (SELECT language FROM players AS p WHERE p.user_id = r.user_id) AS language"
                f" FROM reminders AS r WHERE r.id IN ({marks}) ORDER BY r.due_at",
                (now - 86400.0, *ids),
            )
            users = sorted({row["user_id"] for row in claimed})
            found = await db.fetch(
                f"SELECT * FROM reminder_settings WHERE user_id IN ({', '.join('?' * len(users))})",
                users,
            )
        settings = {row["user_id"]: _settings(row) for row in found}
        return [_due(row, settings.get(row["user_id"], ReminderSettings())) for row in claimed]

    async def finish_reminders(
        self,
        done: Sequence[tuple[int, Reminder | None]],
        outcome: str = "sent",
        channels: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Marks claimed reminders ``sent`` (or ``skipped``), each with the
        next of its kind to keep, and keeps the DM *channels* opened for them
        (player, channel): in one transaction, however many."""
        now = self._clock()
        async with self._write() as db:
            for reminder_id, then in done:
                await db.execute(
                    "UPDATE reminders SET sent_at = ?, outcome = ?, claimed_until = NULL"
                    " WHERE id = ?",
                    (now, outcome, reminder_id),
                )
                if then is not None:
                    await db.execute(_INSERT, _values(then))
            for user_id, channel_id in channels:
                await db.execute(
                    "UPDATE reminder_settings SET dm_channel = ? WHERE user_id = ?",
                    (channel_id, user_id),
                )

    async def release_reminder(self, reminder_id: int, retry_at: float) -> None:
        """Gives a claimed reminder back, to be tried again at *retry_at*."""
        async with self._write() as db:
            await db.execute(
                "UPDATE reminders SET claimed_until = ? WHERE id = ? AND sent_at IS NULL",
                (retry_at, reminder_id),
            )

    async def reminders_refused(self, user_id: int) -> None:
        """Discord refused to DM the player: every reminder of theirs is
        turned off and dropped, and they are to be told."""
        async with self._write() as db:
            await db.execute(
                "UPDATE reminder_settings SET daily_at = NULL, streak = 0, cups = 0, races = 0,"
                " dm_channel = NULL, refused_at = ? WHERE user_id = ?",
                (self._clock(), user_id),
            )
            await db.execute(
                "UPDATE reminders SET sent_at = ?, outcome = 'refused', claimed_until = NULL"
                " WHERE user_id = ? AND sent_at IS NULL",
                (self._clock(), user_id),
            )

    async def refused_players(self) -> set[int]:
        """The players whose DMs Discord refused and who have not been told."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT user_id FROM reminder_settings WHERE refused_at IS NOT NULL"
            )
        return {int(row["user_id"]) for row in rows}

    async def tell_refused(self, user_id: int) -> bool:
        """Whether the player is still to be told their DMs were refused
        (then no longer: one process tells them, once)."""
        row = await self._write_one(
            "UPDATE reminder_settings SET refused_at = NULL WHERE user_id = ?"
            " AND refused_at IS NOT NULL RETURNING user_id",
            (user_id,),
        )
        return row is not None

    async def cups_soon(self, now: float, within: float) -> list[CupRow]:
        """The cups that open, or close, within *within* seconds of *now*."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT * FROM cups WHERE (status = 'scheduled' AND starts_at > ?"
                " AND starts_at <= ?) OR (status = 'open' AND ends_at > ? AND ends_at <= ?)",
                (now, now + within, now, now + within),
            )
        return [cup_row(row) for row in rows]

    async def played_daily(self, user_id: int, day: str) -> bool:
        """Whether the player has played a daily deal of *day* (of any game)."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT 1 AS found FROM games WHERE user_id = ? AND daily = ? LIMIT 1",
                (user_id, day),
            )
        return row is not None

    async def daily_wins(self, user_id: int, since: float) -> list[float]:
        """When the player won each daily deal they won since *since*."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT finished_at FROM games WHERE user_id = ? AND daily IS NOT NULL"
                " AND status = 'won' AND finished_at >= ? ORDER BY finished_at",
                (user_id, since),
            )
        return [float(row["finished_at"]) for row in rows]

    async def prune_reminders(self, before: float) -> None:
        """Deletes the reminders sent or passed over whose occasion ended before *before*."""
        async with self._write() as db:
            await db.execute(
                "DELETE FROM reminders WHERE sent_at IS NOT NULL AND expires_at < ?", (before,)
            )
