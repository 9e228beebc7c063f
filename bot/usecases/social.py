"""Stats, leaderboards and sharing wins: the social side, without Discord."""

from __future__ import annotations

import asyncio
import datetime
import itertools
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from render import CLASSIC, Replay, Theme
from render.share import LAST_MOVES
from render.stats import Chart, GameStats, StatsCard
from render.text import clock, shorten, stars
from solitaire import VARIANTS, BadOption, BadRecord, daily_deal, find_variant
from solitaire.pool import deal_grade
from solitaire.scoring import Scoring
from storage import GameRow, NotFound, Stats, Status, Store
from texts import Msg, tr

from . import jobs, markdown
from .achievements import emblems, new_line
from .boards import BoardMaker, score_text, utc_day
from .changing import not_yours
from .faces import Faces, no_faces
from .fairplay import (
    Blocks,
    cup_held,
    in_play,
    kept_out,
    nobody_blocked,
    open_to_others,
    puzzle_held,
    race_over,
)
from .replies import Animation, Asker, Notice, Picture, Shared
from .settings import drawn_in
from .workers import Busy, Kind, Workers, busy_notice

PERIODS = {"week": 7, "month": 30, "all": None}
#: Replay GIFs kept, by game and revision: pressing Replay again costs nothing.
_CACHED_REPLAYS = 32


