"""The slash commands. Names are part of the docs and the same in every
language: keep them. Descriptions and choice names come from the catalogues."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from solitaire import MAX_DEAL, MIN_DEAL, VARIANTS
from solitaire.puzzles import PUZZLE_GAMES
from texts import tr

from ..usecases.fields import CHOICE_NAME, clip
from ..usecases.reminders import Topic, known_zone
from ..usecases.replies import Notice, Picture
from ..usecases.servers import Channel, Member
from .answers import (
    post_animation,
    post_picture,
    post_profile,
    respond,
    respond_run,
    send_confirmation,
    send_export,
)
from .interactions import Interaction, asker_of, avatar_of, bot_is_member
from .limits import INT53
from .translator import text

GAMES = [Choice(name=text(f"title.{profile}"), value=profile) for profile in VARIANTS]
DRAWS = [Choice(name=text("choice.draw1"), value=1), Choice(name=text("choice.draw3"), value=3)]
PASSES = [
    Choice(name=text("choice.passes1"), value="1"),
    Choice(name=text("choice.passes3"), value="3"),
    Choice(name=text("choice.unlimited"), value="unlimited"),
]
PERIODS = [
    Choice(name=text("choice.week"), value="week"),
    Choice(name=text("choice.month"), value="month"),
    Choice(name=text("choice.all"), value="all"),
    Choice(name=text("choice.vegas"), value="vegas"),
]
CARDS = [
    Choice(name=text("choice.cards.normal"), value="normal"),
    Choice(name=text("choice.cards.large"), value="large"),
]
VISIBILITIES = [
    Choice(name=text("choice.visibility.everywhere"), value="everywhere"),
    Choice(name=text("choice.visibility.server"), value="server"),
    Choice(name=text("choice.visibility.hidden"), value="hidden"),
]
SCORES = [
    Choice(name=text("choice.score.off"), value="off"),
    Choice(name=text("choice.score.standard"), value="standard"),
    Choice(name=text("choice.score.vegas"), value="vegas"),
]
COLOURS = [
    Choice(name=text("choice.colours.classic"), value="classic"),
    Choice(name=text("choice.colours.four"), value="four-colour"),
]
KINDS = [
    Choice(name=text("choice.kind.boards"), value="boards"),
    Choice(name=text("choice.kind.races"), value="races"),
    Choice(name=text("choice.kind.cups"), value="cups"),
]
CUP_GAMES = [*GAMES, Choice(name=text("cup.mixed"), value="mixed")]
PUZZLE_GAMES_CHOICES = [choice for choice in GAMES if choice.value in PUZZLE_GAMES]
PUZZLE_MODES = [
    Choice(name=text("choice.puzzle.streak"), value="streak"),
    Choice(name=text("choice.puzzle.racer"), value="racer"),
]
REMINDERS = [Choice(name=text(f"choice.remind.{topic}"), value=str(topic)) for topic in Topic]
REPEATS = [
    Choice(name=text("choice.repeat.once"), value="once"),
    Choice(name=text("choice.repeat.weekly"), value="weekly"),
]
Deal = app_commands.Range[int, MIN_DEAL, MAX_DEAL]
PuzzleNumber = app_commands.Range[int, 1, INT53]


@app_commands.command(description=text("cmd.play"))
@app_commands.describe(
    game=text("opt.game.play"),
    draw=text("opt.draw"),
    passes=text("opt.passes"),
    winnable=text("opt.winnable"),
    deal=text("opt.deal"),
    difficulty=text("opt.difficulty"),
)
@app_commands.choices(game=GAMES, passes=PASSES)
@app_commands.choices(draw=DRAWS)
async def play(
    interaction: Interaction,
    game: str,
    draw: int | None = None,
    deal: Deal | None = None,
    passes: str | None = None,
    winnable: bool = False,
    difficulty: app_commands.Range[int, 1, 5] | None = None,
) -> None:
    """Start a game of solitaire."""
    # The service refuses an option the game does not have ("Casket has no option `draw`").
    options: dict[str, object] = {"draw": draw, "passes": passes}
    await interaction.client.social.remember(
        interaction.user.id, interaction.user.display_name, avatar_of(interaction.user)
    )
    reply = await interaction.client.service.start(
        asker_of(interaction),
        game,
        deal=deal,
        options=options,
        winnable=winnable,
        difficulty=difficulty,
    )
    await respond(interaction, reply, new_game=True)


@app_commands.command(description=text("cmd.move"))
@app_commands.describe(notation=text("opt.notation"))
async def move(interaction: Interaction, notation: str) -> None:
    """Make a move in your current game."""
    reply = await interaction.client.service.move(asker_of(interaction), notation)
    await respond(interaction, reply)


@move.autocomplete("notation")
async def move_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    suggestions = await interaction.client.service.suggestions(asker_of(interaction), current)
    return [
        app_commands.Choice(name=clip(label, CHOICE_NAME.limit), value=value)
        for label, value in suggestions
    ]


def _shortcut(name: str, notation: str) -> app_commands.Command[Any, ..., None]:
    async def shortcut(interaction: Interaction) -> None:
        await respond(
            interaction, await interaction.client.service.move(asker_of(interaction), notation)
        )

    return app_commands.Command(name=name, description=text(f"cmd.{name}"), callback=shortcut)


@app_commands.command(description=text("cmd.daily"))
@app_commands.describe(game=text("opt.game"))
@app_commands.choices(game=GAMES)
async def daily(interaction: Interaction, game: str) -> None:
    """Play today's deal: the same for everyone; your first game of it counts."""
    await interaction.client.social.remember(
        interaction.user.id, interaction.user.display_name, avatar_of(interaction.user)
    )
    reply = await interaction.client.service.daily(asker_of(interaction), game)
    await respond(interaction, reply, new_game=True)


