"""The race card, kept up to date: edited in place as racers progress, at
most once every :data:`~bot.usecases.races.EVERY` seconds however many
racers move, and always once more after the last change.

Each change a race card should show is counted in the store with the change
itself (a race game saved, a race ended). Whoever edits the card claims the
edit in the store first, so processes take turns on one card; within a
process one task a race edits it, so its edits land in order, each sent a
full interval after the one before was done. A sweep, every
few seconds in every process, ends the races whose time is up and picks up
the cards a stopped process left behind.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from storage import RaceRow, Store, StoreError

from .races import EVERY, Races

log = logging.getLogger(__name__)

#: Shows a race's card: edits its message.
Show = Callable[[RaceRow], Awaitable[None]]
#: How often the sweep looks for races whose time is up.
SWEEP = 2.0


class RaceCards:
    """The race cards this process keeps up to date."""

    def __init__(
        self,
        store: Store,
        races: Races,
        show: Show,
        *,
        clock: Callable[[], float] = time.time,
        every: float = EVERY,
    ) -> None:
        self._store, self._races, self._show = store, races, show
        self._clock, self._every = clock, every
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # Races changed since their task last claimed the card.
        self._again: set[int] = set()

    def changed(self, race_id: int) -> None:
        """A race's card has a change to show: it is shown within
        ``every`` seconds of the card's last edit."""
        self._again.add(race_id)
        if race_id not in self._tasks:
            self._tasks[race_id] = asyncio.create_task(self._keep(race_id))

    async def sweep_forever(self, interval: float = SWEEP) -> None:
        """Ends the races whose time is up and shows the cards left behind, forever."""
        while True:
            try:
                for race_id in await self._races.sweep():
                    self.changed(race_id)
            except StoreError as error:
                log.warning("races not swept: %s", error)
            await asyncio.sleep(interval)

    async def close(self) -> None:
        """Stops the edits under way (a card left behind is shown by the
        next process's sweep)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _shown(self, race: RaceRow) -> None:
        """Shows the race's card; an edit that fails is tried again by the
        next sweep (the card's last state must land)."""
        try:
            await self._show(race)
        except Exception:
            await self._store.card_not_shown(race.id)
            raise

    async def _keep(self, race_id: int) -> None:
        try:
            while True:
                self._again.discard(race_id)
                now = self._clock()
                claimed = await self._store.claim_card(race_id, now, self._every)
                if isinstance(claimed, RaceRow):
                    await self._shown(claimed)
                    # The next edit is sent a full interval after this one is
                    # done: however long a request takes, Discord sees them apart.
                    await asyncio.sleep(self._every)
                elif claimed is not None:
                    await asyncio.sleep(max(0.0, claimed - now))
                elif race_id not in self._again:
                    return  # the card shows every change
        except Exception as error:  # the sweep tries again
            log.warning("card of race %s not edited, tried again soon: %r", race_id, error)
        finally:
            del self._tasks[race_id]
