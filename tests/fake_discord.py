"""A small Discord-compatible server: enough REST and gateway for the real
bot process to log in, sync its commands, and answer interactions and
messages, all on 127.0.0.1.

Every interaction is timed from the moment INTERACTION_CREATE is sent to
the first reply received; a reply slower than Discord's 3 seconds fails.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

API = "/api/v10"
DISCORD_DEADLINE = 3.0
APP_ID = 1_000_000_000_000_001
GUILD_ID = 2_000_000_000_000_002
CHANNEL_ID = 3_000_000_000_000_003
DM_CHANNEL_ID = 4_000_000_000_000_004
EPHEMERAL = 1 << 6

BOT_USER = {
    "id": str(APP_ID),
    "username": "Solitaire",
    "discriminator": "0",
    "avatar": None,
    "global_name": "Solitaire",
    "bot": True,
}


def user(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "avatar": None,
        "global_name": name,
    }


ALICE = user(5_000_000_000_000_001, "alice")
BOB = user(5_000_000_000_000_002, "bob")


class LateReply(AssertionError):
    """The bot answered an interaction after Discord's deadline."""


@dataclass
class Reply:
    """What the bot answered to one interaction (or posted as a message)."""

    kind: int  # interaction callback type; 0 for a plain channel message
    data: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    elapsed: float = 0.0
    message: dict[str, Any] | None = None

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"]
            for row in self.data.get("components", [])
            for c in row.get("components", [])
        ]

    def component(self, prefix: str) -> dict[str, Any]:
        for row in self.data.get("components", []):
            for component in row.get("components", []):
                if prefix in component.get("custom_id", ""):
                    return component  # type: ignore[no-any-return]
        raise KeyError(prefix)


