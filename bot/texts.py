"""What the bot says about the games: rules and help."""

from __future__ import annotations

RULES: dict[str, str] = {
    "klondike": (
        "**Klondike** — one deck. Build the four foundations (`f1`–`f4`) up in suit from Ace "
        "to King. Columns `1`–`7` build down in alternate colours; a run in alternate colours "
        "moves as one; an empty column takes only a King. `s` turns cards from the stock to the "
        "waste `w`: draw 1 gives one pass, draw 3 three passes. Cards on a foundation stay there."
    ),
    "calculation": (
        "**Calculation** — one deck, suits don't matter. Foundation `f1` counts A 2 3 … K, "
        "`f2` by twos (2 4 6 8 10 Q A 3 …), `f3` by threes, `f4` by fours, each up to the King. "
        "The stock's top card must go to a foundation that wants it (`s f2`) or onto one of the "
        "waste piles `w1`–`w4` (`s w3`). Waste tops go only to foundations. One pass."
    ),
    "castles-end": (
        "**Castle's End** — one deck, all cards face up in ten columns and two reserves "
        "(`r1`, `r2`). The first card you put on a foundation fixes the base rank of all four; "
        "they build up in suit, King wrapping to Ace. Columns build up *or* down in suit, "
        "wrapping; an empty column takes any card. Runs move as one when empty columns would "
        "let you move them card by card. A foundation's top card may come back to a column."
    ),
    "casket": (
        "**Casket** — two decks. Eight foundations build up in suit from the Ace. The eight "
        "body piles `1`–`8` build down in suit, one card at a time; an empty one takes any card "
        "but a lid card. The five lids `l1`–`l5` take nothing; an emptied lid is refilled from "
        "the jewels `j`. The reserves `r1`–`r3` take only the waste card. Play the waste card "
        "before you draw (`s`) again. One pass."
    ),
}

HELP = (
    "**How to play.** Start with `/play`. Every pile's code is printed on the picture; a move "
    "is *from* then *to*:\n"
    "• `w3` or `w 3` — waste to column 3 · `7 2` or `72` — column 7 to column 2\n"
    "• `3f` — column 3 to a foundation · `7 2x3` — three cards · `3 10` — column 10 "
    "needs a space (or `30`)\n"
    "• `s` — draw · `u` — undo · `h` — hint · `a` — play safe cards to the foundations\n"
    "Type moves in `/move` (it suggests the legal ones), in a DM to me, or mention me."
)
