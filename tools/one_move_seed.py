"""Writes ``solitaire/one_move_seed.py``: the one-move puzzles a new bot has
on day one, from its own pool deals.

Day one's open puzzles (``solitaire/puzzle_seed.py``) each start at the
position before the move that lost a pool deal's game; a player finishing
one meets a choice at every step of its winning line. Each position along
each line, every card shown, is checked as a one-move puzzle
(:func:`solitaire.one_move.one_move`: at least three first moves, one or two
keeping a proved win, every other one proved lost, and found again with
searches of twenty times the time); then, for a game still
short of them, the positions along the solver's winning line of its first
pool deals (from a third of the line on); then the positions before the
moves that lose games a fair player plays on its pool deals, as a review
finds them (``tools/puzzle_seed.py``'s player). At most ``--per-line`` are
kept from one line or deal, the positions further along dropped first, so
that the puzzles spread over many deals::

    python tools/one_move_seed.py [--per-game 240] [--per-line 4] [--deals 60]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from puzzle_seed import LOOK_SECONDS, TRIES, lost_records  # a tool beside this one

from solitaire import Game, find_variant, load_position, new_game
from solitaire.hindsight import losing_move, searcher
from solitaire.one_move import OneMove, before_the_loss, one_move
from solitaire.pool import winnable_deals
from solitaire.puzzle_seed import PUZZLES
from solitaire.puzzles import HIDDEN, PUZZLE_GAMES, opened
from solitaire.searches import STALE
from solitaire.solver import Outcome, Solution, solve

ROOT = Path(__file__).resolve().parent.parent
#: The pools a game's deals come from, taken in turn.
POOLS: dict[str, tuple[dict[str, object], ...]] = {"klondike": ({"draw": 1}, {"draw": 3})}
#: How many times the check's time the searches that confirm a puzzle take.
CONFIRM = 20
#: How many pool deals' winning lines are looked along, at most, per pool.
DEALS = 60
#: How long the positions of one line (or one deal's lost games) may take.
WITHIN = 60.0
#: A day-one puzzle as its seed holds it.
Seed = tuple[str, dict[str, object], int, dict[str, str], str, str]


def along(
    profile: str,
    options: dict[str, object],
    deal: int | None,
    game: Game,
    line: Sequence[str],
    per_line: int,
    shown: Sequence[str] = (),
) -> list[OneMove]:
    """The one-move puzzles at the positions of *game* along *line*, at most
    *per_line* and within ``WITHIN`` seconds, every card shown (*shown*:
    those already turned up)."""
    found: list[OneMove] = []
    deadline = time.perf_counter() + WITHIN
    for notation in line:
        if time.perf_counter() > deadline:
            break
        start, revealed = opened(game.position())
        if not revealed or len(revealed) in HIDDEN:
            puzzle = one_move(
                profile, options, start, deal=deal, revealed=[*shown, *revealed]
            )  # fmt: skip
            if puzzle is not None:
                found.append(puzzle)
                if len(found) >= per_line:
                    break
        game.play(notation)
    return found


def from_puzzle(args: tuple[Seed, int]) -> list[OneMove]:
    """Along the winning line of a day-one open puzzle."""
    (profile, options, deal, start, line, revealed), per_line = args
    game = load_position(profile, {code: cards.split() for code, cards in start.items()}, **options)
    return along(profile, options, deal, game, line.split(","), per_line, revealed.split())


def from_deal(args: tuple[str, dict[str, object], int, int]) -> list[OneMove]:
    """Along the last part of the solver's winning line of a pool deal
    (earlier positions ask more of a search than a check allows)."""
    profile, options, deal, per_line = args
    game = new_game(profile, deal=deal, **options)
    solution = solve(game, max_seconds=5, max_nodes=None, memory=64 << 20)
    if solution.outcome is not Outcome.WON:
        return []
    line = [move.notation for move in solution.moves]
    begin = len(line) // 3
    for notation in line[:begin]:
        game.play(notation)
    return along(profile, options, deal, game, line[begin:], per_line)


def from_lost(args: tuple[str, dict[str, object], int, int]) -> list[OneMove]:
    """Before the losing moves of games a fair player loses on a pool deal
    (``tools/puzzle_seed.py``'s), as a review finds them: the position
    before the move that lost, then the ones before it."""
    profile, options, deal, per_line = args
    found: list[OneMove] = []
    deadline = time.perf_counter() + WITHIN
    for record in lost_records(new_game(profile, deal=deal, **options), deal):
        judge = searcher(record, LOOK_SECONDS, max_nodes=None, memory=64 << 20)
        point = losing_move(judge, len(record["moves"]))
        for kept in range(point.kept, max(point.kept - TRIES, -1), -1) if point else ():
            puzzle = before_the_loss(record, kept)
            if puzzle is not None:
                found.append(puzzle)
                if len(found) >= per_line:
                    return found
        if time.perf_counter() > deadline:
            break
    return found


def _deals(per_line: int, most: int) -> Iterator[tuple[str, dict[str, object], int, int]]:
    """Every game's first *most* pool deals in turn, a deal of each game at a time."""
    pools = [
        (profile, options, winnable_deals(find_variant(profile), options))
        for profile in PUZZLE_GAMES
        for options in POOLS.get(profile, ({},))
    ]
    for n in range(max(len(deals) for _, _, deals in pools)):
        for profile, options, deals in pools:
            if n < min(len(deals), most):
                yield profile, options, deals[n], per_line


def seed(
    per_game: int, per_line: int, lost_deals: int = 10 * DEALS, deals: int = DEALS
) -> list[OneMove]:
    """Up to *per_game* one-move puzzles of every game, no position twice:
    along the lines of the day-one open puzzles, then of the pool deals."""
    kept: dict[str, list[OneMove]] = {profile: [] for profile in PUZZLE_GAMES}
    seen: set[str] = set()

    def keep(found: list[OneMove]) -> bool:
        for puzzle in found:
            key = repr(sorted(puzzle.start.items()))
            if key not in seen and len(kept[puzzle.profile]) < per_game and confirmed(puzzle):
                seen.add(key)
                kept[puzzle.profile].append(puzzle)
        print({profile: len(each) for profile, each in kept.items()}, file=sys.stderr)
        return all(len(each) >= per_game for each in kept.values())

    with multiprocessing.Pool() as pool:
        for found in pool.imap(from_puzzle, ((puzzle, per_line) for puzzle in PUZZLES)):
            keep(found)
    for source, most in ((from_deal, deals), (from_lost, lost_deals)):
        for profile in PUZZLE_GAMES:
            if len(kept[profile]) >= per_game:
                continue
            wanted = (args for args in _deals(per_line, most) if args[0] == profile)
            with multiprocessing.Pool() as pool:  # left, it ends the tasks still queued
                for found in pool.imap_unordered(source, wanted):
                    keep(found)
                    if len(kept[profile]) >= per_game:
                        break
    return [puzzle for profile in PUZZLE_GAMES for puzzle in kept[profile]]


def _longer(game: Game, seconds: float) -> Solution:
    return solve(game, max_seconds=seconds * CONFIRM, max_nodes=None, memory=64 << 20)


def confirmed(puzzle: OneMove) -> bool:
    """Whether searches of ``CONFIRM`` times the check's time find the very
    puzzle again: a search whose verdict on a first move changes with its
    budget (seen in Casket's) leaves no fair puzzle."""
    again = one_move(puzzle.profile, puzzle.options, puzzle.start, search=_longer)
    return again is not None and set(again.keeping) == set(puzzle.keeping)


def write(
    puzzles: Sequence[OneMove], per_game: int, per_line: int, lost_deals: int, deals: int
) -> None:
    """Writes *puzzles* as ``solitaire/one_move_seed.py``."""
    lines = [
        f'"""The one-move puzzles a new bot has on day one: {len(puzzles)}, at most',
        f"{per_game} of each game, from its pool deals.",
        "Made by: python tools/one_move_seed.py"
        f" --per-game {per_game} --per-line {per_line} --lost-deals {lost_deals}"
        f' --deals {deals}"""',
        "",
        "#: (game, rules' options, the deal it comes from, position: pile code → cards,",
        "#: the moves that keep the win, how many first moves it offers, the cards",
        "#: shown that were face down)",
        "ONE_MOVES: tuple[",
        "    tuple[str, dict[str, object], int | None, dict[str, str], str, int, str], ...",
        "] = (",
    ]
    for puzzle in puzzles:
        start = {code: " ".join(cards) for code, cards in puzzle.start.items() if cards}
        lines.append(
            f"    ({puzzle.profile!r}, {dict(puzzle.options)!r}, {puzzle.deal!r}, {start!r},"
            f" {','.join(puzzle.keeping)!r}, {puzzle.offered}, {' '.join(puzzle.revealed)!r}),"
        )
    lines.append(")")
    (ROOT / "solitaire" / "one_move_seed.py").write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=240, help="puzzles per game, at most")
    parser.add_argument("--per-line", type=int, default=4, help="puzzles per winning line")
    parser.add_argument(
        "--lost-deals", type=int, default=10 * DEALS,
        help="pool deals per pool a fair player loses games on, at most (slow: 0 skips them)",
    )  # fmt: skip
    parser.add_argument(
        "--deals", type=int, default=DEALS,
        help="pool deals per pool whose winning lines are looked along, at most",
    )  # fmt: skip
    args = parser.parse_args()
    if STALE:
        sys.exit(f"the compiled searches are stale ({', '.join(STALE)}): pip install -e . first")
    puzzles = seed(args.per_game, args.per_line, args.lost_deals, args.deals)
    write(puzzles, args.per_game, args.per_line, args.lost_deals, args.deals)
    print(f"{len(puzzles)} one-move puzzles written")


if __name__ == "__main__":
    main()
