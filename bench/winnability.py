"""How many deals can be won, per rule profile, by our solver (and by
pyksolve for Klondike with unlimited passes), over a range of deals with
stated caps.

    python bench/winnability.py [--first 100001] [--deals 500] [--nodes 10000000]
                                [--seconds 1 [0.2 ...]] [--jobs 2] [--no-before]
                                [--write docs/WINNABILITY.md [--keep-pyksolve]]

By default: decided at 1 s on deals 100,001 … 100,500, which were never in
a pool, nor graded, nor tried by a test. Each Klondike row is measured a
second time, side by side, with the search as it ran before its twin in C:
its Python module, compiled by mypyc (``--no-before`` leaves that out).
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
from solitaire.searches import COMPILED, NATIVE, klondike
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


def ours(job: tuple[str, dict[str, object], int, int, float]) -> str:
    profile, options, deal, nodes, seconds = job
    game = new_game(profile, deal=deal, **options)
    return solve(game, max_nodes=nodes, max_seconds=seconds).outcome.value


def python_twin(job: tuple[str, dict[str, object], int, int, float]) -> str:
    """:func:`ours` with Klondike's search in Python, as before its twin in C."""
    profile, options, deal, nodes, seconds = job
    game = new_game(profile, deal=deal, **options)
    line, _, exhausted = klondike.search(game, nodes, time.perf_counter() + seconds, native=False)  # type: ignore[arg-type]
    if line is None:
        return (Outcome.UNWINNABLE if exhausted else Outcome.UNKNOWN).value
    for move in line:  # as the solver does: a line counts once it replays
        game.play(move)
    return (Outcome.WON if game.is_won else Outcome.UNKNOWN).value


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
    first: int,
    deals: int,
    nodes: int,
    seconds: float,
) -> tuple[Counter[str], float]:
    start = time.perf_counter()
    jobs = [(profile, options, deal, nodes, seconds) for deal in range(first, first + deals)]
    counts = Counter(pool.map(solver, jobs, chunksize=4))  # type: ignore[arg-type]
    return counts, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first", type=int, default=100_001, help="the first deal number")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--seconds", type=float, nargs="+", default=[1.0])
    parser.add_argument("--ksolve-closed", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--before",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="Klondike's Python search too",
    )
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
    print(f"searches: {'compiled' if COMPILED else 'plain Python'}, Klondike's in C: {NATIVE}")
    print(f"machine: the reference workload took {reference:.2f} s")
    print(header)
    with ProcessPoolExecutor(args.jobs) as pool:
        cases = [
            (solver, p, o, seconds, f"{args.nodes:,} nodes, {seconds:g} s")
            for seconds in args.seconds
            for p, o in PROFILES
            for solver in (ours, python_twin)
            if solver is ours or (args.before and p == "klondike")
        ]
        if not kept:
            cases += [(theirs, p, o, 0.0, f"{args.ksolve_closed:,} states") for p, o in KSOLVE]
        for solver, profile, options, seconds, caps in cases:
            nodes = args.nodes if solver is ours else args.ksolve_closed
            counts, elapsed = run(
                pool, solver, profile, options, args.first, args.deals, nodes, seconds
            )
            n = sum(counts.values())
            cells = [f"{counts[o.value]} ({100 * counts[o.value] / n:.1f} %)" for o in Outcome]
            name = {ours: "ours", python_twin: "ours, before"}.get(solver, "pyksolve")
            cells = [label(profile, options), name, caps, str(n), *cells, f"{n / elapsed:.1f}"]
            row = "| " + " | ".join(cells) + " |"
            rows.append(row)
            print(row, flush=True)
    print(decided(rows))
    rows += kept
    if args.write:
        args.write.write_text(document(rows, args, bool(kept), reference))
        print(f"wrote {args.write}")


