"""A review after the game: could the deal be won, which move lost it, and
a winning line from the last position that still won, as text and a GIF."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from solitaire import BadRecord
from solitaire.solver import Outcome
from storage import NotFound, Status, Store
from texts import tr

from . import jobs
from .replies import Animation, Asker, Notice
from .service import busy_notice
from .workers import Busy, Kind, Workers

#: Each position the review looks at is searched this long.
REVIEW_SECONDS = 0.5
#: The winning line's moves written out; the GIF shows them all.
LINE_SHOWN = 20
_CACHED = 64


class Reviews:
    """Reviews of finished games, made in a worker once per game."""

    def __init__(self, store: Store, workers: Workers, theme: str = "classic") -> None:
        self._store, self._workers, self._theme = store, workers, theme
        self._done: OrderedDict[tuple[int, int, str], Animation] = OrderedDict()

    async def refuse(self, asker: Asker, game_id: int) -> Notice | None:
        """Why the asker may not review game *game_id*, if they may not:
        asked before the bot answers in public that a review is coming."""
        try:
            row = await self._store.get_game(game_id)
        except NotFound:
            return Notice(tr(asker.locale, "game.gone"))
        if row.user_id != asker.user_id:
            return Notice(tr(asker.locale, "review.not_yours"))
        return None

    async def review(self, asker: Asker, game_id: int | None = None) -> Animation | Notice:
        """Reviews the asker's game *game_id*, or their last game that ended
        without a win."""
        locale = asker.locale
        try:
            row = await self._store.get_game(game_id) if game_id is not None else None
        except NotFound:
            row = None
        if game_id is None:
            current = await self._store.current_game(asker.user_id)
            if current is not None and await self._is_stuck(current.record):
                row = current
            else:
                row = await self._store.last_unwon_game(asker.user_id)
        if row is None:
            return Notice(tr(locale, "review.none"))
        if row.user_id != asker.user_id:
            return Notice(tr(locale, "review.not_yours"))  # names no one
        if row.status == Status.WON:
            return Notice(tr(locale, "review.won"))
        key = (row.id, row.revision, locale)
        done = self._done.get(key)
        if done is None:
            # A game still being played is reviewed only once it is stuck:
            # a review shows the way to win.
            if row.status == Status.PLAYING and not await self._is_stuck(row.record):
                return Notice(tr(locale, "review.playing"))
            try:
                found = await self._workers.run(
                    Kind.REVIEW, jobs.review, row.record, REVIEW_SECONDS, self._theme, locale,
                    player=asker.user_id,
                )  # fmt: skip
            except BadRecord as error:
                return Notice(error.text(locale))
            except Busy as busy:
                return busy_notice(busy, locale)
            done = Animation(found.gif, _said(found, row.deal, locale))
            self._done[key] = done
            while len(self._done) > _CACHED:
                self._done.popitem(last=False)
        self._done.move_to_end(key)
        return done

    async def _is_stuck(self, record: dict[str, Any]) -> bool:
        try:
            stuck: bool = await self._workers.run(Kind.REPLAY, jobs.is_stuck, record)
        except (Busy, BadRecord):
            return False
        return stuck


def _said(found: jobs.Review, deal: int | None, locale: str) -> str:
    what = tr(locale, "review.deal", deal=deal) if deal is not None else tr(locale, "review.set")
    if found.deal is Outcome.UNWINNABLE:
        return tr(locale, "review.cannot", what=what)
    if found.deal is Outcome.UNKNOWN:
        return tr(locale, "review.unknown", what=what, seconds=REVIEW_SECONDS)
    lines = [tr(locale, "review.could", what=what)]
    if found.lost is False:
        lines.append(tr(locale, "review.still"))
    elif found.lost:
        lines.append(tr(locale, "review.lost_at", n=found.kept + 1))
    else:
        lines.append(tr(locale, "review.kept", n=found.kept))
    shown = " ".join(f"`{move}`" for move in found.line[:LINE_SHOWN])
    more = tr(locale, "review.more", n=len(found.line)) if len(found.line) > LINE_SHOWN else ""
    lines.append(tr(locale, "review.line", n=found.kept, line=shown, more=more))
    return "\n".join(lines)[:2000]
