from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.usecases.service import GameService
from storage import Store, open_store
from tests import botprocess
from tests.botprocess import TOKEN, BotProcess
from tests.databases import STORES, fresh_database
from tests.fake_discord import FakeDiscord

DATA = Path(__file__).parent / "data"
#: Modules whose every test is slow: they run real bot or storage processes.
SLOW_MODULES = ("_e2e.py", "test_storage_crash.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks ``slow`` what the fast loop (``pytest -m "not slow"``) leaves
    out: the real bot processes, PostgreSQL, and tests marked so by hand
    (long searches)."""
    for item in items:
        if item.path.name.endswith(SLOW_MODULES) or item.get_closest_marker("postgresql"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def no_bot_left_behind() -> Iterator[None]:
    """Fails the run, naming the tests, if a bot or a worker of one outlives
    them (and ends it): a bot left running slows every test after it."""
    yield
    left = botprocess.survivors()
    for group in left:
        botprocess.end_group(group)
    assert not left, "bot processes outlived their tests: " + ", ".join(
        f"{test} (process group {group})" for group, test in left.items()
    )


@pytest.fixture(scope="session")
def deal_vectors() -> dict[str, Any]:
    return json.loads((DATA / "deals.json").read_text())


#: Requests whose bodies the local Discords of this process checked.
_CHECKED = [0]


def pytest_sessionfinish() -> None:
    """With ``FAKE_DISCORD_TALLY`` naming a file, adds a line to it: how
    many requests this process's local Discords checked (one a test process)."""
    tally = os.environ.get("FAKE_DISCORD_TALLY")
    if tally:
        with open(tally, "a") as out:
            out.write(f"{_CHECKED[0]}\n")


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    """A local Discord-compatible server; a reply later than 3 s fails the test."""
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()
    _CHECKED[0] += fake.checked
    assert not fake.late, f"replies slower than 3 s: {fake.late}"
    assert not fake.invalid, f"requests Discord's API description refuses: {fake.invalid}"


@pytest.fixture
async def bot(server: FakeDiscord, tmp_path: Path, database_url: str) -> AsyncIterator[BotProcess]:
    """The real bot process against the local server (a test module may
    bring its own); its log is shown when a test fails and holds no token."""
    process = BotProcess(server, tmp_path, database_url)
    await process.start()
    yield process
    await process.stop()
    log = process.log.read_text()
    print(log)  # shown when a test fails
    assert TOKEN not in log


@pytest.fixture(params=STORES)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database: a SQLite file in a temporary folder, and (where
    ``TEST_DATABASE_URL`` names a server) a new PostgreSQL database, dropped after."""
    async with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """A store on a fresh database."""
    async with await open_store(database_url) as opened:
        yield opened


@pytest.fixture
def service(store: Store) -> GameService:
    """The game service on that store, its clock stopped."""
    return GameService(store, clock=lambda: 1_000_000.0)
