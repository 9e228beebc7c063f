"""How a player's game changes: read (as this process holds it, or as
stored), changed under its lock, stored if no one stored it since (else
read and changed again), and its board made with the news of the change.
The part of :class:`~.service.GameService` every move, draw and undo goes
through."""

from __future__ import annotations

from collections.abc import Callable

from render.text import Glance, glance
from solitaire import BadRecord, Game, IllegalMove
from solitaire.scoring import Scoring, vegas
from storage import Conflict, GameRow, NotFound, Status, Store
from texts import Msg, tr

from .achievements import new_line
from .boards import BoardMaker
from .changes import in_words
from .fairplay import Blocks, kept_out
from .live import LiveGames
from .puzzles import Puzzles
from .replies import Asker, Notice, Reply
from .workers import Busy, busy_notice

_RETRIES = 3
#: The most moves a game's record may hold: a long game loads in bounded time.
MAX_MOVES = 2000


class Changing:
    """Reads, changes and stores a player's game (a part of the service)."""

    _store: Store
    _clock: Callable[[], float]
    live: LiveGames
    boards: BoardMaker
    blocked: Blocks
    puzzles: Puzzles | None

    async def _puzzle_over(self, row: GameRow, solved: bool, locale: str) -> str:
        return "" if self.puzzles is None else await self.puzzles.finish(row, solved, locale)

    def _known(self, asker: Asker, game_id: int | None, revision: int | None) -> GameRow | None:
        """The row of the game asked for (*game_id*, or the asker's current
        one) as this process last stored it, if a move may be played from it
        without reading the store first: the move's compare-and-set proves
        it fresh (its revision; for the current game, that no other game of
        the player was touched since), or finds it stale, and then the store
        is read. ``None`` where only the store can say (or refuse)."""
        held = self.live.current(asker.user_id) if game_id is None else self.live.held(game_id)
        if held is None:
            return None
        row = held[0]
        mine = row.user_id == asker.user_id and (not row.private or asker.private)
        if not mine or row.status != Status.PLAYING or row.settings is None:
            return None
        return row if revision is None or revision == row.revision else None

    async def _clean_cup(self, row: GameRow) -> bool:
        """Whether the game is played in a cup without undo and hint."""
        if row.cup_id is None:
            return False
        try:
            return (await self._store.get_cup(row.cup_id)).clean
        except NotFound:
            return False

    async def _take_turn(
        self, asker: Asker, kind: str, times: int, seconds: float, *, count: bool = True
    ) -> float:
        """A use of a shared resource, counted in the store so that every
        process sees it; returns how long to wait first (0: go ahead)."""
        now = self._clock()
        return await self._store.take_turn(asker.user_id, kind, times, seconds, now, count=count)

    async def _find(
        self, asker: Asker, game_id: int | None, *, finished_too: bool = False
    ) -> tuple[GameRow, Game] | Notice:
        """Returns the asker's game (*game_id*, or the current one) replayed."""
        row = await self._row(asker, game_id, finished_too=finished_too)
        if isinstance(row, Notice):
            return row
        try:
            return row, await self.live.game(row)
        except BadRecord as error:
            return Notice(tr(asker.locale, "game.damaged", id=str(row.id), why=error.message))
        except Busy as busy:
            return busy_notice(busy, asker.locale)

    async def _row(
        self, asker: Asker, game_id: int | None, *, finished_too: bool = False
    ) -> GameRow | Notice:
        """Returns the stored row of the asker's game (*game_id*, or the current one)."""
        locale = asker.locale
        if game_id is None:
            row = await self._store.current_game(asker.user_id)
            if row is None:
                self.live.forget_current([asker.user_id])
                return Notice(tr(locale, "game.none"))
            self.live.note_current(row)
            if row.private and not asker.private:
                return Notice(tr(locale, "race.not_in_chat"))
            return await self._unblocked(row, asker)
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice(tr(locale, "game.gone_start"))
        if row.user_id != asker.user_id:
            return Notice(not_yours(row.user_id, locale))
        if row.status != Status.PLAYING and not finished_too:
            return Notice(tr(locale, "game.over", status=Msg(f"state.{row.status}")))
        if row.private and not asker.private and row.status == Status.PLAYING:
            return Notice(tr(locale, "race.not_in_chat"))  # a racer's board is theirs alone
        return await self._unblocked(row, asker)

    async def _unblocked(self, row: GameRow, asker: Asker) -> GameRow | Notice:
        """*row*, unless its own server blocked the asker (:func:`kept_out`)."""
        return await kept_out(self.blocked, row, asker) or row

    async def _change(
        self,
        asker: Asker,
        game_id: int | None,
        change: Callable[[Game], Msg],
        revision: int | None = None,
        *,
        undo: bool = False,
        from_store: bool = False,
    ) -> Reply:
        """Applies *change* to the asker's game and stores it, retrying if the
        game changed meanwhile; returns the new board or why nothing changed.
        Past ``MAX_MOVES`` only an *undo* is played. The game is read from
        the store unless this process holds it as it last stored it
        (:meth:`_known`); if that turns out stale, it is read and the change
        made again."""
        locale = asker.locale
        known = None if from_store else self._known(asker, game_id, revision)
        first = known or await self._row(asker, game_id)
        if isinstance(first, Notice):
            return first
        refused = await self._undo_refused(first, locale) if undo else None
        if refused is not None:
            return refused
        async with self.live.lock(first.id):
            for attempt in range(_RETRIES):
                held = await self._held(asker, first, known, attempt)
                if held is None:
                    break  # moved on while this waited for the lock: read afresh
                if isinstance(held, Notice):
                    return held
                row, game = held
                if revision is not None and row.revision != revision:
                    return Notice(tr(locale, "board.stale"))
                if not undo and len(game.moves) >= MAX_MOVES:
                    if known is not None:
                        break  # said only of the game as stored
                    return Notice(tr(locale, "game.too_long", n=MAX_MOVES))
                worded = first.settings is not None and first.settings.words
                before = glance(game) if worded else None  # what a move did, in words
                try:
                    game, news = await self._played(game, change, undo)
                except IllegalMove as error:
                    if known is not None:
                        break  # a refusal is said only of the game as stored
                    return Notice(error.text(locale))  # the rules changed nothing
                except Busy as busy:
                    return busy_notice(busy, locale)
                try:
                    row = await self._save(row, game, current=known is not None and game_id is None)
                except Conflict:
                    self.live.forget(row.id)  # changed elsewhere: replay it afresh
                    if known is not None:
                        break  # the game asked for may be another now: read afresh
                    continue
                return await self._moved(row, game, news, before, locale)
        if known is not None:
            return await self._change(asker, game_id, change, revision, undo=undo, from_store=True)
        return Notice(tr(locale, "game.busy"))

    async def _undo_refused(self, row: GameRow, locale: str) -> Notice | None:
        """Why an undo is not for this game: a puzzle's, or a clean cup run's."""
        if row.puzzle_id is not None:
            return Notice(tr(locale, "puzzle.no_undo"))
        if await self._clean_cup(row):
            return Notice(tr(locale, "cup.clean"))
        return None

    async def _held(
        self, asker: Asker, first: GameRow, known: GameRow | None, attempt: int
    ) -> tuple[GameRow, Game] | Notice | None:
        """The game to change, under its lock: as this process holds it if
        nothing here moved it since *first* was read (a move from elsewhere
        fails the store's compare-and-set), else as stored; ``None`` if the
        game held as *known* moved on meanwhile."""
        cached = self.live.cached(first) if attempt == 0 else None
        if known is not None and cached is None:
            return None
        if cached is not None:
            return first, cached
        return await self._find(asker, first.id)

    async def _played(
        self, game: Game, change: Callable[[Game], Msg], undo: bool
    ) -> tuple[Game, Msg]:
        """*game* after *change* (or the undo of its last move), and what it did."""
        if undo and not game.has_history:
            taken_back = game.moves[-1]
            return await self.live.undone(game), Msg("move.undone", move=taken_back.notation)
        return game, change(game)

    async def _save(self, row: GameRow, game: Game, *, current: bool) -> GameRow:
        """Stores *game*, played on from *row*, if no one stored it since;
        a game played here but not stored is forgotten.

        :raises Conflict: if it was stored since.
        """
        record = game.to_record()
        try:
            return await self._store.save_moves(
                row.id,
                record["moves"],
                expected_revision=row.revision,
                redo=record.get("redo", []),
                undos=game.undos,
                status=Status.WON if game.is_won else None,
                home=game.cards_home,
                stuck=game.is_stuck,
                vegas=vegas(game) if row.scoring == Scoring.VEGAS else None,
                still_current=current,
            )
        except Conflict:
            raise
        except BaseException:
            self.live.forget(row.id)
            raise

    async def _moved(
        self, row: GameRow, game: Game, news: Msg, before: Glance | None, locale: str
    ) -> Reply:
        """The board after a stored move, and its news, step by step: what
        it did in words (for a player who reads the table so), a puzzle's
        result, the badges it earned."""
        self.live.remember(row, game)
        self.live.note_current(row)  # the game changed last is the current one
        if before is not None:
            news = in_words(news, before, game, locale)
        told = ""
        if row.puzzle_id is not None:
            row, told = await self._puzzle_moved(row, game, locale)
        earned = new_line(row.earned, locale), new_line(row.earned_before, locale, "ach.before")
        said = "\n".join(filter(None, (news.render(locale), told, *earned)))
        return await self.boards.board(row, game, said, locale)

    async def _puzzle_moved(self, row: GameRow, game: Game, locale: str) -> tuple[GameRow, str]:
        """After a move in a puzzle: solved if won; failed, at once, if no
        move is left or the solver proves the position lost."""
        if row.status == Status.WON:
            return row, await self._puzzle_over(row, True, locale)
        if self.puzzles is None:
            return row, ""
        if not game.is_stuck and not await self.puzzles.lost(game.to_record(), row.user_id):
            return row, ""
        try:
            row = await self._store.set_status(row.id, Status.LOST)
        except Conflict:
            return row, ""  # moved on meanwhile: the next move tells
        self.live.forget(row.id)
        self.live.note_current(row)
        return row, "\n".join(
            (tr(locale, "puzzle.lost"), await self._puzzle_over(row, False, locale))
        )


def not_yours(owner_id: int, locale: str) -> str:
    return tr(locale, "game.not_yours", owner=f"<@{owner_id}>")
