"""The slash commands. Names are part of the docs: keep them."""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands

from solitaire import MAX_DEAL, MIN_DEAL, VARIANTS

from .social import Card
from .views import respond, service_of, social_of

GAMES = [app_commands.Choice(name=cls.title, value=profile) for profile, cls in VARIANTS.items()]
Deal = app_commands.Range[int, MIN_DEAL, MAX_DEAL]


@app_commands.command()
@app_commands.describe(
    game="which game to play",
    draw="Klondike: cards turned from the stock at a time",
    passes="Klondike: passes through the stock (default: 1 for draw 1, 3 for draw 3)",
    winnable="deal only a deal the solver has won",
    deal="a deal number, to replay a deal or take up a friend's challenge",
)
@app_commands.choices(game=GAMES)
async def play(
    interaction: discord.Interaction[Any],
    game: str,
    draw: Literal[1, 3] | None = None,
    deal: Deal | None = None,
    passes: Literal["1", "3", "unlimited"] | None = None,
    winnable: bool = False,
) -> None:
    """Start a game of solitaire."""
    options: dict[str, object] = {}
    if game == "klondike":
        options = {"draw": draw, "passes": passes}
    await social_of(interaction).remember(interaction.user.id, interaction.user.display_name)
    reply = await service_of(interaction).start(
        interaction.user.id,
        game,
        deal=deal,
        options=options,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        winnable=winnable,
    )
    await respond(interaction, reply)


@app_commands.command()
@app_commands.describe(notation="a move such as w3, 7 2, 3f, s — or u, h, a")
async def move(interaction: discord.Interaction[Any], notation: str) -> None:
    """Make a move in your current game."""
    await respond(interaction, await service_of(interaction).play(interaction.user.id, notation))


@move.autocomplete("notation")
async def move_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    suggestions = await service_of(interaction).suggestions(interaction.user.id, current)
    return [app_commands.Choice(name=label[:100], value=value) for label, value in suggestions]


def _shortcut(name: str, text: str, description: str) -> app_commands.Command[Any, ..., None]:
    async def shortcut(interaction: discord.Interaction[Any]) -> None:
        await respond(interaction, await service_of(interaction).play(interaction.user.id, text))

    return app_commands.Command(name=name, description=description, callback=shortcut)


@app_commands.command()
@app_commands.describe(game="which game")
@app_commands.choices(game=GAMES)
async def daily(interaction: discord.Interaction[Any], game: str) -> None:
    """Play today's deal: the same for everyone; your first game of it counts."""
    await social_of(interaction).remember(interaction.user.id, interaction.user.display_name)
    reply = await service_of(interaction).daily(
        interaction.user.id, game, guild_id=interaction.guild_id, channel_id=interaction.channel_id
    )
    await respond(interaction, reply)


@app_commands.command()
@app_commands.describe(
    user="whose stats (default: yours)", game="one game (default: all you played)"
)
@app_commands.choices(game=GAMES)
async def stats(
    interaction: discord.Interaction[Any], user: discord.User | None = None, game: str | None = None
) -> None:
    """Games played and won, streaks, best results."""
    who = user or interaction.user
    if who.id == interaction.user.id:
        await social_of(interaction).remember(who.id, who.display_name)
    card = await social_of(interaction).stats(who.id, who.display_name, game)
    if not isinstance(card, Card):
        await respond(interaction, card)
        return
    file = discord.File(io.BytesIO(card.png), "stats.png", description=card.alt[:1024])
    await interaction.response.send_message(card.text, file=file)


@app_commands.command()
@app_commands.describe(game="which game", period="how far back")
@app_commands.choices(game=GAMES)
async def leaderboard(
    interaction: discord.Interaction[Any],
    game: str,
    period: Literal["week", "month", "all"] = "week",
) -> None:
    """This server's best players, by wins and by daily deals solved."""
    reply = await social_of(interaction).leaderboard(interaction.guild_id, game, period)
    await respond(interaction, reply)


@app_commands.command()
async def show(interaction: discord.Interaction[Any]) -> None:
    """Post the board of your current game again."""
    await respond(interaction, await service_of(interaction).show(interaction.user.id))


@app_commands.command()
async def resign(interaction: discord.Interaction[Any]) -> None:
    """Give up your current game (it counts as a loss)."""
    await respond(interaction, await service_of(interaction).resign(interaction.user.id))


@app_commands.command()
@app_commands.describe(game="which game")
@app_commands.choices(game=GAMES)
async def rules(interaction: discord.Interaction[Any], game: str) -> None:
    """How a game is played."""
    await interaction.response.send_message(service_of(interaction).rules(game), ephemeral=True)


@app_commands.command(name="help")
async def help_(interaction: discord.Interaction[Any]) -> None:
    """How to type moves."""
    await interaction.response.send_message(service_of(interaction).help(), ephemeral=True)


COMMANDS: list[app_commands.Command[Any, ..., None]] = [
    play,
    move,
    _shortcut("draw", "s", "Draw from the stock."),
    _shortcut("undo", "u", "Take back your last move."),
    _shortcut("hint", "h", "Suggest a good move."),
    _shortcut("auto", "a", "Play every safe card to the foundations."),
    show,
    resign,
    daily,
    stats,
    leaderboard,
    rules,
    help_,
]