class Social:
    """Stats, leaderboards and shared wins; their pictures are made in workers."""

    def __init__(
        self,
        store: Store,
        workers: Workers | None = None,
        *,
        clock: Callable[[], float] = time.time,
        theme: Theme = CLASSIC,
        boards: BoardMaker | None = None,
    ) -> None:
        """*boards*: the game service's, whose kept grades and tables a
        process keeps once (one of its own if none)."""
        self._store = store
        self._workers = workers or Workers(0)
        self._clock = clock
        self._theme = theme
        self._boards = boards or BoardMaker(store, clock, theme)
        #: Whether a server blocks a member (:func:`.fairplay.kept_out`).
        self.blocked: Blocks = nobody_blocked
        #: Where the win card gets its winner's avatar.
        self.faces: Faces = no_faces
        self._replays: OrderedDict[tuple[int, int, bool, str], Replay] = OrderedDict()
        self._making: dict[tuple[int, int, bool, str], asyncio.Future[Replay]] = {}

    async def remember(self, user_id: int, name: str, avatar: str | None = None) -> None:
        """Keeps a player's display name for leaderboards, and their
        avatar's hash (``None``: none) for the cards that name them."""
        await self._store.set_name(user_id, name, avatar)

    async def stats(
        self, asker: Asker, user_id: int, name: str, profile: str | None = None
    ) -> Picture | Notice:
        """Returns a player's stats in one game, or in every game they played.

        One's own stats count every game, wherever it was played; another
        player's, asked in a server, only the games they played in that
        server (their games elsewhere are theirs to show); asked outside a
        server, they are not shown."""
        locale = asker.locale
        try:
            profiles = [find_variant(profile).profile] if profile else list(VARIANTS)
        except BadOption as error:
            return Notice(error.text(locale))
        guild_id = None
        if user_id != asker.user_id:
            if asker.guild_id is None:
                return Notice(tr(locale, "stats.servers_only"))
            if await self._store.hidden([user_id]):
                return Notice(tr(locale, "stats.hidden", name=markdown.name(name)))
            guild_id = asker.guild_id
        results = [(p, await self._store.stats(user_id, p, guild_id=guild_id)) for p in profiles]
        played = [(p, s) for p, s in results if s.played] or results[:1]
        names = {p: VARIANTS[p].name.render(locale) for p, _ in played}
        lines = [f"{names[p]}: {_summary(s, locale)}" for p, s in played]
        extra = []
        # Races played and won: in one's own stats, as the games are.
        raced, won = await self._store.race_results(user_id) if guild_id is None else (0, 0)
        if raced:
            extra.append(tr(locale, "stats.races_line", won=won, played=raced))
        # The running Vegas total is a server's (every server's, outside one).
        points, scored = await self._store.vegas_total(user_id, guild_id=asker.guild_id)
        if scored:
            extra.append(tr(locale, "stats.vegas", points=points, n=scored))
        lines += extra
        title = tr(locale, "stats.title", name=name)
        now = self._clock()
        finished = await self._store.finished_games(user_id, guild_id)
        charts = {p: _chart([g for g in finished if g[0] == p], now) for p, s in played if s.played}
        games = [
            GameStats(names[p], _figures(s, locale), _details(s, locale), charts.get(p))
            for p, s in played
        ]
        card = StatsCard(
            title, games, extra, _weeks(now, locale),
            (tr(locale, "stats.legend_games"), tr(locale, "stats.legend_wins"),
             tr(locale, "stats.legend_rate", n=ROLLING)),
        )  # fmt: skip
        settings = await self._store.settings(asker.user_id)  # drawn as the asker's are
        theme = drawn_in(settings, self._theme.name)
        try:
            png = await self._workers.run(
                Kind.CARD, jobs.stats_card, card, theme, settings.cards == "large",
                player=asker.user_id,
            )  # fmt: skip
        except Busy as busy:
            return busy_notice(busy, locale)
        charted = [
            tr(locale, "stats.chart_alt", game=names[p], games=sum(g for g, _ in c.weekly),
               wins=sum(w for _, w in c.weekly))
            for p, c in charts.items()
        ]  # fmt: skip
        alt = shorten(tr(locale, "stats.alt", name=name, lines=" ".join(lines + charted)))
        return Picture(png, alt, f"**{markdown.name(name)}** — " + " · ".join(lines))

    async def leaderboard(self, asker: Asker, profile: str, period: str = "week") -> Notice:
        """Returns the asker's server's players by wins, and by daily deals solved."""
        locale, guild_id = asker.locale, asker.guild_id
        if guild_id is None:
            return Notice(tr(locale, "top.servers_only"))
        try:
            cls = find_variant(profile)
        except BadOption as error:
            return Notice(error.text(locale))
        if period == "vegas":
            return await self._vegas_leaders(guild_id, locale)
        days = PERIODS.get(period, 7)
        since = 0.0 if days is None else self._clock() - days * 86400
        since_day = "" if days is None else utc_day(since)
        wins = await self._store.leaderboard(guild_id, cls.profile, since=since)
        dailies = await self._store.daily_leaderboard(guild_id, cls.profile, since_day=since_day)
        names = await self._names([row.user_id for row in [*wins, *dailies]])
        span = tr(locale, "top.all") if days is None else tr(locale, "top.days", n=days)
        lines = [f"**{cls.name.render(locale)} — {span}**", tr(locale, "top.wins")]
        lines += [
            tr(locale, "top.row", place=i, name=_name(names, row.user_id, locale), won=row.won,
               played=row.played)
            + (tr(locale, "top.best", n=row.best_moves) if row.best_moves else "")
            + (tr(locale, "top.hinted", n=row.hinted) if row.hinted else "")
            for i, row in enumerate(wins, 1)
        ] or [tr(locale, "top.no_wins")]  # fmt: skip
        lines.append(tr(locale, "top.dailies"))
        lines += [
            tr(locale, "top.row", place=i, name=_name(names, row.user_id, locale), won=row.won,
               played=row.played)
            for i, row in enumerate(dailies, 1)
        ] or [tr(locale, "top.no_dailies")]  # fmt: skip
        day = utc_day(self._clock())
        today = await self._store.daily_results(cls.profile, day, guild_id=guild_id)
        if today:
            today_names = await self._names([row.user_id for row in today])
            grade = deal_grade(cls, {}, daily_deal(cls.profile, day))
            graded = "" if grade is None else f" {stars(grade.stars)}"
            lines.append(tr(locale, "top.today") + graded)
            lines += [
                tr(locale, "top.today_row", place=i, name=_name(today_names, row.user_id, locale),
                   result=_result(row, locale))
                for i, row in enumerate(today, 1)
            ]  # fmt: skip
        return Notice(markdown.fit(lines, lambda n: tr(locale, "top.more", n=n)), private=False)

    async def _vegas_leaders(self, guild_id: int, locale: str) -> Notice:
        """The server's players by their running Vegas total."""
        leaders = await self._store.vegas_leaderboard(guild_id)
        names = await self._names([user_id for user_id, _, _ in leaders])
        lines = [tr(locale, "top.vegas")]
        lines += [
            tr(
                locale,
                "top.vegas_row",
                place=i,
                name=_name(names, user_id, locale),
                points=points,
                n=n,
            )
            for i, (user_id, points, n) in enumerate(leaders, 1)
        ] or [tr(locale, "top.no_vegas")]
        return Notice(markdown.fit(lines, lambda n: tr(locale, "top.more", n=n)), private=False)

    async def _names(self, user_ids: list[int]) -> dict[int, str]:
        """Players' names for a board; those who show on no board get none
        (they are "a player", still counted)."""
        hidden = await self._store.hidden(user_ids)
        names = await self._store.names([i for i in user_ids if i not in hidden])
        return {**names, **dict.fromkeys(hidden, "")}

    async def share(
        self, asker: Asker, game_id: int, name: str, avatar: str | None = None
    ) -> Shared | Notice:
        """Returns the win card of game *game_id*, for its winner to post,
        with their *avatar* (its hash on Discord) and what the win earned."""
        locale = asker.locale
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice(tr(locale, "game.gone"))
        if row.user_id != asker.user_id:
            return Notice(not_yours(row.user_id, locale))
        if (puzzle := puzzle_held(row, locale)) is not None:
            return puzzle
        if row.status != Status.WON:
            return Notice(tr(locale, "share.not_won"))
        if (refused := await kept_out(self.blocked, row, asker)) is not None:
            return refused
        if row.race_id is not None and not await race_over(self._store, row.race_id):
            return Notice(tr(locale, "race.after"))  # the others are still on this deal
        in_cup = await cup_held(self._store, row, locale)
        if in_cup is not None:
            return in_cup
        held = await in_play(self._store, row.profile, row.options, row.deal, self._clock())
        if held is not None and (held.race or held.cup) is not None:  # a card names its deal
            return Notice(held.refusal(locale, "share"))
        standing = await self._boards.standing(row)
        streak = (await self._store.stats(row.user_id, row.profile)).current_streak
        settings = row.settings or await self._store.settings(row.user_id)
        timed = settings.clock
        elapsed = row.seconds if timed else None
        badges = await self._store.achievements_of_game(row.user_id, row.id)
        try:
            png, scored, alt = await self._workers.run(
                Kind.CARD, jobs.win_card, row.record, name, elapsed, row.hints,
                drawn_in(settings, self._theme.name), standing,
                streak, settings.score, locale, row.practice,
                await self._boards.grades.of(row.profile, row.options, row.deal),
                await self.faces(asker.user_id, avatar), emblems(badges, locale),
                settings.cards == "large", player=asker.user_id,
            )  # fmt: skip
        except BadRecord as error:
            return Notice(error.text(locale))
        except Busy as busy:
            return busy_notice(busy, locale)
        await self._store.mark_shared(row.id)
        marks = tr(locale, "share.undo") if row.undos else ""
        marks += tr(locale, "share.hints") if row.hints else ""
        what = Msg("share.daily") if row.daily else Msg("share.deal", deal=row.deal)
        text = tr(
            locale, "share.text" if timed else "share.untimed", name=markdown.name(name),
            game=find_variant(row.profile).name, what=what, n=len(row.moves),
            time=clock(row.seconds), marks=marks,
        )  # fmt: skip
        if scored is not None:
            text = f"{text} ({score_text(Scoring.named(settings.score), scored, locale)})"
        if badges:  # what this win earned
            text += "\n" + new_line(badges, locale, "ach.badges")
        return Shared(png, text, row.id, alt)

    async def refuse_replay(
        self, asker: Asker, game_id: int, *, cheer: bool = False
    ) -> Notice | None:
        """Why the asker may not watch the replay of game *game_id* now, if
        they may not: asked before the bot answers in public that a GIF is coming."""
        row = await open_to_others(self._store, asker, game_id, self._clock(), blocked=self.blocked)
        if isinstance(row, Notice):
            return row
        key = (row.id, row.revision, cheer, asker.locale)
        busy = self._workers.refuses(Kind.GIF, asker.user_id)
        if key in self._replays or key in self._making or busy is None:
            return None
        return busy_notice(busy, asker.locale)

    async def replay(
        self, asker: Asker, game_id: int, *, cheer: bool = False
    ) -> Animation | Notice:
        """Returns the animated GIF of a finished game (with *cheer*, of a won
        game's cards bouncing off its foundations), made in a worker once per
        game and revision; a long game's replay is sampled, and says so."""
        locale = asker.locale
        row = await open_to_others(self._store, asker, game_id, self._clock(), blocked=self.blocked)
        if isinstance(row, Notice):
            return row
        if cheer and row.status != Status.WON:
            return Notice(tr(locale, "share.not_won"))
        key = (row.id, row.revision, cheer, locale)
        replay = self._replays.get(key)
        if replay is None:
            try:
                replay = await self._replay(key, row.record, asker.user_id)
            except BadRecord as error:
                return Notice(error.text(locale))
            except Busy as busy:
                return busy_notice(busy, locale)
        self._replays.move_to_end(key)
        if not cheer:  # the replay shows the deal and a way through it
            await self._store.saw_line(asker.user_id, row.profile, row.options, row.deal)
        note = (
            ""
            if replay.every == 1
            else tr(locale, "replay.sampled", every=replay.every, last=LAST_MOVES)
        )
        return Animation(replay.gif, note)

    async def _replay(
        self, key: tuple[int, int, bool, str], record: Mapping[str, Any], player: int
    ) -> Replay:
        """Makes the GIF of one game at one revision in a worker; presses that
        come while it is being made wait for the same one."""
        making = self._making.get(key)
        if making is None:
            making = self._making[key] = asyncio.ensure_future(
                self._workers.run(
                    Kind.GIF,
                    jobs.celebration_gif if key[2] else jobs.replay_gif,
                    record,
                    self._theme.name,
                    key[3],
                    player=player,
                )
            )
            making.add_done_callback(lambda _: self._making.pop(key, None))
        replay = await asyncio.shield(making)
        self._replays[key] = replay
        while len(self._replays) > _CACHED_REPLAYS:
            self._replays.popitem(last=False)
        return replay


