"""Reminders as a player asks for them, on both stores: each kind on its
own, at the player's time in their zone; bad input refused with nothing
changed; what is due claimed, sent once and followed by the next; what is
not worth sending passed over; a refused DM turns them off and is told once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

import pytest

from bot.usecases.reminders import (
    MOST_A_DAY,
    Kind,
    Reminders,
    Topic,
    kinds_list,
    next_at,
    parse_time,
    streak_days,
    wants,
    zone_of,
)
from bot.usecases.replies import Asker
from solitaire import new_game
from storage import CupRow, Reminder, ReminderSettings, Status, Store, open_store

ALICE, BOB = Asker(1001), Asker(1002)


class Clock:
    def __init__(self, when: str) -> None:
        self.now = datetime.fromisoformat(when).timestamp()

    def __call__(self) -> float:
        return self.now

    def at(self, when: str) -> None:
        self.now = datetime.fromisoformat(when).timestamp()


def moment(when: str) -> float:
    return datetime.fromisoformat(when).timestamp()


@pytest.fixture
def clock() -> Clock:
    return Clock("2026-12-06T12:00:00+00:00")


@pytest.fixture
async def store(database_url: str, clock: Clock) -> AsyncIterator[Store]:
    """A store on a fresh database, on the test's clock."""
    async with await open_store(database_url, clock=clock) as opened:
        yield opened


@pytest.fixture
def reminders(store: Store, clock: Clock) -> Reminders:
    return Reminders(store, clock)


def test_times_of_day_and_days_of_a_zone() -> None:
    assert [parse_time(t) for t in ("00:00", "7:05", "23:59", "24:00", "12:60", "x", "")] == [
        0, 425, 1439, None, None, None, None,
    ]  # fmt: skip
    berlin = zone_of("Europe/Berlin")
    day, due = next_at(moment("2026-12-06T12:00:00+00:00"), 9 * 60, berlin)
    assert (str(day), due) == ("2026-12-07", moment("2026-12-07T08:00:00+00:00"))
    # The night the clocks go back: 09:00 is still one moment, the day 25 hours long.
    day, due = next_at(moment("2026-10-24T12:00:00+00:00"), 9 * 60, berlin)
    assert (str(day), due) == ("2026-10-25", moment("2026-10-25T08:00:00+00:00"))
    assert zone_of("Mars/Olympus") == zone_of(None) == zone_of("UTC")
    # A win at 23:30 in Los Angeles is on the 5th there, the 6th in UTC.
    wins = [moment("2026-12-06T07:30:00+00:00"), moment("2026-12-06T20:00:00+00:00")]
    assert [str(d) for d in streak_days(wins, zone_of("America/Los_Angeles"))] == [
        "2026-12-05", "2026-12-06",
    ]  # fmt: skip
    assert [str(d) for d in streak_days(wins, zone_of(None))] == ["2026-12-06"]


