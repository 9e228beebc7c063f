"""Can this game still be won? A line on the board for the players who ask.

After a move is answered, a worker searches the new position within a small
budget; the reply never waits for it. What it finds is kept with the game
(``GameRow.verdict``), and the adapter adds it to the board's message if that
message is still the game's live board. The next board shows the last
verdict that still holds: "winnable" only for the very position it was found
for, "no longer winnable" for as long as the game only moves on (an undo may
make it winnable again). When the search proves the game lost right after a
position known to be winnable, the verdict names the move that lost it.

Only a game's newest position is worth a search: one waiting for a worker
gives way to the next move's (:class:`Newest`), and a game's search waits
for the one it is running, which may have found what it wants.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from solitaire import BadRecord
from solitaire.solver import Outcome
from storage import GameRow, Status, Store, StoreError
from texts import tr

from . import jobs
from .fairplay import in_play
from .newest import Newest
from .replies import Board
from .workers import Busy, Kind, Workers

log = logging.getLogger(__name__)

#: The search budget for a position (a hint gets 0.2 s): in a worker, at a
#: lower priority than the bot's own process, it never delays a move.
VERDICT_SECONDS = 2.0
#: The whole verdict's, the halving that names a losing move included:
#: inside its worker's time limit (``LIMITS[Kind.VERDICT]``).
VERDICT_WITHIN = 8.0
#: How many games' positions may wait for a worker; past it, a position
#: stays unknown (the next move asks again).
WAITING = 32


@dataclass(frozen=True)
class KnownVerdict:
    """What a search found about a game's position, as kept with the game:
    the revision, moves and undos it was found at, and :class:`jobs.Verdict`'s
    fields."""

    revision: int
    moves: int
    undos: int
    outcome: Outcome
    since: int | None = None
    move: str | None = None
    better: str | None = None

    @classmethod
    def from_row(cls, kept: Any) -> KnownVerdict | None:
        """The verdict kept in a row (``GameRow.verdict``), if one is there and readable."""
        try:
            since = kept.get("since")
            return cls(
                int(kept["revision"]),
                int(kept["moves"]),
                int(kept["undos"]),
                Outcome(kept["outcome"]),
                None if since is None else int(since),
                kept.get("move") or None,
                kept.get("better") or None,
            )
        except (AttributeError, KeyError, TypeError, ValueError):
            return None

    def to_row(self) -> dict[str, Any]:
        return {**asdict(self), "outcome": self.outcome.value}

    def holds(self, row: GameRow) -> bool:
        """Whether this still says how the game stands as *row* stores it."""
        if self.revision == row.revision:
            return True
        # A lost game stays lost as long as it only moves on.
        return (
            self.outcome is Outcome.UNWINNABLE
            and self.undos == row.undos
            and self.moves <= len(row.moves)
        )

    def line(self, locale: str, *, name_move: bool = True) -> str:
        """The board's line for this verdict; without *name_move*, it names
        no move that lost the game (its deal is in play: a public board
        must not tell others which move to avoid)."""
        if self.outcome is Outcome.WON:
            return tr(locale, "verdict.winnable")
        if self.since == 0:
            return tr(locale, "verdict.cannot")
        if self.since is not None and self.move and name_move and self.better:
            return tr(
                locale, "verdict.lost_better", n=self.since, move=self.move, better=self.better
            )
        if self.since is not None and self.move and name_move:
            return tr(locale, "verdict.lost_since", n=self.since, move=self.move)
        return tr(locale, "verdict.lost")


def holding(row: GameRow) -> KnownVerdict | None:
    """The verdict kept with the game, if it still says how the game stands."""
    known = KnownVerdict.from_row(row.verdict)
    if row.status != Status.PLAYING or known is None or not known.holds(row):
        return None
    return known


def verdict_line(row: GameRow, locale: str) -> str:
    """The board's line about whether the game can still be won ("" if
    unknown), from the verdict kept with the game."""
    known = holding(row)
    return "" if known is None else known.line(locale)


class Verdicts:
    """Searches positions for the players who want to know, after the reply."""

    def __init__(
        self, store: Store, workers: Workers, *, clock: Callable[[], float] = time.time
    ) -> None:
        self._store, self._workers, self._clock = store, workers, clock
        # A game's newest position is searched, one search per game at a
        # time, within the workers' bound: none is refused for being busy.
        self._turns = Newest(workers.bounds[Kind.VERDICT], waiting=WAITING)

    async def find(self, board: Board, message_id: int, locale: str) -> Board | None:
        """Finds out whether *board*'s game can still be won and keeps it.
        Returns the board with its verdict, for the message *message_id*,
        if that message is still the game's live board, still shows this
        position and does not say it yet; else ``None``. Runs after the
        reply: trouble is logged, never raised."""
        try:
            return await self._find(board, message_id, locale)
        except (StoreError, BadRecord, RuntimeError, OSError) as error:
            log.warning("verdict of game %s not found: %r", board.game_id, error)
            return None

    async def _find(self, board: Board, message_id: int, locale: str) -> Board | None:
        if board.status != Status.PLAYING or not board.verdicts:
            return None
        found = await self._turns.run(board.game_id, lambda: self._known(board))
        if found is None:
            return None  # moved on, replaced by a newer position, or unknown
        row, known = found
        line = known.line(locale, name_move=await self._names_moves(row, known))
        if row.revision != board.revision or row.message_id != message_id:
            return None  # a retired board stays retired
        if line == board.verdict:
            return None
        return replace(board, verdict=line, winnable=known.outcome is Outcome.WON)

    async def _known(self, board: Board) -> tuple[GameRow, KnownVerdict] | None:
        """The game as stored and its verdict for *board*'s position: the
        kept one if it holds, else searched and kept."""
        row = await self._store.get_game(board.game_id)
        if row.revision != board.revision:
            return None  # moved on already: the next board says what holds
        known = KnownVerdict.from_row(row.verdict)
        if known is not None and known.holds(row):
            return row, known
        known = await self._search(row, known)
        if known is None:
            return None
        # The search took a while: a newer board may have retired this one.
        return await self._store.get_game(row.id), known

    async def _names_moves(self, row: GameRow, known: KnownVerdict) -> bool:
        """Whether the verdict may name the move that lost the game: not
        while its deal is in play."""
        if not known.move:
            return True  # it names none: nothing to ask
        return await in_play(self._store, row.profile, row.options, row.deal, self._clock()) is None

    async def _search(self, row: GameRow, known: KnownVerdict | None) -> KnownVerdict | None:
        """Searches the position of *row* in a worker and keeps what it finds
        (``None``: nothing known, or the game moved on meanwhile)."""
        winnable_at = (
            known.moves
            if known is not None and known.outcome is Outcome.WON and known.undos == row.undos
            else None
        )
        try:
            found = await self._workers.run(
                Kind.VERDICT, jobs.verdict, row.record, winnable_at, VERDICT_SECONDS,
                VERDICT_WITHIN, self._workers.memory,
            )  # fmt: skip
        except Busy:
            return None  # many players at once: this position stays unknown
        if found.outcome is Outcome.UNKNOWN:
            return None
        verdict = KnownVerdict(
            row.revision,
            len(row.moves),
            row.undos,
            found.outcome,
            found.since,
            found.move,
            found.better,
        )
        if not await self._store.set_verdict(row.id, row.revision, verdict.to_row()):
            return None
        return verdict
