"""The gettext catalogues: current with the English texts they are
extracted from (with Babel), complete in every language, with nothing left
in English, and holding every text the code names."""

from __future__ import annotations

import ast
import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render.samples import samples
from render.text import captions, describe, glance, said, shorten, table_words
from render.theme import face
from render.wincard import Win, win_card_words
from solitaire import VARIANTS, Game, load_position, new_game
from solitaire.piles import pile_kind
from tests.english import english_in
from texts import CATALOGUES, DEFAULT, ENGLISH_TEXTS, GAME_KEYS, LOCALES, ordinal, tr
from texts.catalogues import languages, read, stale, template

ROOT = Path(__file__).parent.parent
OTHERS = [locale for locale in LOCALES if locale != DEFAULT]
#: How the code names texts: Msg("key", …), tr(locale, "key", …), text("key").
KEYWORDS = {"Msg": 1, "tr": 2, "text": 1}


def named_keys(package: str) -> set[str]:
    """The text keys that the sources of *package* name: each literal key
    (or each branch of ``"a" if x else "b"``) given where KEYWORDS says."""
    keys = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None)
            if name not in KEYWORDS or len(node.args) < KEYWORDS[name]:
                continue
            arg = node.args[KEYWORDS[name] - 1]
            for value in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    keys.add(value.value)
    return keys


def test_the_templates_and_compiled_catalogues_are_current() -> None:
    # python -m texts.catalogues makes them so; CI would ship stale ones otherwise.
    assert stale() == []


def test_every_text_the_code_names_is_in_the_catalogue() -> None:
    keys = {message.context for domain in ("game", "app") for message in template(domain)}
    named = set().union(*(named_keys(package) for package in ("solitaire", "render", "bot")))
    assert len(named) > 250
    assert named - keys == set()


def test_the_rules_package_speaks_only_in_game_texts() -> None:
    named = named_keys("solitaire")
    assert len(named) > 50
    assert named - GAME_KEYS == set()


def test_the_bot_speaks_every_language_that_has_catalogues() -> None:
    assert set(languages()) == set(OTHERS) and {"de", "fr"} <= set(OTHERS)


@pytest.mark.parametrize("locale", OTHERS)
def test_every_text_is_translated(locale: str) -> None:
    for domain in ("game", "app"):
        catalog = read(locale, domain)
        forms = catalog.num_plurals
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings) and not message.fuzzy, (locale, message.context)
            if isinstance(message.id, tuple):
                assert len(strings) == forms, (locale, message.context)


@pytest.mark.parametrize("locale", OTHERS)
def test_no_english_word_is_left_untranslated(locale: str) -> None:
    left = {
        key: sorted(found)
        for key, text in CATALOGUES[locale].items()
        for form in ((text,) if isinstance(text, str) else text)
        if (found := english_in(form, locale))
    }
    assert left == {}


def test_the_check_finds_english_left_in_a_translation() -> None:
    assert english_in("Tipp: `4 f1` — Ace onto the {pile}, Klondike", "de") == {
        "ace",
        "onto",
        "the",
    }


