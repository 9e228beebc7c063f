"""Servers in the store: a server's settings, the channels it limits the
bot to, the members it blocked, and what is left of it once the bot leaves."""

from __future__ import annotations

from collections.abc import Iterable

from ._base import ServerRules
from ._session import Connected


class GuildQueries(Connected):
    """The store's queries of servers (a part of :class:`storage.Store`)."""

    async def threads(self, guild_id: int) -> bool:
        """Whether the server plays each game in a thread of its own."""
        async with self._read() as db:
            row = await db.fetchrow("SELECT threads FROM guilds WHERE guild_id = ?", (guild_id,))
        return row is not None and bool(row["threads"])

    async def set_threads(self, guild_id: int, threads: bool) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guilds (guild_id, threads) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                (guild_id, int(threads)),
            )

    async def guild_left(self, guild_id: int) -> None:
        """Remembers that the bot left a server (removed, or the server deleted)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guilds (guild_id, threads, left_at) VALUES (?, 0, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET left_at = excluded.left_at",
                (guild_id, self._clock()),
            )

    async def guild_back(self, guild_id: int) -> None:
        """The bot is in a server it had left: its data stays."""
        async with self._write() as db:
            await db.execute(
                "UPDATE guilds SET left_at = NULL WHERE guild_id = ? AND left_at IS NOT NULL",
                (guild_id,),
            )

    async def has_left(self, guild_id: int) -> bool:
        """Whether the bot left the server (and was not added to it again)."""
        async with self._read() as db:
            row = await db.fetchrow(
                "SELECT left_at FROM guilds WHERE guild_id = ? AND left_at IS NOT NULL",
                (guild_id,),
            )
        return row is not None

    async def guilds_left(self, before: float) -> list[int]:
        """The servers the bot left before *before* (and was not added to again)."""
        async with self._read() as db:
            rows = await db.fetch(
                "SELECT guild_id FROM guilds WHERE left_at IS NOT NULL AND left_at <= ?",
                (before,),
            )
        return [row["guild_id"] for row in rows]

    async def forget_guild(self, guild_id: int) -> None:
        """Deletes a server's own data, in one transaction: its settings, its
        channel lists and blocks, its cups (their deals, strikes, the
        server's cup role and the reminders of them still to send), and where
        its boards and race cards were. Its players' games stay theirs."""
        async with self._write() as db:
            cups = "SELECT id FROM cups WHERE guild_id = ?"
            for table in ("cup_deals", "cup_struck", "cup_aliases"):
                await db.execute(f"DELETE FROM {table} WHERE cup_id IN ({cups})", (guild_id,))
            await db.execute("DELETE FROM cups WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM guild_cup_roles WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM guilds WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM guild_channels WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM guild_blocks WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM guild_blocks_kept WHERE guild_id = ?", (guild_id,))
            await db.execute(
                "UPDATE games SET channel_id = NULL, message_id = NULL WHERE guild_id = ?",
                (guild_id,),
            )
            await db.execute("UPDATE races SET message_id = NULL WHERE guild_id = ?", (guild_id,))
            await db.execute(
                "DELETE FROM reminders WHERE guild_id = ? AND sent_at IS NULL", (guild_id,)
            )

    async def server_rules(self, guild_id: int) -> ServerRules:
        """Where the server lets the bot play, and whom it blocked."""
        async with self._read() as db:
            listed = await db.fetch(
                "SELECT kind, channel_id FROM guild_channels WHERE guild_id = ?", (guild_id,)
            )
            blocked = await db.fetch(
                "SELECT user_id FROM guild_blocks WHERE guild_id = ?", (guild_id,)
            )
            kept = await db.fetch(
                "SELECT digest FROM guild_blocks_kept WHERE guild_id = ?", (guild_id,)
            )
        channels: dict[str, set[int]] = {}
        for row in listed:
            channels.setdefault(row["kind"], set()).add(row["channel_id"])
        return ServerRules(
            {kind: frozenset(ids) for kind, ids in channels.items()},
            frozenset(row["user_id"] for row in blocked),
            frozenset(row["digest"] for row in kept),
        )

    async def set_channels(self, guild_id: int, kind: str, channel_ids: Iterable[int]) -> None:
        """Limits *kind* of play in the server to *channel_ids* (none: every channel)."""
        async with self._write() as db:
            await db.execute(
                "DELETE FROM guild_channels WHERE guild_id = ? AND kind = ?", (guild_id, kind)
            )
            for channel_id in dict.fromkeys(channel_ids):
                await db.execute(
                    "INSERT INTO guild_channels (guild_id, kind, channel_id) VALUES (?, ?, ?)",
                    (guild_id, kind, channel_id),
                )

    async def block(self, guild_id: int, user_id: int, digest: str) -> bool:
        """Blocks a member in a server; ``False`` if they were already (also
        as a forgotten player, whose block is kept under *digest*)."""
        async with self._write() as db:
            kept = await db.fetchrow(
                "SELECT digest FROM guild_blocks_kept WHERE guild_id = ? AND digest = ?",
                (guild_id, digest),
            )
            if kept is not None:
                return False
            row = await db.fetchrow(
                "INSERT INTO guild_blocks (guild_id, user_id, blocked_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO NOTHING RETURNING user_id",
                (guild_id, user_id, self._clock()),
            )
        return row is not None

    async def unblock(self, guild_id: int, user_id: int, digest: str) -> bool:
        """Lets a blocked member use the bot again (a block kept under
        *digest* too); ``False`` if they were not blocked."""
        async with self._write() as db:
            row = await db.fetchrow(
                "DELETE FROM guild_blocks WHERE guild_id = ? AND user_id = ? RETURNING user_id",
                (guild_id, user_id),
            )
            kept = await db.fetchrow(
                "DELETE FROM guild_blocks_kept WHERE guild_id = ? AND digest = ? RETURNING digest",
                (guild_id, digest),
            )
        return row is not None or kept is not None
