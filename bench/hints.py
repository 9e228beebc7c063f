"""Hints from known lines: players who follow every hint, through the game
service on a fresh store, with searches in worker processes. Prints how many
hints were answered without a search.

    python bench/hints.py [--games 10] [--profile casket]

Deals come from the game's pool of winnable deals. Each game is played by
asking for a hint and playing it, until the game is won or no move is hinted.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases.replies import Asker, Board, Notice
from bot.usecases.service import GameService
from bot.usecases.workers import Kind, Workers
from solitaire import VARIANTS
from solitaire.pool import winnable_deals
from storage import open_store

MAX_HINTS = 300


async def follow(service: GameService, asker: Asker, profile: str, deal: int) -> tuple[int, bool]:
    """Plays one deal by its hints; returns the hints asked and whether it was won."""
    await service.start(asker, profile, deal=deal)
    for hints in range(1, MAX_HINTS + 1):
        await service.move(asker, "h")  # the first step: where to look
        hint = await service.move(asker, "h")  # the second: the move
        if not isinstance(hint, Notice) or "`" not in hint.text:
            return hints, False
        played = await service.move(asker, hint.text.split("`")[1])
        if not isinstance(played, Board) or played.won:
            return hints, isinstance(played, Board)
    return MAX_HINTS, False  # the hints went round in circles


async def main(games: int, profile: str) -> None:
    deals = winnable_deals(VARIANTS[profile], {})[:games]
    workers = Workers(2)
    await workers.start()
    # Four seconds pass between any two calls of the clock: no cooldown gets in the way.
    ticks = itertools.count()
    asked = won = 0
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        async with await open_store(f"sqlite:///{folder}/hints.sqlite3") as store:
            service = GameService(store, workers, clock=lambda: 4.0 * next(ticks))
            for number, deal in enumerate(deals, 1):
                hints, win = await follow(service, Asker(number), profile, deal)
                asked += hints
                won += win
    elapsed = time.perf_counter() - began
    await workers.close()
    searched = workers.started[Kind.SEARCH]
    print(f"{profile}: {games} winnable deals, each played by following the hints")
    print(
        f"won {won} of {games}; hints {asked}, of which {searched} searched and "
        f"{asked - searched} ({(asked - searched) / asked:.1%}) answered from a known line"
    )
    print(f"{elapsed:.1f} s in all")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--profile", default="casket", choices=sorted(VARIANTS))
    args = parser.parse_args()
    asyncio.run(main(args.games, args.profile))
