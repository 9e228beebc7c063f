"""The bookkeeping of a card kept up to date (a race's, a cup's): each
change it should show adds one to its row's ``changes``; whoever edits it
claims the edit first (``shown = changes``), at most once every few
seconds, so that any number of processes edit one card in turn."""

from __future__ import annotations

from typing import Literal

from ._session import Row, Session

#: The tables whose rows have a card.
Table = Literal["races", "cups", "puzzle_races"]


async def claim(
    db: Session, table: Table, row_id: int, now: float, every: float
) -> Row | float | None:
    """Claims the card's next edit: its row, if the card is behind and was
    last edited *every* seconds ago or more; else when to ask again;
    ``None`` if the card shows every change."""
    row = await db.fetchrow(
        f"UPDATE {table} SET shown = changes, shown_at = ? WHERE id = ? AND shown < changes"
        " AND shown_at <= ? AND message_id IS NOT NULL RETURNING *",
        (now, row_id, now - every),
    )
    if row is not None:
        return row
    behind = await db.fetchrow(
        f"SELECT shown_at FROM {table} WHERE id = ? AND shown < changes AND message_id IS NOT NULL",
        (row_id,),
    )
    return None if behind is None else float(behind["shown_at"]) + every


async def not_shown(db: Session, table: Table, row_id: int) -> None:
    """A claimed edit did not land: the card is behind again, for the next
    claim (or sweep) to show."""
    await db.execute(
        f"UPDATE {table} SET shown = changes - 1 WHERE id = ? AND shown = changes", (row_id,)
    )
