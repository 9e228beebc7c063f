"""Sample tables of every game: the deal, a tall mid-game, and a win.

Used by ``python -m render demo OUTDIR`` and by the benchmarks.
"""

from __future__ import annotations

from solitaire import Game, load_position, new_game

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
