"""Server Cups: a server's event of a few secret deals that its solver has
won, played privately, one attempt a deal, ranked on a public card.

A cup is kept in the store, so that any process serves any player and a
restart loses nothing. Its deals are drawn when it opens, by one process
(:meth:`Cups.draw`), from numbers no one can list (:data:`SECRET_DEALS`,
drawn by the operating system's secure generator), each kept only if the
solver wins it within the search of its pool's hardest deal, and graded as
the pool's are (stars and par, kept with the deal). No answer names one
while the cup is open: boards say "Cup · deal 2 of 5", and a cup game is
neither shared, replayed nor reviewed until the close (see
:func:`~bot.usecases.fairplay.cup_held`). Each attempt is an ordinary game
of its player, marked with the cup (it counts in ``/stats`` as a game of
its kind). The card lists the standings: most deals won, then most clean
wins (no undo, no hint), then the least active time over the wins, then who
finished first.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from render.text import clock, stars
from solitaire import VARIANTS, new_game
from solitaire.deal import SECRET_DEALS
from solitaire.pool import Grade, deal_grade
from storage import (
    MOST_CUPS,
    Conflict,
    CupDeal,
    CupEntry,
    CupRefused,
    CupRow,
    CupStatus,
    NotFound,
    Status,
    Store,
)
from texts import Msg, tr

from . import jobs
from .faces import Faces, no_faces
from .replies import Asker, Board, Notice, Unfinished
from .service import GameService
from .workers import Busy, Kind, Workers

log = logging.getLogger(__name__)

#: What ``/cup open`` takes: each game, or a mix of the four.
GAMES = (*VARIANTS, "mixed")
MOST_DEALS = 10
MOST_HOURS = 336
#: How far ahead a cup may be scheduled.
AHEAD = 30 * 86400.0
#: A cup's card is edited at most once every 10 s as Discord sees it.
EVERY = 10.5
#: A win faster than this a move, on average, is flagged for managers.
FAST = 0.4
#: The standings' rows on the card.
SHOWN = 10
MEDALS = "🥇🥈🥉"
WEEK = 7 * 86400.0
#: How long a process's claim to draw a cup's deals holds (then another may).
DRAW_LEASE = 120.0
#: Deals tried for each of a cup's deals before its drawing is put off.
TRIES = 200


@dataclass(frozen=True)
class Champion:
    """The role a cup's winner gets, as the bot finds it in the server."""

    id: int
    #: Whether the bot may give it (Manage Roles, and the role below its own).
    assignable: bool


@dataclass(frozen=True)
class CupCard:
    """The cup card: its text, its buttons (by action), and the revealed
    deals' places once it is closed."""

    cup_id: int
    text: str
    actions: tuple[str, ...]
    status: CupStatus
    locale: str
    #: Once closed: each deal's place, game and number (Play this deal).
    deals: tuple[tuple[int, str], ...] = ()
    #: Once closed with a champion: their id and avatar's hash as last seen
    #: (``None``: none); ``(0, None)`` for one who shows on no board, "a
    #: player" with the default avatar. And that avatar with a gold medal,
    #: drawn (``None``: it could not be, the workers busy).
    champion: tuple[int, str | None] | None = None
    medallion: bytes | None = None


@dataclass(frozen=True)
class Placed:
    """A row of the standings."""

    place: int
    entry: CupEntry
    flagged: bool


