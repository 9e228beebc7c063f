"""How the packages hang together: no import circle anywhere, imports
inside functions included (``lint-imports`` checks the contracts between
layers; this checks every module against every other of its package)."""

from __future__ import annotations

import grimp
import pytest

PACKAGES = ("texts", "solitaire", "render", "storage", "bot")


def circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The groups of modules of *package* that import each other in a ring
    (Tarjan's strongly connected components with more than one module)."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(f"{package}."))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in modules:
                continue
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in modules:
        if module not in index:
            visit(module)
    return found


def build() -> grimp.ImportGraph:
    # Imports under TYPE_CHECKING do not run; imports inside functions do.
    return grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True, cache_dir=None)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return build()


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_has_an_import_circle(graph: grimp.ImportGraph, package: str) -> None:
    assert circles(graph, package) == []


def test_the_check_finds_a_circle_where_there_is_one() -> None:
    graph = build()
    graph.add_import(importer="bot.usecases.replies", imported="bot.usecases.service")
    assert any("bot.usecases.service" in group for group in circles(graph, "bot"))
