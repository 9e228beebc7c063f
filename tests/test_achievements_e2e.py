"""Achievements end to end: the real bot process and the local Discord
server, on both stores. A win's answer says once what it earned; the
tenth win again; ``/achievements`` lists them all, paged, in the player's
language. Asserted from what the server received."""

from __future__ import annotations

import io

from PIL import Image

from render import CLASSIC
from render.cards import METALS
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.fake_discord import ALICE, BOB, GUILD_B, FakeDiscord, Reply
from tests.fake_discord.payloads import alt_of, media_of, user
from tests.helpers import one_king_left


async def win_klondike(server: FakeDiscord, database_url: str, locale: str = "en-US") -> str:
    return (await won_klondike(server, database_url, locale)).content


async def won_klondike(server: FakeDiscord, database_url: str, locale: str = "en-US") -> Reply:
    """Deals a Klondike game, swaps it for one King left to go home, and wins it."""
    await execute(database_url, "DELETE FROM cooldowns")  # six deals a minute: not the point
    await server.slash("play", {"game": "klondike"}, locale=locale)
    where = "user_id = ? AND status = 'playing'"
    await one_king_left(database_url, where, int(ALICE["id"]))
    won = await server.slash("move", {"notation": "1f"}, locale=locale)
    assert won.content.startswith("`1 f1`"), won.content
    return won


