"""How many puzzles lost games give, and what a candidate costs to check.

Each pool deal is played by the fair player of ``tools/puzzle_seed.py``
(the game's hint most of the time, any new move otherwise), from a start
along the solver's line of a length drawn per game, until the game is over.
Each game it loses is looked back over as the bot's review looks (the same
searches and budgets: :func:`bot.usecases.jobs.review`), and the position
before its losing move goes through :func:`solitaire.puzzles.candidate`.
Prints, per pool: the lost games, how many had a losing move the review
proved, how many of those gave a puzzle (and why the others did not), and
what the candidate's check cost (median and worst). Then the search that
checks each move of a puzzle (``jobs.verdict`` with the bot's budget) on the
positions of the day-one puzzles, and how often it settles them::

    python bench/puzzles.py [--deals 20] [--games 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases import jobs
from bot.usecases.puzzles import CHECK_SECONDS, seeded
from bot.usecases.review import REVIEW_SECONDS, REVIEW_WITHIN
from bot.usecases.workers import SEARCH_MEMORY
from solitaire import find_variant, new_game
from solitaire.hindsight import losing_move, position_after, searcher
from solitaire.pool import winnable_deals
from solitaire.puzzles import HIDDEN, PUZZLE_GAMES, candidate, opened
from solitaire.searches import STALE
from solitaire.solver import Outcome, solve
from tools.puzzle_seed import POOLS, lost_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="pool deals per pool")
    parser.add_argument("--games", type=int, default=2, help="games played on each deal")
    args = parser.parse_args()
    if STALE:
        sys.exit(f"the compiled searches are stale ({', '.join(STALE)}): pip install -e . first")
    print(
        f"{'pool':<24} {'lost':>5} {'proved':>7} {'puzzles':>8} {'share':>6}"
        f" {'check p50':>10} {'worst':>7}  turned down"
    )
    for profile in PUZZLE_GAMES:
        for options in POOLS.get(profile, ({},)):
            lost, proved, kept, seconds, why = 0, 0, 0, [], Counter[str]()
            for deal in winnable_deals(find_variant(profile), options)[: args.deals]:
                dealt = new_game(profile, deal=deal, **options)
                line = solve(dealt, max_seconds=5, max_nodes=None, memory=SEARCH_MEMORY).moves
                for attempt in range(args.games):
                    rng = random.Random(f"{deal}:{attempt}")
                    game = dealt.copy()
                    for move in line[: rng.randrange(max(len(line) * 4 // 5, 1))]:
                        game.play(move.notation)
                    played = lost_game(game, rng)
                    if played.is_won:
                        continue
                    lost += 1
                    record = played.to_record()
                    judge = searcher(
                        record, REVIEW_SECONDS, deadline=time.perf_counter() + REVIEW_WITHIN,
                        max_nodes=None, memory=SEARCH_MEMORY,
                    )  # fmt: skip
                    point = losing_move(judge, len(record["moves"]))
                    if point is None:
                        continue
                    proved += 1
                    started = time.perf_counter()
                    puzzle = candidate(record, point.kept)
                    seconds.append(time.perf_counter() - started)
                    kept += puzzle is not None
                    if puzzle is None:
                        why[_why_not(record, point.kept)] += 1
            name = f"{profile} {options or ''}".strip()
            median = statistics.median(seconds) * 1000 if seconds else 0.0
            worst = max(seconds, default=0.0) * 1000
            share = f"{100 * kept / proved:.0f} %" if proved else "-"
            reasons = ", ".join(f"{reason} {n}" for reason, n in why.most_common())
            print(
                f"{name:<24} {lost:>5} {proved:>7} {kept:>8} {share:>6}"
                f" {median:>8.0f}ms {worst:>5.0f}ms  {reasons}"
            )
    day_one = Counter(puzzle.profile for puzzle in seeded())
    print("day one:", ", ".join(f"{profile} {day_one[profile]}" for profile in PUZZLE_GAMES))
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


def _why_not(record: dict[str, Any], kept: int) -> str:
    """Why the position before a lost game's losing move made no puzzle, roughly."""
    _, revealed = opened(position_after(record, kept).position())
    if revealed and len(revealed) not in HIDDEN:
        return "face down" if len(revealed) > HIDDEN.stop - 1 else "few face down"
    return "no choice, too long or autoplay"


if __name__ == "__main__":
    main()
