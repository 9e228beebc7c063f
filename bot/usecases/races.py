"""Races on one deal: open one (or challenge a player), join, leave, start,
play on a board of one's own, watch, rematch; and the race card, the one
public message that shows how the racers stand.

A race is kept in the store, so that any process serves any racer and a
restart loses nothing: its clock runs from the stored start. Each racer's
game is an ordinary game of theirs, marked with the race: its moves, undos
and hints are counted as any game's, and its board is answered to its racer
alone (see :class:`~bot.usecases.replies.Board`'s ``race_id``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from render.text import clock, game_title, stars
from solitaire import BadOption, Game, find_variant, grade_of, new_game
from storage import NotFound, Racer, RaceRefused, RaceRow, RaceStatus, Status, Store
from texts import Msg, tr

from .fairplay import OPEN_FOR, RUN_FOR, in_play
from .replies import Asker, Board, Notice, Unfinished
from .service import DEALS, GameService

__all__ = ["OPEN_FOR", "RUN_FOR", "RaceCard", "Races", "Watching"]

#: The most racers in one race.
MOST = 8
#: A fresh deal for a race is looked for among this many drawn at random.
_TRIES = 20
#: The race card is edited at most once every 2 seconds as Discord sees it
#: (with a margin: edits from two processes are spaced by their claims).
EVERY = 2.1
#: The card's bar of cards home, and the first places' medals.
BAR = 10
MEDALS = "🏆🥈🥉"


@dataclass(frozen=True)
class RaceCard:
    """The race card: its text, its buttons (by action), and who is invited
    (the one player the card may notify)."""

    race_id: int
    text: str
    actions: tuple[str, ...]
    status: RaceStatus
    #: The language of its text: its host's.
    locale: str
    invited_id: int | None = None


@dataclass(frozen=True)
class Watching:
    """A racer's board as a spectator sees it, and whom to watch next."""

    race_id: int
    board: Board
    watched: int
    next_racer: int
    #: Whether the race is over: its games may be replayed in public.
    over: bool = False


