"""The game service on a real SQLite store: the use cases without Discord."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.usecases.changing import MAX_MOVES
from bot.usecases.replies import Asker, Board, Notice, Unfinished
from bot.usecases.service import GameService
from bot.usecases.settings import Preferences
from render import FOUR_COLOUR, LARGE, render_table
from solitaire import load_game, load_position, new_game
from storage import Store, open_store
from tests.databases import execute

ALICE, BOB = 1, 2


async def board(reply: object) -> Board:
    assert isinstance(reply, Board), reply
    return reply


async def test_start_answers_with_a_picture_and_the_legal_moves(service: GameService) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    assert Image.open(io.BytesIO(started.png)).format == "PNG"
    assert started.alt.startswith("Klondike")
    assert started.moves[0] == ("4 f1", "4 f1", "A♣ to foundation f1")
    assert started.can_draw and not started.can_undo


@pytest.mark.parametrize(
    ("profile", "options", "words"),
    [
        ("klondike", {"draw": 2}, "draw"),
        ("spider", {}, "no game"),
        ("klondike", {"colour": 1}, "no option"),
    ],
)
async def test_bad_options_get_a_clear_reply(
    service: GameService, profile: str, options: dict[str, object], words: str
) -> None:
    reply = await service.start(Asker(ALICE), profile, options=options)
    assert isinstance(reply, Notice) and words in reply.text
    assert await service.current_game(ALICE) is None


async def test_an_unfinished_game_is_never_lost_silently(
    service: GameService, store: Store
) -> None:
    first = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    await service.move(Asker(ALICE), "s")
    choice = await service.start(Asker(ALICE), "klondike", deal=5)
    assert isinstance(choice, Unfinished) and choice.game_id == first.game_id
    assert (await store.get_game(first.game_id)).moves == ["s"]
    fresh = await board(await service.start(Asker(ALICE), "klondike", deal=5, replace=True))
    assert (await store.get_game(first.game_id)).status == "abandoned"
    assert (await service.current_game(ALICE)).id == fresh.game_id  # type: ignore[union-attr]


async def test_a_move_is_stored_before_it_is_shown(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    moved = await board(await service.move(Asker(ALICE), "4f"))
    assert moved.news == "`4 f1` — A♣ to foundation f1"
    assert (await store.get_game(started.game_id)).moves == ["4 f1"]
    assert moved.revision == (await store.get_game(started.game_id)).revision


async def test_an_illegal_move_changes_nothing(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    reply = await service.move(Asker(ALICE), "7 1")
    assert isinstance(reply, Notice) and "can't go on" in reply.text
    assert (await store.get_game(started.game_id)).revision == started.revision


async def test_commands_undo_redo_auto_hint(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    auto = await board(await service.move(Asker(ALICE), "a"))
    assert auto.news == "Auto: `4 f1`, `4 f1`."
    undone = await board(await service.move(Asker(ALICE), "u"))
    assert undone.news == "Took back `4 f1`."
    redone = await board(await service.move(Asker(ALICE), "redo"))
    assert redone.news == "Played `4 f1` again."
    where = await service.move(Asker(ALICE), "h")  # three steps: where, what, why
    assert isinstance(where, Notice)
    looked = re.fullmatch(
        r"Hint: look at column (\d)\. Press Hint again for the move\.", where.text
    )
    assert looked is not None, where.text
    hint = await service.move(Asker(ALICE), "h")
    assert isinstance(hint, Notice) and hint.text.startswith(f"Hint: `{looked[1]} ")
    move = hint.text.split("`")[1]
    why = await service.move(Asker(ALICE), "h")
    assert isinstance(why, Notice) and why.text.startswith(f"Why `{move}`: ")
    row = await store.get_game(started.game_id)
    assert (row.hints, row.undos, row.revision) == (
        1,
        1,
        redone.revision,
    )  # a hint changes no revision


async def test_a_press_from_another_user_is_refused(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    reply = await service.move(Asker(BOB), "s", game_id=started.game_id, revision=started.revision)
    assert isinstance(reply, Notice) and f"<@{ALICE}>'s game" in reply.text
    assert (await store.get_game(started.game_id)).moves == []


async def test_two_presses_on_one_board_play_once(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    replies = await asyncio.gather(
        *(
            service.move(Asker(ALICE), "s", game_id=started.game_id, revision=started.revision)
            for _ in range(5)
        )
    )
    assert sum(isinstance(reply, Board) for reply in replies) == 1
    assert all("out of date" in r.text for r in replies if isinstance(r, Notice))
    assert (await store.get_game(started.game_id)).moves == ["s"]


async def test_many_moves_at_once_on_one_game_all_land_in_order(
    service: GameService, store: Store
) -> None:
    started = await board(
        await service.start(Asker(ALICE), "klondike", deal=4711, options={"passes": "unlimited"})
    )
    replies = await asyncio.gather(*(service.move(Asker(ALICE), "s") for _ in range(10)))
    assert all(isinstance(reply, Board) for reply in replies)
    assert (await store.get_game(started.game_id)).moves == ["s"] * 10


async def test_a_record_that_does_not_replay_is_reported_and_kept(
    service: GameService, store: Store, database_url: str
) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    sql = "UPDATE games SET moves = '[\"7 1x9\"]' WHERE id = ?"
    await execute(database_url, sql, started.game_id)
    reply = await service.move(Asker(ALICE), "s")
    assert isinstance(reply, Notice) and "can't be replayed" in reply.text and "kept" in reply.text
    row = await store.get_game(started.game_id)
    assert (row.status, row.moves) == ("damaged", ["7 1x9"])
    assert isinstance(await service.start(Asker(ALICE), "klondike", deal=1), Board)


async def test_a_win_is_stored_and_ends_the_game(service: GameService, store: Store) -> None:
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["f1"] = piles["f1"][:-1]
    piles["1"] = ["KS"]
    record = load_position("klondike", piles).to_record()
    row = await store.create_game(ALICE, record)
    won = await board(await service.move(Asker(ALICE), "1 f"))
    assert won.won and "You won in 1 move (" in won.news
    assert (await store.get_game(row.id)).status == "won"
    assert isinstance(await service.move(Asker(ALICE), "s", game_id=row.id), Notice)  # over


async def test_resign_ends_the_game(service: GameService, store: Store) -> None:
    started = await board(await service.start(Asker(ALICE), "casket", deal=2))
    resigned = await board(await service.resign(Asker(ALICE)))
    assert resigned.status == "resigned" and not resigned.moves
    assert (await store.get_game(started.game_id)).status == "resigned"
    assert isinstance(await service.resign(Asker(ALICE)), Notice)


async def test_suggestions_follow_what_is_typed(service: GameService) -> None:
    await service.start(Asker(ALICE), "castles-end", deal=4711)
    everything = await service.suggestions(Asker(ALICE))
    assert 0 < len(everything) <= 25
    assert all(" — " in label for label, _ in everything)
    narrowed = await service.suggestions(Asker(ALICE), "r1")
    assert narrowed and all(value.startswith("r1") for _, value in narrowed)
    assert await service.suggestions(Asker(BOB)) == []


async def test_a_hint_says_when_the_game_can_no_longer_be_won(
    service: GameService, store: Store
) -> None:
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["f1"] = []
    piles["1"] = ["AS", "2S"]
    piles["2"] = [f"{r}S" for r in "KQJT9876543"]
    await store.create_game(ALICE, load_position("klondike", piles).to_record())
    reply = await service.move(Asker(ALICE), "h")
    assert isinstance(reply, Notice) and "can no longer be won" in reply.text


async def test_a_hint_from_the_solver_says_it_leads_to_a_win(
    service: GameService, store: Store
) -> None:
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["1"] = [piles["f1"].pop(), piles["f2"].pop()]
    await store.create_game(ALICE, load_position("klondike", piles).to_record())
    where = await service.move(Asker(ALICE), "h")
    assert isinstance(where, Notice) and "look at column 1" in where.text
    reply = await service.move(Asker(ALICE), "h")
    assert isinstance(reply, Notice) and "leads to a win" in reply.text
    why = await service.move(Asker(ALICE), "h")
    assert isinstance(why, Notice) and "the solver's winning line starts with it" in why.text
    again = await service.move(Asker(ALICE), "h")  # the third step again, counted once
    assert isinstance(again, Notice) and again.text == why.text
    current = await store.current_game(ALICE)
    assert current is not None and current.hints == 1


async def test_hints_and_new_deals_are_rate_limited_per_user(store: Store) -> None:
    now = [1_000.0]
    service = GameService(store, clock=lambda: now[0])
    for deal in range(1, 7):
        assert isinstance(
            await service.start(Asker(ALICE), "casket", deal=deal, replace=True), Board
        )
    burst = await service.start(Asker(ALICE), "casket", deal=7, replace=True)
    assert isinstance(burst, Notice) and "try again in" in burst.text
    assert isinstance(
        await service.start(Asker(BOB), "casket", deal=7), Board
    )  # others are not held up
    await service.move(Asker(ALICE), "h")  # where: the search
    first = await service.move(Asker(ALICE), "h")  # what: no search again
    assert isinstance(first, Notice)
    # Off the line its search found (if it found one), a hint searches again: too soon.
    hinted = first.text.split("`")[1] if "`" in first.text else ""
    other = next(n for _, n in await service.suggestions(Asker(ALICE)) if n != hinted)
    await service.move(Asker(ALICE), other)
    second = await service.move(Asker(ALICE), "h")
    assert isinstance(second, Notice) and "One hint at a time" in second.text
    now[0] += 61
    assert isinstance(await service.start(Asker(ALICE), "casket", deal=8, replace=True), Board)
    assert "One hint at a time" not in (await service.move(Asker(ALICE), "h")).text  # type: ignore[union-attr]


@pytest.fixture
async def processes(
    store: Store, database_url: str
) -> AsyncIterator[tuple[GameService, GameService]]:
    """The services of two bot processes on one database, a store each."""
    async with await open_store(database_url) as other_store:
        yield GameService(store), GameService(other_store)


async def test_two_bot_processes_on_one_database_see_each_others_moves(
    store: Store, processes: tuple[GameService, GameService]
) -> None:
    one, two = processes
    started = await board(await one.start(Asker(ALICE), "klondike", deal=4711))
    await one.move(Asker(ALICE), "4f")
    await two.move(Asker(ALICE), "4f")  # the other process moves on
    third = await board(await one.move(Asker(ALICE), "s"))  # not from its old copy
    assert third.news.startswith("`s`")
    assert (await store.get_game(started.game_id)).moves == ["4 f1", "4 f1", "s"]


async def test_suggestions_follow_the_current_game_through_moves_new_games_and_resigning(
    service: GameService,
) -> None:
    me = Asker(ALICE)
    await service.start(me, "klondike", deal=4711)
    assert (await service.suggestions(me))[0][1] == "4 f1"
    await service.move(me, "4 f1")
    # The game as just moved: the ace is home, the two is next.
    assert (await service.suggestions(me))[0][1] == "4 f1"
    assert (await service.suggestions(me, "4"))[0][0].startswith("4 f1 — 2♣")
    await service.start(me, "calculation", deal=1)
    assert (await service.suggestions(me))[0] == ("s w1 — 9♣ to waste pile w1", "s w1")
    await service.resign(me)
    klondike = await service.suggestions(me)  # the Klondike game is current again
    assert klondike[0][0].startswith("4 f1 — 2♣")
    await service.resign(me)
    assert await service.suggestions(me) == []


async def test_suggestions_after_a_move_in_another_process_are_of_the_stored_game(
    store: Store, processes: tuple[GameService, GameService]
) -> None:
    one, two = processes
    await one.start(Asker(ALICE), "klondike", deal=4711)
    await one.move(Asker(ALICE), "4f")
    await two.move(Asker(ALICE), "4f")  # the other process moves on
    await one.move(Asker(ALICE), "s")  # this one reads it afresh, then plays
    fresh = GameService(store)  # nothing in mind: it reads the store
    for typed in ("", "w"):
        assert await one.suggestions(Asker(ALICE), typed) == await fresh.suggestions(
            Asker(ALICE), typed
        )


async def test_a_move_on_a_game_this_process_holds_reads_nothing_first(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    await service.move(Asker(ALICE), "4f")  # read once: now this process holds it
    reads: list[str] = []
    for name in ("current_game", "get_game"):
        method = getattr(store, name)

        async def counted(*args: object, name: str = name, method: object = method) -> object:
            reads.append(name)
            return await method(*args)  # type: ignore[operator]

        monkeypatch.setattr(store, name, counted)
    drawn = await board(await service.move(Asker(ALICE), "s"))
    pressed = await board(
        await service.move(Asker(ALICE), "s", game_id=started.game_id, revision=drawn.revision)
    )
    assert pressed.revision == drawn.revision + 1 and reads == []
    assert (await store.get_game(started.game_id)).moves == ["4 f1", "s", "s"]


async def test_a_move_after_a_change_of_settings_is_told_as_now_set(
    service: GameService, store: Store
) -> None:
    me = Asker(ALICE)
    await service.start(me, "klondike", deal=4711)
    assert (await board(await service.move(me, "s"))).news == "`s` — draw from the stock"
    await Preferences(store, service.live).player(me, words=True)
    drawn = await board(await service.move(me, "s"))  # this process held the game
    assert drawn.news.startswith("`s` — Drew ") and drawn.words


async def test_a_process_behind_another_plays_on_the_game_as_stored(
    store: Store, processes: tuple[GameService, GameService]
) -> None:
    one, two = processes
    klondike = await board(await one.start(Asker(ALICE), "klondike", deal=4711))
    await one.move(Asker(ALICE), "4f")  # one holds the game now
    await two.move(Asker(ALICE), "4f")  # two moves it on: 2♣ home
    # Legal only as stored: one must not refuse it from its copy.
    await board(await one.move(Asker(ALICE), "5 4"))
    assert (await store.get_game(klondike.game_id)).moves == ["4 f1", "4 f1", "5 4"]
    # Another process starts another game: it is the current one now.
    calculation = await board(await two.start(Asker(ALICE), "calculation", deal=1))
    played = await board(await one.move(Asker(ALICE), "s"))  # a move in either game
    assert played.game_id == calculation.game_id
    assert (await store.get_game(klondike.game_id)).moves == ["4 f1", "4 f1", "5 4"]


@pytest.mark.parametrize(
    "options", [{"deal": 5}, {"start": {}}, {"winnable": True}, {"draw": "3", "passes": "x"}]
)
async def test_options_that_are_not_the_games_are_refused(
    service: GameService, options: dict[str, object]
) -> None:
    reply = await service.start(Asker(ALICE), "klondike", deal=1, options=options)
    assert isinstance(reply, Notice)


async def test_a_row_that_does_not_decode_is_reported_and_kept(
    service: GameService, store: Store, database_url: str
) -> None:
    started = await board(await service.start(Asker(ALICE), "klondike", deal=4711))
    await execute(
        database_url, "UPDATE games SET moves = '[\"s\", oops' WHERE id = ?", started.game_id
    )
    reply = await service.move(Asker(ALICE), "s")
    assert isinstance(reply, Notice) and "can't be replayed" in reply.text
    later = await service.move(Asker(ALICE), "u")  # it is no longer the current game
    assert isinstance(later, Notice) and "no game in progress" in later.text
    row = await store.get_game(started.game_id)
    assert row.status == "damaged" and row.extra["unreadable"] == "moves"
    stored = await execute(database_url, "SELECT moves FROM games WHERE id = ?", started.game_id)
    assert stored == [('["s", oops',)]


async def test_a_winnable_deal_where_a_pool_exists(service: GameService, store: Store) -> None:
    from solitaire import VARIANTS
    from solitaire.pool import winnable_deals

    started = await board(await service.start(Asker(ALICE), "castles-end", winnable=True))
    assert (await store.get_game(started.game_id)).deal in winnable_deals(
        VARIANTS["castles-end"], {}
    )
    none_yet = await service.start(
        Asker(ALICE), "klondike", options={"passes": "unlimited"}, winnable=True
    )
    assert isinstance(none_yet, Notice) and "No winnable deals" in none_yet.text


def twenty_moves_from_winning() -> dict[str, list[str]]:
    """Klondike with A–8 of each suit home and four columns K down to 9."""
    piles = {f"f{n}": [rank + suit for rank in "A2345678"] for n, suit in enumerate("SHDC", 1)}
    piles["1"] = ["KS", "QH", "JS", "TH", "9S"]
    piles["2"] = ["KH", "QS", "JH", "TS", "9H"]
    piles["3"] = ["KD", "QC", "JD", "TC", "9D"]
    piles["4"] = ["KC", "QD", "JC", "TD", "9C"]
    return piles


async def test_following_the_hints_takes_one_search(store: Store) -> None:
    # The clock stands still: a second search would be refused ("one hint at a time").
    service = GameService(store, clock=lambda: 1_000.0)
    row = await store.create_game(
        ALICE, load_position("klondike", twenty_moves_from_winning()).to_record()
    )
    for _ in range(20):
        await service.move(Asker(ALICE), "h")  # where
        hint = await service.move(Asker(ALICE), "h")  # what
        assert isinstance(hint, Notice) and "leads to a win" in hint.text, hint
        played = await board(await service.move(Asker(ALICE), hint.text.split("`")[1]))
    assert played.won
    stored = await store.get_game(row.id)
    assert stored.hints == 20
    assert stored.hint is not None and stored.hint["at"] == 0  # searched once, at the start


async def test_a_hint_off_the_known_line_searches_again(store: Store) -> None:
    now = [1_000.0]
    service = GameService(store, clock=lambda: now[0])
    row = await store.create_game(
        ALICE, load_position("klondike", twenty_moves_from_winning()).to_record()
    )
    await service.move(Asker(ALICE), "h")
    hint = await service.move(Asker(ALICE), "h")
    assert isinstance(hint, Notice)
    hinted = hint.text.split("`")[1]
    other = next(n for _, n in await service.suggestions(Asker(ALICE)) if n != hinted and "f" in n)
    await service.move(Asker(ALICE), other)  # another card home: off the line
    assert "One hint at a time" in (await service.move(Asker(ALICE), "h")).text  # type: ignore[union-attr]
    now[0] += 3
    await service.move(Asker(ALICE), "h")
    again = await service.move(Asker(ALICE), "h")
    assert isinstance(again, Notice) and "leads to a win" in again.text
    kept = (await store.get_game(row.id)).hint
    assert kept is not None and kept["at"] == 1  # searched again, after the move off the line


async def test_a_game_cannot_grow_past_the_move_limit(store: Store) -> None:
    record = new_game("klondike", deal=7, passes="unlimited").to_record()
    game = load_game(record)
    while len(game.moves) < MAX_MOVES:
        game.play("s")
    row = await store.create_game(ALICE, game.to_record())
    service = GameService(store)
    refused = await service.move(Asker(ALICE), "s")
    assert isinstance(refused, Notice) and f"{MAX_MOVES} moves" in refused.text
    assert len((await store.get_game(row.id)).moves) == MAX_MOVES
    undone = await service.move(Asker(ALICE), "u")  # undo still works: it shortens the game
    assert isinstance(undone, Board)


async def test_a_flood_of_moves_is_slowed_down(service: GameService) -> None:
    await service.start(Asker(ALICE), "klondike", deal=4711, options={"passes": "unlimited"})
    replies = [await service.move(Asker(ALICE), "s") for _ in range(40)]
    played = [reply for reply in replies if isinstance(reply, Board)]
    slowed = [reply for reply in replies if isinstance(reply, Notice)]
    assert len(played) == 30 and "try again in" in slowed[0].text
    assert isinstance(await service.move(Asker(BOB), "s"), Notice)  # Bob has no game; not slowed
    assert len((await service.game(Asker(ALICE), played[-1].game_id)).moves) == 30  # type: ignore[union-attr]


async def test_the_deal_limit_holds_across_processes_and_skips_mistakes(
    store: Store, database_url: str
) -> None:
    now = [1_000.0]
    one = GameService(store, clock=lambda: now[0])
    for _ in range(10):  # typos: refused, and not counted
        assert isinstance(await one.start(Asker(ALICE), "klondike", options={"draw": 2}), Notice)
    async with await open_store(database_url) as other_store:
        two = GameService(other_store, clock=lambda: now[0])
        for deal in range(1, 7):
            service = one if deal % 2 else two
            started = await service.start(Asker(ALICE), "casket", deal=deal, replace=True)
            assert isinstance(started, Board)
        refused = await two.start(Asker(ALICE), "casket", deal=7, replace=True)
        assert isinstance(refused, Notice) and "try again in" in refused.text


async def test_an_undo_in_a_long_restored_game_is_made_in_a_worker(store: Store) -> None:
    game = new_game("klondike", deal=7, passes="unlimited")
    for _ in range(400):
        game.play("s")
    row = await store.create_game(ALICE, game.to_record())
    service = GameService(store)  # nothing cached: the record is replayed by a worker
    undone = await board(await service.move(Asker(ALICE), "u"))
    assert undone.news == "Took back `s`."
    stored = await store.get_game(row.id)
    assert (len(stored.moves), stored.redo, stored.undos) == (399, ["s"], 1)
    live = await service.game(Asker(ALICE), row.id)
    game.undo()
    assert live == game and not live.has_history  # set up from a snapshot, not replayed here
    redone = await board(await service.move(Asker(ALICE), "redo"))
    assert redone.news == "Played `s` again." and len((await store.get_game(row.id)).moves) == 400


async def test_each_board_is_drawn_as_its_player_now_chose(
    service: GameService, store: Store
) -> None:
    """A game's table is kept between its pictures; a picture of another
    kind (print, colours, language) is drawn on a table of its own, and
    every picture is the one drawn anew."""
    me = Asker(ALICE)
    await Preferences(store, service.live).player(me, clock=False)
    game = new_game("klondike", deal=4711)
    await service.start(me, "klondike", deal=4711)
    for notation, asker in (("s", me), ("s", me), ("s", Asker(ALICE, "de")), ("s", me)):
        if asker.locale == "de":
            await Preferences(store, service.live).player(me, colours="four-colour", cards="large")
        game.play(notation)
        moved = await board(await service.move(asker, notation))
        kind = {"locale": asker.locale}
        if len(game.moves) >= 3:
            kind |= {"theme": FOUR_COLOUR, "size": LARGE}
        assert moved.png == render_table(game, **kind), game.moves  # type: ignore[arg-type]
