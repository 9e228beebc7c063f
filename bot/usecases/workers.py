"""Worker processes for the CPU-heavy jobs, with bounded queues that are
fair to everyone.

The event loop only routes, reads and writes. A search, a replay GIF, a
card, or the replay of a long record runs in a worker process (a pure
Python search would otherwise hold the GIL of the loop's process). Each kind
of job has a bound on how many may be waiting or running; past it the
player hears "busy" at once instead of waiting. A player has at most one
job of their own in flight.

Five pools, so that what a player waits for never queues behind what
nobody waits for: hints' searches and cards (answered within Discord's
3 seconds), verdicts (after a reply, nobody waiting), the rest (reviews and
GIFs, behind a deferred reply), the replay of long records (loading a game),
and the grading of a cup's deals as it opens (one process: a slow grade
holds up, and a hung one replaces, no other pool).
Every job has a time limit: past it the player hears "busy", and the pool,
whose worker may hang, is replaced. Verdicts, which nobody waits for, have
a pool of their own, one process fewer than the others (one at least),
whose workers run only on a core nothing else wants (Linux's idle class):
a verdict's search never delays a move's answer.
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

from texts import tr

from . import jobs
from .replies import Notice

log = logging.getLogger(__name__)

T = TypeVar("T")


class Kind(StrEnum):
    SEARCH = "search"  # a hint's search: up to HINT_SECONDS of a core
    GIF = "gif"  # a replay GIF: up to a few seconds
    CARD = "card"  # a win or stats card: a few ms
    REPLAY = "replay"  # a long record replayed and checked: a few ms
    VERDICT = "verdict"  # whether a position can still be won: up to VERDICT_SECONDS
    REVIEW = "review"  # a finished game's review: a few searches and a GIF
    EXPORT = "export"  # a player's data as a file: behind a deferred answer
    GRADE = "grade"  # a cup deal drawn and graded: up to a few seconds, nobody waits


#: How long a job of each kind may take before its player is freed and told.
LIMITS = {
    Kind.SEARCH: 2.0,
    Kind.CARD: 2.0,
    Kind.REPLAY: 2.0,
    Kind.VERDICT: 10.0,
    Kind.REVIEW: 60.0,
    Kind.GIF: 60.0,
    Kind.EXPORT: 60.0,
    Kind.GRADE: 30.0,
}
#: What a search in a worker may take by default (``SOLVER_MEMORY_MB``).
SEARCH_MEMORY = 128 << 20
#: The kinds of job a player waits for within Discord's 3 seconds.
WAITED_FOR = frozenset({Kind.SEARCH, Kind.CARD})


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

    def __init__(self, processes: int, *, memory: int = SEARCH_MEMORY) -> None:
        """*processes* a pool (0: threads); *memory*: the bytes each search may take."""
        self.processes = processes
        self.memory = memory
        size = max(processes, 1)
        self.bounds = {
            Kind.SEARCH: 2 * size,
            Kind.GIF: size,
            Kind.CARD: 4 * size,
            Kind.REPLAY: 32,
            # Verdicts nobody waits for leave a core to the bot's own process.
            Kind.VERDICT: max(1, size - 1),
            Kind.REVIEW: size,
            Kind.EXPORT: size,
            Kind.GRADE: 1,
        }
        self._pools: dict[str, Executor] = {
            "waited-for": self._pool(self._size("waited-for")),
            "background": self._pool(self._size("background")),
            "verdicts": self._pool(self._size("verdicts"), idle=True),
            "replay": self._pool(self._size("replay")),
            "grading": self._pool(self._size("grading")),
        }
        self._in_flight: Counter[Kind] = Counter()
        self._players: set[int] = set()
        self._warming: set[asyncio.Future[None]] = set()
        #: Jobs started so far, by kind; pools replaced so far, by name.
        self.started: Counter[Kind] = Counter()
        self.replaced: Counter[str] = Counter()

    @staticmethod
    def _pool(processes: int, *, idle: bool = False) -> Executor:
        if not processes:
            return ThreadPoolExecutor(2, thread_name_prefix="job")
        # A fork of this process would copy the loop's threads and sockets;
        # workers are forked from a fork server instead, a clean process that
        # has imported what the jobs need once, so a new worker (at start, or
        # replacing one) costs a fork, not a fresh interpreter's imports.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([jobs.__name__])
        return ProcessPoolExecutor(
            processes,
            mp_context=context,
            initializer=jobs.start_worker,
            initargs=(os.getpid(), idle),
        )

    @staticmethod
    def _name(kind: Kind) -> str:
        if kind is Kind.REPLAY:
            return "replay"
        if kind is Kind.GRADE:
            return "grading"
        if kind is Kind.VERDICT:
            return "verdicts"
        return "waited-for" if kind in WAITED_FOR else "background"

    async def start(self) -> None:
        """Starts every worker and imports what the jobs need, before the first player waits."""
        await asyncio.gather(*(self._warm(name, pool) for name, pool in self._pools.items()))

    def _size(self, name: str) -> int:
        """How many worker processes the pool *name* has (0: threads)."""
        if name in ("replay", "grading"):
            return min(self.processes, 1)
        if name == "verdicts":  # a core left to the bot's own process
            return min(self.processes, max(1, self.processes - 1))
        return self.processes

    async def _warm(self, name: str, pool: Executor) -> None:
        size = self._size(name)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, jobs.warm_up) for _ in range(size)))

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
            bound is reached; or when the job failed to finish within its
            kind's time limit, or its worker died.
        """
        busy = self.refuses(kind, player)
        if busy is not None:
            raise busy
        name = self._name(kind)
        pool = self._pools[name]
        self._in_flight[kind] += 1
        self.started[kind] += 1
        if player is not None:
            self._players.add(player)
        try:
            running = asyncio.get_running_loop().run_in_executor(pool, partial(job, *args))
            return await asyncio.wait_for(running, LIMITS[kind])
        except TimeoutError:
            log.error("a %s job took over %s s; replacing its workers", kind, LIMITS[kind])
            self._replace(name, pool, kill=True)
            raise Busy(kind, mine=False) from None
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool for the next job.
            self._replace(name, pool)
            raise Busy(kind, mine=False) from None
        finally:
            self._in_flight[kind] -= 1
            if player is not None:
                self._players.discard(player)

    def _replace(self, name: str, broken: Executor, *, kill: bool = False) -> None:
        """Replaces the pool *name* if it is still *broken* (each of the jobs
        that were in it when it broke comes here: the first replaces it), and
        warms the new one up."""
        if self._pools[name] is not broken:
            return
        if not self.processes:
            return  # threads cannot be stopped: they finish in their time
        log.error("%s workers %s; starting new ones", name, "hung" if kill else "died")
        if kill and isinstance(broken, ProcessPoolExecutor):
            # A hung job never returns: its process is ended (CPython keeps them here).
            for process in list(getattr(broken, "_processes", {}).values()):
                process.kill()
        broken.shutdown(wait=False, cancel_futures=True)
        self._pools[name] = fresh = self._pool(self._size(name), idle=name == "verdicts")
        self.replaced[name] += 1
        warming = asyncio.ensure_future(self._rewarm(name, fresh))
        self._warming.add(warming)
        warming.add_done_callback(self._warming.discard)

    async def _rewarm(self, name: str, pool: Executor) -> None:
        try:
            await self._warm(name, pool)
        except Exception as error:  # the next job will find out, and replace it
            log.warning("new %s workers did not start: %r", name, error)

    async def close(self) -> None:
        """Stops the workers: jobs not started are dropped, running ones finish."""
        for pool in self._pools.values():
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def busy_notice(busy: Busy, locale: str) -> Notice:
    """Why a heavy job was not taken: the player's own is still running, or
    too many players want one now."""
    return Notice(tr(locale, "busy.yours" if busy.mine else "busy.all"))
