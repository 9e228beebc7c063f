"""Renderer speed and size per game: ours (paletted sprites on a paletted
canvas) against a naive reference (RGBA canvas, RGBA sprites pasted with
alpha, PNG saved with defaults), on the same tables; a game's next picture
drawn on its kept table (only the piles a move changed) against a new table,
move by move along random games, side by side; and the size of a long replay
GIF.

    python bench/render.py [--frames 30] [--rounds 5]
"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# This file is named like the package it measures: put the project first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw

from render import render_replay, render_table
from render.layout import fan_offsets, layout_for
from render.samples import samples
from render.sprites import back_rgba, card_rgba, placeholder_rgba
from render.table import Table, draw_table, to_png
from render.text import status_line
from render.theme import CLASSIC, METRICS, font
from solitaire import VARIANTS, Game, new_game

_REFERENCE_SPRITES: dict[str, Image.Image] = {}


def _sprite(key: str, make: Callable[[], Image.Image]) -> Image.Image:
    if key not in _REFERENCE_SPRITES:
        _REFERENCE_SPRITES[key] = make()
    return _REFERENCE_SPRITES[key]


def reference_render(game: Game) -> bytes:
    """The naive way: the same table, in RGBA, saved with Pillow's defaults."""
    m, theme = METRICS, CLASSIC
    layout = layout_for(game.profile, m)
    canvas = Image.new("RGBA", layout.size, (*theme.felt, 255))
    draw = ImageDraw.Draw(canvas)
    for code, slot in layout.slots.items():
        draw.text((slot.x + 2, slot.y - m.label_h + 1), code, fill=theme.label, font=font(30))
        cards = game.pile(code)
        if not cards:
            sprite = _sprite("empty" + code, lambda code=code: placeholder_rgba(theme, code, m))
            canvas.alpha_composite(sprite, (slot.x, slot.y))
            continue
        down = game.hidden(code)
        offsets = (
            fan_offsets(down, len(cards) - down, slot.height, m).offsets
            if slot.fan
            else [0] * len(cards)
        )
        for i, (card, offset) in enumerate(zip(cards, offsets, strict=True)):
            if i < down:
                sprite = _sprite("back", lambda: back_rgba(theme, m))
            else:
                sprite = _sprite(card.code, lambda card=card: card_rgba(theme, card, m))
            canvas.alpha_composite(sprite, (slot.x, slot.y + offset))
    draw.text(
        (m.margin, layout.status_y), status_line(game), fill=theme.label, font=font(m.status_size)
    )
    buffer = io.BytesIO()
    canvas.save(buffer, "PNG")
    return buffer.getvalue()


def played(profile: str, moves: int, seed: int, **options: object) -> Game:
    rng = random.Random(seed)
    game = new_game(profile, deal=seed, **options)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(game.hint() or rng.choice(legal))
    return game


def measure(
    render: Callable[[Game], object], games: list[Game], rounds: int
) -> tuple[float, float]:
    """The median over *games* of each one's CPU time to render (its best of
    *rounds*: the machine's other work only ever adds), in ms; and the
    median size of what it made, in bytes (0 for a picture not yet encoded)."""
    render(games[0])  # warm the sprite caches
    best = [math.inf] * len(games)
    sizes = []
    for _ in range(rounds):
        for n, game in enumerate(games):
            start = time.process_time()
            data = render(game)
            best[n] = min(best[n], time.process_time() - start)
            if not sizes or len(sizes) < len(games):
                sizes.append(len(data) if isinstance(data, bytes) else 0)
    return statistics.median(best) * 1000, statistics.median(sizes)


def pillow_png(image: Image.Image) -> bytes:
    """*image* saved by Pillow's own PNG writer, as tables were before ``to_png``."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=2)
    return buffer.getvalue()


def kept_tables(games: int, moves: int = 40) -> None:
    """CPU per picture drawn move by move along *games* random games of each
    game: on a new table each time (as every picture was drawn before), and
    on the table kept from the move before; each move both, side by side."""
    print(f"a game's next picture, drawn on a new table and on its kept one (CPU ms per picture,"
          f" {games} random games of {moves} moves each; the same pixels)")  # fmt: skip
    print(f"{'game':<12}{'new ms':>10}{'kept ms':>10}{'ratio':>10}")
    for profile in VARIANTS:
        rng = random.Random(profile)
        new_cpu = kept_cpu = 0.0
        pictures = 0
        for deal in range(1, games + 1):
            game = new_game(profile, deal=deal)
            kept = Table(profile)
            for _ in range(moves):
                legal = game.legal_moves()
                if not legal:
                    break
                game.play(rng.choice(legal))
                start = time.process_time()
                draw_table(game, fit=True)
                middle = time.process_time()
                kept.draw(game, fit=True)
                kept_cpu += time.process_time() - middle
                new_cpu += middle - start
                pictures += 1
        new_ms, kept_ms = 1000 * new_cpu / pictures, 1000 * kept_cpu / pictures
        print(f"{profile:<12}{new_ms:>10.3f}{kept_ms:>10.3f}{kept_ms / new_ms:>9.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=30, help="tables per game")
    parser.add_argument("--rounds", type=int, default=5, help="each table's best of so many")
    args = parser.parse_args()
    print(
        "CPU ms per table (median of the tables, each its best of --rounds); draw + PNG = ours;"
        " Pillow: the same pictures saved by Pillow's PNG writer (level 2), and its file size"
    )
    columns = (
        "draw ms", "PNG ms", "Pillow", "ours ms", "ours KB", "Pillow KB", "ref ms", "ref KB",
        "faster", "smaller",
    )  # fmt: skip
    print(f"{'game':<12}" + "".join(f"{name:>10}" for name in columns))
    for profile in VARIANTS:
        games = [played(profile, 5 * i, i + 1) for i in range(args.frames)]
        games += samples(profile).values()
        drawn = {id(game): draw_table(game, fit=True) for game in games}
        draw_ms, _ = measure(lambda game: draw_table(game, fit=True), games, args.rounds)
        png_ms, _ = measure(lambda game, drawn=drawn: to_png(drawn[id(game)]), games, args.rounds)
        pillow_ms, pillow_size = measure(
            lambda game, drawn=drawn: pillow_png(drawn[id(game)]), games, args.rounds
        )
        ours_ms, ours_size = measure(render_table, games, args.rounds)
        ref_ms, ref_size = measure(reference_render, games, args.rounds)
        print(
            f"{profile:<12}{draw_ms:>10.2f}{png_ms:>10.2f}{pillow_ms:>10.2f}{ours_ms:>10.2f}"
            f"{ours_size / 1024:>10.1f}{pillow_size / 1024:>10.1f}{ref_ms:>10.2f}"
            f"{ref_size / 1024:>10.1f}{ref_ms / ours_ms:>9.1f}x{ref_size / ours_size:>9.1f}x"
        )
    kept_tables(args.frames)
    for long_game in (played("casket", 400, 11), played("klondike", 2000, 12, passes="unlimited")):
        start = time.perf_counter()
        replay = render_replay(long_game.to_record())
        print(
            f"replay of a {len(long_game.moves)}-move {long_game.title} game: {replay.frames}"
            f" frames (every {replay.every}), {len(replay.gif) / 1e6:.2f} MB GIF,"
            f" made in {time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()
