"""Rule options: one model, one short code per set of options, every option
reachable from /play or marked as the engine's alone."""

from __future__ import annotations

import itertools

import pytest

from bot.adapter.commands import play
from solitaire import VARIANTS, BadOption, new_game

GAMES = sorted(VARIANTS)


def every_choice(profile: str) -> list[dict[str, object]]:
    """Every combination of every option's values, as a player may set them."""
    options = VARIANTS[profile].OPTIONS
    return [
        dict(zip([option.name for option in options], values, strict=True))
        for values in itertools.product(*(option.choices for option in options))
    ]


@pytest.mark.parametrize("profile", GAMES)
def test_every_set_of_options_round_trips_through_its_code(profile: str) -> None:
    cls = VARIANTS[profile]
    codes = set()
    for chosen in every_choice(profile):
        code = cls.options_code(chosen)
        assert cls.options_from_code(code) == cls.resolve_options(chosen)
        codes.add(code)
    # Sets that resolve alike share a code; sets that differ never do.
    assert len(codes) == len({tuple(cls.resolve_options(c).items()) for c in every_choice(profile)})


@pytest.mark.parametrize("profile", GAMES)
def test_the_defaults_have_the_empty_code(profile: str) -> None:
    assert VARIANTS[profile].options_code({}) == ""
    assert new_game(profile, 1).rules_code == ""


def test_klondike_codes_name_only_what_differs_from_the_defaults() -> None:
    klondike = VARIANTS["klondike"]
    assert klondike.options_code({"draw": 3}) == "d3"
    assert klondike.options_code({"draw": 3, "passes": 3}) == "d3"  # 3 passes come with draw 3
    assert klondike.options_code({"draw": 3, "passes": "unlimited"}) == "d3pu"
    assert klondike.options_code({"passes": 1}) == ""
    game = new_game("klondike", 1, draw=3, passes="unlimited")
    assert (game.draw, game.passes, game.foundation_return) == (3, None, False)


@pytest.mark.parametrize("code", ["x1", "d2", "d", "d3p", "D3", "d3 ", "pq"])
def test_a_code_that_names_no_rules_is_refused(code: str) -> None:
    with pytest.raises(BadOption):
        VARIANTS["klondike"].options_from_code(code)


@pytest.mark.parametrize("profile", GAMES)
def test_each_option_has_its_own_letter_and_its_values_their_own_tokens(profile: str) -> None:
    options = VARIANTS[profile].OPTIONS
    assert len({option.letter for option in options}) == len(options)
    for option in options:
        assert len({option.token(choice) for choice in option.choices}) == len(option.choices)


@pytest.mark.parametrize("profile", GAMES)
def test_every_playable_option_is_on_play_with_every_value(profile: str) -> None:
    parameters = {parameter.name: parameter for parameter in play.parameters}
    for option in VARIANTS[profile].OPTIONS:
        if not option.playable:
            assert option.name not in parameters  # the engine's alone
            continue
        parameter = parameters[option.name]
        offered = {option.coerce(choice.value) for choice in parameter.choices}
        assert offered == set(option.choices), option.name
