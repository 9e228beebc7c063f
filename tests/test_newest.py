"""The queue where a game's newest position wins: a newer request replaces
one still waiting, one per game runs at a time, and no more than the slots."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.usecases.newest import Newest


class Jobs:
    """Jobs that run until released, noting when each starts."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = asyncio.Event()

    def job(self, name: str) -> Callable[[], Awaitable[str]]:
        async def run() -> str:
            self.started.append(name)
            await self.release.wait()
            return name

        return run


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_a_newer_request_for_a_game_replaces_the_one_waiting_and_the_older_never_runs() -> (
    None
):
    queue, jobs = Newest(1, waiting=8), Jobs()
    running = asyncio.ensure_future(queue.run(1, jobs.job("game 1, move 1")))
    await settle()
    stale = asyncio.ensure_future(queue.run(2, jobs.job("game 2, move 1")))
    await settle()
    newest = asyncio.ensure_future(queue.run(2, jobs.job("game 2, move 2")))
    await settle()
    assert await stale is None  # given way at once, before any slot was free
    assert jobs.started == ["game 1, move 1"]
    jobs.release.set()
    assert await running == "game 1, move 1" and await newest == "game 2, move 2"
    assert jobs.started == ["game 1, move 1", "game 2, move 2"] and queue.dropped == 1


async def test_a_games_request_waits_for_its_running_one_while_other_games_go_ahead() -> None:
    queue, jobs = Newest(2, waiting=8), Jobs()
    first = asyncio.ensure_future(queue.run(1, jobs.job("game 1, move 1")))
    await settle()
    again = asyncio.ensure_future(queue.run(1, jobs.job("game 1, move 2")))
    other = asyncio.ensure_future(queue.run(2, jobs.job("game 2, move 1")))
    await settle()
    assert jobs.started == ["game 1, move 1", "game 2, move 1"]  # a slot was free, not for game 1
    jobs.release.set()
    assert [await first, await again, await other] == [
        "game 1, move 1", "game 1, move 2", "game 2, move 1"
    ]  # fmt: skip


async def test_no_more_run_at_once_than_the_slots_and_past_the_waiting_room_none_waits() -> None:
    queue, jobs = Newest(2, waiting=2), Jobs()
    requests = [
        asyncio.ensure_future(queue.run(game, jobs.job(f"game {game}"))) for game in range(6)
    ]
    await settle()
    assert jobs.started == ["game 0", "game 1"]
    assert [await request for request in requests[4:]] == [None, None]  # no room to wait
    jobs.release.set()
    assert [await request for request in requests[:4]] == ["game 0", "game 1", "game 2", "game 3"]
    assert queue.dropped == 2


async def test_a_request_given_up_while_waiting_frees_its_place_and_a_failed_job_its_slot() -> None:
    queue, jobs = Newest(1, waiting=1), Jobs()

    async def fails() -> str:
        raise OSError("the store is away")

    running = asyncio.ensure_future(queue.run(1, jobs.job("game 1")))
    await settle()
    waiting = asyncio.ensure_future(queue.run(2, jobs.job("game 2")))
    await settle()
    waiting.cancel()
    await settle()
    later = asyncio.ensure_future(queue.run(3, fails))  # room to wait again
    await settle()
    jobs.release.set()
    assert await running == "game 1"
    with pytest.raises(OSError):
        await later
    assert await queue.run(4, jobs.job("game 4")) == "game 4"  # the failed job gave its slot back


async def test_a_request_given_up_just_as_a_slot_frees_takes_no_slot() -> None:
    queue, jobs = Newest(1, waiting=4), Jobs()
    waiting: list[asyncio.Future[str | None]] = []

    async def gives_up_the_next() -> str:
        await jobs.release.wait()
        waiting[0].cancel()  # and the slot frees before that request hears it
        return "game 1"

    running = asyncio.ensure_future(queue.run(1, gives_up_the_next))
    await settle()
    waiting.append(asyncio.ensure_future(queue.run(2, jobs.job("game 2"))))
    await settle()
    jobs.release.set()
    assert await running == "game 1"
    (given_up,) = await asyncio.gather(*waiting, return_exceptions=True)
    assert isinstance(given_up, asyncio.CancelledError)
    assert await queue.run(3, jobs.job("game 3")) == "game 3"  # the slot is free again
