"""Ten thousand odd inputs: each gets a clear answer and changes nothing it
should not. A fixed seed keeps the run repeatable."""

from __future__ import annotations

import random

from bot.usecases.replies import Asker, Board, Notice, Unfinished
from bot.usecases.service import GameService
from storage import Store

ALICE, BOB = 11, 22
ODD = [
    "",
    " ",
    "\n",
    "\t",
    "💥",
    "♠♥♦♣",
    "Ｗ３",
    "٣",
    "𝟕 𝟐",
    "\u200b",
    "\x00",
    "7\u00a02",
    "w" * 500,
    "s" * 41,
    "1 2x99999999",
    "f f",
    "j 1",
    "l9 1",
    "r0 f",
    "-",
    ">>>",
    "x",
    "0",
    "10 10",
    "☃",
    "ß",
]
ALPHABET = "swfrljdux0123456789 -,>xXSWF♠\u200b😀é"
INPUTS = 10_000


class Clock:
    now = 5_000_000.0

    def __call__(self) -> float:
        self.now += 5.0  # time moves on, so cooldowns never hide a bug
        return self.now


def text(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return rng.choice(ODD)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 12)))


async def test_ten_thousand_odd_inputs(store: Store) -> None:
    rng = random.Random(10_000)
    service = GameService(store, clock=Clock())
    alice = await service.start(Asker(ALICE), "klondike", deal=4711)
    bob = await service.start(Asker(BOB), "castles-end", deal=7)
    assert isinstance(alice, Board) and isinstance(bob, Board)
    bobs_moves = (await store.get_game(bob.game_id)).moves
    answers = {Board: 0, Notice: 0, Unfinished: 0}
    for _ in range(INPUTS):
        kind = rng.random()
        before = (await store.get_game(alice.game_id)).revision
        if kind < 0.6:
            reply = await service.move(Asker(ALICE), text(rng))
        elif kind < 0.75:  # a forged press on Bob's game, or on no game at all
            game_id = rng.choice([bob.game_id, 999_999, -1, 0])
            reply = await service.move(
                Asker(ALICE),
                rng.choice(["s", "u", "h", "a", "1 2"]),
                game_id=game_id,
                revision=rng.randint(-5, 5),
            )
            assert isinstance(reply, Notice)
        elif kind < 0.9:
            deal = rng.choice([0, -1, 2**31, 2**63, None, 1, 2**31 - 1])
            profile = rng.choice(
                ["klondike", "spider", "", "CASKET", "castles_end", "💥", "calculation"]
            )
            options = rng.choice(
                [{}, {"draw": 2}, {"draw": "3"}, {"passes": "lots"}, {"colour": "red"}]
            )
            reply = await service.start(Asker(ALICE), profile, deal=deal, options=options)
            if isinstance(
                reply, Board
            ):  # a good start replaced nothing: start again on Alice's game
                await store.set_status(reply.game_id, "abandoned")
        else:
            reply = await service.suggestions(Asker(ALICE), text(rng))  # type: ignore[assignment]
            assert isinstance(reply, list) and len(reply) <= 25
            continue
        answers[type(reply)] += 1
        if isinstance(reply, Notice):
            assert reply.text and len(reply.text) < 300, reply.text
            assert "\n" not in reply.text or reply.text.startswith("**")
            assert (await store.get_game(alice.game_id)).revision == before
    assert (await store.get_game(bob.game_id)).moves == bobs_moves
    assert answers[Notice] > INPUTS // 2  # most of it is nonsense, and is told so
