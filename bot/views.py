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

from solitaire import VARIANTS
from texts import DEFAULT, tr

from .interactions import Interaction, asker_of, bot_of, language, say_privately, trouble
from .posting import board_file, follow, keep_one_board, open_thread
from .replies import Animation, Board, Notice, Reply, Unfinished

log = logging.getLogger(__name__)

ACTIONS = {"draw": "s", "undo": "u", "hint": "h", "auto": "a"}
_LARGEST_ID = 2**63 - 1


def game_id_in(text: str) -> int:
    """A game id from a custom id: ids no store can hold (a forged press)
    become 0, which names no game, so the press gets "no longer exists"."""
    number = int(text)
    return number if number <= _LARGEST_ID else 0


def answers_errors(
    callback: Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]],
) -> Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """Makes a component callback answer an unexpected error in words (and
    log it) instead of leaving the player with "interaction failed"."""

    @functools.wraps(callback)
    async def wrapper(self: Any, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:
            what = f"component {getattr(self, 'custom_id', '?')}"
            await say_privately(interaction, trouble(error, language(interaction), what))

    return wrapper


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
        return cls(game_id_in(match["game"]), match["action"], int(match["revision"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service = bot_of(interaction).service
        if self.action == "share":
            await share(interaction, self.game_id)
            return
        if self.action == "resume":
            await respond(interaction, await service.show(asker_of(interaction), self.game_id))
            return
        reply = await service.move(
            asker_of(interaction),
            ACTIONS[self.action],
            game_id=self.game_id,
            revision=self.revision,
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
        return cls(game_id_in(match["game"]), int(match["revision"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values or values[0] == "-":
            await interaction.response.send_message(
                tr(language(interaction), "menu.none"), ephemeral=True
            )
            return
        reply = await bot_of(interaction).service.move(
            asker_of(interaction), values[0], game_id=self.game_id, revision=self.revision
        )
        await respond(interaction, reply, edit=True)


class NewDealButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"sol:new:(?P<user>\d+):(?P<profile>[a-z-]+):(?P<rules>[a-z0-9]*)"
        r":(?P<deal>\d+)(?::(?P<flags>[dw]*))?"
    ),
):
    """Abandons the unfinished game of a profile and deals the one asked for.

    The id keeps everything the new game needs: its rules as an options code
    (:mod:`solitaire.options`), the deal (0: any) and the flags ``d`` (the
    daily deal) and ``w`` (a winnable deal). Boards from before options codes
    carry a bare draw count there (``3``; ``0`` for none) and still work.
    """

    def __init__(self, user_id: int, choice: Unfinished, *, locale: str = DEFAULT) -> None:
        rules = VARIANTS[choice.profile].options_code(choice.options)
        flags = ("d" if choice.daily else "") + ("w" if choice.winnable else "")
        super().__init__(
            discord.ui.Button(
                label=tr(locale, "button.new"),
                style=discord.ButtonStyle.danger,
                custom_id=f"sol:new:{user_id}:{choice.profile}:{rules}:{choice.deal or 0}:{flags}",
            )
        )
        self.user_id = user_id
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NewDealButton:
        profile, rules = match["profile"], match["rules"]
        if profile not in VARIANTS:
            raise ValueError(f"no game {profile!r}")  # a forged id: discord.py answers nothing
        if rules.isdigit():  # the draw count of older boards
            rules = f"d{rules}" if rules != "0" else ""
        options = VARIANTS[profile].options_from_code(rules)
        flags = match["flags"] or ""
        choice = Unfinished(
            "", 0, profile, options, int(match["deal"]) or None, "d" in flags, "w" in flags
        )
        return cls(int(match["user"]), choice)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                tr(language(interaction), "choice.not_yours"), ephemeral=True
            )
            return False
        return True

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service, asker, choice = bot_of(interaction).service, asker_of(interaction), self.choice
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
            )
        await respond(interaction, reply, new_game=True)


class DealButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sol:(?P<action>deal|replay|cheer|review):(?P<game>\d+)",
):
    """On a shared win: **Play this deal** (for whoever presses), **Replay**
    (the game as a GIF) and **Celebrate** (the cards bouncing away); on a
    game that ended without a win, **Review**."""

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
        return cls(match["action"], game_id_in(match["game"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        asker = asker_of(interaction)
        if self.action == "deal":
            await bot_of(interaction).social.remember(asker.user_id, interaction.user.display_name)
            reply = await bot_of(interaction).service.play_deal(asker, self.game_id)
            await respond(interaction, reply, new_game=True)
            return
        if self.action == "review":
            await interaction.response.defer(thinking=True)
            found = await bot_of(interaction).reviews.review(asker, self.game_id)
            await post_animation(interaction, found, "review.gif", "review.alt")
            return
        cheer = self.action == "cheer"
        social = bot_of(interaction).social
        refused = await social.refuse_replay(asker, self.game_id, cheer=cheer)
        if refused is not None:
            await respond(interaction, refused)
            return
        # A long game's GIF takes a moment: answer first, post it when ready.
        await interaction.response.defer(thinking=True)
        replay = await social.replay(asker, self.game_id, cheer=cheer)
        name, alt = ("celebration.gif", "cheer.alt") if cheer else ("replay.gif", "replay.alt")
        await post_animation(interaction, replay, name, alt)


async def post_animation(
    interaction: discord.Interaction[Any], reply: Animation | Notice, name: str, alt: str
) -> None:
    """Follows a deferred answer up with a GIF and its text, or a private notice."""
    if isinstance(reply, Notice):
        await interaction.followup.send(reply.text, ephemeral=True)
        return
    file = discord.File(io.BytesIO(reply.gif), name, description=tr(language(interaction), alt))
    if not reply.gif:
        await interaction.followup.send(reply.text)
    elif reply.text:
        await interaction.followup.send(reply.text, file=file)
    else:
        await interaction.followup.send(file=file)


async def share(interaction: Interaction, game_id: int) -> None:
    """Posts a win card publicly, with Play this deal and Replay buttons."""
    user, asker, social = interaction.user, asker_of(interaction), bot_of(interaction).social
    locale = asker.locale
    await social.remember(user.id, user.display_name)
    shared = await social.share(asker, game_id, user.display_name)
    if isinstance(shared, Notice):
        await interaction.response.send_message(shared.text, ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(DealButton("deal", shared.game_id, locale=locale))
    view.add_item(DealButton("replay", shared.game_id, locale=locale))
    view.add_item(DealButton("cheer", shared.game_id, locale=locale))
    file = discord.File(io.BytesIO(shared.png), "win.png", description=shared.text[:1024])
    await interaction.response.send_message(shared.text, file=file, view=view)


DYNAMIC_ITEMS = (GameButton, MoveSelect, NewDealButton, DealButton)


def board_view(board: Board, locale: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if board.reviewable:
        view.add_item(DealButton("review", board.game_id, locale=locale))
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


def choice_view(choice: Unfinished, user_id: int, locale: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(choice.game_id, "resume", 0, locale=locale))
    view.add_item(NewDealButton(user_id, choice, locale=locale))
    return view


async def respond(
    interaction: Interaction, reply: Reply, *, edit: bool = False, new_game: bool = False
) -> None:
    """Answers an interaction with *reply*: a board (new, or in place of the
    pressed one when *edit*), a private notice, or a resume-or-new choice.
    A new board retires the game's previous one; a *new_game* gets a thread
    of its own where the server asks for that."""
    locale = language(interaction)
    if isinstance(reply, Notice):
        await interaction.response.send_message(reply.text, ephemeral=reply.private)
    elif isinstance(reply, Unfinished):
        view = choice_view(reply, interaction.user.id, locale)
        await interaction.response.send_message(reply.text, view=view, ephemeral=True)
    elif edit:
        await interaction.response.edit_message(
            content=reply.text, attachments=[board_file(reply)], view=board_view(reply, locale)
        )
        pressed, channel = interaction.message, interaction.channel_id
        if pressed is not None and channel is not None:
            follow(bot_of(interaction), reply, channel, pressed.id, locale)
    else:
        bot = bot_of(interaction)
        threads = new_game and await bot.preferences.threads(interaction.guild_id)
        if threads and await open_thread(interaction, reply, locale):
            return
        await interaction.response.send_message(
            reply.text, file=board_file(reply), view=board_view(reply, locale)
        )
        message = await interaction.original_response()
        await keep_one_board(bot, reply, message, locale)
