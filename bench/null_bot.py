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

    python bench/null_bot.py
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
from typing import Any

import discord
import yarl
from discord import app_commands
from PIL import Image


def small_png() -> bytes:
    out = io.BytesIO()
    Image.new("P", (64, 32), 0).save(out, "PNG")
    return out.getvalue()


PNG = small_png()


def picture() -> discord.File:
    return discord.File(io.BytesIO(PNG), "table.png")


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
        await interaction.response.edit_message(content="moved", attachments=[picture()])


def board() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Draw())
    return view


@app_commands.command(description="start")
async def play(
    interaction: discord.Interaction[Any], game: str, deal: int | None = None,
    passes: str | None = None,
) -> None:  # fmt: skip
    await interaction.response.send_message("dealt", file=picture(), view=board())


@app_commands.command(description="move")
async def move(interaction: discord.Interaction[Any], notation: str) -> None:
    await interaction.response.send_message("moved", file=picture(), view=board())


@move.autocomplete("notation")
async def moves(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f"move {n}", value=f"{n} f") for n in range(25)]


@app_commands.command(description="show")
async def show(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("shown", file=picture(), view=board())


@app_commands.command(description="hint")
async def hint(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("a hint", ephemeral=True)


class NullBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Draw)
        for command in (play, move, show, hint):
            self.tree.add_command(command)
        guild = discord.Object(int(os.environ["DEV_GUILD_ID"]))
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_message(self, message: discord.Message) -> None:
        if self.user is not None and self.user in message.mentions:
            await message.reply("moved", file=picture(), view=board())


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
    async with bot:
        await bot.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    asyncio.run(main())
