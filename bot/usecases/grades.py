"""The grade of any deal a game is on: its pool's, or, for a cup's secret
deal, the one it got when it was drawn (kept with it in the store), so
that a cup deal keeps its stars and par wherever they show, during the cup
and after it."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping

from solitaire import VARIANTS, Grade
from solitaire.deal import SECRET_DEALS
from solitaire.pool import deal_grade
from storage import Store

#: The cup deals' grades a process keeps (a grade never changes).
KEPT = 4096


class Grades:
    """Grades of deals, a cup's read from *store* once and kept."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._known: OrderedDict[tuple[str, str, int], Grade | None] = OrderedDict()

    async def of(
        self, profile: str, options: Mapping[str, object], deal: int | None
    ) -> Grade | None:
        """The grade of *deal* of *profile* under *options*; ``None`` if it
        has none (no pool nor cup graded it, or no deal number)."""
        if deal is None:
            return None
        if deal not in SECRET_DEALS:
            return deal_grade(VARIANTS[profile], options, deal)
        key = profile, json.dumps(dict(options), sort_keys=True), deal
        if key not in self._known:
            found = await self._store.cup_deal_grade(profile, options, deal)
            self._known[key] = None if found is None else Grade(*found)
            while len(self._known) > KEPT:
                self._known.popitem(last=False)
        return self._known[key]
