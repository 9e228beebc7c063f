"""Puzzles in the store, SQLite and PostgreSQL: one puzzle per position, a
first try counted once with both ratings, the daily puzzle the same for all,
and a forgotten player's results, rating and puzzles gone."""

from __future__ import annotations

import asyncio

from storage import UNRATED, Store

START = {"f1": ["1S"], "1": ["2S", "3S"], "2": []}
ALICE, BOB = 1001, 1002


async def add(store: Store, start: dict[str, list[str]] = START, source: str | None = None) -> int:
    added = await store.add_puzzle(
        "castles-end", {}, start, ["1 f1", "1 f1"], 2, source=source, deal=3
    )
    assert added is not None
    return added


async def test_a_position_is_kept_once_and_reads_back_as_it_was_kept(store: Store) -> None:
    puzzle_id = await add(store)
    assert (
        await store.add_puzzle("castles-end", {}, START, ["1 f1"], 1, source=None, deal=9) is None
    )
    kept = await store.puzzle(puzzle_id)
    assert kept is not None and kept.start == START and kept.line == ["1 f1", "1 f1"]
    assert kept.rated == UNRATED and kept.tries == 0
    assert await store.puzzle(puzzle_id + 1000) is None
    assert (
        await store.count_puzzles("castles-end") == 1 and await store.count_puzzles("klondike") == 0
    )


async def test_the_cards_a_puzzle_shows_are_kept_and_go_with_its_game(store: Store) -> None:
    start = {"1": ["KS", "QH"], "s": ["#2C", "#3D"]}
    puzzle_id = await store.add_puzzle(
        "klondike", {"draw": 1}, start, ["1 f1", "1 f1"], 2, source=None, deal=4,
        revealed=["KS"],
    )  # fmt: skip
    assert puzzle_id is not None
    kept = await store.puzzle(puzzle_id)
    assert kept is not None and kept.revealed == ("KS",)
    assert (await store.puzzle(await add(store))).revealed == ()  # type: ignore[union-attr]
    record = {"profile": "klondike", "version": 1, "options": {"draw": 1}, "start": start}
    row = await store.start_puzzle(ALICE, record, puzzle_id, revealed=kept.revealed)
    assert row.extra == {"revealed": ["KS"]}
    assert (await store.get_game(row.id)).extra == {"revealed": ["KS"]}


async def test_a_first_try_counts_with_both_ratings_and_a_second_counts_nothing(
    store: Store,
) -> None:
    puzzle_id = await add(store)
    counted = await store.record_puzzle(
        ALICE, puzzle_id, solved=True, player=(1600.0, 300.0, 0.06), puzzle=(1400.0, 300.0, 0.06)
    )
    again = await store.record_puzzle(
        ALICE, puzzle_id, solved=False, player=(1000.0, 300.0, 0.06), puzzle=(2000.0, 300.0, 0.06)
    )
    assert (counted, again) == (True, False)
    assert (await store.puzzle_player(ALICE)).rated == (1600.0, 300.0, 0.06)
    kept = await store.puzzle(puzzle_id)
    assert kept is not None and kept.rated == (1400.0, 300.0, 0.06) and kept.tries == 1
    assert await store.tried_puzzle(ALICE, puzzle_id) is True
    assert await store.tried_puzzle(BOB, puzzle_id) is None


async def test_two_tries_at_once_count_one(store: Store) -> None:
    puzzle_id = await add(store)
    tries = [
        store.record_puzzle(ALICE, puzzle_id, solved=True, player=UNRATED, puzzle=UNRATED)
        for _ in range(4)
    ]
    assert sorted(await asyncio.gather(*tries)) == [False, False, False, True]
    assert (await store.puzzle(puzzle_id)).tries == 1  # type: ignore[union-attr]


async def test_puzzles_near_a_rating_leave_out_the_tried_and_the_players_own(store: Store) -> None:
    mine = await add(store, {"1": ["4S"]}, source="alice's digest")
    tried = await add(store, {"1": ["5S"]})
    fresh = await add(store, {"1": ["6S"]})
    await store.record_puzzle(ALICE, tried, solved=False, player=UNRATED, puzzle=UNRATED)
    near = await store.puzzles_near(ALICE, "castles-end", 1500.0, not_from="alice's digest")
    assert [puzzle.id for puzzle in near] == [fresh]
    theirs = await store.puzzles_near(BOB, None, 1500.0, not_from="bob's digest")
    assert sorted(puzzle.id for puzzle in theirs) == sorted([mine, tried, fresh])


