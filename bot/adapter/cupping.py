"""Server Cups in Discord: ``/cup``, the cup card (one public Components V2
message, edited in place through its channel), the presses on it, the
server's scheduled event of the cup, and the champion's role.

A player's cup board is ephemeral, as a racer's is (see
:func:`~bot.adapter.answers.respond`). The card is edited as
:class:`~bot.usecases.racecards.Cards` says when: at most once every 10 s.
What Discord refuses (the event, the role, the card: 403, 404) is logged and
said once on the card, to managers; nothing else fails.
"""

from __future__ import annotations

import asyncio
import datetime
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from storage import CupRow, CupStatus
from texts import tr

from ..usecases.cups import EVERY, Champion, CupCard
from ..usecases.fields import EVENT_DESCRIPTION, EVENT_NAME, clip, text
from ..usecases.racecards import Cards
from ..usecases.replies import Notice
from .answers import LOST, PLAYING, WON, afterwards, respond
from .avatars import public_url
from .components import CupButton, CupDealButton, CupReplaySelect
from .interactions import Interaction, asker_of, avatar_of, bot_is_member, bot_of, language

if TYPE_CHECKING:
    from .client import SolitaireBot

log = logging.getLogger("bot")

_ACCENTS = {CupStatus.SCHEDULED: PLAYING, CupStatus.OPEN: PLAYING, CupStatus.CLOSED: WON}
#: Discord's scheduled events: privacy GUILD_ONLY, entity EXTERNAL, and statuses.
_GUILD_ONLY, _EXTERNAL = 2, 3
_ACTIVE, _COMPLETED, _CANCELED = 2, 3, 4


def cup_view(card: CupCard) -> discord.ui.LayoutView:
    """The cup card: its text, its buttons, and once closed Play this deal
    for each deal."""
    text = discord.ui.TextDisplay[Any](card.text)
    parts: list[discord.ui.Item[Any]] = [text]
    if card.champion is not None:  # the champion's avatar beside the card
        drawn = card.medallion is not None
        face = discord.ui.Thumbnail[Any](
            f"attachment://{MEDALLION}" if drawn else public_url(*card.champion),
            description=tr(card.locale, "cup.champion_face"),
        )
        parts = [discord.ui.Section[Any](text, accessory=face)]
    buttons = [CupButton(card.cup_id, action, locale=card.locale) for action in card.actions]
    if buttons:
        parts.append(discord.ui.ActionRow(*buttons))
    deals = [CupDealButton(card.cup_id, number, locale=card.locale) for number, _ in card.deals]
    for start in range(0, len(deals), 5):
        parts.append(discord.ui.ActionRow(*deals[start : start + 5]))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=_ACCENTS.get(card.status, LOST)))
    return view


