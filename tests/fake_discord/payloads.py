"""Discord's payloads as the local server sends them: users, the guild,
messages, interactions. Numbers are discord.py's enums, not bare codes."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from discord import (
    AppCommandOptionType,
    AppCommandType,
    ButtonStyle,
    ChannelType,
    ComponentType,
    InteractionType,
    MessageFlags,
    MessageType,
)

API = "/api/v10"
APP_ID = 1_000_000_000_000_001
GUILD_ID = 2_000_000_000_000_002  # shard 0 of 2
CHANNEL_ID = 3_000_000_000_000_003
#: A second server, which Discord sends to shard 1 of 2: ((id >> 22) % 2).
GUILD_B = 2_000_000_004_194_306
CHANNEL_B = 3_000_000_000_000_005
GUILDS = (GUILD_ID, GUILD_B)
#: Each server's one text channel, and back.
CHANNELS = {GUILD_ID: CHANNEL_ID, GUILD_B: CHANNEL_B}
DM_CHANNEL_ID = 4_000_000_000_000_004
#: A group DM where a player uses the app they installed: the bot is no member.
GROUP_DM_ID = 4_000_000_000_000_008
#: A server that did not install the app (the bot is no member there), and
#: its channel, where a player uses the app they installed.
GUILD_C = 2_000_000_000_000_010
CHANNEL_C = 3_000_000_000_000_011
CHANNELS[GUILD_C] = CHANNEL_C
GUILD_OF = {channel: guild for guild, channel in CHANNELS.items()}
#: Two more channels of the first server: one the bot sees, and one it does
#: not (@everyone, the bot's only role, may not view it).
CHANNEL_2 = 3_000_000_000_000_013
HIDDEN_CHANNEL = 3_000_000_000_000_015
MORE_CHANNELS = {CHANNEL_2: "cards", HIDDEN_CHANNEL: "staff"}
GUILD_OF.update(dict.fromkeys(MORE_CHANNELS, GUILD_ID))
VIEW_CHANNEL = 1 << 10
#: Where the bot is no member: Discord refuses its channel calls (403, 50001).
NOT_A_MEMBER = (GROUP_DM_ID, CHANNEL_C)
EPHEMERAL = MessageFlags.ephemeral.flag
PERMISSIONS = "3263553"
#: The first server's roles besides @everyone: the bot's own (it may manage
#: roles and events), one below it (a champion's) and one above it.
BOT_ROLE_PERMISSIONS = str(int(PERMISSIONS) | (1 << 28) | (1 << 33) | (1 << 44))


def role(role_id: int, name: str, position: int, permissions: str = "0") -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "permissions": permissions,
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


BOT_ROLE = role(6_000_000_000_000_001, "Solitaire", 2, BOT_ROLE_PERMISSIONS)
CHAMPION_ROLE = role(6_000_000_000_000_003, "Champion", 1)
ABOVE_ROLE = role(6_000_000_000_000_005, "Admins", 3)
#: A server owner's permissions in any channel: all of them.
ALL_PERMISSIONS = str((1 << 50) - 1)
TIMESTAMP = "2026-01-01T00:00:00+00:00"

BOT_USER = {
    "id": str(APP_ID),
    "username": "Solitaire",
    "discriminator": "0",
    "avatar": None,
    "global_name": "Solitaire",
    "bot": True,
}

#: Discord's epoch, the first second of 2015, in ms (reference.mdx § Snowflakes).
DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Discord's ids for everything the server makes (messages, commands,
    interactions): real snowflakes of this clock, so that a message's age is
    its id's, as on Discord. The clock is the machine's, held back by
    :attr:`behind` seconds while a test makes messages that are already old."""

    def __init__(self) -> None:
        self.behind = 0.0
        self._increment = itertools.count()

    def __iter__(self) -> Iterator[int]:
        return self

    def __next__(self) -> int:
        ms = int((time.time() - self.behind) * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._increment) & 0x3FFFFF)


snowflakes = Snowflakes()


def made_at(snowflake: int) -> float:
    """When *snowflake* was made, in seconds since 1970 (its top 42 bits)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def timestamp(snowflake: int) -> str:
    """*snowflake*'s time as Discord writes a message's ``timestamp``."""
    return datetime.fromtimestamp(made_at(snowflake), UTC).isoformat()


def user(user_id: int, name: str, avatar: str | None = None) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "avatar": avatar,
        "global_name": name,
    }


ALICE = user(5_000_000_000_000_001, "alice")
BOB = user(5_000_000_000_000_002, "bob")


class LateReply(AssertionError):
    """The bot answered an interaction after Discord's deadline."""


