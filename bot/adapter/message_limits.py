"""Discord's documented limits on what a bot sends besides its commands
(LIMITS.md §2–§7): messages, their components, interaction responses and
scheduled events, as plain checks on the JSON sent. The local Discord of the
tests refuses with them what Discord refuses; the bot's own texts are held
to the same numbers by :mod:`bot.usecases.fields`.

Where the documentation is silent, the stricter reading is taken and says
so. Lengths are counted in code points (the bot clips by UTF-16 units where
those are more: :func:`bot.usecases.fields.clip`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from .limits import CHOICE_LENGTH, MAX_CHOICES, Path, Problem, _int, _length

#: §3 "content: up to 2000 characters".
CONTENT_LENGTH: Final = 2000
#: §3 "embeds: up to 10"; "Embed Limits"; "Total across all embeds ≤ 6000".
MAX_EMBEDS: Final = 10
EMBED_TOTAL: Final = 6000
EMBED_FIELDS: Final = 25
EMBED_LENGTHS: Final = {"title": 256, "description": 4096}
EMBED_FIELD_LENGTHS: Final = {"name": 256, "value": 1024}
EMBED_PART_LENGTHS: Final = {("footer", "text"): 2048, ("author", "name"): 256}
#: §3 "Attachments per message: 10"; "Attachment description (alt text): max 1024".
MAX_ATTACHMENTS: Final = 10
ALT_TEXT: Final = 1024
#: §3 "Upload size: per file; default 10 MiB"; "Whole request: max 25 MiB";
#: §2 an interaction carries its own, ``attachment_size_limit``.
UPLOAD_LIMIT: Final = 10 * 1024 * 1024
REQUEST_LIMIT: Final = 25 * 1024 * 1024
#: §3 "Flags settable on Create Message", "on Execute Webhook"; §2 "Flags in
#: callback message data"; "Flags on type 5 (deferred): only EPHEMERAL".
SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, VOICE, COMPONENTS_V2 = (
    1 << 2, 1 << 6, 1 << 12, 1 << 13, 1 << 15,
)  # fmt: skip
MESSAGE_FLAGS: Final = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | VOICE | COMPONENTS_V2
WEBHOOK_FLAGS: Final = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2 | EPHEMERAL
CALLBACK_FLAGS: Final = SUPPRESS_EMBEDS | EPHEMERAL | COMPONENTS_V2 | VOICE | SUPPRESS_NOTIFICATIONS
#: §4 "custom_id: 1–100 characters; unique among the components of one message".
CUSTOM_ID_LENGTH: Final = 100
#: §4 "Legacy top level: up to 5 Action Rows"; "up to 5 buttons or exactly 1 select".
MAX_ROWS: Final = 5
MAX_BUTTONS_A_ROW: Final = 5
#: §4 "Button label: max 80"; "Button url: max 512".
LABEL_LENGTH: Final = 80
URL_LENGTH: Final = 512
#: §4 "String select options: max 25"; "Select option label / value /
#: description: max 100 each"; "Select placeholder: max 150"; min/max_values 25.
MAX_SELECT_OPTIONS: Final = 25
SELECT_OPTION_LENGTH: Final = 100
PLACEHOLDER_LENGTH: Final = 150
#: §4 "V2 total components: 40 per message" (nested ones and accessories
#: counted: the stricter reading); "Media Gallery: 1–10 items"; "Section: 1–3".
MAX_COMPONENTS: Final = 40
MAX_GALLERY: Final = 10
MAX_SECTION_TEXTS: Final = 3
#: §4 "Total text across Text Displays: not documented"; Discord's API
#: description allows 4,000 a text display, and the stricter reading counts
#: that for the message as a whole.
V2_TEXT: Final = 4000
#: §2 "Modal title: max 45"; "Modal components: 1–5"; "Autocomplete result: max 25 choices".
MODAL_TITLE: Final = 45
MAX_MODAL_COMPONENTS: Final = 5
#: §2 "Initial response deadline: 3 seconds"; "Token lifetime: 15 minutes";
#: "Follow-up cap: 5 ... when only USER_INSTALL authorized the interaction".
INITIAL_RESPONSE_SECONDS: Final = 3.0
TOKEN_SECONDS: Final = 15 * 60
MAX_USER_APP_FOLLOWUPS: Final = 5
#: §5 "name: 1–100"; "description: 1–1000"; "entity_metadata.location: 1–100".
EVENT_NAME: Final = 100
EVENT_DESCRIPTION: Final = 1000
#: §6 "Role name: max 100".
ROLE_NAME: Final = 100

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = (
    9, 10, 11, 12, 13, 14, 17, 18,
)  # fmt: skip
SELECTS: Final = frozenset({3, 5, 6, 7, 8})
LINK, PREMIUM = 5, 6
#: §4 "V2 flag required": these need IS_COMPONENTS_V2.
V2_ONLY: Final = frozenset({SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR,
                            CONTAINER})  # fmt: skip
#: §4 "V2 top-level (message)"; "Container children".
V2_TOP: Final = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR,
                           CONTAINER})  # fmt: skip
IN_CONTAINER: Final = frozenset({ACTION_ROW, TEXT_DISPLAY, SECTION, MEDIA_GALLERY, SEPARATOR, FILE})


def _max(path: Path, value: Any, most: int) -> Iterator[Problem]:
    """At most *most* characters, if there is a value at all."""
    if isinstance(value, str) and len(value) > most:
        yield Problem(
            path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length: {len(value)}"
        )


def _items(path: Path, items: Any, most: int, least: int = 0) -> Iterator[Problem]:
    if isinstance(items, list) and not least <= len(items) <= most:
        yield Problem(
            path,
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between {least} and {most} in length: {len(items)} items",
        )


def message_problems(
    message: Mapping[str, Any],
    path: Path = (),
    *,
    files: int = 0,
    flags: int = MESSAGE_FLAGS,
    was_v2: bool | None = None,
) -> list[Problem]:
    """What Discord refuses in a message it is asked to send (*was_v2* None)
    or to edit (*was_v2*: whether the message is a Components V2 one), with
    *files* uploaded beside it and *flags* the flags it may set."""
    found = list(_max((*path, "content"), message.get("content"), CONTENT_LENGTH))
    found += _embeds((*path, "embeds"), message.get("embeds"))
    attachments = message.get("attachments")
    if max(files, len(attachments or [])) > MAX_ATTACHMENTS:  # JSON 30015
        found.append(
            Problem(
                (*path, "attachments"),
                "MAX_ATTACHMENTS",
                f"Maximum number of attachments in a message reached ({MAX_ATTACHMENTS})",
            )
        )
    for i, attachment in enumerate(attachments or []):
        if isinstance(attachment, Mapping):
            found += _max(
                (*path, "attachments", i, "description"), attachment.get("description"), ALT_TEXT
            )
    asked = _int(message.get("flags"))
    v2 = bool(asked & COMPONENTS_V2)
    if was_v2 is None and asked & ~flags:
        found.append(
            Problem((*path, "flags"), "MESSAGE_FLAGS_INVALID", f"Flags {asked} not allowed")
        )
    if was_v2 and "flags" in message and not v2:  # "Removing the V2 flag: impossible"
        found.append(
            Problem(
                (*path, "flags"),
                "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                "The IS_COMPONENTS_V2 flag cannot be removed",
            )
        )
    if v2 and was_v2 is False:
        # "Turning a message into V2 on edit: content/poll must be sent as null
        # and embeds/sticker_ids as []": sent, the stricter reading.
        for key, empty in (("content", None), ("embeds", []), ("poll", None), ("sticker_ids", [])):
            if message.get(key, empty) != empty or (
                key in ("content", "embeds") and key not in message
            ):
                found.append(
                    Problem(
                        (*path, key),
                        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                        f"Turning a message into Components V2 needs {key} sent as {empty}",
                    )
                )
    elif v2 or was_v2:
        # "V2 + other fields: content, embeds, sticker_ids, poll → 400". Whether
        # an empty content counts is not documented: the stricter reading refuses it.
        for key in ("content", "embeds", "sticker_ids", "poll"):
            if message.get(key) is not None and message.get(key) != []:
                found.append(
                    Problem(
                        (*path, key),
                        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                        f"The {key} field cannot be used with IS_COMPONENTS_V2",
                    )
                )
    components = message.get("components")
    if isinstance(components, list):
        found += components_problems(components, (*path, "components"), v2=v2 or bool(was_v2))
    return found


def _embeds(path: Path, embeds: Any) -> Iterator[Problem]:
    """§3 "Embed Limits", and the 6,000 of all of a message's embeds, each
    text trimmed of the white space around it."""
    if not isinstance(embeds, list):
        return
    yield from _items(path, embeds, MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, Mapping):
            continue
        for key, most in EMBED_LENGTHS.items():
            yield from _max((*path, i, key), embed.get(key), most)
            total += len(str(embed.get(key) or "").strip())
        yield from _items((*path, i, "fields"), embed.get("fields"), EMBED_FIELDS)
        for j, field in enumerate(embed.get("fields") or []):
            for key, most in EMBED_FIELD_LENGTHS.items():
                yield from _max((*path, i, "fields", j, key), field.get(key), most)
                total += len(str(field.get(key) or "").strip())
        for (part, key), most in EMBED_PART_LENGTHS.items():
            value = (embed.get(part) or {}).get(key)
            yield from _max((*path, i, part, key), value, most)
            total += len(str(value or "").strip())
    if total > EMBED_TOTAL:
        yield Problem(
            path, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}"
        )


def walk(components: list[Any], path: Path) -> Iterator[tuple[Path, Mapping[str, Any]]]:
    """Every component with its path, nested ones and accessories too."""
    for i, component in enumerate(components):
        if not isinstance(component, Mapping):
            continue
        where = (*path, i)
        yield where, component
        yield from walk(list(component.get("components") or []), (*where, "components"))
        if isinstance(component.get("accessory"), Mapping):
            yield (*where, "accessory"), component["accessory"]


def components_problems(components: list[Any], path: Path, *, v2: bool) -> list[Problem]:
    """A message's components: the legacy layout or the V2 rules, and each
    component's own limits."""
    every = list(walk(components, path))
    found = list(_custom_ids(every))
    if v2:
        found += _v2(components, path, every)
    else:
        found += _items(path, components, MAX_ROWS)  # "up to 5 Action Rows and nothing else"
        for i, row in enumerate(components):
            if _int(row.get("type")) != ACTION_ROW:
                found.append(
                    Problem(
                        (*path, i, "type"),
                        "COMPONENT_TYPE_INVALID",
                        "Without IS_COMPONENTS_V2 a message holds action rows only",
                    )
                )
    for where, component in every:
        found += _component(where, component, v2=v2)
    return found


