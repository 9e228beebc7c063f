"""The local Discord server checks the bot's requests against Discord's own
API description and, for the commands it registers, Discord's documented
limits: what real Discord would refuse, it refuses too, and in Discord's
words (400, code 50035, a nested ``errors`` object naming the field)."""

from __future__ import annotations

import copy
import json
from typing import Any

import aiohttp
import discord
from discord import InteractionType, app_commands

from bot.adapter import registration
from tests.botprocess import TOKEN
from tests.fake_discord import ALICE, FakeDiscord, payloads, spec
from tests.fake_discord.payloads import API, APP_ID, CHANNEL_ID, GUILD_ID


def test_a_request_the_api_describes_passes() -> None:
    thread = {"name": "alice · Klondike", "type": 11, "auto_archive_duration": 1440}
    assert spec.problems("POST", "/channels/1/threads", thread) == []
    retired = {"content": "This game goes on here: https://x", "attachments": [], "components": []}
    assert spec.problems("PATCH", "/channels/1/messages/2", retired) == []


def test_a_body_over_discords_limits_is_refused_at_its_field() -> None:
    [name] = spec.problems("POST", "/channels/1/threads", {"name": "x" * 101, "type": 11})
    assert name.path == ("name",)
    # The description allows 4,000 characters of content; the docs 2,000.
    assert spec.problems("POST", "/channels/1/messages", {"content": "x" * 2001}) == []
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}
    row = {"type": 1, "components": [button]}
    [label] = spec.problems("PATCH", "/channels/1/messages/2", {"components": [row]})
    assert label.path == ("components", 0, "components", 0, "label")


async def test_the_registration_passes_discords_api_description() -> None:
    """The bot's commands as it registers them, checked against the API
    description as the local Discord checks them; 2^53 is past ``Int53Type``."""
    path = f"/applications/{APP_ID}/commands"
    sent = await registration.registered()
    assert spec.problems("PUT", path, sent) == []
    i, puzzle = next((i, c) for i, c in enumerate(sent) if c["name"] == "puzzle")
    j = next(j for j, o in enumerate(puzzle["options"]) if o["type"] == 4)
    puzzle["options"][j]["max_value"] = 2**53
    [past] = spec.problems("PUT", path, sent)
    assert past.path == (i, "options", j, "max_value")
    # A channel option may name a media channel (16), which the description lacks.
    media = {"name": "where", "description": "w", "type": 7, "channel_types": [0, 16]}
    command = {"name": "post", "description": "d", "type": 1, "options": [media]}
    assert spec.problems("PUT", path, [command]) == []


def test_a_snowflake_sent_as_a_number_fits_64_bits() -> None:
    reference = {"content": "ok", "message_reference": {"message_id": 2**64}}
    [past] = spec.problems("POST", "/channels/1/messages", reference)
    assert past.path[:2] == ("message_reference", "message_id")


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


# -- messages and interactions, as Discord documents them ---------------------------------


async def request(
    server: FakeDiscord,
    method: str,
    path: str,
    body: Any,
    files: list[tuple[str, bytes]] = (),  # type: ignore[assignment]
) -> tuple[int, Any]:
    """*body* sent as discord.py sends it: JSON, or multipart with *files*."""
    url = f"http://127.0.0.1:{server.port}{API}{path}"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, (name, data) in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=name)
            sent = session.request(method, url, data=form)
        else:
            sent = session.request(method, url, json=body)
        async with sent as response:
            return response.status, await response.json()


def opened(server: FakeDiscord, *, pressed: bool = False, **fields: Any) -> dict[str, Any]:
    kind = InteractionType.component if pressed else InteractionType.application_command
    interaction = {**payloads.interaction(kind, {"name": "play"}, ALICE), **fields}
    server.opened(interaction)
    return interaction


