"""Winnable deals: pools of solver-won deal numbers."""

from __future__ import annotations

import pytest

from solitaire import VARIANTS, BadOption, daily_deal, new_game
from solitaire.pool import pool_name, winnable_deals
from solitaire.solver import Outcome, solve


def test_pool_names_follow_the_options_that_differ_from_the_defaults() -> None:
    klondike = VARIANTS["klondike"]
    assert pool_name(klondike, {}) == "klondike"
    assert pool_name(klondike, {"draw": 3}) == "klondike_d3"  # 3 passes come with draw 3
    assert pool_name(klondike, {"draw": 3, "passes": 3}) == "klondike_d3"
    assert pool_name(klondike, {"draw": 3, "passes": "unlimited"}) == "klondike_d3pu"
    assert pool_name(klondike, {"passes": 3, "foundation_return": True}) == "klondike_p3r1"
    assert pool_name(VARIANTS["castles-end"], {}) == "castles_end"


POOLED = [*((profile, {}) for profile in sorted(VARIANTS)), ("klondike", {"draw": 3})]


@pytest.mark.parametrize(("profile", "options"), POOLED)
def test_each_game_has_a_pool_of_a_thousand_distinct_deals(
    profile: str, options: dict[str, object]
) -> None:
    pool = winnable_deals(VARIANTS[profile], options)
    assert len(pool) >= 1000 and len(set(pool)) == len(pool)


@pytest.mark.parametrize(("profile", "options"), POOLED)
def test_a_winnable_deal_comes_from_the_pool_and_wins(
    profile: str, options: dict[str, object]
) -> None:
    game = new_game(profile, winnable=True, **options)
    assert game.deal in winnable_deals(VARIANTS[profile], options)
    solution = solve(game, max_nodes=10**7, max_seconds=20, prove=False)
    assert solution.outcome is Outcome.WON


def test_no_pool_yet_is_said_plainly() -> None:
    with pytest.raises(BadOption, match="No winnable deals"):
        new_game("klondike", passes="unlimited", winnable=True)


def test_the_daily_deal_of_a_pooled_game_is_winnable() -> None:
    days = [f"2026-12-{day:02}" for day in range(1, 29)]
    deals = [daily_deal("castles-end", day) for day in days]
    for day, deal in zip(days, deals, strict=True):
        assert deal in winnable_deals(VARIANTS["castles-end"], {}, day)
    assert len(set(deals)) > 1
    assert daily_deal("castles-end", days[0]) == deals[0]


@pytest.mark.parametrize(
    ("profile", "days_before", "rebuilt"),
    [
        ("castles-end", [760, 1178, 1293, 777], "2026-12-02"),
        ("calculation", [120, 554, 757, 304], "2026-12-02"),
        ("casket", [766, 1275, 586, 639], "2026-12-02"),
        ("klondike", [7601, 6440, 9276, 4199, 1151], "2026-12-03"),
    ],
)
def test_a_rebuilt_pool_changes_no_daily_deal_of_a_day_begun_before(
    profile: str, days_before: list[int], rebuilt: str
) -> None:
    # These pools were rebuilt for the days from 2026-12-02 on, Klondike's
    # again from 2026-12-03; the days before keep the deals they had.
    days = ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]
    assert [daily_deal(profile, day) for day in days[: len(days_before)]] == days_before
    cls = VARIANTS[profile]
    before, after = winnable_deals(cls, {}, "2026-12-01"), winnable_deals(cls, {}, "2026-12-02")
    assert before != after and daily_deal(profile, "2026-12-02") in after
    assert winnable_deals(cls, {}, rebuilt) == winnable_deals(cls, {})


def test_klondike_draw_3s_rebuilt_pool_keeps_its_deals_for_the_days_before() -> None:
    # Rebuilt from 2026-12-02 at 1 s a deal, the won among deals 1…1952
    # (before, at 0.5 s, those among 1…2384); and from 2026-12-03 with the
    # faster search, those among 1…1680.
    cls = VARIANTS["klondike"]
    first, second, third = (
        winnable_deals(cls, {"draw": 3}, day) for day in ("2026-12-01", "2026-12-02", "2026-12-03")
    )
    assert third == winnable_deals(cls, {"draw": 3})
    assert len(first) == len(second) == len(third) == 1000
    assert (max(first), max(second), max(third)) == (2377, 1941, 1677)
