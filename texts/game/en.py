"""English: the game's texts — ranks, piles, moves, refusals, rules.

Every other language is a catalogue in ``texts/locale``."""

from __future__ import annotations

TEXTS: dict[str, str | tuple[str, str]] = {
    # -- words used inside other texts -----------------------------------------
    "sep.or": " or ",
    "word.none": "none",
    "title.klondike": "Klondike",
    "title.calculation": "Calculation",
    "title.castles-end": "Castle's End",
    "title.casket": "Casket",
    "rank.1": "Ace",
    "rank.2": "2",
    "rank.3": "3",
    "rank.4": "4",
    "rank.5": "5",
    "rank.6": "6",
    "rank.7": "7",
    "rank.8": "8",
    "rank.9": "9",
    "rank.10": "10",
    "rank.11": "Jack",
    "rank.12": "Queen",
    "rank.13": "King",
    "rank.a.1": "an Ace",
    "rank.a.2": "a 2",
    "rank.a.3": "a 3",
    "rank.a.4": "a 4",
    "rank.a.5": "a 5",
    "rank.a.6": "a 6",
    "rank.a.7": "a 7",
    "rank.a.8": "an 8",
    "rank.a.9": "a 9",
    "rank.a.10": "a 10",
    "rank.a.11": "a Jack",
    "rank.a.12": "a Queen",
    "rank.a.13": "a King",
    "pile.stock": "the stock",
    "pile.waste": "the waste",
    "pile.jewels": "the jewels",
    "pile.column": "column {code}",
    "pile.foundation": "foundation {code}",
    "pile.reserve": "reserve {code}",
    "pile.lid": "lid {code}",
    "pile.waste_pile": "waste pile {code}",
    "pile.body": "body pile {code}",
    # -- what a move does ------------------------------------------------------
    "move.draw": "draw from the stock",
    "move.turn_over": "turn the waste over",
    "move.onto": "{cards} onto {card}",
    "move.to": "{cards} to {pile}",
    "move.to_empty": "{cards} to empty {pile}",
    # -- notation --------------------------------------------------------------
    "notation.too_long": "That is too long for a move: try something like `w 3`.",
    "notation.count": "{text}: the count must be at least 1.",
    "notation.empty": "Type a move like `w 3`, `7 2` or `s`.",
    "notation.not_a_move": "{text} is not a move: give a source pile and a target, like `w 3`.",
    "notation.no_pile": "{text}: there is no pile {named} in this game.",
    "notation.not_canonical": "Not a move in canonical notation: {text}.",
    # -- games, options, deals, records ----------------------------------------
    "game.unknown": "There is no game `{profile}` (games: {names}).",
    "game.no_pile": "There is no pile `{code}` in {game}.",
    "game.no_foundations": "{game} has no foundations.",
    "deal.bad_number": "A deal number is a whole number from {low} to {high}.",
    "option.unknown": "{game} has no option `{name}` (options: {names}).",
    "option.bad_code": "`{code}` names no rules of this game.",
    "option.bad_value": "`{name}` can be {allowed}, not {value}.",
    "position.no_pile": "{game} has no pile `{code}`.",
    "position.bad_card": "Pile `{code}`: {detail}.",
    "pool.none": "No winnable deals of {game} with these options are known yet.",
    "grade.range": "A difficulty is 1 to {top} stars, not {n}.",
    "grade.none": "Deals of {game} with these options have no difficulty yet.",
    "record.unknown_profile": "This saved game names no rule profile this bot knows.",
    "record.damaged": "This saved {game} game is damaged ({detail}).",
    "record.bad_move": "Move {number} (`{move}`) does not replay: {reason}",
    "solver.no_win": "The solver's line does not end in a win.",
    # -- why a move is illegal: every game --------------------------------------
    "rule.not_legal": "That is not a legal move here.",
    "rule.no_move_from": "No move leaves {pile}.",
    "rule.ambiguous": "{text} could be {choices}: say which.",
    "rule.same_pile": "A card can't move onto its own pile.",
    "rule.pile_empty": "{pile:cap} is empty.",
    "rule.stock_draws": "Stock cards are drawn with `s`.",
    "rule.no_face_up": "{pile:cap} has no face-up card.",
    "rule.face_up": ("{pile:cap} has {n} face-up card.", "{pile:cap} has {n} face-up cards."),
    "rule.no_draw": "{game} has no draw: move the stock card to a pile instead.",
    "rule.nothing_to_undo": "There is nothing to undo.",
    "rule.nothing_to_redo": "There is nothing to redo.",
    "rule.takes_nothing": "Nothing can be put on {pile}.",
    "rule.foundation_stays": "Cards on a foundation stay there.",
    "rule.foundation_one": "Cards go to a foundation one at a time.",
    "rule.foundation_back": "A foundation card can only go back onto a column.",
    "rule.one_at_a_time": "Cards move one at a time.",
    "rule.one_at_a_time_in": "Cards move one at a time in {game}.",
    "rule.ace_first": "{card} can't start foundation {code}: only an Ace can.",
    "rule.complete": "Foundation {code} is complete.",
    "rule.foundation_needs": "{card} can't go on {top}: foundation {code} needs the {wanted}.",
    # -- Klondike --------------------------------------------------------------
    "klondike.both_empty": "The stock and the waste are both empty.",
    "klondike.no_passes": "No passes left: the waste can't be turned over again.",
    "klondike.waste_top": "Only the top card of the waste can move.",
    "klondike.not_run": "The top {n} cards of {pile} are not a run in alternate colours.",
    "klondike.king_only": "{card} can't go to empty column {code}: only a King can.",
    "klondike.not_on_ace": "{card} can't go on {top}: nothing goes on an Ace in a column.",
    "klondike.needs": "{card} can't go on {top}: column {code} needs {rank} of the other colour.",
    # -- Calculation -----------------------------------------------------------
    "calculation.from_stock": "Waste piles take cards only from the stock.",
    "calculation.needs": "{card} can't go on foundation {code}: it needs {rank}.",
    # -- Castle's End ----------------------------------------------------------
    "castles.not_run": "The top {n} cards of column {code} are not a run in suit.",
    "castles.neighbour": "{card} can't go on {top}: it needs a card of its suit one rank away.",
    "castles.supermove": (
        ("Only {n} card can move to column {code} at once with the empty columns there are now."),
        ("Only {n} cards can move to column {code} at once with the empty columns there are now."),
    ),
    "castles.base": "{card} can't start foundation {code}: the base rank is {rank}.",
    # -- Casket ----------------------------------------------------------------
    "casket.play_waste": "Play the waste card ({card}) before drawing again.",
    "casket.stock_empty": "The stock is empty.",
    "casket.jewels": "The jewels only refill the lids.",
    "casket.from_waste": "Reserves take cards only from the waste.",
    "casket.lid_to_empty": "A lid card can't go to empty body pile {code}.",
    "casket.not_on_ace": "{card} can't go on {top}: nothing goes on an Ace in the body.",
    "casket.needs": "{card} can't go on {top}: body pile {code} needs the {wanted}.",
    "rules.klondike": (
        "**Klondike** — one deck.\n"
        "• **Goal:** build the four foundations `f1`–`f4` up in suit, Ace to King.\n"
        "• **Columns** `1`–`7` build down in alternate colours (red on black, black on red). "
        "A run in alternate colours moves as one. An empty column takes only a King, "
        "or a run headed by a King. A face-down card turns up when it is uncovered.\n"
        "• **Stock** `s` turns cards to the **waste** `w`; only the waste's top card plays. "
        "Draw 1 gives one pass through the stock; draw 3 gives three passes. "
        "When the stock is empty and a pass is left, `s` turns the waste over.\n"
        "• Cards on a foundation stay there.\n"
        "Example: `w 3` puts the waste card on column 3; `7 2x3` moves three cards."
    ),
    "rules.calculation": (
        "**Calculation** — one deck; suits don't matter.\n"
        "• **Goal:** complete the four foundations, each ending with the King. They count "
        "in steps: `f1` by ones (A 2 3 …), `f2` by twos (2 4 6 8 10 Q A 3 …), `f3` by threes "
        "(3 6 9 Q 2 …), `f4` by fours (4 8 Q 3 …), wrapping after the King.\n"
        "• The **stock's** top card is face up and must be played before the next one shows: "
        "to a foundation that wants its rank (`s f2`), or onto one of the four **waste piles** "
        "`w1`–`w4` (`s w3`).\n"
        "• Waste piles take cards only from the stock. Their top card may go only to a "
        "foundation — never to another waste pile. One pass through the stock."
    ),
    "rules.castles-end": (
        "**Castle's End** — one deck, every card face up: ten columns of five and two "
        "reserves `r1`, `r2`.\n"
        "• **Goal:** all 52 cards on the foundations.\n"
        "• The first card on a foundation fixes the **base rank**: every foundation starts "
        "with that rank and builds up in suit, the King followed by the Ace.\n"
        "• **Columns** build up *or* down by one in suit, wrapping (on Q♦ go J♦ or K♦; "
        "on K♠ go Q♠ or A♠). An empty column takes any card.\n"
        "• Reserves take nothing; their card goes to a column or a foundation. "
        "A foundation's top card may come back onto a column.\n"
        "• A run in suit moves as one when the empty columns would let you move it card "
        "by card: `1 2x3`."
    ),
    "rules.casket": (
        "**Casket** — two decks, 104 cards.\n"
        "• **Goal:** all cards on the eight foundations, each built up in suit from the Ace.\n"
        "• The eight **body** piles `1`–`8` build down in suit, one card at a time; an empty "
        "one takes any card except a lid card.\n"
        "• The five **lids** `l1`–`l5` take nothing. Their card goes to a foundation or onto "
        "a body pile; an emptied lid is refilled at once from the **jewels** `j`.\n"
        "• The **reserves** `r1`–`r3` take only the waste card; their top card goes to a "
        "foundation or a body pile.\n"
        "• Play the **waste** card before you draw (`s`) the next one. One pass."
    ),
}
