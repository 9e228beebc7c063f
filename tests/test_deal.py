"""The pinned shuffle: a deal number means the same cards forever."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from solitaire import MAX_DEAL, VARIANTS, BadOption, new_game
from solitaire.deal import SECRET_DEALS, SplitMix64, is_deal_number, shuffled_deck


def test_splitmix64_matches_the_reference_vector() -> None:
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@pytest.mark.parametrize("deal", ["1", "4711", "2147483647"])
def test_shuffle_is_pinned(deal: str, deal_vectors: dict[str, Any]) -> None:
    cards = " ".join(card.code for card in shuffled_deck(int(deal)))
    assert cards == deal_vectors["shuffle"][deal]


@pytest.mark.parametrize("profile", sorted(VARIANTS))
@pytest.mark.parametrize("deal", ["1", "4711", "2147483647"])
def test_every_game_deals_the_same_layout_forever(
    profile: str, deal: str, deal_vectors: dict[str, Any]
) -> None:
    position = new_game(profile, deal=int(deal)).position()
    assert {code: " ".join(cards) for code, cards in position.items() if cards} == (
        deal_vectors["deals"][profile][deal]
    )


def test_two_decks_hold_every_card_twice() -> None:
    counts = Counter(shuffled_deck(99, decks=2))
    assert len(counts) == 52
    assert set(counts.values()) == {2}


def test_neighbouring_deals_differ() -> None:
    assert shuffled_deck(1) != shuffled_deck(2)


@pytest.mark.parametrize("deal", [0, -5, 2**63, "7", True, 1.5])
def test_a_deal_number_out_of_range_is_refused(deal: object) -> None:
    with pytest.raises(BadOption, match="deal number"):
        new_game("klondike", deal=deal)  # type: ignore[arg-type]


def test_a_cups_secret_deals_lie_above_every_number_a_player_asks_for() -> None:
    assert not is_deal_number(2**31) and is_deal_number(2**31, secret=True)
    assert SECRET_DEALS.start == MAX_DEAL + 1 and SECRET_DEALS.stop == 2**63
    top = new_game("klondike", deal=2**63 - 1)
    assert top.deal == 2**63 - 1 and top.position() != new_game("klondike", deal=2**31).position()


def test_a_game_without_a_deal_number_still_records_one() -> None:
    game = new_game("klondike")
    assert isinstance(game.deal, int)
    assert new_game("klondike", deal=game.deal).position() == game.position()
