"""How many actions a won game takes: the solver's winning lines of deals
from each game's pool, played as a player would — once typing every move in
full notation, once with one-tap moves (a pile alone, where a tap plays that
very move) and Finish (one action for the rest, once the game offers it).
Prints actions and characters typed per won game.

    python bench/actions.py [--deals 100] [--nodes 200000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import VARIANTS, AmbiguousMove, Game, IllegalMove, Move, new_game
from solitaire.pool import winnable_deals
from solitaire.solver import Outcome, solve


def typed(game: Game, move: Move) -> str:
    """What a player types for *move*: the pile alone where a tap plays it."""
    if move.is_draw:
        return "s"
    try:
        if game.one_tap(move.source) == move:
            return move.source
    except (AmbiguousMove, IllegalMove):
        pass
    return move.notation


def play(game: Game, line: tuple[Move, ...]) -> tuple[int, int, int, int]:
    """Plays *line*: returns (actions, characters) typed in full, then with
    one tap and Finish."""
    full = (len(line), sum(len(move.notation) for move in line))
    actions = characters = 0
    for move in line:
        if game.finishing_line() is not None:
            return (*full, actions + 1, characters + 1)  # Finish: one press (or `a`)
        text = typed(game, move)
        actions, characters = actions + 1, characters + len(text)
        game.play(move)
    return (*full, actions, characters)


def main(deals: int, nodes: int) -> None:
    print(f"the solver's winning lines of up to {deals} pool deals a game ({nodes:,} nodes each)")
    print(f"{'game':<14}{'won':>5}{'moves':>8}{'chars':>8}{'one tap':>9}{'chars':>8}{'fewer':>8}")
    for profile, cls in VARIANTS.items():
        results = []
        for deal in winnable_deals(cls, {})[:deals]:
            game = new_game(profile, deal)
            found = solve(game.copy(), max_nodes=nodes, max_seconds=10.0)
            if found.outcome is Outcome.WON:
                results.append(play(game, found.moves))
        if not results:
            print(f"{cls.title:<14}{0:>5}")
            continue
        n = len(results)
        moves, chars, taps, tap_chars = (sum(r[i] for r in results) / n for i in range(4))
        print(
            f"{cls.title:<14}{n:>5}{moves:>8.1f}{chars:>8.1f}{taps:>9.1f}{tap_chars:>8.1f}"
            f"{1 - taps / moves:>8.0%}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=200_000)
    arguments = parser.parse_args()
    main(arguments.deals, arguments.nodes)
