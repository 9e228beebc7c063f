"""Fair play, from stored records on SQLite and PostgreSQL: when a deal is
in play (a race on it that has not ended, today's daily) and every place
that asks it; race results frozen at the end; the active clock; what counts
on the boards; echoed input."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.usecases.fairplay import OPEN_FOR, RUN_FOR, in_play, next_midnight, open_to_others
from bot.usecases.races import RaceCard, Races
from bot.usecases.replies import Animation, Asker, Board, Notice
from bot.usecases.review import Reviews
from bot.usecases.service import GameService
from bot.usecases.social import Social
from bot.usecases.verdicts import KnownVerdict
from bot.usecases.workers import Workers
from render.text import table_words
from solitaire import daily_deal, load_position, new_game
from solitaire.notation import printable, quote
from solitaire.solver import Outcome
from storage import CupDeal, CupRow, GameRow, RaceRow, RaceStatus, Settings, Status, Store

# The clock stopped at noon, the store and the service on it: as the social tests have them.
from tests.test_social import NOON, Clock, clock, service, store, two_moves_from_winning

__all__ = ["clock", "service", "store"]  # fixtures, used by name

HOST, SECOND, THIRD = 11, 22, 33
GUILD, CHANNEL = 77, 500
DEAL = 4711
RECORD = new_game("klondike", DEAL).to_record()


@pytest.fixture
def races(store: Store, service: GameService, clock: Clock) -> Races:
    return Races(store, service, clock=clock)


@pytest.fixture
def reviews(store: Store, clock: Clock) -> Reviews:
    return Reviews(store, Workers(0), clock=clock)


def asker(user_id: int) -> Asker:
    return Asker(user_id, guild_id=GUILD, channel_id=CHANNEL)


async def running_race(store: Store, *racers: int, deal: int = DEAL) -> RaceRow:
    """A race of HOST and *racers* on *deal*, started."""
    race = await store.create_race(
        HOST, channel_id=CHANNEL, guild_id=GUILD, locale="en", profile="klondike",
        options={}, deal=deal, racers=racers,
    )  # fmt: skip
    return await store.start_race(race.id, HOST, new_game("klondike", deal).to_record())


async def game_of(store: Store, race: RaceRow, user_id: int) -> GameRow:
    racer = race.racer(user_id)
    assert racer is not None and racer.game_id is not None
    return await store.get_game(racer.game_id)


async def win_now(store: Store, row: GameRow, *, hints: int = 0) -> GameRow:
    """Marks *row* won as it stands (its moves do not matter to the store)."""
    return await store.save_moves(
        row.id, row.moves, expected_revision=row.revision, status=Status.WON, hints=hints
    )


# -- the rule ---------------------------------------------------------------------


async def test_a_deal_is_in_play_while_a_race_on_it_has_not_ended(
    store: Store, clock: Clock
) -> None:
    assert await in_play(store, "klondike", {}, DEAL, clock()) is None
    race = await store.create_race(
        HOST, channel_id=CHANNEL, guild_id=GUILD, locale="en", profile="klondike",
        options={}, deal=DEAL,
    )  # fmt: skip
    held = await in_play(store, "klondike", {}, DEAL, clock())
    assert held is not None and held.race is not None and held.race.id == race.id
    assert held.until == race.created_at + OPEN_FOR + RUN_FOR  # it may start at the last moment
    assert f"<#{CHANNEL}>" in held.refusal("en", "deal")
    # The same number under other rules is another deal; another number too.
    assert await in_play(store, "klondike", {"draw": 3}, DEAL, clock()) is None
    assert await in_play(store, "klondike", {}, DEAL + 1, clock()) is None
    await store.join_race(race.id, SECOND, most=8)
    started = await store.start_race(race.id, HOST, RECORD)
    held = await in_play(store, "klondike", {"draw": 1}, DEAL, clock())  # the defaults, written
    assert held is not None and held.until == (started.started_at or 0) + RUN_FOR
    clock.now += RUN_FOR
    assert await store.end_races(clock.now, open_for=OPEN_FOR, run_for=RUN_FOR) == [race.id]
    assert await in_play(store, "klondike", {}, DEAL, clock()) is None


async def test_todays_daily_deal_is_in_play_until_midnight_and_yesterdays_is_not(
    store: Store, clock: Clock
) -> None:
    todays = daily_deal("klondike", "2025-11-30")
    held = await in_play(store, "klondike", {}, todays, clock())
    assert held is not None and held.race is None
    assert held.until == next_midnight(NOON) == NOON + 12 * 3600
    assert "today's daily deal" in held.refusal("en", "review")
    assert await in_play(store, "klondike", {"draw": 3}, todays, clock()) is None
    assert await in_play(store, "klondike", {}, None, clock()) is None  # a set position
    clock.now += 12 * 3600  # midnight: yesterday's daily is any deal now
    assert await in_play(store, "klondike", {}, todays, clock()) is None


async def open_cup(store: Store, clock: Clock, deal: int = DEAL, **fields: object) -> CupRow:
    """A cup of one Klondike deal, open now for two hours."""
    cup = await store.create_cup(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, locale="en", game="klondike",
        clean=False, weekly=False, hours=2, role_id=None, starts_at=clock(), deals=1,
        **fields,  # type: ignore[arg-type]
    )  # fmt: skip
    await store.set_cup_deals(cup.id, [CupDeal(1, "klondike", {}, deal)])
    return cup


async def test_a_deal_is_in_play_while_a_cup_that_holds_it_is_not_closed(
    service: GameService, store: Store, clock: Clock
) -> None:
    scheduled = await store.create_cup(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, locale="en", game="klondike",
        clean=False, weekly=False, hours=2, role_id=None, starts_at=clock() + 3600, deals=1,
    )  # fmt: skip
    await store.set_cup_deals(scheduled.id, [CupDeal(1, "klondike", {}, DEAL)])
    held = await in_play(store, "klondike", {"draw": 1}, DEAL, clock())
    assert held is not None and held.cup is not None and held.cup.id == scheduled.id
    assert held.until == scheduled.ends_at and held.race is None
    refusal = held.refusal("en", "deal")
    assert "Server Cup that is still open" in refusal and str(DEAL) not in refusal
    assert f"<#{CHANNEL}>" not in refusal  # which server's cup, it does not say
    assert await in_play(store, "klondike", {"draw": 3}, DEAL, clock()) is None
    assert await in_play(store, "klondike", {}, DEAL + 1, clock()) is None
    # The cup's own games play it; any other game of it waits.
    cup_game = await store.create_game(SECOND, RECORD, guild_id=GUILD)
    own = replace(cup_game, cup_id=scheduled.id)
    assert await in_play(store, "klondike", {}, DEAL, clock(), own=own) is None
    assert await in_play(store, "klondike", {}, DEAL, clock(), own=cup_game) is not None
    dealt = await service.start(asker(THIRD), "klondike", deal=DEAL)
    assert isinstance(dealt, Notice) and "play it once the cup closes" in dealt.text
    hinted = await service.hint(asker(SECOND))  # a game of the deal from before the cup
    assert isinstance(hinted, Notice) and "no hints on it until the cup closes" in hinted.text
    assert (await store.get_game(cup_game.id)).hints == 0
    await store.close_cups(scheduled.ends_at + 1, scheduled.id)
    assert await in_play(store, "klondike", {}, DEAL, clock()) is None
    assert isinstance(await service.start(asker(THIRD), "klondike", deal=DEAL), Board)


async def test_an_open_cups_deal_is_neither_replayed_nor_dealt_nor_shared_nor_reviewed(
    service: GameService, store: Store, clock: Clock, reviews: Reviews, races: Races
) -> None:
    won = await win_now(store, await store.create_game(THIRD, RECORD, guild_id=GUILD))
    await store.mark_shared(won.id)
    lost = await store.create_game(SECOND, RECORD, guild_id=GUILD)
    await store.set_status(lost.id, Status.RESIGNED)
    await open_cup(store, clock)
    for what in ("replay", "deal"):
        refused = await open_to_others(store, asker(SECOND), won.id, clock(), what)
        assert isinstance(refused, Notice) and "Server Cup" in refused.text, refused
    shared = await Social(store, clock=clock).share(asker(THIRD), won.id, "third")
    assert isinstance(shared, Notice) and "share your win once the cup closes" in shared.text
    reviewed = await reviews.review(asker(SECOND), lost.id)
    assert isinstance(reviewed, Notice) and "review waits until the cup closes" in reviewed.text
    raced = await races.open(asker(SECOND), "klondike", {}, deal=DEAL)
    assert isinstance(raced, Notice) and "play it once the cup closes" in raced.text


# -- reviews ------------------------------------------------------------------------


async def test_a_review_waits_while_a_race_on_its_deal_runs_and_is_given_after(
    store: Store, reviews: Reviews, clock: Clock
) -> None:
    race = await running_race(store, SECOND)
    resigned = await store.set_status((await game_of(store, race, SECOND)).id, Status.RESIGNED)
    for game_id in (resigned.id, None):  # the Review button, /review
        refused = await reviews.choose(asker(SECOND), game_id)
        assert isinstance(refused, Notice) and f"<#{CHANNEL}>" in refused.text
        assert "review waits" in refused.text and "<t:" in refused.text
    assert isinstance(await reviews.review(asker(SECOND)), Notice)
    clock.now += RUN_FOR
    await store.end_races(clock.now, open_for=OPEN_FOR, run_for=RUN_FOR)
    chosen = await reviews.choose(asker(SECOND))
    assert isinstance(chosen, GameRow) and chosen.id == resigned.id
    assert not await store.knows_deal(THIRD, "klondike", {}, DEAL)


async def test_todays_daily_is_reviewed_once_the_day_is_over(
    service: GameService, reviews: Reviews, store: Store, clock: Clock
) -> None:
    board = await service.daily(asker(HOST), "klondike")
    assert isinstance(board, Board)
    await service.resign(asker(HOST))
    refused = await reviews.choose(asker(HOST))
    assert isinstance(refused, Notice) and "today's daily deal" in refused.text
    clock.now = next_midnight(NOON)
    chosen = await reviews.choose(asker(HOST))
    assert isinstance(chosen, GameRow) and chosen.id == board.game_id


async def test_refusals_are_decided_before_a_review_is_promised(
    service: GameService, reviews: Reviews
) -> None:
    said = await reviews.choose(asker(HOST))
    assert isinstance(said, Notice) and "no game that ended without a win" in said.text
    board = await service.start(asker(HOST), "klondike", deal=DEAL)
    assert isinstance(board, Board)
    said = await reviews.choose(asker(HOST))  # being played, not stuck: not this one
    assert isinstance(said, Notice) and "no game that ended without a win" in said.text
    said = await reviews.choose(asker(HOST), board.game_id)
    assert isinstance(said, Notice) and "Finish your game first" in said.text
    said = await reviews.choose(asker(SECOND), board.game_id)
    assert isinstance(said, Notice) and "Only the player of that game" in said.text


async def test_a_review_marks_the_deal_seen_and_later_games_of_it_are_practice(
    service: GameService, reviews: Reviews, store: Store
) -> None:
    await service.start(asker(HOST), "klondike", deal=DEAL)
    await service.resign(asker(HOST))
    review = await reviews.review(asker(HOST))
    assert isinstance(review, Animation) and "could" in review.text
    assert await store.knows_deal(HOST, "klondike", {"draw": 1}, DEAL)
    again = await service.start(asker(HOST), "klondike", deal=DEAL)
    assert isinstance(again, Board) and "Practice" in again.news
    assert (await store.get_game(again.game_id)).practice


# -- verdicts --------------------------------------------------------------------------


async def test_the_verdict_on_todays_daily_names_no_move_until_the_day_is_over(
    service: GameService, store: Store, clock: Clock
) -> None:
    await service.daily(asker(HOST), "klondike")
    await store.set_settings(HOST, Settings(verdicts=True))
    moved = await service.move(asker(HOST), "s")
    assert isinstance(moved, Board)
    row = await store.get_game(moved.game_id)
    lost = KnownVerdict(row.revision, len(row.moves), 0, Outcome.UNWINNABLE, since=1, move="s")
    assert await store.set_verdict(row.id, row.revision, lost.to_row())
    shown = await service.show(asker(HOST))
    assert isinstance(shown, Board) and shown.verdict == "🔴 This game can no longer be won."
    clock.now = next_midnight(NOON) + 60  # yesterday's daily: any deal now
    shown = await service.show(asker(HOST))
    assert isinstance(shown, Board) and "since move 1 (`s`)" in shown.verdict


# -- replay, Play this deal, /play deal:, shares ------------------------------------------


async def test_a_deal_in_play_is_neither_replayed_nor_dealt_nor_shared(
    service: GameService, store: Store, clock: Clock
) -> None:
    won = await win_now(store, await store.create_game(THIRD, RECORD, guild_id=GUILD))
    await store.mark_shared(won.id)
    assert isinstance(await open_to_others(store, asker(SECOND), won.id, clock()), GameRow)
    race = await store.create_race(
        HOST, channel_id=CHANNEL, guild_id=GUILD, locale="en", profile="klondike",
        options={}, deal=DEAL,
    )  # fmt: skip
    for who in (SECOND, THIRD):  # a stranger, and the winner himself
        for what, words in (("replay", "replay waits"), ("deal", "being raced")):
            refused = await open_to_others(store, asker(who), won.id, clock(), what)
            assert isinstance(refused, Notice) and words in refused.text, refused
            assert f"<#{CHANNEL}>" in refused.text
    dealt = await service.start(asker(SECOND), "klondike", deal=DEAL)
    assert isinstance(dealt, Notice) and "being raced in" in dealt.text
    assert await store.current_game(SECOND) is None  # nothing was dealt
    shared = await Social(store, clock=clock).share(asker(THIRD), won.id, "third")
    assert isinstance(shared, Notice) and "share your win once" in shared.text
    await store.leave_race(race.id, HOST)  # the race is off: the deal is out of play
    assert isinstance(await open_to_others(store, asker(SECOND), won.id, clock()), GameRow)
    assert isinstance(await service.start(asker(SECOND), "klondike", deal=DEAL), Board)


async def test_a_replay_marks_the_deal_seen_by_whoever_watched_it(
    store: Store, clock: Clock
) -> None:
    won = await win_now(store, await store.create_game(THIRD, RECORD, guild_id=GUILD))
    await store.mark_shared(won.id)
    replay = await Social(store, clock=clock).replay(asker(SECOND), won.id)
    assert isinstance(replay, Animation)
    assert await store.knows_deal(SECOND, "klondike", {}, DEAL)
    assert (await store.create_game(SECOND, RECORD)).practice


# -- races -----------------------------------------------------------------------------


async def test_a_host_races_only_on_a_deal_fresh_to_them(races: Races, store: Store) -> None:
    played = await store.create_game(HOST, RECORD)
    await store.set_status(played.id, Status.RESIGNED)
    refused = await races.open(asker(HOST), "klondike", {}, deal=DEAL)
    assert isinstance(refused, Notice) and "leave `deal:` out" in refused.text
    await store.saw_line(HOST, "klondike", {}, 99)  # a replay watched, say
    refused = await races.open(asker(HOST), "klondike", {}, deal=99)
    assert isinstance(refused, Notice) and "deal 99" in refused.text
    fresh = await races.open(asker(HOST), "klondike", {})
    assert isinstance(fresh, RaceCard)
    race = await store.get_race(fresh.race_id)
    assert race.deal not in (DEAL, 99)
    # A second race on the deal of a race that has not ended is refused.
    again = await races.open(asker(SECOND), "klondike", {}, deal=race.deal)
    assert isinstance(again, Notice) and "being raced in" in again.text


async def test_the_race_card_names_its_deal_only_once_the_race_has_ended(
    races: Races, store: Store, clock: Clock
) -> None:
    card = await races.open(asker(HOST), "klondike", {}, deal=DEAL)
    assert isinstance(card, RaceCard) and str(DEAL) not in card.text
    assert "the deal is shown when the race is over" in card.text
    card = await races.join(asker(SECOND), card.race_id)
    assert isinstance(card, RaceCard)
    card = await races.start(asker(HOST), card.race_id)
    assert isinstance(card, RaceCard) and card.status == RaceStatus.RUNNING
    assert str(DEAL) not in card.text
    clock.now += RUN_FOR
    await races.sweep()
    over = races.card(await store.get_race(card.race_id))
    assert over.status == RaceStatus.OVER and f"deal {DEAL}" in over.text


async def test_a_racer_who_knew_the_deal_is_marked_and_counts_in_no_race_statistics(
    store: Store, races: Races, clock: Clock
) -> None:
    await store.set_status((await store.create_game(SECOND, RECORD)).id, Status.RESIGNED)
    race = await running_race(store, SECOND, THIRD)
    assert [r.known for r in race.racers] == [False, True, False]
    card = races.card(race)
    assert f"<@{SECOND}> (played this deal before: not counted)" in card.text
    assert (await game_of(store, race, SECOND)).practice
    assert not (await game_of(store, race, HOST)).practice
    await win_now(store, await game_of(store, race, SECOND))  # first home, knowing the deal
    clock.now += 10
    await win_now(store, await game_of(store, race, HOST))
    await store.set_status((await game_of(store, race, THIRD)).id, Status.RESIGNED)
    over = await store.get_race(race.id)
    assert over.status == RaceStatus.OVER
    assert await store.race_results(HOST) == (1, 1)
    assert await store.race_results(SECOND) == (0, 0)
    assert await store.race_results(THIRD) == (1, 0)
    text = races.card(over).text
    assert text.index(f"1st <@{HOST}>") < text.index(f"<@{SECOND}> (played")


async def test_a_race_is_frozen_when_it_ends_and_what_is_played_after_is_ordinary(
    store: Store, races: Races, clock: Clock
) -> None:
    race = await running_race(store, SECOND)
    await store.set_status((await game_of(store, race, SECOND)).id, Status.RESIGNED)
    clock.now += RUN_FOR  # out of time
    await store.end_races(clock.now, open_for=OPEN_FOR, run_for=RUN_FOR)
    ended = races.card(await store.get_race(race.id)).text
    assert f"<@{HOST}> — out of time" in ended
    clock.now += 56
    await win_now(store, await game_of(store, race, HOST))  # played on after the end
    after = await store.get_race(race.id)
    assert races.card(after).text == ended
    assert after.racer(HOST) is not None and after.racer(HOST).status == Status.PLAYING  # type: ignore[union-attr]
    assert await store.race_results(HOST) == (1, 0)
    assert (await store.stats(HOST, "klondike")).won == 1  # an ordinary game's win


async def test_pressing_play_on_the_race_card_keeps_the_thinking_time(
    store: Store, races: Races, clock: Clock
) -> None:
    race = await running_race(store, SECOND)
    for _ in range(8):  # think 25 s, press Play, move
        clock.now += 25
        assert isinstance(await races.play(asker(HOST), race.id), Board)
        clock.now += 1
        row = await game_of(store, race, HOST)
        await store.save_moves(row.id, [*row.moves, "s"], expected_revision=row.revision)
    assert (await game_of(store, race, HOST)).active == pytest.approx(8 * 26)


# -- the boards count what was earned ---------------------------------------------------


async def test_a_deal_counts_once_per_player_on_the_wins_and_vegas_boards(
    store: Store,
) -> None:
    first = await store.create_game(HOST, RECORD, guild_id=GUILD, scoring="vegas", vegas=-52)
    assert not first.practice
    await store.set_status(first.id, Status.RESIGNED)
    await store.saw_line(HOST, "klondike", {}, DEAL)  # reviewed
    for _ in range(3):  # the line played again and again
        again = await store.create_game(HOST, RECORD, guild_id=GUILD, scoring="vegas", vegas=-52)
        assert again.practice
        await store.save_moves(
            again.id, ["s"], expected_revision=again.revision, status=Status.WON, vegas=208
        )
    assert await store.vegas_total(HOST) == (-52, 1)
    assert await store.vegas_leaderboard(GUILD) == [(HOST, -52, 1)]
    [row] = await store.leaderboard(GUILD, "klondike")
    assert (row.won, row.played) == (0, 1)
    # Another player's first attempt of the same deal counts.
    theirs = await store.create_game(SECOND, RECORD, guild_id=GUILD)
    assert not theirs.practice


async def test_a_game_whose_line_was_seen_while_it_is_played_counts_on_no_board(
    store: Store,
) -> None:
    playing = await store.create_game(HOST, RECORD, guild_id=GUILD)
    other = await store.create_game(SECOND, RECORD, guild_id=GUILD)
    await store.saw_line(HOST, "klondike", {"draw": 1}, DEAL)
    assert (await store.get_game(playing.id)).practice
    assert not (await store.get_game(other.id)).practice
    await store.set_status(playing.id, Status.RESIGNED)
    draw3 = await store.create_game(HOST, new_game("klondike", DEAL, draw=3).to_record())
    assert not draw3.practice  # other rules: another deal


async def test_the_wins_board_says_how_many_wins_took_a_hint(store: Store, clock: Clock) -> None:
    for deal, hints in ((1, 0), (2, 107), (3, 1)):
        row = await store.create_game(HOST, new_game("klondike", deal).to_record(), guild_id=GUILD)
        await win_now(store, row, hints=hints)
    [row] = await store.leaderboard(GUILD, "klondike")
    assert (row.won, row.hinted) == (3, 2)
    board = await Social(store, clock=clock).leaderboard(asker(HOST), "klondike", "all")
    assert "3 of 3" in board.text and ", 2 with hints" in board.text


async def test_a_second_win_of_a_deal_is_ranked_against_other_players_only(
    service: GameService, store: Store
) -> None:
    record = {**two_moves_from_winning(), "deal": 12}
    rows = []
    for user in (HOST, HOST):
        row = await store.create_game(user, record, guild_id=GUILD)
        rows.append(await win_now(store, row))
    assert await service.boards.standing(rows[1]) is None  # alone on the deal
    theirs = await win_now(store, await store.create_game(SECOND, record, guild_id=GUILD))
    standing = await service.boards.standing(theirs)
    assert standing is not None and (standing.place, standing.of) == (2, 2)


# -- words ---------------------------------------------------------------------------------


def test_echoed_input_has_no_control_characters() -> None:
    forged = "7\x00 2\u202e\u200d\x1b[31m"
    assert printable(forged) == "7 2[31m"
    assert quote("\x00\u202e") == "`?`"
    game = new_game("klondike", DEAL)
    try:
        game.play(forged)
    except ValueError as error:
        said = str(error)
    assert not any(ch in said for ch in "\x00\u202e\u200d\x1b"), said


def test_french_names_the_ace_and_the_queen_with_their_articles() -> None:
    game = load_position(
        "klondike",
        {"f1": ["AS"], "f2": [rank + "H" for rank in "A23456789TJQ"], "f3": ["AD", "2D"]},
    )
    assert game.pile("f2")[-1].rank == 12
    words = table_words(game, "fr")
    assert any("jusqu’à l’as de pique" in line for line in words), words
    assert any("jusqu’à la dame de cœur" in line for line in words), words
    assert any("jusqu’au 2 de carreau" in line for line in words), words
