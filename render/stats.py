"""A player's stats card: per game a heading with its figures, and a chart
of the last weeks: a pair of bars a week (games, and the wins among them)
on a scale of games at the left, the rolling win rate as a line on its own
scale at the right with its last value at its end, the weeks named under
it, and a legend over it.

It is drawn 540 px wide, as the profile card is, so that a phone shows its
smallest words 9 px tall or more; large print draws the words and charts a
quarter bigger on the same width.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import CARD_WIDTH, MARGIN, Pen, scaler
from .table import to_png
from .theme import CLASSIC, Theme, shade

#: Every how many weeks the axis names one.
LABEL_EVERY = 3


@dataclass(frozen=True)
class Chart:
    """Each week's games and wins (oldest first), and the rolling win rate
    (0 to 1) at each game of those weeks."""

    weekly: Sequence[tuple[int, int]]
    rates: Sequence[float]


@dataclass(frozen=True)
class GameStats:
    """One game: its name, its figures beside it and under it, its chart."""

    name: str
    summary: str
    details: str
    chart: Chart | None = None


@dataclass(frozen=True)
class StatsCard:
    """What a stats card shows, in the words of its player's language."""

    title: str
    games: Sequence[GameStats]
    lines: Sequence[str] = ()
    #: The weeks' names under a chart, oldest first.
    weeks: Sequence[str] = ()
    #: The legend's words: the games' bars, the wins' bars, the line.
    legend: tuple[str, str, str] = ("games", "wins", "win rate")


def render_stats(stats: StatsCard, *, theme: Theme = CLASSIC, large: bool = False) -> bytes:
    """Returns the card's PNG."""
    return to_png(draw_stats(stats, theme=theme, large=large).image)


def draw_stats(stats: StatsCard, *, theme: Theme = CLASSIC, large: bool = False) -> Pen:
    """Draws the card; the pen says how small its smallest words are."""
    s = scaler(large)
    heading, chart_h = s(64), s(60) + s(150) + s(34)
    height = (
        s(56) + s(30) * len(stats.lines) + s(8)
        + sum(heading + (chart_h if g.chart else 0) + s(16) for g in stats.games) + MARGIN
    )  # fmt: skip
    pen = Pen.canvas(theme, (CARD_WIDTH, height), theme.felt_dark)
    inner = CARD_WIDTH - 2 * MARGIN
    pen.text((MARGIN, 12), stats.title, s(30), theme.banner, room=inner)
    y = s(56)
    for line in stats.lines:
        pen.text((MARGIN, y), line, s(20), theme.label, room=inner)
        y += s(30)
    y += s(8)
    for game in stats.games:
        pen.draw.line((MARGIN, y, CARD_WIDTH - MARGIN, y), fill=pen.ink(theme.felt), width=2)
        y += s(8)
        named = pen.text((MARGIN, y), game.name, s(24), theme.label, room=inner / 2)
        pen.text((CARD_WIDTH - MARGIN, y + s(3)), game.summary, s(20), theme.caption, anchor="ra",
                 room=inner - named - 16)  # fmt: skip
        pen.text((MARGIN, y + s(32)), game.details, s(20), theme.caption, room=inner)
        y += heading - s(8)
        if game.chart is not None:
            _chart(pen, game.chart, stats, y, s)
            y += chart_h
        y += s(16)
    return pen


def _chart(pen: Pen, chart: Chart, stats: StatsCard, top: int, s: Callable[[float], int]) -> None:
    """The legend, then the plot with its two scales, then the weeks."""
    theme, draw = pen.theme, pen.draw
    games, wins, rate = stats.legend
    x = MARGIN
    top += s(8)
    swatch = s(16)
    played_colour = shade(theme)
    for words, colour in ((games, played_colour), (wins, theme.banner)):
        draw.rectangle((x, top + s(4), x + swatch, top + s(4) + swatch), fill=pen.ink(colour))
        x += swatch + 6
        x += round(pen.text((x, top), words, s(20), theme.label)) + s(16)
    middle = top + s(4) + swatch // 2
    draw.line((x, middle, x + s(24), middle), fill=pen.ink(theme.label), width=3)
    pen.text((x + s(24) + 6, top), rate, s(20), theme.label, room=CARD_WIDTH - MARGIN - x - s(30))
    most = max((played for played, _ in chart.weekly), default=0)
    scale = _nice(most)
    left = MARGIN + round(pen.width(str(scale), s(20))) + 8
    right = CARD_WIDTH - MARGIN - round(pen.width("100 %", s(20))) - 8
    plot_top, plot_bottom = top + s(52), top + s(52) + s(150)
    span = plot_bottom - plot_top
    for tick in (0, scale // 2, scale) if scale > 1 else (0, scale):
        y = plot_bottom - span * tick / scale
        draw.line((left, y, right, y), fill=pen.ink(theme.felt), width=1)
        pen.text((left - 6, y), str(tick), s(20), theme.caption, anchor="rm")
    for share in (0.0, 0.5, 1.0):
        y = plot_bottom - span * share
        pen.text((right + 6, y), f"{round(100 * share)} %", s(20), theme.caption, anchor="lm")
    weeks = len(chart.weekly) or 1
    step = (right - left) / weeks
    for week, (played, won) in enumerate(chart.weekly):
        x0 = left + week * step + 3
        for count, colour in ((played, played_colour), (won, theme.banner)):
            if count:
                height = span * count / scale
                draw.rectangle(
                    (x0, plot_bottom - height, x0 + step - 6, plot_bottom), fill=pen.ink(colour)
                )
    draw.line((left, plot_bottom, right, plot_bottom), fill=pen.ink(theme.caption), width=2)
    for week, name in enumerate(stats.weeks):
        if (len(stats.weeks) - 1 - week) % LABEL_EVERY == 0:  # the latest week named
            centre = left + (week + 0.5) * step
            pen.text((centre, plot_bottom + 6), name, s(20), theme.caption, anchor="ma")
    if len(chart.rates) > 1:
        points = [
            (left + (right - left) * i / (len(chart.rates) - 1), plot_bottom - span * r)
            for i, r in enumerate(chart.rates)
        ]
        draw.line(points, fill=pen.ink(theme.label), width=3, joint="curve")
        end_x, end_y = points[-1]
        draw.ellipse((end_x - 5, end_y - 5, end_x + 5, end_y + 5), fill=pen.ink(theme.label))
        last = f"{round(100 * chart.rates[-1])} %"
        above = end_y - s(30) if end_y - s(30) > plot_top - s(8) else end_y + 8
        wide = pen.width(last, s(20))
        draw.rounded_rectangle(
            (end_x - wide - 10, above, end_x + 2, above + s(24)),
            radius=4, fill=pen.ink(theme.felt_dark),
        )  # fmt: skip
        pen.text((end_x - 4, above + s(2)), last, s(20), theme.label, anchor="ra")


def _nice(most: int) -> int:
    """The top of a scale of games: *most* rounded up to an even number up
    to 10 (so that its middle is whole), else to 1, 2 or 5 times a power of
    ten.

    >>> [_nice(n) for n in (0, 1, 3, 7, 13, 48, 120)]
    [1, 1, 4, 8, 20, 50, 200]
    """
    if most <= 1:
        return 1
    if most <= 10:
        return most + most % 2
    power = 10 ** math.floor(math.log10(most))
    return next(f * power for f in (1, 2, 5, 10) if f * power >= most)