async def test_a_win_says_once_what_it_earned_and_the_tenth_again(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    won = await won_klondike(server, database_url)
    [line] = [line for line in won.content.splitlines() if "🏅" in line]
    assert line.startswith("🏅 New: 1 Klondike win, 1 clean win")
    # The win card shows what the win earned.
    shared = await server.press(server.message(won), won.component(":share:")["custom_id"])
    assert not shared.ephemeral and "🏅 This win earned: 1 Klondike win" in shared.content
    second = await win_klondike(server, database_url)
    assert "🏅" not in second
    for _ in range(7):
        assert "🏅" not in await win_klondike(server, database_url)
    tenth = await win_klondike(server, database_url)
    assert "🏅 New: 10 Klondike wins, 10 clean wins" in tenth
    listed = await server.slash("achievements")
    assert listed.ephemeral and listed.content.startswith("Achievements: ")
    assert "🏅 **10 Klondike wins** (silver)" in listed.content
    assert "▫️ **100 Klondike wins** (gold) — Win 100 games of Klondike · 10/100" in listed.content
    assert len(listed.content) <= 2000 and "Page 1 of 3" in listed.content
    last = await server.slash("achievements", {"page": 3})
    assert "Page 3 of 3" in last.content and "In the black at Vegas" in last.content
    # Pages turn in place, for the asker alone, after a restart too.
    message = server.message(listed)
    turned = await server.press(message, listed.component(":n")["custom_id"])
    assert "Page 2 of 3" in turned.content and turned.kind == 7  # the same message, edited
    back = await server.press(message, listed.component(":p")["custom_id"])
    assert "Page 3 of 3" in back.content  # Previous on the first: the last
    borrowed = await server.press(message, listed.component(":n")["custom_id"], who=BOB)
    assert "someone else's" in borrowed.content and borrowed.kind != 7
    await bot.kill()
    await bot.start()
    again = await server.press(message, listed.component(":n")["custom_id"])
    assert "Page 2 of 3" in again.content
    german = await server.slash("achievements", locale="de")
    assert german.content.startswith("Auszeichnungen: ")


async def test_german_and_french_players_are_told_in_their_language(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    assert "🏅 Neu: 1 Klondike-Sieg" in await win_klondike(server, database_url, "de")
    assert "🏅 Nouveau" not in await win_klondike(server, database_url, "fr")
    await server.slash("play", {"game": "casket"}, locale="fr")
    await execute(
        database_url, "UPDATE games SET status = 'won' WHERE status = 'playing'"
    )  # a win from before achievements are told: said by /achievements, once
    said = await server.slash("profile", locale="fr")
    assert "🏅 Obtenu par vos parties d'avant : 1 victoire à Casket" in said.content
    again = await server.slash("achievements", locale="fr")
    assert "parties d'avant" not in again.content and again.content.startswith("Succès : ")


async def test_a_profile_card_says_it_all_in_words_and_share_posts_it(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await win_klondike(server, database_url)
    card = await server.slash("profile")
    assert card.ephemeral and media_of(card.data) == ["profile.png"]
    alt = alt_of(card.data)
    assert "Klondike: level 1, 1 played, 100 % won, best clean win 0:00. 10 points to" in alt
    assert "Badges: 1 Klondike win, 1 clean win" in alt
    assert "Next: 10 Klondike wins 1/10" in alt
    await server.slash("settings", {"cards": "large", "colours": "four-colour"})
    large = await server.slash("profile")
    assert large.files[0][1] != card.files[0][1]  # drawn as she has her pictures drawn
    shared = await server.press(server.message(card), f"profile:{ALICE['id']}:share")
    assert not shared.ephemeral and media_of(shared.data) == ["profile.png"]
    # Another member's profile: theirs to show.
    assert media_of((await server.slash("profile", {"member": ALICE}, who=BOB)).data)
    await server.slash("settings", {"visibility": "hidden"})
    refused = await server.slash("profile", {"member": ALICE}, who=BOB)
    assert refused.ephemeral and not media_of(refused.data)


MAGENTA = (230, 20, 200)
ALICE_FACE, BOB_FACE = "a_" + "0123456789abcdef" * 2, "fedcba9876543210" * 2


def avatar_at_centre(png: bytes) -> tuple[int, int, int]:
    """The colour at the middle of the avatar on a profile card."""
    return Image.open(io.BytesIO(png)).convert("RGB").getpixel((16 + 44, 8 + 44))  # type: ignore[return-value]


async def test_a_profile_card_shows_the_avatar_discord_serves_and_the_default_one_else(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    face = io.BytesIO()
    Image.new("RGB", (128, 128), MAGENTA).save(face, "PNG")
    server.avatars[(int(ALICE["id"]), ALICE_FACE)] = face.getvalue()
    alice, bob = dict(ALICE, avatar=ALICE_FACE), dict(BOB, avatar=BOB_FACE)
    won = await won_klondike(server, database_url)
    card = await server.slash("profile", who=alice)
    assert avatar_at_centre(card.files[0][1]) == MAGENTA
    assert server.avatars_asked == [f"/avatars/{ALICE['id']}/{ALICE_FACE}.png?size=128"]
    again = await server.slash("profile", who=alice)
    assert avatar_at_centre(again.files[0][1]) == MAGENTA
    assert len(server.avatars_asked) == 1  # kept: not asked for again
    # Her win card shows it too, with the medals of what the win earned.
    win_card = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=alice
    )
    picture = Image.open(io.BytesIO(win_card.files[0][1])).convert("RGB")
    assert picture.getpixel((24 + 46, 13 + 46)) == MAGENTA
    # Two bronze medals under the foundations: a first win, and a clean one.
    left = (720 - 2 * 72 + 16) // 2
    medals = [picture.getpixel((left + 72 * n + 8, 150 + 146 + 40 + 28)) for n in range(2)]
    assert medals == [METALS[1][0]] * 2
    # In large print, the same width, taller (two tiles a row).
    await server.slash("settings", {"cards": "large"}, who=alice)
    large = await server.press(
        server.message(won), won.component(":share:")["custom_id"], who=alice
    )
    bigger = Image.open(io.BytesIO(large.files[0][1]))
    assert bigger.width == picture.width and bigger.height > picture.height
    await server.slash("settings", {"cards": "normal"}, who=alice)
    # Share draws it again, in the channel, with the same avatar.
    shared = await server.press(server.message(card), card.component(":share")["custom_id"])
    assert not shared.ephemeral and avatar_at_centre(shared.files[0][1]) == MAGENTA
    # Bob's avatar is not on the CDN (404), and Carol has none: the default one.
    missing = await server.slash("profile", who=bob)
    assert missing.files and avatar_at_centre(missing.files[0][1]) == CLASSIC.back_pattern
    assert server.avatars_asked[-1] == f"/avatars/{BOB['id']}/{BOB_FACE}.png?size=128"
    asked = len(server.avatars_asked)
    plain = await server.slash("profile", who=BOB)
    assert avatar_at_centre(plain.files[0][1]) == CLASSIC.back_pattern
    assert len(server.avatars_asked) == asked  # no avatar: nothing asked for
    # Another member's profile shows theirs.
    hers = await server.slash("profile", {"member": alice}, who=BOB)
    assert avatar_at_centre(hers.files[0][1]) == MAGENTA
    # Once she hides, her profile is not shown, not even through a Share
    # button forged with her id and avatar: her avatar is not even fetched.
    await server.slash("settings", {"visibility": "hidden"}, who=alice)
    server.avatars.clear()
    asked = len(server.avatars_asked)
    forged = f"profile:{ALICE['id']}:share:{ALICE_FACE}"
    refused = await server.press(server.message(plain), forged, who=BOB)
    assert refused.ephemeral and not refused.files and "themselves" in refused.content
    assert len(server.avatars_asked) == asked
    # A CDN in trouble (an error, or no answer for 5 s): the default one,
    # answered within Discord's 3 s all the same.
    carol = user(5_000_000_000_000_500, "carol", ALICE_FACE)
    dave = user(5_000_000_000_000_600, "dave", ALICE_FACE)
    server.faults.append(("avatar", 500))
    failed = await server.slash("profile", who=carol)
    assert avatar_at_centre(failed.files[0][1]) == CLASSIC.back_pattern
    server.delays.append(("avatar", 5.0))
    slow = await server.slash("profile", who=dave)
    assert avatar_at_centre(slow.files[0][1]) == CLASSIC.back_pattern and slow.elapsed < 3


async def test_a_first_win_after_the_update_tells_what_older_games_had_earned(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("play", {"game": "casket"})
    await execute(
        database_url, "UPDATE games SET status = 'won' WHERE status = 'playing'"
    )  # a clean win from before achievements were recorded
    won = await win_klondike(server, database_url)
    [new] = [line for line in won.splitlines() if line.startswith("🏅 New: ")]
    [before] = [line for line in won.splitlines() if line.startswith("🏅 Earned by your games")]
    assert new.startswith("🏅 New: 1 Klondike win, Klondike in under 10:00")
    assert "Casket" not in new and "clean" not in new
    assert "1 Casket win" in before and "1 clean win" in before
    listed = await server.slash("achievements")
    assert "Earned by your games before" not in listed.content  # said once


async def test_another_members_profile_counts_the_games_of_this_server_alone(
    server: FakeDiscord, bot: BotProcess
) -> None:
    """As their /stats there do: another member's profile, asked in a
    server, counts the games they played in it, not those elsewhere."""
    for deal in (1, 2):
        await server.slash("play", {"game": "castles-end", "deal": deal}, guild_id=GUILD_B)
        await server.slash("resign", guild_id=GUILD_B)
    await server.slash("play", {"game": "castles-end", "deal": 3})
    await server.slash("resign")
    own = await server.slash("profile")
    assert "Castle's End: level 1, 3 played" in alt_of(own.data)
    theirs = await server.slash("profile", {"member": ALICE}, who=BOB)
    assert "Castle's End: level 1, 1 played" in alt_of(theirs.data)
    elsewhere = await server.slash("profile", {"member": ALICE}, who=BOB, guild_id=GUILD_B)
    assert "Castle's End: level 1, 2 played" in alt_of(elsewhere.data)


async def test_a_deal_won_with_its_line_known_earns_nothing(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    """Resigned, reviewed, dealt again by number and won: practice, which
    earns no achievement, no experience and no par, as it counts on no board."""
    await server.slash("play", {"game": "klondike", "deal": 4711})
    await server.slash("resign")
    reviewed = await server.slash("review")
    assert reviewed.kind in (4, 5)
    await execute(database_url, "DELETE FROM cooldowns")
    again = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert "practice" in again.content.lower(), again.content
    where = "user_id = ? AND status = 'playing'"
    await one_king_left(database_url, where, int(ALICE["id"]))
    won = await server.slash("move", {"notation": "1f"})
    assert won.content.startswith("`1 f1`") and "You won" in won.content, won.content
    assert "🏅" not in won.content and "⛳" not in won.content
    assert await execute(database_url, "SELECT code FROM achievements") == []
