"""A cup's standings, as the cup card and achievements read them."""

from __future__ import annotations

from ._base import CupEntry
from ._session import Session


async def standings(db: Session, cup_id: int) -> list[CupEntry]:
    """Each player's results in the cup, the struck left out, ranked: most
    deals won; then most clean wins (no undo, no hint); then the least
    active time over the wins; then who finished first."""
    rows = await db.fetch(
        "SELECT games.user_id, count(*) AS played,"
        " sum(CASE WHEN status = 'won' THEN 1 ELSE 0 END) AS won,"
        " sum(CASE WHEN status = 'won' AND undos = 0 AND hints = 0 THEN 1 ELSE 0 END)"
        " AS clean,"
        " sum(CASE WHEN status = 'won' THEN active ELSE 0 END) AS seconds,"
        " sum(CASE WHEN status = 'won' THEN move_count ELSE 0 END) AS moves,"
        " max(CASE WHEN status = 'won' THEN finished_at ELSE 0 END) AS finished_at,"
        " (SELECT visibility FROM players WHERE players.user_id = games.user_id)"
        " AS visibility"
        " FROM games WHERE cup_id = ? AND status <> 'playing' AND NOT EXISTS"
        " (SELECT 1 FROM cup_struck WHERE cup_struck.cup_id = games.cup_id"
        " AND cup_struck.user_id = games.user_id) GROUP BY games.user_id",
        (cup_id,),
    )
    entries = [
        CupEntry(
            row["user_id"],
            int(row["played"]),
            int(row["won"] or 0),
            int(row["clean"] or 0),
            float(row["seconds"] or 0),
            int(row["moves"] or 0),
            float(row["finished_at"] or 0),
            row["visibility"] == "hidden",
        )
        for row in rows
    ]
    return sorted(entries, key=lambda e: (-e.won, -e.clean, e.seconds, e.finished_at, e.user_id))