def _custom_ids(every: list[tuple[Path, Mapping[str, Any]]]) -> Iterator[Problem]:
    seen: set[str] = set()
    for where, component in every:
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        yield from _length((*where, "custom_id"), custom_id, CUSTOM_ID_LENGTH, 1)
        if custom_id in seen:
            yield Problem(
                (*where, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated: {custom_id!r}",
            )
        seen.add(custom_id)


def _v2(
    components: list[Any], path: Path, every: list[tuple[Path, Mapping[str, Any]]]
) -> Iterator[Problem]:
    if len(every) > MAX_COMPONENTS:
        yield Problem(
            path,
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_COMPONENTS} or fewer components in total: {len(every)}",
        )
    text = sum(len(str(c.get("content") or "")) for _, c in every if c.get("type") == TEXT_DISPLAY)
    if text > V2_TEXT:
        yield Problem(
            path, "BASE_TYPE_MAX_LENGTH", f"Must be {V2_TEXT} or fewer characters of text: {text}"
        )
    for i, component in enumerate(components):
        if _int(component.get("type")) not in V2_TOP:
            yield Problem((*path, i, "type"), "COMPONENT_TYPE_INVALID", "Not a top-level component")


def _component(path: Path, component: Mapping[str, Any], *, v2: bool) -> Iterator[Problem]:
    kind = _int(component.get("type"))
    children = [c for c in component.get("components") or [] if isinstance(c, Mapping)]
    kinds = [_int(child.get("type")) for child in children]
    if kind in V2_ONLY and not v2:
        yield Problem((*path, "type"), "COMPONENT_TYPE_INVALID", "Needs IS_COMPONENTS_V2")
    if kind == ACTION_ROW:
        selects = sum(k in SELECTS for k in kinds)
        if not children or (selects and len(children) > 1) or len(children) > MAX_BUTTONS_A_ROW:
            yield Problem(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "An action row holds 1 to 5 buttons or a single select",
            )
        elif any(k not in SELECTS and k != BUTTON for k in kinds):
            yield Problem((*path, "components"), "COMPONENT_TYPE_INVALID", "Buttons or a select")
    elif kind == BUTTON:
        yield from _button(path, component)
    elif kind in SELECTS:
        yield from _select(path, component, kind)
    elif kind == SECTION:
        yield from _items((*path, "components"), children, MAX_SECTION_TEXTS, 1)
        if any(k != TEXT_DISPLAY for k in kinds):
            yield Problem((*path, "components"), "COMPONENT_TYPE_INVALID", "Text displays only")
        accessory = component.get("accessory")
        if not isinstance(accessory, Mapping) or _int(accessory.get("type")) not in (
            BUTTON,
            THUMBNAIL,
        ):
            yield Problem(
                (*path, "accessory"), "BASE_TYPE_REQUIRED", "A button or a thumbnail is required"
            )
    elif kind == CONTAINER:
        if any(k not in IN_CONTAINER for k in kinds):
            yield Problem((*path, "components"), "COMPONENT_TYPE_INVALID", "Not in a container")
    elif kind == MEDIA_GALLERY:
        yield from _items((*path, "items"), component.get("items"), MAX_GALLERY, 1)
        for j, item in enumerate(component.get("items") or []):
            yield from _max((*path, "items", j, "description"), item.get("description"), ALT_TEXT)
    elif kind == THUMBNAIL:
        yield from _max((*path, "description"), component.get("description"), ALT_TEXT)
    elif kind == FILE:
        url = str((component.get("file") or {}).get("url") or "")
        if not url.startswith("attachment://"):
            yield Problem((*path, "file", "url"), "COMPONENT_INVALID", "Must be attachment://")


