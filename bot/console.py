"""Play in a terminal through the same service as the bot: no token needed.

    solitaire-bot console [GAME] [--deal N] [--draw 1|3]

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
from storage import open_store
from texts import DEFAULT, LOCALES, tr

from .config import Config
from .service import Board, Choice, GameService, Notice, Reply

CONSOLE_USER = 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="solitaire-bot console", description="Play solitaire in a terminal."
    )
    parser.add_argument("game", nargs="?", default="klondike", choices=sorted(VARIANTS))
    parser.add_argument("--deal", type=int, help="deal number (default: random)")
    parser.add_argument("--draw", type=int, choices=(1, 3), help="Klondike: cards drawn at a time")
    parser.add_argument("--lang", choices=LOCALES, default=DEFAULT, help="language (default: en)")
    parser.add_argument(
        "--picture", type=Path, default=Path("solitaire-table.png"), help="where the picture goes"
    )
    parser.add_argument(
        "--database", help="DATABASE_URL (default: from .env, else the bot's default)"
    )
    return parser.parse_args(argv)


class Console:
    def __init__(
        self, service: GameService, picture: Path, out: TextIO, locale: str = DEFAULT
    ) -> None:
        self.service = service
        self.picture = picture
        self.out = out
        self.locale = locale

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def show(self, reply: Reply) -> None:
        if isinstance(reply, Notice):
            self.say(reply.text)
            return
        if isinstance(reply, Choice):
            self.say(tr(self.locale, "console.resuming"))
            reply = await self.service.resume(CONSOLE_USER, reply.game_id, locale=self.locale)
            await self.show(reply)
            return
        self.picture.write_bytes(reply.png)
        game = await self.service.game(reply.game_id, CONSOLE_USER)
        if game is not None:
            self.say(text_table(game, self.locale))
        if reply.news:
            self.say(reply.news.replace("**", ""))
        self.say(tr(self.locale, "console.picture", path=self.picture))

    async def run(self, args: argparse.Namespace, lines: TextIO) -> None:
        locale = self.locale
        options = {"draw": args.draw}  # the service refuses --draw for a game without it
        start = {"deal": args.deal, "options": options}
        await self.show(await self.service.start(CONSOLE_USER, args.game, **start, locale=locale))
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
                self.say(self.service.help(locale=locale).replace("**", ""))
            elif word == "rules":
                self.say(self.service.rules(args.game, locale=locale).replace("**", ""))
            elif word == "show":
                await self.show(await self.service.show(CONSOLE_USER, locale=locale))
            elif word == "resign":
                await self.show(await self.service.resign(CONSOLE_USER, locale=locale))
            elif word == "new":
                reply = await self.service.start(
                    CONSOLE_USER, args.game, options=options, replace=True, locale=locale
                )
                await self.show(reply)
            else:
                reply = await self.service.play(CONSOLE_USER, text, locale=locale)
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