@dataclass
class Reply:
    """What the bot answered to one interaction (or posted as a message)."""

    kind: int  # interaction callback type; 0 for a plain channel message
    data: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    elapsed: float = 0.0
    message: dict[str, Any] | None = None

    @property
    def content(self) -> str:
        """What a player reads: the content, or a V2 message's text displays."""
        return text_of(self.data)

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in controls(self.data)]

    def component(self, prefix: str) -> dict[str, Any]:
        for component in controls(self.data):
            if prefix in component.get("custom_id", ""):
                return component
        raise KeyError(prefix)


#: Discord's component types (https://discord.com/developers/docs/components).
ACTION_ROW, TEXT_DISPLAY, MEDIA_GALLERY, CONTAINER = 1, 10, 12, 17
#: The message flag of a Components V2 message.
COMPONENTS_V2 = 1 << 15


def components_in(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a message, the ones inside rows and containers too."""
    found = []
    for component in components:
        found.append(component)
        found += components_in(component.get("components") or [])
        if component.get("accessory"):
            found += components_in([component["accessory"]])
    return found


def controls(data: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's buttons and menus, wherever they sit."""
    return [c for c in components_in(data.get("components") or []) if "custom_id" in c]


def text_of(data: dict[str, Any]) -> str:
    """A message's text: its content, or (Components V2) its text displays."""
    if not int(data.get("flags") or 0) & COMPONENTS_V2:
        return str(data.get("content") or "")
    shown = components_in(data.get("components") or [])
    return "\n".join(str(c["content"]) for c in shown if c.get("type") == TEXT_DISPLAY)


def alt_of(data: dict[str, Any]) -> str:
    """A message's picture's alt text: the media gallery item's description
    (Components V2), else the attachment's."""
    for component in components_in(data.get("components") or []):
        for item in component.get("items") or []:
            if item.get("description"):
                return str(item["description"])
    attachments = data.get("attachments") or [{}]
    return str(attachments[0].get("description") or "")


def media_of(data: dict[str, Any]) -> list[str]:
    """The ``attachment://`` names a V2 message shows."""
    names = []
    for component in components_in(data.get("components") or []):
        for item in component.get("items") or []:
            url = str((item.get("media") or {}).get("url", ""))
            if url.startswith("attachment://"):
                names.append(url.removeprefix("attachment://"))
    return names


def dm_channel_id(user_id: int) -> int:
    """The bot's DM channel with a user: one per user (every DM a test types
    arrives from :data:`DM_CHANNEL_ID`, whoever types it)."""
    return DM_CHANNEL_ID + (user_id % 1_000_000_000) * 16


def dm_channel(user_id: int) -> dict[str, Any]:
    """The DM channel with a user, as Discord returns it when the bot opens it."""
    return {
        "id": str(dm_channel_id(user_id)),
        "type": ChannelType.private.value,
        "last_message_id": None,
        "recipients": [user(user_id, "player")],
    }


def thread(parent_id: int, name: str) -> dict[str, Any]:
    """A public thread of a server's channel, as Discord returns it."""
    return {
        "id": str(next(snowflakes)),
        "type": ChannelType.public_thread.value,
        "guild_id": str(GUILD_OF[parent_id]),
        "parent_id": str(parent_id),
        "owner_id": BOT_USER["id"],
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP,
            "locked": False,
        },
    }


def message(
    channel_id: int,
    data: dict[str, Any],
    files: list[tuple[str, bytes]],
    message_id: int | None = None,
) -> dict[str, Any]:
    """A message the bot posted (or a reply made into one), as Discord returns it."""
    message_id = message_id or next(snowflakes)
    message = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": BOT_USER,
        "content": data.get("content") or "",
        "timestamp": timestamp(message_id),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "embeds": [],
        "pinned": False,
        "type": MessageType.default.value,
        "flags": int(data.get("flags") or 0),
        "components": data.get("components", []),
        "attachments": [
            {
                "id": str(next(snowflakes)),
                "filename": name,
                "size": len(body),
                "url": f"http://x/{name}",
                "proxy_url": f"http://x/{name}",
            }
            for name, body in files
        ],
    }
    return message


def member(who: dict[str, Any] | None = None) -> dict[str, Any]:
    """A guild member: *who*, or the user the payload names elsewhere."""
    data: dict[str, Any] = {
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": False,
        "mute": False,
        "flags": 0,
    }
    if who is not None:
        data["user"] = who
    return data


