"""The commands the bot registers fit Discord's documented limits (LIMITS.md
§1) in every language it ships, and each limit is refused where Discord
refuses it, one character or one item over, with the field named. A
translator's 101-character description fails here, in the fast loop."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.__main__ import main
from bot.adapter import registration
from bot.adapter.limits import Problem, commands_problems, errors_object
from texts import CATALOGUES, LOCALES


def chat(**fields: Any) -> dict[str, Any]:
    return {"name": "play", "description": "Start a game", "type": 1, **fields}


def option(name: str = "game", **fields: Any) -> dict[str, Any]:
    return {"name": name, "description": "which game", "type": 3, **fields}


def group(name: str, *subs: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": name, "type": 2, "options": list(subs)}


def sub(name: str, *options: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": name, "type": 1, "options": list(options)}


def paths(problems: list[Problem]) -> set[str]:
    return {".".join(map(str, problem.path)) for problem in problems}


async def test_the_commands_fit_discord_in_every_language_the_bot_ships() -> None:
    sent = await registration.registered()
    assert await registration.problems() == []
    # Not by luck: every language's descriptions are in what is checked.
    cup = next(command for command in sent if command["name"] == "cup")
    strike = next(option for option in cup["options"] if option["name"] == "strike")
    shipped = {"de", "fr"} & set(LOCALES)
    assert shipped and shipped <= strike["description_localizations"].keys()


async def test_a_translation_one_character_too_long_is_named_with_its_length() -> None:
    sent = copy.deepcopy(await registration.registered())
    i, cup = next((i, c) for i, c in enumerate(sent) if c["name"] == "cup")
    j = next(j for j, o in enumerate(cup["options"]) if o["name"] == "strike")
    cup["options"][j]["description_localizations"]["de"] = "d" * 101
    lines = [
        f"{registration.field_name(problem.path, sent)}: {problem.message}"
        for problem in commands_problems(sent)
    ]
    assert lines == ["cup › strike › description (de): Must be between 1 and 100 in length: "
                     "101 characters"]  # fmt: skip
    assert paths(commands_problems(sent)) == {f"{i}.options.{j}.description_localizations.de"}


async def test_an_integer_bound_past_int53_is_named_with_its_option() -> None:
    """Discord types an INTEGER option's bounds ``Int53Type``, ±(2^53 − 1),
    and refuses a bulk registration with one past it as a whole."""
    sent = copy.deepcopy(await registration.registered())
    i, puzzle = next((i, c) for i, c in enumerate(sent) if c["name"] == "puzzle")
    j, number = next((j, o) for j, o in enumerate(puzzle["options"]) if o["type"] == 4)
    assert number["max_value"] == 2**53 - 1  # the widest Discord takes
    number["max_value"] = 2**53
    lines = [
        f"{registration.field_name(problem.path, sent)}: {problem.message}"
        for problem in commands_problems(sent)
    ]
    assert lines == [f"puzzle › {number['name']} › max_value: Must be between "
                     "-9007199254740991 and 9007199254740991: 9007199254740992"]  # fmt: skip
    assert paths(commands_problems(sent)) == {f"{i}.options.{j}.max_value"}


@pytest.mark.parametrize(
    ("command", "where"),
    [
        (chat(name="p" * 33), "0.name"),
        (chat(name=""), "0.name"),
        (chat(name="Play"), "0.name"),
        (chat(name="play game"), "0.name"),
        (chat(name="play!"), "0.name"),
        (chat(name_localizations={"de": "Spielen"}), "0.name_localizations.de"),
        (chat(name_localizations={"de": "s" * 33}), "0.name_localizations.de"),
        (chat(description="d" * 101), "0.description"),
        (chat(description=""), "0.description"),
        (chat(description_localizations={"de": "d" * 101}), "0.description_localizations.de"),
        (chat(description_localizations={"fr": ""}), "0.description_localizations.fr"),
        (chat(description_localizations={"xx": "Spielen"}), "0.description_localizations.xx"),
        (chat(description_localizations={"en": "Play"}), "0.description_localizations.en"),
        (chat(options=[option(f"o{i}") for i in range(26)]), "0.options"),
        (chat(options=[sub("s", *[option(f"o{i}") for i in range(26)])]), "0.options.0.options"),
        (chat(options=[option("Game")]), "0.options.0.name"),
        (chat(options=[option(name_localizations={"fr": "jeu partie"})]),
         "0.options.0.name_localizations.fr"),
        (chat(options=[option(description="d" * 101)]), "0.options.0.description"),
        (chat(options=[option(description_localizations={"de": "d" * 101})]),
         "0.options.0.description_localizations.de"),
        (chat(options=[option(choices=[{"name": str(i), "value": str(i)} for i in range(26)])]),
         "0.options.0.choices"),
        (chat(options=[option(choices=[{"name": "n" * 101, "value": "v"}])]),
         "0.options.0.choices.0.name"),
        (chat(options=[option(choices=[{"name": "n", "value": "v",
                                        "name_localizations": {"fr": "n" * 101}}])]),
         "0.options.0.choices.0.name_localizations.fr"),
        (chat(options=[option(choices=[{"name": "n", "value": "v" * 101}])]),
         "0.options.0.choices.0.value"),
        (chat(options=[option(choices=[{"name": "n", "value": "v"}], autocomplete=True)]),
         "0.options.0.autocomplete"),
        (chat(options=[option(type=5, choices=[{"name": "n", "value": "v"}])]),
         "0.options.0.choices"),
        (chat(options=[option("a"), option("b", required=True)]), "0.options.1.required"),
        (chat(options=[option("a"), option("a")]), "0.options.1.name"),
        (chat(options=[option("a"), option("b", name_localizations={"de": "a"})]),
         "0.options.1.name_localizations.de"),
        (chat(options=[option("a", name_localizations={"de": "x"}),
                       option("b", name_localizations={"de": "x"})]),
         "0.options.1.name_localizations.de"),
        (chat(options=[option(max_length=6001)]), "0.options.0.max_length"),
        (chat(options=[option(min_length=-1)]), "0.options.0.min_length"),
        (chat(options=[option(type=4, max_length=5)]), "0.options.0.max_length"),
        (chat(options=[option(min_value=1)]), "0.options.0.min_value"),
        (chat(options=[option(type=4, max_value=2**53)]), "0.options.0.max_value"),
        (chat(options=[option(type=4, min_value=-(2**53))]), "0.options.0.min_value"),
        (chat(options=[option(type=4, max_value=1.5)]), "0.options.0.max_value"),
        (chat(options=[option(type=4, max_value=True)]), "0.options.0.max_value"),
        (chat(options=[option(type=10, min_value="1")]), "0.options.0.min_value"),
        (chat(options=[option(channel_types=[0])]), "0.options.0.channel_types"),
        (chat(options=[group("g", group("h"))]), "0.options.0.options.0.type"),
        (chat(options=[group("g", option())]), "0.options.0.options.0.type"),
        (chat(options=[sub("s", sub("t"))]), "0.options.0.options.0.type"),
        (chat(options=[{**sub("s"), "required": True}]), "0.options.0.required"),
        (chat(options=[sub("s"), option()]), "0.options"),
        (chat(options=[option(f"o{i}", description="d" * 100, choices=[
            {"name": "n" * 100, "value": "v" * 100} for _ in range(25)]) for i in range(4)]), "0"),
        ({"name": "Race", "type": 2, "description": "Race them"}, "0.description"),
        ({"name": "Race", "type": 2, "options": [option()]}, "0.options"),
        ({"name": "r" * 33, "type": 2}, "0.name"),
    ],
)  # fmt: skip
def test_what_discord_refuses_is_refused_at_the_field(command: dict[str, Any], where: str) -> None:
    assert where in paths(commands_problems([command]))


def test_a_command_at_every_limit_passes() -> None:
    fine = chat(
        name="c" * 32,
        description="d" * 100,
        name_localizations={"de": "pokal", "hi": "कप", "th": "ถ้วย"},
        description_localizations={"de": "d" * 100, "fr": "e", "en-GB": "d", "es-419": "d"},
        options=[
            sub("open", option("game", required=True, choices=[
                {"name": "n" * 100, "value": "v" * 100,
                 "name_localizations": {"de": "n" * 100}}] * 25),
                *[option(f"o{i}", min_length=0, max_length=6000) for i in range(24)]),
            group("admin", sub("strike", {**option("who"), "type": 6}),
                  sub("channel", {**option("where"), "type": 7, "channel_types": [0, 16]})),
            sub("deal", {**option("number"), "type": 4, "min_value": 1, "max_value": 2**31 - 1}),
            sub("id", {**option("number"), "type": 4, "min_value": -(2**53 - 1),
                       "max_value": 2**53 - 1}, {**option("ratio"), "type": 10,
                                                 "min_value": 0.5, "max_value": 2**60}),
            sub("name", option("a", name_localizations={"de": "x", "fr": "a"}),
                option("b", name_localizations={"de": "y"})),
        ],
    )  # fmt: skip
    users = [{"name": f"Race {i}", "type": 2} for i in range(15)]
    chats = [chat(name=f"c{i}") for i in range(98)]
    assert commands_problems([fine, *chats, *users, chat(name="überspiel-ฉ")]) == []


def test_more_commands_than_discord_allows_are_refused() -> None:
    too_many = [chat(name=f"c{i}") for i in range(101)]
    assert [p.code for p in commands_problems(too_many)] == ["APPLICATION_COMMANDS_MAX"]
    assert commands_problems(too_many[:100]) == []
    users = [{"name": f"Race {i}", "type": 2} for i in range(16)]
    assert [p.code for p in commands_problems(users)] == ["APPLICATION_COMMANDS_MAX"]
    assert paths(commands_problems([chat(), chat()])) == {"1.name"}
    assert commands_problems([chat(), {"name": "play", "type": 2}]) == []


def test_the_8000_characters_count_each_field_at_its_longest_localization() -> None:
    # "play" and 100 = 104; 25 options of 3 + 100 = 2,575; 26 choices of 100 + 100
    # = 5,200; one of 61 + 60 = 121: exactly 8,000.
    choice = {"name": "n" * 100, "value": "v" * 100}
    options = [option(f"o{i:02}", description="d" * 100) for i in range(25)]
    options[0]["choices"] = [choice] * 25
    options[1]["choices"] = [choice, {"name": "n" * 61, "value": "v" * 60}]
    command = chat(description="d" * 100, options=options)
    assert commands_problems([command]) == []
    options[2]["description_localizations"] = {"de": "d" * 99, "fr": "d" * 100}
    assert commands_problems([command]) == []  # each field at its longest, not their sum
    options[2]["name_localizations"] = {"de": "o002"}
    assert [p.code for p in commands_problems([command])] == ["APPLICATION_COMMAND_TOO_LARGE"]


def test_refusals_are_discords_nested_errors_object() -> None:
    found = commands_problems([chat(), chat(name="other", description="d" * 101)])
    assert errors_object(found) == {
        "1": {"description": {"_errors": [{
            "code": "BASE_TYPE_BAD_LENGTH",
            "message": "Must be between 1 and 100 in length: 101 characters",
        }]}}
    }  # fmt: skip


def test_solitaire_bot_check_says_the_commands_fit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out, err = capsys.readouterr()
    assert (
        out
        == "solitaire-bot check: the commands and every text fit Discord's limits in en, de, fr\n"
    )
    assert err == ""


def test_solitaire_bot_check_names_a_translation_too_long(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator's 101-character description, as if the catalogue held it."""
    monkeypatch.setitem(CATALOGUES["de"], "cmd.cup.strike", "d" * 101)  # type: ignore[arg-type]
    assert main(["check"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "solitaire-bot check: cup › strike › description (de): "
        "Must be between 1 and 100 in length: 101 characters",
        "solitaire-bot check: de: cmd.cup.strike (a command's description): 101 characters, "
        "over 100: " + repr("d" * 101),
    ]
