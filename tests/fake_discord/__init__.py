"""A small Discord-compatible server for driving the real bot process.

- :mod:`.payloads` builds what Discord sends and returns (users, the guild,
  messages, interactions), with discord.py's enums;
- :mod:`.server` answers the bot's REST calls and runs its gateway;
- :mod:`.driver` is what a test does: slash commands, presses, chat.
"""

from .driver import FakeDiscord
from .payloads import (
    ALICE,
    APP_ID,
    BOB,
    CHANNEL_B,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    GUILD_B,
    GUILD_ID,
    LateReply,
    Reply,
    user,
)

__all__ = [
    "ALICE",
    "APP_ID",
    "BOB",
    "CHANNEL_B",
    "CHANNEL_ID",
    "DM_CHANNEL_ID",
    "GUILD_B",
    "GUILD_ID",
    "FakeDiscord",
    "LateReply",
    "Reply",
    "user",
]