@app_commands.command(description=text("cmd.puzzle"))
@app_commands.describe(
    game=text("opt.puzzle.game"),
    daily=text("opt.puzzle.daily"),
    id=text("opt.puzzle.id"),
    mode=text("opt.puzzle.mode"),
)
@app_commands.choices(game=PUZZLE_GAMES_CHOICES, mode=PUZZLE_MODES)
async def puzzle(
    interaction: Interaction,
    game: str | None = None,
    daily: bool = False,
    id: PuzzleNumber | None = None,
    mode: str | None = None,
) -> None:
    """Finish a position from a real game: rated puzzles, and one a day for everyone."""
    puzzles = interaction.client.puzzles
    asker = asker_of(interaction)
    if mode == "streak":
        await respond_run(interaction, await interaction.client.streaks.start(asker))
        return
    if mode == "racer":
        await interaction.client.puzzleracing.open(interaction)
        return
    if id is not None:
        reply = await puzzles.play(asker, id)
    elif daily:
        reply = await puzzles.daily(asker)
    else:
        reply = await puzzles.deal(asker, game)
    await respond(interaction, reply)


@app_commands.command(description=text("cmd.stats"))
@app_commands.describe(user=text("opt.user"), game=text("opt.game.stats"))
@app_commands.choices(game=GAMES)
async def stats(
    interaction: Interaction, user: discord.User | None = None, game: str | None = None
) -> None:
    """Games played and won, streaks, best results."""
    who = user or interaction.user
    if who.id == interaction.user.id:
        await interaction.client.social.remember(who.id, who.display_name, avatar_of(who))
    card = await interaction.client.social.stats(
        asker_of(interaction), who.id, who.display_name, game
    )
    if not isinstance(card, Picture):
        await respond(interaction, card)
        return
    await post_picture(interaction, card)


@app_commands.command(description=text("cmd.leaderboard"))
@app_commands.describe(game=text("opt.game"), period=text("opt.period"))
@app_commands.choices(game=GAMES, period=PERIODS)
async def leaderboard(interaction: Interaction, game: str, period: str = "week") -> None:
    """This server's best players, by wins and by daily deals solved."""
    reply = await interaction.client.social.leaderboard(asker_of(interaction), game, period)
    await respond(interaction, reply)


@app_commands.command(description=text("cmd.show"))
async def show(interaction: Interaction) -> None:
    """Post the board of your current game again."""
    reply = await interaction.client.service.show(asker_of(interaction))
    await respond(interaction, reply)


@app_commands.command(description=text("cmd.resign"))
async def resign(interaction: Interaction) -> None:
    """Give up your current game (it counts as a loss)."""
    reply = await interaction.client.service.resign(asker_of(interaction))
    await respond(interaction, reply)


@app_commands.command(description=text("cmd.rules"))
@app_commands.describe(game=text("opt.game"))
@app_commands.choices(game=GAMES)
async def rules(interaction: Interaction, game: str) -> None:
    """How a game is played."""
    rules = interaction.client.service.rules(asker_of(interaction), game)
    await interaction.response.send_message(rules, ephemeral=True)