class FakeDiscord:
    def __init__(self) -> None:
        self.ids = itertools.count(7_000_000_000_000_000)
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.posted: asyncio.Queue[Reply] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[Reply]] = {}
        self._sent_at: dict[str, float] = {}
        self._ws: web.WebSocketResponse | None = None
        self._identified = asyncio.Event()
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.identifies = 0
        self.late: list[tuple[str, float]] = []
        self.faults: list[tuple[str, int]] = []  # (route, status) to answer once each
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.add_routes(
            [
                web.get(f"{API}/users/@me", self.me),
                web.get(f"{API}/oauth2/applications/@me", self.application),
                web.put(f"{API}/applications/{{app}}/commands", self.put_commands),
                web.put(f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands),
                web.post(f"{API}/interactions/{{id}}/{{token}}/callback", self.callback),
                web.patch(
                    f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self.edit_original
                ),
                web.get(f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self.get_original),
                web.post(f"{API}/webhooks/{{app}}/{{token}}", self.followup),
                web.post(f"{API}/channels/{{channel}}/messages", self.create_message),
                web.get("/gateway", self.gateway),
            ]
        )
        self.app = app
        self.tokens: dict[str, dict[str, Any]] = {}  # interaction token -> interaction

    # -- lifecycle ---------------------------------------------------------------

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def env(self) -> dict[str, str]:
        return {
            "DISCORD_API_BASE": f"http://127.0.0.1:{self.port}{API}",
            "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{self.port}/gateway",
        }

    async def wait_ready(self, timeout: float = 20.0) -> None:
        await asyncio.wait_for(self._identified.wait(), timeout)

    def disconnected(self) -> None:
        self._identified.clear()

    # -- REST --------------------------------------------------------------------------

    @staticmethod
    def json(data: Any, status: int = 200) -> web.Response:
        # discord.py wants exactly application/json, without a charset.
        return web.Response(
            body=json.dumps(data).encode(),
            status=status,
            headers={"Content-Type": "application/json"},
        )

    async def me(self, request: web.Request) -> web.Response:
        return self.json(BOT_USER)

    async def application(self, request: web.Request) -> web.Response:
        return self.json(
            {
                "id": str(APP_ID),
                "name": "Solitaire",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": ALICE,
                "verify_key": "0" * 64,
                "flags": 0,
                "rpc_origins": [],
                "team": None,
                "summary": "",
            }
        )

    async def put_commands(self, request: web.Request) -> web.Response:
        payload = await request.json()
        scope = request.match_info.get("guild", "global")
        commands = [
            {**command, "id": str(next(self.ids)), "application_id": str(APP_ID), "version": "1"}
            for command in payload
        ]
        self.commands[scope] = commands
        return self.json(commands)

    async def _read(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            files = []
            reader = await request.multipart()
            async for part in reader:
                body = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    payload = json.loads(body)
                else:
                    files.append((part.filename or "", bytes(body)))  # type: ignore[union-attr]
            return payload, files
        return (await request.json() if request.can_read_body else {}), []

    def _message(
        self,
        channel_id: int,
        data: dict[str, Any],
        files: list[tuple[str, bytes]],
        message_id: int | None = None,
    ) -> dict[str, Any]:
        message_id = message_id or next(self.ids)
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": BOT_USER,
            "content": data.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": int(data.get("flags") or 0),
            "components": data.get("components", []),
            "attachments": [
                {
                    "id": str(next(self.ids)),
                    "filename": name,
                    "size": len(body),
                    "url": f"http://x/{name}",
                    "proxy_url": f"http://x/{name}",
                }
                for name, body in files
            ],
        }
        self.messages[message_id] = {**message, "files": files}
        return message

    def fail_next(self, route: str, status: int, times: int = 1) -> None:
        """Answers the next *times* calls of *route* (``callback``,
        ``create_message``, ``followup``) with *status*: 429 or 500."""
        self.faults += [(route, status)] * times

    def _fault(self, route: str) -> web.Response | None:
        for i, (name, status) in enumerate(self.faults):
            if name == route:
                del self.faults[i]
                if status == 429:
                    body = {
                        "message": "You are being rate limited.",
                        "retry_after": 0.25,
                        "global": False,
                    }
                    response = self.json(body, status=429)
                    response.headers["Retry-After"] = "0.25"
                    response.headers["Via"] = "1.1 google"  # else discord.py takes it for a ban
                    return response
                return self.json(
                    {"message": "500: Internal Server Error", "code": 0}, status=status
                )
        return None

    def forged(self, custom_ids: list[str], channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        """A bot message carrying buttons with the given custom ids."""
        buttons = [{"type": 2, "style": 2, "label": "x", "custom_id": c} for c in custom_ids]
        data = {"content": "", "components": [{"type": 1, "components": buttons}]}
        return self._message(channel_id, data, [])

    async def callback(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()  # the reply is in: reading its upload is our time, not the bot's
        fault = self._fault("callback")
        if fault is not None:
            await request.read()
            return fault
        interaction_id = request.match_info["id"]
        token = request.match_info["token"]
        body, files = await self._read(request)
        kind = int(body["type"])
        data = body.get("data") or {}
        interaction = self.tokens.get(token, {})
        response: dict[str, Any] = {
            "interaction": {"id": interaction_id, "type": interaction.get("type", 2)}
        }
        message = None
        if kind == 4:
            message = self._message(int(interaction.get("channel_id", CHANNEL_ID)), data, files)
            interaction["response_message_id"] = int(message["id"])
        elif kind == 7:
            old = interaction.get("message", {})
            message_id = int(old.get("id", next(self.ids)))
            message = self._message(
                int(interaction.get("channel_id", CHANNEL_ID)), data, files, message_id
            )
        if message is not None:
            response["interaction"]["response_message_id"] = message["id"]
            response["interaction"]["response_message_ephemeral"] = bool(
                message["flags"] & EPHEMERAL
            )
            response["resource"] = {"type": kind, "message": message}
        self._resolve(interaction_id, Reply(kind, data, files, message=message), arrived)
        return self.json(response)

    def _resolve(self, interaction_id: str, reply: Reply, arrived: float) -> None:
        sent = self._sent_at.get(interaction_id)
        if sent is not None:
            reply.elapsed = arrived - sent
            if reply.elapsed > DISCORD_DEADLINE:
                self.late.append((interaction_id, reply.elapsed))
        future = self._waiting.get(interaction_id)
        if future is not None and not future.done():
            future.set_result(reply)

    async def get_original(self, request: web.Request) -> web.Response:
        interaction = self.tokens.get(request.match_info["token"], {})
        message = self.messages.get(int(interaction.get("response_message_id", 0)))
        if message is None:
            return self.json({"message": "Unknown Message", "code": 10008}, status=404)
        return self.json({k: v for k, v in message.items() if k != "files"})

    async def edit_original(self, request: web.Request) -> web.Response:
        interaction = self.tokens.get(request.match_info["token"], {})
        data, files = await self._read(request)
        message_id = int(interaction.get("response_message_id", 0)) or None
        message = self._message(
            int(interaction.get("channel_id", CHANNEL_ID)), data, files, message_id
        )
        await self.posted.put(Reply(0, data, files, message=message))
        return self.json(message)

    async def followup(self, request: web.Request) -> web.Response:
        fault = self._fault("followup")
        if fault is not None:
            await request.read()
            return fault
        interaction = self.tokens.get(request.match_info["token"], {})
        data, files = await self._read(request)
        message = self._message(int(interaction.get("channel_id", CHANNEL_ID)), data, files)
        await self.posted.put(Reply(0, data, files, message=message))
        return self.json(message)

    async def create_message(self, request: web.Request) -> web.Response:
        fault = self._fault("create_message")
        if fault is not None:
            await request.read()
            return fault
        data, files = await self._read(request)
        message = self._message(int(request.match_info["channel"]), data, files)
        await self.posted.put(Reply(0, data, files, message=message))
        return self.json(message)

    # -- gateway ---------------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(
            json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        )
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            if message["op"] == 1:
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif message["op"] == 2:
                self.identifies += 1
                await self._dispatch(
                    "READY",
                    {
                        "v": 10,
                        "user": BOT_USER,
                        "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                        "session_id": f"session-{self.identifies}",
                        "resume_gateway_url": self.env["DISCORD_GATEWAY_URL"],
                        "application": {"id": str(APP_ID), "flags": 0},
                        "private_channels": [],
                        "relationships": [],
                    },
                )
                await self._dispatch("GUILD_CREATE", self._guild())
                self._identified.set()
        if self._ws is ws:
            self._ws = None
            self._identified.clear()
        return ws

    def _guild(self) -> dict[str, Any]:
        return {
            "id": str(GUILD_ID),
            "name": "Card Room",
            "icon": None,
            "owner_id": ALICE["id"],
            "unavailable": False,
            "member_count": 3,
            "large": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "members": [
                {
                    "user": BOT_USER,
                    "roles": [],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
            ],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": "3263553",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [
                {
                    "id": str(CHANNEL_ID),
                    "type": 0,
                    "name": "solitaire",
                    "position": 0,
                    "permission_overwrites": [],
                    "guild_id": str(GUILD_ID),
                }
            ],
            "preferred_locale": "en-US",
            "premium_tier": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "system_channel_flags": 0,
            "nsfw_level": 0,
            "afk_timeout": 300,
        }

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self._ws is None:
            raise ConnectionError("the bot is not connected")
        self._seq += 1
        await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    # -- what a test does ---------------------------------------------------------------

    def _interaction(
        self,
        kind: int,
        data: dict[str, Any],
        who: dict[str, Any],
        *,
        dm: bool = False,
        message: dict[str, Any] | None = None,
        locale: str = "en-US",
    ) -> dict[str, Any]:
        interaction_id = str(next(self.ids))
        token = f"token-{interaction_id}"
        interaction: dict[str, Any] = {
            "id": interaction_id,
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "locale": locale,
            "app_permissions": "3263553",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 1 if dm else 0,
            "attachment_size_limit": 26214400,
        }
        if dm:
            interaction["channel_id"] = str(DM_CHANNEL_ID)
            interaction["channel"] = {"id": str(DM_CHANNEL_ID), "type": 1, "recipients": [who]}
            interaction["user"] = who
        else:
            interaction["guild_id"] = str(GUILD_ID)
            interaction["guild_locale"] = "en-US"
            interaction["channel_id"] = str(CHANNEL_ID)
            interaction["channel"] = {
                "id": str(CHANNEL_ID),
                "type": 0,
                "name": "solitaire",
                "guild_id": str(GUILD_ID),
                "position": 0,
                "permission_overwrites": [],
            }
            interaction["member"] = {
                "user": who,
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "permissions": "3263553",
                "flags": 0,
            }
        if message is not None:
            interaction["message"] = {k: v for k, v in message.items() if k != "files"}
        self.tokens[token] = interaction
        return interaction

    async def _send_interaction(self, interaction: dict[str, Any], timeout: float) -> Reply:
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiting[interaction["id"]] = future
        self._sent_at[interaction["id"]] = time.monotonic()
        await self._dispatch("INTERACTION_CREATE", interaction)
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise LateReply(f"no reply to interaction within {timeout} s") from None
        if reply.elapsed > DISCORD_DEADLINE:
            raise LateReply(
                f"the reply took {reply.elapsed:.2f} s, past Discord's {DISCORD_DEADLINE} s"
            )
        return reply

    def command_id(self, name: str) -> str:
        for commands in self.commands.values():
            for command in commands:
                if command["name"] == name:
                    return str(command["id"])
        raise KeyError(name)

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        who: dict[str, Any] = ALICE,
        dm: bool = False,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Reply:
        data = {
            "id": self.command_id(name),
            "name": name,
            "type": 1,
            "options": [
                {
                    "name": key,
                    "type": 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3,
                    "value": value,
                }
                for key, value in (options or {}).items()
            ],
        }
        if not dm:
            data["guild_id"] = str(GUILD_ID)
        interaction = self._interaction(2, data, who, dm=dm, locale=locale)
        return await self._send_interaction(interaction, timeout)

    async def autocomplete(
        self,
        name: str,
        option: str,
        typed: str,
        *,
        who: dict[str, Any] = ALICE,
        locale: str = "en-US",
    ) -> Reply:
        data = {
            "id": self.command_id(name),
            "name": name,
            "type": 1,
            "guild_id": str(GUILD_ID),
            "options": [{"name": option, "type": 3, "value": typed, "focused": True}],
        }
        return await self._send_interaction(self._interaction(4, data, who, locale=locale), 5.0)

    async def press(
        self,
        message: dict[str, Any],
        custom_id: str,
        *,
        who: dict[str, Any] = ALICE,
        values: list[str] | None = None,
        timeout: float = 5.0,
        locale: str = "en-US",
    ) -> Reply:
        component_type = 3 if values is not None else 2
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        channel_id = int(message["channel_id"])
        interaction = self._interaction(
            3, data, who, message=message, dm=channel_id == DM_CHANNEL_ID, locale=locale
        )
        return await self._send_interaction(interaction, timeout)

    async def say(
        self,
        content: str,
        *,
        who: dict[str, Any] = ALICE,
        dm: bool = False,
        mention: bool = False,
        timeout: float = 5.0,
    ) -> Reply:
        """Posts a chat message from *who* and returns what the bot posts back."""
        text = f"<@{APP_ID}> {content}" if mention else content
        data: dict[str, Any] = {
            "id": str(next(self.ids)),
            "channel_id": str(DM_CHANNEL_ID if dm else CHANNEL_ID),
            "author": who,
            "content": text,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [BOT_USER] if mention else [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        if not dm:
            data["guild_id"] = str(GUILD_ID)
            data["member"] = {
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
            }
        await self._dispatch("MESSAGE_CREATE", data)
        return await asyncio.wait_for(self.posted.get(), timeout)

    def message(self, reply: Reply) -> dict[str, Any]:
        assert reply.message is not None, "the reply posted no message"
        return self.messages[int(reply.message["id"])]
