"""Colours and sizes: a theme is named roles with defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

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
    """Sizes in pixels."""

    card_w: int = 76
    card_h: int = 106
    radius: int = 7
    gap: int = 10
    margin: int = 14
    label_h: int = 20
    caption_h: int = 18
    status_h: int = 30
    index_size: int = 24
    small_pip: int = 15
    big_pip: int = 40
    down_step: int = 10
    up_step: int = 28
    waste_step: int = 30
    label_size: int = 19
    caption_size: int = 14
    status_size: int = 18
    extra: dict[str, int] = field(default_factory=dict)


METRICS = Metrics()


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no system font needed."""
    return ImageFont.load_default(size=size)


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


def index(theme: Theme, colour: RGB) -> int:
    """Returns the palette index of one of the theme's colours."""
    return palette(theme)[0].index(colour)
