"""Achievements in words: their names and conditions, the line that tells a
player what a win earned, and ``/achievements``, every achievement with the
player's progress (see :mod:`solitaire.achievements` for what earns each).
"""

from __future__ import annotations

import itertools

from render.profile import Emblem, Level, Profile
from render.text import clock
from solitaire import VARIANTS
from solitaire.achievements import (
    ACHIEVEMENTS,
    BY_CODE,
    Achievement,
    Facts,
    experience,
    level_of,
)
from storage import Store, Won
from texts import Msg, tr

from . import jobs, markdown
from .faces import Faces, no_faces
from .grades import Grades
from .replies import Asker, Notice, Paged, Picture
from .settings import drawn_in
from .workers import Busy, Kind, Workers, busy_notice

#: Rows of ``/achievements`` a page: within a message's 2,000 characters.
PER_PAGE = 14


def name(achievement: Achievement, locale: str) -> str:
    return tr(locale, f"ach.{achievement.family}", **_params(achievement, locale))


def condition(achievement: Achievement, locale: str) -> str:
    return tr(locale, f"ach.if.{achievement.family}", **_params(achievement, locale))


def _params(achievement: Achievement, locale: str) -> dict[str, object]:
    game = Msg(f"title.{achievement.game}") if achievement.game else ""
    if achievement.family == "fast":
        return {"game": game, "time": clock(achievement.threshold)}
    return {"game": game, "n": achievement.threshold}


def new_line(codes: tuple[str, ...], locale: str, key: str = "ach.new") -> str:
    """The one line that tells a player what they just earned ("" for nothing)."""
    names = [name(BY_CODE[code], locale) for code in codes if code in BY_CODE]
    return tr(locale, key, names=", ".join(names)) if names else ""


