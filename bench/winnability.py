"""How many deals can be won, per rule profile, by our solver (and by
pyksolve for Klondike with unlimited passes), over a range of deals with
stated caps.

    python bench/winnability.py [--deals 500] [--nodes 20000] [--seconds 2 [0.2 ...]]
                                [--jobs 2] [--write docs/WINNABILITY.md]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire import new_game
from solitaire.pool import stars
from solitaire.searches import COMPILED
from solitaire.solver import Outcome, solve

PROFILES: list[tuple[str, dict[str, object]]] = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("calculation", {}),
    ("castles-end", {}),
    ("casket", {}),
]
KSOLVE: list[tuple[str, dict[str, object]]] = [
    ("klondike", {"draw": 1, "passes": "unlimited", "foundation_return": True}),
    ("klondike", {"draw": 3, "passes": "unlimited", "foundation_return": True}),
]
PUBLISHED = {1: "about 90.5 %", 3: "81.9 % (Blake & Gent, thoughtful Klondike)"}
#: Solvitaire under our default Klondike rules (``bench/solvitaire.py``, its
#: deals 1-300), measured in the same session as the rows of the file.
SOLVITAIRE = "\n".join(
    (
        "| klondike draw=1 | Solvitaire | 1 s | 300 | 46 (15.3 %) | 139 (46.3 %) | 115 (38.3 %) |",
        "| klondike draw=1 | Solvitaire | 0.35 s | 300 "
        "| 36 (12.0 %) | 99 (33.0 %) | 165 (55.0 %) |",
        "| klondike draw=1 | Solvitaire | 0.2 s | 300 | 33 (11.0 %) | 81 (27.0 %) | 186 (62.0 %) |",
    )
)
#: The figures of the code before (commit bfb98ac, compiled), measured in
#: the same session as the rows of the file.
PREVIOUS = "\n".join(
    (
        "| klondike draw=1 | ours, before | 10,000,000 nodes, 1 s "
        "| 500 | 103 (20.6 %) | 258 (51.6 %) | 139 (27.8 %) | 4.5 |",
        "| klondike draw=3 | ours, before | 10,000,000 nodes, 1 s "
        "| 500 | 307 (61.4 %) | 140 (28.0 %) | 53 (10.6 %) | 8.4 |",
        "| calculation | ours, before | 10,000,000 nodes, 1 s "
        "| 500 | 470 (94.0 %) | 0 (0.0 %) | 30 (6.0 %) | 18.4 |",
        "| castles-end | ours, before | 10,000,000 nodes, 1 s "
        "| 500 | 418 (83.6 %) | 77 (15.4 %) | 5 (1.0 %) | 32.8 |",
        "| casket | ours, before | 10,000,000 nodes, 1 s "
        "| 500 | 484 (96.8 %) | 0 (0.0 %) | 16 (3.2 %) | 29.9 |",
        "| klondike draw=1 | ours, before | 10,000,000 nodes, 0.35 s "
        "| 500 | 81 (16.2 %) | 221 (44.2 %) | 198 (39.6 %) | 10.4 |",
        "| klondike draw=3 | ours, before | 10,000,000 nodes, 0.35 s "
        "| 500 | 275 (55.0 %) | 124 (24.8 %) | 101 (20.2 %) | 15.7 |",
        "| calculation | ours, before | 10,000,000 nodes, 0.35 s "
        "| 500 | 449 (89.8 %) | 0 (0.0 %) | 51 (10.2 %) | 32.3 |",
        "| castles-end | ours, before | 10,000,000 nodes, 0.35 s "
        "| 500 | 411 (82.2 %) | 77 (15.4 %) | 12 (2.4 %) | 43.3 |",
        "| casket | ours, before | 10,000,000 nodes, 0.35 s "
        "| 500 | 469 (93.8 %) | 0 (0.0 %) | 31 (6.2 %) | 42.9 |",
        "| klondike draw=1 | ours, before | 10,000,000 nodes, 0.2 s "
        "| 500 | 70 (14.0 %) | 208 (41.6 %) | 222 (44.4 %) | 16.5 |",
        "| klondike draw=3 | ours, before | 10,000,000 nodes, 0.2 s "
        "| 500 | 243 (48.6 %) | 114 (22.8 %) | 143 (28.6 %) | 22.3 |",
        "| calculation | ours, before | 10,000,000 nodes, 0.2 s "
        "| 500 | 431 (86.2 %) | 0 (0.0 %) | 69 (13.8 %) | 40.1 |",
        "| castles-end | ours, before | 10,000,000 nodes, 0.2 s "
        "| 500 | 403 (80.6 %) | 77 (15.4 %) | 20 (4.0 %) | 49.8 |",
        "| casket | ours, before | 10,000,000 nodes, 0.2 s "
        "| 500 | 448 (89.6 %) | 0 (0.0 %) | 52 (10.4 %) | 48.8 |",
    )
)


def ours(job: tuple[str, dict[str, object], int, int, float]) -> str:
    profile, options, deal, nodes, seconds = job
    game = new_game(profile, deal=deal, **options)
    return solve(game, max_nodes=nodes, max_seconds=seconds).outcome.value


def theirs(job: tuple[str, dict[str, object], int, int, float]) -> str:
    from solitaire.ksolve import solve_klondike

    profile, options, deal, nodes, _ = job
    return solve_klondike(new_game(profile, deal=deal, **options), max_closed=nodes).outcome.value  # type: ignore[arg-type]


def reference_seconds() -> float:
    """Seconds this machine takes for a fixed piece of plain Python, much
    like a search's (sorting and hashing small tuples into a set), which no
    change to the project alters: the caps are in seconds, so it says how
    the machine of one run compares with that of another."""
    start = time.perf_counter()
    rng = random.Random(1)
    seen = set()
    for _ in range(200_000):
        seen.add(tuple(sorted(rng.randrange(52) for _ in range(7))))
    return time.perf_counter() - start


def label(profile: str, options: dict[str, object]) -> str:
    return profile + "".join(f" {k}={v}" for k, v in options.items())


def run(
    pool: ProcessPoolExecutor,
    solver: object,
    profile: str,
    options: dict[str, object],
    deals: int,
    nodes: int,
    seconds: float,
) -> tuple[Counter[str], float]:
    start = time.perf_counter()
    jobs = [(profile, options, deal, nodes, seconds) for deal in range(1, deals + 1)]
    counts = Counter(pool.map(solver, jobs, chunksize=4))  # type: ignore[arg-type]
    return counts, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--seconds", type=float, nargs="+", default=[2.0])
    parser.add_argument("--ksolve-closed", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", type=Path)
    parser.add_argument(
        "--keep-pyksolve",
        action="store_true",
        help="run only our solver; keep the pyksolve rows of the file written before",
    )
    args = parser.parse_args()
    kept = []
    if args.keep_pyksolve and args.write and args.write.exists():
        kept = [line for line in args.write.read_text().splitlines() if "| pyksolve |" in line]
    rows = []
    header = "| rules | solver | caps | deals | won | unwinnable | unknown | deals/s |"
    reference = min(reference_seconds() for _ in range(3))
    print(f"searches: {'compiled' if COMPILED else 'plain Python'}")
    print(f"machine: the reference workload took {reference:.2f} s")
    print(header)
    with ProcessPoolExecutor(args.jobs) as pool:
        cases = [
            (ours, p, o, seconds, f"{args.nodes:,} nodes, {seconds:g} s")
            for seconds in args.seconds
            for p, o in PROFILES
        ]
        if not kept:
            cases += [(theirs, p, o, 0.0, f"{args.ksolve_closed:,} states") for p, o in KSOLVE]
        for solver, profile, options, seconds, caps in cases:
            nodes = args.nodes if solver is ours else args.ksolve_closed
            counts, elapsed = run(pool, solver, profile, options, args.deals, nodes, seconds)
            n = sum(counts.values())
            cells = [f"{counts[o.value]} ({100 * counts[o.value] / n:.1f} %)" for o in Outcome]
            name = "ours" if solver is ours else "pyksolve"
            cells = [label(profile, options), name, caps, str(n), *cells, f"{n / elapsed:.1f}"]
            row = "| " + " | ".join(cells) + " |"
            rows.append(row)
            print(row, flush=True)
    rows += kept
    if args.write:
        args.write.write_text(document(rows, args, bool(kept), reference))
        print(f"wrote {args.write}")


def bounds(rows: list[str]) -> str:
    """The winnable share of each rule profile at the largest budget: a range."""
    said: dict[str, str] = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if cells[1] != "ours" or cells[0] in said:
            continue
        won, unknown = (float(cells[i].split("(")[1].rstrip(" %)")) for i in (4, 6))
        said[cells[0]] = f"{cells[0]}: {won:.1f}–{won + unknown:.1f} %"
    return "; ".join(said.values()) + "."


def document(rows: list[str], args: argparse.Namespace, kept: bool, reference: float) -> str:
    again = (
        "\nThe pyksolve rows are kept from the run before (`--keep-pyksolve`): pyksolve\n"
        "and the code that plays its rules did not change since."
        if kept
        else ""
    )
    flag = " --keep-pyksolve" if kept else ""
    how = "compiled" if COMPILED else "as plain Python"
    seconds = " ".join(f"{value:g}" for value in args.seconds)
    return f"""# Winnability

