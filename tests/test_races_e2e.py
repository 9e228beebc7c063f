"""Races on one deal, end to end: the real bot process and the local Discord
server. A public race card; each racer's board private (ephemeral); the card
edited as racers progress, at most once every 2 s; spectators; challenges;
a restart mid-race; and every refusal in a short answer. Asserted from what
the server received."""

from __future__ import annotations

import asyncio
import itertools
import re
from typing import Any

import pytest

from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, FakeDiscord, Reply, user
from tests.fake_discord.payloads import COMPONENTS_V2, EPHEMERAL, controls, media_of, text_of
from tests.helpers import one_king_left
from tests.test_boards_e2e import settled

CAROL = user(5_000_000_000_000_500, "carol")
DAVE = user(5_000_000_000_000_600, "dave")  # a spectator
DEAL = {"game": "klondike", "deal": 4711, "draw": 1, "passes": "unlimited"}


def mention(who: dict[str, Any]) -> str:
    return f"<@{who['id']}>"


class Race:
    """A race card as the server holds it."""

    def __init__(self, server: FakeDiscord, posted: Reply) -> None:
        self.server = server
        self.message_id = int(server.message(posted)["id"])
        self.id = int(posted.custom_ids[0].split(":")[1])

    @property
    def message(self) -> dict[str, Any]:
        return self.server.messages[self.message_id]

    @property
    def text(self) -> str:
        return text_of(self.message)

    @property
    def buttons(self) -> list[str]:
        return [c["label"] for c in _controls(self.message)]

    async def press(self, label: str, who: dict[str, Any]) -> Reply:
        [button] = [c for c in _controls(self.message) if c["label"] == label]
        return await self.server.press(self.message, button["custom_id"], who=who)

    async def until(self, pattern: str, timeout: float = 6.0) -> None:
        """Waits until the card's text matches *pattern*."""
        await settled(lambda: re.search(pattern, self.text, re.S) is not None, timeout)


def _controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    return controls(message)


def is_private_board(reply: Reply) -> bool:
    """A Components V2 board, ephemeral (an edit keeps the message's flag)."""
    assert reply.message is not None
    flags = int(reply.message.get("flags") or 0)
    return bool(flags & EPHEMERAL and flags & COMPONENTS_V2) and media_of(reply.data) == [
        "table.png"
    ]


async def start_race(server: FakeDiscord, racers: list[dict[str, Any]]) -> Race:
    """The first of *racers* opens a race, the others join, the host starts it."""
    posted = await server.slash("race", DEAL, who=racers[0])
    assert not posted.ephemeral and int(posted.data["flags"]) & COMPONENTS_V2
    race = Race(server, posted)
    assert race.buttons == ["Join", "Leave", "Start"]
    # The deal's number is shown once the race is over: until then it is in play.
    assert "deal 4711" not in race.text and "lapses <t:" in race.text
    assert "the deal is shown when the race is over" in race.text
    for racer in racers[1:]:
        joined = await race.press("Join", racer)
        assert joined.kind == 7 and mention(racer) in race.text
    started = await race.press("Start", racers[0])
    assert started.kind == 7 and race.buttons == ["Play", "Watch"]
    return race


async def set_one_king_left(database_url: str, who: dict[str, Any], race_id: int) -> None:
    """Swaps *who*'s race game's deal for a table with one King left to go home."""
    await one_king_left(database_url, "race_id = ? AND user_id = ?", race_id, int(who["id"]))


