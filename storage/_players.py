"""Players in the store: settings, names, languages, the limits on what a
player may do how often, and the shard leases that keep one process per shard."""

from __future__ import annotations

from collections.abc import Sequence

from ._base import Lease, Settings
from ._rows import settings_of
from ._session import Connected, Session


class PlayerQueries(Connected):
    """The store's queries of players and leases (a part of :class:`storage.Store`)."""

    async def settings(self, user_id: int) -> Settings:
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT cards, colours, verdicts, clock, score, words, visibility FROM players"
                " WHERE user_id = ?",
                (user_id,),
            )
        if row is None:
            return Settings()
        return settings_of(
            row["cards"], row["colours"], row["verdicts"], row["clock"], row["score"],
            row["words"], row["visibility"],
        )  # fmt: skip

    async def set_settings(self, user_id: int, settings: Settings) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at, cards, colours, verdicts, clock,"
                " score, words, visibility) VALUES (?, '', ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE"
                " SET cards = excluded.cards, colours = excluded.colours,"
                " verdicts = excluded.verdicts, clock = excluded.clock, score = excluded.score,"
                " words = excluded.words, visibility = excluded.visibility",
                (
                    user_id,
                    self._clock(),
                    settings.cards,
                    settings.colours,
                    int(settings.verdicts),
                    int(settings.clock),
                    settings.score,
                    int(settings.words),
                    settings.visibility,
                ),
            )

    async def set_name(self, user_id: int, name: str, avatar: str | None = None) -> None:
        """Remembers how a player is called, for leaderboards, and their
        avatar's hash (``None``: they have none)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at, avatar) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,"
                " updated_at = excluded.updated_at, avatar = excluded.avatar",
                (user_id, name[:100], self._clock(), avatar[:40] if avatar else None),
            )

    async def avatar(self, user_id: int) -> str | None:
        """The hash of a player's avatar as last seen (``None``: none, or not seen)."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT avatar FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else row["avatar"]

    async def set_language(self, user_id: int, language: str) -> None:
        """Remembers the language a player's Discord client uses."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at, language) VALUES (?, '', ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, self._clock(), language[:16]),
            )

    async def language(self, user_id: int) -> str | None:
        async with self._read() as db:
            row = await db.fetchrow("SELECT language FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else row["language"]

    async def hidden(self, user_ids: Sequence[int]) -> set[int]:
        """Those of *user_ids* who show on no board (``visibility`` hidden)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT user_id FROM players WHERE user_id IN ({marks}) AND visibility = 'hidden'",
                ids,
            )
        return {row["user_id"] for row in rows}

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        async with self._read() as db:
            rows = await db.fetch(
                f"SELECT user_id, name FROM players WHERE user_id IN ({marks}) AND name != ''", ids
            )
        return {row["user_id"]: row["name"] for row in rows}

    async def take_turn(
        self, user_id: int, kind: str, times: int, seconds: float, now: float, *, count: bool = True
    ) -> float:
        """Counts a use of *kind* by the user at *now* and returns 0, or
        returns how many seconds they must wait (the use is not counted): at
        most *times* uses in any *seconds*, whichever process serves them.
        Without *count*, only says how long to wait."""
        async with self._write() as db:
            await db.execute(
                "DELETE FROM cooldowns WHERE user_id = ? AND kind = ? AND used_at <= ?",
                (user_id, kind, now - seconds),
            )
            row = await db.fetchrow(
                "SELECT count(*) AS uses, min(used_at) AS oldest FROM cooldowns"
                " WHERE user_id = ? AND kind = ?",
                (user_id, kind),
            )
            assert row is not None
            if row["uses"] >= times:
                return round(float(row["oldest"]) + seconds - now, 1)
            if count:
                await db.execute(
                    "INSERT INTO cooldowns (user_id, kind, used_at) VALUES (?, ?, ?)",
                    (user_id, kind, now),
                )
        return 0.0

    async def take_leases(
        self, shards: Sequence[int], holder: str, until: float, now: float, *, count: int = 0
    ) -> list[Lease]:
        """Takes (or renews) *holder*'s leases on *shards* until *until*, unless
        another holder's lease that has not lapsed by *now* is in the way: then
        takes none and returns those. Shard -1 stands for every shard. *count*
        is the number of shards the holder runs with (0: not sharded); a live
        lease of a holder that runs with another count is in the way too, as
        the two would split the servers differently."""
        # Every shard (-1) is in the way of any other lease, and any of -1.
        marks = ", ".join("?" * len(shards))
        which = (
            "" if -1 in shards else f" AND (shard IN ({marks}) OR shard = -1 OR shard_count != ?)"
        )
        async with self._write() as db:
            await self._lock_leases(db)
            rows = await db.fetch(
                "SELECT shard, holder, expires_at, shard_count FROM leases"
                f" WHERE expires_at > ? AND holder != ?{which}",
                (now, holder, *([] if -1 in shards else [*shards, count])),
            )
            if rows:
                return [
                    Lease(r["shard"], r["holder"], r["expires_at"], r["shard_count"]) for r in rows
                ]
            for shard in shards:
                await db.execute(
                    "INSERT INTO leases (shard, holder, expires_at, shard_count)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (shard) DO UPDATE"
                    " SET holder = excluded.holder, expires_at = excluded.expires_at,"
                    " shard_count = excluded.shard_count",
                    (shard, holder, until, count),
                )
        return []

    async def drop_leases(self, holder: str) -> None:
        """Gives up every lease of *holder*."""
        async with self._write() as db:
            await db.execute("DELETE FROM leases WHERE holder = ?", (holder,))

    async def _lock_leases(self, db: Session) -> None:
        """Keeps other processes from taking leases until this transaction ends
        (SQLite's write transactions already do)."""
