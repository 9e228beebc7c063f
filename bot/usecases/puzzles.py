"""Puzzles: "finish this" from real games, rated as their players are, and
a daily puzzle the same for everyone.

A lost game's review finds the last position from which it could still be
won; if that position makes a good puzzle (:mod:`solitaire.puzzles`), it is
kept, under a keyed digest of its player that names no one. The bot's own
pool deals give the puzzles of day one (``solitaire/puzzle_seed.py``).

``/puzzle`` deals one privately, near the player's rating, that they have
not tried, from no game of theirs, and whose deal is not in play. It is
played on a board of its own like any game, but without undo; a hint gives
it up. A win solves it; a position the solver proves lost, a stuck one, a
hint or resigning fails it; either way its solver's line is shown. Only the
first try at a puzzle counts: both ratings move then (:mod:`.glicko`).
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solitaire import BadRecord, load_position
from solitaire.piles import pile_kind
from solitaire.puzzle_seed import PUZZLES
from solitaire.puzzles import DEALT, MOST_MOVES, PUZZLE_GAMES, Puzzle
from solitaire.solver import Outcome
from storage import GameRow, PuzzleRow, Store
from texts import Msg, tr

from . import jobs
from .boards import BoardMaker
from .fairplay import in_play, next_midnight
from .glicko import Rating, play
from .live import LiveGames
from .replies import Asker, Notice, Reply
from .workers import Busy, Kind, Workers, busy_notice

#: A puzzle is dealt among this many of the nearest to its player's rating.
NEAREST = 5
#: The daily puzzle is drawn among this many puzzles rated nearest 1500.
DAILY_AMONG = 50
#: After each move, the position is searched this long: a loss is told at once.
CHECK_SECONDS = 0.3
#: The most characters a puzzle's line takes in a board's text (a
#: Components V2 message holds 4,000 in all): its ``MOST_MOVES`` moves of
#: at most 8 characters, each in a code span and a space.
LINE_ROOM = MOST_MOVES * 11


def source_digest(key: bytes, user_id: int) -> str:
    """The keyed digest that marks the puzzles made from a player's games."""
    return hmac.new(key, f"puzzles:{user_id}".encode(), hashlib.sha256).hexdigest()


def try_digest(key: bytes, puzzle_id: int, user_id: int) -> str:
    """The keyed digest a forgotten player's try at a puzzle is kept under:
    it names no one, and links no two puzzles."""
    return hmac.new(key, f"puzzle-try:{puzzle_id}:{user_id}".encode(), hashlib.sha256).hexdigest()


def seeded() -> list[Puzzle]:
    """The puzzles a new bot has on day one."""
    return [
        Puzzle(
            profile,
            options,
            {code: cards.split() for code, cards in start.items()},
            tuple(line.split(",")),
            deal,
            tuple(revealed.split()),
        )
        for profile, options, deal, start, line, revealed in PUZZLES
    ]


