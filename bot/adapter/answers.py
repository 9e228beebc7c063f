"""Answering with a board: a use case's reply → a Discord answer.

Everything that turns a :class:`~bot.usecases.replies.Reply` into messages
lives here: the picture as a file, the buttons and the menu, a new board or
an edit in place, one live board per game (the one before is retired), a
thread per game where a server asks for it, the verdict added to a board
afterwards, GIFs and win cards.

Over 400 lines, and one idea: every way the bot answers with a board or a
picture, so that a new command or a new place to play (a group DM, a server
that did not install the app) changes this module alone.

A game's previous board is edited down to one line, without its picture and
buttons, through the channel's message endpoint: the bot may edit its own
messages there at any age and without the Manage Messages permission, where
an interaction's token lapses after 15 minutes.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from render.names import one_line
from render.text import MAX_ALT
from solitaire.notation import printable
from storage import BoardMessage, Status
from texts import DEFAULT, tr

from ..usecases import markdown
from ..usecases.fields import clip, units
from ..usecases.mydata import Confirmation, Export
from ..usecases.replies import (
    Animation,
    Board,
    BoardPlace,
    Notice,
    Paged,
    Picture,
    Reply,
    RunBoard,
    Shared,
    Unfinished,
)
from .components import (
    DealButton,
    ForgetButton,
    GameButton,
    MoveSelect,
    NewDealButton,
    PageButton,
    ProfileButton,
    RacerSelect,
    RunSelect,
    SkipButton,
)
from .interactions import Interaction, bot_is_member, bot_of, language

if TYPE_CHECKING:
    from .client import SolitaireBot

log = logging.getLogger("bot")

#: A board older than this is never edited again: Discord caps the edits of
#: messages over an hour old (error 30046, LIMITS.md §8), and the cap is met
#: as a 429 that discord.py sleeps on and tries again, past an interaction's
#: 3 seconds. A move on such a board is answered with a fresh one instead, and
#: the old one retired where Discord allows.
EDITABLE_FOR = timedelta(minutes=55)
#: How long an edit in place may take before a fresh board is posted instead
#: (within Discord's 3 seconds for the first answer).
EDIT_WAIT = 2.0
#: How long retiring an old board may wait on Discord's rate limits.
RETIRE_WAIT = 10.0

#: Discord's limits: a thread's name, a file's description (alt text),
#: counted as :func:`~bot.usecases.fields.clip` counts.
THREAD_NAME = 100
ALT_TEXT = MAX_ALT


def board_file(board: Board) -> discord.File:
    # Its alt text is the media gallery item's description (board_view): once is enough.
    return discord.File(io.BytesIO(board.png), "table.png")


#: A board's accent: playing (or winnable, for those who asked), won, lost.
PLAYING, WON, LOST = 0x2E8B57, 0xD4A017, 0xB03A2E
#: The most text a board puts in its Components V2 message. Discord documents
#: no limit on the text displays of a message (LIMITS.md §4, "Total text across
#: Text Displays: not documented"); its API description allows 4,000 characters
#: a text display, and the bot keeps a message's text displays within that in all.
TEXT = 4000


def board_view(board: Board, locale: str = DEFAULT) -> discord.ui.LayoutView:
    """The board as one Components V2 message: in a container whose accent
    says how the game stands, its text, its picture (the attached
    ``table.png``, described by its alt text), and its controls: Draw, Undo,
    Hint, Auto and the move menu while it is played; Share on a win; Review
    on a game over without one."""
    rows = _controls(board, locale)
    parts = [board.text, *word_parts(board.words, TEXT - len(board.text), locale)]
    return picture_view(parts, "table.png", board.alt, accent=accent(board), rows=rows)


#: A text part of the table in words: a screenful, split between lines.
WORDS_PART = 1000


def word_parts(lines: Sequence[str], room: int, locale: str = DEFAULT) -> list[str]:
    """The table in words as text parts of at most ``WORDS_PART`` characters,
    split between lines, all of them within *room* characters; lines left
    over are counted in a last one.

    >>> [len(part) for part in word_parts(["a" * 600, "b" * 600, "c"], 4000)]
    [600, 602]
    >>> print(word_parts(["a" * 600, "b" * 600, "c"], 700)[-1].splitlines()[-1])
    … and 2 more lines: the picture's alt text has them all.
    """
    if not lines:
        return []
    fitted = markdown.fit(list(lines), lambda n: tr(locale, "words.more", n=n), room)
    return markdown.parts(fitted, WORDS_PART)


def picture_view(
    text: str | Sequence[str],
    name: str,
    alt: str,
    *,
    accent: int | None = None,
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
) -> discord.ui.LayoutView:
    """A Components V2 message of a picture: a container with *text* (one
    part or several, ``TEXT`` characters in all), the attached file *name*
    described by *alt*, and rows of buttons and menus."""
    texts = [text] if isinstance(text, str) else text
    parts: list[discord.ui.Item[Any]] = []
    room = TEXT
    for part in texts:
        if part and room > 0:
            parts.append(discord.ui.TextDisplay(part[:room]))
            room -= len(part)
    parts.append(
        discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{name}", description=clip(alt, ALT_TEXT))
        )
    )
    parts += [discord.ui.ActionRow(*row) for row in rows if row]
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=accent))
    return view


def accent(board: Board) -> int:
    """The colour of a board: won, lost (over without a win, no move left,
    or no longer winnable for a player who asked), else playing."""
    if board.won:
        return WON
    if board.status != Status.PLAYING or board.reviewable or board.winnable is False:
        return LOST
    return PLAYING


def _controls(board: Board, locale: str) -> list[list[discord.ui.Item[Any]]]:
    """The rows of a board's buttons and menu."""
    finished: list[discord.ui.Item[Any]] = []
    if board.reviewable and not board.review_held:
        finished.append(DealButton("review", board.game_id, locale=locale))
    if board.won and not board.cup_open and board.puzzle_id is None:
        finished.append(GameButton(board.game_id, "share", board.revision, locale=locale))
    if board.status != Status.PLAYING or board.won:
        return [finished]
    game, revision = board.game_id, board.revision
    can = {"draw": board.can_draw, "undo": board.can_undo, "hint": True, "auto": True}
    buttons: list[discord.ui.Item[Any]] = [
        GameButton(game, action, revision, disabled=not enabled, locale=locale)
        for action, enabled in can.items()
    ]
    if board.can_finish:  # one press plays the rest: it comes first
        buttons.insert(0, GameButton(game, "finish", revision, locale=locale))
    menu: list[discord.ui.Item[Any]] = (
        [MoveSelect(game, revision, board.moves, locale=locale, placeholder=board.menu_title)]
        if board.moves
        else []
    )
    return [finished, buttons, menu]


