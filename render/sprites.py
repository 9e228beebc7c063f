"""Card faces, backs and empty-pile marks, drawn once per theme and cached.

Faces are drawn in RGB with anti-aliasing, then mapped once onto the theme's
shared palette; the table pastes those paletted sprites through a one-bit
mask of the rounded corners.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from solitaire import Card

from .theme import RGB, Metrics, Theme, font, palette
from .theme import face as text_face

_SUPERSAMPLE = 4


@cache
def pip_mask(suit: int, size: int) -> Image.Image:
    """Returns a suit's shape as an ``L`` mask of *size* × *size*, drawn
    large and scaled down so its edges are smooth."""
    s = size * _SUPERSAMPLE
    mask = Image.new("L", (s, s), 0)
    draw = ImageDraw.Draw(mask)
    if suit == 1:  # ♥
        r = s * 0.27
        draw.ellipse((s * 0.02, s * 0.08, s * 0.02 + 2 * r, s * 0.08 + 2 * r), fill=255)
        draw.ellipse((s * 0.98 - 2 * r, s * 0.08, s * 0.98, s * 0.08 + 2 * r), fill=255)
        draw.polygon([(s * 0.04, s * 0.42), (s * 0.96, s * 0.42), (s * 0.5, s * 0.95)], fill=255)
    elif suit == 2:  # ♦
        draw.polygon([(s * 0.5, 0), (s * 0.9, s * 0.5), (s * 0.5, s), (s * 0.1, s * 0.5)], fill=255)
    elif suit == 0:  # ♠
        r = s * 0.25
        draw.polygon([(s * 0.5, s * 0.02), (s * 0.96, s * 0.55), (s * 0.04, s * 0.55)], fill=255)
        draw.ellipse((s * 0.03, s * 0.38, s * 0.03 + 2 * r, s * 0.38 + 2 * r), fill=255)
        draw.ellipse((s * 0.97 - 2 * r, s * 0.38, s * 0.97, s * 0.38 + 2 * r), fill=255)
        draw.polygon([(s * 0.5, s * 0.6), (s * 0.72, s), (s * 0.28, s)], fill=255)
    else:  # ♣
        r = s * 0.22
        for cx, cy in ((0.5, 0.25), (0.26, 0.58), (0.74, 0.58)):
            draw.ellipse((s * cx - r, s * cy - r, s * cx + r, s * cy + r), fill=255)
        draw.rectangle((s * 0.44, s * 0.4, s * 0.56, s * 0.7), fill=255)
        draw.polygon([(s * 0.5, s * 0.55), (s * 0.72, s), (s * 0.28, s)], fill=255)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def _blank(m: Metrics, fill: RGB, outline: RGB) -> Image.Image:
    image = Image.new("RGBA", (m.card_w, m.card_h), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, m.card_w - 1, m.card_h - 1), m.radius, fill=fill, outline=outline, width=1
    )
    return image


@lru_cache(maxsize=64)
def rank_mask(label: str, size: int, stroke: int) -> Image.Image:
    """Returns a rank as an ``L`` mask cropped to its ink, its glyphs set
    close together so that "10" is hardly wider than "Q"."""
    face = font(size)
    glyphs = []
    for char in label:
        canvas = Image.new("L", (2 * size, 2 * size), 0)
        ImageDraw.Draw(canvas).text(
            (size // 2, 0), char, fill=255, font=face, stroke_width=stroke, stroke_fill=255
        )
        left, _, right, _ = canvas.getbbox() or (0, 0, 1, 1)
        glyphs.append(canvas.crop((left, 0, right, canvas.height)))
    spacing = max(1, size // 14)
    joined = Image.new("L", (sum(g.width for g in glyphs) + spacing * (len(glyphs) - 1), 2 * size))
    x = 0
    for glyph in glyphs:
        joined.paste(glyph, (x, 0))
        x += glyph.width + spacing
    _, top, _, bottom = joined.getbbox() or (0, 0, 1, 1)
    return joined.crop((0, top, joined.width, bottom))


def rank_ink(m: Metrics, label: str) -> tuple[int, int, int, int]:
    """Returns the box of a rank's ink on a card face, from the card's top
    left corner: what a covered card still shows."""
    mask = rank_mask(label, m.index_size, m.index_stroke)
    return m.index_pad, m.index_pad, m.index_pad + mask.width, m.index_pad + mask.height


def card_rgba(theme: Theme, card: Card, m: Metrics) -> Image.Image:
    """Returns a card's face: a big corner index (rank, then the suit beside
    it), readable when the card is covered, and a pip in the middle."""
    image = _blank(m, theme.face, theme.edge)
    ink = theme.suits[card.suit]
    x0, y0, x1, y1 = rank_ink(m, card.rank_label)
    image.paste(ink, (x0, y0), rank_mask(card.rank_label, m.index_size, m.index_stroke))
    pip = min(m.small_pip, m.card_w - x1 - 5)
    image.paste(ink, (x1 + 2, y0 + (y1 - y0 - pip) // 2), pip_mask(card.suit, pip))
    below = y1 + m.index_pad
    image.paste(
        ink,
        ((m.card_w - m.big_pip) // 2, below + (m.card_h - below - m.big_pip) // 2),
        pip_mask(card.suit, m.big_pip),
    )
    return image


def back_rgba(theme: Theme, m: Metrics) -> Image.Image:
    """Returns the back of a card: a lattice inside a border."""
    image = _blank(m, theme.back, theme.edge)
    draw = ImageDraw.Draw(image)
    inset = 4
    for x in range(-m.card_h, m.card_w, 8):
        draw.line((x + inset, inset, x + m.card_h, m.card_h), fill=theme.back_pattern, width=1)
        draw.line((x + m.card_h, inset, x + inset, m.card_h), fill=theme.back_pattern, width=1)
    # Re-draw the rounded frame over the lattice's ends.
    frame = Image.new("L", image.size, 0)
    ImageDraw.Draw(frame).rounded_rectangle(
        (inset, inset, m.card_w - 1 - inset, m.card_h - 1 - inset), m.radius - 2, fill=255
    )
    plain = _blank(m, theme.back, theme.edge)
    plain.paste(image, (0, 0), frame)
    return plain


def placeholder_rgba(theme: Theme, code: str, m: Metrics) -> Image.Image:
    """Returns the mark of an empty pile, its code in the middle."""
    image = Image.new("RGBA", (m.card_w, m.card_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, m.card_w - 1, m.card_h - 1),
        m.radius,
        fill=theme.felt_dark,
        outline=theme.caption,
        width=2,
    )
    mask = code_mask(code, m.code_ink)
    image.paste(theme.caption, ((m.card_w - mask.width) // 2, (m.card_h - mask.height) // 2), mask)
    return image


def _paletted(theme: Theme, image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """Maps an RGBA sprite onto the theme palette; returns it with its corner mask."""
    mask = image.getchannel("A").point(lambda alpha: 255 if alpha >= 128 else 0).convert("1")
    flat = Image.new("RGB", image.size, theme.felt)
    flat.paste(image, (0, 0), image)
    return flat.quantize(palette=palette(theme)[1], dither=Image.Dither.NONE), mask


@cache
def card_sprite(theme: Theme, card: Card, m: Metrics) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, card_rgba(theme, card, m))


@cache
def back_sprite(theme: Theme, m: Metrics) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, back_rgba(theme, m))


@cache
def placeholder_sprite(theme: Theme, code: str, m: Metrics) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, placeholder_rgba(theme, code, m))


def is_stars(text: str) -> bool:
    """Whether *text* is a grade's stars (``★★☆☆☆``), which no bundled font
    draws: :func:`text_mask` draws them itself, each *size* wide."""
    return bool(text) and not text.strip("★☆")


def _star(draw: ImageDraw.ImageDraw, x: float, size: float, filled: bool) -> None:
    # A five-pointed star: outer and inner corners in turn, from the top.
    outer, inner, cy = size * 0.48, size * 0.2, size * 0.55
    corners = [
        (
            x + size / 2 + (outer if i % 2 == 0 else inner) * math.sin(math.pi * i / 5),
            cy - (outer if i % 2 == 0 else inner) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    ]
    draw.polygon(corners, fill=255 if filled else None, outline=255, width=max(1, round(size / 14)))


@lru_cache(maxsize=1024)
def text_mask(text: str, size: int) -> Image.Image:
    """Returns *text* as a one-bit mask, for the labels and captions that
    every table repeats."""
    if is_stars(text):
        mask = Image.new("L", (size * len(text), size), 0)
        draw = ImageDraw.Draw(mask)
        for i, char in enumerate(text):
            _star(draw, i * size, size, char == "★")
        return mask.convert("1")
    face = text_face(text, size)
    right, bottom = face.getbbox(text)[2:]
    image = Image.new("L", (max(int(right), 1), max(int(bottom), 1)), 0)
    ImageDraw.Draw(image).text((0, 0), text, fill=255, font=face)
    return image.point(lambda value: 255 if value >= 128 else 0).convert("1")


@lru_cache(maxsize=256)
def code_mask(code: str, ink: int) -> Image.Image:
    """Returns a pile code as a one-bit mask cropped to its ink, *ink* pixels
    tall whatever its letters: ``s`` and ``w`` are drawn larger than ``f1``,
    so that every code reads alike when the picture is shrunk."""
    size = round(ink / 0.7)
    for _ in range(4):
        top, bottom = font(size).getbbox(code)[1::2]
        if bottom - top == ink:
            break
        size = max(6, round(size * ink / (bottom - top)))
    left, top, right, bottom = (int(edge) for edge in font(size).getbbox(code))
    image = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(image).text((-left, -top), code, fill=255, font=font(size))
    return image.point(lambda value: 255 if value >= 110 else 0).convert("1")
