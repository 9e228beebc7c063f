"""What a press on a board's button or menu does: the use case it asks for,
answered through :mod:`bot.adapter.answers`.

The items themselves (:mod:`bot.adapter.components`) only read their
``custom_id`` and hand the press here, through the client, so that the module
that builds a board's items and the one that answers their presses do not
import each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from texts import tr

from ..usecases.boards import FROM
from ..usecases.replies import Notice, Unfinished
from .answers import post_animation, post_profile, post_win_card, respond, respond_run
from .interactions import Interaction, asker_of, avatar_of, language

if TYPE_CHECKING:
    from .client import SolitaireBot

#: What each of a board's buttons types.
ACTIONS = {"draw": "s", "undo": "u", "hint": "h", "auto": "a", "finish": "a"}


class Presses:
    """The handlers of the persistent items, for one bot."""

    def __init__(self, bot: SolitaireBot) -> None:
        self._bot = bot

    async def game_button(
        self, interaction: Interaction, game_id: int, action: str, revision: int
    ) -> None:
        """Draw, Undo, Hint or Auto on a board; Share on a win; Resume on a choice."""
        service, asker = self._bot.service, asker_of(interaction)
        if action == "share":
            user = interaction.user
            await self._bot.social.remember(user.id, user.display_name, avatar_of(user))
            shared = await self._bot.social.share(
                asker, game_id, user.display_name, avatar_of(user)
            )
            await post_win_card(interaction, shared, asker.locale)
        elif action == "resume":
            await respond(interaction, await service.show(asker, game_id))
        else:
            reply = await service.move(asker, ACTIONS[action], game_id=game_id, revision=revision)
            await respond(interaction, reply, edit=True)

    async def move_select(
        self, interaction: Interaction, game_id: int, revision: int, value: str
    ) -> None:
        """A move picked from a board's menu (``-``: the menu had none), or a
        pile whose moves the menu should list (``from:7``; ``from:``: every pile's)."""
        if value == "-":
            await interaction.response.send_message(
                tr(language(interaction), "menu.none"), ephemeral=True
            )
            return
        service, asker = self._bot.service, asker_of(interaction)
        if value.startswith(FROM):  # a pile's moves, or (empty) every pile's again
            pile = value.removeprefix(FROM) or None
            reply = await service.show(asker, game_id, revision=revision, pile=pile)
        else:
            reply = await service.move(asker, value, game_id=game_id, revision=revision)
        await respond(interaction, reply, edit=True)

    async def run_pick(
        self, interaction: Interaction, puzzle_id: int, step: int, value: str
    ) -> None:
        """A pick from a Puzzle Streak board's menu: a move, or a pile's moves."""
        reply = await self._bot.streaks.answer(asker_of(interaction), puzzle_id, step, value)
        await respond_run(interaction, reply, edit=True)

    async def run_skip(self, interaction: Interaction, puzzle_id: int, step: int) -> None:
        """Skip on a Puzzle Streak board."""
        reply = await self._bot.streaks.skip(asker_of(interaction), puzzle_id, step)
        await respond_run(interaction, reply, edit=True)

    async def new_deal(self, interaction: Interaction, choice: Unfinished) -> None:
        """Abandons the unfinished game and deals the one that was asked for."""
        service, asker = self._bot.service, asker_of(interaction)
        if choice.daily:
            reply = await service.daily(asker, choice.profile, replace=True)
        else:
            reply = await service.start(
                asker,
                choice.profile,
                deal=choice.deal,
                options=choice.options,
                replace=True,
                winnable=choice.winnable,
                difficulty=choice.difficulty,
            )
        await respond(interaction, reply, new_game=True)

    async def turn_page(self, interaction: Interaction, what: str, owner: int, page: int) -> None:
        """Previous or Next: the page in place of the one shown, for its asker alone."""
        asker = asker_of(interaction)
        if asker.user_id != owner:
            await respond(interaction, Notice(tr(asker.locale, "page.not_yours")))
            return
        await respond(interaction, await self._bot.achievements.listing(asker, page), edit=True)

    async def share_profile(
        self, interaction: Interaction, user_id: int, avatar: str | None = None
    ) -> None:
        """Share under a profile card: the card, drawn afresh, in the channel."""
        asker = asker_of(interaction)
        name = await self._bot.achievements.name_of(user_id) or interaction.user.display_name
        card = await self._bot.achievements.profile(asker, user_id, name, avatar)
        await post_profile(interaction, card, user_id, public=True)

    async def deal_button(self, interaction: Interaction, action: str, game_id: int) -> None:
        """Play this deal, Replay or Celebrate on a win card; Review on a lost game."""
        asker, social = asker_of(interaction), self._bot.social
        if action == "deal":
            await social.remember(
                asker.user_id, interaction.user.display_name, avatar_of(interaction.user)
            )
            reply = await self._bot.service.play_deal(asker, game_id)
            await respond(interaction, reply, new_game=True)
            return
        if action == "review":
            chosen = await self._bot.reviews.choose(asker, game_id)
            if isinstance(chosen, Notice):
                await respond(interaction, chosen)
                return
            await interaction.response.defer(thinking=True)
            found = await self._bot.reviews.review_game(asker, chosen)
            await post_animation(interaction, found, "review.gif", "review.alt")
            return
        cheer = action == "cheer"
        refused = await social.refuse_replay(asker, game_id, cheer=cheer)
        if refused is not None:
            await respond(interaction, refused)
            return
        # A long game's GIF takes a moment: answer first, post it when ready.
        await interaction.response.defer(thinking=True)
        replay = await social.replay(asker, game_id, cheer=cheer)
        name, alt = ("celebration.gif", "cheer.alt") if cheer else ("replay.gif", "replay.alt")
        await post_animation(interaction, replay, name, alt)
