"""The worker pools, with real worker processes: a dead worker replaces its
own pool once and no other, a hung one is ended at its kind's time limit."""

from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest

from bot.usecases.workers import LIMITS, Busy, Kind, Workers


@pytest.fixture
async def workers() -> Workers:
    pools = Workers(2)
    await pools.start()
    yield pools  # type: ignore[misc]
    await pools.close()


async def test_a_dead_worker_replaces_its_own_pool_once_and_no_other(
    workers: Workers, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The jobs that die with the worker run long, and their limits are far
    # off: on a loaded machine the break may be seen a few seconds late, and
    # they must neither finish nor be timed out before it is.
    monkeypatch.setitem(LIMITS, Kind.SEARCH, 60.0)
    monkeypatch.setitem(LIMITS, Kind.CARD, 60.0)
    replay_worker = await workers.run(Kind.REPLAY, os.getpid)
    with caplog.at_level(logging.ERROR, "bot.usecases.workers"):
        found = await asyncio.gather(
            workers.run(Kind.SEARCH, os._exit, 1),  # its worker dies; the others' jobs with it
            workers.run(Kind.SEARCH, time.sleep, 30.0),
            workers.run(Kind.CARD, time.sleep, 30.0),
            return_exceptions=True,
        )
    assert all(isinstance(result, Busy) for result in found), found
    assert [record.getMessage() for record in caplog.records] == [
        "waited-for workers died; starting new ones"
    ]
    assert await workers.run(Kind.REPLAY, os.getpid) == replay_worker  # kept, and working
    assert await workers.run(Kind.SEARCH, abs, -2) == 2  # the new pool works
    assert await workers.run(Kind.VERDICT, abs, -3) == 3  # the other pool was never touched


async def test_a_job_past_its_time_limit_frees_its_player_and_its_pool_is_replaced(
    workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LIMITS, Kind.CARD, 0.5)
    started = time.monotonic()
    with pytest.raises(Busy):
        await workers.run(Kind.CARD, time.sleep, 60, player=7)
    assert time.monotonic() - started < 2.0
    assert workers.refuses(Kind.CARD, 7) is None  # the player is free again
    # The new workers may take a while to start on a loaded machine: the
    # next job is given the usual time.
    monkeypatch.setitem(LIMITS, Kind.CARD, 30.0)
    assert await workers.run(Kind.CARD, abs, -4, player=7) == 4


async def test_a_grade_past_its_time_replaces_the_grading_worker_and_no_move_waits(
    workers: Workers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LIMITS, Kind.GRADE, 1.0)
    others = {kind: await workers.run(kind, os.getpid) for kind in (Kind.REPLAY, Kind.SEARCH)}
    grading = asyncio.ensure_future(workers.run(Kind.GRADE, time.sleep, 60))
    await asyncio.sleep(0.2)
    # Meanwhile a move's replay and a hint are answered as ever.
    started = time.monotonic()
    assert await workers.run(Kind.REPLAY, abs, -1) == 1
    assert await workers.run(Kind.SEARCH, abs, -2) == 2
    assert time.monotonic() - started < 0.5
    with pytest.raises(Busy):
        await grading
    assert workers.replaced == {"grading": 1}
    monkeypatch.setitem(LIMITS, Kind.GRADE, 30.0)
    assert await workers.run(Kind.GRADE, abs, -3) == 3  # a new grading worker
    assert await workers.run(Kind.REPLAY, os.getpid) == others[Kind.REPLAY]  # kept


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle class")
async def test_verdicts_run_only_on_a_core_nothing_else_wants_and_hints_do_not(
    workers: Workers,
) -> None:
    # A verdict's search must never hold a core the bot's process wakes to
    # answer on; a hint is waited for, so it keeps its place in line.
    assert await workers.run(Kind.VERDICT, os.sched_getscheduler, 0) == os.SCHED_IDLE
    assert await workers.run(Kind.SEARCH, os.sched_getscheduler, 0) != os.SCHED_IDLE
    assert await workers.run(Kind.SEARCH, os.getpriority, os.PRIO_PROCESS, 0) == 10
