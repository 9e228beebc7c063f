"""Discord's documented limits on messages, components, interaction
responses and events (``bot/adapter/message_limits.py``, LIMITS.md §2–§7), which
the local Discord enforces: each is refused one character or one item over,
at the field Discord would name, and a body at every limit passes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapter import message_limits
from bot.adapter.limits import Problem

V2 = message_limits.COMPONENTS_V2


def button(custom_id: str = "b", **fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Draw", "custom_id": custom_id, **fields}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(**fields: Any) -> dict[str, Any]:
    return {"type": 3, "custom_id": "m", "options": [{"label": "7 2", "value": "7 2"}], **fields}


def text(content: str = "t") -> dict[str, Any]:
    return {"type": 10, "content": content}


def paths(problems: list[Problem]) -> set[str]:
    return {".".join(map(str, problem.path)) for problem in problems}


@pytest.mark.parametrize(
    ("message", "where"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
        ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
        ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, "embeds.0.fields.0.name"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value"),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "embeds.0.footer.text"),
        ({"embeds": [{"author": {"name": "a" * 257}}]}, "embeds.0.author.name"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds"),
        ({"attachments": [{"id": i} for i in range(11)]}, "attachments"),
        ({"attachments": [{"id": 0, "description": "a" * 1025}]}, "attachments.0.description"),
        ({"flags": 64}, "flags"),
        ({"components": [row(button("b" * 101))]}, "components.0.components.0.custom_id"),
        ({"components": [row(button(""))]}, "components.0.components.0.custom_id"),
        ({"components": [row(button("b"), button("b"))]}, "components.0.components.1.custom_id"),
        ({"components": [row(button(label="l" * 81))]}, "components.0.components.0.label"),
        ({"components": [row(button(style=5))]}, "components.0.components.0"),
        ({"components": [row(button(style=5, custom_id=None, url="https://" + "u" * 505))]},
         "components.0.components.0.url"),
        ({"components": [row(button(url="https://x"))]}, "components.0.components.0"),
        ({"components": [row(*(button(str(i)) for i in range(6)))]}, "components.0.components"),
        ({"components": [row()]}, "components.0.components"),
        ({"components": [row(button(), select())]}, "components.0.components"),
        ({"components": [row(button(str(i))) for i in range(6)]}, "components"),
        ({"components": [button()]}, "components.0.type"),
        ({"components": [text()]}, "components.0.type"),
        ({"components": [row(select(placeholder="p" * 151))]},
         "components.0.components.0.placeholder"),
        ({"components": [row(select(options=[{"label": str(i), "value": str(i)}
                                             for i in range(26)]))]},
         "components.0.components.0.options"),
        ({"components": [row(select(options=[]))]}, "components.0.components.0.options"),
        ({"components": [row(select(options=[{"label": "l" * 101, "value": "v"}]))]},
         "components.0.components.0.options.0.label"),
        ({"components": [row(select(options=[{"label": "l", "value": "v" * 101}]))]},
         "components.0.components.0.options.0.value"),
        ({"components": [row(select(options=[{"label": "l", "value": "v",
                                              "description": "d" * 101}]))]},
         "components.0.components.0.options.0.description"),
        ({"components": [row(select(max_values=26))]}, "components.0.components.0"),
        ({"flags": V2, "content": "hi", "components": [text()]}, "content"),
        ({"flags": V2, "content": "", "components": [text()]}, "content"),
        ({"flags": V2, "embeds": [{"title": "t"}], "components": [text()]}, "embeds"),
        ({"flags": V2, "components": [text()] * 41}, "components"),
        ({"flags": V2, "components": [{"type": 17, "components": [text()] * 40}]}, "components"),
        ({"flags": V2, "components": [text("t" * 4001)]}, "components"),
        ({"flags": V2, "components": [button()]}, "components.0.type"),
        ({"flags": V2, "components": [{"type": 12, "items": []}]}, "components.0.items"),
        ({"flags": V2, "components": [{"type": 12, "items": [
            {"media": {"url": "attachment://a.png"}}] * 11}]}, "components.0.items"),
        ({"flags": V2, "components": [{"type": 12, "items": [
            {"media": {"url": "attachment://a.png"}, "description": "a" * 1025}]}]},
         "components.0.items.0.description"),
        ({"flags": V2, "components": [{"type": 9, "components": [text()] * 4,
                                       "accessory": button()}]}, "components.0.components"),
        ({"flags": V2, "components": [{"type": 9, "components": [text()]}]},
         "components.0.accessory"),
        ({"flags": V2, "components": [{"type": 9, "components": [text()], "accessory": {
            "type": 11, "media": {"url": "attachment://a.png"}, "description": "a" * 1025}}]},
         "components.0.accessory.description"),
        ({"flags": V2, "components": [{"type": 17, "components": [{"type": 17}]}]},
         "components.0.components"),
        ({"flags": V2, "components": [{"type": 13, "file": {"url": "https://x/a.png"}}]},
         "components.0.file.url"),
        ({"flags": V2, "components": [{"type": 17, "components": [
            row(*(button(str(i)) for i in range(6)))]}]}, "components.0.components.0.components"),
    ],
)  # fmt: skip
def test_a_message_discord_refuses_is_refused_at_the_field(
    message: dict[str, Any], where: str
) -> None:
    assert where in paths(message_limits.message_problems(message))


def test_a_message_at_every_limit_passes() -> None:
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://t.png"},
                                      "description": "a" * 1024}] * 10}  # fmt: skip
    board = {
        "flags": V2,
        "components": [
            {"type": 17, "components": [
                text("t" * 3996), gallery,
                row(*(button(str(i), label="l" * 80) for i in range(5))),
                row(select(placeholder="p" * 150, options=[
                    {"label": "l" * 100, "value": f"{i:0100}", "description": "d" * 100}
                    for i in range(25)])),
                {"type": 9, "components": [text()] * 3, "accessory": button("x")},
                {"type": 13, "file": {"url": "attachment://a.zip"}},
            ]},
            *[text("") for _ in range(40 - 17)],  # 40 components in all
        ],
    }  # fmt: skip
    assert message_limits.message_problems(board, files=10) == []
    assert len(list(message_limits.walk(board["components"], ()))) == 40
    embeds = [{"title": "t" * 256, "description": "d" * 1744}] * 3  # 6,000 in all
    assert (
        message_limits.message_problems({"content": "x" * 2000, "embeds": embeds}, files=10) == []
    )
    assert (
        message_limits.message_problems({"embeds": [{"title": " t "}] * 10, "flags": 4 | 4096})
        == []
    )
    assert paths(message_limits.message_problems({"content": "x"}, files=11)) == {"attachments"}


def test_the_components_v2_flag_is_never_taken_off_and_a_message_turns_v2_with_nothing_beside() -> (
    None
):
    v2 = {"flags": V2, "components": [text()]}
    assert message_limits.message_problems(v2, was_v2=True) == []
    assert paths(message_limits.message_problems({"flags": 0, "content": "x"}, was_v2=True)) == {
        "flags", "content"}  # fmt: skip
    assert paths(message_limits.message_problems({"content": "x"}, was_v2=True)) == {"content"}
    assert paths(message_limits.message_problems(v2, was_v2=False)) == {"content", "embeds"}
    assert (
        message_limits.message_problems({**v2, "content": None, "embeds": []}, was_v2=False) == []
    )
    assert (
        message_limits.message_problems({"content": "x", "flags": 64}, was_v2=False) == []
    )  # ignored


@pytest.mark.parametrize(
    ("response", "component", "where"),
    [
        ({"type": 4, "data": {"content": "x" * 2001}}, False, "data.content"),
        ({"type": 4, "data": {"content": "x", "flags": 2}}, False, "data.flags"),
        ({"type": 5, "data": {"flags": V2}}, False, "data.flags"),
        ({"type": 7, "data": {"content": "x"}}, False, "type"),
        ({"type": 6}, False, "type"),
        ({"type": 7, "data": {"components": [row(button(label="l" * 81))]}}, True,
         "data.components.0.components.0.label"),
        ({"type": 8, "data": {"choices": [{"name": str(i), "value": str(i)} for i in range(26)]}},
         False, "data.choices"),
        ({"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}]}}, False,
         "data.choices.0.name"),
        ({"type": 8, "data": {"choices": [{"name": "n", "value": "v" * 101}]}}, False,
         "data.choices.0.value"),
        ({"type": 9, "data": {"title": "t" * 46, "custom_id": "m",
                              "components": [text()]}}, False, "data.title"),
        ({"type": 9, "data": {"title": "t", "custom_id": "m", "components": [text()] * 6}},
         False, "data.components"),
    ],
)  # fmt: skip
def test_a_response_discord_refuses_is_refused_at_the_field(
    response: dict[str, Any], component: bool, where: str
) -> None:
    assert where in paths(message_limits.response_problems(response, component=component))


def test_responses_at_every_limit_pass() -> None:
    choices = [{"name": "n" * 100, "value": "v" * 100}] * 25
    assert (
        message_limits.response_problems({"type": 8, "data": {"choices": choices}}, component=False)
        == []
    )
    assert (
        message_limits.response_problems({"type": 5, "data": {"flags": 64}}, component=False) == []
    )
    assert message_limits.response_problems({"type": 6}, component=True) == []
    modal = {"title": "t" * 45, "custom_id": "m", "components": [text()] * 5}
    assert message_limits.response_problems({"type": 9, "data": modal}, component=True) == []


def test_a_scheduled_event_and_a_role_are_held_to_their_limits() -> None:
    event = {"name": "n" * 100, "description": "d" * 1000, "privacy_level": 2, "entity_type": 3,
             "scheduled_start_time": "2026-12-07T18:00:00Z",
             "scheduled_end_time": "2026-12-14T18:00:00Z",
             "entity_metadata": {"location": "l" * 100}}  # fmt: skip
    assert message_limits.event_problems(event, create=True) == []
    assert paths(message_limits.event_problems({**event, "name": "n" * 101}, create=True)) == {
        "name"
    }
    too_long = {**event, "description": "d" * 1001}
    assert paths(message_limits.event_problems(too_long, create=True)) == {"description"}
    assert paths(message_limits.event_problems({"name": ""}, create=False)) == {"name"}
    no_end = {k: v for k, v in event.items() if k != "scheduled_end_time"}
    assert paths(message_limits.event_problems(no_end, create=True)) == {"scheduled_end_time"}
    assert paths(message_limits.role_problems({"name": "r" * 101})) == {"name"}
    assert message_limits.role_problems({"name": "r" * 100}) == []
