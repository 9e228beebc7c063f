"""The use cases, without Discord: start, move, undo, hint, auto, show, resign.

Each takes plain values (a user id, the text typed) and returns what to show:
a :class:`Board` (the table changed or was asked for), a :class:`Notice` (a
short answer; nothing changed) or a :class:`Choice` (an unfinished game is in
the way). The console and the Discord adapter both speak through it.

A change is acknowledged only after its transaction commits: the board is
built from the game as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from render import CLASSIC, Theme, describe, render_table
from render.text import clock, status_line
from solitaire import (
    BadOption,
    BadRecord,
    Game,
    IllegalMove,
    daily_deal,
    find_variant,
    load_game,
    new_game,
    parse_command,
)
from solitaire.solver import HINT_SECONDS, Outcome, solve
from storage import Conflict, DailyTaken, GameRow, NotFound, Store, UnfinishedGame
from texts import DEFAULT, Msg, tr

from .cooldown import Cooldown

log = logging.getLogger(__name__)

MAX_CHOICES = 25
_RETRIES = 3
_CACHED_GAMES = 1024


@dataclass(frozen=True)
class Board:
    """A game's table: the picture, its alt text, one line of news, and what
    the buttons and the move menu offer."""

    game_id: int
    owner_id: int
    revision: int
    news: str
    summary: str
    png: bytes
    alt: str
    status: str
    moves: list[tuple[str, str]] = field(default_factory=list)
    can_draw: bool = False
    can_undo: bool = False

    @property
    def won(self) -> bool:
        return self.status == "won"

    @property
    def text(self) -> str:
        """What happened, then the game's status line."""
        return f"{self.news}\n{self.summary}" if self.news else self.summary


@dataclass(frozen=True)
class Notice:
    """A short answer. ``private`` ones are for the asker's eyes only."""

    text: str
    private: bool = True


@dataclass(frozen=True)
class Choice:
    """The user has an unfinished game of this profile: resume it or start anew."""

    text: str
    game_id: int
    profile: str
    options: dict[str, Any]
    deal: int | None
    daily: bool = False


Reply = Board | Notice | Choice