async def test_an_interaction_is_answered_once_and_its_token_lasts_15_minutes(
    server: FakeDiscord,
) -> None:
    interaction = opened(server)
    callback = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
    followup = f"/webhooks/{APP_ID}/{interaction['token']}"
    assert (await request(server, "POST", callback, {"type": 5}))[0] == 200
    status, body = await request(server, "POST", callback, {"type": 4, "data": {"content": "x"}})
    assert (status, body["code"]) == (400, 40060)
    assert (await request(server, "POST", followup, {"content": "x"}))[0] == 200
    server.advance(15 * 60 + 1)
    status, body = await request(server, "POST", followup, {"content": "x"})
    assert (status, body["code"]) == (401, 50027)
    status, body = await request(
        server, "PATCH", f"{followup}/messages/@original", {"content": "x"}
    )
    assert (status, body["code"]) == (401, 50027)
    late = opened(server)
    server.advance(15 * 60 + 1)
    late_callback = f"/interactions/{late['id']}/{late['token']}/callback"
    status, body = await request(server, "POST", late_callback, {"type": 5})
    assert (status, body["code"]) == (404, 10062)
    status, body = await request(
        server, "POST", f"/webhooks/{APP_ID}/no-such-token", {"content": "x"}
    )
    assert (status, body["code"]) == (404, 10015)
    assert len(server.invalid) == 5
    server.invalid.clear()


async def test_a_user_install_has_five_follow_ups(server: FakeDiscord) -> None:
    interaction = opened(server, authorizing_integration_owners={"1": ALICE["id"]})
    callback = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
    followup = f"/webhooks/{APP_ID}/{interaction['token']}"
    assert (await request(server, "POST", callback, {"type": 5}))[0] == 200
    for _ in range(5):
        assert (await request(server, "POST", followup, {"content": "x"}))[0] == 200
    status, body = await request(server, "POST", followup, {"content": "x"})
    assert (status, body["code"]) == (400, 40094)
    server.invalid.clear()


async def test_a_file_over_the_interactions_limit_is_refused(server: FakeDiscord) -> None:
    interaction = opened(server, attachment_size_limit=1000)
    callback = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
    answer = {"type": 4, "data": {"attachments": [{"id": 0, "filename": "a.png"}]}}
    status, body = await request(server, "POST", callback, answer, [("a.png", b"x" * 1001)])
    assert (status, body["code"]) == (413, 50045)
    assert (await request(server, "POST", callback, answer, [("a.png", b"x" * 1000)]))[0] == 200
    server.invalid.clear()
    channel = f"/channels/{CHANNEL_ID}/messages"
    ten_mib = 10 * 1024 * 1024
    files = [("a.png", b"x" * (ten_mib + 1))]
    status, body = await request(server, "POST", channel, {"content": "x"}, files)
    assert (status, body["code"]) == (413, 50045)
    server.invalid.clear()


async def test_refusals_of_messages_name_the_route_and_the_field(server: FakeDiscord) -> None:
    channel = f"/channels/{CHANNEL_ID}/messages"
    label = {"type": 1, "components": [
        {"type": 2, "style": 1, "label": "l" * 81, "custom_id": "a"}]}  # fmt: skip
    status, body = await request(server, "POST", channel, {"components": [label]})
    assert (status, body["code"]) == (400, 50035)
    assert body["errors"]["components"]["0"]["components"]["0"]["label"]["_errors"]
    refused = f"POST {channel}: components.0.components.0.label: Must be 80 or fewer in length: 81"
    assert refused in server.invalid  # beside the API description's own words
    server.invalid.clear()
    v2 = {"flags": 1 << 15, "components": [{"type": 10, "content": "a board"}]}
    status, made = await request(server, "POST", channel, v2)
    assert status == 200
    status, body = await request(server, "PATCH", f"{channel}/{made['id']}", {"flags": 0,
                                 "content": "plain again"})  # fmt: skip
    assert (status, body["code"]) == (400, 50035) and set(body["errors"]) == {"flags", "content"}
    server.invalid.clear()
    plain = {"content": "plain"}
    status, made = await request(server, "POST", channel, plain)
    status, body = await request(server, "PATCH", f"{channel}/{made['id']}", v2)
    assert (status, set(body["errors"])) == (400, {"content", "embeds"})
    server.invalid.clear()
    turned = {**v2, "content": None, "embeds": []}
    assert (await request(server, "PATCH", f"{channel}/{made['id']}", turned))[0] == 200


