"""The console plays through the same service, reading moves from stdin."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

from tests.helpers import not_today


def run_console(tmp_path: Path, *args: str, stdin: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "console", *args, "--database", f"sqlite:///{tmp_path}/c.sqlite3",
         "--picture", str(tmp_path / "table.png")],
        input=stdin, capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_console_plays_moves_from_stdin(tmp_path: Path) -> None:
    out = run_console(tmp_path, "klondike", "--deal", "4711", stdin="4f\n7 1\nh\nh\nu\nquit\n")
    assert "New game: Klondike, deal 4711." in out
    assert "`4 f1` — A♣ to foundation f1" in out
    assert "can't go on" in out
    assert "Hint: `4 f1`" in out
    assert "Took back `4 f1`" in out
    assert " f1: —" in out  # the text table after the undo
    assert Image.open(tmp_path / "table.png").format == "PNG"


def test_the_console_speaks_german_when_asked(tmp_path: Path) -> None:
    out = run_console(
        tmp_path, "klondike", "--deal", "4711", "--lang", "de", stdin="4f\n7 1\nrules\nquit\n"
    )
    assert "Neues Spiel: Klondike, Spiel Nr. 4711." in out
    assert "`4 f1` — A♣ auf Grundstapel f1" in out
    assert "passt nicht auf" in out
    assert "Ziel:" in out and "(Bild: " in out


def test_the_console_resumes_the_unfinished_game(tmp_path: Path) -> None:
    deal = not_today("casket", 3, 4)
    run_console(tmp_path, "casket", "--deal", str(deal), stdin="s\n")
    out = run_console(tmp_path, "casket", stdin="quit\n")
    assert "Resuming" in out and f"deal {deal}" in out


def test_the_bot_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr


def test_the_console_plays_a_game_without_loading_discord(tmp_path: Path) -> None:
    # The console plays through the use cases alone: no Discord library is
    # loaded, not even indirectly (a use case importing the adapter would).
    script = f"""
import io, sys, asyncio
from bot.console import run_console
out = io.StringIO()
lines = io.StringIO("4f\\nh\\nu\\ns\\nquit\\n")
argv = ["klondike", "--deal", "4711", "--database", "sqlite:///{tmp_path}/c.sqlite3",
        "--picture", "{tmp_path}/t.png"]
assert asyncio.run(run_console(argv, lines=lines, out=out)) == 0
assert "Took back" in out.getvalue(), out.getvalue()
print(sorted(name for name in sys.modules if name.split(".")[0] in ("discord", "aiohttp")))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
