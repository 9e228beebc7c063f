"""How many puzzles the bot's own pool deals give on day one, and what a
candidate costs to check.

Each pool deal of a game puzzles come from is played along the solver's
winning line; the first position with at most --plays plays left on that
line goes through :func:`solitaire.puzzles.candidate`, as a lost game's
position would. Prints, per pool, the deals, the puzzles kept, and the
time a check takes (median and worst)::

    python bench/puzzles.py [--deals 200] [--plays 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import find_variant, load_game, new_game
from solitaire.pool import winnable_deals
from solitaire.puzzles import PUZZLE_GAMES, candidate, plays
from solitaire.searches import STALE
from solitaire.solver import Outcome, solve

POOLS = {"klondike": [{"draw": 1}, {"draw": 3}], "castles-end": [{}]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="pool deals per game (0: all)")
    parser.add_argument("--plays", type=int, default=20, help="plays left at the position")
    args = parser.parse_args()
    if STALE:
        sys.exit(f"the compiled searches are stale ({', '.join(STALE)}): pip install -e . first")
    print(f"{'pool':<22} {'deals':>6} {'puzzles':>8} {'check p50':>10} {'worst':>8}")
    for profile in PUZZLE_GAMES:
        for options in POOLS[profile]:
            deals = winnable_deals(find_variant(profile), options)
            deals = deals[: args.deals] if args.deals else deals
            kept, seconds = 0, []
            for deal in deals:
                game = new_game(profile, deal=deal, **options)
                found = solve(game, max_seconds=5, max_nodes=None, memory=64 << 20)
                if found.outcome is not Outcome.WON:
                    continue
                record = {**game.to_record(), "moves": [m.notation for m in found.moves]}
                moves = load_game(record).moves
                at = next(k for k in range(len(moves) + 1) if plays(moves[k:]) <= args.plays)
                started = time.perf_counter()
                kept += candidate(record, at) is not None
                seconds.append(time.perf_counter() - started)
            name = f"{profile} {options or ''}".strip()
            median = statistics.median(seconds) * 1000 if seconds else 0.0
            worst = max(seconds, default=0.0) * 1000
            print(f"{name:<22} {len(deals):>6} {kept:>8} {median:>8.1f}ms {worst:>6.0f}ms")


if __name__ == "__main__":
    main()
