"""Fewer actions, through the real bot and the local Discord server: a pile
code alone plays its move, and a game that plays itself out finishes in one
press."""

from __future__ import annotations

import json
import re

from solitaire import VARIANTS, load_position, new_game, winnable_deals
from solitaire.solver import Outcome, solve
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import GUILD_B, FakeDiscord
from tests.test_anywhere_e2e import CAROL, win

RUNS = {
    "f1": "AS 2S 3S",
    "f2": "AH 2H",
    "f3": " ".join(r + "D" for r in "A23456789TJQK"),
    "f4": " ".join(r + "C" for r in "A23456789TJQK"),
    "1": "KS QH JS TH 9S 8H 7S 6H 5S 4H",
    "2": "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H",
}


async def test_a_pile_alone_plays_its_move_and_autocomplete_offers_it(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 4711})
    offered = await server.autocomplete("move", "notation", "4")
    assert {"name": "4 → 4 f1 — A♣ to foundation f1", "value": "4"} in offered.data["choices"]
    moved = await server.slash("move", {"notation": "4"})
    assert "`4 f1` — A♣ to foundation f1" in moved.content and "1 move" in moved.content
    nothing = await server.slash("move", {"notation": "1"})
    assert nothing.ephemeral and "No move leaves column 1" in nothing.content


async def test_a_game_that_plays_itself_out_finishes_in_one_press(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "klondike", "deal": 8})
    piles = {code: cards.split() for code, cards in RUNS.items()}
    start = json.dumps(load_position("klondike", piles).to_record()["start"])
    await execute(database_url, "UPDATE games SET start = ? WHERE deal = 8", start)
    board = await server.slash("show")
    assert board.component(":finish:")["label"] == "Finish"
    finished = await server.press(server.message(board), board.component(":finish:")["custom_id"])
    assert finished.kind == 7
    assert "Finished: 21 cards sent home" in finished.content and "You won" in finished.content
    assert not any(":finish:" in custom_id for custom_id in finished.custom_ids)


async def test_a_player_who_hides_the_clock_sees_no_time(
    server: FakeDiscord, bot: BotProcess
) -> None:
    shown = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert re.search(r" · \d+:\d\d", shown.content)
    said = await server.slash("settings", {"clock": False})
    assert said.ephemeral and "do not show the time" in said.content
    moved = await server.slash("move", {"notation": "4"})
    assert "1 move" in moved.content and not re.search(r"\d+:\d\d", moved.content)


async def test_vegas_and_standard_scores_on_the_board_in_stats_and_the_leaderboard(
    server: FakeDiscord, bot: BotProcess
) -> None:
    said = await server.slash("settings", {"score": "vegas"})
    assert "scored Vegas" in said.content
    dealt = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert "Vegas -52" in dealt.content
    home = await server.slash("move", {"notation": "4"})
    assert "Vegas -47" in home.content
    stats = await server.slash("stats")
    assert "Vegas total: -47 points in 1 game" in stats.content
    elsewhere = await server.slash("stats", guild_id=GUILD_B)  # another server's total
    assert "Vegas total" not in elsewhere.content
    top = await server.slash("leaderboard", {"game": "klondike", "period": "vegas"})
    assert "1. alice — -47 points in 1 game" in top.content
    await server.slash("settings", {"score": "standard", "clock": False})
    standard = await server.slash("show")
    assert "score 15" in standard.content  # 10 for the ace home, 5 for the card turned up
    await server.slash("settings", {"score": "standard"})
    other = await server.slash("play", {"game": "calculation", "deal": 4711})
    assert "4/52 home" in other.content  # no classic score there: the cards home


async def test_a_shared_win_says_its_score(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("settings", {"score": "vegas"}, who=CAROL)
    won = await win(server, database_url)
    shared = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=CAROL
    )
    assert "(Vegas 208)" in shared.content  # -52 + 5 for each of the 52 cards


async def test_the_move_menu_offers_each_piles_best_move_then_its_others(
    server: FakeDiscord, bot: BotProcess
) -> None:
    board = await server.slash("play", {"game": "klondike", "deal": 4711})
    menu = board.component(":move:")
    values = [option["value"] for option in menu["options"]]
    assert values == ["4 f1", "s", "from:4"]  # the best of each pile first, one pick each
    opened = await server.press(server.message(board), menu["custom_id"], values=["from:4"])
    narrowed = opened.component(":move:")
    assert opened.kind == 7 and narrowed["placeholder"] == "Moves from column 4…"
    assert [option["value"] for option in narrowed["options"]] == ["4 f1", "4 5", "from:"]
    assert "0 moves" in opened.content  # nothing played yet
    moved = await server.press(server.message(opened), narrowed["custom_id"], values=["4 5"])
    assert "`4 5`" in moved.content and "1 move" in moved.content
    assert "from:" not in moved.component(":move:")["placeholder"]


async def test_a_player_following_a_winning_line_finishes_with_one_press(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    deal = winnable_deals(VARIANTS["klondike"], {})[0]
    found = solve(new_game("klondike", deal), max_nodes=200_000, max_seconds=30.0)
    assert found.outcome is Outcome.WON
    await server.slash("play", {"game": "klondike", "deal": deal})
    # The first moves of the line are in the record already (a player may
    # move 30 times in 5 seconds); the last 25 are played here, one by one.
    line, last = found.moves[:-25], found.moves[-25:]
    record = json.dumps([move.notation for move in line])
    await execute(
        database_url,
        "UPDATE games SET moves = ?, move_count = ?, revision = revision + 1",
        record, len(line),
    )  # fmt: skip
    board = await server.slash("show")
    for move in last:
        if any(":finish:" in custom_id for custom_id in board.custom_ids):
            break
        board = await server.slash("move", {"notation": move.notation})
        assert f"`{move.notation}`" in board.content  # played
    else:
        raise AssertionError("no Finish before the last move")
    finished = await server.press(server.message(board), board.component(":finish:")["custom_id"])
    assert "You won" in finished.content and "Finished:" in finished.content