async def test_the_daily_puzzle_is_the_first_asked_for_and_a_streak_runs_on_solved_days(
    store: Store,
) -> None:
    first, second = await add(store, {"1": ["7S"]}), await add(store, {"1": ["8S"]})
    assert await store.daily_puzzle("2026-12-06", [first]) == first
    assert await store.daily_puzzle("2026-12-06", [second]) == first  # kept for everyone
    assert await store.daily_puzzle("2026-12-07", []) is None
    days = [("2026-12-05", "2026-12-04", True), ("2026-12-06", "2026-12-05", True)]
    for number, (day, yesterday, solved) in enumerate(days):
        puzzle_id = await add(store, {"2": [f"{number + 1}H"]})
        await store.record_puzzle(
            ALICE, puzzle_id, solved=solved, player=UNRATED, puzzle=UNRATED, daily=day,
            yesterday=yesterday,
        )  # fmt: skip
    player = await store.puzzle_player(ALICE)
    assert (player.streak, player.best_streak, player.daily) == (2, 2, "2026-12-06")
    missed = await add(store, {"2": ["9H"]})  # a day skipped, then failed
    await store.record_puzzle(
        ALICE, missed, solved=False, player=UNRATED, puzzle=UNRATED, daily="2026-12-08",
        yesterday="2026-12-07",
    )  # fmt: skip
    player = await store.puzzle_player(ALICE)
    assert (player.streak, player.best_streak) == (0, 2)


async def test_forgetting_a_player_takes_their_results_rating_and_puzzles(store: Store) -> None:
    theirs = await add(store, {"1": ["9S"]}, source="alice's digest")
    other = await add(store, {"1": ["10S"]}, source="bob's digest")
    await store.record_puzzle(ALICE, other, solved=True, player=UNRATED, puzzle=UNRATED)
    assert "puzzle_results" in await store.player_data(ALICE)
    await store.forget_player(ALICE, "forgotten", every=0.0, puzzle_source="alice's digest")
    assert await store.puzzle(theirs) is None and await store.puzzle(other) is not None
    assert await store.tried_puzzle(ALICE, other) is None
    assert (await store.puzzle_player(ALICE)).rated == UNRATED


async def test_a_forgotten_players_tries_are_kept_under_a_digest_per_puzzle(store: Store) -> None:
    """One try a puzzle outlasts forgetting: each kept under a keyed digest of
    the puzzle and the player (here a plain string), naming no one; a puzzle
    in play counts as a try not solved; kept tries go with their puzzle."""
    solved, failed, playing, untried = [
        await add(store, {"1": [card]}, source="bob's digest") for card in ("9S", "8S", "7S", "6S")
    ]
    await store.record_puzzle(ALICE, solved, solved=True, player=UNRATED, puzzle=UNRATED)
    await store.record_puzzle(ALICE, failed, solved=False, player=UNRATED, puzzle=UNRATED)
    record = {"profile": "castles-end", "version": 1, "options": {}, "start": START}
    await store.start_puzzle(ALICE, record, playing)
    await store.forget_player(
        ALICE, "forgotten", every=0.0, puzzle_digest=lambda puzzle: f"try {puzzle}"
    )
    assert not (await store.player_data(ALICE))["puzzle_results"]
    assert await store.tried_puzzle(ALICE, solved) is None  # nothing under their id
    assert await store.tried_puzzle(ALICE, solved, f"try {solved}") is True
    assert await store.tried_puzzle(ALICE, failed, f"try {failed}") is False
    assert await store.tried_puzzle(ALICE, playing, f"try {playing}") is False
    assert await store.tried_puzzle(ALICE, untried, f"try {untried}") is None
    assert await store.tried_puzzle(ALICE, failed, f"try {solved}") is None  # one per puzzle
    every = {p: f"try {p}" for p in (solved, failed, playing, untried)}
    assert await store.kept_tries(every) == {solved, failed, playing}
    await store.forget_player(BOB, "bob forgotten", every=0.0, puzzle_source="bob's digest")
    assert await store.kept_tries(every) == set()  # gone with their puzzles


async def test_two_presses_at_once_start_one_puzzle_game(store: Store) -> None:
    first, second = await add(store, {"1": ["QS"]}), await add(store, {"1": ["KS"]})
    record = {"profile": "castles-end", "version": 1, "options": {}, "start": START}
    started = await asyncio.gather(
        store.start_puzzle(ALICE, record, first), store.start_puzzle(ALICE, record, second)
    )
    assert started[0].id == started[1].id  # one game, the other press shown it
    assert (await store.puzzle_in_play(ALICE)) == started[0]
