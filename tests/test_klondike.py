"""Klondike (klondike@1), rule by rule, from positions."""

from __future__ import annotations

import pytest

from solitaire import BadOption, IllegalMove, Move, new_game
from tests.helpers import refused, shown, table

K = "klondike"


# -- columns: down in alternate colours ------------------------------------------


def test_a_card_goes_on_the_next_higher_card_of_the_other_colour() -> None:
    game = table(K, {"1": "7S", "2": "#3C 6H"})
    assert game.play("2 1").notation == "2 1"
    assert shown(game, "1", "2") == {"1": "7S 6H", "2": "3C"}


def test_the_same_colour_is_refused_with_a_reason() -> None:
    game = table(K, {"1": "9H", "3": "7S", "2": "6S"})
    assert refused(game, "2 3", "6♠ can't go on 7♠", "a 6 of the other colour")
    assert refused(game, "3 1", "7♠ can't go on 9♥: column 1 needs an 8 of the other colour")


def test_nothing_goes_on_an_ace_in_a_column() -> None:
    game = table(K, {"1": "AH", "2": "2S"})
    refused(game, "2 1", "Ace")


def test_a_run_in_alternate_colours_moves_as_a_unit() -> None:
    game = table(K, {"1": "9S", "2": "#KD 8H 7C 6D"})
    assert game.play("2 1").notation == "2 1x3"
    assert shown(game, "1", "2") == {"1": "9S 8H 7C 6D", "2": "KD"}


def test_part_of_a_run_moves_when_its_head_fits() -> None:
    game = table(K, {"1": "8D", "2": "9S 8H 7C 6D"})
    assert game.play("21").notation == "2 1x2"
    assert shown(game, "1", "2") == {"1": "8D 7C 6D", "2": "9S 8H"}


def test_cards_that_are_not_a_run_do_not_move_together() -> None:
    game = table(K, {"1": "9S", "2": "8H 7H"})
    refused(game, "2 1x2", "not a run in alternate colours")


def test_a_count_larger_than_the_face_up_cards_is_refused() -> None:
    game = table(K, {"1": "9S", "2": "#KC #QC 8H"})
    refused(game, "2 1x2", "face-up")


def test_an_empty_column_takes_only_a_king_or_a_kings_run() -> None:
    game = table(K, {"2": "#5C QD", "3": "#4C KS QH", "4": "#3H KD"})
    refused(game, "2 1", "only a King")
    assert game.play("3 1").notation == "3 1x2"
    assert game.play("4 5").notation == "4 5"
    assert shown(game, "1", "3", "4", "5") == {"1": "KS QH", "3": "4C", "4": "3H", "5": "KD"}


def test_an_uncovered_face_down_card_turns_up_at_once() -> None:
    game = table(K, {"1": "#5C #JH 6D", "2": "7S"})
    game.play("1 2")
    assert shown(game, "1") == {"1": "#5C JH"}
    assert game.hidden("1") == 1


# -- foundations -------------------------------------------------------------------


def test_a_foundation_starts_with_an_ace_and_builds_up_in_suit() -> None:
    game = table(K, {"1": "3H 2H AH", "2": "2S"})
    refused(game, "2 f1", "only an Ace")
    assert game.play("1 f").notation == "1 f1"
    refused(game, "2 f1", "2♠ can't go on A♥", "needs the 2♥")
    assert game.play("1f").notation == "1 f1"
    assert game.play("1 f1").notation == "1 f1"
    assert game.pile("f1")[-1].code == "3H"


def test_a_bare_f_takes_the_lowest_foundation_that_accepts_the_card() -> None:
    game = table(K, {"f1": "AS", "f2": "AD", "1": "2D", "2": "AC"})
    assert game.play("1 f").notation == "1 f2"
    assert game.play("2 f").notation == "2 f3"


def test_cards_go_to_a_foundation_one_at_a_time() -> None:
    game = table(K, {"f1": "AH", "1": "3C 2H"})
    refused(game, "1 f1x2", "one at a time")


