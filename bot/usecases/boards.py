"""The board maker: a stored game and its position → a :class:`Board`
(the picture, its alt text, the status line and what the buttons offer)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections import OrderedDict
from collections.abc import Callable

from render import (
    FOUR_COLOUR,
    METRICS,
    SIZES,
    Metrics,
    Standing,
    Table,
    Theme,
    describe,
)
from render.text import clock, status_line, table_words
from solitaire import Game, Grade, Move
from solitaire.scoring import Scoring, points
from solitaire.solver import Outcome
from storage import (
    UNWON,
    CupRow,
    CupStatus,
    GameRow,
    NotFound,
    Settings,
    Status,
    Store,
    StoreUnavailable,
)
from texts import Msg, tr

from .fairplay import in_play, utc_day
from .fields import OPTION_DESCRIPTION, OPTION_LABEL, PLACEHOLDER, clip, text
from .grades import Grades
from .replies import Board
from .verdicts import KnownVerdict, holding

log = logging.getLogger(__name__)

MAX_CHOICES = 25  # Discord's limit on a select menu's options and on autocomplete

#: The tables kept between pictures, of the games drawn last (a Klondike
#: table is 357 KB, a Casket one 591 KB): the next picture of one of them
#: draws again only the piles that changed.
KEPT_TABLES = 64
#: How long a board trusts the cup it read (its size, whether it is open).
CUP_FRESH = 5.0


#: A move menu's entry whose value starts so opens the moves of one pile.
FROM = "from:"


def move_menu(game: Game, locale: str, pile: str | None = None) -> list[tuple[str, str, str]]:
    """The move menu, as (label, value, description): each pile's most useful
    move, one pick away (the most useful first), then for each pile with
    other moves too, an entry that lists them all (a second pick plays one).
    With *pile*: that pile's moves, and the way back."""
    ordered = game.ordered_moves()

    def entry(move: Move) -> tuple[str, str, str]:
        described = game.describe_move(move).render(locale)
        return move.notation, move.notation, clip(described, OPTION_DESCRIPTION.limit)

    if pile is not None:
        mine = [entry(move) for move in ordered if move.source == pile and not move.is_draw]
        return [*mine[: MAX_CHOICES - 1], (text(OPTION_LABEL, locale, "menu.back"), FROM, "")]
    by_pile: dict[str, list[Move]] = {}
    for move in ordered:
        by_pile.setdefault("" if move.is_draw else move.source, []).append(move)
    best = [entry(moves[0]) for moves in by_pile.values()]
    more = [
        (text(OPTION_LABEL, locale, "menu.from", pile=code, n=len(moves)), FROM + code,
         clip(" · ".join(move.notation for move in moves), OPTION_DESCRIPTION.limit))
        for code, moves in by_pile.items() if code and len(moves) > 1
    ]  # fmt: skip
    return [*best, *more][:MAX_CHOICES]


def score_of(game: Game, scoring: str, seconds: float | None, locale: str) -> str:
    """The game's score as its player scores games: Klondike's Standard
    (timed when the clock shows) or Vegas; elsewhere the cards home. ``""``
    when they keep no score."""
    chosen = Scoring.named(scoring)
    if chosen is Scoring.OFF:
        return ""
    scored = points(game, chosen, seconds)
    if scored is None:
        return tr(locale, "score.home", n=game.cards_home, of=52 * game.DECKS)
    return score_text(chosen, scored, locale)


def score_text(scoring: Scoring, scored: int, locale: str) -> str:
    """A Klondike score in words: ``score 15``, ``Vegas -47``."""
    return tr(locale, f"score.{scoring}", n=scored)


def par_line(game: Game, locale: str, grade: Grade | None) -> str:
    """How a won game's moves compare with its deal's par (*grade*'s);
    empty for a deal with no grade."""
    if grade is None:
        return ""
    return tr(locale, f"won.{grade.against(len(game.moves))}_par", par=grade.par)


def opened(row: GameRow) -> frozenset[str] | None:
    """For a puzzle's game, the cards shown that its game kept face down
    (its board marks them, and lists its stock); ``None`` for any other."""
    if row.puzzle_id is None:
        return None
    revealed = row.extra.get("revealed")
    return frozenset(revealed) if isinstance(revealed, list) else frozenset()


def reviewable(status: Status, game: Game) -> bool:
    """Whether a game is over without a win: resigned, abandoned, or stuck."""
    return status in UNWON or (status == Status.PLAYING and game.is_stuck)


