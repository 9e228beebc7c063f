"""Klondike's Standard and Vegas scores, rule by rule, from positions; undo
takes a move's score back, and a stored game replays to the same score."""

from __future__ import annotations

from solitaire import load_game, new_game
from solitaire.scoring import standard, vegas
from tests.helpers import table

K = "klondike"


def scored(game: object, *moves: str) -> list[int]:
    """The Standard score after each of *moves*."""
    after = []
    for move in moves:
        game.play(move)  # type: ignore[attr-defined]
        after.append(standard(game))  # type: ignore[arg-type]
    return after


def test_each_standard_rule_from_a_position() -> None:
    game = table(
        K,
        {"w": "8C 9D", "2": "TS", "3": "#KD AH", "1": "4H", "f1": "AS 2S 3S"},
        foundation_return=True,
    )
    assert standard(game) == 0
    assert scored(game, "w 2", "w 2") == [5, 10]  # waste to column: +5 each
    assert scored(game, "3 f2") == [25]  # column to foundation +10, a card turned up +5
    assert scored(game, "f1 1") == [10]  # foundation to column: -15
    game.undo()
    assert standard(game) == 25  # an undo takes the move's score back


def test_waste_to_foundation_is_ten_and_the_score_never_drops_below_zero() -> None:
    game = table(K, {"w": "AS", "1": "4S", "f2": "AH 2H 3H"}, foundation_return=True)
    assert scored(game, "w f1", "f2 1") == [10, 0]  # 10 - 15: no lower than 0


def test_draw_one_pays_a_hundred_for_each_pass_after_the_first() -> None:
    game = table(
        K, {"w": "2C", "1": "#9H AS", "2": "#9D AH", "3": "#9C AD"}, draw=1, passes="unlimited"
    )
    assert scored(game, "1 f1", "2 f2", "3 f3") == [15, 30, 45]
    assert scored(game, "s") == [0]  # the waste turned over: pass 2, -100, no lower than 0


def test_draw_three_pays_twenty_for_each_pass_after_the_fourth() -> None:
    game = table(
        K, {"w": "2C 3C 4C", "1": "#9H AS", "2": "#9D AH", "3": "#9C AD"}, draw=3,
        passes="unlimited",
    )  # fmt: skip
    scored(game, "1 f1", "2 f2", "3 f3")
    passes = scored(game, "s", "s", "s", "s", "s", "s", "s", "s")
    assert passes == [45, 45, 45, 45, 45, 45, 25, 25]  # the fourth turn begins pass 5


def test_the_timed_score_loses_two_a_ten_seconds_and_a_win_earns_a_bonus() -> None:
    game = table(K, {"w": "KS", **_all_home_but_the_king_of_spades()})
    assert standard(game, seconds=25) == 0
    game.play("w f1")
    assert game.is_won
    assert standard(game) == 10
    assert standard(game, seconds=40) == 10 - 8 + 700_000 // 40
    assert standard(game, seconds=20) == 10 - 4  # no bonus within 30 seconds


def test_vegas_costs_52_and_pays_five_for_each_card_home() -> None:
    game = new_game(K, 4711)
    assert vegas(game) == -52
    game.play("4")
    assert vegas(game) == -47
    game.undo()
    assert vegas(game) == -52


def test_a_stored_game_replays_to_the_same_scores() -> None:
    game = new_game(K, 4711, draw=1, passes="unlimited")
    for _ in range(30):
        game.play(game.ordered_moves()[0])
    again = load_game(game.to_record())
    assert (standard(again), vegas(again)) == (standard(game), vegas(game))
    assert standard(game) > 0


def _all_home_but_the_king_of_spades() -> dict[str, str]:
    home = {f"f{n}": " ".join(r + s for r in "A23456789TJQK") for n, s in enumerate("SHDC", 1)}
    home["f1"] = home["f1"].removesuffix(" KS")
    return home