def test_a_skipped_rank_is_refused() -> None:
    game = table(K, {"f1": "AH", "1": "3H"})
    refused(game, "1 f1", "needs the 2♥")


def test_foundation_cards_stay_there_by_default() -> None:
    game = table(K, {"f1": "AH 2H", "1": "3S"})
    refused(game, "f1 1", "stay there")


def test_with_foundation_return_a_top_card_goes_back_onto_a_column() -> None:
    game = table(K, {"f1": "AH 2H", "f2": "AS", "1": "3S"}, foundation_return=True)
    assert Move("f1", "1") in game.legal_moves()
    refused(game, "f1 f2", "only go back onto a column")
    game.play("f1 1")
    assert shown(game, "f1", "1") == {"f1": "AH", "1": "3S 2H"}


# -- the stock and passes ---------------------------------------------------------------


def stock_game(**options: object) -> object:
    # The stock's top card is the last one: 3C is drawn first.
    return table(K, {"s": "AH 2D 3C", "1": "KS"}, **options)


def test_draw_one_turns_one_card_and_allows_one_pass() -> None:
    game = table(K, {"s": "4H 2D 3C", "1": "KS"})
    for expected in ("3C", "3C 2D", "3C 2D 4H"):
        assert game.play("s").notation == "s"
        assert shown(game, "w") == {"w": expected}
    refused(game, "s", "No passes left")
    refused(game, "d", "No passes left")
    assert Move("s") not in game.legal_moves()


def test_draw_three_turns_three_and_shows_the_third() -> None:
    game = table(K, {"s": "5S 4S AH 2D 3C", "1": "KS"}, draw=3)
    game.play("s")
    assert shown(game, "s", "w") == {"s": "#5S #4S", "w": "3C 2D AH"}
    game.play("s")
    assert shown(game, "s", "w") == {"s": "", "w": "3C 2D AH 4S 5S"}
    refused(game, "w 1x2", "Only the top card")


def test_draw_three_allows_three_passes_and_no_more() -> None:
    game = table(K, {"s": "AH 2D 3C", "1": "KS"}, draw=3)
    for _ in range(3):
        game.play("s")  # draw all three
        if game.passes_left:
            game.play("s")  # turn the waste over
    assert game.passes_left == 0
    assert shown(game, "s", "w") == {"s": "", "w": "3C 2D AH"}
    refused(game, "s", "No passes left")


def test_turning_the_waste_over_keeps_the_order_and_is_a_move() -> None:
    game = table(K, {"s": "AH 2D 3C", "1": "KS"}, passes=3)
    for _ in range(3):
        game.play("s")
    game.play("s")
    assert shown(game, "s", "w") == {"s": "#AH #2D #3C", "w": ""}
    assert game.passes_left == 1
    game.undo()
    assert shown(game, "w") == {"w": "3C 2D AH"}
    assert game.passes_left == 2


def test_unlimited_passes_never_run_out() -> None:
    game = table(K, {"s": "AH", "1": "KS"}, passes="unlimited")
    for _ in range(20):
        game.play("s")
    assert game.passes_left is None


def test_an_empty_stock_and_waste_cannot_be_drawn() -> None:
    game = table(K, {"1": "KS"})
    refused(game, "s", "both empty")


def test_nothing_can_be_put_on_the_stock_or_the_waste() -> None:
    game = table(K, {"w": "5H", "1": "4S"})
    refused(game, "1 w", "Nothing can be put on the waste")


def test_only_the_top_waste_card_plays() -> None:
    game = table(K, {"w": "8H 7C", "1": "9D", "2": "8D"})
    assert game.play("w 2").notation == "w 2"
    assert shown(game, "w") == {"w": "8H"}


# -- end of game, autoplay, hints ---------------------------------------------------------


def full_foundations_but(*missing: str) -> dict[str, str]:
    piles = {}
    for number, suit in enumerate("SHDC", 1):
        piles[f"f{number}"] = " ".join(r + suit for r in "A23456789TJQK" if r + suit not in missing)
    return piles