def _name(names: dict[int, str], user_id: int, locale: str) -> str:
    """A player by the name they were last seen with, else as a mention (no
    ping: the bot allows no mentions); a player who asked to be forgotten
    (an id of no one's) as "a player"."""
    known = names.get(user_id)
    if user_id <= 0 or known == "":  # forgotten, or showing on no board
        return tr(locale, "player.anonymous")
    return markdown.name(known) if known else f"<@{user_id}>"


def _result(row: GameRow, locale: str) -> str:
    if row.status != Status.WON:
        return tr(locale, f"state.{row.status}")
    marks = tr(locale, "top.undo") if row.undos else ""
    marks += tr(locale, "top.hints") if row.hints else ""
    return tr(locale, "top.solved", n=len(row.moves), time=clock(row.seconds), marks=marks)


_DETAILS = ("streak", "best", "fewest", "fastest")
#: The chart's weeks, and the games its rolling win rate is taken over.
WEEKS, ROLLING = 12, 20


def _chart(games: list[tuple[str, float, bool]], now: float) -> Chart:
    """A game's chart: each of the last WEEKS weeks' games and wins (oldest
    first), and the win rate of the last ROLLING games at each game of
    those weeks."""
    start = now - WEEKS * 7 * 86400
    weekly = [(0, 0)] * WEEKS
    rates: list[float] = []
    won_by = list(itertools.accumulate((won for _, _, won in games), initial=0))
    for n, (_, when, won) in enumerate(games):
        if when < start:
            continue
        week = min(int((when - start) // (7 * 86400)), WEEKS - 1)
        played, wins = weekly[week]
        weekly[week] = (played + 1, wins + won)
        first = max(0, n + 1 - ROLLING)  # the last ROLLING games, this one's included
        rates.append((won_by[n + 1] - won_by[first]) / (n + 1 - first))
    return Chart(weekly, rates)


def _weeks(now: float, locale: str) -> list[str]:
    """The charts' weeks by the day each begins (UTC), oldest first."""
    start = now - WEEKS * 7 * 86400
    days = [
        datetime.datetime.fromtimestamp(start + w * 7 * 86400, datetime.UTC) for w in range(WEEKS)
    ]
    return [tr(locale, "stats.week", day=d.day, month=d.month) for d in days]


def _figures(stats: Stats, locale: str) -> str:
    rate = f"{100 * stats.win_rate:.0f}"
    return tr(locale, "stats.figures", n=stats.played, rate=rate)


def _details(stats: Stats, locale: str) -> str:
    fastest = clock(stats.best_seconds) if stats.best_seconds is not None else "—"
    values = (stats.current_streak, stats.best_streak, stats.best_moves or "—", fastest)
    return " · ".join(
        f"{tr(locale, f'stats.{column}')} {value}"
        for column, value in zip(_DETAILS, values, strict=True)
    )


def _summary(stats: Stats, locale: str) -> str:
    if not stats.played:
        return tr(locale, "stats.none")
    best = tr(locale, "stats.fewest_moves", n=stats.best_moves) if stats.best_moves else ""
    return tr(
        locale, "stats.summary", won=stats.won, played=stats.played,
        rate=f"{100 * stats.win_rate:.0f}", streak=stats.current_streak,
        best_streak=stats.best_streak, fewest=best,
    )  # fmt: skip
