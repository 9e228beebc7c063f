"""Buttons and the move menu, alive across restarts.

Every control's ``custom_id`` names what a press needs: the game and the
revision the board shows (``sol:<game>:<action>:<revision>``), a race
(``race:<race>:<action>``) … A press is handled from the id alone, with the
game read from storage, so boards posted before a restart keep working, and
a press on a board the game has moved past (a double click, an old message)
plays nothing.

The controls are built here; a press is routed here too, by its id
(:func:`route`, called from the client's ``on_interaction``), to the
client's :class:`~bot.adapter.presses.Presses` or
:class:`~bot.adapter.racing.Racing`, which answer through
:mod:`bot.adapter.answers`. A press is routed without rebuilding the pressed
message's components into views (what discord.py's ``DynamicItem`` does on
every press), which costs a board's press more than the move itself does;
and the modules that build the controls and answer them do not import each
other.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, ClassVar, cast

import discord

from solitaire import VARIANTS, BadOption
from texts import DEFAULT, Msg, tr

from ..usecases.fields import (
    BUTTON_LABEL,
    OPTION_DESCRIPTION,
    OPTION_LABEL,
    PLACEHOLDER,
    clip,
    text,
)
from ..usecases.mydata import Forgotten
from ..usecases.replies import Unfinished
from .interactions import asker_of, bot_of, language, say_privately, trouble

_LARGEST_ID = 2**63 - 1


class _Routed:
    """A control whose presses :func:`route` answers: discord.py keeps no
    view of its message (it would, for every board sent, and never let go)."""

    def is_dispatchable(self) -> bool:
        return False


def _data(interaction: discord.Interaction[Any]) -> Mapping[str, Any]:
    """A press's data (typed by discord.py as a union of every kind's)."""
    return cast("Mapping[str, Any]", interaction.data or {})


def game_id_in(text: str) -> int:
    """A game id from a custom id: ids no store can hold (a forged press)
    become 0, which names no game, so the press gets "no longer exists"."""
    number = int(text)
    return number if number <= _LARGEST_ID else 0


class GameButton(_Routed, discord.ui.Button[Any]):
    """Draw, Undo, Hint, Auto (and Finish, when the rest plays itself out)
    on a board; Share on a won board; Resume on a choice."""

    PATTERN = re.compile(
        r"sol:(?P<game>\d+):(?P<action>draw|undo|hint|auto|finish|share|resume):(?P<revision>\d+)"
    )

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
            if action in ("share", "resume", "finish")
            else discord.ButtonStyle.secondary
        )
        super().__init__(
            label=text(BUTTON_LABEL, locale, f"button.{action}"),
            style=style,
            custom_id=f"sol:{game_id}:{action}:{revision}",
            disabled=disabled,
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).presses.game_button(
            interaction, game_id_in(match["game"]), match["action"], int(match["revision"])
        )


class MoveSelect(_Routed, discord.ui.Select[Any]):
    """A menu of the legal moves, most useful first."""

    PATTERN = re.compile(r"sol:(?P<game>\d+):move:(?P<revision>\d+)")

    def __init__(
        self,
        game_id: int,
        revision: int,
        moves: list[tuple[str, str, str]] | None = None,
        *,
        locale: str = DEFAULT,
        placeholder: str = "",
    ) -> None:
        options = [_option(*entry) for entry in (moves or [])] or [
            discord.SelectOption(label=text(OPTION_LABEL, locale, "menu.empty"), value="-")
        ]
        super().__init__(
            placeholder=placeholder or text(PLACEHOLDER, locale, "menu.placeholder"),
            options=options,
            custom_id=f"sol:{game_id}:move:{revision}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        values = _data(interaction).get("values") or ["-"]
        await bot_of(interaction).presses.move_select(
            interaction, game_id_in(match["game"]), int(match["revision"]), str(values[0])
        )


class _OneMoveSelect(_Routed, discord.ui.Select[Any]):
    """The menu of a one-move puzzle's board: its moves, under *custom_id*."""

    def __init__(
        self,
        custom_id: str,
        moves: list[tuple[str, str, str]],
        *,
        locale: str = DEFAULT,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            placeholder=placeholder or text(PLACEHOLDER, locale, "menu.placeholder"),
            options=[_option(*entry) for entry in moves],
            custom_id=custom_id,
        )