def page_view(paged: Paged, locale: str = DEFAULT) -> discord.ui.View:
    """Previous and Next under a page (none for an answer of one page)."""
    view = discord.ui.View(timeout=None)
    if paged.pages > 1:
        for action, page in (("previous", paged.page - 1), ("next", paged.page + 1)):
            target = (page - 1) % paged.pages + 1  # round: Next on the last is the first
            view.add_item(PageButton(paged.what, paged.owner, target, action, locale=locale))
    return view


def choice_view(choice: Unfinished, user_id: int, locale: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(choice.game_id, "resume", 0, locale=locale))
    view.add_item(NewDealButton(user_id, choice, locale=locale))
    return view


async def respond(
    interaction: Interaction, reply: Reply, *, edit: bool = False, new_game: bool = False
) -> None:
    """Answers an interaction with *reply*: a board (new, or in place of the
    pressed one when *edit*), a private notice, or a resume-or-new choice.
    A new board retires the game's previous one; a *new_game* gets a thread
    of its own where the server asks for that."""
    locale = language(interaction)
    if edit and not editable(interaction.message):
        edit = False  # a fresh answer; an old board is retired with the new one kept
    if isinstance(reply, Notice) and reply.paged is not None:
        view = page_view(reply.paged, locale)
        if edit:
            await interaction.response.edit_message(content=reply.text, view=view)
        else:
            await interaction.response.send_message(reply.text, view=view, ephemeral=True)
    elif isinstance(reply, Notice):
        await interaction.response.send_message(reply.text, ephemeral=reply.private)
    elif isinstance(reply, Board) and reply.private:
        await _racer_board(interaction, reply, edit=edit)
    elif isinstance(reply, Unfinished):
        view = choice_view(reply, interaction.user.id, locale)
        await interaction.response.send_message(reply.text, view=view, ephemeral=True)
    elif edit:
        # content=None, embeds=[]: an old board of plain text becomes a
        # Components V2 one, which Discord takes only with both sent so.
        edited = interaction.response.edit_message(
            content=None, embeds=[], attachments=[board_file(reply)], view=board_view(reply, locale)
        )
        if not await in_place(interaction, edited, f"board of game {reply.game_id}"):
            await respond(interaction, reply)  # a fresh board; the pressed one is retired
            return
        pressed, channel = interaction.message, interaction.channel_id
        if pressed is not None and channel is not None:
            where = (channel, pressed.id)
            await afterwards(
                f"board of game {reply.game_id}", _edited(interaction, reply, where, locale)
            )
    else:
        bot = bot_of(interaction)
        member = bot_is_member(interaction)
        threads = new_game and member and await bot.servers.threads(interaction.guild_id)
        if threads and await _open_thread(interaction, reply, locale):
            return
        sent = await interaction.response.send_message(
            file=board_file(reply), view=board_view(reply, locale)
        )
        # Discord returns the new message with the callback: no request for it.
        if sent.message_id is not None and interaction.channel_id is not None:
            place = BoardPlace(interaction.guild_id, interaction.channel_id, sent.message_id)
            kept = (
                keep_one_board(bot, reply, place, locale)
                if member
                else _keep_unreachable(interaction, reply, place, locale)
            )
        else:
            kept = _keep_answer(interaction, reply, locale)
        await afterwards(f"board of game {reply.game_id}", kept)


