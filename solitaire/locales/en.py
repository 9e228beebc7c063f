"""English: every text a player reads. ``de.py`` has the same keys."""

from __future__ import annotations

_RANKS = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")

TEXTS: dict[str, str] = {
    # -- words used inside other texts -----------------------------------------
    "sep.or": " or ",
    "word.none": "none",
    **{f"rank.{n}": name for n, name in enumerate(_RANKS, 1)},
    **{
        f"rank.a.{n}": ("an " if name in ("Ace", "8") else "a ") + name
        for n, name in enumerate(_RANKS, 1)
    },
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
    "option.bad_value": "`{name}` can be {allowed}, not {value}.",
    "position.no_pile": "{game} has no pile `{code}`.",
    "position.bad_card": "Pile `{code}`: {detail}.",
    "pool.none": "No winnable deals of {game} with these options are known yet.",
    "record.unknown_profile": "This saved game names no rule profile this bot knows.",
    "record.damaged": "This saved {game} game is damaged ({detail}).",
    "record.bad_move": "Move {number} (`{move}`) does not replay: {reason}",
    "solver.no_win": "The solver's line does not end in a win.",
    # -- why a move is illegal: every game --------------------------------------
    "rule.not_legal": "That is not a legal move here.",
    "rule.ambiguous": "{text} could be {choices}: say which.",
    "rule.same_pile": "A card can't move onto its own pile.",
    "rule.pile_empty": "{pile:cap} is empty.",
    "rule.stock_draws": "Stock cards are drawn with `s`.",
    "rule.no_face_up": "{pile:cap} has no face-up card.",
    "rule.face_up": "{pile:cap} has {n:face-up card|face-up cards}.",
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
        "Only {limit:card|cards} can move to column {code} at once "
        "with the empty columns there are now."
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
    # -- the table in words: status line, alt text, terminal -------------------
    "status.draw": "{game}, draw {n}",
    "status.deal": "deal {deal}",
    "status.moves": "{n:move|moves}",
    "status.base": "base rank {rank}",
    "status.won": "WON",
    "status.stuck": "no moves left",
    "alt.stock": "Stock",
    "alt.waste": "Waste",
    "alt.jewels": "Jewels",
    "alt.lid": "Lids",
    "alt.reserve": "Reserves",
    "alt.foundation": "Foundations",
    "alt.column": "Columns",
    "alt.empty": "{code} empty",
    "alt.face_down": "{code} {n} face down",
    "alt.stock_top": "{code} {n} cards, top {top}",
    "alt.foundation_run": "{code} {first} to {top}",
    "alt.down": "{n} down, ",
    "alt.run": "{first} … {top} ({n} up)",
    "alt.top": "top {top} ({n} up)",
    "table.face_down": "{n} face down",
    # -- the bot: games, moves, boards ------------------------------------------
    "oops": "Something went wrong on my side; nothing was changed. Please try again.",
    "wait.deals": "That is a lot of new deals: try again in {seconds} s.",
    "wait.hints": "One hint at a time: try again in {seconds} s.",
    "start.new": "New game: {game}, deal {deal}.",
    "start.unfinished": (
        "You have a {game} game in progress (deal {deal}, {n:move|moves}). "
        "Resume it, or abandon it for a new deal?"
    ),
    "daily.first": "Daily {game} of {day}, deal {deal}: your first game of it counts.",
    "daily.again": (
        "You have played the daily {game} of {day} ({status}); "
        "this game of the same deal does not count."
    ),
    "state.playing": "playing",
    "state.won": "won",
    "state.lost": "lost",
    "state.resigned": "resigned",
    "state.abandoned": "abandoned",
    "state.damaged": "damaged",
    "move.played": "`{move}` — {what}",
    "move.undone": "Took back `{move}`.",
    "move.redone": "Played `{move}` again.",
    "auto.played": "Auto: {moves}.",
    "auto.none": "No card can safely go to a foundation now.",
    "hint.move": "Hint: `{move}` — {what}.",
    "hint.winning": "Hint: `{move}` — {what} (it leads to a win).",
    "hint.lost": "This game can no longer be won: `u` undoes, /play deals a new one.",
    "hint.stuck": "No legal move is left. `u` undoes; /play deals a new game.",
    "hint.none": "No useful move is left: try undoing, or /play for a new deal.",
    "board.stuck": "No legal move is left: `u` undoes, /play deals a new game.",
    "board.stale": (
        "That board is out of date, so nothing was played. "
        "Use the newest board, or /show to post it."
    ),
    "won": "You won in {n} moves ({time}{extra})! Press **Share** to show it off.",
    "won.undos": ", {n:undo|undos}",
    "won.hints": ", {n:hint|hints}",
    "standing": "That is {place:ord} of {n} {where}.",
    "standing.today": "today",
    "standing.on": "on {day}",
    "standing.deal": "among the wins on this deal",
    "resign.done": "You resigned {game}, deal {deal}. /play deals a new one.",
    "game.none": "You have no game in progress. Start one with /play.",
    "game.gone": "That game no longer exists.",
    "game.gone_start": "That game no longer exists. Start one with /play.",
    "game.not_yours": "This is {owner}'s game — /play to start your own.",
    "game.over": "That game is over ({status}). /play starts a new one.",
    "game.changed": "That game just changed; try again.",
    "game.busy": "Your game is busy with another move; try again.",
    "game.no_deal": "That game was not dealt from a deal number, so it can't be replayed.",
    "game.damaged": (
        "Your saved game {id} can't be replayed ({why}). "
        "It is kept for inspection; /play starts a new one."
    ),
    "record.unreadable": "its {part} can't be read",
    # -- buttons and the move menu -----------------------------------------------
    "button.draw": "Draw",
    "button.undo": "Undo",
    "button.hint": "Hint",
    "button.auto": "Auto",
    "button.share": "Share",
    "button.resume": "Resume",
    "button.new": "New deal",
    "button.deal": "Play this deal",
    "button.replay": "Replay",
    "menu.placeholder": "Choose a move…",
    "menu.empty": "no moves",
    "menu.none": "No move to play.",
    "choice.not_yours": "This choice is someone else's — /play to start your own game.",
    # -- stats, leaderboards, shared wins ---------------------------------------
    "stats.title": "{name}'s solitaire",
    "stats.alt": "{name}'s stats. {lines}",
    "stats.game": "game",
    "stats.played": "played",
    "stats.won": "won",
    "stats.rate": "win %",
    "stats.streak": "streak",
    "stats.best": "best",
    "stats.fewest": "fewest",
    "stats.fastest": "fastest",
    "stats.none": "no finished games yet",
    "stats.summary": (
        "{won} of {played} won ({rate} %), streak {streak} (best {best_streak}){fewest}"
    ),
    "stats.fewest_moves": ", fewest moves {n}",
    "top.servers_only": "Leaderboards belong to servers: ask in a server channel.",
    "top.all": "all time",
    "top.days": "the last {n} days",
    "top.wins": "Most wins:",
    "top.row": "{place}. {name} — {won} of {played}",
    "top.best": ", best {n} moves",
    "top.no_wins": "nobody has finished a game yet",
    "top.dailies": "Daily deals solved:",
    "top.no_dailies": "nobody has played a daily deal yet",
    "top.today": "Today's daily:",
    "top.today_row": "{place:ord} {name} — {result}",
    "top.solved": "solved in {n} moves, {time}{marks}",
    "top.undo": " (undo)",
    "top.hints": " (hints)",
    "share.text": "**{name}** won {game}, {what}, in {n} moves ({time}){marks}. Can you beat it?",
    "share.daily": "today's daily",
    "share.deal": "deal {deal}",
    "share.undo": " (with undo)",
    "share.hints": " (with hints)",
    "share.not_won": "Only a won game can be shared.",
    "replay.playing": "That game is still being played.",
    "replay.alt": "the whole game",
    # -- slash commands: descriptions and choices (names stay English) -----------
    "cmd.play": "Start a game of solitaire.",
    "cmd.move": "Make a move in your current game.",
    "cmd.draw": "Draw from the stock.",
    "cmd.undo": "Take back your last move.",
    "cmd.hint": "Suggest a good move.",
    "cmd.auto": "Play every safe card to the foundations.",
    "cmd.show": "Post the board of your current game again.",
    "cmd.resign": "Give up your current game (it counts as a loss).",
    "cmd.daily": "Play today's deal: the same for everyone; your first game of it counts.",
    "cmd.stats": "Games played and won, streaks, best results.",
    "cmd.leaderboard": "This server's best players, by wins and by daily deals solved.",
    "cmd.rules": "How a game is played.",
    "cmd.help": "How to type moves.",
    "opt.game": "which game",
    "opt.game.play": "which game to play",
    "opt.game.stats": "one game (default: all you played)",
    "opt.draw": "Klondike: cards turned from the stock at a time",
    "opt.passes": "Klondike: passes through the stock (default: 1 for draw 1, 3 for draw 3)",
    "opt.winnable": "deal only a deal the solver has won",
    "opt.deal": "a deal number, to replay a deal or take up a friend's challenge",
    "opt.notation": "a move such as w3, 7 2, 3f, s — or u, h, a",
    "opt.user": "whose stats (default: yours)",
    "opt.period": "how far back",
    "choice.draw1": "draw 1",
    "choice.draw3": "draw 3",
    "choice.passes1": "1 pass",
    "choice.passes3": "3 passes",
    "choice.unlimited": "unlimited",
    "choice.week": "this week",
    "choice.month": "this month",
    "choice.all": "all time",
    # -- the console -------------------------------------------------------------
    "console.resuming": "Resuming your unfinished game (type `new` for a new deal).",
    "console.picture": "(picture: {path})",
    "console.won": "Type `new` to play another deal, or `quit`.",
    # -- help and rules ----------------------------------------------------------
    "help": (
        "**How to play.** Start with `/play`. Every pile's code is printed on the picture; "
        "a move is *from* then *to*:\n"
        "• `w3` or `w 3` — waste to column 3 · `7 2` or `72` — column 7 to column 2\n"
        "• `3f` — column 3 to a foundation · `7 2x3` — three cards · `3 10` — column 10 "
        "needs a space (or `30`)\n"
        "• `s` — draw · `u` — undo · `h` — hint · `a` — play safe cards to the foundations\n"
        "Type moves in `/move` (it suggests the legal ones), in a DM to me, or mention me."
    ),
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
