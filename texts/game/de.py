"""Deutsch: die Texte des Spiels — Ränge, Stapel, Züge, Ablehnungen, Regeln.

Dieselben Schlüssel wie ``en.py``."""

from __future__ import annotations

_RANKS = ("Ass", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König")
# "braucht …": the accusative with its indefinite article.
_RANKS_A = (
    "ein Ass", "eine 2", "eine 3", "eine 4", "eine 5", "eine 6", "eine 7", "eine 8", "eine 9",
    "eine 10", "einen Buben", "eine Dame", "einen König",
)  # fmt: skip

TEXTS: dict[str, str] = {
    # -- words used inside other texts -----------------------------------------
    "sep.or": " oder ",
    "word.none": "keine",
    **{f"rank.{n}": name for n, name in enumerate(_RANKS, 1)},
    **{f"rank.a.{n}": name for n, name in enumerate(_RANKS_A, 1)},
    "pile.stock": "der Nachziehstapel",
    "pile.waste": "der Ablagestapel",
    "pile.jewels": "der Juwelenstapel",
    "pile.column": "Spalte {code}",
    "pile.foundation": "Grundstapel {code}",
    "pile.reserve": "Reserve {code}",
    "pile.lid": "Deckel {code}",
    "pile.waste_pile": "Abfallstapel {code}",
    "pile.body": "Körperstapel {code}",
    # -- what a move does ------------------------------------------------------
    "move.draw": "vom Nachziehstapel ziehen",
    "move.turn_over": "den Ablagestapel umdrehen",
    "move.onto": "{cards} auf {card}",
    "move.to": "{cards} auf {pile}",
    "move.to_empty": "{cards} auf {pile} (leer)",
    # -- notation --------------------------------------------------------------
    "notation.too_long": "Das ist zu lang für einen Zug: versuch etwas wie `w 3`.",
    "notation.count": "{text}: die Anzahl muss mindestens 1 sein.",
    "notation.empty": "Schreib einen Zug wie `w 3`, `7 2` oder `s`.",
    "notation.not_a_move": "{text} ist kein Zug: nenne Start- und Zielstapel, etwa `w 3`.",
    "notation.no_pile": "{text}: in diesem Spiel gibt es keinen Stapel {named}.",
    "notation.not_canonical": "Kein Zug in kanonischer Schreibweise: {text}.",
    # -- games, options, deals, records ----------------------------------------
    "game.unknown": "Es gibt kein Spiel `{profile}` (Spiele: {names}).",
    "game.no_pile": "In {game} gibt es keinen Stapel `{code}`.",
    "game.no_foundations": "{game} hat keine Grundstapel.",
    "deal.bad_number": "Eine Spielnummer ist eine ganze Zahl von {low} bis {high}.",
    "option.unknown": "{game} hat keine Option `{name}` (Optionen: {names}).",
    "option.bad_code": "`{code}` bezeichnet keine Regeln dieses Spiels.",
    "option.bad_value": "`{name}` kann {allowed} sein, nicht {value}.",
    "position.no_pile": "{game} hat keinen Stapel `{code}`.",
    "position.bad_card": "Stapel `{code}`: {detail}.",
    "pool.none": "Für {game} mit diesen Optionen sind noch keine lösbaren Spiele bekannt.",
    "record.unknown_profile": "Dieses gespeicherte Spiel nennt kein Regelprofil, das der Bot kennt.",
    "record.damaged": "Dieses gespeicherte {game}-Spiel ist beschädigt ({detail}).",
    "record.bad_move": "Zug {number} (`{move}`) lässt sich nicht nachspielen: {reason}",
    "solver.no_win": "Die Lösung des Lösers endet nicht mit einem Sieg.",
    # -- why a move is illegal: every game --------------------------------------
    "rule.not_legal": "Dieser Zug ist hier nicht erlaubt.",
    "rule.no_move_from": "Von {pile} geht kein Zug.",
    "rule.ambiguous": "{text} kann {choices} heißen: sag, welcher Zug gemeint ist.",
    "rule.same_pile": "Eine Karte kann nicht auf ihren eigenen Stapel ziehen.",
    "rule.pile_empty": "{pile:cap} ist leer.",
    "rule.stock_draws": "Karten vom Nachziehstapel ziehst du mit `s`.",
    "rule.no_face_up": "{pile:cap} hat keine offene Karte.",
    "rule.face_up": "{pile:cap} hat {n:offene Karte|offene Karten}.",
    "rule.no_draw": "In {game} wird nicht gezogen: leg die Karte vom Nachziehstapel auf einen Stapel.",
    "rule.nothing_to_undo": "Es gibt nichts zurückzunehmen.",
    "rule.nothing_to_redo": "Es gibt nichts zu wiederholen.",
    "rule.takes_nothing": "{pile:cap} nimmt keine Karten an.",
    "rule.foundation_stays": "Karten auf einem Grundstapel bleiben dort.",
    "rule.foundation_one": "Auf einen Grundstapel kommt immer nur eine Karte.",
    "rule.foundation_back": "Eine Karte vom Grundstapel kann nur zurück auf eine Spalte.",
    "rule.one_at_a_time": "Karten ziehen einzeln.",
    "rule.one_at_a_time_in": "In {game} ziehen Karten einzeln.",
    "rule.ace_first": "{card} kann Grundstapel {code} nicht beginnen: das kann nur ein Ass.",
    "rule.complete": "Grundstapel {code} ist vollständig.",
    "rule.foundation_needs": "{card} passt nicht auf {top}: Grundstapel {code} braucht {wanted}.",
    # -- Klondike --------------------------------------------------------------
    "klondike.both_empty": "Nachziehstapel und Ablagestapel sind beide leer.",
    "klondike.no_passes": "Keine Durchgänge mehr: der Ablagestapel kann nicht mehr umgedreht werden.",
    "klondike.waste_top": "Vom Ablagestapel kann nur die oberste Karte ziehen.",
    "klondike.not_run": "{pile:cap}: die obersten {n} Karten sind keine Folge in wechselnden Farben.",
    "klondike.king_only": "{card} kann nicht in die leere Spalte {code}: nur ein König darf dorthin.",
    "klondike.not_on_ace": "{card} passt nicht auf {top}: auf ein Ass in einer Spalte kommt nichts.",
    "klondike.needs": (
        "{card} passt nicht auf {top}: Spalte {code} braucht {rank} der anderen Farbe."
    ),
    # -- Calculation -----------------------------------------------------------
    "calculation.from_stock": "Abfallstapel nehmen nur Karten vom Nachziehstapel.",
    "calculation.needs": "{card} passt nicht auf Grundstapel {code}: er braucht {rank}.",
    # -- Castle's End ----------------------------------------------------------
    "castles.not_run": "Die obersten {n} Karten von Spalte {code} sind keine Folge in einer Farbe.",
    "castles.neighbour": (
        "{card} passt nicht auf {top}: nötig ist eine Karte derselben Farbe, einen Rang "
        "höher oder tiefer."
    ),
    "castles.supermove": (
        "Mit den leeren Spalten, die es gerade gibt, können nur {limit:Karte|Karten} auf "
        "einmal nach Spalte {code}."
    ),
    "castles.base": "{card} kann Grundstapel {code} nicht beginnen: der Grundrang ist {rank}.",
    # -- Casket ----------------------------------------------------------------
    "casket.play_waste": "Spiel erst die Karte vom Ablagestapel ({card}), dann zieh weiter.",
    "casket.stock_empty": "Der Nachziehstapel ist leer.",
    "casket.jewels": "Die Juwelen füllen nur die Deckel auf.",
    "casket.from_waste": "Reserven nehmen nur Karten vom Ablagestapel.",
    "casket.lid_to_empty": "Eine Deckelkarte darf nicht auf den leeren Körperstapel {code}.",
    "casket.not_on_ace": "{card} passt nicht auf {top}: auf ein Ass im Körper kommt nichts.",
    "casket.needs": "{card} passt nicht auf {top}: Körperstapel {code} braucht {wanted}.",
    "rules.klondike": (
        "**Klondike** — ein Kartenspiel.\n"
        "• **Ziel:** die vier Grundstapel `f1`–`f4` in einer Farbe vom Ass bis zum König "
        "aufbauen.\n"
        "• Die **Spalten** `1`–`7` werden abwärts in wechselnden Farben gebaut (Rot auf "
        "Schwarz, Schwarz auf Rot). Eine solche Folge zieht als Ganzes. In eine leere Spalte "
        "darf nur ein König, oder eine Folge, die mit einem König beginnt. Eine verdeckte "
        "Karte wird aufgedeckt, sobald sie frei liegt.\n"
        "• Der **Nachziehstapel** `s` legt Karten auf den **Ablagestapel** `w`; nur dessen "
        "oberste Karte ist spielbar. Mit 1 Karte gibt es einen Durchgang, mit 3 Karten drei. "
        "Ist der Nachziehstapel leer und ein Durchgang übrig, dreht `s` die Ablage um.\n"
        "• Karten auf einem Grundstapel bleiben dort.\n"
        "Beispiel: `w 3` legt die Ablagekarte auf Spalte 3; `7 2x3` zieht drei Karten."
    ),
    "rules.calculation": (
        "**Calculation** — ein Kartenspiel; die Farben zählen nicht.\n"
        "• **Ziel:** die vier Grundstapel vollenden, jeder endet mit dem König. Sie zählen in "
        "Schritten: `f1` um eins (A 2 3 …), `f2` um zwei (2 4 6 8 10 D A 3 …), `f3` um drei "
        "(3 6 9 D 2 …), `f4` um vier (4 8 D 3 …); nach dem König geht es beim Ass weiter.\n"
        "• Die oberste Karte des **Nachziehstapels** liegt offen und muss gespielt werden, "
        "bevor die nächste erscheint: auf einen Grundstapel, der ihren Rang braucht "
        "(`s f2`), oder auf einen der vier **Abfallstapel** `w1`–`w4` (`s w3`).\n"
        "• Abfallstapel nehmen nur Karten vom Nachziehstapel. Ihre oberste Karte darf nur "
        "auf einen Grundstapel — nie auf einen anderen Abfallstapel. Ein Durchgang."
    ),
    "rules.castles-end": (
        "**Castle's End** — ein Kartenspiel, alle Karten offen: zehn Spalten zu fünf Karten "
        "und zwei Reserven `r1`, `r2`.\n"
        "• **Ziel:** alle 52 Karten auf die Grundstapel.\n"
        "• Die erste Karte auf einem Grundstapel legt den **Grundrang** fest: jeder Grundstapel "
        "beginnt mit diesem Rang und wird in einer Farbe aufwärts gebaut, nach dem König "
        "kommt das Ass.\n"
        "• Die **Spalten** werden in einer Farbe um eins auf- *oder* abwärts gebaut, über "
        "König und Ass hinweg (auf die Karo-Dame passen Karo-Bube oder Karo-König; auf den "
        "Pik-König Pik-Dame oder Pik-Ass). In eine leere Spalte darf jede Karte.\n"
        "• Reserven nehmen nichts an; ihre Karte geht auf eine Spalte oder einen Grundstapel. "
        "Die oberste Karte eines Grundstapels darf zurück auf eine Spalte.\n"
        "• Eine Folge in einer Farbe zieht als Ganzes, wenn die leeren Spalten es erlauben "
        "würden, sie Karte für Karte zu ziehen: `1 2x3`."
    ),
    "rules.casket": (
        "**Casket** (die Schatulle) — zwei Kartenspiele, 104 Karten.\n"
        "• **Ziel:** alle Karten auf die acht Grundstapel, jeder in einer Farbe vom Ass "
        "aufwärts.\n"
        "• Die acht **Körperstapel** `1`–`8` werden in einer Farbe abwärts gebaut, immer "
        "nur eine Karte; auf einen leeren darf jede Karte außer einer Deckelkarte.\n"
        "• Die fünf **Deckel** `l1`–`l5` nehmen nichts an. Ihre Karte geht auf einen "
        "Grundstapel oder einen Körperstapel; ein leerer Deckel wird sofort aus den "
        "**Juwelen** `j` aufgefüllt.\n"
        "• Die **Reserven** `r1`–`r3` nehmen nur die Ablagekarte; ihre oberste Karte geht "
        "auf einen Grundstapel oder einen Körperstapel.\n"
        "• Spiel die Karte vom **Ablagestapel**, bevor du die nächste ziehst (`s`). "
        "Ein Durchgang."
    ),
}
