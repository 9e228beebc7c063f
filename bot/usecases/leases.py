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
    """Another live process runs a shard this one was to run."""

    def __init__(self, leases: Sequence[Lease]) -> None:
        shards = ", ".join("all" if lease.shard == -1 else str(lease.shard) for lease in leases)
        holders = ", ".join(sorted({lease.holder for lease in leases}))
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
        seconds: float = LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self.shards = tuple(shards)
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
            raise ShardTaken(in_the_way)
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
        return await self._store.take_leases(self.shards, self.holder, now + self._seconds, now)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self._seconds / 3)
            try:
                in_the_way = await self._take()
            except StoreError as error:
                log.warning("could not renew the shard lease: %s", error)
                continue
            if in_the_way:
                log.error("%s", ShardTaken(in_the_way))


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
