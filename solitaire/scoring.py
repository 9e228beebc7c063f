"""The scores people know from the classic Windows game, for Klondike:
**Standard** and **Vegas**. A score is worked out from the game's moves, so
an undo takes back the score of the move it undoes, and a stored game
replays to the same score.

Standard: waste to column +5, waste to foundation +10, column to foundation
+10, a card turned up +5, foundation to column −15; a pass through the stock
after the first costs 100 (draw 1), after the fourth 20 (draw 3); never below
0. Timed: −2 for every 10 seconds of play, and a win after more than 30
seconds earns 700,000 ÷ seconds more.

Vegas: −52 to deal, +5 for each card sent to a foundation, −5 for each taken
back: −52 + 5 × the cards home.

The other games have no classic score: theirs is the cards home.

>>> from solitaire import new_game
>>> game = new_game("klondike", 4711)
>>> game.play("4").notation  # the ace of clubs goes home; a card turns up
'4 f1'
>>> standard(game), vegas(game)
(15, -47)
"""

from __future__ import annotations

from enum import StrEnum

from .game import Game
from .piles import pile_kind
from .variants.klondike import Klondike


class Scoring(StrEnum):
    """How a player's Klondike games are scored."""

    OFF = "off"
    STANDARD = "standard"
    VEGAS = "vegas"

    @classmethod
    def named(cls, text: str | None) -> Scoring:
        """The scoring *text* names; off for any other text."""
        known = {scoring.value: scoring for scoring in cls}
        return known.get(text or "", cls.OFF)


#: Standard points by the kinds of a move's source and target.
_POINTS = {
    ("waste", "column"): 5,
    ("waste", "foundation"): 10,
    ("column", "foundation"): 10,
    ("foundation", "column"): -15,
}
TURNED_UP = 5
#: Vegas: what a deal costs, and what a card home is worth.
VEGAS_DEAL, VEGAS_CARD = -52, 5


def standard(game: Klondike, seconds: float | None = None) -> int:
    """The game's Standard score; timed when *seconds* of play are given."""
    score = redeals = 0
    for before, move, after in game.steps():
        if move.is_draw:
            if not before["s"].cards:  # the waste turned over: pass redeals + 2 begins
                redeals += 1
                score += _pass_penalty(game.draw, redeals + 1)
        else:
            source = pile_kind(move.source)
            score += _POINTS.get((source, pile_kind(move.target)), 0)
            left = after[move.source]
            if source == "column" and left.cards and left.down < before[move.source].down:
                score += TURNED_UP
        score = max(0, score)
    if seconds is not None:
        score = max(0, score - 2 * int(seconds // 10))
        if game.is_won and seconds > 30:
            score += int(700_000 // seconds)
    return score


def _pass_penalty(draw: int, begun: int) -> int:
    """What beginning pass *begun* through the stock costs."""
    if draw == 1:
        return -100
    return -20 if begun > 4 else 0


def points(game: Game, scoring: Scoring, seconds: float | None = None) -> int | None:
    """The game's score as *scoring* counts it (Standard timed by *seconds*
    when given); ``None`` where it has none: scores off, or a game that has
    no classic score.

    >>> from solitaire import new_game
    >>> klondike, casket = new_game("klondike", 4711), new_game("casket", 1)
    >>> points(klondike, Scoring.VEGAS), points(casket, Scoring.VEGAS)
    (-52, None)
    """
    if scoring is Scoring.OFF or not isinstance(game, Klondike):
        return None
    return vegas(game) if scoring is Scoring.VEGAS else standard(game, seconds)


def vegas(game: Game) -> int:
    """The game's Vegas score: −52 + 5 for each card home."""
    return VEGAS_DEAL + VEGAS_CARD * game.cards_home
