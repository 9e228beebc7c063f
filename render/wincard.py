"""The win card: the picture a winner shares."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from solitaire import Game, Grade, grade_of
from solitaire.variants.klondike import Klondike
from texts import DEFAULT, ordinal, tr

from .cards import Emblem, Pen, scaler
from .names import Font, fitted
from .sprites import back_sprite, card_sprite, is_stars, text_mask
from .table import to_png
from .text import clock, shorten, stars
from .theme import CLASSIC, Metrics, Theme, face, index

_CARD_W = 720
#: A tile's label: its ink is 9 px tall as a phone shows the card.
LABEL_SIZE = 26
#: The winner's avatar, and where the words beside it begin.
_AVATAR, _TEXT_X = 92, 136
#: The most medals a card shows of what a win earned.
BADGES = 4
#: The foundations' cards, big: four of them, or Casket's eight.
_FOUR = Metrics("win", card_w=104, card_h=146, radius=9, index_size=48, small_pip=24, big_pip=66)
_EIGHT = Metrics("win8", card_w=78, card_h=110, radius=8, index_size=37, small_pip=18, big_pip=48)


@dataclass(frozen=True)
class Standing:
    """How a win compares: its place among the deal's (or the day's) wins."""

    place: int
    of: int
    daily: bool = False


@dataclass(frozen=True)
class Win:
    """What a win card tells besides the game: who won, in what time (``None``:
    not shown), with how many hints, how the win compares, the streak, and
    the score (a value and its name)."""

    player: str
    elapsed: float | None = None
    hints: int = 0
    standing: Standing | None = None
    streak: int = 0
    score: tuple[str, str] | None = None
    #: A practice win (the deal played before, or its line known): par is
    #: shown, not matched nor beaten.
    practice: bool = False
    #: The deal's grade (a cup's deal's, kept with it); ``None``: its pool's.
    grade: Grade | None = None
    #: The winner's avatar (``None``: the default one), and what the win earned.
    avatar: bytes | None = None
    badges: tuple[Emblem, ...] = ()


def render_win_card(
    game: Game,
    win: Win,
    *,
    theme: Theme = CLASSIC,
    locale: str = DEFAULT,
    large: bool = False,
) -> bytes:
    """Returns the picture a winner shares, sized for a phone: who won which
    game under which rules, the finished foundations, what the win earned,
    and tiles for moves, time, the score (a value and its name), help used,
    the deal and how the win compares; its words in *locale*
    (:func:`win_card_words` says them). In *large* print, the words under
    the foundations are a quarter bigger, two tiles a row."""
    return to_png(draw_win_card(game, win, theme=theme, locale=locale, large=large).image)


def draw_win_card(
    game: Game,
    win: Win,
    *,
    theme: Theme = CLASSIC,
    locale: str = DEFAULT,
    large: bool = False,
) -> Pen:
    """Draws the win card; the pen says how small its smallest words are."""
    s, per_row = scaler(large), 2 if large else 3

    foundations = [code for code in game.PILES if code.startswith("f")]
    m = _FOUR if len(foundations) <= 4 else _EIGHT
    tiles = win_facts(game, win, locale)
    rows = -(-len(tiles) // per_row)
    badges = win.badges[:BADGES]
    width = (_CARD_W - 48 - (per_row - 1) * 16) // per_row
    label = s(LABEL_SIZE)
    two = any(len(label_lines(words, width - 24, label)) > 1 for _, words in tiles)
    tile_h = s(82) + (label + 10 if two else 0)
    medals = s(56) + 16 if badges else 0
    height = 150 + m.card_h + 40 + medals + rows * (tile_h + 14) + 16
    card = Image.new("P", (_CARD_W, height), index(theme, theme.felt))
    pen = Pen.on(card, theme)
    draw = ImageDraw.Draw(card)
    draw.rectangle((0, 0, _CARD_W, 118), fill=index(theme, theme.felt_dark))
    pen.avatar((24, 13), _AVATAR, win.avatar)
    (headline, _), rules = _headline(game, win.player, locale), _rules(game, locale)
    pen.text((_TEXT_X, 14), headline, 44, theme.banner)
    pen.text((_TEXT_X, 72), rules, 30, theme.label, room=_CARD_W - _TEXT_X - 24)
    # The finished foundations, each a squared-up pile with its king on top.
    step = m.card_w + (24 if len(foundations) <= 4 else 8)
    x = (_CARD_W - (len(foundations) * step - (step - m.card_w))) // 2
    y = 150
    for code in foundations:
        cards = game.pile(code)
        for depth in range(3, 0, -1):
            sprite, mask = back_sprite(theme, m) if not cards else card_sprite(theme, cards[0], m)
            card.paste(sprite, (x + depth * 2, y - depth * 3), mask)
        if cards:
            sprite, mask = card_sprite(theme, cards[-1], m)
            card.paste(sprite, (x, y), mask)
        x += step
    y += m.card_h + 40
    if badges:  # what the win earned, as a row of medals (named in the message)
        medal = s(56)
        x = (_CARD_W - len(badges) * (medal + 16) + 16) // 2
        for badge in badges:
            pen.medal((x, y), medal, badge.tier, badge.mark)
            x += medal + 16
        y += medal + 16
    for i, (value, words) in enumerate(tiles):
        tx, ty = 24 + (i % per_row) * (width + 16), y + (i // per_row) * (tile_h + 14)
        draw.rounded_rectangle(
            (tx, ty, tx + width, ty + tile_h), 12, fill=index(theme, theme.felt_dark)
        )
        if is_stars(value):
            mask = text_mask(value, s(36))
            card.paste(index(theme, theme.banner), (tx + 14, ty + 10), mask)
        else:
            pen.text((tx + 14, ty + 6), value, s(38), theme.banner)
        for n, line in enumerate(label_lines(words, width - 24, label)):
            pen.text((tx + 14, ty + s(52) + n * (label + 4)), line, label, theme.caption,
                     room=width - 24)  # fmt: skip
    return pen


def label_lines(label: str, room: float, size: int = LABEL_SIZE) -> list[str]:
    """A tile's *label* on one line, or two where it is wider than *room*
    pixels ("sans annulation ni indice"): never smaller, so that a phone,
    which shows the card half as wide, still shows it 9 px tall."""
    font = face(label, size)
    lines: list[str] = []
    for word in label.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return [*lines[:1], " ".join(lines[1:])] if len(lines) > 2 else lines


def _headline(game: Game, player: str, locale: str) -> tuple[str, Font]:
    """``Ada won Klondike!``, the name shortened to fit the card, and the
    font that draws it (accented names and words keep their accents)."""
    before, _, after = tr(locale, "wincard.won", player="\0", game=game.name).partition("\0")
    big = face(before + player + after, 44)
    room = _CARD_W - _TEXT_X - 24 - big.getlength(before + after)
    return before + fitted(player, big, room) + after, big


def _rules(game: Game, locale: str) -> str:
    parts = [game.name.render(locale)]
    if isinstance(game, Klondike):
        parts.append(tr(locale, "wincard.draw", n=game.draw))
        passes = game.passes
        parts.append(
            tr(locale, "wincard.unlimited")
            if passes is None
            else tr(locale, "wincard.passes", n=passes)
        )
    parts.append(
        tr(locale, "status.deal", deal=game.deal)
        if game.deal is not None
        else tr(locale, "wincard.position")
    )
    return " · ".join(parts)


def win_facts(game: Game, win: Win, locale: str = DEFAULT) -> list[tuple[str, str]]:
    """The card's tiles, each a value and its label."""
    elapsed, hints, standing, streak = win.elapsed, win.hints, win.standing, win.streak
    tiles = [(str(len(game.moves)), tr(locale, "tile.moves"))]
    grade = win.grade or grade_of(game)
    if grade is not None:
        against = "over" if win.practice else grade.against(len(game.moves))
        label = tr(locale, f"tile.{against}_par")
        tiles.append((str(grade.par), label))
    if elapsed is not None:
        tiles.append((clock(elapsed), tr(locale, "tile.time")))
    if win.score is not None:
        tiles.append(win.score)
    if game.undos or hints:
        help_used = []
        if game.undos:
            help_used.append(tr(locale, "count.undos", n=game.undos))
        if hints:
            help_used.append(tr(locale, "count.hints", n=hints))
        tiles.append((str(game.undos + hints), ", ".join(help_used)))
    else:
        tiles.append((tr(locale, "tile.none"), tr(locale, "tile.no_help")))
    if standing is not None and standing.of > 1:
        where = tr(locale, "tile.today" if standing.daily else "tile.on_deal")
        tiles.append((f"{ordinal(standing.place, locale)}/{standing.of}", where))
    if streak > 1:
        tiles.append((str(streak), tr(locale, "tile.streak")))
    if grade is not None:
        tiles.append((stars(grade.stars), tr(locale, "tile.grade")))
    return tiles


def _spoken(value: str) -> str:
    """A tile's value for the alt text: stars as ``3/5``."""
    return f"{value.count('★')}/{len(value)}" if is_stars(value) else value


def win_card_words(game: Game, win: Win, locale: str = DEFAULT) -> str:
    """Every word on the win card, for its alt text: the headline, the
    rules, the finished foundations, each tile as "label: value", and what
    the win earned."""
    tiles = win_facts(game, win, locale)
    words = " ".join(
        [
            tr(locale, "wincard.won", player=win.player, game=game.name),
            f"{_rules(game, locale)}.",
            tr(locale, "wincard.foundations"),
            tr(locale, "wincard.between").join(
                tr(locale, "wincard.tile", label=label, value=_spoken(value))
                for value, label in tiles
            )
            + ".",
        ]
    )
    if win.badges:
        names = ", ".join(badge.name for badge in win.badges[:BADGES])
        words += " " + tr(locale, "wincard.earned", names=names)
    return shorten(tr(locale, "wincard.alt", words=words))