def decided(rows: list[str]) -> str:
    """How many deals each rule profile decided (won or proved lost) at the
    first budget, ours beside ours before where measured."""
    shares: dict[str, dict[str, str]] = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if cells[1] == "pyksolve" or (cells[0] in shares and cells[1] in shares[cells[0]]):
            continue
        unknown = float(cells[6].split("(")[1].rstrip(" %)"))
        shares.setdefault(cells[0], {})[cells[1]] = f"{100 - unknown:.1f} %"
    said = [
        f"{rules} {share['ours']}"
        + (f" (before: {share['ours, before']})" if len(share) > 1 else "")
        for rules, share in shares.items()
    ]
    return "Decided (won or proved lost): " + "; ".join(said) + "."


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
        "\n\nThe pyksolve rows are kept from a run before (`--keep-pyksolve`), on deals\n"
        "1 … 500: pyksolve and the code that plays its rules did not change since."
        if kept
        else ""
    )
    flag = " --keep-pyksolve" if kept else ""
    how = "compiled" if COMPILED else "as plain Python"
    seconds = " ".join(f"{value:g}" for value in args.seconds)
    before = (
        "\n\n*ours, before*: Klondike's search as it ran before its twin in C, its\n"
        "Python module compiled by mypyc, in the same run."
        if args.before
        else ""
    )
    return f"""# Winnability

Deals {args.first:,} … {args.first + args.deals - 1:,} of each rule profile: deals no pool,
grade or test has used. Each is searched from the full deal (the solver
sees the face-down cards: "thoughtful" solitaire). *won*: a winning line
was found (it replays in the engine); *unwinnable*: the search proved there
is none; *unknown*: the caps were hit first. Made with

    python bench/winnability.py --first {args.first} --deals {args.deals} --nodes {args.nodes} \\
        --seconds {seconds}{"" if args.before else " --no-before"} --write docs/WINNABILITY.md{flag}

on the 2-core development machine, which ran the reference workload of
`bench/winnability.py` (plain Python, which no change to the project
alters) in {reference:.2f} s: the caps are in seconds, so the figures depend on
the machine. Between runs of the same code on the same machine a figure
moves by about a point.{before}{again}

| rules | solver | caps | deals | won | unwinnable | unknown | deals/s |
| --- | --- | --- | --- | --- | --- | --- | --- |
{chr(10).join(rows)}

{decided(rows)}

The searches ran {how}. The install compiles them with mypyc where a C
compiler is at hand (`setup.py`), and builds Klondike's complete search in
C (`solitaire/searches/klondike_native.c`): the same moves in the same
order as its Python twin (`klondike.py`), so the same lines after the same
nodes (a test holds them to it), at about 2,000,000 nodes a second against
300,000. Its seen positions are byte strings in a hash table of its own,
each with the moves it was reached owing; its stack is an array, not
recursion; it lets go of Python's lock while it runs.

Klondike `draw=1` plays one pass through the stock and `draw=3` three: the
seed rules, the defaults. Published figures to compare with are for Klondike
with unlimited passes, thoughtful: draw 3 — {PUBLISHED[3]}; draw 1 —
{PUBLISHED[1]}. The pyksolve rows play those rules (unlimited passes,
foundation cards may come back).

Solvitaire (Blake & Gent's C++ solver, built from its repository at commit
2815238 with `g++ -O3`) ran under our default Klondike rules (draw 1, one
pass, foundation cards stay) and the same caps, on its own random deals
(`python bench/solvitaire.py --binary …`), on a machine that ran the
reference workload in 0.39 s, about as fast as this one; our search, before
its twin in C, decided 75.4 % of deals 1–500 at 1 s there:

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
as a pruned search would. Tests compare it with the same search without
reductions on 300 small positions, on three deals that search proves lost
and on a position of deal 50 (below), and with the engine's own general
search (every legal move, no reductions) on positions of real deals off
their winning lines, lost and won.

Checked beyond the tests: on deals 1–150 (draw 1) and 1–100 (draw 3) the
search without reductions, with up to 1,000,000 nodes, decides 44 and 43
deals, and this search decides every one of them the same way. That check
found one reduction wrong: with draws of three and the waste still to be
turned over, a waste card sent home at once changes which cards the later
passes bring up, and deal 50 was called lost (it is won). Waste cards go
home by themselves only with draw 1 or on the last pass.

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
more.

Calculation's search puts a stock card first where it buries the fewest
cards needed sooner than itself (a waste card leaves only for a foundation,
so it must leave before every card under it), and it reckons how soon a
rank is needed by all the foundations that still want it, on average, not
by the nearest alone. Casket's search tries a body card onto the twin of
the card it lies on (two decks) last: first, and then back, it would spend
its first choices. Both make their moves
only as the search asks for them, and every search pauses Python's cycle
collector while it runs (1.1–1.25× the nodes a second).

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
leaves deals *unknown*. At 1 s a deal, Castle's End's pool holds the 1,000
won among deals 1…1,280 (about 4 % are left out as unknown, the rest are
proved lost), Calculation's those among 1…1,104 and Casket's those among
1…1,040. The Klondike pools were built with the search in Python: draw 3's
holds the 1,000 won among deals 1…1,680 and draw 1's those among 1…4,944;
most of the rest are proved lost, and about a tenth (draw 3) and a quarter
(draw 1) were *unknown* at 1 s then. The search in C decides the same way
every deal the Python one decided (the same moves), and more of the others;
the pools stay as they are, since a rebuilt pool would change the grades'
calibration. A rebuilt pool keeps its earlier deals for the days before
(`PAST`), so no day's daily deal changes.

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
