"""A review after the game: could the deal be won, which move lost it, and
a winning line from the last position that still won, as text and a GIF.

A review shows the way to win, so it waits while its deal is in play (a
race on it, today's daily: :mod:`.fairplay`), and its player's games of that
deal count on no board from then on."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from solitaire import BadRecord
from solitaire.solver import Outcome
from storage import GameRow, NotFound, Status, Store
from texts import tr

from . import jobs
from .fairplay import Blocks, cup_held, in_play, kept_out, nobody_blocked, puzzle_held
from .puzzles import Puzzles
from .replies import Animation, Asker, Notice
from .streaks import Streaks
from .workers import Busy, Kind, Workers, busy_notice

log = logging.getLogger(__name__)

#: Each position the review looks at is searched this long, and all of them
#: within REVIEW_WITHIN (inside its worker's time limit, ``LIMITS[Kind.REVIEW]``).
REVIEW_SECONDS = 0.5
REVIEW_WITHIN = 45.0
#: The winning line's moves written out; the GIF shows them all.
LINE_SHOWN = 20
_CACHED = 64


class Reviews:
    """Reviews of finished games, made in a worker once per game."""

    def __init__(
        self,
        store: Store,
        workers: Workers,
        theme: str = "classic",
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store, self._workers, self._theme, self._clock = store, workers, theme, clock
        self._done: OrderedDict[tuple[int, int, str], Animation] = OrderedDict()
        #: Whether a server blocks a member (:func:`.fairplay.kept_out`).
        self.blocked: Blocks = nobody_blocked
        #: Where a good puzzle a review finds is kept (set where puzzles are made).
        self.puzzles: Puzzles | None = None
        #: Where a one-move puzzle a review finds is kept (likewise).
        self.streaks: Streaks | None = None
        self._looking: set[asyncio.Task[None]] = set()

    async def choose(self, asker: Asker, game_id: int | None = None) -> GameRow | Notice:
        """The game to review: the asker's game *game_id*, or else their
        current game if it is stuck, or their last game that ended without a
        win; or why there is none to review now. Asked before the bot
        answers in public that a review is coming: a refusal is private."""
        locale = asker.locale
        if game_id is not None:
            try:
                row: GameRow | None = await self._store.get_game(game_id)
            except NotFound:
                return Notice(tr(locale, "game.gone"))
        else:
            row = await self._store.current_game(asker.user_id)
            if row is None or not await self._is_stuck(row.record):
                row = await self._store.last_unwon_game(asker.user_id)
        if row is None:
            return Notice(tr(locale, "review.none"))
        if row.user_id != asker.user_id:
            return Notice(tr(locale, "review.not_yours"))  # names no one
        if row.status == Status.WON:
            return Notice(tr(locale, "review.won"))
        if (refused := await kept_out(self.blocked, row, asker)) is not None:
            return refused
        if (puzzle := puzzle_held(row, locale)) is not None:
            return puzzle
        # A game still being played is reviewed only once it is stuck.
        if row.status == Status.PLAYING and not await self._is_stuck(row.record):
            return Notice(tr(locale, "review.playing"))
        in_cup = await cup_held(self._store, row, locale)
        if in_cup is not None:
            return in_cup
        held = await in_play(self._store, row.profile, row.options, row.deal, self._clock())
        if held is not None:
            return Notice(held.refusal(locale, "review"))
        return row

    async def review(self, asker: Asker, game_id: int | None = None) -> Animation | Notice:
        """Reviews the asker's game *game_id*, or the one :meth:`choose` picks."""
        row = await self.choose(asker, game_id)
        return row if isinstance(row, Notice) else await self.review_game(asker, row)

    async def review_game(self, asker: Asker, row: GameRow) -> Animation | Notice:
        """Reviews *row*, a game :meth:`choose` chose for the asker. From
        now on their games of its deal count on no board: they saw its line."""
        locale = asker.locale
        key = (row.id, row.revision, locale)
        done = self._done.get(key)
        if done is None:
            try:
                found = await self._workers.run(
                    Kind.REVIEW, jobs.review, row.record, REVIEW_SECONDS, self._theme, locale,
                    REVIEW_WITHIN, self._workers.memory, player=asker.user_id,
                )  # fmt: skip
            except BadRecord as error:
                return Notice(error.text(locale))
            except Busy as busy:
                return busy_notice(busy, locale)
            done = Animation(found.gif, _said(found, row.deal, locale))
            if found.puzzle is not None and self.puzzles is not None and row.puzzle_id is None:
                await self.puzzles.keep(row, found.puzzle)
            if found.lost and row.puzzle_id is None and row.record.get("start") is None:
                self._look_for_one_move(row, found.kept)
            self._done[key] = done
            while len(self._done) > _CACHED:
                self._done.popitem(last=False)
        self._done.move_to_end(key)
        await self._store.saw_line(row.user_id, row.profile, row.options, row.deal)
        return done

    def _look_for_one_move(self, row: GameRow, kept: int) -> None:
        """Looks, after the review is out, for a one-move puzzle at the
        position before the move that lost *row*'s game (a search of each
        first move, in a worker), and keeps it for Puzzle Streak and Racer."""
        if self.streaks is None:
            return
        task = asyncio.create_task(self._one_move(row, kept, self.streaks))
        self._looking.add(task)
        task.add_done_callback(self._looking.discard)

    async def _one_move(self, row: GameRow, kept: int, streaks: Streaks) -> None:
        try:
            found = await self._workers.run(
                Kind.REVIEW, jobs.one_move_before, row.record, kept, player=row.user_id
            )
            if found is not None:
                await streaks.keep(row.user_id, found)
        except Exception as error:  # a nicety after the reply: logged, never answered
            log.info("no one-move puzzle looked for in game %s: %r", row.id, error)

    async def _is_stuck(self, record: dict[str, Any]) -> bool:
        try:
            stuck: bool = await self._workers.run(Kind.REPLAY, jobs.is_stuck, record)
        except (Busy, BadRecord):
            return False
        return stuck


def _said(found: jobs.Review, deal: int | None, locale: str) -> str:
    what = tr(locale, "review.deal", deal=deal) if deal is not None else tr(locale, "review.set")
    if found.deal is Outcome.UNWINNABLE:
        return tr(locale, "review.cannot", what=what)
    if found.deal is Outcome.UNKNOWN:
        return tr(locale, "review.unknown", what=what, seconds=REVIEW_SECONDS)
    lines = [tr(locale, "review.could", what=what)]
    if found.lost is False:
        lines.append(tr(locale, "review.still"))
    elif found.lost:
        lines.append(tr(locale, "review.lost_at", n=found.kept + 1))
    else:
        lines.append(tr(locale, "review.kept", n=found.kept))
    shown = " ".join(f"`{move}`" for move in found.line[:LINE_SHOWN])
    more = tr(locale, "review.more", n=len(found.line)) if len(found.line) > LINE_SHOWN else ""
    lines.append(tr(locale, "review.line", n=found.kept, line=shown, more=more))
    return "\n".join(lines)[:2000]
