"""Keeps the gettext catalogues in step with the English texts, with Babel.

    python -m texts.catalogues           # extract the templates, update every
                                         # language's .po, compile every .mo
    python -m texts.catalogues --init es # start a language: locale/es/…/*.po
    python -m texts.catalogues --check   # exit 1 if a file is not current

The templates are ``locale/game.pot`` and ``locale/app.pot``; a language's
catalogues are ``locale/<lang>/LC_MESSAGES/{game,app}.po``, edited in any
gettext editor (Poedit, Weblate, Lokalize), and compiled beside them to
``.mo`` files, which the bot reads. The same steps in ``pybabel``'s words:
``pybabel extract -F texts/babel.cfg -o texts/locale/app.pot texts/app``,
``pybabel update -i texts/locale/app.pot -d texts/locale -D app``,
``pybabel compile -d texts/locale -D app``.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAINS, LOCALE_DIR
from .extract import extract_texts

_SOURCES = {domain: Path(__file__).parent / domain / "en.py" for domain in DOMAINS}
#: The comment that opens a new language's catalogue.
HEADER = """\
# The solitaire bot's texts in {lang}. The context (msgctxt) of each text is its
# key in the code; keep every {{placeholder}} and `notation` as it is.
#"""
#: Header lines that change on every write; "current" ignores them.
_DATES = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def template(domain: str) -> Catalog:
    """The domain's template, extracted from its English texts."""
    catalog = Catalog(project="solitaire-bot", fuzzy=False, domain=domain)
    with _SOURCES[domain].open("rb") as file:
        for line, message, _, context in extract(extract_texts, file):  # type: ignore[arg-type]
            catalog.add(message, locations=[(f"texts/{domain}/en.py", line)], context=context)
    return catalog


def languages() -> list[str]:
    """The languages with catalogues, besides English."""
    return sorted(path.name for path in LOCALE_DIR.iterdir() if (path / "LC_MESSAGES").is_dir())


def po_path(locale: str, domain: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def read(locale: str, domain: str) -> Catalog:
    with po_path(locale, domain).open("rb") as file:
        return read_po(file, locale=locale, domain=domain)


def po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, omit_header=False)
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalogue: its translated texts (neither fuzzy nor empty)."""
    done = Catalog(locale=catalog.locale, domain=catalog.domain, fuzzy=False)
    done.mime_headers = catalog.mime_headers
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and all(strings) and not message.fuzzy:
            done[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, done)
    return buffer.getvalue()


def _dateless(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n") if not line.startswith(_DATES))


def wanted() -> dict[Path, bytes]:
    """Every catalogue file as it should be, by path."""
    files: dict[Path, bytes] = {}
    for domain in DOMAINS:
        pot = template(domain)
        files[LOCALE_DIR / f"{domain}.pot"] = po_bytes(pot)
        for locale in languages():
            catalog = read(locale, domain) if po_path(locale, domain).exists() else None
            if catalog is None:
                catalog = Catalog(
                    locale=locale,
                    domain=domain,
                    project="solitaire-bot",
                    fuzzy=False,
                    header_comment=HEADER.format(lang=locale),
                )
            catalog.update(pot)
            catalog.obsolete.clear()
            files[po_path(locale, domain)] = po_bytes(catalog)
            files[po_path(locale, domain).with_suffix(".mo")] = mo_bytes(catalog)
    return files


def stale() -> list[Path]:
    """The catalogue files that are missing or not current."""
    return [path for path, data in wanted().items() if not _current(path, data)]


def _current(path: Path, data: bytes) -> bool:
    if not path.exists():
        return False
    if path.suffix == ".mo":  # its header's dates are no text: compare the texts
        return _texts(path.read_bytes()) == _texts(data)
    return _dateless(path.read_bytes()) == _dateless(data)


def _texts(mo: bytes) -> list[tuple[object, ...]]:
    catalog = read_mo(io.BytesIO(mo))
    return [(m.context, m.id, m.string) for m in catalog if m.id] + [(catalog.plural_forms,)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m texts.catalogues", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is not current")
    parser.add_argument("--init", metavar="LANG", help="start the catalogues of a language")
    args = parser.parse_args(argv)
    if args.check:
        late = stale()
        for path in late:
            print(f"not current: {path.relative_to(LOCALE_DIR.parent.parent)}", file=sys.stderr)
        if late:
            print("run: python -m texts.catalogues", file=sys.stderr)
        return 1 if late else 0
    if args.init:
        (LOCALE_DIR / args.init / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    for path, data in wanted().items():
        if _current(path, data):
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(LOCALE_DIR.parent.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
