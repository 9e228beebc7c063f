"""Compiles the complete searches with mypyc, where a C compiler is at hand:
they search two to three times the positions a second; and builds
Klondike's, written in C too, which searches seven to nine times as many
again. Anywhere else, or with ``SOLITAIRE_PURE=1`` set, they are installed
as plain Python and work the same, only slower. With
``SOLITAIRE_COMPILE=required`` (CI, the Docker image) a search that does not
compile fails the install instead. Everything else is in pyproject.toml."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

#: The searches' inner loops; the modules they import stay plain Python.
COMPILED = [
    "solitaire/searches/_base.py",
    "solitaire/searches/klondike.py",
    "solitaire/searches/klondike_bound.py",
    "solitaire/searches/castles_end.py",
    "solitaire/searches/calculation.py",
    "solitaire/searches/casket.py",
]


REQUIRED = os.environ.get("SOLITAIRE_COMPILE") == "required"


def _warn(why: object) -> None:
    """Says why the searches stay plain Python, or fails where they must compile."""
    if REQUIRED:
        raise SystemExit(f"error: the searches did not compile (SOLITAIRE_COMPILE=required): {why}")
    print(f"warning: the searches stay plain Python (slower): {why}", file=sys.stderr)


class _OptionalBuildExt(build_ext):
    """Builds the compiled searches if it can; otherwise removes what it
    built of them, and they stay plain Python instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError, OSError) as error:
            _warn(error)
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)


#: Klondike's complete search in C (solitaire/searches/klondike.py is its twin).
NATIVE = Extension(
    "solitaire.searches.klondike_native",
    ["solitaire/searches/klondike_native.c"],
    extra_compile_args=["-O2"],
)


def _extensions() -> list[Extension]:
    if os.environ.get("SOLITAIRE_PURE"):
        # An editable install built them beside their sources, where they
        # would go on hiding the sources.
        for built in (*Path("solitaire/searches").glob("*.so"), *Path().glob("*__mypyc*.so")):
            built.unlink()
        return []
    try:
        from mypyc.build import mypycify

        compiled = mypycify(
            COMPILED, opt_level="3", debug_level="0", group_name="solitaire_searches"
        )
    except (ImportError, SystemExit) as error:  # no mypyc; mypyc found a type error
        _warn(error)
        compiled = []
    return [*compiled, NATIVE]


setup(ext_modules=_extensions(), cmdclass={"build_ext": _OptionalBuildExt})
