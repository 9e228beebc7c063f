"""Discord's documented limits on application commands, as plain checks on
the JSON the bot sends to register them (``PUT /applications/{id}/commands``).

The bot checks its own command tree with them (``solitaire-bot check`` and
the fast tests), and the local Discord of the tests refuses with them what
Discord refuses, so a translation that Discord would refuse fails a test
before it takes the bot down in production.

Every rule cites its row of ``LIMITS.md`` §1 ("Application commands"), which
gives the page of discord/discord-api-docs it comes from; most are on
``developers/interactions/application-commands.mdx``. Discord's OpenAPI
description carries almost none of them (LIMITS.md §10).

A :class:`Problem` is where it is (a path into the body, as Discord's nested
``errors`` object names it), an error code and a message with the length.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

import regex

Path = tuple[str | int, ...]

#: "name length (all command types, options): 1–32 characters".
NAME_LENGTH: Final = 32
#: "description, CHAT_INPUT: 1–100 characters"; "Option description: 1–100".
DESCRIPTION_LENGTH: Final = 100
#: "Options per command: max 25"; "Nested options in a subcommand or group: up to 25".
MAX_OPTIONS: Final = 25
#: "choices per option: max 25".
MAX_CHOICES: Final = 25
#: "Choice name: 1–100 characters"; "Choice value: ... a string may be at most 100".
CHOICE_LENGTH: Final = 100
#: "Total size of one command: 8000 characters", "only the longest
#: localization of each field, the default included, is counted".
COMMAND_SIZE: Final = 8000
#: "Global command counts: 100 CHAT_INPUT, 15 USER, 15 MESSAGE, 1
#: PRIMARY_ENTRY_POINT"; "Per-guild command counts: the same".
MAX_COMMANDS: Final = {1: 100, 2: 15, 3: 15, 4: 1}
#: "min_length (STRING): 0–6000"; "max_length (STRING): 1–6000".
STRING_OPTION_LENGTH: Final = 6000
#: An INTEGER option's ``min_value`` and ``max_value`` are the API
#: description's ``Int53Type``: ±(2^53 − 1). The docs' prose says ±2^53; the
#: stricter reading is the one a registration must pass (LIMITS.md §8, §10).
INT53: Final = 2**53 - 1
#: "Name regex (CHAT_INPUT command names and all option names)", "evaluated
#: with the Unicode flag" (Python's ``re`` has no ``\p{…}``).
NAME_PATTERN: Final = regex.compile(r"[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]+", regex.V1)
#: "Locales (exact keys, 32)": the keys a localizations dictionary may have.
LOCALES: Final = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt",
        "hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el",
        "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, CHANNEL, NUMBER = 1, 2, 3, 4, 7, 10
_SUBS = frozenset({SUB_COMMAND, SUB_COMMAND_GROUP})


@dataclass(frozen=True)
class Problem:
    """One thing Discord refuses: where (a path into the body), an error
    code as Discord names it, and a message."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(map(str, self.path)) or 'body'}: {self.message}"


