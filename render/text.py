"""The table in words: alt text for the picture, and the console's view."""

from __future__ import annotations

import functools

from solitaire import Game, Grade, grade_of
from solitaire.cards import Card
from solitaire.piles import pile_kind
from solitaire.pool import STARS
from solitaire.variants.calculation import Calculation
from solitaire.variants.castles_end import CastlesEnd
from solitaire.variants.klondike import Klondike
from texts import DEFAULT, Msg, tr

from .layout import SPECS

MAX_DESCRIPTION = 1000
#: Discord's limit on a picture's alt text.
MAX_ALT = 1024
_GROUPS = ("stock", "waste", "jewels", "lid", "reserve", "foundation", "column")


def clock(seconds: float) -> str:
    """Returns ``m:ss`` (or ``h:mm:ss``)."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def passes_note(game: Game, locale: str = DEFAULT) -> str | None:
    if not isinstance(game, Klondike):
        return None
    left = game.passes_left
    if left is None:
        return tr(locale, "caption.no_pass_limit")
    if left == 0:
        return tr(locale, "caption.last_pass")
    return tr(locale, "caption.passes_left", n=left)


def captions(game: Game, locale: str = DEFAULT) -> dict[str, list[str]]:
    """Returns the lines printed under flat piles: stock count and passes,
    jewels left, what Calculation's foundations want next."""
    notes: dict[str, list[str]] = {}
    if "s" in game.PILES:
        notes["s"] = [tr(locale, "caption.cards", n=len(game.pile("s")))]
        passes = passes_note(game, locale)
        if passes:
            notes["s"].append(passes)
    if "j" in game.PILES:
        notes["j"] = [tr(locale, "caption.jewels", n=len(game.pile("j")))]
    if isinstance(game, Calculation):
        for code in game.foundations:
            wanted = game.wants(code)
            notes[code] = [
                tr(locale, "caption.done")
                if wanted is None
                else tr(locale, "caption.next", rank=Msg(f"rank.{wanted}"))
            ]
    return notes


def game_title(game: Game, locale: str = DEFAULT) -> str:
    """The game's name with the rule players pick by: ``Klondike, draw 3``."""
    if isinstance(game, Klondike):
        return tr(locale, "status.draw", game=game.name, n=game.draw)
    return game.name.render(locale)


#: A graded deal's stars: earned, then the rest to five.
STAR, NO_STAR = "★", "☆"


def stars(n: int) -> str:
    """A grade as stars: ``★★★☆☆`` for 3."""
    return STAR * n + NO_STAR * (STARS - n)


def status_line(
    game: Game,
    elapsed: float | None = None,
    locale: str = DEFAULT,
    *,
    words: bool = False,
    grade: Grade | None = None,
) -> str:
    """Returns one line: game, deal, its stars (in *words* for alt text),
    moves, time, and how it stands. The stars are *grade*'s, else those its
    pool gives the deal."""
    parts = [game_title(game, locale)]
    if game.deal is not None:
        parts.append(tr(locale, "status.deal", deal=game.deal))
    grade = grade or grade_of(game)
    if grade is not None:
        parts.append(tr(locale, "status.grade", n=grade.stars) if words else stars(grade.stars))
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


@functools.lru_cache(maxsize=64)
def layout_line(profile: str, locale: str = DEFAULT) -> str:
    """Where the piles are in the picture, row by row from the top (the
    same for every table of a game: worded once)."""
    rows = [_runs([code for code in row.codes if code]) for row in SPECS[profile]]
    return tr(locale, "alt.layout", rows=" / ".join(rows))


def describe(game: Game, locale: str = DEFAULT, grade: Grade | None = None) -> str:
    """Returns the table in words, at most 1,000 characters: how the game
    stands (see :func:`status_line`), where the piles are in the picture,
    then every pile by its code."""
    for detail in (2, 1, 0):
        groups = []
        for kind in _GROUPS:
            codes = [code for code in game.PILES if pile_kind(code) == kind]
            if codes:
                piles = "; ".join(_pile(game, code, detail, locale) for code in codes)
                groups.append(tr(locale, "alt.group", kind=Msg(f"alt.{kind}"), piles=piles))
        status = status_line(game, locale=locale, words=True, grade=grade)
        head = f"{status}. {layout_line(game.profile, locale)}"
        text = head + " " + " ".join(groups)
        if len(text) <= MAX_DESCRIPTION:
            return text
    return shorten(text, MAX_DESCRIPTION)


def shorten(text: str, limit: int = MAX_ALT) -> str:
    """*text* cut at a word to at most *limit* characters, ending in ``…``.
    Characters are counted as UTF-16 units where those are more (Discord
    does not say which it counts), so a text of emoji fits too.

    >>> shorten("a picture of a table", 12), shorten("🂡 🂡 🂡 🂡", 8)
    ('a picture …', '🂡 🂡 …')
    """
    if _units(text) <= limit:
        return text
    cut = text[: limit - 1]
    while _units(cut) > limit - 1:
        cut = cut[:-1]
    return (cut[: cut.rfind(" ") + 1] if " " in cut else cut) + "…"


