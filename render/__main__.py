"""``python -m render demo OUTDIR``: sample pictures of every game."""

from __future__ import annotations

import argparse
from pathlib import Path

from solitaire import VARIANTS

from .samples import samples
from .share import render_replay, render_win_card
from .table import render_table
from .theme import THEMES


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="write sample pictures of every game")
    demo.add_argument("outdir", type=Path)
    demo.add_argument("--theme", choices=sorted(THEMES), default="classic")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    theme = THEMES[args.theme]
    for profile in VARIANTS:
        for name, game in samples(profile).items():
            path = args.outdir / f"{profile}-{name}.png"
            path.write_bytes(render_table(game, theme=theme, elapsed=754.0))
            print(path)
        won = samples(profile)["won"]
        path = args.outdir / f"{profile}-win-card.png"
        path.write_bytes(render_win_card(won, player="Ada", elapsed=754.0, theme=theme))
        print(path)
    start = samples("klondike")["start"]
    for _ in range(40):
        move = start.hint()
        if move is None:
            break
        start.play(move)
    path = args.outdir / "klondike-replay.gif"
    path.write_bytes(render_replay(start.to_record(), theme=theme).gif)
    print(path)


if __name__ == "__main__":
    main()
