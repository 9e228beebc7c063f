"""One process per shard: a lease in the database, renewed while the
process runs, given up when it stops, and lapsing if it dies.

Two processes started with the same token would both answer every chat
move. A process takes the lease of each shard it runs (-1 for "every shard",
when it is not sharded) before it connects; if another live process holds
one, it stops with one line saying so. A lease whose holder was killed on
this machine is taken over at once; one on another machine lapses after
``LEASE_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Callable, Sequence

from storage import Lease, Store, StoreError

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0


class ShardTaken(Exception):
    """Another live process runs a shard this one was to run, or runs with
    another number of shards in all."""

    def __init__(self, leases: Sequence[Lease], count: int = 0) -> None:
        holders = ", ".join(sorted({lease.holder for lease in leases}))
        counts = sorted({lease.shard_count for lease in leases if lease.shard_count != count})
        if counts and -1 not in {lease.shard for lease in leases}:
            said = ", ".join(map(str, counts))
            super().__init__(
                f"another process ({holders}) runs with SHARD_COUNT={said}, this one with "
                f"{count}: every process must use the same count; stop the others first"
            )
            return
        shards = ", ".join("all" if lease.shard == -1 else str(lease.shard) for lease in leases)
        super().__init__(
            f"shard {shards} is already run by another process ({holders}); "
            "stop it first, or give this one other SHARD_IDS"
        )


class ShardLease:
    def __init__(
        self,
        store: Store,
        shards: Sequence[int],
        *,
        count: int = 0,
        on_lost: Callable[[ShardTaken], None] | None = None,
        seconds: float = LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """*count* is the number of shards in all (0: not sharded); *on_lost*
        is called once if another process takes a lease while this one runs
        (it was stalled past the lease's time): the process must stop."""
        self._store = store
        self.shards = tuple(shards)
        self.count = count
        self._on_lost = on_lost
        self._seconds = seconds
        self._clock = clock
        self.holder = f"{socket.gethostname()}:{os.getpid()}"
        self._renewing: asyncio.Task[None] | None = None

    async def take(self) -> None:
        """Takes the leases, and keeps renewing them.

        :raises ShardTaken: if another live process holds one.
        """
        in_the_way = await self._take()
        gone = {lease.holder for lease in in_the_way if _is_gone(lease.holder)}
        for holder in gone:
            log.info("taking over the shards of %s, which is no longer running", holder)
            await self._store.drop_leases(holder)
        if gone:
            in_the_way = await self._take()
        if in_the_way:
            raise ShardTaken(in_the_way, self.count)
        self._renewing = asyncio.create_task(self._renew())

    async def release(self) -> None:
        """Stops renewing and gives the leases up."""
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewing
            await self._store.drop_leases(self.holder)

    async def _take(self) -> list[Lease]:
        now = self._clock()
        until = now + self._seconds
        return await self._store.take_leases(self.shards, self.holder, until, now, count=self.count)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self._seconds / 3)
            try:
                in_the_way = await self._take()
            except StoreError as error:
                log.warning("could not renew the shard lease: %s", error)
                continue
            if in_the_way:
                # Stalled past the lease's time, and another process took over:
                # two would answer every event. This one stops.
                if self._on_lost is not None:
                    self._on_lost(ShardTaken(in_the_way, self.count))
                return


def _is_gone(holder: str) -> bool:
    """Whether *holder* (``host:pid``) is a process of this machine that has ended."""
    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