async def test_a_dm_is_sent_once_per_nonce_and_refused_to_a_closed_dm(server: FakeDiscord) -> None:
    status, opened_dm = await request(server, "POST", "/users/@me/channels", {"recipient_id": 7})
    assert status == 200 and server.dm_channels == {int(opened_dm["id"]): 7}
    channel = f"/channels/{opened_dm['id']}/messages"
    once = {"content": "today's daily is up", "nonce": "r12", "enforce_nonce": True}
    first = await request(server, "POST", channel, once)
    again = await request(server, "POST", channel, once)
    assert first == again and first[0] == 200 and server.posted.qsize() == 1
    status, body = await request(server, "POST", channel, {**once, "nonce": "n" * 26})
    assert (status, body["code"]) == (400, 50035)
    server.invalid.clear()
    server.closed_dms.add(7)
    status, body = await request(server, "POST", channel, {"content": "x"})
    assert (status, body["code"]) == (403, 50007)


async def test_past_fifty_requests_a_second_discord_limits_them_all(server: FakeDiscord) -> None:
    server.rate_limits = False  # the channel's own bucket would answer first
    channel = f"/channels/{CHANNEL_ID}/messages"
    answers = [await request(server, "POST", channel, {"content": "x"}) for _ in range(51)]
    assert [status for status, _ in answers].count(200) == 50
    status, body = answers[-1]
    assert status == 429 and body["global"] is True and server.rate_limited == 1


# -- every route with a body is checked ----------------------------------------------------

#: A description the docs refuse and the API description takes: a command's
#: (1–100 characters, where the description sets no least), and a message's
#: content (2,000 characters, where the description allows 4,000).
_COMMAND = {"name": "play", "description": "", "type": 1}
_LONG = {"content": "x" * 2001}


