"""A queue where the newest request for a thing wins.

A verdict is wanted for a game's latest position only: when a player moves
again while the search of their last position still waits for a worker,
that search is no longer worth running. :class:`Newest` runs at most a few
jobs at once, one per key; a request waiting for its turn gives way to a
newer one for the same key, and one for a key already running waits for it
to end (it may have found what the newer one wants).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


class Newest:
    """Runs jobs by key: at most *slots* at once and one per key; at most
    *waiting* keys wait, and a newer request for a key replaces its waiting one."""

    def __init__(self, slots: int, *, waiting: int) -> None:
        self._free = slots
        self._limit = waiting
        self._running: set[Hashable] = set()
        #: The request waiting for each key, in the order the keys came.
        self._waiting: dict[Hashable, asyncio.Future[bool]] = {}
        #: Requests given up so far: replaced by a newer one, or no room to wait.
        self.dropped = 0

    async def run(self, key: Hashable, job: Callable[[], Awaitable[T]]) -> T | None:
        """``await job()`` when its turn comes; ``None`` without running it if
        a newer request for *key* came meanwhile, or too many keys wait."""
        if not await self._turn(key):
            self.dropped += 1
            return None
        try:
            return await job()
        finally:
            self._done(key)

    async def _turn(self, key: Hashable) -> bool:
        """Waits for *key*'s turn: ``True`` once it holds a slot."""
        replaced = self._waiting.get(key)
        if replaced is None and len(self._waiting) >= self._limit:
            return False
        turn = asyncio.get_running_loop().create_future()
        self._waiting[key] = turn  # a replaced request keeps its key's place in line
        if replaced is not None and not replaced.done():
            replaced.set_result(False)
        self._next()
        try:
            return await turn
        except asyncio.CancelledError:
            if self._waiting.get(key) is turn:
                del self._waiting[key]
            elif turn.done() and not turn.cancelled() and turn.result():
                self._done(key)  # its turn came as it was given up
            raise

    def _done(self, key: Hashable) -> None:
        self._running.discard(key)
        self._free += 1
        self._next()

    def _next(self) -> None:
        """Gives the free slots to the first keys in line not running."""
        while self._free > 0:
            key = next((key for key in self._waiting if key not in self._running), None)
            if key is None:
                return
            turn = self._waiting.pop(key)
            if turn.done():
                continue  # given up, not yet out of line
            self._running.add(key)
            self._free -= 1
            turn.set_result(True)
