"""The store's interface, its rows and its errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """How a game stands. ``damaged`` marks a record that no longer replays
    (kept, never deleted). Equal to its text, as stored."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    RESIGNED = "resigned"
    ABANDONED = "abandoned"
    DAMAGED = "damaged"


#: The active clock: a gap of more than this many seconds between two
#: changes of a game counts as this many (the player was away).
MAX_GAP = 120.0

#: The statuses of a game that is over (counted in stats).
FINISHED = (Status.WON, Status.LOST, Status.RESIGNED, Status.ABANDONED)
#: The statuses of a game that is over without a win.
UNWON = (Status.LOST, Status.RESIGNED, Status.ABANDONED)
STATUSES = tuple(Status)


class StoreError(Exception):
    """Base of the store's errors."""


class StoreUnavailable(StoreError):
    """The database cannot take this now (locked, read-only, full, out of
    reach): nothing was changed, and trying again later may work."""


class NotFound(StoreError):
    """No game has that id."""


class Conflict(StoreError):
    """The game changed since it was read (another move won the race): reload and retry."""


class DailyTaken(StoreError):
    """The user already has a daily game of this profile for that day."""

    def __init__(self, game: GameRow) -> None:
        super().__init__(f"the daily {game.profile} game of {game.daily} is game {game.id}")
        self.game = game


class RaceRefused(StoreError):
    """A race cannot take that now; ``why`` says which rule is in the way:
    ``joined``, ``not_racer``, ``not_host``, ``not_invited``, ``started``
    (or over), ``full``, ``alone`` (one racer cannot start)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class UnfinishedGame(StoreError):
    """The user already has an unfinished game of this profile."""

    def __init__(self, game: GameRow) -> None:
        super().__init__(f"game {game.id} of {game.profile} is still being played")
        self.game = game


@dataclass(frozen=True)
class Settings:
    """How a player's pictures are drawn."""

    #: ``normal`` or ``large`` print.
    cards: str = "normal"
    #: ``classic`` (two colours) or ``four-colour``.
    colours: str = "classic"
    #: Whether the board says if the game can still be won (a spoiler: off).
    verdicts: bool = False
    #: Whether the board, the win card and stats show the time played.
    clock: bool = True
    #: How Klondike is scored: ``off``, ``standard`` or ``vegas``.
    score: str = "off"
    #: Whether every board adds the table in words, a line for each pile.
    words: bool = False
    #: Where the player's name shows on leaderboards, daily results and race
    #: cards: ``everywhere``, ``server`` (where they play) or ``hidden`` ("a player").
    visibility: str = "server"


@dataclass(frozen=True)
class CupEntry:
    """A player's results in a cup, from their games of it."""

    user_id: int
    played: int
    won: int
    #: Wins without an undo or a hint.
    clean: int
    #: Active time over the won deals, in seconds.
    seconds: float
    #: Moves over the won deals.
    moves: int
    #: When their last win was made.
    finished_at: float
    hidden: bool = False


