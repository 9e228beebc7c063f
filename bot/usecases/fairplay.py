"""Fair play: whether a deal is still in play.

A deal is *in play* while a race on it has not ended (open or running),
while a cup that holds it has not closed (scheduled or open), and while it
is today's daily deal. :func:`in_play` decides it from stored
facts, and every answer that would show a deal's winning line, its replay
or its number to someone who could still play it asks it first: reviews
and their GIFs, Replay, Play this deal, the race card, ``/play deal:``,
``/race deal:``; :func:`open_to_others` says who may take up a finished
game's deal or watch its replay.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from solitaire import BadOption, daily_deal, find_variant
from storage import CupRow, CupStatus, GameRow, NotFound, RaceRow, RaceStatus, Status, Store
from texts import tr

from .replies import Asker, Notice

#: An unstarted race lapses after this long; a running one ends after this long.
OPEN_FOR, RUN_FOR = 600.0, 1800.0
#: Whether a server keeps a member from the bot: (server, member) -> blocked.
Blocks = Callable[[int, int], Awaitable[bool]]


async def nobody_blocked(guild_id: int, user_id: int) -> bool:
    """No server blocks anyone (a console, a test without servers): the bot
    sets the servers' own rules (:meth:`bot.usecases.servers.Servers.blocks`)."""
    return False


@dataclass(frozen=True)
class InPlay:
    """Why a deal is still in play, and when it ends at the latest."""

    #: The race on it that has not ended, or ``None``: it is today's daily
    #: deal, or a cup's.
    race: RaceRow | None
    #: When it is out of play at the latest (a race may end sooner).
    until: float
    #: The cup not closed that holds it.
    cup: CupRow | None = None

    def refusal(self, locale: str, what: str) -> str:
        """Why *what* (``review``, ``replay``, ``deal``, ``share``, ``hint``)
        waits, in one line: naming the race's channel, the cup's close (never
        the cup, nor which of its deals), or the end of the day."""
        when = f"<t:{int(self.until)}:R>"
        if self.cup is not None:
            return tr(locale, f"fair.{what}.cup", until=when)
        if self.race is None:
            return tr(locale, f"fair.{what}.daily", until=when)
        return tr(locale, f"fair.{what}.race", channel=f"<#{self.race.channel_id}>", until=when)


async def in_play(
    store: Store,
    profile: str,
    options: Mapping[str, Any],
    deal: int | None,
    now: float,
    *,
    own: GameRow | None = None,
) -> InPlay | None:
    """Whether *deal* under these rules is still in play at *now*, and why;
    for the game *own*, its own daily, race and cup leave it be."""
    if deal is None:
        return None
    try:
        cls = find_variant(profile)
        standard = cls.options_code(options) == ""
    except BadOption:
        return None
    daily = own is not None and own.daily is not None
    if standard and not daily and deal == daily_deal(cls.profile, utc_day(now)):
        return InPlay(None, next_midnight(now))
    races = [
        race
        for race in await store.races_on_deal(cls.profile, options, deal)
        if own is None or race.id != own.race_id
    ]
    if races:
        return InPlay(races[0], race_ends_by(races[0]))
    cups = [
        cup
        for cup in await store.cups_on_deal(cls.profile, options, deal)
        if own is None or cup.id != own.cup_id
    ]
    if cups:
        return InPlay(None, max(cup.ends_at for cup in cups), cup=cups[0])
    return None


def race_ends_by(race: RaceRow) -> float:
    """When a race that has not ended ends at the latest."""
    if race.status == RaceStatus.RUNNING and race.started_at is not None:
        return race.started_at + RUN_FOR
    return race.created_at + OPEN_FOR + RUN_FOR


def next_midnight(now: float) -> float:
    """The next midnight UTC, when today's daily deal is out of play.

    >>> next_midnight(86400 * 3 + 5.0) == 86400 * 4
    True
    """
    day = time.gmtime(now)
    return float(calendar.timegm((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0))) + 86400


def utc_day(timestamp: float) -> str:
    """The UTC day of *timestamp*, ``YYYY-MM-DD``: the daily deal changes at midnight UTC.

    >>> utc_day(0.0)
    '1970-01-01'
    """
    return time.strftime("%Y-%m-%d", time.gmtime(timestamp))


def puzzle_held(row: GameRow, locale: str) -> Notice | None:
    """Why a puzzle's game is shown to no one (a share, a replay, a review or
    its deal taken up would give its solution to those who have not tried
    it), or ``None`` for a game that is no puzzle's."""
    return None if row.puzzle_id is None else Notice(tr(locale, "fair.puzzle"))


async def cup_held(store: Store, row: GameRow, locale: str) -> Notice | None:
    """Why a cup game is shown to no one yet (its cup is open: a review, a
    replay or a share would tell others its deal), or ``None``."""
    if row.cup_id is None:
        return None
    try:
        cup = await store.get_cup(row.cup_id)
    except NotFound:
        return None
    if cup.status == CupStatus.CLOSED:
        return None
    return Notice(tr(locale, "fair.cup", until=f"<t:{int(cup.ends_at)}:R>"))


async def kept_out(blocked: Blocks, row: GameRow, asker: Asker) -> Notice | None:
    """The line a server's block says, if the server of *row* blocked the
    asker and they reach the game from elsewhere (a DM, another server, an
    old board): a block holds wherever a server's games are reached. Where
    the asker is in that server, its gate asked already."""
    if row.guild_id is None or row.guild_id == asker.guild_id:
        return None
    if await blocked(row.guild_id, asker.user_id):
        return Notice(tr(asker.locale, "server.blocked"))
    return None


async def open_to_others(
    store: Store,
    asker: Asker,
    game_id: int,
    now: float,
    what: str = "replay",
    *,
    blocked: Blocks = nobody_blocked,
) -> GameRow | Notice:
    """The game *game_id*, if the asker may take up its deal (*what* is
    ``deal``) or watch its ``replay``: its deal is not in play (see
    :mod:`.fairplay`), and it is their own finished game, its winner shared
    it, it is a daily game whose day is over, or a finished game of a race
    that is over. A refusal names no one."""
    try:
        row = await store.get_game(game_id)
    except NotFound:
        return Notice(tr(asker.locale, "game.gone"))
    if row.status == Status.PLAYING:
        return Notice(tr(asker.locale, "game.not_shared"))
    if (refused := await kept_out(blocked, row, asker)) is not None:
        return refused
    if (puzzle := puzzle_held(row, asker.locale)) is not None:
        return puzzle
    if row.race_id is not None and not await race_over(store, row.race_id):
        return Notice(tr(asker.locale, "race.after"))
    in_cup = await cup_held(store, row, asker.locale)
    if in_cup is not None:
        return in_cup
    held = await in_play(store, row.profile, row.options, row.deal, now)
    if held is not None:
        return Notice(held.refusal(asker.locale, what))
    if row.race_id is not None or row.cup_id is not None:
        return row  # a race's, a cup's games are played in the open: once over, for all
    today = utc_day(now)
    day_over = row.daily is not None and row.daily < today
    if row.user_id == asker.user_id or row.shared_at is not None or day_over:
        return row
    return Notice(tr(asker.locale, "game.not_shared"))


async def race_over(store: Store, race_id: int) -> bool:
    """Whether the race is over (or never ran): its games may be shown."""
    try:
        race = await store.get_race(race_id)
    except NotFound:
        return True
    return race.status != RaceStatus.RUNNING
