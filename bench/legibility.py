"""The pile codes and card indices of each game's tallest table, as tall as
a phone (360 px wide) and a desktop chat (within 550 × 350 px) show them.

    python bench/legibility.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render.legibility import SCREENS, legibility
from render.samples import samples
from render.theme import SIZES
from solitaire import VARIANTS


def main() -> None:
    print("game          cards   picture    code phone/desktop   index phone/desktop")
    for profile in VARIANTS:
        for size in SIZES.values():
            figures = [legibility(game, size) for game in samples(profile).values()]
            tallest = max(figures, key=lambda f: f.size[1])
            codes = "/".join(f"{min(f.codes[s] for f in figures):4.1f}" for s in SCREENS)
            index = "/".join(f"{min(f.indices[s] for f in figures):4.1f}" for s in SCREENS)
            w, h = tallest.size
            print(f"{profile:13} {size.name:7} {w:4}×{h:<4}  {codes:>17} px  {index:>17} px")


if __name__ == "__main__":
    main()
