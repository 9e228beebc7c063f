"""The Discord client: opens the store in ``setup_hook``, registers the
persistent buttons and the slash commands, and routes chat moves."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import signal
import time
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import discord
import yarl
from discord import app_commands

from storage import CupRow, RaceRow, StoreError, open_store
from texts import DEFAULT, locale_of

from ..config import Config
from ..usecases.achievements import Achievements
from ..usecases.cups import Cups
from ..usecases.leases import ShardLease, ShardTaken
from ..usecases.mydata import MyData
from ..usecases.puzzleraces import PuzzleRaces
from ..usecases.puzzles import Puzzles
from ..usecases.racecards import Cards, race_cards
from ..usecases.races import Races
from ..usecases.reminders import Reminders
from ..usecases.review import Reviews
from ..usecases.servers import Servers
from ..usecases.service import GameService
from ..usecases.settings import Preferences
from ..usecases.social import Social
from ..usecases.streaks import Streaks
from ..usecases.verdicts import Verdicts
from ..usecases.workers import Workers
from . import registration
from .avatars import Avatars
from .chat import handle_message
from .commands import KIND_OF, UNREFUSED
from .components import refusable, route
from .cupping import Cupping
from .gate import refused
from .interactions import Interaction, language, say_privately, trouble
from .presses import Presses
from .puzzleracing import PuzzleRacing
from .racing import Racing
from .reminding import Reminding

log = logging.getLogger("bot")


#: A server's own data is kept this long after the bot left it.
SERVER_DATA_KEPT = 30 * 86400.0


class SolitaireBot(discord.AutoShardedClient):
    service: GameService
    social: Social
    workers: Workers
    lease: ShardLease
    preferences: Preferences
    servers: Servers
    mydata: MyData
    puzzles: Puzzles
    streaks: Streaks
    puzzleracing: PuzzleRacing
    verdicts: Verdicts
    reviews: Reviews
    presses: Presses
    races: Races
    racing: Racing
    race_cards: Cards[RaceRow]
    cups: Cups
    achievements: Achievements
    cupping: Cupping
    cup_cards: Cards[CupRow]
    reminders: Reminders
    reminding: Reminding
    avatars: Avatars

    def __init__(self, config: Config) -> None:
        intents = discord.Intents.default()
        intents.message_content = config.message_content
        # Neither shard setting: one process, and discord.py asks Discord how
        # many shards to run.
        shards: dict[str, Any] = {}
        if config.shard_count is not None:
            shards["shard_count"] = config.shard_count
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(), **shards)
        self.config = config
        # Every command may be used where a server or a player installed the
        # app, in servers, the bot's DM and group DMs, unless it says otherwise
        # (/leaderboard and /server: servers only).
        self.tree = Tree(
            self,
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True
            ),
        )
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self._released: asyncio.Future[None] | None = None
        #: The process's exit status: 2 once it must stop for a cause.
        self.exit_status = 0
        self._stopping: asyncio.Future[None] | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self._forgetting: asyncio.Task[None] | None = None
        self._cup_sweeping: asyncio.Task[None] | None = None
        self._puzzle_sweeping: asyncio.Task[None] | None = None
        self._reminding: asyncio.Task[None] | None = None
        #: Searches started after a reply (a board's verdict): kept until done.
        self.background: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        self._store = store = await open_store(self.config.database_url)
        self.lease = ShardLease(
            store,
            self.config.shard_ids or (-1,),
            count=self.config.shard_count or 0,
            on_lost=self._lease_lost,
        )
        await self.lease.take()
        self.workers = Workers(self.config.workers, memory=self.config.solver_memory_mb << 20)
        await self.workers.start()
        self.service = GameService(store, self.workers)
        self.social = Social(store, self.workers, boards=self.service.boards)
        self.preferences = Preferences(store, self.service.live)
        self.verdicts = Verdicts(store, self.workers)
        self.reviews = Reviews(store, self.workers)
        # The token is the one secret every process of the bot shares: what
        # signs a forget's confirmation is derived from it (and never logged).
        key = hashlib.sha256(b"solitaire-bot mydata:" + self.config.token.encode()).digest()
        self.mydata = MyData(store, self.workers, key=key)
        self.puzzles = Puzzles(store, self.workers, self.service.boards, self.service.live, key=key)
        self.service.puzzles = self.reviews.puzzles = self.puzzles
        self.streaks = self.reviews.streaks = Streaks(store, self.service.boards, key=key)
        puzzle_races = PuzzleRaces(store, self.service.boards, self.streaks, key=key)
        self.puzzleracing = PuzzleRacing(self, puzzle_races)
        self._puzzle_sweeping = asyncio.create_task(self.puzzleracing.cards.sweep_forever())
        self.presses = Presses(self)
        self.races = Races(store, self.service)
        self.racing = Racing(self)
        self.race_cards = race_cards(store, self.races, self.racing.show_card)
        self.servers = Servers(
            store, self.service.live, races_changed=self.race_cards.changed, key=key
        )
        # A server's block holds on all its games, wherever they are reached.
        for use in (self.service, self.social, self.reviews):
            use.blocked = self.servers.blocks
        self._sweeping = asyncio.create_task(self.race_cards.sweep_forever())
        self.cups = Cups(store, self.service, self.workers, key=key)
        self.achievements = Achievements(store, self.workers)
        self.avatars = Avatars(self.config.cdn_base)
        self.achievements.faces = self.social.faces = self.cups.faces = self.avatars
        self.cupping = Cupping(self)
        self.cup_cards = self.cupping.cards
        self._cup_sweeping = asyncio.create_task(self._sweep_cups())
        self.reminders = Reminders(store)
        self.reminding = Reminding(self, self.config.reminder_share)
        self._reminding = asyncio.create_task(self.reminding.run_forever())
        self._forgetting = asyncio.create_task(self._forget_servers_forever())
        await registration.add_commands(self.tree)
        if not self.config.syncs_commands:
            log.info("shards %s; the process with shard 0 syncs the commands", self.shard_ids)
        elif self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await registration.sync(self.tree, guild)
        else:
            await registration.sync(self.tree, None)
        log.info("ready to serve; games in %s", redacted(self.config.database_url))

    async def _sweep_cups(self) -> None:
        """Opens, closes and repeats cups and brings their cards up to date,
        once the servers are known (a close may give a role)."""
        await self.wait_until_ready()
        await self.cup_cards.sweep_forever()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (or it was deleted): its own data goes in 30 days."""
        try:
            await self.servers.left(guild.id)
        except StoreError as error:
            log.warning("leaving server %s not kept: %s", guild.id, error)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server, perhaps again: whatever it kept stays."""
        try:
            await self.servers.back(guild.id)
        except StoreError as error:
            log.warning("joining server %s not kept: %s", guild.id, error)

    async def _forget_servers_forever(self) -> None:
        """Deletes, once an hour, the data of the servers that removed the bot
        over 30 days ago; a server of this process's shards that it is in
        again (added while it was down) keeps its data."""
        await self.wait_until_ready()
        while True:
            try:
                before = time.time() - SERVER_DATA_KEPT
                for guild_id in await self.servers.left_before(before):
                    if self.shard_count and (guild_id >> 22) % self.shard_count not in (
                        self.shard_ids or range(self.shard_count)
                    ):
                        continue  # another process's server: it decides
                    if self.get_guild(guild_id) is not None:
                        await self.servers.back(guild_id)
                    else:
                        await self.servers.forget(guild_id)
                        log.info("data of server %s deleted: the bot left it 30 days ago", guild_id)
            except StoreError as error:
                log.warning("servers not swept: %s", error)
            await asyncio.sleep(3600)

    async def on_ready(self) -> None:
        log.info("ready as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def on_interaction(self, interaction: Interaction) -> None:
        if interaction.type == discord.InteractionType.component:
            pressed = route(interaction)  # a press on a board, a card, a choice
            if pressed is not None and refusable(interaction) and await refused(interaction, None):
                pressed.close()  # a member the server blocked
            elif pressed is not None:
                await pressed
        user_id = interaction.user.id
        await self.preferences.heard(user_id, language(interaction))
        if user_id in self.reminders.untold:  # their DMs refused a reminder: told once
            await self.reminding.tell_refused(interaction)

    async def language_of(self, message: discord.Message) -> str:
        """The language to answer a plain message in: the author's, as their
        last interaction told it (see ``Preferences.language``), else the
        server's, else English."""
        stored = await self.preferences.language(message.author.id)
        if stored is not None:
            return stored
        return locale_of(message.guild.preferred_locale) if message.guild else DEFAULT

    async def on_message(self, message: discord.Message) -> None:
        try:
            await handle_message(
                self, message, self.service, self.config.message_content, self.language_of
            )
        except Exception as error:
            locale = self.preferences.last_heard(message.author.id) or DEFAULT
            text = trouble(error, locale, f"message {message.id}")
            try:
                await message.reply(text, mention_author=False)
            except discord.HTTPException as failed:
                log.info("no answer to message %s: %s", message.id, failed.status)

    async def on_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        what = f"command {interaction.command and interaction.command.name}"
        await say_privately(interaction, trouble(error, language(interaction), what))

    def _lease_lost(self, taken: ShardTaken) -> None:
        """Another process took this one's shard (this one was stalled past
        its lease): it stops at once, without finishing what it answers."""
        log.error("stopping: %s", taken)
        self.exit_status = 2
        self._stopping = asyncio.ensure_future(self.close())

    async def close(self) -> None:
        if self.exit_status == 0:
            await self._finish_answers()
        if self._sweeping is not None:
            self._sweeping.cancel()
        if self._forgetting is not None:
            self._forgetting.cancel()
        if self._cup_sweeping is not None:
            self._cup_sweeping.cancel()
        if self._puzzle_sweeping is not None:
            self._puzzle_sweeping.cancel()
        if hasattr(self, "puzzleracing"):
            await self.puzzleracing.cards.close()
        if self._reminding is not None:
            self._reminding.cancel()
            await self.reminding.close()
        if hasattr(self, "cup_cards"):
            await self.cup_cards.close()
        if hasattr(self, "avatars"):
            await self.avatars.close()
        if hasattr(self, "race_cards"):
            await self.race_cards.close()  # a card left behind: the next sweep shows it
        for task in self.background:  # a verdict is a nicety: not worth waiting for
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        await super().close()
        await self.release()

    async def _finish_answers(self, wait: float = 5.0) -> None:
        """Lets the interactions and messages being answered finish (their
        board remembered, the old one retired) before the connection closes."""
        answering = [
            task
            for task in asyncio.all_tasks()
            if task is not asyncio.current_task() and task.get_name().startswith(_ANSWERING)
        ]
        if answering:
            await asyncio.wait(answering, timeout=wait)

    async def release(self) -> None:
        """Stops the workers and closes the store, once, however often it is
        called: by ``close`` (from a signal) and by the process on its way out,
        which must wait for it: the store's thread keeps a process alive."""
        if self._released is None:
            self._released = asyncio.ensure_future(self._release())
        await asyncio.shield(self._released)

    async def _release(self) -> None:
        if hasattr(self, "lease"):
            await self.lease.release()
        if hasattr(self, "workers"):
            await self.workers.close()
        if hasattr(self, "_store"):
            await self._store.close()


