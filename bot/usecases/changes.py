"""What a move or a command typed does to a game, and the news of it: a
move played, taken back, played again, the rest played out; a hint's words;
a move told in words for a player who reads the table in words."""

from __future__ import annotations

from collections.abc import Callable

from render.text import Glance, said
from solitaire import Game, IllegalMove
from solitaire.piles import pile_kind
from solitaire.solver import Outcome
from texts import Msg, tr

from .replies import Notice


def in_words(news: Msg, before: Glance, game: Game, locale: str) -> Msg:
    """The news of a move told in one sentence for a player who reads the
    table in words: what moved where, what turned up, how many cards are home."""
    if news.key == "move.played":
        return Msg("move.played", move=news.params["move"], what=said(before, game, locale))
    if news.key in ("auto.played", "auto.finished"):
        return Msg("said.after", news=news, home=Msg("said.home", n=game.cards_home))
    return news


def hint_notice(game: Game, notation: str, outcome: Outcome, locale: str) -> Notice:
    """The second step of a hint: the move."""
    move = game.parse_move(notation)
    key = "hint.winning" if outcome is Outcome.WON else "hint.move"
    named = tr(locale, key, move=move.notation, what=game.describe_move(move))
    return Notice(f"{named} {tr(locale, 'hint.more')}")


def hint_where(game: Game, notation: str, locale: str) -> Notice:
    """The first step of a hint: the pile to look at."""
    move = game.parse_move(notation)
    return Notice(tr(locale, "hint.where", pile=game.pile_name(move.source)))


def hint_why(game: Game, notation: str, winning: bool, locale: str) -> Notice:
    """The third step of a hint: why, in what the rules prove of the move
    (a card turned up, a pile emptied, a card home, the only move) and, if
    a search found the game won along it, that it keeps the game winnable."""
    move = game.parse_move(notation)
    after = game.copy()
    after.play_legal(move)
    reasons = []
    source = move.source
    if not move.is_draw and after.hidden(source) < game.hidden(source):
        reasons.append(Msg("hint.why.turns", pile=game.pile_name(source)))
    elif not move.is_draw and game.pile(source) and not after.pile(source):
        reasons.append(Msg("hint.why.empties", pile=game.pile_name(source)))
    if move.target and pile_kind(move.target) == "foundation":
        reasons.append(Msg("hint.why.home"))
    if len(game.legal_moves()) == 1:
        reasons.append(Msg("hint.why.only"))
    if winning:
        reasons.append(Msg("hint.why.winning"))
    elif move.is_draw:
        reasons.append(Msg("hint.why.draw"))
    if not reasons:
        reasons.append(Msg("hint.why.best"))
    why = "; ".join(reason.render(locale) for reason in reasons)
    return Notice(tr(locale, "hint.why", move=move.notation, reasons=why))


def move_news(game: Game, text: str) -> Msg:
    move = game.parse_move(text)
    words = game.describe_move(move)
    game.play_legal(move)  # checked as it was parsed
    return Msg("move.played", move=move.notation, what=words)


def _undo(game: Game) -> Msg:
    return Msg("move.undone", move=game.undo().notation)


def _redo(game: Game) -> Msg:
    return Msg("move.redone", move=game.redo().notation)


def _auto(game: Game) -> Msg:
    line = game.finishing_line()  # the rest plays itself out: all of it, one board
    if line:
        for move in line:
            game.play(move)
        return Msg("auto.finished", n=len(line))
    played = game.autoplay()
    if not played:
        raise IllegalMove(Msg("auto.none"))
    return Msg("auto.played", moves=", ".join(f"`{move.notation}`" for move in played))


COMMANDS: dict[str, Callable[[Game], Msg]] = {"undo": _undo, "redo": _redo, "auto": _auto}
