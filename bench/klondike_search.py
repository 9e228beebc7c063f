"""Klondike's complete search (in C where it is built): its speed in nodes a
second on fresh deals, and its strength within 1 s (deals won, proved lost,
undecided), side by side with the code of another checkout.

    python bench/klondike_search.py [--deals 300] [--rounds 2] [--before DIR]

``--before DIR``: a worktree of earlier code whose search is built in place
(``gcc -O2 -shared -fPIC -I<python include> klondike_native.c -o
klondike_native<EXT_SUFFIX>`` in its ``solitaire/searches``); the two take
turns, round by round, so that the machine's drift falls on both alike.
Deals 100,001 on were never in a pool, nor graded, nor tried by a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

FIRST = 100_001


def measure(deals: int) -> dict[str, object]:
    """This checkout's figures (run in a process of its own)."""
    from solitaire import new_game
    from solitaire.searches import klondike
    from solitaire.solver import solve

    assert klondike.NATIVE is not None, "the search in C is not built here"
    states = []
    for draw, passes in ((1, 1), (3, 3), (1, None)):
        options: dict[str, object] = (
            {"passes": "unlimited"} if passes is None else {"passes": passes}
        )
        for deal in range(FIRST, FIRST + 60):
            game = new_game("klondike", deal, draw=draw, **options)
            states.append((klondike.start_state(game), draw, passes))  # type: ignore[arg-type]
    nodes, started = 0, time.perf_counter()
    for state, draw, passes in states:
        nodes += klondike.search_position(state, draw, passes, 300_000, time.perf_counter() + 60)[1]
    speed = nodes / (time.perf_counter() - started)
    decided: dict[str, object] = {"nodes/s": speed}
    for draw in (1, 3):
        seen: Counter[str] = Counter()
        for deal in range(FIRST, FIRST + deals):
            found = solve(new_game("klondike", deal, draw=draw), max_seconds=1.0, max_nodes=10**7)
            seen[found.outcome.value] += 1
        decided[f"draw {draw}"] = dict(seen)
    return decided


def run(code: Path, deals: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(
        [sys.executable, __file__, "--measure", str(deals)],
        cwd=code, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def line(name: str, figures: dict[str, object]) -> str:
    parts = [f"{name:<12}{float(figures['nodes/s']) / 1e6:6.2f} M nodes/s"]  # type: ignore[arg-type]
    for draw in (1, 3):
        seen: dict[str, int] = figures[f"draw {draw}"]  # type: ignore[assignment]
        total = sum(seen.values())
        won, lost = seen.get("won", 0), seen.get("unwinnable", 0)
        parts.append(f"draw {draw}: won {won}, proved lost {lost}, decided "
                     f"{(won + lost) / total:.1%}")  # fmt: skip
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    here = Path(__file__).resolve().parent.parent
    print(f"deals {FIRST:,}–{FIRST + args.deals - 1:,} at 1 s each, draw 1 and 3 (one pass and "
          f"three); speed: 180 deals' searches of 300,000 nodes")  # fmt: skip
    codes = [("this code", here)] + ([("the before", args.before)] if args.before else [])
    for turn in range(args.rounds):
        for name, code in codes[turn % len(codes) :] + codes[: turn % len(codes)]:
            print(line(name, run(code, args.deals)), flush=True)


if __name__ == "__main__":
    main()
