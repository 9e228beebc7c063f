"""Writes ``solitaire/puzzle_seed.py``: the puzzles a new bot has on day one,
from its own pool deals.

Each pool deal of a game puzzles come from is played along the solver's
winning line to a position with a few plays left (from 6 to 30, drawn per
deal, so that puzzles come easy and hard), and kept if it makes a puzzle
(:func:`solitaire.puzzles.candidate`)::

    python tools/puzzle_seed.py [--deals 300]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from solitaire import find_variant, load_game, new_game
from solitaire.pool import winnable_deals
from solitaire.puzzles import PUZZLE_GAMES, Puzzle, candidate, plays
from solitaire.searches import STALE
from solitaire.solver import Outcome, solve

ROOT = Path(__file__).resolve().parent.parent


def seed(profile: str, deals: int) -> list[Puzzle]:
    found = []
    for deal in winnable_deals(find_variant(profile), {})[:deals]:
        game = new_game(profile, deal=deal)
        solution = solve(game, max_seconds=5, max_nodes=None, memory=64 << 20)
        if solution.outcome is not Outcome.WON:
            continue
        record = {**game.to_record(), "moves": [move.notation for move in solution.moves]}
        moves = load_game(record).moves
        left = random.Random(deal).randint(6, 30)
        kept = next(k for k in range(len(moves) + 1) if plays(moves[k:]) <= left)
        puzzle = candidate(record, kept)
        if puzzle is not None:
            found.append(puzzle)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="pool deals per game")
    args = parser.parse_args()
    if STALE:
        sys.exit(f"the compiled searches are stale ({', '.join(STALE)}): pip install -e . first")
    puzzles = [puzzle for profile in PUZZLE_GAMES for puzzle in seed(profile, args.deals)]
    lines = [
        f'"""The puzzles a new bot has on day one: {len(puzzles)}, from the first',
        f"{args.deals} pool deals of each game puzzles come from.",
        f'Made by: python tools/puzzle_seed.py --deals {args.deals}"""',
        "",
        "#: (game, rules' options, the deal it comes from, position: pile code → cards,",
        "#: winning line)",
        "PUZZLES: tuple[tuple[str, dict[str, object], int, dict[str, str], str], ...] = (",
    ]
    for puzzle in puzzles:
        start = {code: " ".join(cards) for code, cards in puzzle.start.items() if cards}
        rules, line = dict(puzzle.options), ",".join(puzzle.line)
        lines.append(f"    ({puzzle.profile!r}, {rules!r}, {puzzle.deal!r}, {start!r}, {line!r}),")
    lines.append(")")
    (ROOT / "solitaire" / "puzzle_seed.py").write_text("\n".join(lines) + "\n")
    print(f"{len(puzzles)} puzzles written")


if __name__ == "__main__":
    main()
