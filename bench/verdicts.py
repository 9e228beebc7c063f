"""How often the bot's own "can this still be won?" decides a fresh deal.

Each deal, never in a pool nor graded, goes through the very job a worker
runs for a board's verdict (``bot.usecases.jobs.verdict``, with the bot's
budget), in worker processes as the bot's background pool runs them.
Prints, per game, the share decided (won, or proved lost) and not, the time
a verdict takes, and each worker's peak resident memory::

    python bench/verdicts.py [--deals 400] [--first 930001] [--jobs 2] [--seconds 1.5] [--memory 64]

It refuses to run when the compiled searches are stale or missing: it would
measure plain Python, several times slower, and say nothing of the bot.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases import jobs
from bot.usecases.verdicts import VERDICT_SECONDS, VERDICT_WITHIN
from bot.usecases.workers import SEARCH_MEMORY
from solitaire import VARIANTS, new_game, winnable_deals
from solitaire.searches import COMPILED, NATIVE, STALE
from solitaire.solver import Outcome

PROFILES: list[tuple[str, dict[str, object]]] = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("calculation", {}),
    ("castles-end", {}),
    ("casket", {}),
]


def one(
    profile: str, options: dict[str, object], deal: int, seconds: float, memory: int
) -> tuple[str, float, float, int]:
    """A deal's verdict as a worker gives it: its outcome, the seconds it
    took, this worker's peak resident memory so far (MiB) and its pid."""
    record = new_game(profile, deal, **options).to_record()
    started = time.perf_counter()
    verdict = jobs.verdict(record, None, seconds, VERDICT_WITHIN, memory)
    took = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return verdict.outcome.name, took, peak, os.getpid()


def fresh(profile: str, options: dict[str, object], first: int, count: int) -> list[int]:
    """*count* deals from *first* on that no pool of these rules holds."""
    try:
        pooled = set(winnable_deals(VARIANTS[profile], options))
    except Exception:  # no pool for these rules
        pooled = set()
    deals, deal = [], first
    while len(deals) < count:
        if deal not in pooled:
            deals.append(deal)
        deal += 1
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--first", type=int, default=930_001)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seconds", type=float, default=VERDICT_SECONDS, help="the budget")
    parser.add_argument(
        "--memory", type=int, default=SEARCH_MEMORY >> 20, help="MiB a search (SOLVER_MEMORY_MB)"
    )
    parser.add_argument("--games", default="", help="e.g. klondike (all by default)")
    args = parser.parse_args()
    if STALE or not COMPILED or not NATIVE:
        why = f"stale: {', '.join(STALE)}" if STALE else "not compiled"
        sys.exit(f"bench/verdicts.py: the searches are {why}; `pip install -e .` compiles them")
    chosen = [p for p in PROFILES if not args.games or p[0] in args.games.split(",")]
    print(
        f"{args.deals} deals a game from {args.first:,} (none in a pool), the bot's verdict job"
        f" at {args.seconds:g} s and {args.memory} MiB, {args.jobs} worker processes"
    )
    columns = "game", "decided", "won", "lost", "can't tell", "time (mean / p90 / max)", "peak RSS"
    print("| " + " | ".join(columns) + " |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for profile, options in chosen:
        deals = fresh(profile, options, args.first, args.deals)
        with ProcessPoolExecutor(args.jobs) as pool:
            found = list(
                pool.map(
                    one,
                    [profile] * len(deals),
                    [options] * len(deals),
                    deals,
                    [args.seconds] * len(deals),
                    [args.memory << 20] * len(deals),
                )
            )
        outcomes = Counter(outcome for outcome, _, _, _ in found)
        times = sorted(took for _, took, _, _ in found)
        peaks: dict[int, float] = defaultdict(float)
        for _, _, peak, pid in found:
            peaks[pid] = max(peaks[pid], peak)
        n = len(found)
        won, lost = outcomes[Outcome.WON.name], outcomes[Outcome.UNWINNABLE.name]
        name = profile + (f" draw {options['draw']}" if "draw" in options else "")
        print(
            f"| {name} | **{100 * (won + lost) / n:.1f} %** | {100 * won / n:.1f} % |"
            f" {100 * lost / n:.1f} % | {100 * (n - won - lost) / n:.1f} % |"
            f" {statistics.mean(times):.2f} / {times[int(0.9 * (n - 1))]:.2f} / {times[-1]:.2f} s |"
            f" {' / '.join(f'{peak:.0f}' for peak in sorted(peaks.values()))} MiB |",
            flush=True,
        )


if __name__ == "__main__":
    main()
