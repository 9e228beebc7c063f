"""The animated replay, and the stats card."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from solitaire import Game, load_game
from texts import DEFAULT

from .names import fitted
from .table import Table, to_png
from .theme import CLASSIC, METRICS, Theme, face, index, palette

#: A replay lasts about this long, however many moves it has.
REPLAY_SECONDS = 24.0
#: A replay stays under Discord's smallest upload limit.
MAX_REPLAY_BYTES = 8 * 1024 * 1024
#: At most this many frames (memory and time grow with them); longer games are sampled.
MAX_FRAMES = 160
#: A sampled replay still shows each of the last moves.
LAST_MOVES = 20
_FEWEST_FRAMES = 20


@dataclass(frozen=True)
class Replay:
    """An animated replay: the GIF, and which positions it shows."""

    gif: bytes
    #: 1 when every move is a frame; n when only every n-th move is (and the last ones).
    every: int
    frames: int


def render_replay(
    record: Mapping[str, Any],
    *,
    theme: Theme = CLASSIC,
    scale: float = 0.5,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_REPLAY_BYTES,
    locale: str = DEFAULT,
) -> Replay:
    """Returns the game of *record* as an animated GIF: the deal, then one
    frame per move, about ``REPLAY_SECONDS`` in all, the last frame held.

    A game longer than *max_frames* is sampled: every n-th move, then each
    of its last ``LAST_MOVES``. A GIF over *max_bytes* is made again from
    half as many frames, so time, memory and size stay bounded.

    :raises solitaire.BadRecord: if the record does not replay.
    """
    final = load_game(record)
    while True:
        every, shown = sample(len(final.moves), max_frames)
        gif = _animate(final, shown, theme, scale, locale)
        if len(gif) <= max_bytes or max_frames <= _FEWEST_FRAMES:
            return Replay(gif, every, len(shown))
        max_frames //= 2


def sample(moves: int, max_frames: int) -> tuple[int, list[int]]:
    """Returns which positions a replay of *moves* moves shows (0 is the
    deal, *moves* the end) in at most *max_frames* frames, and the step.

    >>> sample(3, 10)
    (1, [0, 1, 2, 3])
    >>> every, shown = sample(1000, 100)
    >>> every, len(shown), shown[:3], shown[-3:]
    (13, 96, [0, 13, 26], [998, 999, 1000])
    """
    if moves < max_frames:
        return 1, list(range(moves + 1))
    last = min(LAST_MOVES, max_frames // 2)
    head = moves - last + 1  # positions 0 … head - 1 are sampled
    every = -(-head // (max_frames - last))
    return every, [*range(0, head, every), *range(head, moves + 1)]


def _animate(
    final: Game, shown: list[int], theme: Theme, scale: float, locale: str = DEFAULT
) -> bytes:
    game = type(final).from_record({**final.to_record(), "moves": [], "redo": [], "undos": 0})
    wanted = set(shown)
    table = Table(game.profile, theme=theme, locale=locale)  # each frame draws what changed
    frames = [_frame(table, game, scale)]
    for number, move in enumerate(final.moves, 1):
        game.push(move)
        if number in wanted:
            frames.append(_frame(table, game, scale))
    step = int(min(max(REPLAY_SECONDS * 1000 / len(frames), 60), 600))
    durations = [step] * len(frames)
    durations[0] = durations[-1] = 2000
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buffer.getvalue()


def _frame(table: Table, game: Game, scale: float) -> Image.Image:
    image = table.draw(game)
    if scale != 1:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.NEAREST)
    return image


#: A chart's size: a bar pair a week, and the rolling win rate's line over them.
CHART_W, CHART_H, CHART_GAP = 600, 120, 52


def render_stats_card(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    theme: Theme = CLASSIC,
    charts: Sequence[tuple[str, Sequence[tuple[int, int]], Sequence[float]]] = (),
    legend: str = "",
) -> bytes:
    """Returns a card with *title* over a table: *header*, then *rows*; and
    under it, after the *legend*, a chart of each of *charts*: (label, each
    week's games and wins, the rolling win rate at each game)."""
    m = METRICS
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    x_positions = [m.margin]
    for width in widths[:-1]:
        x_positions.append(x_positions[-1] + 14 * width + 28)
    width = max(x_positions[-1] + 14 * widths[-1] + 28 + m.margin, 420)
    table_end = 70 + 34 * (len(rows) + 1)
    if charts:
        width = max(width, CHART_W + 2 * m.margin)
        table_end += 30
    height = table_end + len(charts) * (CHART_H + CHART_GAP) + m.margin
    card = Image.new("P", (width, height), index(theme, theme.felt_dark))
    card.putpalette(palette(theme)[1].getpalette() or [])
    draw = ImageDraw.Draw(card)
    big = face(title, 30)
    headline = fitted(title, big, card.width - 2 * m.margin)
    draw.text((m.margin, 14), headline, fill=index(theme, theme.banner), font=big)
    for x, text in zip(x_positions, header, strict=True):
        draw.text((x, 62), text, fill=index(theme, theme.caption), font=face(text, 20))
    for row_number, row in enumerate(rows, 1):
        y = 62 + 34 * row_number
        for x, cell in zip(x_positions, map(str, row), strict=True):
            draw.text((x, y), cell, fill=index(theme, theme.label), font=face(cell, 22))
    if charts and legend:
        small = face(legend, 17)
        shown = fitted(legend, small, width - 2 * m.margin)
        draw.text((m.margin, table_end - 28), shown, fill=index(theme, theme.caption), font=small)
    for n, (label, weekly, rates) in enumerate(charts):
        top = table_end + n * (CHART_H + CHART_GAP)
        _chart(draw, theme, (m.margin, top), label, weekly, rates)
    return to_png(card)


def _chart(
    draw: ImageDraw.ImageDraw,
    theme: Theme,
    at: tuple[int, int],
    label: str,
    weekly: Sequence[tuple[int, int]],
    rates: Sequence[float],
) -> None:
    """One game's chart: its label; a pair of bars a week (games, and wins
    over them); and the rolling win rate as a line from 0 to 100 %."""
    x0, y0 = at
    draw.text((x0, y0), label, fill=index(theme, theme.caption), font=face(label, 20))
    top, bottom = y0 + 30, y0 + 30 + CHART_H
    draw.line((x0, bottom, x0 + CHART_W, bottom), fill=index(theme, theme.caption))
    most = max((games for games, _ in weekly), default=0) or 1
    step = CHART_W / max(len(weekly), 1)
    for week, (games, wins) in enumerate(weekly):
        left = x0 + week * step + 4
        for count, colour in ((games, theme.felt), (wins, theme.banner)):
            if count:
                height = (bottom - top) * count / most
                draw.rectangle(
                    (left, bottom - height, left + step - 10, bottom), fill=index(theme, colour)
                )
    if len(rates) > 1:
        points = [
            (x0 + CHART_W * i / (len(rates) - 1), bottom - (bottom - top) * rate)
            for i, rate in enumerate(rates)
        ]
        draw.line(points, fill=index(theme, theme.label), width=2)
