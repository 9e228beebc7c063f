"""The pile codes and card indices of each game's tallest table, as tall as
a phone (360 px wide) and a desktop chat (within 550 × 350 px) show them;
then the smallest words of the cards players share (the profile, stats and
win cards, in each language and print size), as tall as a phone shows them.

    python bench/legibility.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render.legibility import SCREENS, legibility
from render.profile import draw_profile
from render.samples import sample_avatar, sample_profile, sample_stats, samples
from render.stats import draw_stats
from render.theme import SIZES
from render.wincard import Standing, Win, draw_win_card
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
    print()
    print("card               print    picture  smallest word on a phone")
    avatar = sample_avatar()
    for large in (False, True):
        print_size = "large" if large else "normal"
        for name, pen in (
            ("profile", draw_profile(sample_profile(avatar), large=large)),
            ("stats", draw_stats(sample_stats(), large=large)),
        ):
            w, h = pen.image.size
            print(f"{name:18} {print_size:7} {w:4}×{h:<4} {pen.legible():4.1f} px")
    # A win with help used, and one without: their tiles' labels differ.
    wins = [
        Win("Ada", 754.0, hints, Standing(2, 9, daily=True), 3, ("120", "score"), avatar=avatar)
        for hints in (0, 2)
    ]
    for profile in VARIANTS:
        for large in (False, True):
            for locale in ("en", "de", "fr"):
                won = samples(profile)["won"]
                pens = [draw_win_card(won, win, locale=locale, large=large) for win in wins]
                w, h = max(pen.image.size for pen in pens)
                smallest = min(pen.legible() for pen in pens)
                name = f"{profile} win {locale}"
                print(
                    f"{name:18} {'large' if large else 'normal':7} {w:4}×{h:<4} {smallest:4.1f} px"
                )


if __name__ == "__main__":
    main()
