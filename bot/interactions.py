"""The typed interaction of this bot, and who is asking in it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

import discord

from texts import locale_of

from .replies import Asker

if TYPE_CHECKING:
    from .client import SolitaireBot

#: An interaction with this bot: ``interaction.client.service`` is typed.
Interaction: TypeAlias = "discord.Interaction[SolitaireBot]"


def bot_of(interaction: discord.Interaction[Any]) -> SolitaireBot:
    """The bot, typed, for a component's callback: discord.py types those
    for any client, so an override cannot narrow the interaction's type."""
    return interaction.client


def language(interaction: Interaction) -> str:
    """The catalogue for the user's Discord language (English if we lack it)."""
    return locale_of(interaction.locale)


def asker_of(interaction: Interaction) -> Asker:
    """Who is asking, in which language, from which server and channel."""
    return Asker(
        interaction.user.id, language(interaction), interaction.guild_id, interaction.channel_id
    )
