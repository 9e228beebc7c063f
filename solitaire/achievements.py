"""Achievements: long goals decided from a player's stored games alone.

Each achievement belongs to a family and has a tier (1 bronze, 2 silver,
3 gold) and a threshold; :func:`earned` says which a player's :class:`Facts`
earn, :func:`progress` how far they are towards one. The same facts give the
same achievements in every process, whether the games were played one by
one or counted at once.

Fast wins count the active clock (a pause of more than two minutes counts
as two), with thresholds that fit each game: a Klondike game is won in a
few minutes, a Castle's End one in a quarter of an hour.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

GAMES = ("klondike", "calculation", "castles-end", "casket")
#: Wins of each game, for each tier.
WINS = (1, 10, 100)
#: Wins with no undo and no hint.
CLEAN = (1, 10, 50)
#: A win within this many seconds of play, per game and tier.
FAST: Mapping[str, tuple[int, int, int]] = {
    "klondike": (600, 300, 180),
    "calculation": (900, 600, 360),
    "castles-end": (1800, 1200, 900),
    "casket": (1200, 900, 600),
}
#: Daily deals won on consecutive days.
STREAKS = (3, 7, 30)
#: Races won, and a race won against this many others or more.
RACES = (1, 10)
CROWD = 4
#: Server Cups won (a podium: one of the first three, with a win).
CUPS = (1, 5)


@dataclass(frozen=True)
class Facts:
    """What a player's stored games say, as achievements read it."""

    #: Won games of each game.
    wins: Mapping[str, int] = field(default_factory=dict)
    #: Won games with no undo and no hint.
    clean: int = 0
    #: The fastest win of each game, in seconds of play.
    fastest: Mapping[str, float] = field(default_factory=dict)
    #: The longest run of consecutive days with the daily deal won.
    streak: int = 0
    #: Races won, and races won against CROWD or more others.
    races: int = 0
    crowd: int = 0
    #: The running Vegas total, if they ever scored Vegas.
    vegas: int | None = None
    #: Closed Server Cups finished in the first three, and won.
    podiums: int = 0
    cups: int = 0


@dataclass(frozen=True)
class Achievement:
    """One achievement: its code (``wins.klondike.2``), family, tier and
    threshold (a count, or seconds for a fast win)."""

    code: str
    family: str
    tier: int
    threshold: int
    game: str = ""

    def progress(self, facts: Facts) -> int:
        """How far *facts* are towards it, up to its threshold (a fast win:
        the threshold once done, else 0)."""
        if self.family == "fast":
            best = facts.fastest.get(self.game)
            return self.threshold if best is not None and best <= self.threshold else 0
        if self.family == "vegas":
            return 1 if facts.vegas is not None and facts.vegas > 0 else 0
        count = {
            "wins": facts.wins.get(self.game, 0),
            "all": sum(1 for game in GAMES if facts.wins.get(game, 0)),
            "clean": facts.clean,
            "streak": facts.streak,
            "races": facts.races,
            "crowd": facts.crowd,
            "podium": facts.podiums,
            "cup": facts.cups,
        }[self.family]
        return min(count, self.threshold)

    def done(self, facts: Facts) -> bool:
        return self.progress(facts) >= self.threshold


def _all() -> tuple[Achievement, ...]:
    found = []
    for game in GAMES:
        found += [
            Achievement(f"wins.{game}.{tier}", "wins", tier, n, game)
            for tier, n in enumerate(WINS, 1)
        ]
    found.append(Achievement("all.1", "all", 1, len(GAMES)))
    found += [Achievement(f"clean.{t}", "clean", t, n) for t, n in enumerate(CLEAN, 1)]
    for game in GAMES:
        found += [
            Achievement(f"fast.{game}.{tier}", "fast", tier, seconds, game)
            for tier, seconds in enumerate(FAST[game], 1)
        ]
    found += [Achievement(f"streak.{t}", "streak", t, n) for t, n in enumerate(STREAKS, 1)]
    found += [Achievement(f"races.{t}", "races", t, n) for t, n in enumerate(RACES, 1)]
    found.append(Achievement("crowd.1", "crowd", 1, 1))
    found.append(Achievement("vegas.1", "vegas", 1, 1))
    found.append(Achievement("podium.1", "podium", 1, 1))
    found += [Achievement(f"cup.{t}", "cup", t, n) for t, n in enumerate(CUPS, 1)]
    return tuple(found)


#: Every achievement, in the order they are listed.
ACHIEVEMENTS: tuple[Achievement, ...] = _all()
BY_CODE: Mapping[str, Achievement] = {a.code: a for a in ACHIEVEMENTS}


def earned(facts: Facts) -> set[str]:
    """The codes of the achievements *facts* earn."""
    return {a.code for a in ACHIEVEMENTS if a.done(facts)}


def longest_run(days: list[str]) -> int:
    """The longest run of consecutive days (``YYYY-MM-DD``) in *days*.

    >>> longest_run(["2026-01-01", "2026-01-02", "2026-01-04", "2026-01-05", "2026-01-06"])
    3
    """
    dates = sorted({datetime.date.fromisoformat(day) for day in days})
    best = run = 0
    for i, date in enumerate(dates):
        run = run + 1 if i and (date - dates[i - 1]).days == 1 else 1
        best = max(best, run)
    return best


#: Experience a win gives, per game (Klondike: draw 1; draw 3 gives more).
POINTS: Mapping[str, int] = {"klondike": 10, "calculation": 12, "castles-end": 20, "casket": 15}
DRAW_THREE = 15
#: A clean win (no undo, no hint) gives half as much again.
CLEAN_BONUS = 1.5
#: A graded deal's win counts by its stars; a deal with no grade (one
#: chosen by number, say) as three stars.
BY_STARS: Mapping[int, float] = {1: 0.6, 2: 0.8, 3: 1.0, 4: 1.3, 5: 1.6}
#: The experience a level needs, from level 1: ``25 × (level - 1) ^ 1.6``,
#: so that a level comes slower as they rise: level 10 near 840 points (a
#: month of three wins a day), level 50 near 12,700 (a year or so).
SCALE, POWER = 25, 1.6


def experience(
    profile: str, options: Mapping[str, object], clean: bool, stars: int | None = None
) -> int:
    """The experience a win of *profile* under *options* gives, on a deal of
    *stars* (``None``: not graded).

    >>> experience("klondike", {}, False, 1), experience("klondike", {"draw": 3}, True, 5)
    (6, 36)
    """
    points = DRAW_THREE if profile == "klondike" and options.get("draw") == 3 else POINTS[profile]
    return round(points * (CLEAN_BONUS if clean else 1) * BY_STARS.get(stars or 3, 1.0))


def needed(level: int) -> int:
    """The experience that reaches *level* (level 1: none)."""
    return round(SCALE * (level - 1) ** POWER)


def level_of(points: int) -> tuple[int, int, int]:
    """The level *points* reach, the points into it and the points the next
    level needs beyond them.

    >>> level_of(0), level_of(25), level_of(850)[0]
    ((1, 0, 25), (2, 0, 51), 10)
    """
    level = 1
    while needed(level + 1) <= points:
        level += 1
    return level, points - needed(level), needed(level + 1) - needed(level)
