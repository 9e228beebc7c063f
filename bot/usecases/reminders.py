"""Reminders a player asks for, by DM, at their own time, and a day that
is the player's own.

Each kind is turned on by itself (``/remind``), and every reminder is kept
in the store before it is due (:mod:`storage._reminders`): today's daily
at the minute of the player's day they chose; their daily streak two hours
before their midnight; a cup of a server they play in opening or closing
within the hour; a race they are invited to. A process claims what is due
(:meth:`Reminders.claim`), the adapter sends it, and it is marked sent,
with the next of its kind kept in the same transaction. A reminder whose
occasion has passed, one of a daily already played or a streak already
kept, and one past :data:`MOST_A_DAY` are passed over, never sent.

The daily deal is the same for everyone and changes at midnight UTC; a
player's daily *streak* counts the days of their own time zone on which
they won a daily deal (:func:`streak_days`), so it ends at their midnight,
a moment the streak reminder names two hours ahead.
"""

from __future__ import annotations

import functools
import re
import time
import zoneinfo
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from enum import StrEnum
from typing import assert_never

from storage import (
    CupRow,
    CupStatus,
    DueReminder,
    Reminder,
    ReminderSettings,
    Store,
)
from texts import DEFAULT, Msg, tr

from .fairplay import next_midnight, utc_day
from .replies import Asker, Notice


class Topic(StrEnum):
    """What a player turns reminders on for (``/remind``), each on its own."""

    DAILY = "daily"
    STREAK = "streak"
    CUPS = "cups"
    RACES = "races"


class Kind(StrEnum):
    """A reminder as kept and sent."""

    DAILY = "daily"
    STREAK = "streak"
    CUP_OPEN = "cup-open"
    CUP_CLOSE = "cup-close"
    RACE = "race"

    @property
    def topic(self) -> Topic:
        """What turns reminders of this kind on."""
        match self:
            case Kind.DAILY:
                return Topic.DAILY
            case Kind.STREAK:
                return Topic.STREAK
            case Kind.CUP_OPEN | Kind.CUP_CLOSE:
                return Topic.CUPS
            case Kind.RACE:
                return Topic.RACES
            case _:
                assert_never(self)

    @property
    def every_day(self) -> bool:
        """Whether the next one is kept when one is sent (a day's reminder)."""
        return self in (Kind.DAILY, Kind.STREAK)


def wants(settings: ReminderSettings, topic: Topic) -> bool:
    """Whether the player turned reminders of *topic* on."""
    match topic:
        case Topic.DAILY:
            return settings.daily_at is not None
        case Topic.STREAK:
            return settings.streak
        case Topic.CUPS:
            return settings.cups
        case Topic.RACES:
            return settings.races
        case _:
            assert_never(topic)


def turned(
    settings: ReminderSettings, topic: Topic, *, on: bool, minute: int | None = None
) -> ReminderSettings:
    """*settings* with *topic* turned on (the daily one at *minute*, else as
    before, else at :data:`DAILY_AT`) or off."""
    match topic:
        case Topic.DAILY:
            if not on:
                return replace(settings, daily_at=None)
            if minute is None:
                minute = DAILY_AT if settings.daily_at is None else settings.daily_at
            return replace(settings, daily_at=minute)
        case Topic.STREAK:
            return replace(settings, streak=on)
        case Topic.CUPS:
            return replace(settings, cups=on)
        case Topic.RACES:
            return replace(settings, races=on)
        case _:
            assert_never(topic)


def dropped(settings: ReminderSettings) -> list[str]:
    """The kinds whose reminders kept and not sent go when *settings* are kept."""
    return [kind for kind in Kind if not wants(settings, kind.topic)]


def topic_named(name: str | None) -> Topic | None:
    """The topic *name* names, if any."""
    return next((topic for topic in Topic if topic == name), None)


def kinds_list() -> str:
    """The topics as a player types them: ```daily`, `streak`…``."""
    return ", ".join(f"`{topic}`" for topic in Topic)


