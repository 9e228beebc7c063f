"""The CPU-heavy jobs, as plain functions of plain data: each runs in a
worker process (:mod:`bot.workers`), so what goes in and comes out is small
and picklable — a game's record, never a live game."""

from __future__ import annotations

import contextlib
import gzip
import json
import math
import os
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from render import (
    THEMES,
    Replay,
    Standing,
    Win,
    render_celebration,
    render_profile,
    render_replay,
    render_win_card,
    win_card_words,
)
from render.cards import Emblem, render_medallion
from render.profile import Profile
from render.stats import StatsCard, render_stats
from solitaire import Grade, Move, Snapshot, load_game, load_position, new_game
from solitaire.grading import grade_new
from solitaire.hindsight import position_after, searcher, turning_point
from solitaire.one_move import OneMove, before_the_loss
from solitaire.puzzles import Puzzle, candidate
from solitaire.scoring import Scoring, points
from solitaire.solver import HINT_SECONDS, Outcome, solve
from texts import DEFAULT, tr


@dataclass(frozen=True)
class Searched:
    """What a hint's search found from a position."""

    outcome: Outcome
    #: The winning line (``WON``), in notation.
    line: tuple[str, ...] = ()
    #: The heuristic's move when no line was found (``None``: no useful move).
    fallback: str | None = None


