"""Runs the real bot (``python -m bot``) against the fake Discord server."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fake_discord import GUILD_ID, FakeDiscord

TOKEN = "test-token.never-logged.abc123"
ROOT = Path(__file__).resolve().parent.parent


class BotProcess:
    def __init__(
        self,
        server: FakeDiscord,
        folder: Path,
        database_url: str | None = None,
        *,
        program: tuple[str, ...] = ("-m", "bot"),
        **env: str,
    ) -> None:
        #: What the interpreter runs: the bot, or (benchmarks) another bot.
        self.program = program
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

    async def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *self.program, cwd=self.folder, env=self.env,
                stdout=log, stderr=log,
            )  # fmt: skip
        ready = asyncio.ensure_future(self.server.wait_ready(self.shards, timeout=30))
        exited = asyncio.ensure_future(self.process.wait())
        await asyncio.wait((ready, exited), return_when=asyncio.FIRST_COMPLETED)
        exited.cancel()
        if not ready.done() or ready.exception() is not None:
            ready.cancel()
            raise AssertionError(f"the bot did not connect:\n{self.log.read_text()}")
        # The tree syncs in setup_hook, before the gateway connects.
        assert self.server.commands, self.log.read_text()

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.server.disconnected(self.shards)

    async def stop(self) -> int:
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
            self.server.disconnected(self.shards)
        return self.process.returncode or 0