@pytest.mark.parametrize("racers", [[ALICE, BOB], [ALICE, BOB, CAROL]], ids=["two", "three"])
async def test_a_race_from_the_card_to_the_result(
    server: FakeDiscord, bot: BotProcess, database_url: str, racers: list[dict[str, Any]]
) -> None:
    race = await start_race(server, racers)
    boards = {}
    for racer in racers:
        played = await race.press("Play", racer)
        assert is_private_board(played), played.data
        assert "deal 4711" in played.content and "only you see it" in played.content
        boards[racer["id"]] = played
    # Each racer moves on their own board; nothing of it is posted in public.
    public_before = [m for m in server.messages.values() if not int(m["flags"]) & EPHEMERAL]
    for racer in racers:
        board = boards[racer["id"]]
        drawn = await server.press(
            server.message(board), board.component(":draw:")["custom_id"], who=racer
        )
        assert drawn.kind == 7 and is_private_board(drawn) and "1 move" in drawn.content
    public_after = [m for m in server.messages.values() if not int(m["flags"]) & EPHEMERAL]
    assert len(public_after) == len(public_before)
    await race.until(rf"{mention(racers[-1])} — ▱+ · 0/52 home · 1 move, 0 undos, 0 hints")
    # A spectator watches: one racer's board, then the next.
    watched = await race.press("Watch", DAVE)
    assert watched.ephemeral and media_of(watched.data) == ["table.png"]
    assert f"Watching {mention(racers[0])}" in watched.content
    following = await server.press(
        server.message(watched), watched.component(":n")["custom_id"], who=DAVE
    )
    assert following.kind == 7 and f"Watching {mention(racers[1])}" in following.content
    # A racer still racing may not watch the others.
    peeking = await race.press("Watch", racers[1])
    assert peeking.ephemeral and "No peeking" in peeking.content
    # The first racer wins; the others resign.
    await set_one_king_left(database_url, racers[0], race.id)
    won = await server.slash("move", {"notation": "1f"}, who=racers[0])
    assert is_private_board(won) and "You won" in won.content
    await race.until(rf"🏆 1st {mention(racers[0])} — \d+:\d\d")
    assert "Racing!" in race.text
    # While the others still race this deal, nothing of the winner's game goes public.
    shared = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=racers[0]
    )
    game_id = won.component(":share:")["custom_id"].split(":")[1]
    replayed = await server.press(
        server.forged([f"sol:replay:{game_id}"]), f"sol:replay:{game_id}", who=DAVE
    )
    for refused in (shared, replayed):
        assert refused.ephemeral and "Not while the race is on" in refused.content
    for racer in racers[1:]:
        resigned = await server.slash("resign", who=racer)
        assert is_private_board(resigned)
    await race.until("The race is over")
    assert race.buttons == ["Watch", "Review", "Rematch"]
    for racer in racers[1:]:
        assert f"{mention(racer)} — resigned" in race.text
    # Afterwards a racer may watch, and replay, any racer's game.
    after = await race.press("Watch", racers[1])
    assert f"Watching {mention(racers[0])}" in after.content
    replay = await server.press(
        server.message(after), after.component("sol:replay:")["custom_id"], who=racers[1]
    )
    assert replay.kind == 5  # deferred: the GIF follows
    gif = await asyncio.wait_for(server.posted.get(), 10)
    assert gif.files and gif.files[0][0] == "replay.gif"
    stats = await server.slash("stats", who=racers[0])
    assert "races: 1 won of 1" in stats.content


async def test_a_racer_typing_a_move_in_chat_is_answered_without_a_board(
    server: FakeDiscord, bot: BotProcess
) -> None:
    await start_race(server, [ALICE, BOB])
    answer = await server.say_and_wait("s", who=BOB)
    assert "You are racing" in answer.content and not answer.files


async def test_a_challenge_is_accepted_by_the_one_invited_alone(
    server: FakeDiscord, bot: BotProcess
) -> None:
    posted = await server.user_command("Race", BOB, who=ALICE)
    race = Race(server, posted)
    assert race.buttons == ["Accept", "Decline"]
    assert f"{mention(ALICE)} challenges {mention(BOB)}" in race.text
    assert [int(i) for i in posted.data["allowed_mentions"]["users"]] == [int(BOB["id"])]
    refused = await race.press("Accept", CAROL)
    assert refused.ephemeral and "challenge for" in refused.content
    accepted = await race.press("Accept", BOB)
    assert accepted.kind == 7 and race.buttons == ["Play", "Watch"]
    declined = Race(server, await server.user_command("Race", CAROL, who=ALICE))
    await declined.press("Decline", CAROL)
    assert "declined" in declined.text and declined.buttons == []
    myself = await server.user_command("Race", ALICE, who=ALICE)
    assert myself.ephemeral and "cannot challenge yourself" in myself.content


