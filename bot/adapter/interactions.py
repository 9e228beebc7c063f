"""The typed interaction of this bot, and who is asking in it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, TypeAlias

import discord

from storage import StoreUnavailable
from texts import locale_of, tr

from ..usecases.replies import Asker

log = logging.getLogger("bot")

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


def avatar_of(user: discord.User | discord.Member) -> str | None:
    """The hash of *user*'s own avatar (not a server's), ``None`` for none."""
    return user.avatar.key if user.avatar is not None else None


def asker_of(interaction: Interaction) -> Asker:
    """Who is asking, in which language, from which server and channel."""
    return Asker(
        interaction.user.id, language(interaction), interaction.guild_id, interaction.channel_id
    )


def bot_is_member(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot is in the interaction's channel, so that it may call
    it (edit its messages, open threads): in a server that installed the
    app, and in its own DM. Not in a group DM, nor in a server where only the
    player installed it: there everything goes through the interaction."""
    if interaction.guild_id is not None:
        return interaction.is_guild_integration()
    return not interaction.context.private_channel


def trouble(error: BaseException, locale: str, what: str) -> str:
    """What to tell a player whose request failed with *error*, logged for
    the operator: the store's passing trouble in words (one log line),
    anything else as "oops" (with its traceback)."""
    cause = getattr(error, "original", error)  # app_commands wraps the callback's error
    if isinstance(cause, StoreUnavailable):
        log.warning("%s: storage unavailable: %s", what, cause)
        return tr(locale, "storage.busy")
    log.error("%s failed", what, exc_info=cause)
    return tr(locale, "oops")


async def say_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answers *interaction* with a message only its user sees."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
