"""Pools of winnable deals: deal numbers the solver has won, per profile and options.

    python -m solitaire.pool castles-end --count 1000
    python -m solitaire.pool klondike --draw 3 --passes unlimited --foundation-return --count 1000

The deals go to ``solitaire/pools/<pool>.py``; ``new_game(…, winnable=True)``
draws from it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from pathlib import Path

from texts import Msg

from .errors import BadOption
from .game import Game
from .registry import VARIANTS
from .solver import Outcome, solve


def pool_name(cls: type[Game], options: Mapping[str, object]) -> str:
    """Returns the pool of a profile under *options*: its id, then each
    option that differs from its default (``klondike_draw3``)."""
    defaults = cls.resolve_options({})
    resolved = cls.resolve_options(options)
    parts = [cls.profile.replace("-", "_")]
    for name, value in resolved.items():
        if value != defaults[name] and not (
            name == "passes" and _default_passes(resolved) == value
        ):
            parts.append(f"{name}{str(value).lower()}".replace("_", ""))
    return "_".join(parts)


def _default_passes(options: Mapping[str, object]) -> object:
    return 1 if options.get("draw") == 1 else 3


def winnable_deals(cls: type[Game], options: Mapping[str, object]) -> tuple[int, ...]:
    """Returns the known winnable deals of a profile under *options*.

    :raises BadOption: if none have been found yet.
    """
    name = pool_name(cls, options)
    try:
        deals: tuple[int, ...] = import_module(f"{__package__}.pools.{name}").DEALS
    except ModuleNotFoundError:
        raise BadOption(Msg("pool.none", game=cls.title)) from None
    return deals


def _judge(job: tuple[str, dict[str, object], int, int, float]) -> tuple[int, Outcome]:
    profile, options, deal, nodes, seconds = job
    game = VARIANTS[profile](deal=deal, **options)  # type: ignore[arg-type]
    from .ksolve import matches_rules, solve_klondike

    if matches_rules(game):
        return deal, solve_klondike(game, max_closed=nodes * 50).outcome  # type: ignore[arg-type]
    return deal, solve(game, max_nodes=nodes, max_seconds=seconds, prove=False).outcome


def _options_text(options: Mapping[str, object]) -> str:
    return ", ".join(f"{name} {value}" for name, value in options.items()) or "its only rules"


def _deals(start: int) -> Iterator[int]:
    deal = start
    while True:
        yield deal
        deal += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solitaire.pool", description=__doc__.split("\n\n")[0]
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
    path = Path(__file__).parent / "pools" / f"{name}.py"
    lines = [
        ", ".join(str(deal) for deal in found[i : i + 10]) + "," for i in range(0, len(found), 10)
    ]
    path.write_text(
        f'"""{len(found)} winnable deals of {cls.title} ({_options_text(options)}):\n'
        f"won by the solver (caps: {args.nodes} nodes, {args.seconds:g} s), "
        f"of deals {args.start}…{args.start + tried - 1}.\n"
        f'Made by: python -m solitaire.pool {" ".join(argv or sys.argv[1:])}"""\n\n'
        "DEALS = (\n" + "\n".join(f"    {line}" for line in lines) + "\n)\n"
    )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
