"""Where each pile of each game goes: geometry only, no drawing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .theme import Metrics


@dataclass(frozen=True)
class Row:
    """A row of piles; ``None`` leaves a slot empty. Piles of a ``fan`` row
    spread downwards, with room for *down* face-down cards under *up* face-up
    ones before a column is squeezed. A flat row with *captions* keeps that
    many lines under its piles. The *wide* pile (Klondike's waste) has room
    for three cards side by side."""

    codes: tuple[str | None, ...]
    fan: bool = False
    down: int = 0
    up: int = 1
    captions: int = 0
    wide: str | None = None

    def width(self, m: Metrics) -> int:
        extra = 2 * m.waste_step if self.wide else 0
        return len(self.codes) * (m.card_w + m.gap) - m.gap + extra


@dataclass(frozen=True)
class Slot:
    """A pile's place: the top-left corner of its first card, how far down
    its cards may go, and its *cell*: the box of the table that holds all it
    shows (its code above it, its cards, the captions under it, up to the
    next pile's cell), no other pile's."""

    x: int
    y: int
    fan: bool
    height: int
    cell: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    slots: dict[str, Slot]
    status_y: int


_COLUMNS = tuple(str(n) for n in range(1, 11))

SPECS: dict[str, tuple[Row, ...]] = {
    "klondike": (
        Row(("s", "w", "f1", "f2", "f3", "f4"), captions=2, wide="w"),
        Row(_COLUMNS[:7], fan=True, down=6, up=13),
    ),
    "calculation": (
        Row(("s", None, "f1", "f2", "f3", "f4"), captions=1),
        Row((None, None, "w1", "w2", "w3", "w4"), fan=True, up=18),
    ),
    "castles-end": (
        Row(("f1", "f2", "f3", "f4", None, None, None, None, "r1", "r2")),
        Row(_COLUMNS, fan=True, up=17),
    ),
    "casket": (
        Row(("s", "w", None, "j", "l1", "l2", "l3", "l4", "l5"), captions=1),
        Row(("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")),
        Row((*_COLUMNS[:8], "r1", "r2", "r3"), fan=True, up=13),
    ),
}


@cache
def layout_for(profile: str, m: Metrics) -> TableLayout:
    """Returns the geometry of a game's table at the sizes *m*."""
    rows = SPECS[profile]
    width = 2 * m.margin + max(row.width(m) for row in rows)
    slots: dict[str, Slot] = {}
    y = m.margin
    for row in rows:
        y += m.label_h
        height = (
            row.down * m.down_step + (row.up - 1) * m.up_step + m.card_h if row.fan else m.card_h
        )
        x = (width - row.width(m)) // 2
        below = y + height + row.captions * m.caption_h + m.gap  # the next row's top
        for code in row.codes:
            step = m.card_w + m.gap + (2 * m.waste_step if code and code == row.wide else 0)
            if code is not None:
                slots[code] = Slot(x, y, row.fan, height, (x, y - m.label_h, x + step, below))
            x += step
        y = below
    return TableLayout((width, y + m.status_h + m.margin), slots, y + 2)


@dataclass(frozen=True)
class Fan:
    """Where the cards of a column go: each card's y offset, and which cards
    are squeezed to a thin edge (their index hidden)."""

    offsets: tuple[int, ...]
    thin: frozenset[int]


def fan_offsets(down: int, up: int, height: int, m: Metrics) -> Fan:
    """Returns the offsets of a column's *down* face-down cards under *up*
    face-up ones within *height* pixels.

    Face-down cards close up first. A covered face-up card always shows its
    whole index, so when even that does not fit, the face-up cards after the
    first are squeezed to their edges, as few as needed, keeping the first
    face-up card and the top ones readable.

    >>> from render.theme import METRICS as m
    >>> fan_offsets(1, 2, 1000, m).offsets
    (0, 8, 36)
    >>> fan = fan_offsets(0, 30, m.card_h + 20 * m.up_step, m)
    >>> len(fan.thin), fan.offsets[-1] + m.card_h <= m.card_h + 20 * m.up_step
    (11, True)
    """
    room = height - m.card_h
    down_step = m.down_step
    need = down * down_step + max(up - 1, 0) * m.up_step
    if need > room and down:
        down_step = max(2, min(down_step, (room - max(up - 1, 0) * m.up_step) // down))
    left = room - down * down_step
    thin = 0
    while up - 1 - thin > 0 and (up - 1 - thin) * m.up_step + thin * m.thin_step > left:
        thin += 1
    squeezed = frozenset(range(down + 1, down + 1 + thin))
    offsets = []
    y = 0
    for i in range(down + up):
        offsets.append(y)
        y += down_step if i < down else m.thin_step if i in squeezed else m.up_step
    return Fan(tuple(offsets), squeezed)
