"""The review after a game without a win: the worker's findings and the words."""

from __future__ import annotations

import io

from PIL import Image

from bot.usecases import jobs
from bot.usecases.review import _said
from solitaire import load_game, new_game


def test_a_lost_game_names_the_move_that_lost_it_and_a_line_that_wins() -> None:
    game = new_game("castles-end", deal=3)
    game.play("7 10")
    game.play("r2 6")  # this one loses it
    found = jobs.review(game.to_record(), 2.0, "classic")
    assert (found.deal, found.kept, found.lost) == ("won", 1, True)
    # The line wins from the position after the first move.
    replayed = load_game({**game.to_record(), "moves": ["7 10", *found.line], "redo": []})
    assert replayed.is_won
    assert Image.open(io.BytesIO(found.gif)).format == "GIF"
    text = _said(found, 3, "en")
    assert "Deal 3 could be won." in text and "Move 2 lost it." in text
    assert f"`{found.line[0]}`" in text and f"({len(found.line)} moves in all" in text


def test_a_deal_that_could_not_be_won_says_so() -> None:
    game = new_game("castles-end", deal=7)
    game.play(game.legal_moves()[0])
    found = jobs.review(game.to_record(), 2.0, "classic")
    assert found.deal == "unwinnable" and not found.gif
    assert _said(found, 7, "en") == "Deal 7 could not be won: the search tried every line."


def test_a_game_given_up_while_it_could_still_be_won_says_so() -> None:
    game = new_game("castles-end", deal=3)
    game.play("7 10")
    found = jobs.review(game.to_record(), 2.0, "classic")
    assert (found.kept, found.lost) == (1, False)
    assert "Where you stopped, it still could." in _said(found, 3, "en")


def test_the_search_says_unknown_honestly() -> None:
    found = jobs.Review("unknown")
    assert "could not tell" in _said(found, 4711, "en")


def test_a_klondike_deal_that_could_not_be_won_says_so() -> None:
    # Klondike's own search proves losses: deal 23 is lost from the start.
    game = new_game("klondike", deal=23)
    game.play(game.legal_moves()[0])
    found = jobs.review(game.to_record(), 2.0, "classic")
    assert found.deal == "unwinnable" and not found.gif
