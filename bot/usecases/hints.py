"""Hints from known lines: what a search found, kept with the game, so that
a player who follows the hints gets the next one without another search.

A search's result is kept in the game's row (``GameRow.hint``): the number
of moves when it searched, a digest of those moves, and the winning line
from there — or that the position was proved lost. Any process reads it
with the game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def digest(moves: Sequence[str]) -> str:
    """A short fingerprint of a line of moves."""
    return hashlib.blake2b("\n".join(moves).encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class KnownLine:
    """A search's result from the position after ``at`` moves."""

    at: int
    fingerprint: str
    line: tuple[str, ...] = ()
    lost: bool = False

    @classmethod
    def found(
        cls, moves: Sequence[str], line: Sequence[str] = (), *, lost: bool = False
    ) -> KnownLine:
        return cls(len(moves), digest(moves), tuple(line), lost)

    @classmethod
    def from_row(cls, kept: Any) -> KnownLine | None:
        """The line kept in a row (``GameRow.hint``), if one is there and readable."""
        try:
            return cls(
                int(kept["at"]),
                str(kept["fingerprint"]),
                tuple(map(str, kept["line"])),
                bool(kept["lost"]),
            )
        except (KeyError, TypeError, ValueError):
            return None

    def to_row(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "fingerprint": self.fingerprint,
            "line": list(self.line),
            "lost": self.lost,
        }

    def next_move(self, moves: Sequence[str]) -> str | None:
        """The line's next move for a game that has played *moves*, if it
        has followed the line so far (``None``: it left it, or it ended)."""
        if self.lost or not self._starts(moves):
            return None
        done = len(moves) - self.at
        if done >= len(self.line) or tuple(moves[self.at :]) != self.line[:done]:
            return None
        return self.line[done]

    def is_lost(self, moves: Sequence[str]) -> bool:
        """Whether *moves* lead on from the position proved lost: no move
        can make a lost position winnable again."""
        return self.lost and self._starts(moves)

    def _starts(self, moves: Sequence[str]) -> bool:
        return len(moves) >= self.at and digest(moves[: self.at]) == self.fingerprint


@dataclass(frozen=True)
class Shown:
    """How far the hints of one position have gone (kept beside the line in
    ``GameRow.hint``, so that every process goes on from there): 1 names
    the pile to look at, 2 the move, 3 why."""

    at: int
    fingerprint: str
    step: int
    move: str
    winning: bool

    @classmethod
    def from_row(cls, kept: Any) -> Shown | None:
        try:
            shown = kept["shown"]
            return cls(
                int(shown["at"]),
                str(shown["fingerprint"]),
                int(shown["step"]),
                str(shown["move"]),
                bool(shown["winning"]),
            )
        except (KeyError, TypeError, ValueError):
            return None

    def of(self, moves: Sequence[str]) -> bool:
        """Whether this is the position after *moves*."""
        return self.at == len(moves) and self.fingerprint == digest(moves)

    def to_row(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "fingerprint": self.fingerprint,
            "step": self.step,
            "move": self.move,
            "winning": self.winning,
        }
