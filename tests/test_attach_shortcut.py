"""The shortcut that refuses some attachments before meld validation agrees with it."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine.candidates import meld_candidates
from ramino.engine.cards import JOKER, NATURAL_CARDS, Card
from ramino.engine.errors import MeldError, NotationError, RulesError
from ramino.engine.legal import _surely_refused
from ramino.engine.melds import attach, validate_meld
from ramino.engine.rules import Rules, SetJokerSwap, SetSuits

_DECK = [*NATURAL_CARDS, *NATURAL_CARDS, JOKER, JOKER, JOKER]


def _rules_or_none(**knobs: object) -> Rules | None:
    try:
        return Rules(**knobs)  # type: ignore[arg-type]
    except RulesError:
        return None  # a contradictory combination (a set of distinct suits past 4 cards)


_RULES = st.builds(
    _rules_or_none,
    set_suits=st.sampled_from(list(SetSuits)),
    set_max=st.sampled_from([None, 3, 4, 5, 8]),
    max_jokers_per_meld=st.sampled_from([None, 1, 2]),
    set_joker_swap=st.sampled_from(list(SetJokerSwap)),
    min_natural_cards=st.sampled_from([1, 2]),
).filter(lambda rules: rules is not None)


def _refused(meld_cards: tuple[Card, ...], declared: object, card: Card, rules: Rules) -> bool:
    meld = validate_meld(meld_cards, rules, jokers=declared)  # type: ignore[arg-type]
    try:
        attach(meld, [card], rules)
    except (MeldError, NotationError):
        return True
    return False


@settings(max_examples=150, deadline=None)
@given(rules=_RULES, hand=st.lists(st.sampled_from(_DECK), min_size=3, max_size=9))
def test_a_shortcut_refusal_is_a_refusal(rules: Rules | None, hand: list[Card]) -> None:
    assert rules is not None
    for meld_cards, declared in meld_candidates(hand, rules):
        meld = validate_meld(meld_cards, rules, jokers=declared)
        for card in (*NATURAL_CARDS, JOKER):
            if _surely_refused(meld, card, rules):
                assert _refused(meld_cards, declared, card, rules), (meld, card)


@pytest.mark.parametrize(
    ("meld", "card", "knobs", "refused"),
    [
        # A suit already in a set of distinct suits, or a fourth... fifth card.
        ("7S 7H 7D", "7S", {}, True),
        ("7S 7H 7D", "7C", {}, False),
        ("7S 7H 7D 7C", "7C", {"set_suits": SetSuits.ANY, "set_max": 4}, True),
        ("7S 7H 7D 7C", "7C", {"set_suits": SetSuits.ANY, "set_max": None}, False),
        # A jolly past the limit per meld.
        ("7S JK 9S", "JK", {}, True),
        ("7S JK 9S", "JK", {"max_jokers_per_meld": 2}, False),
        # Runs are left to validation.
        ("7S 8S 9S", "8S", {}, False),
    ],
)
def test_shortcut_cases(meld: str, card: str, knobs: dict[str, object], refused: bool) -> None:
    from ramino.engine.cards import parse_cards

    rules = dataclasses.replace(Rules(), **knobs)  # type: ignore[arg-type]
    built = validate_meld(parse_cards(meld), rules)
    assert _surely_refused(built, parse_cards(card)[0], rules) is refused
