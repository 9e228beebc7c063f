"""Stats, leaderboards and sharing wins: the social side, without Discord."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from render import CLASSIC, Theme, render_replay, render_stats_card, render_win_card
from render.text import clock
from solitaire import VARIANTS, BadOption, BadRecord, find_variant, load_game
from storage import GameRow, NotFound, Stats, Store

from .service import Notice, not_yours, ordinal

PERIODS = {"week": 7, "month": 30, "all": None}


@dataclass(frozen=True)
class Card:
    """A picture with its alt text and a one-line summary."""

    png: bytes
    alt: str
    text: str


@dataclass(frozen=True)
class Shared:
    """A win card to post publicly, with what its buttons need."""

    png: bytes
    text: str
    game_id: int


class Social:
    def __init__(
        self, store: Store, *, clock: Callable[[], float] = time.time, theme: Theme = CLASSIC
    ) -> None:
        self._store = store
        self._clock = clock
        self._theme = theme

    async def remember(self, user_id: int, name: str) -> None:
        """Keeps a player's display name for leaderboards."""
        await self._store.set_name(user_id, name)

    async def stats(self, user_id: int, name: str, profile: str | None = None) -> Card | Notice:
        """Returns a player's stats in one game, or in every game they played."""
        try:
            profiles = [find_variant(profile).profile] if profile else list(VARIANTS)
        except BadOption as error:
            return Notice(str(error))
        results = [(p, await self._store.stats(user_id, p)) for p in profiles]
        played = [(p, s) for p, s in results if s.played] or results[:1]
        header = ("game", "played", "won", "win %", "streak", "best", "fewest", "fastest")
        rows = [_stats_row(VARIANTS[p].title, s) for p, s in played]
        png = await asyncio.to_thread(
            render_stats_card, f"{name}'s solitaire", header, rows, theme=self._theme
        )
        lines = [f"{VARIANTS[p].title}: {_summary(s)}" for p, s in played]
        return Card(
            png, f"{name}'s stats. " + " ".join(lines), f"**{name}** — " + " · ".join(lines)
        )

    async def leaderboard(self, guild_id: int | None, profile: str, period: str = "week") -> Notice:
        """Returns the server's players by wins, and by daily deals solved."""
        if guild_id is None:
            return Notice("Leaderboards belong to servers: ask in a server channel.")
        try:
            cls = find_variant(profile)
        except BadOption as error:
            return Notice(str(error))
        days = PERIODS.get(period, 7)
        since = 0.0 if days is None else self._clock() - days * 86400
        since_day = "" if days is None else _day(since)
        wins = await self._store.leaderboard(guild_id, cls.profile, since=since)
        dailies = await self._store.daily_leaderboard(guild_id, cls.profile, since_day=since_day)
        names = await self._store.names([row.user_id for row in [*wins, *dailies]])
        span = "all time" if days is None else f"the last {days} days"
        lines = [f"**{cls.title} — {span}**", "Most wins:"]
        lines += [
            f"{i}. {_name(names, row.user_id)} — {row.won} of {row.played}"
            + (f", best {row.best_moves} moves" if row.best_moves else "")
            for i, row in enumerate(wins, 1)
        ] or ["nobody has finished a game yet"]
        lines.append("Daily deals solved:")
        lines += [
            f"{i}. {_name(names, row.user_id)} — {row.won} of {row.played}"
            for i, row in enumerate(dailies, 1)
        ] or ["nobody has played a daily deal yet"]
        today = await self._store.daily_results(cls.profile, _day(self._clock()), guild_id=guild_id)
        if today:
            today_names = await self._store.names([row.user_id for row in today])
            lines.append("Today's daily:")
            lines += [
                f"{ordinal(i)} {_name(today_names, row.user_id)} — {_result(row)}"
                for i, row in enumerate(today, 1)
            ]
        return Notice("\n".join(lines), private=False)

    async def share(self, user_id: int, game_id: int, name: str) -> Shared | Notice:
        """Returns the win card of game *game_id*, for its winner to post."""
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice("That game no longer exists.")
        if row.user_id != user_id:
            return Notice(not_yours(row.user_id))
        if row.status != "won":
            return Notice("Only a won game can be shared.")
        try:
            game = load_game(row.record)
        except BadRecord as error:
            return Notice(str(error))
        png = await asyncio.to_thread(
            render_win_card,
            game,
            player=name,
            elapsed=row.seconds,
            hints=row.hints,
            theme=self._theme,
        )
        marks = "".join([" (with undo)" if row.undos else "", " (with hints)" if row.hints else ""])
        what = "today's daily" if row.daily else f"deal {row.deal}"
        moves = f"{len(game.moves)} moves ({clock(row.seconds)}){marks}"
        text = f"**{name}** won {game.title}, {what}, in {moves}. Can you beat it?"
        return Shared(png, text, row.id)

    async def replay(self, game_id: int) -> bytes | Notice:
        """Returns the animated GIF of a finished game."""
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice("That game no longer exists.")
        if row.status == "playing":
            return Notice("That game is still being played.")
        try:
            return await asyncio.to_thread(render_replay, row.record, theme=self._theme)
        except BadRecord as error:
            return Notice(str(error))


def _day(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, tz=UTC).date().isoformat()


def _name(names: dict[int, str], user_id: int) -> str:
    return names.get(user_id) or f"<@{user_id}>"


def _result(row: GameRow) -> str:
    if row.status != "won":
        return row.status
    marks = "".join([" (undo)" if row.undos else "", " (hints)" if row.hints else ""])
    return f"solved in {len(row.moves)} moves, {clock(row.seconds)}{marks}"


def _stats_row(title: str, stats: Stats) -> tuple[str, ...]:
    return (
        title,
        str(stats.played),
        str(stats.won),
        f"{100 * stats.win_rate:.0f}",
        str(stats.current_streak),
        str(stats.best_streak),
        str(stats.best_moves or "—"),
        clock(stats.best_seconds) if stats.best_seconds is not None else "—",
    )


def _summary(stats: Stats) -> str:
    if not stats.played:
        return "no finished games yet"
    best = f", fewest moves {stats.best_moves}" if stats.best_moves else ""
    rate = f"{100 * stats.win_rate:.0f} %"
    streak = f"streak {stats.current_streak} (best {stats.best_streak})"
    return f"{stats.won} of {stats.played} won ({rate}), {streak}{best}"
