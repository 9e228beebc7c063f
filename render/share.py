"""Pictures worth sharing: the win card and the animated replay."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from solitaire import Game, load_game

from .table import draw_table, to_png
from .text import clock
from .theme import CLASSIC, METRICS, Theme, font, index

_BANNER_H = 92
#: A replay lasts about this long, however many moves it has.
REPLAY_SECONDS = 24.0


def render_win_card(
    game: Game, *, player: str, elapsed: float | None = None, theme: Theme = CLASSIC
) -> bytes:
    """Returns the picture a winner shares: a banner with game, deal, moves,
    time and player above the final table."""
    table = draw_table(game, theme=theme, elapsed=elapsed)
    card = Image.new("P", (table.width, table.height + _BANNER_H), index(theme, theme.felt_dark))
    card.putpalette(table.getpalette() or [])
    card.paste(table, (0, _BANNER_H))
    draw = ImageDraw.Draw(card)
    headline = f"{player[:40]} won {game.title}!"
    draw.text((METRICS.margin, 12), headline, fill=index(theme, theme.banner), font=font(34))
    facts = [
        f"deal {game.deal}" if game.deal is not None else "a set position",
        f"{len(game.moves)} moves",
    ]
    if elapsed is not None:
        facts.append(clock(elapsed))
    if game.undos:
        facts.append(f"{game.undos} undo" + ("s" if game.undos > 1 else ""))
    draw.text(
        (METRICS.margin, 56), " · ".join(facts), fill=index(theme, theme.label), font=font(22)
    )
    return to_png(card)


def render_replay(
    record: Mapping[str, Any], *, theme: Theme = CLASSIC, scale: float = 0.5
) -> bytes:
    """Returns the game of *record* as an animated GIF: the deal, then one
    frame per move, about ``REPLAY_SECONDS`` in all, the last frame held.

    :raises solitaire.BadRecord: if the record does not replay.
    """
    final = load_game(record)
    game = type(final).from_record({**record, "moves": [], "redo": [], "undos": 0})
    frames = [_frame(game, theme, scale)]
    for move in final.moves:
        game.play(move)
        frames.append(_frame(game, theme, scale))
    step = int(min(max(REPLAY_SECONDS * 1000 / len(frames), 60), 600))
    durations = [step] * len(frames)
    durations[0] = durations[-1] = 2000
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buffer.getvalue()


def _frame(game: Game, theme: Theme, scale: float) -> Image.Image:
    image = draw_table(game, theme=theme)
    if scale != 1:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.NEAREST)
    return image
