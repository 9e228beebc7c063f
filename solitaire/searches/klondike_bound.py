"""A bound for Klondike's complete search (:mod:`.klondike`): a position is
hopeless when some card could not go home even in a looser game, so that
no line from it wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import KING

if TYPE_CHECKING:
    from .klondike import State

# Sets of cards as bits of an int, card code c at bit c: each suit's ranks
# 0 (a foundation's floor) to 13, the Kings, the black suits and the red ones.
_RANKS: Final = 0x3FFF
_SUITS: Final = 1 | 1 << 16 | 1 << 32 | 1 << 48
_ALL: Final = _RANKS * _SUITS
_KINGS: Final = (1 << KING) * _SUITS
_BLACK: Final = 1 | 1 << 48
_RED: Final = 1 << 16 | 1 << 32
_BIT: Final = [1 << card for card in range(64)]


def height(found: int, suit: int) -> int:
    """The height of *suit*'s foundation, in a state's foundations (four bits
    a suit)."""
    return found >> (suit << 2) & 15


def hopeless(state: State, draw: int, last_pass: bool = True) -> bool:
    """Whether some card can never go home from *state*, even if every move
    could be made whenever it is allowed at all, in any order, and onto a
    card however often.

    In that looser game a card can leave its place once the card on it has
    left, or at once if it is face up or the talon can bring it to the top;
    it leaves for home after the card below it in its suit, or onto a card
    that is, at some time, the foot of a column, or (a King) into a column
    that is, at some time, empty. On the *last_pass* through the talon a
    talon card lies under the next one, as the waste and stock no longer
    come round; before it, the talon can bring every card up. Every win of
    the real game is a win of the looser one, so a card that cannot go home
    in the looser game proves the position lost.

    The sets grow round by round until a round moves no card."""
    columns, found, talon, shown, _ = state
    bit = _BIT
    below = [0] * 64  # the card each card lies on (0: none)
    free = 0  # may leave: face up, reachable, or the card on it has left
    top = 0  # nothing on it: the foot of its column, or as *free* in the talon
    in_column = bottom = 0
    empty = False
    for column in columns:  # how many cards lie face down, then the cards
        if len(column) == 1:
            empty = True
            continue
        under = 0
        for at in range(1, len(column)):
            card = column[at]
            below[card] = under
            under = card
            if at > column[0]:
                free |= bit[card]
            else:
                in_column |= bit[card]
        top |= bit[under]
        bottom |= bit[column[1]]
    in_column |= free
    if last_pass:
        under = 0
        for card in talon:
            below[card] = under
            under = card
        first = max(shown - 1, 0) if shown else draw - 1
        for card in (*talon[first::draw], *talon[-1:]):
            free |= bit[card]
        top |= free & ~in_column
    else:
        for card in talon:
            free |= bit[card]
        top |= free & ~in_column
    home = 0
    for suit in range(4):
        home |= ((2 << height(found, suit)) - 1) << (16 * suit)
    left = home
    moved = 0
    while True:
        was = moved
        feet = moved | (in_column & top)
        red = (feet >> 16 | feet >> 32) & _RANKS
        black = (feet | feet >> 48) & _RANKS
        # A black card may move onto a red one a rank higher, and the reverse.
        moved |= free & ((red >> 1) * _BLACK | (black >> 1) * _RED | (_KINGS if empty else 0))
        # Home: the run of cards that could go home, from each foundation up.
        reach = home | ((top | moved) & _ALL)
        home = ((reach + _SUITS) ^ reach) >> 1 & _ALL
        new = (moved | home) & ~left
        # Done when no card left and no foot was added: a card home already
        # may yet become a foot (it could have been played onto one first).
        if not new and moved == was:
            return home != _ALL
        left |= new
        while new:
            low = new & -new
            new ^= low
            under = below[low.bit_length() - 1]
            if under:
                free |= bit[under]
                top |= bit[under]
            elif low & bottom:
                empty = True
