"""The table as a picture, and in words.

Knows no Discord and no SQL: a game goes in, bytes or text come out.
"""

from __future__ import annotations

from .celebration import render_celebration
from .profile import render_profile
from .share import Replay, render_replay
from .stats import render_stats
from .table import Table, draw_table, render_table
from .text import describe, text_table
from .theme import CLASSIC, FOUR_COLOUR, LARGE, METRICS, SIZES, THEMES, Metrics, Theme
from .wincard import Standing, Win, render_win_card, win_card_words

__all__ = [
    "CLASSIC",
    "FOUR_COLOUR",
    "LARGE",
    "METRICS",
    "SIZES",
    "THEMES",
    "Metrics",
    "Replay",
    "Standing",
    "Table",
    "Theme",
    "Win",
    "describe",
    "draw_table",
    "render_celebration",
    "render_profile",
    "render_replay",
    "render_stats",
    "render_table",
    "render_win_card",
    "text_table",
    "win_card_words",
]  # fmt: skip
