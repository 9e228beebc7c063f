"""What an attacker or an unlucky operator does, through the real bot process
and the local Discord server: forged presses, markdown in names, a second
process on the same shard, a locked database."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, user

EVIL = "@everyone [free nitro](https://evil.example) ||x||"


@pytest.fixture
async def bot(server: FakeDiscord, tmp_path: Path, database_url: str) -> AsyncIterator[BotProcess]:
    async with BotProcess(server, tmp_path, database_url) as process:
        yield process
    print(process.log.read_text())  # shown when a test fails
    assert "Traceback" not in process.log.read_text()


async def test_forged_deal_and_replay_presses_on_unshared_games_are_refused(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711}, dm=True)  # Alice's, private
    [(game_id,)] = await execute(database_url, "SELECT id FROM games")
    ids = [f"sol:deal:{game_id}", f"sol:replay:{game_id}", f"sol:cheer:{game_id}"]
    message = server.forged(ids)  # a DM game: never on a message
    for custom_id in ids:
        refused = await server.press(message, custom_id, who=BOB)
        assert refused.ephemeral and "was not shared" in refused.content
        assert "alice" not in refused.content.lower() and ALICE["id"] not in refused.content
    # A review of someone else's game, or of no game at all, shows nothing of
    # it: refused at once, privately, before anything is said in public.
    for custom_id in (f"sol:review:{game_id}", "sol:review:999999"):
        said = await server.press(server.forged([custom_id]), custom_id, who=BOB)
        assert said.kind == 4 and said.ephemeral and not said.files
        assert "could" not in said.content and "`" not in said.content
        assert "alice" not in said.content.lower() and ALICE["id"] not in said.content
    assert await execute(database_url, "SELECT count(*) FROM games") == [(1,)]


async def test_a_name_full_of_markdown_is_shared_as_plain_text(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    evil = user(5_000_000_000_000_009, EVIL)
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["f1"].pop()
    piles["1"] = ["KS"]
    await server.slash("play", {"game": "klondike", "deal": 9}, who=evil)
    start = json.dumps(load_position("klondike", piles).to_record()["start"])
    await execute(database_url, "UPDATE games SET start = ? WHERE status = 'playing'", start)
    won = await server.slash("move", {"notation": "1f"}, who=evil)
    shared = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=evil
    )
    assert "\\@everyone \\[free nitro\\]\\(https\\:" in shared.content
    assert "](https://" not in shared.content and "||" not in shared.content.replace("\\|", "")


async def test_ids_too_large_for_any_game_get_a_short_answer(
    server: FakeDiscord, bot: BotProcess
) -> None:
    huge = "9" * 25
    ids = [f"sol:{huge}:draw:0", f"sol:deal:{huge}", f"sol:replay:{huge}"]
    message = server.forged(ids, menu=f"sol:{huge}:move:0")
    for custom_id in ids:
        reply = await server.press(message, custom_id)
        assert reply.ephemeral and "no longer exists" in reply.content, reply.content
    chosen = await server.press(message, f"sol:{huge}:move:0", values=["s"])
    assert chosen.ephemeral and "no longer exists" in chosen.content


async def test_a_second_process_on_the_same_shard_stops_with_one_line(
    server: FakeDiscord, bot: BotProcess, tmp_path: Path, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    (tmp_path / "second").mkdir()
    second = BotProcess(server, tmp_path / "second", database_url)
    await second.start()  # the shard is connected already: by the first
    assert second.process is not None
    assert await asyncio.wait_for(second.process.wait(), 20) == 2
    errors = [line for line in second.log.read_text().splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "already run by another process" in errors[0], errors
    drawn = await server.slash("draw")  # the first goes on, alone: one move, stored once
    assert "1 move" in drawn.content
    await bot.kill()  # a killed holder's lease is taken over at once on its machine
    await second.start()
    assert "2 moves" in (await server.slash("draw")).content
    await second.stop()


async def test_a_locked_database_gets_a_short_answer_and_reads_go_on(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("another process holding the file: SQLite's case")
    await server.slash("play", {"game": "klondike", "deal": 4711, "passes": "unlimited"})
    holder = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        busy = await server.slash("draw")
        assert busy.ephemeral and "nothing was played" in busy.content
        shown = await server.slash("show")  # reads do not wait for the stuck write
        assert "0 moves" in shown.content and shown.elapsed < 1.0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "1 move" in (await server.slash("draw")).content