@app_commands.command(description=text("cmd.review"))
async def review(interaction: Interaction) -> None:
    """Your last game without a win: could it be won, which move lost it, and how."""
    asker = asker_of(interaction)
    # Decided before the answer is deferred in public: a refusal is private.
    chosen = await interaction.client.reviews.choose(asker)
    if isinstance(chosen, Notice):
        await respond(interaction, chosen)
        return
    await interaction.response.defer(thinking=True)
    found = await interaction.client.reviews.review_game(asker, chosen)
    await post_animation(interaction, found, "review.gif", "review.alt")


@app_commands.command(name="settings", description=text("cmd.settings"))
@app_commands.describe(
    cards=text("opt.cards"), colours=text("opt.colours"), winnable=text("opt.verdicts"),
    clock=text("opt.clock"), score=text("opt.score"), text=text("opt.text"),
    visibility=text("opt.visibility"), timezone=text("opt.timezone"),
)  # fmt: skip
@app_commands.choices(cards=CARDS, colours=COLOURS, score=SCORES, visibility=VISIBILITIES)
async def settings_(
    interaction: Interaction,
    cards: str | None = None,
    colours: str | None = None,
    winnable: bool | None = None,
    clock: bool | None = None,
    score: str | None = None,
    text: bool | None = None,
    visibility: str | None = None,
    timezone: app_commands.Range[str, 1, 64] | None = None,
) -> None:
    """How your pictures look, whether the board says if a game can still be
    won, whether it shows the time, whether it adds the table in words, and
    your time zone."""
    asker = asker_of(interaction)
    zone = None
    if timezone is not None:
        zone = await interaction.client.reminders.set_zone(asker, timezone)
        if known_zone(timezone) is None:  # refused: nothing else changes
            await respond(interaction, zone)
            return
    reply = await interaction.client.preferences.player(
        asker, cards, colours, winnable, clock, score, text, visibility
    )
    if zone is not None:
        reply = Notice(f"{reply.text}\n{zone.text}")
    await respond(interaction, reply)


@settings_.autocomplete("timezone")
async def timezone_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    zones = interaction.client.reminders.suggest_zones(current)
    return [app_commands.Choice(name=zone, value=zone) for zone in zones]


@app_commands.command(description=text("cmd.remind"))
@app_commands.describe(kind=text("opt.remind.kind"), on=text("opt.remind.on"),
                       time=text("opt.remind.time"))  # fmt: skip
@app_commands.choices(kind=REMINDERS)
async def remind(
    interaction: Interaction,
    kind: str | None = None,
    on: bool | None = None,
    time: app_commands.Range[str, 1, 20] | None = None,
) -> None:
    """Reminders by DM, each kind turned on or off by itself; with no option, yours as they are."""
    reply = await interaction.client.reminders.change(asker_of(interaction), kind, on, time)
    await respond(interaction, reply)


# This server's settings, for those who may manage it: Discord offers the
# group to them (unless the server's own command permissions say otherwise),
# and each change checks Manage Server again.
server = app_commands.Group(
    name="server",
    description=text("cmd.server"),
    default_permissions=discord.Permissions(manage_guild=True),
)


def _manager(interaction: Interaction) -> bool:
    return interaction.permissions.manage_guild


@server.command(name="threads", description=text("cmd.server.threads"))
@app_commands.describe(enabled=text("opt.threads"))
async def server_threads(interaction: Interaction, enabled: bool | None = None) -> None:
    """Whether each new game gets a thread of its own."""
    reply = await interaction.client.servers.set_threads(
        asker_of(interaction), manager=_manager(interaction), threads=enabled
    )
    await respond(interaction, reply)


@server.command(name="channels", description=text("cmd.server.channels"))
@app_commands.describe(
    kind=text("opt.kind"), add=text("opt.add"), remove=text("opt.remove"), every=text("opt.every")
)
@app_commands.choices(kind=KINDS)
async def server_channels(
    interaction: Interaction,
    kind: str = "boards",
    add: app_commands.AppCommandChannel | None = None,
    remove: app_commands.AppCommandChannel | None = None,
    every: bool = False,
) -> None:
    """Where the bot plays here: every channel, or the ones listed."""
    added = None if add is None else Channel(add.id, bot_sees(interaction, add.id))
    reply = await interaction.client.servers.channels(
        asker_of(interaction), manager=_manager(interaction), kind=kind, add=added,
        remove=None if remove is None else remove.id, every=every,
    )  # fmt: skip
    await respond(interaction, reply)