def test_the_game_is_won_when_all_cards_are_on_the_foundations() -> None:
    game = table(K, {**full_foundations_but("KS"), "1": "KS"})
    assert not game.is_won
    game.play("1 f1")
    assert game.is_won
    assert not game.is_stuck


def test_autoplay_plays_only_safe_cards() -> None:
    # 3H is safe (black foundations are at 2 and 1); 4D is not: the black 3s
    # are not home and might want to lie on it.
    game = table(
        K, {"f1": "AS 2S", "f2": "AH 2H", "f3": "AD 2D 3D", "f4": "AC", "1": "3H", "2": "4D"}
    )
    played = game.autoplay()
    assert [move.notation for move in played] == ["1 f2"]
    assert game.pile("2")[-1].code == "4D"


def test_autoplay_plays_aces_and_twos_at_once_and_can_be_undone() -> None:
    game = table(K, {"1": "#5C 2H AH", "2": "AS"})
    assert [move.notation for move in game.autoplay()] == ["1 f1", "1 f1", "2 f2"]
    assert game.hidden("1") == 0
    for _ in range(3):
        game.undo()
    assert shown(game, "1", "2") == {"1": "#5C 2H AH", "2": "AS"}


def test_a_hint_prefers_uncovering_a_card_to_drawing() -> None:
    game = table(K, {"s": "5H", "1": "#2C 8S", "2": "9D"})
    assert game.hint() == Move("1", "2")


def test_a_hint_is_none_when_only_pointless_moves_are_left() -> None:
    game = table(K, {"1": "KS", "2": "KH"})
    assert game.legal_moves()  # a King may change columns, to no end
    assert game.hint() is None
    assert not game.is_stuck


def test_a_game_with_no_legal_move_is_stuck() -> None:
    game = table(K, {str(n): f"{r}S" for n, r in enumerate("KQJT987", 1)} | {"w": "2H"})
    assert game.legal_moves() == []
    assert game.is_stuck and not game.is_won


# -- undo and redo -------------------------------------------------------------------


def test_undo_and_redo_with_nothing_to_do_are_refused() -> None:
    game = new_game(K, deal=3)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMove, match="nothing to redo"):
        game.redo()


def test_redo_replays_what_undo_took_back_and_a_new_move_clears_it() -> None:
    game = new_game(K, deal=3)
    game.play("s")
    start = game.position()
    game.play("s")
    after = game.position()
    game.undo()
    assert game.position() == start
    game.redo()
    assert game.position() == after
    game.undo()
    game.play("s")
    with pytest.raises(IllegalMove):
        game.redo()
    assert game.undos == 2


# -- options -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {"draw": 1, "passes": 1, "foundation_return": False}),
        ({"draw": 3}, {"draw": 3, "passes": 3, "foundation_return": False}),
        (
            {"draw": "3", "passes": "unlimited"},
            {"draw": 3, "passes": "unlimited", "foundation_return": False},
        ),
        (
            {"draw": 1, "passes": 3, "foundation_return": "on"},
            {"draw": 1, "passes": 3, "foundation_return": True},
        ),
    ],
)
def test_options_have_the_rules_defaults(
    options: dict[str, object], expected: dict[str, object]
) -> None:
    assert new_game(K, deal=1, **options).options == expected


@pytest.mark.parametrize("options", [{"draw": 2}, {"passes": 0}, {"colour": "red"}, {"draw": True}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(BadOption):
        new_game(K, deal=1, **options)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(BadOption, match="no game"):
        new_game("spider", deal=1)


def test_a_hint_empties_a_column_only_for_a_king_that_waits() -> None:
    piles = {
        "1": "QH",
        "2": "KS",
        **{str(n): f"#2C {r}C" for n, r in zip(range(3, 8), "34567", strict=True)},
    }
    assert table(K, piles).hint() is None
    assert table(K, {**piles, "w": "KD"}).hint() == Move("1", "2")