async def _racer_board(interaction: Interaction, board: Board, *, edit: bool) -> None:
    """A race's or a cup's game's board: for its player's eyes only, new or
    in place of the pressed one; the race's or cup's card then has a change
    to show."""
    view = board_view(board, language(interaction))
    edited = edit and await in_place(
        interaction,
        interaction.response.edit_message(attachments=[board_file(board)], view=view),
        f"board of game {board.game_id}",
    )
    if not edited:
        await interaction.response.send_message(file=board_file(board), view=view, ephemeral=True)
    if board.race_id is not None:
        bot_of(interaction).race_cards.changed(board.race_id)
    if board.cup_id is not None and board.status != Status.PLAYING:  # a result to show
        bot_of(interaction).cup_cards.changed(board.cup_id)


def run_view(board: RunBoard, locale: str = DEFAULT) -> discord.ui.LayoutView:
    """A Puzzle Streak's board as one Components V2 message: what happened,
    the puzzle's picture, its move menu and Skip; once the run is over, the
    position it ended on, without controls."""
    rows: list[list[discord.ui.Item[Any]]] = []
    title = board.menu_title
    menu: discord.ui.Item[Any]
    if not board.over and board.race_id is not None:  # a racer's: no skip
        menu = RacerSelect(board.race_id, board.step, board.moves, locale=locale, placeholder=title)
        rows = [[menu]]
    elif not board.over:
        menu = RunSelect(board.puzzle_id, board.step, board.moves, locale=locale, placeholder=title)
        skip = SkipButton(board.puzzle_id, board.step, disabled=not board.can_skip, locale=locale)
        rows = [[menu], [skip]]
    parts = [board.text, *word_parts(board.words, TEXT - len(board.text), locale)]
    colour = LOST if board.over else PLAYING
    return picture_view(parts, "table.png", board.alt, accent=colour, rows=rows)


async def respond_run(
    interaction: Interaction, reply: RunBoard | Notice, *, edit: bool = False
) -> None:
    """Answers with a Puzzle Streak's board, for the player's eyes only: new,
    or in place of the pressed one when *edit*; a notice privately."""
    if isinstance(reply, Notice):
        await interaction.response.send_message(reply.text, ephemeral=True)
        return
    view = run_view(reply, language(interaction))
    picture = discord.File(io.BytesIO(reply.png), "table.png")
    edited = edit and await in_place(
        interaction,
        interaction.response.edit_message(attachments=[picture], view=view),
        f"streak board of {reply.owner_id}",
    )
    if not edited:
        picture = discord.File(io.BytesIO(reply.png), "table.png")
        await interaction.response.send_message(file=picture, view=view, ephemeral=True)


def editable(message: discord.Message | None) -> bool:
    """Whether *message* is young enough to be edited in place (its age is
    its id's, as Discord counts it)."""
    return message is not None and discord.utils.utcnow() - message.created_at < EDITABLE_FOR