class BoardMaker:
    """Boards of one store's games, drawn as each owner set (in the bot's
    theme unless they chose four colours), timed by one clock."""

    def __init__(self, store: Store, clock: Callable[[], float], theme: Theme) -> None:
        self._store, self._clock, self._theme = store, clock, theme
        self._tables: OrderedDict[int, Table] = OrderedDict()
        self._cups: dict[int, tuple[CupRow, float]] = {}
        self.grades = Grades(store)

    async def board(
        self, row: GameRow, game: Game, news: str, locale: str, *, pile: str | None = None
    ) -> Board:
        """Returns the board of *game* as *row* stores it, with *news* on top;
        its move menu lists the moves from *pile* alone, if given."""
        legal = game.legal_moves()  # computed once here; the copy below shares it
        settings = row.settings or await self._settings(row.user_id)
        cup = await self._cup(row)
        grade = await self.grades.of(row.profile, row.options, row.deal)
        shown = game
        if cup is not None:  # a cup's deal is never named on its boards
            shown = game.copy()
            shown.deal = None
            label = tr(locale, "cup.board", number=row.cup_deal or 0, deals=cup.deals)
            news = "\n".join(filter(None, (label, news)))
        # The active clock, unless the player hides it.
        elapsed = row.seconds_at(self._clock()) if settings.clock else None
        theme = FOUR_COLOUR if settings.colours == FOUR_COLOUR.name else self._theme
        size = SIZES.get(settings.cards, METRICS)
        revealed = opened(row)
        status = status_line(shown, elapsed, locale, grade=grade)  # the picture's and the text's
        # Drawn from a copy: another press may move the game on meanwhile.
        png, alt = await asyncio.to_thread(
            self._picture, row.id, shown.copy(), elapsed, locale, theme, size, grade, revealed,
            status,
        )  # fmt: skip
        lines = [news] if news else []
        if row.status == Status.WON:
            extra = tr(locale, "won.undos", n=row.undos) if row.undos else ""
            extra += tr(locale, "won.hints", n=row.hints) if row.hints else ""
            if elapsed is None:
                lines.append(tr(locale, "won.untimed", n=len(game.moves), extra=extra))
            else:
                lines.append(tr(locale, "won", n=len(game.moves), time=clock(elapsed), extra=extra))
            par = "" if row.practice else par_line(game, locale, grade)  # practice earns no par
            if par:
                lines.append(par)
            standing = "" if cup is not None else await self._standing(row, locale)
            if standing:
                lines.append(standing)
        elif row.status == Status.PLAYING and game.is_stuck:
            lines.append(tr(locale, "board.stuck"))
        playing = row.status == Status.PLAYING
        # A race is on a deal known to be winnable, and every racer plays it
        # with the same help: no verdicts there.
        verdicts = settings.verdicts and not row.private
        known = holding(row) if verdicts else None
        menu = move_menu(game, locale, pile) if playing else []
        cup_open = cup is not None and cup.status != CupStatus.CLOSED
        return Board(
            game_id=row.id,
            owner_id=row.user_id,
            revision=row.revision,
            news="\n".join(lines),
            summary=" · ".join(
                part
                for part in (
                    status,
                    score_of(game, settings.score, elapsed, locale),
                )
                if part
            ),
            png=png,
            alt=alt,
            status=row.status,
            moves=menu,
            menu_title=""
            if pile is None
            else text(PLACEHOLDER, locale, "menu.pile", pile=game.pile_name(pile)),
            can_draw=playing and any(move.is_draw for move in legal),
            can_undo=playing and bool(game.moves) and row.puzzle_id is None,
            can_finish=playing and game.finishing_line() is not None,
            verdict=await self._verdict(row, known, locale),
            verdicts=verdicts,
            winnable=None if known is None else known.outcome is Outcome.WON,
            reviewable=row.puzzle_id is None and reviewable(row.status, game),
            review_held=cup_open or await self._review_held(row, game),
            race_id=row.race_id,
            cup_id=row.cup_id,
            cup_open=cup_open,
            puzzle_id=row.puzzle_id,
            words=tuple(table_words(shown, locale, revealed)) if settings.words else (),
            replaces=(row.channel_id, row.message_id),
        )

    async def position(
        self, game: Game, locale: str, settings: Settings, revealed: frozenset[str]
    ) -> tuple[bytes, str, tuple[str, ...]]:
        """The picture of a position that is no stored game (a one-move
        puzzle's), drawn as its player set; its alt text, and its words for
        a player who reads the table so. Such positions share a kept table
        for each game, look and language (under a key below every game's
        id): a new position redraws the piles that differ, as a move does."""
        theme = FOUR_COLOUR if settings.colours == FOUR_COLOUR.name else self._theme
        size = SIZES.get(settings.cards, METRICS)
        look = f"{game.profile}:{settings.colours}:{settings.cards}:{locale}"
        key = -1 - zlib.crc32(look.encode())
        png, alt = await asyncio.to_thread(
            self._picture, key, game.copy(), None, locale, theme, size, None, revealed, None
        )
        words = tuple(table_words(game, locale, revealed)) if settings.words else ()
        return png, alt, words

    async def _cup(self, row: GameRow) -> CupRow | None:
        """The cup a cup game is played in (``None`` for any other game), as
        read at most CUP_FRESH seconds ago: its boards need its size and
        whether it is open, which a close changes a few seconds late at most."""
        if row.cup_id is None:
            return None
        now = self._clock()
        known = self._cups.get(row.cup_id)
        if known is not None and now - known[1] < CUP_FRESH:
            return known[0]
        try:
            cup = await self._store.get_cup(row.cup_id)
        except NotFound:
            return None
        if len(self._cups) > KEPT_TABLES:
            self._cups.clear()
        self._cups[row.cup_id] = cup, now
        return cup

    async def _verdict(self, row: GameRow, known: KnownVerdict | None, locale: str) -> str:
        """The verdict's line: naming the move that lost the game unless its
        deal is in play (a public board must not tell others what to avoid)."""
        if known is None:
            return ""
        return known.line(locale, name_move=bool(known.move) and not await self._in_play(row))

    async def _review_held(self, row: GameRow, game: Game) -> bool:
        """Whether the game's review waits (no Review button): its deal is
        still in play, raced or today's daily. Asked only of a game over
        without a win."""
        return reviewable(row.status, game) and await self._in_play(row)

    async def _in_play(self, row: GameRow) -> bool:
        """Whether the game's deal is in play (see :mod:`.fairplay`); if the
        store cannot say now, it is taken to be: the board is made all the same."""
        try:
            held = await in_play(self._store, row.profile, row.options, row.deal, self._clock())
        except StoreUnavailable as error:
            log.warning("whether game %s's deal is in play not read: %s", row.id, error)
            return True
        return held is not None

    async def _settings(self, user_id: int) -> Settings:
        """The player's settings; the defaults if the store cannot say now: a
        board may be made after its change was stored, and must not fail then."""
        try:
            return await self._store.settings(user_id)
        except StoreUnavailable as error:
            log.warning("settings of %s not read: %s", user_id, error)
            return Settings()

    def today(self) -> str:
        """The UTC day, ``YYYY-MM-DD``: the daily deal changes at midnight UTC."""
        return utc_day(self._clock())

    async def standing(self, row: GameRow) -> Standing | None:
        """How a win compares with the other players' on the same deal (or
        the same day's daily deal), if there are others: each player's best
        win, and of this player this win alone."""
        if row.daily is not None:
            results = await self._store.daily_results(row.profile, row.daily)
        elif row.deal is not None:
            wins = await self._store.deal_results(row.profile, row.options, row.deal)
            players: set[int] = set()
            results = []
            for win in wins:  # best first
                if win.user_id not in players and (win.user_id != row.user_id or win.id == row.id):
                    players.add(win.user_id)
                    results.append(win)
        else:
            return None
        place = next((i for i, other in enumerate(results, 1) if other.id == row.id), None)
        if place is None or len(results) < 2:
            return None
        return Standing(place, len(results), daily=row.daily is not None)

    async def _standing(self, row: GameRow, locale: str) -> str:
        """How a win compares, in words: ``3rd of 7 today``."""
        try:
            standing = await self.standing(row)
        except StoreUnavailable as error:
            log.warning("standing of game %s not read: %s", row.id, error)
            return ""
        if standing is None:
            return ""
        if row.daily is None:
            where = Msg("standing.deal")
        elif row.daily == self.today():
            where = Msg("standing.today")
        else:
            where = Msg("standing.on", day=row.daily)
        return tr(locale, "standing", place=standing.place, n=standing.of, where=where)

    def _picture(
        self, game_id: int, game: Game, elapsed: float | None, locale: str, theme: Theme,
        size: Metrics, grade: Grade | None, revealed: frozenset[str] | None, status: str | None,
    ) -> tuple[bytes, str]:  # fmt: skip
        """The table's picture and its alt text (in a thread). The game's kept
        table is taken out while it draws: two pictures of one game at once
        (two quick presses) each draw on a table of their own."""
        table = self._tables.pop(game_id, None)
        if table is None or table.kind != (game.profile, theme, size, locale):
            table = Table(game.profile, theme=theme, size=size, locale=locale)
        png = table.render(game, elapsed, grade, revealed, status)
        self._tables[game_id] = table
        while len(self._tables) > KEPT_TABLES:
            with contextlib.suppress(KeyError):  # another thread took the oldest
                self._tables.popitem(last=False)
        return png, describe(game, locale, grade)