async def test_a_daily_reminder_comes_at_the_players_time_in_their_zone(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    assert "Europe/Berlin" in (await reminders.set_zone(ALICE, "europe/berlin")).text
    said = await reminders.change(ALICE, "daily", True, "07:30")
    next_one = int(moment("2026-12-07T06:30:00+00:00"))
    assert f"07:30 your time; next <t:{next_one}:F>" in said.text
    assert await reminders.claim(10) == []
    clock.at("2026-12-07T06:30:05+00:00")
    (out,) = await reminders.claim(10)
    assert out.user_id == ALICE.user_id and out.play and out.channel_id is None
    assert "Today's daily deals are up" in out.text and out.nonce == f"remind{out.id}"
    assert "Sent late" not in out.text
    await reminders.sent(out, 555)
    assert (await store.reminder_settings(ALICE.user_id)).dm_channel == 555
    assert await reminders.claim(10) == []  # sent once
    clock.at("2026-12-08T06:30:00+00:00")
    (tomorrow,) = await reminders.claim(10)  # the next kept with it
    assert tomorrow.channel_id == 555


async def test_bad_input_is_refused_and_changes_nothing(store: Store, reminders: Reminders) -> None:
    refusals = [
        await reminders.set_zone(ALICE, "Mars/Olympus"),
        await reminders.set_zone(ALICE, "localtime"),  # the host's: no place's zone
        await reminders.set_zone(ALICE, "Factory"),
        await reminders.change(ALICE, "daily", True, "25:00"),
        await reminders.change(ALICE, "weekly", True),
        await reminders.change(ALICE, "cups", True, "09:00"),
        await reminders.stop(BOB, "daily", ALICE.user_id),
        await reminders.stop(ALICE, "monthly", ALICE.user_id),
    ]
    assert [notice.text.split(" ")[0] for notice in refusals] == [
        "`Mars/Olympus`", "`localtime`", "`Factory`", "`25:00`", "There", "Only", "These", "There",
    ]  # fmt: skip
    assert await store.reminder_settings(ALICE.user_id) == ReminderSettings()
    assert reminders.suggest_zones("berl") == ["Europe/Berlin"]
    assert len(reminders.suggest_zones("")) == 25


async def test_stop_turns_one_kind_off_once(store: Store, reminders: Reminders) -> None:
    await reminders.change(ALICE, "daily", True)
    await reminders.change(ALICE, "races", True)
    assert "reminders off" in (await reminders.stop(ALICE, "daily", ALICE.user_id)).text
    assert "already off" in (await reminders.stop(ALICE, "daily", ALICE.user_id)).text
    assert await store.reminder_settings(ALICE.user_id) == ReminderSettings(races=True)


async def test_what_is_not_worth_sending_is_passed_over(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    await reminders.change(ALICE, "daily", True, "13:00")  # UTC
    day = "2026-12-06"
    game = new_game("klondike", 1).to_record()
    await store.create_game(ALICE.user_id, game, daily=day)  # today's daily played already
    clock.at("2026-12-06T13:00:00+00:00")
    assert await reminders.claim(10) == []
    clock.at("2026-12-07T13:00:00+00:00")  # tomorrow's is still kept, and sent
    assert len(await reminders.claim(10)) == 1
    # A race invitation past its time is not sent; more than a few a day are not either.
    await reminders.change(BOB, "races", True)
    await reminders.invited(BOB.user_id, 7, None, "https://discord.com/channels/1/2", clock() - 1)
    assert await reminders.claim(10) == []
    until = clock() + 600
    for race in range(MOST_A_DAY + 2):
        await reminders.invited(BOB.user_id, 100 + race, None, "https://x", until)
    sent = 0
    for _ in range(MOST_A_DAY + 2):
        for out in await reminders.claim(1):
            await reminders.sent(out, 9)
            sent += 1
    assert sent == MOST_A_DAY


async def test_a_streak_reminder_comes_two_hours_before_the_players_midnight_if_at_stake(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    await reminders.set_zone(ALICE, "America/New_York")
    await reminders.change(ALICE, "streak", True)
    game = new_game("klondike", 1).to_record()
    won = await store.create_game(ALICE.user_id, game, daily="2026-12-06")
    clock.at("2026-12-06T15:00:00+00:00")  # the 6th in New York
    await store.set_status(won.id, Status.WON)
    clock.at("2026-12-07T03:00:00+00:00")  # 22:00 on the 6th there: kept today
    assert await reminders.claim(10) == []
    clock.at("2026-12-08T03:00:00+00:00")  # 22:00 on the 7th: at stake
    (out,) = await reminders.claim(10)
    assert "streak ends at your midnight" in out.text
    assert f"<t:{int(moment('2026-12-08T05:00:00+00:00'))}:R>" in out.text


async def test_a_refused_dm_turns_reminders_off_and_is_told_once(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    await reminders.change(ALICE, "daily", True, "12:00")
    clock.at("2026-12-07T12:00:00+00:00")
    (out,) = await reminders.claim(10)
    await reminders.refused(out)
    assert not (await store.reminder_settings(ALICE.user_id)).any
    await reminders.change(ALICE, "cups", True)  # still to be told: the DMs are still closed
    other = Reminders(store, clock)  # another process learns it from the store
    await other.refresh()
    told = [await other.notice(ALICE), await reminders.notice(ALICE), await other.notice(ALICE)]
    assert [line is not None and "DMs are closed" in line for line in told] == [True, False, False]


async def test_a_late_reminder_says_so_and_a_failed_one_is_tried_again(
    reminders: Reminders, clock: Clock
) -> None:
    await reminders.change(ALICE, "daily", True, "12:00")
    clock.at("2026-12-07T12:30:00+00:00")
    (out,) = await reminders.claim(10)
    assert f"it was due <t:{int(moment('2026-12-07T12:00:00+00:00'))}:R>" in out.text
    await reminders.failed(out)
    assert await reminders.claim(10) == []
    clock.now += 61
    assert [again.id for again in await reminders.claim(10)] == [out.id]


async def test_a_cup_reminder_reaches_its_servers_players_once(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    await reminders.change(ALICE, "cups", True)
    await store.create_game(ALICE.user_id, new_game("klondike", 1).to_record(), guild_id=5)
    cup = CupRow(
        9, 5, 6, None, None, BOB.user_id, "en", "klondike", 3, False, False, 24.0, None,
        starts_at=clock() + 1800, ends_at=clock() + 1800 + 86400, status="scheduled",
        closed_at=None, champion_id=None,
    )  # fmt: skip
    await reminders.cup_soon(cup, "https://discord.com/channels/5/6/7")
    await reminders.cup_soon(cup, "https://discord.com/channels/5/6/7")
    (out,) = await reminders.claim(10)
    assert out.link == "https://discord.com/channels/5/6/7" and "opens" in out.text


async def test_a_daily_streak_counts_the_players_own_days(
    store: Store, reminders: Reminders, clock: Clock
) -> None:
    """Daily deals won in Los Angeles at 20:00 on the 2nd, 10:00 on the 3rd
    and 20:00 on the 4th: three days running there, which UTC sees as two
    wins on the 3rd and one on the 5th. A zone set after the wins, to join
    days a gap keeps apart, changes nothing: a zone counts from a day after."""
    clock.at("2026-12-01T00:00:00+00:00")
    await reminders.set_zone(ALICE, "America/Los_Angeles")
    for who in (ALICE, BOB):
        for day, profile, deal, won_at in (
            ("2026-12-03", "klondike", 1, "2026-12-03T04:00"),
            ("2026-12-03", "casket", 2, "2026-12-03T18:00"),
            ("2026-12-05", "klondike", 3, "2026-12-05T04:00"),
        ):
            record = new_game(profile, deal).to_record()
            game = await store.create_game(who.user_id, record, daily=day)
            clock.at(won_at + ":00+00:00")
            await store.set_status(game.id, Status.WON)
    assert (await store.achievement_facts(ALICE.user_id)).streak == 3
    assert (await store.achievement_facts(BOB.user_id)).streak == 1
    await reminders.set_zone(BOB, "America/Los_Angeles")
    assert (await store.achievement_facts(BOB.user_id)).streak == 1
    clock.at("2026-12-07T00:00:00+00:00")
    await reminders.set_zone(ALICE, "Asia/Tokyo")  # her past wins keep their days
    assert (await store.achievement_facts(ALICE.user_id)).streak == 3


@pytest.mark.parametrize("topic", list(Topic))
async def test_each_kind_turns_on_itself_alone_and_off_again(
    store: Store, reminders: Reminders, topic: Topic
) -> None:
    await reminders.change(ALICE, str(topic), True)
    settings = await store.reminder_settings(ALICE.user_id)
    assert [other for other in Topic if wants(settings, other)] == [topic]
    await reminders.stop(ALICE, str(topic), ALICE.user_id)
    assert not (await store.reminder_settings(ALICE.user_id)).any


def test_every_kind_of_reminder_has_its_topic_its_words_and_its_place_in_the_docs() -> None:
    from pathlib import Path

    from texts import tr

    assert {kind.topic for kind in Kind} == set(Topic)
    playing = (Path(__file__).resolve().parent.parent / "docs" / "PLAYING.md").read_text()
    remind = next(line for line in playing.splitlines() if line.startswith("| `/remind"))
    for topic in Topic:
        assert f"`{topic}`" in remind, topic
        for key in (f"choice.remind.{topic}", f"remind.kind.{topic}"):
            assert tr("en", key) != key
    unknown = tr("en", "remind.unknown_kind", kind="weekly", kinds=kinds_list())
    assert all(f"`{topic}`" in unknown for topic in Topic)


async def test_a_reminder_of_a_kind_no_longer_known_is_passed_over(
    store: Store, reminders: Reminders
) -> None:
    await store.keep_reminders([Reminder(ALICE.user_id, "weekly", "w1", 0.0, 2e9)])
    assert await reminders.claim(10) == []
    assert await store.claim_reminders(4e9, 4e9 + 60, 10) == []  # finished: never again
