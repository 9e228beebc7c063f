"""How the store's rows read back: a game with its player's settings, and
the reads of games every part of the store shares."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from ._base import GameRow, Settings, Status
from ._session import Connected, Row

#: An updated game, with its player's settings and language as
#: GAME_AND_SETTINGS reads them.
RETURNING = " RETURNING *, " + ", ".join(
    f"(SELECT {name} FROM players WHERE players.user_id = games.user_id) AS player_{name}"
    for name in ("cards", "colours", "verdicts", "clock", "score", "words", "language")
)
#: A game with its player's settings (a board needs both) and language.
GAME_AND_SETTINGS = (
    "SELECT games.*, players.cards AS player_cards, players.colours AS player_colours,"
    " players.verdicts AS player_verdicts, players.clock AS player_clock,"
    " players.score AS player_score, players.words AS player_words,"
    " players.language AS player_language"
    " FROM games LEFT JOIN players ON players.user_id = games.user_id"
)


class GameReads(Connected):
    """Reads of whole games (a part of :class:`storage.Store`)."""

    async def _fetch_all(self, sql: str, params: Sequence[object]) -> list[GameRow]:
        async with self._read() as db:
            return [game_row(row) for row in await db.fetch(sql, params)]

    async def _fetch_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._read() as db:
            row = await db.fetchrow(sql, params)
        return None if row is None else game_row(row)


def settings_of(
    cards: str | None,
    colours: str | None,
    verdicts: object,
    clock: object,
    score: str | None,
    words: object,
    visibility: str | None = None,
) -> Settings:
    """A player's settings as stored (``NULL``: the default)."""
    shown = Settings.clock if clock is None else bool(clock)
    return Settings(
        cards=cards or Settings.cards, colours=colours or Settings.colours,
        verdicts=bool(verdicts), clock=shown, score=score or Settings.score, words=bool(words),
        visibility=visibility or Settings.visibility,
    )  # fmt: skip


def game_row(row: Row) -> GameRow:
    # A column that does not decode must not make the row unreadable: the
    # row comes back, its damage said in ``extra["unreadable"]``, for the
    # caller to report; the stored text is left as it is.
    damage: list[str] = []

    def decoded(column: str, default: Any) -> Any:
        text = row[column]
        if text is None:
            return default
        try:
            return json.loads(text)
        except (TypeError, ValueError):
            damage.append(column)
            return default

    def number(column: str, *, required: bool = True) -> float | None:
        value = row[column]
        if value is None and not required:
            return None
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number):
            damage.append(column)
            return 0.0
        return number

    extra = decoded("extra", {})
    hint = decoded("hint", None)
    try:  # only a note about the position: a bad one is no damage to the game
        verdict = json.loads(row["verdict"]) if row["verdict"] else None
    except (TypeError, ValueError):
        verdict = None
    joined = "player_cards" in row.keys()  # noqa: SIM118 (a Record is no dict)
    game = GameRow(
        id=row["id"],
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        profile=row["profile"],
        version=row["version"],
        options=decoded("options", {}),
        deal=row["deal"],
        moves=decoded("moves", []),
        redo=decoded("redo", []),
        start=decoded("start", None),
        undos=row["undos"],
        hints=row["hints"],
        status=Status(row["status"]),
        revision=row["revision"],
        started_at=number("started_at") or 0.0,
        updated_at=number("updated_at") or 0.0,
        finished_at=number("finished_at", required=False),
        extra=extra if isinstance(extra, dict) else {},
        daily=row["daily"],
        hint=hint if isinstance(hint, dict) else None,
        verdict=verdict if isinstance(verdict, dict) else None,
        shared_at=number("shared_at", required=False),
        settings=(
            settings_of(
                row["player_cards"],
                row["player_colours"],
                row["player_verdicts"],
                row["player_clock"],
                row["player_score"],
                row["player_words"],
            )
            if joined
            else None
        ),
        language=(row["player_language"] or None) if joined else None,
        race_id=row["race_id"],
        cup_id=row["cup_id"],
        cup_deal=row["cup_deal"],
        home=row["home"],
        stuck=bool(row["stuck"]),
        active=number("active") or 0.0,
        scoring=row["scoring"],
        vegas=row["vegas"],
        practice=bool(row["practice"]),
        puzzle_id=row["puzzle_id"],
    )
    if damage:
        game.extra["unreadable"] = ", ".join(damage)
    return game
