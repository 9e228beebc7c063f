"""A discord.py bot that does nothing but answer, for ``bench/e2e.py`` to
measure what a move costs beyond discord.py itself.

It is written as discord.py's examples write a bot: the commands the crowd
uses (``/play``, ``/move`` with an autocomplete of 25 choices, ``/show``,
``/hint``) in a command tree, a button that survives restarts (a
``DynamicItem``), and an answer with a small picture (made once) to every
command, press and chat message that mentions it: a command gets a new
message, a press an edit in place. It does nothing else. Same environment as the
bot: ``DISCORD_TOKEN``, ``DISCORD_API_BASE``, ``DISCORD_GATEWAY_URL``,
``DEV_GUILD_ID``, ``LOG_LEVEL``.

With ``--floor`` it also does what every move of the real bot must do, and
nothing more, each as plainly as discord.py allows: it plays a legal move of
the player's Klondike game, commits the game's moves in one statement
(SQLite as the bot opens it, WAL and ``synchronous = FULL``, or PostgreSQL:
``DATABASE_URL``), draws the real table picture in a thread (on the player's
kept table, as the bot does: only the piles the move changed), and after a new
message retires the player's board before with one raw request (no view, no
``Message`` made of the answer). What a move costs this bot is the floor
under what it can cost the real one; ``bench/e2e.py --floor`` runs it.

    python bench/null_bot.py [--floor]
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import discord
import yarl
from discord import app_commands
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import Table
from solitaire import Game, new_game
from storage.sqlite import sqlite_path


def small_png() -> bytes:
    out = io.BytesIO()
    Image.new("P", (64, 32), 0).save(out, "PNG")
    return out.getvalue()


PNG = small_png()


def picture(png: bytes = PNG) -> discord.File:
    return discord.File(io.BytesIO(png), "table.png")


class Floor:
    """What every move must do: a legal move played, the game committed, its
    table drawn; a new board retires the one before. Without ``--floor``,
    nothing: the small picture made once."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.games: dict[int, Game] = {}
        self.tables: dict[int, Table] = {}
        self.boards: dict[int, tuple[int, int]] = {}
        self.sqlite: aiosqlite.Connection | None = None
        self.postgres: asyncpg.Pool | None = None
        #: Pictures drawn, and the CPU time their threads spent on them.
        self.pictures, self.picture_cpu = 0, 0.0

    async def open(self) -> None:
        if self.url is None:
            return
        table = "CREATE TABLE IF NOT EXISTS floor (user_id BIGINT PRIMARY KEY, moves TEXT)"
        if self.url.startswith("postgresql"):
            self.postgres = await asyncpg.create_pool(self.url, min_size=1, max_size=4)
            await self.postgres.execute(table)
            return
        # Autocommit: the statement is its own transaction, one trip to the thread.
        self.sqlite = await aiosqlite.connect(sqlite_path(self.url), isolation_level=None)
        for pragma in ("journal_mode = WAL", "synchronous = FULL"):
            await self.sqlite.execute(f"PRAGMA {pragma}")
        await self.sqlite.execute(table)

    def game(self, user_id: int) -> Game:
        if user_id not in self.games:
            self.games[user_id] = new_game("klondike", deal=user_id % 1000 + 1)
        return self.games[user_id]

    async def move(self, user_id: int) -> bytes:
        """The picture of the player's table after a move."""
        if self.url is None:
            return PNG
        game = self.game(user_id)
        legal = game.legal_moves()
        if legal:
            game.play(legal[0])
        moves = " ".join(move.notation for move in game.moves)
        upsert = (
            "INSERT INTO floor (user_id, moves) VALUES ({0}, {1})"
            " ON CONFLICT (user_id) DO UPDATE SET moves = excluded.moves"
        )
        if self.postgres is not None:
            await self.postgres.execute(upsert.format("$1", "$2"), user_id, moves)
        elif self.sqlite is not None:
            await self.sqlite.execute(upsert.format("?", "?"), (user_id, moves))
        if user_id not in self.tables or NEW_TABLES:
            self.tables[user_id] = Table(game.profile)
        table = self.tables[user_id]
        return await asyncio.to_thread(self._draw, table, game.copy())

    def _draw(self, table: Table, game: Game) -> bytes:
        started = time.thread_time()
        png = table.render(game)
        self.pictures += 1
        self.picture_cpu += time.thread_time() - started
        return png

    def report(self) -> None:
        """One line on the way out: what a picture cost inside a bot."""
        if self.pictures:
            per = 1000 * self.picture_cpu / self.pictures
            print(f"floor pictures: {self.pictures}, {per:.3f} ms CPU each", flush=True)

    async def retire(self, client: discord.Client, user_id: int, place: tuple[int, int]) -> None:
        """Edits the player's board before down to one line."""
        before, self.boards[user_id] = self.boards.get(user_id), place
        if self.url is None or before is None:
            return
        route = discord.http.Route(
            "PATCH", "/channels/{channel_id}/messages/{message_id}",
            channel_id=before[0], message_id=before[1],
        )  # fmt: skip
        await client.http.request(route, json={"content": "moved on", "attachments": []})


