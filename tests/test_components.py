"""The bot's controls: each press is routed by its ``custom_id`` alone, and
discord.py keeps nothing of a board it sent (a bot sends a board a move)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.adapter import message_limits
from bot.adapter.answers import board_view, retired
from bot.adapter.components import GameButton, MoveSelect, route
from bot.adapter.racing import race_view
from bot.usecases.races import RaceCard
from bot.usecases.replies import Board
from storage import RaceStatus, Status
from tests.fake_discord import ALICE, payloads, spec


def press(custom_id: str, values: list[str] | None = None) -> discord.Interaction[Any]:
    state = discord.Client(intents=discord.Intents.none())._connection
    state.user = discord.ClientUser(state=state, data=payloads.BOT_USER)  # type: ignore[arg-type]
    data = payloads.interaction(
        discord.InteractionType.component, payloads.component(custom_id, values), ALICE
    )
    return discord.Interaction(data=data, state=state)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "custom_id",
    [
        "sol:12:draw:3", "sol:12:share:3", "sol:12:move:3", "sol:new:5:klondike:d3:0:w",
        "sol:new:5:klondike:3:5", "sol:deal:12", "sol:review:12", "race:4:join",
        "race:4:rematch", "race:4:see:5:n", "sol:99999999999999999999:undo:1",
    ],
)  # fmt: skip
def test_every_control_of_the_bot_is_routed(custom_id: str) -> None:
    pressed = route(press(custom_id))
    assert pressed is not None
    pressed.close()


@pytest.mark.parametrize("custom_id", ["sol:12:jump:3", "race:4:cheat", "other:1", "sol:12:draw"])
def test_a_control_of_no_kind_the_bot_makes_is_not_routed(custom_id: str) -> None:
    assert route(press(custom_id)) is None


def test_discord_py_keeps_no_view_of_a_board_or_a_card_once_sent() -> None:
    store = discord.Client(intents=discord.Intents.none())._connection._view_store
    board = Board(
        game_id=1, owner_id=2, revision=3, news="", summary="Klondike", png=b"", alt="a table",
        status=Status.PLAYING, moves=[("s", "s", "draw")], can_draw=True,
    )  # fmt: skip
    card = RaceCard(1, "🏁 Race", ("join", "leave", "start"), RaceStatus.OPEN, "en")
    classic = discord.ui.View(timeout=None)
    classic.add_item(GameButton(1, "draw", 3))
    classic.add_item(MoveSelect(1, 3, [("s", "s", "draw")]))
    for message_id, view in enumerate((board_view(board), race_view(card), classic), 100):
        store.add_view(view, message_id)
    assert not store._views and not store._synced_message_views and not store._dynamic_items


def test_a_retired_board_is_one_line_of_a_components_v2_message_as_discord_takes_it() -> None:
    body = retired("This game goes on here: https://discord.com/channels/1/2/3")
    laid_out = discord.ui.LayoutView()  # as discord.py lays out one line of text
    laid_out.add_item(discord.ui.TextDisplay(body["components"][0]["content"]))
    assert body["components"] == laid_out.to_components()
    assert body["flags"] == discord.MessageFlags(components_v2=True).value
    assert body["attachments"] == [] and body["content"] is None
    assert spec.problems("PATCH", "/channels/1/messages/2", body) == []
    assert message_limits.message_problems(body, was_v2=False) == []  # a board made V2 on retiring
    assert message_limits.message_problems(retired("x" * 4001), was_v2=False)
