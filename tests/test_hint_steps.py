"""Hints in three steps: where to look, the move, and why, in words the
rules prove of the position; counted once a position, in every game."""

from __future__ import annotations

import pytest

from bot.usecases.changes import hint_where, hint_why
from bot.usecases.replies import Asker, Notice
from bot.usecases.service import GameService
from solitaire import VARIANTS
from storage import Store
from tests.helpers import table


def test_the_why_says_what_the_rules_prove_of_the_move() -> None:
    game = table("klondike", {"1": "#KS 5H", "2": "6S", "3": "QD", "4": "KC", "5": "AH"})
    turned = hint_why(game, "1 2", False, "en").text
    assert turned.startswith("Why `1 2`: it turns up a hidden card in column 1")
    game.play("1 2")
    assert game.hidden("1") == 0  # it did
    emptied = hint_why(game, "3 4", False, "en").text
    assert "it empties column 3" in emptied and "hidden" not in emptied
    home = hint_why(game, "5 f", True, "en").text
    assert "it puts a card home" in home and "winning line starts with it" in home
    assert hint_where(game, "3 4", "en").text.startswith("Hint: look at column 3.")


@pytest.mark.parametrize("profile", list(VARIANTS))
async def test_three_presses_give_where_what_and_why_and_count_one_hint(
    store: Store, profile: str
) -> None:
    service = GameService(store)
    asker = Asker(1)
    await service.start(asker, profile, deal=7)
    where, what, why = [await service.move(asker, "h") for _ in range(3)]
    assert isinstance(where, Notice) and isinstance(what, Notice) and isinstance(why, Notice)
    if not where.text.startswith("Hint: look at "):  # a lost or stuck deal says so at once
        assert "`" not in where.text.split(":")[0]
        return
    move = what.text.split("`")[1]
    assert "Press Hint again" in what.text
    assert why.text.startswith(f"Why `{move}`: ")
    current = await store.current_game(1)
    assert current is not None and current.hints == 1
    await service.move(asker, move)  # a new position: its first step again, counted
    again = await service.move(asker, "h")
    assert isinstance(again, Notice)
    current = await store.current_game(1)
    counted = 2 if again.text.startswith("Hint: look at") else 1  # (or: one search at a time)
    assert current is not None and current.hints == counted