class Achievements:
    """``/achievements`` of one store."""

    def __init__(self, store: Store, workers: Workers, theme: str = "classic") -> None:
        self._store, self._workers, self._theme = store, workers, theme
        self._grades = Grades(store)
        #: Where the profile card gets a player's avatar.
        self.faces: Faces = no_faces

    async def listing(self, asker: Asker, page: int = 1) -> Notice:
        """Every achievement, earned or not, with its condition and the
        asker's progress, a page at a time. What their games from before
        achievements earned is recorded first, and said once."""
        locale = asker.locale
        before = await self._store.record_achievements(asker.user_id)
        have = await self._store.achievements(asker.user_id)
        facts = await self._store.achievement_facts(asker.user_id)
        pages = -(-len(ACHIEVEMENTS) // PER_PAGE)
        page = min(max(page, 1), pages)
        lines = [tr(locale, "ach.title", earned=len(have), all=len(ACHIEVEMENTS))]
        said = new_line(before, locale, "ach.before")
        if said:
            lines.append(said)
        shown = ACHIEVEMENTS[(page - 1) * PER_PAGE : page * PER_PAGE]
        lines += [
            _row(achievement, facts, achievement.code in have, locale) for achievement in shown
        ]
        if pages > 1:
            lines.append(tr(locale, "ach.page", page=page, pages=pages))
        paged = Paged("achievements", asker.user_id, page, pages)
        return Notice("\n".join(lines)[:2000], paged=paged)

    async def name_of(self, user_id: int) -> str | None:
        """The player's name as last seen, if the bot knows them."""
        return (await self._store.names([user_id])).get(user_id)

    async def profile(
        self, asker: Asker, user_id: int, name: str, avatar: str | None = None
    ) -> Picture | Notice:
        """A player's profile card: their avatar (*avatar* is its hash on
        Discord), highlights, a level bar, games and win rate per game,
        streaks, races and cups, and the badges as medals. Another
        player's only in a server, and only if they show on boards: its
        games, levels, streaks and races are those played in that server, as
        their ``/stats`` there are; their badges are theirs wherever earned."""
        locale = asker.locale
        guild_id = None
        if user_id != asker.user_id:
            if asker.guild_id is None:
                return Notice(tr(locale, "stats.servers_only"))
            if await self._store.hidden([user_id]):
                return Notice(tr(locale, "stats.hidden", name=markdown.name(name)))
            guild_id = asker.guild_id
        before = await self._store.record_achievements(user_id)  # what older games earned
        have = await self._store.achievements(user_id)
        facts = await self._store.achievement_facts(user_id)
        wins = await self._store.wins_of(user_id, guild_id=guild_id)
        levels, words, current, best, cleanest = [], [], 0, 0, None
        stars = [await self._stars(w) for w in wins]
        for profile, cls in VARIANTS.items():
            stats = await self._store.stats(user_id, profile, guild_id=guild_id)
            if not stats.played:
                continue
            current, best = max(current, stats.current_streak), max(best, stats.best_streak)
            points = sum(
                experience(w.profile, w.options, w.clean, n)
                for w, n in zip(wins, stars, strict=True)
                if w.profile == profile
            )
            level, into, span = level_of(points)
            clean = min((w.seconds for w in wins if w.profile == profile and w.clean), default=None)
            if clean is not None and (cleanest is None or clean < cleanest):
                cleanest = clean
            fastest = "—" if clean is None else clock(clean)
            rate = f"{100 * stats.won / stats.played:.0f} %"
            game = cls.name.render(locale)
            levels.append(
                Level(
                    game,
                    tr(locale, "profile.level_n", level=level),
                    into / span,
                    tr(locale, "profile.to_next", n=span - into, level=level + 1),
                    tr(locale, "profile.record", n=stats.played, rate=rate),
                )
            )
            words.append(
                tr(locale, "profile.alt.game", game=game, level=level, n=stats.played,
                   rate=rate, time=fastest) + f" {levels[-1].to_next}."
            )  # fmt: skip
        raced, won = await self._store.race_results(user_id, guild_id=guild_id)
        lines = [
            tr(locale, "profile.streak", current=current, best=best),
            tr(locale, "profile.races", won=won, played=raced),
            tr(locale, "profile.cups", podiums=facts.podiums, won=facts.cups),
        ]
        puzzles = await self._store.puzzle_player(user_id)
        if puzzles.rated_at is not None:  # tried one at least
            lines.append(
                tr(locale, "profile.puzzles", rating=round(puzzles.rated[0]),
                   current=puzzles.streak, best=puzzles.best_streak)
            )  # fmt: skip
        run = await self._store.puzzle_run(user_id)
        if run is not None:  # ran one at least
            lines.append(tr(locale, "profile.puzzle_streak", best=run.best, n=run.runs))
        raced_best, raced_puzzles = await self._store.puzzle_racer_best(user_id)
        if raced_puzzles:
            lines.append(tr(locale, "profile.puzzle_racer", best=raced_best, n=raced_puzzles))
        highlights = [
            (str(best), tr(locale, "profile.best_streak")),
            (str(facts.cups), tr(locale, "profile.cups_won")),
            ("—" if cleanest is None else clock(cleanest), tr(locale, "profile.best_clean")),
        ]
        badges = _badges(facts, set(have), locale)
        earned = [badge for badge, done, _ in badges if done]
        upcoming = [f"{badge} {left}".strip() for badge, done, left in badges if not done]
        title = tr(locale, "profile.title", name=name)
        said = tr(locale, "profile.alt.badges", names=", ".join(earned) or "—")
        coming = tr(locale, "profile.alt.next", names=", ".join(upcoming) or "—")
        shown = [f"{what}: {value}." for value, what in highlights]
        alt = " ".join([title + ".", *shown, *words, *(line + "." for line in lines), said, coming])
        card = Profile(
            name, await self.faces(user_id, avatar), highlights, levels, lines,
            _emblems(facts, set(have), locale),
        )  # fmt: skip
        # Drawn as the one who asks has their pictures drawn.
        settings = await self._store.settings(asker.user_id)
        theme = drawn_in(settings, self._theme)
        try:
            png = await self._workers.run(
                Kind.CARD, jobs.profile_card, card, theme, settings.cards == "large",
                player=asker.user_id,
            )  # fmt: skip
        except Busy as busy:
            return busy_notice(busy, locale)
        said = new_line(before, locale, "ach.before") if user_id == asker.user_id else ""
        return Picture(png, alt, "\n".join(filter(None, (title, said))))

    async def _stars(self, won: Won) -> int | None:
        """The stars of a won game's deal (a cup's as it was graded), if graded."""
        grade = await self._grades.of(won.profile, won.options, won.deal)
        return None if grade is None else grade.stars


#: Families of one kind of deed, whose medal shows a star, not a number.
_STARRED = frozenset({"all", "crowd", "vegas", "podium"})


def _emblems(facts: Facts, have: set[str], locale: str) -> list[Emblem]:
    """A medal a family: its best tier earned (else its first, in grey),
    and the progress to the next, where it is counted."""
    found = []
    for (family, _), group in itertools.groupby(ACHIEVEMENTS, key=lambda a: (a.family, a.game)):
        tiers = list(group)
        earned = [a for a in tiers if a.code in have]
        shown = earned[-1] if earned else tiers[0]
        following = next((a for a in tiers if a.code not in have), None)
        progress = None
        if following is not None and family not in ("fast", "vegas"):
            progress = (following.progress(facts), following.threshold)
        tier = len(earned) and shown.tier
        found.append(Emblem(name(shown, locale), tier, _mark(shown), progress))
    return found


def emblems(codes: tuple[str, ...], locale: str) -> tuple[Emblem, ...]:
    """The medals of the achievements *codes*, as the win card shows them."""
    found = (BY_CODE[code] for code in codes if code in BY_CODE)
    return tuple(Emblem(name(a, locale), a.tier, _mark(a)) for a in found)


def _mark(achievement: Achievement) -> str:
    """What its medal shows: its count, its minutes (``5'``), or a star."""
    if achievement.family in _STARRED:
        return ""
    if achievement.family == "fast":
        return f"{achievement.threshold // 60}'"
    return str(achievement.threshold)


def _badges(facts: Facts, have: set[str], locale: str) -> list[tuple[str, bool, str]]:
    """Each family's earned tiers, then its next tier with the progress."""
    found = []
    for _, tiers in itertools.groupby(ACHIEVEMENTS, key=lambda a: (a.family, a.game)):
        for achievement in tiers:
            if achievement.code in have:
                found.append((name(achievement, locale), True, ""))
                continue
            progress = ""
            if achievement.family not in ("fast", "vegas"):
                progress = f"{achievement.progress(facts)}/{achievement.threshold}"
            found.append((name(achievement, locale), False, progress))
            break
    return found


def _row(achievement: Achievement, facts: Facts, done: bool, locale: str) -> str:
    mark = "🏅" if done else "▫️"
    progress = ""
    if not done and achievement.family not in ("fast", "vegas"):
        progress = f" · {achievement.progress(facts)}/{achievement.threshold}"
    return tr(
        locale,
        "ach.row",
        mark=mark,
        name=name(achievement, locale),
        tier=Msg(f"ach.tier.{achievement.tier}"),
        condition=condition(achievement, locale),
        progress=progress,
    )
