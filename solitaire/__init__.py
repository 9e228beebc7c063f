"""Solitaire rules: pure Python, no I/O.

>>> from solitaire import new_game
>>> game = new_game("klondike", deal=4711)
>>> game.play("s").notation
's'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from texts import Msg

from .cards import Card
from .deal import MAX_DEAL, MIN_DEAL, dated_choice
from .errors import (
    AmbiguousMove,
    BadOption,
    BadRecord,
    IllegalMove,
    InvalidNotation,
    SolitaireError,
)
from .game import Game, Position, Record, Snapshot
from .move import DRAW, Move
from .notation import is_move_like, parse_command
from .options import Option
from .pool import Grade, grade_of, graded_deals, winnable_deals
from .registry import PROFILES, VARIANTS

__all__ = [
    "DRAW",
    "MAX_DEAL",
    "MIN_DEAL",
    "PROFILES",
    "VARIANTS",
    "AmbiguousMove",
    "BadOption",
    "BadRecord",
    "Card",
    "Game",
    "Grade",
    "IllegalMove",
    "InvalidNotation",
    "Move",
    "Option",
    "Position",
    "Record",
    "Snapshot",
    "SolitaireError",
    "daily_deal",
    "find_variant",
    "grade_of",
    "graded_deals",
    "is_move_like",
    "load_game",
    "load_position",
    "new_game",
    "parse_command",
    "restore_game",
]


def find_variant(profile: str) -> type[Game]:
    """Returns the current game class of *profile* (``klondike``, ``castles-end``…).

    :raises BadOption: if there is no such game.
    """
    key = profile.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    try:
        return VARIANTS[key]
    except KeyError:
        names = ", ".join(VARIANTS)
        raise BadOption(Msg("game.unknown", profile=profile, names=names)) from None


def new_game(
    profile: str,
    deal: int | None = None,
    *,
    winnable: bool = False,
    difficulty: int | None = None,
    **options: Any,
) -> Game:
    """Returns a new game of *profile* from deal number *deal* (random if
    ``None``: with *winnable*, one the solver has won; with *difficulty*,
    one of that many stars), with rule *options* by keyword.

    :raises BadOption: for an unknown game, option, or a bad deal number, or
        if no winnable (or graded) deals are known for these options.
    """
    cls = find_variant(profile)
    if deal is None and difficulty is not None:
        deal = random.choice(graded_deals(cls, cls.resolve_options(options), difficulty))
    elif deal is None and winnable:
        deal = random.choice(winnable_deals(cls, options))
    elif deal is None:
        deal = random.randint(MIN_DEAL, MAX_DEAL)
    return cls(deal=deal, **options)


def daily_deal(profile: str, day: str) -> int:
    """Returns the deal of *profile*'s daily game on *day* (``YYYY-MM-DD``,
    UTC), the same for everyone: a solver-won deal where a pool of them exists.
    """
    cls = find_variant(profile)
    try:
        deals = winnable_deals(cls, {}, day)
    except BadOption:
        return MIN_DEAL + dated_choice(cls.profile, day, MAX_DEAL - MIN_DEAL + 1)
    return deals[dated_choice(cls.profile, day, len(deals))]


def load_game(record: Mapping[str, Any]) -> Game:
    """Returns the game *record* describes (see ``Game.to_record``).

    :raises BadRecord: if the record names no known profile version or does
        not replay.
    """
    return _profile_of(record).from_record(record)


def restore_game(record: Mapping[str, Any], snapshot: Snapshot) -> Game:
    """Returns the game *record* describes, set to *snapshot* (``Game.snapshot``
    of that record replayed, taken elsewhere) without replaying it.

    :raises BadRecord: if the record names no known profile version, or is malformed.
    """
    return _profile_of(record).from_snapshot(record, snapshot)


def _profile_of(record: Mapping[str, Any]) -> type[Game]:
    try:
        return PROFILES[f"{record['profile']}@{record['version']}"]
    except (KeyError, TypeError):
        raise BadRecord(Msg("record.unknown_profile")) from None


def load_position(profile: str, position: Mapping[str, Sequence[str]], **options: Any) -> Game:
    """Returns a game of *profile* set up from *position* (pile code → card
    codes, bottom to top; ``#`` marks a face-down card). For tests and puzzles.

    :raises BadOption: for an unknown game, pile, card or option.
    """
    return find_variant(profile)(start=position, **options)
