"""The table as a picture: ``render_table(game) -> PNG bytes``."""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from isal import isal_zlib
from PIL import Image, ImageDraw

from solitaire import Card, Game, Grade
from solitaire.piles import pile_kind
from texts import DEFAULT, tr

from .layout import Slot, fan_offsets, layout_for
from .sprites import (
    back_sprite,
    card_sprite,
    code_mask,
    is_stars,
    pip_mask,
    placeholder_sprite,
    rank_ink,
    text_mask,
)
from .text import captions, status_line
from .theme import CLASSIC, METRICS, Metrics, Theme, face, index, palette

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Mark:
    """A pile code or card index as drawn: its ink's box in the picture, and
    how many of its rows no other card covers."""

    kind: Literal["code", "index"]  # a pile's code, or a card's index
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
    return Table(game.profile, theme=theme, size=size, locale=locale).render(game, elapsed)


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
    table = Table(game.profile, theme=theme, size=size, locale=locale)
    return table.draw(game, elapsed=elapsed, fit=fit, marks=marks)


class _Look(NamedTuple):
    """What one pile shows: the same look, the same pixels in its cell."""

    cards: tuple[Card, ...]
    hidden: int
    spread: int  # the waste's cards side by side
    touched: bool  # by the last move: its code in the highlight colour
    captions: tuple[str, ...]
    framed: int  # how many of its top cards the last move's frame holds
    marked: tuple[int, ...]  # its cards shown that its game keeps face down


