"""Card faces, backs and empty-pile marks, drawn once per theme and cached.

Faces are drawn in RGB with anti-aliasing, then mapped once onto the theme's
shared palette; the table pastes those paletted sprites through a one-bit
mask of the rounded corners.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from solitaire import Card

from .theme import METRICS, Theme, font, palette

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


def _blank(theme: Theme, fill: tuple[int, int, int], outline: tuple[int, int, int]) -> Image.Image:
    m = METRICS
    image = Image.new("RGBA", (m.card_w, m.card_h), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, m.card_w - 1, m.card_h - 1), m.radius, fill=fill, outline=outline, width=1
    )
    return image


def card_rgba(theme: Theme, card: Card) -> Image.Image:
    """Returns a card's face: a big corner index (rank and suit, readable
    when fanned) and a large pip below."""
    m = METRICS
    image = _blank(theme, theme.face, theme.edge)
    ink = theme.suits[card.suit]
    draw = ImageDraw.Draw(image)
    index_font = font(m.index_size)
    left = 5
    draw.text((left, 1), card.rank_label, fill=ink, font=index_font)
    width = int(draw.textlength(card.rank_label, font=index_font))
    image.paste(ink, (left + width + 2, 7), pip_mask(card.suit, m.small_pip))
    big = pip_mask(card.suit, m.big_pip)
    image.paste(ink, ((m.card_w - m.big_pip) // 2, m.card_h - m.big_pip - 16), big)
    return image


def back_rgba(theme: Theme) -> Image.Image:
    """Returns the back of a card: a lattice inside a border."""
    m = METRICS
    image = _blank(theme, theme.back, theme.edge)
    draw = ImageDraw.Draw(image)
    inset = 5
    for x in range(-m.card_h, m.card_w, 9):
        draw.line((x + inset, inset, x + m.card_h, m.card_h), fill=theme.back_pattern, width=1)
        draw.line((x + m.card_h, inset, x + inset, m.card_h), fill=theme.back_pattern, width=1)
    # Re-draw the rounded frame over the lattice's ends.
    frame = Image.new("L", image.size, 0)
    ImageDraw.Draw(frame).rounded_rectangle(
        (inset, inset, m.card_w - 1 - inset, m.card_h - 1 - inset), m.radius - 2, fill=255
    )
    plain = _blank(theme, theme.back, theme.edge)
    plain.paste(image, (0, 0), frame)
    return plain


def placeholder_rgba(theme: Theme, code: str) -> Image.Image:
    """Returns the mark of an empty pile, its code in the middle."""
    m = METRICS
    image = Image.new("RGBA", (m.card_w, m.card_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, m.card_w - 1, m.card_h - 1),
        m.radius,
        fill=theme.felt_dark,
        outline=theme.caption,
        width=2,
    )
    big = font(30)
    width = draw.textlength(code, font=big)
    draw.text(((m.card_w - width) / 2, m.card_h / 2 - 20), code, fill=theme.caption, font=big)
    return image


def _paletted(theme: Theme, image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """Maps an RGBA sprite onto the theme palette; returns it with its corner mask."""
    mask = image.getchannel("A").point(lambda alpha: 255 if alpha >= 128 else 0).convert("1")
    flat = Image.new("RGB", image.size, theme.felt)
    flat.paste(image, (0, 0), image)
    return flat.quantize(palette=palette(theme)[1], dither=Image.Dither.NONE), mask


@cache
def card_sprite(theme: Theme, card: Card) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, card_rgba(theme, card))


@cache
def back_sprite(theme: Theme) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, back_rgba(theme))


@cache
def placeholder_sprite(theme: Theme, code: str) -> tuple[Image.Image, Image.Image]:
    return _paletted(theme, placeholder_rgba(theme, code))


@lru_cache(maxsize=1024)
def text_mask(text: str, size: int) -> Image.Image:
    """Returns *text* as a one-bit mask, for the labels and captions that
    every table repeats."""
    face = font(size)
    right, bottom = face.getbbox(text)[2:]
    image = Image.new("L", (max(int(right), 1), max(int(bottom), 1)), 0)
    ImageDraw.Draw(image).text((0, 0), text, fill=255, font=face)
    return image.point(lambda value: 255 if value >= 128 else 0).convert("1")
