"""/profile and /stats of a player with many stored games: how long each
answer takes, and the longest the event loop was held meanwhile (a ticker
that wakes every millisecond notes its lateness). The pictures are drawn
in worker processes, as the bot draws them.

    python bench/profile.py [--games 1000] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases.achievements import Achievements
from bot.usecases.replies import Asker, Picture
from bot.usecases.social import Social
from bot.usecases.workers import Workers
from solitaire import VARIANTS, new_game
from storage import Status, open_store


async def ticker(late: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        late.append(time.perf_counter() - before - 0.001)


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
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    asyncio.run(main(parser.parse_args()))
