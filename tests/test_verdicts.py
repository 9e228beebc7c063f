"""Can this game still be won: the worker's verdict, and when a kept one still holds."""

from __future__ import annotations

import time

from bot.usecases import jobs
from bot.usecases.verdicts import KnownVerdict, verdict_line
from solitaire import new_game
from solitaire.solver import Outcome
from storage import GameRow, Status


def test_a_deal_that_cannot_be_won_says_so_from_the_start() -> None:
    found = jobs.verdict(new_game("castles-end", deal=7).to_record(), None, 2.0)
    assert (found.outcome, found.since) == ("unwinnable", 0)


def test_the_move_that_lost_a_winnable_game_is_named() -> None:
    game = new_game("castles-end", deal=3)
    assert jobs.verdict(game.to_record(), None, 2.0).outcome == "won"
    game.play("7 10")  # still winnable
    game.play("r2 6")  # and this one loses it
    found = jobs.verdict(game.to_record(), 0, 2.0)  # winnable at the deal: which move lost it?
    assert (found.outcome, found.since, found.move) == ("unwinnable", 2, "r2 6")
    unknown_since = jobs.verdict(game.to_record(), None, 2.0)
    assert (unknown_since.outcome, unknown_since.since) == ("unwinnable", None)


def test_a_verdict_names_no_move_past_its_deadline_and_keeps_to_it() -> None:
    # The halving that names the losing move searches several positions:
    # all of them within the job's deadline; past it, the move goes unnamed.
    game = new_game("castles-end", deal=3)
    game.play("7 10")
    game.play("r2 6")
    started = time.perf_counter()
    found = jobs.verdict(game.to_record(), 0, 2.0, 0.0)
    assert (found.outcome, found.since, found.move) == ("unwinnable", None, None)
    assert time.perf_counter() - started < 2.0


def test_a_klondike_verdict_keeps_to_its_memory_and_still_proves() -> None:
    found = jobs.verdict(new_game("klondike", deal=930_002).to_record(), None, 5.0, 8.0, 64 << 20)
    assert found.outcome == "unwinnable"  # as the search with no memory budget finds


def _row(revision: int, moves: int, undos: int, verdict: dict[str, object] | None) -> GameRow:
    return GameRow(
        id=1, user_id=1, guild_id=None, channel_id=None, message_id=None, profile="castles-end",
        version=1, options={}, deal=3, moves=["8 f"] * moves, redo=[], start=None, undos=undos,
        hints=0, status=Status.PLAYING, revision=revision, started_at=0.0, updated_at=0.0,
        finished_at=None, verdict=verdict,
    )  # fmt: skip


def test_a_kept_verdict_holds_for_its_position_and_a_loss_while_the_game_moves_on() -> None:
    won = KnownVerdict(revision=4, moves=4, undos=0, outcome=Outcome.WON)
    lost = KnownVerdict(6, 6, 0, Outcome.UNWINNABLE, since=3, move="r2 6")
    assert won.holds(_row(4, 4, 0, won.to_row()))
    assert not won.holds(_row(5, 5, 0, won.to_row()))  # a move may have lost it
    assert lost.holds(_row(6, 6, 0, lost.to_row()))  # lost stays lost…
    assert lost.holds(_row(9, 8, 0, lost.to_row()))
    assert not lost.holds(_row(7, 5, 1, lost.to_row()))  # …until an undo
    assert "since move 3 (`r2 6`)" in verdict_line(_row(6, 6, 0, lost.to_row()), "en")
    assert verdict_line(_row(5, 5, 0, won.to_row()), "en") == ""  # unknown: nothing said


def test_a_kept_verdict_reads_back_as_it_was_kept_and_a_damaged_one_as_none() -> None:
    lost = KnownVerdict(6, 6, 0, Outcome.UNWINNABLE, since=3, move="r2 6")
    assert KnownVerdict.from_row(lost.to_row()) == lost
    assert KnownVerdict.from_row(None) is None
    assert KnownVerdict.from_row({"revision": 1, "outcome": "maybe"}) is None
    assert KnownVerdict.from_row(["won"]) is None


def test_the_losing_move_is_found_among_many_by_halving() -> None:
    game = new_game("castles-end", deal=3)
    game.play("7 10")
    game.play("r2 6")  # this one loses it
    for _ in range(6):  # and the game goes on, the verdicts between unknown
        game.play(game.legal_moves()[0])
    found = jobs.verdict(game.to_record(), 0, 2.0)
    assert (found.outcome, found.since, found.move) == ("unwinnable", 2, "r2 6")


def test_a_losing_move_gets_a_move_that_kept_the_game_winnable_and_a_good_one_none() -> None:
    from solitaire.solver import solve

    game = new_game("castles-end", deal=3)
    game.play("7 10")  # still winnable
    kept = game.copy()
    game.play("r2 6")  # and this one loses it
    found = jobs.verdict(game.to_record(), 0, 2.0)
    assert found.better is not None and found.better != "r2 6"
    kept.play(found.better)  # it does keep the game winnable
    assert solve(kept, max_seconds=2.0).outcome is Outcome.WON
    line = KnownVerdict(6, 2, 0, Outcome.UNWINNABLE, 2, "r2 6", found.better).line("en")
    assert f"`{found.better}` kept it winnable" in line
    assert KnownVerdict.from_row(KnownVerdict(6, 2, 0, Outcome.UNWINNABLE, 2, "r2 6", "x").to_row())
    still = new_game("castles-end", deal=3)
    still.play("7 10")
    assert jobs.verdict(still.to_record(), 0, 2.0).better is None  # a good move: nothing to say
