"""Puzzle Racer end to end: the real bot process and the local Discord
server, on both stores. A race card joined by three players and started by
its host; each racer dealt the same first puzzle on a private board; right
and wrong moves scored; the card edited with the scores and closed with a
podium; a player not in the race refused its boards; and each racer's
puzzles shown once it is over. Time is made to pass by moving the race's
own times in the store (the bot's sweep reads them)."""

from __future__ import annotations

import json
import time
from typing import Any

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, user
from tests.fake_discord.payloads import COMPONENTS_V2, Reply
from tests.test_races_e2e import Race, is_private_board, mention
from tests.test_streaks_e2e import pick

CAROL = user(5_000_000_000_000_710, "carol")
DAN = user(5_000_000_000_000_720, "dan")  # not in the race


async def moves_of(database_url: str, puzzle_id: int) -> tuple[list[str], list[str]]:
    """A one-move puzzle's moves that keep the win, and all its legal moves."""
    [(keeping, start, options, profile)] = await execute(
        database_url,
        "SELECT keeping, start, options, profile FROM one_move_puzzles WHERE id = ?",
        puzzle_id,
    )
    game = load_position(str(profile), json.loads(str(start)), **json.loads(str(options)))
    return json.loads(str(keeping)), [move.notation for move in game.legal_moves()]


async def first_pick(server: FakeDiscord, reply: Reply, who: dict[str, Any]) -> Reply:
    """*who* picks the first entry of a board's menu."""
    menu = reply.component(":move")
    value = menu["options"][0]["value"]
    return await server.press(server.message(reply), menu["custom_id"], values=[value], who=who)


async def test_three_racers_race_the_same_puzzles_to_a_podium(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    posted = await server.slash("puzzle", {"mode": "racer"})
    assert not posted.ephemeral and int(posted.data["flags"]) & COMPONENTS_V2
    race = Race(server, posted)
    assert race.buttons == ["Join", "Start"] and "Puzzle Racer" in race.text
    early = await race.press("Start", ALICE)
    assert early.ephemeral and "needs two racers" in early.content
    for racer in (BOB, CAROL):
        await race.press("Join", racer)
    assert all(mention(racer) in race.text for racer in (ALICE, BOB, CAROL))
    again = await race.press("Join", BOB)
    assert again.ephemeral and "in this race already" in again.content
    theirs = await race.press("Start", BOB)
    assert theirs.ephemeral and "Only the one who opened the race starts it" in theirs.content
    await race.press("Start", ALICE)
    assert "Starts <t:" in race.text and race.buttons == ["Play"]
    waiting = await race.press("Play", BOB)
    assert waiting.ephemeral and "The race starts <t:" in waiting.content
    in_dm = await server.slash("puzzle", {"mode": "racer"}, who=DAN, dm=True)
    assert in_dm.ephemeral and "needs a server channel" in in_dm.content
    second = await server.slash("puzzle", {"mode": "racer"}, who=DAN)
    assert second.ephemeral and "open or under way in this channel" in second.content

    await execute(  # the countdown is over
        database_url, "UPDATE puzzle_races SET starts_at = ? WHERE id = ?", time.time() - 1, race.id
    )
    boards = {}
    for racer in (ALICE, BOB, CAROL):
        board = await race.press("Play", racer)
        assert is_private_board(board) and "Puzzle 1 · " in board.content
        boards[racer["id"]] = board
    firsts = {
        (board.content.split("Puzzle 1 · ")[1], board.files[0][1]) for board in boards.values()
    }
    assert len(firsts) == 1  # the same first puzzle for all, each on their own board
    outsider = await race.press("Play", DAN)
    assert outsider.ephemeral and "not in this race" in outsider.content

    [(puzzles,)] = await execute(
        database_url, "SELECT puzzles FROM puzzle_races WHERE id = ?", race.id
    )
    dealt = json.loads(str(puzzles))
    keeping, legal = await moves_of(database_url, dealt[0])
    right = keeping[0]
    wrong = next(move for move in legal if move not in keeping)
    scored = await pick(server, boards[ALICE["id"]], right, who=ALICE)
    assert f"Right: `{right}` keeps the win. +1, score 1." in scored.content
    assert "Puzzle 2 · " in scored.content
    missed = await pick(server, boards[BOB["id"]], wrong, who=BOB)
    assert f"`{wrong}` loses the win" in missed.content and "score 0" in missed.content
    forged = await first_pick(server, boards[CAROL["id"]], DAN)
    assert forged.ephemeral and "not in this race" in forged.content
    await pick(server, boards[CAROL["id"]], right, who=CAROL)
    twice = await first_pick(server, boards[CAROL["id"]], CAROL)  # an old board
    assert twice.ephemeral and "board is old" in twice.content
    await race.until(r"1 point, 1 played.*1 point, 1 played.*0 points, 1 played")
    [(tries, deviation)] = await execute(
        database_url, "SELECT tries, deviation FROM one_move_puzzles WHERE id = ?", dealt[0]
    )
    assert tries == 3 and float(str(deviation)) < 350  # each try rated the puzzle, no racer
    [(players,)] = await execute(database_url, "SELECT count(*) FROM puzzle_players")
    assert players == 0

    await bot.kill()  # a restart mid-race: the race goes on, its scores kept
    await bot.start()
    keeping, _ = await moves_of(database_url, dealt[1])
    on = await pick(server, scored, keeping[0], who=ALICE)  # its board still plays
    assert "+1, score 2." in on.content and "Combo 2!" in on.content
    await execute(  # the race's time is up
        database_url, "UPDATE puzzle_races SET ends_at = ? WHERE id = ?", time.time() - 1, race.id
    )
    await race.until("The race is over", timeout=8.0)
    assert f"🥇 {mention(ALICE)}: 2 points" in race.text
    assert f"🥈 {mention(CAROL)}: 1 point" in race.text
    assert f"🥉 {mention(BOB)}: 0 points" in race.text
    menu = scored.component(":move")  # a pick on a board of the race, once it is over
    late = await server.press(
        server.message(scored), menu["custom_id"], values=[menu["options"][0]["value"]]
    )
    assert late.ephemeral and "The race is over: your score 2." in late.content
    assert f"1. ✅ `{right}`" in late.content and f"2. ✅ `{keeping[0]}`" in late.content
    summary = await race.press("Play", BOB)
    assert "your score 0" in summary.content and f"1. ❌ `{right}`" in summary.content
    profile = await server.slash("profile")
    assert "Puzzle Racer: best score 2 (1 race)" in json.dumps(profile.data)
