"""What a press on a board costs before its handler runs: discord.py parsing
the interaction (with the pressed message), then finding what handles it —
discord.py's ``DynamicItem`` way, which rebuilds the pressed message's
components into a view on every press, or this bot's, which matches the
``custom_id`` alone (``bot.adapter.components.route``). A Klondike board with
its 25-move menu, as a Components V2 message and as the classic message of
rows that boards were before (built as they were then); CPU time per press,
side by side in one run.

    python bench/presses.py [--presses 20000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import discord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.answers import board_view
from bot.adapter.components import GameButton, route
from bot.usecases.replies import Board
from render.text import status_line
from solitaire import new_game
from storage import Status
from tests.fake_discord import ALICE, CHANNEL_ID, payloads


def board() -> Board:
    game = new_game("klondike", 4711)
    moves = [
        (m.notation, m.notation, game.describe_move(m).render("en")) for m in game.ordered_moves()
    ]
    return Board(
        game_id=12345, owner_id=int(ALICE["id"]), revision=7, news="`4f` played.",
        summary=status_line(game, 12.0), png=b"", alt="Klondike " * 60,
        status=Status.PLAYING, moves=(moves * 25)[:25], can_draw=True, can_undo=True,
    )  # fmt: skip


def classic_components(shown: Board) -> list[dict[str, Any]]:
    """The board as it was before Components V2: rows of buttons and the
    menu, its options made for each board."""
    view = discord.ui.View(timeout=None)
    for action in ("draw", "undo", "hint", "auto"):
        view.add_item(GameButton(shown.game_id, action, shown.revision))
    options = [
        discord.SelectOption(label=notation, value=notation, description=what[:100])
        for notation, _, what in shown.moves
    ]
    custom_id = f"sol:{shown.game_id}:move:{shown.revision}"
    view.add_item(discord.ui.Select(options=options, custom_id=custom_id))
    return view.to_components()


def press_payload(components: list[dict[str, Any]], flags: int) -> dict[str, Any]:
    message = payloads.message(
        CHANNEL_ID, {"components": components, "flags": flags}, [("table.png", b"")]
    )
    return payloads.interaction(
        discord.InteractionType.component,
        payloads.component("sol:12345:draw:7"),
        ALICE,
        message=message,
    )


def per_press(work: Any, presses: int, rounds: int = 5) -> float:
    """CPU µs per call of *work*: the best of *rounds* rounds."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        for _ in range(presses // rounds):
            work()
        best = min(best, (time.process_time() - started) / (presses // rounds) * 1e6)
    return best


def main(presses: int) -> None:
    state = discord.Client(intents=discord.Intents.none())._connection
    state.user = discord.ClientUser(state=state, data=payloads.BOT_USER)  # type: ignore[arg-type]
    shown = board()
    v2 = press_payload(board_view(shown).to_components(), payloads.COMPONENTS_V2)
    classic = press_payload(classic_components(shown), 0)

    def parse(data: dict[str, Any]) -> discord.Interaction[Any]:
        return discord.Interaction(data=data, state=state)  # type: ignore[arg-type]

    def rebuilt(data: dict[str, Any]) -> None:
        interaction = parse(data)
        assert interaction.message is not None
        cls = discord.ui.LayoutView if interaction.message.flags.components_v2 else discord.ui.View
        view = cls.from_message(interaction.message, timeout=None)
        found = [i for i in view.walk_children() if getattr(i, "custom_id", None) == "x"]
        assert not found

    def routed(data: dict[str, Any]) -> None:
        pressed = route(parse(data))
        assert pressed is not None
        pressed.close()  # found; not run

    print(f"{presses} presses each; CPU µs per press, before the handler runs")
    for name, data in (("Components V2 board", v2), ("classic board", classic)):
        alone = per_press(lambda data=data: parse(data), presses)
        dynamic = per_press(lambda data=data: rebuilt(data), presses)
        ours = per_press(lambda data=data: routed(data), presses)
        print(
            f"{name:<22} parsing the press {alone:6.0f}; + DynamicItem's view rebuild "
            f"{dynamic:6.0f}; + routing by custom_id {ours:6.0f}  ({dynamic / ours:.2f}x)"
        )

    # The answer too: the new board's controls built and written out, and the
    # message Discord sends back with the callback read.
    def answer_v2() -> None:
        board_view(shown).to_components()
        reply = parse(v2)
        assert reply.message is not None

    def answer_classic() -> None:
        classic_components(shown)
        reply = parse(classic)
        assert reply.message is not None

    now = per_press(lambda: (routed(v2), answer_v2()), presses)
    then = per_press(lambda: (rebuilt(classic), answer_classic()), presses)
    print(
        f"a press and its answer, discord.py's part: a V2 board routed {now:.0f} µs, "
        f"a classic board through DynamicItem {then:.0f} µs ({now / then:.2f}x)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=20000)
    main(parser.parse_args().presses)
