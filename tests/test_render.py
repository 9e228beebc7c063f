"""The renderer: every game at the start, tall and won; text twin; replay."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from render import (
    FOUR_COLOUR,
    Standing,
    describe,
    render_celebration,
    render_replay,
    render_table,
    render_win_card,
)
from render.layout import fan_offsets, layout_for
from render.legibility import SCREENS, legibility
from render.samples import samples
from render.sprites import text_mask
from render.table import Mark, Table, draw_table, to_png
from render.text import layout_line, status_line
from render.theme import CLASSIC, LARGE, METRICS, SIZES, THEMES, face
from render.wincard import LABEL_SIZE, Win, label_lines, win_card_words, win_facts
from solitaire import VARIANTS, IllegalMove, load_position, new_game
from solitaire.grading import measure

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
    width, height = layout_for(profile, METRICS).size
    assert image.width == width and 200 < image.height <= height  # it ends below its lowest card
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


def _played(profile: str, deal: int, moves: int) -> list:
    game = new_game(profile, deal=deal)
    positions = []
    for _ in range(moves):
        move = game.hint()
        if move is None:
            break
        game.play(move)
        positions.append(load_position(profile, {c: _codes(game, c) for c in game.PILES}))
    return positions


def _codes(game, code: str) -> list[str]:
    down = game.hidden(code)
    return [("#" if i < down else "") + str(card) for i, card in enumerate(game.pile(code))]


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("profile", PROFILES)
def test_codes_and_indices_are_at_least_9_px_on_a_phone_and_a_desktop(profile, size) -> None:
    games = [*samples(profile).values(), *_played(profile, 7, 40)]
    for game in games:
        figures = legibility(game, size)
        for screen in SCREENS:
            assert figures.codes[screen] >= 9, (screen, figures)
            assert figures.indices[screen] >= 9, (screen, figures)


def test_large_print_shows_bigger_indices_than_normal() -> None:
    for profile in PROFILES:
        game = samples(profile)["tall"]
        normal, large = legibility(game, METRICS), legibility(game, LARGE)
        assert large.indices["phone"] > normal.indices["phone"] * 1.05, profile


@pytest.mark.parametrize("profile", sorted(VARIANTS))
def test_the_bot_draws_the_very_picture_whose_legibility_is_measured(profile: str) -> None:
    for name, game in samples(profile).items():
        for size in SIZES.values():
            measured = draw_table(game, size=size, fit=True, marks=[])
            sent = draw_table(game, size=size, fit=True)
            assert sent.tobytes() == measured.tobytes(), (name, size)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_png_sent_holds_the_very_pixels_and_colours_drawn(profile: str) -> None:
    """The table's PNG is written without Pillow's writer: a reader finds its
    chunks whole (their CRCs checked) and every pixel and colour as drawn."""
    for name, game in samples(profile).items():
        for theme in (CLASSIC, FOUR_COLOUR):
            drawn = draw_table(game, theme=theme, fit=True)
            sent = render_table(game, theme=theme)
            Image.open(io.BytesIO(sent)).verify()
            image = decode(sent)
            assert (image.mode, image.size) == ("P", drawn.size), name
            assert image.tobytes() == drawn.tobytes(), name
            assert image.getpalette() == drawn.getpalette(), name
            pillows = io.BytesIO()
            drawn.save(pillows, "PNG", compress_level=2)
            assert len(sent) < 1.1 * len(pillows.getvalue()), name  # about as small


def test_a_picture_with_transparency_or_in_colour_is_written_by_pillow() -> None:
    """Only a plain paletted picture is written by the bot; others keep what
    Pillow's writer makes of them."""
    see_through = Image.new("P", (3, 2), 1)
    see_through.putpalette([0, 0, 0, 255, 0, 0])
    see_through.info["transparency"] = 0
    coloured = Image.new("RGB", (3, 2), (9, 99, 199))
    alpha_palette = Image.new("P", (3, 2), 1)
    alpha_palette.putpalette([0, 0, 0, 0, 255, 0, 0, 128], "RGBA")
    for image in (see_through, coloured, alpha_palette):
        back = decode(to_png(image))
        assert back.mode == image.mode and back.tobytes() == image.tobytes()
        assert back.convert("RGBA").tobytes() == image.convert("RGBA").tobytes()  # alpha too
    assert decode(to_png(see_through)).info["transparency"] == 0


def test_a_column_too_long_to_show_every_index_hides_middle_ones_whole() -> None:
    column = [f"{r}{s}" for s in "SHD" for r in "KQJT98765"][:26]
    game = load_position("castles-end", {"4": column})
    marks: list[Mark] = []
    image = draw_table(game, marks=marks)
    cards = [str(card) for card in game.pile("4")]
    shown = [mark for mark in marks if mark.kind == "index" and mark.text in cards]
    assert shown[0].text == cards[0] and shown[-1].text == cards[-1]
    assert len(shown) < len(column)  # some are squeezed out of sight…
    assert all(mark.visible == mark.box[3] - mark.box[1] for mark in shown)  # …none half
    assert image.height <= layout_for("castles-end", METRICS).size[1]


