from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from storage import SQLiteStore, open_store
from tests.fake_discord import FakeDiscord

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def deal_vectors() -> dict[str, Any]:
    return json.loads((DATA / "deals.json").read_text())


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    """A local Discord-compatible server; a reply later than 3 s fails the test."""
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()
    assert not fake.late, f"replies slower than 3 s: {fake.late}"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    """A fresh SQLite store in a temporary folder."""
    async with await open_store(f"sqlite:///{tmp_path}/s.sqlite3") as opened:
        yield opened


@pytest.fixture
def service(store: SQLiteStore) -> GameService:
    """The game service on that store, its clock stopped."""
    return GameService(store, clock=lambda: 1_000_000.0)