@server.command(name="block", description=text("cmd.server.block"))
@app_commands.describe(member=text("opt.member"))
async def server_block(interaction: Interaction, member: discord.User | discord.Member) -> None:
    """Stop a member from using the bot here."""
    reply = await interaction.client.servers.block(
        asker_of(interaction), manager=_manager(interaction), member=Member(member.id, member.bot)
    )
    await respond(interaction, reply)


@server.command(name="unblock", description=text("cmd.server.unblock"))
@app_commands.describe(member=text("opt.member"))
async def server_unblock(interaction: Interaction, member: discord.User | discord.Member) -> None:
    """Let a blocked member use the bot here again."""
    reply = await interaction.client.servers.unblock(
        asker_of(interaction), manager=_manager(interaction), member=Member(member.id, member.bot)
    )
    await respond(interaction, reply)


@server.command(name="cup-role", description=text("cmd.server.cup_role"))
@app_commands.describe(role=text("opt.cup_role"))
async def server_cup_role(interaction: Interaction, role: discord.Role | None = None) -> None:
    """The role that may run cups here, besides Manage Server."""
    asker = asker_of(interaction)
    if not _manager(interaction):
        await respond(interaction, Notice(tr(asker.locale, "server.not_manager")))
        return
    assert interaction.guild_id is not None
    await interaction.client.cups.set_role(interaction.guild_id, None if role is None else role.id)
    said = "cup.role_set" if role else "cup.role_unset"
    await respond(interaction, Notice(tr(asker.locale, said, role=role and role.mention)))


cup = app_commands.Group(name="cup", description=text("cmd.cup"))


@cup.command(name="open", description=text("cmd.cup.open"))
@app_commands.describe(
    game=text("opt.cup.game"), deals=text("opt.cup.deals"), hours=text("opt.cup.hours"),
    starts=text("opt.cup.starts"), clean=text("opt.cup.clean"), repeat=text("opt.cup.repeat"),
    champion=text("opt.cup.champion"),
)  # fmt: skip
@app_commands.choices(game=CUP_GAMES, repeat=REPEATS)
async def cup_open(
    interaction: Interaction,
    game: str,
    deals: int = 5,
    hours: float = 72.0,
    starts: float = 0.0,
    clean: bool = False,
    repeat: str = "once",
    champion: discord.Role | None = None,
) -> None:
    """Open a Server Cup in this channel."""
    await interaction.client.cupping.open(
        interaction, game=game, deals=deals, hours=hours, starts=starts, clean=clean,
        weekly=repeat == "weekly", champion=champion,
    )  # fmt: skip


@cup.command(name="end", description=text("cmd.cup.end"))
async def cup_end(interaction: Interaction) -> None:
    """Close this channel's cup now."""
    await interaction.client.cupping.end(interaction)


@cup.command(name="strike", description=text("cmd.cup.strike"))
@app_commands.describe(user=text("opt.cup.user"), reason=text("opt.cup.reason"))
async def cup_strike(
    interaction: Interaction, user: discord.User | discord.Member, reason: str
) -> None:
    """Remove a player's results from this channel's cup."""
    await interaction.client.cupping.strike(interaction, user.id, reason)


@cup.command(name="results", description=text("cmd.cup.results"))
async def cup_results(interaction: Interaction) -> None:
    """The standings of this server's open cups and its last ten closed."""
    await interaction.client.cupping.results(interaction)


def bot_sees(interaction: Interaction, channel_id: int) -> bool:
    """Whether the bot may read and post in a channel of the interaction's server."""
    guild = interaction.guild
    channel = guild.get_channel(channel_id) if guild is not None else None
    if guild is None or channel is None or guild.me is None:
        return False
    allowed = channel.permissions_for(guild.me)
    return allowed.view_channel and allowed.send_messages


@app_commands.command(description=text("cmd.achievements"))
@app_commands.describe(page=text("opt.page"))
async def achievements(interaction: Interaction, page: int = 1) -> None:
    """Every achievement, earned or not, and how far you are."""
    reply = await interaction.client.achievements.listing(asker_of(interaction), page)
    await respond(interaction, reply)


