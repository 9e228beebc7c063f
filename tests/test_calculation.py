"""Calculation (calculation@1), rule by rule, from positions."""

from __future__ import annotations

import pytest

from solitaire import Move, new_game
from tests.helpers import refused, shown, table

C = "calculation"
SEQUENCES = {
    "f1": "A 2 3 4 5 6 7 8 9 T J Q K",
    "f2": "2 4 6 8 T Q A 3 5 7 9 J K",
    "f3": "3 6 9 Q 2 5 8 J A 4 7 T K",
    "f4": "4 8 Q 3 7 J 2 6 T A 5 9 K",
}


def test_the_deal_starts_the_foundations_with_the_first_a_2_3_4() -> None:
    game = new_game(C, deal=4711)
    assert [game.pile(code)[0].rank for code in game.foundations] == [1, 2, 3, 4]
    assert len(game.pile("s")) == 48
    assert all(not game.pile(f"w{n}") for n in range(1, 5))
    stock = game.position()["s"]
    assert not stock[-1].startswith("#")  # the card to play shows
    assert all(code.startswith("#") for code in stock[:-1])


@pytest.mark.parametrize("code", list(SEQUENCES))
def test_each_foundation_counts_by_its_step_and_wraps_after_the_king(code: str) -> None:
    ranks = SEQUENCES[code].split()
    stock = " ".join(f"{rank}S" if i % 2 else f"{rank}H" for i, rank in enumerate(ranks[1:]))
    game = table(C, {code: f"{ranks[0]}D", "s": " ".join(reversed(stock.split()))})
    for rank in ranks[1:]:
        assert game.wants(code) == "A23456789TJQK".index(rank) + 1
        assert game.play(f"s {code}").notation == f"s {code}"
    assert game.wants(code) is None


def test_f2_wants_the_ace_after_the_queen() -> None:
    game = table(C, {"f2": "2C 4S 6H 8D TC QS", "s": "3H AD"})
    assert game.play("s f2").notation == "s f2"
    assert game.pile("f2")[-1].code == "AD"
    assert game.play("s f2").notation == "s f2"


def test_a_card_out_of_step_is_refused_with_what_is_wanted() -> None:
    game = table(C, {"f2": "2C 4S", "s": "5H"})
    refused(game, "s f2", "5♥ can't go on foundation f2: it needs a 6")


def test_a_complete_foundation_takes_nothing_more() -> None:
    game = table(C, {"f1": " ".join(f"{r}S" for r in "A23456789TJQK"), "s": "AH"})
    refused(game, "s f1", "complete")


def test_the_stock_card_may_go_on_any_waste_pile() -> None:
    game = table(C, {"s": "9C 7D", "w3": "KS"})
    assert game.play("s w3").notation == "s w3"
    assert game.play("s w1").notation == "s w1"
    assert shown(game, "w1", "w3", "s") == {"w1": "9C", "w3": "KS 7D", "s": ""}


def test_waste_piles_take_cards_only_from_the_stock() -> None:
    game = table(C, {"w1": "5S", "w2": "9H", "f1": "AS"})
    refused(game, "w1 w2", "only from the stock")


def test_a_waste_top_goes_to_a_foundation() -> None:
    game = table(C, {"w1": "2H 5S", "f1": "AS 2S 3S 4S", "s": "KD"})
    game.play("w1 f")
    assert shown(game, "w1", "f1") == {"w1": "2H", "f1": "AS 2S 3S 4S 5S"}


def test_foundation_cards_stay_and_cards_move_singly() -> None:
    game = table(C, {"f1": "AS 2S", "w1": "7H 6H", "s": "KD"})
    refused(game, "f1 w1", "stay there")
    refused(game, "w1 f1x2", "one at a time")


def test_there_is_no_draw_so_s_alone_taps_the_stock() -> None:
    game = new_game(C, deal=5)
    assert Move("s") not in game.legal_moves()
    assert game.play("s").source == "s"  # the stock's card, played where a tap sends it


def test_won_when_all_four_foundations_are_complete() -> None:
    foundations = {code: " ".join(f"{r}S" for r in SEQUENCES[code].split()) for code in SEQUENCES}
    foundations["f4"] = foundations["f4"][:-3]
    game = table(C, {**foundations, "w2": "KH"})
    assert not game.is_won
    game.play("w2 f4")
    assert game.is_won


def test_lost_when_the_stock_is_empty_and_no_waste_top_fits() -> None:
    game = table(C, {"f1": "AS", "f2": "2S", "f3": "3S", "f4": "4S", "w1": "9H", "w2": "KD"})
    assert game.legal_moves() == []
    assert game.is_stuck


def test_autoplay_plays_a_card_only_one_foundation_wants() -> None:
    # f1 wants 2, f2 wants 4, f3 and f4 want 6: the 2 and the 4 go, the 6 waits.
    game = table(C, {"f1": "AS", "f2": "2S", "f3": "3S", "f4": "4S 8S QS 3D 7D JD 2D",
                     "w1": "6H", "w2": "4H", "w3": "2H", "s": "KD"})  # fmt: skip
    # f4 wants 6 too (2 + 4): two foundations want the 6.
    played = [move.notation for move in game.autoplay()]
    assert played == ["w2 f2", "w3 f1"]
    assert game.pile("w1")[-1].code == "6H"