class RunSelect(_OneMoveSelect):
    """A Puzzle Streak board's menu: the moves of the puzzle it shows at a
    step of its run (a pick from a board the run has moved past plays nothing)."""

    PATTERN = re.compile(r"streak:(?P<puzzle>\d+):(?P<step>\d+):move")

    def __init__(
        self,
        puzzle_id: int,
        step: int,
        moves: list[tuple[str, str, str]],
        *,
        locale: str = DEFAULT,
        placeholder: str = "",
    ) -> None:
        custom_id = f"streak:{puzzle_id}:{step}:move"
        super().__init__(custom_id, moves, locale=locale, placeholder=placeholder)

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        values = _data(interaction).get("values") or [""]
        await bot_of(interaction).presses.run_pick(
            interaction, game_id_in(match["puzzle"]), int(match["step"]), str(values[0])
        )


class RacerSelect(_OneMoveSelect):
    """A Puzzle Racer's board's menu: the moves of the race's puzzle after
    the racer's *done* (a pick from a board they played past counts nothing)."""

    PATTERN = re.compile(r"pracer:(?P<race>\d+):(?P<done>\d+):move")

    def __init__(
        self,
        race_id: int,
        done: int,
        moves: list[tuple[str, str, str]],
        *,
        locale: str = DEFAULT,
        placeholder: str = "",
    ) -> None:
        custom_id = f"pracer:{race_id}:{done}:move"
        super().__init__(custom_id, moves, locale=locale, placeholder=placeholder)

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        values = _data(interaction).get("values") or [""]
        await bot_of(interaction).puzzleracing.pick(
            interaction, game_id_in(match["race"]), int(match["done"]), str(values[0])
        )


class PuzzleRaceButton(_Routed, discord.ui.Button[Any]):
    """On a Puzzle Racer's card: Join, Start; Play (a racer's board, or
    their puzzles once it is over)."""

    PATTERN = re.compile(r"pracer:(?P<race>\d+):(?P<action>join|start|play)")
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "start": discord.ButtonStyle.success,
        "play": discord.ButtonStyle.success,
    }

    def __init__(self, race_id: int, action: str, *, locale: str = DEFAULT) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, f"button.{action}"),
            style=self.STYLES[action],
            custom_id=f"pracer:{race_id}:{action}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).puzzleracing.press(
            interaction, game_id_in(match["race"]), match["action"]
        )


class SkipButton(_Routed, discord.ui.Button[Any]):
    """Skip, on a Puzzle Streak board: the next puzzle, once a run."""

    PATTERN = re.compile(r"streak:(?P<puzzle>\d+):(?P<step>\d+):skip")

    def __init__(
        self, puzzle_id: int, step: int, *, disabled: bool = False, locale: str = DEFAULT
    ) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.skip"),
            style=discord.ButtonStyle.secondary,
            custom_id=f"streak:{puzzle_id}:{step}:skip",
            disabled=disabled,
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).presses.run_skip(
            interaction, game_id_in(match["puzzle"]), int(match["step"])
        )


@functools.lru_cache(maxsize=4096)
def _option(label: str, value: str, description: str) -> discord.SelectOption:
    """An entry of the move menu: made once for every board that offers it
    (a menu of 25 costs a board's press more than its buttons do); never changed."""
    return discord.SelectOption(
        label=clip(label, OPTION_LABEL.limit),
        value=value,
        description=clip(description, OPTION_DESCRIPTION.limit) or None,
    )