def _button(path: Path, button: Mapping[str, Any]) -> Iterator[Problem]:
    """§4 "Button label", "Button url" and "Button styles"."""
    yield from _max((*path, "label"), button.get("label"), LABEL_LENGTH)
    yield from _max((*path, "url"), button.get("url"), URL_LENGTH)
    style = _int(button.get("style"))
    has = {key for key in ("custom_id", "url", "sku_id") if button.get(key) is not None}
    needs = {LINK: {"url"}, PREMIUM: {"sku_id"}}.get(style, {"custom_id"})
    if style not in range(1, 7) or has != needs:
        yield Problem(
            path, "COMPONENT_INVALID", f"A button of style {style} takes {' '.join(needs)} only"
        )


def _select(path: Path, select: Mapping[str, Any], kind: int) -> Iterator[Problem]:
    """§4 "String select options", "Select option label / value /
    description", "Select placeholder", min_values and max_values."""
    yield from _max((*path, "placeholder"), select.get("placeholder"), PLACEHOLDER_LENGTH)
    options = select.get("options")
    if kind == STRING_SELECT:
        yield from _items((*path, "options"), options, MAX_SELECT_OPTIONS, 1)
    for j, option in enumerate(options or []):
        for key in ("label", "value"):
            yield from _length((*path, "options", j, key), option.get(key), SELECT_OPTION_LENGTH, 1)
        yield from _max((*path, "options", j, "description"), option.get("description"),
                        SELECT_OPTION_LENGTH)  # fmt: skip
    least, most = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= _int(least, -1) <= 25 and 1 <= _int(most) <= 25 and least <= most):
        yield Problem(path, "NUMBER_TYPE_OUT_OF_RANGE", "min_values 0–25, max_values 1–25")