def is_manager(interaction: Interaction, cup_role: int | None) -> bool:
    """Manage Server, or the role the server named for cups."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return cup_role is not None and any(role.id == cup_role for role in roles)


def champion_of(interaction: Interaction, role: discord.Role | None) -> Champion | None:
    """The champion role as the bot finds it: may it give it?"""
    if role is None:
        return None
    me = interaction.guild.me if interaction.guild is not None else None
    assignable = (
        me is not None
        and me.guild_permissions.manage_roles
        and role < me.top_role
        and not role.managed
        and not role.is_default()
    )
    return Champion(role.id, assignable)


class Cupping:
    """What ``/cup`` and the presses on cup cards do, for one bot."""

    def __init__(self, bot: SolitaireBot) -> None:
        self._bot = bot
        self.cards: Cards[CupRow] = Cards(
            "cup",
            self._sweep,
            bot.cups.claim_card,
            bot.cups.card_not_shown,
            self.show_card,
            every=EVERY,
        )
        self._drawing: asyncio.Task[None] | None = None

    async def open(self, interaction: Interaction, **options: Any) -> None:
        if not bot_is_member(interaction):
            await _privately(interaction, tr(language(interaction), "cup.servers_only"))
            return
        role = options.pop("champion", None)
        manager = is_manager(interaction, await self._cup_role(interaction))
        card = await self._bot.cups.open(
            asker_of(interaction), manager=manager, champion=champion_of(interaction, role),
            **options,
        )  # fmt: skip
        if isinstance(card, Notice):
            await _privately(interaction, card.text)
            return
        sent = await interaction.response.send_message(view=cup_view(card))
        self.draw_soon()  # an open cup's deals, drawn and graded behind the card
        message_id = sent.message_id or (await interaction.original_response()).id
        await afterwards(f"card of cup {card.cup_id}", self._placed(card.cup_id, message_id))

    def draw_soon(self) -> None:
        """Draws the deals of the cups open without them, in a task of its
        own (grading takes seconds): their cards show them when it is done."""
        if self._drawing is None or self._drawing.done():
            self._drawing = asyncio.create_task(self._draw(), name="cup deals")

    async def _draw(self) -> None:
        try:
            for cup_id in await self._bot.cups.draw_due():
                self.cards.changed(cup_id)
        except Exception:
            log.exception("cup deals not drawn; the next sweep tries again")

    async def end(self, interaction: Interaction) -> None:
        manager = is_manager(interaction, await self._cup_role(interaction))
        closed = await self._bot.cups.end(asker_of(interaction), manager=manager)
        if isinstance(closed, Notice):
            await _privately(interaction, closed.text)
            return
        await _privately(interaction, tr(language(interaction), "cup.ended"))
        await afterwards(f"close of cup {closed.id}", self._closed(closed))

    async def strike(self, interaction: Interaction, user_id: int, reason: str) -> None:
        manager = is_manager(interaction, await self._cup_role(interaction))
        struck = await self._bot.cups.strike(
            asker_of(interaction), manager=manager, user_id=user_id, reason=reason
        )
        if isinstance(struck, Notice):
            await _privately(interaction, struck.text)
            return
        cup, said = struck
        await _privately(interaction, said.text)
        self.cards.changed(cup.id)

    async def results(self, interaction: Interaction) -> None:
        manager = is_manager(interaction, await self._cup_role(interaction))
        said = await self._bot.cups.results(asker_of(interaction), manager=manager)
        await _privately(interaction, said.text)

    async def press(self, interaction: Interaction, cup_id: int, action: str) -> None:
        """A press on a cup card: Play, Standings, Replay."""
        cups, asker = self._bot.cups, asker_of(interaction)
        if action == "play":
            await self._bot.social.remember(
                interaction.user.id, interaction.user.display_name, avatar_of(interaction.user)
            )
            await respond(interaction, await cups.play(asker, cup_id))
        elif action == "standings":
            await _privately(interaction, (await cups.standing_of(asker, cup_id)).text)
        else:
            games = await cups.replay_games(asker, cup_id)
            if isinstance(games, Notice):
                await _privately(interaction, games.text)
                return
            if not games:
                await _privately(interaction, tr(asker.locale, "cup.nobody"))
                return
            view = discord.ui.View(timeout=None)
            view.add_item(CupReplaySelect(cup_id, games, locale=asker.locale))
            await interaction.response.send_message(
                tr(asker.locale, "cup.replay_which"), view=view, ephemeral=True
            )

    async def play_deal(self, interaction: Interaction, cup_id: int, number: int) -> None:
        """Play this deal: a closed cup's deal, as a game of the presser's own."""
        asker = asker_of(interaction)
        found = await self._bot.cups.deal_of(cup_id, number)
        if found is None:
            await _privately(interaction, tr(asker.locale, "cup.after"))
            return
        profile, options, deal = found
        reply = await self._bot.service.start(asker, profile, deal=deal, options=options)
        await respond(interaction, reply, new_game=True)

    async def show_card(self, cup: CupRow) -> None:
        """Edits a cup's card; a card gone or out of reach is logged, for good."""
        assert cup.message_id is not None
        channel = self._bot.get_partial_messageable(cup.channel_id)
        message = channel.get_partial_message(cup.message_id)
        card = await self._bot.cups.card(cup)
        files = [] if card.medallion is None else [_file(card.medallion)]
        try:
            await message.edit(view=cup_view(card), attachments=files)
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("card of cup %s not shown: %s", cup.id, error.status)

    # -- inside ------------------------------------------------------------------------

    async def _placed(self, cup_id: int, message_id: int) -> None:
        await self._bot.cups.placed(cup_id, message_id)
        cup = await self._bot.cups.cup(cup_id)
        if cup is not None:
            await self._event(cup)

    async def _sweep(self) -> set[int]:
        opened, due, closed = await self._bot.cups.sweep()
        self.draw_soon()
        for cup in closed:
            await self._closed(cup)
        for cup_id in opened:
            found = await self._bot.cups.cup(cup_id)
            if found is not None and found.event_id is not None:
                await self._event_status(found, _ACTIVE)
        return {*opened, *due, *(cup.id for cup in closed)}

    async def _closed(self, cup: CupRow) -> None:
        """After a cup closed: its event ends, its winner gets the role, and
        a weekly cup opens its next week; then the card shows it all."""
        if cup.event_id is not None:
            ended = _COMPLETED if cup.starts_at <= (cup.closed_at or cup.ends_at) else _CANCELED
            await self._event_status(cup, ended)
        winner = await self._bot.cups.winner(cup)
        if winner is not None and cup.role_id is not None:
            await self._crown(cup, winner)
        if cup.weekly and (again := await self._bot.cups.again(cup)) is not None:
            await self._post_card(again)
        self.cards.changed(cup.id)

    async def _crown(self, cup: CupRow, winner: int) -> None:
        """Gives the champion role to the winner, and takes it from the last
        cup's winner."""
        assert cup.role_id is not None
        http, cups = self._bot.http, self._bot.cups
        last = await cups.last_champion(cup)
        try:
            if last is not None and last != winner:
                await http.remove_role(cup.guild_id, last, cup.role_id, reason="Server Cup")
            await http.add_role(cup.guild_id, winner, cup.role_id, reason="Server Cup")
        except (discord.Forbidden, discord.NotFound) as error:
            log.info("champion role of cup %s not given: %s", cup.id, error.status)
            await cups.note(cup.id, "role", True)
            return
        except discord.HTTPException as error:  # nothing a manager can change: logged
            log.warning("champion role of cup %s refused: %s %s", cup.id, error.status, error.text)
            return
        await cups.crowned(cup.id, winner)

    async def _event(self, cup: CupRow) -> None:
        """The cup as a scheduled event of the server, where the bot may."""
        now = datetime.datetime.now(datetime.UTC)
        starts = max(
            datetime.datetime.fromtimestamp(cup.starts_at, datetime.UTC),
            now + datetime.timedelta(seconds=60),
        )
        ends = datetime.datetime.fromtimestamp(cup.ends_at, datetime.UTC)
        if ends <= starts:
            return
        channel = self._bot.get_channel(cup.channel_id)
        where = f"#{channel.name}" if isinstance(channel, discord.TextChannel) else "Discord"
        try:
            event = await self._bot.http.create_guild_scheduled_event(
                cup.guild_id,
                name=text(EVENT_NAME, cup.locale, "cup.event", game=_plain_title(cup)),
                privacy_level=_GUILD_ONLY,
                entity_type=_EXTERNAL,
                entity_metadata={"location": clip(where, 100)},  # LIMITS.md §5
                scheduled_start_time=starts.isoformat(),
                scheduled_end_time=ends.isoformat(),
                description=text(
                    EVENT_DESCRIPTION, cup.locale, "cup.event_about", channel=f"<#{cup.channel_id}>"
                ),
            )
        except (discord.Forbidden, discord.NotFound) as error:
            log.info("event of cup %s not created: %s", cup.id, error.status)
            await self._bot.cups.note(cup.id, "event", True)
            self.cards.changed(cup.id)
            return
        except discord.HTTPException as error:  # a refusal no permission mends: logged
            log.warning("event of cup %s refused: %s %s", cup.id, error.status, error.text)
            return
        await self._bot.cups.scheduled(cup.id, int(event["id"]))
        if cup.status == CupStatus.OPEN:
            await self._event_status(await self._bot.cups.cup(cup.id) or cup, _ACTIVE)

    async def _event_status(self, cup: CupRow, status: int) -> None:
        if cup.event_id is None:
            return
        try:
            await self._bot.http.edit_scheduled_event(cup.guild_id, cup.event_id, status=status)
        except (discord.Forbidden, discord.NotFound, discord.HTTPException) as error:
            log.info("event of cup %s not moved on: %s", cup.id, error.status)
        if status in (_COMPLETED, _CANCELED):
            await self._bot.cups.scheduled(cup.id, None)

    async def _post_card(self, cup: CupRow) -> None:
        """Posts a cup's card through its channel (a weekly cup's next week)."""
        channel = self._bot.get_partial_messageable(cup.channel_id)
        try:
            sent = await channel.send(view=cup_view(await self._bot.cups.card(cup)))
        except discord.HTTPException as error:
            log.info("card of cup %s not posted: %s %s", cup.id, error.status, error.text)
            return
        await self._placed(cup.id, sent.id)

    async def _cup_role(self, interaction: Interaction) -> int | None:
        if interaction.guild_id is None:
            return None
        return await bot_of(interaction).cups.role(interaction.guild_id)


#: The champion's avatar with its medal, as the closed card attaches it.
MEDALLION = "champion.png"


def _file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), MEDALLION)


def _plain_title(cup: CupRow) -> str:
    if cup.game == "mixed":
        return tr(cup.locale, "cup.mixed")
    return tr(cup.locale, f"title.{cup.game}")


async def _privately(interaction: Interaction, text: str) -> None:
    await interaction.response.send_message(text[:2000], ephemeral=True)