@dataclass(frozen=True)
class ServerRules:
    """A server's say: where the bot plays, and who may not use it there."""

    #: For each kind of play (``boards``, ``races``, ``cups``), the channels
    #: it is limited to; a kind not named here is played in every channel.
    channels: dict[str, frozenset[int]] = field(default_factory=dict)
    #: The members the server blocked.
    blocked: frozenset[int] = frozenset()
    #: The blocks of members who were since forgotten: keyed digests of the
    #: server and the member's id (see ``bot.usecases.servers.block_digest``).
    kept: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameRow:
    """A stored game: its record plus who plays it, where, and how it stands."""

    id: int
    user_id: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    profile: str
    version: int
    options: dict[str, Any]
    deal: int | None
    moves: list[str]
    redo: list[str]
    start: dict[str, list[str]] | None
    undos: int
    hints: int
    status: Status
    revision: int
    started_at: float
    updated_at: float
    finished_at: float | None
    extra: dict[str, Any] = field(default_factory=dict)
    daily: str | None = None
    #: What the last hint's search found, kept for the next hints.
    hint: dict[str, Any] | None = None
    #: When its winner shared it (``None``: never).
    shared_at: float | None = None
    #: What the last search of its position found (see ``bot/usecases/verdicts.py``).
    verdict: dict[str, Any] | None = None
    #: Its player's settings, where the read brought them along (``None``: not
    #: read); not part of the game, so not compared.
    settings: Settings | None = field(default=None, compare=False)
    #: Its player's language as last heard (see ``Store.language``), read
    #: with the settings (``None``: not read, or never heard).
    language: str | None = field(default=None, compare=False)
    #: The race it is played in (``None``: a game of the player's own).
    race_id: int | None = None
    #: The achievements the save that returned this row recorded (a win's),
    #: and those it recorded for the player's games before achievements.
    earned: tuple[str, ...] = field(default=(), compare=False)
    earned_before: tuple[str, ...] = field(default=(), compare=False)
    #: The cup it is played in, and which of the cup's deals it is (1 on).
    cup_id: int | None = None
    cup_deal: int | None = None
    #: Cards on its foundations, and whether no move is left, as last saved.
    home: int = 0
    stuck: bool = False
    #: Seconds of play until its last change, gaps over ``MAX_GAP`` cut to it.
    active: float = 0.0
    #: How it was scored when dealt (``vegas`` counts in the running total),
    #: and its Vegas score as last saved.
    scoring: str | None = None
    vegas: int | None = None
    #: Whether it counts on no board: a later attempt of a deal its player
    #: had played, or one whose winning line they saw in a review.
    practice: bool = False
    #: The puzzle it is played from (``None``: a game of its own).
    puzzle_id: int | None = None

    @property
    def private(self) -> bool:
        """Whether its board is its player's alone: a race's, a cup's or a puzzle's game."""
        return self.race_id is not None or self.cup_id is not None or self.puzzle_id is not None

    @property
    def seconds(self) -> float:
        """How long the game took, or has taken until its last change, on
        the active clock."""
        return self.active

    def seconds_at(self, now: float) -> float:
        """How long the game has taken until *now* on the active clock (a
        finished game: until it finished)."""
        if self.finished_at is not None:
            return self.active
        return self.active + min(max(0.0, now - self.updated_at), MAX_GAP)

    @property
    def record(self) -> dict[str, Any]:
        """The game's record, as ``solitaire.load_game`` takes it."""
        record: dict[str, Any] = {
            "profile": self.profile,
            "version": self.version,
            "options": self.options,
            "deal": self.deal,
            "moves": self.moves,
        }
        if self.start is not None:
            record["start"] = self.start
        if self.undos:
            record["undos"] = self.undos
        if self.redo:
            record["redo"] = self.redo
        return record


@dataclass(frozen=True)
class Stats:
    """A player's results in one game, from finished games."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_moves: int | None = None
    best_seconds: float | None = None

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0 … 1."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class Lease:
    """A process's hold on a shard (-1: on every shard) until ``expires_at``,
    running with ``shard_count`` shards in all (0: not sharded)."""

    shard: int
    holder: str
    expires_at: float
    shard_count: int = 0


#: The board a new one replaces: (channel id, message id).
BoardMessage = tuple[int, int]


@dataclass(frozen=True)
class LeaderRow:
    user_id: int
    won: int
    played: int
    best_moves: int | None
    #: How many of the wins took a hint.
    hinted: int = 0


class RaceStatus(StrEnum):
    """How a race stands: ``open`` (racers join; with an invitation, it
    waits for the one invited), ``running``, ``over``, or never run:
    ``lapsed``, ``cancelled`` (everyone left), ``declined``."""

    OPEN = "open"
    RUNNING = "running"
    OVER = "over"
    LAPSED = "lapsed"
    CANCELLED = "cancelled"
    DECLINED = "declined"


@dataclass(frozen=True)
class Racer:
    """One racer and, once the race started, how their game stands."""

    user_id: int
    joined_at: float
    game_id: int | None = None
    status: Status | None = None
    moves: int = 0
    undos: int = 0
    hints: int = 0
    home: int = 0
    stuck: bool = False
    finished_at: float | None = None
    #: Whether they had played the race's deal before they joined: their
    #: result counts in no race statistics.
    known: bool = False
    #: Whether they show on no board: the card names them "a player".
    hidden: bool = False

    @property
    def done(self) -> bool:
        """Won, resigned (or otherwise over), or with no move left."""
        return self.status is not None and (self.status != Status.PLAYING or self.stuck)


@dataclass(frozen=True)
class RaceRow:
    """A stored race: one deal under one set of rules, its card's place, and
    its racers in the order they joined (the host first)."""

    id: int
    host_id: int
    invited_id: int | None
    guild_id: int | None
    channel_id: int
    message_id: int | None
    locale: str
    profile: str
    options: dict[str, Any]
    deal: int
    status: RaceStatus
    created_at: float
    started_at: float | None
    ended_at: float | None
    racers: tuple[Racer, ...] = ()

    def racer(self, user_id: int) -> Racer | None:
        return next((racer for racer in self.racers if racer.user_id == user_id), None)