async def test_every_wrong_press_gets_a_short_answer_and_changes_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    race = Race(server, await server.slash("race", DEAL, who=ALICE))
    refusals = [
        (await race.press("Join", ALICE), "in this race already"),
        (await race.press("Start", ALICE), "needs two racers"),
        (await race.press("Leave", BOB), "not in this race"),
    ]
    await race.press("Join", BOB)
    refusals.append((await race.press("Start", BOB), f"Only the host, {mention(ALICE)}"))
    forged = server.forged(
        ["race:999:join", f"race:{race.id}:play", "race:1:see:99999999999999999999:r"]
    )
    refusals.append((await server.press(forged, "race:999:join", who=BOB), "no longer exists"))
    refusals.append(
        (await server.press(forged, f"race:{race.id}:play", who=BOB), "not started yet")
    )
    refusals.append(
        (await server.press(forged, "race:1:see:99999999999999999999:r", who=BOB), "not started")
    )
    wrong = await server.slash("race", {"game": "casket", "draw": 3}, who=BOB)
    refusals.append((wrong, "no option"))
    for reply, words in refusals:
        assert reply.ephemeral and words in reply.content, (words, reply.content)
    # The host leaves: the next racer hosts; the last one out cancels it.
    await race.press("Leave", ALICE)
    assert f"Hosted by {mention(BOB)}" in race.text
    await race.press("Leave", BOB)
    assert "Everyone left" in race.text and race.buttons == []
    # A full race, and one that has started.
    full = Race(server, await server.slash("race", DEAL, who=ALICE))
    for n in range(7):
        await full.press("Join", user(5_000_000_000_001_000 + n, f"racer{n}"))
    too_many = await full.press("Join", CAROL)
    assert too_many.ephemeral and "full (8 racers)" in too_many.content
    await full.press("Start", ALICE)
    late = await full.press("Play", CAROL)
    assert late.ephemeral and "press **Watch**" in late.content
    stale = server.forged([f"race:{full.id}:join"])  # an old copy of the card
    joined_late = await server.press(stale, f"race:{full.id}:join", who=CAROL)
    assert joined_late.ephemeral and "has started" in joined_late.content
    [(racing,)] = await execute(
        database_url, "SELECT count(*) FROM games WHERE race_id = ?", full.id
    )
    assert racing == 8


