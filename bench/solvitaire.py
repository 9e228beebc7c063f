"""Solvitaire (Blake & Gent's C++ solver) on Klondike under our default
rules (draw 1, one pass, foundation cards stay), with the same caps as
``bench/winnability.py``, to compare the two on one machine.

Solvitaire is not a dependency: build it from
https://github.com/thecharlesblake/Solvitaire (its README) and pass the
binary. It plays its own random deals, by seed.

    python bench/solvitaire.py --binary path/to/solvitaire [--deals 300]
                               [--seconds 1 0.2] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

#: Klondike as Solvitaire's preset plays it, but one pass through the stock
#: and foundation cards that stay, like our default rules.
RULES = {
    "tableau piles": {
        "count": 7,
        "build policy": "red-black",
        "spaces policy": "kings",
        "move built group": "partial-if-card-above-buildable",
        "diagonal deal": True,
        "face up cards": "top",
    },
    "foundations": {"removable": False},
    "stock": {"size": 24, "deal count": 1, "redeal": False},
}
#: Solvitaire's words for an outcome, and ours.
OUTCOMES = {"solved": "won", "unsolvable": "unwinnable", "timed-out": "unknown"}


def classify(binary: Path, rules: Path, seed: int, seconds: float) -> str:
    """Our word for what Solvitaire says of the deal of *seed* within *seconds*."""
    command = [str(binary), "--custom-rules", str(rules), "--random", str(seed), "--classify"]
    command += ["--timeout", str(round(seconds * 1000))]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    # The last line: "seed, outcome, …"
    return OUTCOMES[done.stdout.strip().splitlines()[-1].split(", ")[1]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", type=Path, required=True)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seconds", type=float, nargs="+", default=[1.0, 0.2])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "klondike-one-pass.json"
        rules.write_text(json.dumps(RULES))
        print("| rules | solver | caps | deals | won | unwinnable | unknown |")
        for seconds in args.seconds:
            with ThreadPoolExecutor(args.jobs) as pool:
                deal = partial(classify, args.binary, rules, seconds=seconds)
                outcomes = Counter(pool.map(deal, range(1, args.deals + 1)))
            n = sum(outcomes.values())
            cells = [f"{outcomes[o]} ({100 * outcomes[o] / n:.1f} %)" for o in OUTCOMES.values()]
            print(
                f"| klondike draw=1 | Solvitaire | {seconds:g} s | {n} | "
                + " | ".join(cells)
                + " |"
            )


if __name__ == "__main__":
    main()
