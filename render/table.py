"""The table as a picture: ``render_table(game) -> PNG bytes``."""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageDraw

from solitaire import Game
from texts import DEFAULT

from .layout import Slot, fan_offsets, layout_for
from .sprites import back_sprite, card_sprite, code_mask, placeholder_sprite, rank_ink, text_mask
from .text import captions, status_line
from .theme import CLASSIC, METRICS, Metrics, Theme, face, index, palette

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Mark:
    """A pile code or card index as drawn: its ink's box in the picture, and
    how many of its rows no other card covers."""

    kind: str  # "code" or "index"
    text: str
    box: Box
    visible: int


def render_table(
    game: Game,
    *,
    theme: Theme = CLASSIC,
    size: Metrics = METRICS,
    elapsed: float | None = None,
    locale: str = DEFAULT,
) -> bytes:
    """Returns the table of *game* as PNG bytes: every pile labelled with its
    code, the last move highlighted, and a status line in *locale*."""
    return to_png(
        draw_table(game, theme=theme, size=size, elapsed=elapsed, fit=True, locale=locale)
    )


def to_png(image: Image.Image) -> bytes:
    """*image* as PNG bytes. A paletted picture (a table, a card) is written
    here, deflated in one call by ISA-L at level 1: a fifth to an eighth of
    the CPU of Pillow's writer (which deflates row by row with zlib-ng at
    level 2), for files 2-10 % larger (``bench/render.py``). The same pixels
    either way."""
    plain = image.mode == "P" and image.palette is not None and image.palette.mode == "RGB"
    if not plain or "transparency" in image.info:  # kept for Pillow's writer
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=2)
        return buffer.getvalue()
    width, height = image.size
    # Each row of a PNG starts with its filter type; 0 (none) suits a
    # paletted picture. A column of zeros on the left is that byte.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indices
    palette = bytes(image.getpalette() or (0, 0, 0))  # RGB triples
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), 1)),
            _chunk(b"IEND", b""),
        )
    )


