"""Races in Discord: the race card (one public Components V2 message, edited
in place), the presses on it, a racer's private board and a spectator's view.

A racer's board is an ephemeral message: only its racer sees it, and only
an interaction can edit it (its buttons, the menu, ``/move``), so
:func:`~bot.adapter.answers.respond` answers every race board privately and
never remembers or retires it. The card is edited by the answer to a press
on it before the start, and afterwards through its channel, as
:class:`~bot.usecases.racecards.RaceCards` says when.
"""

from __future__ import annotations

import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from storage import RaceRow, RaceStatus
from texts import tr

from ..usecases.races import OPEN_FOR, RaceCard, Watching
from ..usecases.replies import Notice
from .answers import (
    LOST,
    PLAYING,
    WON,
    accent,
    afterwards,
    editable,
    in_place,
    picture_view,
    respond,
)
from .components import DealButton, RaceButton, WatchButton
from .interactions import Interaction, asker_of, avatar_of, bot_is_member, language

if TYPE_CHECKING:
    from .client import SolitaireBot

log = logging.getLogger("bot")

#: A race card's accent: open, running, over (a race never run: none).
_ACCENTS = {RaceStatus.OPEN: PLAYING, RaceStatus.RUNNING: PLAYING, RaceStatus.OVER: WON}


def race_view(card: RaceCard) -> discord.ui.LayoutView:
    """The race card: its text and its buttons, in a container."""
    buttons = [RaceButton(card.race_id, action, locale=card.locale) for action in card.actions]
    parts: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(card.text)]
    if buttons:
        parts.append(discord.ui.ActionRow(*buttons))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=_ACCENTS.get(card.status, LOST)))
    return view


def watch_view(watching: Watching, locale: str) -> discord.ui.LayoutView:
    """A racer's board for a spectator: its picture, Refresh and Next racer,
    and Replay once the race is over."""
    board = watching.board
    row: list[discord.ui.Item[Any]] = [
        WatchButton(watching.race_id, watching.watched, "r", locale=locale),
    ]
    if watching.next_racer != watching.watched:
        row.append(WatchButton(watching.race_id, watching.next_racer, "n", locale=locale))
    if watching.over and (board.won or board.reviewable):  # never while others race the deal
        row.append(DealButton("replay", board.game_id, locale=locale))
    return picture_view(board.text, "table.png", board.alt, accent=accent(board), rows=[row])


