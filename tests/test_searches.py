"""The games' own fast searches: every line they find replays in the engine
to a win, from a fresh deal or from the middle of a game."""

from __future__ import annotations

import random
import time

import pytest

from solitaire import Game, load_game, new_game, solver
from solitaire.cards import Card
from solitaire.searches import castles_end, fast_search, klondike, klondike_bound, proving_search
from solitaire.searches._base import codes, least_harm
from solitaire.solver import Outcome, solve
from tests.helpers import klondike_endgame


def replays_to_a_win(game: Game, line: list[str]) -> bool:
    copy = load_game(game.to_record())
    for text in line:
        copy.play(text)
    return copy.is_won


def _line(game: Game, max_nodes: int, seconds: float) -> tuple[list[str] | None, int]:
    # A game's own search, fast or complete.
    fast, complete = fast_search(game), proving_search(game)
    if fast is not None:
        return fast(max_nodes, time.perf_counter() + seconds)
    assert complete is not None
    line, nodes, _ = complete(max_nodes, time.perf_counter() + seconds)
    return line, nodes


@pytest.mark.parametrize(
    ("profile", "options", "at_least"),
    [
        ("calculation", {}, 4),
        ("casket", {}, 5),
        ("klondike", {}, 1),
        ("klondike", {"draw": 3}, 2),
    ],
)
def test_every_line_found_replays_to_a_win(
    profile: str, options: dict[str, object], at_least: int
) -> None:
    won = 0
    for deal in range(1, 9):
        game = new_game(profile, deal, **options)
        line, nodes = _line(game, 10**7, 1.0)
        assert nodes > 0
        if line is not None:
            won += 1
            assert replays_to_a_win(game, line), (profile, deal)
    assert won >= at_least


@pytest.mark.parametrize("profile", ["calculation", "casket", "klondike"])
def test_a_search_starts_from_the_position_as_it_stands(profile: str) -> None:
    game = new_game(profile, 7)
    for _ in range(6):
        game.play(game.ordered_moves()[0])
    solution = solve(game, max_seconds=3, prove=False)
    if solution.outcome is Outcome.WON:
        copy = load_game(game.to_record())
        for move in solution.moves:
            copy.play(move)
        assert copy.is_won
    assert len(game.moves) == 6  # the game searched is left as it was


def test_klondike_with_foundation_return_has_no_search_of_its_own() -> None:
    # Its reductions assume a card on a foundation stays there.
    assert proving_search(new_game("klondike", 1, foundation_return=True)) is None
    assert proving_search(new_game("klondike", 1)) is not None
    assert fast_search(new_game("castles-end", 1)) is None


def test_a_search_keeps_its_caps() -> None:
    game = new_game("klondike", 1)  # undecided in 0.2 s
    began = time.perf_counter()
    line, _ = _line(game, 10**9, 0.2)
    assert line is None and time.perf_counter() - began < 1.0
    line, nodes = _line(game, 300, 60)
    assert line is None and nodes <= 300


# -- Castle's End: a complete search -------------------------------------------


def _decided(result: tuple[list[str] | None, int, bool]) -> str | None:
    line, _, exhausted = result
    return "won" if line is not None else "lost" if exhausted else None


def test_castles_end_reductions_lose_no_win() -> None:
    # The same complete search with its reductions (cards home at once, no
    # whole column into an empty one) and without: wherever the unreduced
    # search decides a deal, the reduced one decides it the same way.
    outcomes = []
    for deal in range(1, 13):
        game = new_game("castles-end", deal=deal)
        plain = _decided(castles_end.search(game, 20_000, time.perf_counter() + 60, reduced=False))
        reduced = _decided(castles_end.search(game, 20_000, time.perf_counter() + 60))
        if plain is not None:
            assert reduced == plain, deal
            outcomes.append(plain)
    assert outcomes.count("lost") >= 2 and outcomes.count("won") >= 6  # both kinds were checked


def test_castles_end_wins_replay_and_losses_are_proved() -> None:
    won = solve(new_game("castles-end", deal=2), max_nodes=200_000, max_seconds=30)
    assert won.outcome is Outcome.WON
    assert replays_to_a_win(new_game("castles-end", deal=2), [m.notation for m in won.moves])
    lost = solve(new_game("castles-end", deal=7), max_nodes=200_000, max_seconds=30)
    assert lost.outcome is Outcome.UNWINNABLE