def response_problems(
    body: Mapping[str, Any], *, files: int = 0, component: bool, was_v2: bool | None = None
) -> list[Problem]:
    """What Discord refuses in an interaction's response (§2), to an
    interaction from a component (*component*) or not; an update (type 7)
    edits a message that is a Components V2 one or not (*was_v2*)."""
    kind = _int(body.get("type"))
    data = body.get("data") or {}
    if kind in (6, 7) and not component:  # "only for component interactions"
        return [Problem(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", f"Type {kind}: a press's")]
    if kind in (4, 7):
        edits = was_v2 if kind == 7 else None
        return message_problems(data, ("data",), files=files, flags=CALLBACK_FLAGS, was_v2=edits)
    if kind == 5 and _int(data.get("flags")) & ~EPHEMERAL:
        return [Problem(("data", "flags"), "MESSAGE_FLAGS_INVALID", "Only EPHEMERAL on type 5")]
    found: list[Problem] = []
    if kind == 8:
        choices = data.get("choices")
        found += _items(("data", "choices"), choices, MAX_CHOICES)
        for j, choice in enumerate(choices or []):
            at: Path = ("data", "choices", j)
            found += _length((*at, "name"), choice.get("name"), CHOICE_LENGTH, 1)
            if isinstance(choice.get("value"), str):
                found += _length((*at, "value"), choice["value"], CHOICE_LENGTH)
    elif kind == 9:
        found += _length(("data", "title"), data.get("title"), MODAL_TITLE, 1)
        found += _length(("data", "custom_id"), data.get("custom_id"), CUSTOM_ID_LENGTH, 1)
        found += _items(("data", "components"), data.get("components"), MAX_MODAL_COMPONENTS, 1)
        for where, inner in walk(list(data.get("components") or []), ("data", "components")):
            if _int(inner.get("type")) == TEXT_INPUT:
                found += _max((*where, "placeholder"), inner.get("placeholder"), 100)
                found += _max((*where, "value"), inner.get("value"), 4000)
            elif _int(inner.get("type")) == LABEL:
                found += _max((*where, "label"), inner.get("label"), 45)
                found += _max((*where, "description"), inner.get("description"), 100)
    return found


def event_problems(event: Mapping[str, Any], *, create: bool) -> list[Problem]:
    """What Discord refuses in a scheduled event it is asked to make
    (*create*) or change (§5)."""
    found: list[Problem] = []
    if create:
        for key in ("name", "privacy_level", "scheduled_start_time", "entity_type"):
            if event.get(key) is None:
                found.append(Problem((key,), "BASE_TYPE_REQUIRED", "This field is required"))
    if "name" in event:
        found += _length(("name",), event["name"], EVENT_NAME, 1)
    if event.get("description") is not None:
        found += _length(("description",), event["description"], EVENT_DESCRIPTION, 1)
    location = (event.get("entity_metadata") or {}).get("location")
    if location is not None:
        found += _length(("entity_metadata", "location"), location, 100, 1)
    if "privacy_level" in event and event["privacy_level"] != 2:
        found.append(Problem(("privacy_level",), "BASE_TYPE_CHOICES", "Only 2 (GUILD_ONLY)"))
    if _int(event.get("entity_type")) == 3 and create:
        if not location:
            found.append(Problem(("entity_metadata", "location"), "BASE_TYPE_REQUIRED", "Needed"))
        if event.get("scheduled_end_time") is None:
            found.append(Problem(("scheduled_end_time",), "BASE_TYPE_REQUIRED", "Needed"))
    return found


def role_problems(role: Mapping[str, Any]) -> list[Problem]:
    """What Discord refuses in a role it is asked to make or change (§6)."""
    return list(_max(("name",), role.get("name"), ROLE_NAME))
