"""Heavy work never stalls other players: the real bot process, with its
worker processes, through the local Discord server."""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.usecases.changing import MAX_MOVES
from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, FakeDiscord, Reply, user
from tests.helpers import not_today

#: A move must come back within this while others' heavy work runs.
MOVE_DEADLINE = 1.0
EIGHT_MIB = 8 * 1024 * 1024


@pytest.fixture
async def bot(server: FakeDiscord, tmp_path: Path, database_url: str) -> AsyncIterator[BotProcess]:
    async with BotProcess(server, tmp_path, database_url) as process:
        yield process
    print(process.log.read_text())  # shown when a test fails


def players(count: int) -> list[dict[str, Any]]:
    return [user(8_000_000_000_000_000 + n, f"player{n}") for n in range(count)]


async def keep_moving(server: FakeDiscord, busy: asyncio.Future[Any]) -> list[float]:
    """Alice draws from the stock until *busy* is done; returns each reply's time."""
    board = await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    times = []
    while not busy.done() or len(times) < 5:
        reply = await server.press(server.message(board), board.component(":draw:")["custom_id"])
        times.append(reply.elapsed)
        assert reply.kind == 7, reply.content  # the board, edited: the move was played
        board = reply
        await asyncio.sleep(0.2)  # a quick player, under the rate limit of 30 moves in 5 s
    return times


async def test_forty_hints_at_once_never_hold_up_a_move(
    server: FakeDiscord, bot: BotProcess
) -> None:
    crowd = players(40)
    for number, who in enumerate(crowd):
        deal = not_today("casket", number + 1, number + 41)
        await server.slash("play", {"game": "casket", "deal": deal}, who=who)
    hints = asyncio.ensure_future(asyncio.gather(*(server.slash("hint", who=who) for who in crowd)))
    moves = await keep_moving(server, hints)
    answers: list[Reply] = await hints
    assert max(moves) < MOVE_DEADLINE, moves
    assert all(answer.ephemeral for answer in answers)
    searched = [a for a in answers if a.content.startswith("Hint") or "won" in a.content]
    busy = [a for a in answers if "try again in a moment" in a.content]
    assert searched and len(searched) + len(busy) == len(answers)


def a_long_win() -> tuple[dict[str, Any], list[str]]:
    """A Klondike start one King short of a win, and the moves of a long
    game from it: the King drawn and turned back, again and again, then home."""
    piles = {f"f{n}": [rank + suit for rank in "A23456789TJQK"] for n, suit in enumerate("SHDC", 1)}
    piles["f1"].pop()
    piles["s"] = ["KS"]
    start = load_position("klondike", piles, passes="unlimited").position()
    moves = ["s", "s"] * ((MAX_MOVES - 2) // 2) + ["s", "w f1"]
    return start, moves


async def test_replays_of_a_long_win_never_hold_up_a_move(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 9, "passes": "unlimited"})
    start, moves = a_long_win()
    [(game_id,)] = await execute(database_url, "SELECT id FROM games WHERE status = 'playing'")
    await execute(
        database_url,
        "UPDATE games SET start = ?, moves = ?, move_count = ?, status = 'won', shared_at = 1,"
        " finished_at = updated_at + 600 WHERE id = ?",
        json.dumps(start), json.dumps(moves), len(moves), game_id,
    )  # fmt: skip
    message = server.forged([f"sol:replay:{game_id}"])
    began = time.monotonic()
    presses = asyncio.ensure_future(
        asyncio.gather(
            *(server.press(message, f"sol:replay:{game_id}", who=who) for who in players(6))
        )
    )
    made = asyncio.ensure_future(_posts(server, 6))
    moves_times = await keep_moving(server, made)
    assert all(reply.kind == 5 for reply in await presses)  # each deferred, then posted
    gifs = await made
    assert max(moves_times) < MOVE_DEADLINE, moves_times
    for gif in gifs:
        assert gif.files, gif.content
        data = gif.files[0][1]
        assert len(data) <= EIGHT_MIB and Image.open(io.BytesIO(data)).format == "GIF"
        assert "every" in gif.content  # sampled, and it says so
    assert time.monotonic() - began < 30


async def _posts(server: FakeDiscord, count: int) -> list[Reply]:
    """The next *count* messages the bot posts that carry a GIF."""
    gifs: list[Reply] = []
    while len(gifs) < count:
        posted = await asyncio.wait_for(server.posted.get(), 60)
        if posted.files and posted.files[0][0].endswith(".gif"):
            gifs.append(posted)
    return gifs


async def test_a_long_game_loads_and_plays_after_a_restart(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 9, "passes": "unlimited"})
    start, moves = a_long_win()
    await execute(
        database_url,
        "UPDATE games SET start = ?, moves = ?, move_count = ? WHERE status = 'playing'",
        json.dumps(start), json.dumps(moves[:-3]), len(moves) - 3,
    )  # fmt: skip
    await bot.kill()
    await bot.start()  # nothing cached: the record replays in a worker
    drawn = await server.slash("move", {"notation": "s"}, who=ALICE)
    assert f"{len(moves) - 2} moves" in drawn.content
    undone = await server.slash("undo")
    assert f"{len(moves) - 3} moves" in undone.content and undone.elapsed < MOVE_DEADLINE
