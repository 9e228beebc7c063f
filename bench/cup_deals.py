"""What drawing a cup's deals costs: candidate numbers from the secret
deals' space, each graded as a cup grades it (the solver's search capped at
the search of its pool's hardest deal, then its line shortened to par).

Prints, for each game, how many candidates the solver won within the cap,
the CPU a candidate and a kept deal cost, the slowest candidate, and what a
10-deal cup takes on one grading worker::

    python bench/cup_deals.py --candidates 40
"""

from __future__ import annotations

import argparse
import random
import time

from solitaire import VARIANTS, new_game
from solitaire.deal import SECRET_DEALS
from solitaire.grading import grade_new
from solitaire.pool import hardest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidates", type=int, default=40, help="numbers tried per game")
    parser.add_argument("--seed", type=int, default=2026, help="the candidates' generator seed")
    args = parser.parse_args()
    draw = random.Random(args.seed)  # repeatable here; the bot draws with secrets.SystemRandom
    print(f"{args.candidates} candidates a game, one core; the search capped at the pool's hardest")
    for profile, cls in VARIANTS.items():
        kept, spent, worst = 0, 0.0, 0.0
        for _ in range(args.candidates):
            deal = draw.randrange(SECRET_DEALS.start, SECRET_DEALS.stop)
            started = time.process_time()
            grade = grade_new(new_game(profile, deal))
            took = time.process_time() - started
            spent, worst = spent + took, max(worst, took)
            kept += grade is not None
        per_kept = spent / max(kept, 1)
        print(
            f"{profile:12} cap {hardest(cls, {}):>7,} nodes: kept {kept}/{args.candidates}"
            f" ({100 * kept / args.candidates:.0f} %), {1000 * spent / args.candidates:.0f} ms"
            f" a candidate, {per_kept:.2f} s a kept deal, slowest candidate {worst:.2f} s;"
            f" a 10-deal cup about {10 * per_kept:.1f} s"
        )


if __name__ == "__main__":
    main()
