"""Solver speed: deals per second per game under fixed caps, Klondike's
search in C beside its Python twin, and ours against pyksolve on the same
Klondike deals (its rules: unlimited passes, foundation return).

    python bench/solver.py [--deals 20] [--nodes 20000] [--seconds 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import VARIANTS, new_game
from solitaire.searches import klondike
from solitaire.solver import solve

KSOLVE_RULES = {"draw": 1, "passes": "unlimited", "foundation_return": True}


def ours(
    profile: str, deals: range, nodes: int, seconds: float, **options: object
) -> tuple[float, Counter[str], int]:
    outcomes: Counter[str] = Counter()
    visited = 0
    start = time.perf_counter()
    for deal in deals:
        solution = solve(
            new_game(profile, deal=deal, **options), max_nodes=nodes, max_seconds=seconds
        )
        outcomes[solution.outcome.value] += 1
        visited += solution.nodes
    elapsed = time.perf_counter() - start
    return len(deals) / elapsed, outcomes, round(visited / elapsed)


def python_twin(deals: range, nodes: int, seconds: float) -> tuple[float, Counter[str], int]:
    """:func:`ours` for Klondike with its search in Python (compiled by mypyc)."""
    outcomes: Counter[str] = Counter()
    visited = 0
    start = time.perf_counter()
    for deal in deals:
        game = new_game("klondike", deal=deal)
        deadline = time.perf_counter() + seconds
        line, searched, lost = klondike.search(game, nodes, deadline, native=False)
        outcomes["won" if line else "unwinnable" if lost else "unknown"] += 1
        visited += searched
    elapsed = time.perf_counter() - start
    return len(deals) / elapsed, outcomes, round(visited / elapsed)


def theirs(deals: range, closed: int) -> tuple[float, Counter[str]]:
    from solitaire.ksolve import solve_klondike

    outcomes: Counter[str] = Counter()
    start = time.perf_counter()
    for deal in deals:
        game = new_game("klondike", deal=deal, **KSOLVE_RULES)
        outcomes[solve_klondike(game, max_closed=closed).outcome.value] += 1  # type: ignore[arg-type]
    return len(deals) / (time.perf_counter() - start), outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    print(f"caps: {args.nodes:,} nodes, {args.seconds:g} s; deals 1…{args.deals}")
    for profile in VARIANTS:
        rate, outcomes, nodes = ours(profile, deals, args.nodes, args.seconds)
        print(f"{profile:<12} ours      {rate:6.2f} deals/s  {nodes:>7,} nodes/s  {dict(outcomes)}")
    if klondike.NATIVE is not None:
        rate, outcomes, nodes = python_twin(deals, args.nodes, args.seconds)
        print(
            f"{'klondike':<12} in Python {rate:6.2f} deals/s  {nodes:>7,} nodes/s  {dict(outcomes)}"
        )
    rate, outcomes, nodes = ours("klondike", deals, args.nodes, args.seconds, **KSOLVE_RULES)
    print(f"{'klondike*':<12} ours      {rate:6.2f} deals/s  {nodes:>7,} nodes/s  {dict(outcomes)}")
    rate, outcomes = theirs(deals, 1_000_000)
    print(f"{'klondike*':<12} pyksolve  {rate:6.2f} deals/s  {'':>15}  {dict(outcomes)}")
    print("* unlimited passes, foundation return: pyksolve's rules")


if __name__ == "__main__":
    main()
