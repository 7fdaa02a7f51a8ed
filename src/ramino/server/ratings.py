"""Players' ratings: Glickman's Glicko-2 ("Example of the Glicko-2 system", 2013), one rating
period a match, and a match of several players read as the pairwise results of its final
standing (docs/ratings.md). Pure arithmetic: the store keeps the ratings.

No package of PyPI is used: ``glicko2`` is a class without types, last released years ago, and
the algorithm is the page below, pinned by the paper's own worked example:

>>> me = Rating(1500, 200, 0.06)
>>> new = update(me, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)

(the paper, rounding as it goes, writes 1464.06, 151.52 and 0.05999).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT",
    "PROVISIONAL_DEVIATION",
    "TAU",
    "Rating",
    "pairwise",
    "rate_match",
    "update",
]

#: The system's constant, which bounds how fast the volatility changes (Glickman suggests 0.3
#: to 1.2; his example uses 0.5).
TAU = 0.5
#: Glicko's scale factor between the rating and its Glicko-2 form.
_SCALE = 173.7178
#: How close the volatility's iteration gets before it stops (the paper's ε).
_EPSILON = 0.000001
#: A rating is provisional while its deviation is above this: about ±220 points at 95%.
PROVISIONAL_DEVIATION = 110.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating, its deviation (RD) and volatility (σ), on Glicko's scale."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        """Whether the rating says little yet (*provvisorio*): its deviation is still high.

        >>> Rating().provisional, Rating(1500, 80).provisional
        (True, False)
        """
        return self.deviation > PROVISIONAL_DEVIATION


#: A new player's rating: 1500, deviation 350, volatility 0.06 (the paper's defaults).
DEFAULT = Rating()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games``: each an opponent's rating
    before the period and the score against him (1 a win, 0.5 a draw, 0 a loss). Without
    games only the deviation grows (step 6 of the paper).

    >>> update(Rating(1500, 200, 0.06), []).deviation > 200
    True
    """
    mu = (player.rating - 1500) / _SCALE
    phi = player.deviation / _SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * _SCALE, sigma)
    # Steps 3 and 4: the estimated variance v and improvement delta.
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / _SCALE
        phi_j = opponent.deviation / _SCALE
        expected = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        inverse_v += g * g * expected * (1 - expected)
        total += g * (score - expected)
    v = 1 / inverse_v
    delta = v * total
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    # Steps 6 to 8: the new deviation and rating, back on Glicko's scale.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(new_mu * _SCALE + 1500, new_phi * _SCALE, new_sigma)


def pairwise(placements: Sequence[int]) -> list[list[tuple[int, float]]]:
    """Each player's games in a match of several, from the final standing (``placements[i]``
    is player ``i``'s place, 1 the best, ties sharing a place): against every other player a
    win if placed better, a loss if worse, a draw if level.

    >>> pairwise([1, 2, 2])
    [[(1, 1.0), (2, 1.0)], [(0, 0.0), (2, 0.5)], [(0, 0.0), (1, 0.5)]]
    """
    games: list[list[tuple[int, float]]] = []
    for i, mine in enumerate(placements):
        row = []
        for j, theirs in enumerate(placements):
            if i != j:
                row.append((j, 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5))
        games.append(row)
    return games


def rate_match(ratings: Sequence[Rating], placements: Sequence[int]) -> list[Rating]:
    """Everyone's rating after a match, one rating period: each player's games are the pairwise
    results of the standing (:func:`pairwise`), against the others' ratings before it.

    >>> after = rate_match([Rating(), Rating()], [1, 2])
    >>> [round(r.rating, 1) for r in after], [round(r.deviation, 1) for r in after]
    ([1662.3, 1337.7], [290.3, 290.3])
    """
    if len(ratings) != len(placements):
        raise ValueError("one placement a rating")
    return [
        update(ratings[i], [(ratings[j], score) for j, score in row])
        for i, row in enumerate(pairwise(placements))
    ]
