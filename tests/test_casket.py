"""Casket (casket@1), rule by rule, from positions."""

from __future__ import annotations

from collections import Counter

from solitaire import Move, new_game
from tests.helpers import refused, shown, table

CK = "casket"


def test_the_deal_uses_two_decks_each_card_exactly_twice() -> None:
    game = new_game(CK, deal=4711)
    position = game.position()
    cards = Counter(code.lstrip("#") for pile in position.values() for code in pile)
    assert sum(cards.values()) == 104
    assert len(cards) == 52 and set(cards.values()) == {2}
    assert len(position["j"]) == 13 and all(code.startswith("#") for code in position["j"])
    assert [len(position[f"l{n}"]) for n in range(1, 6)] == [1] * 5
    assert [len(position[str(n)]) for n in range(1, 9)] == [1] * 8
    assert [len(position[f"r{n}"]) for n in range(1, 4)] == [0] * 3
    assert len(position["w"]) == 1 and len(position["s"]) == 77
    assert all(not position[f"f{n}"] for n in range(1, 9))


def test_the_body_builds_down_in_suit_without_wrap() -> None:
    game = table(CK, {"1": "9H", "2": "8H", "3": "8S", "4": "AC", "5": "KC"})
    refused(game, "3 1", "body pile 1 needs the 8♥")
    game.play("2 1")
    assert shown(game, "1") == {"1": "9H 8H"}
    refused(game, "5 4", "nothing goes on an Ace")


def test_body_cards_move_one_at_a_time() -> None:
    game = table(CK, {"1": "9H 8H", "2": "TH"})
    refused(game, "1 2x2", "one at a time")


def test_an_empty_body_pile_takes_a_card_from_waste_reserve_or_body() -> None:
    game = table(CK, {"w": "QC", "r1": "7D", "1": "5S 4S", "s": "2H"})
    assert game.play("w 2").notation == "w 2"
    assert game.play("r1 3").notation == "r1 3"
    assert game.play("1 4").notation == "1 4"


def test_a_lid_card_never_goes_to_an_empty_body_pile() -> None:
    game = table(CK, {"l1": "9D", "1": "TD"})
    refused(game, "l1 2", "lid card can't go to empty body pile 2")
    assert game.play("l1 1").notation == "l1 1"


def test_an_emptied_lid_takes_the_top_jewel_at_once() -> None:
    game = table(CK, {"j": "#5C #KH", "l1": "AS", "l2": "2S"})
    game.play("l1 f")
    assert shown(game, "l1", "j") == {"l1": "KH", "j": "#5C"}
    game.play("l2 f")
    assert shown(game, "l2", "j") == {"l2": "5C", "j": ""}


def test_when_the_jewels_are_gone_empty_lids_stay_empty() -> None:
    game = table(CK, {"l3": "AH"})
    game.play("l3 f")
    assert shown(game, "l3") == {"l3": ""}


def test_lids_and_the_jewels_take_no_cards() -> None:
    game = table(CK, {"j": "#5C", "l1": "TD", "w": "9D"})
    refused(game, "w l1", "Nothing can be put on lid l1")
    refused(game, "w j", "Nothing can be put on the jewels")
    refused(game, "j 1", "no face-up card")


def test_reserves_take_cards_only_from_the_waste() -> None:
    game = table(CK, {"w": "9D", "1": "5S", "l1": "3H"})
    refused(game, "1 r1", "only from the waste")
    refused(game, "l1 r1", "only from the waste")
    game.play("w r1")
    assert shown(game, "r1", "w") == {"r1": "9D", "w": ""}


def test_a_reserve_top_goes_to_a_foundation_or_a_body_pile() -> None:
    game = table(CK, {"r1": "6D AC", "f1": "AD 2D 3D 4D 5D", "1": "7D"})
    assert game.play("r1 f").notation == "r1 f2"
    assert game.play("r1 f").notation == "r1 f1"
    game.undo()
    assert game.play("r1 1").notation == "r1 1"


def test_the_waste_card_must_be_played_before_drawing_again() -> None:
    game = table(CK, {"s": "4C 3C", "w": "9D", "1": "TD"})
    refused(game, "s", "Play the waste card (9♦) before drawing again")
    game.play("w 1")
    game.play("s")
    assert shown(game, "w", "s") == {"w": "3C", "s": "#4C"}


def test_the_stock_has_one_pass() -> None:
    game = table(CK, {"w": "9D"})
    game.play("w r1")
    refused(game, "s", "The stock is empty")


def test_foundations_build_up_in_suit_from_the_ace_and_cards_stay() -> None:
    game = table(CK, {"f1": "AH", "f2": "AH", "1": "2H", "2": "3S"})
    assert game.play("1 f").notation == "1 f1"
    refused(game, "2 f1", "needs the 3♥")
    refused(game, "f1 2", "stay there")


def test_eight_empty_foundations_are_offered_as_one_move() -> None:
    game = table(CK, {"1": "AS"})
    assert [move for move in game.legal_moves() if move.target[0] == "f"] == [Move("1", "f1")]


def test_won_when_all_104_cards_are_home() -> None:
    foundations = {
        f"f{n}": " ".join(f"{r}{'SHDC'[(n - 1) % 4]}" for r in "A23456789TJQK") for n in range(1, 9)
    }
    foundations["f8"] = foundations["f8"][:-3]
    game = table(CK, {**foundations, "w": "KC"})
    game.play("w f")
    assert game.is_won


def test_autoplay_plays_low_cards_and_cards_whose_lower_twins_are_home() -> None:
    game = table(CK, {"f1": "AS 2S", "f2": "AS", "1": "2S", "2": "3S", "3": "AH"})
    assert [m.notation for m in game.autoplay()] == ["1 f2", "2 f1", "3 f3"]
    game = table(CK, {"f1": "AS 2S", "f2": "AS", "2": "3S"})
    assert game.autoplay() == []  # a 2♠ is still out and could want to lie on the 3♠