class Racing:
    """What the race commands and the presses on race cards do, for one bot."""

    def __init__(self, bot: SolitaireBot) -> None:
        self._bot = bot

    async def open(
        self,
        interaction: Interaction,
        profile: str,
        options: dict[str, object],
        *,
        deal: int | None = None,
    ) -> None:
        """``/race``: a race card in the channel."""
        if not bot_is_member(interaction):
            await _privately(interaction, tr(language(interaction), "race.servers_only"))
            return
        await self._remember(interaction)
        card = await self._bot.races.open(asker_of(interaction), profile, options, deal=deal)
        await self._post(interaction, card)

    async def challenge(self, interaction: Interaction, member: discord.abc.User) -> None:
        """The ``Race`` user command: a race with *member* invited."""
        locale = language(interaction)
        if member.bot:
            await _privately(interaction, tr(locale, "race.bot"))
            return
        if not bot_is_member(interaction):
            await _privately(interaction, tr(locale, "race.servers_only"))
            return
        await self._remember(interaction)
        card = await self._bot.races.challenge(asker_of(interaction), member.id)
        await self._post(interaction, card)

    async def press(self, interaction: Interaction, race_id: int, action: str) -> None:
        """A press on a race card."""
        races, asker = self._bot.races, asker_of(interaction)
        if action == "play":
            await respond(interaction, await races.play(asker, race_id))
            return
        if action == "watch":
            await self.watch(interaction, race_id, None, edit=False)
            return
        if action == "rematch":
            await self._post(interaction, await races.rematch(asker, race_id))
            return
        if action == "review":
            game_id = await races.own_game(asker, race_id)
            if isinstance(game_id, Notice):
                await _privately(interaction, game_id.text)
                return
            await self._bot.presses.deal_button(interaction, "review", game_id)
            return
        if action in ("join", "accept"):
            await self._remember(interaction)
        if action == "join":
            card = await races.join(asker, race_id)
        elif action == "leave":
            card = await races.leave(asker, race_id)
        elif action == "decline":
            card = await races.decline(asker, race_id)
        else:
            card = await races.start(asker, race_id, accept=action == "accept")
        if isinstance(card, Notice):
            await _privately(interaction, card.text)
            return
        if editable(interaction.message) and await in_place(
            interaction, interaction.response.edit_message(view=race_view(card)), "race card"
        ):
            return
        # Old, or refused: the card is edited through its channel, as it can be.
        await interaction.response.defer()
        await self._bot.race_cards.behind(race_id)

    async def watch(
        self, interaction: Interaction, race_id: int, user_id: int | None, *, edit: bool
    ) -> None:
        """A spectator's view of a racer's board: new, or in place of the
        pressed one (Refresh, Next racer)."""
        locale = language(interaction)
        watching = await self._bot.races.watch(asker_of(interaction), race_id, user_id)
        if isinstance(watching, Notice):
            await _privately(interaction, watching.text)
            return
        board = watching.board
        view = watch_view(watching, locale)
        edited = (
            edit
            and editable(interaction.message)
            and await in_place(
                interaction,
                interaction.response.edit_message(attachments=[_table(board.png)], view=view),
                f"view of race {race_id}",
            )
        )
        if not edited:
            await interaction.response.send_message(
                file=_table(board.png), view=view, ephemeral=True
            )

    async def show_card(self, race: RaceRow) -> None:
        """Edits a race's card to show the race as it stands. Any other
        failure (Discord's own trouble) is raised, for the edit to be tried again."""
        assert race.message_id is not None
        channel = self._bot.get_partial_messageable(race.channel_id)
        message = channel.get_partial_message(race.message_id)
        try:
            await message.edit(view=race_view(self._bot.races.card(race)))
        except (discord.NotFound, discord.Forbidden) as error:  # gone, or out of reach: for good
            log.info("card of race %s not shown: %s", race.id, error.status)

    async def _post(self, interaction: Interaction, card: RaceCard | Notice) -> None:
        """Posts a race card in the channel (the one invited is notified),
        and remembers where it is."""
        if isinstance(card, Notice):
            await _privately(interaction, card.text)
            return
        invited = [discord.Object(card.invited_id)] if card.invited_id is not None else False
        sent = await interaction.response.send_message(
            view=race_view(card), allowed_mentions=discord.AllowedMentions(users=invited)
        )
        message_id = sent.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await afterwards(
            f"card of race {card.race_id}", self._bot.races.placed(card.race_id, message_id)
        )
        if card.invited_id is not None:  # a reminder, if they asked for one
            link = f"https://discord.com/channels/{interaction.guild_id}/{interaction.channel_id}"
            await afterwards(
                f"reminder of race {card.race_id}",
                self._bot.reminders.invited(
                    card.invited_id, card.race_id, interaction.guild_id, f"{link}/{message_id}",
                    until=time.time() + OPEN_FOR,
                ),
            )  # fmt: skip

    async def _remember(self, interaction: Interaction) -> None:
        user = interaction.user
        await self._bot.social.remember(user.id, user.display_name, avatar_of(user))


async def _privately(interaction: Interaction, text: str) -> None:
    await interaction.response.send_message(text[:2000], ephemeral=True)


def _table(png: bytes) -> discord.File:
    """A board's picture as a file (one a request: discord.py closes it after)."""
    return discord.File(io.BytesIO(png), "table.png")
