"""Buttons and the move menu, alive across restarts.

Every component is a ``DynamicItem`` whose ``custom_id`` names the game and
the revision the board shows (``sol:<game>:<action>:<revision>``): a press is
handled from the id alone, with the game read from storage, so boards posted
before a restart keep working, and a press on a board the game has moved past
(a double click, an old message) plays nothing.
"""

from __future__ import annotations

import functools
import io
import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from texts import DEFAULT, locale_of, tr

from .service import Board, Choice, GameService, Notice, Reply
from .social import Social

log = logging.getLogger(__name__)

ACTIONS = {"draw": "s", "undo": "u", "hint": "h", "auto": "a"}


def language(interaction: discord.Interaction[Any]) -> str:
    """The catalogue for the user's Discord language (English if we lack it)."""
    return locale_of(interaction.locale)


def answers_errors(
    callback: Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]],
) -> Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """Makes a component callback answer an unexpected error in words (and
    log it) instead of leaving the player with "interaction failed"."""

    @functools.wraps(callback)
    async def wrapper(self: Any, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(self, interaction)
        except Exception:
            log.exception("component %s failed", getattr(self, "custom_id", "?"))
            oops = tr(language(interaction), "oops")
            if interaction.response.is_done():
                await interaction.followup.send(oops, ephemeral=True)
            else:
                await interaction.response.send_message(oops, ephemeral=True)

    return wrapper


def service_of(interaction: discord.Interaction[Any]) -> GameService:
    return interaction.client.service


def social_of(interaction: discord.Interaction[Any]) -> Social:
    return interaction.client.social


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sol:(?P<game>\d+):(?P<action>draw|undo|hint|auto|share|resume):(?P<revision>\d+)",
):
    """Draw, Undo, Hint, Auto on a board; Share on a won board; Resume on a choice."""

    def __init__(
        self,
        game_id: int,
        action: str,
        revision: int,
        *,
        disabled: bool = False,
        locale: str = DEFAULT,
    ) -> None:
        style = (
            discord.ButtonStyle.success
            if action in ("share", "resume")
            else discord.ButtonStyle.secondary
        )
        super().__init__(
            discord.ui.Button(
                label=tr(locale, f"button.{action}"),
                style=style,
                custom_id=f"sol:{game_id}:{action}:{revision}",
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.action = action
        self.revision = revision

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        return cls(int(match["game"]), match["action"], int(match["revision"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service = service_of(interaction)
        user = interaction.user
        if self.action == "share":
            await share(interaction, self.game_id)
            return
        if self.action == "resume":
            reply = await service.resume(user.id, self.game_id, locale=language(interaction))
            await respond(interaction, reply)
            return
        reply = await service.play(
            user.id,
            ACTIONS[self.action],
            game_id=self.game_id,
            revision=self.revision,
            locale=language(interaction),
        )
        await respond(interaction, reply, edit=True)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sol:(?P<game>\d+):move:(?P<revision>\d+)",
):
    """A menu of the legal moves, most useful first."""

    def __init__(
        self,
        game_id: int,
        revision: int,
        moves: list[tuple[str, str]] | None = None,
        *,
        locale: str = DEFAULT,
    ) -> None:
        options = [
            discord.SelectOption(label=notation, value=notation, description=what[:100])
            for notation, what in (moves or [])
        ] or [discord.SelectOption(label=tr(locale, "menu.empty"), value="-")]
        super().__init__(
            discord.ui.Select(
                placeholder=tr(locale, "menu.placeholder"),
                options=options,
                custom_id=f"sol:{game_id}:move:{revision}",
            )
        )
        self.game_id = game_id
        self.revision = revision

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["revision"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values or values[0] == "-":
            await interaction.response.send_message(
                tr(language(interaction), "menu.none"), ephemeral=True
            )
            return
        reply = await service_of(interaction).play(
            interaction.user.id,
            values[0],
            game_id=self.game_id,
            revision=self.revision,
            locale=language(interaction),
        )
        await respond(interaction, reply, edit=True)


class NewDealButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sol:new:(?P<user>\d+):(?P<profile>[a-z-]+):(?P<draw>\d):(?P<deal>\d+)(?P<daily>:d)?",
):
    """Abandons the unfinished game of a profile and deals a new one."""

    def __init__(
        self,
        user_id: int,
        profile: str,
        draw: int,
        deal: int,
        daily: bool = False,
        *,
        locale: str = DEFAULT,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(locale, "button.new"),
                style=discord.ButtonStyle.danger,
                custom_id=f"sol:new:{user_id}:{profile}:{draw}:{deal}" + (":d" if daily else ""),
            )
        )
        self.user_id, self.profile, self.draw, self.deal = user_id, profile, draw, deal
        self.daily = daily

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> NewDealButton:
        return cls(
            int(match["user"]),
            match["profile"],
            int(match["draw"]),
            int(match["deal"]),
            bool(match["daily"]),
        )

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                tr(language(interaction), "choice.not_yours"), ephemeral=True
            )
            return False
        return True

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.daily:
            reply = await service_of(interaction).daily(
                interaction.user.id,
                self.profile,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                replace=True,
                locale=language(interaction),
            )
            await respond(interaction, reply)
            return
        reply = await service_of(interaction).start(
            interaction.user.id,
            self.profile,
            deal=self.deal or None,
            options={"draw": self.draw} if self.draw else {},
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            replace=True,
            locale=language(interaction),
        )
        await respond(interaction, reply)


class DealButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sol:(?P<action>deal|replay):(?P<game>\d+)",
):
    """On a shared win: **Play this deal** (for whoever presses) and **Replay** (the GIF)."""

    def __init__(self, action: str, game_id: int, *, locale: str = DEFAULT) -> None:
        label = tr(locale, f"button.{action}")
        style = discord.ButtonStyle.primary if action == "deal" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"sol:{action}:{game_id}")
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> DealButton:
        return cls(match["action"], int(match["game"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.action == "deal":
            await social_of(interaction).remember(
                interaction.user.id, interaction.user.display_name
            )
            reply = await service_of(interaction).play_deal(
                interaction.user.id,
                self.game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                locale=language(interaction),
            )
            await respond(interaction, reply)
            return
        # A long game's GIF takes a moment: answer first, post it when ready.
        await interaction.response.defer(thinking=True)
        locale = language(interaction)
        gif = await social_of(interaction).replay(self.game_id, locale=locale)
        if isinstance(gif, Notice):
            await interaction.followup.send(gif.text, ephemeral=True)
            return
        alt = tr(locale, "replay.alt")
        await interaction.followup.send(
            file=discord.File(io.BytesIO(gif), "replay.gif", description=alt)
        )


async def share(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Posts a win card publicly, with Play this deal and Replay buttons."""
    user, locale = interaction.user, language(interaction)
    await social_of(interaction).remember(user.id, user.display_name)
    shared = await social_of(interaction).share(user.id, game_id, user.display_name, locale=locale)
    if isinstance(shared, Notice):
        await interaction.response.send_message(shared.text, ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(DealButton("deal", shared.game_id, locale=locale))
    view.add_item(DealButton("replay", shared.game_id, locale=locale))
    file = discord.File(io.BytesIO(shared.png), "win.png", description=shared.text[:1024])
    await interaction.response.send_message(shared.text, file=file, view=view)


DYNAMIC_ITEMS = (GameButton, MoveSelect, NewDealButton, DealButton)


def board_view(board: Board, locale: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if board.won:
        view.add_item(GameButton(board.game_id, "share", board.revision, locale=locale))
        return view
    if board.status != "playing":
        return view
    game, revision = board.game_id, board.revision
    can = {"draw": board.can_draw, "undo": board.can_undo, "hint": True, "auto": True}
    for action, enabled in can.items():
        view.add_item(GameButton(game, action, revision, disabled=not enabled, locale=locale))
    if board.moves:
        view.add_item(MoveSelect(game, revision, board.moves, locale=locale))
    return view


def choice_view(choice: Choice, user_id: int, locale: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(choice.game_id, "resume", 0, locale=locale))
    draw = int(choice.options.get("draw", 0) or 0)
    deal = choice.deal or 0
    view.add_item(NewDealButton(user_id, choice.profile, draw, deal, choice.daily, locale=locale))
    return view


def board_file(board: Board) -> discord.File:
    return discord.File(io.BytesIO(board.png), "table.png", description=board.alt[:1024])


async def respond(
    interaction: discord.Interaction[Any], reply: Reply, *, edit: bool = False
) -> None:
    """Answers an interaction with *reply*: a board (new, or in place of the
    pressed one when *edit*), a private notice, or a resume-or-new choice."""
    locale = language(interaction)
    if isinstance(reply, Notice):
        await interaction.response.send_message(reply.text, ephemeral=reply.private)
    elif isinstance(reply, Choice):
        view = choice_view(reply, interaction.user.id, locale)
        await interaction.response.send_message(reply.text, view=view, ephemeral=True)
    elif edit:
        await interaction.response.edit_message(
            content=reply.text, attachments=[board_file(reply)], view=board_view(reply, locale)
        )
    else:
        await interaction.response.send_message(
            reply.text, file=board_file(reply), view=board_view(reply, locale)
        )
        message = await interaction.original_response()
        await service_of(interaction).remember_board(
            reply.game_id, interaction.channel_id, message.id
        )
