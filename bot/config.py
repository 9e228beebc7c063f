"""Settings from the environment, or from a ``.env`` file beside the project.

This is the only module that reads ``os.environ``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_URL = "sqlite:///data/solitaire.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    database_url: str = DEFAULT_DATABASE_URL
    api_base: str | None = None
    #: Where players' avatars are fetched from (``DISCORD_CDN_BASE``).
    cdn_base: str = "https://cdn.discordapp.com"
    gateway_url: str | None = None
    dev_guild_id: int | None = None
    message_content: bool = False
    log_level: str = "INFO"
    workers: int = 2
    #: What one search in a worker may take, in MiB (``SOLVER_MEMORY_MB``).
    solver_memory_mb: int = 128
    #: The total number of shards, and the ones this process runs (``None``:
    #: discord.py asks Discord for the count and runs them all).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The requests a second the whole bot spends on reminders, at most
    #: (``REMINDER_REQUESTS_PER_SECOND``): a reminder is one, two when its DM
    #: is opened first; each process takes its shards' share. Discord allows
    #: 50 a second for the whole bot, whatever else it sends.
    reminder_requests: float = 20.0

    @property
    def reminder_share(self) -> float:
        """This process's share of :attr:`reminder_requests`: its shards' part."""
        if self.shard_count is None or self.shard_ids is None:
            return self.reminder_requests
        return self.reminder_requests * len(self.shard_ids) / self.shard_count

    @property
    def syncs_commands(self) -> bool:
        """Only one process syncs the slash commands: the one with shard 0."""
        return self.shard_ids is None or 0 in self.shard_ids

    @classmethod
    def from_env(cls, *, require_token: bool = True, env_file: str | None = ".env") -> Config:
        """Returns the settings, reading *env_file* first if it exists.

        :raises ConfigError: if the token is required but not set, or a value is malformed.
        """
        if env_file and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's "
                "token there (Discord developer portal → your application → Bot → Reset Token)."
            )
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("DEV_GUILD_ID must be a server id (a number), or unset.")
        workers = os.environ.get("WORKERS", "").strip()
        if workers and not (workers.isdigit() and int(workers) <= 64):
            raise ConfigError(
                "WORKERS must be a number of worker processes from 0 to 64, or unset."
            )
        memory = os.environ.get("SOLVER_MEMORY_MB", "").strip()
        if memory and not (memory.isdigit() and 16 <= int(memory) <= 4096):
            raise ConfigError(
                "SOLVER_MEMORY_MB must be the MiB one search may take, from 16 to 4096, or unset."
            )
        pace = os.environ.get("REMINDER_REQUESTS_PER_SECOND", "").strip()
        if pace and not (_number(pace) and 0 < float(pace) <= 1000):
            raise ConfigError(
                "REMINDER_REQUESTS_PER_SECOND must be the requests a second the bot spends on"
                " reminders, above 0 and at most 1000 (Discord allows 50 in all), or unset."
            )
        cdn = os.environ.get("DISCORD_CDN_BASE", "").strip()
        if cdn and not cdn.startswith(("http://", "https://")):
            raise ConfigError(
                "DISCORD_CDN_BASE must be an http:// or https:// address, or unset (Discord's CDN)."
            )
        shard_count, shard_ids = _shards(
            os.environ.get("SHARD_COUNT", "").strip(), os.environ.get("SHARD_IDS", "").strip()
        )
        return cls(
            token=token,
            database_url=os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
            cdn_base=cdn or "https://cdn.discordapp.com",
            dev_guild_id=int(guild) if guild else None,
            message_content=os.environ.get("ENABLE_MESSAGE_CONTENT", "0").strip().lower()
            in ("1", "true", "yes", "on"),
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            workers=int(workers) if workers else os.cpu_count() or 2,
            solver_memory_mb=int(memory) if memory else 128,
            shard_count=shard_count,
            shard_ids=shard_ids,
            reminder_requests=float(pace) if pace else 20.0,
        )


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` checked: both or neither; ids below the count."""
    if not count and not ids:
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise ConfigError("SHARD_COUNT must be the total number of shards (1 or more).")
    total = int(count)
    if not ids:
        return total, tuple(range(total))
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdigit() and int(part) < total for part in parts):
        raise ConfigError(
            f"SHARD_IDS must be shard numbers below SHARD_COUNT ({total}), comma-separated."
        )
    return total, tuple(sorted({int(part) for part in parts}))
