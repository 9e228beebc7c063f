"""Moves typed as plain messages: in DMs, when the bot is mentioned, and in
the channel of the player's current game when the message-content intent is on."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from solitaire import is_move_like

from ..usecases.replies import Asker
from ..usecases.service import GameService
from .answers import reply_to_message
from .gate import place_of

if TYPE_CHECKING:
    from .client import SolitaireBot

_MENTION = re.compile(r"<@!?\d+>")


async def is_addressed(
    client: discord.Client, message: discord.Message, service: GameService, content_intent: bool
) -> bool:
    """Whether *message* is meant for the bot: a DM, a mention, or (with the
    intent) a message in the channel of the author's current game."""
    if message.guild is None:
        return True
    if client.user is not None and client.user in message.mentions:
        return True
    if not content_intent:
        return False
    row = await service.current_game(message.author.id)
    return row is not None and row.channel_id == message.channel.id


async def handle_message(
    client: SolitaireBot,
    message: discord.Message,
    service: GameService,
    content_intent: bool,
    language: Callable[[discord.Message], Awaitable[str]],
) -> None:
    if message.author.bot:
        return
    text = _MENTION.sub("", message.content).strip()
    if not text or not is_move_like(text):
        return
    if not await is_addressed(client, message, service, content_intent):
        return
    guild_id = message.guild.id if message.guild else None
    place = place_of(message.channel, message.channel.id)
    if not await client.servers.reads(message.author.id, guild_id, place or message.channel.id):
        return  # a server's say: not where it plays, or a member it blocked
    locale = await language(message)
    asker = Asker(message.author.id, locale, guild_id, message.channel.id, private=False)
    reply = await service.move(asker, text)
    await reply_to_message(client, message, text, reply, locale)