def test_plurals_and_ordinals_follow_each_language() -> None:
    assert [tr("fr", "status.moves", n=n) for n in (0, 1, 2)] == ["0 coup", "1 coup", "2 coups"]
    assert [tr("de", "status.moves", n=n) for n in (0, 1, 2)] == ["0 Züge", "1 Zug", "2 Züge"]
    assert [tr("en", "status.moves", n=n) for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert [ordinal(n, "fr") for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    assert [ordinal(n, "de") for n in (1, 2)] == ["1.", "2."]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "22nd",
    ]  # fmt: skip


def test_the_pictures_words_are_in_french_with_french_card_names() -> None:
    game = load_position("calculation", {"f1": ["AS"], "f2": ["2H", "4D", "6C", "8S", "TH", "QD"]})
    notes = captions(game, "fr")
    assert notes["f2"] == ["puis As"] and notes["f1"] == ["puis 2"]
    assert notes["s"][0].endswith("cartes") or notes["s"][0].endswith("carte")
    klondike = new_game("klondike", 4711)
    assert captions(klondike, "fr")["s"] == ["24 cartes", "dernier tour"]
    assert tr("fr", "title.calculation") == "Calcul"


def test_the_win_card_says_every_word_on_it_in_the_players_language() -> None:
    game = new_game("klondike", 4711)
    french = win_card_words(game, Win("Ada", elapsed=75.0, hints=1, streak=3), "fr")
    assert french.startswith("Carte de victoire : Ada a gagné au Klondike !")
    assert "piocher 1" in french and "temps : 1:15" in french and "victoires de suite : 3" in french
    assert "1 indice" in french
    assert len(win_card_words(game, Win("x" * 2000))) <= 1024


def test_the_table_in_words_spells_every_pile_and_each_move_in_one_sentence() -> None:
    game = new_game("klondike", 4711)
    lines = table_words(game, "fr")
    assert lines[0] == "pioche : 24 cartes cachées"
    assert lines[-1] == "colonne 7 : 6 cachées, 5 de trèfle"
    before = glance(game)
    game.play("4 f")
    assert said(before, game) == (
        "Ace of clubs from column 4 to foundation f1; 2 of clubs turned up; 1 card home."
    )
    assert said(before, game, "de").startswith("Kreuz Ass von Spalte 4 nach Grundstapel f1")


def _tallest(profile: str) -> Game:
    """Every card of the deal face up in the piles that fan out: the most
    words a table of *profile* can need."""
    cls = VARIANTS[profile]
    deck = [f"{r}{s}" for _ in range(cls.DECKS) for s in "SHDC" for r in "A23456789TJQK"]
    fans = [code for code in cls.PILES if pile_kind(code) in ("column", "waste") and code != "w"]
    position: dict[str, list[str]] = {code: [] for code in cls.PILES}
    for n, card in enumerate(deck):
        position[fans[n % len(fans)]].append(card)
    return load_position(profile, position)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("profile", sorted(VARIANTS))
def test_every_picture_has_alt_text_within_discords_limit(profile: str, locale: str) -> None:
    tallest = _tallest(profile)
    alt = describe(tallest, locale)
    assert len(alt) <= 1024
    assert all(code in alt for code in tallest.PILES)  # every pile is named
    won = samples(profile)["won"]
    card = win_card_words(won, Win("N" * 32, 3600.0, hints=9, streak=99), locale)
    assert len(card) <= 1024 and "N" * 32 in card
    lines = table_words(tallest, locale)
    assert len(lines) == len(tallest.PILES)


def test_alt_text_is_shortened_at_a_word() -> None:
    long = " ".join(["Pik König"] * 200)
    assert len(shorten(long)) <= 1024 and shorten(long).endswith("König …")


#: The texts drawn on pictures: the status line, captions, the win card.
DRAWN = ("status.", "caption.", "wincard.", "tile.", "title.", "rank.", "stats.", "count.")


def _ink(text: str, font: Any) -> bytes:
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), text, fill=255, font=font)
    return image.tobytes()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_letter_drawn_on_a_picture_has_a_glyph(locale: str) -> None:
    for key, text in CATALOGUES[locale].items():
        if not key.startswith(DRAWN):
            continue
        for form in (text,) if isinstance(text, str) else text:
            drawn = re.sub(r"\{[^}]*\}", "", form)
            font = face(drawn, 20)
            missing = _ink("\U0010fffd", font)  # what the font draws for a letter it lacks
            for letter in set(drawn) - {" "}:
                assert _ink(letter, font) != missing, (locale, key, letter)


def test_the_glyph_check_finds_a_missing_letter() -> None:
    plain = face("a", 20)  # the bundled font: ASCII alone
    assert _ink("ü", plain) == _ink("\U0010fffd", plain)


def test_a_translator_starts_a_language_and_it_speaks_english_until_translated(
    tmp_path: Path,
) -> None:
    shutil.copytree(
        ROOT / "texts", tmp_path / "texts", ignore=shutil.ignore_patterns("__pycache__")
    )
    run = functools.partial(
        subprocess.run, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    started = run([sys.executable, "-m", "texts.catalogues", "--init", "es"])
    assert started.returncode == 0, started.stderr
    assert (tmp_path / "texts/locale/es/LC_MESSAGES/app.po").exists()
    assert run([sys.executable, "-m", "texts.catalogues", "--check"]).returncode == 0
    spoken = run([
        sys.executable, "-c",
        "import texts; print(texts.locale_of('es-ES'), texts.tr('es', 'status.moves', n=2),"
        " texts.ordinal(3, 'es'))",
    ])  # fmt: skip
    assert spoken.stdout.split() == ["es", "2", "moves", "3rd"], spoken.stderr


def test_the_code_gives_every_text_with_plural_forms_its_number() -> None:
    plural = {key for texts in ENGLISH_TEXTS.values() for key, t in texts.items() if t != str(t)}
    assert {"status.moves", "won", "castles.supermove"} <= plural
    countless = []
    for package in ("solitaire", "render", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                name = getattr(getattr(node, "func", None), "id", None)
                if not isinstance(node, ast.Call) or name not in ("Msg", "tr"):
                    continue
                key = node.args[KEYWORDS[name] - 1] if len(node.args) >= KEYWORDS[name] else None
                counted = "n" in {keyword.arg for keyword in node.keywords}
                if isinstance(key, ast.Constant) and key.value in plural and not counted:
                    countless.append(f"{path.name}:{node.lineno} {key.value}")
    assert countless == []
