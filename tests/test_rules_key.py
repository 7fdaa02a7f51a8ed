"""The key the engine's caches hold in place of a Rules value."""

from __future__ import annotations

import dataclasses
import pickle

from ramino.engine.cards import parse_cards
from ramino.engine.legal import opening_reachable
from ramino.engine.presets import get_preset
from ramino.engine.rules import Rules
from ramino.engine.rules_key import Store, per_rules, remembered, rules_key


def test_equal_rules_share_a_key() -> None:
    made_twice = (Rules(opening_threshold=40), Rules(opening_threshold=40))
    assert made_twice[0] is not made_twice[1]
    assert rules_key(made_twice[0]) is rules_key(made_twice[1])
    copied = pickle.loads(pickle.dumps(made_twice[0]))
    assert rules_key(copied) is rules_key(made_twice[0])


def test_different_rules_have_different_keys() -> None:
    base = get_preset("scala-40")
    changed = dataclasses.replace(base, opening_threshold=51)
    assert rules_key(base) is not rules_key(changed)
    assert rules_key(changed).rules == changed
    assert rules_key(base).rules == base


def test_answers_follow_the_rules_not_an_earlier_key() -> None:
    # The same hand asked under two thresholds: an answer remembered for one must not be
    # given for the other.
    hand = parse_cards("7H 8H 9H 10H KS KD KC 2C")
    low = Rules(opening_threshold=40)
    high = dataclasses.replace(low, opening_threshold=70)
    assert opening_reachable(hand, low, 40, keep=1)
    assert not opening_reachable(hand, high, 70, keep=1)
    assert opening_reachable(hand, Rules(opening_threshold=40), 40, keep=1)


def test_rules_asked_in_turn_keep_their_own_keys() -> None:
    # The last rules asked about are answered first: asking about others in between must
    # not hand one's key to the other.
    first = get_preset("scala-40")
    second = get_preset("classico")
    key_first = rules_key(first)
    key_second = rules_key(second)
    for _ in range(3):
        assert rules_key(first) is key_first
        assert rules_key(second) is key_second
        assert rules_key(first).rules == first


def test_a_store_keeps_the_answers_of_each_rules_value_apart() -> None:
    # The answers asked for last are found first: asking under another value of the rules
    # in between must neither hand them over nor lose them.
    store: Store[int, str] = Store()
    first = rules_key(get_preset("scala-40"))
    second = rules_key(get_preset("classico"))
    per_rules(store, first, 4)[1] = "scala"
    per_rules(store, second, 4)[1] = "classico"
    for _ in range(2):
        assert per_rules(store, first, 4) == {1: "scala"}
        assert per_rules(store, second, 4) == {1: "classico"}
    assert remembered(store, first, 1, lambda q, k: "worked out", 4) == "scala"
    assert remembered(store, first, 2, lambda q, k: f"{q} under {k.rules.name}", 4) == (
        "2 under scala-40"
    )


def test_a_store_starts_afresh_at_its_limit_and_when_cleared() -> None:
    store: Store[int, int] = Store()
    key = rules_key(get_preset("scala-40"))
    answers = per_rules(store, key, 2)
    answers[1] = answers[2] = 0
    assert per_rules(store, key, 2) == {}
    per_rules(store, key, 2)[3] = 3
    store.clear()
    assert per_rules(store, key, 2) == {}
