"""Achievements: each condition and its exact thresholds, from facts; the
facts from stored games; each recorded once, with the win that earns it,
the same whether games come one by one or counted at once, and once when
two processes finish games of one player at the same moment (both stores)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import pytest

from solitaire import new_game
from solitaire.achievements import ACHIEVEMENTS, BY_CODE, FAST, Facts, earned, experience
from storage import CupDeal, Status, Store, open_store

GAMES = ("klondike", "calculation", "castles-end", "casket")


def test_there_are_families_with_tiers_and_at_least_24_in_all() -> None:
    assert len(ACHIEVEMENTS) >= 24 and len(BY_CODE) == len(ACHIEVEMENTS)
    assert {a.tier for a in ACHIEVEMENTS} == {1, 2, 3}
    assert earned(Facts()) == set()


def test_a_harder_deal_gives_more_experience() -> None:
    by_stars = [experience("castles-end", {}, False, n) for n in range(1, 6)]
    assert by_stars == sorted(by_stars) and len(set(by_stars)) == 5
    assert experience("castles-end", {}, False, None) == by_stars[2] == 20  # no grade: 3 stars
    assert experience("klondike", {"draw": 3}, True, 3) > experience("klondike", {}, True, 3)
    assert experience("casket", {}, True, 1) > experience("casket", {}, False, 1)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("tier", "wins"), [(1, 1), (2, 10), (3, 100)])
def test_wins_of_a_game_earn_each_tier_at_its_count_exactly(
    game: str, tier: int, wins: int
) -> None:
    code = f"wins.{game}.{tier}"
    assert code not in earned(Facts(wins={game: wins - 1}))
    assert code in earned(Facts(wins={game: wins}))
    assert BY_CODE[code].progress(Facts(wins={game: wins - 1})) == wins - 1


@pytest.mark.parametrize("game", GAMES)
def test_a_fast_win_earns_the_tiers_its_time_is_under(game: str) -> None:
    bronze, silver, gold = FAST[game]
    got = earned(Facts(wins={game: 1}, fastest={game: float(silver)}))
    assert {f"fast.{game}.1", f"fast.{game}.2"} <= got and f"fast.{game}.3" not in got
    assert f"fast.{game}.1" not in earned(Facts(fastest={game: bronze + 0.5}))
    assert f"fast.{game}.3" in earned(Facts(fastest={game: float(gold)}))


def test_the_other_families_at_their_thresholds() -> None:
    assert "all.1" in earned(Facts(wins=dict.fromkeys(GAMES, 1)))
    assert "all.1" not in earned(Facts(wins=dict.fromkeys(GAMES[:3], 5)))
    assert {"clean.1", "clean.2"} <= earned(Facts(clean=10)) and "clean.3" not in earned(
        Facts(clean=49)
    )
    assert "streak.2" in earned(Facts(streak=7)) and "streak.2" not in earned(Facts(streak=6))
    assert "races.2" in earned(Facts(races=10)) and "races.2" not in earned(Facts(races=9))
    assert "crowd.1" in earned(Facts(crowd=1)) and "crowd.1" not in earned(Facts(races=3))
    assert "vegas.1" in earned(Facts(vegas=1)) and "vegas.1" not in earned(Facts(vegas=0))
    assert "vegas.1" not in earned(Facts())
    assert "podium.1" in earned(Facts(podiums=1)) and "podium.1" not in earned(Facts())
    assert "cup.2" in earned(Facts(cups=5)) and "cup.2" not in earned(Facts(cups=4))


async def win(
    store: Store, user_id: int, profile: str = "klondike", deal: int = 1, **kw: object
) -> tuple[str, ...]:
    """A game stored and won; the achievements its win recorded."""
    row = await store.create_game(user_id, new_game(profile, deal=deal).to_record())
    if kw:
        await store.save_moves(row.id, [], expected_revision=row.revision, **kw)  # type: ignore[arg-type]
        row = await store.get_game(row.id)
    won = await store.save_moves(row.id, [], expected_revision=row.revision, status=Status.WON)
    return won.earned


async def test_a_win_records_what_it_earns_once_and_says_so(store: Store) -> None:
    assert set(await win(store, 1, deal=1)) == {
        "wins.klondike.1",
        "clean.1",
        "fast.klondike.1",
        "fast.klondike.2",
        "fast.klondike.3",
    }
    assert await win(store, 1, deal=2) == ()
    for deal in range(3, 11):
        said = await win(store, 1, deal=deal)
    assert said == ("wins.klondike.2", "clean.2")  # the tenth, clean
    assert set(await store.achievements(1)) >= {"wins.klondike.1", "wins.klondike.2"}
    assert await win(store, 1, deal=11, undos=1) == ()  # an undo: not clean
    facts = await store.achievement_facts(1)
    assert facts.wins == {"klondike": 11} and facts.clean == 10


async def test_a_history_counted_at_once_earns_what_one_by_one_did(store: Store) -> None:
    one_by_one: set[str] = set()
    for n, profile in enumerate(["klondike", "casket", "calculation", "castles-end"] * 3):
        one_by_one |= set(await win(store, 1, profile, deal=n + 1))
    # The same games, stored without their wins saying anything (before achievements).
    for n, profile in enumerate(["klondike", "casket", "calculation", "castles-end"] * 3):
        row = await store.create_game(2, new_game(profile, deal=n + 1).to_record())
        await store.set_status(row.id, Status.WON)
    assert await store.achievements(2) == {}
    at_once = set(await store.record_achievements(2))
    assert at_once == one_by_one == set(await store.achievements(1))
    assert await store.record_achievements(2) == ()  # said once


async def test_two_processes_finishing_one_players_games_record_each_once(
    store: Store, database_url: str
) -> None:
    async with await open_store(database_url) as other:
        rows = [
            await s.create_game(7, new_game(p, deal=5).to_record())
            for s, p in ((store, "klondike"), (other, "casket"))
        ]
        said = await asyncio.gather(
            store.save_moves(rows[0].id, [], expected_revision=rows[0].revision, status=Status.WON),
            other.save_moves(rows[1].id, [], expected_revision=rows[1].revision, status=Status.WON),
        )
    told = [code for row in said for code in row.earned]
    assert len(told) == len(set(told))  # told once, by one of them
    assert "clean.1" in told
    assert set(told) == set(await store.achievements(7))


def test_progress_is_capped_at_the_threshold() -> None:
    tenth = BY_CODE["wins.klondike.2"]
    assert tenth.progress(Facts(wins={"klondike": 50})) == 10
    assert replace(Facts(), clean=3).clean == 3


def test_the_stats_chart_counts_weeks_and_a_rolling_win_rate_of_the_last_20() -> None:
    from bot.usecases.social import _chart, _weeks

    week, now = 7 * 86400, 100 * 7 * 86400.0
    old = [("klondike", now - 20 * week, True)] * 20  # before the 12 weeks: in the rate only
    recent = [("klondike", now - 1.5 * week, n % 2 == 0) for n in range(10)]
    chart = _chart(old + recent, now)
    assert chart.weekly[10] == (10, 5) and sum(g for g, _ in chart.weekly) == 10
    assert chart.rates[0] == 1.0 and chart.rates[-1] == 15 / 20  # 10 old and 5 new of 20
    # The weeks are named by the day each begins: 12 weeks before now, then on.
    weeks = _weeks(now, "en")
    assert len(weeks) == 12 and weeks[0] == "9/9" and weeks[-1] == "11/25"  # in 1971
    assert _weeks(now, "de")[0] == "9.9." and _weeks(now, "fr")[-1] == "25/11"


async def test_a_practice_win_earns_no_achievement_nor_experience(store: Store) -> None:
    """A deal whose line the player saw (or played before) is practice: as
    on the boards, its win earns nothing."""
    await store.saw_line(1, "klondike", {}, 5)
    assert await win(store, 1, deal=5) == ()
    assert await store.wins_of(1) == [] and (await store.achievement_facts(1)).wins == {}
    assert "wins.klondike.1" in await win(store, 2, deal=5)  # a fresh deal to another
    assert len(await store.wins_of(2)) == 1


async def played_cup(store: Store, results: dict[int, Status]) -> int:
    """An open cup of one deal in which each player had *results*; its id."""
    record = new_game("klondike", deal=77).to_record()
    cup = await store.create_cup(
        guild_id=9, channel_id=5, host_id=1, locale="en", game="klondike", clean=False,
        weekly=False, hours=1, role_id=None, starts_at=time.time(), deals=1,
    )  # fmt: skip
    await store.set_cup_deals(cup.id, [CupDeal(1, "klondike", {}, 77)])
    for user_id, status in results.items():
        row = await store.start_cup_game(cup.id, user_id, 1, record)
        await store.save_moves(row.id, [], expected_revision=row.revision, status=status)
    return cup.id


async def cup_of(store: Store, results: dict[int, Status]) -> None:
    """A closed cup of one deal in which each player had *results*."""
    await store.close_cups(time.time(), await played_cup(store, results))


async def test_a_cup_podium_and_win_need_a_field_of_three(store: Store) -> None:
    await cup_of(store, {1: Status.WON, 2: Status.RESIGNED})
    facts = await store.achievement_facts(1)
    assert (facts.podiums, facts.cups) == (0, 0)
    assert not {"podium.1", "cup.1"} & set(await store.achievements(1))
    await cup_of(store, {1: Status.WON, 2: Status.RESIGNED, 3: Status.RESIGNED})
    facts = await store.achievement_facts(1)
    assert (facts.podiums, facts.cups) == (1, 1)
    assert {"podium.1", "cup.1"} <= set(await store.achievements(1))


async def test_a_forgotten_winners_podium_goes_to_no_one(store: Store) -> None:
    cup_id = await played_cup(store, {1: Status.WON, 2: Status.RESIGNED, 3: Status.RESIGNED})
    assert await store.forget_player(1, "forgotten 1", every=0, cup_digest=lambda cup: "link")
    await store.close_cups(time.time(), cup_id)
    [first, *_] = (await store.cup_standings(cup_id))[0]
    assert first.user_id < 0 and first.won  # the winner is no one now
    assert await store.achievements(first.user_id) == {}
