"""Puzzle Racer in Discord: the race card (one public Components V2
message, edited in place: by the answer to a press on it, else through its
channel at most every few seconds, as a race's card), the presses on it,
and each racer's private board (an ephemeral message, edited by the
answers to its own menu)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from storage import PuzzleRaceRow
from texts import tr

from ..usecases.puzzleraces import PuzzleRaces
from ..usecases.racecards import Cards
from ..usecases.replies import Notice, PuzzleRaceCard
from .answers import LOST, PLAYING, WON, afterwards, editable, in_place, respond_run
from .components import PuzzleRaceButton
from .interactions import Interaction, asker_of, avatar_of, bot_is_member, language

if TYPE_CHECKING:
    from .client import SolitaireBot

log = logging.getLogger("bot")


def puzzle_race_view(card: PuzzleRaceCard) -> discord.ui.LayoutView:
    """The race card: its text and its buttons, in a container."""
    buttons = [
        PuzzleRaceButton(card.race_id, action, locale=card.locale) for action in card.actions
    ]
    parts: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(card.text)]
    if buttons:
        parts.append(discord.ui.ActionRow(*buttons))
    view = discord.ui.LayoutView(timeout=None)
    colour = WON if card.over and "play" in card.actions else LOST if card.over else PLAYING
    view.add_item(discord.ui.Container(*parts, accent_colour=colour))
    return view


class PuzzleRacing:
    """What ``/puzzle mode:racer`` and the presses on its cards and boards do."""

    def __init__(self, bot: SolitaireBot, races: PuzzleRaces) -> None:
        self._bot, self._races = bot, races
        self.cards: Cards[PuzzleRaceRow] = races.cards(self.show_card)

    async def open(self, interaction: Interaction) -> None:
        """A race card in the channel."""
        if not bot_is_member(interaction):
            await _privately(interaction, tr(language(interaction), "racer.servers_only"))
            return
        await self._remember(interaction)
        card = await self._races.open(asker_of(interaction))
        if isinstance(card, Notice):
            await _privately(interaction, card.text)
            return
        sent = await interaction.response.send_message(view=puzzle_race_view(card))
        message_id = sent.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await afterwards(
            f"card of puzzle race {card.race_id}", self._races.placed(card.race_id, message_id)
        )

    async def press(self, interaction: Interaction, race_id: int, action: str) -> None:
        """Join, Start or Play on a race card."""
        asker = asker_of(interaction)
        if action == "play":
            await respond_run(interaction, await self._races.play(asker, race_id))
            return
        if action == "join":
            await self._remember(interaction)
            card = await self._races.join(asker, race_id)
        else:
            card = await self._races.start(asker, race_id)
        if isinstance(card, Notice):
            await _privately(interaction, card.text)
            return
        edit = interaction.response.edit_message(view=puzzle_race_view(card))
        if editable(interaction.message) and await in_place(interaction, edit, "puzzle race card"):
            return
        # Old, or refused: the card is edited through its channel, as it can be.
        await interaction.response.defer()
        await self.cards.behind(race_id)

    async def pick(self, interaction: Interaction, race_id: int, done: int, value: str) -> None:
        """A pick from a racer's board; the card has a change to show."""
        reply = await self._races.answer(asker_of(interaction), race_id, done, value)
        await respond_run(interaction, reply, edit=True)
        self.cards.changed(race_id)

    async def show_card(self, race: PuzzleRaceRow) -> None:
        """Edits a race's card to show the race as it stands."""
        assert race.message_id is not None
        message = self._bot.get_partial_messageable(race.channel_id).get_partial_message(
            race.message_id
        )
        try:
            await message.edit(view=puzzle_race_view(await self._races.card(race)))
        except (discord.NotFound, discord.Forbidden) as error:  # gone, or out of reach
            log.info("card of puzzle race %s not shown: %s", race.id, error.status)

    async def _remember(self, interaction: Interaction) -> None:
        user = interaction.user
        await self._bot.social.remember(user.id, user.display_name, avatar_of(user))


async def _privately(interaction: Interaction, text: str) -> None:
    await interaction.response.send_message(text[:2000], ephemeral=True)
