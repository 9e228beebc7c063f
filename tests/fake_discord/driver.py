"""What a test does through the local server: what players do in Discord."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from discord import InteractionType

from . import payloads
from .payloads import ALICE, DM_CHANNEL_ID, GUILD_ID, Reply
from .server import DiscordServer


class FakeDiscord(DiscordServer):
    """The server, driven as players would: slash commands, autocomplete,
    presses on buttons and menus, chat messages."""

    def command_id(self, name: str) -> str:
        for commands in self.commands.values():
            for command in commands:
                if command["name"] == name:
                    return str(command["id"])
        raise KeyError(name)

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        who: dict[str, Any] = ALICE,
        dm: bool = False,
        timeout: float = 5.0,
        locale: str = "en-US",
        guild_id: int = GUILD_ID,
        channel: dict[str, Any] | None = None,
        group_dm: bool = False,
    ) -> Reply:
        """*who* runs ``/name`` with *options* in a server (in its channel, or
        in *channel*, a thread), a DM or a group DM; returns the bot's reply."""
        data = payloads.command(
            self.command_id(name.split()[0]), name, options or {}, dm=dm or group_dm
        )
        interaction = payloads.interaction(
            InteractionType.application_command, data, who, dm=dm, locale=locale,
            guild_id=guild_id, channel=channel, group_dm=group_dm,
        )  # fmt: skip
        return await self._send_interaction(interaction, timeout)

    async def user_command(
        self, name: str, target: dict[str, Any], *, who: dict[str, Any] = ALICE
    ) -> Reply:
        """*who* right-clicks *target* in the server and picks Apps › *name*."""
        data = payloads.user_command(self.command_id(name), name, target)
        interaction = payloads.interaction(InteractionType.application_command, data, who)
        return await self._send_interaction(interaction, 5.0)

    async def autocomplete(
        self,
        name: str,
        option: str,
        typed: str,
        *,
        who: dict[str, Any] = ALICE,
        locale: str = "en-US",
        guild_id: int = GUILD_ID,
    ) -> Reply:
        """*who* has typed *typed* into *option* of ``/name``; returns the choices."""
        data = payloads.autocomplete(self.command_id(name), name, option, typed)
        interaction = payloads.interaction(
            InteractionType.autocomplete, data, who, locale=locale, guild_id=guild_id
        )
        return await self._send_interaction(interaction, 5.0)

    async def press(
        self,
        message: dict[str, Any],
        custom_id: str,
        *,
        who: dict[str, Any] = ALICE,
        values: list[str] | None = None,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Reply:
        """*who* presses a button of *message* (or picks *values* in its menu)."""
        channel = int(message["channel_id"])
        guild_id = payloads.GUILD_OF.get(channel, GUILD_ID)
        thread = next((t for t in self.threads if int(t["id"]) == channel), None)
        if thread is None and channel in payloads.GUILD_OF:
            thread = payloads.text_channel(guild_id, channel)
        data = payloads.component(custom_id, values)
        dm = channel == DM_CHANNEL_ID or channel in self.dm_channels
        interaction = payloads.interaction(
            InteractionType.component, data, who, message=message, dm=dm,
            locale=locale, guild_id=guild_id, group_dm=channel == payloads.GROUP_DM_ID,
            channel=thread,
        )  # fmt: skip
        return await self._send_interaction(interaction, timeout)

    async def say(
        self,
        content: str,
        *,
        who: dict[str, Any] = ALICE,
        dm: bool = False,
        mention: bool = False,
        timeout: float = 5.0,
        guild_id: int = GUILD_ID,
        channel_id: int | None = None,
    ) -> Reply:
        """Posts a chat message from *who* (in the server's first channel, or
        *channel_id*) and returns what the bot posts back."""
        message = payloads.chat(
            content, who, dm=dm, mention=mention, guild_id=guild_id, channel_id=channel_id
        )
        await self._dispatch("MESSAGE_CREATE", message)
        return await asyncio.wait_for(self.posted.get(), timeout)

    async def say_and_wait(
        self,
        content: str,
        *,
        who: dict[str, Any] = ALICE,
        guild_id: int = GUILD_ID,
        timeout: float = 5.0,
    ) -> Reply:
        """*who* mentions the bot with *content* in a server's channel; returns
        the bot's reply to that very message (many players may chat at once),
        with ``elapsed`` from the message sent to the reply received."""
        message = payloads.chat(content, who, mention=True, guild_id=guild_id)
        waiting: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.replies_to[int(message["id"])] = waiting
        sent = time.monotonic()
        await self._dispatch("MESSAGE_CREATE", message)
        reply = await asyncio.wait_for(waiting, timeout)
        reply.elapsed = time.monotonic() - sent
        return reply

    def message(self, reply: Reply) -> dict[str, Any]:
        """The message a reply posted or edited, as the server keeps it."""
        assert reply.message is not None, "the reply posted no message"
        return self.messages[int(reply.message["id"])]
