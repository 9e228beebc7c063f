"""``python -m render demo OUTDIR``: sample pictures of every game, each
also as a phone shows it (360 px wide), with the win card, the celebration
and a replay; and a player's profile and stats cards, normal and large,
each also as a phone shows it."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image

from solitaire import VARIANTS

from .cards import Emblem
from .celebration import render_celebration
from .legibility import SCREENS
from .profile import render_profile
from .samples import sample_avatar, sample_profile, sample_stats, samples
from .share import render_replay
from .stats import render_stats
from .table import render_table
from .theme import SIZES, THEMES
from .wincard import Standing, Win, render_win_card


def as_on_phone(png: bytes) -> bytes:
    """The picture shrunk to the width a phone shows it at."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width = SCREENS["phone"][0]
    if image.width > width:
        height = round(image.height * width / image.width)
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="write sample pictures of every game")
    demo.add_argument("outdir", type=Path)
    demo.add_argument("--theme", choices=sorted(THEMES), default="classic")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    theme = THEMES[args.theme]

    def write(name: str, data: bytes) -> None:
        path = args.outdir / name
        path.write_bytes(data)
        print(path)

    avatar = sample_avatar()
    for size in SIZES.values():
        large = size.name == "large"
        suffix = "-large" if large else ""
        for name, png in (
            ("profile", render_profile(sample_profile(avatar), theme=theme, large=large)),
            ("profile-no-avatar", render_profile(sample_profile(None), theme=theme, large=large)),
            ("stats", render_stats(sample_stats(), theme=theme, large=large)),
        ):
            write(f"{name}{suffix}.png", png)
            write(f"{name}{suffix}-phone.png", as_on_phone(png))
    for profile in VARIANTS:
        for name, game in samples(profile).items():
            for size in SIZES.values():
                png = render_table(game, theme=theme, size=size, elapsed=754.0)
                suffix = "" if size.name == "normal" else f"-{size.name}"
                write(f"{profile}-{name}{suffix}.png", png)
                write(f"{profile}-{name}{suffix}-phone.png", as_on_phone(png))
        won = samples(profile)["won"]
        earned = (Emblem("10 Klondike wins", 2, "10"), Emblem("Klondike in under 5:00", 2, "5'"))
        win = Win(
            "Ada", elapsed=754.0, standing=Standing(2, 9, daily=True), streak=3,
            avatar=avatar, badges=earned if profile == "klondike" else (),
        )  # fmt: skip
        for large in (False, True):
            card = render_win_card(won, win, theme=theme, large=large)
            suffix = "-large" if large else ""
            write(f"{profile}-win-card{suffix}.png", card)
            write(f"{profile}-win-card{suffix}-phone.png", as_on_phone(card))
        write(f"{profile}-celebration.gif", render_celebration(won, theme=theme))
    start = samples("klondike")["start"]
    for _ in range(40):
        move = start.hint()
        if move is None:
            break
        start.play(move)
    write("klondike-replay.gif", render_replay(start.to_record(), theme=theme).gif)


if __name__ == "__main__":
    main()
