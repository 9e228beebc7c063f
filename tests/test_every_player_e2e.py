"""Every player, end to end: a player whose Discord is in French reads only
French, the win card's words included; a player who asks for the table in
words gets it with every board, and each move told in a sentence."""

from __future__ import annotations

import json
from typing import Any

from solitaire import load_position
from tests.botprocess import BotProcess
from tests.databases import execute
from tests.english import english_in
from tests.fake_discord import BOB, FakeDiscord, Reply
from tests.fake_discord.payloads import TEXT_DISPLAY, alt_of, components_in, controls
from texts import CATALOGUES, Msg, tr

#: One move from a win: the King of spades onto its foundation.
ALMOST_WON = load_position("klondike", {
    "f1": [r + "S" for r in "A23456789TJQ"], "1": ["KS"],
    "f2": [r + "H" for r in "A23456789TJQK"],
    "f3": [r + "D" for r in "A23456789TJQK"],
    "f4": [r + "C" for r in "A23456789TJQK"],
})  # fmt: skip


def read(reply: Reply) -> list[str]:
    """Everything a player reads of a reply: its text, its picture's alt
    text, the labels and placeholders of its buttons and menu, and the menu's
    options."""
    texts = [reply.content, alt_of(reply.data)]
    for control in controls(reply.data):
        texts += [control.get("label") or "", control.get("placeholder") or ""]
        for option in control.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    return [text for text in texts if text]


def only_french(reply: Reply) -> None:
    for text in read(reply):
        assert english_in(text, "fr") == set(), text


