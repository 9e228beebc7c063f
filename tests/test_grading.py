"""Graded deals: the solver's search and par of each pool deal, its stars,
and a game dealt by difficulty."""

from __future__ import annotations

from collections import Counter
from importlib import import_module

import pytest

from solitaire import VARIANTS, BadOption, Game, Move, grade_of, graded_deals, new_game
from solitaire.grading import measure, shortened
from solitaire.pool import STARS, bounds, deal_grade, pool_name, stars, winnable_deals

POOLED = [*((profile, {}) for profile in sorted(VARIANTS)), ("klondike", {"draw": 3})]

#: Sample deals and their grades as first measured: (game, rules, deal, stars, par).
FROZEN = [
    ("klondike", {}, 19, 1, 122),
    ("klondike", {}, 16, 4, 117),
    ("klondike", {"draw": 3}, 20, 1, 96),
    ("calculation", {}, 4, 4, 79),
    ("castles-end", {}, 4, 1, 105),
    ("castles-end", {}, 2, 5, 131),
    ("casket", {}, 9, 5, 281),
]


@pytest.mark.parametrize(("profile", "options", "deal", "grade", "par"), FROZEN)
def test_sample_deals_grade_as_the_shipped_table_says(
    profile: str, options: dict[str, object], deal: int, grade: int, par: int
) -> None:
    game = VARIANTS[profile](deal=deal, **options)
    found = measure(game)
    assert found is not None
    name = pool_name(VARIANTS[profile], options)
    table = import_module(f"solitaire.grades.{name}")
    assert table.GRADES[deal] == (found.search, found.par)
    shipped = grade_of(game)
    assert shipped is not None and (shipped.stars, shipped.par) == (grade, par)


@pytest.mark.parametrize(("profile", "options"), POOLED)
def test_every_pool_deal_is_graded_and_each_star_holds_about_a_fifth(
    profile: str, options: dict[str, object]
) -> None:
    cls = VARIANTS[profile]
    deals = winnable_deals(cls, options)
    grades = [deal_grade(cls, options, deal) for deal in deals]
    assert all(grade is not None for grade in grades)
    per_star = Counter(grade.stars for grade in grades if grade is not None)
    assert sorted(per_star) == [1, 2, 3, 4, 5]
    for count in per_star.values():
        assert 0.15 * len(deals) <= count <= 0.25 * len(deals), per_star


def test_stars_come_from_the_bounds_between_fifths() -> None:
    assert bounds(range(1, 11)) == (2, 4, 6, 8)
    assert [stars(n, (2, 4, 6, 8)) for n in (1, 2, 3, 8, 9, 100)] == [1, 1, 2, 4, 5, 5]


@pytest.mark.parametrize(("profile", "deal"), [("castles-end", 2), ("castles-end", 5)])
def test_a_par_line_replays_to_a_win_and_is_no_longer_than_the_line_it_improved(
    profile: str, deal: int
) -> None:
    game = VARIANTS[profile](deal=deal)
    found = measure(game)
    assert found is not None
    assert found.par < len(found.line)  # these two were shortened
    replay = game.copy()
    for move in found.par_line:
        replay.play(move)
    assert replay.is_won and not game.moves


def test_shortening_removes_a_detour_put_into_a_winning_line() -> None:
    game = VARIANTS["castles-end"](deal=4)
    found = measure(game)
    assert found is not None
    line = list(found.par_line)
    # The first position of the line with a move there and back again.
    position, k = game.copy(), 0
    while not (detour := _there_and_back(position)):
        position.push(line[k])
        k += 1
    longer = [*line[:k], *detour, *line[k:]]
    replay = game.copy()
    for step in longer:
        replay.play(step)
    assert replay.is_won
    assert len(shortened(game, longer)) <= len(line)


def _there_and_back(game: Game) -> list[Move]:
    key = game.position()
    for there in game.legal_moves():
        game.push(there)
        for back in game.legal_moves():
            game.push(back)
            home = game.position() == key
            game.pop()
            if home:
                game.pop()
                return [there, back]
        game.pop()
    return []


def test_a_deal_of_each_difficulty_has_that_many_stars() -> None:
    for grade in range(1, STARS + 1):
        game = new_game("klondike", difficulty=grade)
        found = grade_of(game)
        assert found is not None and found.stars == grade
        assert game.deal in graded_deals(VARIANTS["klondike"], {}, grade)
    three = new_game("klondike", difficulty=5, draw=3)
    assert three.draw == 3 and grade_of(three) is not None


@pytest.mark.parametrize("grade", [0, 6])
def test_a_difficulty_out_of_range_is_refused(grade: int) -> None:
    with pytest.raises(BadOption, match="1 to 5 stars"):
        new_game("klondike", difficulty=grade)


def test_rules_without_graded_deals_are_refused_and_their_deals_have_no_grade() -> None:
    with pytest.raises(BadOption, match="no difficulty yet"):
        new_game("klondike", difficulty=3, passes="unlimited")
    assert grade_of(new_game("klondike", 4, passes="unlimited")) is None
    assert grade_of(new_game("klondike", 4)) is not None
