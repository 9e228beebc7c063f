"""The local Discord server checks the bot's requests against Discord's own
API description: what real Discord would refuse, it refuses too."""

from __future__ import annotations

from tests.fake_discord import spec


def test_a_request_the_api_describes_passes() -> None:
    thread = {"name": "alice · Klondike", "type": 11, "auto_archive_duration": 1440}
    assert spec.problems("POST", "/channels/1/threads", thread) == []
    retired = {"content": "This game goes on here: https://x", "attachments": [], "components": []}
    assert spec.problems("PATCH", "/channels/1/messages/2", retired) == []


def test_a_body_over_discords_limits_is_refused() -> None:
    assert spec.problems("POST", "/channels/1/threads", {"name": "x" * 101, "type": 11})
    assert spec.problems("POST", "/channels/1/messages", {"content": "x" * 2001})
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}
    row = {"type": 1, "components": [button]}
    assert spec.problems("PATCH", "/channels/1/messages/2", {"components": [row]})


def test_a_route_discord_does_not_have_is_refused() -> None:
    assert spec.problems("POST", "/channels/1/nonsense", {})
    assert spec.problems("DELETE", "/users/@me", None)


def test_snowflakes_may_be_numbers_as_discord_accepts() -> None:
    reply = {"content": "ok", "message_reference": {"message_id": 7, "channel_id": 4}}
    assert spec.problems("POST", "/channels/1/messages", reply) == []
