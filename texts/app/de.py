"""Deutsch: die Texte der App — der Tisch in Worten, Antworten, Knöpfe,
Befehle, Statistik, die Konsole. Dieselben Schlüssel wie ``en.py``."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # -- the table in words: status line, alt text, terminal -------------------
    "status.draw": "{game}, {n:Karte|Karten} ziehen",
    "status.deal": "Spiel Nr. {deal}",
    "status.moves": "{n:Zug|Züge}",
    "status.base": "Grundrang {rank}",
    "status.won": "GEWONNEN",
    "status.stuck": "keine Züge mehr",
    "alt.stock": "Nachziehstapel",
    "alt.waste": "Ablage",
    "alt.jewels": "Juwelen",
    "alt.lid": "Deckel",
    "alt.reserve": "Reserven",
    "alt.foundation": "Grundstapel",
    "alt.column": "Spalten",
    "alt.empty": "{code} leer",
    "alt.face_down": "{code} {n} verdeckt",
    "alt.stock_top": "{code} {n} Karten, oben {top}",
    "alt.foundation_run": "{code} {first} bis {top}",
    "alt.down": "{n} verdeckt, ",
    "alt.run": "{first} … {top} ({n} offen)",
    "alt.top": "oben {top} ({n} offen)",
    "table.face_down": "{n} verdeckt",
    # -- the bot: games, moves, boards ------------------------------------------
    "oops": "Bei mir ist etwas schiefgegangen; nichts wurde geändert. Bitte versuch es noch einmal.",
    "wait.deals": "Das sind viele neue Spiele: versuch es in {seconds} s wieder.",
    "wait.moves": "Das sind viele Züge auf einmal: versuch es in {seconds} s wieder.",
    "busy.all": "Gerade wollen das viele Spieler: versuch es gleich noch einmal.",
    "busy.yours": "Deine letzte Anfrage wird noch bearbeitet: versuch es wieder, wenn sie beantwortet ist.",
    "game.too_long": "Dieses Spiel hat {n} Züge erreicht, mehr kann ein Spiel nicht haben: gib es mit `/resign` auf oder fang ein neues an.",
    "replay.sampled": "Ein langes Spiel: die Wiederholung zeigt jeden {every:ord} Zug, dann jeden der letzten {last}.",
    "wait.hints": "Ein Tipp nach dem anderen: versuch es in {seconds} s wieder.",
    "start.new": "Neues Spiel: {game}, Spiel Nr. {deal}.",
    "start.unfinished": (
        "Du hast ein angefangenes {game}-Spiel (Nr. {deal}, {n:Zug|Züge}). "
        "Weiterspielen oder aufgeben und neu austeilen?"
    ),
    "daily.first": "Tagesspiel {game} vom {day}, Spiel Nr. {deal}: deine erste Partie davon zählt.",
    "daily.again": (
        "Du hast das Tagesspiel {game} vom {day} schon gespielt ({status}); "
        "diese Partie desselben Spiels zählt nicht."
    ),
    "state.playing": "läuft",
    "state.won": "gewonnen",
    "state.lost": "verloren",
    "state.resigned": "aufgegeben",
    "state.abandoned": "abgebrochen",
    "state.damaged": "beschädigt",
    "move.played": "`{move}` — {what}",
    "move.undone": "`{move}` zurückgenommen.",
    "move.redone": "`{move}` noch einmal gespielt.",
    "auto.played": "Automatisch: {moves}.",
    "auto.none": "Gerade kann keine Karte sicher auf einen Grundstapel.",
    "hint.move": "Tipp: `{move}` — {what}.",
    "hint.winning": "Tipp: `{move}` — {what} (das führt zum Sieg).",
    "hint.lost": "Dieses Spiel ist nicht mehr zu gewinnen: `u` nimmt zurück, /play teilt neu aus.",
    "hint.stuck": "Es gibt keinen erlaubten Zug mehr. `u` nimmt zurück; /play teilt neu aus.",
    "hint.none": "Kein nützlicher Zug mehr: nimm etwas zurück, oder /play für ein neues Spiel.",
    "board.stuck": "Es gibt keinen erlaubten Zug mehr: `u` nimmt zurück, /play teilt neu aus.",
    "board.stale": (
        "Dieses Brett ist veraltet, also wurde nichts gespielt. "
        "Nimm das neueste Brett, oder /show zeigt es noch einmal."
    ),
    "won": "Gewonnen in {n} Zügen ({time}{extra})! Drück **Teilen**, um es zu zeigen.",
    "won.undos": ", {n:Mal zurückgenommen|Mal zurückgenommen}",
    "won.hints": ", {n:Tipp|Tipps}",
    "standing": "Das ist Platz {place:ord} von {n} {where}.",
    "standing.today": "heute",
    "standing.on": "am {day}",
    "standing.deal": "unter den Siegen in diesem Spiel",
    "resign.done": "Du hast {game}, Spiel Nr. {deal}, aufgegeben. /play teilt neu aus.",
    "game.none": "Du hast kein laufendes Spiel. Starte eins mit /play.",
    "game.gone": "Dieses Spiel gibt es nicht mehr.",
    "game.gone_start": "Dieses Spiel gibt es nicht mehr. Starte eins mit /play.",
    "game.not_yours": "Das ist das Spiel von {owner} — /play startet dein eigenes.",
    "game.over": "Dieses Spiel ist vorbei ({status}). /play startet ein neues.",
    "game.changed": "Das Spiel hat sich gerade geändert; versuch es noch einmal.",
    "game.busy": "Dein Spiel ist mit einem anderen Zug beschäftigt; versuch es noch einmal.",
    "game.no_deal": "Dieses Spiel hat keine Spielnummer und lässt sich daher nicht nachspielen.",
    "game.damaged": (
        "Dein gespeichertes Spiel {id} lässt sich nicht nachspielen ({why}). "
        "Es bleibt zur Prüfung erhalten; /play startet ein neues."
    ),
    "record.unreadable": "{part} ist nicht lesbar",
    # -- buttons and the move menu -----------------------------------------------
    "button.draw": "Ziehen",
    "button.undo": "Zurück",
    "button.hint": "Tipp",
    "button.auto": "Auto",
    "button.share": "Teilen",
    "button.resume": "Weiterspielen",
    "button.new": "Neu austeilen",
    "button.deal": "Dieses Spiel spielen",
    "button.replay": "Wiederholung",
    "menu.placeholder": "Zug wählen …",
    "menu.empty": "keine Züge",
    "menu.none": "Kein Zug zu spielen.",
    "choice.not_yours": "Diese Wahl gehört jemand anderem — /play startet dein eigenes Spiel.",
    # -- stats, leaderboards, shared wins ---------------------------------------
    "stats.title": "Solitaire von {name}",
    "stats.alt": "Statistik von {name}. {lines}",
    "stats.game": "Spiel",
    "stats.played": "gespielt",
    "stats.won": "gewonnen",
    "stats.rate": "Sieg %",
    "stats.streak": "Serie",
    "stats.best": "beste",
    "stats.fewest": "wenigste",
    "stats.fastest": "schnellste",
    "stats.none": "noch keine beendeten Spiele",
    "stats.summary": (
        "{won} von {played} gewonnen ({rate} %), Serie {streak} (beste {best_streak}){fewest}"
    ),
    "stats.fewest_moves": ", wenigste Züge {n}",
    "top.servers_only": "Bestenlisten gehören zu Servern: frag in einem Serverkanal.",
    "top.all": "insgesamt",
    "top.days": "die letzten {n} Tage",
    "top.wins": "Meiste Siege:",
    "top.row": "{place}. {name} — {won} von {played}",
    "top.best": ", bestes {n} Züge",
    "top.no_wins": "noch hat niemand ein Spiel beendet",
    "top.dailies": "Gelöste Tagesspiele:",
    "top.no_dailies": "noch hat niemand ein Tagesspiel gespielt",
    "top.today": "Heutiges Tagesspiel:",
    "top.today_row": "{place:ord} {name} — {result}",
    "top.solved": "gelöst in {n} Zügen, {time}{marks}",
    "top.undo": " (Zurücknahme)",
    "top.hints": " (Tipps)",
    "share.text": (
        "**{name}** hat {game} gewonnen, {what}, in {n} Zügen ({time}){marks}. "
        "Schaffst du es besser?"
    ),
    "share.daily": "das heutige Tagesspiel",
    "share.deal": "Spiel Nr. {deal}",
    "share.undo": " (mit Zurücknahme)",
    "share.hints": " (mit Tipps)",
    "share.not_won": "Nur ein gewonnenes Spiel lässt sich teilen.",
    "replay.playing": "Dieses Spiel läuft noch.",
    "replay.alt": "das ganze Spiel",
    # -- slash commands: descriptions and choices (names stay English) -----------
    "cmd.play": "Eine Patience beginnen.",
    "cmd.move": "Einen Zug in deinem laufenden Spiel machen.",
    "cmd.draw": "Vom Nachziehstapel ziehen.",
    "cmd.undo": "Deinen letzten Zug zurücknehmen.",
    "cmd.hint": "Einen guten Zug vorschlagen.",
    "cmd.auto": "Alle sicheren Karten auf die Grundstapel legen.",
    "cmd.show": "Das Brett deines laufenden Spiels noch einmal zeigen.",
    "cmd.resign": "Dein laufendes Spiel aufgeben (zählt als verloren).",
    "cmd.daily": "Das Tagesspiel: für alle gleich; deine erste Partie davon zählt.",
    "cmd.stats": "Gespielte und gewonnene Spiele, Serien, Bestwerte.",
    "cmd.leaderboard": "Die Besten dieses Servers, nach Siegen und gelösten Tagesspielen.",
    "cmd.rules": "Wie ein Spiel geht.",
    "cmd.help": "Wie man Züge schreibt.",
    "opt.game": "welches Spiel",
    "opt.game.play": "welches Spiel du spielen willst",
    "opt.game.stats": "ein Spiel (Standard: alle, die du gespielt hast)",
    "opt.draw": "Klondike: wie viele Karten auf einmal gezogen werden",
    "opt.passes": "Klondike: Durchgänge durch den Stapel (Standard: 1 bei 1 Karte, 3 bei 3 Karten)",
    "opt.winnable": "nur ein Spiel austeilen, das der Löser gewonnen hat",
    "opt.deal": "eine Spielnummer, um ein Spiel nachzuspielen oder eine Herausforderung anzunehmen",
    "opt.notation": "ein Zug wie w3, 7 2, 3f, s — oder u, h, a",
    "opt.user": "wessen Statistik (Standard: deine)",
    "opt.period": "wie weit zurück",
    "choice.draw1": "1 Karte ziehen",
    "choice.draw3": "3 Karten ziehen",
    "choice.passes1": "1 Durchgang",
    "choice.passes3": "3 Durchgänge",
    "choice.unlimited": "unbegrenzt",
    "choice.week": "diese Woche",
    "choice.month": "diesen Monat",
    "choice.all": "insgesamt",
    # -- the console -------------------------------------------------------------
    "console.resuming": "Dein angefangenes Spiel geht weiter (tippe `new` für ein neues).",
    "console.picture": "(Bild: {path})",
    "console.won": "Tippe `new` für ein weiteres Spiel oder `quit`.",
    # -- help and rules ----------------------------------------------------------
    "help": (
        "**So wird gespielt.** Beginne mit `/play`. Jeder Stapel trägt seinen Code im Bild; "
        "ein Zug ist *von* und dann *nach*:\n"
        "• `w3` oder `w 3` — Ablage auf Spalte 3 · `7 2` oder `72` — Spalte 7 auf Spalte 2\n"
        "• `3f` — Spalte 3 auf einen Grundstapel · `7 2x3` — drei Karten · `3 10` — Spalte 10 "
        "braucht ein Leerzeichen (oder `30`)\n"
        "• `s` — ziehen · `u` — zurück · `h` — Tipp · `a` — sichere Karten auf die Grundstapel\n"
        "Schreib Züge in `/move` (es schlägt die erlaubten vor), mir per DM, oder erwähne mich."
    ),
}