def errors_object(problems: Iterable[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors`` object for *problems* (LIMITS.md §9,
    reference.mdx § Error Messages): a level a key of the path, ``_errors``
    at the end.

    >>> errors_object([Problem((0, "name"), "BASE_TYPE_REQUIRED", "Required")])
    {'0': {'name': {'_errors': [{'code': 'BASE_TYPE_REQUIRED', 'message': 'Required'}]}}}
    """
    errors: dict[str, Any] = {}
    for problem in problems:
        level = errors
        for key in problem.path:
            level = level.setdefault(str(key), {})
        level.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return errors


def commands_problems(commands: Any) -> list[Problem]:
    """What Discord refuses in a bulk overwrite of a scope's commands: each
    command's problems, names unique per type ("Command name uniqueness"),
    and the command counts."""
    if not isinstance(commands, list):
        return [Problem((), "BASE_TYPE_ARRAY", "Must be an array.")]
    found: list[Problem] = []
    seen: set[tuple[int, str]] = set()
    counts: dict[int, int] = {}
    for i, command in enumerate(commands):
        if not isinstance(command, Mapping):
            found.append(Problem((i,), "DICT_TYPE_CONVERT", "Only dictionaries may be used."))
            continue
        found += command_problems(command, (i,))
        kind = _int(command.get("type"), CHAT_INPUT)
        counts[kind] = counts.get(kind, 0) + 1
        if (kind, str(command.get("name"))) in seen:
            found.append(
                Problem(
                    (i, "name"),
                    "APPLICATION_COMMAND_ALREADY_EXISTS",
                    f"Application command names must be unique: {command.get('name')!r}",
                )
            )
        seen.add((kind, str(command.get("name"))))
    for kind, count in sorted(counts.items()):
        most = MAX_COMMANDS.get(kind, 0)
        if count > most:
            found.append(
                Problem(
                    (),
                    "APPLICATION_COMMANDS_MAX",
                    f"Maximum number of application commands of type {kind} reached "
                    f"({most}): {count}",
                )
            )
    return found


def command_problems(command: Mapping[str, Any], path: Path = ()) -> list[Problem]:
    """What Discord refuses in one application command."""
    kind = _int(command.get("type"), CHAT_INPUT)
    chat_input = kind == CHAT_INPUT
    found = list(_localized(path, command, "name", lambda p, v: _name(p, v, chat_input=chat_input)))
    if chat_input:
        found += _localized(path, command, "description", _description)
        found += _options((*path, "options"), command.get("options"), within=0)
        if (size := _size(command)) > COMMAND_SIZE:
            found.append(
                Problem(
                    path,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    f"Command exceeds maximum size ({COMMAND_SIZE}): {size}",
                )
            )
    else:
        # "description, USER/MESSAGE: not allowed when creating"; "options only for type 1".
        for key in ("description", "options"):
            if command.get(key):
                found.append(
                    Problem(
                        (*path, key),
                        "APPLICATION_COMMAND_INVALID",
                        f"A command of type {kind} takes no {key}",
                    )
                )
    return found


# -- the fields ------------------------------------------------------------------------------


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _length(path: Path, value: Any, most: int, least: int = 0) -> Iterator[Problem]:
    if not isinstance(value, str):
        yield Problem(path, "BASE_TYPE_REQUIRED", "This field is required")
    elif not least <= len(value) <= most:
        yield Problem(
            path,
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between {least} and {most} in length: {len(value)} characters",
        )


def _name(path: Path, name: Any, *, chat_input: bool) -> Iterator[Problem]:
    """Rows "name length: 1–32"; for chat-input commands and every option the
    name regex and the lower-case rule ("if a letter has a lowercase form,
    you must use that form"); "USER / MESSAGE names may use mixed case and
    spaces"."""
    problems = list(_length(path, name, NAME_LENGTH, 1))
    yield from problems
    if problems or not chat_input:
        return
    if not NAME_PATTERN.fullmatch(name):
        yield Problem(
            path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}"
        )
    elif any(char.lower() != char for char in name):
        yield Problem(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name must be lower case: {name!r}",
        )


def _description(path: Path, value: Any) -> Iterator[Problem]:
    """Rows "description, CHAT_INPUT: 1–100"; "Option description: 1–100"."""
    yield from _length(path, value, DESCRIPTION_LENGTH, 1)


Check = Callable[[Path, Any], Iterator[Problem]]


def _localized(path: Path, field: Mapping[str, Any], key: str, check: Check) -> Iterator[Problem]:
    """*field*[*key*] and each of its localizations through *check*:
    "Localization values: same rules as the field they localize", keys "only
    locales from the Locales table"."""
    yield from check((*path, key), field.get(key))
    localizations = field.get(f"{key}_localizations") or {}
    if not isinstance(localizations, Mapping):
        yield Problem((*path, f"{key}_localizations"), "DICT_TYPE_CONVERT", "Must be an object.")
        return
    for locale, value in localizations.items():
        where = (*path, f"{key}_localizations", locale)
        if locale not in LOCALES:
            yield Problem(where, "LOCALE_INVALID", f"Invalid locale: {locale!r}")
        else:
            yield from check(where, value)


def _longest(field: Mapping[str, Any], key: str) -> int:
    """The length of *field*[*key*] at its longest localization."""
    localizations = field.get(f"{key}_localizations") or {}
    values = [field.get(key) or "", *localizations.values()]
    return max(len(str(value)) for value in values)


def _size(field: Mapping[str, Any]) -> int:
    """What *field* (a command, option or choice) counts towards the 8,000:
    "the combined name, description and value properties of the command,
    its options (including subcommands and groups) and its choices"."""
    size = _longest(field, "name") + _longest(field, "description")
    if isinstance(field.get("value"), str):
        size += len(field["value"])
    for inner in (*(field.get("choices") or []), *(field.get("options") or [])):
        size += _size(inner)
    return size


def _options(path: Path, options: Any, *, within: int) -> Iterator[Problem]:
    """The options of a command (*within* 0), of a group or of a subcommand
    (*within* its type)."""
    if options is None:
        return
    if not isinstance(options, list):
        yield Problem(path, "BASE_TYPE_ARRAY", "Must be an array.")
        return
    if len(options) > MAX_OPTIONS:  # "Options per command: max 25"; "Nested options: up to 25"
        yield Problem(
            path,
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_OPTIONS} or fewer in length: {len(options)}",
        )
    kinds = {_int(option.get("type")) in _SUBS for option in options}
    if len(kinds) > 1:  # undocumented, but what Discord answers (and its words)
        yield Problem(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive "
            "to all other types",
        )
    yield from _names_unique(path, options)
    optional_seen = False
    for i, option in enumerate(options):
        where = (*path, i)
        kind = _int(option.get("type"))
        yield from _localized(where, option, "name", lambda p, v: _name(p, v, chat_input=True))
        yield from _localized(where, option, "description", _description)
        if kind in _SUBS:
            yield from _sub(where, option, kind, within)
            continue
        if within == SUB_COMMAND_GROUP:
            yield Problem(
                (*where, "type"),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "A sub-command group holds sub-commands only",
            )
        if option.get("required"):
            if optional_seen:  # "Required before optional"
                yield Problem(
                    (*where, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        yield from _option_values(where, option, kind)


def _sub(path: Path, option: Mapping[str, Any], kind: int, within: int) -> Iterator[Problem]:
    """Rows "Nesting": the top level holds groups and subcommands, a group only
    subcommands, nothing else is valid; "required: not valid on
    SUB_COMMAND/SUB_COMMAND_GROUP"."""
    if within == SUB_COMMAND or (within == SUB_COMMAND_GROUP and kind == SUB_COMMAND_GROUP):
        yield Problem(
            (*path, "type"),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "A group holds sub-commands only, and nothing nests deeper",
        )
    if "required" in option:
        yield Problem(
            (*path, "required"),
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
            "Sub-commands and groups cannot be required",
        )
    yield from _options((*path, "options"), option.get("options"), within=kind)


def _names_unique(path: Path, options: list[Any]) -> Iterator[Problem]:
    """Rows "Option name uniqueness: unique within each options array";
    "Localized option names must differ from every default option name of
    the command and from every other option name in the same locale"."""
    defaults = [option.get("name") for option in options]
    for i, name in enumerate(defaults):
        if name in defaults[:i]:
            yield Problem(
                (*path, i, "name"),
                "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
                f"Option names must be unique: {name!r}",
            )
    locales = {locale for o in options for locale in o.get("name_localizations") or {}}
    for locale in sorted(locales):
        names = [(o.get("name_localizations") or {}).get(locale) or o.get("name") for o in options]
        for i, option in enumerate(options):
            localized = (option.get("name_localizations") or {}).get(locale)
            if localized is None or localized == option.get("name"):
                continue  # "A value equal to the default is ignored"
            if localized in names[:i] + names[i + 1 :] or localized in defaults:
                yield Problem(
                    (*path, i, "name_localizations", locale),
                    "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME",
                    f"Localized option names must be unique: {localized!r}",
                )


def _option_values(path: Path, option: Mapping[str, Any], kind: int) -> Iterator[Problem]:
    """An option's choices, bounds and channel types."""
    choices = option.get("choices")
    if choices and kind not in (STRING, INTEGER, NUMBER):  # "only on STRING, INTEGER, NUMBER"
        yield Problem(
            (*path, "choices"), "APPLICATION_COMMAND_OPTION_INVALID", "Choices need a value type"
        )
    if choices and option.get("autocomplete"):  # "may not be true when choices are present"
        yield Problem(
            (*path, "autocomplete"),
            "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
            "Autocomplete cannot be set with choices",
        )
    if isinstance(choices, list) and len(choices) > MAX_CHOICES:  # "choices per option: max 25"
        yield Problem(
            (*path, "choices"),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_CHOICES} or fewer in length: {len(choices)}",
        )
    for j, choice in enumerate(choices or []):
        where = (*path, "choices", j)
        # "Choice name: 1–100"; "Choice value: a string may be at most 100".
        yield from _localized(where, choice, "name", lambda p, v: _length(p, v, CHOICE_LENGTH, 1))
        if isinstance(choice.get("value"), str):
            yield from _length((*where, "value"), choice["value"], CHOICE_LENGTH)
    for bound, least in (("min_length", 0), ("max_length", 1)):
        value = option.get(bound)
        if value is not None and (kind != STRING or not least <= value <= STRING_OPTION_LENGTH):
            yield Problem(
                (*path, bound),
                "NUMBER_TYPE_OUT_OF_RANGE",
                f"{bound}: a STRING option's, between {least} and {STRING_OPTION_LENGTH}",
            )
    for bound in ("min_value", "max_value"):  # "only on INTEGER and NUMBER"
        value = option.get(bound)
        if value is not None and kind not in (INTEGER, NUMBER):
            yield Problem(
                (*path, bound), "APPLICATION_COMMAND_OPTION_INVALID", f"{bound}: a number's only"
            )
        elif value is not None:
            yield from _bound((*path, bound), value, kind)
    if option.get("channel_types") is not None and kind != CHANNEL:  # "only on CHANNEL options"
        yield Problem(
            (*path, "channel_types"),
            "APPLICATION_COMMAND_OPTION_INVALID",
            "channel_types: a CHANNEL option's only",
        )


def _bound(path: Path, value: Any, kind: int) -> Iterator[Problem]:
    """A ``min_value`` or ``max_value`` within its option type's range: an
    INTEGER's an ``Int53Type``, a NUMBER's a finite double."""
    if kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            yield Problem(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        elif not -INT53 <= value <= INT53:
            yield Problem(
                path,
                "NUMBER_TYPE_OUT_OF_RANGE",
                f"Must be between {-INT53} and {INT53}: {value}",
            )
    elif isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        yield Problem(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not a finite number.")
