"""A player's settings: how their pictures look, what the board says,
where their name shows, and the language they speak."""

from __future__ import annotations

import time
from collections.abc import Callable

from render import SIZES, THEMES
from storage import Settings, Store
from texts import Msg, tr

from .live import LiveGames
from .replies import Asker, Notice

#: Where a player's name shows on boards and cards (see ``Settings.visibility``).
VISIBILITIES = ("everywhere", "server", "hidden")


def drawn_in(settings: Settings, default: str) -> str:
    """The colours a player's cards are drawn in: theirs, where the bot has
    them, else *default*."""
    return settings.colours if settings.colours in THEMES else default


#: How long a process trusts that the stored language is the one it wrote.
LANGUAGE_FRESH = 60.0


class Preferences:
    """Players' settings and languages, kept in the store that every process shares."""

    def __init__(
        self,
        store: Store,
        live: LiveGames | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store, self._clock = store, clock
        # The games this process holds carry their player's settings: a
        # change here drops them (another process's copies show it a move later).
        self._live = live
        # Each player's language as their last interaction in this process
        # told it, and when it was written to the store: written again when
        # it changes, or after LANGUAGE_FRESH seconds, as another process may
        # have written another since. Plain messages carry no language; they
        # are answered in the stored one.
        self._languages: dict[int, tuple[str, float]] = {}

    async def heard(self, user_id: int, told: str) -> None:
        """Keeps the language an interaction of the player's tells; the game
        of theirs this process holds, if its row speaks another, is dropped
        (a row with none, such as a new game's, is never answered from)."""
        now = self._clock()
        known, written = self._languages.get(user_id, ("", -LANGUAGE_FRESH))
        if known != told or now - written >= LANGUAGE_FRESH:
            self._languages[user_id] = told, now
            await self._store.set_language(user_id, told)
        held = None if self._live is None else self._live.current(user_id)
        if held is not None and self._live is not None and held[0].language not in (None, told):
            self._live.forget_player(user_id)

    def last_heard(self, user_id: int) -> str | None:
        """The language the player's last interaction in this process told."""
        known = self._languages.get(user_id)
        return None if known is None else known[0]

    async def language(self, user_id: int) -> str | None:
        """The player's language as their last interaction told it (as
        stored: another process may have heard it), if any. The row of the
        player's current game that this process holds brings it along, as of
        that game's last move here: a language heard by another process
        since is spoken from the move after."""
        held = None if self._live is None else self._live.current(user_id)
        if held is not None and held[0].language is not None:
            return held[0].language
        return await self._store.language(user_id)

    async def player(
        self,
        asker: Asker,
        cards: str | None = None,
        colours: str | None = None,
        verdicts: bool | None = None,
        clock: bool | None = None,
        score: str | None = None,
        words: bool | None = None,
        visibility: str | None = None,
    ) -> Notice:
        """Changes what the player names and says what their settings are now."""
        scores = ("off", "standard", "vegas")
        if (
            (cards and cards not in SIZES)
            or (colours and colours not in THEMES)
            or (score and score not in scores)
            or (visibility and visibility not in VISIBILITIES)
        ):
            return Notice(tr(asker.locale, "settings.unknown"))
        current = await self._store.settings(asker.user_id)
        wanted = Settings(
            cards or current.cards,
            colours or current.colours,
            current.verdicts if verdicts is None else verdicts,
            current.clock if clock is None else clock,
            score or current.score,
            current.words if words is None else words,
            visibility or current.visibility,
        )
        if wanted != current:
            await self._store.set_settings(asker.user_id, wanted)
            if self._live is not None:
                self._live.forget_player(asker.user_id)
        said = tr(
            asker.locale,
            "settings.now",
            cards=Msg(f"settings.cards.{wanted.cards}"),
            colours=Msg(f"settings.colours.{wanted.colours}"),
        )
        status = "settings.verdicts_on" if wanted.verdicts else "settings.verdicts_off"
        shown = "settings.clock_on" if wanted.clock else "settings.clock_off"
        scored = tr(asker.locale, f"settings.score.{wanted.score}")
        worded = tr(asker.locale, "settings.text_on" if wanted.words else "settings.text_off")
        seen = tr(asker.locale, f"settings.visibility.{wanted.visibility}")
        lines = (said, tr(asker.locale, status), tr(asker.locale, shown), scored, worded, seen)
        return Notice("\n".join(lines))
