"""A player's settings: how their pictures look, what the board says, and
where their name shows."""

from __future__ import annotations

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


class Preferences:
    """Players' settings, kept in the store that every process shares."""

    def __init__(self, store: Store, live: LiveGames | None = None) -> None:
        self._store = store
        # The games this process holds carry their player's settings: a
        # change here drops them (another process's copies show it a move later).
        self._live = live

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
