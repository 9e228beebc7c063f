"""A player's profile card: their avatar and name, highlights, a level bar
per game with the points to the next level, and their badges as medals, a
family each, in the metal of the best tier earned, with a bar towards the
next.

It is drawn 540 px wide, so that a phone (360 px) shows its smallest words
9 px tall or more; large print draws the words a quarter bigger on the same
width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARD_WIDTH, MARGIN, Emblem, Pen, scaler
from .table import to_png
from .theme import CLASSIC, Theme

__all__ = ["Emblem", "Level", "Profile", "draw_profile", "render_profile"]


@dataclass(frozen=True)
class Level:
    """One game's row: its name, its level's words (``Level 7``), how full
    the bar is, what the points to the next level come to in words, and
    its games and win rate in words."""

    game: str
    level: str
    share: float
    to_next: str
    record: str


@dataclass(frozen=True)
class Profile:
    """What a profile card shows, in the words of its player's language."""

    name: str
    avatar: bytes | None
    #: (value, what it is): ``("12", "best streak")``.
    highlights: Sequence[tuple[str, str]]
    levels: Sequence[Level]
    lines: Sequence[str]
    emblems: Sequence[Emblem]


def render_profile(profile: Profile, *, theme: Theme = CLASSIC, large: bool = False) -> bytes:
    """Returns the card's PNG."""
    return to_png(draw_profile(profile, theme=theme, large=large).image)


def draw_profile(profile: Profile, *, theme: Theme = CLASSIC, large: bool = False) -> Pen:
    """Draws the card; the pen says how small its smallest words are."""
    s = scaler(large)
    inner, right = CARD_WIDTH - 2 * MARGIN, CARD_WIDTH - MARGIN
    head = 112
    tiles = s(102) if profile.highlights else 0
    row = s(92)
    per_row = 2
    cell_w = inner // per_row
    cell_h = s(84)
    medals = -(-len(profile.emblems) // per_row)
    height = (
        head + tiles + s(12) + row * len(profile.levels) + s(30) * len(profile.lines)
        + s(16) + medals * cell_h + MARGIN
    )  # fmt: skip
    pen = Pen.canvas(theme, (CARD_WIDTH, height), theme.felt_dark)
    draw = pen.draw
    draw.rectangle((0, 0, CARD_WIDTH, head - 8), fill=pen.ink(theme.felt))
    pen.avatar((MARGIN, 8), 88, profile.avatar)
    pen.text((MARGIN + 104, head // 2 - 4), profile.name, s(32), theme.banner,
             room=inner - 104, anchor="lm")  # fmt: skip
    y = head
    if profile.highlights:
        width = inner / len(profile.highlights)
        for n, (value, what) in enumerate(profile.highlights):
            x = MARGIN + n * width
            draw.rounded_rectangle(
                (x, y, x + width - 8, y + tiles - 8), radius=8, fill=pen.ink(theme.felt)
            )
            pen.text((x + 10, y + 4), value, s(28), theme.banner, room=width - 28)
            pen.wrapped((x + 10, y + s(38)), what, s(20), theme.caption, room=width - 24)
        y += tiles
    y += s(12)
    for level in profile.levels:
        pen.text((MARGIN, y), level.game, s(24), theme.label, room=inner * 0.6)
        pen.text((right, y), level.level, s(24), theme.banner, anchor="ra")
        pen.bar((MARGIN, y + s(32), right, y + s(32) + s(14)), level.share, theme.banner)
        pen.text((MARGIN, y + s(52)), level.to_next, s(20), theme.caption, room=inner * 0.5)
        pen.text((right, y + s(52)), level.record, s(20), theme.caption, anchor="ra")
        y += row
    for line in profile.lines:
        pen.text((MARGIN, y), line, s(20), theme.label, room=inner)
        y += s(30)
    y += s(16)
    medal = s(56)
    for n, emblem in enumerate(profile.emblems):
        x = MARGIN + (n % per_row) * cell_w
        top = y + (n // per_row) * cell_h
        pen.medal((x, top), medal, emblem.tier, emblem.mark)
        words = x + medal + 10
        room = cell_w - medal - 18
        colour = theme.label if emblem.tier else theme.caption
        lines = pen.wrapped((words, top), emblem.name, s(20), colour, room=room)
        if emblem.progress is not None:
            have, need = emblem.progress
            below = top + lines * s(24) + s(4)
            counted = pen.text((x + cell_w - 8, below), f"{have}/{need}", s(20), theme.caption,
                               anchor="ra")  # fmt: skip
            pen.bar(
                (words, below + s(6), x + cell_w - 16 - counted, below + s(6) + s(10)),
                have / need,
                theme.caption,
            )
    return pen
