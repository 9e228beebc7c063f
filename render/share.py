"""The animated replay, and the stats card."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image

from solitaire import Game, load_game
from texts import DEFAULT

from .table import Table
from .theme import CLASSIC, Theme

#: A replay lasts about this long, however many moves it has.
REPLAY_SECONDS = 24.0
#: A replay stays under Discord's smallest upload limit.
MAX_REPLAY_BYTES = 8 * 1024 * 1024
#: At most this many frames (memory and time grow with them); longer games are sampled.
MAX_FRAMES = 160
#: A sampled replay still shows each of the last moves.
LAST_MOVES = 20
_FEWEST_FRAMES = 20


@dataclass(frozen=True)
class Replay:
    """An animated replay: the GIF, and which positions it shows."""

    gif: bytes
    #: 1 when every move is a frame; n when only every n-th move is (and the last ones).
    every: int
    frames: int


def render_replay(
    record: Mapping[str, Any],
    *,
    theme: Theme = CLASSIC,
    scale: float = 0.5,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_REPLAY_BYTES,
    locale: str = DEFAULT,
) -> Replay:
    """Returns the game of *record* as an animated GIF: the deal, then one
    frame per move, about ``REPLAY_SECONDS`` in all, the last frame held.

    A game longer than *max_frames* is sampled: every n-th move, then each
    of its last ``LAST_MOVES``. A GIF over *max_bytes* is made again from
    half as many frames, so time, memory and size stay bounded.

    :raises solitaire.BadRecord: if the record does not replay.
    """
    final = load_game(record)
    while True:
        every, shown = sample(len(final.moves), max_frames)
        gif = _animate(final, shown, theme, scale, locale)
        if len(gif) <= max_bytes or max_frames <= _FEWEST_FRAMES:
            return Replay(gif, every, len(shown))
        max_frames //= 2


def sample(moves: int, max_frames: int) -> tuple[int, list[int]]:
    """Returns which positions a replay of *moves* moves shows (0 is the
    deal, *moves* the end) in at most *max_frames* frames, and the step.

    >>> sample(3, 10)
    (1, [0, 1, 2, 3])
    >>> every, shown = sample(1000, 100)
    >>> every, len(shown), shown[:3], shown[-3:]
    (13, 96, [0, 13, 26], [998, 999, 1000])
    """
    if moves < max_frames:
        return 1, list(range(moves + 1))
    last = min(LAST_MOVES, max_frames // 2)
    head = moves - last + 1  # positions 0 … head - 1 are sampled
    every = -(-head // (max_frames - last))
    return every, [*range(0, head, every), *range(head, moves + 1)]


def _animate(
    final: Game, shown: list[int], theme: Theme, scale: float, locale: str = DEFAULT
) -> bytes:
    game = type(final).from_record({**final.to_record(), "moves": [], "redo": [], "undos": 0})
    wanted = set(shown)
    table = Table(game.profile, theme=theme, locale=locale)  # each frame draws what changed
    frames = [_frame(table, game, scale)]
    for number, move in enumerate(final.moves, 1):
        game.push(move)
        if number in wanted:
            frames.append(_frame(table, game, scale))
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


def _frame(table: Table, game: Game, scale: float) -> Image.Image:
    image = table.draw(game)
    if scale != 1:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.NEAREST)
    return image
