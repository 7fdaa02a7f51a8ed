"""An opening lost for the turn: before his opening, a player lays, attaches or takes a jolly
back only while the opening can still be made this turn (``_turn_end.check_opening_alive``).

That step of each move's check is asked once a decision, of the hand before the move; each
move's own check asks the same of what the move leaves (``check_rest``). Along random games
under house rules that make openings hard and retrievals common (many jollies, big hands, high
openings), the first step refuses nothing the later ones would accept: the legal actions are
the same with it and without it. Only the pure-Python build can take a function out: compiled
modules call each other directly.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.engine import RaminoError, Round, Rules, _turn_end, get_preset
from ramino.engine.actions import parse_action
from ramino.engine.rules import DiscardPickup, SetJokerSwap, SetSuits

pytestmark = pytest.mark.skipif(
    not (_turn_end.__file__ or "").endswith(".py"),
    reason="the compiled build calls opening_alive directly",
)

#: Decisions walked in one game.
DECISIONS = 150
#: How often a move that puts cards on the table is played where there is one: random
#: play alone seldom opens, and retrievals are tried once someone has.
MELDING = 0.8

knobs = st.fixed_dictionaries(
    {
        "opening_threshold": st.sampled_from([40, 51, 80, 100]),
        "hand_size": st.integers(10, 15),
        "decks": st.integers(2, 3),
        "jokers": st.sampled_from([4, 6, 8]),
        "max_jokers_per_meld": st.sampled_from([1, 2, None]),
        "set_suits": st.sampled_from(list(SetSuits)),
        "set_joker_swap": st.sampled_from(list(SetJokerSwap)),
        "attach_before_opening": st.booleans(),
        "opening_counts_attachments": st.booleans(),
        "discard_pickup": st.sampled_from(list(DiscardPickup)),
        "opening_joker_value": st.sampled_from([None, 0, 25]),
        "rediscard_taken_card": st.booleans(),
        "rummy_on_first_turn": st.booleans(),
    }
)


def walk(rules: Rules, seed: int) -> list[list[str]]:
    """The legal actions (as sorted text) at each decision of a seeded random game."""
    r = Round(rules, 2, seed=seed)
    chooser = random.Random(seed)
    seen: list[list[str]] = []
    while not r.is_over and len(seen) < DECISIONS:
        listed = sorted(str(action) for action in r.legal_actions)
        seen.append(listed)
        melding = [text for text in listed if text.split()[0] in ("lay", "attach", "swap")]
        if melding and chooser.random() < MELDING:
            listed = melding
        r.apply(parse_action(chooser.choice(listed)))
    return seen


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=knobs,
    preset=st.sampled_from(["apertura-50", "enciclopedia", "rami-51", "scala-40"]),
    seed=st.integers(0, 999),
)
def test_an_opening_lost_for_the_turn_changes_no_legal_action(
    changes: dict[str, object], preset: str, seed: int
) -> None:
    # Where the hand can no longer open this turn, no lay, attachment or retrieval is
    # checked one by one: the same moves are legal as when the first step says "alive"
    # and each move's own check answers in full.
    try:
        rules = replace(get_preset(preset), **changes)
        Round(rules, 2)
    except RaminoError:
        return  # a combination the rules refuse
    with_it = walk(rules, seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_turn_end, "opening_alive", lambda *args: True)
        without_it = walk(rules, seed)
    assert with_it == without_it
