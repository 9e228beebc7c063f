"""Grades a pool of winnable deals: the solver's search and par of each deal
(:mod:`solitaire.grading`), and the bounds between its star grades; writes
them to ``solitaire/grades/<pool>.py``.

    python tools/grade.py klondike --jobs 2
    python tools/grade.py klondike --draw 3

Run it again whenever ``tools/pool.py`` rebuilds the pool.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from solitaire import VARIANTS
from solitaire.grading import GRADE_NODES, measure
from solitaire.pool import STARS, bounds, pool_name, stars, winnable_deals

GRADES = Path(__file__).resolve().parent.parent / "solitaire" / "grades"


def _grade(job: tuple[str, dict[str, object], int]) -> tuple[int, int, int, int]:
    profile, options, deal = job
    game = VARIANTS[profile](deal=deal, **options)
    found = measure(game)
    if found is None:
        raise SystemExit(f"deal {deal} of the pool was not won within {GRADE_NODES} nodes")
    return deal, found.search, len(found.line), found.par


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/grade.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("profile", choices=sorted(VARIANTS))
    parser.add_argument("--draw", type=int, choices=(1, 3))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    cls = VARIANTS[args.profile]
    options = cls.resolve_options({"draw": args.draw} if args.draw else {})
    name = pool_name(cls, options)
    deals = winnable_deals(cls, options)
    begun = time.perf_counter()
    rows: list[tuple[int, int, int, int]] = []
    with ProcessPoolExecutor(args.jobs) as executor:
        jobs = [(cls.profile, options, deal) for deal in deals]
        for row in executor.map(_grade, jobs, chunksize=4):
            rows.append(row)
            rate = len(rows) / (time.perf_counter() - begun)
            progress = f"{len(rows)}/{len(deals)} ({rate:.1f} deals/s)"
            print(f"\r{name}: {progress}", end="", file=sys.stderr)
    print(file=sys.stderr)
    cuts = bounds([search for _, search, _, _ in rows])
    per_star = [0] * STARS
    for _, search, _, _ in rows:
        per_star[stars(search, cuts) - 1] += 1
    shortened = sum(line > par for _, _, line, par in rows)
    body = "".join(f"    {deal}: ({search}, {par}),\n" for deal, search, _, par in rows)
    path = GRADES / f"{name}.py"
    path.write_text(
        f'"""Grades of the {len(rows)} deals of pool {name}: each deal\'s search and par\n'
        f"(solitaire.grading). Deals per star: {', '.join(map(str, per_star))}; par shorter\n"
        f"than the solver's line for {shortened}.\n"
        f'Made by: python tools/grade.py {" ".join(argv or sys.argv[1:])}"""\n\n'
        "#: The highest search of 1, 2, 3 and 4 stars.\n"
        f"BOUNDS = {cuts}\n\n"
        "#: deal: (search, par)\n"
        f"GRADES = {{\n{body}}}\n"
    )
    print(f"wrote {path} in {time.perf_counter() - begun:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