#: The minute of the day a daily reminder comes when the player names none.
DAILY_AT = 9 * 60
#: How long before the end of the player's day the streak reminder comes.
STREAK_BEFORE = 2 * 3600.0
#: How long before a cup opens or closes its reminder comes.
CUP_BEFORE = 3600.0
#: Reminders sent to one player in a day, at most: more are passed over.
MOST_A_DAY = 4
#: A reminder sent later than this after it was due says so.
LATE = 600.0
#: How long a claim holds: well within the minutes Discord keeps a nonce, so
#: a reminder claimed again after its process stopped mid-send is sent once.
CLAIM = 60.0
#: How long a reminder is kept after its occasion ends, and how often
#: those older are deleted.
KEPT = 2 * 86400.0
PRUNE_EVERY = 3600.0
#: When a reminder whose send failed (Discord's trouble) is tried again.
RETRY = 60.0

_TIME = re.compile(r"(\d{1,2})(?:[:.h](\d{2}))?")


#: Names in the zone database that are no place's zone: ``localtime`` is the
#: host's own (two processes could count a player's days differently) and
#: ``Factory`` a placeholder.
NOT_ZONES = frozenset({"localtime", "Factory"})


@functools.cache
def zone_names() -> tuple[str, ...]:
    """The IANA time zones the standard library knows, sorted (places only).

    >>> "Europe/Berlin" in zone_names(), "localtime" in zone_names()
    (True, False)
    """
    found = zoneinfo.available_timezones() - NOT_ZONES
    return tuple(sorted(name for name in found if not name.startswith(("posix", "right/"))))


@functools.cache
def _by_folded() -> dict[str, str]:
    return {zone.casefold(): zone for zone in zone_names()}


def known_zone(name: str) -> str | None:
    """The IANA zone *name* names, whatever its case (``None``: none)."""
    return _by_folded().get(name.strip().casefold())