_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC of type and data."""
    crc = isal_zlib.crc32(data, isal_zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def draw_table(
    game: Game,
    *,
    theme: Theme = CLASSIC,
    size: Metrics = METRICS,
    elapsed: float | None = None,
    fit: bool = False,
    marks: list[Mark] | None = None,
    locale: str = DEFAULT,
) -> Image.Image:
    """Returns the table of *game* as a paletted image. The table's size is
    fixed per game; with *fit*, it ends just below its lowest card (fewer
    pixels to send while the columns are short). Each code and index drawn
    is added to *marks*."""
    m = size
    layout = layout_for(game.profile, m)
    canvas = Image.new("P", layout.size, index(theme, theme.felt))
    canvas.putpalette(palette(theme)[1].getpalette() or [])
    last = game.moves[-1] if game.moves else None
    touched = {last.source, last.target or "w"} if last else set()
    if last and last.is_draw and not game.pile("w"):
        touched = {"s"}  # the waste was turned over
    boxes: dict[str, list[Box]] = {}
    texts = captions(game, locale)
    lowest = 0
    for code, slot in layout.slots.items():
        colour = theme.highlight if code in touched else theme.label
        mask = code_mask(code, m.code_ink)
        at = (slot.x + 1, slot.y - m.code_gap - mask.height)
        ink = (*at, at[0] + mask.width, at[1] + mask.height)
        canvas.paste(index(theme, colour), ink, mask)
        if marks is not None:
            marks.append(Mark("code", code, ink, mask.height))
        boxes[code] = _draw_pile(canvas, game, code, slot, theme, m, marks)
        bottom = max([slot.y + m.card_h, *(box[3] for box in boxes[code])])
        lowest = max(lowest, bottom + len(texts.get(code, ())) * m.caption_h)
        for line, text in enumerate(texts.get(code, ())):
            y = slot.y + m.card_h + 3 + line * m.caption_h
            points = m.caption_size  # smaller where a language's words are longer
            while points > 9 and _width(text, points) > m.card_w + m.gap - 2:
                points -= 1
            _write(canvas, (slot.x + 1, y), text, points, index(theme, theme.caption))
    draw = ImageDraw.Draw(canvas)
    if last:
        target = "s" if touched == {"s"} else (last.target or "w")
        count = 1 if last.is_draw else last.count
        if last.is_draw and target == "w":
            count = min(game.waste_shown, len(game.pile("w"))) or 1
        moved = boxes.get(target, [])[-count:]
        if moved:
            # Inside the moved cards' edges: it covers no other card's index
            # and no pile's code.
            box = (
                min(b[0] for b in moved),
                min(b[1] for b in moved),
                max(b[2] for b in moved),
                max(b[3] for b in moved),
            )
            draw.rounded_rectangle(
                box, m.radius, outline=index(theme, theme.highlight), width=3
            )  # fmt: skip
    status_y = min(lowest + 10, layout.status_y) if fit else layout.status_y
    parts = status_line(game, elapsed, locale).split(SEPARATOR)
    points = m.status_size  # as large as fits on one line
    while points > 14 and _length(parts, points) > canvas.width - 2 * m.margin:
        points -= 1
    _write_parts(canvas, (m.margin, status_y), parts, points, index(theme, theme.label))
    if fit and status_y < layout.status_y:
        canvas = canvas.crop((0, 0, canvas.width, status_y + m.status_h))
    return canvas


#: Between the parts of the status line.
SEPARATOR = " · "


@lru_cache(maxsize=4096)
def _width(text: str, size: int) -> float:
    return face(text, size).getlength(text)


def _length(parts: list[str], size: int) -> float:
    return sum(_width(part, size) for part in parts) + (len(parts) - 1) * _width(SEPARATOR, size)


def _write_parts(
    canvas: Image.Image, at: tuple[int, int], parts: list[str], size: int, colour: int
) -> None:
    """Writes *parts* on one line, separated: each part's mask is made once
    (a game's title, "deal 4711", "12 moves", "0:35" recur), where the whole
    line, new at every move, would be set anew each time."""
    x: float = at[0]
    y = at[1]
    for n, part in enumerate(parts):
        if n:
            _write(canvas, (round(x), y), SEPARATOR.strip(), size, colour)
            x += _width(SEPARATOR, size) - _width(" ", size)
        _write(canvas, (round(x), y), part, size, colour)
        x += _width(part, size) + (_width(" ", size) if n + 1 < len(parts) else 0)


def _write(canvas: Image.Image, at: tuple[int, int], text: str, size: int, colour: int) -> None:
    mask = text_mask(text, size)
    canvas.paste(colour, (*at, at[0] + mask.width, at[1] + mask.height), mask)


def _draw_pile(
    canvas: Image.Image, game: Game, code: str, slot: Slot, theme: Theme, m: Metrics,
    marks: list[Mark] | None,
) -> list[Box]:  # fmt: skip
    """Pastes a pile's cards, adds the indices left in sight to *marks* (if
    asked), and returns the box of each card drawn."""
    x, y = slot.x, slot.y
    cards = game.pile(code)
    if not cards:
        sprite, mask = placeholder_sprite(theme, code, m)
        canvas.paste(sprite, (x, y), mask)
        return []
    down = game.hidden(code)
    if slot.fan:
        fan = fan_offsets(down, len(cards) - down, slot.height, m)
        shown = list(range(len(cards)))
        positions = [(x, y + offset) for offset in fan.offsets]
    else:
        # A flat pile shows its top card; Klondike's draw-3 waste, its top three.
        spread = game.waste_shown if code == "w" else 1
        first = max(len(cards) - spread, 0)
        shown = list(range(first, len(cards)))
        positions = [(x + (i - first) * m.waste_step, y) for i in shown]
    boxes = []
    # Image.paste checks its arguments on every call, which costs more than
    # copying a card: the sprites are the canvas's own kind (paletted alike,
    # in bounds), so the copy is asked of the image core directly.
    core = canvas.im
    for n, (i, (px, py)) in enumerate(zip(shown, positions, strict=True)):
        sprite, mask = back_sprite(theme, m) if i < down else card_sprite(theme, cards[i], m)
        core.paste(sprite.im, (px, py, px + m.card_w, py + m.card_h), mask.im)
        boxes.append((px, py, px + m.card_w - 1, py + m.card_h - 1))
        if i < down or marks is None:
            continue
        left, top, right, bottom = rank_ink(m, cards[i].rank_label)
        ink = (px + left, py + top, px + right, py + bottom)
        full = ink[3] - ink[1]
        if n + 1 == len(shown):
            marks.append(Mark("index", str(cards[i]), ink, full))
        elif positions[n + 1][0] > px:  # covered from the right: its rank must clear
            visible = full if positions[n + 1][0] >= ink[2] else 0
            marks.append(Mark("index", str(cards[i]), ink, visible))
        elif positions[n + 1][1] > ink[1]:  # covered from below: a squeezed card shows none
            visible = min(ink[3], positions[n + 1][1]) - ink[1]
            marks.append(Mark("index", str(cards[i]), ink, visible))
    return boxes
