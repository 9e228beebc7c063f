"""Sample tables of every game: the deal, a tall mid-game, and a win; and
a sample player's avatar, profile card and stats card.

Used by ``python -m render demo OUTDIR`` and by the benchmarks.
"""

from __future__ import annotations

import datetime
import io
import random

from PIL import Image, ImageDraw

from solitaire import Game, load_position, new_game

from .cards import Emblem
from .profile import Level, Profile
from .stats import Chart, GameStats, StatsCard

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def _suit_run(suit: str, ranks: str) -> list[str]:
    return [rank + suit for rank in ranks]


def _won(profile: str, foundations: int, order: str = RANKS) -> Game:
    piles = {f"f{n}": _suit_run(SUITS[(n - 1) % 4], order) for n in range(1, foundations + 1)}
    return load_position(profile, piles)


def _tall(profile: str) -> Game:
    if profile == "klondike":
        # Six face-down cards under a King-to-Ace run: the tallest column there can be.
        run = [f"{rank}{'SH'[i % 2]}" for i, rank in enumerate(reversed(RANKS))]
        run[-1] = "AH"
        piles = {
            "7": ["#2D", "#3D", "#4D", "#5D", "#6D", "#7D", *run[:-1], "AD"],
            "s": ["8D", "9D"], "w": ["TD", "JD", "QD"], "1": ["KD"], "f1": ["AC", "2C"],
        }  # fmt: skip
        return load_position("klondike", piles, draw=3)
    if profile == "castles-end":
        column = [*_suit_run("S", RANKS), *_suit_run("H", "KQJT98765432")]
        return load_position("castles-end", {"4": column, "r1": ["AH"], "f1": ["AD"], "1": ["2D"]})
    if profile == "calculation":
        waste = [*(f"{rank}C" for rank in "KQJT98765432A"), "KD", "QD"]
        piles = {"f1": ["AS", "2S"], "f2": ["2H"], "f3": ["3H"], "f4": ["4H"], "w2": waste}
        piles["s"] = ["5D", "9H"]
        return load_position("calculation", piles)
    body = {str(n): _suit_run(SUITS[n % 4], "KQJT9876543") for n in range(1, 9)}
    return load_position(
        "casket",
        {**body, "r1": ["2S", "5H", "9C", "QD", "7S", "3H"], "w": ["KS"], "j": ["#AS"] * 3},
    )


def samples(profile: str, deal: int = 4711) -> dict[str, Game]:
    """Returns the sample games of *profile*, by name."""
    foundations = 8 if profile == "casket" else 4
    order = {"castles-end": RANKS, "calculation": None}.get(profile, RANKS)
    if profile == "calculation":
        steps = ["A23456789TJQK", "2468TQA3579JK", "369Q258JA47TK", "48Q37J26TA59K"]
        won = load_position(
            "calculation", {f"f{n}": [r + SUITS[n - 1] for r in steps[n - 1]] for n in range(1, 5)}
        )
    else:
        won = _won(profile, foundations, order or RANKS)
    return {"start": new_game(profile, deal=deal), "tall": _tall(profile), "won": won}


def sample_avatar(size: int = 128) -> bytes:
    """A made-up avatar: a diagonal sunset with a pale disc, as a PNG."""
    image = Image.new("RGB", (size, size))
    image.putdata(
        [(200 - y // 2, 60 + x // 2, 120 + (x + y) // 4) for y in range(size) for x in range(size)]
    )
    ImageDraw.Draw(image).ellipse((size // 4, size // 5, size * 3 // 4, size * 7 // 10),
                                  fill=(250, 226, 190))  # fmt: skip
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def sample_profile(avatar: bytes | None) -> Profile:
    """The profile card of a player a few months in."""
    games = (("Klondike", 7, 0.62, 61, 73, 41), ("Calculation", 4, 0.2, 40, 21, 52),
             ("Castle's End", 11, 0.97, 3, 82, 45), ("Casket", 2, 0.5, 26, 9, 33))  # fmt: skip
    levels = [
        Level(name, f"Level {level}", share, f"{left} points to level {level + 1}",
              f"{played} games, {rate} % won")
        for name, level, share, left, played, rate in games
    ]  # fmt: skip
    emblems = [
        Emblem("10 Klondike wins", 2, "10", (30, 100)),
        Emblem("1 Calculation win", 1, "1", (9, 10)),
        Emblem("100 Castle's End wins", 3, "100"), Emblem("1 Casket win", 1, "1", (3, 10)),
        Emblem("All four games won", 1, ""), Emblem("10 clean wins", 2, "10", (31, 50)),
        Emblem("Klondike in under 5:00", 2, "5'"), Emblem("Calculation in under 15:00", 0, "15'"),
        Emblem("7-day daily streak", 2, "7", (9, 30)), Emblem("1 race won", 1, "1", (4, 10)),
        Emblem("A race won against four or more", 0, "", (0, 1)),
        Emblem("1 Server Cup won", 1, "1", (1, 5)),
    ]  # fmt: skip
    return Profile(
        "Ada Lovelace", avatar,
        [("12", "best daily streak"), ("1", "Server Cups won"), ("3:12", "best clean win")],
        levels, ["Streak: 3 now, best 12", "Races: 4 won of 11",
                 "Server Cups: 2 on the podium, 1 won"], emblems,
    )  # fmt: skip


def sample_stats() -> StatsCard:
    """The stats card of the same player: 12 weeks of two games."""
    rng = random.Random(7)

    def chart(rate: float) -> Chart:
        weekly, rates, results = [], [], []
        for _ in range(12):
            played = rng.randint(0, 14)
            wins = sum(rng.random() < rate for _ in range(played))
            weekly.append((played, wins))
            for n in range(played):
                results.append(n < wins)
                last = results[-20:]
                rates.append(sum(last) / len(last))
        return Chart(weekly, rates)

    first = datetime.date(2026, 9, 7)
    weeks = [f"{d.month}/{d.day}" for d in (first + datetime.timedelta(7 * w) for w in range(12))]
    return StatsCard(
        "Ada Lovelace's solitaire",
        [GameStats("Klondike", "73 played · 41 % won",
                   "streak 2 · best streak 7 · fewest moves 96 · fastest 3:12", chart(0.42)),
         GameStats("Castle's End", "82 played · 45 % won",
                   "streak 0 · best streak 6 · fewest moves 71 · fastest 11:40", chart(0.5))],
        ["races: 4 won of 11"], weeks, ("games", "wins", "win rate, last 20"),
    )  # fmt: skip
