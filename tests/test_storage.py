"""The SQLite store, on real files in a temporary folder."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from solitaire import load_game, new_game
from storage import (
    Conflict,
    NotFound,
    ServerRules,
    Settings,
    SQLiteStore,
    Status,
    Store,
    StoreError,
    UnfinishedGame,
    open_store,
)
from storage._sql import compute_stats
from storage.migrations import MIGRATIONS, Migration
from tests.conftest import DATA
from tests.databases import execute


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float = 60.0) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database_url: str, clock: Clock) -> AsyncIterator[Store]:
    async with await open_store(database_url, clock=clock) as opened:
        yield opened


async def test_open_store_creates_the_folder_and_the_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/new/folder/solitaire.sqlite3"
    async with await open_store(url) as store:
        assert await store.schema_version() == len(MIGRATIONS)
    assert (tmp_path / "new" / "folder" / "solitaire.sqlite3").is_file()


@pytest.mark.parametrize("url", ["mysql://x", "sqlite://", "sqlite:///", "data.db"])
async def test_a_url_of_no_known_database_is_refused(url: str) -> None:
    with pytest.raises(StoreError, match="DATABASE_URL"):
        await open_store(url)


async def test_a_database_server_that_does_not_answer_is_named() -> None:
    with pytest.raises(StoreError, match="Cannot reach the database at DATABASE_URL"):
        await open_store("postgresql://postgres@127.0.0.1:1/solitaire")


async def test_a_fresh_database_gets_every_migration(store: Store) -> None:
    assert await store.schema_version() == len(MIGRATIONS)  # type: ignore[attr-defined]


async def test_a_game_round_trips_through_the_store(store: Store) -> None:
    game = new_game("klondike", deal=4711, draw=3)
    row = await store.create_game(42, game.to_record(), guild_id=7, channel_id=8)
    for text in ("s", "s", "4 f"):
        game.play(text)
    game.play("s")
    game.undo()
    row = await store.save_moves(
        row.id,
        [move.notation for move in game.moves],
        expected_revision=row.revision,
        redo=game.to_record()["redo"],
        undos=game.undos,
        hints=2,
    )
    loaded = await store.get_game(row.id)
    assert loaded == row
    assert (loaded.user_id, loaded.guild_id, loaded.channel_id) == (42, 7, 8)
    assert loaded.hints == 2 and loaded.undos == 1
    assert load_game(loaded.record) == game


async def test_each_user_has_one_unfinished_game_per_profile(store: Store, clock: Clock) -> None:
    first = await store.create_game(1, new_game("klondike", deal=1).to_record())
    with pytest.raises(UnfinishedGame) as info:
        await store.create_game(1, new_game("klondike", deal=2).to_record())
    assert info.value.game.id == first.id
    clock.tick()
    other = await store.create_game(1, new_game("casket", deal=3).to_record())
    assert (await store.current_game(1)) == other
    clock.tick()
    second = await store.create_game(1, new_game("klondike", deal=2).to_record(), replace=True)
    assert (await store.get_game(first.id)).status == "abandoned"
    assert (await store.current_game(1)).id == second.id  # type: ignore[union-attr]
    assert (await store.get_game(other.id)).status == "playing"
    assert await store.current_game(2) is None


async def test_the_current_game_is_the_most_recently_touched(store: Store, clock: Clock) -> None:
    klondike = await store.create_game(1, new_game("klondike", deal=1).to_record())
    clock.tick()
    await store.create_game(1, new_game("casket", deal=1).to_record())
    clock.tick()
    await store.save_moves(klondike.id, ["s"], expected_revision=klondike.revision)
    assert (await store.current_game(1)).id == klondike.id  # type: ignore[union-attr]


async def test_two_saves_from_the_same_revision_one_wins(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record())
    results = await asyncio.gather(
        store.save_moves(row.id, ["s"], expected_revision=row.revision),
        store.save_moves(row.id, ["4 f1"], expected_revision=row.revision),
        return_exceptions=True,
    )
    assert sum(isinstance(result, Conflict) for result in results) == 1
    assert len((await store.get_game(row.id)).moves) == 1


async def test_fifty_concurrent_saves_leave_no_duplicates_and_no_gaps(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record())
    conflicts = 0

    async def player(n: int) -> None:
        nonlocal conflicts
        while True:
            current = await store.get_game(row.id)
            try:
                moves = [*current.moves, f"m{n}"]
                await store.save_moves(row.id, moves, expected_revision=current.revision)
                return
            except Conflict:
                conflicts += 1

    await asyncio.gather(*(player(n) for n in range(50)))
    final = await store.get_game(row.id)
    assert sorted(final.moves) == sorted(f"m{n}" for n in range(50))
    assert len(final.moves) == len(set(final.moves)) == 50
    assert conflicts > 0  # the race really happened


async def test_saves_from_two_connections_are_serialized(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/shared.sqlite3"
    async with await open_store(url) as one, await open_store(url) as two:
        row = await one.create_game(1, new_game("klondike", deal=1).to_record())
        results = await asyncio.gather(
            one.save_moves(row.id, ["s"], expected_revision=row.revision),
            two.save_moves(row.id, ["s"], expected_revision=row.revision),
            return_exceptions=True,
        )
        assert sum(isinstance(result, Conflict) for result in results) == 1


async def test_a_stale_revision_is_a_conflict_and_changes_nothing(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record())
    await store.save_moves(row.id, ["s"], expected_revision=row.revision)
    with pytest.raises(Conflict):
        await store.save_moves(row.id, ["s", "s"], expected_revision=row.revision)
    assert (await store.get_game(row.id)).moves == ["s"]


async def test_a_move_on_the_current_game_is_refused_once_another_game_is_current(
    store: Store, clock: Clock
) -> None:
    klondike = await store.create_game(1, new_game("klondike", deal=1).to_record())
    await store.set_settings(1, Settings("large", "four-colour"))
    clock.tick()
    moved = await store.save_moves(
        klondike.id, ["s"], expected_revision=klondike.revision, still_current=True
    )
    assert moved.settings == Settings("large", "four-colour")  # returned with the game
    clock.tick()
    calculation = await store.create_game(1, new_game("calculation", deal=1).to_record())
    with pytest.raises(Conflict):  # Calculation is the current game now
        await store.save_moves(
            klondike.id, ["s", "s"], expected_revision=moved.revision, still_current=True
        )
    assert (await store.get_game(klondike.id)).moves == ["s"]
    # Its board's buttons name it: a press plays on it, and it is current again.
    clock.tick()
    await store.save_moves(klondike.id, ["s", "s"], expected_revision=moved.revision)
    current = await store.current_game(1)
    assert current is not None and current.id == klondike.id
    with pytest.raises(Conflict):
        await store.save_moves(
            calculation.id, ["s w1"], expected_revision=calculation.revision, still_current=True
        )


async def test_a_finished_game_takes_no_more_moves(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record())
    finished = await store.set_status(row.id, "resigned")
    assert finished.finished_at is not None
    with pytest.raises(Conflict):
        await store.save_moves(row.id, ["s"], expected_revision=finished.revision)


async def test_a_missing_game_is_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.get_game(999)


async def test_a_damaged_game_is_kept_and_frees_its_profile(store: Store) -> None:
    record = new_game("klondike", deal=1).to_record()
    record["moves"] = ["7 1x9"]  # does not replay
    row = await store.create_game(1, record)
    await store.set_status(row.id, "damaged")
    assert (await store.get_game(row.id)).moves == ["7 1x9"]
    await store.create_game(1, new_game("klondike", deal=2).to_record())


async def test_the_board_message_is_remembered(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record(), channel_id=5)
    assert await store.set_message(row.id, None, 77) is None  # the first board replaces none
    loaded = await store.get_game(row.id)
    assert (loaded.channel_id, loaded.message_id) == (5, 77)
    assert await store.set_message(row.id, 6, 78) == (5, 77)  # the board to retire
    assert await store.set_message(row.id, 6, 78) is None  # the same board again: nothing


async def test_concurrent_boards_each_retire_the_one_they_replace(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record(), channel_id=5)
    replaced = await asyncio.gather(*(store.set_message(row.id, 5, 100 + n) for n in range(12)))
    retired = {old[1] for old in replaced if old is not None}
    live = (await store.get_game(row.id)).message_id
    # Every board but the live one is retired, each once.
    assert len(retired) == 11 and live not in retired


async def test_a_board_replacing_the_one_expected_is_one_compare_and_set(store: Store) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record(), channel_id=5)
    assert await store.set_message(row.id, None, 77, expected=(5, None)) is None
    assert await store.set_message(row.id, 6, 78, expected=(5, 77)) == (5, 77)
    # Expecting a board that was replaced meanwhile: the store says which one is live.
    assert await store.set_message(row.id, 6, 79, expected=(5, 77)) == (6, 78)
    loaded = await store.get_game(row.id)
    assert (loaded.channel_id, loaded.message_id) == (6, 79)


async def test_concurrent_boards_expecting_one_each_retire_the_one_they_replace(
    store: Store,
) -> None:
    row = await store.create_game(1, new_game("klondike", deal=1).to_record(), channel_id=5)
    await store.set_message(row.id, 5, 99)
    replaced = await asyncio.gather(
        *(store.set_message(row.id, 5, 100 + n, expected=(5, 99)) for n in range(12))
    )
    retired = [old[1] for old in replaced if old is not None]
    live = (await store.get_game(row.id)).message_id
    # The board expected and every new one but the live one: each retired once.
    assert sorted(retired) == sorted({99, *range(100, 112)} - {live})


async def test_settings_are_remembered_per_player_and_default_to_normal(store: Store) -> None:
    assert await store.settings(1) == Settings("normal", "classic", False)
    await store.set_name(1, "Ada")
    await store.set_settings(1, Settings("large", "four-colour"))
    await store.set_settings(2, Settings("normal", "four-colour"))
    assert await store.settings(1) == Settings("large", "four-colour")
    assert await store.settings(2) == Settings("normal", "four-colour")
    assert await store.names([1]) == {1: "Ada"}  # the name stays


async def test_a_players_avatar_is_the_last_one_seen(store: Store) -> None:
    assert await store.avatar(1) is None  # never seen
    await store.set_name(1, "Ada", "a_" + "0" * 32)
    assert await store.avatar(1) == "a_" + "0" * 32
    await store.set_name(1, "Ada")  # seen again, without one
    assert await store.avatar(1) is None and await store.names([1]) == {1: "Ada"}
    await store.set_name(1, "Ada", "f" * 32)
    await store.set_settings(1, Settings("large", "four-colour"))
    assert await store.avatar(1) == "f" * 32  # settings leave it be


async def test_a_server_turns_threads_on_and_off(store: Store) -> None:
    assert not await store.threads(9)
    await store.set_threads(9, True)
    assert await store.threads(9) and not await store.threads(10)
    await store.set_threads(9, False)
    assert not await store.threads(9)


async def test_a_server_lists_channels_per_kind_and_blocks_members_until_forgotten(
    store: Store,
) -> None:
    assert await store.server_rules(9) == ServerRules()
    await store.set_channels(9, "boards", [30, 31, 30])
    await store.set_channels(9, "races", [32])
    assert await store.block(9, 7, "d7") and not await store.block(9, 7, "d7")
    assert await store.server_rules(9) == ServerRules(
        {"boards": frozenset({30, 31}), "races": frozenset({32})}, frozenset({7})
    )
    assert await store.server_rules(10) == ServerRules()  # per server
    await store.set_channels(9, "races", [])
    assert await store.unblock(9, 7, "d7") and not await store.unblock(9, 7, "d7")
    assert await store.server_rules(9) == ServerRules({"boards": frozenset({30, 31})})
    # A member forgotten since: the block holds, under a digest naming no one.
    await store.block(9, 8, "d8")
    assert await store.forget_player(8, "f8", every=86400, block_digest=lambda g: f"d8@{g}")
    rules = await store.server_rules(9)
    assert rules.blocked == frozenset() and rules.kept == frozenset({"d8@9"})
    assert not await store.block(9, 8, "d8@9")  # blocked already
    assert await store.unblock(9, 8, "d8@9") and await store.server_rules(9) == ServerRules(
        {"boards": frozenset({30, 31})}
    )
    await store.block(9, 8, "d8")
    assert await store.forget_player(8, "f8b", every=86400, block_digest=lambda g: "kept")
    await store.forget_guild(9)
    assert await store.server_rules(9) == ServerRules()


# -- stats ---------------------------------------------------------------------------


def test_streaks_from_a_fixed_history() -> None:
    history = [("won", 90, 300.0), ("won", 80, 200.0), ("lost", 0, 10.0),
               ("won", 120, 100.0), ("won", 95, 500.0), ("won", 99, 400.0),
               ("resigned", 3, 5.0), ("won", 110, 250.0)]  # fmt: skip
    stats = compute_stats(history)
    assert (stats.played, stats.won) == (8, 6)
    assert stats.win_rate == pytest.approx(0.75)
    assert (stats.current_streak, stats.best_streak) == (1, 3)
    assert (stats.best_moves, stats.best_seconds) == (80, 100.0)


_DEALS = itertools.count(1)


async def finish(
    store: Store,
    clock: Clock,
    user: int,
    status: str,
    moves: int,
    guild: int = 7,
    *,
    deal: int | None = None,
) -> None:
    """A game of *user*'s finished as *status* after *moves* moves: a deal
    of its own unless *deal* says which (a deal counts once per player)."""
    record = new_game("klondike", deal=deal or next(_DEALS)).to_record()
    row = await store.create_game(user, record, guild_id=guild)
    clock.tick(100)
    await store.save_moves(row.id, ["s"] * moves, expected_revision=row.revision, status=status)
    clock.tick(1)


async def test_stats_come_from_finished_games(store: Store, clock: Clock) -> None:
    for status, moves in [("won", 100), ("abandoned", 3), ("won", 90), ("won", 95)]:
        await finish(store, clock, 1, status, moves)
    await store.create_game(1, new_game("klondike", deal=9).to_record())  # unfinished: not counted
    stats = await store.stats(1, "klondike")
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (4, 3, 2, 2)
    assert (stats.best_moves, stats.best_seconds) == (90, 100.0)
    assert (await store.stats(1, "casket")).played == 0


async def test_the_leaderboard_ranks_a_servers_players_by_wins(store: Store, clock: Clock) -> None:
    await finish(store, clock, 1, "won", 100)
    await finish(store, clock, 2, "won", 120)
    await finish(store, clock, 2, "won", 130)
    await finish(store, clock, 3, "lost", 40)
    await finish(store, clock, 4, "won", 50, guild=8)  # another server
    since = clock.now
    await finish(store, clock, 1, "won", 99)
    board = await store.leaderboard(7, "klondike")
    assert [(row.user_id, row.won, row.played, row.best_moves) for row in board] == [
        (1, 2, 2, 99), (2, 2, 2, 120), (3, 0, 1, None),
    ]  # fmt: skip
    assert [row.user_id for row in await store.leaderboard(7, "klondike", since=since)] == [1]


# -- migrations ------------------------------------------------------------------------


def database_from(tmp_path: Path, script: str) -> Path:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(script)
    return path


async def test_a_database_of_the_first_schema_is_migrated_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    path = database_from(tmp_path, (DATA / "schema_v1.sql").read_text())
    async with await SQLiteStore.open(str(path)) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        game = await store.get_game(1)
        assert (game.moves, game.hints, game.status, game.message_id) == (
            ["s", "4 f1"],
            0,
            "playing",
            9,
        )
        assert load_game(game.record).moves[-1].notation == "4 f1"
        assert (await store.stats(42, "klondike")).played == 1


async def test_games_kept_before_fair_play_count_each_deal_once_per_player(
    tmp_path: Path,
) -> None:
    again = """
    INSERT INTO games (id, user_id, guild_id, channel_id, message_id, profile, version, options,
        deal, moves, move_count, status, revision, started_at, updated_at, finished_at)
    VALUES (3, 42, 7, 8, 11, 'klondike', 1, '{"draw": 3, "passes": 3, "foundation_return": false}',
        5, '["s"]', 1, 'won', 3, 960.0, 970.0, 970.0),
        (4, 43, 7, 8, 12, 'klondike', 1, '{"draw": 3, "passes": 3, "foundation_return": false}',
        5, '["s"]', 1, 'won', 3, 960.0, 970.0, 970.0);
    """
    path = database_from(tmp_path, (DATA / "schema_v1.sql").read_text() + again)
    async with await SQLiteStore.open(str(path)) as store:
        practice = {i: (await store.get_game(i)).practice for i in (1, 2, 3, 4)}
    # Player 42's second game of deal 5 under the same rules is practice;
    # another deal, or another player's first game of it, counts.
    assert practice == {1: False, 2: False, 3: True, 4: False}


async def test_a_failing_migration_leaves_nothing_behind(tmp_path: Path) -> None:
    path = database_from(tmp_path, (DATA / "schema_v1.sql").read_text())
    half_done = "CREATE TABLE half_done (x INTEGER); THIS IS NOT SQL;"
    broken = [*MIGRATIONS, Migration(half_done, half_done)]
    store = await SQLiteStore.open(str(path))
    try:
        with pytest.raises(StoreError, match=f"Migration {len(broken)} failed"):
            await store.migrate(broken)
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute(
            "SELECT count(*) FROM sqlite_master WHERE name = 'half_done'"
        ).fetchone() == (0,)


async def test_a_database_newer_than_the_bot_is_refused(tmp_path: Path) -> None:
    path = database_from(tmp_path, f"PRAGMA user_version = {len(MIGRATIONS) + 1};")
    with pytest.raises(StoreError, match="update the bot"):
        await SQLiteStore.open(str(path))


async def test_the_database_is_in_wal_mode(tmp_path: Path) -> None:
    async with await SQLiteStore.open(str(tmp_path / "wal.sqlite3")) as store:
        assert await store.integrity_check() == "ok"
        async with store._db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"  # type: ignore[index]


async def test_players_names_and_languages_are_kept_apart(store: Store) -> None:
    assert await store.language(7) is None
    await store.set_language(7, "de")
    assert await store.language(7) == "de"
    assert await store.names([7]) == {}  # a language alone gives no name
    await store.set_name(7, "Grete")
    await store.set_language(7, "en")
    assert await store.names([7]) == {7: "Grete"}
    assert await store.language(7) == "en"


async def test_a_game_read_or_moved_with_its_settings_brings_its_players_language(
    store: Store,
) -> None:
    row = await store.create_game(7, new_game("klondike", deal=1).to_record())
    assert (await store.get_game(row.id)).language is None  # never heard
    await store.set_language(7, "de")
    assert (await store.get_game(row.id)).language == "de"
    current = await store.current_game(7)
    assert current is not None and current.language == "de"
    await store.set_language(7, "fr")
    moved = await store.save_moves(row.id, ["s"], expected_revision=row.revision)
    assert moved.language == "fr"  # the update says it as stored now


async def test_stores_opened_at_the_same_moment_migrate_once(database_url: str) -> None:
    stores = await asyncio.gather(*(open_store(database_url) for _ in range(4)))
    try:
        for opened in stores:
            assert await opened.schema_version() == len(MIGRATIONS)  # type: ignore[attr-defined]
    finally:
        for opened in stores:
            await opened.close()


async def test_processes_started_at_the_same_moment_on_a_fresh_file_never_hang(
    tmp_path: Path,
) -> None:
    for attempt in range(6):
        url = f"sqlite:///{tmp_path}/fresh{attempt}.sqlite3"
        opening = "import asyncio, storage; asyncio.run(storage.open_store({url!r}))"
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable, "-c", opening.format(url=url), stderr=asyncio.subprocess.PIPE
            )
            for _ in range(2)
        ]
        for child in children:
            _, errors = await asyncio.wait_for(child.communicate(), 15)
            assert child.returncode == 0, errors.decode()
        async with await open_store(url) as store:
            assert await store.schema_version() == len(MIGRATIONS)  # type: ignore[attr-defined]


@pytest.mark.postgresql
async def test_a_postgresql_database_newer_than_the_bot_is_refused_unchanged(
    database_url: str,
) -> None:
    if database_url.startswith("sqlite"):
        pytest.skip("the SQLite case is tested above")
    async with await open_store(database_url):
        pass
    await execute(database_url, "UPDATE schema_version SET version = 99")
    with pytest.raises(StoreError, match="newer than this bot knows"):
        await open_store(database_url)
    assert await execute(database_url, "SELECT version FROM schema_version") == [(99,)]


@pytest.mark.postgresql
async def test_a_postgresql_connection_goes_back_to_the_pool_as_it_came(database_url: str) -> None:
    if database_url.startswith("sqlite"):
        pytest.skip("PostgreSQL's pool alone")
    from storage.postgres import PostgresStore

    # One connection: every statement below runs on it, one after the other.
    async with await PostgresStore.open(database_url, connections=1) as store:
        row = await store.create_game(1, new_game("klondike", deal=3).to_record())
        with pytest.raises(Conflict):  # a write refused inside its transaction
            await store.save_moves(row.id, ["s"], expected_revision=row.revision + 5)
        moved = await store.save_moves(row.id, ["s"], expected_revision=row.revision)
        assert moved.revision == row.revision + 1
        # Seen from outside: the migration's lock is let go, and the store's
        # connection waits in no transaction.
        assert await execute(
            database_url, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
        ) == [(0,)]
        states = await execute(
            database_url,
            "SELECT state FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()",
        )
        assert states and all(state == ("idle",) for state in states)


async def test_a_verdict_is_kept_only_for_the_position_it_was_found_for(store: Store) -> None:
    row = await store.create_game(1, new_game("castles-end", deal=7).to_record())
    verdict = {"revision": row.revision, "outcome": "unwinnable", "since": 0}
    assert await store.set_verdict(row.id, row.revision, verdict)
    assert (await store.get_game(row.id)).verdict == verdict
    await store.save_moves(row.id, ["1 f"], expected_revision=row.revision)
    assert not await store.set_verdict(row.id, row.revision, {"outcome": "won"})  # moved on
    assert (await store.get_game(row.id)).verdict == verdict


async def test_a_player_may_ask_whether_games_can_still_be_won(store: Store) -> None:
    assert not (await store.settings(1)).verdicts
    await store.set_settings(1, Settings("normal", "classic", verdicts=True))
    assert (await store.settings(1)).verdicts


async def test_the_wins_on_a_deal_are_those_under_the_same_rules_however_written(
    store: Store,
) -> None:
    async def win(user_id: int, options: dict[str, object]) -> int:
        game = new_game("klondike", deal=77, **options)
        record = {**game.to_record(), "options": options}
        row = await store.create_game(user_id, record)
        return (await store.save_moves(row.id, ["s"], expected_revision=0, status=Status.WON)).id

    first = await win(1, {"draw": 1, "passes": "1"})
    defaults = await win(2, {})  # the same rules, left at their defaults
    reordered = await win(3, {"passes": "1", "draw": 1})
    other = await win(4, {"draw": 3})
    same = await store.deal_results("klondike", {}, 77)
    assert {row.id for row in same} == {first, defaults, reordered}
    assert [row.id for row in await store.deal_results("klondike", {"draw": 3}, 77)] == [other]


async def test_the_active_clock_counts_a_long_pause_as_two_minutes(
    store: Store, clock: Clock
) -> None:
    game = await store.create_game(1, new_game("klondike", 4711).to_record())
    clock.tick(30)
    game = await store.save_moves(game.id, ["s"], expected_revision=0)
    assert game.active == 30
    clock.tick(3600)  # away for an hour
    assert game.seconds_at(clock.now) == 30 + 120
    game = await store.save_moves(game.id, ["s", "s"], expected_revision=1)
    clock.tick(45)
    game = await store.save_moves(game.id, ["s"] * 3, expected_revision=2, status=Status.WON)
    assert game.seconds == game.active == 30 + 120 + 45
    assert game.seconds_at(clock.now + 999) == game.active  # over: the clock stopped
    assert (await store.stats(1, "klondike")).best_seconds == 195


async def test_a_player_may_hide_the_clock(store: Store) -> None:
    assert (await store.settings(1)).clock
    await store.set_settings(1, Settings(clock=False))
    assert not (await store.settings(1)).clock
    game = await store.create_game(1, new_game("klondike", 4711).to_record())
    assert (await store.get_game(game.id)).settings == Settings(clock=False)
