"""Invariants over random legal playouts of every game."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire import VARIANTS, Game, IllegalMove, Move, load_game, new_game, restore_game
from solitaire.cards import full_deck

PROFILES = sorted(VARIANTS)
DEALS = st.integers(min_value=1, max_value=2**31 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120)
COMMON = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_card(game: Game) -> Counter[str]:
    return Counter(code.lstrip("#") for cards in game.position().values() for code in cards)


def playout(game: Game, choices: list[int]) -> None:
    """Plays legal moves picked by *choices*; every seventh choice undoes."""
    for choice in choices:
        if choice % 7 == 0 and game.moves:
            game.undo()
            continue
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_every_card_is_in_play_exactly_once(profile: str, deal: int, choices: list[int]) -> None:
    game = new_game(profile, deal=deal)
    deck = Counter(card.code for card in full_deck() * game.DECKS)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
        assert every_card(game) == deck


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_undo_is_the_inverse_of_play(profile: str, deal: int, choices: list[int]) -> None:
    game = new_game(profile, deal=deal)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        before, legal_before = game.position(), moves
        move = game.play(moves[choice % len(moves)])
        assert game.undo() == move
        assert game.position() == before
        assert game.legal_moves() == legal_before
        assert game.redo() == move


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_replaying_the_record_equals_live_play(profile: str, deal: int, choices: list[int]) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    again = load_game(game.to_record())
    assert again == game
    assert again.position() == game.position()
    assert again.legal_moves() == game.legal_moves()


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_a_parsed_move_played_unchecked_is_the_move_played_checked(
    profile: str, deal: int, choices: list[int]
) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    for move in game.legal_moves():
        checked, unchecked = game.copy(), game.copy()
        assert unchecked.play_legal(unchecked.parse_move(move.notation)) == checked.play(
            move.notation
        )
        assert unchecked == checked and unchecked.position() == checked.position()
        assert unchecked.legal_moves() == checked.legal_moves()


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_each_legal_move_notation_parses_back(profile: str, deal: int, choices: list[int]) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    for move in game.legal_moves():
        assert Move.parse(move.notation) == move
        assert game.parse_move(move.notation) == move
        assert game.parse_move(move.notation).notation == move.notation


@settings(max_examples=300, deadline=None)
@given(profile=st.sampled_from(PROFILES), text=st.text(max_size=20))
def test_arbitrary_text_raises_only_illegal_move(profile: str, text: str) -> None:
    game = new_game(profile, deal=7)
    before = game.position()
    try:
        game.play(text)
    except IllegalMove as error:
        assert str(error) and "\n" not in str(error)
        assert game.position() == before


@settings(max_examples=300, deadline=None)
@given(
    profile=st.sampled_from(PROFILES),
    text=st.text(alphabet="swfrlj0123456789x -> ,", max_size=8),
)
def test_notation_like_text_raises_only_illegal_move(profile: str, text: str) -> None:
    test_arbitrary_text_raises_only_illegal_move.hypothesis.inner_test(profile, text)  # type: ignore[attr-defined]


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_legal_moves_are_exactly_the_moves_the_rules_allow(
    profile: str, deal: int, choices: list[int]
) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    brute = {
        Move(source, target, count)
        for source in game.PILES
        for target in game.PILES
        for count in range(1, len(game.pile(source)) + 1)
        if source != target and game._why_not(Move(source, target, count)) is None
    }
    if game._why_not(Move("s")) is None:
        brute.add(Move("s"))
    legal = set(game._generate_legal())
    assert legal == brute


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_a_copy_is_equal_and_independent(profile: str, deal: int, choices: list[int]) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    copy = game.copy()
    assert copy == game and copy.position() == game.position()
    before = game.position()
    for move in copy.legal_moves()[:1]:
        copy.play(move)
        assert game.position() == before
        copy.undo()
    if copy.moves:
        copy.undo()
        assert game.position() == before


@COMMON
@given(profile=st.sampled_from(PROFILES), deal=DEALS, choices=CHOICES)
def test_a_game_from_its_snapshot_is_the_game_replayed(
    profile: str, deal: int, choices: list[int]
) -> None:
    game = new_game(profile, deal=deal)
    playout(game, choices)
    record = game.to_record()
    restored = restore_game(record, load_game(record).snapshot())
    assert restored == game and restored.to_record() == record
    while game.moves:  # undo needs the earlier positions: they come back
        assert restored.undo() == game.undo()
        assert restored.position() == game.position()
