"""A cup's deals: solver-won, none twice, and never the daily deal of a day
the cup runs (a daily is played, reviewed and replayed in the open)."""

from __future__ import annotations

from bot.usecases.cups import _days, choose
from solitaire import VARIANTS, daily_deal, winnable_deals

DAY = 86400


def test_a_cups_deals_are_won_deals_none_twice_and_no_daily_of_its_days() -> None:
    days = _days(20_000 * DAY + 5, 20_014 * DAY)
    assert len(days) == 15 and days[0] < days[-1]
    for game in (*VARIANTS, "mixed"):
        chosen = choose(game, 10, "a secret", days)
        assert len(chosen) == 10 and choose(game, 10, "a secret", days) == chosen
        assert len({(profile, deal) for profile, _, deal in chosen}) == 10
        for profile, options, deal in chosen:
            assert deal in winnable_deals(VARIANTS[profile], options)
            assert deal not in {daily_deal(profile, day) for day in days}
    assert {profile for profile, _, _ in choose("mixed", 4, "x", days)} == set(VARIANTS)
    assert choose("casket", 10, "another secret", days) != choose("casket", 10, "a secret", days)