def _units(text: str) -> int:
    """Code points or UTF-16 units, whichever are more."""
    return max(len(text), len(text.encode("utf-16-le")) // 2)


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


def card_words(card: Card, locale: str = DEFAULT) -> str:
    """A card spelled out: ``9 of clubs``, ``Kreuz 9``, ``9 de trèfle``."""
    return tr(locale, "words.card", rank=Msg(f"rank.{card.rank}"), suit=Msg(f"suit.{card.suit}"))


def _label(game: Game, code: str, locale: str) -> str:
    if code in ("s", "w", "j"):
        return tr(locale, {"s": "words.stock", "w": "words.waste", "j": "words.jewels"}[code])
    return game.pile_name(code).render(locale)


def table_words(
    game: Game, locale: str = DEFAULT, revealed: frozenset[str] | None = None
) -> list[str]:
    """The table in words, a line for each pile in the player's language:
    ``column 3: 2 face down, 9 of clubs, 8 of hearts``; a stock or a waste
    by its top card and size, a foundation by its top card. An open
    puzzle's table (*revealed*: the cards its game kept face down, shown
    face up) says which cards are shown, and lists its stock and jewels,
    top first."""
    lines = []
    for code in game.PILES:
        cards = game.pile(code)
        down = game.hidden(code)
        kind = pile_kind(code)
        if not cards:
            said = tr(locale, "words.empty")
        elif kind in ("stock", "jewels") and revealed is not None:
            listed = " ".join(str(card) for card in reversed(cards))
            said = tr(locale, "words.listed", n=len(cards), cards=listed)
        elif kind in ("stock", "jewels") or code == "w":
            top = card_words(cards[-1], locale)
            key = "words.pile_top" if down < len(cards) else "words.pile_down"
            said = tr(locale, key, n=len(cards), card=top)
        elif kind == "foundation":
            # An article that may change with the card: "jusqu'à l'as", "jusqu'au roi".
            rank = cards[-1].rank
            key = f"words.up_to.{rank}" if rank in (1, 12) else "words.up_to"
            said = tr(locale, key, card=card_words(cards[-1], locale))
        else:
            parts = [tr(locale, "words.down", n=down)] if down else []
            for card in cards[down:]:
                named = card_words(card, locale)
                shown = revealed is not None and card.code in revealed
                parts.append(tr(locale, "words.shown", card=named) if shown else named)
            said = ", ".join(parts)
        lines.append(tr(locale, "words.line", pile=_label(game, code, locale), cards=said))
    return lines


#: What a move changes that its sentence tells: each pile's size and
#: face-down cards, before it (:func:`glance`).
Glance = dict[str, tuple[int, int]]


def glance(game: Game) -> Glance:
    """Each pile's size and face-down count, to tell later what a move did."""
    return {code: (len(game.pile(code)), game.hidden(code)) for code in game.PILES}


def said(before: Glance, game: Game, locale: str = DEFAULT) -> str:
    """What the last move did, in one sentence, from *before* it: ``7 of
    hearts from column 2 to column 5; 3 of spades turned up; 12 cards home.``"""
    move = game.moves[-1]
    parts = []
    if move.is_draw:
        waste = game.pile("w") if "w" in game.PILES else ()
        if not before.get("s", (0, 0))[0] or not waste:
            parts.append(tr(locale, "said.turned_over"))
        else:
            parts.append(tr(locale, "said.drew", card=card_words(waste[-1], locale)))
    else:
        moved = game.pile(move.target)[-move.count :]
        # The piles as the table in words names them.
        source, target = _label(game, move.source, locale), _label(game, move.target, locale)
        if len(moved) > 1:
            first, last = card_words(moved[0], locale), card_words(moved[-1], locale)
            parts.append(
                tr(locale, "said.run", first=first, last=last, source=source, target=target)
            )
        elif moved:
            card = card_words(moved[0], locale)
            parts.append(tr(locale, "said.moved", card=card, source=source, target=target))
    for code, (size, down) in before.items():
        cards = game.pile(code)
        if not cards or code == move.target or pile_kind(code) in ("stock", "jewels"):
            continue
        refilled = code == move.source and len(cards) >= size and not move.is_draw
        if game.hidden(code) < down or refilled:
            parts.append(tr(locale, "said.turned_up", card=card_words(cards[-1], locale)))
    parts.append(tr(locale, "said.home", n=game.cards_home))
    sentence = "; ".join(parts)
    return sentence[:1].upper() + sentence[1:] + "."
