"""A Babel extractor for the English texts: reads ``TEXTS = {key: text}``
from ``game/en.py`` and ``app/en.py`` and yields each text with its key as
its context (a pair of texts is a singular and its plural). Babel finds it
as the ``texts`` extraction method (an entry point), so ``pybabel extract``
works too; ``python -m texts.catalogues`` calls it directly."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any


def extract_texts(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """Yields ``(line, function, (key, text[, plural]), comments)``, as
    Babel's extractors do: one text as ``pgettext``, a pair as ``npgettext``."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        target: ast.expr
        value: ast.expr | None
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if not (isinstance(target, ast.Name) and target.id == "TEXTS"):
            continue
        if not isinstance(value, ast.Dict):
            raise ValueError("TEXTS must be a dict of literals")
        for key, text in zip(value.keys, value.values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                raise ValueError(f"line {text.lineno}: a text's key must be a string")
            forms = _literal(text)
            function = "pgettext" if len(forms) == 1 else "npgettext"
            yield key.lineno, function, (key.value, *forms), []


def _literal(node: ast.expr) -> tuple[str, ...]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if (
        isinstance(node, ast.Tuple)
        and len(node.elts) == 2
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    ):
        return tuple(e.value for e in node.elts)  # type: ignore[attr-defined]
    raise ValueError(f"line {node.lineno}: a text is a string or a (singular, plural) pair")
