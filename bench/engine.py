"""Engine speed: moves per second over random playouts, and the time to
replay a long record (done on every interaction).

    python bench/engine.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import VARIANTS, Game, load_game, new_game

# Options that let a playout run long (the stock can be cycled).
LONG = {"klondike": {"passes": "unlimited"}}


def playout_speed(profile: str, seconds: float) -> tuple[float, float]:
    """Returns (moves per second, legal_moves() calls per second)."""
    rng = random.Random(1)
    moves = calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(profile, deal=rng.randint(1, 2**31 - 1))
        for _ in range(200):
            legal = game.legal_moves()
            calls += 1
            if not legal:
                break
            game.play(rng.choice(legal))
            moves += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, calls / elapsed


def long_game(profile: str, length: int) -> Game:
    rng = random.Random(2)
    best: Game | None = None
    for _ in range(200):
        game = new_game(profile, deal=rng.randint(1, 2**31 - 1), **LONG.get(profile, {}))
        while len(game.moves) < length:
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        if best is None or len(game.moves) > len(best.moves):
            best = game
        if len(best.moves) >= length:
            break
    assert best is not None
    return best


def replay_time(game: Game, repeat: int = 50) -> float:
    """Returns the median time in ms to load the game's record."""
    record = game.to_record()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        load_game(record)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="playout time per game")
    args = parser.parse_args()
    print(f"{'game':<12} {'moves/s':>9} {'legal_moves()/s':>16} {'record':>7} {'load_game ms':>13}")
    for profile in VARIANTS:
        moves_per_s, calls_per_s = playout_speed(profile, args.seconds)
        game = long_game(profile, 300)
        print(
            f"{profile:<12} {moves_per_s:>9,.0f} {calls_per_s:>16,.0f} "
            f"{len(game.moves):>7} {replay_time(game):>13.2f}"
        )


if __name__ == "__main__":
    main()
