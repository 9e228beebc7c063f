"""Fair play end to end: the real bot process and the local Discord server,
on both stores. Nothing of a deal still in play (a running race's, today's
daily) reaches anyone who could still play it; a race's results are frozen
at its end; the clock keeps thinking time; a known line earns nothing on
the boards; refusals are private; echoed input is clean. Asserted from what
the server received."""

from __future__ import annotations

import asyncio
import json
import re

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, Reply
from tests.fake_discord.payloads import EPHEMERAL, text_of
from tests.helpers import not_today
from tests.test_every_player_e2e import word_parts
from tests.test_races_e2e import DAVE, DEAL, mention, set_one_king_left, start_race

RACED = DEAL["deal"]  # the deal of start_race, under its rules


def public_texts(server: FakeDiscord) -> list[str]:
    """Everything posted where the whole channel reads it."""
    return [text_of(m) for m in server.messages.values() if not int(m["flags"]) & EPHEMERAL]


def public_files(server: FakeDiscord) -> list[str]:
    return [
        attachment["filename"]
        for m in server.messages.values()
        if not int(m["flags"]) & EPHEMERAL
        for attachment in m.get("attachments") or []
    ]


def stuck_table() -> dict[str, list[str]]:
    """A Klondike table with no move left: every column's one face-up card
    is an 8 or a 10, the foundations up to the 5s, stock and waste empty."""
    piles = {f"f{n}": [r + s for r in "A2345"] for n, s in enumerate("SHDC", 1)}
    tops = ["8S", "8H", "8D", "8C", "TS", "TH", "TD"]
    rest = [r + s for s in "SHDC" for r in "6789TJQK" if r + s not in tops]
    for column, top in enumerate(tops, 1):
        piles[str(column)] = [f"#{card}" for card in rest[(column - 1) * 4 : column * 4]] + [top]
    piles["7"][:0] = [f"#{card}" for card in rest[28:]]
    return piles


async def set_table(
    database_url: str, piles: dict[str, list[str]], where: str, *params: object
) -> None:
    """Swaps the deal of the games *where* says for a table of *piles*."""
    start = json.dumps(load_position("klondike", piles).to_record()["start"])
    await execute(
        database_url,
        "UPDATE games SET start = ?, moves = '[]', move_count = 0, revision = revision + 1"
        f" WHERE {where}",
        start, *params,
    )  # fmt: skip


def one_king_left() -> dict[str, list[str]]:
    piles = {f"f{n}": [r + s for r in "A23456789TJQK"] for n, s in enumerate("SHDC", 1)}
    piles["1"] = [piles["f1"].pop()]
    return piles


async def private(reply: Reply, *words: str) -> None:
    """A private answer in one step (never a public "thinking…" first)."""
    assert reply.kind == 4 and reply.ephemeral, reply.data
    for word in words:
        assert word in reply.content, reply.content