def test_castles_end_search_goes_deeper_than_the_recursion_limit() -> None:
    # Thousands of moves deep without a RecursionError: the search is iterative.
    game = new_game("castles-end", deal=1)
    line, nodes, exhausted = castles_end.search(
        game, 15_000, time.perf_counter() + 60, reduced=False
    )
    assert line is None and exhausted and nodes > 1_000


@pytest.mark.parametrize("deal", [134, 429])
def test_the_general_search_proves_no_won_castles_end_deal_lost(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # These deals are won (their lines replay); the general search once called
    # them lost, as it sent base cards home as if that could never hurt.
    game = new_game("castles-end", deal=deal)
    line, _, _ = castles_end.search(game, 10**7, time.perf_counter() + 30)
    assert line is not None and replays_to_a_win(game, line)
    monkeypatch.setattr(solver, "proving_search", lambda game, memory=0: None)
    assert solve(game, max_nodes=10**7, max_seconds=2).outcome is not Outcome.UNWINNABLE


def test_a_card_goes_where_it_buries_fewest_cards_needed_sooner() -> None:
    need = range(10)  # by card: here each card's own number
    # Pile 0's top (8) is needed later than the 5, but under it lies the 1;
    # pile 1 holds only cards needed later; pile 2 is empty.
    piles = [(1, 8), (9, 8), ()]
    assert least_harm(piles, 5, need, deep=True) == [1, 2, 0]
    # Looking at the tops alone, piles 0 and 1 are alike.
    assert least_harm(piles, 5, need)[:2] == [0, 1]
    # Onto a card needed sooner only when every pile buries one.
    assert least_harm([(1, 8), (2,)], 5, need, deep=True) == [0, 1]


def test_casket_tries_a_card_onto_the_twin_of_its_parent_last() -> None:
    # Deal 23 has a card that fits on two twin body cards. Moved there and
    # back first, it cost the search its first choices: over 200,000 nodes
    # without a win. Tried last, the first line wins.
    game = new_game("casket", deal=23)
    search = fast_search(game)
    assert search is not None
    line, nodes = search(2_000, time.perf_counter() + 60)
    assert line is not None and replays_to_a_win(game, line)
    assert nodes < 2_000


# -- Klondike: a complete search -----------------------------------------------


def _small_klondike(seed: int) -> klondike.State:
    """A Klondike position with 16–28 cards left: the rest home, these dealt
    at random to the columns (the top of each face up) and the talon, some
    of it on the waste."""
    heights, talon, waste, columns = klondike_endgame(random.Random(seed))
    laid = [[suit * 16 + rank for suit, rank in column] for column in columns]
    stock = [suit * 16 + rank for suit, rank in talon]
    return klondike.position(((cards[:-1], cards[-1:]) for cards in laid), heights, stock, waste, 0)


@pytest.mark.parametrize(("draw", "passes"), [(1, 1), (3, 3), (3, 1)])
def test_klondike_reductions_lose_no_win(draw: int, passes: int) -> None:
    # The same complete search with its reductions (cards home at once, the
    # stock's cards as moves, runs onto a twin and emptied columns only when
    # used at once, runs onto a twin tried last) and without: wherever the
    # unreduced search decides a position, the reduced one decides it the
    # same way.
    outcomes = []
    for seed in range(100):
        position = _small_klondike(seed)
        plain = _decided(
            klondike.search_position(
                position, draw, passes, 100_000, time.perf_counter() + 60, reduced=False
            )
        )
        reduced = _decided(
            klondike.search_position(position, draw, passes, 100_000, time.perf_counter() + 60)
        )
        if plain is not None:
            assert reduced == plain, seed
            outcomes.append(plain)
    assert outcomes.count("lost") >= 8 and outcomes.count("won") >= 50  # both kinds were checked


@pytest.mark.skipif(klondike.NATIVE is None, reason="Klondike's search in C is not built")
@pytest.mark.parametrize(("draw", "passes"), [(1, 1), (3, 3), (3, 1), (1, None)])
def test_the_search_in_c_makes_the_moves_of_its_python_twin(draw: int, passes: int | None) -> None:
    # The same line after the same nodes, or the same verdict, from deals
    # (won, lost, undecided within the cap) and from small positions.
    options = {"passes": "unlimited"} if passes is None else {"passes": passes}
    states = [
        klondike.start_state(new_game("klondike", deal, draw=draw, **options))
        for deal in range(1, 13)
    ]
    states += [_small_klondike(seed) for seed in range(40)]
    verdicts = set()
    for state in states:
        deadline = time.perf_counter() + 60
        native = klondike.search_position(state, draw, passes, 20_000, deadline)
        plain = klondike.search_position(state, draw, passes, 20_000, deadline, native=False)
        assert native == plain
        verdicts.add(_decided(native))
    assert verdicts == {"won", "lost", None}


@pytest.mark.skipif(klondike.NATIVE is None, reason="Klondike's search in C is not built")
@pytest.mark.parametrize(
    ("columns", "talon", "shown"),
    [
        ((b"\x00" + bytes(range(1, 63)),), b"", 0),  # more cards than a deck
        ((b"\x01\x01",), b"", 0),  # its one card face down
        ((b"\x00\x01",), b"\x02\x03", 3),  # more cards shown than the talon holds
    ],
)  # fmt: skip
def test_the_search_in_c_refuses_a_position_it_cannot_hold(
    columns: tuple[bytes, ...], talon: bytes, shown: int
) -> None:
    state = ((*columns, *[b"\x00"] * (7 - len(columns))), 0, talon, shown, 0)
    with pytest.raises(ValueError):
        klondike.search_position(state, 1, 1, 1_000, time.perf_counter() + 5)


@pytest.mark.slow
def test_proofs_agree_with_the_engines_own_search() -> None:
    # Positions of real deals a third to two thirds of the way along a
    # winning line, then 3-12 random legal moves off it: wherever the
    # engine's general search (every legal move, its own code, no
    # reductions) decides one, Klondike's complete search decides it the
    # same way, the proofs of a loss among them.
    rng = random.Random(5)
    agreed: list[Outcome] = []
    for draw in (1, 3):
        for deal in range(1, 31):
            game = new_game("klondike", deal, draw=draw)
            line = solve(game, max_nodes=300_000, max_seconds=60).moves
            if not line:
                continue  # lost from the deal
            for move in line[: int(len(line) * rng.uniform(0.3, 0.6))]:
                game.play(move)
            for _ in range(rng.randint(3, 12)):
                if moves := game.legal_moves():
                    game.play(rng.choice(moves))
            engine = solver._search(game, 10_000, time.perf_counter() + 60, useful_only=False)
            if engine.outcome is not Outcome.UNKNOWN:
                ours = solve(game, max_nodes=10**7, max_seconds=60)
                assert ours.outcome is engine.outcome, (draw, deal)
                agreed.append(engine.outcome)
    assert agreed.count(Outcome.UNWINNABLE) >= 5 and agreed.count(Outcome.WON) >= 10


@pytest.mark.parametrize(("draw", "deal"), [(1, 23), (1, 29), (3, 29)])
def test_klondike_deals_are_proved_lost(draw: int, deal: int) -> None:
    # Lost so early that the unreduced search, too, runs out of moves.
    game = new_game("klondike", deal, draw=draw)
    plain = klondike.search(game, 10**6, time.perf_counter() + 60, reduced=False)
    assert _decided(plain) == "lost"
    solution = solve(game, max_nodes=10**7, max_seconds=30)
    assert solution.outcome is Outcome.UNWINNABLE
    assert solution.nodes < plain[1] / 5  # the reductions cut the search


def test_a_waste_card_waits_for_its_foundation_while_draws_of_three_come_round() -> None:
    # Deal 50, draw 3: sending a waste card home at once, as if that could
    # never hurt, changed which cards the later passes bring up, and the
    # search called this winnable position lost.
    game = new_game("klondike", 50, draw=3)
    for move in ["1 6x1", "5 f", "7 f", "2 f", "3 2x1", "s", "s", "s", "s", "s", "s", "s", "w 1"]:
        game.play(move)
    plain = klondike.search(game, 10**6, time.perf_counter() + 60, reduced=False)
    assert _decided(plain) == "won"
    line, _, _ = klondike.search(game, 10**6, time.perf_counter() + 60)
    assert line is not None and replays_to_a_win(game, line)


def _codes(text: str) -> tuple[int, ...]:
    return codes(Card.parse(name) for name in text.split())


def _trap(blockers: str) -> klondike.State:
    """Spades and clubs home to 5, hearts to 3, diamonds all home; the 5 of
    hearts face up on *blockers* face down, the other cards in the stock,
    Kings first, six columns empty."""
    column = (_codes(blockers), _codes("5H"))
    left = {suit * 16 + rank for suit, low in ((0, 6), (1, 4), (3, 6)) for rank in range(low, 14)}
    stock = sorted(left - {*column[0], *column[1]}, key=lambda card: (-(card & 15), card))
    return klondike.position((column, *[((), ())] * 6), (5, 3, 13, 5), stock, 0, 0)


def test_a_card_that_can_never_leave_its_place_makes_a_position_hopeless() -> None:
    # The 5 of hearts lies on the 4 of hearts, which must go home before it,
    # and on both black sixes, the only cards it could move onto.
    trapped = _trap("6S 6C 4H")
    assert klondike_bound.hopeless(trapped, 1) and klondike_bound.hopeless(trapped, 3)
    line, nodes, proved = klondike.search_position(trapped, 1, 1, 10, time.perf_counter() + 5)
    assert (line, nodes, proved) == (None, 1, True)
    # With the 6 of clubs in the stock, the 5 can move onto it, once a
    # column is built down to it from a King.
    loose = _trap("6S 4H")
    assert not klondike_bound.hopeless(loose, 1) and not klondike_bound.hopeless(loose, 3)
    line, _, _ = klondike.search_position(loose, 1, 1, 100_000, time.perf_counter() + 30)
    assert line is not None


@pytest.mark.parametrize(
    ("draw", "passes", "deals"), [(1, 1, [4, 19, 45, 59]), (3, 1, [57]), (3, 3, [13, 16, 17, 19])]
)
def test_no_position_on_the_way_to_a_win_is_hopeless(
    draw: int, passes: int, deals: list[int]
) -> None:
    # Every position of a winning line, including those halfway through the
    # search's moves (between draws, before cards go home at once), which
    # the search itself never checks.
    checked = early = 0
    for deal in deals:
        game = new_game("klondike", deal, draw=draw, passes=passes)
        line, _, _ = klondike.search(game, 10**6, time.perf_counter() + 60)
        assert line is not None
        for move in line:
            game.play(move)
            state, last_pass = klondike.start_state(game), game.passes_left == 0
            assert not klondike_bound.hopeless(state, draw, last_pass), (deal, move)
            checked += 1
            # Before the last pass, the talon brings up cards that it would
            # bury if it did not come round again.
            early += not last_pass and klondike_bound.hopeless(state, draw, last_pass=True)
        assert game.is_won
    assert checked > 50 * len(deals)
    assert early > 0 if passes > 1 else early == 0


@pytest.mark.slow  # a long search
@pytest.mark.skipif(klondike.NATIVE is None, reason="Klondike's search in C is not built")
@pytest.mark.parametrize(
    ("native", "memory", "nodes"), [(True, 5 << 19, 200_000), (False, 200_000, 20_000)]
)
def test_a_search_in_little_memory_forgets_yet_proves_lost_only_what_is_lost(
    native: bool, memory: int, nodes: int
) -> None:
    # Past its share of memory the search forgets the positions it saw (but
    # the current line's) and revisits them; past the moves put off it stops,
    # undecided. Its lines still replay, and what it proves lost is lost.
    changed, checked = 0, set()
    for draw in (1, 3):
        for deal in range(930_001, 930_011):
            game = new_game("klondike", deal, draw=draw)
            state, passes = klondike.start_state(game), game.passes
            deadline = time.perf_counter() + 60
            bounded = klondike.search_position(
                state, draw, passes, nodes, deadline, native=native, memory=memory
            )
            free = klondike.search_position(state, draw, passes, 1_000_000, deadline)
            found = _decided(bounded)
            if found == "won":
                assert bounded[0] is not None and replays_to_a_win(game, bounded[0])
            elif found == "lost":
                assert _decided(free) == "lost", (draw, deal)
            checked.add(found)
            if bounded[1] != klondike.search_position(state, draw, passes, nodes, deadline)[1]:
                changed += 1  # it forgot, or ran out of room for the moves put off
    assert checked == {"won", "lost", None} and changed >= 5, (checked, changed)


@pytest.mark.skipif(klondike.NATIVE is None, reason="Klondike's search in C is not built")
def test_the_search_in_c_says_when_it_forgot() -> None:
    game = new_game("klondike", 930_002)
    columns, found, talon, shown, redeals = klondike.start_state(game)
    args = (columns, found, talon, shown, redeals, 1, 0, 200_000, 30.0)
    assert klondike.NATIVE is not None
    assert klondike.NATIVE(*args)[3] == 0
    assert klondike.NATIVE(*args, 5 << 19)[3] > 0
