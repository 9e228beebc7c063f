"""``/mydata export`` end to end: the real bot process and the local Discord
server, on both stores. Asserted from what the server received."""

from __future__ import annotations

import asyncio
import json

from tests.botprocess import BotProcess
from tests.fake_discord import BOB, FakeDiscord


async def test_a_player_exports_a_file_with_the_moves_of_their_game(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    await server.slash("move", {"notation": "s"})
    await server.slash("play", {"game": "casket", "deal": 9}, who=BOB)
    asked = await server.slash("mydata export")
    assert asked.kind == 5 and asked.ephemeral  # "thinking…", for the player alone
    sent = await asyncio.wait_for(server.posted.get(), 10)
    assert sent.ephemeral and "Everything the bot keeps about you" in sent.content
    [(name, content)] = sent.files
    assert name == "solitaire-data.json"
    data = json.loads(content)
    [game] = data["tables"]["games"]
    assert (game["profile"], game["deal"], game["moves"]) == ("klondike", 4711, ["s"])
    # Once an hour: the second answer says when, privately, and sends nothing.
    again = await server.slash("mydata export")
    refused = await asyncio.wait_for(server.posted.get(), 10)
    assert again.ephemeral and refused.ephemeral and not refused.files
    assert "less than an hour ago" in refused.content and "<t:" in refused.content
