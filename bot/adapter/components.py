"""Buttons and the move menu, alive across restarts.

Every component is a ``DynamicItem`` whose ``custom_id`` names the game and
the revision the board shows (``sol:<game>:<action>:<revision>``): a press is
handled from the id alone, with the game read from storage, so boards posted
before a restart keep working, and a press on a board the game has moved past
(a double click, an old message) plays nothing.

An item only reads its id; what a press does is the client's
:class:`~bot.adapter.presses.Presses`, which answers through
:mod:`bot.adapter.answers`, where the boards these items sit on are built.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar

import discord

from solitaire import VARIANTS
from texts import DEFAULT, tr

from ..usecases.replies import Unfinished
from .interactions import bot_of, language, say_privately, trouble

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
        await bot_of(interaction).presses.game_button(
            interaction, self.game_id, self.action, self.revision
        )


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
        await bot_of(interaction).presses.move_select(
            interaction, self.game_id, self.revision, values[0] if values else "-"
        )


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
        await bot_of(interaction).presses.new_deal(interaction, self.choice)


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
        await bot_of(interaction).presses.deal_button(interaction, self.action, self.game_id)


class RaceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"race:(?P<race>\d+):(?P<action>join|leave|start|play|watch|accept|decline|rematch)",
):
    """On a race card: Join, Leave, Start; Accept, Decline (a challenge);
    Play, Watch (a race under way); Watch, Rematch (a race over)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "start": discord.ButtonStyle.success,
        "accept": discord.ButtonStyle.success,
        "play": discord.ButtonStyle.success,
        "decline": discord.ButtonStyle.danger,
        "rematch": discord.ButtonStyle.primary,
    }

    def __init__(self, race_id: int, action: str, *, locale: str = DEFAULT) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(locale, f"button.{action}"),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"race:{race_id}:{action}",
            )
        )
        self.race_id = race_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RaceButton:
        return cls(game_id_in(match["race"]), match["action"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).racing.press(interaction, self.race_id, self.action)


class WatchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"race:(?P<race>\d+):see:(?P<user>\d+):(?P<how>[rn])",
):
    """On a spectator's view: Refresh (``r``, the same racer) and Next racer (``n``)."""

    def __init__(self, race_id: int, user_id: int, how: str, *, locale: str = DEFAULT) -> None:
        label = tr(locale, "button.refresh" if how == "r" else "button.next")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"race:{race_id}:see:{user_id}:{how}",
            )
        )
        self.race_id = race_id
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WatchButton:
        return cls(game_id_in(match["race"]), game_id_in(match["user"]), match["how"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).racing.watch(interaction, self.race_id, self.user_id, edit=True)


DYNAMIC_ITEMS = (GameButton, MoveSelect, NewDealButton, DealButton, RaceButton, WatchButton)
