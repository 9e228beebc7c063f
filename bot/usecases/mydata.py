"""A player's data: ``/mydata export`` answers with a file of everything the
bot keeps about the player, at most once an hour; ``/mydata forget``, once
confirmed within a minute, deletes it (at most once a day).

The file is JSON (gzip'd past Discord's upload limit), versioned by
:data:`FORMAT` and :data:`VERSION`: each table that holds the player's id
(``storage._mydata.PLAYER_COLUMNS``) with the player's rows, the columns
that are the player's (``EXPORTED``; never a secret, a solver's line or
another player's id), JSON columns as the data they hold. A deal still in
play (``fairplay.in_play``) is withheld until it is not: no deal number nor
starting position, and a cup's games no moves either.
``docs/PRIVACY.md`` says what each table is.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from storage import Store
from texts import tr

from . import jobs
from .cups import attempt_digest
from .fairplay import InPlay, in_play
from .puzzles import source_digest, try_digest
from .replies import Asker, Notice
from .servers import block_digest
from .workers import Busy, Kind, Workers, busy_notice

FORMAT, VERSION = "solitaire-bot player data", 2
#: An export at most once in this many seconds, whichever process serves it.
EVERY = ("export", 1, 3600.0)
#: Files larger than this are gzip'd: Discord's smallest upload limit (10 MiB) with room.
LARGEST = 8 * 1024 * 1024
#: What Discord takes a file when the interaction does not say (LIMITS.md §3,
#: "Upload size: per file; default 10 MiB"); an interaction carries its own.
UPLOAD_LIMIT = 10 * 1024 * 1024
#: A forget's confirmation is good for this long; a player is forgotten at
#: most once in FORGET_EVERY.
CONFIRM_FOR, FORGET_EVERY = 60.0, 86400.0


@dataclass(frozen=True)
class Forgotten:
    """The player was forgotten: what to tell them."""

    text: str


@dataclass(frozen=True)
class Confirmation:
    """What a player is asked before they are forgotten, and the signed
    confirmation their button carries: who, until when, and its signature."""

    text: str
    user_id: int
    expires: int
    signature: str


@dataclass(frozen=True)
class Export:
    """A player's data as a file, and a line to send with it."""

    data: bytes
    name: str
    text: str


class MyData:
    """A player's own data, from one store; files are made in a worker."""

    def __init__(
        self,
        store: Store,
        workers: Workers,
        *,
        key: bytes,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """*key* signs confirmations and keys the digest of a forgotten
        player's id: a secret of the bot's (every process has the same)."""
        self._store, self._workers, self._clock, self._key = store, workers, clock, key

    def ask_to_forget(self, asker: Asker) -> Confirmation:
        """What ``/mydata forget`` asks, with a confirmation good for a minute."""
        expires = int(self._clock() + CONFIRM_FOR)
        return Confirmation(
            tr(asker.locale, "mydata.forget_ask", until=f"<t:{expires}:R>"),
            asker.user_id,
            expires,
            self._sign(asker.user_id, expires),
        )

    async def forget(
        self, asker: Asker, user_id: int, expires: int, signature: str
    ) -> Forgotten | Notice:
        """Forgets the asker, if the confirmation pressed is theirs, is one
        this bot made, and is still good; else says why, and nothing changes."""
        locale = asker.locale
        if not hmac.compare_digest(signature, self._sign(user_id, expires)):
            return Notice(tr(locale, "mydata.forget_forged"))
        if user_id != asker.user_id:
            return Notice(tr(locale, "mydata.forget_not_yours"))
        if self._clock() > expires:
            return Notice(tr(locale, "mydata.forget_expired"))
        digest = hmac.new(self._key, f"forgotten:{user_id}".encode(), hashlib.sha256).hexdigest()

        def kept(guild_id: int) -> str:
            return block_digest(self._key, guild_id, user_id)

        def linked(cup_id: int) -> str:
            return attempt_digest(self._key, cup_id, user_id)

        def tried(puzzle_id: int) -> str:
            return try_digest(self._key, puzzle_id, user_id)

        if not await self._store.forget_player(
            user_id, digest, every=FORGET_EVERY, block_digest=kept, cup_digest=linked,
            puzzle_source=source_digest(self._key, user_id), puzzle_digest=tried,
        ):  # fmt: skip
            return Notice(tr(locale, "mydata.forget_again"))
        return Forgotten(tr(locale, "mydata.forgotten"))

    def _sign(self, user_id: int, expires: int) -> str:
        message = f"forget:{user_id}:{expires}".encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()[:16]

    async def _withhold_in_play(self, tables: dict[str, list[dict[str, Any]]]) -> None:
        """What would give away a deal still in play (:func:`.fairplay.in_play`:
        a race not over, a cup not closed, today's daily), left out
        (``null``) until it is not: its number and starting position; of a
        game in a cup, its moves too (a winner's moves are a line anyone in
        the cup could type)."""
        now = self._clock()
        held: dict[tuple[str, str, Any], InPlay | None] = {}
        for row in (*tables.get("races", []), *tables.get("games", [])):
            key = (row["profile"], json.dumps(row["options"], sort_keys=True), row["deal"])
            if key not in held:
                held[key] = await in_play(
                    self._store, row["profile"], row["options"], row["deal"], now
                )
            reason = held[key]
            if reason is None:
                continue
            row["deal"] = None
            if "start" in row:  # a game
                row["start"] = None
                if reason.cup is not None:
                    row["moves"] = row["redo"] = None

    async def export(self, asker: Asker, upload_limit: int = UPLOAD_LIMIT) -> Export | Notice:
        """Everything kept about the asker, as a file for their eyes only: a
        file over *upload_limit* bytes (what Discord takes where the player
        asked), even gzip'd, is not sent, and why is said instead."""
        locale, now = asker.locale, self._clock()
        wait = await self._store.take_turn(asker.user_id, *EVERY, now, count=False)
        if wait:
            return Notice(tr(locale, "mydata.export_wait", when=f"<t:{int(now + wait) + 1}:R>"))
        tables = await self._store.player_data(asker.user_id)
        await self._withhold_in_play(tables)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "user_id": asker.user_id,
            "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now)),
            "tables": tables,
        }
        try:
            content, name = await self._workers.run(
                Kind.EXPORT, jobs.export_file, data, min(LARGEST, upload_limit),
                player=asker.user_id,
            )  # fmt: skip
        except Busy as busy:
            return busy_notice(busy, locale)
        if len(content) > upload_limit:  # no turn taken: nothing was sent
            mib = f"{len(content) / 2**20:.1f}", f"{upload_limit / 2**20:.1f}"
            return Notice(tr(locale, "mydata.too_large", size=mib[0], limit=mib[1]))
        # Counted once it is made: a refusal or a busy worker costs no turn.
        await self._store.take_turn(asker.user_id, *EVERY, now)
        return Export(content, name, tr(locale, "mydata.exported", n=len(tables["games"])))
