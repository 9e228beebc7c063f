"""What an attacker or an unlucky operator does, at the service and store:
writes that must survive other players' rollbacks, a rehearsed daily deal,
long leaderboards, damaged rows."""

from __future__ import annotations

import asyncio
import random

from bot.usecases.replies import Asker, Board, Notice, Unfinished
from bot.usecases.service import GameService
from bot.usecases.social import Social
from solitaire import daily_deal, load_position
from storage import Store
from tests.databases import execute

GUILD = 77


async def test_hint_counts_names_and_languages_survive_other_players_rollbacks(
    store: Store,
) -> None:
    service, social = GameService(store), Social(store)
    players = [Asker(100 + n, guild_id=GUILD) for n in range(12)]
    # Two moves from a win: the first hint's search is instant, the rest follow its line.
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["1"], piles["2"] = [piles["f1"].pop()], [piles["f2"].pop()]
    for asker in players:
        record = {**load_position("klondike", piles).to_record(), "deal": asker.user_id}
        await store.create_game(asker.user_id, record, guild_id=GUILD)
    shown: dict[int, int] = dict.fromkeys((a.user_id for a in players), 0)

    async def busy(asker: Asker, rng: random.Random) -> None:
        for round_ in range(6):
            await social.remember(asker.user_id, f"player {asker.user_id} {round_}")
            await store.set_language(asker.user_id, ("de", "en")[round_ % 2])
            # Offers Resume / New deal: a transaction that is rolled back.
            offered = await service.start(asker, "klondike", deal=rng.randint(1, 99))
            assert isinstance(offered, Unfinished)
            hint = await service.hint(asker)
            if isinstance(hint, Notice) and hint.text.startswith("Hint: look at"):
                shown[asker.user_id] += 1  # a hint counts once a position, at its first step
            await asyncio.sleep(rng.uniform(0, 0.01))

    await asyncio.gather(*(busy(asker, random.Random(asker.user_id)) for asker in players))
    # Hints were given (some got "busy"), each counted once: one position, six asks.
    assert sum(shown.values()) > 0 and set(shown.values()) <= {0, 1}
    names = await store.names([asker.user_id for asker in players])
    for asker in players:
        row = await store.current_game(asker.user_id)
        assert row is not None and row.hints == shown[asker.user_id]
        assert names[asker.user_id] == f"player {asker.user_id} 5"
        assert await store.language(asker.user_id) == "en"


async def test_todays_daily_deal_cannot_be_dealt_by_hand(service: GameService) -> None:
    today = service.boards.today()
    todays = daily_deal("casket", today)
    refused = await service.start(Asker(1), "casket", deal=todays)
    assert isinstance(refused, Notice) and "/daily" in refused.text
    counted = await service.daily(Asker(1), "casket")
    assert isinstance(counted, Board) and "counts" in counted.news


async def test_a_leaderboard_of_a_busy_server_fits_in_a_message(store: Store) -> None:
    service, social = GameService(store), Social(store)
    for n in range(60):
        asker = Asker(1000 + n, guild_id=GUILD)
        await social.remember(asker.user_id, f"A player with a rather long name {n}")
        await service.daily(asker, "castles-end")
        await service.resign(asker)
    board = await social.leaderboard(Asker(1, guild_id=GUILD), "castles-end", "all")
    assert len(board.text) <= 2000 and board.text.endswith("more.")


async def test_a_row_with_a_bad_timestamp_gets_a_short_answer(
    service: GameService, store: Store, database_url: str
) -> None:
    started = await service.start(Asker(1), "klondike", deal=4711)
    assert isinstance(started, Board)
    sql = "UPDATE games SET started_at = 'yesterday' WHERE id = ?"
    if not database_url.startswith("sqlite"):
        sql = "UPDATE games SET started_at = 'NaN' WHERE id = ?"  # a column of numbers
    await execute(database_url, sql, started.game_id)
    reply = await service.move(Asker(1), "s")
    assert isinstance(reply, Notice) and "can't be replayed" in reply.text
    assert isinstance(await service.start(Asker(1), "klondike", deal=1), Board)
