"""A player's data: ``/mydata export`` answers with a file of everything the
bot keeps about the player, at most once an hour.

The file is JSON (gzip'd past Discord's upload limit), versioned by
:data:`FORMAT` and :data:`VERSION`: each table that holds the player's id
(``storage._mydata.PLAYER_COLUMNS``) with the player's rows, column by
column as stored, JSON columns as the data they hold. ``docs/PRIVACY.md``
says what each table is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from storage import Store
from texts import tr

from . import jobs
from .replies import Asker, Notice
from .workers import Busy, Kind, Workers, busy_notice

FORMAT, VERSION = "solitaire-bot player data", 1
#: An export at most once in this many seconds, whichever process serves it.
EVERY = ("export", 1, 3600.0)
#: Files larger than this are gzip'd: Discord's smallest upload limit (10 MiB) with room.
LARGEST = 8 * 1024 * 1024


@dataclass(frozen=True)
class Export:
    """A player's data as a file, and a line to send with it."""

    data: bytes
    name: str
    text: str


class MyData:
    """A player's own data, from one store; files are made in a worker."""

    def __init__(
        self, store: Store, workers: Workers, *, clock: Callable[[], float] = time.time
    ) -> None:
        self._store, self._workers, self._clock = store, workers, clock

    async def export(self, asker: Asker) -> Export | Notice:
        """Everything kept about the asker, as a file for their eyes only."""
        locale, now = asker.locale, self._clock()
        wait = await self._store.take_turn(asker.user_id, *EVERY, now, count=False)
        if wait:
            return Notice(tr(locale, "mydata.export_wait", when=f"<t:{int(now + wait) + 1}:R>"))
        tables = await self._store.player_data(asker.user_id)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "user_id": asker.user_id,
            "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now)),
            "tables": tables,
        }
        try:
            content, name = await self._workers.run(
                Kind.EXPORT, jobs.export_file, data, LARGEST, player=asker.user_id
            )
        except Busy as busy:
            return busy_notice(busy, locale)
        # Counted once it is made: a refusal or a busy worker costs no turn.
        await self._store.take_turn(asker.user_id, *EVERY, now)
        return Export(content, name, tr(locale, "mydata.exported", n=len(tables["games"])))
