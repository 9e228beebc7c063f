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


#: Where the bot is put together: the one place of the adapter that holds
#: the store and the service's games (``client.py``'s ``setup_hook``, and its
#: ``_release`` that closes the store).
COMPOSITION_ROOT = {("client.py", "setup_hook"), ("client.py", "_release")}
#: What the adapter may reach only through the use cases.
BEHIND_USE_CASES = {"store", "_store", "live"}


def reaches_around(source: str, module: str) -> list[str]:
    """Where *source* (a module of ``bot/adapter/``) reaches the store or the
    service's games itself, outside the composition root: ``line: name``."""
    import ast

    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if (module, function) not in COMPOSITION_ROOT:
            if isinstance(node, ast.Attribute) and node.attr in BEHIND_USE_CASES:
                found.append(f"{module}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.Name) and node.id in BEHIND_USE_CASES:
                found.append(f"{module}:{node.lineno}: {node.id}")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "")
    return found


def test_the_adapter_reaches_the_store_only_through_the_use_cases() -> None:
    from pathlib import Path

    adapter = Path(__file__).resolve().parent.parent / "bot" / "adapter"
    around = [
        where
        for path in sorted(adapter.glob("*.py"))
        for where in reaches_around(path.read_text(), path.name)
    ]
    assert not around


def test_the_check_finds_a_reach_around_the_use_cases() -> None:
    slips = """
async def press(bot):
    await bot.store.names([1])
    held = bot.service.live.current(1)
    store = bot.cups
"""
    assert reaches_around(slips, "presses.py") == [
        "presses.py:3: .store", "presses.py:4: .live", "presses.py:5: store"
    ]  # fmt: skip
    root = "async def setup_hook(self):\n    self.store = await open_store(url)\n"
    assert reaches_around(root, "client.py") == []
    assert reaches_around(root, "commands.py") == ["commands.py:2: .store"]
