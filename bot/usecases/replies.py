"""What the use cases answer, and who is asking: plain values, no Discord.

A use case returns a :class:`Board` (the table changed or was asked for), a
:class:`Notice` (a short answer; nothing changed) or an :class:`Unfinished`
(an unfinished game is in the way: resume it or deal anew).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from storage import Status
from texts import DEFAULT


@dataclass(frozen=True)
class Asker:
    """Who is asking, and from where: built once per interaction or message."""

    user_id: int
    locale: str = DEFAULT
    guild_id: int | None = None
    channel_id: int | None = None
    #: Whether the answer may be for the asker's eyes only (an interaction);
    #: a move typed in chat is answered in the channel, for all to see.
    private: bool = True


@dataclass(frozen=True)
class Board:
    """A game's table: the picture, its alt text, one line of news, and what
    the buttons and the move menu offer."""

    game_id: int
    owner_id: int
    revision: int
    news: str
    summary: str
    png: bytes
    alt: str
    status: Status
    #: The move menu: (label, value, description) of each entry, and what it
    #: says before a pick ("": the usual words).
    moves: list[tuple[str, str, str]] = field(default_factory=list)
    menu_title: str = ""
    can_draw: bool = False
    can_undo: bool = False
    #: Whether the rest of the game plays itself out (Finish).
    can_finish: bool = False
    #: Whether the game can still be won, for players who asked ("" if unknown).
    verdict: str = ""
    #: Whether its player asked to be told whether the game can still be won.
    verdicts: bool = False
    #: For those who asked: whether it can still be won (``None``: not known).
    winnable: bool | None = None
    #: Over without a win (resigned, or no move left): it can be reviewed.
    reviewable: bool = False
    #: Its review waits: its deal is still in play (a race on it, today's daily).
    review_held: bool = False
    #: The race it is played in: the board is then its racer's alone.
    race_id: int | None = None
    #: The cup it is played in: the board is then its player's alone, and
    #: while the cup is open it names no deal, and is neither shared nor reviewed.
    cup_id: int | None = None
    cup_open: bool = False
    #: The puzzle it is played from: the board is then its player's alone,
    #: without undo, neither shared nor reviewed.
    puzzle_id: int | None = None
    #: The table in words, a line for each pile, for players who asked.
    words: tuple[str, ...] = ()
    #: The game's board (channel, message) as the store had it when this one
    #: was made: the one this board replaces, unless another came meanwhile.
    replaces: tuple[int | None, int | None] | None = None

    @property
    def won(self) -> bool:
        return self.status == Status.WON

    @property
    def private(self) -> bool:
        """Whether the board is its player's alone: a race's, a cup's or a puzzle's."""
        return self.race_id is not None or self.cup_id is not None or self.puzzle_id is not None

    @property
    def text(self) -> str:
        """What happened, the game's status line, and the verdict."""
        return "\n".join(line for line in (self.news, self.summary, self.verdict) if line)


@dataclass(frozen=True)
class Notice:
    """A short answer. ``private`` ones are for the asker's eyes only; a
    ``paged`` one is a page of a longer answer, which Previous and Next turn."""

    text: str
    private: bool = True
    paged: Paged | None = None


@dataclass(frozen=True)
class Paged:
    """Which page of which answer (``achievements``) a notice is, and whose."""

    what: str
    owner: int
    page: int
    pages: int


@dataclass(frozen=True)
class Unfinished:
    """The user has an unfinished game of this profile: resume it, or deal
    the new one asked for (its rules, deal and kind are kept here)."""

    text: str
    game_id: int
    profile: str
    options: dict[str, Any]
    deal: int | None
    daily: bool = False
    winnable: bool = False
    difficulty: int | None = None


Reply = Board | Notice | Unfinished


@dataclass(frozen=True)
class BoardPlace:
    """Where a game's live board is, as the store says."""

    guild_id: int | None
    channel_id: int
    message_id: int

    @property
    def link(self) -> str:
        """The message's link, as Discord writes it."""
        guild = self.guild_id or "@me"
        return f"https://discord.com/channels/{guild}/{self.channel_id}/{self.message_id}"


@dataclass(frozen=True)
class RunBoard:
    """A Puzzle Streak's board, for its player's eyes only: a one-move
    puzzle's position (or, once the run is over, the position it ended on),
    what happened, and the menu of its moves."""

    owner_id: int
    #: The puzzle it shows, and the run's step it shows it at: a press on a
    #: board the run has moved past plays nothing.
    puzzle_id: int
    step: int
    text: str
    png: bytes
    alt: str
    #: The move menu, as :func:`~bot.usecases.boards.move_menu` gives it
    #: (empty once the run is over).
    moves: list[tuple[str, str, str]] = field(default_factory=list)
    menu_title: str = ""
    can_skip: bool = False
    over: bool = False
    #: The table in words, for a player who reads it so.
    words: tuple[str, ...] = ()
    #: A Puzzle Racer's board: the race (``step`` is then how many of its
    #: puzzles the racer has played).
    race_id: int | None = None


@dataclass(frozen=True)
class PuzzleRaceCard:
    """A Puzzle Racer's card: its text (in its host's language) and its
    buttons, by action (join, start, play)."""

    race_id: int
    text: str
    actions: tuple[str, ...]
    locale: str
    over: bool = False


@dataclass(frozen=True)
class Picture:
    """A picture with its alt text and a one-line summary (a stats card)."""

    png: bytes
    alt: str
    text: str


@dataclass(frozen=True)
class Shared:
    """A win card to post publicly, with what its buttons need."""

    png: bytes
    text: str
    game_id: int
    #: Every word on the card, for its alt text.
    alt: str = ""


@dataclass(frozen=True)
class Animation:
    """An animated GIF, and a line to post with it (empty if none is needed)."""

    gif: bytes
    text: str
