"""A player's profile card: their name, a row per game (level, win rate and
games, best clean time), a line of streaks and results, and their badges as
tiles: earned in colour, the next tier of each family in grey with its
progress."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .names import fitted
from .table import to_png
from .theme import CLASSIC, METRICS, Theme, face, index, palette

#: Badge tiles: this many a row, this big.
TILES_A_ROW, TILE_W, TILE_H = 4, 230, 58


def render_profile(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    lines: Sequence[str],
    badges: Sequence[tuple[str, bool, str]],
    *,
    theme: Theme = CLASSIC,
    large: bool = False,
) -> bytes:
    """Returns the card: *title*, a table (*header*, *rows*), *lines* of
    text, then *badges* as tiles (name, earned, progress such as ``7/10``);
    in large print, everything a third bigger."""
    m = METRICS
    k = 4 / 3 if large else 1.0

    def s(size: float) -> int:
        return round(size * k)

    tile_w, tile_h = s(TILE_W), s(TILE_H)
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    xs = [m.margin]
    for width in widths[:-1]:
        xs.append(xs[-1] + s(14) * width + s(28))
    tiles_rows = -(-len(badges) // TILES_A_ROW)
    width = max(xs[-1] + s(14) * widths[-1] + s(28) + m.margin, 2 * m.margin + TILES_A_ROW * tile_w)
    table_end = s(62) + s(34) * (len(rows) + 1)
    tiles_top = table_end + s(30) * len(lines) + 16
    height = tiles_top + tiles_rows * (tile_h + 8) + m.margin
    card = Image.new("P", (width, height), index(theme, theme.felt_dark))
    card.putpalette(palette(theme)[1].getpalette() or [])
    draw = ImageDraw.Draw(card)
    big = face(title, s(30))
    draw.text(
        (m.margin, 14),
        fitted(title, big, width - 2 * m.margin),
        fill=index(theme, theme.banner),
        font=big,
    )
    for x, text in zip(xs, header, strict=True):
        draw.text((x, s(62)), text, fill=index(theme, theme.caption), font=face(text, s(20)))
    for number, row in enumerate(rows, 1):
        for x, cell in zip(xs, map(str, row), strict=True):
            draw.text(
                (x, s(62) + s(34) * number),
                cell,
                fill=index(theme, theme.label),
                font=face(cell, s(22)),
            )
    for number, line in enumerate(lines):
        font = face(line, s(20))
        shown = fitted(line, font, width - 2 * m.margin)
        draw.text(
            (m.margin, table_end + s(30) * number),
            shown,
            fill=index(theme, theme.label),
            font=font,
        )
    for n, (name, earned, progress) in enumerate(badges):
        x = m.margin + (n % TILES_A_ROW) * tile_w
        y = tiles_top + (n // TILES_A_ROW) * (tile_h + 8)
        fill = theme.banner if earned else theme.felt
        ink = theme.suits[0] if earned else theme.caption
        draw.rounded_rectangle(
            (x, y, x + tile_w - 8, y + tile_h), radius=8, fill=index(theme, fill)
        )
        font = face(name, s(17))
        draw.text(
            (x + 8, y + 6), fitted(name, font, tile_w - 24), fill=index(theme, ink), font=font
        )
        if progress:
            small = face(progress, s(16))
            draw.text((x + 8, y + s(32)), progress, fill=index(theme, ink), font=small)
    return to_png(card)