class NewDealButton(_Routed, discord.ui.Button[Any]):
    """Abandons the unfinished game of a profile and deals the one asked for.

    The id keeps everything the new game needs: its rules as an options code
    (:mod:`solitaire.options`), the deal (0: any) and the flags ``d`` (the
    daily deal), ``w`` (a winnable deal) and a digit (its difficulty, in
    stars). Boards from before options codes
    carry a bare draw count there (``3``; ``0`` for none) and still work.
    """

    PATTERN = re.compile(
        r"sol:new:(?P<user>\d+):(?P<profile>[a-z-]+):(?P<rules>[a-z0-9]*)"
        r":(?P<deal>\d+)(?::(?P<flags>[dw]*)(?P<stars>[1-5]?))?"
    )

    def __init__(self, user_id: int, choice: Unfinished, *, locale: str = DEFAULT) -> None:
        rules = VARIANTS[choice.profile].options_code(choice.options)
        flags = ("d" if choice.daily else "") + ("w" if choice.winnable else "")
        flags += str(choice.difficulty or "")
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.new"),
            style=discord.ButtonStyle.danger,
            custom_id=f"sol:new:{user_id}:{choice.profile}:{rules}:{choice.deal or 0}:{flags}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        locale = language(interaction)
        if interaction.user.id != int(match["user"]):
            await say_privately(interaction, tr(locale, "choice.not_yours"))
            return
        profile, rules = match["profile"], match["rules"]
        if rules.isdigit():  # the draw count of older boards
            rules = f"d{rules}" if rules != "0" else ""
        try:
            options = VARIANTS[profile].options_from_code(rules)
        except (KeyError, BadOption):  # a forged id
            await say_privately(interaction, tr(locale, "said.stale_button"))
            return
        flags = match["flags"] or ""
        stars = int(match["stars"]) if match["stars"] else None
        choice = Unfinished(
            "", 0, profile, options, int(match["deal"]) or None, "d" in flags, "w" in flags, stars
        )
        await bot_of(interaction).presses.new_deal(interaction, choice)


class DealButton(_Routed, discord.ui.Button[Any]):
    """On a shared win: **Play this deal** (for whoever presses), **Replay**
    (the game as a GIF) and **Celebrate** (the cards bouncing away); on a
    game that ended without a win, **Review**."""

    PATTERN = re.compile(r"sol:(?P<action>deal|replay|cheer|review):(?P<game>\d+)")

    def __init__(self, action: str, game_id: int, *, locale: str = DEFAULT) -> None:
        style = discord.ButtonStyle.primary if action == "deal" else discord.ButtonStyle.secondary
        super().__init__(
            label=text(BUTTON_LABEL, locale, f"button.{action}"),
            style=style,
            custom_id=f"sol:{action}:{game_id}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).presses.deal_button(
            interaction, match["action"], game_id_in(match["game"])
        )


class ForgetButton(_Routed, discord.ui.Button[Any]):
    """**Confirm** under ``/mydata forget``: whose, until when, and the
    signature that shows the bot made it."""

    PATTERN = re.compile(
        r"mydata:forget:(?P<user>\d{1,20}):(?P<expires>\d{1,12}):(?P<sig>\w{1,32})"
    )

    def __init__(
        self, user_id: int, expires: int, signature: str, *, locale: str = DEFAULT
    ) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.confirm"),
            style=discord.ButtonStyle.danger,
            custom_id=f"mydata:forget:{user_id}:{expires}:{signature}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        said = await bot_of(interaction).mydata.forget(
            asker_of(interaction), int(match["user"]), int(match["expires"]), match["sig"]
        )
        if isinstance(said, Forgotten):  # the question is answered: no button left
            await interaction.response.edit_message(content=said.text, view=None)
        else:
            await interaction.response.send_message(said.text, ephemeral=True)


