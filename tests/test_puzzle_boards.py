"""An open puzzle's board: the cards its game kept face down are shown and
marked, in the picture and in the table in words, and its stock is listed
top first; any other game's board is as it was."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from render import CLASSIC, Table
from render.text import table_words
from render.theme import index
from solitaire import Game, load_position, new_game
from solitaire.puzzles import opened


def open_klondike() -> tuple[Game, frozenset[str], Game]:
    """Klondike's deal 4 as dealt, and as an open puzzle of it."""
    dealt = new_game("klondike", deal=4)
    start, revealed = opened(dealt.position())
    return load_position("klondike", start, **dealt.options), frozenset(revealed), dealt


def picture(game: Game, revealed: frozenset[str] | None) -> Image.Image:
    return Image.open(io.BytesIO(Table(game.profile).render(game, revealed=revealed)))


def test_the_cards_shown_are_marked_and_named_and_the_stock_is_listed_in_words() -> None:
    game, revealed, dealt = open_klondike()
    assert len(revealed) == 21  # every card dealt face down
    lines = table_words(game, "en", revealed)
    text = "\n".join(lines)
    assert "face down" not in text
    column_7 = next(line for line in lines if line.startswith("column 7"))
    assert column_7.count("(shown)") == 6 and not column_7.endswith("(shown)")  # its top card
    stock = dealt.pile("s")
    listed = " ".join(str(card) for card in reversed(stock))
    assert f"{len(stock)} cards, top first: {listed}" in text
    # Any other game's table, as before.
    assert "(shown)" not in "\n".join(table_words(game, "en"))
    assert any("24 cards face down" in line for line in table_words(dealt, "en"))


def test_the_picture_folds_the_corners_of_the_cards_shown_and_lists_the_stock() -> None:
    game, revealed, _ = open_klondike()
    plain, listed, marked = picture(game, None), picture(game, frozenset()), picture(game, revealed)
    assert listed.height > plain.height and marked.size == listed.size
    assert ImageChops.difference(plain, listed.crop((0, 0, *plain.size))).getbbox() is None
    # Only corners differ between the two: each in the highlight or edge colour.
    changed = ImageChops.difference(listed.convert("RGB"), marked.convert("RGB")).getbbox()
    assert changed is not None
    ink = {index(CLASSIC, CLASSIC.highlight), index(CLASSIC, CLASSIC.edge)}
    before, after = listed.load(), marked.load()
    assert before is not None and after is not None
    corners = {
        after[x, y]
        for x in range(changed[0], changed[2])
        for y in range(changed[1], changed[3])
        if before[x, y] != after[x, y]
    }
    assert corners <= ink and index(CLASSIC, CLASSIC.highlight) in corners


def test_a_game_with_no_stock_lists_nothing() -> None:
    game = new_game("castles-end", deal=3)
    assert picture(game, frozenset()).size == picture(game, None).size
