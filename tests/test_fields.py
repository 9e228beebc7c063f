"""Every text that lands in a field Discord limits is declared with its
field (``bot/usecases/fields.py``), and fits it in every language with its
placeholders at their longest, counted in code points and UTF-16 units; a
translator's label one character too long fails here, naming the key."""

from __future__ import annotations

import pytest

from bot.adapter import limits, message_limits
from bot.usecases import fields
from bot.usecases.fields import BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, clip, problems, text
from texts import CATALOGUES


def test_every_text_fits_its_field_in_every_language() -> None:
    assert problems() == []


def test_the_labels_the_bot_shows_are_declared() -> None:
    declared = {key for key in CATALOGUES["en"] if fields.field_of(key) == BUTTON_LABEL}
    assert {"button.draw", "button.cup_deal", "button.share", "button.next"} <= declared
    assert fields.field_of("said.stale_button") == fields.CONTENT  # a reply, not a label
    assert fields.field_of("cup.replay_option") == OPTION_LABEL
    assert fields.field_of("menu.pile") == PLACEHOLDER


def test_the_fields_limits_are_discords() -> None:
    assert BUTTON_LABEL.limit == message_limits.LABEL_LENGTH
    assert (
        OPTION_LABEL.limit == fields.OPTION_DESCRIPTION.limit == message_limits.SELECT_OPTION_LENGTH
    )
    assert PLACEHOLDER.limit == message_limits.PLACEHOLDER_LENGTH
    assert fields.EVENT_NAME.limit == message_limits.EVENT_NAME
    assert fields.EVENT_DESCRIPTION.limit == message_limits.EVENT_DESCRIPTION
    assert fields.ALT_TEXT.limit == message_limits.ALT_TEXT
    assert fields.COMMAND_DESCRIPTION.limit == limits.DESCRIPTION_LENGTH
    assert fields.CHOICE_NAME.limit == limits.CHOICE_LENGTH
    assert fields.CONTENT.limit == message_limits.CONTENT_LENGTH


@pytest.mark.parametrize(
    ("key", "translation", "line"),
    [
        ("button.draw", "Z" * 81, "de: button.draw (a button's label): 81 characters, over 80"),
        ("button.cup_deal", "Z" * 71 + " ({number})",
         "de: button.cup_deal (a button's label): 81 characters, over 80"),
        ("button.draw", "🂡" * 41, "de: button.draw (a button's label): 82 characters, over 80"),
        ("cup.replay_option", "{player} " + "Z" * 31 + " {number}",
         "de: cup.replay_option (a menu option's label): 101 characters, over 100"),
        ("menu.empty", "Z" * 101,
         "de: menu.empty (a menu option's label): 101 characters, over 100"),
        ("menu.pile", "{pile} " + "Z" * 140,
         "de: menu.pile (a menu's placeholder): 159 characters, over 150"),
        ("cup.event", "Z" * 101,
         "de: cup.event (a scheduled event's name): 101 characters, over 100"),
        ("button.draw", "Ziehen {who}",
         "de: button.draw (a button's label): no longest value for ['who']"),
        ("said.stale_button", "Z" * 2001,
         "de: said.stale_button (a message's content): 2001 characters, over 2000"),
    ],
)  # fmt: skip
def test_a_translation_over_its_field_is_named_with_its_key_and_length(
    monkeypatch: pytest.MonkeyPatch, key: str, translation: str, line: str
) -> None:
    monkeypatch.setitem(CATALOGUES["de"], key, translation)  # type: ignore[index]
    [found] = problems()
    assert found.startswith(line), found


def test_a_field_takes_only_the_texts_declared_for_it() -> None:
    assert text(BUTTON_LABEL, "de", "button.draw") == CATALOGUES["de"]["button.draw"]
    with pytest.raises(LookupError, match=r"menu\.pile is not declared as a button's label"):
        text(BUTTON_LABEL, "en", "menu.pile")
    with pytest.raises(LookupError):
        text(BUTTON_LABEL, "en", "said.stale_button")


def test_a_text_is_clipped_to_its_field_in_utf16_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CATALOGUES["de"], "button.draw", "🂡" * 50)  # type: ignore[index]
    label = text(BUTTON_LABEL, "de", "button.draw")
    assert label == "🂡" * 39 + "…" and fields.units(label) == 79
    assert clip("x" * 80, 80) == "x" * 80 and clip("x" * 81, 80) == "x" * 79 + "…"


def test_solitaire_bot_check_names_a_label_too_long(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    monkeypatch.setitem(CATALOGUES["fr"], "button.share", "P" * 81)  # type: ignore[index]
    assert main(["check"]) == 1
    assert capsys.readouterr().err.startswith(
        "solitaire-bot check: fr: button.share (a button's label): 81 characters, over 80"
    )
