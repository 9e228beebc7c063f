"""/profile and /stats of a player with many stored games: how long each
answer takes, and the longest the event loop was held meanwhile (a ticker
that wakes every millisecond notes its lateness). The pictures are drawn
in worker processes, as the bot draws them.

Then each card on its own: the CPU a drawing takes (the median of
``--draws``, in this process) and its bytes, for the profile card, the
stats card and a win card, as the use cases ask for them.

    python bench/profile.py [--games 1000] [--workers 2] [--draws 20]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases.achievements import Achievements
from bot.usecases.replies import Asker, Picture
from bot.usecases.social import Social
from bot.usecases.workers import Kind, Workers
from render.samples import samples
from solitaire import VARIANTS, new_game
from storage import Status, open_store


async def ticker(late: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        late.append(time.perf_counter() - before - 0.001)


class Recorder(Workers):
    """Runs no job: notes each one asked for, to be drawn again here."""

    def __init__(self) -> None:
        super().__init__(0)
        self.jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []

    async def run(
        self, kind: Kind, job: Callable[..., Any], *args: Any, player: int | None = None
    ) -> Any:
        self.jobs.append((job, args))
        return job(*args)


def cards(jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]], draws: int) -> None:
    for job, args in jobs:
        times = []
        for _ in range(draws):
            start = time.process_time()
            made = job(*args)
            times.append(time.process_time() - start)
        png = made if isinstance(made, bytes) else made[0]
        print(
            f"card {job.__name__}: {1000 * statistics.median(times):.1f} ms CPU, {len(png):,} bytes"
        )


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        now = time.time()
        moment = [now - 90 * 86400]  # the games spread over the last 90 days
        store = await open_store(f"sqlite:///{folder}/games.sqlite3", clock=lambda: moment[0])
        for n in range(args.games):
            moment[0] = now - 90 * 86400 * (1 - n / args.games)
            profile = rng.choice(list(VARIANTS))
            row = await store.create_game(1, new_game(profile, deal=n + 1).to_record())
            await store.set_status(row.id, Status.WON if rng.random() < 0.45 else Status.LOST)
        moment[0] = now
        workers = Workers(args.workers)
        await workers.start()
        social, achievements = Social(store, workers), Achievements(store, workers)
        asker = Asker(1, "en", 5, 6)
        for what, ask in (
            ("/stats", lambda: social.stats(asker, 1, "player")),
            ("/profile", lambda: achievements.profile(asker, 1, "player")),
        ):
            for round_ in ("first", "again"):
                late: list[float] = []
                stop = asyncio.Event()
                ticking = asyncio.create_task(ticker(late, stop))
                start = time.perf_counter()
                answer = await ask()
                took = time.perf_counter() - start
                stop.set()
                await ticking
                assert isinstance(answer, Picture), answer
                print(
                    f"{what} ({round_}), {args.games} games: {1000 * took:.0f} ms;"
                    f" the event loop held at most {1000 * max(late, default=0):.1f} ms"
                )
        await workers.close()
        recorder = Recorder()
        await Social(store, recorder).stats(asker, 1, "player")
        await Achievements(store, recorder).profile(asker, 1, "player")
        won = samples("klondike")["won"]
        row = await store.create_game(1, won.to_record())
        await store.set_status(row.id, Status.WON)
        await Social(store, recorder).share(asker, row.id, "player")
        cards(recorder.jobs, args.draws)
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--draws", type=int, default=20)
    asyncio.run(main(parser.parse_args()))
