"""A Klondike game with no limit on passes at the 2,000-move cap, hundreds
of redeals in, is hinted and reviewed through the real bot like any other."""

from __future__ import annotations

import json

from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, FakeDiscord
from tests.test_long_games import redealt


async def test_a_game_past_255_redeals_is_hinted_and_reviewed(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    rules = {"game": "klondike", "deal": 4711, "draw": 3, "passes": "unlimited"}
    await server.slash("play", rules)
    game = redealt(1999)  # one move short of the cap: a hint may still be played
    assert game.redeals > 255
    await execute(
        database_url,
        "UPDATE games SET moves = ?, move_count = ?, revision = revision + 1 WHERE user_id = ?",
        json.dumps(game.to_record()["moves"]), len(game.moves), int(ALICE["id"]),
    )  # fmt: skip
    hinted = await server.slash("hint", timeout=10)
    assert hinted.ephemeral and "went wrong" not in hinted.content, hinted.content
    assert hinted.content.startswith(("Hint", "This game can no longer be won")), hinted.content
    await server.slash("resign")
    reviewed = await server.slash("review", timeout=10)
    assert "went wrong" not in reviewed.content, reviewed.content
