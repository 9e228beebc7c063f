"""The table as a picture: ``render_table(game) -> PNG bytes``."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from solitaire import Game

from .layout import fan_offsets, layout_for
from .sprites import back_sprite, card_sprite, placeholder_sprite, text_mask
from .text import captions, status_line
from .theme import CLASSIC, METRICS, Theme, font, index, palette

Box = tuple[int, int, int, int]


def render_table(game: Game, *, theme: Theme = CLASSIC, elapsed: float | None = None) -> bytes:
    """Returns the table of *game* as PNG bytes: every pile labelled with its
    code, the last move highlighted, and a status line."""
    return to_png(draw_table(game, theme=theme, elapsed=elapsed, fit=True))


def to_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=5)
    return buffer.getvalue()


def draw_table(
    game: Game, *, theme: Theme = CLASSIC, elapsed: float | None = None, fit: bool = False
) -> Image.Image:
    """Returns the table of *game* as a paletted image. The table's size is
    fixed per game; with *fit*, it ends just below its lowest card (fewer
    pixels to send while the columns are short)."""
    m = METRICS
    layout = layout_for(game.profile)
    canvas = Image.new("P", layout.size, index(theme, theme.felt))
    canvas.putpalette(palette(theme)[1].getpalette() or [])
    draw = ImageDraw.Draw(canvas)
    last = game.moves[-1] if game.moves else None
    touched = {last.source, last.target or "w"} if last else set()
    if last and last.is_draw and not game.pile("w"):
        touched = {"s"}  # the waste was turned over
    boxes: dict[str, list[Box]] = {}
    texts = captions(game)
    lowest = 0
    for code, slot in layout.slots.items():
        colour = theme.highlight if code in touched else theme.label
        _write(
            canvas, (slot.x + 2, slot.y - m.label_h + 1), code, m.label_size, index(theme, colour)
        )
        boxes[code] = _draw_pile(canvas, game, code, slot.x, slot.y, slot.fan, slot.height, theme)
        bottom = max([slot.y + m.card_h, *(box[3] for box in boxes[code])])
        lowest = max(lowest, bottom + len(texts.get(code, ())) * m.caption_h)
        for line, text in enumerate(texts.get(code, ())):
            y = slot.y + m.card_h + 2 + line * m.caption_h
            _write(canvas, (slot.x + 2, y), text, m.caption_size, index(theme, theme.caption))
    if last:
        target = "s" if touched == {"s"} else (last.target or "w")
        count = 1 if last.is_draw else last.count
        if last.is_draw and target == "w":
            count = min(game.waste_shown, len(game.pile("w"))) or 1
        moved = boxes.get(target, [])[-count:]
        if moved:
            box = (
                min(b[0] for b in moved),
                min(b[1] for b in moved),
                max(b[2] for b in moved),
                max(b[3] for b in moved),
            )
            draw.rounded_rectangle(
                (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), m.radius + 2,
                outline=index(theme, theme.highlight), width=3,
            )  # fmt: skip
    status_y = min(lowest + 12, layout.status_y) if fit else layout.status_y
    draw.text(
        (m.margin, status_y),
        status_line(game, elapsed),
        fill=index(theme, theme.label),
        font=font(m.status_size),
    )
    if fit and status_y < layout.status_y:
        canvas = canvas.crop((0, 0, canvas.width, status_y + m.status_h + m.margin // 2))
    return canvas


def _write(canvas: Image.Image, at: tuple[int, int], text: str, size: int, colour: int) -> None:
    mask = text_mask(text, size)
    canvas.paste(colour, (*at, at[0] + mask.width, at[1] + mask.height), mask)


def _draw_pile(
    canvas: Image.Image, game: Game, code: str, x: int, y: int, fan: bool, height: int, theme: Theme
) -> list[Box]:
    """Pastes a pile's cards and returns the box of each card drawn."""
    m = METRICS
    cards = game.pile(code)
    if not cards:
        sprite, mask = placeholder_sprite(theme, code)
        canvas.paste(sprite, (x, y), mask)
        return []
    down = game.hidden(code)
    if fan:
        offsets = fan_offsets(down, len(cards) - down, height)
        shown = list(range(len(cards)))
        positions = [(x, y + offset) for offset in offsets]
    else:
        # A flat pile shows its top card; Klondike's draw-3 waste, its top three.
        spread = game.waste_shown if code == "w" else 1
        first = max(len(cards) - spread, 0)
        shown = list(range(first, len(cards)))
        positions = [(x + (i - first) * m.waste_step, y) for i in shown]
    boxes = []
    for i, (px, py) in zip(shown, positions, strict=True):
        sprite, mask = back_sprite(theme) if i < down else card_sprite(theme, cards[i])
        canvas.paste(sprite, (px, py), mask)
        boxes.append((px, py, px + m.card_w - 1, py + m.card_h - 1))
    return boxes
