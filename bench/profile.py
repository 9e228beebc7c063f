"""/profile and /stats of a player with many stored games: how long each
answer takes, and the longest the event loop was held meanwhile (a ticker
that wakes every millisecond notes its lateness). The pictures are drawn
in worker processes, as the bot draws them.

Then each card on its own: the CPU a drawing takes (the median of
``--draws``, in this process) and its bytes, for the profile card, the
stats card and a win card, as the use cases ask for them.

Last, the stats card's charts drawn by matplotlib's Agg instead, to the
same size and with the same parts (bars on a scale of games, the win rate
on its own scale with its last value, the weeks, a legend), against
Pillow's, side by side; skipped where matplotlib is not installed (it is no
dependency of the bot: ``pip install matplotlib`` to run it).

    python bench/profile.py [--games 1000] [--workers 2] [--draws 20]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.usecases.achievements import Achievements
from bot.usecases.replies import Asker, Picture
from bot.usecases.social import Social
from bot.usecases.workers import Kind, Workers
from render.samples import sample_avatar, samples
from render.stats import StatsCard, render_stats
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


def cpu(draw: Callable[[], bytes], draws: int) -> tuple[float, int]:
    """The median CPU seconds of *draws* drawings, and the bytes of one."""
    times = []
    for _ in range(draws):
        start = time.process_time()
        made = draw()
        times.append(time.process_time() - start)
    return statistics.median(times), len(made)


def matplotlib_stats(card: StatsCard) -> bytes:
    """The stats card's charts drawn by matplotlib's Agg, 540 px wide."""
    from matplotlib.figure import Figure

    charts = [game for game in card.games if game.chart is not None]
    figure = Figure(figsize=(5.4, 2.4 * len(charts)), dpi=100, facecolor="#0f4a2a")
    for n, game in enumerate(charts, 1):
        chart = game.chart
        assert chart is not None
        axes = figure.add_subplot(len(charts), 1, n, facecolor="#0f4a2a")
        weeks = range(len(chart.weekly))
        axes.bar(weeks, [g for g, _ in chart.weekly], color="#44815f", label=card.legend[0])
        axes.bar(weeks, [w for _, w in chart.weekly], color="#fae478", label=card.legend[1])
        axes.set_xticks(list(weeks)[::-3][::-1], [card.weeks[w] for w in list(weeks)[::-3][::-1]])
        axes.set_title(game.name, color="#e2eee2", loc="left")
        rate = axes.twinx()
        xs = [
            len(chart.weekly) * i / max(1, len(chart.rates) - 1) - 0.5
            for i in range(len(chart.rates))
        ]
        rate.plot(xs, [100 * r for r in chart.rates], color="#e2eee2", label=card.legend[2])
        rate.set_ylim(0, 100)
        rate.annotate(f"{round(100 * chart.rates[-1])} %", (xs[-1], 100 * chart.rates[-1]),
                      color="#e2eee2")  # fmt: skip
        for side in (axes, rate):
            side.tick_params(colors="#aacdb4", labelsize=12)
        axes.legend(loc="upper left", fontsize=12, ncols=3, frameon=False, labelcolor="#e2eee2")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def side_by_side(card: StatsCard, draws: int) -> None:
    try:
        start = time.process_time()
        import matplotlib  # noqa: F401

        imported = time.process_time() - start
    except ImportError:
        print("matplotlib: not installed (pip install matplotlib), not compared")
        return
    pillow, pillow_bytes = cpu(lambda: render_stats(card), draws)
    agg, agg_bytes = cpu(lambda: matplotlib_stats(card), draws)
    charts = sum(game.chart is not None for game in card.games)
    print(
        f"stats card, {charts} charts: Pillow {1000 * pillow:.1f} ms CPU, {pillow_bytes:,} bytes;"
        f" matplotlib Agg {1000 * agg:.1f} ms CPU ({agg / pillow:.1f}x), {agg_bytes:,} bytes"
        f" ({agg_bytes / pillow_bytes:.1f}x), after {1000 * imported:.0f} ms to import it"
    )


def cards(jobs: list[tuple[Callable[..., Any], tuple[Any, ...]]], draws: int) -> None:
    for job, args in jobs:

        def draw(job: Callable[..., Any] = job, args: tuple[Any, ...] = args) -> bytes:
            made = job(*args)
            return made if isinstance(made, bytes) else made[0]

        took, size = cpu(draw, draws)
        print(f"card {job.__name__}: {1000 * took:.1f} ms CPU, {size:,} bytes")
        # The same card with an avatar: the profile's and the win card's.
        avatar = sample_avatar()
        if job.__name__ == "profile_card":
            args = (replace(args[0], avatar=avatar), *args[1:])
        elif job.__name__ == "win_card":
            args = (*args[:11], avatar, *args[12:])
        else:
            continue
        took, size = cpu(partial(draw, job, args), draws)
        print(f"card {job.__name__} with an avatar: {1000 * took:.1f} ms CPU, {size:,} bytes")


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
        stats_card = next(args_[0] for job, args_ in recorder.jobs if job.__name__ == "stats_card")
        side_by_side(stats_card, args.draws)
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--draws", type=int, default=20)
    asyncio.run(main(parser.parse_args()))