async def in_place(interaction: Interaction, edit: Awaitable[object], what: str) -> bool:
    """Whether *edit*, an interaction's answer that edits the pressed message,
    landed. Refused, or not through within ``EDIT_WAIT``, it did not, and the
    interaction is still to be answered: with a fresh message instead."""
    try:
        async with asyncio.timeout(EDIT_WAIT):  # no task of its own, as wait_for's
            await edit
    except (discord.HTTPException, TimeoutError) as error:
        if interaction.response.is_done():
            raise
        status = getattr(error, "status", "no answer in time")
        log.info("%s not edited in place (%s): posted afresh", what, status)
        return False
    return True


async def _edited(interaction: Interaction, board: Board, where: BoardMessage, locale: str) -> None:
    """After an edit in place: the board's verdict is looked into, as on any
    live board, unless the board was retired while the edit was on its way."""
    bot = bot_of(interaction)
    if not bot_is_member(interaction):
        follow(bot, board, *where, locale, edit=_through(interaction))
    elif await _still_live(bot, board, where, locale):
        follow(bot, board, *where, locale)


async def _still_live(bot: SolitaireBot, board: Board, where: BoardMessage, locale: str) -> bool:
    """Whether *where* is still the game's live board after an edit of it
    landed. A newer board may have retired it while the edit was on its way,
    and the edit brought it back: then it is retired again."""
    newest = await bot.service.live_board(board.game_id)
    if newest is None or (newest.channel_id, newest.message_id) == where:
        return True
    await _retire(bot, where, newest.link, locale)
    return False


async def _keep_answer(interaction: Interaction, board: Board, locale: str) -> None:
    """Keeps a board whose message Discord did not send back: asked for."""
    place = placed(await interaction.original_response())
    if bot_is_member(interaction):
        await keep_one_board(bot_of(interaction), board, place, locale)
    else:
        await _keep_unreachable(interaction, board, place, locale)


async def _keep_unreachable(
    interaction: Interaction, board: Board, place: BoardPlace, locale: str
) -> None:
    """Where the bot is no member: the board is remembered, but the one
    before is left as it is (a channel call would be refused, and the
    interaction that posted it may have lapsed); its verdict goes through
    this interaction."""
    bot = bot_of(interaction)
    await bot.service.remember_board(board, place.channel_id, place.message_id)
    follow(bot, board, place.channel_id, place.message_id, locale, edit=_through(interaction))


def _through(interaction: Interaction) -> Edit:
    """Edits the message an interaction answered with, through its token."""

    async def edit(view: discord.ui.LayoutView) -> None:
        await interaction.edit_original_response(view=view)

    return edit


def placed(message: discord.Message) -> BoardPlace:
    """Where *message* is."""
    return BoardPlace(message.guild.id if message.guild else None, message.channel.id, message.id)


async def afterwards(what: str, work: Awaitable[None]) -> None:
    """Does the bookkeeping after a reply: the player has been answered, so
    whatever goes wrong now is logged in one line, never answered again (an
    answer would contradict the one they have)."""
    try:
        await work
    except Exception as error:
        log.warning("%s: after the reply: %r", what, error)


async def reply_to_message(
    bot: SolitaireBot, message: discord.Message, typed: str, reply: Reply, locale: str
) -> None:
    """Answers a move typed in chat (*typed*, the message's text but the
    bot's mention): a notice in words, or a new board. Where the bot may not
    post (the move may have been played all the same), the player gets the
    answer in a DM instead; where not even that works, one log line."""
    try:
        if isinstance(reply, Board):
            place = await _post_board(bot, message, reply, locale)
        else:
            await message.reply(reply.text, mention_author=False)
    except discord.HTTPException as error:
        log.info("no answer in %s: %s; answering in a DM", message.channel.id, error.status)
        quoted = printable(typed)[:100].replace("`", "'")
        where = tr(locale, "chat.no_room", channel=f"<#{message.channel.id}>", text=quoted)
        try:
            await message.author.send(where[:2000])
            if not isinstance(reply, Board):
                await message.author.send(reply.text)
                return
            sent = await message.author.send(file=board_file(reply), view=board_view(reply, locale))
        except discord.HTTPException as error:
            log.warning("no answer to message %s at all: %s", message.id, error.status)
            return
        place = placed(sent)
    if isinstance(reply, Board):
        kept = keep_one_board(bot, reply, place, locale)
        await afterwards(f"board of game {reply.game_id}", kept)