@app_commands.command(name="profile", description=text("cmd.profile"))
@app_commands.describe(member=text("opt.member"))
async def profile_(interaction: Interaction, member: discord.User | None = None) -> None:
    """A player's profile card, for your eyes, with Share."""
    who = member or interaction.user
    if who.id == interaction.user.id:
        await interaction.client.social.remember(who.id, who.display_name, avatar_of(who))
    avatar = avatar_of(who)
    card = await interaction.client.achievements.profile(
        asker_of(interaction), who.id, who.display_name, avatar
    )
    await post_profile(interaction, card, who.id, avatar)


mydata = app_commands.Group(name="mydata", description=text("cmd.mydata"))


@mydata.command(name="export", description=text("cmd.mydata.export"))
async def mydata_export(interaction: Interaction) -> None:
    """A file of everything the bot keeps about you, for your eyes only."""
    # The file is made in a worker: answered privately at once, sent when ready.
    await interaction.response.defer(ephemeral=True, thinking=True)
    exported = await interaction.client.mydata.export(
        asker_of(interaction), interaction.filesize_limit
    )
    await send_export(interaction, exported)


@mydata.command(name="forget", description=text("cmd.mydata.forget"))
async def mydata_forget(interaction: Interaction) -> None:
    """Delete everything the bot keeps about you, once you confirm."""
    asked = interaction.client.mydata.ask_to_forget(asker_of(interaction))
    await send_confirmation(interaction, asked)


@app_commands.command(name="help", description=text("cmd.help"))
async def help_(interaction: Interaction) -> None:
    """How to type moves."""
    asker = asker_of(interaction)
    help_text = interaction.client.service.help(asker)
    if not bot_is_member(interaction):
        help_text += "\n" + tr(asker.locale, "help.anywhere")
    await interaction.response.send_message(help_text, ephemeral=True)


@app_commands.command(description=text("cmd.race"))
@app_commands.describe(
    game=text("opt.game.race"), draw=text("opt.draw"), passes=text("opt.passes"),
    deal=text("opt.deal.race"),
)  # fmt: skip
@app_commands.choices(game=GAMES, passes=PASSES)
@app_commands.choices(draw=DRAWS)
async def race(
    interaction: Interaction,
    game: str,
    draw: int | None = None,
    passes: str | None = None,
    deal: Deal | None = None,
) -> None:
    """Race others on one deal."""
    options: dict[str, object] = {"draw": draw, "passes": passes}
    await interaction.client.racing.open(interaction, game, options, deal=deal)


async def _challenge(interaction: Interaction, member: discord.User | discord.Member) -> None:
    await interaction.client.racing.challenge(interaction, member)


#: Right-click a member › Apps › Race: a race with them invited.
race_user = app_commands.ContextMenu(name="Race", callback=_challenge)


# A server's own: in servers, where the server installed the app (the tree
# offers every other command everywhere, installed by a server or a player).
# Races too: their card is edited through its channel, where the bot must be.
def _servers_only(
    command: app_commands.Command[Any, ..., None] | app_commands.ContextMenu | app_commands.Group,
) -> None:
    command.guild_only = True
    command.allowed_contexts = app_commands.AppCommandContext(
        guild=True, dm_channel=False, private_channel=False
    )
    command.allowed_installs = app_commands.AppInstallationType(guild=True, user=False)


_servers_only(leaderboard)
_servers_only(server)
_servers_only(race)
_servers_only(race_user)
_servers_only(cup)

#: What each command plays, for a server's say: a kind of play the server may
#: keep to some channels. Every other command is refused only to a member the
#: server blocked, and /mydata never: a player's data is theirs anywhere.
KIND_OF = dict.fromkeys(
    ("play", "move", "draw", "undo", "hint", "auto", "show", "resign", "review", "daily", "puzzle"),
    "boards",
) | {"race": "races", "Race": "races", "cup": "cups"}
UNREFUSED = frozenset({"mydata"})

COMMANDS: list[
    app_commands.Command[Any, ..., None] | app_commands.ContextMenu | app_commands.Group
] = [
    play,
    move,
    _shortcut("draw", "s"),
    _shortcut("undo", "u"),
    _shortcut("hint", "h"),
    _shortcut("auto", "a"),
    show,
    resign,
    review,
    daily,
    puzzle,
    stats,
    leaderboard,
    rules,
    settings_,
    remind,
    server,
    race,
    race_user,
    cup,
    achievements,
    profile_,
    mydata,
    help_,
]
