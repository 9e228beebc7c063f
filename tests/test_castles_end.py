"""Castle's End (castles-end@1), rule by rule, from positions."""

from __future__ import annotations

import pytest

from solitaire import AmbiguousMove, Move, new_game
from tests.helpers import refused, shown, table

CE = "castles-end"


def test_the_deal_is_ten_columns_of_five_and_two_reserve_cards_all_face_up() -> None:
    game = new_game(CE, deal=4711)
    assert [len(game.pile(str(n))) for n in range(1, 11)] == [5] * 10
    assert len(game.pile("r1")) == len(game.pile("r2")) == 1
    assert not any(code.startswith("#") for cards in game.position().values() for code in cards)
    assert game.base_rank is None


def test_any_card_starts_the_first_foundation_and_fixes_the_base_rank() -> None:
    game = table(CE, {"1": "7H", "2": "8S", "3": "7C"})
    game.play("1 f")
    assert game.base_rank == 7
    refused(game, "2 f2", "8♠ can't start foundation f2", "the base rank is 7")
    assert game.play("3 f").notation == "3 f2"


def test_foundations_build_up_in_suit_and_wrap_from_king_to_ace() -> None:
    game = table(CE, {"f1": "QS KS", "1": "AH", "2": "AS"})
    refused(game, "1 f1", "needs the A♠")
    game.play("2 f1")
    assert shown(game, "f1") == {"f1": "QS KS AS"}


def test_a_foundation_is_complete_at_thirteen_cards() -> None:
    full = " ".join(f"{r}D" for r in "56789TJQKA234")
    game = table(CE, {"f1": full, "1": "5D"})
    refused(game, "1 f1", "complete")


@pytest.mark.parametrize(
    ("top", "card", "legal"),
    [
        ("QD", "JD", True), ("QD", "KD", True), ("KS", "QS", True), ("KS", "AS", True),
        ("AS", "KS", True), ("AS", "2S", True), ("QD", "JH", False), ("QD", "TD", False),
    ],
)  # fmt: skip
def test_columns_build_up_or_down_in_suit_with_wrap(top: str, card: str, legal: bool) -> None:
    game = table(CE, {"1": top, "2": card, "3": "5C"})
    if legal:
        game.play("2 1")
        assert shown(game, "1") == {"1": f"{top} {card}"}
    else:
        refused(game, "2 1", "needs a card of its suit one rank away")


def test_an_empty_column_takes_any_card() -> None:
    game = table(CE, {"1": "9C 5H"})
    assert game.play("1 2").notation == "1 2"


def test_reserves_take_nothing_but_give_to_columns_and_foundations() -> None:
    game = table(CE, {"r1": "8H", "r2": "3C", "1": "9H", "2": "4S", "f1": "2C"})
    refused(game, "2 r1", "Nothing can be put on reserve r1")
    assert game.play("r1 1").notation == "r1 1"
    assert game.play("r2 f").notation == "r2 f1"


def test_a_foundation_top_card_plays_back_and_the_base_rank_stays() -> None:
    game = table(CE, {"f1": "6H 7H", "f2": "6C", "1": "8H", "2": "KD"})
    game.play("f1 1")
    assert shown(game, "1", "f1") == {"1": "8H 7H", "f1": "6H"}
    game.play("f2 3")  # a lone base card, to an empty column
    assert shown(game, "f2", "3") == {"f2": "", "3": "6C"}
    assert game.base_rank == 6
    refused(game, "2 f2", "the base rank is 6")
    refused(game, "f1 f2", "only go back onto a column")


def test_a_run_moves_through_the_empty_columns_only() -> None:
    # One empty column (10): two cards may move onto a column, not three.
    piles = {str(n): "KC" for n in range(4, 10)}
    game = table(CE, {**piles, "1": "9S 8S 7S", "2": "6S", "3": "TS"})
    refused(game, "1 3x3", "Only 2 cards")
    game.play("2 1")  # 6♠ on 7♠ makes a four-card run; column 2 is empty now
    assert game.supermove_limit("3") == 4
    assert game.play("1 3x4").notation == "1 3x4"
    assert shown(game, "3") == {"3": "TS 9S 8S 7S 6S"}


def test_a_two_card_run_with_one_empty_column_is_allowed() -> None:
    piles = {str(n): "KC" for n in range(4, 10)}
    game = table(CE, {**piles, "1": "2D 8S 7S", "3": "9S", "2": "QH"})
    assert game.play("1 3").notation == "1 3x2"


def test_into_an_empty_column_half_as_many_cards_may_move() -> None:
    piles = {str(n): "KC" for n in range(4, 9)}
    game = table(CE, {**piles, "1": "2D 8S 7S 6S", "2": "QH", "3": "JD"})
    # Empty: 9 and 10. Into 9 the other empty column (10) allows 2 cards.
    assert game.supermove_limit("9") == 2
    refused(game, "1 9x3", "Only 2 cards")
    with pytest.raises(AmbiguousMove) as info:
        game.play("1 9")
    assert [move.notation for move in info.value.choices] == ["1 9x1", "1 9x2"]
    assert game.play("1 9x1").notation == "1 9x1"


def test_the_single_card_to_an_empty_column_is_written_with_x1() -> None:
    game = table(CE, {"1": "9S 8S", "3": "KC"})
    notations = {move.notation for move in game.legal_moves()}
    assert {"1 2x1", "1 2x2"} <= notations
    assert Move.parse("1 2x1") in game.legal_moves()


def test_won_when_all_cards_are_on_the_foundations() -> None:
    suits = {f"f{n}": " ".join(f"{r}{s}" for r in "3456789TJQKA2") for n, s in enumerate("SHDC", 1)}
    suits["f4"] = suits["f4"][:-3]
    game = table(CE, {**suits, "r2": "2C"})
    game.play("r2 f4")
    assert game.is_won


def test_autoplay_waits_for_the_player_to_choose_the_base_rank() -> None:
    game = table(CE, {"1": "5H", "2": "4H", "3": "QS"})
    assert game.autoplay() == []
    game.play("2 f")
    assert [move.notation for move in game.autoplay()] == ["1 f1"]


def test_autoplay_begins_no_foundation_even_with_the_base_rank_chosen() -> None:
    # 4♠ is a base card: sent home, 3♠ (last of its suit) could lie nowhere
    # but an empty column. The player decides when; autoplay only builds on.
    game = table(CE, {"1": "5H", "2": "4H", "3": "QS", "4": "4S"})
    game.play("2 f")
    assert [move.notation for move in game.autoplay()] == ["1 f1"]
    assert game.pile("4") and not game.pile("f2")
    assert not game.is_forced(game.parse_move("4 f"))
