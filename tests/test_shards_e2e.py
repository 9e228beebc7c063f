"""One bot, two processes: shards 0 and 1 of 2, sharing one PostgreSQL
database, driven through the local Discord server, which sends each server's
events to its shard and DMs to shard 0."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.botprocess import BotProcess
from tests.databases import SERVER, execute, fresh_database
from tests.fake_discord import GUILD_B, GUILD_ID, FakeDiscord, Reply

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.skipif(not SERVER, reason="needs TEST_DATABASE_URL: a PostgreSQL server"),
]


@pytest.fixture
async def postgres_url(tmp_path: Path) -> AsyncIterator[str]:
    async with fresh_database("postgresql", tmp_path) as url:
        yield url


@pytest.fixture
async def shards(
    server: FakeDiscord, tmp_path: Path, postgres_url: str
) -> AsyncIterator[tuple[BotProcess, BotProcess]]:
    folders = tmp_path / "0", tmp_path / "1"
    for folder in folders:
        folder.mkdir()
    first = BotProcess(server, folders[0], postgres_url, SHARD_COUNT="2", SHARD_IDS="0")
    second = BotProcess(server, folders[1], postgres_url, SHARD_COUNT="2", SHARD_IDS="1")
    async with first, second:
        yield first, second
    for process in (first, second):
        print(process.log.read_text())  # shown when a test fails


def moves_in(reply: Reply) -> int:
    match = re.search(r"(\d+) moves?\b", reply.content)
    assert match, reply.content
    return int(match.group(1))


async def stored_moves(url: str) -> list[str]:
    [(moves,)] = await execute(url, "SELECT moves FROM games WHERE status = 'playing'")
    return list(json.loads(str(moves)))


async def test_one_game_across_both_processes_and_a_dm(
    server: FakeDiscord, shards: tuple[BotProcess, BotProcess], postgres_url: str
) -> None:
    assert server.shard_of(GUILD_ID) == 0 and server.shard_of(GUILD_B) == 1
    rules = {"game": "klondike", "deal": 4711, "passes": "unlimited"}
    started = await server.slash("play", rules, guild_id=GUILD_ID)  # shard 0
    assert "0 moves" in started.content
    there = await server.slash("move", {"notation": "s"}, guild_id=GUILD_B)  # shard 1
    assert moves_in(there) == 1
    dm = await server.slash("move", {"notation": "s"}, dm=True)  # DMs: shard 0
    assert moves_in(dm) == 2
    shown = await server.slash("show", guild_id=GUILD_B)
    assert moves_in(shown) == 2 and await stored_moves(postgres_url) == ["s", "s"]


async def test_moves_alternating_between_processes_are_each_stored_once(
    server: FakeDiscord, shards: tuple[BotProcess, BotProcess], postgres_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    for number in range(20):
        guild = (GUILD_ID, GUILD_B)[number % 2]
        reply = await server.slash("draw", guild_id=guild)
        assert not reply.ephemeral, reply.content
        assert moves_in(reply) == number + 1  # acknowledged: it is the game's next move
    assert await stored_moves(postgres_url) == ["s"] * 20


async def test_a_killed_shard_leaves_the_other_serving_and_loses_nothing(
    server: FakeDiscord, shards: tuple[BotProcess, BotProcess], postgres_url: str
) -> None:
    _, second = shards
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    await server.slash("draw", guild_id=GUILD_B)
    await second.kill()
    for _ in range(3):  # shard 0's servers and DMs are answered meanwhile
        reply = await server.slash("draw", guild_id=GUILD_ID)
        assert reply.elapsed < 3.0 and not reply.ephemeral
    with pytest.raises(ConnectionError):  # nobody serves shard 1 now
        await server.slash("draw", guild_id=GUILD_B)
    await second.start()
    back = await server.slash("draw", guild_id=GUILD_B)
    assert moves_in(back) == 5
    assert await stored_moves(postgres_url) == ["s"] * 5
