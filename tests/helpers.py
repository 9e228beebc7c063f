"""Small helpers shared by the rule tests."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from bot.usecases.boards import utc_day
from solitaire import Game, IllegalMove, daily_deal, load_game, load_position
from solitaire.one_move import OneMove
from solitaire.puzzles import Puzzle


def table(profile: str, piles: dict[str, str], **options: object) -> Game:
    """A game set up from ``{"1": "#KS QH", ...}``: codes bottom to top."""
    return load_position(profile, {code: cards.split() for code, cards in piles.items()}, **options)


def as_played(puzzle: Puzzle | OneMove, *moves: str) -> dict[str, Any]:
    """The record of a game at the puzzle's position, the cards it shows face
    down again, then *moves* played: a lost game as its review finds it."""
    hidden = set(puzzle.revealed)
    start = {
        code: [f"#{card}" if card in hidden else card for card in cards]
        for code, cards in puzzle.start.items()
    }
    game = load_game({"profile": puzzle.profile, "version": 1, "options": dict(puzzle.options),
                      "start": start, "moves": []})  # fmt: skip
    for notation in moves:
        game.play(notation)
    return game.to_record()


def refused(game: Game, text: str, *words: str) -> str:
    """Asserts that *text* is refused with a reason naming *words*, and that
    nothing changed; returns the reason."""
    before = game.position()
    moves_before = game.moves
    with pytest.raises(IllegalMove) as info:
        game.play(text)
    reason = str(info.value)
    assert "\n" not in reason
    for word in words:
        assert word in reason, reason
    assert game.position() == before
    assert game.moves == moves_before
    return reason


def shown(game: Game, *codes: str) -> dict[str, str]:
    position = game.position()
    return {code: " ".join(position[code]) for code in codes}


def not_today(profile: str, *deals: int) -> int:
    """The first of *deals* that is not today's daily deal of *profile*
    (UTC): only ``/daily`` deals that one, so a test that plays a fixed deal
    would be refused on the day it is the daily."""
    today = daily_deal(profile, utc_day(time.time()))
    return next(deal for deal in deals if deal != today)


async def one_king_left(database_url: str, where: str, *params: object) -> None:
    """Swaps the Klondike games *where* says (``user_id = ? AND …``) for a
    table with one King left to go home: ``1f`` wins them."""
    from tests.databases import execute  # the rule tests need no database

    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["f1"].pop()
    piles["1"] = ["KS"]
    start = json.dumps(load_position("klondike", piles).to_record()["start"])
    await execute(
        database_url,
        "UPDATE games SET start = ?, moves = '[]', move_count = 0, revision = revision + 1"
        f" WHERE {where}",
        start,
        *params,
    )


#: A Klondike endgame: each suit's foundation height, the talon's cards
#: (suit, rank) with how many of them are on the waste, and the columns' cards.
Endgame = tuple[list[int], list[tuple[int, int]], int, list[list[tuple[int, int]]]]


def klondike_endgame(rng: random.Random) -> Endgame:
    """16–28 Klondike cards left, the rest home: dealt at random to the seven
    columns and the talon, some of it on the waste."""
    heights, left = [13] * 4, rng.randint(16, 28)
    while sum(13 - height for height in heights) < left:
        suit = rng.randrange(4)
        heights[suit] = max(heights[suit] - 1, 0)
    cards = [(suit, rank) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
    rng.shuffle(cards)
    talon = rng.randint(0, 10)
    waste = rng.randint(0, talon)
    columns: list[list[tuple[int, int]]] = [[] for _ in range(7)]
    for card in cards[talon:]:
        columns[rng.randrange(7)].append(card)
    return heights, cards[:talon], waste, columns
