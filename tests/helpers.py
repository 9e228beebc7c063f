"""Small helpers shared by the rule tests."""

from __future__ import annotations

import pytest

from solitaire import Game, IllegalMove, load_position


def table(profile: str, piles: dict[str, str], **options: object) -> Game:
    """A game set up from ``{"1": "#KS QH", ...}``: codes bottom to top."""
    return load_position(profile, {code: cards.split() for code, cards in piles.items()}, **options)


def refused(game: Game, text: str, *words: str) -> str:
    """Asserts that *text* is refused with a reason naming *words*, and that
    nothing changed; returns the reason."""
    before = game.position()
    moves_before = game.moves
    with pytest.raises(IllegalMove) as info:
        game.play(text)
    reason = str(info.value)
    assert "\n" not in reason
    for word in words:
        assert word in reason, reason
    assert game.position() == before
    assert game.moves == moves_before
    return reason


def shown(game: Game, *codes: str) -> dict[str, str]:
    position = game.position()
    return {code: " ".join(position[code]) for code in codes}
