"""The local Discord-compatible server: enough REST and gateway for the real
bot process to log in, sync its commands, and answer interactions and
messages, all on 127.0.0.1.

Every interaction is timed from the moment INTERACTION_CREATE is sent to
the first reply received; a reply slower than Discord's 3 seconds fails.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from aiohttp import WSMsgType, web
from discord import InteractionResponseType

from bot.adapter import limits, message_limits
from bot.adapter.limits import Problem, errors_object

from . import payloads, spec
from .payloads import (
    ALICE,
    API,
    APP_ID,
    BOT_USER,
    CHANNEL_ID,
    EPHEMERAL,
    LateReply,
    Reply,
    snowflakes,
)

DISCORD_DEADLINE = message_limits.INITIAL_RESPONSE_SECONDS
#: Discord's global limit: requests a second per bot (interactions exempt).
GLOBAL_LIMIT = 50
#: A nonce's length, and how long Discord keeps one (its "past few minutes").
NONCE_LENGTH = 25
NONCE_KEPT = 300.0
#: Discord's cap on edits of messages older than an hour (LIMITS.md §8): in
#: one channel, the 4th such edit within 6 s is refused (429, code 30046).
OLD_MESSAGE = 3600.0
OLD_EDITS = 3
OLD_EDITS_SECONDS = 6.0
#: Per-channel buckets of message creates and of message edits, as commonly
#: seen (Discord documents none: LIMITS.md §8): 5 a bucket per 5 s.
CHANNEL_BUCKET = 5
CHANNEL_BUCKET_SECONDS = 5.0
#: What a request's body and files may come to, by Discord's documentation:
#: (payload, number of files) -> problems.
Documented = Callable[[Any, int], list[Problem]]
_COMPONENT = 3  # an interaction from a button or a menu


def described_fully(payload: Any, files: int) -> list[Problem]:
    """The documented limits of a route whose API description already holds
    every one of them (LIMITS.md lists none beyond it): opening a thread, a DM."""
    return []


def _has_body(request: web.Request) -> bool:
    """Whether *request* sends a body of a kind the API describes."""
    if not request.body_exists:
        return False
    operation = spec.operation(request.method, request.path.removeprefix(API))
    return operation is not None and bool(operation.body)


class Bucket:
    """One of Discord's per-route rate limits: *limit* requests a window of
    *seconds*, the window starting with its first request."""

    def __init__(self, name: str, limit: int, seconds: float) -> None:
        self.name, self.limit, self.seconds = name, limit, seconds
        self._reset = 0.0
        self._used = 0

    def take(self, now: float) -> dict[str, str] | float:
        """Takes one request: the headers Discord answers it with, or the
        seconds to wait (a 429) when the window is spent."""
        if now >= self._reset:
            self._reset, self._used = now + self.seconds, 0
        if self._used >= self.limit:
            return self._reset - now
        self._used += 1
        return {
            "X-RateLimit-Bucket": self.name,
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.limit - self._used),
            "X-RateLimit-Reset": f"{time.time() + self._reset - now:.3f}",
            "X-RateLimit-Reset-After": f"{self._reset - now:.3f}",
        }


class Refused(Exception):
    """A request Discord refuses, with the answer Discord gives."""

    def __init__(self, response: web.Response) -> None:
        super().__init__(response.text)
        self.response = response


_MESSAGE = InteractionResponseType.channel_message.value
_UPDATE = InteractionResponseType.message_update.value


class DiscordServer:
    """REST routes and one gateway connection; :class:`FakeDiscord` adds
    what a test does (slash commands, presses, chat)."""

    def __init__(self, *, check_api: bool = True) -> None:
        #: Whether each request is checked against Discord's API description
        #: (a few ms each: benchmarks turn it off, so as not to slow the bot).
        self.check_api = check_api
        self.deadline = DISCORD_DEADLINE
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.posted: asyncio.Queue[Reply] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[Reply]] = {}
        self._sent_at: dict[str, float] = {}
        self._acknowledged: set[str] = set()  # interactions answered once
        #: Seconds the server's clock is ahead of the machine's (:meth:`advance`).
        self.skew = 0.0
        #: Requests whose body was checked against the API description and the docs.
        self.checked = 0
        # One gateway connection per shard; a process may run several.
        self._shards: dict[int, web.WebSocketResponse] = {}
        self.shard_count = 1
        self._connected = asyncio.Condition()
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.identifies = 0
        #: Servers that removed the bot: no longer sent on IDENTIFY.
        self.removed: set[int] = set()
        self.late: list[tuple[str, float]] = []
        self.faults: list[tuple[str, int]] = []  # (route, status) to answer once each
        self.delays: list[tuple[str, float]] = []  # (route, seconds) to wait once each
        self.deleted: list[int] = []  # channels (threads) the bot deleted
        self.refused: list[str] = []  # channel calls where the bot is no member
        self.dms: list[int] = []  # users the bot opened a DM with
        #: The DM channels the bot opened, and with whom.
        self.dm_channels: dict[int, int] = {}
        #: Users who take no DM from the bot (Discord: "Cannot send messages to this user").
        self.closed_dms: set[int] = set()
        #: Messages by (channel, nonce) sent with ``enforce_nonce``, and when.
        self._nonces: dict[tuple[int, str], tuple[float, dict[str, Any]]] = {}
        #: Discord's global limit: requests a second outside interactions, and
        #: the requests refused for it.
        self.global_limit = GLOBAL_LIMIT
        self._recent: collections.deque[float] = collections.deque()
        self.rate_limited = 0
        #: Whether message creates and edits are held to Discord's per-channel
        #: buckets and its cap on edits of messages older than an hour.
        self.rate_limits = True
        self._buckets: dict[tuple[str, int], Bucket] = {}
        #: When the edits of old messages in each channel were made (server's clock).
        self._old_edits: dict[int, collections.deque[float]] = {}
        #: 429s answered for a channel's bucket, and for the old-message cap (30046).
        self.bucket_limited = 0
        self.old_edits_refused = 0
        # Chat messages whose reply a caller awaits, by the message's id.
        self.replies_to: dict[int, asyncio.Future[Reply]] = {}
        self.edits: list[int] = []  # ids of messages the bot edited through their channel
        #: When each of those edits arrived (time.monotonic()), by message.
        self.edited_at: dict[int, list[float]] = {}
        self.threads: list[dict[str, Any]] = []  # threads the bot opened
        #: The servers' scheduled events the bot made, by id, as they stand.
        self.events: dict[int, dict[str, Any]] = {}
        #: Roles the bot gave and took: ("add" or "remove", guild, user, role).
        self.roles: list[tuple[str, int, int, int]] = []
        self.invalid: list[str] = []  # requests Discord's API description refuses
        self._read_bodies: set[int] = set()  # requests (by id) whose body _read checked
        #: Every request the bot made with a body: its path, payload and files
        #: (kept where requests are checked: a bench's crowd would fill memory).
        self.received: list[tuple[str, dict[str, Any], list[tuple[str, bytes]]]] = []
        #: The CDN's avatars by (user, hash): PNGs, served at DISCORD_CDN_BASE;
        #: and every avatar asked for, found or not.
        self.avatars: dict[tuple[int, str], bytes] = {}
        self.avatars_asked: list[str] = []
        app = web.Application(client_max_size=32 * 1024 * 1024, middlewares=[self._known_route])
        app.add_routes(
            [
                web.get(f"{API}/users/@me", self.me),
                web.get(f"{API}/oauth2/applications/@me", self.application),
                web.put(f"{API}/applications/{{app}}/commands", self.put_commands),
                web.put(f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands),
                web.post(f"{API}/applications/{{app}}/commands", self.post_command),
                web.post(
                    f"{API}/applications/{{app}}/guilds/{{guild}}/commands", self.post_command
                ),
                web.post(f"{API}/interactions/{{id}}/{{token}}/callback", self.callback),
                web.patch(
                    f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self.edit_original
                ),
                web.get(f"{API}/webhooks/{{app}}/{{token}}/messages/@original", self.get_original),
                web.post(f"{API}/webhooks/{{app}}/{{token}}", self.followup),
                web.post(f"{API}/channels/{{channel}}/messages", self.create_message),
                web.patch(f"{API}/channels/{{channel}}/messages/{{message}}", self.edit_message),
                web.post(f"{API}/channels/{{channel}}/threads", self.create_thread),
                web.delete(f"{API}/channels/{{channel}}", self.delete_channel),
                web.post(f"{API}/users/@me/channels", self.create_dm),
                web.get("/avatars/{user}/{file}", self.avatar),
                web.post(f"{API}/guilds/{{guild}}/scheduled-events", self.create_event),
                web.patch(f"{API}/guilds/{{guild}}/scheduled-events/{{event}}", self.edit_event),
                web.put(
                    f"{API}/guilds/{{guild}}/members/{{user}}/roles/{{role}}", self.change_role
                ),
                web.delete(
                    f"{API}/guilds/{{guild}}/members/{{user}}/roles/{{role}}", self.change_role
                ),
                web.get("/gateway", self.gateway),
                web.get(f"{API}/gateway/bot", self.gateway_bot),
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
        for ws in list(self._shards.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def env(self) -> dict[str, str]:
        return {
            "DISCORD_API_BASE": f"http://127.0.0.1:{self.port}{API}",
            "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{self.port}/gateway",
            "DISCORD_CDN_BASE": f"http://127.0.0.1:{self.port}",
        }

    async def wait_ready(self, shards: Iterable[int] = (0,), timeout: float = 20.0) -> None:
        """Waits until the bot has identified on each of *shards*."""
        wanted = set(shards)

        async def connected() -> None:
            async with self._connected:
                await self._connected.wait_for(lambda: wanted <= self._shards.keys())

        await asyncio.wait_for(connected(), timeout)

    def disconnected(self, shards: Iterable[int] = (0,)) -> None:
        """Forgets the connections of *shards* (their process is gone or restarting)."""
        for shard in shards:
            self._shards.pop(shard, None)

    def shard_of(self, guild_id: int | None) -> int:
        """The shard Discord sends a server's events to; DMs go to shard 0."""
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

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

    async def avatar(self, request: web.Request) -> web.Response:
        """A user's avatar as Discord's CDN serves it: ``{hash}.{ext}`` with
        an optional ``size``, a power of two from 16 to 4096; 404 for one
        it does not have, 400 for a size it does not make."""
        self.avatars_asked.append(str(request.rel_url))
        if (fault := await self._faulted("avatar", request)) is not None:
            return fault
        avatar, _, ext = request.match_info["file"].rpartition(".")
        size = request.query.get("size", "128")
        if not size.isdigit() or int(size) not in {2**n for n in range(4, 13)}:
            return web.Response(status=400, text="invalid size")
        picture = self.avatars.get((int(request.match_info["user"]), avatar))
        if ext not in ("png", "jpg", "jpeg", "webp", "gif") or picture is None:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=picture, content_type="image/png")

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
        """Overwrites a scope's commands (global, or a server's), checked
        against Discord's documented limits: on a refusal the scope keeps
        the commands it had, as on Discord."""
        if (fault := await self._faulted("put_commands", request)) is not None:
            return fault
        payload, _ = await self._read(request, lambda body, _: limits.commands_problems(body))
        scope = request.match_info.get("guild", "global")
        commands: list[dict[str, Any]] = payload  # type: ignore[assignment]  # checked: a list
        self.commands[scope] = [self._registered(command) for command in commands]
        return self.json(self.commands[scope])

    async def post_command(self, request: web.Request) -> web.Response:
        """Makes or overwrites one command of a scope, by its type and name."""
        command, _ = await self._read(request, _one_command)
        scope = request.match_info.get("guild", "global")
        kind, name = command.get("type") or 1, command.get("name")
        had = self.commands.get(scope, [])
        others = [c for c in had if ((c.get("type") or 1), c["name"]) != (kind, name)]
        if sum((c.get("type") or 1) == kind for c in others) >= limits.MAX_COMMANDS.get(kind, 0):
            body = {"message": "Maximum number of application commands reached", "code": 30032}
            self.invalid.append(f"{request.method} {request.path.removeprefix(API)}: {body}")
            return self.json(body, status=400)
        registered = self._registered(command)
        self.commands[scope] = [*others, registered]
        return self.json(registered, status=200 if len(others) < len(had) else 201)

    @staticmethod
    def _registered(command: dict[str, Any]) -> dict[str, Any]:
        # Discord returns a user command's description as "" (it has none).
        return {"description": "", **command, "id": str(next(snowflakes)),
                "application_id": str(APP_ID), "version": "1"}  # fmt: skip

    @web.middleware
    async def _known_route(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Refuses, as Discord would, a call to a route its API does not have,
        and a channel call where the bot is no member."""
        if self._over_global_limit(request):
            return self._rate_limited(0.25, globally=True)
        channel = request.match_info.get("channel")
        if channel is not None and int(channel) in payloads.NOT_A_MEMBER:
            self.refused.append(f"{request.method} {request.path}")
            return self.json({"message": "Missing Access", "code": 50001}, status=403)
        path = request.path.removeprefix(API)
        if (
            self.check_api
            and request.path.startswith(API)
            and not spec.operation(request.method, path)
        ):
            self.invalid.append(f"{request.method} {path}: no such route in the API")
            return self.json({"message": "404: Not Found", "code": 0}, status=404)
        try:
            response: web.StreamResponse = await handler(request)
        except Refused as refused:  # a request Discord refuses, answered as Discord does
            return refused.response
        finally:
            read = id(request) in self._read_bodies
            self._read_bodies.discard(id(request))
        if self.check_api and response.status < 300 and not read and _has_body(request):
            self.invalid.append(f"{request.method} {path}: served without checking its body")
        return response

    def _over_global_limit(self, request: web.Request) -> bool:
        """Whether a request passes Discord's global limit: the interaction
        endpoints (the callback, its webhook) are exempt."""
        path = request.path.removeprefix(API)
        if not path.startswith(("/users/", "/channels/", "/guilds/")):
            return False
        now = time.monotonic()
        while self._recent and self._recent[0] <= now - 1.0:
            self._recent.popleft()
        if len(self._recent) >= self.global_limit:
            self.rate_limited += 1
            return True
        self._recent.append(now)
        return False

    def _rate_limited(
        self, retry_after: float, *, globally: bool = False, code: int | None = None
    ) -> web.Response:
        """Discord's 429: with *code* (30046), one that says what was capped."""
        body: dict[str, Any] = {"message": "You are being rate limited.",
                                "retry_after": retry_after, "global": globally}  # fmt: skip
        if code == 30046:
            body.update(code=code, message="Maximum number of edits to messages older than "
                        "1 hour reached. Try again later")  # fmt: skip
        response = self.json(body, status=429)
        response.headers["Retry-After"] = str(retry_after)
        if globally:
            response.headers["X-RateLimit-Global"] = "true"
            response.headers["X-RateLimit-Scope"] = "global"
        response.headers["Via"] = "1.1 google"  # else discord.py takes it for a ban
        return response

    def _channel_bucket(self, kind: str, channel: int) -> dict[str, str] | web.Response:
        """Takes a request of *kind* (``create``, ``edit``) from *channel*'s
        bucket: the headers to answer it with, or Discord's 429."""
        if not self.rate_limits:
            return {}
        name = f"{kind}-{channel:x}"
        bucket = self._buckets.setdefault(
            (kind, channel), Bucket(name, CHANNEL_BUCKET, CHANNEL_BUCKET_SECONDS)
        )
        taken = bucket.take(self.now())
        if isinstance(taken, dict):
            return taken
        self.bucket_limited += 1
        limited = self._rate_limited(round(taken, 3))
        limited.headers.update({"X-RateLimit-Bucket": name, "X-RateLimit-Scope": "user",
                                "X-RateLimit-Limit": str(CHANNEL_BUCKET),
                                "X-RateLimit-Remaining": "0",
                                "X-RateLimit-Reset-After": f"{taken:.3f}"})  # fmt: skip
        return limited

    def age(self, message_id: int) -> float:
        """How old a message is, by its id and the server's clock."""
        return time.time() + self.skew - payloads.made_at(message_id)

    def _old_edit(self, message: dict[str, Any] | None) -> web.Response | None:
        """Counts an edit of *message* if it is over an hour old: the 4th
        such edit within 6 s in one channel is Discord's 429, code 30046."""
        if not self.rate_limits or message is None or int(message["flags"]) & EPHEMERAL:
            return None
        if self.age(int(message["id"])) <= OLD_MESSAGE:
            return None
        edits = self._old_edits.setdefault(int(message["channel_id"]), collections.deque())
        now = self.now()
        while edits and edits[0] <= now - OLD_EDITS_SECONDS:
            edits.popleft()
        if len(edits) >= OLD_EDITS:
            self.old_edits_refused += 1
            return self._too_many_old_edits(edits[0] + OLD_EDITS_SECONDS - now)
        edits.append(now)
        return None

    def _too_many_old_edits(self, retry_after: float) -> web.Response:
        """Discord's refusal of an edit past its cap on old messages."""
        refused = self._rate_limited(round(max(retry_after, 0.001), 3), code=30046)
        refused.headers["X-RateLimit-Scope"] = "user"
        return refused

    @contextlib.contextmanager
    def backdated(self, seconds: float) -> Iterator[None]:
        """Messages (and every id) made inside are *seconds* old already."""
        payloads.snowflakes.behind = seconds
        try:
            yield
        finally:
            payloads.snowflakes.behind = 0.0

    def _refuse(self, request: web.Request, found: list[Problem]) -> web.Response:
        """Discord's answer to a body it refuses: 400, code 50035, and the
        nested ``errors`` object that names each refused field."""
        where = f"{request.method} {request.path.removeprefix(API)}"
        self.invalid += [f"{where}: {problem}" for problem in found]
        return self._refused_body(found)

    def _refused_body(self, found: list[Problem]) -> web.Response:
        body = {"code": 50035, "message": "Invalid Form Body", "errors": errors_object(found)}
        return self.json(body, status=400)

    async def _read(
        self,
        request: web.Request,
        documented: Documented,
        *,
        upload_limit: int = message_limits.UPLOAD_LIMIT,
    ) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        """A request's JSON payload and files, checked against Discord's API
        description, what its documentation says of the route (*documented*)
        and each file against *upload_limit* bytes: what Discord refuses
        raises :class:`Refused` with Discord's answer."""
        payload, files = await self._parse(request)
        self._read_bodies.add(id(request))
        if not self.check_api:
            return payload, files
        self.checked += 1
        where = f"{request.method} {request.path.removeprefix(API)}"
        # "Upload size: per file"; "Whole request: max 25 MiB". The docs give
        # no status for JSON code 50045: 413, as HTTP has it for a body too large.
        sizes = [len(data) for _, data in files]
        if any(size > upload_limit for size in sizes) or sum(sizes) > message_limits.REQUEST_LIMIT:
            self.invalid.append(f"{where}: files of {sizes} bytes, over {upload_limit} a file")
            body = {"message": "File uploaded exceeds the maximum size", "code": 50045}
            raise Refused(self.json(body, status=413))
        kind = "multipart/form-data" if files else "application/json"
        described = spec.problems(request.method, request.path.removeprefix(API), payload, kind)
        found = documented(payload, len(files))
        # A field the docs name is refused in their words, once, as Discord does.
        named = {problem.path for problem in found}
        found = [problem for problem in described if problem.path not in named] + found
        if found:
            raise Refused(self._refuse(request, found))
        return payload, files

    def now(self) -> float:
        """The server's clock, which a test may move on (:meth:`advance`)."""
        return time.monotonic() + self.skew

    def advance(self, seconds: float) -> None:
        """Moves the server's clock on, as if *seconds* had passed: an
        interaction's token lasts 15 minutes."""
        self.skew += seconds

    def _interaction(self, request: web.Request) -> dict[str, Any]:
        """The interaction whose token the request carries.

        :raises Refused: as Discord answers a token it does not know (10015),
            or one past its 15 minutes (50027; the docs give no status: 401,
            as for any token refused).
        """
        interaction = self.tokens.get(request.match_info["token"])
        where = f"{request.method} {request.path.removeprefix(API)}"
        if interaction is None:
            self.invalid.append(f"{where}: no such interaction token")
            raise Refused(self.json({"message": "Unknown Webhook", "code": 10015}, status=404))
        sent = self._sent_at.get(str(interaction["id"]))
        if sent is not None and self.now() - sent > message_limits.TOKEN_SECONDS:
            self.invalid.append(f"{where}: the interaction's token is over 15 minutes old")
            body = {"message": "Invalid Webhook Token", "code": 50027}
            raise Refused(self.json(body, status=401))
        return interaction

    @staticmethod
    def _upload_limit(interaction: dict[str, Any]) -> int:
        """What a file may weigh in an answer to *interaction*, as it says."""
        return int(interaction.get("attachment_size_limit") or message_limits.UPLOAD_LIMIT)

    async def _parse(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        payload, files = await self._body(request)
        if self.check_api:
            self.received.append((request.path, payload, files))
        return payload, files

    @staticmethod
    async def _body(request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
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
        message = payloads.message(channel_id, data, files, message_id)
        names = {name for name, _ in files}
        missing = [name for name in payloads.media_of(message) if name not in names]
        if missing:  # Discord refuses a picture that is not attached
            self.invalid.append(f"message {message['id']} shows unattached {missing}")
        self.messages[int(message["id"])] = {**message, "files": files}
        return message

    def fail_next(self, route: str, status: int, times: int = 1) -> None:
        """Answers the next *times* calls of *route* (``callback``,
        ``create_message``, ``followup``, ``get_original``, ``put_commands``)
        with *status*: 429, 500, 403 (Missing Permissions) or 400 (Invalid
        Form Body, the first command's description refused); 30046 answers
        as Discord's cap on edits of messages over an hour old does (a 429)."""
        self.faults += [(route, status)] * times

    def delay_next(self, route: str, seconds: float) -> None:
        """Holds the next call of *route* for *seconds* before answering it
        (the time counts as Discord's, not the bot's)."""
        self.delays.append((route, seconds))

    async def _faulted(self, route: str, request: web.Request) -> web.Response | None:
        """The fault to answer this call of *route* with, its body read, if
        one is due; waits first if a delay is due."""
        for i, (name, seconds) in enumerate(self.delays):
            if name == route:
                del self.delays[i]
                await asyncio.sleep(seconds)
                break
        fault = self._fault(route)
        if fault is not None:
            await request.read()
        return fault

    def _fault(self, route: str) -> web.Response | None:
        for i, (name, status) in enumerate(self.faults):
            if name == route:
                del self.faults[i]
                if status == 429:
                    return self._rate_limited(0.25)
                if status == 30046:  # the cap on edits of messages over an hour old
                    return self._too_many_old_edits(0.25)
                if status == 403:
                    return self.json({"message": "Missing Permissions", "code": 50013}, 403)
                if status == 400:  # a refused body, naming the first command's description
                    return self._refused_body(
                        [Problem((0, "description"), "BASE_TYPE_BAD_LENGTH",
                                 "Must be between 1 and 100 in length: 101 characters")]
                    )  # fmt: skip
                return self.json(
                    {"message": "500: Internal Server Error", "code": 0}, status=status
                )
        return None

    def forged(
        self, custom_ids: list[str], channel_id: int = CHANNEL_ID, *, menu: str | None = None
    ) -> dict[str, Any]:
        """A bot message carrying buttons with the given custom ids (and a
        select menu with the custom id *menu*)."""
        components = payloads.buttons(custom_ids) + (payloads.menu(menu) if menu else [])
        return self._message(channel_id, {"content": "", "components": components}, [])

    async def callback(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()  # the reply is in: reading its upload is our time, not the bot's
        if (fault := await self._faulted("callback", request)) is not None:
            return fault
        interaction_id = request.match_info["id"]
        interaction = self.tokens.get(request.match_info["token"])
        if interaction is None or str(interaction["id"]) != interaction_id:
            await request.read()
            self.invalid.append(f"callback of interaction {interaction_id}: unknown")
            return self.json({"message": "Unknown interaction", "code": 10062}, status=404)
        if interaction_id in self._acknowledged:  # one initial response (JSON 40060)
            await request.read()
            self.invalid.append(f"interaction {interaction_id} answered twice")
            twice = {"message": "Interaction has already been acknowledged.", "code": 40060}
            return self.json(twice, status=400)
        sent = self._sent_at.get(interaction_id)
        if sent is not None and self.now() - sent > message_limits.TOKEN_SECONDS:
            await request.read()
            self.invalid.append(f"callback of interaction {interaction_id}: its token expired")
            return self.json({"message": "Unknown interaction", "code": 10062}, status=404)
        old_message = self.messages.get(int((interaction.get("message") or {}).get("id", 0)))
        pressed = int(interaction.get("type", 2)) == _COMPONENT

        def documented(body: Any, files: int) -> list[Problem]:
            was_v2 = None
            if old_message is not None and int(body.get("type", 0)) == _UPDATE:
                was_v2 = bool(int(old_message["flags"]) & message_limits.COMPONENTS_V2)
            return message_limits.response_problems(
                body, files=files, component=pressed, was_v2=was_v2
            )

        body, files = await self._read(
            request, documented, upload_limit=self._upload_limit(interaction)
        )
        kind = int(body["type"])
        if kind == _UPDATE and (capped := self._old_edit(old_message)) is not None:
            return capped  # not acknowledged: the interaction may still be answered
        self._acknowledged.add(interaction_id)
        data = body.get("data") or {}
        response: dict[str, Any] = {
            "interaction": {"id": interaction_id, "type": interaction.get("type", 2)}
        }
        message = None
        if kind == _MESSAGE:
            message = self._message(int(interaction.get("channel_id", CHANNEL_ID)), data, files)
            interaction["response_message_id"] = int(message["id"])
        elif kind == _UPDATE:
            old = interaction.get("message", {})
            message_id = int(old.get("id", next(snowflakes)))
            interaction["response_message_id"] = message_id
            kept = self.messages.get(message_id)
            if kept is not None:  # an update keeps what it does not change (and stays ephemeral)
                message = self._edited(kept, data, files)
            else:
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
            if reply.elapsed > self.deadline:
                self.late.append((interaction_id, reply.elapsed))
        future = self._waiting.get(interaction_id)
        if future is not None and not future.done():
            future.set_result(reply)

    async def get_original(self, request: web.Request) -> web.Response:
        if (fault := await self._faulted("get_original", request)) is not None:
            return fault
        interaction = self._interaction(request)
        message = self.messages.get(int(interaction.get("response_message_id", 0)))
        if message is None:
            return self.json({"message": "Unknown Message", "code": 10008}, status=404)
        return self.json({k: v for k, v in message.items() if k != "files"})

    async def edit_original(self, request: web.Request) -> web.Response:
        """Edits the message an interaction answered with (only the fields sent change)."""
        interaction = self._interaction(request)
        message_id = int(interaction.get("response_message_id", 0)) or None
        old = self.messages.get(message_id or 0)
        data, files = await self._read(
            request,
            lambda body, files: message_limits.message_problems(
                body, files=files, flags=message_limits.CALLBACK_FLAGS, was_v2=_v2(old)
            ),
            upload_limit=self._upload_limit(interaction),
        )
        if (capped := self._old_edit(old)) is not None:
            return capped
        if old is not None:
            message = self._edited(old, data, files)
        else:
            message = self._message(
                int(interaction.get("channel_id", CHANNEL_ID)), data, files, message_id
            )
        await self.posted.put(Reply(0, data, files, message=message))
        return self.json(message)

    async def followup(self, request: web.Request) -> web.Response:
        if (fault := await self._faulted("followup", request)) is not None:
            return fault
        interaction = self._interaction(request)
        owners = interaction.get("authorizing_integration_owners") or {}
        followups = interaction.get("followups", 0)
        if "0" not in owners and followups >= message_limits.MAX_USER_APP_FOLLOWUPS:
            await request.read()  # "Follow-up cap: 5 ... when only USER_INSTALL authorized"
            self.invalid.append(f"interaction {interaction['id']}: a 6th follow-up")
            body = {"message": "This interaction has hit the maximum number of follow up "
                    "messages", "code": 40094}  # fmt: skip
            return self.json(body, status=400)
        data, files = await self._read(
            request,
            lambda body, files: message_limits.message_problems(
                body, files=files, flags=message_limits.WEBHOOK_FLAGS
            ),
            upload_limit=self._upload_limit(interaction),
        )
        interaction["followups"] = followups + 1
        message = self._message(int(interaction.get("channel_id", CHANNEL_ID)), data, files)
        await self.posted.put(Reply(0, data, files, message=message))
        return self.json(message)

    async def create_message(self, request: web.Request) -> web.Response:
        channel = int(request.match_info["channel"])
        if (fault := await self._faulted("create_message", request)) is not None:
            return fault
        if channel in self.deleted:
            await request.read()
            return self.json({"message": "Unknown Channel", "code": 10003}, status=404)
        taken = self._channel_bucket("create", channel)
        if isinstance(taken, web.Response):
            await request.read()
            return taken
        data, files = await self._read(
            request, lambda body, files: message_limits.message_problems(body, files=files)
        )
        if self.dm_channels.get(channel) in self.closed_dms:
            return self.json({"message": "Cannot send messages to this user", "code": 50007}, 403)
        nonce = data.get("nonce")
        if nonce is not None and len(str(nonce)) > NONCE_LENGTH:
            return self._refuse(
                request,
                [
                    Problem(
                        ("nonce",),
                        "BASE_TYPE_BAD_LENGTH",
                        f"Must be {NONCE_LENGTH} or fewer in length.",
                    )
                ],
            )
        if nonce is not None and data.get("enforce_nonce"):
            sent = self._nonces.get((channel, str(nonce)))
            if sent is not None and time.monotonic() - sent[0] < NONCE_KEPT:
                return self.json(sent[1])  # the message sent before: no new one
        message = self._message(channel, data, files)
        if nonce is not None and data.get("enforce_nonce"):
            self._nonces[channel, str(nonce)] = (time.monotonic(), message)
        reply = Reply(0, data, files, message=message)
        answered = int((data.get("message_reference") or {}).get("message_id", 0))
        waiting = self.replies_to.pop(answered, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(reply)
        else:
            await self.posted.put(reply)
        return _with(taken, self.json(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """Edits one of the bot's messages: only the fields sent change."""
        message_id = int(request.match_info["message"])
        if (fault := await self._faulted("edit_message", request)) is not None:
            return fault
        old = self.messages.get(message_id)
        if old is None or int(old["channel_id"]) != int(request.match_info["channel"]):
            return self.json({"message": "Unknown Message", "code": 10008}, status=404)
        if int(old["flags"]) & EPHEMERAL:  # only its interaction can edit it
            return self.json({"message": "Unknown Message", "code": 10008}, status=404)
        taken = self._channel_bucket("edit", int(old["channel_id"]))
        if isinstance(taken, web.Response):
            await request.read()
            return taken
        data, files = await self._read(
            request,
            lambda body, files: message_limits.message_problems(body, files=files, was_v2=_v2(old)),
        )
        if (capped := self._old_edit(old)) is not None:
            return capped
        message = self._edited(old, data, files)
        self.edits.append(message_id)
        self.edited_at.setdefault(message_id, []).append(time.monotonic())
        return _with(taken, self.json(message))

    def _edited(
        self, old: dict[str, Any], data: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        """*old* with the fields *data* sends changed: its files stay unless
        ``attachments`` says otherwise, and the Components V2 flag once set stays."""
        kept = {"content": old["content"], "components": old["components"], "flags": old["flags"]}
        merged = {**kept, **{k: v for k, v in data.items() if k in kept}}
        # The V2 flag, once set, stays (the docs: "can only be set").
        merged["flags"] = int(merged["flags"] or 0) | (int(old["flags"]) & payloads.COMPONENTS_V2)
        kept_files = old["files"] if "attachments" not in data else []
        merged["flags"] = int(merged["flags"] or 0) | (int(old["flags"]) & EPHEMERAL)
        return self._message(int(old["channel_id"]), merged, files or kept_files, int(old["id"]))

    async def create_thread(self, request: web.Request) -> web.Response:
        """Opens a public thread in a channel (without a starter message), and
        tells the gateway, as Discord does."""
        parent = int(request.match_info["channel"])
        data, _ = await self._read(request, described_fully)
        thread = payloads.thread(parent, str(data.get("name", "")))
        self.threads.append(thread)
        await self._dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return self.json(thread, status=201)

    async def delete_channel(self, request: web.Request) -> web.Response:
        """Deletes a thread the bot opened."""
        channel = int(request.match_info["channel"])
        thread = next((t for t in self.threads if int(t["id"]) == channel), None)
        if thread is None:
            return self.json({"message": "Missing Access", "code": 50001}, status=403)
        self.deleted.append(channel)
        return self.json(thread)

    async def create_event(self, request: web.Request) -> web.Response:
        """Makes a scheduled event of a server, as Discord returns it."""
        faulted = await self._faulted("event", request)
        if faulted is not None:
            return faulted
        data, _ = await self._read(
            request, lambda body, _: message_limits.event_problems(body, create=True)
        )
        event = {
            **data,
            "id": str(next(snowflakes)),
            "guild_id": request.match_info["guild"],
            "channel_id": None,
            "creator_id": BOT_USER["id"],
            "status": 1,
            "entity_id": None,
            "user_count": 0,
        }
        self.events[int(event["id"])] = event
        return self.json(event)

    async def edit_event(self, request: web.Request) -> web.Response:
        """Changes a scheduled event (its status: active, completed, cancelled)."""
        event = self.events.get(int(request.match_info["event"]))
        if event is None:
            return self.json({"message": "Unknown Guild Scheduled Event", "code": 10070}, 404)
        data, _ = await self._read(
            request, lambda body, _: message_limits.event_problems(body, create=False)
        )
        event.update(data)
        return self.json(event)

    async def change_role(self, request: web.Request) -> web.Response:
        """Gives a member a role, or takes it."""
        faulted = await self._faulted("role", request)
        if faulted is not None:
            return faulted
        info = request.match_info
        what = "add" if request.method == "PUT" else "remove"
        self.roles.append((what, int(info["guild"]), int(info["user"]), int(info["role"])))
        return web.Response(status=204)

    async def create_dm(self, request: web.Request) -> web.Response:
        """Opens (or finds) the DM channel with a user: every user's is the one DM channel."""
        data, _ = await self._read(request, described_fully)
        user_id = int(data["recipient_id"])
        self.dms.append(user_id)
        self.dm_channels[payloads.dm_channel_id(user_id)] = user_id
        return self.json(payloads.dm_channel(user_id))

    # -- gateway ---------------------------------------------------------------------

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """How many shards to run, as Discord recommends (for a bot that asks)."""
        return self.json(
            {
                "url": self.env["DISCORD_GATEWAY_URL"],
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                },
            }
        )  # fmt: skip

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        shard = None
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
                shard, self.shard_count = message["d"].get("shard") or (0, 1)
                await self._identify(ws, shard)
        if shard is not None and self._shards.get(shard) is ws:
            del self._shards[shard]
        return ws

    async def _identify(self, ws: web.WebSocketResponse, shard: int) -> None:
        """Answers IDENTIFY on *shard*: READY, then the servers of that shard."""
        self.identifies += 1
        guilds = [
            guild
            for guild in payloads.GUILDS
            if self.shard_of(guild) == shard and guild not in self.removed
        ]
        self._shards[shard] = ws
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": str(guild), "unavailable": True} for guild in guilds],
            "session_id": f"session-{self.identifies}",
            "resume_gateway_url": self.env["DISCORD_GATEWAY_URL"],
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "shard": [shard, self.shard_count],
        }
        await self._dispatch("READY", ready, shard)
        for guild in guilds:
            await self._dispatch("GUILD_CREATE", payloads.guild(guild), shard)
        async with self._connected:
            self._connected.notify_all()

    async def remove_bot(self, guild_id: int) -> None:
        """The server *guild_id* removes the bot (GUILD_DELETE, as Discord sends it)."""
        self.removed.add(guild_id)
        await self._dispatch("GUILD_DELETE", {"id": str(guild_id)}, self.shard_of(guild_id))

    async def add_bot(self, guild_id: int) -> None:
        """The server *guild_id* adds the bot again: GUILD_CREATE after READY,
        without ``unavailable`` (a server joined, not one back from an outage)."""
        self.removed.discard(guild_id)
        joined = {k: v for k, v in payloads.guild(guild_id).items() if k != "unavailable"}
        await self._dispatch("GUILD_CREATE", joined, self.shard_of(guild_id))

    async def _dispatch(self, event: str, data: dict[str, Any], shard: int | None = None) -> None:
        """Sends *event* on *shard*: by default the shard of the server it names."""
        if shard is None:
            guild = data.get("guild_id")
            shard = self.shard_of(int(guild) if guild is not None else None)
        ws = self._shards.get(shard)
        if ws is None or ws.closed:
            raise ConnectionError(f"no bot process is connected on shard {shard}")
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    # -- interactions ------------------------------------------------------------------

    def opened(self, interaction: dict[str, Any]) -> None:
        """Takes *interaction* as sent now: its token is good for 15 minutes."""
        self.tokens[interaction["token"]] = interaction
        self._sent_at[interaction["id"]] = time.monotonic()

    async def _send_interaction(self, interaction: dict[str, Any], timeout: float) -> Reply:
        """Dispatches *interaction* and returns the bot's first reply to it.

        :raises LateReply: if none came within *timeout*, or after Discord's deadline.
        """
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiting[interaction["id"]] = future
        self.opened(interaction)
        await self._dispatch("INTERACTION_CREATE", interaction)
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise LateReply(f"no reply to interaction within {timeout} s") from None
        if reply.elapsed > self.deadline:
            raise LateReply(
                f"the reply took {reply.elapsed:.2f} s, past Discord's {self.deadline} s"
            )
        return reply


def _v2(message: dict[str, Any] | None) -> bool | None:
    """Whether *message* is a Components V2 one; None when there is none yet."""
    return None if message is None else bool(int(message["flags"]) & message_limits.COMPONENTS_V2)


def _one_command(command: Any, files: int) -> list[Problem]:
    """What Discord's documentation refuses in one command made alone."""
    if not isinstance(command, dict):
        return [Problem((), "DICT_TYPE_CONVERT", "Only dictionaries may be used.")]
    return limits.command_problems(command)


def _with(headers: dict[str, str] | web.Response, response: web.Response) -> web.Response:
    """*response* with a bucket's rate-limit *headers*."""
    if isinstance(headers, dict):
        response.headers.update(headers)
    return response
