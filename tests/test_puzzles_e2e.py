"""Puzzles end to end: the real bot process and the local Discord server,
on both stores. A lost game's review makes a puzzle that another player is
dealt, wins and is rated for; a second try counts nothing; ratings survive a
restart; the daily puzzle given up shows its line; bad input changes nothing."""

from __future__ import annotations

import asyncio
import functools
import json
import re

from solitaire import Game, load_position, new_game
from solitaire.puzzles import candidate
from solitaire.solver import Outcome, solve
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, user

CAROL = user(5_000_000_000_000_410, "Carol")


@functools.cache
def a_losing_move() -> tuple[list[str], str]:
    """Castle's End deal 3 played along a winning line to the last position
    that makes a puzzle with a move that loses the win, and that move."""
    game = new_game("castles-end", deal=3)
    line = [move.notation for move in solve(game, max_seconds=5).moves]
    for kept in reversed(range(len(line))):
        puzzle = candidate({**game.to_record(), "moves": line[:kept]}, kept)
        if puzzle is None or len(puzzle.line) > 60:
            continue
        position: Game = game.copy()
        for move in line[:kept]:
            position.play(move)
        for move in position.legal_moves():
            after = load_position("castles-end", position.position())
            after.play(move.notation)
            if solve(after, max_seconds=0.5).outcome is Outcome.UNWINNABLE:
                return line[:kept], move.notation
    raise AssertionError("no losing move found")


async def a_lost_game(database_url: str, user_id: int) -> None:
    """Stores the resigned game of a player who lost the win of deal 3 (as
    if played move by move: a few hundred moves)."""
    played, losing = a_losing_move()
    moves = [*played, losing]
    await execute(
        database_url,
        "INSERT INTO games (user_id, profile, version, options, deal, moves, move_count, status,"
        " started_at, updated_at, finished_at) VALUES (?, 'castles-end', 1, '{}', 3, ?, ?,"
        " 'resigned', 1000, 2000, 2000)",
        user_id, json.dumps(moves), len(moves),
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
        database_url, "SELECT id, line FROM puzzles WHERE deal = 3 AND source IS NOT NULL"
    )
    mine = await server.slash("puzzle", {"id": puzzle_id})
    assert mine.ephemeral and "one of your own games" in mine.content

    dealt = await server.slash("puzzle", {"id": puzzle_id}, who=BOB)
    assert dealt.ephemeral and dealt.files and f"Puzzle #{puzzle_id}" in dealt.content
    assert "deal 3" not in dealt.content  # nothing of the game it came from
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
