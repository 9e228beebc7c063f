"""A cup played as a cheat would play it, end to end on the local Discord,
both stores: three players and a spectator try every way the bot has of
showing a deal (hints, resigns and reviews, exports, forget and return,
shares, replays, Play this deal, other players' boards). The test reads the
cup's deals from the store and solves them itself; until the close, nothing
the bot sent (texts, components, alt texts, files, each export) nor its INFO
log names a deal's number or a stretch of a winning line. At the close the
deals are revealed."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import time
from collections.abc import Iterator
from typing import Any

from bot.usecases.cups import TRIES
from solitaire import VARIANTS, new_game
from solitaire.grading import measure
from solitaire.pool import hardest
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import BOB, FakeDiscord, Reply, user
from tests.test_cups_e2e import CAROL, DAVE, Card, king_left

EVE = user(5_000_000_000_000_700, "eve")  # a spectator: in the server, never in the cup
#: A stretch of a winning line this long, in any order of words the bot uses, gives it away.
STRETCH = 6


def lines_of(deal: int) -> list[list[str]]:
    """The solver's winning line of a Klondike deal, and its par line."""
    found = measure(new_game("klondike", deal), hardest(VARIANTS["klondike"], {}))
    assert found is not None, deal  # the bot kept it as one its solver wins
    return [[m.notation for m in found.line], [m.notation for m in found.par_line]]


def stretches(line: list[str]) -> Iterator[str]:
    """Each stretch of *line* as the bot would write it: in backticks (a
    review), as JSON (a file), or plain."""
    for start in range(len(line) - STRETCH + 1):
        window = line[start : start + STRETCH]
        if all(move == "s" for move in window):  # draws alone say nothing of a deal
            continue
        yield " ".join(f"`{move}`" for move in window)
        yield json.dumps(window)[1:-1]
        yield " ".join(window)


def everything_sent(server: FakeDiscord, bot: BotProcess) -> list[str]:
    """Every payload the bot sent, every file (an export unzipped), and its log."""
    said = [bot.log.read_text()]
    for path, payload, files in server.received:
        said.append(f"{path} {json.dumps(payload, ensure_ascii=False)}")
        for name, data in files:
            if name.endswith(".gz"):
                data = gzip.decompress(data)
            said.append(f"{name} " + data.decode("utf-8", "replace"))
    return said


async def private(reply: Reply, *words: str) -> Reply:
    assert reply.ephemeral, reply.content
    for word in words:
        assert word in reply.content, (word, reply.content)
    return reply


async def game_of(database_url: str, who: dict[str, Any], cup_id: int) -> tuple[int, int]:
    """The id and revision of *who*'s latest cup game."""
    rows = await execute(
        database_url, "SELECT id, revision FROM games WHERE cup_id = ? AND user_id = ?"
        " ORDER BY id DESC", cup_id, int(who["id"]),
    )  # fmt: skip
    return int(rows[0][0]), int(rows[0][1])  # type: ignore[call-overload]


async def test_no_output_names_an_open_cups_deal_or_its_winning_line(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    started = time.monotonic()
    posted = await server.slash("cup open", {"game": "klondike", "deals": 3, "hours": 24})
    assert time.monotonic() - started < 3.0  # its deals are dealt behind the card
    card = Card(server, posted)
    drawn = await card.dealt(database_url, timeout=TRIES * 0.5)
    deals = [int(deal) for _, deal, _, _ in drawn]  # type: ignore[call-overload]
    lines = [line for deal in deals for line in lines_of(deal)]
    # Bob: a hint, a win, then a share, a replay and Play this deal of it, forged.
    await private(await card.press("Play", BOB), "Cup · deal 1 of 3")
    await private(await server.slash("hint", who=BOB), "Hint")
    await private(await server.slash("hint", who=BOB))
    await king_left(database_url, BOB, card.id)
    won = await private(await server.slash("move", {"notation": "1f"}, who=BOB), "You won")
    bobs, revision = await game_of(database_url, BOB, card.id)
    for forged in (f"sol:{bobs}:share:{revision}", f"sol:replay:{bobs}", f"sol:deal:{bobs}"):
        await private(await server.press(server.forged([forged]), forged, who=BOB), "cup")
    assert not [c for c in won.custom_ids if ":share:" in c]
    # Carol: resigns, then asks for a review, by command and by a forged button.
    await private(await card.press("Play", CAROL), "Cup · deal 1 of 3")
    await private(await server.slash("resign", who=CAROL))
    await private(await server.slash("review", who=CAROL), "cup")
    carols, _ = await game_of(database_url, CAROL, card.id)
    forged = f"sol:review:{carols}"
    await private(await server.press(server.forged([forged]), forged, who=CAROL), "cup")
    # Dave: a hint, then forgets himself and comes back: deal 1 was his.
    await private(await card.press("Play", DAVE), "Cup · deal 1 of 3")
    await private(await server.slash("hint", who=DAVE))
    asked = await server.slash("mydata forget", who=DAVE)
    done = await server.press(server.message(asked), asked.custom_ids[0], who=DAVE)
    assert "forgotten you" in done.content
    await private(await card.press("Play", DAVE), "Cup · deal 2 of 3")
    await private(await server.slash("resign", who=DAVE))
    standing = await private(await card.press("Standings", DAVE), "You: ")
    rows = [row for row in standing.content.splitlines() if not row.startswith("You: ")]
    assert "\n".join(rows).count(f"<@{DAVE['id']}>") == 1 and "a player" not in standing.content
    # Eve watches: the card's buttons, Play this deal and other players' boards, forged.
    await private(await card.press("Standings", EVE))
    for forged in (
        f"cup:{card.id}:replay", f"cup:{card.id}:deal:1", f"sol:{bobs}:hint:0",
        f"sol:replay:{bobs}",
    ):  # fmt: skip
        await private(await server.press(server.forged([forged]), forged, who=EVE))
    # Everyone's data, as each of them would download it.
    for who in (BOB, CAROL, DAVE):
        await server.slash("mydata export", who=who)
        sent = await asyncio.wait_for(server.posted.get(), 10)
        assert sent.files
    # Nothing so far names a deal or a stretch of a winning line.
    await card.until(rf"<@{BOB['id']}> — 1 win")
    said = everything_sent(server, bot)
    for deal in deals:
        assert not [text for text in said if str(deal) in text], deal
    for line in lines:
        for stretch in stretches(line):
            assert not [text for text in said if stretch in text], stretch
    # The close reveals them, and Play this deal deals them.
    await private(await server.slash("cup end"), "closed")
    await card.until(r"The deals were:", timeout=15)
    assert all(re.search(rf"deal {deal}\b", card.text) for deal in deals)
    played = await card.press("Play this deal (2)", EVE)
    assert f"deal {deals[1]}" in played.content
    assert all(any(str(deal) in text for text in everything_sent(server, bot)) for deal in deals)
