"""``python -m bot`` (or ``solitaire-bot``) runs the bot; ``… console`` plays
offline; ``… check`` checks the commands against Discord's limits."""

from __future__ import annotations

import asyncio
import sys

from .config import Config, ConfigError


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["console"]:
        from .console import run_console

        return asyncio.run(run_console(args[1:]))
    if args[:1] == ["check"]:
        from .adapter.check import main as check

        return check()
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"solitaire-bot: {error}", file=sys.stderr)
        return 2
    from .adapter.client import run_bot

    return run_bot(config)


if __name__ == "__main__":
    sys.exit(main())
