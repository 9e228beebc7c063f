"""Puzzles end to end: the real bot process and the local Discord server,
on both stores. A lost game's review makes a puzzle that another player is
dealt, wins and is rated for; a second try counts nothing; ratings survive a
restart; the daily puzzle given up shows its line; bad input changes nothing."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from solitaire import Game, load_position
from solitaire.piles import pile_kind
from solitaire.puzzles import DEALT, PUZZLE_GAMES
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, user

CAROL = user(5_000_000_000_000_410, "Carol")


#: A Castle's End game of deal 11 lost in its last move, as a fair player
#: lost it (``tools/puzzle_seed.py``'s player): the position before that
#: move makes a puzzle.
LOST = json.loads((Path(__file__).parent / "data" / "castles_end_lost.json").read_text())


async def a_lost_game(database_url: str, user_id: int) -> None:
    """Stores the resigned game of a player who lost the win of deal 11."""
    moves = LOST["moves"]
    await execute(
        database_url,
        "INSERT INTO games (user_id, profile, version, options, deal, moves, move_count, status,"
        " started_at, updated_at, finished_at) VALUES (?, 'castles-end', 1, '{}', ?, ?, ?,"
        " 'resigned', 1000, 2000, 2000)",
        user_id, LOST["deal"], json.dumps(moves), len(moves),
    )  # fmt: skip


async def test_a_lost_game_becomes_a_puzzle_another_player_wins_and_is_rated_for(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await a_lost_game(database_url, int(ALICE["id"]))
    asked = await server.slash("review")
    assert asked.kind == 5
    review = await asyncio.wait_for(server.posted.get(), 30)
    assert "could be won" in review.content
    [(puzzle_id, line)] = await execute(
        database_url,
        "SELECT id, line FROM puzzles WHERE deal = ? AND source IS NOT NULL",
        LOST["deal"],
    )
    mine = await server.slash("puzzle", {"id": puzzle_id})
    assert mine.ephemeral and "one of your own games" in mine.content

    dealt = await server.slash("puzzle", {"id": puzzle_id}, who=BOB)
    assert dealt.ephemeral and dealt.files and f"Puzzle #{puzzle_id}" in dealt.content
    assert f"deal {LOST['deal']}" not in dealt.content  # nothing of the game it came from
    undo = await server.slash("undo", who=BOB)
    assert undo.ephemeral and "no undo" in undo.content
    for move in json.loads(str(line)):
        last = await server.slash("move", {"notation": move}, who=BOB)
        await asyncio.sleep(0.2)  # within the flood limit: 30 moves in 5 s
    assert "Solved! Your puzzle rating:" in last.content, last.content
    [(rating,)] = await execute(
        database_url, "SELECT rating FROM puzzle_players WHERE user_id = ?", int(BOB["id"])
    )
    assert float(str(rating)) > 1500

    again = await server.slash("puzzle", {"id": puzzle_id}, who=BOB)
    assert again.ephemeral and "second try would count nothing" in again.content
    [(tries,)] = await execute(database_url, "SELECT tries FROM puzzles WHERE id = ?", puzzle_id)
    assert tries == 1

    await bot.kill()
    await bot.start()
    profile = await server.slash("profile", who=BOB)
    shown = json.dumps(profile.data)
    assert f"Puzzles: rated {round(float(str(rating)))}" in shown


async def test_the_daily_puzzle_given_up_shows_its_line_and_bad_input_changes_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    unknown = await server.slash("puzzle", {"id": 987_654}, who=CAROL)
    assert unknown.ephemeral and "There is no puzzle #987654" in unknown.content
    daily = await server.slash("puzzle", {"daily": True}, who=CAROL)
    assert daily.ephemeral and "Today's puzzle" in daily.content
    again = await server.slash("puzzle", {}, who=CAROL)  # one at a time
    assert "finish it first" in again.content
    given_up = await server.slash("hint", who=CAROL)
    assert "A hint gives the puzzle up" in given_up.content
    assert "Not solved" in given_up.content and "A winning line: `" in given_up.content
    done = await server.slash("puzzle", {"daily": True}, who=CAROL)
    assert done.ephemeral and "tried today's puzzle" in done.content
    [(results,)] = await execute(
        database_url, "SELECT count(*) FROM puzzle_results WHERE user_id = ?", int(CAROL["id"])
    )
    assert results == 1


async def test_a_puzzle_is_tried_once_for_good_and_its_whole_line_solves_it(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """Given up, a puzzle shows its whole line; forgetting oneself does not
    give a second try (at it by number, nor at the daily); no forged button
    shows its game to anyone; and its line, typed by another, solves it."""
    dan = user(5_000_000_000_000_411, "Dan")
    daily = await server.slash("puzzle", {"daily": True}, who=CAROL)
    puzzle_id = int(re.findall(r"#(\d+)", daily.content)[0])
    given_up = await server.slash("hint", who=CAROL)
    shown = re.findall(r"`([^`]+)`", given_up.content.split("A winning line: ")[1])
    [(line,)] = await execute(database_url, "SELECT line FROM puzzles WHERE id = ?", puzzle_id)
    assert shown == json.loads(str(line)) and "…" not in given_up.content  # the whole line
    [(game_id, revision)] = await execute(
        database_url, "SELECT id, revision FROM games WHERE puzzle_id = ? AND user_id = ?",
        puzzle_id, int(CAROL["id"]),
    )  # fmt: skip
    # Forged buttons on her puzzle's game: nothing public, nothing of its line.
    for custom_id, who in (
        (f"sol:{game_id}:share:{revision}", CAROL),
        (f"sol:replay:{game_id}", dan),
        (f"sol:cheer:{game_id}", dan),
        (f"sol:deal:{game_id}", dan),
        (f"sol:review:{game_id}", CAROL),
    ):
        refused = await server.press(server.forged([custom_id]), custom_id, who=who)
        assert refused.ephemeral and not refused.files, custom_id
        assert "puzzle's game" in refused.content, (custom_id, refused.content)
    # She forgets herself, and asks for the puzzle again: one try, for good.
    asked = await server.slash("mydata forget", who=CAROL)
    done = await server.press(server.message(asked), asked.custom_ids[0], who=CAROL)
    assert "the bot has forgotten you" in done.content
    again = await server.slash("puzzle", {"id": puzzle_id}, who=CAROL)
    assert again.ephemeral and "second try would count nothing" in again.content
    daily_again = await server.slash("puzzle", {"daily": True}, who=CAROL)
    assert daily_again.ephemeral and "tried today's puzzle" in daily_again.content
    [(kept,)] = await execute(database_url, "SELECT count(*) FROM puzzle_tries_kept")
    assert kept == 1
    # Dan types the line she was shown: it solves the puzzle.
    await server.slash("puzzle", {"id": puzzle_id}, who=dan)
    for move in shown:
        last = await server.slash("move", {"notation": move}, who=dan)
        await asyncio.sleep(0.2)  # within the flood limit
    assert "Solved! Your puzzle rating:" in last.content, last.content
    [(solved_id, solved_revision)] = await execute(
        database_url, "SELECT id, revision FROM games WHERE puzzle_id = ? AND user_id = ?",
        puzzle_id, int(dan["id"]),
    )  # fmt: skip
    share = f"sol:{solved_id}:share:{solved_revision}"
    refused = await server.press(server.forged([share]), share, who=dan)
    assert refused.ephemeral and not refused.files and "puzzle's game" in refused.content


def dealt_left(game: Game) -> bool:
    """Whether a stock or jewels of *game* still hold cards to list."""
    return any(game.pile(code) for code in game.PILES if pile_kind(code) in DEALT)


@pytest.mark.parametrize("profile", PUZZLE_GAMES)
async def test_every_game_deals_an_open_puzzle_every_card_shown_and_its_line_solves_it(
    server: FakeDiscord, bot: BotProcess, database_url: str, profile: str
) -> None:
    """``/puzzle game:`` deals a puzzle of each game from day one: its
    hidden cards shown (nothing face down in the table in words, the stock
    listed top first while it holds cards), a move played on it, its whole
    line typed solves it and rates the player."""
    await server.slash("settings", {"text": True}, who=CAROL)
    dealt = await server.slash("puzzle", {"game": profile}, who=CAROL)
    assert dealt.ephemeral and dealt.files and "Puzzle #" in dealt.content, dealt.content
    puzzle_id = int(re.findall(r"Puzzle #(\d+)", dealt.content)[0])
    [(line, revealed, start, options)] = await execute(
        database_url, "SELECT line, revealed, start, options FROM puzzles WHERE id = ?", puzzle_id
    )
    shown = json.loads(str(revealed))
    game = load_position(profile, json.loads(str(start)), **json.loads(str(options)))
    moves = json.loads(str(line))
    if shown:
        assert f"the {len(shown)} cards that were face down in its game" in dealt.content
    assert "face down" not in dealt.content.split("Puzzle #")[1].replace(
        "were face down in its game", ""
    )  # the table in words: no card hidden
    # A stock or jewels still holding cards are listed, top first (a Casket
    # puzzle may come with both played out: nothing to list).
    assert ("top first: " in dealt.content) == dealt_left(game), dealt.content
    assert ("The stock's cards are listed under the table" in dealt.content) == dealt_left(game)
    first = await server.slash("move", {"notation": moves[0]}, who=CAROL)
    assert first.files, first.content
    game.play(moves[0])
    assert ("top first: " in first.content) == dealt_left(game), first.content
    if profile != "klondike":  # one is solved, by its line
        return
    for move in moves[1:]:
        last = await server.slash("move", {"notation": move}, who=CAROL)
        await asyncio.sleep(0.2)  # within the flood limit: 30 moves in 5 s
    assert "Solved! Your puzzle rating:" in last.content, last.content
    [(rating,)] = await execute(
        database_url, "SELECT rating FROM puzzle_players WHERE user_id = ?", int(CAROL["id"])
    )
    assert float(str(rating)) > 1500