async def test_an_unstarted_race_lapses(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    race = Race(server, await server.slash("race", DEAL, who=ALICE))
    await execute(database_url, "UPDATE races SET created_at = created_at - 601")
    await race.until("lapsed")
    assert race.buttons == []
    old_copy = server.forged([f"race:{race.id}:join"])
    refused = await server.press(old_copy, f"race:{race.id}:join", who=BOB)
    assert refused.ephemeral and "over" in refused.content


async def test_a_restart_mid_race_loses_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    race = await start_race(server, [ALICE, BOB])
    ends = re.search(r"ends <t:(\d+):R>", race.text)
    board = await race.press("Play", BOB)
    await bot.stop()
    await bot.start()
    drawn = await server.press(
        server.message(board), board.component(":draw:")["custom_id"], who=BOB
    )
    assert drawn.kind == 7 and "1 move" in drawn.content
    await race.until(rf"{mention(BOB)} — .* 1 move")
    assert ends is not None and f"ends <t:{ends[1]}:R>" in race.text  # the clock runs on
    await server.slash("resign", who=ALICE)
    await server.slash("resign", who=BOB)
    await race.until("The race is over")


async def test_a_card_edit_that_fails_is_made_again(server: FakeDiscord, bot: BotProcess) -> None:
    race = await start_race(server, [ALICE, BOB])
    server.fail_next("edit_message", 503, times=2)  # not one discord.py retries itself
    await server.slash("resign", who=ALICE)
    await server.slash("resign", who=BOB)
    await race.until("The race is over", timeout=10)
    assert f"{mention(BOB)} — resigned" in race.text


async def test_eight_racers_moving_fast_edit_the_card_once_every_two_seconds_at_most(
    server: FakeDiscord, bot: BotProcess
) -> None:
    racers = [ALICE, BOB, CAROL] + [user(5_000_000_000_002_000 + n, f"r{n}") for n in range(5)]
    race = await start_race(server, racers)
    boards = {racer["id"]: await race.press("Play", racer) for racer in racers}

    async def keep_drawing(racer: dict[str, Any]) -> int:
        board, moves = boards[racer["id"]], 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 7
        while loop.time() < deadline:
            pressed = await server.press(
                server.message(board), board.component(":draw:")["custom_id"], who=racer
            )
            if pressed.kind == 7:
                board, moves = pressed, moves + 1
            await asyncio.sleep(0.3)  # as fast as people press
        return moves

    moves = await asyncio.gather(*(keep_drawing(racer) for racer in racers))
    for racer in racers:
        await server.slash("resign", who=racer)
    await race.until("The race is over")
    await asyncio.sleep(2.5)  # nothing more comes
    times = server.edited_at[race.message_id]
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert len(times) >= 3 and min(gaps) >= 2.0, gaps
    for racer, made in zip(racers, moves, strict=True):
        assert f"{mention(racer)} — resigned · 0/52 home · {made} move" in race.text


async def test_undos_and_hints_count_and_a_racer_may_play_another_game_meanwhile(
    server: FakeDiscord, bot: BotProcess
) -> None:
    race = await start_race(server, [ALICE, BOB])
    board = await race.press("Play", BOB)
    drawn = await server.press(
        server.message(board), board.component(":draw:")["custom_id"], who=BOB
    )
    undone = await server.press(
        server.message(drawn), drawn.component(":undo:")["custom_id"], who=BOB
    )
    assert undone.kind == 7 and is_private_board(undone)
    hint = await server.slash("hint", who=BOB)
    assert hint.ephemeral
    await race.until(rf"{mention(BOB)} — .* 0 moves, 1 undo, 1 hint")
    # Bob starts a game of his own: it is public, and his race game stays his.
    own = await server.slash("play", {"game": "klondike", "deal": 99}, who=BOB)
    assert not own.ephemeral and "deal 99" in own.content
    moved = await server.slash("move", {"notation": "s"}, who=BOB)
    assert not moved.ephemeral and "deal 99" in moved.content
    # Play on the card brings his race board back, and /move plays it again.
    back = await race.press("Play", BOB)
    assert is_private_board(back) and "deal 4711" in back.content
    raced = await server.slash("move", {"notation": "s"}, who=BOB)
    assert is_private_board(raced) and "deal 4711" in raced.content


async def test_a_race_ends_after_thirty_minutes_and_a_rematch_deals_anew(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    race = await start_race(server, [ALICE, BOB, CAROL])
    await server.slash("resign", who=CAROL)
    await execute(database_url, "UPDATE races SET started_at = started_at - 1801")
    await race.until("The race is over")
    assert f"{mention(ALICE)} — out of time" in race.text
    assert f"{mention(CAROL)} — resigned" in race.text
    refused = await race.press("Rematch", DAVE)
    assert refused.ephemeral and "not in that race" in refused.content
    again = Race(server, await race.press("Rematch", BOB))
    assert again.id != race.id and again.buttons == ["Join", "Leave", "Start"]
    assert f"Hosted by {mention(BOB)} · 3 of 8 racers" in again.text
    assert "deal 4711" not in again.text and "Klondike, draw 1" in again.text
    started = await again.press("Start", BOB)
    assert started.kind == 7 and again.buttons == ["Play", "Watch"]


async def test_a_card_edit_over_discords_cap_on_old_messages_waits_and_lands(
    server: FakeDiscord, bot: BotProcess
) -> None:
    race = await start_race(server, [ALICE, BOB])
    server.fail_next("edit_message", 30046, times=6)  # past discord.py's five tries
    await server.slash("resign", who=ALICE)
    await server.slash("resign", who=BOB)
    await race.until("The race is over", timeout=15)
    log = bot.log.read_text()
    assert "Traceback" not in log and "not edited, tried again soon" in log