class Tree(app_commands.CommandTree["SolitaireBot"]):
    """The commands, each asked of the server's say first (a blocked member,
    a game kept to other channels): refused in one private line."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        name = str(cast("Mapping[str, Any]", interaction.data or {}).get("name", ""))
        return name in UNREFUSED or not await refused(interaction, KIND_OF.get(name))


#: discord.py's names for the tasks that answer a command, a press or a message.
_ANSWERING = ("CommandTree-invoker", "discord.py: on_interaction", "discord.py: on_message")


def redacted(url: str) -> str:
    """A database URL without its password, for the log.

    >>> redacted("postgresql://bot:secret@db:5432/solitaire")
    'postgresql://bot:***@db:5432/solitaire'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")))


def point_at(config: Config) -> None:
    """Points discord.py at another Discord-compatible server, if configured."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


async def _run(config: Config) -> int:
    client = SolitaireBot(config)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, lambda: asyncio.create_task(client.close()))
    try:
        async with client:
            await client.start(config.token)
    finally:
        await client.release()
    return client.exit_status


class RedactTokens(logging.Filter):
    """Hides interaction and webhook tokens in log lines (discord.py logs the
    URLs of its requests, and the gateway's events, at DEBUG): each is a key
    to answer as the bot."""

    _TOKENS = (
        re.compile(r"(/(?:interactions|webhooks)/\d+/)[\w.\-]+"),
        re.compile(r"""(['"]token['"]: ['"])[^'"]+"""),
    )

    def filter(self, record: logging.LogRecord) -> bool:
        message = redacted = record.getMessage()
        for pattern in self._TOKENS:
            redacted = pattern.sub(r"\1***", redacted)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def run_bot(config: Config) -> int:
    discord.utils.setup_logging(level=getattr(logging, config.log_level, logging.INFO))
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactTokens())
    point_at(config)
    try:
        status = asyncio.run(_run(config))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env")
        return 2
    except (StoreError, ShardTaken) as error:
        # An unreadable database, a newer schema, a failed migration, a shard
        # that another process runs: one line, and out.
        log.error("cannot start: %s", error)
        return 2
    return status
