"""How many puzzles the bot's own pool deals give on day one, and what a
candidate costs to check.

Each pool deal of a game puzzles come from is played along the solver's
winning line; the first position with at most --plays plays left on that
line goes through :func:`solitaire.puzzles.candidate`, as a lost game's
position would. Prints, per pool, the deals, the puzzles kept, and the
time a check takes (median and worst); then the search that checks each
move of a puzzle (``jobs.verdict`` with the bot's budget) on the positions
of the day-one puzzles, and how often it settles them::

    python bench/puzzles.py [--deals 200] [--plays 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases import jobs
from bot.usecases.puzzles import CHECK_SECONDS, seeded
from bot.usecases.workers import SEARCH_MEMORY
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
    checks, settled = [], 0
    for puzzle in seeded():
        game = puzzle.game()
        for move in puzzle.line[:3]:  # the first positions a player meets
            game.play(move)
            started = time.perf_counter()
            found = jobs.verdict(
                game.to_record(), None, CHECK_SECONDS, CHECK_SECONDS * 3, SEARCH_MEMORY
            )
            checks.append(time.perf_counter() - started)
            settled += found.outcome is not Outcome.UNKNOWN
    checks.sort()
    p50, p99 = checks[len(checks) // 2] * 1000, checks[len(checks) * 99 // 100] * 1000
    print(
        f"a puzzle move's check: {len(checks)} positions, p50 {p50:.1f} ms, p99 {p99:.1f} ms,"
        f" worst {checks[-1] * 1000:.0f} ms; settled {100 * settled / len(checks):.1f} %"
    )


if __name__ == "__main__":
    main()
