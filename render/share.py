"""Pictures worth sharing: the win card and the animated replay."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from solitaire import Game, load_game

from .table import draw_table, to_png
from .text import clock
from .theme import CLASSIC, METRICS, Theme, font, index, palette

_BANNER_H = 92
#: A replay lasts about this long, however many moves it has.
REPLAY_SECONDS = 24.0


def render_win_card(
    game: Game,
    *,
    player: str,
    elapsed: float | None = None,
    hints: int = 0,
    theme: Theme = CLASSIC,
) -> bytes:
    """Returns the picture a winner shares: a banner with game, deal, moves,
    time and player above the final table."""
    table = draw_table(game, theme=theme, elapsed=elapsed)
    card = Image.new("P", (table.width, table.height + _BANNER_H), index(theme, theme.felt_dark))
    card.putpalette(table.getpalette() or [])
    card.paste(table, (0, _BANNER_H))
    draw = ImageDraw.Draw(card)
    headline = f"{player[:40]} won {game.title}!"
    draw.text((METRICS.margin, 12), headline, fill=index(theme, theme.banner), font=font(34))
    facts = [
        f"deal {game.deal}" if game.deal is not None else "a set position",
        f"{len(game.moves)} moves",
    ]
    if elapsed is not None:
        facts.append(clock(elapsed))
    if game.undos:
        facts.append(f"{game.undos} undo" + ("s" if game.undos > 1 else ""))
    if hints:
        facts.append(f"{hints} hint" + ("s" if hints > 1 else ""))
    draw.text(
        (METRICS.margin, 56), " · ".join(facts), fill=index(theme, theme.label), font=font(22)
    )
    return to_png(card)


def render_replay(
    record: Mapping[str, Any], *, theme: Theme = CLASSIC, scale: float = 0.5
) -> bytes:
    """Returns the game of *record* as an animated GIF: the deal, then one
    frame per move, about ``REPLAY_SECONDS`` in all, the last frame held.

    :raises solitaire.BadRecord: if the record does not replay.
    """
    final = load_game(record)
    game = type(final).from_record({**record, "moves": [], "redo": [], "undos": 0})
    frames = [_frame(game, theme, scale)]
    for move in final.moves:
        game.play(move)
        frames.append(_frame(game, theme, scale))
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


def _frame(game: Game, theme: Theme, scale: float) -> Image.Image:
    image = draw_table(game, theme=theme)
    if scale != 1:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.NEAREST)
    return image


def render_stats_card(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], *, theme: Theme = CLASSIC
) -> bytes:
    """Returns a card with *title* over a table: *header*, then *rows*."""
    m = METRICS
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    cell_font, head_font = font(22), font(20)
    x_positions = [m.margin]
    for width in widths[:-1]:
        x_positions.append(x_positions[-1] + 14 * width + 28)
    width = x_positions[-1] + 14 * widths[-1] + 28 + m.margin
    height = 70 + 34 * (len(rows) + 1) + m.margin
    card = Image.new("P", (max(width, 420), height), index(theme, theme.felt_dark))
    card.putpalette(palette(theme)[1].getpalette() or [])
    draw = ImageDraw.Draw(card)
    draw.text((m.margin, 14), title[:60], fill=index(theme, theme.banner), font=font(30))
    for x, text in zip(x_positions, header, strict=True):
        draw.text((x, 62), text, fill=index(theme, theme.caption), font=head_font)
    for row_number, row in enumerate(rows, 1):
        y = 62 + 34 * row_number
        for x, text in zip(x_positions, row, strict=True):
            draw.text((x, y), str(text), fill=index(theme, theme.label), font=cell_font)
    return to_png(card)
