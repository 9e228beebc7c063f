"""Graded deals end to end: ``/play difficulty``, the stars on boards and
cards, and par on a win; the real bot process and the local Discord."""

from __future__ import annotations

import json

from solitaire import VARIANTS, grade_of
from solitaire.grading import measure
from solitaire.pool import deal_grade
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import FakeDiscord, Reply
from tests.fake_discord.payloads import alt_of


def deal_of(reply: Reply) -> int:
    return int(reply.content.split("deal ")[1].split()[0].strip("·,."))


async def test_play_by_difficulty_deals_a_graded_deal_and_shows_its_stars(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    easy = await server.slash("play", {"game": "klondike", "difficulty": 1})
    assert "★☆☆☆☆" in easy.content
    grade = deal_grade(VARIANTS["klondike"], {}, deal_of(easy))
    assert grade is not None and grade.stars == 1
    assert "difficulty 1 of 5" in alt_of(easy.data)  # the table in words says it too
    await execute(database_url, "DELETE FROM cooldowns")
    hard = await server.slash("play", {"game": "castles-end", "difficulty": 5})
    assert "★★★★★" in hard.content
    grade = deal_grade(VARIANTS["castles-end"], {}, deal_of(hard))
    assert grade is not None and grade.stars == 5


async def test_new_deal_keeps_the_difficulty(server: FakeDiscord, bot: BotProcess) -> None:
    await server.slash("play", {"game": "klondike", "draw": 3, "deal": 4711})
    await server.slash("move", {"notation": "s"})
    choice = await server.slash("play", {"game": "klondike", "draw": 3, "difficulty": 4})
    assert choice.ephemeral and "in progress" in choice.content
    fresh = await server.press(server.message(choice), choice.component("sol:new:")["custom_id"])
    assert "draw 3" in fresh.content and "★★★★☆" in fresh.content
    grade = deal_grade(VARIANTS["klondike"], {"draw": 3}, deal_of(fresh))
    assert grade is not None and grade.stars == 4


async def test_a_difficulty_with_a_deal_or_for_ungraded_rules_is_refused(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    both = await server.slash("play", {"game": "klondike", "deal": 5, "difficulty": 2})
    assert both.ephemeral and both.content == "Choose a deal number or a difficulty, not both."
    ungraded = await server.slash(
        "play", {"game": "klondike", "passes": "unlimited", "difficulty": 2}
    )
    assert ungraded.ephemeral and "have no difficulty yet" in ungraded.content
    [(games,)] = await execute(database_url, "SELECT COUNT(*) FROM games")
    assert games == 0
    # A deal chosen by number shows stars only if a pool grades it.
    chosen = await server.slash("play", {"game": "klondike", "deal": 3})
    assert "★" not in chosen.content and "☆" not in chosen.content


async def test_a_win_at_par_says_so_and_the_win_card_shows_par(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    board = await server.slash("play", {"game": "calculation", "difficulty": 2})
    game = VARIANTS["calculation"](deal=deal_of(board))
    found = measure(game)
    grade = grade_of(game)
    assert found is not None and grade is not None and found.par == grade.par
    # Every move of the par line but the last, as if played.
    moves = [move.notation for move in found.par_line]
    await execute(
        database_url,
        "UPDATE games SET moves = ?, move_count = ?, revision = revision + 1"
        " WHERE status = 'playing'",
        json.dumps(moves[:-1]),
        len(moves) - 1,
    )
    won = await server.slash("move", {"notation": moves[-1]})
    assert "You won" in won.content
    assert f"⛳ At par: {grade.par} moves is the fewest the solver knows." in won.content
    shared = await server.press(server.message(won), won.component(":share:")["custom_id"])
    words = alt_of(shared.data)
    assert f"par · matched: {grade.par}" in words and "difficulty: 2/5" in words