class RaceButton(_Routed, discord.ui.Button[Any]):
    """On a race card: Join, Leave, Start; Accept, Decline (a challenge);
    Play, Watch (a race under way); Watch, Review, Rematch (a race over)."""

    PATTERN = re.compile(
        r"race:(?P<race>\d+):(?P<action>join|leave|start|play|watch|accept|decline|review|rematch)"
    )
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
            label=text(BUTTON_LABEL, locale, f"button.{action}"),
            style=self.STYLES.get(action, discord.ButtonStyle.secondary),
            custom_id=f"race:{race_id}:{action}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).racing.press(
            interaction, game_id_in(match["race"]), match["action"]
        )


class WatchButton(_Routed, discord.ui.Button[Any]):
    """On a spectator's view: Refresh (``r``, the same racer) and Next racer (``n``)."""

    PATTERN = re.compile(r"race:(?P<race>\d+):see:(?P<user>\d+):(?P<how>[rn])")

    def __init__(self, race_id: int, user_id: int, how: str, *, locale: str = DEFAULT) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.refresh" if how == "r" else "button.next"),
            style=discord.ButtonStyle.secondary,
            custom_id=f"race:{race_id}:see:{user_id}:{how}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        race_id, user_id = game_id_in(match["race"]), game_id_in(match["user"])
        await bot_of(interaction).racing.watch(interaction, race_id, user_id, edit=True)


class CupButton(_Routed, discord.ui.Button[Any]):
    """On a cup card: Play, Standings (and Replay, once the cup is closed)."""

    PATTERN = re.compile(r"cup:(?P<cup>\d+):(?P<action>play|standings|replay)")
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "play": discord.ButtonStyle.success,
        "standings": discord.ButtonStyle.primary,
    }

    def __init__(self, cup_id: int, action: str, *, locale: str = DEFAULT) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, f"button.{action}"),
            style=self.STYLES.get(action, discord.ButtonStyle.secondary),
            custom_id=f"cup:{cup_id}:{action}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).cupping.press(
            interaction, game_id_in(match["cup"]), match["action"]
        )


class CupDealButton(_Routed, discord.ui.Button[Any]):
    """On a closed cup's card: **Play this deal** (its place in the cup)."""

    PATTERN = re.compile(r"cup:(?P<cup>\d+):deal:(?P<number>\d{1,2})")

    def __init__(self, cup_id: int, number: int, *, locale: str = DEFAULT) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.cup_deal", number=number),
            style=discord.ButtonStyle.secondary,
            custom_id=f"cup:{cup_id}:deal:{number}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).cupping.play_deal(
            interaction, game_id_in(match["cup"]), int(match["number"])
        )


class CupReplaySelect(_Routed, discord.ui.Select[Any]):
    """A closed cup's games to replay: a player's attempt at a deal."""

    PATTERN = re.compile(r"cup:(?P<cup>\d+):see")

    def __init__(
        self, cup_id: int, games: list[tuple[str, int, int]], *, locale: str = DEFAULT
    ) -> None:
        options = [
            discord.SelectOption(
                label=text(OPTION_LABEL, locale, "cup.replay_option", player=name, number=deal),
                value=str(game_id),
            )
            for name, deal, game_id in games
        ]
        super().__init__(
            placeholder=text(PLACEHOLDER, locale, "cup.replay_which"), options=options,
            custom_id=f"cup:{cup_id}:see",
        )  # fmt: skip

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        values = _data(interaction).get("values") or ["0"]
        game_id = game_id_in(str(values[0])) if str(values[0]).isdigit() else 0
        await bot_of(interaction).presses.deal_button(interaction, "replay", game_id)


