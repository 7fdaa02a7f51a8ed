"""Glicko-2 as Glickman's paper works it, a match of several read as its pairwise results, and
the provisional mark (docs/ratings.md)."""

from __future__ import annotations

import pytest

from ramino.server.ratings import (
    DEFAULT,
    PROVISIONAL_DEVIATION,
    Rating,
    pairwise,
    rate_match,
    update,
)

pytestmark = pytest.mark.once


def test_the_papers_worked_example() -> None:
    # "Example of the Glicko-2 system", Glickman: 1500/200/0.06 against three, tau 0.5.
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_match_of_several_is_its_pairwise_results() -> None:
    before = [Rating(1500, 200), Rating(1600, 80), Rating(1450, 300)]
    placements = [2, 1, 3]
    after = rate_match(before, placements)
    # The second placed beat the third and lost to the first: one period of both games.
    assert after[0] == update(before[0], [(before[1], 0.0), (before[2], 1.0)])
    assert after[1] == update(before[1], [(before[0], 1.0), (before[2], 1.0)])
    assert after[2] == update(before[2], [(before[0], 0.0), (before[1], 0.0)])
    assert after[1].rating > before[1].rating and after[2].rating < before[2].rating


def test_players_level_in_the_standing_draw() -> None:
    assert pairwise([1, 1]) == [[(1, 0.5)], [(0, 0.5)]]
    same = rate_match([DEFAULT, DEFAULT], [1, 1])
    assert same[0].rating == pytest.approx(1500) and same[0].deviation < DEFAULT.deviation


def test_a_rating_is_provisional_while_its_deviation_is_high() -> None:
    assert DEFAULT.provisional
    assert Rating(1500, PROVISIONAL_DEVIATION).provisional is False
    assert Rating(1500, PROVISIONAL_DEVIATION + 0.1).provisional
    # A new player's rating stops being provisional after a few matches.
    me, other = DEFAULT, DEFAULT
    matches = 0
    while me.provisional:
        me, other = rate_match([me, other], [1 + matches % 2, 2 - matches % 2])
        matches += 1
    assert 3 <= matches <= 15