class Puzzles:
    """Deals puzzles, tells a try's result and keeps both ratings."""

    def __init__(
        self,
        store: Store,
        workers: Workers,
        boards: BoardMaker,
        live: LiveGames,
        *,
        key: bytes,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store, self._workers, self._boards, self._live = store, workers, boards, live
        self._key, self._clock = key, clock
        self._seeded = False

    async def seed(self) -> int:
        """Keeps the puzzles of day one of each game that has none of the
        bot's own yet (a game puzzles came to later gets its own too), once:
        how many were added."""
        if self._seeded:
            return 0
        added = 0
        for profile in PUZZLE_GAMES:
            if await self._store.count_puzzles(profile, pool=True) > 0:
                continue
            for puzzle in seeded():
                if puzzle.profile != profile:
                    continue
                kept = await self._store.add_puzzle(
                    puzzle.profile, puzzle.options, puzzle.start, puzzle.line, puzzle.plays,
                    source=None, deal=puzzle.deal, revealed=puzzle.revealed,
                )  # fmt: skip
                added += kept is not None
        self._seeded = True
        return added

    async def keep(self, row: GameRow, puzzle: Puzzle) -> int | None:
        """Keeps *puzzle*, found in the review of *row*'s game: its id, or
        ``None`` if its position is a puzzle already."""
        return await self._store.add_puzzle(
            puzzle.profile, puzzle.options, puzzle.start, puzzle.line, puzzle.plays,
            source=source_digest(self._key, row.user_id), deal=puzzle.deal,
            revealed=puzzle.revealed,
        )  # fmt: skip

    async def deal(self, asker: Asker, profile: str | None = None) -> Reply:
        """A puzzle for the asker, near their rating (``/puzzle``)."""
        locale = asker.locale
        if profile is not None and profile not in PUZZLE_GAMES:
            titles = ", ".join(tr(locale, f"title.{game}") for game in PUZZLE_GAMES)
            return Notice(tr(locale, "puzzle.no_game", games=titles))
        playing = await self._in_play(asker)
        if playing is not None:
            return playing
        await self.seed()
        player = await self._store.puzzle_player(asker.user_id)
        near = await self._store.puzzles_near(
            asker.user_id, profile, player.rated[0],
            not_from=source_digest(self._key, asker.user_id),
        )  # fmt: skip
        now = self._clock()
        kept = await self._store.kept_tries(
            {puzzle.id: try_digest(self._key, puzzle.id, asker.user_id) for puzzle in near}
        )
        free = [
            puzzle
            for puzzle in near
            if puzzle.id not in kept
            and (
                puzzle.deal is None
                or await in_play(self._store, puzzle.profile, puzzle.options, puzzle.deal, now)
                is None
            )
        ]
        if not free and profile is not None and not await self._store.count_puzzles(profile):
            return Notice(tr(locale, "puzzle.none_of", game=Msg(f"title.{profile}")))
        if not free:
            return Notice(tr(locale, "puzzle.none"))
        return await self._start(asker, random.choice(free[:NEAREST]), None)

    async def play(self, asker: Asker, puzzle_id: int) -> Reply:
        """Puzzle *puzzle_id*, named by a friend (``/puzzle id``), if the
        asker may try it: not tried yet, from no game of theirs, its deal
        not in play."""
        locale = asker.locale
        playing = await self._in_play(asker)
        if playing is not None:
            return playing
        await self.seed()
        puzzle = await self._store.puzzle(puzzle_id)
        if puzzle is None:
            return Notice(tr(locale, "puzzle.unknown", id=puzzle_id))
        if await self._tried(asker.user_id, puzzle.id) is not None:
            return Notice(tr(locale, "puzzle.tried", id=puzzle_id))
        if puzzle.source is not None and puzzle.source == source_digest(self._key, asker.user_id):
            return Notice(tr(locale, "puzzle.yours", id=puzzle_id))
        if puzzle.deal is not None and await in_play(
            self._store, puzzle.profile, puzzle.options, puzzle.deal, self._clock()
        ):
            return Notice(tr(locale, "puzzle.waits", id=puzzle_id))
        return await self._start(asker, puzzle, None)

    async def daily(self, asker: Asker) -> Reply:
        """Today's puzzle, the same for everyone (``/puzzle daily``)."""
        locale = asker.locale
        playing = await self._in_play(asker)
        if playing is not None:
            return playing
        await self.seed()
        day = self._boards.today()
        near = await self._store.puzzles_near(0, None, 1500.0, not_from="", limit=DAILY_AMONG)
        drawn = [random.Random(day).choice(near).id] if near else []
        puzzle_id = await self._store.daily_puzzle(day, drawn)
        puzzle = None if puzzle_id is None else await self._store.puzzle(puzzle_id)
        if puzzle is None:
            return Notice(tr(locale, "puzzle.none"))
        tried = await self._tried(asker.user_id, puzzle.id)
        if tried is not None:
            said = "puzzle.daily_solved" if tried else "puzzle.daily_failed"
            midnight = next_midnight(self._clock())  # a new puzzle, as a new deal
            return Notice(tr(locale, said, when=f"<t:{int(midnight)}:R>"))
        return await self._start(asker, puzzle, day)

    async def _tried(self, user_id: int, puzzle_id: int) -> bool | None:
        """Whether the player solved the puzzle, ``None`` if they never tried
        it: before they were forgotten too."""
        kept = try_digest(self._key, puzzle_id, user_id)
        return await self._store.tried_puzzle(user_id, puzzle_id, kept)

    async def _in_play(self, asker: Asker) -> Reply | None:
        """The board of the asker's puzzle in play, if any: one at a time."""
        row = await self._store.puzzle_in_play(asker.user_id)
        return None if row is None else await self._in_play_board(row, asker.locale)

    async def _in_play_board(self, row: GameRow, locale: str) -> Reply:
        # Its game as this process holds it, or replayed (a long record in a worker).
        try:
            game = await self._live.game(row)
        except BadRecord as error:
            return Notice(tr(locale, "game.damaged", id=str(row.id), why=error.message))
        except Busy as busy:
            return busy_notice(busy, locale)
        return await self._boards.board(row, game, tr(locale, "puzzle.in_play"), locale)

    async def _start(self, asker: Asker, puzzle: PuzzleRow, daily: str | None) -> Reply:
        locale = asker.locale
        game = load_position(puzzle.profile, puzzle.start, **puzzle.options)
        row = await self._store.start_puzzle(
            asker.user_id, game.to_record(), puzzle.id, daily=daily, revealed=puzzle.revealed,
            guild_id=asker.guild_id, channel_id=asker.channel_id,
        )  # fmt: skip
        if row.puzzle_id != puzzle.id:  # one started meanwhile: one at a time
            return await self._in_play_board(row, locale)
        news = tr(
            locale,
            "puzzle.daily" if daily else "puzzle.new",
            id=puzzle.id,
            game=Msg(f"title.{puzzle.profile}"),
            rating=round(puzzle.rated[0]),
            plays=puzzle.plays,
        )
        if puzzle.revealed:
            news += "\n" + tr(locale, "puzzle.shown", n=len(puzzle.revealed))
        if any(game.pile(code) for code in game.PILES if pile_kind(code) in DEALT):
            news += "\n" + tr(locale, "puzzle.listed")
        return await self._boards.board(row, game, news, locale)

    async def lost(self, record: Mapping[str, Any], player: int) -> bool:
        """Whether the solver proves the position of *record* lost (a quick
        search in a worker; ``False`` when it cannot tell, or is busy)."""
        try:
            found = await self._workers.run(
                Kind.SEARCH, jobs.verdict, record, None, CHECK_SECONDS, CHECK_SECONDS * 3,
                self._workers.memory, player=player,
            )  # fmt: skip
        except Busy:
            return False
        return found.outcome is Outcome.UNWINNABLE

    async def finish(self, row: GameRow, solved: bool, locale: str) -> str:
        """Counts the try of *row*'s puzzle, now over: what the player is told."""
        assert row.puzzle_id is not None
        puzzle = await self._store.puzzle(row.puzzle_id)
        if puzzle is None:  # forgotten with its source meanwhile
            return tr(locale, "puzzle.solved_unrated" if solved else "puzzle.failed_unrated")
        player = await self._store.puzzle_player(row.user_id)
        away = 0.0 if player.rated_at is None else (self._clock() - player.rated_at) / 86400
        mine, its = play(Rating(*player.rated), Rating(*puzzle.rated), solved, days_away=away)
        daily = row.extra.get("daily")
        day = daily if isinstance(daily, str) else None
        counted = await self._store.record_puzzle(
            row.user_id, puzzle.id, solved=solved,
            player=(mine.rating, mine.deviation, mine.volatility),
            puzzle=(its.rating, its.deviation, its.volatility),
            daily=day, yesterday=None if day is None else _day_before(day),
        )  # fmt: skip
        lines = []
        if not counted:
            lines.append(tr(locale, "puzzle.counted_before"))
        else:
            change = round(mine.rating) - round(player.rated[0])
            lines.append(
                tr(
                    locale,
                    "puzzle.solved" if solved else "puzzle.failed",
                    rating=round(mine.rating),
                    change=f"{change:+d}",
                )
            )
            if day is not None and solved:
                streak = (await self._store.puzzle_player(row.user_id)).streak
                lines.append(tr(locale, "puzzle.streak", n=streak))
        # The solver's line, after a win too (a player may have found
        # another): whole, as the moves a player types.
        lines.append(tr(locale, "puzzle.line", line=written(puzzle.line)))
        return "\n".join(lines)


def written(line: Sequence[str]) -> str:
    """A puzzle's winning line as a player types it, whole, move after move.

    >>> written(["4f", "s", "w 3"])
    '`4f` `s` `w 3`'
    """
    text = " ".join(f"`{move}`" for move in line)
    # A puzzle's line has at most MOST_MOVES moves: one longer (a bug) is
    # clipped rather than the message refused.
    return text if len(text) <= LINE_ROOM else text[: LINE_ROOM - 1] + "…"


def _day_before(day: str) -> str:
    return (datetime.date.fromisoformat(day) - datetime.timedelta(days=1)).isoformat()
