"""A server's say, asked first: every command, press and typed move in a
server passes here before it is answered (see :mod:`bot.usecases.servers`)."""

from __future__ import annotations

from typing import Any

import discord

from .interactions import asker_of, bot_of, language, say_privately, trouble


def place_of(channel: object, channel_id: int | None) -> int | None:
    """The channel whose rules apply: a thread follows its parent."""
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return channel_id


async def refused(interaction: discord.Interaction[Any], kind: str | None) -> bool:
    """Whether the server keeps the bot from answering *interaction* (a
    blocked member; *kind* of play kept to other channels): if so, the
    member is told why, privately, in one line."""
    if interaction.guild_id is None:
        return False
    try:
        place = place_of(interaction.channel, interaction.channel_id)
        notice = await bot_of(interaction).servers.refusal(asker_of(interaction), kind, place)
    except Exception as error:  # the store's trouble: answered, nothing done
        said = trouble(error, language(interaction), "a server's rules")
    else:
        if notice is None:
            return False
        said = notice.text
    if interaction.type == discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
    else:
        await say_privately(interaction, said)
    return True
