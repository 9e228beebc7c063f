"""Colours and sizes: a theme is named roles with defaults."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import font_roboto
from PIL import Image, ImageFont

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The colours of the table and cards. ``suits`` is ♠ ♥ ♦ ♣."""

    name: str
    felt: RGB = (22, 99, 58)
    felt_dark: RGB = (15, 74, 42)
    label: RGB = (226, 238, 226)
    caption: RGB = (170, 205, 180)
    face: RGB = (252, 251, 246)
    edge: RGB = (70, 72, 70)
    back: RGB = (38, 68, 150)
    back_pattern: RGB = (96, 126, 204)
    highlight: RGB = (255, 196, 0)
    suits: tuple[RGB, RGB, RGB, RGB] = ((24, 24, 24), (200, 24, 36), (200, 24, 36), (24, 24, 24))
    banner: RGB = (250, 228, 120)


CLASSIC = Theme("classic")
FOUR_COLOUR = Theme(
    "four-colour",
    suits=((24, 24, 24), (200, 24, 36), (20, 84, 210), (14, 128, 44)),
)
THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, FOUR_COLOUR)}


@dataclass(frozen=True)
class Metrics:
    """Sizes in pixels, chosen so that a table shown 360 px wide (a phone) or
    within 550 × 350 px (a desktop chat) still shows every pile code and card
    index at least 9 px tall: ``python bench/legibility.py`` prints them."""

    name: str
    card_w: int = 62
    card_h: int = 86
    radius: int = 6
    gap: int = 6
    margin: int = 10
    #: The rank's font size; its ink is about 0.7 of it, plus the stroke.
    index_size: int = 29
    index_stroke: int = 1
    #: From a card's top and left edges to its index's ink.
    index_pad: int = 4
    small_pip: int = 15
    big_pip: int = 34
    #: The ink height of every pile code, whatever its letters.
    code_ink: int = 21
    #: Between a code's ink and its pile.
    code_gap: int = 6
    down_step: int = 8
    #: A covered face-up card shows this much: its whole index.
    up_step: int = 28
    #: A card squeezed out of a long column shows only its edge.
    thin_step: int = 3
    waste_step: int = 36
    caption_size: int = 18
    caption_h: int = 21
    status_size: int = 24
    status_h: int = 30

    @property
    def label_h(self) -> int:
        """The band above a row of piles that holds their codes."""
        return self.code_ink + self.code_gap + 4


#: Every player's cards unless they ask for large print.
METRICS = Metrics("normal")
#: Large print: bigger indices and codes on cards of the same width, so a
#: table shown at the same size shows them about a fifth larger.
LARGE = Metrics(
    "large",
    index_size=36, small_pip=13, up_step=34, code_ink=25, card_h=94, big_pip=30, waste_step=41,
)  # fmt: skip
SIZES: dict[str, Metrics] = {size.name: size for size in (METRICS, LARGE)}


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no system font needed. It draws
    ASCII alone: :func:`face` picks a font for other words."""
    return ImageFont.load_default(size=size)


@cache
def accented_font(size: int) -> ImageFont.FreeTypeFont:
    """Roboto (the ``font-roboto`` package), for words with letters beyond
    ASCII: ``Züge``, ``GAGNÉ``, ``Défausse``."""
    return ImageFont.truetype(font_roboto.Roboto, size)


def face(text: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font that draws *text*: the bundled one for ASCII, whose look the
    legibility bench measures, else one that has every letter of it."""
    return font(size) if text.isascii() else accented_font(size)


def _ramp(start: RGB, end: RGB, steps: int) -> list[RGB]:
    return [
        tuple(round(a + (b - a) * i / (steps + 1)) for a, b in zip(start, end, strict=True))  # type: ignore[misc]
        for i in range(1, steps + 1)
    ]


@cache
def palette(theme: Theme) -> tuple[list[RGB], Image.Image]:
    """Returns the theme's shared palette: its colours and the anti-aliasing
    shades between them, as a list and as a ``P`` image to quantize against.

    Every sprite and every canvas of the theme uses this one palette, so a
    sprite is pasted as raw indices and the PNG is one byte a pixel.
    """
    base = [
        theme.felt, theme.felt_dark, theme.label, theme.caption, theme.face, theme.edge,
        theme.back, theme.back_pattern, theme.highlight, theme.banner, *theme.suits,
        (0, 0, 0), (255, 255, 255),
    ]  # fmt: skip
    colours = list(dict.fromkeys(base))
    for ink in (*theme.suits, theme.edge, theme.felt_dark):
        colours += _ramp(theme.face, ink, 6)
    colours += _ramp(theme.back, theme.back_pattern, 4)
    colours += _ramp(theme.felt, theme.face, 4)
    colours = list(dict.fromkeys(colours))[:256]
    image = Image.new("P", (1, 1))
    flat = [channel for colour in colours for channel in colour]
    image.putpalette(flat + [0] * (768 - len(flat)))
    return colours, image


def shade(theme: Theme) -> RGB:
    """A shade between the felt and the cards' face, in the palette: what
    stands out on the dark felt without shouting (a chart's games)."""
    return _ramp(theme.felt, theme.face, 4)[0]


def index(theme: Theme, colour: RGB) -> int:
    """Returns the palette index of one of the theme's colours."""
    return palette(theme)[0].index(colour)
