"""The runs of a suit, put together from the runs found start by start, against a plain
enumeration of windows and of the cards each jolly stands for."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine._candidates import _suit_runs
from ramino.engine._rules_memo import rules_memo
from ramino.engine.cards import JOKER, NATURAL_CARDS, Card
from ramino.engine.melds import validate_meld
from ramino.engine.rules import AceInRuns, Rules

BASE = Rules(max_jokers_per_meld=None)
RULES = (
    BASE,
    replace(BASE, run_wrap=True),
    replace(BASE, ace_in_runs=AceInRuns.LOW_ONLY),
    replace(BASE, min_natural_cards=2),
    replace(BASE, run_wrap=True, min_natural_cards=3),
    replace(BASE, max_jokers_per_meld=1),
)

Shape = tuple[frozenset[Card], tuple[Card, ...]]


def windows(rules: Rules) -> list[list[int]]:
    """The ranks of every stretch of consecutive positions a run may cover."""
    top = 14 if rules.ace_in_runs is AceInRuns.LOW_OR_HIGH else 13
    found = []
    for start in range(1, 14 if rules.run_wrap else top + 1):
        for size in range(3, 14):
            end = start + size - 1
            if not rules.run_wrap and end > top:
                break
            found.append([(p - 1) % 13 + 1 for p in range(start, end + 1)])
    return found


def enumerated(ranks: set[int], jokers: int, rules: Rules) -> set[Shape]:
    """Every run of hearts from the ranks held and ``jokers`` jolly: a window, the held
    ranks of it that stay natural, a jolly for every other one."""
    most = jokers if rules.max_jokers_per_meld is None else min(jokers, rules.max_jokers_per_meld)
    found: set[Shape] = set()
    for window in windows(rules):
        held = [r for r in window if r in ranks]
        for size in range(len(held) + 1):
            for stays in itertools.combinations(held, size):
                standing = [r for r in window if r not in stays]
                if len(standing) > most or len(stays) < max(1, rules.min_natural_cards):
                    continue
                naturals = frozenset(NATURAL_CARDS[26 + r - 1] for r in stays)
                declared = tuple(sorted(NATURAL_CARDS[26 + r - 1] for r in standing))
                found.add((naturals, declared))
    return found


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(
    ranks=st.sets(st.integers(min_value=1, max_value=13), max_size=13),
    jokers=st.integers(min_value=0, max_value=3),
    rules=st.sampled_from(RULES),
)
def test_runs_are_every_window_with_every_jolly_placement(
    ranks: set[int], jokers: int, rules: Rules
) -> None:
    mask = sum(1 << r for r in ranks)
    most = jokers if rules.max_jokers_per_meld is None else min(jokers, rules.max_jokers_per_meld)
    runs = _suit_runs(2, mask, most, rules_memo(rules))  # hearts
    shapes = []
    for cards, declared in runs:
        meld = validate_meld(cards, rules, jokers=declared)
        naturals = frozenset(c for c in cards if c is not JOKER)
        stand_for = tuple(
            sorted(r for c, r in zip(meld.cards, meld.represents, strict=True) if c is JOKER)
        )
        shapes.append((naturals, stand_for))
    assert len(shapes) == len(set(shapes)), "a run listed twice"
    assert set(shapes) == enumerated(ranks, jokers, rules)
