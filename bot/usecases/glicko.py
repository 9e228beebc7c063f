"""Glicko-2 ratings, for players and puzzles alike.

A puzzle tried is a game between its player and the puzzle: a win for the
one who solved it, a loss for the other. Both ratings move, each by how sure
it was (its deviation) and how steady (its volatility), as Glickman's
Glicko-2 has them ("Example of the Glicko-2 system", 2013). Each try is a
rating period of its own, as Lichess rates puzzles: a rating updates at
once, and a rating left alone for a while grows less sure (``periods``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale: a rating of 1500 ± 173.7178 is 0 ± 1.
SCALE = 173.7178
#: How much the volatility may change: small values keep it steady.
TAU = 0.75
#: The deviation's bounds: never surer than this, never less sure than a newcomer.
SUREST, NEWCOMER = 45.0, 350.0
#: The rating periods a day away counts for (a year away: a newcomer's doubt).
PERIODS_PER_DAY = 1 / 7


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (how sure it is) and volatility (how steady)."""

    rating: float = 1500.0
    deviation: float = NEWCOMER
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(
    player: Rating,
    results: Sequence[tuple[Rating, float]],
    *,
    periods: float = 1.0,
    tau: float = TAU,
    bounded: bool = True,
) -> Rating:
    """*player*'s rating after *results* (each an opponent and a score: 1 a
    win, 0 a loss, ½ a draw), *periods* rating periods after their last
    (fewer or more: the deviation grows by as many). *bounded* keeps the
    deviation within :data:`SUREST` and :data:`NEWCOMER`."""
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + periods * sigma * sigma) * SCALE
        return Rating(player.rating, _bounded(grown) if bounded else grown, sigma)
    weights = []
    for opponent, score in results:
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
        weights.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in weights)
    gained = sum(g * (score - e) for g, e, score in weights)
    delta = v * gained
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + periods * sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * gained
    deviation = phi * SCALE
    return Rating(mu * SCALE + 1500, _bounded(deviation) if bounded else deviation, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """The new volatility: the root of Glickman's f by the Illinois method."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > 1e-6:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)


def _bounded(deviation: float) -> float:
    return min(max(deviation, SUREST), NEWCOMER)


def play(
    player: Rating, puzzle: Rating, solved: bool, *, days_away: float = 0.0
) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one try: the player's
    own doubt grown by *days_away* since their last try."""
    score = 1.0 if solved else 0.0
    periods = 1.0 + max(days_away, 0.0) * PERIODS_PER_DAY  # a clock set back: no time away
    return (
        rate(player, [(puzzle, score)], periods=periods),
        rate(puzzle, [(player, 1.0 - score)]),
    )