Deals 1 … {args.deals} of each rule profile, searched from the full deal (the
solver sees the face-down cards: "thoughtful" solitaire). *won*: a winning
line was found (it replays in the engine); *unwinnable*: the search proved
there is none; *unknown*: the caps were hit first. Made with

    python bench/winnability.py --deals {args.deals} --nodes {args.nodes} \\
        --seconds {seconds} --write docs/WINNABILITY.md{flag}

on the 2-core development machine.{again}

| rules | solver | caps | deals | won | unwinnable | unknown | deals/s |
| --- | --- | --- | --- | --- | --- | --- | --- |
{chr(10).join(rows)}

The searches ran {how}. The install compiles them with mypyc where a C
compiler is at hand (`setup.py`): Klondike, deals 1–3 at 8,000 nodes under
callgrind, then takes 3.3× fewer instructions than as plain Python. Since
the run before, Klondike's search keeps each column as one `bytes` (how many
cards lie face down, then the cards), its foundations as one int and a
position's key as one `bytes`, and codes its moves as ints until a line is
won: 1.5× the nodes a second (deals 1–16 at 30,000 nodes, the same lines
and nodes). Calculation's search asks a remembered table which one
foundation wants a rank, keeps its waste piles as `bytes`, and ranks them
by a table of needs: 23 % fewer instructions, the same lines. The rows of
the code before these changes (commit bfb98ac, compiled too), measured on
the same machine in the same session:

