"""Pools of winnable deals: deal numbers the solver has won, per profile and options.

Each pool is a module of ``solitaire/pools/`` named by :func:`pool_name`;
``new_game(…, winnable=True)`` and the daily deal draw from it. ``tools/pool.py``
makes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from texts import Msg

from .errors import BadOption
from .game import Game


def pool_name(cls: type[Game], options: Mapping[str, object]) -> str:
    """Returns the pool of a profile under *options*: its id, then the
    options code where they differ from the defaults (``klondike_d3``).

    >>> from solitaire import VARIANTS
    >>> pool_name(VARIANTS["klondike"], {"draw": 3}), pool_name(VARIANTS["castles-end"], {})
    ('klondike_d3', 'castles_end')
    """
    code = cls.options_code(options)
    return cls.profile.replace("-", "_") + (f"_{code}" if code else "")


def winnable_deals(
    cls: type[Game], options: Mapping[str, object], day: str | None = None
) -> tuple[int, ...]:
    """Returns the known winnable deals of a profile under *options*: the
    pool as it is, or as it was on *day* (``YYYY-MM-DD``), so that a rebuilt
    pool changes no daily deal of a day that has begun.

    :raises BadOption: if none have been found yet.
    """
    name = pool_name(cls, options)
    try:
        module = import_module(f"{__package__}.pools.{name}")
    except ModuleNotFoundError:
        raise BadOption(Msg("pool.none", game=cls.name)) from None
    if day is not None:
        # PAST: (first day of the next deals, the deals until then), any order.
        for since, deals in sorted(getattr(module, "PAST", ()), key=lambda era: era[0]):
            if day < since:
                return tuple(deals)
    return tuple(module.DEALS)
