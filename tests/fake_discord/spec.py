"""Discord's own description of its HTTP API (OpenAPI 3.1, from
discord/discord-api-spec, MIT; see ``tests/data/discord-openapi.SOURCE``):
the local server checks each of the bot's requests against it, so a request
real Discord would refuse fails a test here too.

Where the API is known to be laxer than its description, the body is relaxed
first: an attachment's ``id`` may be the upload's index as a number (as
discord.py sends it), and any snowflake may be sent as a number. Where the
documentation is stricter than the description (a message's content is at
most 2,000 characters, where the description allows 4,000), the server
checks it with :mod:`bot.adapter.message_limits` beside this.

The commands the bot registers are checked here too (their integers are
``Int53Type``), with channel type 16 (``GUILD_MEDIA``) added to the
description's channel types, which lack it (``shared/discord/LIMITS.md``
§10: the docs win); the limits the description lacks for them,
:mod:`bot.adapter.limits` checks. A snowflake may be sent as a number, as
Discord accepts, but only as one that fits its 64 bits.

Each problem is a :class:`~bot.adapter.limits.Problem`: a path into the
body, as Discord's nested ``errors`` object names the field.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from bot.adapter.limits import Problem

SPEC = Path(__file__).parent.parent / "data" / "discord-openapi.json.gz"
#: A snowflake is an unsigned 64-bit integer (reference.mdx § Snowflakes).
SNOWFLAKE_MAX = 2**64 - 1


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    body: dict[str, dict[str, Any]]  # content type → schema


@cache
def _spec() -> dict[str, Any]:
    described = json.loads(gzip.decompress(SPEC.read_bytes()))
    schemas = described["components"]["schemas"]
    schemas["SnowflakeType"] = {
        "anyOf": [
            schemas["SnowflakeType"],
            {"type": "integer", "minimum": 0, "maximum": SNOWFLAKE_MAX},
        ]
    }
    media = {"title": "GUILD_MEDIA", "description": "Channel that can only contain threads, "
             "similar to GUILD_FORUM channels", "const": 16}  # fmt: skip
    schemas["ChannelTypes"]["oneOf"].append(media)
    return described


@cache
def _operations() -> list[Operation]:
    operations = []
    for template, item in _spec()["paths"].items():
        pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")
        for method, operation in item.items():
            if method == "parameters":
                continue
            content = operation.get("requestBody", {}).get("content", {})
            body = {kind: entry["schema"] for kind, entry in content.items() if "schema" in entry}
            operations.append(Operation(method.upper(), template, pattern, body))
    # Literal segments first: /messages/@original before /messages/{message_id}.
    return sorted(operations, key=lambda op: op.template.count("{"))


@cache
def _validator(method: str, template: str, kind: str) -> Draft202012Validator | None:
    operation = next(op for op in _operations() if (op.method, op.template) == (method, template))
    schema = operation.body.get(kind) or operation.body.get("application/json")
    if schema is None:
        return None
    # The components ride along so that "#/components/..." references resolve.
    return Draft202012Validator({**schema, "components": _spec()["components"]})


def operation(method: str, path: str) -> Operation | None:
    """The API's operation for *method* on *path* (without the ``/api/v10`` prefix)."""
    for op in _operations():
        if op.method == method and op.pattern.match(path):
            return op
    return None


def problems(method: str, path: str, body: Any, kind: str = "application/json") -> list[Problem]:
    """What is wrong with a request's body, as the API describes it; empty
    when it is fine, or when the route is unknown (:func:`operation` tells)."""
    op = operation(method, path)
    if op is None or body is None:
        return []
    validator = _validator(op.method, op.template, kind)
    if validator is None:
        return []
    body = _relaxed(body)
    found = [
        Problem(tuple(field.absolute_path), "BASE_TYPE_INVALID", field.message)
        for error in validator.iter_errors(body)
        for field in _fields(error)
    ]
    return found


def _fields(error: ValidationError) -> list[ValidationError]:
    """The fields at fault in *error*: where the description offers
    alternatives (``oneOf``) and all are refused, those of the alternative
    the body meant, the one whose kind (``type``, ``const``, ``enum``) it
    matches best."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).append(inner)

    def mismatches(errors: list[ValidationError]) -> tuple[int, int]:
        kinds = sum(e.validator in ("type", "const", "enum") for e in errors)
        return kinds, len(errors)

    meant = min(branches.values(), key=mismatches)
    return [field for inner in meant for field in _fields(inner)]


def _relaxed(value: Any) -> Any:
    """*value* with each attachment's numeric ``id`` as a string."""
    if isinstance(value, list):
        return [_relaxed(item) for item in value]
    if not isinstance(value, dict):
        return value
    relaxed = {key: _relaxed(item) for key, item in value.items()}
    for attachment in relaxed.get("attachments") or []:
        if isinstance(attachment, dict) and isinstance(attachment.get("id"), int):
            attachment["id"] = str(attachment["id"])
    return relaxed
