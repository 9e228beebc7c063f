"""Pools of winnable deals: deal numbers the solver has won, per profile and
options, and their grades.

Each pool is a module of ``solitaire/pools/`` named by :func:`pool_name`;
``new_game(…, winnable=True)`` and the daily deal draw from it. ``tools/pool.py``
makes them. A pool's grades (:mod:`solitaire.grading`: stars and par) are the
module of the same name in ``solitaire/grades/``, made by ``tools/grade.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType

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


#: Grades run from one star to this many.
STARS = 5


def bounds(searches: Sequence[int]) -> tuple[int, ...]:
    """Returns the highest search of each grade but the last, so that each
    of the :data:`STARS` grades holds about a fifth of *searches*.

    >>> bounds(range(1, 11))
    (2, 4, 6, 8)
    """
    ordered = sorted(searches)
    return tuple(ordered[len(ordered) * k // STARS - 1] for k in range(1, STARS))


def stars(search: int, cuts: Sequence[int]) -> int:
    """Returns the grade, 1 to :data:`STARS`, of a deal whose search was *search*.

    >>> [stars(n, (2, 4, 6, 8)) for n in (1, 2, 3, 8, 9)]
    [1, 1, 2, 4, 5]
    """
    return 1 + sum(search > cut for cut in cuts)


@dataclass(frozen=True)
class Grade:
    """A graded deal's difficulty, 1 to 5 stars, and its par: the fewest
    moves of a winning line the solver knows."""

    stars: int
    par: int

    def against(self, moves: int) -> str:
        """``under``, ``at`` or ``over`` par, for a win in *moves* moves."""
        return "under" if moves < self.par else "at" if moves == self.par else "over"


@cache
def _grades(name: str) -> ModuleType | None:
    try:
        return import_module(f"{__package__}.grades.{name}")
    except ModuleNotFoundError:
        return None


#: The grades of each profile's pool under its options (sorted items).
_GRADED: dict[tuple[str, tuple[tuple[str, object], ...]], ModuleType | None] = {}


def grade_of(game: Game) -> Grade | None:
    """Returns the grade of *game*'s deal under its rules; ``None`` for a deal
    (or rules) no pool grades, or a game with no deal number."""
    return None if game.deal is None else deal_grade(type(game), game.options, game.deal)


def deal_grade(cls: type[Game], options: Mapping[str, object], deal: int) -> Grade | None:
    """Returns the grade of deal *deal* of *cls* under *options*, without
    dealing it; ``None`` if no pool grades it."""
    key = cls.profile, tuple(sorted(options.items()))
    if key not in _GRADED:  # a board reads its grade: the pool's name is worked out once
        _GRADED[key] = _grades(pool_name(cls, options))
    grades = _GRADED[key]
    found = None if grades is None else grades.GRADES.get(deal)
    if grades is None or found is None:
        return None
    search, par = found
    return Grade(stars(search, grades.BOUNDS), par)


def graded(cls: type[Game], options: Mapping[str, object], search: int, par: int) -> Grade | None:
    """The grade of a deal no pool holds (a cup's), whose search was
    *search*, as the pool of these rules grades its own; ``None`` if none
    is graded, or the search is longer than the pool's longest
    (:func:`hardest`)."""
    grades = _grades(pool_name(cls, options))
    if grades is None or search > hardest(cls, options):
        return None
    return Grade(stars(search, grades.BOUNDS), par)


def hardest(cls: type[Game], options: Mapping[str, object]) -> int:
    """The longest search of a deal of the pool graded under these rules (0: none)."""
    grades = _grades(pool_name(cls, options))
    return 0 if grades is None else max((search for search, _ in grades.GRADES.values()), default=0)


def graded_deals(cls: type[Game], options: Mapping[str, object], grade: int) -> tuple[int, ...]:
    """Returns the pool's deals of *grade* stars, in the pool's order.

    :raises BadOption: for a grade out of 1…5, or rules whose deals are not graded.
    """
    if not 1 <= grade <= STARS:
        raise BadOption(Msg("grade.range", n=grade, top=STARS))
    grades = _grades(pool_name(cls, options))
    if grades is None:
        raise BadOption(Msg("grade.none", game=cls.name))
    return tuple(
        deal for deal, (search, _) in grades.GRADES.items() if stars(search, grades.BOUNDS) == grade
    )
