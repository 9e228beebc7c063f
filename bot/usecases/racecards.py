"""Cards kept up to date — a race's, a cup's: edited in place as players
progress, at most once every so many seconds (a race's card every
:data:`~bot.usecases.races.EVERY`) however many move, and always once more
after the last change.

Each change a card should show is counted in the store with the change
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
from typing import Generic, TypeVar

from storage import RaceRow, Store, StoreError

from .races import EVERY, Races

log = logging.getLogger(__name__)

Row = TypeVar("Row")
#: Shows a race's card: edits its message.
Show = Callable[[RaceRow], Awaitable[None]]
#: How often the sweep looks for races whose time is up.
SWEEP = 2.0


class Cards(Generic[Row]):
    """The cards of one kind (races, cups) this process keeps up to date:
    *sweep* ends what is due and names the cards behind; *claim* claims a
    card's next edit in the store (its row, or when to ask again, or
    ``None``: it shows every change), *not_shown* undoes a claim whose edit
    failed, and *show* edits the card."""

    def __init__(
        self,
        what: str,
        sweep: Callable[[], Awaitable[set[int]]],
        claim: Callable[[int, float, float], Awaitable[Row | float | None]],
        not_shown: Callable[[int], Awaitable[None]],
        show: Callable[[Row], Awaitable[None]],
        *,
        clock: Callable[[], float] = time.time,
        every: float = EVERY,
    ) -> None:
        self._what, self._sweep, self._claim = what, sweep, claim
        self._not_shown, self._show = not_shown, show
        self._clock, self._every = clock, every
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # Cards changed since their task last claimed them.
        self._again: set[int] = set()

    def changed(self, race_id: int) -> None:
        """A card has a change to show: it is shown within ``every``
        seconds of the card's last edit."""
        self._again.add(race_id)
        if race_id not in self._tasks:
            self._tasks[race_id] = asyncio.create_task(self._keep(race_id))

    async def behind(self, race_id: int) -> None:
        """A card whose edit was claimed (by a press that meant to edit it
        itself) did not show it: it is behind, and shown as any change is."""
        await self._not_shown(race_id)
        self.changed(race_id)

    async def sweep_forever(self, interval: float = SWEEP) -> None:
        """Ends what is due and shows the cards left behind, forever."""
        while True:
            try:
                for race_id in await self._sweep():
                    self.changed(race_id)
            except StoreError as error:
                log.warning("%ss not swept: %s", self._what, error)
            await asyncio.sleep(interval)

    async def close(self) -> None:
        """Stops the edits under way (a card left behind is shown by the
        next process's sweep)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _shown(self, race: Row, race_id: int) -> None:
        """Shows the race's card; an edit that fails is tried again by the
        next sweep (the card's last state must land)."""
        try:
            await self._show(race)
        except Exception:
            await self._not_shown(race_id)
            raise

    async def _keep(self, race_id: int) -> None:
        try:
            while True:
                self._again.discard(race_id)
                now = self._clock()
                claimed = await self._claim(race_id, now, self._every)
                if claimed is not None and not isinstance(claimed, float):
                    await self._shown(claimed, race_id)
                    # The next edit is sent a full interval after this one is
                    # done: however long a request takes, Discord sees them apart.
                    await asyncio.sleep(self._every)
                elif claimed is not None:
                    await asyncio.sleep(max(0.0, claimed - now))
                elif race_id not in self._again:
                    return  # the card shows every change
        except Exception as error:  # the sweep tries again
            log.warning(
                "card of %s %s not edited, tried again soon: %r", self._what, race_id, error
            )
        finally:
            del self._tasks[race_id]


def race_cards(
    store: Store, races: Races, show: Show, *, clock: Callable[[], float] = time.time
) -> Cards[RaceRow]:
    """The race cards of one store, shown by *show*."""
    return Cards("race", races.sweep, store.claim_card, store.card_not_shown, show, clock=clock)
