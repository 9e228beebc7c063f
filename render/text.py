"""The table in words: alt text for the picture, and the console's view."""

from __future__ import annotations

from solitaire import Game
from solitaire.cards import RANK_NAMES, Card
from solitaire.piles import pile_kind
from solitaire.variants.calculation import Calculation
from solitaire.variants.castles_end import CastlesEnd
from solitaire.variants.klondike import Klondike

MAX_DESCRIPTION = 1000
_GROUPS = (
    ("stock", "Stock"), ("waste", "Waste"), ("jewels", "Jewels"), ("lid", "Lids"),
    ("reserve", "Reserves"), ("foundation", "Foundations"), ("column", "Columns"),
)  # fmt: skip


def clock(seconds: float) -> str:
    """Returns ``m:ss`` (or ``h:mm:ss``)."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def passes_note(game: Game) -> str | None:
    if not isinstance(game, Klondike):
        return None
    left = game.passes_left
    if left is None:
        return "no pass limit"
    if left == 0:
        return "last pass"
    return f"{left} more pass" + ("es" if left > 1 else "")


def captions(game: Game) -> dict[str, list[str]]:
    """Returns the lines printed under flat piles: stock count and passes,
    jewels left, what Calculation's foundations want next."""
    notes: dict[str, list[str]] = {}
    if "s" in game.PILES:
        notes["s"] = [f"{len(game.pile('s'))} cards"]
        passes = passes_note(game)
        if passes:
            notes["s"].append(passes)
    if "j" in game.PILES:
        notes["j"] = [f"{len(game.pile('j'))} jewels"]
    if isinstance(game, Calculation):
        for code in game.foundations:
            wanted = game.wants(code)
            notes[code] = ["done" if wanted is None else f"next: {RANK_NAMES[wanted]}"]
    return notes


def status_line(game: Game, elapsed: float | None = None) -> str:
    """Returns one line: game, deal, moves, time, and how it stands."""
    title = game.title
    if isinstance(game, Klondike):
        title += f", draw {game.options['draw']}"
    parts = [title]
    if game.deal is not None:
        parts.append(f"deal {game.deal}")
    count = len(game.moves)
    parts.append(f"{count} move" + ("" if count == 1 else "s"))
    if elapsed is not None:
        parts.append(clock(elapsed))
    if isinstance(game, CastlesEnd) and game.base_rank:
        parts.append(f"base rank {RANK_NAMES[game.base_rank]}")
    if game.is_won:
        parts.append("WON")
    elif game.is_stuck:
        parts.append("no moves left")
    return " · ".join(parts)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _pile(game: Game, code: str, detail: int) -> str:
    """A pile in words at a level of *detail*: 2 every face-up card, 1 the
    ends of a column's run, 0 the top card only."""
    cards = game.pile(code)
    down = game.hidden(code)
    kind = pile_kind(code)
    if not cards:
        return f"{code} empty"
    if kind in ("stock", "jewels"):
        shown = f", top {cards[-1]}" if down < len(cards) else ""
        return (
            f"{code} {len(cards)} face down{shown}"
            if not shown
            else f"{code} {len(cards)} cards{shown}"
        )
    if kind == "foundation":
        return f"{code} {cards[0]} to {cards[-1]}" if len(cards) > 1 else f"{code} {cards[-1]}"
    up = cards[down:]
    hidden = f"{down} down, " if down else ""
    if detail >= 2 or len(up) <= 2:
        body = _cards(up)
    elif detail == 1:
        body = f"{up[0]} … {up[-1]} ({len(up)} up)"
    else:
        body = f"top {up[-1]} ({len(up)} up)"
    return f"{code}: {hidden}{body}"


def describe(game: Game) -> str:
    """Returns the table in words, at most 1,000 characters: every pile by
    its code, then how the game stands."""
    for detail in (2, 1, 0):
        groups = []
        for kind, name in _GROUPS:
            codes = [code for code in game.PILES if pile_kind(code) == kind]
            if codes:
                groups.append(
                    f"{name}: " + "; ".join(_pile(game, code, detail) for code in codes) + "."
                )
        text = status_line(game) + ". " + " ".join(groups)
        if len(text) <= MAX_DESCRIPTION:
            return text
    return text[: MAX_DESCRIPTION - 1] + "…"


def text_table(game: Game) -> str:
    """Returns the table as lines of text, one pile a line, for a terminal."""
    lines = [status_line(game)]
    for code in game.PILES:
        cards = game.pile(code)
        down = game.hidden(code)
        if pile_kind(code) in ("stock", "jewels"):
            shown = f"[{down} face down]" + (f" {cards[-1]}" if down < len(cards) else "")
        else:
            shown = " ".join(["##"] * down + [str(card) for card in cards[down:]]) or "—"
        lines.append(f"{code:>3}: {shown}")
    return "\n".join(lines)
