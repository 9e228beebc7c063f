"""The docs hold together: every relative link in the README and ``docs/``
leads to a file (and a heading) that is there, and the players' guide names
every command of the bot's command tree, and no other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord import app_commands

from bot.adapter.commands import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _text(path: Path) -> str:
    """A document without its code blocks (a ``](`` there is no link)."""
    return _FENCE.sub("", path.read_text())


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings, as GitHub makes them.

    >>> "several-processes-shards-on-postgresql" in anchors(ROOT / "docs" / "SETUP.md")
    True
    """
    found = set()
    for line in _text(path).splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            found.add(title.replace(" ", "-"))
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_relative_link_resolves(doc: Path) -> None:
    links = _LINK.findall(_text(doc))
    relative = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert doc.name != "README.md" or len(relative) >= 6  # it links the docs by reader
    for link in relative:
        target, _, anchor = link.partition("#")
        path = (doc.parent / target).resolve() if target else doc
        assert path.exists(), f"{doc.name}: {link} leads nowhere"
        if anchor:
            assert anchor in anchors(path), f"{doc.name}: {link}: no such heading"


def test_the_players_guide_names_every_command_and_no_other() -> None:
    guide = (ROOT / "docs" / "PLAYING.md").read_text()
    slash = {c.name for c in COMMANDS if not isinstance(c, app_commands.ContextMenu)}
    menus = {c.name for c in COMMANDS if isinstance(c, app_commands.ContextMenu)}
    assert len(slash) > 10 and menus
    named = set(re.findall(r"`/([a-z][a-z-]*)", guide))
    assert named == slash, (named - slash, slash - named)
    named_menus = set(re.findall(r"Apps › \*\*(\w[\w ]*)\*\*", guide))
    assert named_menus == menus


def test_the_developers_map_names_every_module_of_the_bot() -> None:
    root = Path(__file__).resolve().parent.parent
    developing = (root / "docs" / "DEVELOPING.md").read_text()
    layers = developing.split("## The layers")[1].split("\n## ")[0]
    modules = sorted(
        path.relative_to(root).as_posix()
        for path in (root / "bot").rglob("*.py")
        if path.name != "__init__.py"
    )
    unnamed = [module for module in modules if f"`{Path(module).name}`" not in layers]
    assert not unnamed, f"docs/DEVELOPING.md's map does not name {unnamed}"
