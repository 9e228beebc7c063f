"""The errors the engine raises. All are :class:`ValueError`; each carries its
:class:`~texts.Msg`, one line a player can read in their language
(``str(error)`` is the English)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from texts import Msg

if TYPE_CHECKING:
    from .move import Move


class SolitaireError(ValueError):
    """Base of every error the engine raises for bad input."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.render())
        self.message = message

    def text(self, locale: str) -> str:
        """Returns the error's message in *locale*."""
        return self.message.render(locale)


class IllegalMove(SolitaireError):
    """A move the rules forbid, or text that names no move."""


class InvalidNotation(IllegalMove):
    """Text that cannot be read as a move at all."""


class AmbiguousMove(IllegalMove):
    """Text that names more than one legal move; ``choices`` lists them."""

    def __init__(self, message: Msg, choices: list[Move]) -> None:
        super().__init__(message)
        self.choices = choices


class BadOption(SolitaireError):
    """An unknown game, an unknown option or value, or a bad deal number."""


class BadRecord(SolitaireError):
    """A saved game that does not replay."""
