"""Every meld a hand can make is among its candidates, and every candidate is a meld: checked
against all the small subsets of random hands, up to four packs (four of each card), under
random values of the knobs that shape melds."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ramino.engine._candidates import meld_candidates
from ramino.engine.cards import JOKER, NATURAL_CARDS, Card
from ramino.engine.errors import MeldError, RulesError
from ramino.engine.melds import validate_meld
from ramino.engine.presets import get_preset
from ramino.engine.rules import AceInRuns, JokerPosition, SetSuits

BASE = get_preset("scala-40")
# Few ranks and suits, four copies of each card: sets of twins, runs with twins beside them.
CARDS: tuple[Card, ...] = tuple(
    card for card in NATURAL_CARDS if card.code % 13 in (0, 1, 2, 3, 11, 12)
)
knobs = st.fixed_dictionaries(
    {
        "ace_in_runs": st.sampled_from(AceInRuns),
        "run_wrap": st.booleans(),
        "set_suits": st.sampled_from(SetSuits),
        "set_max": st.none() | st.integers(min_value=3, max_value=8),
        "max_jokers_per_meld": st.none() | st.integers(min_value=1, max_value=2),
        "min_natural_cards": st.integers(min_value=1, max_value=3),
        "ambiguous_joker": st.sampled_from(JokerPosition),
    }
)


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(CARDS), min_size=1, max_size=8).flatmap(
        lambda cards: st.lists(st.sampled_from(cards), min_size=3, max_size=9)
    ),
    jollies=st.integers(min_value=0, max_value=2),
    changes=knobs,
)
def test_the_candidates_are_the_melds_of_a_hand(
    hand: list[Card], jollies: int, changes: dict[str, object]
) -> None:
    try:
        rules = dataclasses.replace(BASE, **changes)  # type: ignore[arg-type]
    except RulesError:
        assume(False)
    assume(all(n <= 4 for n in Counter(hand).values()))
    cards = [*hand, *([JOKER] * jollies)]
    found = meld_candidates(cards, rules)
    listed = Counter(tuple(sorted(c.code for c in meld)) for meld, _ in found)
    # Each candidate is a meld of the hand's cards.
    held = Counter(cards)
    for meld, declared in found:
        assert not Counter(meld) - held
        validate_meld(meld, rules, jokers=declared)
    # Each meld of up to five of the hand's cards (each choice of copies once) is listed.
    for size in range(3, 6):
        for chosen in set(itertools.combinations(sorted(cards, key=lambda c: c.code), size)):
            try:
                validate_meld(chosen, rules)
            except MeldError:
                continue
            assert listed[tuple(c.code for c in chosen)], chosen
