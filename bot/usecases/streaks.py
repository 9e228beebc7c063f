"""Puzzle Streak: one-move puzzles in a row, until the first mistake.

A one-move puzzle asks "which move keeps it winnable?" of a position from a
real game (:mod:`solitaire.one_move`): one or two of its moves keep a
proved win, and every other is proved lost, so a try is judged from the
moves kept, with no search. A run deals them on the player's private board,
starting a little below their puzzle rating and rising with each right
move; a right move deals the next at once, the first wrong one ends the run
and shows the move(s) that kept the win. One skip a run. A run's tries rate
nothing; its score and the player's best run are kept (``/profile``).

The store keeps the run in play (:mod:`storage._runs`): a board names the
puzzle and the run's step it shows, so a press on an old board changes
nothing, and a run goes on after a restart from its board or from
``/puzzle mode:streak``. Puzzles come from no game of the player's, and
from no deal still in play.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from solitaire import load_position
from solitaire.game import Game
from solitaire.one_move import OneMove, day_one
from solitaire.piles import pile_kind
from solitaire.puzzles import DEALT
from storage import UNRATED, NewOneMove, OneMoveRow, RunRow, Store
from texts import Msg, tr

from .boards import FROM, BoardMaker, move_menu
from .fairplay import in_play
from .fields import PLACEHOLDER, text
from .puzzles import source_digest
from .replies import Asker, Notice, RunBoard

#: A run's first puzzle is rated this much below the player's puzzle rating…
BELOW = 200.0
#: …and each right move asks for one rated this much higher.
RISE = 40.0
#: The next puzzle is drawn among this many of the nearest to that rating
#: (among this many, nearest first, if their deals are all in play).
NEAREST, FARTHEST = 5, 50
#: A one-move puzzle's rating before anyone tried it, from the chance of
#: guessing it: a 1-in-2 guess is rated this…
GUESS_RATING = 1000.0
#: …and each halving of the chance this much more.
PER_HALVING = 250.0


def first_rating(offered: int, keeping: int) -> float:
    """A new one-move puzzle's rating, from how many of its *offered* moves
    keep the win: the fewer, the harder to guess.

    >>> first_rating(2, 1), first_rating(4, 1), first_rating(16, 1)
    (1000.0, 1250.0, 1750.0)
    """
    return GUESS_RATING + PER_HALVING * (math.log2(max(offered, keeping) / keeping) - 1)


def to_keep(puzzle: OneMove) -> NewOneMove:
    """*puzzle* as the store keeps it, first rated by :func:`first_rating`
    (as sure of it as of any new rating)."""
    rated = (first_rating(puzzle.offered, len(puzzle.keeping)), *UNRATED[1:])
    return NewOneMove(
        puzzle.profile, puzzle.options, puzzle.start, puzzle.keeping, puzzle.offered, rated,
        puzzle.deal, puzzle.revealed,
    )  # fmt: skip


class Streaks:
    """Runs of one-move puzzles, one at a time for each player."""

    def __init__(
        self,
        store: Store,
        boards: BoardMaker,
        *,
        key: bytes,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], list[OneMove]] = day_one,
    ) -> None:
        self._store, self._boards, self._key, self._clock = store, boards, key, clock
        self._day_one = seeds
        self._seeded = False

    async def seed(self) -> int:
        """Keeps the one-move puzzles of day one if the bot has none of its
        own yet, once: how many were added."""
        if self._seeded:
            return 0
        added = 0
        if await self._store.count_one_moves(pool=True) == 0:
            puzzles = [to_keep(puzzle) for puzzle in self._day_one()]
            added = await self._store.add_one_moves(puzzles, source=None)
        self._seeded = True
        return added

    async def keep(self, user_id: int, puzzle: OneMove) -> bool:
        """Keeps *puzzle*, found in a lost game of *user_id*'s: under a keyed
        digest of their id that names no one, never dealt to them, gone when
        they are forgotten. Whether it was new."""
        source = source_digest(self._key, user_id)
        return await self._store.add_one_moves([to_keep(puzzle)], source=source) == 1

    async def start(self, asker: Asker) -> RunBoard | Notice:
        """``/puzzle mode:streak``: a new run, or the board of the run in play."""
        locale = asker.locale
        run = await self._store.puzzle_run(asker.user_id)
        if run is not None and run.playing:
            said = tr(locale, "streak.resumed", n=run.score)
            if run.puzzle_id is not None and await self._store.one_move(run.puzzle_id) is None:
                return await self._past_gone(asker, run, said)
            return await self._board(asker, run, said)
        await self.seed()
        rating = (await self._store.puzzle_player(asker.user_id)).rated[0]
        puzzle = await self._next(asker, rating - BELOW, ())
        if puzzle is None:
            return Notice(tr(locale, "streak.none"))
        run = await self._store.start_run(asker.user_id, puzzle.id)
        if run.step == 1 and run.puzzle_id == puzzle.id:
            return await self._board(asker, run, tr(locale, "streak.started"))
        return await self._board(asker, run, tr(locale, "streak.resumed", n=run.score))

    async def answer(
        self, asker: Asker, puzzle_id: int, step: int, value: str
    ) -> RunBoard | Notice:
        """A pick from the menu of the board showing *puzzle_id* at *step*:
        a move (judged), or a pile whose moves the menu should list."""
        locale = asker.locale
        found = await self._playing(asker, puzzle_id, step)
        if isinstance(found, Notice):
            return found
        run, puzzle = found
        if puzzle is None:
            return await self._past_gone(asker, run, "")
        if value.startswith(FROM):
            return await self._board(asker, run, "", puzzle, value.removeprefix(FROM) or None)
        game = one_move_game(puzzle)
        move = next((move for move in game.legal_moves() if move.notation == value), None)
        if move is None:  # a forged pick: no move of this position
            return Notice(tr(locale, "streak.no_such_move", move=value))
        if move.notation in puzzle.keeping:
            said = tr(locale, "streak.right", move=move.notation, n=run.score + 1)
            return await self._on(asker, run, puzzle, said, scored=True)
        ended = await self._store.end_run(run)
        if ended is None:
            return await self._moved_on(asker, locale)
        said = tr(locale, "streak.wrong", move=move.notation, kept=written(puzzle.keeping))
        return await self._board(asker, ended, _over(said, ended, run.best, locale), puzzle)

    async def skip(self, asker: Asker, puzzle_id: int, step: int) -> RunBoard | Notice:
        """Skip on the board showing *puzzle_id* at *step*: the next puzzle,
        once a run; the moves that kept this one are shown."""
        locale = asker.locale
        found = await self._playing(asker, puzzle_id, step)
        if isinstance(found, Notice):
            return found
        run, puzzle = found
        if puzzle is None:
            return await self._past_gone(asker, run, "")
        if run.skipped:
            return Notice(tr(locale, "streak.no_skip"))
        said = tr(locale, "streak.skipped", kept=written(puzzle.keeping))
        return await self._on(asker, run, puzzle, said, scored=False, skip=True)

    async def _on(
        self,
        asker: Asker,
        run: RunRow,
        puzzle: OneMoveRow,
        said: str,
        *,
        scored: bool,
        skip: bool = False,
    ) -> RunBoard | Notice:
        """*run* on from *puzzle* to its next (a little harder after a right
        move); over, its score kept, if none is left for the player."""
        locale = asker.locale
        score = run.score + scored
        rating = (await self._store.puzzle_player(asker.user_id)).rated[0]
        following = await self._next(asker, rating - BELOW + RISE * score, run.served)
        if following is None:
            ended = await self._store.end_run(run, scored=scored)
            if ended is None:
                return await self._moved_on(asker, locale)
            said = "\n".join((said, tr(locale, "streak.all_done")))
            return await self._board(asker, ended, _over(said, ended, run.best, locale), puzzle)
        moved = await self._store.advance_run(run, following.id, scored=scored, skip=skip)
        if moved is None:
            return await self._moved_on(asker, locale)
        return await self._board(asker, moved, said, following)

    async def _moved_on(self, asker: Asker, locale: str) -> Notice:
        return Notice(tr(locale, "streak.stale"))

    async def _past_gone(self, asker: Asker, run: RunRow, said: str) -> RunBoard | Notice:
        """*run* on past its puzzle, gone from the store (with the player it
        came from, forgotten): no point, no skip spent; over if none is left."""
        locale = asker.locale
        said = "\n".join(filter(None, (said, tr(locale, "streak.gone"))))
        rating = (await self._store.puzzle_player(asker.user_id)).rated[0]
        following = await self._next(asker, rating - BELOW + RISE * run.score, run.served)
        if following is None:
            ended = await self._store.end_run(run)
            if ended is None:
                return await self._moved_on(asker, locale)
            return Notice(_over(said, ended, run.best, locale))
        moved = await self._store.advance_run(run, following.id, scored=False)
        if moved is None:
            return await self._moved_on(asker, locale)
        return await self._board(asker, moved, said, following)

    async def _playing(
        self, asker: Asker, puzzle_id: int, step: int
    ) -> tuple[RunRow, OneMoveRow | None] | Notice:
        """The asker's run in play and its puzzle (``None``: gone since), if
        the pressed board shows them."""
        locale = asker.locale
        run = await self._store.puzzle_run(asker.user_id)
        if run is None or not run.playing or run.step != step or run.puzzle_id != puzzle_id:
            return Notice(tr(locale, "streak.stale"))
        return run, await self._store.one_move(puzzle_id)

    async def _next(
        self, asker: Asker, rating: float, served: tuple[int, ...]
    ) -> OneMoveRow | None:
        """A one-move puzzle near *rating* for the asker: none of *served*,
        from no game of theirs, its deal not in play."""
        digest = source_digest(self._key, asker.user_id)
        near = await self._store.one_moves_near(
            rating, not_from=digest, leaving=served, limit=NEAREST
        )
        random.shuffle(near)  # drawn among the nearest; a deal's being in play
        found = await free_of_play(self._store, near, self._clock())  # read only if drawn
        if found is not None or len(near) < NEAREST:
            return found
        farther = await self._store.one_moves_near(
            rating, not_from=digest, leaving=served, limit=FARTHEST
        )
        return await free_of_play(self._store, farther[NEAREST:], self._clock())

    async def _board(
        self,
        asker: Asker,
        run: RunRow,
        said: str,
        puzzle: OneMoveRow | None = None,
        pile: str | None = None,
    ) -> RunBoard | Notice:
        """The board of *run*: its puzzle in play, with *said* on top (and
        the moves of *pile* alone in its menu); once over, *puzzle*'s
        position, the one it ended on."""
        if puzzle is None and run.puzzle_id is not None:
            puzzle = await self._store.one_move(run.puzzle_id)
        if puzzle is None:  # no puzzle to show: a run over with nothing left
            return Notice(said)
        return await one_move_board(
            self._store, self._boards, asker, puzzle, said, step=run.step,
            playing=run.playing, pile=pile, can_skip=run.playing and not run.skipped,
        )  # fmt: skip


async def one_move_board(
    store: Store,
    boards: BoardMaker,
    asker: Asker,
    puzzle: OneMoveRow,
    said: str,
    *,
    step: int,
    playing: bool,
    pile: str | None = None,
    can_skip: bool = False,
    race_id: int | None = None,
    number: int | None = None,
) -> RunBoard:
    """The private board of a one-move puzzle at *step* of a run or a race
    (shown as its *number*-th puzzle, the *step*-th if not given), with
    *said* on top: while *playing*, what it asks and its move menu (the
    moves of *pile* alone, if given); else its position alone."""
    locale = asker.locale
    game = one_move_game(puzzle)
    settings = await store.settings(asker.user_id)
    png, alt, words = await boards.position(game, locale, settings, frozenset(puzzle.revealed))
    lines = [said] if said else []
    if playing:
        lines.append(
            tr(
                locale,
                "streak.puzzle",
                step=step if number is None else number,
                game=Msg(f"title.{puzzle.profile}"),
                rating=round(puzzle.rated[0]),
                offered=puzzle.offered,
            )
        )
        if puzzle.revealed:
            lines.append(tr(locale, "puzzle.shown", n=len(puzzle.revealed)))
        if any(game.pile(code) for code in game.PILES if pile_kind(code) in DEALT):
            lines.append(tr(locale, "puzzle.listed"))
    return RunBoard(
        owner_id=asker.user_id,
        puzzle_id=puzzle.id,
        step=step,
        text="\n".join(lines),
        png=png,
        alt=alt,
        moves=move_menu(game, locale, pile) if playing else [],
        menu_title=""
        if pile is None
        else text(PLACEHOLDER, locale, "menu.pile", pile=game.pile_name(pile)),
        can_skip=can_skip,
        over=not playing,
        words=words,
        race_id=race_id,
    )


async def free_of_play(store: Store, puzzles: list[OneMoveRow], now: float) -> OneMoveRow | None:
    """The first of *puzzles* whose deal is not in play (:mod:`.fairplay`)."""
    found = await free_ones(store, puzzles, now, 1)
    return found[0] if found else None


async def free_ones(
    store: Store, puzzles: list[OneMoveRow], now: float, count: int
) -> list[OneMoveRow]:
    """The first *count* of *puzzles* whose deal is not in play, in their order."""
    free: list[OneMoveRow] = []
    for puzzle in puzzles:
        if len(free) == count:
            break
        if puzzle.deal is None or (
            await in_play(store, puzzle.profile, puzzle.options, puzzle.deal, now) is None
        ):
            free.append(puzzle)
    return free


def one_move_game(puzzle: OneMoveRow) -> Game:
    """A new game at the puzzle's position."""
    return load_position(puzzle.profile, puzzle.start, **puzzle.options)


def written(moves: tuple[str, ...]) -> tuple[str, ...]:
    """The moves that kept a win as a player types them (a text renders
    them as alternatives: "`1 3` or `s`")."""
    return tuple(f"`{move}`" for move in moves)


def _over(said: str, run: RunRow, was: int, locale: str) -> str:
    """What a run's end says: what happened, the score, and the best run
    (*was* the best before it)."""
    best = "streak.new_best" if run.score > was else "streak.best"
    return "\n".join(
        (said, tr(locale, "streak.over", n=run.score), tr(locale, best, best=run.best))
    )
