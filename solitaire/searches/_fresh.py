"""Compiled searches that never go stale.

An editable install compiles the searches (``setup.py``) beside their
sources, and Python then prefers the compiled modules. When a source is newer
than its compiled module (it was edited since the install), every search is
imported from its source instead, with one log line that says how to compile
them again: all or none, since the compiled modules call one another
directly. A module written in C (its source a ``.c``) is then not imported
at all, and its Python twin runs. Reading the files' times is the only I/O
here, at import.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

log = logging.getLogger(__name__)


def stale(folder: Path, modules: Sequence[str]) -> list[str]:
    """The *modules* in *folder* whose compiled module is older than their source."""
    found = []
    for name in modules:
        source = folder / f"{name}.py"
        if not source.exists():
            source = folder / f"{name}.c"
        built = [
            path
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (path := folder / f"{name}{suffix}").exists()
        ]
        newest = source.stat().st_mtime if source.exists() else 0.0
        if built and min(path.stat().st_mtime for path in built) < newest:
            found.append(name)
    return found


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the modules of one package from their ``.py`` sources, passing
    over the compiled modules beside them."""

    def __init__(self, package: str, folder: Path) -> None:
        self._package, self._folder = package, folder

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        source = self._folder / f"{name}.py"
        if package != self._package or not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def prefer_fresh(package: str, folder: Path, modules: Sequence[str]) -> list[str]:
    """Makes *package*'s modules import from their sources if any compiled
    one is stale; returns the stale ones. Call it before importing them."""
    found = stale(folder, modules)
    if found:
        log.warning(
            "the compiled searches are older than their sources (%s): running them as "
            "plain Python, slower; `pip install -e .` compiles them again",
            ", ".join(found),
        )
        sys.meta_path.insert(0, _Sources(package, folder))
        for name in modules:
            if not (folder / f"{name}.py").exists():
                sys.modules[f"{package}.{name}"] = None  # type: ignore[assignment]  # C alone: not imported
    return found
