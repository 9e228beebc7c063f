"""Moves as values, with a parse/format pair for the canonical notation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from texts import Msg

from .errors import InvalidNotation

_CANONICAL = re.compile(r"([a-z]\d*|\d+) ([a-z]\d*|\d+)(?:x([1-9]\d*))?")


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``count`` cards from pile ``source`` to pile ``target``.

    A draw from the stock is ``Move("s")``, with no target.
    ``show_count`` asks for ``x1`` in the notation when a single card must be
    told apart from a run (it is not part of the move's identity).

    >>> Move.parse("7 2x3")
    Move.parse('7 2x3')
    >>> Move.parse("7 2x3").notation
    '7 2x3'
    """

    source: str
    target: str = ""
    count: int = 1
    show_count: bool = field(default=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Returns the move written in canonical notation.

        Short forms (``w3``, ``72``, ``3f``) need a game: see ``Game.parse_move``.

        :raises InvalidNotation: if *text* is not canonical notation.
        """
        if text == "s":
            return DRAW
        match = _CANONICAL.fullmatch(text)
        if match is None:
            raise InvalidNotation(Msg("notation.not_canonical", text=repr(text)))
        source, target, count = match.groups()
        if count is None:
            return cls(source, target)
        return cls(source, target, int(count), show_count=count == "1")

    @property
    def is_draw(self) -> bool:
        return not self.target

    @property
    def notation(self) -> str:
        """The canonical notation: ``s``, ``w 3``, ``7 2x3``."""
        if not self.target:
            return "s"
        if self.count > 1 or self.show_count:
            return f"{self.source} {self.target}x{self.count}"
        return f"{self.source} {self.target}"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.parse({self.notation!r})"


DRAW = Move("s")