def test_a_klondike_column_of_six_down_and_thirteen_up_shows_every_index() -> None:
    column = ["#2D", "#3D", "#4D", "#5D", "#6D", "#7D"]
    column += [f"{r}{'SH'[i % 2]}" for i, r in enumerate("KQJT98765432A")]
    game = load_position("klondike", {"3": column})
    slot = layout_for("klondike", METRICS).slots["3"]
    fan = fan_offsets(6, 13, slot.height, METRICS)
    assert not fan.thin
    assert slot.y + fan.offsets[-1] + METRICS.card_h <= layout_for("klondike", METRICS).status_y
    marks: list[Mark] = []
    draw_table(game, marks=marks)
    assert sum(mark.kind == "index" for mark in marks) == 13


def test_the_last_move_is_highlighted_inside_the_moved_cards() -> None:
    game = load_position("klondike", {"1": ["8S", "7H"], "2": ["9D"], "3": ["6C"]})
    game.play("1 2x2")
    highlight = (255, 196, 0)
    marks: list[Mark] = []
    image = draw_table(game, marks=marks).convert("RGB")
    slot = layout_for("klondike", METRICS).slots["2"]
    assert image.getpixel((slot.x + 1, slot.y + METRICS.up_step + 40)) == highlight
    # The frame covers neither the 9's index above the moved 8, nor a code.
    for mark in marks:
        box = image.crop(mark.box)
        if mark.kind == "index" or mark.text not in ("1", "2"):  # those two are lit
            colours = {colour for _, colour in box.getcolors(1 << 16) or []}
            assert highlight not in colours, mark


def test_codes_stand_clear_of_their_piles() -> None:
    game = new_game("casket", deal=1)
    marks: list[Mark] = []
    draw_table(game, marks=marks)
    slots = layout_for("casket", METRICS).slots
    for mark in marks:
        if mark.kind == "code":
            assert slots[mark.text].y - mark.box[3] >= METRICS.code_gap, mark


def test_each_pile_is_labelled_in_the_picture() -> None:
    # Empty piles show their code; labels sit above every pile.
    game = new_game("castles-end", deal=1)
    image = decode(render_table(game)).convert("RGB")
    for code, slot in layout_for("castles-end", METRICS).slots.items():
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


@pytest.mark.parametrize("profile", PROFILES)
def test_the_win_card_is_sized_for_a_phone(profile: str) -> None:
    game = samples(profile)["won"]
    card = decode(render_win_card(game, Win("Ada", elapsed=300.0, streak=3)))
    assert card.width == 720 and 400 < card.height < card.width  # halved on a phone, not cut


def test_the_win_card_says_what_help_was_used_and_how_the_win_compares() -> None:
    clean = load_position("klondike", {"1": ["KS"], **{f"f{n}": [] for n in range(1, 5)}})
    facts = dict((label, value) for value, label in win_facts(clean, Win("Ada", 61.0)))
    assert facts == {"moves": "0", "time": "1:01", "no undo, no hint": "none"}
    game = new_game("klondike", deal=4711)
    game.play("4 f")
    game.undo()
    game.play("4 f")
    facts = dict(
        (label, value)
        for value, label in win_facts(game, Win("Ada", 61.0, 1, Standing(3, 7, True), 4))
    )
    assert facts["1 undo, 1 hint"] == "2"
    assert facts["today"] == "3rd/7" and facts["wins in a row"] == "4"
    alone = win_facts(game, Win("Ada", 61.0, 0, Standing(1, 1), 1))  # nothing to compare with
    assert [label for _, label in alone] == ["moves", "time", "1 undo"]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_celebration_is_an_animation_under_2_mb(profile: str) -> None:
    gif = render_celebration(samples(profile)["won"])
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames > 30 and len(gif) < 2 * 1024 * 1024
    assert image.width <= 420  # about as wide as a phone shows it


def test_the_replay_has_one_frame_per_move_and_the_deal() -> None:
    game = new_game("klondike", deal=4711)
    for text in ("4 f", "4 f", "s", "s", "s"):
        game.play(text)
    gif = Image.open(io.BytesIO(render_replay(game.to_record()).gif))
    assert gif.format == "GIF"
    assert gif.n_frames == len(game.moves) + 1