class ProfileButton(_Routed, discord.ui.Button[Any]):
    """**Share** under a profile card: posts it in the channel."""

    PATTERN = re.compile(r"profile:(?P<user>\d{1,20}):share(?::(?P<avatar>(?:a_)?[0-9a-f]{32}))?")

    def __init__(self, user_id: int, avatar: str | None = None, *, locale: str = DEFAULT) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, "button.share"),
            style=discord.ButtonStyle.success,
            custom_id=f"profile:{user_id}:share" + (f":{avatar}" if avatar else ""),
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).presses.share_profile(
            interaction, game_id_in(match["user"]), match["avatar"]
        )


class PageButton(_Routed, discord.ui.Button[Any]):
    """**Previous** and **Next** under a paged answer: the page they lead to,
    for its asker alone."""

    PATTERN = re.compile(r"page:(?P<what>achievements):(?P<user>\d{1,20}):(?P<page>\d{1,3}):[pn]")

    def __init__(
        self, what: str, owner: int, page: int, action: str, *, locale: str = DEFAULT
    ) -> None:
        super().__init__(
            label=text(BUTTON_LABEL, locale, f"button.page_{action}"),
            style=discord.ButtonStyle.secondary,
            custom_id=f"page:{what}:{owner}:{page}:{action[0]}",
        )

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).presses.turn_page(
            interaction, match["what"], game_id_in(match["user"]), int(match["page"])
        )


class RemindButton(_Routed, discord.ui.Button[Any]):
    """On a reminder: **Play** a game's daily deal, or **Stop these** (its kind off)."""

    PATTERN = re.compile(r"remind:(?P<user>\d{1,20}):(?P<action>play|stop):(?P<what>[a-z-]{1,20})")

    def __init__(self, user_id: int, action: str, what: str, *, locale: str = DEFAULT) -> None:
        if action == "play":
            label = text(BUTTON_LABEL, locale, "button.remind_play", game=Msg(f"title.{what}"))
        else:
            label = text(BUTTON_LABEL, locale, "button.remind_stop")
        style = discord.ButtonStyle.success if action == "play" else discord.ButtonStyle.secondary
        super().__init__(label=label, style=style, custom_id=f"remind:{user_id}:{action}:{what}")

    @staticmethod
    async def pressed(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
        await bot_of(interaction).reminding.press(
            interaction, game_id_in(match["user"]), match["action"], match["what"]
        )


Pressed = Callable[[discord.Interaction[Any], re.Match[str]], Coroutine[Any, Any, None]]
#: Each control's pattern of ids, and what a press on it does.
ROUTES: tuple[tuple[re.Pattern[str], Pressed], ...] = tuple(
    (control.PATTERN, control.pressed)
    for control in (
        GameButton,
        MoveSelect,
        NewDealButton,
        DealButton,
        RaceButton,
        WatchButton,
        ForgetButton,
        CupButton,
        CupDealButton,
        CupReplaySelect,
        ProfileButton,
        RemindButton,
        PageButton,
        RunSelect,
        SkipButton,
        RacerSelect,
        PuzzleRaceButton,
    )
)


def refusable(interaction: discord.Interaction[Any]) -> bool:
    """Whether a server may refuse this press to a member it blocked: any
    but a confirmation of /mydata forget (a player's data is theirs anywhere)."""
    return not ForgetButton.PATTERN.fullmatch(str(_data(interaction).get("custom_id", "")))


def route(interaction: discord.Interaction[Any]) -> Coroutine[Any, Any, None] | None:
    """What a press on one of the bot's controls does, by its ``custom_id``
    (``None``: no control of this bot's). An unexpected error is answered in
    words (and logged) instead of leaving the player with "interaction failed"."""
    custom_id = str(_data(interaction).get("custom_id", ""))
    for pattern, pressed in ROUTES:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return _answering_errors(pressed, interaction, match)
    return None


async def _answering_errors(
    pressed: Pressed, interaction: discord.Interaction[Any], match: re.Match[str]
) -> None:
    try:
        await pressed(interaction, match)
    except Exception as error:
        what = f"component {match.string}"
        await say_privately(interaction, trouble(error, language(interaction), what))
