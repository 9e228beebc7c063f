"""What the cards players share are drawn with: text that notes how small it
is, bars, a player's avatar in a circle, and medals by metal.

A card is one paletted picture: the theme's colours first, then, if it
shows an avatar, the avatar's own colours in the slots left, so that a
photo keeps its look and the PNG stays one byte a pixel.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from .names import fitted
from .table import to_png
from .theme import RGB, Theme, face, palette

#: Where a card is seen smallest: a phone shows it this wide.
PHONE_WIDTH = 360
#: The profile and stats cards' width and margin: a phone shows them at
#: two thirds, so 20 px words show 9 px tall.
CARD_WIDTH, MARGIN = 540, 16
#: How much bigger large print draws a card's words.
LARGE_PRINT = 1.25
#: An avatar larger than this (either side) is not read: Discord serves
#: 128 px when asked, and a bigger picture is no avatar.
LARGEST_AVATAR = 1024

#: The medals' metals by tier (1 bronze, 2 silver, 3 gold): face and rim.
METALS: dict[int, tuple[RGB, RGB]] = {
    1: ((205, 133, 70), (128, 76, 34)),
    2: ((206, 210, 218), (120, 126, 138)),
    3: ((244, 200, 66), (166, 124, 16)),
}
#: The ink of a mark on a medal.
ENGRAVING: RGB = (40, 32, 24)


@dataclass(frozen=True)
class Emblem:
    """A family of badges: the name of its best tier earned (else its first),
    that tier (0: none yet), what the medal shows (``10``, ``5'``; ``""``
    a star), and the progress to the next tier, if one is left and counted."""

    name: str
    tier: int
    mark: str
    progress: tuple[int, int] | None = None


def scaler(large: bool) -> Callable[[float], int]:
    """Sizes as large print draws them (``large``), or as they are."""
    k = LARGE_PRINT if large else 1.0
    return lambda size: round(size * k)


def _use(image: Image.Image, colours: Sequence[RGB]) -> None:
    """Gives paletted *image* the palette *colours*."""
    flat = [channel for colour in colours for channel in colour]
    image.putpalette(flat + [0] * (768 - len(flat)))


def card_palette(theme: Theme) -> list[RGB]:
    """The theme's colours, then the metals and the engraving."""
    colours = list(palette(theme)[0])
    for metal in METALS.values():
        colours += [c for c in metal if c not in colours]
    return [*colours, ENGRAVING]


