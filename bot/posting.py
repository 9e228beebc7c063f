"""Boards in channels: one live board per game, and a thread per game
where a server asks for it.

A game's previous board is edited down to one line, without its picture and
buttons, through the channel's message endpoint: the bot may edit its own
messages there at any age and without the Manage Messages permission, where
an interaction's token lapses after 15 minutes.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from render.names import one_line
from storage import BoardMessage
from texts import tr

from .replies import Board

if TYPE_CHECKING:
    from .client import SolitaireBot
    from .interactions import Interaction

log = logging.getLogger("bot")

#: Discord's limit on a thread's name.
THREAD_NAME = 100


def board_file(board: Board) -> discord.File:
    return discord.File(io.BytesIO(board.png), "table.png", description=board.alt[:1024])


async def keep_one_board(
    bot: SolitaireBot, board: Board, message: discord.Message, locale: str
) -> None:
    """Remembers *message* as the game's board, retires the one before, and
    looks into whether the game can still be won (for players who ask)."""
    old = await bot.service.remember_board(board.game_id, message.channel.id, message.id)
    if old is not None:
        await retire(bot, old, message.jump_url, locale)
    follow(bot, board, message.channel.id, message.id, locale)


def follow(bot: SolitaireBot, board: Board, channel_id: int, message_id: int, locale: str) -> None:
    """Starts the search of *board*'s position in the background: the reply
    is out already, and the board is edited when the verdict is in."""
    task = asyncio.create_task(bot.verdicts.follow(bot, board, channel_id, message_id, locale))
    bot.background.add(task)
    task.add_done_callback(bot.background.discard)


async def retire(bot: discord.Client, old: BoardMessage, link: str, locale: str) -> None:
    """Edits an old board down to one line pointing at the new one. A board
    that is gone, or out of the bot's reach, is left as it is."""
    channel_id, message_id = old
    message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(content=tr(locale, "board.moved", link=link), attachments=[], view=None)
    except discord.HTTPException as error:
        log.info("board %s in %s not retired: %s", message_id, channel_id, error.status)


async def open_thread(interaction: Interaction, board: Board, locale: str) -> bool:
    """Opens a thread for a new game, posts its board there and answers in
    the channel with one line. Returns ``False`` (nothing done) where no
    thread can be opened: not a text channel, or no permission."""
    from .views import board_view

    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return False
    game = board.summary.split(" · ")[0]
    name = one_line(f"{interaction.user.display_name} · {game}")[:THREAD_NAME]
    try:
        thread = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
        )
    except discord.HTTPException as error:
        log.info("no thread in %s: %s", channel.id, error.status)
        return False
    await interaction.response.send_message(
        tr(locale, "thread.opened", thread=thread.mention, game=game)
    )
    message = await thread.send(board.text, file=board_file(board), view=board_view(board, locale))
    await keep_one_board(interaction.client, board, message, locale)
    return True
