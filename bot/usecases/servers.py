"""A server's say: the channels where the bot plays, the members it may not
serve there, and whether each game gets a thread of its own.

Every command and typed move in a server asks :meth:`Servers.refusal` (or
:meth:`Servers.reads`) first. The answer comes from the server's rules as
this process last read them, read again after :data:`FRESH` seconds: a
server's interactions and messages all come to the process of its shard,
which is the one that changes its rules, so it knows at once; another
process (one that takes the shard over) knows within :data:`FRESH` seconds.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass

from storage import ServerRules, Store
from texts import Msg, tr

from .live import LiveGames
from .replies import Asker, Notice

#: The kinds of play a server may limit to some channels: games (their
#: boards and typed moves), races and cups.
KINDS = ("boards", "races", "cups")
#: How many channels a kind of play may be limited to.
MOST_CHANNELS = 25
#: How long a process trusts the rules it read of a server.
FRESH = 30.0


def block_digest(key: bytes, guild_id: int, user_id: int) -> str:
    """What a server's block of a forgotten player is kept under: a keyed
    digest of the server and the player's id, which names no one.

    >>> block_digest(b"k", 1, 2) == block_digest(b"k", 1, 2) != block_digest(b"k", 3, 2)
    True
    """
    message = f"block:{guild_id}:{user_id}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Channel:
    """A channel a manager named, as the bot finds it there."""

    id: int
    #: Whether the bot may read and post in it.
    seen: bool


@dataclass(frozen=True)
class Member:
    """A member a manager named."""

    id: int
    bot: bool = False


class Servers:
    """Servers' rules, kept in the store that every process shares."""

    def __init__(
        self,
        store: Store,
        live: LiveGames | None = None,
        *,
        races_changed: Callable[[int], None] = lambda race_id: None,
        clock: Callable[[], float] = time.monotonic,
        key: bytes = b"",
    ) -> None:
        """*key* keys the digests a forgotten player's blocks are kept under:
        a secret of the bot's (every process has the same)."""
        self._store, self._live, self._key = store, live, key
        self._races_changed, self._clock = races_changed, clock
        self._known: dict[int, tuple[ServerRules, float]] = {}

    async def left(self, guild_id: int) -> None:
        """The bot was removed from the server (or it was deleted): its own
        data goes when it has been gone long enough (:meth:`left_before`)."""
        await self._store.guild_left(guild_id)

    async def back(self, guild_id: int) -> None:
        """The bot is in the server again: whatever it kept stays."""
        await self._store.guild_back(guild_id)

    async def left_before(self, before: float) -> list[int]:
        """The servers that removed the bot before *before* (a UNIX time)."""
        return list(await self._store.guilds_left(before))

    async def forget(self, guild_id: int) -> None:
        """Deletes the data of a server the bot left long ago."""
        await self._store.forget_guild(guild_id)
        self._known.pop(guild_id, None)

    async def rules(self, guild_id: int) -> ServerRules:
        """The server's rules: as this process read them, if not too long ago."""
        known = self._known.get(guild_id)
        now = self._clock()
        if known is not None and now - known[1] < FRESH:
            return known[0]
        rules = await self._store.server_rules(guild_id)
        self._known[guild_id] = rules, now
        return rules

    async def blocks(self, guild_id: int, user_id: int) -> bool:
        """Whether the server keeps the member from the bot (also as a
        player who was forgotten since, and came back)."""
        return self._blocked(await self.rules(guild_id), guild_id, user_id)

    def _blocked(self, rules: ServerRules, guild_id: int, user_id: int) -> bool:
        if user_id in rules.blocked:
            return True
        return bool(rules.kept) and block_digest(self._key, guild_id, user_id) in rules.kept

    async def refusal(self, asker: Asker, kind: str | None, place: int | None) -> Notice | None:
        """Why the bot does not serve the asker here, in one line, or ``None``:
        a member the server blocked, or a *kind* of play (``None``: not play)
        the server keeps to other channels than *place* (a thread's parent)."""
        if asker.guild_id is None:
            return None
        rules = await self.rules(asker.guild_id)
        if self._blocked(rules, asker.guild_id, asker.user_id):
            return Notice(tr(asker.locale, "server.blocked"))
        where = rules.channels.get(kind or "")
        if not where or place in where:
            return None
        return Notice(tr(asker.locale, f"server.elsewhere.{kind}", channels=_links(where)))

    async def reads(self, user_id: int, guild_id: int | None, place: int) -> bool:
        """Whether a move typed in *place* (a thread's parent) is read: not
        from a blocked member, nor where the server plays no games."""
        if guild_id is None:
            return True
        rules = await self.rules(guild_id)
        where = rules.channels.get("boards")
        return not self._blocked(rules, guild_id, user_id) and (not where or place in where)

    async def channels(
        self,
        asker: Asker,
        *,
        manager: bool,
        kind: str = "boards",
        add: Channel | None = None,
        remove: int | None = None,
        every: bool = False,
    ) -> Notice:
        """Adds a channel to the ones *kind* of play is limited to, or takes
        one off, or lets it be played in every channel again; then says where
        each kind is played. Changing needs a manager of the server."""
        if asker.guild_id is None:
            return Notice(tr(asker.locale, "settings.server_only"))
        if kind not in KINDS:
            return Notice(tr(asker.locale, "settings.unknown"))
        changes = add is not None or remove is not None or every
        if changes and not manager:
            return Notice(tr(asker.locale, "server.not_manager"))
        rules = await self._store.server_rules(asker.guild_id)
        listed = set(rules.channels.get(kind, ()))
        if add is not None and not add.seen:
            return Notice(tr(asker.locale, "server.unseen", channel=f"<#{add.id}>"))
        if add is not None and add.id not in listed and len(listed) >= MOST_CHANNELS:
            return Notice(tr(asker.locale, "server.full", most=MOST_CHANNELS))
        wanted = set() if every else set(listed)
        if add is not None:
            wanted.add(add.id)
        if remove is not None:
            wanted.discard(remove)
        if wanted != listed:
            await self._store.set_channels(asker.guild_id, kind, sorted(wanted))
            self._known.pop(asker.guild_id, None)
            rules = await self.rules(asker.guild_id)
        lines = [tr(asker.locale, "server.channels")]
        for each in KINDS:
            where = rules.channels.get(each)
            places = _links(where) if where else tr(asker.locale, "server.everywhere")
            lines.append(tr(asker.locale, "server.kind", kind=Msg(f"server.{each}"), where=places))
        return Notice("\n".join(lines))

    async def block(self, asker: Asker, *, manager: bool, member: Member) -> Notice:
        """Blocks a member in the asker's server: their commands, presses and
        typed moves there are refused, and their races there end resigned."""
        refused = self._refuse_change(asker, manager, member)
        if refused is not None:
            return refused
        assert asker.guild_id is not None
        who = f"<@{member.id}>"
        digest = block_digest(self._key, asker.guild_id, member.id)
        if not await self._store.block(asker.guild_id, member.id, digest):
            return Notice(tr(asker.locale, "server.block.already", member=who))
        self._known.pop(asker.guild_id, None)
        races = await self._store.end_races_of(asker.guild_id, member.id)
        if self._live is not None:
            self._live.forget_player(member.id)
        for race_id in races:
            self._races_changed(race_id)
        said = tr(asker.locale, "server.block.done", member=who)
        if races:
            said += " " + tr(asker.locale, "server.block.races", n=len(races))
        return Notice(said)

    async def unblock(self, asker: Asker, *, manager: bool, member: Member) -> Notice:
        """Lets a blocked member use the bot in the asker's server again."""
        refused = self._refuse_change(asker, manager, member)
        if refused is not None:
            return refused
        assert asker.guild_id is not None
        who = f"<@{member.id}>"
        digest = block_digest(self._key, asker.guild_id, member.id)
        if not await self._store.unblock(asker.guild_id, member.id, digest):
            return Notice(tr(asker.locale, "server.unblock.not", member=who))
        self._known.pop(asker.guild_id, None)
        return Notice(tr(asker.locale, "server.unblock.done", member=who))

    async def set_threads(self, asker: Asker, *, manager: bool, threads: bool | None) -> Notice:
        """Turns thread-per-game on or off for the asker's server, and says
        how it is now."""
        if asker.guild_id is None:
            return Notice(tr(asker.locale, "settings.server_only"))
        if threads is not None:
            if not manager:
                return Notice(tr(asker.locale, "server.not_manager"))
            await self._store.set_threads(asker.guild_id, threads)
        on = await self._store.threads(asker.guild_id)
        return Notice(tr(asker.locale, "settings.threads_on" if on else "settings.threads_off"))

    async def threads(self, guild_id: int | None) -> bool:
        """Whether the server plays each game in a thread of its own."""
        return guild_id is not None and await self._store.threads(guild_id)

    def _refuse_change(self, asker: Asker, manager: bool, member: Member) -> Notice | None:
        if asker.guild_id is None:
            return Notice(tr(asker.locale, "settings.server_only"))
        if not manager:
            return Notice(tr(asker.locale, "server.not_manager"))
        if member.id == asker.user_id:
            return Notice(tr(asker.locale, "server.block.self"))
        if member.bot:
            return Notice(tr(asker.locale, "server.block.bot"))
        return None


def _links(channels: frozenset[int] | set[int]) -> str:
    """Channel mentions, which Discord shows as links to them."""
    return ", ".join(f"<#{channel}>" for channel in sorted(channels))