async def _post_board(
    bot: SolitaireBot, message: discord.Message, board: Board, locale: str
) -> BoardPlace:
    """Posts *board* in reply to *message*, in its channel. One request, of
    whose answer only the new message's id is read: every typed move makes
    it, and ``Messageable.send`` would build a ``Message`` of the answer,
    its components and all."""
    with discord.http.handle_message_parameters(
        file=board_file(board),
        view=board_view(board, locale),
        message_reference=message.to_message_reference_dict(),
        previous_allowed_mentions=bot.allowed_mentions,
        mention_author=False,
        nonce=secrets.randbits(64),
    ) as params:
        sent = await bot.http.send_message(message.channel.id, params=params)
    guild_id = message.guild.id if message.guild else None
    return BoardPlace(guild_id, message.channel.id, int(sent["id"]))


async def keep_one_board(bot: SolitaireBot, board: Board, place: BoardPlace, locale: str) -> None:
    """Remembers the message at *place* as the game's board, retires the one
    before, and looks into whether the game can still be won (for players
    who ask)."""
    old = await bot.service.remember_board(board, place.channel_id, place.message_id)
    if old is not None:
        await _retire(bot, old, place.link, locale)
    follow(bot, board, place.channel_id, place.message_id, locale)


#: Edits a board's message to show a new layout.
Edit = Callable[[discord.ui.LayoutView], Awaitable[None]]


def follow(
    bot: SolitaireBot,
    board: Board,
    channel_id: int,
    message_id: int,
    locale: str,
    *,
    edit: Edit | None = None,
) -> None:
    """Starts the search of *board*'s position in the background, for a
    player who asked: the reply is out already, and the board is edited when
    the verdict is in (through its channel, or with *edit*)."""
    if not board.verdicts or board.status != Status.PLAYING:
        return
    if edit is None:
        message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        edit = _by_channel(message)
    task = asyncio.create_task(_show_verdict(bot, board, message_id, locale, edit))
    bot.background.add(task)
    task.add_done_callback(bot.background.discard)


def _by_channel(message: discord.PartialMessage) -> Edit:
    async def edit(view: discord.ui.LayoutView) -> None:
        await message.edit(view=view)  # its picture stays

    return edit


async def _show_verdict(
    bot: SolitaireBot, board: Board, message_id: int, locale: str, edit: Edit
) -> None:
    judged = await bot.verdicts.find(board, message_id, locale)
    if judged is None:
        return
    try:
        await edit(board_view(judged, locale))
    except (discord.HTTPException, aiohttp.ClientError) as error:
        log.info("verdict not shown on %s: %r", message_id, error)


async def _retire(bot: discord.Client, old: BoardMessage, link: str, locale: str) -> None:
    """Edits an old board down to one line pointing at the new one. A board
    that is gone, or out of the bot's reach, is left as it is.

    One request, its body written here: every typed move makes it, and
    nothing of Discord's answer is needed (``PartialMessage.edit`` would
    build a layout to send and a ``Message`` of the answer)."""
    channel_id, message_id = old
    route = discord.http.Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel_id, message_id=message_id,
    )  # fmt: skip
    body = retired(tr(locale, "board.moved", link=link))
    try:
        # An old board's edit may meet Discord's cap on them (a 429 that
        # discord.py waits on): the wait is bounded, the board left as it is.
        async with asyncio.timeout(RETIRE_WAIT):
            await bot.http.request(route, json=body)
    except discord.HTTPException as error:
        log.info("board %s in %s not retired: %s", message_id, channel_id, error.status)
    except TimeoutError:
        log.info("board %s in %s not retired: rate limited", message_id, channel_id)


def retired(text: str) -> dict[str, Any]:
    """The body of an edit that retires a board: *text* alone, a Components
    V2 message of one text display, with no content, embeds or attachments
    left (turning a message into V2, Discord wants content sent as null and
    embeds as an empty list)."""
    return {
        "content": None,
        "embeds": [],
        "components": [{"type": discord.ComponentType.text_display.value, "content": text}],
        "flags": discord.MessageFlags(components_v2=True).value,
        "attachments": [],
    }