def _probes(server: FakeDiscord) -> dict[tuple[str, str], tuple[str, Any, Any]]:
    """For each route of the local Discord that takes a body: a path that
    reaches it (what it needs made first), a body Discord's API description
    refuses, and one only Discord's documentation refuses (None where the
    description holds every documented limit of the route)."""
    interaction = opened(server)
    message = server.forged(["a"])
    event = {"id": "9", "name": "Cup", "status": 1}
    server.events[9] = event
    token, commands = interaction["token"], f"{API}/applications/{{app}}"
    bad = {"content": 5}
    return {
        ("PUT", f"{commands}/commands"): (
            f"/applications/{APP_ID}/commands", {"name": "play"}, [_COMMAND]),
        ("PUT", f"{commands}/guilds/{{guild}}/commands"): (
            f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands", [{"type": "one"}], [_COMMAND]),
        ("POST", f"{commands}/commands"): (
            f"/applications/{APP_ID}/commands", [], _COMMAND),
        ("POST", f"{commands}/guilds/{{guild}}/commands"): (
            f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands", {"type": "one"}, _COMMAND),
        ("POST", f"{API}/interactions/{{id}}/{{token}}/callback"): (
            f"/interactions/{interaction['id']}/{token}/callback", {"type": "four"},
            {"type": 4, "data": _LONG}),
        ("PATCH", f"{API}/webhooks/{{app}}/{{token}}/messages/@original"): (
            f"/webhooks/{APP_ID}/{token}/messages/@original", bad,
            {"flags": 1 << 15, "content": "x"}),
        ("POST", f"{API}/webhooks/{{app}}/{{token}}"): (
            f"/webhooks/{APP_ID}/{token}", bad, {"embeds": [{"title": "t" * 257}]}),
        ("POST", f"{API}/channels/{{channel}}/messages"): (
            f"/channels/{CHANNEL_ID}/messages", bad, _LONG),
        ("PATCH", f"{API}/channels/{{channel}}/messages/{{message}}"): (
            f"/channels/{CHANNEL_ID}/messages/{message['id']}", bad, _LONG),
        ("POST", f"{API}/channels/{{channel}}/threads"): (
            f"/channels/{CHANNEL_ID}/threads", {"name": 5}, None),
        ("POST", f"{API}/users/@me/channels"): (
            "/users/@me/channels", {"recipient_id": "seven"}, None),
        ("POST", f"{API}/guilds/{{guild}}/scheduled-events"): (
            f"/guilds/{GUILD_ID}/scheduled-events", {"name": 5},
            {"name": "Cup", "privacy_level": 2, "scheduled_start_time": "2026-12-07T00:00:00Z",
             "entity_type": 3, "entity_metadata": {"location": "here"}}),
        ("PATCH", f"{API}/guilds/{{guild}}/scheduled-events/{{event}}"): (
            f"/guilds/{GUILD_ID}/scheduled-events/9", {"name": 5}, {"name": ""}),
    }  # fmt: skip


async def test_every_route_with_a_body_checks_it_against_the_description_and_the_docs(
    server: FakeDiscord,
) -> None:
    """No route of the local Discord takes a body unchecked: each refuses one
    the API description refuses and one Discord's documentation refuses, as
    Discord does (400, code 50035). A route added without a probe here fails."""
    probes = _probes(server)
    served = {
        (route.method, route.resource.canonical)
        for route in server.app.router.routes()
        if route.method in ("POST", "PUT", "PATCH") and route.resource is not None
    }
    with_body = {
        (method, template)
        for method, template in served
        if (op := spec.operation(method, template.removeprefix(API))) is not None and op.body
    }
    assert with_body == probes.keys(), "a route takes a body no probe here sends"
    for (method, _), (path, described, documented) in probes.items():
        for body in (described, documented):
            if body is None:
                continue
            status, answer = await request(server, method, path, body)
            assert (status, answer["code"]) == (400, 50035), (method, path, body)
    assert all(": " in line for line in server.invalid)
    server.invalid.clear()


async def test_a_route_that_takes_a_body_unchecked_is_a_refusal(server: FakeDiscord) -> None:
    async def unchecked(_: Any) -> Any:
        return server.json({})

    server.app.router._frozen = False  # the test adds a careless route of its own
    server.app.router.add_post(f"{API}/channels/{{channel}}/followers", unchecked)
    status, _ = await request(server, "POST", f"/channels/{CHANNEL_ID}/followers",
                              {"webhook_channel_id": "1"})  # fmt: skip
    assert status == 200
    assert server.invalid == [
        f"POST /channels/{CHANNEL_ID}/followers: served without checking its body"
    ]
    server.invalid.clear()


async def test_a_channels_creates_and_edits_carry_discords_rate_limit_headers(
    server: FakeDiscord,
) -> None:
    """Five creates a channel per five seconds, each answered with Discord's
    headers; the sixth is a 429 that says how long to wait (discord.py reads
    both: it waits before the sixth)."""
    channel = f"{API}/channels/{CHANNEL_ID}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session:
        seen = []
        for _ in range(6):
            async with session.post(
                f"http://127.0.0.1:{server.port}{channel}", json={"content": "x"}
            ) as response:
                seen.append((response.status, dict(response.headers), await response.json()))
    assert [status for status, _, _ in seen] == [200] * 5 + [429]
    headers = seen[0][1]
    assert headers["X-RateLimit-Limit"] == "5" and headers["X-RateLimit-Remaining"] == "4"
    assert float(headers["X-RateLimit-Reset-After"]) <= 5 and headers["X-RateLimit-Bucket"]
    assert seen[4][1]["X-RateLimit-Remaining"] == "0"
    status, headers, body = seen[5]
    assert 0 < body["retry_after"] <= 5 and body["global"] is False and headers["Via"]
    assert headers["X-RateLimit-Scope"] == "user" and server.bucket_limited == 1
    # Another channel's bucket is its own.
    status, _ = await request(server, "POST", f"/channels/{payloads.CHANNEL_B}/messages",
                              {"content": "x"})  # fmt: skip
    assert status == 200


async def test_the_fourth_edit_within_six_seconds_of_messages_over_an_hour_old_is_refused(
    server: FakeDiscord,
) -> None:
    with server.backdated(3601):
        old = [server.forged(["a"]) for _ in range(4)]
    young = server.forged(["b"])
    assert all(3600 < server.age(int(m["id"])) < 3700 for m in old)
    assert server.age(int(young["id"])) < 60
    channel = f"/channels/{CHANNEL_ID}/messages"
    answers = [await request(server, "PATCH", f"{channel}/{m['id']}", {"content": "y"})
               for m in old]  # fmt: skip
    assert [status for status, _ in answers] == [200, 200, 200, 429]
    body = answers[3][1]
    assert body["code"] == 30046 and 0 < body["retry_after"] <= 6
    assert (await request(server, "PATCH", f"{channel}/{young['id']}", {"content": "y"}))[0] == 200
    server.advance(6.1)  # the window has passed
    assert (await request(server, "PATCH", f"{channel}/{old[3]['id']}", {"content": "y"}))[0] == 200