| rules | solver | caps | deals | won | unwinnable | unknown | deals/s |
| --- | --- | --- | --- | --- | --- | --- | --- |
{PREVIOUS}

The caps are in seconds, so the figures depend on the machine. This one ran
the reference workload of `bench/winnability.py` (plain Python, which no
change to the project alters) in {reference:.2f} s. The machine of the run
before was about 2.9× slower: with the same code (commit bfb98ac),
`bench/solver.py` searched 75,700 Klondike nodes a second there and 217,700
here, and Calculation was won for 88.2 % of these deals at 1 s there and
94.0 % here. Its 1 s is about 0.35 s here, hence that cap above. Between
runs of the same code on the same machine a figure moves by about a point.

Klondike `draw=1` plays one pass through the stock and `draw=3` three: the
seed rules, the defaults. Published figures to compare with are for Klondike
with unlimited passes, thoughtful: draw 3 — {PUBLISHED[3]}; draw 1 —
{PUBLISHED[1]}. The pyksolve rows play those rules (unlimited passes,
foundation cards may come back).

Solvitaire (Blake & Gent's C++ solver, built from its repository at commit
2815238 with `g++ -O3`) ran on the same machine in the same session, under
our default Klondike rules (draw 1, one pass, foundation cards stay) and the
same caps, on its own random deals (`python bench/solvitaire.py --binary …`):

| rules | solver | caps | deals | won | unwinnable | unknown |
| --- | --- | --- | --- | --- | --- | --- |
{SOLVITAIRE}

Castle's End has a complete search of its own (`solitaire/searches/castles_end.py`):
a compact state, every legal move, and only reductions that lose no win (a
column card goes home at once once its foundation is begun; a whole column
never moves into an empty one; interchangeable piles are one). It finds the
wins and, when it runs out of moves, proves the loss.

