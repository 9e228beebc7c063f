"""Server Cups end to end: the real bot process and the local Discord
server, on both stores. A manager opens a cup of 3 deals; players play
privately, one attempt a deal; no answer names a cup deal while it is open;
the card is edited as results come in, never twice in 10 s; ``/cup end``
ranks, reveals the deals and crowns the champion; the server's scheduled
event is made and ended. Asserted from what the server received."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import re
import time
from typing import Any

from PIL import Image

from render import CLASSIC
from solitaire import MAX_DEAL
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import BOB, FakeDiscord, Reply, user
from tests.fake_discord.payloads import (
    ABOVE_ROLE,
    CHAMPION_ROLE,
    COMPONENTS_V2,
    GUILD_ID,
    alt_of,
    components_in,
    controls,
    text_of,
)
from tests.helpers import one_king_left
from tests.test_boards_e2e import settled
from tests.test_races_e2e import Race

CAROL = user(5_000_000_000_000_500, "carol")
DAVE = user(5_000_000_000_000_600, "dave")


class Card(Race):
    """A cup card as the server holds it (its id is the cup's)."""

    @property
    def labels(self) -> list[str]:
        return self.buttons

    async def until(self, pattern: str, timeout: float = 25.0) -> None:
        await super().until(pattern, timeout)

    async def dealt(self, database_url: str, timeout: float = 60.0) -> list[tuple[Any, ...]]:
        """Waits until the cup's deals are drawn and graded (as it opens,
        behind its card); returns them: number, deal, stars, par."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rows = await execute(
                database_url, "SELECT number, deal, stars, par FROM cup_deals WHERE cup_id = ?"
                " ORDER BY number", self.id,
            )  # fmt: skip
            if rows:
                return rows
            await asyncio.sleep(0.1)
        raise AssertionError(f"the deals of cup {self.id} were not drawn in {timeout} s")


async def king_left(database_url: str, who: dict[str, Any], cup_id: int) -> None:
    """Swaps *who*'s cup game in play for a table with one King left to go home."""
    where = "cup_id = ? AND user_id = ? AND status = 'playing'"
    await one_king_left(database_url, where, cup_id, int(who["id"]))


async def win_a_deal(
    server: FakeDiscord, database_url: str, who: dict[str, Any], card: Card
) -> Reply:
    board = await card.press("Play", who)
    assert board.ephemeral and "Cup · deal" in board.content
    await king_left(database_url, who, card.id)
    won = await server.slash("move", {"notation": "1f"}, who=who)
    assert "You won" in won.content and won.ephemeral
    assert not [c for c in controls(won.data) if "share" in c.get("custom_id", "")]
    return won


async def test_a_cup_from_its_opening_to_its_champion(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    posted = await server.slash(
        "cup open", {"game": "klondike", "deals": 3, "champion": CHAMPION_ROLE}
    )
    assert not posted.ephemeral and int(posted.data["flags"]) & COMPONENTS_V2
    card = Card(server, posted)
    assert card.labels == ["Play", "Standings"]
    assert "Server Cup · Klondike" in card.text and "3 deals" in card.text
    assert re.search(r"Closes <t:\d+:F> \(<t:\d+:R>\)", card.text)
    assert "Its deals are being dealt and graded" in card.text
    drawn = await card.dealt(database_url)
    deals = [deal for _, deal, _, _ in drawn]
    assert len(deals) == 3 and all(deal > MAX_DEAL for deal in deals)
    # Each deal's difficulty shows, as graded when it was drawn, never its number.
    shown = " · ".join("★" * stars + "☆" * (5 - stars) for _, _, stars, _ in drawn)
    await card.until(re.escape(f"Difficulty of each deal: {shown}"))
    # The server's scheduled event, made and started.
    await settled(lambda: any(e.get("status") == 2 for e in server.events.values()), 10)
    [event] = server.events.values()
    assert event["entity_type"] == 3 and event["name"] == "Server Cup · Klondike"
    # Bob wins two deals; Play again returns to the game he plays.
    first = await card.press("Play", BOB)
    again = await card.press("Play", BOB)
    assert first.custom_ids == again.custom_ids and "Cup · deal 1 of 3" in first.content
    await king_left(database_url, BOB, card.id)
    won = await server.slash("move", {"notation": "1f"}, who=BOB)
    assert "You won" in won.content
    # A restart mid-cup loses nothing.
    await bot.stop()
    await bot.start()
    await server.wait_ready()
    second = await win_a_deal(server, database_url, BOB, card)
    assert "Cup · deal 2 of 3" in second.content
    # Carol wins one with undos; Dave resigns.
    await card.press("Play", CAROL)
    await execute(
        database_url, "UPDATE games SET undos = 2 WHERE cup_id = ? AND user_id = ?",
        card.id, int(CAROL["id"]),
    )  # fmt: skip
    await win_a_deal(server, database_url, CAROL, card)
    await card.press("Play", DAVE)
    resigned = await server.slash("resign", who=DAVE)
    assert resigned.ephemeral
    # The card comes up to date, edited at most once every 10 s.
    await card.until(rf"🥇 1\. <@{BOB['id']}> — 2 wins.*🥈 2\. <@{CAROL['id']}> — 1 win · 0 clean")
    edits = server.edited_at.get(card.message_id, [])
    assert all(b - a >= 10 for a, b in itertools.pairwise(edits)), edits
    standing = await card.press("Standings", DAVE)
    assert standing.ephemeral and f"You: 3. <@{DAVE['id']}> — 0 wins" in standing.content
    # Nothing said while the cup was open names one of its deals ("Cup ·
    # deal 2 of 3" names the second deal of the cup, whatever its number).
    for message in server.messages.values():
        said = text_of(message) + alt_of(message)
        assert not any(re.search(rf"deal {deal}(?!\d| of \d)", said) for deal in deals), said
    # Bob's own data names no cup deal while the cup is open.
    await server.slash("mydata export", who=BOB)
    sent = await asyncio.wait_for(server.posted.get(), 10)
    [(_, content)] = sent.files
    games = json.loads(content)["tables"]["games"]
    assert [g["deal"] for g in games if g["cup_id"] == card.id] == [None, None]
    # /cup end: the final order, the deals, the champion's role, the event ended.
    ended = await server.slash("cup end")
    assert ended.ephemeral and "closed" in ended.content
    await card.until(r"The deals were:", timeout=15)
    assert all(f"deal {deal}" in card.text for deal in deals)
    assert card.labels[:2] == ["Standings", "Replay"] and "Play this deal (1)" in card.labels
    await settled(
        lambda: ("add", GUILD_ID, int(BOB["id"]), int(CHAMPION_ROLE["id"])) in server.roles, 10
    )
    await settled(lambda: event["status"] == 3, 10)
    await card.until(rf"Champion: <@{BOB['id']}>", timeout=15)
    # The close records the podium's achievements.
    cups = "SELECT code FROM achievements WHERE user_id = ? AND code IN ('cup.1', 'podium.1')"
    got = await execute(database_url, cups, int(BOB["id"]))
    assert {code for (code,) in got} == {"cup.1", "podium.1"}
    podium = "SELECT code FROM achievements WHERE user_id = ? AND code = 'podium.1'"
    assert await execute(database_url, podium, int(CAROL["id"])) == [("podium.1",)]
    assert await execute(database_url, podium, int(DAVE["id"])) == []
    # After the close: Play is refused, anyone replays a cup game, and plays a deal.
    assert (await card.press("Standings", DAVE)).ephemeral
    replay = await card.press("Replay", DAVE)
    assert replay.ephemeral and controls(replay.data)[0]["custom_id"] == f"cup:{card.id}:see"
    played = await card.press("Play this deal (1)", DAVE)
    assert f"deal {deals[0]}" in played.content


async def test_every_bad_input_gets_a_short_answer_and_changes_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    not_manager = (
        "Only members who may manage this server (Manage Server), or have its cup role,"
        " can do that."
    )
    for options in ({"game": "klondike"},):
        refused = await server.slash("cup open", options, who=CAROL)
        assert refused.ephemeral and refused.content == not_manager
    for options, said in (
        ({"game": "casket", "deals": 11}, "A cup has 1 to 10 deals."),
        ({"game": "casket", "hours": 0}, "A cup runs 1 to 336 hours."),
        ({"game": "casket", "hours": 400}, "A cup runs 1 to 336 hours."),
        ({"game": "casket", "starts": -2}, "A cup cannot start in the past"),
        ({"game": "casket", "starts": 800}, "A cup starts within 30 days."),
        ({"game": "casket", "champion": ABOVE_ROLE}, "I cannot give"),
    ):
        refused = await server.slash("cup open", options)
        assert refused.ephemeral and refused.content.startswith(said), (options, refused.content)
    assert await execute(database_url, "SELECT id FROM cups") == []
    # A cup that opens later: Play waits; three cups, then a fourth is refused.
    later = Card(server, await server.slash("cup open", {"game": "calculation", "starts": 5}))
    early = await later.press("Play", BOB)
    assert early.ephemeral and early.content.startswith("This cup opens <t:")
    await server.slash("cup open", {"game": "casket", "deals": 1})
    clean = Card(
        server, await server.slash("cup open", {"game": "mixed", "deals": 4, "clean": True})
    )
    await clean.dealt(database_url)
    fourth = await server.slash("cup open", {"game": "klondike"})
    assert fourth.ephemeral and fourth.content.startswith("This server has 3 cups open")
    # A clean cup: no undo, no hint.
    board = await clean.press("Play", BOB)
    assert "Cup · deal 1 of 4" in board.content
    for command in ("undo", "hint"):
        refused = await server.slash(command, who=BOB)
        assert refused.content == "This is a clean cup: no undo and no hint.", command
    # Managers only; a reason is needed; /server cup-role lets a role in.
    for command, options in (("cup end", {}), ("cup strike", {"user": BOB, "reason": "x"})):
        refused = await server.slash(command, options, who=CAROL)
        assert refused.content == not_manager, command
    results = await server.slash("cup results")
    assert results.ephemeral and "Server Cup · Casket" in results.content
    # A forged press names no cup.
    forged = "cup:999999:play"
    refused = await server.press(server.forged([forged]), forged)
    assert refused.ephemeral and refused.content == "That cup no longer exists."
    # Closed: Play is refused; a second attempt at a deal never happens.
    await server.slash("cup end")
    closed = await server.press(clean.message, f"cup:{clean.id}:play", who=BOB)
    assert closed.content == "This cup is closed."
    [(attempts,)] = await execute(
        database_url, "SELECT count(*) FROM games WHERE cup_id = ? AND user_id = ?",
        clean.id, int(BOB["id"]),
    )  # fmt: skip
    assert attempts == 1


async def test_a_struck_result_and_a_weekly_cup_that_opens_its_next_week(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    card = Card(
        server,
        await server.slash("cup open", {"game": "klondike", "deals": 1, "repeat": "weekly"}),
    )
    assert "every week" in card.text
    await card.dealt(database_url)
    await win_a_deal(server, database_url, BOB, card)
    no_reason = await server.slash("cup strike", {"user": BOB, "reason": " "})
    assert no_reason.content == "Say why, for the record."
    struck = await server.slash("cup strike", {"user": BOB, "reason": "a shared account"})
    assert struck.content == f"<@{BOB['id']}>'s results are struck from the cup."
    await card.until(r"1 result struck.*", timeout=15)
    assert f"<@{BOB['id']}>" not in card.text
    # Its time up, it closes, and the next week's card is posted through the
    # channel, on new deals.
    await execute(database_url, "UPDATE cups SET ends_at = ? WHERE id = ?", time.time(), card.id)
    await settled(lambda: not server.posted.empty(), 15)
    rows = await execute(database_url, "SELECT id, status, starts_at, weekly FROM cups ORDER BY id")
    [(first, closed, starts, _), (_, scheduled, next_starts, weekly)] = rows
    assert (closed, scheduled, weekly) == ("closed", "scheduled", 1)
    assert abs(next_starts - starts - 7 * 86400) < 5
    posted = server.posted.get_nowait()
    assert "Server Cup · Klondike" in posted.content and f"cup:{first}" not in str(posted.data)
    # /cup end ends the series: the week scheduled closes, and none follows.
    ended = await server.slash("cup end")
    assert ended.content == "The cup is closed: its card shows the final standings."
    await asyncio.sleep(1)
    rows = await execute(database_url, "SELECT status, weekly FROM cups ORDER BY id")
    assert rows == [("closed", 1), ("closed", 0)]
    again = await server.slash("cup end")
    assert again.content == "This cup is closed."
    assert len(await execute(database_url, "SELECT id FROM cups")) == 2 and server.posted.empty()


async def test_an_event_discord_refuses_is_logged_and_the_cup_goes_on(
    server: FakeDiscord, bot: BotProcess
) -> None:
    server.fail_next("event", 400)  # an Invalid Form Body: no permission would mend it
    posted = await server.slash("cup open", {"game": "klondike", "deals": 1, "hours": 2})
    card = Card(server, posted)
    await settled(lambda: "refused: 400" in bot.log.read_text(), 15)
    assert server.events == {}
    assert "Play" in card.labels  # the cup is open, and played
    assert "Create Events" not in card.text  # the managers are told nothing untrue
    assert "Traceback" not in bot.log.read_text()


async def test_what_discord_refuses_is_said_to_managers_and_a_cup_due_while_down_closes(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    server.fail_next("event", 403)
    posted = await server.slash(
        "cup open", {"game": "klondike", "deals": 1, "hours": 2, "champion": CHAMPION_ROLE}
    )
    card = Card(server, posted)
    await card.until("give me Create Events", timeout=15)
    assert server.events == {}
    await card.dealt(database_url)
    await win_a_deal(server, database_url, BOB, card)
    # A win faster than a person plays is flagged, for managers alone.
    assert "⚑" in (await server.slash("cup results")).content
    assert "⚑" not in (await server.slash("cup results", who=CAROL)).content
    # Every process down past the close: it closes at the next start, at its time.
    await bot.stop()
    [(ends_at,)] = await execute(database_url, "SELECT ends_at FROM cups")
    await execute(database_url, "UPDATE cups SET ends_at = ends_at - 7300")
    server.fail_next("role", 403)
    await bot.start()
    await server.wait_ready()
    await card.until("I could not give the champion role", timeout=20)
    [(status, closed_at)] = await execute(database_url, "SELECT status, closed_at FROM cups")
    assert status == "closed" and abs(closed_at - (ends_at - 7300)) < 1
    assert "🥇 1." in card.text and server.roles == []
    # A card Discord will not edit (deleted: 404) is let be, and said in the log.
    server.fail_next("edit_message", 404)
    await server.slash("cup strike", {"user": BOB, "reason": "a test"})
    await settled(lambda: f"card of cup {card.id} not shown: 404" in bot.log.read_text(), 20)
    assert "🥇 1." in card.text and "Server Cup" in (await server.slash("cup results")).content


async def test_an_open_cups_deal_is_neither_dealt_nor_hinted_nor_reviewed_elsewhere(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """Until the cup closes, its deal is played in the cup alone: not by
    number, not with hints on a game of it from before, not reviewed."""
    carol = user(5_000_000_000_000_003, "carol")
    before = await server.slash("play", {"game": "klondike", "deal": 4711}, who=carol)
    assert "4711" in before.content
    card = Card(server, await server.slash("cup open", {"game": "klondike", "deals": 1}))
    await card.dealt(database_url)
    await execute(database_url, "UPDATE cup_deals SET deal = 4711 WHERE cup_id = ?", card.id)
    dealt = await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB)
    assert dealt.ephemeral and "play it once the cup closes" in dealt.content
    hinted = await server.slash("hint", who=carol)  # her game of it, from before the cup
    assert hinted.ephemeral and "no hints on it until the cup closes" in hinted.content
    await server.slash("resign", who=carol)
    reviewed = await server.slash("review", who=carol)
    assert "review waits until the cup closes" in reviewed.content
    board = await card.press("Play", BOB)  # the cup's own game plays it, hints and all
    assert "Cup · deal 1 of 1" in board.content
    assert "no hints" not in (await server.slash("hint", who=BOB)).content


async def test_a_hidden_champion_is_a_player_on_the_closed_card(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    opened = await server.slash(
        "cup open", {"game": "klondike", "deals": 1, "champion": CHAMPION_ROLE}
    )
    card = Card(server, opened)
    await card.dealt(database_url)
    await win_a_deal(server, database_url, BOB, card)
    await server.slash("settings", {"visibility": "hidden"}, who=BOB)
    await server.slash("cup end")
    await card.until("Champion: a player", timeout=15)
    assert f"<@{BOB['id']}>" not in card.text
    assert ("add", GUILD_ID, int(BOB["id"]), int(CHAMPION_ROLE["id"])) in server.roles
    # Beside the card, the default avatar with a gold medal: not his.
    assert thumbnail_of(card.message) == "attachment://champion.png"
    assert medallion_centre(card) == CLASSIC.back_pattern


MAGENTA = (230, 20, 200)


async def test_a_closed_cup_shows_its_champion_with_their_avatar(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    face = "a_" + "5" * 32
    bob = dict(BOB, avatar=face)
    picture = io.BytesIO()
    Image.new("RGB", (128, 128), MAGENTA).save(picture, "PNG")
    server.avatars[(int(BOB["id"]), face)] = picture.getvalue()
    opened = {"game": "klondike", "deals": 1, "champion": CHAMPION_ROLE}
    card = Card(server, await server.slash("cup open", opened))
    await card.dealt(database_url)
    assert thumbnail_of(card.message) is None  # no champion yet
    await win_a_deal(server, database_url, bob, card)
    await server.slash("cup end")
    await card.until(rf"Champion: <@{BOB['id']}>", timeout=15)
    # His avatar as he was last seen, fetched from the CDN, with a gold medal.
    assert thumbnail_of(card.message) == "attachment://champion.png"
    assert medallion_centre(card) == MAGENTA
    assert server.avatars_asked == [f"/avatars/{BOB['id']}/{face}.png?size=128"]
    [thumbnail] = [c for c in components_in(card.message["components"]) if c["type"] == 11]
    assert thumbnail["description"] == "The champion's avatar"


def medallion_centre(card: Card) -> tuple[int, int, int]:
    """The colour at the middle of the avatar beside a closed cup's card."""
    [(_, png)] = [(name, data) for name, data in card.message["files"] if name == "champion.png"]
    return Image.open(io.BytesIO(png)).convert("RGB").getpixel((56, 56))  # type: ignore[return-value]


def thumbnail_of(message: dict[str, Any]) -> str | None:
    """The address of the picture beside a V2 message's text, if any."""
    found = [c for c in components_in(message["components"]) if c["type"] == 11]
    return str(found[0]["media"]["url"]) if found else None


async def test_cups_open_at_once_and_games_go_on_while_deals_are_graded(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """Castle's End's deals are the slowest to grade (a second or more
    each): ten of them are graded behind the card, in a worker of their own,
    while another cup opens and a player's moves are answered in time."""
    answered = []
    started = time.monotonic()
    slow = Card(server, await server.slash("cup open", {"game": "castles-end", "deals": 10}))
    answered.append(time.monotonic() - started)
    assert "being dealt and graded" in slow.text
    started = time.monotonic()
    other = Card(server, await server.slash("cup open", {"game": "casket", "deals": 2}))
    answered.append(time.monotonic() - started)
    await server.slash("play", {"game": "klondike"}, who=BOB)
    for _ in range(5):
        started = time.monotonic()
        moved = await server.slash("move", {"notation": "s"}, who=BOB)
        answered.append(time.monotonic() - started)
        assert moved.ephemeral or moved.data
    held = await execute(database_url, "SELECT count(*) FROM cup_deals WHERE cup_id = ?", slow.id)
    assert held == [(0,)] and max(answered) < 3.0, answered  # answered while it was graded
    assert len(await slow.dealt(database_url, timeout=180)) == 10
    assert len(await other.dealt(database_url)) == 2


async def test_a_cup_card_over_an_hour_old_waits_out_discords_cap_and_lands(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """A cup's card lives for days: its edits meet Discord's cap on old
    messages (30046). Refused past discord.py's five tries, the card waits
    and is edited again; the log holds one line, no traceback."""
    with server.backdated(3700):
        card = Card(server, await server.slash("cup open", {"game": "klondike", "deals": 1}))
    await card.dealt(database_url)
    await win_a_deal(server, database_url, BOB, card)
    server.fail_next("edit_message", 30046, times=6)
    await server.slash("cup end")
    await card.until("The deals were", timeout=40)
    assert f"🥇 1. <@{BOB['id']}>" in card.text
    log = bot.log.read_text()
    assert "Traceback" not in log and "not edited, tried again soon" in log
