"""Puzzle Racer: the channel races through the same one-move puzzles.

A race card in a channel: up to :data:`MOST` racers press **Join**; its host
presses **Start** once two have joined, or it starts by itself
:data:`OPEN_FOR` seconds after it opened (and lapses with fewer than two).
After :data:`COUNTDOWN` seconds it runs for :data:`RACE_FOR`: each racer
presses **Play** and plays the race's one-move puzzles, the same ones in the
same order for all, on their private board: a right move scores one, and
more at combos of right moves in a row (:func:`bonus`); a wrong one resets
the combo; either way the next puzzle comes at once (each try rates the
puzzle, never the racer). The card shows the
scores as they stand (edited at most every :data:`~.races.EVERY` seconds,
as a race's card) and the podium at the end; then **Play** shows each racer
their puzzles and the moves that kept each win.

The race's times are kept in the store, and a sweep in every process starts,
lapses and ends races when their time comes, so a race goes on (or ends,
its scores kept) across a restart. Its puzzles are drawn as it starts: none
from a racer's own games, none of a deal still in play. A racer's puzzle
rating never moves.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from storage import OneMoveRow, PuzzleRacer, PuzzleRaceRow, Store
from texts import tr

from .boards import FROM, BoardMaker
from .glicko import Rating, play
from .puzzles import source_digest
from .racecards import Cards
from .races import EVERY
from .replies import Asker, Notice, PuzzleRaceCard, RunBoard
from .streaks import Streaks, free_ones, one_move_board, one_move_game, written

#: The most racers a race takes.
MOST = 10
#: An open race starts by itself (or lapses) this long after it opened.
OPEN_FOR = 60.0
#: A started race runs after this countdown…
COUNTDOWN = 10.0
#: …for this long.
RACE_FOR = 90.0
#: How many puzzles a race deals (more than anyone plays in its time).
PUZZLES = 60
#: A combo of so many right moves in a row earns so many points more.
COMBOS = {5: 1, 12: 2, 20: 3, 30: 4}
#: Medals of the podium.
MEDALS = ("🥇", "🥈", "🥉")
#: The most puzzles a racer's summary lists.
LISTED = 40


def bonus(combo: int) -> int:
    """The points a right move earns beyond its one, as it makes a combo of
    *combo* right moves in a row: 1, 2, 3 and 4 at 5, 12, 20 and 30, then 4
    at every tenth.

    >>> [bonus(n) for n in (1, 5, 6, 12, 20, 30, 39, 40)]
    [0, 1, 0, 2, 3, 4, 0, 4]
    """
    if combo in COMBOS:
        return COMBOS[combo]
    return 4 if combo > 30 and combo % 10 == 0 else 0


class PuzzleRaces:
    """Puzzle races: their cards, racers and private boards."""

    def __init__(
        self,
        store: Store,
        boards: BoardMaker,
        streaks: Streaks,
        *,
        key: bytes,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store, self._boards, self._streaks = store, boards, streaks
        self._key, self._clock = key, clock

    def cards(self, show: Callable[[PuzzleRaceRow], Awaitable[None]]) -> Cards[PuzzleRaceRow]:
        """The race cards this process keeps up to date, shown by *show*."""
        store = self._store
        return Cards(
            "puzzle race", self.sweep, store.claim_puzzle_race_card,
            store.puzzle_race_card_not_shown, show, clock=self._clock,
        )  # fmt: skip

    async def open(self, asker: Asker) -> PuzzleRaceCard | Notice:
        """``/puzzle mode:racer``: a race card in the asker's channel (the
        race not over there, if there is one)."""
        if asker.channel_id is None or asker.guild_id is None:
            return Notice(tr(asker.locale, "racer.servers_only"))
        await self._streaks.seed()
        race = await self._store.open_puzzle_race(
            asker.user_id, asker.guild_id, asker.channel_id, asker.locale
        )
        if race.host_id != asker.user_id or race.status != "open":
            return Notice(tr(asker.locale, "racer.one_here"))
        return await self.card(race)

    async def placed(self, race_id: int, message_id: int) -> None:
        """Where the race's card was posted."""
        await self._store.set_puzzle_race_message(race_id, message_id)

    async def join(self, asker: Asker, race_id: int) -> PuzzleRaceCard | Notice:
        joined = await self._store.join_puzzle_race(race_id, asker.user_id, MOST)
        if joined != "joined":
            return Notice(tr(asker.locale, f"racer.{joined}"))
        return await self._card_of(race_id, asker)

    async def start(self, asker: Asker, race_id: int) -> PuzzleRaceCard | Notice:
        """Start, pressed by the host with two racers or more."""
        locale = asker.locale
        race = await self._store.puzzle_race(race_id)
        if race is None or race.status != "open":
            return Notice(tr(locale, "racer.closed"))
        if race.host_id != asker.user_id:
            return Notice(tr(locale, "racer.host_starts"))
        if len(race.racers) < 2:
            return Notice(tr(locale, "racer.too_few"))
        started = await self._begin(race, self._clock())
        if started is None:
            return await self._card_of(race_id, asker)
        return await self.card(started)

    async def play(self, asker: Asker, race_id: int) -> RunBoard | Notice:
        """Play, on the card: the racer's board at their next puzzle; once
        the race is over, their puzzles and the moves that kept each win."""
        found = await self._racing(asker, race_id)
        if isinstance(found, Notice):
            return found
        race, racer = found
        if race.status == "over" or self._clock() >= (race.ends_at or 0):
            return await self._summary(asker, race, racer)
        return await self._board(asker, race, racer, "")

    async def answer(self, asker: Asker, race_id: int, done: int, value: str) -> RunBoard | Notice:
        """A pick from a racer's board showing the race's puzzle after *done*:
        a move (judged, and the next puzzle dealt), or a pile's moves."""
        locale = asker.locale
        found = await self._racing(asker, race_id)
        if isinstance(found, Notice):
            return found
        race, racer = found
        if race.status == "over" or self._clock() >= (race.ends_at or 0):
            return await self._summary(asker, race, racer)
        if racer.done != done or done >= len(race.puzzles):
            return Notice(tr(locale, "racer.stale"))
        puzzle = await self._store.one_move(race.puzzles[done])
        if puzzle is None:  # gone with the player it came from: passed, for no points
            return await self._past_gone(asker, race, racer)
        if value.startswith(FROM):
            return await self._board(asker, race, racer, "", value.removeprefix(FROM) or None)
        game = one_move_game(puzzle)
        move = next((move for move in game.legal_moves() if move.notation == value), None)
        if move is None:
            return Notice(tr(locale, "streak.no_such_move", move=value))
        right = move.notation in puzzle.keeping
        points = 1 + bonus(racer.combo + 1) if right else 0
        # The try rates the puzzle (Glicko-2, against the racer's puzzle
        # rating), and the racer's rating not at all.
        player = await self._store.puzzle_player(asker.user_id)
        _, its = play(Rating(*player.rated), Rating(*puzzle.rated), right)
        counted = await self._store.record_puzzle_try(
            race.id, racer, puzzle.id, right=right, points=points,
            rated=(its.rating, its.deviation, its.volatility),
        )  # fmt: skip
        if counted is None:
            return Notice(tr(locale, "racer.stale"))
        if right:
            said = tr(locale, "racer.right", move=move.notation, points=points, n=counted.score)
            if counted.combo > 1:
                said += " " + tr(locale, "racer.combo", n=counted.combo)
        else:
            said = tr(
                locale, "racer.wrong", move=move.notation, kept=written(puzzle.keeping),
                n=counted.score,
            )  # fmt: skip
        return await self._board(asker, race, counted, said)

    async def sweep(self) -> set[int]:
        """Starts the open races whose time to join is up (or lapses those
        with fewer than two racers), ends the races whose time is up, and
        names every card that is behind."""
        now = self._clock()
        waiting, done = await self._store.due_puzzle_races(now, OPEN_FOR)
        changed: set[int] = set()
        for race_id in waiting:
            race = await self._store.puzzle_race(race_id)
            if race is None or race.status != "open":
                continue
            if len(race.racers) < 2 or await self._begin(race, now) is None:
                await self._store.end_puzzle_race(race_id)
            changed.add(race_id)
        for race_id in done:
            if await self._store.end_puzzle_race(race_id):
                changed.add(race_id)
        return changed | set(await self._store.due_puzzle_race_cards(now, EVERY))

    async def card(self, race: PuzzleRaceRow) -> PuzzleRaceCard:
        """The race's card as *race* stands, in its host's language."""
        locale = race.locale
        now = self._clock()
        host = _named(race.racer(race.host_id), race.host_id, locale)
        lines = [tr(locale, "racer.title", host=host)]
        actions: tuple[str, ...] = ()
        if race.status == "open":
            lines.append(
                tr(
                    locale, "racer.open", n=len(race.racers), most=MOST,
                    lapses=_when(race.created_at + OPEN_FOR), host=host,
                )
            )  # fmt: skip
            lines.append(", ".join(_named(racer, racer.user_id, locale) for racer in race.racers))
            actions = ("join", "start")
        elif race.status == "running":
            assert race.starts_at is not None and race.ends_at is not None
            if now < race.starts_at:
                lines.append(
                    tr(locale, "racer.countdown", starts=_when(race.starts_at), n=int(RACE_FOR))
                )
            lines.append(tr(locale, "racer.running", ends=_when(race.ends_at)))
            lines += _standings(race, locale)
            actions = ("play",)
        elif not race.puzzles:
            lines.append(tr(locale, "racer.lapsed"))
        else:
            lines.append(tr(locale, "racer.over"))
            lines += _standings(race, locale, podium=True)
            actions = ("play",)
        return PuzzleRaceCard(race.id, "\n".join(lines), actions, locale, race.status == "over")

    async def _card_of(self, race_id: int, asker: Asker) -> PuzzleRaceCard | Notice:
        race = await self._store.puzzle_race(race_id)
        if race is None:
            return Notice(tr(asker.locale, "racer.closed"))
        return await self.card(race)

    async def _begin(self, race: PuzzleRaceRow, now: float) -> PuzzleRaceRow | None:
        """Starts *race* on puzzles drawn for its racers; ``None`` if none
        is free for them, or it started meanwhile."""
        puzzles = await self._drawn(race, now)
        if not puzzles:
            return None
        return await self._store.start_puzzle_race(
            race.id, [puzzle.id for puzzle in puzzles], now + COUNTDOWN, now + COUNTDOWN + RACE_FOR
        )

    async def _drawn(self, race: PuzzleRaceRow, now: float) -> list[OneMoveRow]:
        """The race's puzzles, easiest first: none from a racer's games, none
        of a deal in play."""
        sources = [source_digest(self._key, racer.user_id) for racer in race.racers]
        drawn = await self._store.one_moves_drawn(PUZZLES * 2, not_from=sources)
        chosen = await free_ones(self._store, drawn, now, PUZZLES)
        return sorted(chosen, key=lambda puzzle: (puzzle.rated[0], puzzle.id))

    async def _racing(
        self, asker: Asker, race_id: int
    ) -> tuple[PuzzleRaceRow, PuzzleRacer] | Notice:
        """The race and the asker in it, if it has started."""
        locale = asker.locale
        race = await self._store.puzzle_race(race_id)
        if race is None:
            return Notice(tr(locale, "racer.closed"))
        racer = race.racer(asker.user_id)
        if racer is None:
            return Notice(tr(locale, "racer.not_in"))
        if race.status == "open":
            return Notice(tr(locale, "racer.not_started"))
        if race.starts_at is not None and self._clock() < race.starts_at:
            return Notice(tr(locale, "racer.wait", starts=_when(race.starts_at)))
        return race, racer

    async def _board(
        self,
        asker: Asker,
        race: PuzzleRaceRow,
        racer: PuzzleRacer,
        said: str,
        pile: str | None = None,
    ) -> RunBoard | Notice:
        """The racer's board at their next puzzle, with *said* on top."""
        locale = asker.locale
        if racer.done >= len(race.puzzles):
            return Notice("\n".join(filter(None, (said, tr(locale, "racer.all_played")))))
        puzzle = await self._store.one_move(race.puzzles[racer.done])
        if puzzle is None:
            return await self._past_gone(asker, race, racer)
        score = tr(locale, "racer.score", n=racer.score, ends=_when(race.ends_at or 0))
        return await one_move_board(
            self._store, self._boards, asker, puzzle, "\n".join(filter(None, (said, score))),
            step=racer.done, playing=True, pile=pile, race_id=race.id, number=racer.done + 1,
        )  # fmt: skip

    async def _past_gone(
        self, asker: Asker, race: PuzzleRaceRow, racer: PuzzleRacer
    ) -> RunBoard | Notice:
        """The racer on past the race's next puzzle, gone from the store
        (with the player it came from, forgotten): no point, the combo kept."""
        puzzle_id = race.puzzles[racer.done]
        passed = await self._store.record_puzzle_try(
            race.id, racer, puzzle_id, right=False, points=0, passed=True
        )
        if passed is None:
            return Notice(tr(asker.locale, "racer.stale"))
        return await self._board(asker, race, passed, tr(asker.locale, "streak.gone"))

    async def _summary(self, asker: Asker, race: PuzzleRaceRow, racer: PuzzleRacer) -> Notice:
        """A racer's race, once over: their score and each puzzle they played."""
        locale = asker.locale
        lines = [tr(locale, "racer.yours", n=racer.score)]
        for number, (puzzle_id, right) in enumerate(racer.tries[:LISTED], 1):
            puzzle = await self._store.one_move(puzzle_id)
            kept = written(puzzle.keeping) if puzzle is not None else ("—",)
            mark = "✅" if right else "❌"
            lines.append(tr(locale, "racer.tried", n=number, mark=mark, kept=kept))
        if len(racer.tries) > LISTED:
            lines.append(tr(locale, "racer.more", n=len(racer.tries) - LISTED))
        return Notice("\n".join(lines))


def _named(racer: PuzzleRacer | None, user_id: int, locale: str) -> str:
    """A racer as the card names them: a mention, or "a player" for one who
    shows on no board (or was forgotten)."""
    hidden = racer is not None and racer.hidden
    return f"<@{user_id}>" if user_id > 0 and not hidden else tr(locale, "player.anonymous")


def _standings(race: PuzzleRaceRow, locale: str, *, podium: bool = False) -> list[str]:
    """The racers by score (the best first; alike, the one who played fewer
    puzzles first), with the podium's medals once it is over."""
    ranked = sorted(race.racers, key=lambda racer: (-racer.score, racer.done, racer.joined_at))
    return [
        tr(
            locale,
            "racer.standing",
            place=MEDALS[place] if podium and place < len(MEDALS) else f"{place + 1}.",
            racer=_named(racer, racer.user_id, locale),
            n=racer.score,
            played=racer.done,
        )
        for place, racer in enumerate(ranked)
    ]


def _when(timestamp: float) -> str:
    """A moment as Discord shows it to each reader: "in 10 seconds"."""
    return f"<t:{int(timestamp)}:R>"