class Cups:
    """The cups of one store; their games are played through *service*."""

    def __init__(
        self,
        store: Store,
        service: GameService,
        workers: Workers,
        *,
        key: bytes = b"",
        clock: Callable[[], float] = time.time,
    ) -> None:
        """A cup's deals are graded by *workers*; *key* keys the digest a
        forgotten player's attempts are linked under (:func:`attempt_digest`):
        the one :class:`~.mydata.MyData` has."""
        self._store, self._service, self._workers = store, service, workers
        self._clock, self._key = clock, key
        self._drawing = asyncio.Lock()
        #: Where the closed card gets its champion's avatar.
        self.faces: Faces = no_faces

    # -- opening --------------------------------------------------------------------------

    async def open(
        self,
        asker: Asker,
        *,
        manager: bool,
        game: str,
        deals: int = 5,
        hours: float = 72,
        starts: float = 0.0,
        clean: bool = False,
        weekly: bool = False,
        champion: Champion | None = None,
    ) -> CupCard | Notice:
        """Opens a cup in the asker's channel, now or *starts* hours from now."""
        locale = asker.locale
        if asker.guild_id is None or asker.channel_id is None:
            return Notice(tr(locale, "cup.servers_only"))
        if not manager:
            return Notice(tr(locale, "cup.not_manager"))
        if game not in GAMES:
            return Notice(tr(locale, "settings.unknown"))
        if not 1 <= deals <= MOST_DEALS:
            return Notice(tr(locale, "cup.deals", most=MOST_DEALS))
        if not 1 <= hours <= MOST_HOURS:
            return Notice(tr(locale, "cup.hours", most=MOST_HOURS))
        if starts < 0:
            return Notice(tr(locale, "cup.past"))
        if starts * 3600 > AHEAD:
            return Notice(tr(locale, "cup.ahead", days=int(AHEAD // 86400)))
        if champion is not None and not champion.assignable:
            return Notice(tr(locale, "cup.role_above", role=f"<@&{champion.id}>"))
        try:
            cup = await self._store.create_cup(
                guild_id=asker.guild_id, channel_id=asker.channel_id, host_id=asker.user_id,
                locale=locale, game=game, clean=clean, weekly=weekly, hours=hours,
                role_id=None if champion is None else champion.id,
                starts_at=self._clock() + starts * 3600, deals=deals,
            )  # fmt: skip
        except CupRefused:
            return Notice(tr(locale, "cup.full", most=MOST_CUPS))
        return await self.card(cup)

    async def again(self, cup: CupRow) -> CupRow | None:
        """A weekly cup's next week: the same cup, on new deals, opening a
        week after it opened (or now, if that has passed); none in a server
        the bot has left."""
        if await self._store.has_left(cup.guild_id):
            return None
        return await self._store.create_cup(
            guild_id=cup.guild_id, channel_id=cup.channel_id, host_id=cup.host_id,
            locale=cup.locale, game=cup.game, clean=cup.clean, weekly=True, hours=cup.hours,
            role_id=cup.role_id, starts_at=max(cup.starts_at + WEEK, self._clock()),
            deals=cup.deals,
        )  # fmt: skip

    # -- drawing ------------------------------------------------------------------------

    async def draw_due(self) -> list[int]:
        """Draws the deals of every open cup that has none and that no
        process draws; returns the cups drawn here."""
        drawn = []
        for cup_id in await self._store.cups_to_draw(self._clock()):
            if await self.draw(cup_id):
                drawn.append(cup_id)
        return drawn

    async def draw(self, cup_id: int) -> bool:
        """Draws and grades an open cup's deals, if this process claims
        them (one process draws a cup at a time: two never store twice);
        whether it stored them. A deal that is slow to grade, or past its
        time, is passed over for another."""
        async with self._drawing:
            claimed = await self._store.claim_cup_draw(cup_id, self._clock(), DRAW_LEASE)
            if claimed is None:
                return False
            try:
                deals = await self._deals(claimed)
            except Exception:  # its workers closed (the process stops): another may draw
                await self._store.release_cup_draw(cup_id)
                raise
            if deals is None:
                log.error("cup %s: no deal the solver wins was drawn; trying again", cup_id)
                await self._store.release_cup_draw(cup_id)
                return False
            return await self._store.set_cup_deals(cup_id, deals)

    async def _deals(self, cup: CupRow) -> list[CupDeal] | None:
        draw = secrets.SystemRandom()
        profiles = list(VARIANTS)
        draw.shuffle(profiles)
        deals: list[CupDeal] = []
        for n in range(cup.deals):
            profile = cup.game if cup.game != "mixed" else profiles[n % len(profiles)]
            for _ in range(TRIES):
                deal = draw.randrange(SECRET_DEALS.start, SECRET_DEALS.stop)
                try:
                    grade = await self._workers.run(Kind.GRADE, jobs.grade_deal, profile, deal)
                except Busy:  # past its time: its worker was replaced
                    continue
                if grade is not None and all(d.deal != deal for d in deals):
                    deals.append(CupDeal(n + 1, profile, {}, deal, *grade))
                    break
            else:
                return None
        return deals

    async def placed(self, cup_id: int, message_id: int) -> None:
        """Remembers the message the cup's card was posted as."""
        await self._store.set_cup_message(cup_id, message_id)

    async def cup(self, cup_id: int) -> CupRow | None:
        try:
            return await self._store.get_cup(cup_id)
        except NotFound:
            return None

    async def claim_card(self, cup_id: int, now: float, every: float) -> CupRow | float | None:
        """Claims the showing of a cup's card for this process (see
        ``storage.claim``): the cup, or when to try again, or ``None``."""
        return await self._store.claim_cup_card(cup_id, now, every)

    async def card_not_shown(self, cup_id: int) -> None:
        """A claimed card could not be shown: another process may try."""
        await self._store.cup_card_not_shown(cup_id)

    async def note(self, cup_id: int, key: str, value: Any) -> None:
        """Notes what the cup's card tells its managers (a role or event the
        bot could not give or make)."""
        await self._store.note_cup(cup_id, key, value)

    async def last_champion(self, cup: CupRow) -> int | None:
        """Who holds the cup's champion role from the server's last cup with it."""
        assert cup.role_id is not None
        return await self._store.last_champion(cup.guild_id, cup.role_id, cup.id)

    async def crowned(self, cup_id: int, user_id: int) -> None:
        """The cup's champion has its role."""
        await self._store.set_champion(cup_id, user_id)

    async def scheduled(self, cup_id: int, event_id: int | None) -> None:
        """The cup's scheduled event on the server (``None``: none, or over)."""
        await self._store.set_cup_event(cup_id, event_id)

    async def role(self, guild_id: int) -> int | None:
        """The role that may run cups in the server, besides Manage Server."""
        return await self._store.cup_role(guild_id)

    async def set_role(self, guild_id: int, role_id: int | None) -> None:
        await self._store.set_cup_role(guild_id, role_id)

    # -- playing ----------------------------------------------------------------------------

    async def play(self, asker: Asker, cup_id: int) -> Board | Notice:
        """The asker's next cup deal not yet played to its end, as a board
        for their eyes only: the one they are playing, or the next one."""
        locale = asker.locale
        cup = await self.cup(cup_id)
        if cup is None:
            return Notice(tr(locale, "cup.gone"))
        now = self._clock()
        if cup.status == CupStatus.SCHEDULED or cup.starts_at > now:
            return Notice(tr(locale, "cup.not_yet", opens=_when(cup.starts_at)))
        if cup.status == CupStatus.CLOSED or cup.ends_at <= now:
            return Notice(tr(locale, "cup.closed"))
        games = await self._store.cup_games(cup_id, asker.user_id)
        if not games and await self._returning(cup_id, asker.user_id):
            games = await self._store.cup_games(cup_id, asker.user_id)
        playing = next((g for g in games if g.status == Status.PLAYING), None)
        if playing is not None and playing.stuck:  # no move left: that attempt is over
            with contextlib.suppress(Conflict):
                await self._store.set_status(playing.id, Status.LOST)
            playing = None
        if playing is None:
            played = {g.cup_deal for g in games}
            left = [n for n in range(1, cup.deals + 1) if n not in played]
            if not left:
                return Notice(tr(locale, "cup.all_played"))
            drawn = await self._store.cup_deals(cup_id)
            if len(drawn) < cup.deals:
                return Notice(tr(locale, "cup.dealing"))
            deal = drawn[left[0] - 1]
            record = new_game(deal.profile, deal.deal, **deal.options).to_record()
            try:
                playing = await self._store.start_cup_game(cup_id, asker.user_id, left[0], record)
            except CupRefused:
                return Notice(tr(locale, "cup.closed"))
        await self._store.touch_game(playing.id)
        shown = await self._service.show(asker, playing.id)
        if isinstance(shown, Unfinished):  # show offers no choice: never so
            return Notice(shown.text)
        return shown

    async def _returning(self, cup_id: int, user_id: int) -> bool:
        """Gives a player who was forgotten while the cup was open their
        attempts and strike back (one attempt a deal); whether there were any."""
        if not self._key:
            return False
        digest = attempt_digest(self._key, cup_id, user_id)
        return await self._store.claim_cup_alias(cup_id, digest, user_id)

    # -- results --------------------------------------------------------------------------

    async def standings(self, cup: CupRow) -> tuple[list[Placed], int]:
        """The cup's ranked standings, and how many results were struck."""
        entries, struck = await self._store.cup_standings(cup.id)
        return rank(entries), struck

    async def standing_of(self, asker: Asker, cup_id: int) -> Notice:
        """The standings' top rows and the asker's own place, privately."""
        cup = await self.cup(cup_id)
        if cup is None:
            return Notice(tr(asker.locale, "cup.gone"))
        placed, _ = await self.standings(cup)
        absent = all(p.entry.user_id != asker.user_id for p in placed)
        if absent and await self._returning(cup_id, asker.user_id):
            placed, _ = await self.standings(cup)
        lines = [tr(asker.locale, "cup.standings")]
        lines += [_row(p, asker.locale) for p in placed[:SHOWN]] or [tr(asker.locale, "cup.nobody")]
        mine = next((p for p in placed if p.entry.user_id == asker.user_id), None)
        if mine is not None:
            lines.append(tr(asker.locale, "cup.yours", row=_row(mine, asker.locale)))
        return Notice("\n".join(lines))

    async def results(self, asker: Asker, *, manager: bool) -> Notice:
        """``/cup results``: the server's open cups' and its last ten closed
        cups' standings (top 3), flags for managers."""
        locale = asker.locale
        if asker.guild_id is None:
            return Notice(tr(locale, "cup.servers_only"))
        cups = await self._store.guild_cups(asker.guild_id)
        if not cups:
            return Notice(tr(locale, "cup.none"))
        lines = []
        for cup in cups:
            placed, struck = await self.standings(cup)
            lines.append(f"**{_title(cup, locale)}** · {tr(locale, f'cup.is.{cup.status}')}")
            for row in placed[:3]:
                flag = " ⚑" if manager and row.flagged else ""
                lines.append(_row(row, locale) + flag)
            flagged = [p for p in placed[3:] if p.flagged] if manager else []
            lines += [_row(p, locale) + " ⚑" for p in flagged]
            if struck:
                lines.append(tr(locale, "cup.struck", n=struck))
        return Notice(_fit(lines))

    # -- managers ------------------------------------------------------------------------

    async def end(self, asker: Asker, *, manager: bool) -> CupRow | Notice:
        """``/cup end``: closes the server's cup of this channel (else its
        latest) at once; a weekly cup's series ends with it."""
        cup = await self._managed(asker, manager, closed_too=True)  # closed: says so
        if isinstance(cup, Notice):
            return cup
        closed = await self._store.close_cups(self._clock(), cup.id, stop=True)
        if not closed:
            return Notice(tr(asker.locale, "cup.closed"))
        return closed[0]

    async def strike(
        self, asker: Asker, *, manager: bool, user_id: int, reason: str
    ) -> tuple[CupRow, Notice] | Notice:
        """``/cup strike``: removes a player's results from the server's cup."""
        cup = await self._managed(asker, manager, closed_too=True)
        if isinstance(cup, Notice):
            return cup
        if not reason.strip():
            return Notice(tr(asker.locale, "cup.reason"))
        await self._returning(cup.id, user_id)
        if not await self._store.strike(cup.id, user_id, reason.strip()):
            return Notice(tr(asker.locale, "cup.struck_already", player=f"<@{user_id}>"))
        return cup, Notice(tr(asker.locale, "cup.struck_now", player=f"<@{user_id}>"))

    async def _managed(
        self, asker: Asker, manager: bool, *, closed_too: bool = False
    ) -> CupRow | Notice:
        locale = asker.locale
        if asker.guild_id is None:
            return Notice(tr(locale, "cup.servers_only"))
        if not manager:
            return Notice(tr(locale, "cup.not_manager"))
        cups = await self._store.guild_cups(asker.guild_id, closed=1 if closed_too else 0)
        if not cups:
            return Notice(tr(locale, "cup.none"))
        here = [cup for cup in cups if cup.channel_id == asker.channel_id]
        return max(here or cups, key=lambda cup: (cup.status != CupStatus.CLOSED, cup.id))

    # -- the card ----------------------------------------------------------------------------

    async def card(self, cup: CupRow) -> CupCard:
        """The cup card as *cup* stands, in the language it was opened in."""
        locale = cup.locale
        placed, struck = await self.standings(cup)
        players = await self._store.cup_players(cup.id)
        lines = [f"## 🏆 {_title(cup, locale)}", _rules(cup, locale)]
        if cup.status == CupStatus.CLOSED:
            lines.append(tr(locale, "cup.closed_at", at=_at(cup.closed_at or cup.ends_at)))
        else:
            lines.append(tr(locale, "cup.opens", at=_at(cup.starts_at)))
            lines.append(tr(locale, "cup.closes", at=_at(cup.ends_at)))
        if cup.status == CupStatus.OPEN:
            drawn = await self._store.cup_deals(cup.id)
            graded = [_stars(d) for d in drawn]
            if any(graded):
                lines.append(tr(locale, "cup.grades", stars=" · ".join(s or "?" for s in graded)))
            elif not drawn:
                lines.append(tr(locale, "cup.dealing_now"))
        lines.append(tr(locale, "cup.players", n=players))
        rows = [_row(p, locale) for p in placed[:SHOWN]]
        lines += rows or [tr(locale, "cup.nobody")]
        if struck:
            lines.append(tr(locale, "cup.struck", n=struck))
        deals: tuple[tuple[int, str], ...] = ()
        champion: tuple[int, str | None] | None = None
        if cup.status == CupStatus.CLOSED:
            revealed = await self._store.cup_deals(cup.id)
            lines.append(tr(locale, "cup.deals_were"))
            lines += [
                " · ".join(
                    filter(
                        None,
                        (
                            f"{d.number}. {_game_name(d.profile, locale)}",
                            tr(locale, "status.deal", deal=d.deal),
                            _stars(d),
                        ),
                    )
                )
                for d in revealed
            ]
            deals = tuple((d.number, d.profile) for d in revealed)
            if cup.champion_id:
                hidden = await self._store.hidden([cup.champion_id])  # "a player", as in the rows
                who = tr(locale, "player.anonymous") if hidden else f"<@{cup.champion_id}>"
                lines.append(tr(locale, "cup.champion", player=who))
                champion = (
                    (0, None)
                    if hidden
                    else (cup.champion_id, await self._store.avatar(cup.champion_id))
                )
        for key in sorted(cup.notes):
            lines.append(tr(locale, f"cup.note.{key}"))
        if cup.status == CupStatus.CLOSED:
            actions: tuple[str, ...] = ("standings", "replay")
        else:  # Play before the opening says when it opens
            actions = ("play", "standings")
        medallion = None if champion is None else await self._medallion(*champion)
        return CupCard(cup.id, _fit(lines), actions, cup.status, locale, deals, champion, medallion)

    async def _medallion(self, user_id: int, avatar: str | None) -> bytes | None:
        """The champion's avatar (the default one for ``user_id`` 0) with a
        gold medal; ``None`` if the workers are too busy to draw it."""
        face = await self.faces(user_id, avatar) if user_id else None
        try:
            return await self._workers.run(Kind.CARD, jobs.medallion, face, "classic")
        except Busy:
            log.info("the champion's medallion was not drawn: busy")
            return None

    async def sweep(self) -> tuple[list[int], list[int], list[CupRow]]:
        """Opens the cups whose time has come and closes those whose time is
        up; returns those it opened, the cards left behind, and those it closed."""
        now = self._clock()
        opened = await self._store.open_cups(now)
        closed = await self._store.close_cups(now)
        return opened, await self._store.due_cup_cards(now, EVERY), closed

    async def winner(self, cup: CupRow) -> int | None:
        """The cup's winner: first with a win, if anyone won a deal."""
        placed, _ = await self.standings(cup)
        if placed and placed[0].entry.won:
            return placed[0].entry.user_id
        return None

    async def deal_of(self, cup_id: int, number: int) -> tuple[str, dict[str, object], int] | None:
        """A closed cup's deal *number* (Play this deal), or ``None``."""
        cup = await self.cup(cup_id)
        if cup is None or cup.status != CupStatus.CLOSED:
            return None
        deals = await self._store.cup_deals(cup_id)
        if not 1 <= number <= len(deals):
            return None
        deal = deals[number - 1]
        return deal.profile, deal.options, deal.deal

    async def replay_games(self, asker: Asker, cup_id: int) -> list[tuple[str, int, int]] | Notice:
        """A closed cup's games to replay: (player's name, deal's place,
        game id) of the standings' top players."""
        cup = await self.cup(cup_id)
        if cup is None or cup.status != CupStatus.CLOSED:
            return Notice(tr(asker.locale, "cup.after"))
        placed, _ = await self.standings(cup)
        names = await self._store.names([row.entry.user_id for row in placed[:SHOWN]])
        anonymous = tr(asker.locale, "player.anonymous")
        found = []
        for row in placed[:SHOWN]:
            entry = row.entry
            name = anonymous if entry.hidden else names.get(entry.user_id, anonymous)
            for game in await self._store.cup_games(cup_id, entry.user_id):
                found.append((f"{row.place}. {name}", game.cup_deal or 0, game.id))
        return found[:25]


def attempt_digest(key: bytes, cup_id: int, user_id: int) -> str:
    """What a forgotten player's attempts at a cup still open are linked to
    them by: a keyed digest of the cup and their id, which names no one.

    >>> attempt_digest(b"k", 1, 2) == attempt_digest(b"k", 1, 2) != attempt_digest(b"k", 3, 2)
    True
    """
    message = f"cup:{cup_id}:{user_id}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def rank(ordered: Sequence[CupEntry]) -> list[Placed]:
    """The standings as the store ranks them (most deals won; then most
    clean wins; then the least active time over the wins; then who
    finished first), each with its place and whether it is flagged."""
    return [
        Placed(place, entry, bool(entry.won) and entry.seconds < FAST * max(entry.moves, 1))
        for place, entry in enumerate(ordered, 1)
    ]


def _row(placed: Placed, locale: str) -> str:
    entry = placed.entry
    medal = MEDALS[placed.place - 1] if placed.place <= len(MEDALS) and entry.won else ""
    who = tr(locale, "player.anonymous") if entry.hidden or entry.user_id <= 0 else None
    return tr(
        locale,
        "cup.row",
        medal=medal,
        place=placed.place,
        player=who or f"<@{entry.user_id}>",
        wins=Msg("cup.wins", n=entry.won),
        clean=Msg("cup.clean_wins", n=entry.clean),
        time=clock(entry.seconds),
    ).strip()


def grade_of_deal(deal: CupDeal) -> Grade | None:
    """A cup deal's grade: as it was graded when drawn, or as its pool
    grades it (a deal of a cup opened before deals were graded so)."""
    if deal.stars is not None and deal.par is not None:
        return Grade(deal.stars, deal.par)
    return deal_grade(VARIANTS[deal.profile], deal.options, deal.deal)


def _stars(deal: CupDeal) -> str:
    """A cup deal's difficulty as stars; empty if it has no grade."""
    grade = grade_of_deal(deal)
    return "" if grade is None else stars(grade.stars)


def _title(cup: CupRow, locale: str) -> str:
    return tr(locale, "cup.title", game=_game_name(cup.game, locale))


def _game_name(profile: str, locale: str) -> str:
    if profile == "mixed":
        return tr(locale, "cup.mixed")
    return tr(locale, f"title.{profile}")


def _rules(cup: CupRow, locale: str) -> str:
    parts = [tr(locale, "cup.deal_count", n=cup.deals), tr(locale, "cup.one_attempt")]
    parts.append(tr(locale, "cup.clean_rule" if cup.clean else "cup.help_rule"))
    if cup.weekly:
        parts.append(tr(locale, "cup.weekly"))
    if cup.role_id:
        parts.append(tr(locale, "cup.role", role=f"<@&{cup.role_id}>"))
    return " · ".join(parts)


def _at(timestamp: float) -> str:
    """A moment as Discord shows it to each reader, in their own time zone."""
    return f"<t:{int(timestamp)}:F> (<t:{int(timestamp)}:R>)"


def _when(timestamp: float) -> str:
    return f"<t:{int(timestamp)}:R>"


def _fit(lines: list[str], most: int = 3900) -> str:
    """Lines within a text display's limit (4,000 characters)."""
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > most:
            return text + "\n…"
        text = f"{text}\n{line}" if text else line
    return text
