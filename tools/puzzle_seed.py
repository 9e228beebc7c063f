"""Writes ``solitaire/puzzle_seed.py``: the puzzles a new bot has on day one,
from its own pool deals.

Each pool deal is played by a fair player (:func:`lost_game`: the game's
hint most of the time, any new move otherwise) until it is over; a game it
loses is looked back over as a lost game's review does, and the position
before its losing move is kept if it makes a puzzle
(:func:`solitaire.puzzles.candidate`)::

    python tools/puzzle_seed.py [--per-game 120] [--deals 400]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from solitaire import Game, find_variant, new_game
from solitaire.hindsight import losing_move, searcher
from solitaire.pool import winnable_deals
from solitaire.puzzles import PUZZLE_GAMES, Puzzle, candidate
from solitaire.searches import STALE
from solitaire.solver import Outcome, solve

ROOT = Path(__file__).resolve().parent.parent
#: The pools a game's puzzles come from, taken in turn.
POOLS: Mapping[str, tuple[dict[str, object], ...]] = {"klondike": ({"draw": 1}, {"draw": 3})}


def seed(profile: str, wanted: int, deals: int) -> list[Puzzle]:
    """Up to *wanted* puzzles of *profile*, from at most *deals* deals per
    pool, the deals shared among the machine's cores (each deal's games
    are drawn from its number)."""
    found: list[Puzzle] = []
    with multiprocessing.Pool() as pool:
        tried = pool.imap(_from_pooled, ((profile, *dealt) for dealt in _deals(profile, deals)))
        for puzzle in tried:
            if puzzle is None:
                continue
            found.append(puzzle)
            print(f"{profile} {puzzle.options} {puzzle.deal}: {len(puzzle.revealed)} shown,"
                  f" {puzzle.plays} plays", file=sys.stderr)  # fmt: skip
            if len(found) >= wanted:
                pool.terminate()
                break
    return found


def _from_pooled(args: tuple[str, dict[str, object], int]) -> Puzzle | None:
    return _from_deal(*args)


def _deals(profile: str, deals: int) -> Iterator[tuple[dict[str, object], int]]:
    pools = [
        winnable_deals(find_variant(profile), options)[:deals]
        for options in POOLS.get(profile, ({},))
    ]
    for n in range(deals):
        for options, pool in zip(POOLS.get(profile, ({},)), pools, strict=True):
            if n < len(pool):
                yield options, pool[n]


#: How often the player follows the game's hint, and the most moves it makes.
SKILL, MOST_MOVES = 0.95, 400
#: How many games the player plays on one deal, at most, until it loses one that gives a puzzle.
GAMES = 10
#: How many positions of a lost game are tried, from the one before its losing move back.
TRIES = 8
#: How long each search of the look back may take.
LOOK_SECONDS = 0.5


def lost_game(game: Game, rng: random.Random) -> Game:
    """*game* played on by a fair player until it is won or no move is left
    that leads to a position not seen before: the game's hint with
    probability :data:`SKILL`, any other legal move otherwise."""
    seen = {_key(game)}
    for _ in range(MOST_MOVES):
        if game.is_won:
            break
        hint = game.hint()
        moves = game.legal_moves()
        if hint is not None and rng.random() < SKILL:
            moves = [hint, *moves]
        else:
            rng.shuffle(moves)
        for move in moves:
            after = game.copy()
            after.play(move.notation)
            if _key(after) not in seen:
                seen.add(_key(after))
                game = after
                break
        else:
            break
    return game


def _key(game: Game) -> str:
    return repr(sorted(game.position().items()))


def _from_deal(profile: str, options: dict[str, object], deal: int) -> Puzzle | None:
    """The puzzle of one of the games a fair player loses on *deal*, if any."""
    for record in lost_records(new_game(profile, deal=deal, **options), deal):
        found = looked_back(record)
        if found is not None:
            return found
    return None


def lost_records(dealt: Game, deal: int, games: int = GAMES) -> Iterator[dict[str, Any]]:
    """The records of the games a fair player loses on *dealt* (deal number
    *deal*), of at most *games* played: each first follows the solver's
    winning line a while (a good start), drawn from the deal's number."""
    solution = solve(dealt, max_seconds=5, max_nodes=None, memory=64 << 20)
    if solution.outcome is not Outcome.WON:
        return
    for attempt in range(games):
        rng = random.Random(f"{deal}:{attempt}")
        game = dealt.copy()
        for move in solution.moves[: rng.randrange(len(solution.moves) * 4 // 5)]:
            game.play(move.notation)
        played = lost_game(game, rng)
        if not played.is_won:
            yield played.to_record()


def looked_back(record: Mapping[str, Any]) -> Puzzle | None:
    """The puzzle of the lost game of *record*, as its review finds it."""
    judge = searcher(record, LOOK_SECONDS, max_nodes=None, memory=64 << 20)
    point = losing_move(judge, len(record["moves"]))
    if point is None:
        return None
    # The position before the losing move first; then, as positions of a
    # game a win was still open from, the ones before it.
    for kept in range(point.kept, max(point.kept - TRIES, 0), -1):
        found = candidate(record, kept)
        if found is not None:
            return found
    return None


def write(puzzles: Sequence[Puzzle], per_game: int, deals: int) -> None:
    """Writes *puzzles* as ``solitaire/puzzle_seed.py``."""
    lines = [
        f'"""The puzzles a new bot has on day one: {len(puzzles)}, at most',
        f"{per_game} of each game, from its pool deals.",
        f'Made by: python tools/puzzle_seed.py --per-game {per_game} --deals {deals}"""',
        "",
        "#: (game, rules' options, the deal it comes from, position: pile code → cards,",
        "#: winning line, the cards shown that were face down)",
        "PUZZLES: tuple[tuple[str, dict[str, object], int, dict[str, str], str, str], ...] = (",
    ]
    for puzzle in puzzles:
        start = {code: " ".join(cards) for code, cards in puzzle.start.items() if cards}
        rules, line = dict(puzzle.options), ",".join(puzzle.line)
        revealed = " ".join(puzzle.revealed)
        lines.append(
            f"    ({puzzle.profile!r}, {rules!r}, {puzzle.deal!r}, {start!r}, {line!r},"
            f" {revealed!r}),"
        )
    lines.append(")")
    (ROOT / "solitaire" / "puzzle_seed.py").write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=120, help="puzzles per game")
    parser.add_argument("--deals", type=int, default=400, help="pool deals per pool, at most")
    parser.add_argument("--games", nargs="*", default=PUZZLE_GAMES, choices=PUZZLE_GAMES)
    args = parser.parse_args()
    if STALE:
        sys.exit(f"the compiled searches are stale ({', '.join(STALE)}): pip install -e . first")
    puzzles = [
        puzzle for profile in args.games for puzzle in seed(profile, args.per_game, args.deals)
    ]
    write(puzzles, args.per_game, args.deals)
    print(f"{len(puzzles)} puzzles written")


if __name__ == "__main__":
    main()
