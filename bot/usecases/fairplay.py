"""Fair play: whether a deal is still in play.

A deal is *in play* while a race on it has not ended (open or running) and
while it is today's daily deal. :func:`in_play` decides it from stored
facts, and every answer that would show a deal's winning line, its replay
or its number to someone who could still play it asks it first: reviews
and their GIFs, Replay, Play this deal, the race card, ``/play deal:``,
``/race deal:``.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solitaire import BadOption, daily_deal, find_variant
from storage import RaceRow, RaceStatus, Store
from texts import tr

#: An unstarted race lapses after this long; a running one ends after this long.
OPEN_FOR, RUN_FOR = 600.0, 1800.0


@dataclass(frozen=True)
class InPlay:
    """Why a deal is still in play, and when it ends at the latest."""

    #: The race on it that has not ended, or ``None``: it is today's daily deal.
    race: RaceRow | None
    #: When it is out of play at the latest (a race may end sooner).
    until: float

    def refusal(self, locale: str, what: str) -> str:
        """Why *what* (``review``, ``replay``, ``deal``) waits, in one line:
        naming the race's channel, or the end of the day."""
        when = f"<t:{int(self.until)}:R>"
        if self.race is None:
            return tr(locale, f"fair.{what}.daily", until=when)
        return tr(locale, f"fair.{what}.race", channel=f"<#{self.race.channel_id}>", until=when)


async def in_play(
    store: Store, profile: str, options: Mapping[str, Any], deal: int | None, now: float
) -> InPlay | None:
    """Whether *deal* under these rules is still in play at *now*, and why."""
    if deal is None:
        return None
    try:
        cls = find_variant(profile)
        standard = cls.options_code(options) == ""
    except BadOption:
        return None
    if standard and deal == daily_deal(cls.profile, _day(now)):
        return InPlay(None, next_midnight(now))
    races = await store.races_on_deal(cls.profile, options, deal)
    if not races:
        return None
    race = races[0]
    return InPlay(race, race_ends_by(race))


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


def _day(now: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(now))
