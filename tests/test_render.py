"""The renderer: every game at the start, tall and won; text twin; replay."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import FOUR_COLOUR, describe, render_replay, render_table, render_win_card
from render.layout import fan_offsets, layout_for
from render.samples import samples
from render.theme import METRICS
from solitaire import VARIANTS, load_position, new_game

PROFILES = sorted(VARIANTS)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", ["start", "tall", "won"])
def test_every_game_renders_a_png_of_its_tables_size(profile: str, name: str) -> None:
    game = samples(profile)[name]
    image = decode(render_table(game, elapsed=61.0))
    assert image.format == "PNG"
    width, height = layout_for(profile).size
    assert image.width == width and 300 < image.height <= height  # it ends below its lowest card
    assert image.mode == "P"  # one shared palette: small and fast


@pytest.mark.parametrize("profile", PROFILES)
def test_the_four_colour_theme_draws_diamonds_blue_and_clubs_green(profile: str) -> None:
    game = samples(profile)["won"]
    colours = {
        colour
        for _, colour in decode(render_table(game, theme=FOUR_COLOUR))
        .convert("RGB")
        .getcolors(1 << 16)
    }  # type: ignore[union-attr]
    assert FOUR_COLOUR.suits[2] in colours and FOUR_COLOUR.suits[3] in colours


def test_a_tall_column_fits_above_the_status_line() -> None:
    for profile in ("klondike", "castles-end"):
        layout = layout_for(profile)
        game = samples(profile)["tall"]
        tallest = max(layout.slots, key=lambda code: len(game.pile(code)))
        slot = layout.slots[tallest]
        down = game.hidden(tallest)
        offsets = fan_offsets(down, len(game.pile(tallest)) - down, slot.height)
        assert slot.y + offsets[-1] + METRICS.card_h <= layout.status_y
        # Face-up cards stay far enough apart to read their corner index.
        up_steps = [b - a for a, b in zip(offsets[down:], offsets[down + 1 :], strict=False)]
        assert min(up_steps) >= 20


def test_a_klondike_column_of_nineteen_face_up_cards_still_fits() -> None:
    column = [f"{r}{s}" for s in "SHD" for r in "KQJT98765"][:19]
    game = load_position("klondike", {"3": column})
    slot = layout_for("klondike").slots["3"]
    offsets = fan_offsets(0, 19, slot.height)
    assert slot.y + offsets[-1] + METRICS.card_h <= layout_for("klondike").status_y
    assert decode(render_table(game)).size == layout_for("klondike").size  # the full height


def test_the_last_move_is_highlighted() -> None:
    game = new_game("klondike", deal=4711)
    before = decode(render_table(game)).convert("RGB")
    game.play("4 f")
    after = decode(render_table(game)).convert("RGB")
    slot = layout_for("klondike").slots["f1"]
    highlight = (255, 196, 0)
    assert after.getpixel((slot.x - 2, slot.y + 40)) == highlight
    assert before.getpixel((slot.x - 2, slot.y + 40)) != highlight


def test_each_pile_is_labelled_in_the_picture() -> None:
    # Empty piles show their code; labels sit above every pile.
    game = new_game("castles-end", deal=1)
    image = decode(render_table(game)).convert("RGB")
    for code, slot in layout_for("castles-end").slots.items():
        label = image.crop((slot.x, slot.y - METRICS.label_h, slot.x + 30, slot.y))
        assert len(label.getcolors(1 << 16) or []) > 1, code  # something is written there


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", ["start", "tall", "won"])
def test_describe_names_every_pile_within_a_thousand_characters(profile: str, name: str) -> None:
    game = samples(profile)[name]
    text = describe(game)
    assert len(text) <= 1000
    for code in game.PILES:
        assert f"{code} " in text or f"{code}:" in text, code


def test_describe_says_when_the_game_is_won() -> None:
    assert "WON" in describe(samples("klondike")["won"])


def test_a_full_casket_game_is_described_in_a_thousand_characters() -> None:
    game = new_game("casket", deal=3)
    for _ in range(60):
        move = game.hint()
        if move is None:
            break
        game.play(move)
    assert len(describe(game)) <= 1000


def test_the_win_card_is_taller_than_the_table_and_names_the_game() -> None:
    game = samples("klondike")["won"]
    card = decode(render_win_card(game, player="Ada", elapsed=300.0))
    assert card.width == layout_for("klondike").size[0]
    assert card.height > layout_for("klondike").size[1]


def test_the_replay_has_one_frame_per_move_and_the_deal() -> None:
    game = new_game("klondike", deal=4711)
    for text in ("4 f", "4 f", "s", "s", "s"):
        game.play(text)
    gif = Image.open(io.BytesIO(render_replay(game.to_record()).gif))
    assert gif.format == "GIF"
    assert gif.n_frames == len(game.moves) + 1