So has Klondike without foundation return (`solitaire/searches/klondike.py`).
Its reductions lose no win: a card goes home at once when both foundations
of the other colour are at most two ranks below it and the other one of its
colour at most three (not from the waste while it is to be turned over again
and cards are drawn three at a time: a card gone from it changes which cards
each later draw brings up); each card the stock can bring up, and then play, is
one move; a run that lies on a face-up card moves onto that card's twin only
when the card it uncovers is used at once (sent home, or given the other
card that may lie on it), and a column is emptied only for a King to move in
next, since a win that makes such a move earlier can make it just before
that use; interchangeable columns are one. Runs onto a twin that free no
card for home are tried after every other line, so it finds the same wins
as the pruned search it replaces. Tests compare it with the same search
without reductions on 200 small positions, on three deals that search proves
lost, and on a position of deal 50 (below). Before, Klondike had only a
pruned search, and losses were proved by the general search in an eighth of
the time.

Checked beyond the tests: on deals 1–150 (draw 1) and 1–100 (draw 3) the
search without reductions, with up to 1,000,000 nodes, decides 44 and 43
deals, and this search decides every one of them the same way. That check
found one reduction wrong: with draws of three and the waste still to be
turned over, a waste card sent home at once changes which cards the later
passes bring up, and deal 50 was called lost (it is won). Waste cards now go
home by themselves only with draw 1 or on the last pass; the draw-3 rows
above were measured again after that fix, in a run of their own (the draw-1
search did not change).

Klondike's search also gives up a position that is hopeless
(`solitaire/searches/klondike_bound.py`): some card
could not go home even in a looser game, where every move can be made
whenever its rules allow it at all, in any order, and onto a card however
often. There a card may leave once the card on it has left (at once if it
is face up, or the stock can bring it up), for home after the card below
it, onto a card that is at some time the foot of a column, or, a King,
into a column that is at some time empty. On the last pass a talon card
lies under the next one; before it, the stock can bring every card up.
Every win of the real game is a win of the looser one, so the check loses
no win (a test checks it on every position of winning lines). It runs on
sets of cards as the bits of an int, a round at a time, in about 30 µs,
so it is made only where it pays: after a move that drew two cards or
more. The search also remembers which cards the stock can bring up for
each size of the talon, and skips settling a position where no card is
ready to go home (deals 1–16, 30,000 nodes: 1.3× the nodes a second).
Deals 1–500 at 1 s, before these changes and after, both as plain Python on
the slower machine: draw 1 34.4 % decided, then 49.6 %; draw 3 63.8 %, then
67.4 % (at 0.2 s: 17.4 % and 37.2 %; 43.4 % and 48.6 %).

Calculation's search puts a stock card first where it buries the fewest
cards needed sooner than itself (a waste card leaves only for a foundation,
so it must leave before every card under it), and it reckons how soon a
rank is needed by all the foundations that still want it, on average, not
by the nearest alone. Casket's search tried a body card onto the twin of
the card it lies on (two decks) before anything else, and then back, which
spent its first choices; it now tries that move last. Both make their moves
only as the search asks for them, and every search pauses Python's cycle
collector while it runs (1.1–1.25× the nodes a second).

Earlier still, before Castle's End had a search of its own, it was decided
for 78.4 % of these deals at 1 s, and seven of its 83 "unwinnable" deals
(134, 164, 225, 232, 331, 409, 429) are won: their lines replay in the
engine. The general search sent a base card home as if that could never
hurt, and it can: the card that ranks below it, the last of its suit, may
then have nowhere to lie. The engine now sends cards home only onto a begun
foundation, in autoplay and in the search.

For Calculation and Casket our solver first runs the game's own fast
search (`solitaire/searches/`) for three quarters of the time, then the
general depth-first search, which alone can prove such a deal unwinnable.
The fast searches prune moves as players do, so when they find nothing that
proves nothing. Within these caps the general search proves none of their
deals lost.

What each game's winnable share is, within honest bounds: *won* ≤ winnable ≤
*won* + *unknown* (*unwinnable* deals are proved lost). {bounds(rows)}

