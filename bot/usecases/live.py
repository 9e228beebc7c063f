"""The games in play in this process: one lock per game, and the games
played last, kept replayed.

Only a cache: every change is checked against the stored revision (the
store's compare-and-set), so another process moving a game on is noticed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections import OrderedDict
from collections.abc import Iterable

from solitaire import BadRecord, Game, load_game, restore_game
from storage import Conflict, GameRow, Status, Store
from texts import Msg

from . import jobs
from .workers import Kind, Workers

log = logging.getLogger(__name__)

CACHED_GAMES = 1024
#: The players whose current game this process keeps in mind.
PLAYERS_SEEN = 4096
#: A record longer than this is replayed in a worker process: the loop only
#: sets up the position it ends in (about 1 µs a move instead of 6).
LONG_RECORD = 150


class LiveGames:
    """Games by id: replayed from their stored record, or taken from the
    cache when it holds the stored revision."""

    def __init__(self, store: Store, workers: Workers, *, size: int = CACHED_GAMES) -> None:
        self._store = store
        self._workers = workers
        self._size = size
        # One lock per game, so that two presses on one game run one after the
        # other; the store's compare-and-set guards against other processes.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._games: OrderedDict[int, tuple[GameRow, Game]] = OrderedDict()
        # Per player, the id of the game in play this process last stored or
        # read for them: their current game, unless another process has
        # touched another since (a move on it checks).
        self._current: OrderedDict[int, int] = OrderedDict()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes changes to one game in this process."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def cached(self, row: GameRow) -> Game | None:
        """The game of *row* if this process holds it at the stored revision."""
        entry = self._games.get(row.id)
        if entry is None or entry[0].revision != row.revision:
            return None
        self._games.move_to_end(row.id)
        return entry[1]

    def held(self, game_id: int) -> tuple[GameRow, Game] | None:
        """Game *game_id* as this process last stored it, with its row (and
        its player's settings as they were then), if it holds it still."""
        return self._games.get(game_id)

    def current(self, user_id: int) -> tuple[GameRow, Game] | None:
        """The player's current game as this process last noted it, if it
        holds it still (see :meth:`held`)."""
        game_id = self._current.get(user_id)
        return None if game_id is None else self.held(game_id)

    def note_current(self, row: GameRow) -> None:
        """Notes *row* as its player's current game, if it is one played in
        chat; a game over, or a racer's, is no one's to play from memory."""
        if row.status != Status.PLAYING or row.private:
            self._current.pop(row.user_id, None)
            return
        self._current[row.user_id] = row.id
        self._current.move_to_end(row.user_id)
        if len(self._current) > PLAYERS_SEEN:
            self._current.popitem(last=False)

    def forget_current(self, user_ids: Iterable[int]) -> None:
        """These players may have another current game (none, or one dealt
        for a race): the store says which."""
        for user_id in user_ids:
            self._current.pop(user_id, None)

    async def game(self, row: GameRow) -> Game:
        """The game of *row*: cached, or its record replayed.

        :raises BadRecord: if the record does not replay; the game is then
            marked damaged in the store (kept, never deleted).
        :raises Busy: if a long record cannot be replayed now.
        """
        game = self.cached(row)
        if game is not None:
            return game
        try:
            if "unreadable" in row.extra:
                raise BadRecord(Msg("record.unreadable", part=row.extra["unreadable"]))
            if len(row.moves) > LONG_RECORD:
                snapshot = await self._workers.run(Kind.REPLAY, jobs.replay, row.record)
                game = restore_game(row.record, snapshot)
            else:
                game = load_game(row.record)
        except BadRecord as error:
            log.error("game %s does not replay: %s", row.id, error)
            with contextlib.suppress(Conflict):
                await self._store.set_status(row.id, Status.DAMAGED)
            raise
        return game

    async def undone(self, game: Game) -> Game:
        """*game* after an undo, made in a worker: a long game set up from a
        snapshot has no earlier positions in this process, and replaying its
        record here would hold up every player.

        :raises Busy: if no worker can take it now.
        :raises IllegalMove: if there is no move to take back.
        """
        record, snapshot = await self._workers.run(Kind.REPLAY, jobs.undo, game.to_record())
        return restore_game(record, snapshot)

    def remember(self, row: GameRow, game: Game) -> None:
        """Keeps *game* as the stored revision of *row*."""
        self._games[row.id] = (row, game)
        self._games.move_to_end(row.id)
        while len(self._games) > self._size:
            self._games.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """Drops a game whose cached state may no longer be the stored one."""
        self._games.pop(game_id, None)

    def forget_player(self, user_id: int) -> None:
        """Drops the games of a player whose settings (kept with each row) changed."""
        for game_id in [key for key, (row, _) in self._games.items() if row.user_id == user_id]:
            del self._games[game_id]
