"""The local Discord server checks the bot's requests against Discord's own
API description and, for the commands it registers, Discord's documented
limits: what real Discord would refuse, it refuses too, and in Discord's
words (400, code 50035, a nested ``errors`` object naming the field)."""

from __future__ import annotations

import copy
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.adapter import registration
from tests.botprocess import TOKEN
from tests.fake_discord import FakeDiscord, spec
from tests.fake_discord.payloads import API, APP_ID, GUILD_ID


def test_a_request_the_api_describes_passes() -> None:
    thread = {"name": "alice · Klondike", "type": 11, "auto_archive_duration": 1440}
    assert spec.problems("POST", "/channels/1/threads", thread) == []
    retired = {"content": "This game goes on here: https://x", "attachments": [], "components": []}
    assert spec.problems("PATCH", "/channels/1/messages/2", retired) == []


def test_a_body_over_discords_limits_is_refused_at_its_field() -> None:
    [name] = spec.problems("POST", "/channels/1/threads", {"name": "x" * 101, "type": 11})
    assert name.path == ("name",)
    [content] = spec.problems("POST", "/channels/1/messages", {"content": "x" * 2001})
    assert content.path == ("content",)
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}
    row = {"type": 1, "components": [button]}
    [label] = spec.problems("PATCH", "/channels/1/messages/2", {"components": [row]})
    assert label.path == ("components", 0, "components", 0, "label")


def test_a_route_discord_does_not_have_is_unknown() -> None:
    assert spec.operation("POST", "/channels/1/nonsense") is None
    assert spec.operation("DELETE", "/users/@me") is None
    assert spec.operation("PUT", f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands")


def test_snowflakes_may_be_numbers_as_discord_accepts() -> None:
    reply = {"content": "ok", "message_reference": {"message_id": 7, "channel_id": 4}}
    assert spec.problems("POST", "/channels/1/messages", reply) == []


# -- the commands the bot registers ----------------------------------------------------


async def put(server: FakeDiscord, path: str, body: Any) -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session,
        session.put(f"http://127.0.0.1:{server.port}{API}{path}", json=body) as response,
    ):
        return response.status, await response.json()


async def test_a_registration_discord_refuses_is_refused_in_its_words(
    server: FakeDiscord,
) -> None:
    commands = await registration.registered()
    path = f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    assert (await put(server, path, commands))[0] == 200
    had = server.commands[str(GUILD_ID)]
    too_long = copy.deepcopy(commands)
    too_long[3]["description_localizations"]["de"] = "d" * 101
    status, body = await put(server, path, too_long)
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert body["errors"] == {"3": {"description_localizations": {"de": {"_errors": [{
        "code": "BASE_TYPE_BAD_LENGTH",
        "message": "Must be between 1 and 100 in length: 101 characters",
    }]}}}}  # fmt: skip
    assert server.commands[str(GUILD_ID)] is had  # Discord keeps what it had
    assert server.invalid == [
        f"PUT {path}: 3.description_localizations.de: Must be between 1 and 100 in length: "
        "101 characters"
    ]
    server.invalid.clear()
    # Global commands are checked the same way; every refusal is in Discord's words.
    status, body = await put(server, f"/applications/{APP_ID}/commands", [{"name": "Play"}])
    assert status == 400 and set(body["errors"]["0"]) == {"name", "description"}
    server.invalid.clear()


async def test_discord_py_reads_the_refusal_and_names_the_command(server: FakeDiscord) -> None:
    """discord.py reads Discord's nested ``errors``: a refused sync raises its
    :class:`~discord.app_commands.CommandSyncFailure`, naming the field."""
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    await registration.add_commands(tree)
    sent = await registration.payload(tree)
    sent[0]["description"] = "d" * 101
    async with (
        aiohttp.ClientSession() as session,
        session.put(
            f"http://127.0.0.1:{server.port}{API}/applications/{APP_ID}/commands", json=sent
        ) as response,
    ):
        error = discord.HTTPException(response, await response.json())  # type: ignore[arg-type]
    failure = app_commands.CommandSyncFailure(error, tree.get_commands())
    assert failure.status == 400 and failure.code == 50035
    assert "In command 'play' defined in function" in str(failure)
    assert "description: Must be between 1 and 100 in length: 101 characters" in str(failure)
    await client.close()
    server.invalid.clear()