FLOOR = Floor(os.environ.get("DATABASE_URL") if "--floor" in sys.argv else None)
#: ``--new-tables``: each picture on a new table, as every picture was drawn
#: before tables were kept (``bench/e2e.py --floor --new-tables`` compares).
NEW_TABLES = "--new-tables" in sys.argv


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """A new message with the table, retiring the board before."""
    png = await FLOOR.move(interaction.user.id)
    sent = await interaction.response.send_message(text, file=picture(png), view=board())
    if sent.message_id is not None and interaction.channel_id is not None:
        await FLOOR.retire(
            interaction.client, interaction.user.id, (interaction.channel_id, sent.message_id)
        )


class Draw(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"null:(?P<n>\d+):draw:0"):
    """A button that survives restarts, as the bot's do; a press edits in place."""

    def __init__(self, n: int = 0) -> None:
        super().__init__(discord.ui.Button(label="Draw", custom_id=f"null:{n}:draw:0"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> Draw:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        png = await FLOOR.move(interaction.user.id)
        await interaction.response.edit_message(content="moved", attachments=[picture(png)])


def board() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Draw())
    return view


@app_commands.command(description="start")
async def play(
    interaction: discord.Interaction[Any], game: str, deal: int | None = None,
    passes: str | None = None,
) -> None:  # fmt: skip
    await answer(interaction, "dealt")


@app_commands.command(description="move")
async def move(interaction: discord.Interaction[Any], notation: str) -> None:
    await answer(interaction, "moved")


@move.autocomplete("notation")
async def moves(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    if FLOOR.url is not None:
        legal = FLOOR.game(interaction.user.id).legal_moves()[:25]
        return [app_commands.Choice(name=move.notation, value=move.notation) for move in legal]
    return [app_commands.Choice(name=f"move {n}", value=f"{n} f") for n in range(25)]


@app_commands.command(description="show")
async def show(interaction: discord.Interaction[Any]) -> None:
    await answer(interaction, "shown")


@app_commands.command(description="hint")
async def hint(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("a hint", ephemeral=True)


class NullBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self) -> None:
        await FLOOR.open()
        self.add_dynamic_items(Draw)
        for command in (play, move, show, hint):
            self.tree.add_command(command)
        guild = discord.Object(int(os.environ["DEV_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_message(self, message: discord.Message) -> None:
        if self.user is not None and self.user in message.mentions:
            png = await FLOOR.move(message.author.id)
            sent = await message.reply("moved", file=picture(png), view=board())
            await FLOOR.retire(self, message.author.id, (message.channel.id, sent.id))


async def main() -> None:
    discord.utils.setup_logging(level=getattr(logging, os.environ.get("LOG_LEVEL", "INFO")))
    if os.environ.get("DISCORD_API_BASE"):
        discord.http.Route.BASE = os.environ["DISCORD_API_BASE"].rstrip("/")
    if os.environ.get("DISCORD_GATEWAY_URL"):
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
            os.environ["DISCORD_GATEWAY_URL"]
        )
    bot = NullBot()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, lambda: asyncio.create_task(bot.close()))
    try:
        async with bot:
            await bot.start(os.environ["DISCORD_TOKEN"])
    finally:
        FLOOR.report()


if __name__ == "__main__":
    asyncio.run(main())