def zone_of(name: str | None) -> zoneinfo.ZoneInfo:
    """A player's zone: *name*, or UTC (none, or one this system lacks)."""
    try:
        return zoneinfo.ZoneInfo(name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def parse_time(text: str) -> int | None:
    """The minute of the day *text* names (``07:30``, ``21``, ``9h15``), or
    ``None`` for what is no time of day (``25:00``, ``noon``).

    >>> parse_time("07:30"), parse_time("21"), parse_time("25:00"), parse_time("9:60")
    (450, 1260, None, None)
    """
    match = _TIME.fullmatch(text.strip())
    if match is None:
        return None
    hours, minutes = int(match[1]), int(match[2] or 0)
    return hours * 60 + minutes if hours < 24 and minutes < 60 else None


def local_day(timestamp: float, zone: zoneinfo.ZoneInfo) -> date:
    return datetime.fromtimestamp(timestamp, zone).date()


def at_minute(day: date, minute: int, zone: zoneinfo.ZoneInfo) -> float:
    """The moment of *day* at *minute* in *zone* (a minute a clock skips
    comes an hour later; one it repeats, the first time)."""
    moment = clock_time(minute // 60, minute % 60)
    return datetime.combine(day, moment, zone).timestamp()


def next_at(now: float, minute: int, zone: zoneinfo.ZoneInfo) -> tuple[date, float]:
    """The first day, from today in *zone*, whose *minute* is after *now*, and that moment."""
    day = local_day(now, zone)
    while (moment := at_minute(day, minute, zone)) <= now:
        day += timedelta(days=1)
    return day, moment


def day_end(day: date, zone: zoneinfo.ZoneInfo) -> float:
    """The moment *day* ends in *zone*: its midnight."""
    return datetime.combine(day + timedelta(days=1), clock_time(), zone).timestamp()


def streak_days(wins: Iterable[float], zone: zoneinfo.ZoneInfo) -> list[date]:
    """The days of *zone* on which daily deals were won at *wins*, each once, in order."""
    return sorted({local_day(won, zone) for won in wins})


def stamp(timestamp: float, style: str = "F") -> str:
    """A moment as Discord shows it to each reader, in their own zone."""
    return f"<t:{int(timestamp)}:{style}>"


@dataclass(frozen=True)
class Outgoing:
    """A claimed reminder, ready to send by DM."""

    id: int
    user_id: int
    kind: Kind
    #: The DM channel, if opened before.
    channel_id: int | None
    text: str
    locale: str
    #: Where **Open** leads (a cup's or a race's card), if anywhere.
    link: str | None = None
    #: Whether it offers **Play** for each game's daily deal.
    play: bool = False
    #: What Discord tells a repeat by (a claim taken over after a crash).
    nonce: str = ""
    #: The next reminder of its kind, kept once this one is sent.
    then: Reminder | None = None


class Reminders:
    """Players' reminders: what they asked for, and each one due."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self._store = store
        self._clock = clock
        #: Players whose DMs Discord refused and who have not been told, as
        #: this process last read them (:meth:`refresh`).
        self.untold: set[int] = set()
        #: The cups whose reminders this process has kept, by kind.
        self._cups_kept: set[tuple[Kind, int]] = set()
        self._pruned = 0.0

    # -- what a player asks ----------------------------------------------------------

    async def change(
        self, asker: Asker, kind: str | None = None, on: bool | None = None, at: str | None = None
    ) -> Notice:
        """Turns reminders of *kind* on or off (``daily`` at *at*, the
        player's time) and says what the player's reminders are now."""
        locale = asker.locale
        topic = topic_named(kind)
        if kind is not None and topic is None:
            return Notice(tr(locale, "remind.unknown_kind", kind=kind[:40], kinds=kinds_list()))
        minute = None
        if at is not None:
            minute = parse_time(at)
            if minute is None:
                return Notice(tr(locale, "remind.bad_time", time=at[:20]))
            if topic not in (None, Topic.DAILY):
                return Notice(tr(locale, "remind.time_is_daily"))
            topic = Topic.DAILY
        current = await self._store.reminder_settings(asker.user_id)
        wanted = current
        if topic is not None and (on is not None or minute is not None):
            wanted = turned(current, topic, on=on is not False, minute=minute)
        if wanted != current:
            await self._keep(asker.user_id, wanted)
        return Notice(self._describe(locale, wanted))

    async def set_zone(self, asker: Asker, name: str) -> Notice:
        """Sets the player's time zone (an IANA name), and moves their
        reminders to it; an unknown name changes nothing."""
        zone = known_zone(name)
        if zone is None:
            return Notice(tr(asker.locale, "remind.zone_unknown", zone=name[:40]))
        current = await self._store.reminder_settings(asker.user_id)
        await self._keep(asker.user_id, replace(current, timezone=zone))
        now = self._clock()
        ends = day_end(local_day(now, zone_of(zone)), zone_of(zone))
        return Notice(tr(asker.locale, "remind.zone_set", zone=zone, midnight=stamp(ends, "t")))

    def suggest_zones(self, typed: str, most: int = 25) -> list[str]:
        """Time zones for autocomplete: those that start with what was
        typed, then those that hold it (``berl`` → ``Europe/Berlin``)."""
        wanted = typed.strip().casefold().replace(" ", "_")
        names = zone_names()
        starting = [zone for zone in names if zone.casefold().startswith(wanted)]
        holding = [zone for zone in names if wanted in zone.casefold() and zone not in starting]
        return (starting + holding)[:most]

    async def stop(self, asker: Asker, kind: str, owner: int) -> Notice:
        """**Stop these**: turns reminders of *kind* off, for their owner alone."""
        locale = asker.locale
        if asker.user_id != owner:
            return Notice(tr(locale, "remind.not_yours"))
        topic = topic_named(kind)
        if topic is None:
            return Notice(tr(locale, "remind.unknown_kind", kind=kind[:40], kinds=kinds_list()))
        current = await self._store.reminder_settings(owner)
        named = Msg(f"remind.kind.{topic}")
        if not wants(current, topic):
            return Notice(tr(locale, "remind.already_off", kind=named))
        await self._keep(owner, turned(current, topic, on=False))
        return Notice(tr(locale, "remind.stopped", kind=named))

    async def _keep(self, user_id: int, settings: ReminderSettings) -> None:
        """Keeps a player's settings, with the reminders they now ask for."""
        await self._store.set_reminder_settings(
            user_id, settings, self._schedule(user_id, settings), dropped=dropped(settings)
        )

    def _schedule(self, user_id: int, settings: ReminderSettings) -> list[Reminder]:
        """The next daily and streak reminders *settings* ask for."""
        now, zone = self._clock(), zone_of(settings.timezone)
        kept = []
        if settings.daily_at is not None:
            kept.append(self._daily(user_id, now, settings.daily_at, zone))
        if settings.streak:
            kept.append(self._streak(user_id, now, zone))
        return kept

    @staticmethod
    def _daily(user_id: int, after: float, minute: int, zone: zoneinfo.ZoneInfo) -> Reminder:
        day, due = next_at(after, minute, zone)
        return Reminder(user_id, Kind.DAILY, day.isoformat(), due, next_midnight(due))

    @staticmethod
    def _streak(user_id: int, after: float, zone: zoneinfo.ZoneInfo) -> Reminder:
        minute = 24 * 60 - int(STREAK_BEFORE // 60)
        day, due = next_at(after, minute, zone)
        return Reminder(user_id, Kind.STREAK, day.isoformat(), due, day_end(day, zone))

    def _describe(self, locale: str, settings: ReminderSettings) -> str:
        lines = [tr(locale, "remind.now")]
        for topic in Topic:
            named = Msg(f"remind.kind.{topic}")
            if topic is Topic.DAILY and settings.daily_at is not None:
                zone = zone_of(settings.timezone)
                _, due = next_at(self._clock(), settings.daily_at, zone)
                lines.append(tr(locale, "remind.daily_on", time=_hhmm(settings.daily_at),
                                next=stamp(due)))  # fmt: skip
            else:
                state = "remind.on" if wants(settings, topic) else "remind.off"
                lines.append(tr(locale, state, kind=named))
        lines.append(tr(locale, "remind.zone", zone=settings.timezone or "UTC"))
        return "\n".join(lines)

    # -- events ------------------------------------------------------------------------

    async def invited(
        self, user_id: int, race_id: int, guild_id: int | None, link: str, until: float
    ) -> None:
        """A race waits for the player it invites: reminded now, if they asked."""
        if not wants(await self._store.reminder_settings(user_id), Topic.RACES):
            return
        now = self._clock()
        await self._store.keep_reminders(
            [Reminder(user_id, Kind.RACE, str(race_id), now, until, guild_id, link)]
        )

    async def watch_cups(self) -> None:
        """Keeps the reminders of every cup that opens or closes within the hour."""
        for cup in await self._store.cups_soon(self._clock(), CUP_BEFORE):
            card = f"/{cup.message_id}" if cup.message_id is not None else ""
            await self.cup_soon(
                cup, f"https://discord.com/channels/{cup.guild_id}/{cup.channel_id}{card}"
            )

    async def cup_soon(self, cup: CupRow, link: str) -> None:
        """Keeps the reminders of a cup that opens or closes within the hour
        for the players of its server who asked (once each, whichever
        process keeps them; a player who asks later is reminded too)."""
        now = self._clock()
        if cup.status == CupStatus.SCHEDULED and now >= cup.starts_at - CUP_BEFORE:
            kind, moment = Kind.CUP_OPEN, cup.starts_at
        elif cup.status == CupStatus.OPEN and now >= cup.ends_at - CUP_BEFORE:
            kind, moment = Kind.CUP_CLOSE, cup.ends_at
        else:
            return
        if (kind, cup.id) in self._cups_kept or now >= moment:
            return
        self._cups_kept.add((kind, cup.id))
        due = max(now, moment - CUP_BEFORE)
        reminder = Reminder(0, kind, str(cup.id), due, moment, cup.guild_id, link)
        await self._store.remind_server(
            reminder, unfinished_cup=cup.id if kind is Kind.CUP_CLOSE else None
        )

    # -- sending -----------------------------------------------------------------------

    async def claim(self, limit: int) -> list[Outgoing]:
        """The reminders due now that this process is to send (claimed for
        :data:`CLAIM` seconds), each in its player's words; those not worth
        sending are passed over here."""
        now = self._clock()
        ready, passed = [], []
        for due in await self._store.claim_reminders(now, now + CLAIM, limit):
            kind = _kind(due)
            if kind is None or await self._pass_over(due, kind, now) is not None:
                passed.append((due.id, None if kind is None else self._next(due, kind)))
            else:
                ready.append(self._compose(due, kind, now))
        if passed:
            await self._store.finish_reminders(passed, "skipped")
        return ready

    async def _pass_over(self, due: DueReminder, kind: Kind, now: float) -> str | None:
        """Why *due*, of *kind*, is not sent (``None``: it is)."""
        reminder, settings = due.reminder, due.settings
        if now >= reminder.expires_at:
            return "its occasion is over"
        if not wants(settings, kind.topic):
            return "turned off"
        if due.sent_lately >= MOST_A_DAY:
            return "enough for one day"
        if kind is Kind.DAILY:
            if await self._store.played_daily(reminder.user_id, utc_day(reminder.due_at)):
                return "today's daily played"
        elif kind is Kind.STREAK:
            zone = zone_of(settings.timezone)
            days = streak_days(
                await self._store.daily_wins(reminder.user_id, now - 3 * 86400), zone
            )
            today = date.fromisoformat(reminder.occasion)
            if today in days or today - timedelta(days=1) not in days:
                return "no streak to keep"
        return None

    def _next(self, due: DueReminder, kind: Kind) -> Reminder | None:
        """The next reminder of a day's kind, after *due*'s day."""
        reminder, settings = due.reminder, due.settings
        if not kind.every_day:
            return None
        zone = zone_of(settings.timezone)
        after = max(self._clock(), day_end(date.fromisoformat(reminder.occasion), zone) - 1)
        if kind is Kind.DAILY and settings.daily_at is not None:
            return self._daily(reminder.user_id, after, settings.daily_at, zone)
        if kind is Kind.STREAK and settings.streak:
            return self._streak(reminder.user_id, after, zone)
        return None

    def _compose(self, due: DueReminder, kind: Kind, now: float) -> Outgoing:
        reminder = due.reminder
        locale = due.language or DEFAULT
        ends = reminder.expires_at
        match kind:
            case Kind.DAILY:
                text = tr(locale, "remind.daily", until=stamp(ends, "t"), left=stamp(ends, "R"))
            case Kind.STREAK:
                text = tr(locale, "remind.streak", midnight=stamp(ends, "R"))
            case Kind.RACE:
                text = tr(locale, "remind.race", until=stamp(ends, "t"))
            case Kind.CUP_OPEN:
                text = tr(locale, "remind.cup_open", at=stamp(ends, "R"))
            case Kind.CUP_CLOSE:
                text = tr(locale, "remind.cup_close", at=stamp(ends, "R"))
            case _:
                assert_never(kind)
        if now - reminder.due_at > LATE:
            text += "\n" + tr(locale, "remind.late", due=stamp(reminder.due_at, "R"))
        text += "\n" + tr(locale, "remind.how_to_stop")
        return Outgoing(
            due.id, reminder.user_id, kind, due.settings.dm_channel, text, locale, reminder.link,
            play=kind.every_day, nonce=f"remind{due.id}", then=self._next(due, kind),
        )  # fmt: skip

    async def sent(self, outgoing: Outgoing, channel_id: int) -> None:
        """*outgoing* reached its player (through *channel_id*)."""
        await self.all_sent([(outgoing, channel_id)])

    async def all_sent(self, sent: Sequence[tuple[Outgoing, int]]) -> None:
        """Each reminder reached its player (through the channel beside it):
        marked in one transaction, the next of each kind kept with it."""
        opened = [(out.user_id, channel) for out, channel in sent if channel != out.channel_id]
        await self._store.finish_reminders([(out.id, out.then) for out, _ in sent], "sent", opened)

    async def refused(self, outgoing: Outgoing) -> None:
        """Discord will not DM the player: their reminders are turned off,
        and they are told the next time they use the bot."""
        await self._store.reminders_refused(outgoing.user_id)
        self.untold.add(outgoing.user_id)

    async def failed(self, outgoing: Outgoing, retry_after: float | None = None) -> None:
        """Discord's trouble: *outgoing* is tried again in a minute (or when
        Discord says, *retry_after* seconds)."""
        wait = RETRY if retry_after is None else retry_after
        await self._store.release_reminder(outgoing.id, self._clock() + wait)

    async def refresh(self) -> None:
        """Reads who is still to be told of refused DMs (any process's),
        and drops what is long over."""
        self.untold = await self._store.refused_players()
        if self._clock() - self._pruned >= PRUNE_EVERY:
            self._pruned = self._clock()
            await self._store.prune_reminders(self._clock() - KEPT)

    async def notice(self, asker: Asker) -> str | None:
        """The line that tells a player their DMs were refused, once (``None``: nothing to tell)."""
        if asker.user_id not in self.untold:
            return None
        self.untold.discard(asker.user_id)
        if not await self._store.tell_refused(asker.user_id):
            return None
        return tr(asker.locale, "remind.refused")


def _kind(due: DueReminder) -> Kind | None:
    """The kind of a claimed reminder; ``None`` for a kind no longer known
    (a row from a newer version, or damaged): it is passed over."""
    try:
        return Kind(due.reminder.kind)
    except ValueError:
        return None


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"
