"""Can this game still be won? A line on the board for the players who ask.

After a move is answered, a worker searches the new position within a small
budget; the reply never waits for it. What it finds is kept with the game
(``GameRow.verdict``), and the board's message is edited to say it. The
next board shows the last verdict that still holds: "winnable" only for the
very position it was found for, "no longer winnable" for as long as the game
only moves on (an undo may make it winnable again). When the search proves
the game lost right after a position known to be winnable, the verdict names
the move that lost it.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import aiohttp
import discord

from solitaire import BadRecord
from storage import GameRow, Status, Store, StoreError
from texts import tr

from . import jobs
from .replies import Board
from .workers import Busy, Kind, Workers

log = logging.getLogger(__name__)

#: The search budget for a position (a hint gets 0.2 s).
VERDICT_SECONDS = 0.5


def holds(verdict: dict[str, Any] | None, row: GameRow) -> bool:
    """Whether *verdict* still says how the game stands as *row* stores it."""
    if not verdict:
        return False
    if verdict.get("revision") == row.revision:
        return True
    # A lost game stays lost as long as it only moves on.
    return (
        verdict.get("outcome") == "unwinnable"
        and verdict.get("undos") == row.undos
        and int(verdict.get("moves", 1 << 30)) <= len(row.moves)
    )


def verdict_line(row: GameRow, locale: str, verdict: dict[str, Any] | None = None) -> str:
    """The board's line about whether the game can still be won ("" if
    unknown): from *verdict*, else the one kept with the game."""
    verdict = verdict or row.verdict
    if row.status != Status.PLAYING or verdict is None or not holds(verdict, row):
        return ""
    if verdict["outcome"] == "won":
        return tr(locale, "verdict.winnable")
    since = verdict.get("since")
    if since == 0:
        return tr(locale, "verdict.cannot")
    if since is not None and verdict.get("move"):
        return tr(locale, "verdict.lost_since", n=since, move=verdict["move"])
    return tr(locale, "verdict.lost")


class Verdicts:
    """Searches positions for the players who want to know, after the reply."""

    def __init__(self, store: Store, workers: Workers) -> None:
        self._store, self._workers = store, workers

    async def follow(
        self, bot: discord.Client, board: Board, channel_id: int, message_id: int, locale: str
    ) -> None:
        """Finds out whether *board*'s game can still be won, keeps it, and
        adds it to the board's message if that still shows this position.
        Runs after the reply, on its own: trouble is logged, never raised."""
        try:
            await self._follow(bot, board, channel_id, message_id, locale)
        except (StoreError, BadRecord, RuntimeError, OSError, aiohttp.ClientError) as error:
            log.warning("verdict of game %s not found: %r", board.game_id, error)

    async def _follow(
        self, bot: discord.Client, board: Board, channel_id: int, message_id: int, locale: str
    ) -> None:
        if board.status != Status.PLAYING:
            return
        if not (await self._store.settings(board.owner_id)).verdicts:
            return
        row = await self._store.get_game(board.game_id)
        if row.revision != board.revision or holds(row.verdict, row):
            return  # moved on already, or known and shown
        known = row.verdict or {}
        winnable_at = (
            int(known["moves"])
            if known.get("outcome") == "won" and known.get("undos") == row.undos
            else None
        )
        try:
            found = await self._workers.run(
                Kind.VERDICT, jobs.verdict, row.record, winnable_at, VERDICT_SECONDS
            )
        except Busy:
            return  # many players at once: this position stays unknown
        if found.outcome == "unknown":
            return
        verdict = {
            "revision": row.revision, "moves": len(row.moves), "undos": row.undos,
            "outcome": found.outcome, "since": found.since, "move": found.move,
        }  # fmt: skip
        if not await self._store.set_verdict(row.id, row.revision, verdict):
            return
        line = verdict_line(row, locale, verdict)
        message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(content=replace(board, verdict=line).text)
        except discord.HTTPException as error:
            log.info("verdict not shown on %s: %s", message_id, error.status)