async def _open_thread(interaction: Interaction, board: Board, locale: str) -> bool:
    """Opens a thread for a new game, posts its board there and answers in
    the channel with one line. Returns ``False`` where the board cannot be
    posted in a thread of its own (not a text channel, no permission): the
    caller then posts it in the channel, and an empty thread is removed."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return False
    game = board.summary.split(" · ")[0]
    try:
        thread = await channel.create_thread(
            name=thread_name(interaction.user.display_name, game),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,
        )
    except discord.HTTPException as error:
        log.info("no thread in %s: %s", channel.id, error.status)
        return False
    try:
        message = await thread.send(file=board_file(board), view=board_view(board, locale))
    except discord.HTTPException as error:
        log.info("no board in thread %s: %s; posting it in the channel", thread.id, error.status)
        await afterwards(f"empty thread {thread.id}", thread.delete())
        return False
    await interaction.response.send_message(
        tr(locale, "thread.opened", thread=thread.mention, game=game)
    )
    kept = keep_one_board(bot_of(interaction), board, placed(message), locale)
    await afterwards(f"board of game {board.game_id}", kept)
    return True


def thread_name(player: str, game: str) -> str:
    """A game's thread: the player's name, clipped so that the game's fits too.

    Counted in UTF-16 units where those are more (a name of emoji).

    >>> name = thread_name("Bartholomew" * 10, "Klondike, draw 1")
    >>> len(name), name[-23:]
    (100, 'Bart · Klondike, draw 1')
    >>> units(thread_name("🂡" * 60, "Klondike, draw 1"))
    99
    """
    suffix = f" · {game}"
    room = max(0, THREAD_NAME - units(suffix))
    name = one_line(player)[:room]
    while units(name) > room:
        name = name[:-1]
    return name.rstrip() + suffix


async def post_animation(
    interaction: discord.Interaction[Any], reply: Animation | Notice, name: str, alt: str
) -> None:
    """Follows a deferred answer up with a GIF and its text, or a private notice."""
    if isinstance(reply, Notice):
        await interaction.followup.send(reply.text, ephemeral=True)
        return
    if not reply.gif:
        await interaction.followup.send(reply.text)
        return
    described = tr(language(interaction), alt)
    file = discord.File(io.BytesIO(reply.gif), name, description=described)
    await interaction.followup.send(file=file, view=picture_view(reply.text, name, described))


async def post_win_card(interaction: Interaction, shared: Shared | Notice, locale: str) -> None:
    """Posts a win card publicly, with Play this deal, Replay and Celebrate."""
    if isinstance(shared, Notice):
        await interaction.response.send_message(shared.text, ephemeral=True)
        return
    buttons = [
        DealButton(action, shared.game_id, locale=locale) for action in ("deal", "replay", "cheer")
    ]
    alt = clip(shared.alt or shared.text, ALT_TEXT)
    file = discord.File(io.BytesIO(shared.png), "win.png", description=alt)
    view = picture_view(shared.text, "win.png", alt, accent=WON, rows=[buttons])
    await interaction.response.send_message(file=file, view=view)


async def post_picture(interaction: Interaction, picture: Picture) -> None:
    """Answers with a picture (a stats card) and its line of text."""
    file = discord.File(
        io.BytesIO(picture.png), "stats.png", description=clip(picture.alt, ALT_TEXT)
    )
    view = picture_view(picture.text, "stats.png", picture.alt)
    await interaction.response.send_message(file=file, view=view)


async def post_profile(
    interaction: Interaction,
    card: Picture | Notice,
    user_id: int,
    avatar: str | None = None,
    *,
    public: bool = False,
) -> None:
    """Answers with a profile card: privately with a **Share** button (which
    keeps the player's *avatar* hash, to draw it again), or (Share pressed)
    in the channel, for all."""
    if isinstance(card, Notice):
        await interaction.response.send_message(card.text, ephemeral=True)
        return
    alt = clip(card.alt, ALT_TEXT)
    file = discord.File(io.BytesIO(card.png), "profile.png", description=alt)
    rows = [] if public else [[ProfileButton(user_id, avatar, locale=language(interaction))]]
    view = picture_view(card.text, "profile.png", alt, rows=rows)
    await interaction.response.send_message(file=file, view=view, ephemeral=not public)


async def send_export(interaction: Interaction, exported: Export | Notice) -> None:
    """Follows a private deferred answer up with a player's data file, or
    with why there is none."""
    if isinstance(exported, Notice):
        await interaction.followup.send(exported.text, ephemeral=True)
        return
    file = discord.File(io.BytesIO(exported.data), exported.name)
    await interaction.followup.send(exported.text, file=file, ephemeral=True)


async def send_confirmation(interaction: Interaction, asked: Confirmation) -> None:
    """Asks privately, with a **Confirm** button good for a minute."""
    button = ForgetButton(
        asked.user_id, asked.expires, asked.signature, locale=language(interaction)
    )
    view = discord.ui.View(timeout=None)
    view.add_item(button)
    await interaction.response.send_message(asked.text, view=view, ephemeral=True)
