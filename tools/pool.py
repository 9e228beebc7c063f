"""Makes a pool of winnable deals: searches deals in order until the solver
has won that many, and writes them to ``solitaire/pools/<pool>.py``.

    python tools/pool.py castles-end --count 1000
    python tools/pool.py klondike --draw 3 --count 1000 --seconds 0.5 --jobs 2
    python tools/pool.py castles-end --count 1000 --seconds 1 --since 2026-12-02

A pool is rebuilt ``--since`` a day (UTC) that has not begun yet: the deals
it had stay the pool of the days before (``PAST``), so no day's daily deal
changes once someone may have played it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from pathlib import Path

from solitaire import VARIANTS
from solitaire.ksolve import matches_rules, solve_klondike
from solitaire.pool import pool_name
from solitaire.solver import Outcome, solve

POOLS = Path(__file__).resolve().parent.parent / "solitaire" / "pools"


def _judge(job: tuple[str, dict[str, object], int, int, float]) -> tuple[int, Outcome]:
    profile, options, deal, nodes, seconds = job
    game = VARIANTS[profile](deal=deal, **options)
    if matches_rules(game):
        return deal, solve_klondike(game, max_closed=nodes * 50).outcome  # type: ignore[arg-type]
    return deal, solve(game, max_nodes=nodes, max_seconds=seconds, prove=False).outcome


def _options_text(options: Mapping[str, object]) -> str:
    return ", ".join(f"{name} {value}" for name, value in options.items()) or "its only rules"


def _tuple(deals: Sequence[int], indent: int) -> str:
    """*deals* as a Python tuple, ten a line."""
    rows = [", ".join(map(str, deals[i : i + 10])) + "," for i in range(0, len(deals), 10)]
    pad = " " * indent
    return "(\n" + "".join(f"{pad}{row}\n" for row in rows) + " " * (indent - 4) + ")"


def _deals(start: int) -> Iterator[int]:
    deal = start
    while True:
        yield deal
        deal += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/pool.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("profile", choices=sorted(VARIANTS))
    parser.add_argument("--count", type=int, default=1000, help="winnable deals to find")
    parser.add_argument("--start", type=int, default=1, help="first deal number to try")
    parser.add_argument("--nodes", type=int, default=20_000, help="search cap per deal")
    parser.add_argument("--seconds", type=float, default=2.0, help="time cap per deal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--draw", type=int, choices=(1, 3))
    parser.add_argument("--passes", choices=("1", "3", "unlimited"))
    parser.add_argument("--foundation-return", action="store_true")
    parser.add_argument(
        "--since", help="the first day (YYYY-MM-DD, UTC) of the new deals; earlier days keep theirs"
    )
    args = parser.parse_args(argv)
    cls = VARIANTS[args.profile]
    options = {
        key: value
        for key, value in {
            "draw": args.draw,
            "passes": args.passes,
            "foundation_return": args.foundation_return or None,
        }.items()
        if value is not None and key in {option.name for option in cls.OPTIONS}
    }
    options = cls.resolve_options(options)
    name = pool_name(cls, options)
    found: list[int] = []
    tried = 0
    begun = time.perf_counter()
    deals = _deals(args.start)
    with ProcessPoolExecutor(args.jobs) as executor:
        while len(found) < args.count:
            # In batches: Executor.map would take an endless range all at once.
            batch = [
                (cls.profile, options, next(deals), args.nodes, args.seconds)
                for _ in range(8 * args.jobs)
            ]
            for deal, outcome in executor.map(_judge, batch):
                tried += 1
                if outcome is Outcome.WON and len(found) < args.count:
                    found.append(deal)
            rate = tried / (time.perf_counter() - begun)
            progress = f"{len(found)}/{args.count} winnable of {tried} tried ({rate:.1f} deals/s)"
            print(f"\r{name}: {progress}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    path = POOLS / f"{name}.py"
    past = ""
    if args.since:
        module = import_module(f"solitaire.pools.{name}")
        eras = ((args.since, module.DEALS), *getattr(module, "PAST", ()))
        past = (
            "\n# The deals of the days before each date, the pool's earlier contents.\n"
            "PAST = (\n"
            + "".join(f'    ("{since}", {_tuple(deals, 8)}),\n' for since, deals in eras)
            + ")\n"
        )
    path.write_text(
        f'"""{len(found)} winnable deals of {cls.title} ({_options_text(options)}):\n'
        f"won by the solver (caps: {args.nodes} nodes, {args.seconds:g} s), "
        f"of deals {args.start}…{args.start + tried - 1}.\n"
        f'Made by: python tools/pool.py {" ".join(argv or sys.argv[1:])}"""\n\n'
        f"DEALS = {_tuple(found, 4)}\n{past}"
    )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
