"""Fast searches for single games: a compact state and a game's own move
pruning, where the general search in :mod:`solitaire.solver` is too slow.

:func:`fast_search` chooses the one that plays a game's rules. A search
returns a winning line in notation, or ``None`` when it found none (its
pruning may skip a win, so ``None`` proves nothing), with the nodes it
searched. :func:`proving_search` chooses a complete one, whose reductions
lose no win: when it runs out of moves, the game cannot be won. The solver
replays every line in the engine before it trusts it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from ..game import Game
from ..variants.calculation import Calculation
from ..variants.casket import Casket
from ..variants.castles_end import CastlesEnd
from ..variants.klondike import Klondike
from ._fresh import prefer_fresh

#: The modules that setup.py compiles.
MODULES = (
    "_base",
    "klondike",
    "klondike_bound",
    "castles_end",
    "calculation",
    "casket",
    "klondike_native",
)
#: Those whose source changed after they were compiled: then all run as plain Python.
STALE = prefer_fresh(__name__, Path(__file__).parent, MODULES)

from . import calculation, casket, castles_end, klondike  # noqa: E402  (after prefer_fresh)

#: Whether the searches run compiled (see setup.py), two to three times as
#: fast as plain Python.
COMPILED = not (klondike.__file__ or "").endswith(".py")
#: Whether Klondike's complete search runs in C (klondike_native.c, built
#: by setup.py), seven to nine times as fast as compiled Python.
NATIVE = klondike.NATIVE is not None

#: (node cap, deadline) → (winning line or ``None``, nodes searched).
FastSearch = Callable[[int, float], tuple[list[str] | None, int]]
#: (node cap, deadline) → (winning line or ``None``, nodes searched, whether
#: every move was tried: then there is no win).
ProvingSearch = Callable[[int, float], tuple[list[str] | None, int, bool]]


def fast_search(game: Game) -> FastSearch | None:
    """Returns the fast search of *game*'s position, if one plays its rules."""
    if isinstance(game, Calculation):
        return partial(calculation.search, game)
    if isinstance(game, Casket):
        return partial(casket.search, game)
    return None


def proving_search(game: Game, memory: int = 0) -> ProvingSearch | None:
    """Returns the complete search of *game*'s position, if one plays its
    rules; one that :func:`bounds_memory` keeps to *memory* bytes (0: no limit)."""
    if isinstance(game, CastlesEnd):
        return partial(castles_end.search, game)
    if isinstance(game, Klondike):
        # Its reductions assume that foundation cards stay there.
        return None if game.foundation_return else partial(klondike.search, game, memory=memory)
    return None


def bounds_memory(game: Game) -> bool:
    """Whether the search of *game* keeps to a memory budget (see
    :func:`klondike.search_position`); the others are bounded by their node cap."""
    return isinstance(game, Klondike) and not game.foundation_return


def node_bytes(game: Game) -> int:
    """What a node of the search of *game* may take at most, in bytes, where
    no memory budget bounds it (measured: a Castle's End position keeps its
    long line; the others' about 250 bytes)."""
    return 3_200 if isinstance(game, CastlesEnd) else 400
