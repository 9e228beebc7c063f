"""Achievements in words: their names and conditions, the line that tells a
player what a win earned, and ``/achievements``, every achievement with the
player's progress (see :mod:`solitaire.achievements` for what earns each).
"""

from __future__ import annotations

from render.text import clock
from solitaire.achievements import ACHIEVEMENTS, BY_CODE, Achievement, Facts
from storage import Store
from texts import Msg, tr

from .replies import Asker, Notice

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

    def __init__(self, store: Store) -> None:
        self._store = store

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
            lines.append(tr(locale, "ach.page", page=page, pages=pages, next=page % pages + 1))
        return Notice("\n".join(lines)[:2000])


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
