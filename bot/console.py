"""Play in a terminal through the same service as the bot: no token needed.

    solitaire-bot console [GAME] [--deal N] [--draw 1|3] [--passes 1|3|unlimited]

Type moves (``w3``, ``7 2``, ``s``), ``u``, ``redo``, ``h``, ``a``, ``new``,
``show``, ``resign``, ``help`` or ``quit``. The table is printed after each
move and the picture written to a file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from render import text_table
from solitaire import VARIANTS
from solitaire.options import spell
from storage import open_store
from texts import DEFAULT, LOCALES, tr

from .config import Config
from .usecases.replies import Asker, Board, Notice, Reply, Unfinished
from .usecases.service import GameService

CONSOLE_USER = 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="solitaire-bot console", description="Play solitaire in a terminal."
    )
    parser.add_argument("game", nargs="?", default="klondike", choices=sorted(VARIANTS))
    parser.add_argument("--deal", type=int, help="deal number (default: random)")
    for name, (games, choices) in _playable_options().items():
        flag = "--" + name.replace("_", "-")
        parser.add_argument(flag, dest=name, choices=choices, help=f"{', '.join(games)} only")
    parser.add_argument("--lang", choices=LOCALES, default=DEFAULT, help="language (default: en)")
    parser.add_argument(
        "--picture", type=Path, default=Path("solitaire-table.png"), help="where the picture goes"
    )
    parser.add_argument(
        "--database", help="DATABASE_URL (default: from .env, else the bot's default)"
    )
    return parser.parse_args(argv)


def _playable_options() -> dict[str, tuple[list[str], list[str]]]:
    """Each option a player may set, with the games that have it and its values."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for cls in VARIANTS.values():
        for option in cls.OPTIONS:
            if option.playable:
                games, choices = found.setdefault(option.name, ([], []))
                games.append(cls.title)
                choices += [spell(c) for c in option.choices if spell(c) not in choices]
    return found


class Console:
    def __init__(
        self, service: GameService, picture: Path, out: TextIO, locale: str = DEFAULT
    ) -> None:
        self.service = service
        self.picture = picture
        self.out = out
        self.locale = locale
        self.asker = Asker(CONSOLE_USER, locale)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def show(self, reply: Reply) -> None:
        if isinstance(reply, Notice):
            self.say(reply.text)
            return
        if isinstance(reply, Unfinished):
            self.say(tr(self.locale, "console.resuming"))
            reply = await self.service.show(self.asker, reply.game_id)
            await self.show(reply)
            return
        self.picture.write_bytes(reply.png)
        game = await self.service.game(self.asker, reply.game_id)
        if game is not None:
            self.say(text_table(game, self.locale))
        if reply.news:
            self.say(reply.news.replace("**", ""))
        self.say(tr(self.locale, "console.picture", path=self.picture))

    async def run(self, args: argparse.Namespace, lines: TextIO) -> None:
        locale, asker = self.locale, self.asker
        # The service refuses an option the game does not have.
        options = {name: getattr(args, name) for name in _playable_options()}
        await self.show(await self.service.start(asker, args.game, deal=args.deal, options=options))
        while True:
            self.out.write("> ")
            self.out.flush()
            line = lines.readline()
            if not line:
                break
            text = line.strip()
            if not text:
                continue
            word = text.lower()
            if word in ("q", "quit", "exit"):
                break
            if word == "help":
                self.say(self.service.help(asker).replace("**", ""))
            elif word == "rules":
                self.say(self.service.rules(asker, args.game).replace("**", ""))
            elif word == "show":
                await self.show(await self.service.show(asker))
            elif word == "resign":
                await self.show(await self.service.resign(asker))
            elif word == "new":
                reply = await self.service.start(asker, args.game, options=options, replace=True)
                await self.show(reply)
            else:
                reply = await self.service.move(asker, text)
                await self.show(reply)
                if isinstance(reply, Board) and reply.won:
                    self.say(tr(locale, "console.won"))


async def run_console(
    argv: list[str], *, lines: TextIO = sys.stdin, out: TextIO = sys.stdout
) -> int:
    args = parse_args(argv)
    config = Config.from_env(require_token=False)
    store = await open_store(args.database or config.database_url)
    try:
        await Console(GameService(store), args.picture, out, args.lang).run(args, lines)
    finally:
        await store.close()
    return 0
