"""The searches that setup.py compiles: built where a C compiler is at hand,
and never stale: a source edited after the install runs as it now reads."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire import searches
from solitaire.searches._fresh import stale

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.mark.skipif(
    bool(os.environ.get("SOLITAIRE_PURE")) or shutil.which("cc") is None,
    reason="installed as plain Python",
)
def test_the_searches_are_compiled_where_a_compiler_is_at_hand() -> None:
    assert searches.COMPILED and searches.NATIVE
    assert searches.STALE == []


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path) -> None:
    for name in ("fresh", "edited", "plain"):
        (tmp_path / f"{name}.py").write_text("")
    for name in ("fresh", "edited"):
        (tmp_path / f"{name}{SUFFIX}").write_bytes(b"")
    os.utime(tmp_path / f"edited{SUFFIX}", (1.0, 1.0))  # built long before its source
    assert stale(tmp_path, ["fresh", "edited", "plain", "missing"]) == ["edited"]


def _installed_copy(tmp_path: Path) -> Path:
    """A copy of the installed package, as an editable install leaves it."""
    package = Path(searches.__file__).parents[1]
    shutil.copytree(package, tmp_path / "solitaire", ignore=shutil.ignore_patterns("__pycache__"))
    for group in package.parent.glob(f"*__mypyc{SUFFIX}"):
        shutil.copy2(group, tmp_path)
    return tmp_path / "solitaire" / "searches"


def _run(tmp_path: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env,
        timeout=60,
    )  # fmt: skip


@pytest.mark.skipif(not searches.NATIVE, reason="Klondike's search in C is not built")
def test_an_edited_search_in_c_is_not_run_until_built_again(tmp_path: Path) -> None:
    edited = _installed_copy(tmp_path) / "klondike_native.c"
    edited.write_text(edited.read_text() + "\n/* edited */\n")
    result = _run(tmp_path, "import solitaire.searches as s; print(s.NATIVE, s.STALE)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "['klondike_native']"]
    assert "older than their sources (klondike_native)" in result.stderr


@pytest.mark.skipif(not searches.COMPILED, reason="installed as plain Python")
def test_an_edited_search_runs_from_its_source_with_one_log_line(tmp_path: Path) -> None:
    edited = _installed_copy(tmp_path) / "klondike.py"
    edited.write_text(edited.read_text() + "\nEDITED = True\n")
    script = (
        "import solitaire.searches as s, solitaire.searches.klondike as k;"
        "print(s.COMPILED, s.STALE, k.EDITED, k.__file__.endswith('.py'))"
    )
    result = _run(tmp_path, script)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "['klondike']", "True", "True"]
    assert "older than their sources (klondike)" in result.stderr
    assert "pip install -e ." in result.stderr
