"""The harness that runs the real bot ends what it starts: a bot whose start
fails, its workers with it; and the run fails if one outlives its test."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests import botprocess
from tests.botprocess import BotProcess
from tests.fake_discord import FakeDiscord

#: A "bot" that never connects and starts a worker of its own, as the bot does.
NEVER_CONNECTS = (
    "-c",
    "import subprocess, sys, time; "
    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)']); "
    "time.sleep(600)",
)


async def test_a_bot_that_never_connects_is_ended_with_its_workers(
    server: FakeDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(server, tmp_path, program=NEVER_CONNECTS, connect_seconds=1)
    with pytest.raises(AssertionError, match="did not connect"):
        await bot.start()
    assert bot.process is not None and bot.process.returncode is not None
    assert botprocess.members(bot.process.pid) == []
    assert bot.process.pid not in botprocess.survivors()


async def test_a_bot_left_running_is_named_with_its_test(
    server: FakeDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(server, tmp_path, program=NEVER_CONNECTS)
    await bot.launch()
    assert bot.process is not None
    group = bot.process.pid
    try:
        for _ in range(200):  # the bot and its worker
            if len(botprocess.members(group)) == 2:
                break
            await asyncio.sleep(0.05)
        assert len(botprocess.members(group)) == 2
        assert botprocess.survivors()[group].endswith(
            "test_botprocess.py::test_a_bot_left_running_is_named_with_its_test"
        )
    finally:
        await bot.stop()
    assert botprocess.members(group) == []
    assert group not in botprocess.survivors()
