"""The notation of RULES.md: every accepted spelling, one canonical form."""

from __future__ import annotations

import pytest

from solitaire import AmbiguousMove, IllegalMove, InvalidNotation, Move, new_game, parse_command
from solitaire.notation import TAP, Pattern, parse_notation
from texts import Msg

KLONDIKE = {"s", "w", "f1", "f2", "f3", "f4", "1", "2", "3", "4", "5", "6", "7"}
TEN_COLUMNS = {str(n) for n in range(1, 11)} | {"f1", "f2", "f3", "f4", "r1", "r2"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("w3", Pattern("w", "3")),
        ("w 3", Pattern("w", "3")),
        ("W-3", Pattern("w", "3")),
        ("w>3", Pattern("w", "3")),
        ("w, 3", Pattern("w", "3")),
        ("3f", Pattern("3", "f")),
        ("3 f2", Pattern("3", "f2")),
        ("3F2", Pattern("3", "f2")),
        ("7>2", Pattern("7", "2")),
        ("72", Pattern("7", "2")),
        ("7-2x3", Pattern("7", "2", 3)),
        ("7 2 x3", Pattern("7", "2", 3)),
        ("72x3", Pattern("7", "2", 3)),
        ("s", Pattern("s", "")),
        ("d", Pattern("s", "")),
        (" S ", Pattern("s", "")),
    ],
)
def test_klondike_spellings(text: str, expected: Pattern) -> None:
    assert parse_notation(text, KLONDIKE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 10", Pattern("3", "10")),
        ("30", Pattern("3", "10")),
        ("10 3", Pattern("10", "3")),
        ("10", Pattern("1", "10")),  # digits one at a time: 1 → 0, the alias of 10
        ("r1 f", Pattern("r1", "f")),
        ("r1f", Pattern("r1", "f")),
        ("r12", Pattern("r1", "2")),
        ("f2 7", Pattern("f2", "7")),
        ("1 2x1", Pattern("1", "2", 1)),
    ],
)
def test_ten_column_spellings(text: str, expected: Pattern) -> None:
    assert parse_notation(text, TEN_COLUMNS) == expected


@pytest.mark.parametrize(("text", "pile"), [("7", "7"), (" r1 ", "r1"), ("0", "10"), ("F2", "f2")])
def test_a_pile_alone_is_a_tap(text: str, pile: str) -> None:
    assert parse_notation(text, TEN_COLUMNS) == Pattern(pile, TAP)


@pytest.mark.parametrize(
    "text", ["", "   ", "310", "7x2", "f", "x3", "zz", "w 3 4", "7 2x0", "q" * 100]
)
def test_text_that_is_no_move_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_notation(text, KLONDIKE)


def test_letters_with_a_digit_are_one_pile_only_when_the_game_has_that_pile() -> None:
    assert parse_notation("w3", KLONDIKE) == Pattern("w", "3")
    assert parse_notation("w3 f", {"w1", "w2", "w3", "w4", "f1"}) == Pattern("w3", "f")


@pytest.mark.parametrize(
    "move",
    [
        Move("s"),
        Move("w", "3"),
        Move("7", "2", 3),
        Move("1", "2", 1, show_count=True),
        Move("r1", "f4"),
    ],
)
def test_canonical_notation_parses_back_to_the_same_move(move: Move) -> None:
    assert Move.parse(move.notation) == move
    assert Move.parse(move.notation).notation == move.notation


def test_canonical_forms() -> None:
    assert [
        m.notation for m in (Move("s"), Move("w", "3"), Move("3", "f2"), Move("7", "2", 3))
    ] == [
        "s",
        "w 3",
        "3 f2",
        "7 2x3",
    ]


@pytest.mark.parametrize("text", ["w3", "7  2", "7 2x", "sw", "1 2x01"])
def test_move_parse_accepts_only_canonical_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        Move.parse(text)


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("u", "undo"),
        ("UNDO", "undo"),
        ("h", "hint"),
        ("hint", "hint"),
        ("a", "auto"),
        ("redo", "redo"),
        ("w3", None),
    ],
)
def test_chat_commands(text: str, command: str | None) -> None:
    assert parse_command(text) == command


def test_a_game_resolves_short_forms_to_canonical_moves() -> None:
    game = new_game("klondike", deal=4711)
    assert game.parse_move("4F").notation == "4 f1"
    assert game.parse_move("4 f") == game.parse_move("4f1")


def test_a_pile_the_game_lacks_is_named_in_the_reason() -> None:
    game = new_game("klondike", deal=4711)
    with pytest.raises(IllegalMove, match="no pile `r1`"):
        game.play("r1 3")
    with pytest.raises(IllegalMove, match="no pile `9`"):
        game.play("9 3")


def test_ambiguous_move_lists_the_choices() -> None:
    assert issubclass(AmbiguousMove, IllegalMove)
    error = AmbiguousMove(Msg("rule.not_legal"), [Move("1", "2", 1, True), Move("1", "2", 2)])
    assert [m.notation for m in error.choices] == ["1 2x1", "1 2x2"]