class Races:
    """The races of one store; racers' boards are made by *service*."""

    def __init__(
        self, store: Store, service: GameService, *, clock: Callable[[], float] = time.time
    ) -> None:
        self._store, self._service, self._clock = store, service, clock

    # -- opening ------------------------------------------------------------------

    async def open(
        self,
        asker: Asker,
        profile: str,
        options: Mapping[str, object],
        *,
        deal: int | None = None,
        invited: int | None = None,
    ) -> RaceCard | Notice:
        """Opens a race in the asker's channel (``/race``), or challenges the
        player *invited* (the ``Race`` user command)."""
        locale = asker.locale
        if asker.channel_id is None or asker.guild_id is None:
            return Notice(tr(locale, "race.servers_only"))
        if invited == asker.user_id:
            return Notice(tr(locale, "race.self"))
        if invited is not None and await self._service.blocked(asker.guild_id, invited):
            return Notice(tr(locale, "race.invited_blocked"))
        try:
            chosen = {k: v for k, v in options.items() if v is not None}
            resolved: dict[str, Any] = find_variant(profile).resolve_options(chosen)
            game = await self._deal(asker, profile, resolved, deal)
        except BadOption as error:
            return Notice(error.text(locale))
        if isinstance(game, Notice):
            return game
        wait = await self._store.take_turn(asker.user_id, *DEALS, self._clock())
        if wait:
            return Notice(tr(locale, "wait.deals", seconds=f"{wait:g}"))
        assert game.deal is not None
        race = await self._store.create_race(
            asker.user_id, channel_id=asker.channel_id, guild_id=asker.guild_id,
            locale=locale, profile=game.profile, options=game.options, deal=game.deal,
            invited_id=invited,
        )  # fmt: skip
        return self.card(race)

    async def challenge(self, asker: Asker, invited: int) -> RaceCard | Notice:
        """Challenges *invited* to a race of the game the asker played last,
        under the same rules (Klondike if they have played none)."""
        last = await self._store.last_game(asker.user_id)
        profile, options = ("klondike", {}) if last is None else (last.profile, last.options)
        return await self.open(asker, profile, options, invited=invited)

    async def placed(self, race_id: int, message_id: int) -> None:
        """Remembers the message the race's card was posted as."""
        await self._store.set_race_message(race_id, message_id)

    async def rematch(self, asker: Asker, race_id: int) -> RaceCard | Notice:
        """A new race on a new deal under the same rules, with the same
        racers, hosted by the racer who asked."""
        race = await self._race(asker, race_id)
        if isinstance(race, Notice):
            return race
        if race.racer(asker.user_id) is None:
            return Notice(tr(asker.locale, "race.not_racer"))
        if race.status != RaceStatus.OVER:
            return Notice(tr(asker.locale, "race.not_over"))
        wait = await self._store.take_turn(asker.user_id, *DEALS, self._clock())
        if wait:
            return Notice(tr(asker.locale, "wait.deals", seconds=f"{wait:g}"))
        game = await self._deal(asker, race.profile, race.options, None, besides=race.deal)
        if isinstance(game, Notice):
            return game
        assert game.deal is not None
        deal = game.deal
        again = await self._store.create_race(
            asker.user_id, channel_id=race.channel_id, guild_id=race.guild_id,
            locale=race.locale, profile=race.profile, options=race.options, deal=deal,
            racers=[racer.user_id for racer in race.racers],
        )  # fmt: skip
        return self.card(again)

    # -- before the start ---------------------------------------------------------------

    async def join(self, asker: Asker, race_id: int) -> RaceCard | Notice:
        return await self._change(
            asker, race_id, self._store.join_race(race_id, asker.user_id, most=MOST)
        )

    async def leave(self, asker: Asker, race_id: int) -> RaceCard | Notice:
        return await self._change(asker, race_id, self._store.leave_race(race_id, asker.user_id))

    async def decline(self, asker: Asker, race_id: int) -> RaceCard | Notice:
        return await self._change(asker, race_id, self._store.decline_race(race_id, asker.user_id))

    async def start(self, asker: Asker, race_id: int, *, accept: bool = False) -> RaceCard | Notice:
        """The host starts the race, or the one invited accepts it: every
        racer's game is dealt at once, and the clock runs for all."""
        race = await self._race(asker, race_id)
        if isinstance(race, Notice):
            return race
        record = new_game(race.profile, race.deal, **race.options).to_record()
        started = self._store.start_race(race_id, asker.user_id, record, accept=accept)
        return await self._change(asker, race_id, started)

    # -- racing and watching ----------------------------------------------------------

    async def play(self, asker: Asker, race_id: int) -> Board | Notice:
        """The asker's own board in the race, for their eyes only; it becomes
        their current game (the one ``/move`` plays)."""
        locale = asker.locale
        race = await self._race(asker, race_id)
        if isinstance(race, Notice):
            return race
        racer = race.racer(asker.user_id)
        if racer is None:
            return Notice(tr(locale, "race.watch_instead"))
        if racer.game_id is None:
            return Notice(tr(locale, "race.not_started"))
        await self._store.touch_game(racer.game_id)
        shown = await self._service.show(asker, racer.game_id)
        if isinstance(shown, Unfinished):  # show offers no choice: never so
            return Notice(shown.text)
        if isinstance(shown, Notice):
            return shown
        news = tr(locale, "race.your_board")
        return replace(shown, news="\n".join(filter(None, (news, shown.news))))

    async def own_game(self, asker: Asker, race_id: int) -> int | Notice:
        """The asker's game in the race (Review on the card of a race over)."""
        race = await self._race(asker, race_id)
        if isinstance(race, Notice):
            return race
        racer = race.racer(asker.user_id)
        if racer is None or racer.game_id is None:
            return Notice(tr(asker.locale, "race.not_racer"))
        return racer.game_id

    async def watch(
        self, asker: Asker, race_id: int, user_id: int | None = None
    ) -> Watching | Notice:
        """A racer's board as it stands (the first racer's unless *user_id*
        says whose), for a spectator: anyone but a racer still racing."""
        locale = asker.locale
        race = await self._race(asker, race_id)
        if isinstance(race, Notice):
            return race
        if race.status in (RaceStatus.OPEN, RaceStatus.LAPSED, RaceStatus.CANCELLED) or (
            race.status == RaceStatus.DECLINED
        ):
            return Notice(tr(locale, "race.not_started"))
        me = race.racer(asker.user_id)
        if me is not None and not me.done and race.status == RaceStatus.RUNNING:
            return Notice(tr(locale, "race.no_peeking"))
        others = [r for r in race.racers if r.user_id != asker.user_id and r.game_id is not None]
        if not others:
            return Notice(tr(locale, "race.nobody_to_watch"))
        at = next((i for i, r in enumerate(others) if r.user_id == user_id), 0)
        watched = others[at]
        assert watched.game_id is not None
        row = await self._store.get_game(watched.game_id)
        game = await self._service.live.game(row)
        news = tr(
            locale, "race.watching", racer=f"<@{watched.user_id}>", home=_home(watched, game.DECKS)
        )
        board = await self._service.boards.board(row, game, news, locale)
        following = others[(at + 1) % len(others)].user_id
        over = race.status == RaceStatus.OVER
        return Watching(race_id, board, watched.user_id, following, over)

    # -- the card -------------------------------------------------------------------

    async def sweep(self) -> set[int]:
        """Ends the races whose time is up, and returns those whose card is
        behind (a process that changed them may have stopped)."""
        now = self._clock()
        ended = await self._store.end_races(now, open_for=OPEN_FOR, run_for=RUN_FOR)
        return {*ended, *await self._store.due_cards(now, EVERY)}

    async def results(self, user_id: int) -> tuple[int, int]:
        """A player's races: (played, won)."""
        return await self._store.race_results(user_id)

    def card(self, race: RaceRow) -> RaceCard:
        """The race card as *race* stands, in the language of its host. The
        deal's number shows once the race has ended: until then it is in play."""
        locale = race.locale
        game = new_game(race.profile, race.deal, **race.options)
        if race.status in (RaceStatus.OPEN, RaceStatus.RUNNING):
            title = tr(locale, "race.title_secret", game=game_title(game, locale))
        else:
            title = tr(locale, "race.title", game=game_title(game, locale), deal=race.deal)
        grade = grade_of(game)
        lines = [title if grade is None else f"{title} · {stars(grade.stars)}"]
        actions: tuple[str, ...] = ()
        hosting = race.racer(race.host_id)
        host = _mention(0 if hosting is not None and hosting.hidden else race.host_id, locale)
        if race.status == RaceStatus.OPEN and race.invited_id is not None:
            lapses = _when(race.created_at + OPEN_FOR)
            lines.append(
                tr(
                    locale,
                    "race.challenge",
                    host=host,
                    invited=_mention(race.invited_id, locale),
                    lapses=lapses,
                )
            )
            actions = ("accept", "decline")
        elif race.status == RaceStatus.OPEN:
            lapses = _when(race.created_at + OPEN_FOR)
            lines.append(
                tr(locale, "race.open", host=host, n=len(race.racers), most=MOST, lapses=lapses)
            )
            lines.append(", ".join(_who(racer, locale) for racer in race.racers))
            actions = ("join", "leave", "start")
        elif race.status in (RaceStatus.RUNNING, RaceStatus.OVER):
            assert race.started_at is not None
            if race.status == RaceStatus.RUNNING:
                lines.append(tr(locale, "race.running", ends=_when(race.started_at + RUN_FOR)))
                actions = ("play", "watch")
            else:
                lines.append(tr(locale, "race.over"))
                # A review waited while the race ran: it is offered now.
                actions = ("watch", "review", "rematch")
            lines += _standings(race, game.DECKS, locale)
        else:
            who = _mention(race.invited_id, locale)
            lines.append(
                tr(locale, f"race.{race.status}", invited=who, minutes=int(OPEN_FOR // 60))
            )
        return RaceCard(race.id, "\n".join(lines), actions, race.status, locale, race.invited_id)

    # -- inside ---------------------------------------------------------------------

    async def _deal(
        self,
        asker: Asker,
        profile: str,
        options: Mapping[str, Any],
        deal: int | None,
        *,
        besides: int | None = None,
    ) -> Game | Notice:
        """The deal *deal*, or else one the solver has won (any deal where no
        such deals are known for these rules), other than *besides*. A race
        is on a deal nobody is playing elsewhere (no race on it, not today's
        daily) and that its host has never played nor seen the line of."""
        locale = asker.locale
        now = self._clock()
        if deal is not None:
            game = new_game(profile, deal, **options)
            held = await in_play(self._store, game.profile, game.options, deal, now)
            if held is not None:
                return Notice(held.refusal(locale, "deal"))
            if await self._store.knows_deal(asker.user_id, game.profile, game.options, deal):
                return Notice(tr(locale, "race.known_deal", deal=deal))
            return game
        for _ in range(_TRIES):
            game = _any(profile, options)
            if game.deal == besides:
                continue
            if await in_play(self._store, game.profile, game.options, game.deal, now):
                continue
            if not await self._store.knows_deal(
                asker.user_id, game.profile, game.options, game.deal
            ):
                return game
        return Notice(tr(locale, "race.no_fresh_deal"))

    async def _race(self, asker: Asker, race_id: int) -> RaceRow | Notice:
        try:
            return await self._store.get_race(race_id)
        except NotFound:
            return Notice(tr(asker.locale, "race.gone"))

    async def _change(self, asker: Asker, race_id: int, change: Any) -> RaceCard | Notice:
        """The card after *change* (a store call on the race), or why it was refused."""
        try:
            race: RaceRow = await change
        except NotFound:
            return Notice(tr(asker.locale, "race.gone"))
        except RaceRefused as refused:
            current = await self._race(asker, race_id)
            host = invited = ""
            if isinstance(current, RaceRow):
                host, invited = f"<@{current.host_id}>", f"<@{current.invited_id}>"
                if refused.why == "started" and current.status != RaceStatus.RUNNING:
                    return Notice(tr(asker.locale, "race.closed"))
            text = tr(
                asker.locale, f"race.refused.{refused.why}", host=host, invited=invited, most=MOST
            )
            return Notice(text)
        self._service.live.forget_current(racer.user_id for racer in race.racers)
        return self.card(race)


def _any(profile: str, options: Mapping[str, Any]) -> Game:
    """A deal the solver has won under these rules, or any deal if it knows none."""
    try:
        return new_game(profile, None, winnable=True, **options)
    except BadOption:
        return new_game(profile, None, **options)


def _standings(race: RaceRow, decks: int, locale: str) -> list[str]:
    """A line per racer: the winners first, by time (those who knew the
    deal after the others), then the others as they joined."""
    assert race.started_at is not None
    won = sorted(
        (r for r in race.racers if r.status == Status.WON),
        key=lambda r: (r.known, r.finished_at or 0.0, r.joined_at),
    )
    lines = []
    for place, racer in enumerate(won, 1):
        time = clock((racer.finished_at or race.started_at) - race.started_at)
        medal = MEDALS[place - 1] if place <= len(MEDALS) else "🏁"
        lines.append(
            tr(
                locale,
                "race.placed",
                medal=medal,
                place=place,
                racer=_who(racer, locale),
                time=time,
                counts=_counts(racer, locale),
            )
        )
    for racer in race.racers:
        if racer.status == Status.WON:
            continue
        if racer.status is not None and racer.status != Status.PLAYING:
            state = Msg(f"state.{racer.status}")
        elif racer.stuck:
            state = Msg("race.stuck")
        elif race.status == RaceStatus.OVER:
            state = Msg("race.out_of_time")
        else:
            state = Msg("race.racing", bar=_bar(racer, decks))
        lines.append(
            tr(
                locale,
                "race.racer",
                racer=_who(racer, locale),
                state=state,
                home=_home(racer, decks),
                counts=_counts(racer, locale),
            )
        )
    return lines


def _mention(user_id: int | None, locale: str) -> str:
    """A player as the card names them: a mention, or "a player" for one
    who asked to be forgotten (an id of no one's)."""
    return f"<@{user_id}>" if user_id and user_id > 0 else tr(locale, "player.anonymous")


def _who(racer: Racer, locale: str) -> str:
    """A racer as the card names them ("a player" if they chose to show on
    no board), marked if they knew the deal."""
    mention = _mention(0 if racer.hidden else racer.user_id, locale)
    return tr(locale, "race.known", racer=mention) if racer.known else mention


def _counts(racer: Racer, locale: str) -> str:
    return tr(
        locale,
        "race.counts",
        moves=Msg("count.moves", n=racer.moves),
        undos=Msg("count.undos", n=racer.undos),
        hints=Msg("count.hints", n=racer.hints),
    )


def _home(racer: Racer, decks: int) -> str:
    return f"{racer.home}/{52 * decks}"


def _bar(racer: Racer, decks: int) -> str:
    """Cards home as a bar: ``▰▰▰▱▱▱▱▱▱▱``."""
    full = round(BAR * racer.home / (52 * decks))
    return "▰" * full + "▱" * (BAR - full)


def _when(timestamp: float) -> str:
    """A moment as Discord shows it to each reader: "in 10 minutes"."""
    return f"<t:{int(timestamp)}:R>"
