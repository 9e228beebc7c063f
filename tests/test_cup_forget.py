"""A cup's one attempt a deal holds across ``/mydata forget``: a forgotten
player's attempts and strike stay linked to them, under a keyed digest of
the cup and their id, while the cup is open; a player who comes back counts
once, plays on from where they were, and is struck once. At the close the
link goes, and what was not reclaimed is no one's."""

from __future__ import annotations

from bot.usecases.cups import Cups
from bot.usecases.mydata import Forgotten, MyData
from bot.usecases.replies import Asker, Board, Notice
from bot.usecases.service import GameService
from bot.usecases.workers import Workers
from storage import Status, Store
from tests.test_social import Clock, clock, service, store

__all__ = ["clock", "service", "store"]  # fixtures, used by name

HOST, ALICE, BOB, CAROL = 1, 2, 3, 4
GUILD, CHANNEL = 10, 11
KEY = b"a secret"


def asker(user_id: int) -> Asker:
    return Asker(user_id, guild_id=GUILD, channel_id=CHANNEL)


async def forget(mydata: MyData, user_id: int) -> None:
    asked = mydata.ask_to_forget(asker(user_id))
    said = await mydata.forget(asker(user_id), user_id, asked.expires, asked.signature)
    assert isinstance(said, Forgotten)


async def test_a_player_who_forgets_and_returns_has_one_attempt_a_deal_and_one_strike(
    store: Store, service: GameService, clock: Clock
) -> None:
    cups = Cups(store, service, Workers(0), key=KEY, clock=clock)
    mydata = MyData(store, Workers(0), key=KEY, clock=clock)
    card = await cups.open(asker(HOST), manager=True, game="klondike", deals=3, hours=24)
    assert not isinstance(card, Notice)
    cup_id = card.cup_id
    assert await cups.draw(cup_id)
    # Alice plays deal 1 and resigns it; Bob plays deal 1; Carol plays nothing
    # and is struck.
    first = await cups.play(asker(ALICE), cup_id)
    assert isinstance(first, Board) and "Cup · deal 1 of 3" in first.news
    await store.set_status(first.game_id, Status.RESIGNED)
    bob = await cups.play(asker(BOB), cup_id)
    assert isinstance(bob, Board)
    await store.set_status(bob.game_id, Status.RESIGNED)
    struck = await cups.strike(asker(HOST), manager=True, user_id=CAROL, reason="rude")
    assert not isinstance(struck, Notice)
    await forget(mydata, ALICE)
    await forget(mydata, CAROL)
    cup = await store.get_cup(cup_id)
    assert (await store.cup_standings(cup_id))[1] == 1 and await store.cup_players(cup_id) == 2
    assert [(await cups.card(cup)).text.count("a player")] == [1]  # Alice's attempt, no one's
    # She comes back: deal 1 was hers; she is dealt deal 2, and counts once.
    again = await cups.play(asker(ALICE), cup_id)
    assert isinstance(again, Board) and "Cup · deal 2 of 3" in again.news
    entries, _ = await store.cup_standings(cup_id)
    assert sorted((e.user_id, e.played) for e in entries) == [(ALICE, 1), (BOB, 1)]
    assert await store.cup_players(cup_id) == 2
    assert "a player" not in (await cups.card(await store.get_cup(cup_id))).text
    # Carol's strike holds, once: striking her again says she already is.
    said = await cups.strike(asker(HOST), manager=True, user_id=CAROL, reason="again")
    assert isinstance(said, Notice) and "already" in said.text
    assert (await store.cup_standings(cup_id))[1] == 1
    # Forgotten again, she is linked again; the close deletes every link.
    clock.now += 86400
    await forget(mydata, ALICE)
    closed = await store.close_cups(clock.now + 86400)
    assert [c.id for c in closed] == [cup_id]
    entries, struck = await store.cup_standings(cup_id)
    assert [e.user_id < 0 for e in entries].count(True) == 1 and struck == 1
    assert await store.claim_cup_alias(cup_id, "any digest", ALICE) is False
    assert isinstance(await cups.standing_of(asker(ALICE), cup_id), Notice)
    entries, _ = await store.cup_standings(cup_id)
    assert ALICE not in {e.user_id for e in entries}  # no one's, after the close
