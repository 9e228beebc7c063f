"""Puzzle Streak end to end: the real bot process and the local Discord
server, on both stores. A run started with ``/puzzle mode:streak`` on a
private board, a right move picked from its menu, a skip used (a second
refused), a wrong move ending it with the move that kept the win shown, a
press by another player playing nothing, and the best run on ``/profile``
after a restart."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord
from tests.fake_discord.payloads import EPHEMERAL, Reply, alt_of, controls


async def puzzle_of(database_url: str, reply: Reply) -> tuple[int, tuple[str, ...], list[str]]:
    """The puzzle a streak board shows: its id, the moves that keep the win,
    and every legal move."""
    menu = reply.component(":move")
    puzzle_id = int(menu["custom_id"].split(":")[1])
    [(profile, options, start, keeping)] = await execute(
        database_url,
        "SELECT profile, options, start, keeping FROM one_move_puzzles WHERE id = ?",
        puzzle_id,
    )
    game = load_position(str(profile), json.loads(str(start)), **json.loads(str(options)))
    legal = [move.notation for move in game.legal_moves()]
    return puzzle_id, tuple(json.loads(str(keeping))), legal


async def pick(server: FakeDiscord, reply: Reply, move: str, who: dict[str, Any] = ALICE) -> Reply:
    """Picks *move* from a streak board's menu, opening its pile's own list
    first where the menu shows that pile by one entry."""
    menu = reply.component(":move")
    values = [option["value"] for option in menu["options"]]
    if move not in values:
        pile = next(v for v in values if v.startswith("from:") and move.split()[0] == v[5:])
        reply = await server.press(server.message(reply), menu["custom_id"], values=[pile], who=who)
        menu = reply.component(":move")
        assert move in [option["value"] for option in menu["options"]]
    return await server.press(server.message(reply), menu["custom_id"], values=[move], who=who)


async def test_a_streak_runs_to_its_first_mistake_and_its_best_shows_after_a_restart(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    started = await server.slash("puzzle", {"mode": "streak"})
    assert started.ephemeral and started.files and "Puzzle Streak!" in started.content
    assert "Puzzle 1 · " in started.content and alt_of(started.data)
    _, keeping, _ = await puzzle_of(database_url, started)

    right = await pick(server, started, keeping[0])
    assert right.kind == 7 and right.files and server.message(right)["flags"] & EPHEMERAL
    assert f"Right: `{keeping[0]}` keeps the win. Your streak: 1." in right.content
    assert "Puzzle 2 · " in right.content

    old = await server.press(server.message(started), started.component(":skip")["custom_id"])
    assert old.ephemeral and "board is old" in old.content  # the board the run moved past

    _, kept, _ = await puzzle_of(database_url, right)
    skip = right.component(":skip")
    assert not skip.get("disabled")
    skipped = await server.press(server.message(right), skip["custom_id"])
    assert "Skipped: " in skipped.content and f"`{kept[0]}`" in skipped.content
    assert skipped.component(":skip").get("disabled")
    again = await server.press(server.message(skipped), skipped.component(":skip")["custom_id"])
    assert again.ephemeral and "used this run's one skip" in again.content

    _, keeping, legal = await puzzle_of(database_url, skipped)
    menu = skipped.component(":move")  # a forged press by another player
    theirs = await server.press(
        server.message(skipped), menu["custom_id"], values=[menu["options"][0]["value"]], who=BOB
    )
    assert theirs.ephemeral and "board is old" in theirs.content
    wrong = next(move for move in legal if move not in keeping)
    ended = await pick(server, skipped, wrong)
    assert f"`{wrong}` loses the win. `{keeping[0]}`" in ended.content
    assert "Your run ends: 1 puzzle right." in ended.content
    assert "A new best run: 1!" in ended.content
    assert not controls(ended.data) and ended.files  # the position it ended on, no controls

    await bot.kill()
    await bot.start()
    profile = await server.slash("profile")
    assert "Puzzle Streak: best run 1 (1 run)" in json.dumps(profile.data)
    [(score, best, playing)] = await execute(
        database_url, "SELECT score, best, puzzle_id FROM puzzle_runs WHERE user_id = ?",
        int(ALICE["id"]),
    )  # fmt: skip
    assert (score, best, playing) == (1, 1, None)


async def test_a_run_in_play_goes_on_after_a_restart_from_its_board_and_its_command(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    started = await server.slash("puzzle", {"mode": "streak"}, who=BOB, dm=True)  # in a DM
    assert started.ephemeral and started.files and "Puzzle Streak!" in started.content
    _, keeping, _ = await puzzle_of(database_url, started)
    await bot.kill()
    await bot.start()
    right = await pick(server, started, keeping[0], who=BOB)  # its board still plays
    assert "Your streak: 1." in right.content
    shown = await server.slash("puzzle", {"mode": "streak"}, who=BOB)
    assert "goes on: 1 right so far" in shown.content
    assert shown.component(":move")["custom_id"] == right.component(":move")["custom_id"]


#: A Calculation game of deal 6 lost by a fair player (``tools/puzzle_seed.py``'s
#: player): the position before its losing move makes a one-move puzzle.
CALCULATION_LOST = json.loads(
    (Path(__file__).parent / "data" / "calculation_lost.json").read_text()
)


async def test_a_reviewed_lost_game_gives_a_one_move_puzzle_that_names_no_one(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    moves = CALCULATION_LOST["moves"]
    await execute(
        database_url,
        "INSERT INTO games (user_id, profile, version, options, deal, moves, move_count, status,"
        " started_at, updated_at, finished_at) VALUES (?, 'calculation', 1, '{}', ?, ?, ?,"
        " 'resigned', 1000, 2000, 2000)",
        int(ALICE["id"]), CALCULATION_LOST["deal"], json.dumps(moves), len(moves),
    )  # fmt: skip
    asked = await server.slash("review")
    assert asked.kind == 5
    review = await asyncio.wait_for(server.posted.get(), 30)
    assert "could be won" in review.content
    kept: list[Any] = []
    for _ in range(100):  # looked for after the review is out, in a worker
        kept = await execute(
            database_url,
            "SELECT deal, source, keeping FROM one_move_puzzles WHERE source IS NOT NULL",
        )
        if kept:
            break
        await asyncio.sleep(0.1)
    [(deal, source, keeping)] = kept
    assert deal == CALCULATION_LOST["deal"] and json.loads(str(keeping))
    assert str(ALICE["id"]) not in str(source)  # a keyed digest: it names no one
