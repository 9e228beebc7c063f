"""``python -m bot`` (or ``solitaire-bot``) runs the bot."""

from __future__ import annotations

import sys

from .config import Config, ConfigError


def main(argv: list[str] | None = None) -> int:
    try:
        Config.from_env()
    except ConfigError as error:
        print(f"solitaire-bot: {error}", file=sys.stderr)
        return 2
    print("solitaire-bot: the Discord adapter is not built yet.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
