"""The searches that setup.py compiles: built where a C compiler is at hand,
and from the sources beside them."""

from __future__ import annotations

import importlib
import os
import shutil
from pathlib import Path

import pytest

from solitaire import searches

MODULES = ["_base", "klondike", "klondike_bound", "castles_end", "calculation", "casket"]


@pytest.mark.skipif(
    bool(os.environ.get("SOLITAIRE_PURE")) or shutil.which("cc") is None,
    reason="installed as plain Python",
)
def test_the_searches_are_compiled_where_a_compiler_is_at_hand() -> None:
    assert searches.COMPILED


@pytest.mark.parametrize("name", MODULES)
def test_a_compiled_search_is_no_older_than_its_source(name: str) -> None:
    # An editable install puts the compiled module beside its source, and
    # Python then imports it instead: a change to the source would go unseen.
    module = importlib.import_module(f"solitaire.searches.{name}")
    built = Path(module.__file__ or "")
    if built.suffix == ".py":
        pytest.skip("plain Python")
    source = built.parent / f"{name}.py"
    assert built.stat().st_mtime >= source.stat().st_mtime, (
        f"{source} changed after it was compiled: run `.venv/bin/pip install -e .` again"
    )