@pytest.mark.parametrize("profile", PROFILES)
def test_the_alt_text_says_where_each_pile_is_in_the_picture(profile: str) -> None:
    line = layout_line(profile)
    named: set[str] = set()
    for word in line.split(": ", 1)[1].rstrip(".").replace("/", " ").split():
        if "–" in word:
            first, last = word.split("–")
            stem = first.rstrip("0123456789")
            named |= {
                f"{stem}{n}" for n in range(int(first[len(stem) :]), int(last[len(stem) :]) + 1)
            }
        else:
            named.add(word)
    assert named == set(VARIANTS[profile].PILES)
    assert line in describe(samples(profile)["start"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    profile=st.sampled_from(PROFILES),
    deal=st.integers(1, 10_000),
    steps=st.lists(st.integers(0, 1_000), min_size=20, max_size=80),
    theme=st.sampled_from(sorted(THEMES)),
    size=st.sampled_from(sorted(SIZES)),
    locale=st.sampled_from(["en", "de", "fr"]),
)
def test_a_kept_table_draws_the_very_picture_a_new_one_does(
    profile: str, deal: int, steps: list[int], theme: str, size: str, locale: str
) -> None:
    """Along a game played at random, undos and redos among its moves, a
    table kept from move to move (each pile drawn again only where it
    changed) gives the same pixels and palette as a table drawn anew."""
    game = new_game(profile, deal=deal)
    drawing = {"theme": THEMES[theme], "size": SIZES[size], "locale": locale}
    kept = Table(profile, **drawing)
    for n, step in enumerate(steps):
        legal = game.legal_moves()
        if step % 7 == 0 and game.moves:
            game.undo()
        elif step % 11 == 0:
            with contextlib.suppress(IllegalMove):
                game.redo()
        elif legal:
            game.play(legal[step % len(legal)])
        fit = n % 5 != 4  # now and then the table's whole height
        picture = kept.draw(game, elapsed=60.0 * n, fit=fit)
        fresh = draw_table(game, elapsed=60.0 * n, fit=fit, **drawing)  # type: ignore[arg-type]
        assert picture.size == fresh.size, (n, game.moves[-1:])
        assert picture.tobytes() == fresh.tobytes(), (n, game.moves[-1:])
        assert picture.getpalette() == fresh.getpalette()


def test_a_kept_table_draws_again_only_what_changed() -> None:
    """A draw from the stock changes the stock, the waste and their codes'
    colours: the columns and foundations are not drawn again."""
    game = new_game("klondike", deal=4711)
    kept = Table("klondike")
    kept.draw(game)
    drawn: list[str] = []
    original = kept._draw_slot

    def spy(game, code, *rest):  # type: ignore[no-untyped-def]
        drawn.append(code)
        return original(game, code, *rest)

    kept._draw_slot = spy  # type: ignore[method-assign]
    game.play("s")
    kept.draw(game)
    assert sorted(drawn) == ["s", "w"]


def test_a_graded_deal_shows_its_stars_drawn_and_in_words() -> None:
    game = new_game("klondike", deal=19)  # one star in the shipped grades
    assert "deal 19 · ★☆☆☆☆ · 0 moves" in status_line(game)
    assert "deal 19 · difficulty 1 of 5 · 0 moves" in describe(game)
    assert "★" not in status_line(new_game("klondike", deal=3))  # not a pool deal
    # No bundled font has stars: they are drawn, five to a grade, full then hollow.
    mask = text_mask("★☆☆☆☆", 20).convert("L")
    assert mask.size == (100, 20)
    full, hollow = (mask.crop((x, 0, x + 20, 20)).histogram()[255] for x in (0, 20))
    assert full > 2 * hollow > 0


def test_the_win_card_shows_par_and_the_difficulty() -> None:
    game = new_game("calculation", deal=2)
    found = measure(game)
    assert found is not None
    for move in found.par_line:
        game.play(move)
    facts = dict((label, value) for value, label in win_facts(game, Win("Ada")))
    assert facts["moves"] == facts["par · matched"] == str(found.par)
    assert facts["difficulty"] == "★☆☆☆☆"
    words = win_card_words(game, Win("Ada"))
    assert f"moves: {found.par}; par · matched: {found.par};" in words
    assert "difficulty: 1/5." in words
    decode(render_win_card(game, Win("Ada")))  # the stars tile draws


@pytest.mark.parametrize("locale", ["en", "de", "fr"])
def test_every_win_card_label_fits_its_tile(locale: str) -> None:
    game = new_game("klondike", deal=4711)
    game.play("4 f")
    game.undo()
    game.play("4 f")
    room = (720 - 48 - 2 * 16) // 3 - 24  # a tile, less its margins
    win = Win("Ada", 61.0, 3, Standing(3, 7, True), 4)
    clean = load_position("klondike", {"1": ["KS"], **{f"f{n}": [] for n in range(1, 5)}})
    for facts in (win_facts(game, win, locale), win_facts(clean, Win("Ada"), locale)):
        for _, label in facts:
            lines = label_lines(label, room)
            assert len(lines) <= 2 and all(
                face(line, LABEL_SIZE).getlength(line) <= room for line in lines
            ), label
