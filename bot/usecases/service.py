"""The use cases, without Discord: start, daily, move, hint, show, resign.

Each takes an :class:`Asker` (who asks, in which language, from where) and
plain values (the text typed), and returns a :class:`Reply`. The console and
the Discord adapter both speak through it.

A change is acknowledged only after its transaction commits: the board is
built from the game as stored.

What they share lives beside it: the games in play (:mod:`.live`), boards
(:mod:`.boards`), what a move or command does (:mod:`.changes`), known hint
lines (:mod:`.hints`), who may see a deal (:mod:`.fairplay`), workers.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from render import CLASSIC, Theme
from solitaire import (
    BadOption,
    Game,
    IllegalMove,
    Move,
    daily_deal,
    find_variant,
    new_game,
    parse_command,
)
from solitaire.scoring import Scoring, vegas
from solitaire.solver import HINT_SECONDS, Outcome
from solitaire.variants.klondike import Klondike
from storage import (
    BoardMessage,
    Conflict,
    DailyTaken,
    GameRow,
    Status,
    Store,
    UnfinishedGame,
)
from texts import Msg, tr

from . import jobs
from .boards import MAX_CHOICES, BoardMaker
from .changes import COMMANDS, hint_notice, hint_where, hint_why, move_news
from .changing import Changing
from .cooldown import Cooldown
from .fairplay import Blocks, in_play, nobody_blocked, open_to_others
from .hints import KnownLine, Shown, digest
from .live import LiveGames
from .puzzles import Puzzles
from .replies import Asker, Board, BoardPlace, Notice, Reply, Unfinished
from .workers import Busy, Kind, Workers, busy_notice

#: Per player, whichever process serves them: (kind, uses, in seconds). A hint's
#: search takes a core for up to HINT_SECONDS; a new deal writes a game.
SEARCHES = ("search", 1, 3.0)
DEALS = ("deal", 6, 60.0)


class GameService(Changing):
    """Games of many users, kept in a :class:`storage.Store`."""

    def __init__(
        self,
        store: Store,
        workers: Workers | None = None,
        *,
        clock: Callable[[], float] = time.time,
        theme: Theme = CLASSIC,
    ) -> None:
        self._store = store
        self._clock = clock
        self.workers = workers or Workers(0)
        self.live = LiveGames(store, self.workers)
        self.boards = BoardMaker(store, clock, theme)
        # A flood of moves must not crowd out the other players of this process.
        self._moves = Cooldown(30, 5.0, clock=clock)
        #: Whether a server blocks a member: the servers' own rules, once the
        #: bot has them (:meth:`bot.usecases.servers.Servers.blocks`).
        self.blocked: Blocks = nobody_blocked
        #: Puzzles, whose games end as a try at them (set where they are made).
        self.puzzles: Puzzles | None = None

    # -- starting ------------------------------------------------------------------

    async def start(
        self,
        asker: Asker,
        profile: str,
        *,
        deal: int | None = None,
        options: Mapping[str, object] | None = None,
        replace: bool = False,
        daily: str | None = None,
        news: str = "",
        winnable: bool = False,
        difficulty: int | None = None,
        practice: bool = False,
    ) -> Reply:
        """Starts a game (``/play``); if one of that profile is unfinished,
        offers a choice unless *replace* says to abandon it. A *daily* game
        counts for that day, a *practice* one is today's daily deal played
        again; *winnable* picks a deal the solver has won, *difficulty* one
        of that many stars."""
        locale = asker.locale
        if deal is not None and difficulty is not None:
            return Notice(tr(locale, "start.deal_or_difficulty"))
        try:
            # Checked first: only the game's own options reach the engine, and
            # a mistyped /play costs the player no turn of the deal limit.
            chosen = {k: v for k, v in (options or {}).items() if v is not None}
            resolved: dict[str, Any] = find_variant(profile).resolve_options(chosen)
            game = new_game(
                profile,
                deal,
                winnable=winnable and deal is None,
                difficulty=difficulty,
                **resolved,
            )
        except BadOption as error:
            return Notice(error.text(locale))
        # Not a deal in play: today's daily is dealt only by /daily, so nobody
        # can rehearse it; a raced one could be played on the side.
        while not (daily or practice) and (
            held := await in_play(self._store, game.profile, game.options, game.deal, self._clock())
        ):
            if deal is not None:
                return Notice(held.refusal(locale, "deal"))
            game = new_game(profile, None, winnable=winnable, difficulty=difficulty, **resolved)
        # Only a game dealt counts: an offer to resume one, or a refusal, does not.
        wait = await self._take_turn(asker, *DEALS, count=False)
        if wait:
            return Notice(tr(locale, "wait.deals", seconds=f"{wait:g}"))
        # Read once for the board too. A Klondike game is scored as its player
        # chose when it was dealt.
        settings = await self._store.settings(asker.user_id)
        scoring = Scoring.named(settings.score)
        scored = scoring if isinstance(game, Klondike) and scoring is not Scoring.OFF else None
        try:
            row = await self._store.create_game(
                asker.user_id,
                game.to_record(),
                guild_id=asker.guild_id,
                channel_id=asker.channel_id,
                replace=replace,
                daily=daily,
                scoring=scored,
                vegas=vegas(game) if scored is Scoring.VEGAS else None,
            )
        except DailyTaken as taken:
            return await self.show(asker, taken.game.id)
        except UnfinishedGame as unfinished:
            old = unfinished.game
            return Unfinished(
                tr(locale, "start.unfinished", game=game.name, deal=old.deal, n=len(old.moves)),
                old.id,
                game.profile,
                game.options,
                deal,
                daily=daily is not None,
                winnable=winnable and deal is None,
                difficulty=difficulty,
            )
        await self._take_turn(asker, *DEALS)
        self.live.note_current(row)
        news = news or tr(locale, "start.new", game=game.name, deal=game.deal)
        if row.practice and not practice:
            news = f"{news}\n{tr(locale, 'start.practice')}"
        row = dataclasses.replace(row, settings=settings)
        return await self.boards.board(row, game, news, locale)

    async def daily(self, asker: Asker, profile: str, *, replace: bool = False) -> Reply:
        """Starts (or resumes) today's daily deal of *profile*. The first daily
        game of the day counts; playing the deal again is practice."""
        locale = asker.locale
        try:
            cls = find_variant(profile)
        except BadOption as error:
            return Notice(error.text(locale))
        day = self.boards.today()
        deal = daily_deal(cls.profile, day)
        counted = await self._store.daily_game(asker.user_id, cls.profile, day)
        if counted is not None and counted.status == Status.PLAYING:
            return await self.show(asker, counted.id)
        if counted is None:
            news = tr(locale, "daily.first", game=cls.name, day=day, deal=deal)
        else:
            status = Msg(f"state.{counted.status}")
            news = tr(locale, "daily.again", game=cls.name, day=day, status=status)
        return await self.start(
            asker,
            cls.profile,
            deal=deal,
            replace=replace,
            daily=day if counted is None else None,
            practice=counted is not None,
            news=news,
        )

    async def play_deal(self, asker: Asker, game_id: int) -> Reply:
        """Starts, for the asker, the deal of game *game_id* under its rules:
        a challenge taken up."""
        row = await open_to_others(
            self._store, asker, game_id, self._clock(), "deal", blocked=self.blocked
        )
        if isinstance(row, Notice):
            return row
        if row.deal is None:
            return Notice(tr(asker.locale, "game.no_deal"))
        return await self.start(asker, row.profile, deal=row.deal, options=row.options)

    # -- playing ---------------------------------------------------------------------

    async def move(
        self,
        asker: Asker,
        text: str,
        *,
        game_id: int | None = None,
        revision: int | None = None,
    ) -> Reply:
        """Plays a move or a command (``u``, ``redo``, ``h``, ``a``, ``s``) typed as *text*.

        A press on a board names the game and the *revision* the board shows:
        if the game has changed since (a double click, an old board), nothing
        is played.
        """
        command = parse_command(text)
        if command == "hint":
            return await self.hint(asker, game_id=game_id)
        wait = self._moves.wait(asker.user_id)
        if wait:
            return Notice(tr(asker.locale, "wait.moves", seconds=f"{wait:g}"))
        change = COMMANDS.get(command or "", lambda game: move_news(game, text))
        return await self._change(asker, game_id, change, revision, undo=command == "undo")

    async def hint(self, asker: Asker, *, game_id: int | None = None) -> Reply:
        """A good move: the next of a winning line already found, if the game
        still follows it; else what a search (in a worker) finds."""
        locale = asker.locale
        found = await self._find(asker, game_id)
        if isinstance(found, Notice):
            return found
        row, game = found
        if row.puzzle_id is not None:
            return await self._give_up(asker, row, game, tr(locale, "puzzle.hint_gives_up"))
        if await self._clean_cup(row):
            return Notice(tr(locale, "cup.clean"))
        # A deal an open cup holds gets no hint but in the cup's own games.
        held = await in_play(
            self._store, row.profile, row.options, row.deal, self._clock(), own=row
        )
        if held is not None and held.cup is not None:
            return Notice(held.refusal(locale, "hint"))
        # The game in the cache may move on while this waits: work on a copy.
        position = game.copy()
        moves = [move.notation for move in position.moves]
        # Hints come in three steps a position (where, what, why), counted once.
        shown = Shown.from_row(row.hint)
        if shown is not None and shown.of(moves) and _legal(position, shown.move):
            step = min(shown.step + 1, 3)
            going = {**(row.hint or {}), "shown": replace(shown, step=step).to_row()}
            await self._store.keep_hint(row.id, going)
            if step == 2:
                return hint_notice(position, shown.move, _won(shown.winning), locale)
            return hint_why(position, shown.move, shown.winning, locale)
        known = KnownLine.from_row(row.hint)
        if known is not None and known.is_lost(moves):
            await self._store.count_hint(row.id)
            return Notice(tr(locale, "hint.lost"))
        following = known.next_move(moves) if known is not None else None
        if following is not None:
            return await self._first_step(row, row.hint, position, following, True, locale)
        wait = await self._take_turn(asker, *SEARCHES)
        if wait:
            return Notice(tr(locale, "wait.hints", seconds=f"{wait:g}"))
        try:
            searched = await self.workers.run(
                Kind.SEARCH, jobs.search, position.to_record(), HINT_SECONDS, self.workers.memory,
                player=asker.user_id,
            )  # fmt: skip
        except Busy as busy:
            return busy_notice(busy, locale)
        kept = None
        if searched.outcome is Outcome.WON:
            kept = KnownLine.found(moves, searched.line).to_row()
        elif searched.outcome is Outcome.UNWINNABLE:
            kept = KnownLine.found(moves, lost=True).to_row()
        move = searched.line[0] if searched.line else searched.fallback
        if searched.outcome is Outcome.UNWINNABLE or move is None:
            await self._store.count_hint(row.id, kept)
            if searched.outcome is Outcome.UNWINNABLE:
                return Notice(tr(locale, "hint.lost"))
            return Notice(tr(locale, "hint.stuck" if position.is_stuck else "hint.none"))
        winning = searched.outcome is Outcome.WON
        return await self._first_step(row, kept or row.hint, position, move, winning, locale)

    async def _first_step(
        self,
        row: GameRow,
        hint: dict[str, Any] | None,
        position: Game,
        move: str,
        winning: bool,
        locale: str,
    ) -> Notice:
        """A position's first hint, counted: the pile to look at; the move
        and why are kept, with what the search found, for the next presses."""
        moves = [played.notation for played in position.moves]
        shown = Shown(len(moves), digest(moves), 1, move, winning)
        await self._store.count_hint(row.id, {**(hint or {}), "shown": shown.to_row()})
        return hint_where(position, move, locale)

    async def show(
        self,
        asker: Asker,
        game_id: int | None = None,
        *,
        revision: int | None = None,
        pile: str | None = None,
    ) -> Reply:
        """The board of the asker's game *game_id* (finished too), or of the
        current one; its move menu lists the moves from *pile* alone, if
        given. A board pressed at an older *revision* gets "changed since"."""
        found = await self._find(asker, game_id, finished_too=game_id is not None)
        if isinstance(found, Notice):
            return found
        row, game = found
        if revision is not None and row.revision != revision:
            return Notice(tr(asker.locale, "board.stale"))
        if pile is not None and pile not in game.PILES:
            return Notice(tr(asker.locale, "said.stale_button"))
        return await self.boards.board(row, game, "", asker.locale, pile=pile)

    async def resign(self, asker: Asker) -> Reply:
        found = await self._find(asker, None)
        if isinstance(found, Notice):
            return found
        row, game = found
        if row.puzzle_id is not None:
            return await self._give_up(asker, row, game, tr(asker.locale, "puzzle.resigned"))
        try:
            row = await self._store.set_status(row.id, Status.RESIGNED)
        except Conflict:
            return Notice(tr(asker.locale, "game.changed"))
        self.live.note_current(row)
        if row.cup_id is None:
            news = tr(asker.locale, "resign.done", game=game.name, deal=game.deal)
        else:  # a cup's deal is named once the cup is closed
            news = tr(asker.locale, "cup.resigned", game=game.name)
        return await self.boards.board(row, game, news, asker.locale)

    async def _give_up(self, asker: Asker, row: GameRow, game: Game, news: str) -> Reply:
        """Ends a puzzle game unsolved (resigned, or a hint asked) and counts the try."""
        try:
            row = await self._store.set_status(row.id, Status.RESIGNED)
        except Conflict:
            return Notice(tr(asker.locale, "game.changed"))
        self.live.note_current(row)
        told = await self._puzzle_over(row, False, asker.locale)
        return await self.boards.board(row, game, "\n".join((news, told)), asker.locale)

    async def suggestions(self, asker: Asker, typed: str = "") -> list[tuple[str, str]]:
        """Returns up to 25 legal moves of the asker's current game as
        (``notation — what it does``, notation), most useful first, then the
        piles a tap on which plays a move, as (``4 → 4 f1 — …``, ``4``)."""
        # From the game this process last stored for the player, as it is: a
        # game moved on or started in another process shows here a little
        # later, and a move is checked against the store.
        held = self.live.current(asker.user_id)
        if held is not None:
            game = held[1]
        else:
            found = await self._find(asker, None)
            if isinstance(found, Notice):
                return []
            _, game = found
        typed = typed.strip().lower().replace(" ", "")
        worded: dict[Move, str] = {}  # a tap's move is often listed too: worded once

        def what(move: Move) -> str:
            if move not in worded:
                worded[move] = game.describe_move(move).render(asker.locale)
            return worded[move]

        result = []
        for move in game.ordered_moves():
            if typed and not move.notation.replace(" ", "").startswith(typed):
                continue
            result.append((f"{move.notation} — {what(move)}", move.notation))
        # One tap: a pile's code alone, where it names one move.
        sources = {move.source for move in game.legal_moves()}
        for code in game.PILES:
            if code not in sources or (typed and not code.startswith(typed)):
                continue
            try:
                move = game.one_tap(code)
            except IllegalMove:
                continue
            if not move.is_draw:
                result.append((f"{code} → {move.notation} — {what(move)}", code))
        return result[:MAX_CHOICES]

    async def remember_board(
        self, board: Board, channel_id: int | None, message_id: int
    ) -> BoardMessage | None:
        """Remembers the message of *board* as its game's board; returns the
        one it replaces, to retire."""
        return await self._store.set_message(
            board.game_id, channel_id, message_id, expected=board.replaces
        )

    async def live_board(self, game_id: int) -> BoardPlace | None:
        """Where the game's live board is, as the store says."""
        row = await self._store.get_game(game_id)
        if row.channel_id is None or row.message_id is None:
            return None
        return BoardPlace(row.guild_id, row.channel_id, row.message_id)

    async def current_game(self, user_id: int) -> GameRow | None:
        return await self._store.current_game(user_id)

    async def game(self, asker: Asker, game_id: int) -> Game | None:
        """Returns the asker's game *game_id* as it stands."""
        found = await self._find(asker, game_id, finished_too=True)
        return None if isinstance(found, Notice) else found[1]

    @staticmethod
    def rules(asker: Asker, profile: str) -> str:
        try:
            return tr(asker.locale, f"rules.{find_variant(profile).profile}")
        except BadOption as error:
            return error.text(asker.locale)

    @staticmethod
    def help(asker: Asker) -> str:
        return tr(asker.locale, "help") + "\n" + tr(asker.locale, "help.text")


def _legal(game: Game, notation: str) -> bool:
    try:
        return game.parse_move(notation) in game.legal_moves()
    except IllegalMove:
        return False


def _won(winning: bool) -> Outcome:
    return Outcome.WON if winning else Outcome.UNKNOWN
