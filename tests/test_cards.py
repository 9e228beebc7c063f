"""The cards players share, drawn: the avatar or the default one, medals by
metal, and words a phone shows 9 px tall or more."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from render import CLASSIC, FOUR_COLOUR
from render.cards import CARD_WIDTH as WIDTH
from render.cards import METALS
from render.profile import Emblem, Level, Profile, draw_profile, render_profile
from render.samples import samples
from render.stats import Chart, GameStats, StatsCard, draw_stats, render_stats
from render.theme import shade
from render.wincard import Standing, Win, draw_win_card, render_win_card, win_card_words

MAGENTA = (230, 20, 200)


def png(colour: tuple[int, int, int], size: int = 128) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, "PNG")
    return buffer.getvalue()


def profile(avatar: bytes | None = None, emblems: int = 17) -> Profile:
    return Profile(
        "Ada Lovelace",
        avatar,
        [("12", "best daily streak"), ("2", "Server Cups won"), ("3:12", "best clean win")],
        [Level("Klondike", "Level 7", 0.4, "61 points to level 8", "73 games, 41 % won")] * 4,
        ["Races: 3 won of 9"],
        [Emblem("100 Klondike wins", n % 4, "100", (37, 100)) for n in range(emblems)],
    )


def rgb(card: bytes) -> Image.Image:
    return Image.open(io.BytesIO(card)).convert("RGB")


def avatar_centre(card: Image.Image) -> tuple[int, int, int]:
    return card.getpixel((16 + 44, 8 + 44))  # type: ignore[return-value]


def test_the_avatar_is_drawn_in_its_own_colours() -> None:
    card = rgb(render_profile(profile(png(MAGENTA))))
    assert avatar_centre(card) == MAGENTA
    assert card.width == WIDTH


@pytest.mark.parametrize(
    "broken",
    [None, b"", b"not a picture", png(MAGENTA)[:60], png(MAGENTA, size=2048)],
    ids=["none", "empty", "text", "cut short", "too big"],
)
def test_no_avatar_or_a_broken_one_draws_the_default(broken: bytes | None) -> None:
    card = rgb(render_profile(profile(broken)))
    assert avatar_centre(card) == CLASSIC.back_pattern  # the card back's diamond


def test_a_medal_is_in_its_tiers_metal_and_grey_before_one_is_earned() -> None:
    card = rgb(render_profile(profile(emblems=4)))
    top = card.height - 16 - 2 * 84  # two rows of two medals, 84 px each
    seen = [card.getpixel((16 + 10 + col * 254, top + row * 84 + 28)) for row in (0, 1)
            for col in (0, 1)]  # fmt: skip
    assert seen == [CLASSIC.felt, METALS[1][0], METALS[2][0], METALS[3][0]]


@pytest.mark.parametrize("theme", [CLASSIC, FOUR_COLOUR])
def test_every_word_reads_9_px_or_more_on_a_phone_and_large_print_more(theme) -> None:
    normal = draw_profile(profile(png(MAGENTA)), theme=theme)
    large = draw_profile(profile(png(MAGENTA)), theme=theme, large=True)
    assert normal.image.width == large.image.width == WIDTH
    assert 9 <= normal.legible() < large.legible()


def stats(weeks: int = 12, games: int = 4) -> StatsCard:
    weekly = [(10, 4)] * (weeks - 1) + [(10, 10)]
    chart = Chart(weekly, [0.4] * 40 + [0.9])
    game = GameStats("Klondike", "73 played · 41 % won", "streak 2 · best streak 7", chart)
    return StatsCard(
        "Ada's solitaire", [game] * games, ["races: 2 won of 5"], [f"9/{n}" for n in range(weeks)],
        ("games", "wins", "win rate, last 20"),
    )  # fmt: skip


@pytest.mark.parametrize("theme", [CLASSIC, FOUR_COLOUR])
def test_a_stats_card_reads_9_px_or_more_on_a_phone_and_large_print_more(theme) -> None:
    normal, large = draw_stats(stats(), theme=theme), draw_stats(stats(), theme=theme, large=True)
    assert normal.image.width == large.image.width == WIDTH
    assert 9 <= normal.legible() < large.legible()


def test_a_chart_has_its_bars_on_a_scale_of_games_and_the_rate_on_its_own() -> None:
    card = rgb(render_stats(stats(games=1)))
    colours = {colour for _, colour in card.getcolors(1 << 16) or []}
    assert CLASSIC.banner in colours and shade(CLASSIC) in colours  # wins, and games
    # On a 150 px scale of 10 games, a week's 4 wins are a bar 60 px tall
    # (less the rate's line across it); the last week's 10 reach the top
    # (less the line, and the rate's label over it).
    assert 54 <= bar(card, 200) <= 60
    assert bar(card, 440) > 110


def bar(card: Image.Image, x: int) -> int:
    """How tall the wins' bar is at *x*, below the card's headings."""
    return [card.getpixel((x, y)) for y in range(120, card.height)].count(CLASSIC.banner)


def test_the_scale_of_games_is_a_round_number_over_the_busiest_week() -> None:
    from render.stats import _nice

    assert [_nice(n) for n in (0, 1, 2, 9, 10, 11, 99, 101, 4999)] == [
        1, 1, 2, 10, 10, 20, 100, 200, 5000,
    ]  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "de", "fr"])
def test_a_win_card_shows_the_avatar_what_the_win_earned_and_reads_9_px_on_a_phone(
    locale: str,
) -> None:
    won = samples("klondike")["won"]
    earned = (Emblem("10 Klondike wins", 2, "10"), Emblem("Klondike in under 5:00", 3, "5'"))
    win = Win("Ada", 754.0, 2, Standing(2, 9, daily=True), 3, ("120", "score"), avatar=png(MAGENTA))
    pen = draw_win_card(won, replace(win, badges=earned), locale=locale)
    card = pen.image.convert("RGB")
    assert card.getpixel((24 + 46, 13 + 46)) == MAGENTA
    top = 150 + 146 + 40  # under the foundations: a row of medals, 56 px, centred
    left = (720 - 2 * 72 + 16) // 2
    assert [card.getpixel((left + 72 * n + 8, top + 28)) for n in range(2)] == [
        METALS[2][0], METALS[3][0],
    ]  # fmt: skip
    assert pen.legible() >= 9
    words = win_card_words(won, replace(win, badges=earned))
    assert words.endswith("This win earned: 10 Klondike wins, Klondike in under 5:00.")
    unhelped = draw_win_card(won, replace(win, hints=0), locale=locale)  # "no undo, no hint"
    assert unhelped.legible() >= 9
    large = draw_win_card(won, replace(win, hints=0), locale=locale, large=True)
    assert large.image.width == 720 and large.legible() > 10
    plain = rgb(render_win_card(won, replace(win, avatar=None), locale=locale))
    assert plain.getpixel((24 + 46, 13 + 46)) == CLASSIC.back_pattern
    assert plain.height == card.height - 72  # no medal: no row for it
