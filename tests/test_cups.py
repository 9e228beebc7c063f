"""A cup's deals: drawn when it opens, by one process, from numbers no one
can list, each one the solver wins, graded as its pool's deals are."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.usecases.cups import Cups, grade_of_deal
from bot.usecases.replies import Asker, Board, Notice, Shared
from bot.usecases.service import GameService
from bot.usecases.social import Social
from bot.usecases.workers import Workers
from solitaire import MAX_DEAL, VARIANTS, grading, new_game, winnable_deals
from solitaire.deal import SECRET_DEALS
from solitaire.pool import deal_grade, hardest
from solitaire.solver import Outcome, solve
from storage import Store, open_store
from storage.migrations import MIGRATIONS
from tests.databases import STORES, execute, fresh_database
from tests.test_social import Clock, clock, service, store

__all__ = ["clock", "service", "store"]  # fixtures, used by name

HOST, PLAYER = 1, 2
#: The migrations before cups' deals were drawn at the opening.
DEALS_DRAWN = 23
POOL_DEAL = winnable_deals(VARIANTS["klondike"], {})[0]


def asker(user_id: int) -> Asker:
    return Asker(user_id, guild_id=10, channel_id=11)


async def opened(cups: Cups, game: str, deals: int, starts: float = 0.0) -> int:
    card = await cups.open(asker(HOST), manager=True, game=game, deals=deals, starts=starts)
    assert not isinstance(card, Notice)
    return card.cup_id


async def test_a_cups_deals_are_drawn_once_when_it_opens_and_won_by_the_solver(
    store: Store, service: GameService, clock: Clock
) -> None:
    cups = Cups(store, service, Workers(0), clock=clock)
    other = Cups(store, service, Workers(0), clock=clock)  # another process
    cup_id = await opened(cups, "klondike", 3)
    card = await cups.card(await store.get_cup(cup_id))
    assert "being dealt and graded" in card.text and "Difficulty" not in card.text
    early = await cups.play(asker(PLAYER), cup_id)
    assert isinstance(early, Notice) and "being dealt" in early.text
    # Two processes at once: one draws, the other finds it claimed.
    drawn = await asyncio.gather(cups.draw_due(), other.draw_due())
    assert sorted(drawn, key=len) == [[], [cup_id]]
    deals = await store.cup_deals(cup_id)
    assert [d.number for d in deals] == [1, 2, 3] and len({d.deal for d in deals}) == 3
    for deal in deals:
        assert deal.deal in SECRET_DEALS and deal.deal > MAX_DEAL
        game = new_game(deal.profile, deal.deal)
        hardest_search = hardest(VARIANTS[deal.profile], {})
        won = solve(game, max_nodes=hardest_search, max_seconds=60, prove=False)
        assert won.outcome is Outcome.WON
        assert deal.stars is not None and 1 <= deal.stars <= 5
        assert deal.par is not None and 0 < deal.par <= len(won.moves)
    assert not await cups.draw(cup_id) and await store.cup_deals(cup_id) == deals
    stars = " · ".join("★" * d.stars + "☆" * (5 - d.stars) for d in deals if d.stars)
    assert (
        f"Difficulty of each deal: {stars}" in (await cups.card(await store.get_cup(cup_id))).text
    )
    board = await cups.play(asker(PLAYER), cup_id)
    assert isinstance(board, Board) and "Cup · deal 1 of 3" in board.news
    assert str(deals[0].deal) not in board.news + board.summary + board.alt


async def test_a_scheduled_cup_holds_no_deal_until_it_opens(
    store: Store, service: GameService, clock: Clock
) -> None:
    cups = Cups(store, service, Workers(0), clock=clock)
    cup_id = await opened(cups, "casket", 2, starts=1.0)
    assert await cups.draw_due() == [] and await store.cup_deals(cup_id) == []
    clock.now += 3600
    await cups.sweep()
    assert await cups.draw_due() == [cup_id]
    assert [d.profile for d in await store.cup_deals(cup_id)] == ["casket", "casket"]


@pytest.mark.slow
async def test_a_mixed_cup_deals_each_game_in_turn(
    store: Store, service: GameService, clock: Clock
) -> None:
    cups = Cups(store, service, Workers(0), clock=clock)
    cup_id = await opened(cups, "mixed", 4)
    assert await cups.draw_due() == [cup_id]
    assert {d.profile for d in await store.cup_deals(cup_id)} == set(VARIANTS)


async def test_a_cup_deal_keeps_its_grade_on_its_boards_its_win_card_and_after_the_close(
    store: Store, service: GameService, clock: Clock
) -> None:
    cups = Cups(store, service, Workers(0), clock=clock)
    cup_id = await opened(cups, "klondike", 1)
    assert await cups.draw(cup_id)
    [deal] = await store.cup_deals(cup_id)
    assert deal.stars is not None and deal.par is not None
    shown = "★" * deal.stars + "☆" * (5 - deal.stars)
    assert deal_grade(VARIANTS["klondike"], {}, deal.deal) is None  # no pool has it
    board = await cups.play(asker(PLAYER), cup_id)
    assert (
        isinstance(board, Board)
        and shown in board.summary
        and f"difficulty {deal.stars} of 5" in board.alt
    )
    assert str(deal.deal) not in board.summary + board.alt
    # Won on the solver's par line: at par, on the board and on the win card.
    line = grading.measure(new_game("klondike", deal.deal), hardest(VARIANTS["klondike"], {}))
    assert line is not None and line.par == deal.par
    row = await store.get_game(board.game_id)
    await store.save_moves(
        row.id, [m.notation for m in line.par_line], expected_revision=row.revision, status="won"
    )
    won = await service.show(asker(PLAYER), board.game_id)
    assert isinstance(won, Board) and f"At par: {deal.par} moves" in won.news
    await store.close_cups(clock.now, cup_id)
    social = Social(store, Workers(0), clock=clock)
    card = await social.share(asker(PLAYER), board.game_id, "player")
    assert isinstance(card, Shared) and f"par · matched: {deal.par}" in card.alt
    assert f"difficulty: {deal.stars}/5" in card.alt
    # Played again after the close, by its number: the same stars.
    again = await service.start(Asker(3), "klondike", deal=deal.deal)
    assert isinstance(again, Board) and shown in again.summary and str(deal.deal) in again.summary


@pytest.mark.parametrize("kind", STORES)
async def test_an_upgrade_keeps_the_deals_of_open_cups_and_no_secret(
    kind: str, tmp_path: Path
) -> None:
    """Cups of the schema before deals were drawn at the opening: an open or
    closed cup keeps its deals (its pool grades them), a scheduled one holds
    none until it opens, and no cup keeps the secret its deals were chosen by."""
    async with fresh_database(kind, tmp_path) as url:
        later = MIGRATIONS[DEALS_DRAWN:]
        del MIGRATIONS[DEALS_DRAWN:]
        try:
            await (await open_store(url)).close()
        finally:
            MIGRATIONS.extend(later)
        for cup_id, status in enumerate(("open", "scheduled", "closed"), 1):
            await execute(
                url, "INSERT INTO cups (id, guild_id, channel_id, host_id, locale, game, deals,"
                " clean, weekly, hours, secret, starts_at, ends_at, status, created_at)"
                " VALUES (?, 1, 2, 3, 'en', 'klondike', 1, 0, 0, 1, 'the secret', 0, 3600, ?, 0)",
                cup_id, status,
            )  # fmt: skip
            await execute(
                url, "INSERT INTO cup_deals (cup_id, number, profile, options, deal)"
                " VALUES (?, 1, 'klondike', '{}', ?)", cup_id, POOL_DEAL,
            )  # fmt: skip
        async with await open_store(url) as store:
            assert [d.deal for d in await store.cup_deals(1)] == [POOL_DEAL]
            assert await store.cup_deals(2) == []
            assert [d.deal for d in await store.cup_deals(3)] == [POOL_DEAL]
            [deal] = await store.cup_deals(1)
            assert grade_of_deal(deal) == deal_grade(VARIANTS["klondike"], {}, POOL_DEAL)
        rows = await execute(url, "SELECT * FROM cups")
        assert len(rows) == 3 and "the secret" not in repr(rows)


async def test_a_draw_that_fails_leaves_the_cup_to_the_next_sweep(
    store: Store, service: GameService, clock: Clock
) -> None:
    closed = Workers(0)
    await closed.close()  # as when the process stops mid-draw
    cups = Cups(store, service, closed, clock=clock)
    cup_id = await opened(cups, "klondike", 1)
    with pytest.raises(RuntimeError):
        await cups.draw(cup_id)
    assert await store.cups_to_draw(clock.now) == [cup_id]  # no claim left behind
    assert await Cups(store, service, Workers(0), clock=clock).draw_due() == [cup_id]
