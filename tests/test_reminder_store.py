"""Reminders in the store, SQLite and PostgreSQL: one per player, kind and
occasion; each claimed by one claimer until its claim runs out; sent or
passed over with the next of its kind kept at once; a refused DM turns a
player's reminders off; a server's and a player's go when they are forgotten."""

from __future__ import annotations

import asyncio
import time

from solitaire import new_game
from storage import CupDeal, Reminder, ReminderSettings, Status, Store

ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
GUILD = 77


def daily(user_id: int, day: str = "2026-12-07", due: float = 100.0) -> Reminder:
    return Reminder(user_id, "daily", day, due, due + 3600.0)


async def test_settings_read_back_and_a_reminder_is_kept_once(store: Store) -> None:
    assert await store.reminder_settings(ALICE) == ReminderSettings()
    wanted = ReminderSettings("Europe/Berlin", 9 * 60, streak=True)
    await store.set_reminder_settings(ALICE, wanted, [daily(ALICE)])
    assert await store.reminder_settings(ALICE) == wanted
    await store.keep_reminders([daily(ALICE), daily(ALICE)])
    claimed = await store.claim_reminders(200.0, 260.0, 10)
    assert [due.reminder for due in claimed] == [daily(ALICE)]
    assert claimed[0].settings == wanted and claimed[0].sent_lately == 0


async def test_a_claim_holds_until_it_runs_out(store: Store) -> None:
    await store.keep_reminders([daily(ALICE), daily(BOB, due=150.0), daily(CAROL, due=999.0)])
    first = await store.claim_reminders(200.0, 260.0, 10)
    assert [due.reminder.user_id for due in first] == [ALICE, BOB]  # Carol's is not due
    assert await store.claim_reminders(230.0, 290.0, 10) == []
    again = await store.claim_reminders(261.0, 320.0, 1)  # the claimer stopped: due again
    assert [due.reminder.user_id for due in again] == [ALICE]


async def test_two_claimers_at_once_share_nothing(store: Store) -> None:
    await store.keep_reminders([daily(user) for user in range(1, 41)])
    batches = await asyncio.gather(*(store.claim_reminders(200.0, 260.0, 8) for _ in range(6)))
    ids = [due.id for batch in batches for due in batch]
    assert len(ids) == len(set(ids)) == 40


async def test_a_finished_reminder_is_never_claimed_again_and_its_next_is_kept(
    store: Store,
) -> None:
    await store.set_reminder_settings(ALICE, ReminderSettings(daily_at=60), [daily(ALICE)])
    (due,) = await store.claim_reminders(200.0, 260.0, 10)
    tomorrow = daily(ALICE, "2026-12-08", due=86500.0)
    await store.finish_reminders([(due.id, tomorrow)], "sent")
    assert await store.claim_reminders(1000.0, 1060.0, 10) == []
    await store.keep_reminders([daily(ALICE)])  # the same day again: kept once, already sent
    (later,) = await store.claim_reminders(90000.0, 90060.0, 10)
    assert later.reminder == tomorrow and later.sent_lately == 1  # the one sent today


async def test_turning_a_kind_off_drops_what_was_kept_of_it(store: Store) -> None:
    await store.set_reminder_settings(ALICE, ReminderSettings(daily_at=60), [daily(ALICE)])
    await store.keep_reminders([Reminder(ALICE, "race", "5", 10.0, 500.0)])
    await store.set_reminder_settings(ALICE, ReminderSettings(races=True), dropped=["daily"])
    assert [due.reminder.kind for due in await store.claim_reminders(200.0, 260.0, 10)] == ["race"]


async def test_a_days_reminder_kept_again_replaces_the_one_before(store: Store) -> None:
    await store.set_reminder_settings(ALICE, ReminderSettings(daily_at=60), [daily(ALICE)])
    later = daily(ALICE, due=150.0)
    await store.set_reminder_settings(ALICE, ReminderSettings(daily_at=90), [later])
    assert [due.reminder for due in await store.claim_reminders(200.0, 260.0, 10)] == [later]


