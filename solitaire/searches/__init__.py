"""Fast searches for single games: a compact state and a game's own move
pruning, where the general search in :mod:`solitaire.solver` is too slow.

:func:`fast_search` chooses the one that plays a game's rules. A search
returns a winning line in notation, or ``None`` when it found none (its
pruning may skip a win, so ``None`` proves nothing), with the nodes it
searched. The solver replays every line in the engine before it trusts it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..game import Game
from ..variants.calculation import Calculation
from ..variants.casket import Casket
from ..variants.klondike import Klondike
from . import calculation, casket, klondike

#: (node cap, deadline) → (winning line or ``None``, nodes searched).
FastSearch = Callable[[int, float], tuple[list[str] | None, int]]


def fast_search(game: Game) -> FastSearch | None:
    """Returns the fast search of *game*'s position, if one plays its rules."""
    if isinstance(game, Klondike):
        # Its pruning assumes that foundation cards stay there.
        return None if game.foundation_return else partial(klondike.search, game)
    if isinstance(game, Calculation):
        return partial(calculation.search, game)
    if isinstance(game, Casket):
        return partial(casket.search, game)
    return None
