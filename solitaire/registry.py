"""The rule profiles: id → game class, with version, title and options."""

from __future__ import annotations

from .game import Game
from .variants.calculation import Calculation
from .variants.casket import Casket
from .variants.castles_end import CastlesEnd
from .variants.klondike import Klondike

_ALL: tuple[type[Game], ...] = (Klondike, Calculation, CastlesEnd, Casket)

#: The current version of every game, by profile id.
VARIANTS: dict[str, type[Game]] = {cls.profile: cls for cls in _ALL}

#: Every version that can still replay saved games, by ``id@version``.
PROFILES: dict[str, type[Game]] = {f"{cls.profile}@{cls.version}": cls for cls in _ALL}