async def test_a_refused_dm_turns_everything_off_and_is_told_once(store: Store) -> None:
    on = ReminderSettings("Asia/Tokyo", 60, True, True, True)
    await store.set_reminder_settings(ALICE, on, [daily(ALICE)])
    (due,) = await store.claim_reminders(200.0, 260.0, 10)
    await store.finish_reminders([(due.id, None)], "sent", [(ALICE, 555)])
    assert (await store.reminder_settings(ALICE)).dm_channel == 555
    await store.reminders_refused(ALICE)
    now = await store.reminder_settings(ALICE)
    assert not now.any and now.timezone == "Asia/Tokyo" and now.refused_at is not None
    assert await store.claim_reminders(200.0, 260.0, 10) == []
    assert await store.refused_players() == {ALICE}
    told = await asyncio.gather(*(store.tell_refused(ALICE) for _ in range(3)))
    assert sorted(told) == [False, False, True]
    assert await store.refused_players() == set()


async def test_a_cup_reminder_reaches_who_plays_in_its_server_and_wants_it(store: Store) -> None:
    for user in (ALICE, BOB, CAROL):
        await store.set_reminder_settings(user, ReminderSettings(cups=user != CAROL))
    record = new_game("klondike", 1).to_record()
    await store.create_game(ALICE, record, guild_id=GUILD)
    await store.create_game(CAROL, record, guild_id=GUILD)
    await store.create_game(BOB, record, guild_id=GUILD + 1)
    await store.create_game(DAVE, record, guild_id=GUILD)
    await store.set_reminder_settings(DAVE, ReminderSettings(cups=True))
    assert await store.block(GUILD, DAVE, "digest")  # blocked there: learns nothing of its cups
    cup = Reminder(0, "cup-open", "9", 50.0, 900.0, GUILD, "https://discord.com/channels/1/2/3")
    assert await store.remind_server(cup) == 1
    assert await store.remind_server(cup) == 0  # once
    (due,) = await store.claim_reminders(200.0, 260.0, 10)
    assert due.reminder == Reminder(ALICE, *list(vars(cup).values())[1:])
    await store.release_reminder(due.id, 300.0)
    await store.forget_guild(GUILD)  # the server's data purged: its cups' reminders too
    assert await store.claim_reminders(400.0, 460.0, 10) == []


async def test_forgetting_a_player_deletes_their_reminders(store: Store) -> None:
    await store.set_reminder_settings(ALICE, ReminderSettings("UTC", 60), [daily(ALICE)])
    kept = await store.player_data(ALICE)
    assert len(kept["reminder_settings"]) == 1 and len(kept["reminders"]) == 1
    assert "dm_channel" not in kept["reminder_settings"][0]
    assert await store.forget_player(ALICE, "digest", every=0.0)
    gone = await store.player_data(ALICE)
    assert gone["reminder_settings"] == [] and gone["reminders"] == []


async def test_a_cup_closing_reminds_only_who_has_deals_left_in_it(store: Store) -> None:
    cup = await store.create_cup(
        guild_id=GUILD, channel_id=5, host_id=CAROL, locale="en", game="klondike", clean=False,
        weekly=False, hours=24.0, role_id=None, starts_at=time.time(), deals=2,
    )  # fmt: skip
    deals = [CupDeal(number, "klondike", {}, 100 + number) for number in (1, 2)]
    assert await store.set_cup_deals(cup.id, deals)
    for user in (ALICE, BOB):
        await store.set_reminder_settings(user, ReminderSettings(cups=True))
        for number in (1, 2) if user == ALICE else (1,):
            game = await store.start_cup_game(
                cup.id, user, number, new_game("klondike", 100 + number).to_record()
            )
            await store.set_status(game.id, Status.RESIGNED)
    closing = Reminder(0, "cup-close", str(cup.id), 50.0, 900.0, GUILD, "https://x")
    assert await store.remind_server(closing, unfinished_cup=cup.id) == 1
    (due,) = await store.claim_reminders(200.0, 260.0, 10)
    assert due.reminder.user_id == BOB  # Alice has played both deals
