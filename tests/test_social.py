"""Stats, leaderboards, the daily deal and sharing, with a fixed clock."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.usecases.replies import Animation, Asker, Board, Notice, Picture, Shared, Unfinished
from bot.usecases.service import GameService
from bot.usecases.social import Social
from bot.usecases.workers import Kind
from solitaire import daily_deal, load_position
from storage import Store, open_store
from texts import ordinal

ALICE, BOB, CAROL = 1, 2, 3
GUILD = 77
NOON = 1_764_504_000.0  # 2025-11-30 12:00 UTC


class Clock:
    def __init__(self) -> None:
        self.now = NOON

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database_url: str, clock: Clock) -> AsyncIterator[Store]:
    async with await open_store(database_url, clock=clock) as opened:
        yield opened


@pytest.fixture
def service(store: Store, clock: Clock) -> GameService:
    return GameService(store, clock=clock)


@pytest.fixture
def social(store: Store, clock: Clock) -> Social:
    return Social(store, clock=clock)


def two_moves_from_winning() -> dict[str, object]:
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["1"], piles["2"] = [piles["f1"].pop()], [piles["f2"].pop()]
    return load_position("klondike", piles).to_record()


async def win(
    store: Store,
    service: GameService,
    clock: Clock,
    user: int,
    *,
    deal: int,
    daily: str | None = None,
    undo: bool = False,
    seconds: float = 60,
) -> Board:
    """Stores a game of *deal* two moves from its end and wins it."""
    record = {**two_moves_from_winning(), "deal": deal}
    await store.create_game(user, record, guild_id=GUILD, daily=daily)
    clock.now += seconds
    await service.move(Asker(user), "1 f")
    if undo:
        await service.move(Asker(user), "u")
        await service.move(Asker(user), "1 f")
    reply = await service.move(Asker(user), "2 f")
    assert isinstance(reply, Board) and reply.won, reply
    return reply


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip


async def test_the_daily_deal_is_the_same_for_everyone_and_counts_once(
    service: GameService, store: Store
) -> None:
    first = await service.daily(Asker(ALICE, guild_id=GUILD), "klondike")
    assert isinstance(first, Board) and "counts" in first.news
    deal = daily_deal("klondike", "2025-11-30")
    assert f"deal {deal}" in first.summary
    bobs = await service.daily(Asker(BOB, guild_id=GUILD), "klondike")
    assert isinstance(bobs, Board) and f"deal {deal}" in bobs.summary
    again = await service.daily(Asker(ALICE, guild_id=GUILD), "klondike")  # unfinished: resumed
    assert isinstance(again, Board) and again.game_id == first.game_id
    await service.resign(Asker(ALICE))
    practice = await service.daily(Asker(ALICE, guild_id=GUILD), "klondike")
    assert isinstance(practice, Board) and "does not count" in practice.news
    row = await store.get_game(practice.game_id)
    assert row.deal == deal and row.daily is None
    assert (await store.get_game(first.game_id)).daily == "2025-11-30"


async def test_the_daily_deal_changes_at_midnight_utc(service: GameService, clock: Clock) -> None:
    today = await service.daily(Asker(ALICE), "casket")
    clock.now += 12 * 3600  # 00:00 UTC
    assert service.boards.today() == "2025-12-01"
    await service.resign(Asker(ALICE))
    tomorrow = await service.daily(Asker(ALICE), "casket")
    assert isinstance(today, Board) and isinstance(tomorrow, Board)
    assert "counts" in tomorrow.news and today.summary != tomorrow.summary


async def test_a_daily_with_an_unfinished_game_offers_a_choice(service: GameService) -> None:
    await service.start(Asker(ALICE), "klondike", deal=5)
    choice = await service.daily(Asker(ALICE), "klondike")
    assert isinstance(choice, Unfinished) and choice.daily
    replaced = await service.daily(Asker(ALICE), "klondike", replace=True)
    assert isinstance(replaced, Board) and "counts" in replaced.news


async def test_a_daily_win_says_how_it_compares(
    store: Store, service: GameService, clock: Clock
) -> None:
    day = "2025-11-30"
    await win(store, service, clock, BOB, deal=1, daily=day, seconds=30)
    await win(store, service, clock, CAROL, deal=1, daily=day, seconds=20)
    mine = await win(store, service, clock, ALICE, deal=1, daily=day, seconds=90)
    assert "That is 3rd of 3 today." in mine.news


async def test_a_win_on_a_shared_deal_says_how_it_compares(
    store: Store, service: GameService, clock: Clock
) -> None:
    first = await win(store, service, clock, BOB, deal=42)
    assert "That is" not in first.news  # nobody to compare with yet
    second = await win(store, service, clock, ALICE, deal=42, undo=True)
    assert "of 2 among the wins on this deal" in second.news
    assert "1 undo)" in second.news


async def test_stats_card_and_summary(
    store: Store, service: GameService, social: Social, clock: Clock
) -> None:
    await win(store, service, clock, ALICE, deal=1)
    await service.start(Asker(ALICE), "klondike", deal=2)
    await service.resign(Asker(ALICE))
    await win(store, service, clock, ALICE, deal=3)
    card = await social.stats(Asker(ALICE), ALICE, "Alice", "klondike")
    assert isinstance(card, Picture)
    assert "2 of 3 won (67 %), streak 1 (best 1), fewest moves 2" in card.text
    assert Image.open(io.BytesIO(card.png)).format == "PNG"
    everything = await social.stats(Asker(BOB), BOB, "Bob")
    assert isinstance(everything, Picture) and "no finished games yet" in everything.text
    assert isinstance(await social.stats(Asker(ALICE), ALICE, "Alice", "spider"), Notice)


async def test_the_leaderboard_names_players_without_asking_discord(
    store: Store, service: GameService, social: Social, clock: Clock
) -> None:
    for user, name in ((ALICE, "Alice"), (BOB, "Bob")):
        await social.remember(user, name)
    await win(store, service, clock, ALICE, deal=1)
    await win(store, service, clock, ALICE, deal=2, daily="2025-11-30")
    await win(store, service, clock, BOB, deal=3)
    board = await social.leaderboard(Asker(0, guild_id=GUILD), "klondike", "week")
    lines = board.text.splitlines()
    assert not board.private
    assert lines[:3] == [
        "**Klondike — the last 7 days**",
        "Most wins:",
        "1. Alice — 2 of 2, best 2 moves",
    ]
    assert "2. Bob — 1 of 1, best 2 moves" in lines
    assert lines[lines.index("Daily deals solved:") + 1] == "1. Alice — 1 of 1"
    assert "1st Alice — solved in 2 moves, 1:00" in board.text
    clock.now += 8 * 86400
    assert (
        "nobody has finished a game yet"
        in (await social.leaderboard(Asker(0, guild_id=GUILD), "klondike", "week")).text
    )
    assert (
        "1. Alice" in (await social.leaderboard(Asker(0, guild_id=GUILD), "klondike", "all")).text
    )
    assert (await social.leaderboard(Asker(0, guild_id=None), "klondike")).private


async def test_resigned_and_abandoned_games_count_as_losses(
    service: GameService, social: Social, store: Store
) -> None:
    await service.start(Asker(ALICE), "casket", deal=1)
    await service.start(Asker(ALICE), "casket", deal=2, replace=True)  # the first is abandoned
    await service.resign(Asker(ALICE))
    assert (await store.stats(ALICE, "casket")).played == 2
    assert (await store.stats(ALICE, "casket")).won == 0


async def test_share_gives_the_winner_a_card_and_anyone_the_deal(
    store: Store, service: GameService, social: Social, clock: Clock
) -> None:
    won = await win(store, service, clock, ALICE, deal=4711, undo=True)
    shared = await social.share(Asker(ALICE), won.game_id, "Alice")
    assert isinstance(shared, Shared) and "(with undo)" in shared.text
    assert isinstance(await social.share(Asker(BOB), won.game_id, "Bob"), Notice)
    replay = await social.replay(Asker(0), won.game_id)
    assert isinstance(replay, Animation) and Image.open(io.BytesIO(replay.gif)).format == "GIF"
    assert replay.text == ""  # every move shown: nothing to say
    again = await social.replay(Asker(BOB), won.game_id)
    assert isinstance(again, Animation) and again.gif is replay.gif  # made once per revision
    challenge = await service.play_deal(Asker(BOB), won.game_id)
    assert isinstance(challenge, Board) and (await store.get_game(challenge.game_id)).deal == 4711


async def test_a_replay_that_would_wait_is_refused_before_the_bot_answers_in_public(
    store: Store, service: GameService, social: Social, clock: Clock
) -> None:
    won = await win(store, service, clock, ALICE, deal=4711)
    await social.share(Asker(ALICE), won.game_id, "Alice")
    workers = social._workers
    # Every GIF worker busy (with a job that just takes time):
    slots = [
        asyncio.ensure_future(workers.run(Kind.GIF, time.sleep, 0.3))
        for _ in range(workers.bounds[Kind.GIF])
    ]
    await asyncio.sleep(0.05)
    refused = await social.refuse_replay(Asker(BOB), won.game_id)
    assert isinstance(refused, Notice) and "try again in a moment" in refused.text
    await asyncio.gather(*slots)
    assert await social.refuse_replay(Asker(BOB), won.game_id) is None