async def test_nothing_of_a_running_race_reaches_anyone_who_could_still_play_it(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    race = await start_race(server, [ALICE, BOB])
    # (3) The card names no deal; nobody deals it on the side while it runs.
    assert str(RACED) not in race.text
    for who in (DAVE, ALICE):  # a spectator, a racer
        dealt = await server.slash("play", DEAL, who=who)
        await private(dealt, "being raced in", f"<#{race.message['channel_id']}>")
    # (6) Thinking time counts when the board is reached by Play on the card.
    await race.press("Play", ALICE)
    await server.slash("move", {"notation": "s"}, who=ALICE)
    await execute(
        database_url, "UPDATE games SET updated_at = updated_at - 25 WHERE user_id = ?",
        int(ALICE["id"]),
    )  # fmt: skip
    await race.press("Play", ALICE)
    moved = await server.slash("move", {"notation": "s"}, who=ALICE)
    minutes, seconds = re.findall(r"(\d+):(\d\d)", moved.content)[-1]
    assert 25 <= 60 * int(minutes) + int(seconds) < 40, moved.content
    # (1) A racer who resigned gets no review while the others race, and no Review button.
    resigned = await server.slash("resign", who=BOB)
    assert not any(":review:" in custom_id for custom_id in resigned.custom_ids)
    await private(await server.slash("review", who=BOB), "review waits", "<t:")
    [(game_id,)] = await execute(
        database_url, "SELECT id FROM games WHERE user_id = ?", int(BOB["id"])
    )
    forged = f"sol:review:{game_id}"
    pressed = await server.press(server.forged([forged]), forged, who=BOB)
    await private(pressed, "review waits")
    await race.until(rf"{mention(BOB)} — resigned")
    assert "Racing!" in race.text
    # (2) A racer still racing whose game is stuck has no Review either.
    await set_table(database_url, stuck_table(), "user_id = ? AND race_id IS NOT NULL",
                    int(ALICE["id"]))  # fmt: skip
    stuck = await race.press("Play", ALICE)
    assert "No legal move is left" in stuck.content, stuck.content
    assert not any(":review:" in custom_id for custom_id in stuck.custom_ids)
    await private(await server.slash("review", who=ALICE), "review waits")
    assert not any("could be won" in text for text in public_texts(server))
    assert "review.gif" not in public_files(server)
    # Out of time: the race is over; its deal is shown and the review is given.
    await execute(database_url, "UPDATE races SET started_at = started_at - 1801")
    await race.until("The race is over")
    assert f"deal {RACED}" in race.text
    ended = race.text
    # (5) A win after the end counts as an ordinary game, not a race won.
    await set_one_king_left(database_url, ALICE, race.id)
    won = await server.slash("move", {"notation": "1f"}, who=ALICE)
    assert "You won" in won.content
    await asyncio.sleep(2.5)  # a card edit would land within its 2 s
    assert race.text == ended and "🏆" not in ended
    stats = await server.slash("stats", who=ALICE)
    assert "races: 0 won of 1" in stats.content
    # The review is offered now that nobody races the deal: on the card.
    assert race.buttons == ["Watch", "Review", "Rematch"]
    await private(await race.press("Review", DAVE), "not in that race")
    asked = await race.press("Review", BOB)
    assert asked.kind == 5
    review = await asyncio.wait_for(server.posted.get(), 10)
    assert "could" in review.content and not review.ephemeral


async def test_todays_daily_keeps_its_line_until_the_day_is_over(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    # (9) A refusal of /review is private, decided before anything is promised.
    await private(await server.slash("review"), "no game that ended without a win")
    await server.slash("daily", {"game": "klondike"})
    resigned = await server.slash("resign")
    assert not any(":review:" in custom_id for custom_id in resigned.custom_ids)
    # (4) The review of today's daily waits for the day's end.
    await private(await server.slash("review"), "today's daily deal", "<t:")
    [(game_id,)] = await execute(database_url, "SELECT id FROM games")
    forged = f"sol:review:{game_id}"
    await private(await server.press(server.forged([forged]), forged), "today's daily deal")
    others = await server.slash("daily", {"game": "klondike"}, who=BOB)
    assert "deal" in others.content and not others.ephemeral
    assert not any("could be won" in text for text in public_texts(server))
    assert "review.gif" not in public_files(server)


async def test_a_known_line_earns_nothing_on_the_boards(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    deal = not_today("klondike", 4712, 4713)
    await server.slash("settings", {"score": "vegas"})
    await server.slash("play", {"game": "klondike", "deal": deal})
    await server.slash("resign")  # -52
    asked = await server.slash("review")  # not in play: given, in public
    assert asked.kind == 5 and "could" in (await asyncio.wait_for(server.posted.get(), 10)).content
    # (8) No race on a deal the host has reviewed.
    raced = await server.slash("race", {"game": "klondike", "deal": deal})
    await private(raced, "leave `deal:` out")
    # (7) The deal again, its line in hand: practice, worth nothing on the boards.
    for _ in range(2):
        again = await server.slash("play", {"game": "klondike", "deal": deal})
        assert "Practice" in again.content
        await set_table(database_url, one_king_left(), "status = 'playing'")
        won = await server.slash("move", {"notation": "1f"})
        assert "You won" in won.content
        # (11) A second win of one deal is not ranked against the player himself.
        assert "among the wins on this deal" not in won.content
    vegas = await server.slash("leaderboard", {"game": "klondike", "period": "vegas"})
    assert "-52" in vegas.content and "208" not in vegas.content
    wins = await server.slash("leaderboard", {"game": "klondike", "period": "all"})
    assert "0 of 1" in wins.content, wins.content
    # A first attempt won with a hint counts, marked.
    fresh = not_today("klondike", 4714, 4715)
    await server.slash("play", {"game": "klondike", "deal": fresh})
    await set_table(database_url, one_king_left(), "status = 'playing'")
    await server.slash("hint")
    await server.slash("move", {"notation": "1f"})
    wins = await server.slash("leaderboard", {"game": "klondike", "period": "all"})
    assert "1 of 2" in wins.content and "1 with hints" in wins.content, wins.content


async def test_french_words_and_forged_menu_values_are_answered_cleanly(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    # (10) The table in words, in French, names an ace with its article.
    await server.slash("settings", {"text": True}, locale="fr")
    await server.slash("play", {"game": "klondike", "deal": 4711}, locale="fr")
    piles = {"f1": ["AS"], "1": ["#KD", "QC"], "2": ["2S"]}
    await set_table(database_url, piles, "status = 'playing'")
    shown = await server.slash("show", locale="fr")
    assert any("jusqu’à l’as de pique" in part for part in word_parts(shown)), word_parts(shown)
    # (12) A forged menu value's control characters are not echoed back.
    menu = shown.component(":move:")["custom_id"]
    forged = await server.press(
        server.message(shown), menu, values=["1\x00 2\u202e\u200d"], locale="fr"
    )
    assert forged.ephemeral
    assert not any(ch in forged.content for ch in "\x00\u202e\u200d"), forged.content
    assert "`1 2`" in forged.content, forged.content