def start_worker(parent: int, idle: bool = False) -> None:
    """Sets up a worker process (the pool's initializer): it yields the CPU
    to the bot's own process *parent*, which answers players, and it ends
    when that process is gone, even if it was killed and could not say so
    (its fork server, the worker's own parent, ends with it too). An *idle*
    worker (the verdicts' pool's: nobody waits for them) runs only on a core
    nothing else wants, where Linux has that class: a core it holds still
    counts as free when the bot's process wakes to answer."""
    os.nice(10)
    if idle and hasattr(os, "sched_setscheduler"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    forked_by = os.getppid()

    def watch() -> None:
        while os.getppid() == forked_by and _alive(parent):
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but another user's: not the bot
        return False
    return True


def warm_up() -> None:
    """Nothing: run once per worker at start, so the imports are done before
    the first player waits on them."""


def replay(record: Mapping[str, Any]) -> Snapshot:
    """Replays a record, checking every move, and returns where it ends.

    :raises solitaire.BadRecord: if it does not replay.
    """
    return load_game(record).snapshot()


def undo(record: Mapping[str, Any]) -> tuple[dict[str, Any], Snapshot]:
    """Replays a record and takes its last move back, as a player's undo
    does; returns the record after it, and where it ends.

    :raises solitaire.BadRecord: if it does not replay.
    :raises solitaire.IllegalMove: if it has no move to take back.
    """
    game = load_game(record)
    game.undo()
    return game.to_record(), game.snapshot()


def search(record: Mapping[str, Any], seconds: float = HINT_SECONDS, memory: int = 0) -> Searched:
    """Searches for a win from the position of *record* for at most *seconds*
    and *memory* bytes (0: a node cap instead; see :func:`solitaire.solver.solve`)."""
    game = load_game(record)
    solution = solve(game, max_seconds=seconds, **_budget(memory))
    if solution.outcome is Outcome.WON and solution.moves:
        return Searched(Outcome.WON, tuple(move.notation for move in solution.moves))
    fallback = game.hint()
    return Searched(solution.outcome, (), fallback.notation if fallback else None)


def replay_gif(record: Mapping[str, Any], theme: str, locale: str = DEFAULT) -> Replay:
    """The animated replay of a finished game (bounded in frames and bytes)."""
    return render_replay(record, theme=THEMES[theme], locale=locale)


def grade_deal(profile: str, deal: int) -> tuple[int, int] | None:
    """A cup deal's grade, stars and par, as its pool's are graded; ``None``
    if the solver does not win it within the pool's hardest search."""
    found = grade_new(new_game(profile, deal))
    return None if found is None else (found.stars, found.par)


def win_card(
    record: Mapping[str, Any],
    player: str,
    elapsed: float | None,
    hints: int,
    theme: str,
    standing: Standing | None = None,
    streak: int = 0,
    scoring: str = "off",
    locale: str = DEFAULT,
    practice: bool = False,
    grade: Grade | None = None,
    avatar: bytes | None = None,
    badges: tuple[Emblem, ...] = (),
    large: bool = False,
) -> tuple[bytes, int | None, str]:
    """The win card, the game's score as *scoring* counts it (``None``:
    none), worked out here with the replay the card needs anyway, and the
    card's alt text: every word on it. A *practice* win is not held up
    against par; *grade* is the deal's (``None``: its pool's)."""
    game = load_game(record)
    chosen = Scoring.named(scoring)
    scored = points(game, chosen, elapsed)
    label = tr(locale, "tile.vegas" if chosen is Scoring.VEGAS else "tile.score")
    tile = None if scored is None else (str(scored), label)
    win = Win(player, elapsed, hints, standing, streak, tile, practice, grade, avatar, badges)
    png = render_win_card(game, win, theme=THEMES[theme], locale=locale, large=large)
    alt = win_card_words(game, win, locale)
    return png, scored, alt


def celebration_gif(record: Mapping[str, Any], theme: str, locale: str = DEFAULT) -> Replay:
    """The cards of a won game bouncing off its foundations (under 2 MB)."""
    picture = render_celebration(load_game(record), theme=THEMES[theme], locale=locale)
    return Replay(picture, 1, 0)


def stats_card(card: StatsCard, theme: str, large: bool = False) -> bytes:
    return render_stats(card, theme=THEMES[theme], large=large)


def medallion(avatar: bytes | None, theme: str) -> bytes:
    """A champion's avatar with a gold medal, for the closed cup's card."""
    return render_medallion(avatar, theme=THEMES[theme])


def profile_card(card: Profile, theme: str, large: bool = False) -> bytes:
    return render_profile(card, theme=THEMES[theme], large=large)


@dataclass(frozen=True)
class Verdict:
    """Whether a position can still be won; once lost, the number of the
    move after which it was (0: the deal itself) and that move, where known,
    and a move from the position before it that kept the game winnable."""

    outcome: Outcome
    since: int | None = None
    move: str | None = None
    better: str | None = None


def _budget(memory: int) -> dict[str, Any]:
    """A search's caps: held to *memory* bytes with no node cap where it
    keeps to a memory budget, else the node cap (0: the node cap alone)."""
    return {"max_nodes": None, "memory": memory} if memory > 0 else {}


def verdict(
    record: Mapping[str, Any],
    winnable_at: int | None,
    seconds: float,
    within: float = math.inf,
    memory: int = 0,
) -> Verdict:
    """Searches the position of *record* for at most *seconds* and *memory*
    bytes. If it is lost and the position after *winnable_at* moves was known
    to be winnable, the positions between are halved to name the move that
    lost it: each search at most *seconds*, all of them within *within*
    seconds of the start (past it, the move is not named)."""
    deadline = time.perf_counter() + within
    outcome = solve(load_game(record), max_seconds=seconds, **_budget(memory)).outcome
    if outcome is not Outcome.UNWINNABLE:
        return Verdict(outcome)
    moves = list(record["moves"])
    if not moves:
        return Verdict(outcome, since=0)
    if winnable_at is None or winnable_at >= len(moves):
        return Verdict(outcome)
    judge = searcher(record, seconds, deadline=deadline, **_budget(memory))
    point = turning_point(judge, winnable_at, (), len(moves), high_lost=True)
    if not point.lost:
        return Verdict(outcome)
    # The first move of a winning line from the position before it kept it winnable.
    line = point.line or judge(point.kept).moves
    better = line[0].notation if line and line[0].notation != moves[point.kept] else None
    return Verdict(outcome, since=point.kept + 1, move=moves[point.kept], better=better)


@dataclass(frozen=True)
class Review:
    """What a finished game's review found.

    ``deal`` says whether the deal could be won. For a deal that could,
    ``kept`` is the last position known to be winnable (moves played) and
    ``lost`` whether the move after it was proved to lose the game (``None``:
    unknown; the position where the player stopped may still be winnable),
    with ``line`` a winning line from ``kept`` and ``gif`` its animation."""

    deal: Outcome
    kept: int = 0
    lost: bool | None = None
    line: tuple[str, ...] = ()
    gif: bytes = b""
    #: The puzzle the position before the losing move makes, if a good one.
    puzzle: Puzzle | None = None


def review(
    record: Mapping[str, Any],
    seconds: float,
    theme: str,
    locale: str = DEFAULT,
    within: float = math.inf,
    memory: int = 0,
) -> Review:
    """Finds whether the deal of *record* could be won and, if so, the last
    position of the game from which it still could (see :mod:`solitaire.hindsight`):
    each search at most *seconds* and *memory* bytes, all within *within* seconds."""
    moves = list(record["moves"])
    judge = searcher(record, seconds, deadline=time.perf_counter() + within, **_budget(memory))
    start = judge(0)
    if start.outcome is not Outcome.WON:
        return Review(start.outcome)
    end = judge(len(moves))
    if end.outcome is Outcome.WON:
        return _review_from(record, len(moves), end.moves, theme, locale, lost=False)
    lost_at_end = end.outcome is Outcome.UNWINNABLE
    point = turning_point(judge, 0, start.moves, len(moves), high_lost=lost_at_end)
    found = _review_from(record, point.kept, point.line, theme, locale, lost=point.lost or None)
    if not point.lost or record.get("start") is not None:
        return found
    return replace(found, puzzle=candidate(record, point.kept))


def one_move_before(record: Mapping[str, Any], kept: int) -> OneMove | None:
    """The one-move puzzle at the position before a lost game's losing move
    (after its first *kept* moves), if it makes one: each first move
    searched for :data:`~solitaire.one_move.CHOICE_SECONDS`."""
    return before_the_loss(record, kept)


def _review_from(
    record: Mapping[str, Any],
    kept: int,
    line: Sequence[Move],
    theme: str,
    locale: str,
    *,
    lost: bool | None,
) -> Review:
    """The review with a GIF of *line* played from the position after *kept* moves."""
    game = position_after(record, kept)
    shown = load_position(game.profile, game.position(), **game.options)
    for move in line:
        shown.play(move.notation)
    gif = render_replay(shown.to_record(), theme=THEMES[theme], max_frames=60, locale=locale).gif
    return Review(Outcome.WON, kept, lost, tuple(move.notation for move in line), gif)


def is_stuck(record: Mapping[str, Any]) -> bool:
    """Whether the game of *record* has no legal move left."""
    return load_game(record).is_stuck


def export_file(data: Mapping[str, Any], largest: int) -> tuple[bytes, str]:
    """A player's data as a file (see :mod:`bot.usecases.mydata`): JSON, or
    gzip'd JSON if that is larger than *largest* bytes; its bytes and name."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).encode()
    if len(text) <= largest:
        return text, "solitaire-data.json"
    return gzip.compress(text, mtime=0), "solitaire-data.json.gz"
