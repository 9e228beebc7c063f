"""The slash commands as Discord is sent them, in every language the bot
speaks; what Discord's documented limits (:mod:`.limits`) say of them; and
their registration, which a refusal from Discord never turns into a bot that
does not start."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from . import limits
from .commands import COMMANDS
from .limits import Path
from .translator import CatalogueTranslator

log = logging.getLogger(__name__)


async def add_commands(tree: app_commands.CommandTree[Any]) -> None:
    """Puts the bot's commands and their translator on *tree*."""
    await tree.set_translator(CatalogueTranslator())
    for command in COMMANDS:
        tree.add_command(command)


async def payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None
) -> list[dict[str, Any]]:
    """What :meth:`~discord.app_commands.CommandTree.sync` sends for *guild*
    (or globally), in its order: Discord's errors name a command by its place."""
    commands = tree.get_commands(guild=guild)
    if tree.translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, tree.translator) for command in commands]


async def registered() -> list[dict[str, Any]]:
    """The bot's commands exactly as it registers them, with no connection."""
    client = discord.Client(intents=discord.Intents.none())
    try:
        tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
        await add_commands(tree)
        return await payload(tree)
    finally:
        await client.close()


async def problems() -> list[str]:
    """Each field of the bot's commands, in any language, that Discord
    refuses: ``cup › strike › description (de): … 106 characters``."""
    sent = await registered()
    return [
        f"{field_name(problem.path, sent)}: {problem.message}"
        for problem in limits.commands_problems(sent)
    ]


def field_name(path: Path, commands: Sequence[Mapping[str, Any]]) -> str:
    """A path into the commands, as a translator or operator reads it.

    >>> field_name((0, "options", 1, "description_localizations", "de"),
    ...            [{"name": "cup", "options": [{"name": "open"}, {"name": "strike"}]}])
    'cup › strike › description (de)'
    >>> field_name((), [])
    'the command list'
    """
    names: list[str] = []
    level: Any = commands
    keys = [str(key) for key in path]
    while keys:
        key = keys.pop(0)
        if isinstance(level, Sequence) and key.isdigit() and int(key) < len(level):
            level = level[int(key)]
            names.append(str(level.get("name", key)) if isinstance(level, Mapping) else key)
        elif key in ("options", "choices") and isinstance(level, Mapping):
            level = level.get(key) or []
        elif key.endswith("_localizations") and keys:
            names.append(f"{key.removesuffix('_localizations')} ({keys.pop(0)})")
        else:
            names.append(key)
            level = level.get(key) if isinstance(level, Mapping) else None
    return " › ".join(names) or "the command list"


def refusals(errors: Mapping[str, Any], commands: Sequence[Mapping[str, Any]]) -> list[str]:
    """One line per field of Discord's nested ``errors`` object: the field,
    as :func:`field_name` says it, and Discord's messages for it.

    >>> refusals({"0": {"description": {"_errors": [{"code": "X", "message": "Too long"}]}}},
    ...          [{"name": "play"}])
    ['play › description: Too long']
    """
    lines: list[str] = []

    def walk(node: Mapping[str, Any], path: Path) -> None:
        messages = [str(e.get("message") or e.get("code")) for e in node.get("_errors") or []]
        if messages:
            lines.append(f"{field_name(path, commands)}: {' '.join(messages)}")
        for key, inner in node.items():
            if key != "_errors" and isinstance(inner, Mapping):
                walk(inner, (*path, key))

    walk(errors, ())
    return lines


async def sync(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> bool:
    """Registers the commands (for *guild*, or globally); whether Discord took them.

    When Discord refuses them (400, Invalid Form Body) the bot goes on: Discord
    keeps the commands it had, which the bot still serves, and the log says
    what was refused, a line a field. Other failures (403, 5xx) are raised.
    """
    try:
        await tree.sync(guild=guild)
    except app_commands.CommandSyncFailure as failure:
        # discord.py keeps Discord's errors object, as it came, as _errors.
        errors = getattr(failure, "_errors", None)
        lines = refusals(errors, await payload(tree, guild)) if isinstance(errors, Mapping) else []
        for line in lines or [failure.text or str(failure)]:
            log.error("Discord refused the commands: %s", line)
        log.info(
            "the command list is stale: Discord keeps the commands it had, and the bot serves "
            "them; `solitaire-bot check` names what to fix"
        )
        return False
    return True