The pools of winnable deals (`solitaire/pools/`, 1,000 deals for each game's
default rules and for Klondike draw 3) were made with
`python tools/pool.py`; each file names its caps and the deals it tried. A
pool holds every deal the solver won among consecutive deal numbers, so it
leans towards deals whose win is found quickly only as far as the solver
leaves deals *unknown*. Rebuilt for the days from 2026-12-02 at 1 s a deal:
Castle's End's pool holds the 1,000 won among deals 1…1,280 (about 4 % are
left out as unknown, the rest are proved lost), Calculation's those among
1…1,104 and Casket's those among 1…1,040 (before, 1…1,856 and
1…1,472). The Klondike pools were rebuilt again for the days from
2026-12-03, at 1 s a deal with the faster search on this machine: draw 3's
holds the 1,000 won among deals 1…1,680 (before, 1…1,952; at first, at 0.5 s,
1…2,384) and draw 1's those among 1…4,944 (before, 1…6,768; at first, at
0.3 s, 1…12,240). They leave out many deals: most are proved lost, and
about a tenth (draw 3) and a quarter (draw 1) stay *unknown* at 1 s (above).
A rebuilt pool keeps its earlier deals for the days before (`PAST`), so no
day's daily deal changes.

{grades_section()}"""


#: The pools whose grades the document shows, and their names there.
GRADED = [
    ("klondike", "Klondike draw 1"),
    ("klondike_d3", "Klondike draw 3"),
    ("calculation", "Calculation"),
    ("castles_end", "Castle's End"),
    ("casket", "Casket"),
]


HEAD = (
    "| pool | deals | search at the top of 1, 2, 3, 4 stars | deals per star "
    "| par: least / median / most | par shorter than the solver's line |\n"
    "| --- | --- | --- | --- | --- | --- |"
)


def grades_section() -> str:
    """The section on difficulty and par, its figures read from the shipped
    grades (``solitaire/grades/``, made by ``tools/grade.py``)."""
    rows = []
    for name, title in GRADED:
        table = import_module(f"solitaire.grades.{name}")
        grades = table.GRADES
        per_star = Counter(stars(search, table.BOUNDS) for search, _ in grades.values())
        pars = sorted(par for _, par in grades.values())
        shortened = table.__doc__.split("than the solver's line for ")[1].split(".")[0]
        rows.append(
            f"| {title} | {len(grades):,} | {', '.join(f'{cut:,}' for cut in table.BOUNDS)} "
            f"| {' / '.join(str(per_star[n]) for n in range(1, 6))} "
            f"| {pars[0]} / {statistics.median(pars):g} / {pars[-1]} | {shortened} |"
        )
    return f"""## Difficulty and par

Every deal of the pools has a grade of 1 to 5 stars and a par
(`solitaire/grading.py`), measured once with `python tools/grade.py <game>`
and shipped in `solitaire/grades/`. A deal's *search* is how many positions
the solver tried before it found its first win, its moves tried best first,
with a node cap and no time cap, so that the count is the same on every
machine (and compiled or not). A deal its heuristics win at once is easy; one
that needs many turns back is hard. The stars cut each pool's searches at
its fifths: each grade holds a fifth of the pool's deals (ties aside). A
deal's *par* is the length of the shortest winning line known for it: the
solver's line, shortened where one legal move from one of its positions
reaches a later one directly (the fewest moves through those positions).
Positions that play alike, their interchangeable piles in another order,
count as one: the searches count them so, and their lines wander through
them.
It is not proved the fewest possible. The pools hold deals won within a
second, so five stars is "hard among the deals the solver wins quickly";
the hardest winnable deals are not in the pools at all.

{HEAD}
{chr(10).join(rows)}

Klondike's search plays moves that need no shortening (each card the stock
brings up is played as it comes, runs move only to be used); Castle's End's
wanders most. Counting positions that play alike as one took its longest
par from 4,818 moves to 592 and its median from 154.5 to 131 (Casket: 6
more lines shortened). Grading took 358 s (Klondike draw 1), 239 s (draw 3),
73 s (Calculation), 275 s (Casket) and 798 s (Castle's End) on the 2-core
machine, two processes, on a day it ran the reference workload in 1.40 s.
"""


if __name__ == "__main__":
    main()
