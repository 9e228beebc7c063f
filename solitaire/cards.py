"""Playing cards: parsing and formatting of ``7S``, ``TH``, ``10h``, ``Q♦``."""

from __future__ import annotations

from typing import Final

RANK_CODES = "A23456789TJQK"
SUIT_CODES = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = (
    "",
    "Ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "Jack",
    "Queen",
    "King",
)

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


class Card:
    """A card: ``rank`` 1 (Ace) … 13 (King) and ``suit`` 0…3 (♠ ♥ ♦ ♣).

    There is one instance of each card, so cards compare by identity and the
    rule checks read plain attributes.

    >>> Card.parse("10h")
    Card.parse('TH')
    >>> str(Card.parse("Q♦"))
    'Q♦'
    >>> Card(12, 2) is Card.parse("QD")
    True
    """

    __slots__ = ("code", "index", "is_red", "label", "rank", "rank_label", "suit", "symbol")
    rank: int
    suit: int
    index: int
    is_red: bool
    code: str
    symbol: str
    rank_label: str
    label: str

    def __new__(cls, rank: int, suit: int) -> Card:
        return _CARDS[suit][rank]

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        self = object.__new__(cls)
        self.rank = rank
        self.suit = suit
        self.index = suit * 14 + rank  # small and unique: a byte in search keys
        self.is_red = suit in (HEARTS, DIAMONDS)
        self.code = RANK_CODES[rank - 1] + SUIT_CODES[suit] if rank else "?"
        self.symbol = SUIT_SYMBOLS[suit]
        self.rank_label = "10" if rank == 10 else RANK_CODES[rank - 1]
        self.label = self.rank_label + self.symbol
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Returns the card named by *text*.

        :raises ValueError: if *text* names no card.
        """
        code = text.strip().upper().replace("10", "T")
        if len(code) == 2:
            rank = RANK_CODES.find(code[0])
            suit = SUIT_CODES.find(code[1])
            if suit < 0:
                suit = SUIT_SYMBOLS.find(code[1])
            if rank >= 0 and suit >= 0:
                return _CARDS[suit][rank + 1]
        raise ValueError(f"not a card: {text!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


# Every card once; index 0 of each suit is a placeholder so ranks index directly.
_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card._make(rank, suit) for rank in range(14)) for suit in range(4)
)


def card(rank: int, suit: int) -> Card:
    """Returns the shared instance of the card of *rank* and *suit*."""
    return _CARDS[suit][rank]


def full_deck() -> list[Card]:
    """Returns one deck in a fixed order: ♠ A…K, ♥ A…K, ♦ A…K, ♣ A…K."""
    return [_CARDS[suit][rank] for suit in range(4) for rank in range(1, 14)]
