"""German and English: the catalogues agree, every text the code names
exists, and the same actions read in the asker's language."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.usecases.replies import Asker, Board, Notice
from bot.usecases.service import GameService
from render.text import describe, status_line
from solitaire import VARIANTS, IllegalMove, new_game
from solitaire.piles import pile_kind
from storage._base import STATUSES
from texts import CATALOGUES, DEFAULT, GAME_KEYS, LOCALES, Msg, locale_of, tr

ROOT = Path(__file__).parent.parent
EN = CATALOGUES["en"]
OTHERS = [locale for locale in LOCALES if locale != DEFAULT]
ALICE, BOB = 1, 2


def fields(template: str) -> dict[str, str]:
    """The placeholders of *template*, each with its format spec."""
    return {
        name: spec or ""
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    }


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else text


def test_the_bot_speaks_english_german_and_french() -> None:
    assert set(LOCALES) >= {"en", "de", "fr"}


@pytest.mark.parametrize("locale", OTHERS)
def test_every_language_has_exactly_the_english_keys(locale: str) -> None:
    assert set(EN) - set(CATALOGUES[locale]) == set()
    assert set(CATALOGUES[locale]) - set(EN) == set()


@pytest.mark.parametrize("key", sorted(EN))
def test_each_text_has_the_same_placeholders_in_every_language(key: str) -> None:
    english = [fields(form) for form in forms(EN[key])]
    names = set(english[0])
    assert all(set(form) == names for form in english), key
    if len(english) > 1:
        assert "n" in names, f"{key}: a text with plural forms counts its {{n}}"
    for locale in OTHERS:
        for form in forms(CATALOGUES[locale][key]):
            translated = fields(form)
            assert set(translated) == names, (locale, key)
            specs = set(translated.values())
            assert specs <= {"", "cap", "lower", "ord"}, (locale, key)


def _keys_named_in(path: Path) -> set[str]:
    source = path.read_text()
    pattern = r"""\b(?:Msg|tr|text)\(\s*(?:[\w.()]+,\s*)?"([a-z][\w.-]*)\""""
    return set(re.findall(pattern, source))


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    named = set()
    for package in ("solitaire", "render", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            named |= _keys_named_in(path)
    assert len(named) > 150
    assert named - set(EN) == set()


def test_the_rules_package_speaks_only_in_game_texts() -> None:
    named = set()
    for path in (ROOT / "solitaire").rglob("*.py"):
        named |= _keys_named_in(path)
    assert len(named) > 50
    assert named - GAME_KEYS == set()


def test_every_key_built_from_a_value_is_in_the_catalogue() -> None:
    kinds = {pile_kind(code) for cls in VARIANTS.values() for code in cls.PILES}
    built = (
        [f"rank.{n}" for n in range(1, 14)]
        + [f"rank.a.{n}" for n in range(1, 14)]
        + [f"pile.{kind}" for kind in kinds]
        + [f"alt.{kind}" for kind in kinds]
        + [f"state.{status}" for status in STATUSES]
        + [f"rules.{profile}" for profile in VARIANTS]
        + [f"button.{action}" for action in ("draw", "undo", "hint", "auto", "share")]
        + [f"cmd.{name}" for name in ("draw", "undo", "hint", "auto")]
    )
    assert [key for key in built if key not in EN] == []


def test_an_unknown_language_falls_back_to_english() -> None:
    assert locale_of("pt-BR") == locale_of("en-US") == locale_of(None) == DEFAULT
    assert locale_of("de") == "de" and locale_of("fr") == "fr"
    assert Msg("move.undone", move="7 2").render("pt") == "Took back `7 2`."


def test_numbers_take_their_noun_and_ordinals_their_language() -> None:
    assert tr("en", "status.moves", n=1) == "1 move"
    assert tr("en", "status.moves", n=2) == "2 moves"
    assert tr("de", "status.moves", n=1) == "1 Zug"
    assert tr("de", "status.moves", n=12) == "12 Züge"
    where = Msg("standing.today")
    assert tr("en", "standing", place=2, n=3, where=where) == "That is 2nd of 3 today."
    assert tr("de", "standing", place=2, n=3, where=where) == "Das ist Platz 2. von 3 heute."


def test_a_rule_reason_reads_in_either_language() -> None:
    game = new_game("klondike", 4711)
    with pytest.raises(IllegalMove) as info:
        game.play("7 1")
    assert str(info.value) == info.value.text("en")
    assert "can't go on" in info.value.text("en")
    assert "passt nicht auf" in info.value.text("de")
    assert info.value.text("de").startswith(str(game.pile("7")[-1]))


@settings(max_examples=60, deadline=None)
@given(
    profile=st.sampled_from(sorted(VARIANTS)),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 40),
    data=st.data(),
)
def test_every_refusal_renders_in_german(
    profile: str, deal: int, steps: int, data: st.DataObject
) -> None:
    game = new_game(profile, deal)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
    codes = [*game.PILES, "f", "x", "7 2x9"]
    text = data.draw(st.sampled_from(codes)) + " " + data.draw(st.sampled_from(codes))
    try:
        game.parse_move(text)
    except IllegalMove as error:
        german = error.text("de")
        assert german and "{" not in german and "\n" not in german
    for move in game.legal_moves():
        assert game.describe_move(move).render("de")


async def test_the_same_game_reads_in_the_players_language(service: GameService) -> None:
    german = await service.start(Asker(ALICE, "de"), "klondike", deal=4711)
    english = await service.start(Asker(BOB, "en"), "klondike", deal=4711)
    assert isinstance(german, Board) and isinstance(english, Board)
    assert german.news == "Neues Spiel: Klondike, Spiel Nr. 4711."
    assert english.news == "New game: Klondike, deal 4711."
    assert "0 Züge" in german.summary and "0 moves" in english.summary
    assert "Spalten:" in german.alt and "Columns:" in english.alt
    assert german.png != english.png  # the picture's words are in the player's language
    assert [value for _, value, _ in german.moves] == [value for _, value, _ in english.moves]
    assert {value: what for _, value, what in german.moves}["s"] == "vom Nachziehstapel ziehen"
    assert {value: what for _, value, what in english.moves}["s"] == "draw from the stock"
    assert ("4 … (2 Züge)", "from:4", "4 f1 · 4 5") in german.moves

    refused = await service.move(Asker(ALICE, "de"), "7 1")
    assert isinstance(refused, Notice) and "passt nicht auf" in refused.text
    moved = await service.move(Asker(ALICE, "de"), "4f")
    assert isinstance(moved, Board) and moved.news.startswith("`4 f1` — A♣ auf Grundstapel f1")
    undone = await service.move(Asker(ALICE, "de"), "u")
    assert isinstance(undone, Board) and undone.news == "`4 f1` zurückgenommen."
    where = await service.move(Asker(ALICE, "de"), "h")
    assert isinstance(where, Notice) and where.text.startswith("Tipp: Schau dir Spalte 4 an.")
    hint = await service.move(Asker(ALICE, "de"), "h")
    assert isinstance(hint, Notice) and hint.text.startswith("Tipp: `4 f1`")
    why = await service.move(Asker(ALICE, "de"), "h")
    assert isinstance(why, Notice) and why.text.startswith("Warum `4 f1`: ")
    choice = await service.start(Asker(ALICE, "de"), "klondike")
    assert "angefangenes Klondike-Spiel" in choice.text
    resigned = await service.resign(Asker(BOB, "en"))
    assert isinstance(resigned, Board) and resigned.news.startswith("You resigned Klondike")
    suggestions = await service.suggestions(Asker(ALICE, "de"), "4")
    assert suggestions[0] == ("4 f1 — A♣ auf Grundstapel f1", "4 f1")


async def test_rules_and_help_exist_in_both_languages(service: GameService) -> None:
    for profile in VARIANTS:
        english, german = (
            service.rules(Asker(0, "en"), profile),
            service.rules(Asker(0, "de"), profile),
        )
        assert english != german and len(german) < 2000 and len(english) < 2000
        assert "Grundstapel" in german and "foundation" in english
    assert "So wird gespielt" in service.help(Asker(0, "de"))
    assert "How to play" in service.help(Asker(0, "en"))
    assert "Es gibt kein Spiel `patience`" in service.rules(Asker(0, "de"), "patience")


def test_the_status_line_and_alt_text_follow_the_language() -> None:
    game = new_game("castles-end", 77)
    game.play(game.ordered_moves()[0])
    assert "1 Zug" in status_line(game, locale="de")
    assert "1 move" in status_line(game, locale="en")
    assert describe(game, "de").startswith("Castle's End · Spiel Nr. 77")
    assert len(describe(game, "de")) <= 1000
