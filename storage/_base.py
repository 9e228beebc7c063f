"""The store's interface, its rows and its errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol


class Status(StrEnum):
    """How a game stands. ``damaged`` marks a record that no longer replays
    (kept, never deleted). Equal to its text, as stored."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    RESIGNED = "resigned"
    ABANDONED = "abandoned"
    DAMAGED = "damaged"


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


class UnfinishedGame(StoreError):
    """The user already has an unfinished game of this profile."""

    def __init__(self, game: GameRow) -> None:
        super().__init__(f"game {game.id} of {game.profile} is still being played")
        self.game = game


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
    #: What the last search of its position found (see ``bot/verdicts.py``).
    verdict: dict[str, Any] | None = None

    @property
    def seconds(self) -> float:
        """How long the game took, or has taken until its last change."""
        return (self.finished_at or self.updated_at) - self.started_at

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
    """A process's hold on a shard (-1: on every shard) until ``expires_at``."""

    shard: int
    holder: str
    expires_at: float


@dataclass(frozen=True)
class Settings:
    """How a player's pictures are drawn."""

    #: ``normal`` or ``large`` print.
    cards: str = "normal"
    #: ``classic`` (two colours) or ``four-colour``.
    colours: str = "classic"
    #: Whether the board says if the game can still be won (a spoiler: off).
    verdicts: bool = False


#: The board a new one replaces: (channel id, message id).
BoardMessage = tuple[int, int]


@dataclass(frozen=True)
class LeaderRow:
    user_id: int
    won: int
    played: int
    best_moves: int | None


class Store(Protocol):
    """Where games live: SQLite (the embedded default) or PostgreSQL (many
    bot processes on one database)."""

    async def close(self) -> None: ...

    async def create_game(
        self,
        user_id: int,
        record: Mapping[str, Any],
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        replace: bool = False,
        daily: str | None = None,
    ) -> GameRow: ...

    async def get_game(self, game_id: int) -> GameRow: ...

    async def current_game(self, user_id: int) -> GameRow | None: ...

    async def last_unwon_game(self, user_id: int) -> GameRow | None: ...

    async def save_moves(
        self,
        game_id: int,
        moves: Sequence[str],
        *,
        expected_revision: int,
        redo: Sequence[str] = (),
        undos: int | None = None,
        hints: int | None = None,
        status: str | None = None,
    ) -> GameRow: ...

    async def set_message(
        self, game_id: int, channel_id: int | None, message_id: int
    ) -> BoardMessage | None: ...

    async def settings(self, user_id: int) -> Settings: ...

    async def set_settings(self, user_id: int, settings: Settings) -> None: ...

    async def threads(self, guild_id: int) -> bool: ...

    async def set_verdict(
        self, game_id: int, revision: int, verdict: Mapping[str, Any]
    ) -> bool: ...

    async def set_threads(self, guild_id: int, threads: bool) -> None: ...

    async def mark_shared(self, game_id: int) -> None: ...

    async def take_leases(
        self, shards: Sequence[int], holder: str, until: float, now: float
    ) -> list[Lease]: ...

    async def drop_leases(self, holder: str) -> None: ...

    async def count_hint(self, game_id: int, known: Mapping[str, Any] | None = None) -> None: ...

    async def daily_game(self, user_id: int, profile: str, day: str) -> GameRow | None: ...

    async def daily_results(
        self, profile: str, day: str, *, guild_id: int | None = None
    ) -> list[GameRow]: ...

    async def deal_results(
        self, profile: str, options: Mapping[str, Any], deal: int
    ) -> list[GameRow]: ...

    async def daily_leaderboard(
        self, guild_id: int, profile: str, *, since_day: str = "", limit: int = 10
    ) -> list[LeaderRow]: ...

    async def set_name(self, user_id: int, name: str) -> None: ...

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]: ...

    async def set_language(self, user_id: int, language: str) -> None: ...

    async def language(self, user_id: int) -> str | None: ...

    async def set_status(self, game_id: int, status: str) -> GameRow: ...

    async def take_turn(
        self, user_id: int, kind: str, times: int, seconds: float, now: float, *, count: bool = True
    ) -> float: ...

    async def stats(self, user_id: int, profile: str) -> Stats: ...

    async def leaderboard(
        self, guild_id: int, profile: str, *, since: float | None = None, limit: int = 10
    ) -> list[LeaderRow]: ...
