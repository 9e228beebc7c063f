"""How tall the pile codes and card indices look where players see a table.

Discord shows a picture about 360 px wide on a phone, and within a box of
about 550 × 350 px on a desktop; it never enlarges one.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire import Game

from .table import Mark, draw_table
from .theme import METRICS, Metrics

#: Where players see a table: (width, height) of the box it is shrunk into.
SCREENS: dict[str, tuple[int, int]] = {"phone": (360, 10_000), "desktop": (550, 350)}


@dataclass(frozen=True)
class Legibility:
    """The smallest code and index of one table, in pixels as shown."""

    size: tuple[int, int]
    #: screen → smallest displayed height of a pile code.
    codes: dict[str, float]
    #: screen → smallest displayed height of a card index in sight.
    indices: dict[str, float]

    @property
    def smallest(self) -> float:
        return min(*self.codes.values(), *self.indices.values())


def scale(size: tuple[int, int], screen: str) -> float:
    """How much a picture of *size* is shrunk on *screen*."""
    width, height = SCREENS[screen]
    return min(1.0, width / size[0], height / size[1])


def legibility(game: Game, size: Metrics = METRICS) -> Legibility:
    """Draws *game* as players get it and measures its codes and indices.
    An index partly covered counts only its uncovered rows."""
    marks: list[Mark] = []
    image = draw_table(game, size=size, fit=True, marks=marks)
    codes = [mark.visible for mark in marks if mark.kind == "code"]
    indices = [mark.visible for mark in marks if mark.kind == "index"] or [10_000]
    return Legibility(
        image.size,
        {screen: min(codes) * scale(image.size, screen) for screen in SCREENS},
        {screen: min(indices) * scale(image.size, screen) for screen in SCREENS},
    )
