from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def deal_vectors() -> dict[str, Any]:
    return json.loads((DATA / "deals.json").read_text())
