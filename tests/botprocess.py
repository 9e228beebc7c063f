"""Runs the real bot (``python -m bot``) against the fake Discord server.

Each bot runs in a process group of its own, with the workers it starts, and
is ended with them: a bot whose start fails is stopped before the error is
raised, and :func:`survivors` names any group that outlived its test (the
test run fails on one: ``tests/conftest.py``).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import signal
import sys
import time
from pathlib import Path

from tests.fake_discord import GUILD_ID, FakeDiscord

TOKEN = "test-token.never-logged.abc123"
ROOT = Path(__file__).resolve().parent.parent
#: Every bot's process group started in this process, with the test that started it.
_STARTED: dict[int, str] = {}


def members(group: int) -> list[int]:
    """The live processes of a process group; zombies are dead already."""
    proc = Path("/proc")
    if not proc.is_dir():  # no procfs: ask the kernel about the group as a whole
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return []
        return [group]
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone while we looked
            continue
        state, _parent, process_group = stat.rsplit(")", 1)[1].split()[:3]
        if int(process_group) == group and state != "Z":
            found.append(int(entry.name))
    return found


def end_group(group: int, seconds: float = 5) -> None:
    """Kills what is left of a process group, and waits (a few ms) until it is gone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)
    deadline = time.monotonic() + seconds
    while members(group) and time.monotonic() < deadline:
        time.sleep(0.01)


def survivors() -> dict[int, str]:
    """The bots' process groups still alive, with the test that started each."""
    return {group: test for group, test in _STARTED.items() if members(group)}


@atexit.register
def _end_all() -> None:
    """The last resort: a test process that ends ends its bots too."""
    for group in list(_STARTED):
        end_group(group)


class BotProcess:
    def __init__(
        self,
        server: FakeDiscord,
        folder: Path,
        database_url: str | None = None,
        *,
        program: tuple[str, ...] = ("-m", "bot"),
        connect_seconds: float = 30,
        **env: str,
    ) -> None:
        #: What the interpreter runs: the bot, or (benchmarks) another bot.
        self.program = program
        #: How long the bot may take to connect before it is given up.
        self.connect_seconds = connect_seconds
        self.server = server
        self.folder = folder
        self.log = folder / "bot.log"
        self.env = {
            **os.environ,
            **server.env,
            "DISCORD_TOKEN": TOKEN,
            "DATABASE_URL": database_url or f"sqlite:///{folder}/bot.sqlite3",
            "DEV_GUILD_ID": str(GUILD_ID),
            "LOG_LEVEL": "INFO",
            **env,
        }
        self.process: asyncio.subprocess.Process | None = None
        ids = self.env.get("SHARD_IDS", "")
        #: The shards this process runs.
        self.shards = tuple(int(i) for i in ids.split(",")) if ids else (0,)

    async def launch(self) -> None:
        """Starts the bot's process, in a process group of its own, and
        waits for nothing."""
        with open(self.log, "ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *self.program, cwd=self.folder, env=self.env,
                stdout=log, stderr=log, start_new_session=True,
            )  # fmt: skip
        test = os.environ.get("PYTEST_CURRENT_TEST", "no test").rsplit(" (", 1)[0]
        _STARTED[self.process.pid] = test

    async def start(self) -> None:
        """Starts the bot and waits until it is connected. If it is not
        within :attr:`connect_seconds`, or registered no commands, it is
        stopped, workers and all, and :class:`AssertionError` says why."""
        await self.launch()
        assert self.process is not None
        connected = self.server.wait_ready(self.shards, timeout=self.connect_seconds)
        ready = asyncio.ensure_future(connected)
        exited = asyncio.ensure_future(self.process.wait())
        try:
            await asyncio.wait((ready, exited), return_when=asyncio.FIRST_COMPLETED)
            if not ready.done() or ready.exception() is not None:
                raise AssertionError(f"the bot did not connect:\n{self.log.read_text()}")
            # The tree syncs in setup_hook, before the gateway connects.
            if not self.server.commands:
                raise AssertionError(f"the bot registered no commands:\n{self.log.read_text()}")
        except BaseException:
            await self.stop()
            raise
        finally:
            ready.cancel()
            exited.cancel()

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def kill(self) -> None:
        """Kills the bot and its workers at once, as a machine that fails would."""
        assert self.process is not None
        end_group(self.process.pid)
        await self.process.wait()
        self.server.disconnected(self.shards)

    async def stop(self) -> int:
        """Stops the bot (SIGTERM, then SIGKILL after 10 s) and ends what it
        leaves of its workers; its exit status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
            self.server.disconnected(self.shards)
        end_group(self.process.pid)
        return self.process.returncode or 0
