"""The table in words: alt text for the picture, and the console's view."""

from __future__ import annotations

from solitaire import Game
from solitaire.cards import RANK_NAMES, Card
from solitaire.piles import pile_kind
from solitaire.variants.calculation import Calculation
from solitaire.variants.castles_end import CastlesEnd
from solitaire.variants.klondike import Klondike
from texts import DEFAULT, Msg, tr

from .layout import SPECS

MAX_DESCRIPTION = 1000
_GROUPS = ("stock", "waste", "jewels", "lid", "reserve", "foundation", "column")


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


def game_title(game: Game, locale: str = DEFAULT) -> str:
    """The game's name with the rule players pick by: ``Klondike, draw 3``."""
    if isinstance(game, Klondike):
        return tr(locale, "status.draw", game=game.title, n=game.draw)
    return game.title


def status_line(game: Game, elapsed: float | None = None, locale: str = DEFAULT) -> str:
    """Returns one line: game, deal, moves, time, and how it stands."""
    parts = [game_title(game, locale)]
    if game.deal is not None:
        parts.append(tr(locale, "status.deal", deal=game.deal))
    parts.append(tr(locale, "status.moves", n=len(game.moves)))
    if elapsed is not None:
        parts.append(clock(elapsed))
    if isinstance(game, CastlesEnd) and game.base_rank:
        parts.append(tr(locale, "status.base", rank=Msg(f"rank.{game.base_rank}")))
    if game.is_won:
        parts.append(tr(locale, "status.won"))
    elif game.is_stuck:
        parts.append(tr(locale, "status.stuck"))
    return " · ".join(parts)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _pile(game: Game, code: str, detail: int, locale: str) -> str:
    """A pile in words at a level of *detail*: 2 every face-up card, 1 the
    ends of a column's run, 0 the top card only."""
    cards = game.pile(code)
    down = game.hidden(code)
    kind = pile_kind(code)
    if not cards:
        return tr(locale, "alt.empty", code=code)
    if kind in ("stock", "jewels"):
        if down < len(cards):
            return tr(locale, "alt.stock_top", code=code, n=len(cards), top=cards[-1])
        return tr(locale, "alt.face_down", code=code, n=len(cards))
    if kind == "foundation":
        if len(cards) > 1:
            return tr(locale, "alt.foundation_run", code=code, first=cards[0], top=cards[-1])
        return f"{code} {cards[-1]}"
    up = cards[down:]
    hidden = tr(locale, "alt.down", n=down) if down else ""
    if detail >= 2 or len(up) <= 2:
        body = _cards(up)
    elif detail == 1:
        body = tr(locale, "alt.run", first=up[0], top=up[-1], n=len(up))
    else:
        body = tr(locale, "alt.top", top=up[-1], n=len(up))
    return f"{code}: {hidden}{body}"


def _runs(codes: list[str]) -> str:
    """Codes with consecutive numbers joined: ``f1–f4``, ``1–7``, ``s w``.

    >>> _runs(["s", "w", "f1", "f2", "f3", "f4"])
    's w f1–f4'
    """
    parts: list[list[str]] = []
    for code in codes:
        stem, number = code.rstrip("0123456789"), code[len(code.rstrip("0123456789")) :]
        last = parts[-1][-1] if parts else ""
        last_stem = last.rstrip("0123456789")
        if (
            number
            and parts
            and last_stem == stem
            and last[len(last_stem) :] == str(int(number) - 1)
        ):
            parts[-1].append(code)
        else:
            parts.append([code])
    return " ".join(" ".join(run) if len(run) < 3 else f"{run[0]}–{run[-1]}" for run in parts)


def layout_line(profile: str, locale: str = DEFAULT) -> str:
    """Where the piles are in the picture, row by row from the top."""
    rows = [_runs([code for code in row.codes if code]) for row in SPECS[profile]]
    return tr(locale, "alt.layout", rows=" / ".join(rows))


def describe(game: Game, locale: str = DEFAULT) -> str:
    """Returns the table in words, at most 1,000 characters: how the game
    stands, where the piles are in the picture, then every pile by its code."""
    for detail in (2, 1, 0):
        groups = []
        for kind in _GROUPS:
            codes = [code for code in game.PILES if pile_kind(code) == kind]
            if codes:
                piles = "; ".join(_pile(game, code, detail, locale) for code in codes)
                groups.append(f"{tr(locale, 'alt.' + kind)}: {piles}.")
        head = f"{status_line(game, locale=locale)}. {layout_line(game.profile, locale)}"
        text = head + " " + " ".join(groups)
        if len(text) <= MAX_DESCRIPTION:
            return text
    return text[: MAX_DESCRIPTION - 1] + "…"


def text_table(game: Game, locale: str = DEFAULT) -> str:
    """Returns the table as lines of text, one pile a line, for a terminal."""
    lines = [status_line(game, locale=locale)]
    for code in game.PILES:
        cards = game.pile(code)
        down = game.hidden(code)
        if pile_kind(code) in ("stock", "jewels"):
            shown = f"[{tr(locale, 'table.face_down', n=down)}]"
            shown += f" {cards[-1]}" if down < len(cards) else ""
        else:
            shown = " ".join(["##"] * down + [str(card) for card in cards[down:]]) or "—"
        lines.append(f"{code:>3}: {shown}")
    return "\n".join(lines)