class GameService:
    """Games of many users, kept in a :class:`storage.Store`."""

    def __init__(
        self, store: Store, *, clock: Callable[[], float] = time.time, theme: Theme = CLASSIC
    ) -> None:
        self._store = store
        self._clock = clock
        self._theme = theme
        # One lock per game, so that two presses on one game run one after the
        # other; the store's compare-and-set guards against other processes.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # The games played last, by id, with the revision they stand at: a
        # move on a game just played needs no replay.
        self._games: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        # A hint searches for up to HINT_SECONDS of a core; a new deal writes a game.
        self._hints = Cooldown(1, 3.0, clock=clock)
        self._deals = Cooldown(6, 60.0, clock=clock)

    # -- starting ------------------------------------------------------------------

    async def start(
        self,
        user_id: int,
        profile: str,
        *,
        deal: int | None = None,
        options: Mapping[str, object] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        replace: bool = False,
        daily: str | None = None,
        news: str = "",
        winnable: bool = False,
        locale: str = DEFAULT,
    ) -> Reply:
        """Starts a game; if one of that profile is unfinished, offers a choice
        unless *replace* says to abandon it. A *daily* game counts for that day;
        *winnable* picks a deal the solver has won."""
        wait = self._deals.wait(user_id)
        if wait:
            return Notice(tr(locale, "wait.deals", seconds=f"{wait:g}"))
        try:
            # Checked first: only the game's own options reach the engine.
            chosen = {k: v for k, v in (options or {}).items() if v is not None}
            resolved: dict[str, Any] = find_variant(profile).resolve_options(chosen)
            game = new_game(profile, deal, winnable=winnable and deal is None, **resolved)
        except BadOption as error:
            return Notice(error.text(locale))
        try:
            row = await self._store.create_game(
                user_id,
                game.to_record(),
                guild_id=guild_id,
                channel_id=channel_id,
                replace=replace,
                daily=daily,
            )
        except DailyTaken as taken:
            return await self.show(user_id, taken.game.id, locale=locale)
        except UnfinishedGame as unfinished:
            old = unfinished.game
            return Choice(
                tr(locale, "start.unfinished", game=game.title, deal=old.deal, n=len(old.moves)),
                old.id,
                game.profile,
                game.options,
                deal,
                daily=daily is not None,
            )
        news = news or tr(locale, "start.new", game=game.title, deal=game.deal)
        return await self._board(row, game, news, locale)

    def today(self) -> str:
        """The UTC day, ``YYYY-MM-DD``: the daily deal changes at midnight UTC."""
        return datetime.fromtimestamp(self._clock(), tz=UTC).date().isoformat()

    async def daily(
        self,
        user_id: int,
        profile: str,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        replace: bool = False,
        locale: str = DEFAULT,
    ) -> Reply:
        """Starts (or resumes) today's daily deal of *profile*. The first daily
        game of the day counts; playing the deal again is practice."""
        try:
            cls = find_variant(profile)
        except BadOption as error:
            return Notice(error.text(locale))
        day = self.today()
        deal = daily_deal(cls.profile, day)
        counted = await self._store.daily_game(user_id, cls.profile, day)
        if counted is not None and counted.status == "playing":
            return await self.show(user_id, counted.id, locale=locale)
        if counted is None:
            news = tr(locale, "daily.first", game=cls.title, day=day, deal=deal)
        else:
            status = Msg(f"state.{counted.status}")
            news = tr(locale, "daily.again", game=cls.title, day=day, status=status)
        return await self.start(
            user_id,
            cls.profile,
            deal=deal,
            guild_id=guild_id,
            channel_id=channel_id,
            replace=replace,
            daily=day if counted is None else None,
            news=news,
            locale=locale,
        )

    async def resume(self, user_id: int, game_id: int, *, locale: str = DEFAULT) -> Reply:
        return await self.show(user_id, game_id, locale=locale)

    # -- playing ---------------------------------------------------------------------

    async def play(
        self,
        user_id: int,
        text: str,
        *,
        game_id: int | None = None,
        revision: int | None = None,
        locale: str = DEFAULT,
    ) -> Reply:
        """Plays a move or a command (``u``, ``redo``, ``h``, ``a``, ``s``) typed as *text*.

        A press on a board names the game and the *revision* the board shows:
        if the game has changed since (a double click, an old board), nothing
        is played.
        """
        command = parse_command(text)
        if command == "hint":
            return await self.hint(user_id, game_id=game_id, locale=locale)
        change = _COMMANDS.get(command or "", lambda game: _move(game, text))
        return await self._change(user_id, game_id, change, revision, locale)

    async def hint(
        self, user_id: int, *, game_id: int | None = None, locale: str = DEFAULT
    ) -> Reply:
        found = await self._find(user_id, game_id, locale=locale)
        if isinstance(found, Notice):
            return found
        row, game = found
        wait = self._hints.wait(user_id)
        if wait:
            return Notice(tr(locale, "wait.hints", seconds=f"{wait:g}"))
        # The search runs on its own copy: the game itself may move on meanwhile.
        solution = await asyncio.to_thread(solve, game.copy(), max_seconds=HINT_SECONDS)
        await self._store.count_hint(row.id)
        if solution.outcome is Outcome.UNWINNABLE:
            return Notice(tr(locale, "hint.lost"))
        move = solution.moves[0] if solution.moves else game.hint()
        if move is None:
            return Notice(tr(locale, "hint.stuck" if game.is_stuck else "hint.none"))
        key = "hint.winning" if solution.outcome is Outcome.WON else "hint.move"
        return Notice(tr(locale, key, move=move.notation, what=game.describe_move(move)))

    async def show(
        self, user_id: int, game_id: int | None = None, *, locale: str = DEFAULT
    ) -> Reply:
        found = await self._find(user_id, game_id, finished_too=game_id is not None, locale=locale)
        if isinstance(found, Notice):
            return found
        row, game = found
        return await self._board(row, game, "", locale)

    async def resign(self, user_id: int, *, locale: str = DEFAULT) -> Reply:
        found = await self._find(user_id, None, locale=locale)
        if isinstance(found, Notice):
            return found
        row, game = found
        try:
            row = await self._store.set_status(row.id, "resigned")
        except Conflict:
            return Notice(tr(locale, "game.changed"))
        news = tr(locale, "resign.done", game=game.title, deal=game.deal)
        return await self._board(row, game, news, locale)

    async def suggestions(
        self, user_id: int, typed: str = "", *, locale: str = DEFAULT
    ) -> list[tuple[str, str]]:
        """Returns up to 25 legal moves of the user's current game as
        (``notation — what it does``, notation), most useful first."""
        found = await self._find(user_id, None, locale=locale)
        if isinstance(found, Notice):
            return []
        _, game = found
        typed = typed.strip().lower()
        result = []
        for move in game.ordered_moves():
            if typed and not move.notation.replace(" ", "").startswith(typed.replace(" ", "")):
                continue
            what = game.describe_move(move).render(locale)
            result.append((f"{move.notation} — {what}", move.notation))
        return result[:MAX_CHOICES]

    async def play_deal(
        self,
        user_id: int,
        game_id: int,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = DEFAULT,
    ) -> Reply:
        """Starts, for *user_id*, the deal of game *game_id* under its rules:
        a challenge taken up."""
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice(tr(locale, "game.gone"))
        if row.deal is None:
            return Notice(tr(locale, "game.no_deal"))
        return await self.start(
            user_id, row.profile, deal=row.deal, options=row.options,
            guild_id=guild_id, channel_id=channel_id, locale=locale,
        )  # fmt: skip

    async def remember_board(self, game_id: int, channel_id: int | None, message_id: int) -> None:
        await self._store.set_message(game_id, channel_id, message_id)

    async def current_game(self, user_id: int) -> GameRow | None:
        return await self._store.current_game(user_id)

    async def game(self, game_id: int, user_id: int) -> Game | None:
        """Returns the user's game *game_id* as it stands (replayed only if
        it is not the one played last)."""
        found = await self._find(user_id, game_id, finished_too=True)
        return None if isinstance(found, Notice) else found[1]

    @staticmethod
    def rules(profile: str, *, locale: str = DEFAULT) -> str:
        try:
            return tr(locale, f"rules.{find_variant(profile).profile}")
        except BadOption as error:
            return error.text(locale)

    @staticmethod
    def help(*, locale: str = DEFAULT) -> str:
        return tr(locale, "help")

    # -- inside --------------------------------------------------------------------

    async def _find(
        self,
        user_id: int,
        game_id: int | None,
        *,
        finished_too: bool = False,
        locale: str = DEFAULT,
    ) -> tuple[GameRow, Game] | Notice:
        """Returns the user's game (*game_id*, or the current one) replayed."""
        row = await self._row(user_id, game_id, finished_too=finished_too, locale=locale)
        if isinstance(row, Notice):
            return row
        return await self._replayed(row, locale)

    async def _row(
        self,
        user_id: int,
        game_id: int | None,
        *,
        finished_too: bool = False,
        locale: str = DEFAULT,
    ) -> GameRow | Notice:
        """Returns the stored row of the user's game (*game_id*, or the current one)."""
        if game_id is None:
            row = await self._store.current_game(user_id)
            if row is None:
                return Notice(tr(locale, "game.none"))
            return row
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice(tr(locale, "game.gone_start"))
        if row.user_id != user_id:
            return Notice(not_yours(row.user_id, locale))
        if row.status != "playing" and not finished_too:
            return Notice(tr(locale, "game.over", status=Msg(f"state.{row.status}")))
        return row

    async def _replayed(self, row: GameRow, locale: str) -> tuple[GameRow, Game] | Notice:
        """Returns the game of *row*: the one played last if it is still the
        stored revision (no need to replay), else its record replayed."""
        cached = self._games.get(row.id)
        if cached is not None and cached[0] == row.revision:
            self._games.move_to_end(row.id)
            return row, cached[1]
        try:
            if "unreadable" in row.extra:
                raise BadRecord(Msg("record.unreadable", part=row.extra["unreadable"]))
            return row, load_game(row.record)
        except BadRecord as error:
            log.error("game %s does not replay: %s", row.id, error)
            with contextlib.suppress(Conflict):
                await self._store.set_status(row.id, "damaged")
            return Notice(tr(locale, "game.damaged", id=str(row.id), why=error.message))

    def _remember(self, row: GameRow, game: Game) -> None:
        self._games[row.id] = (row.revision, game)
        self._games.move_to_end(row.id)
        while len(self._games) > _CACHED_GAMES:
            self._games.popitem(last=False)

    async def _change(
        self,
        user_id: int,
        game_id: int | None,
        change: Callable[[Game], Msg],
        revision: int | None = None,
        locale: str = DEFAULT,
    ) -> Reply:
        """Applies *change* to the user's game and stores it, retrying if the
        game changed meanwhile; returns the new board or why nothing changed."""
        first = await self._row(user_id, game_id, locale=locale)
        if isinstance(first, Notice):
            return first
        async with self._lock(first.id):
            for attempt in range(_RETRIES):
                cached = self._games.get(first.id)
                if attempt == 0 and cached is not None and cached[0] == first.revision:
                    # Nothing in this process moved it since it was read; a
                    # move from elsewhere fails the compare-and-set below.
                    row, game = first, cached[1]
                else:
                    found = await self._find(user_id, first.id, locale=locale)
                    if isinstance(found, Notice):
                        return found
                    row, game = found
                if revision is not None and row.revision != revision:
                    return Notice(tr(locale, "board.stale"))
                try:
                    news = change(game)
                except IllegalMove as error:
                    return Notice(error.text(locale))  # the rules changed nothing
                record = game.to_record()
                status = "won" if game.is_won else None
                try:
                    row = await self._store.save_moves(
                        row.id,
                        record["moves"],
                        expected_revision=row.revision,
                        redo=record.get("redo", []),
                        undos=game.undos,
                        status=status,
                    )
                except Conflict:
                    self._games.pop(row.id, None)  # changed elsewhere: replay it afresh
                    continue
                except BaseException:
                    self._games.pop(row.id, None)  # played here but not stored: forget it
                    raise
                self._remember(row, game)
                return await self._board(row, game, news.render(locale), locale)
        return Notice(tr(locale, "game.busy"))

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def _board(self, row: GameRow, game: Game, news: str, locale: str) -> Board:
        elapsed = (row.finished_at or self._clock()) - row.started_at
        legal = game.legal_moves()  # computed once here; the copy below shares it
        # Drawn from a copy: another press may move the game on meanwhile.
        png, alt = await asyncio.to_thread(self._draw, game.copy(), elapsed, locale)
        lines = [news] if news else []
        if row.status == "won":
            extra = tr(locale, "won.undos", n=row.undos) if row.undos else ""
            extra += tr(locale, "won.hints", n=row.hints) if row.hints else ""
            lines.append(tr(locale, "won", n=len(game.moves), time=clock(elapsed), extra=extra))
            standing = await self._standing(row, locale)
            if standing:
                lines.append(standing)
        elif row.status == "playing" and game.is_stuck:
            lines.append(tr(locale, "board.stuck"))
        playing = row.status == "playing"
        moves = game.ordered_moves()[:MAX_CHOICES] if playing else []
        return Board(
            game_id=row.id,
            owner_id=row.user_id,
            revision=row.revision,
            news="\n".join(lines),
            summary=status_line(game, elapsed, locale),
            png=png,
            alt=alt,
            status=row.status,
            moves=[(move.notation, game.describe_move(move).render(locale)) for move in moves],
            can_draw=playing and any(move.is_draw for move in legal),
            can_undo=playing and bool(game.moves),
        )

    async def _standing(self, row: GameRow, locale: str) -> str:
        """How a win compares with others on the same deal: ``3rd of 7 today``."""
        if row.daily is not None:
            results = await self._store.daily_results(row.profile, row.daily)
            if row.daily == self.today():
                where = Msg("standing.today")
            else:
                where = Msg("standing.on", day=row.daily)
        elif row.deal is not None:
            results = await self._store.deal_results(row.profile, row.options, row.deal)
            where = Msg("standing.deal")
        else:
            return ""
        place = next((i for i, other in enumerate(results, 1) if other.id == row.id), None)
        if place is None or len(results) < 2:
            return ""
        return tr(locale, "standing", place=place, n=len(results), where=where)

    def _draw(self, game: Game, elapsed: float, locale: str) -> tuple[bytes, str]:
        return render_table(game, theme=self._theme, elapsed=elapsed), describe(game, locale)


def not_yours(owner_id: int, locale: str = DEFAULT) -> str:
    return tr(locale, "game.not_yours", owner=f"<@{owner_id}>")


def _move(game: Game, text: str) -> Msg:
    move = game.parse_move(text)
    words = game.describe_move(move)
    game.play(move)
    return Msg("move.played", move=move.notation, what=words)


def _undo(game: Game) -> Msg:
    return Msg("move.undone", move=game.undo().notation)


def _redo(game: Game) -> Msg:
    return Msg("move.redone", move=game.redo().notation)


def _auto(game: Game) -> Msg:
    played = game.autoplay()
    if not played:
        raise IllegalMove(Msg("auto.none"))
    return Msg("auto.played", moves=", ".join(f"`{move.notation}`" for move in played))


_COMMANDS: dict[str, Callable[[Game], Msg]] = {"undo": _undo, "redo": _redo, "auto": _auto}
