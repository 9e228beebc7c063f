"""Worker processes for the CPU-heavy jobs, with bounded queues that are
fair to everyone.

The event loop only routes, reads and writes. A search, a replay GIF, a
card, or the replay of a long record runs in a worker process (a pure
Python search would otherwise hold the GIL of the loop's process). Each kind
of job has a bound on how many may be waiting or running; past it the
player hears "busy" at once instead of waiting. A player has at most one
job of their own in flight. Long records replay in a pool of their own, so
loading a game never waits behind searches.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from enum import StrEnum
from functools import partial
from typing import Any, TypeVar

from . import jobs

log = logging.getLogger(__name__)

T = TypeVar("T")


class Kind(StrEnum):
    SEARCH = "search"  # a hint's search: up to HINT_SECONDS of a core
    GIF = "gif"  # a replay GIF: up to a few seconds
    CARD = "card"  # a win or stats card: a few ms
    REPLAY = "replay"  # a long record replayed and checked: a few ms
    VERDICT = "verdict"  # whether a position can still be won: up to VERDICT_SECONDS
    REVIEW = "review"  # a finished game's review: a few searches and a GIF


class Busy(Exception):
    """No room for the job now: *mine* if the player already has one in
    flight, else too many of its kind are waiting."""

    def __init__(self, kind: Kind, *, mine: bool) -> None:
        super().__init__(f"{kind} jobs are full" if not mine else f"one {kind} job at a time")
        self.kind = kind
        self.mine = mine


class Workers:
    """Runs jobs of :mod:`bot.jobs` in worker processes.

    With ``processes=0`` they run in threads of this process instead: for
    the console and for tests of the service, where nobody else waits.
    """

    def __init__(self, processes: int) -> None:
        self.processes = processes
        size = max(processes, 1)
        self.bounds = {
            Kind.SEARCH: 2 * size,
            Kind.GIF: size,
            Kind.CARD: 4 * size,
            Kind.REPLAY: 32,
            Kind.VERDICT: size,
            Kind.REVIEW: size,
        }
        self._heavy = self._pool(processes)
        self._replays = self._pool(1 if processes else 0)
        self._in_flight: Counter[Kind] = Counter()
        self._players: set[int] = set()
        #: Jobs started so far, by kind.
        self.started: Counter[Kind] = Counter()

    @staticmethod
    def _pool(processes: int) -> Executor:
        if not processes:
            return ThreadPoolExecutor(2, thread_name_prefix="job")
        # spawn: a fork would copy the loop's threads and sockets.
        return ProcessPoolExecutor(
            processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=jobs.start_worker,
            initargs=(os.getpid(),),
        )

    async def start(self) -> None:
        """Starts every worker and imports what the jobs need, before the first player waits."""
        loop = asyncio.get_running_loop()
        warm = [loop.run_in_executor(self._heavy, jobs.warm_up) for _ in range(self.processes)]
        await asyncio.gather(*warm, loop.run_in_executor(self._replays, jobs.warm_up))

    def refuses(self, kind: Kind, player: int | None = None) -> Busy | None:
        """The :class:`Busy` that :meth:`run` would raise now, if any."""
        if player is not None and player in self._players:
            return Busy(kind, mine=True)
        if self._in_flight[kind] >= self.bounds[kind]:
            return Busy(kind, mine=False)
        return None

    async def run(
        self, kind: Kind, job: Callable[..., T], *args: Any, player: int | None = None
    ) -> T:
        """Runs ``job(*args)`` in a worker and returns its result.

        :raises Busy: at once, if *player* has a job in flight or the kind's
            bound is reached.
        """
        busy = self.refuses(kind, player)
        if busy is not None:
            raise busy
        executor = self._replays if kind is Kind.REPLAY else self._heavy
        self._in_flight[kind] += 1
        self.started[kind] += 1
        if player is not None:
            self._players.add(player)
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, partial(job, *args))
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool for the next job.
            log.error("a worker process died; starting new ones")
            self._replace(executor)
            raise Busy(kind, mine=False) from None
        finally:
            self._in_flight[kind] -= 1
            if player is not None:
                self._players.discard(player)

    def _replace(self, broken: Executor) -> None:
        broken.shutdown(wait=False, cancel_futures=True)
        if broken is self._heavy:
            self._heavy = self._pool(self.processes)
        else:
            self._replays = self._pool(1 if self.processes else 0)

    async def close(self) -> None:
        """Stops the workers: jobs not started are dropped, running ones finish."""
        for executor in (self._heavy, self._replays):
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