@dataclass
class Pen:
    """Draws a card's words and shapes, in the card's colours, and notes the
    smallest text it drew: the height of a digit's ink, in pixels."""

    image: Image.Image
    theme: Theme
    colours: list[RGB]
    smallest: float = field(default=10_000.0)

    @classmethod
    def canvas(cls, theme: Theme, size: tuple[int, int], ground: RGB) -> Pen:
        colours = card_palette(theme)
        image = Image.new("P", size, colours.index(ground))
        _use(image, colours)
        return cls(image, theme, colours)

    @classmethod
    def on(cls, image: Image.Image, theme: Theme) -> Pen:
        """A pen for a paletted *image* of *theme*'s colours: the medals'
        metals are added after them."""
        colours = card_palette(theme)
        _use(image, colours)
        return cls(image, theme, colours)

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.image)

    def ink(self, colour: RGB) -> int:
        return self.colours.index(colour)

    def text(
        self,
        at: tuple[float, float],
        words: str,
        size: int,
        colour: RGB,
        *,
        room: float | None = None,
        anchor: str = "la",
    ) -> float:
        """Draws *words* (clipped to *room* wide) and returns their width."""
        font = face(words, size)
        shown = fitted(words, font, room) if room is not None else words
        if not shown:
            return 0.0
        self.draw.text(at, shown, fill=self.ink(colour), font=font, anchor=anchor)
        top, bottom = font.getbbox("0")[1::2]
        self.smallest = min(self.smallest, bottom - top)
        return font.getlength(shown)

    def width(self, words: str, size: int) -> float:
        """How wide *words* are drawn at *size*."""
        return face(words, size).getlength(words)

    def wrapped(
        self,
        at: tuple[float, float],
        words: str,
        size: int,
        colour: RGB,
        *,
        room: float,
        most: int = 2,
    ) -> int:
        """Draws *words* on up to *most* lines within *room*, the last one
        clipped; returns the lines drawn."""
        font = face(words, size)
        lines: list[str] = []
        for word in words.split():
            if lines and font.getlength(f"{lines[-1]} {word}") <= room:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        if len(lines) > most:
            lines[most - 1 :] = [" ".join(lines[most - 1 :])]
        x, y = at
        for n, line in enumerate(lines):
            self.text((x, y + n * round(size * 1.2)), line, size, colour, room=room)
        return len(lines)

    def bar(self, box: tuple[float, float, float, float], share: float, fill: RGB) -> None:
        """A bar *share* full (0 to 1), on the theme's felt."""
        x0, y0, x1, y1 = box
        radius = (y1 - y0) // 2
        self.draw.rounded_rectangle(box, radius=radius, fill=self.ink(self.theme.felt))
        share = min(max(share, 0.0), 1.0)
        if share > 0:
            end = max(x0 + 2 * radius, x0 + (x1 - x0) * share)
            self.draw.rounded_rectangle((x0, y0, end, y1), radius=radius, fill=self.ink(fill))

    def avatar(self, at: tuple[int, int], diameter: int, picture: bytes | None) -> None:
        """The player's avatar in a circle with a rim; the default one (a
        card's back) when there is none or it cannot be read."""
        x, y = at
        face_ = _readable(picture, diameter)
        free = 256 - len(self.colours)
        if face_ is not None and free >= 16:
            # The octree picks the colours at a tenth of median cut's CPU;
            # dithering to them keeps a gradient from banding.
            chosen = face_.quantize(colors=free, method=Image.Quantize.FASTOCTREE)
            shades = face_.quantize(palette=chosen, dither=Image.Dither.FLOYDSTEINBERG)
            offset = len(self.colours)
            table = bytes(min(255, i + offset) for i in range(256))
            moved = Image.frombytes("P", shades.size, shades.tobytes().translate(table))
            used = (shades.getpalette() or [])[: 3 * free]
            self.colours += [tuple(used[i : i + 3]) for i in range(0, len(used), 3)]  # type: ignore[misc]
            _use(self.image, self.colours)
            mask = Image.new("1", (diameter, diameter), 0)
            ImageDraw.Draw(mask).ellipse((0, 0, diameter - 1, diameter - 1), fill=1)
            self.image.paste(moved, (x, y), mask)
        else:
            theme, draw = self.theme, self.draw
            draw.ellipse((x, y, x + diameter, y + diameter), fill=self.ink(theme.back))
            inset = diameter // 6
            draw.ellipse(
                (x + inset, y + inset, x + diameter - inset, y + diameter - inset),
                outline=self.ink(theme.back_pattern),
                width=max(2, diameter // 24),
            )
            middle, arm = x + diameter / 2, diameter / 5
            centre = y + diameter / 2
            draw.polygon(
                [(middle, centre - arm), (middle + arm * 0.7, centre),
                 (middle, centre + arm), (middle - arm * 0.7, centre)],
                fill=self.ink(theme.back_pattern),
            )  # fmt: skip
        self.draw.ellipse(
            (x - 2, y - 2, x + diameter + 2, y + diameter + 2),
            outline=self.ink(self.theme.banner),
            width=3,
        )

    def medal(self, at: tuple[float, float], diameter: int, tier: int, mark: str) -> None:
        """A medal of *tier*'s metal (0: not yet earned, grey and hollow)
        with *mark* on it, or a star where there is none."""
        x, y = at
        box = (x, y, x + diameter, y + diameter)
        if tier in METALS:
            metal, rim = METALS[tier]
            self.draw.ellipse(box, fill=self.ink(metal), outline=self.ink(rim), width=4)
            ink = ENGRAVING
        else:
            self.draw.ellipse(
                box, fill=self.ink(self.theme.felt), outline=self.ink(self.theme.caption), width=3
            )
            ink = self.theme.caption
        middle = (x + diameter / 2, y + diameter / 2)
        if mark:
            size = diameter // 2 if len(mark) <= 2 else diameter * 3 // 8
            self.text(middle, mark, size, ink, room=diameter - 8, anchor="mm")
        else:
            self.draw.polygon(_star(middle, diameter * 0.3), fill=self.ink(ink))

    def legible(self) -> float:
        """The smallest text's digit as a phone shows the card, in pixels."""
        return self.smallest * min(1.0, PHONE_WIDTH / self.image.width)


def render_medallion(
    avatar: bytes | None, tier: int = 3, mark: str = "", *, theme: Theme, size: int = 128
) -> bytes:
    """A player's avatar in its circle (the default one for *avatar*
    ``None``) with a medal of *tier* at its lower right: a champion as a
    card shows them, on a transparent ground."""
    pen = Pen.canvas(theme, (size, size), theme.felt_dark)
    diameter = size * 7 // 8
    pen.avatar((3, 3), diameter - 6, avatar)
    medal = size * 3 // 8
    pen.medal((size - medal - 1, size - medal - 1), medal, tier, mark)
    pen.image.info["transparency"] = pen.ink(theme.felt_dark)
    return to_png(pen.image)


def _star(centre: tuple[float, float], radius: float) -> Sequence[tuple[float, float]]:
    cx, cy = centre
    points = []
    for n in range(10):
        r = radius if n % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + n * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    return points


def _readable(picture: bytes | None, diameter: int) -> Image.Image | None:
    """*picture* as an RGB square *diameter* wide, or ``None`` if it is no
    picture Pillow reads, or too big to be an avatar."""
    if not picture:
        return None
    try:
        with Image.open(io.BytesIO(picture)) as image:
            if max(image.size) > LARGEST_AVATAR:
                return None
            image.seek(0)
            rgb = image.convert("RGBA")
    except Exception:  # a broken picture is no avatar
        return None
    square = Image.new("RGBA", rgb.size, (0, 0, 0, 255))
    square.alpha_composite(rgb)
    side = min(square.size)
    left, top = (square.width - side) // 2, (square.height - side) // 2
    cropped = square.crop((left, top, left + side, top + side)).convert("RGB")
    return cropped.resize((diameter, diameter), Image.Resampling.LANCZOS)