async def test_a_french_player_reads_only_french_from_the_deal_to_the_win_card(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    commands = {c["name"]: c for scope in server.commands.values() for c in scope}
    for name, command in commands.items():
        if name != "Race":  # a user command has no description
            assert command["description_localizations"]["fr"] == CATALOGUES["fr"][f"cmd.{name}"]
        for option in command.get("options", []):
            assert option["description_localizations"]["fr"] != option["description"]
    games = {c["value"]: c for c in commands["play"]["options"][0]["choices"]}
    assert games["calculation"]["name_localizations"]["fr"] == "Calcul"

    board = await server.slash("play", {"game": "klondike", "deal": 4711}, locale="fr")
    assert board.content.startswith("Nouvelle partie : Klondike, donne 4711.")
    assert "Colonnes" in alt_of(board.data)
    assert board.component(":draw:")["label"] == "Piocher"
    only_french(board)

    refused = await server.slash("move", {"notation": "7 1"}, locale="fr")
    assert refused.ephemeral and "ne va pas sur" in refused.content
    only_french(refused)
    suggestions = await server.autocomplete("move", "notation", "4", locale="fr")
    assert suggestions.data["choices"][0]["name"] == "4 f1 — A♣ vers fondation f1"
    moved = await server.slash("move", {"notation": "4f"}, locale="fr")
    assert moved.content.startswith("`4 f1` — A♣ vers fondation f1")
    only_french(moved)
    drawn = await server.press(
        server.message(moved), moved.component(":draw:")["custom_id"], locale="fr"
    )
    assert drawn.content.startswith("`s` — piocher")
    only_french(drawn)
    hint = await server.slash("hint", locale="fr")
    assert hint.content.startswith("Indice")
    only_french(hint)
    rules = await server.slash("rules", {"game": "calculation"}, locale="fr")
    assert rules.content.startswith("**Calcul**")
    only_french(rules)
    helped = await server.slash("help", locale="fr")
    assert "`/settings text:true`" in helped.content
    only_french(helped)

    # The win, and the card a winner shares: its words are the catalogue's French.
    await server.slash("resign", locale="fr")
    await server.slash("play", {"game": "klondike", "deal": 9}, locale="fr")
    sql = "UPDATE games SET start = ? WHERE status = 'playing'"
    await execute(database_url, sql, json.dumps(ALMOST_WON.to_record()["start"]))
    won = await server.slash("move", {"notation": "1f"}, locale="fr")
    assert won.content.startswith("`1 f1` — K♠ vers fondation f1\n🏅 Nouveau : 1 victoire à ")
    assert "\nGagné en 1 coup (" in won.content
    only_french(won)
    shared = await server.press(
        server.message(won), won.component(":share:")["custom_id"], locale="fr"
    )
    assert not shared.ephemeral and "a gagné au Klondike, donne 9" in shared.content
    only_french(shared)
    alt = alt_of(shared.data)
    alice = "alice"  # the local Discord's name for Alice
    assert alt.startswith(tr("fr", "wincard.alt", words=""))
    assert tr("fr", "wincard.won", player=alice, game=Msg("title.klondike")) in alt
    for key in ("wincard.foundations", "tile.moves", "tile.time", "tile.no_help"):
        assert tr("fr", key) in alt, key
    assert "piocher 1 · 1 tour · donne 9" in alt
    assert len(alt) <= 1024


def word_parts(reply: Reply) -> list[str]:
    """The text displays of a board after its first: the table in words."""
    parts = [c for c in components_in(reply.data.get("components") or [])]
    return [c["content"] for c in parts if c["type"] == TEXT_DISPLAY][1:]


async def test_a_player_who_asks_gets_the_table_in_words_with_every_move(
    server: FakeDiscord, bot: BotProcess
) -> None:
    plain = await server.slash("play", {"game": "klondike", "deal": 4711})
    assert word_parts(plain) == []  # nobody else gets it
    said = await server.slash("settings", {"text": True})
    assert "table in words" in said.content
    board = await server.slash("show")
    lines = "\n".join(word_parts(board)).split("\n")
    assert lines[0] == "stock: 24 cards face down"
    assert lines[-1] == "column 7: 6 face down, 5 of clubs"
    assert len(lines) == 13

    moved = await server.slash("move", {"notation": "4f"})
    assert moved.content.startswith(
        "`4 f1` — Ace of clubs from column 4 to foundation f1; 2 of clubs turned up; 1 card home."
    )
    assert "foundation f1: up to Ace of clubs" in word_parts(moved)[0]
    pressed = await server.press(server.message(moved), moved.component(":draw:")["custom_id"])
    assert pressed.content.startswith("`s` — Drew ")
    assert "waste: 1 card, " in word_parts(pressed)[0]

    # Bob, in German, with the same setting: his table in his words.
    await server.slash("play", {"game": "klondike", "deal": 4711}, who=BOB, locale="de")
    await server.slash("settings", {"text": True}, who=BOB, locale="de")
    german = await server.slash("move", {"notation": "4f"}, who=BOB, locale="de")
    assert german.content.startswith("`4 f1` — Kreuz Ass von Spalte 4 nach Grundstapel f1")
    assert "Spalte 7: 6 verdeckt, Kreuz 5" in word_parts(german)[-1]

    # Turned off, the words go; the setting is the player's, and it is kept.
    await server.slash("settings", {"text": False})
    quiet = await server.slash("show")
    assert word_parts(quiet) == []


async def test_the_tallest_table_in_words_fits_discords_limits(
    server: FakeDiscord, bot: BotProcess, database_url: str
) -> None:
    await server.slash("settings", {"text": True}, locale="fr")
    await server.slash("play", {"game": "casket"}, locale="fr")
    deck = [f"{r}{s}" for _ in range(2) for s in "SHDC" for r in "A23456789TJQK"]
    position: dict[str, Any] = {f"{n}": [] for n in range(1, 9)}
    for n, card in enumerate(deck):
        position[f"{n % 8 + 1}"].append(card)
    tall = load_position("casket", position)
    sql = "UPDATE games SET start = ? WHERE status = 'playing'"
    await execute(database_url, sql, json.dumps(tall.to_record()["start"]))
    board = await server.slash("show", locale="fr")
    parts = word_parts(board)
    assert sum(map(len, [board.content.split("\n")[0], *parts])) <= 4000
    assert all(len(part) <= 1000 for part in parts)
    assert "pile du coffre 8 : " in "\n".join(parts)