class Table:
    """One game's table, kept from one picture to the next: each pile is
    drawn again only where what it shows changed (its cards, the colour of
    its code, its captions, the last move's frame), on the felt of its own
    cell of the layout; the other piles stay as they were drawn. A move
    changes two or three piles of seven to twenty-seven, so a kept table
    draws a fraction of the cards a new one does, and the picture is the
    very same (``tests/test_render.py`` draws both along random games).

    Not for two threads at once: each picture draws on the one canvas."""

    def __init__(
        self, profile: str, *, theme: Theme = CLASSIC, size: Metrics = METRICS,
        locale: str = DEFAULT,
    ) -> None:  # fmt: skip
        #: What this table draws: a picture of another kind needs another table.
        self.kind = (profile, theme, size, locale)
        self._theme, self._m, self._locale = theme, size, locale
        self._layout = layout_for(profile, size)
        self._felt = index(theme, theme.felt)
        self._canvas = Image.new("P", self._layout.size, self._felt)
        self._canvas.putpalette(palette(theme)[1].getpalette() or [])
        #: What each pile shows as drawn now, and the lowest pixel row it uses.
        self._shown: dict[str, _Look] = {}
        self._lowest: dict[str, int] = {}

    def render(
        self, game: Game, elapsed: float | None = None, grade: Grade | None = None,
        revealed: frozenset[str] | None = None, status: str | None = None,
    ) -> bytes:  # fmt: skip
        """The table of *game* as PNG bytes, fitted below its lowest card;
        the status line shows *grade* (see :func:`~.text.status_line`), or is
        *status*, where the caller has worded it already. An open puzzle's
        table (*revealed*: the cards its game kept face down, shown face up)
        marks those cards, and lists the cards of its stock and jewels under
        the status line, top first."""
        return to_png(
            self.draw(
                game, elapsed=elapsed, fit=True, grade=grade, revealed=revealed, status=status
            )
        )

    def draw(
        self,
        game: Game,
        *,
        elapsed: float | None = None,
        fit: bool = False,
        marks: list[Mark] | None = None,
        grade: Grade | None = None,
        revealed: frozenset[str] | None = None,
        status: str | None = None,
    ) -> Image.Image:
        """The table of *game* as a new paletted image (see :func:`draw_table`
        and, for *revealed* and *status*, :meth:`render`); with *marks*, every
        pile is drawn again, so that each is marked."""
        theme, m, layout, canvas = self._theme, self._m, self._layout, self._canvas
        last = game.moves[-1] if game.moves else None
        touched = {last.source, last.target or "w"} if last else set()
        if last and last.is_draw and not game.pile("w"):
            touched = {"s"}  # the waste was turned over
        framed, count = "", 0  # the pile whose top cards the last move framed, and how many
        if last:
            framed = "s" if touched == {"s"} else (last.target or "w")
            count = 1 if last.is_draw else last.count
            if last.is_draw and framed == "w":
                count = min(game.waste_shown, len(game.pile("w"))) or 1
        texts = captions(game, locale=self._locale)
        for code, slot in layout.slots.items():
            shown = _Look(
                game.pile(code),
                game.hidden(code),
                game.waste_shown if code == "w" else 0,
                code in touched,
                tuple(texts.get(code, ())),
                count if code == framed else 0,
                _marked(game, code, revealed) if revealed else (),
            )
            if marks is None and self._shown.get(code) == shown:
                continue
            if code in self._shown:
                canvas.paste(self._felt, slot.cell)
            self._shown[code] = shown
            self._lowest[code] = self._draw_slot(game, code, slot, shown, marks)
        lowest = max(self._lowest.values(), default=0)
        status_y = min(lowest + 10, layout.status_y) if fit else layout.status_y
        dealt = _dealt(game) if revealed is not None else []
        listed = sum(self._listing_height(cards) for _, cards in dealt)
        if listed:
            base = status_y + m.status_h if fit else canvas.height
            picture = Image.new("P", (canvas.width, base + listed), self._felt)
            picture.putpalette(canvas.getpalette() or [])
            picture.paste(canvas.crop((0, 0, canvas.width, base)), (0, 0))
            y = base
            for code, cards in dealt:
                label = tr(self._locale, f"puzzle.listed.{pile_kind(code)}", code=code)
                y = self._list(picture, y, label, cards)
        elif fit and status_y < layout.status_y:
            picture = canvas.crop((0, 0, canvas.width, status_y + m.status_h))
        else:
            picture = canvas.copy()
        if status is None:
            status = status_line(game, elapsed, self._locale, grade=grade)
        parts = status.split(SEPARATOR)
        points = m.status_size  # as large as fits on one line
        while points > 14 and _length(parts, points) > canvas.width - 2 * m.margin:
            points -= 1
        _write_parts(picture, (m.margin, status_y), parts, points, index(theme, theme.label))
        return picture

    def _listing_height(self, cards: tuple[Card, ...]) -> int:
        m = self._m
        per_row = max((self._canvas.width - 2 * m.margin) // _chip_size(m)[0], 1)
        rows = -(-len(cards) // per_row)
        return m.caption_h + rows * (_chip_size(m)[1] + 4) + 6

    def _list(self, picture: Image.Image, y: int, label: str, cards: tuple[Card, ...]) -> int:
        """Lists *cards* under *label* from row *y* of *picture*, as small
        chips, wrapped: the row below the listing."""
        theme, m = self._theme, self._m
        _write(picture, (m.margin, y), label, m.caption_size, index(theme, theme.caption))
        y += m.caption_h
        width, height = _chip_size(m)
        x = m.margin
        for card in cards:
            if x + width > picture.width - m.margin:
                x, y = m.margin, y + height + 4
            chip = _chip(theme, card, m)
            picture.paste(chip, (x, y))
            x += width
        return y + height + 4 + 6

    def _draw_slot(
        self, game: Game, code: str, slot: Slot, shown: _Look, marks: list[Mark] | None,
    ) -> int:  # fmt: skip
        """Draws one pile on its cell's felt: its code, its cards, its
        captions and, if the last move went there, its frame. Returns the
        lowest pixel row it uses."""
        theme, m, canvas = self._theme, self._m, self._canvas
        colour = theme.highlight if shown.touched else theme.label
        mask = code_mask(code, m.code_ink)
        at = (slot.x + 1, slot.y - m.code_gap - mask.height)
        ink = (*at, at[0] + mask.width, at[1] + mask.height)
        canvas.paste(index(theme, colour), ink, mask)
        if marks is not None:
            marks.append(Mark("code", code, ink, mask.height))
        boxes = _draw_pile(canvas, game, code, slot, theme, m, marks)
        if shown.marked:
            _dog_ear(canvas, [boxes[i] for i in shown.marked if i < len(boxes)], theme, m)
        for line, text in enumerate(shown.captions):
            y = slot.y + m.card_h + 3 + line * m.caption_h
            points = m.caption_size  # smaller where a language's words are longer
            while points > 9 and _width(text, points) > m.card_w + m.gap - 2:
                points -= 1
            _write(canvas, (slot.x + 1, y), text, points, index(theme, theme.caption))
        moved = boxes[-shown.framed :] if shown.framed else []
        if moved:
            # Inside the moved cards' edges: it covers no other card's index
            # and no pile's code.
            box = (
                min(b[0] for b in moved),
                min(b[1] for b in moved),
                max(b[2] for b in moved),
                max(b[3] for b in moved),
            )
            ImageDraw.Draw(canvas).rounded_rectangle(
                box, m.radius, outline=index(theme, theme.highlight), width=3
            )  # fmt: skip
        bottom = max([slot.y + m.card_h, *(box[3] for box in boxes)])
        return bottom + len(shown.captions) * m.caption_h


#: Between the parts of the status line.
SEPARATOR = " · "


def _marked(game: Game, code: str, revealed: frozenset[str]) -> tuple[int, ...]:
    """Where in pile *code* the cards of *revealed* lie, if face up there."""
    down = game.hidden(code)
    return tuple(i for i, card in enumerate(game.pile(code)) if i >= down and card.code in revealed)


def _dog_ear(canvas: Image.Image, boxes: list[Box], theme: Theme, m: Metrics) -> None:
    """Marks each card of *boxes* as shown for a puzzle: its top right
    corner folded in the highlight colour, clear of its index."""
    draw = ImageDraw.Draw(canvas)
    size = m.card_w // 5
    for _, top, right, _ in boxes:
        corner = [(right - size, top), (right, top), (right, top + size)]
        draw.polygon(corner, fill=index(theme, theme.highlight), outline=index(theme, theme.edge))


def _dealt(game: Game) -> list[tuple[str, tuple[Card, ...]]]:
    """The piles an open puzzle lists: its stock and jewels, top first."""
    return [
        (code, tuple(reversed(game.pile(code))))
        for code in game.PILES
        if pile_kind(code) in ("stock", "jewels") and game.pile(code)
    ]


def _chip_size(m: Metrics) -> tuple[int, int]:
    return m.caption_size * 2 + 8, m.caption_h + 4


@lru_cache(maxsize=512)
def _chip(theme: Theme, card: Card, m: Metrics) -> Image.Image:
    """A listed card: its rank and suit on a small card face."""
    width, height = _chip_size(m)
    chip = Image.new("P", (width - 3, height), index(theme, theme.felt))
    chip.putpalette(palette(theme)[1].getpalette() or [])
    draw = ImageDraw.Draw(chip)
    draw.rounded_rectangle(
        (0, 0, width - 4, height - 1), 3, fill=index(theme, theme.face),
        outline=index(theme, theme.edge),
    )  # fmt: skip
    ink = index(theme, theme.suits[card.suit])
    rank = text_mask(card.rank_label, m.caption_size)
    pip = pip_mask(card.suit, m.caption_size * 2 // 3)
    x = (width - 4 - rank.width - pip.width - 1) // 2
    y = (height - rank.height) // 2
    chip.paste(ink, (x, y, x + rank.width, y + rank.height), rank)
    x, y = x + rank.width + 1, (height - pip.height) // 2
    chip.paste(ink, (x, y, x + pip.width, y + pip.height), pip)
    return chip


@lru_cache(maxsize=4096)
def _width(text: str, size: int) -> float:
    if is_stars(text):
        return size * len(text)
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