def text_channel(guild_id: int = GUILD_ID, channel_id: int | None = None) -> dict[str, Any]:
    """A server's text channel: its first (``solitaire``), or one of MORE_CHANNELS."""
    channel_id = channel_id or CHANNELS[guild_id]
    hidden = {"id": str(guild_id), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)}
    return {
        "id": str(channel_id),
        "type": ChannelType.text.value,
        "name": MORE_CHANNELS.get(channel_id, "solitaire"),
        "guild_id": str(guild_id),
        "position": 0,
        "permission_overwrites": [hidden] if channel_id == HIDDEN_CHANNEL else [],
    }


def guild(guild_id: int = GUILD_ID) -> dict[str, Any]:
    """A GUILD_CREATE payload: the server, its roles and its one channel."""
    return {
        "id": str(guild_id),
        "name": "Card Room",
        "icon": None,
        "owner_id": ALICE["id"],
        "unavailable": False,
        "member_count": 3,
        "large": False,
        "features": [],
        "emojis": [],
        "stickers": [],
        "threads": [],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "members": [
            {
                "user": BOT_USER,
                "roles": [BOT_ROLE["id"]] if guild_id == GUILD_ID else [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
        ],
        "roles": [
            {
                "id": str(guild_id),
                "name": "@everyone",
                "permissions": PERMISSIONS,
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
        ]
        + ([BOT_ROLE, CHAMPION_ROLE, ABOVE_ROLE] if guild_id == GUILD_ID else []),
        "channels": [text_channel(guild_id)]
        + ([text_channel(guild_id, c) for c in MORE_CHANNELS] if guild_id == GUILD_ID else []),
        "preferred_locale": "en-US",
        "premium_tier": 0,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "system_channel_flags": 0,
        "nsfw_level": 0,
        "afk_timeout": 300,
    }


def interaction(
    kind: InteractionType,
    data: dict[str, Any],
    who: dict[str, Any],
    *,
    dm: bool = False,
    message: dict[str, Any] | None = None,
    locale: str = "en-US",
    guild_id: int = GUILD_ID,
    channel: dict[str, Any] | None = None,
    group_dm: bool = False,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload from *who*, in a server's channel (or
    the given *channel*, a thread), a DM, or a group DM. In a group DM and in
    a server that did not install the app (GUILD_C), only *who* installed it."""
    interaction_id = str(next(snowflakes))
    payload: dict[str, Any] = {
        "id": interaction_id,
        "application_id": str(APP_ID),
        "type": kind.value,
        "token": f"token-{interaction_id}",
        "version": 1,
        "data": data,
        "locale": locale,
        "app_permissions": PERMISSIONS,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)},
        "context": 1 if dm else 0,
        "attachment_size_limit": 10 * 1024 * 1024,  # an unboosted server's
    }
    if dm or group_dm or guild_id == GUILD_C:
        payload["authorizing_integration_owners"] = {"1": who["id"]}
    if dm:
        payload["authorizing_integration_owners"] = {"0": "0"}  # the bot's own DM
    if group_dm:
        payload["context"] = 2
        payload["channel_id"] = str(GROUP_DM_ID)
        payload["channel"] = {
            "id": str(GROUP_DM_ID),
            "type": ChannelType.group.value,
            "recipients": [who, BOB],
            "name": None,
            "owner_id": who["id"],
        }
        payload["user"] = who
    elif dm:
        payload["channel_id"] = str(DM_CHANNEL_ID)
        payload["channel"] = {
            "id": str(DM_CHANNEL_ID),
            "type": ChannelType.private.value,
            "recipients": [who],
        }
        payload["user"] = who
    else:
        payload["guild_id"] = str(guild_id)
        payload["guild_locale"] = "en-US"
        payload["channel"] = channel or text_channel(guild_id)
        payload["channel_id"] = payload["channel"]["id"]
        owner = who["id"] == ALICE["id"]  # the server's owner may do anything there
        allowed = ALL_PERMISSIONS if owner else PERMISSIONS
        payload["member"] = {**member(who), "permissions": allowed}
    if message is not None:
        payload["message"] = {k: v for k, v in message.items() if k != "files"}
    return payload


def command(
    command_id: str, name: str, options: dict[str, Any], *, dm: bool = False
) -> dict[str, Any]:
    """The data of a slash command with *options* by name (registered in the
    first server, where the bot syncs its commands in tests); a *name* of two
    words is a group's subcommand (``mydata export``)."""
    group, _, sub = name.partition(" ")
    data: dict[str, Any] = {
        "id": command_id,
        "name": group,
        "type": AppCommandType.chat_input.value,
        "options": [],
    }
    given = data["options"]
    if sub:
        data["options"] = [
            {"name": sub, "type": AppCommandOptionType.subcommand.value, "options": given}
        ]
    for key, value in options.items():
        if isinstance(value, dict) and "type" in value:  # a channel, as text_channel() makes them
            given.append(
                {"name": key, "type": AppCommandOptionType.channel.value, "value": value["id"]}
            )
            resolved = {**value, "permissions": ALL_PERMISSIONS}
            data.setdefault("resolved", {}).setdefault("channels", {})[value["id"]] = resolved
        elif isinstance(value, dict) and "position" in value:  # a role, as role() makes them
            given.append(
                {"name": key, "type": AppCommandOptionType.role.value, "value": value["id"]}
            )
            data.setdefault("resolved", {}).setdefault("roles", {})[value["id"]] = value
        elif isinstance(value, dict):  # a user, as user() makes them
            given.append(
                {"name": key, "type": AppCommandOptionType.user.value, "value": value["id"]}
            )
            data.setdefault("resolved", {}).setdefault("users", {})[value["id"]] = value
        else:
            given.append({"name": key, "type": option_type(value).value, "value": value})
    if not dm:
        data["guild_id"] = str(GUILD_ID)
    return data


def user_command(command_id: str, name: str, target: dict[str, Any]) -> dict[str, Any]:
    """The data of a user command (right-click a member › Apps) on *target*."""
    return {
        "id": command_id,
        "name": name,
        "type": AppCommandType.user.value,
        "target_id": target["id"],
        "resolved": {
            "users": {target["id"]: target},
            "members": {target["id"]: {k: v for k, v in member(target).items() if k != "user"}},
        },
        "guild_id": str(GUILD_ID),
    }


def option_type(value: object) -> AppCommandOptionType:
    if isinstance(value, bool):
        return AppCommandOptionType.boolean
    if isinstance(value, int):
        return AppCommandOptionType.integer
    if isinstance(value, float):
        return AppCommandOptionType.number
    return AppCommandOptionType.string


def autocomplete(command_id: str, name: str, option: str, typed: str) -> dict[str, Any]:
    """The data of an autocomplete request while *typed* is in *option*."""
    return {
        "id": command_id,
        "name": name,
        "type": AppCommandType.chat_input.value,
        "guild_id": str(GUILD_ID),
        "options": [
            {
                "name": option,
                "type": AppCommandOptionType.string.value,
                "value": typed,
                "focused": True,
            }
        ],
    }


def component(custom_id: str, values: list[str] | None = None) -> dict[str, Any]:
    """The data of a press on a button, or a choice in a select menu (*values*)."""
    kind = ComponentType.button if values is None else ComponentType.string_select
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind.value}
    if values is not None:
        data["values"] = values
    return data


def menu(custom_id: str) -> list[dict[str, Any]]:
    """One action row holding a select menu with this custom id."""
    options = [{"label": "s", "value": "s"}]
    select = {"type": ComponentType.string_select.value, "custom_id": custom_id, "options": options}
    return [{"type": ComponentType.action_row.value, "components": [select]}]


def buttons(custom_ids: list[str]) -> list[dict[str, Any]]:
    """One action row of buttons with these custom ids."""
    row = [
        {
            "type": ComponentType.button.value,
            "style": ButtonStyle.secondary.value,
            "label": "x",
            "custom_id": custom_id,
        }
        for custom_id in custom_ids
    ]
    return [{"type": ComponentType.action_row.value, "components": row}]


def chat(
    content: str,
    who: dict[str, Any],
    *,
    dm: bool = False,
    mention: bool = False,
    guild_id: int = GUILD_ID,
    channel_id: int | None = None,
) -> dict[str, Any]:
    """A MESSAGE_CREATE payload: *who* types *content* in a server's channel
    (its first, or *channel_id*) or a DM."""
    text = f"<@{APP_ID}> {content}" if mention else content
    data: dict[str, Any] = {
        "id": str(next(snowflakes)),
        "channel_id": str(DM_CHANNEL_ID if dm else channel_id or CHANNELS[guild_id]),
        "author": who,
        "content": text,
        "timestamp": TIMESTAMP,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [BOT_USER] if mention else [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": MessageType.default.value,
        "flags": 0,
    }
    if not dm:
        data["guild_id"] = str(guild_id)
        data["member"] = member()
    return data
