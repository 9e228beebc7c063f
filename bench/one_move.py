"""What a one-move puzzle's try costs, and a Puzzle Racer's card at its largest.

A try at a one-move puzzle (Puzzle Streak or Racer) is judged from the moves
stored with it: no search on its path. This measures the use case's whole
try on a real store (the judging, the run's compare-and-set, the next puzzle
dealt and its board drawn), CPU of the process and its threads per try,
side by side in one run with a move of a Klondike game through the game
service (its store round trip and board alike), and counts the searches the
tries started (none). Then a racer card with ten racers, every score and
name as long as it gets, in every language the bot speaks and every state of
the race, checked against Discord's documented limits as the local Discord
checks them::

    python bench/one_move.py [--tries 300] [--on postgresql [--database URL]]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire.solver
from bot.adapter.message_limits import components_problems
from bot.adapter.puzzleracing import puzzle_race_view
from bot.usecases.boards import BoardMaker
from bot.usecases.puzzleraces import MOST, PuzzleRaces
from bot.usecases.replies import Asker, Board, RunBoard
from bot.usecases.service import GameService
from bot.usecases.streaks import Streaks
from render import CLASSIC
from storage import PuzzleRacer, PuzzleRaceRow, Store, open_store
from tests.databases import fresh_database
from texts import LOCALES

KEY = b"bench"
#: The longest Discord id (a snowflake of 19 digits) and a score no race reaches.
LONGEST_ID, HIGHEST = 9_223_372_036_854_775_807, 9_999


async def tries(store: Store, count: int) -> list[float]:
    """CPU per right try, ms: runs of one-move puzzles, each try the right move."""
    boards = BoardMaker(store, time.time, CLASSIC)
    streaks = Streaks(store, boards, key=KEY)
    await streaks.seed()
    spent: list[float] = []
    user = 1
    board = await streaks.start(Asker(user))
    while len(spent) < count:
        if not isinstance(board, RunBoard) or board.over:
            user += 1  # a run ended (no puzzle left for this player): another player
            board = await streaks.start(Asker(user))
            continue
        puzzle = await store.one_move(board.puzzle_id)
        assert puzzle is not None
        started = time.process_time()
        board = await streaks.answer(Asker(user), board.puzzle_id, board.step, puzzle.keeping[0])
        spent.append(1000 * (time.process_time() - started))
    return spent


async def moves(store: Store, count: int) -> list[float]:
    """CPU per Klondike move through the game service, ms (its board drawn
    alike), on a clock a second on at each reading (no flood limit met)."""
    ticks = itertools.count(1_000_000)
    service = GameService(store, clock=lambda: float(next(ticks)))
    spent: list[float] = []
    user, deal = 10_000, 1
    await service.start(Asker(user), "klondike", deal=deal)
    while len(spent) < count:
        row = await store.current_game(user)
        game = None if row is None else await service.game(Asker(user), row.id)
        legal = [] if game is None else game.legal_moves()
        if not legal:
            user, deal = user + 1, deal + 1
            await service.start(Asker(user), "klondike", deal=deal)
            continue
        started = time.process_time()
        reply = await service.move(Asker(user), legal[0].notation)
        spent.append(1000 * (time.process_time() - started))
        assert isinstance(reply, Board), reply
    return spent


async def card_sizes() -> None:
    """The racer card with ten racers, in each language and state: its
    characters and components against Discord's limits."""
    racers = tuple(
        PuzzleRacer(LONGEST_ID - n, 1.0 + n, HIGHEST, HIGHEST, HIGHEST, ()) for n in range(MOST)
    )
    print(f"\n{'racer card, 10 racers':<28} {'characters':>10} {'components':>10}  problems")
    for locale in LOCALES:
        for status, starts in (("open", None), ("running", 2e9), ("running", 1.0), ("over", 1.0)):
            race = PuzzleRaceRow(
                LONGEST_ID, LONGEST_ID, LONGEST_ID, LONGEST_ID, LONGEST_ID, locale, status,  # type: ignore[arg-type]
                (1,) * 60, 1.0, starts, 2e9, racers,
            )  # fmt: skip
            made = PuzzleRaces(None, None, None, key=KEY, clock=lambda: 1.5e9)  # type: ignore[arg-type]
            card = await made.card(race)
            components = puzzle_race_view(card).to_components()
            problems = components_problems(components, ("components",), v2=True)
            count = sum(1 for _ in _walk(components))
            state = status if status != "running" else "countdown" if starts == 2e9 else "racing"
            print(
                f"{locale + ' ' + state:<28} {len(card.text):>10,} {count:>10}"
                f"  {len(problems) or 'none'}"
            )


def _walk(components: list[dict[str, object]]):  # type: ignore[no-untyped-def]
    for component in components:
        yield component
        yield from _walk(component.get("components") or [])  # type: ignore[arg-type]


async def main(args: argparse.Namespace) -> None:
    searches = 0
    real = solitaire.solver.solve

    def counted(*a: object, **k: object) -> object:
        nonlocal searches
        searches += 1
        return real(*a, **k)  # type: ignore[arg-type]

    solitaire.solver.solve = counted  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as folder:
        async with (
            fresh_database(args.on, Path(folder), args.database) as url,
            await open_store(url) as store,
        ):
            tried = await tries(store, args.tries)
            searched = searches
            moved = await moves(store, args.tries)
    p50, p90 = statistics.median(tried), statistics.quantiles(tried, n=10)[-1]
    m50, m90 = statistics.median(moved), statistics.quantiles(moved, n=10)[-1]
    print(f"{args.on}, {args.tries} each, CPU of the process and its threads (ms)")
    print(f"{'':<34} {'p50':>7} {'p90':>7}")
    print(f"{'a one-move try (Puzzle Streak)':<34} {p50:>7.2f} {p90:>7.2f}")
    print(f"{'a Klondike move (the game service)':<34} {m50:>7.2f} {m90:>7.2f}")
    print(f"a try ÷ a move: {p50 / m50:.2f}x; searches the tries started: {searched}")
    await card_sizes()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=300)
    parser.add_argument("--on", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--database",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="a PostgreSQL server to make the database on",
    )
    asyncio.run(main(parser.parse_args()))
