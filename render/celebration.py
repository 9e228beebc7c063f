"""The classic celebration: the cards leap off the foundations one after
another and bounce away across the table, leaving their trails."""

from __future__ import annotations

import io
import random

from PIL import Image

from solitaire import Game
from texts import DEFAULT

from .layout import layout_for
from .sprites import card_sprite
from .table import draw_table
from .theme import CLASSIC, METRICS, Theme

#: A celebration stays well under what a chat shows without a click.
MAX_CELEBRATION_BYTES = 2 * 1024 * 1024
_FRAMES = 150
_WIDTH = 420
_LAUNCH_EVERY = 3
_FRAME_MS = 50
_GRAVITY = 2.2
_BOUNCE = 0.72


def render_celebration(
    game: Game, *, theme: Theme = CLASSIC, seed: int = 0, locale: str = DEFAULT
) -> bytes:
    """Returns an animated GIF of the won *game*: its foundations' cards,
    kings first, leap off and bounce away, each stamped on the table at
    every step of its flight (the trails stay), the last frame held.

    Sized like the table shown on a phone; always under 2 MB.
    """
    m = METRICS
    table = draw_table(game, theme=theme, locale=locale)
    slots = layout_for(game.profile, m).slots
    rng = random.Random(seed)
    foundations = [code for code in game.PILES if code.startswith("f")]
    piles = {code: list(game.pile(code)) for code in foundations}
    order = []
    while any(piles.values()):
        for code in foundations:
            if piles[code]:
                order.append((code, piles[code].pop()))
    flying: list[list[float]] = []  # x, y, dx, dy, index into order
    canvas = table.copy()
    frames = []
    launched = 0
    floor = table.height - m.card_h
    for frame in range(_FRAMES):
        if frame % _LAUNCH_EVERY == 0 and launched < len(order):
            code, _ = order[launched]
            slot = slots[code]
            dx = rng.choice((-1, 1)) * rng.uniform(4.0, 9.0)
            flying.append([slot.x, slot.y, dx, -rng.uniform(2.0, 12.0), launched])
            launched += 1
        for card in flying:
            x, y, dx, dy, i = card
            sprite, mask = card_sprite(theme, order[int(i)][1], m)
            canvas.paste(sprite, (round(x), round(y)), mask)
            dy += _GRAVITY
            x, y = x + dx, y + dy
            if y > floor:
                y, dy = floor, -dy * _BOUNCE
            card[:4] = [x, y, dx, dy]
        flying = [c for c in flying if -m.card_w < c[0] < table.width]
        frames.append(_shown(canvas))
        if launched == len(order) and not flying:
            break
    buffer = io.BytesIO()
    durations = [_FRAME_MS] * len(frames)
    durations[-1] = 3000
    frames[0].save(
        buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    data = buffer.getvalue()
    if len(data) > MAX_CELEBRATION_BYTES:  # never so far: every other frame then
        buffer = io.BytesIO()
        frames[0].save(
            buffer, "GIF", save_all=True, append_images=frames[2::2],
            duration=[2 * _FRAME_MS] * (len(frames[2::2]) + 1), loop=0,
        )  # fmt: skip
        data = buffer.getvalue()
    return data


def _shown(image: Image.Image) -> Image.Image:
    """The frame at about the width a phone shows it."""
    scale = min(1.0, _WIDTH / image.width)
    size = (round(image.width * scale), round(image.height * scale))
    return image.resize(size, Image.Resampling.NEAREST) if scale < 1 else image.copy()
