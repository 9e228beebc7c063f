"""Reminders in Discord: the DMs sent as they come due, paced within
Discord's global limit, and the presses on them (Play, Stop these).

Each process claims what is due (:meth:`~bot.usecases.reminders.Reminders.claim`)
and sends it at its share of :attr:`~bot.config.Config.reminder_requests`
(requests a second: a reminder is one, two when its DM is opened first), a
crowd due at one minute spread over the minutes after it: a move's answer never waits
for them (the interaction endpoints are outside the global limit, and the
sends are requests only, no work of the event loop's worth counting). A
reminder's nonce makes a second send of it (its process stopped between
the send and the mark, and another claimed it again) no second message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from solitaire import VARIANTS
from storage import StoreError
from texts import tr

from ..usecases.fields import BUTTON_LABEL, text
from ..usecases.reminders import CLAIM, Kind, Outgoing
from .answers import afterwards, respond
from .components import RemindButton
from .interactions import asker_of, language, say_privately

if TYPE_CHECKING:
    from .client import SolitaireBot

log = logging.getLogger("bot")

#: How often a process looks for what is due when nothing was.
POLL = 5.0
#: How often it reads who is to be told of a refused DM, and which cups come.
REFRESH = 30.0
#: How often what was sent is marked so.
MARK_EVERY = 1.0
#: Reminders claimed at once, at most.
MOST_CLAIMED = 100
#: Sends at once, at most (each a request or two).
AT_ONCE = 16
#: Discord's codes for a user who takes no DM from the bot.
CLOSED_DMS = (50007, 50278)


def reminder_view(outgoing: Outgoing) -> discord.ui.View:
    """A reminder's buttons: Play each game's daily deal (daily, streak),
    Open its cup or race, and Stop these."""
    view = discord.ui.View(timeout=None)
    locale = outgoing.locale
    if outgoing.play:
        for profile in VARIANTS:
            view.add_item(RemindButton(outgoing.user_id, "play", profile, locale=locale))
    if outgoing.link is not None:
        said = "button.open_race" if outgoing.kind is Kind.RACE else "button.open_cup"
        view.add_item(discord.ui.Button(label=text(BUTTON_LABEL, locale, said), url=outgoing.link))
    view.add_item(RemindButton(outgoing.user_id, "stop", str(outgoing.kind.topic), locale=locale))
    return view


class Refused(Exception):
    """Discord refused a request: its JSON code, and when to try again (a 429)."""

    def __init__(self, status: int, code: int, retry_after: float | None = None) -> None:
        super().__init__(f"{status}, code {code}")
        self.code = code
        self.retry_after = retry_after


class DirectMessages:
    """Opens DM channels and sends to them, through a session of its own:
    discord.py keeps a rate-limit bucket for every channel it posts to, and
    scans them all each time it adds one, which for thousands of DMs would
    cost the event loop milliseconds a send. The pace is kept by
    :class:`Reminding`; a 429 waits as Discord says."""

    def __init__(self, token: str, user_agent: str) -> None:
        self._headers = {"Authorization": f"Bot {token}", "User-Agent": user_agent}
        self._session: aiohttp.ClientSession | None = None

    async def open(self, user_id: int) -> int:
        """The DM channel with the user (Discord opens it once, and finds it after)."""
        found = await self._post("/users/@me/channels", {"recipient_id": str(user_id)})
        return int(found["id"])

    async def send(self, channel_id: int, message: dict[str, Any]) -> None:
        await self._post(f"/channels/{channel_id}/messages", message)

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        if self._session is None:
            timeout = aiohttp.ClientTimeout(total=30)
            self._session = aiohttp.ClientSession(headers=self._headers, timeout=timeout)
        async with self._session.post(discord.http.Route.BASE + path, json=body) as response:
            read = await response.read()
            status = response.status
        try:
            answer = json.loads(read) if read else {}
        except ValueError:  # not Discord's JSON (a proxy's page)
            answer = {}
        answer = answer if isinstance(answer, dict) else {}
        if status >= 400:
            retry = float(answer.get("retry_after", 1.0)) if status == 429 else None
            raise Refused(status, int(answer.get("code") or 0), retry)
        return answer

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()


def _message(outgoing: Outgoing) -> dict[str, Any]:
    """A reminder as Discord's Create Message takes it: sent once per nonce,
    mentioning no one."""
    return {
        "content": outgoing.text,
        "components": reminder_view(outgoing).to_components(),
        "nonce": outgoing.nonce,
        "enforce_nonce": True,
        "allowed_mentions": {"parse": []},
    }


class Reminding:
    """Sends the reminders due, for one bot process."""

    def __init__(self, bot: SolitaireBot, per_second: float) -> None:
        """*per_second*: the requests a second this process spends on
        reminders (a reminder is one; two when its DM is opened first)."""
        self._bot = bot
        self._dms = DirectMessages(bot.config.token, bot.http.user_agent)
        self._gap = 1.0 / per_second
        #: At most a quarter of a claim's time at the pace (two requests
        #: each at worst): each is sent well before its claim ends, and other
        #: processes claim the rest meanwhile.
        self._batch = max(1, min(MOST_CLAIMED, math.ceil(per_second * CLAIM / 4)))
        self._next_send = 0.0
        self._sending: set[asyncio.Task[None]] = set()
        self._room = asyncio.Semaphore(AT_ONCE)
        #: Sent, and to be marked so (with the DM channel each went through).
        self._done: list[tuple[Outgoing, int]] = []
        self._marking: asyncio.Task[None] | None = None
        #: Reminders this process sent (and could not), since it started.
        self.sent = self.refused = self.failed = 0

    async def run_forever(self) -> None:
        await self._bot.wait_until_ready()
        self._marking = asyncio.create_task(self._mark_forever())
        refreshed = 0.0
        while True:
            try:
                if time.monotonic() - refreshed >= REFRESH:
                    refreshed = time.monotonic()
                    await self._bot.reminders.refresh()
                    await self._bot.reminders.watch_cups()
                batch = await self._bot.reminders.claim(self._batch)
            except StoreError as error:
                log.warning("reminders not claimed: %s", error)
                batch = []
            except Exception:
                log.exception("reminders not claimed")
                batch = []
            if not batch:
                await asyncio.sleep(POLL)
                continue
            for outgoing in batch:
                await self._room.acquire()
                task = asyncio.create_task(self._send(outgoing))
                self._sending.add(task)
                task.add_done_callback(self._sending.discard)

    async def _paced(self) -> None:
        """Waits for the next send's turn at the pace."""
        now = time.monotonic()
        self._next_send = max(self._next_send + self._gap, now)
        if self._next_send > now:
            await asyncio.sleep(self._next_send - now)

    async def _send(self, outgoing: Outgoing) -> None:
        reminders = self._bot.reminders
        try:
            channel_id = outgoing.channel_id
            if channel_id is None:
                await self._paced()
                channel_id = await self._dms.open(outgoing.user_id)
            await self._paced()
            await self._dms.send(channel_id, _message(outgoing))
        except Refused as refusal:
            if refusal.code in CLOSED_DMS:
                self.refused += 1
                await _logged(reminders.refused(outgoing), outgoing)
            else:
                log.info("reminder %s not sent, tried again later: %s", outgoing.id, refusal)
                self.failed += 1
                await _logged(reminders.failed(outgoing, refusal.retry_after), outgoing)
            if refusal.retry_after is not None:  # Discord's limit met: every send waits
                self._next_send = time.monotonic() + refusal.retry_after
        except (aiohttp.ClientError, OSError) as error:  # a timeout too
            log.info("reminder %s not sent, tried again later: %r", outgoing.id, error)
            self.failed += 1
            await _logged(reminders.failed(outgoing), outgoing)
        except Exception:
            log.exception("reminder %s not sent, tried again later", outgoing.id)
            self.failed += 1
            await _logged(reminders.failed(outgoing), outgoing)
        else:
            self.sent += 1
            self._done.append((outgoing, channel_id))
        finally:
            self._room.release()

    async def _mark_forever(self) -> None:
        """Marks what was sent, every :data:`MARK_EVERY` seconds in one
        transaction: a write a reminder would hold the store's one writer as
        often, and the players' moves wait for it."""
        while True:
            await asyncio.sleep(MARK_EVERY)
            await self._mark()

    async def _mark(self) -> None:
        done, self._done = self._done, []
        if done:
            try:
                await self._bot.reminders.all_sent(done)
            except StoreError as error:  # claimed again later; Discord drops the repeats
                log.warning("%d reminders sent and not marked: %s", len(done), error)

    async def close(self) -> None:
        """Lets the sends under way finish (a reminder sent and not marked
        would be claimed again, and Discord would drop the repeat by its nonce)."""
        if self._sending:
            await asyncio.wait(self._sending, timeout=5.0)
        if self._marking is not None:
            self._marking.cancel()
        await self._mark()
        await self._dms.close()

    async def press(
        self, interaction: discord.Interaction[Any], owner: int, action: str, what: str
    ) -> None:
        """A press on a reminder: Play a daily deal, or Stop these."""
        asker = asker_of(interaction)
        if action == "stop":
            await respond(interaction, await self._bot.reminders.stop(asker, what, owner))
            return
        if asker.user_id != owner:
            await say_privately(interaction, tr(language(interaction), "remind.not_yours"))
            return
        reply = await self._bot.service.daily(asker, what)
        await respond(interaction, reply, new_game=True)

    async def tell_refused(self, interaction: discord.Interaction[Any]) -> None:
        """Tells a player, privately, that their DMs were refused (once),
        after the answer to what they asked."""
        if interaction.user.id not in self._bot.reminders.untold:
            return
        if interaction.type == discord.InteractionType.autocomplete:
            return
        for _ in range(60):  # the answer first: a follow-up needs it
            if interaction.response.is_done():
                break
            await asyncio.sleep(0.05)
        else:
            return
        line = await self._bot.reminders.notice(asker_of(interaction))
        if line is not None:
            await afterwards(
                "the notice of refused DMs", interaction.followup.send(line, ephemeral=True)
            )


async def _logged(marked: Any, outgoing: Outgoing) -> None:
    """Marks a reminder; the store's trouble is logged (a reminder sent and
    not marked is claimed again, and its repeat dropped by Discord)."""
    try:
        await marked
    except StoreError as error:
        log.warning("reminder %s not marked: %s", outgoing.id, error)
