"""A registration Discord refuses never takes the bot down: the bot says
what was refused, a line a field, and serves the commands Discord kept."""

from __future__ import annotations

from pathlib import Path

from tests.botprocess import BotProcess
from tests.fake_discord import FakeDiscord


async def test_a_refused_sync_leaves_a_bot_that_answers_play(
    server: FakeDiscord, tmp_path: Path
) -> None:
    async with BotProcess(server, tmp_path):
        registered = server.commands
    kept = {scope: list(commands) for scope, commands in registered.items()}
    server.fail_next("put_commands", 400)  # Discord refuses /play's description
    async with BotProcess(server, tmp_path) as bot:
        assert server.commands == kept  # Discord keeps what it had
        reply = await server.slash("play", {"game": "klondike", "deal": 4711})
        assert reply.files and "Klondike" in reply.content
    log = bot.log.read_text().splitlines()
    refused = [line for line in log if "ERROR" in line]
    assert len(refused) == 1, refused
    assert refused[0].endswith(
        "Discord refused the commands: play › description: "
        "Must be between 1 and 100 in length: 101 characters"
    )
    assert any("INFO" in line and "the command list is stale" in line for line in log)
    assert not any("Traceback" in line for line in log)
