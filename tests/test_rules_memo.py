"""The memo of a value of the rules: one for equal rules, owning what the engine remembers."""

from __future__ import annotations

import dataclasses
import pickle

from ramino.engine._candidates import CandidateAnswers
from ramino.engine._opening import SearchAnswers
from ramino.engine._reachable import opening_reachable
from ramino.engine._rules_memo import forget_all, remember, rules_memo
from ramino.engine.cards import parse_cards
from ramino.engine.presets import get_preset
from ramino.engine.rules import Rules


def test_equal_rules_share_a_memo() -> None:
    made_twice = (Rules(opening_threshold=40), Rules(opening_threshold=40))
    assert made_twice[0] is not made_twice[1]
    assert rules_memo(made_twice[0]) is rules_memo(made_twice[1])
    copied = pickle.loads(pickle.dumps(made_twice[0]))
    assert rules_memo(copied) is rules_memo(made_twice[0])


def test_different_rules_have_different_memos() -> None:
    base = get_preset("scala-40")
    changed = dataclasses.replace(base, opening_threshold=51)
    assert rules_memo(base) is not rules_memo(changed)
    assert rules_memo(changed).rules == changed
    assert rules_memo(base).rules == base


def test_answers_follow_the_rules_not_an_earlier_key() -> None:
    # The same hand asked under two thresholds: an answer remembered for one must not be
    # given for the other.
    hand = parse_cards("7H 8H 9H 10H KS KD KC 2C")
    low = Rules(opening_threshold=40)
    high = dataclasses.replace(low, opening_threshold=70)
    assert opening_reachable(hand, low, 40, keep=1)
    assert not opening_reachable(hand, high, 70, keep=1)
    assert opening_reachable(hand, Rules(opening_threshold=40), 40, keep=1)


def test_rules_asked_in_turn_keep_their_own_memos() -> None:
    # The last rules asked about are answered first: asking about others in between must
    # not hand one's key to the other.
    first = get_preset("scala-40")
    second = get_preset("classico")
    memo_first = rules_memo(first)
    memo_second = rules_memo(second)
    for _ in range(3):
        assert rules_memo(first) is memo_first
        assert rules_memo(second) is memo_second
        assert rules_memo(first).rules == first


def searches(rules: Rules) -> SearchAnswers:
    return rules_memo(rules).part(SearchAnswers)


def test_each_value_of_the_rules_remembers_its_own_answers() -> None:
    hand = parse_cards("7H 8H 9H 10H KS KD KC 2C")
    opening_reachable(hand, get_preset("scala-40"), 40, keep=1)
    scala = searches(get_preset("scala-40"))
    assert scala.searches
    # Each part has one owner, made once for the rules.
    assert searches(get_preset("scala-40")) is scala
    assert not set(scala.searches) & set(searches(get_preset("classico")).searches)


def test_forgetting_all_empties_every_memo_it_handed_out() -> None:
    memo = rules_memo(get_preset("scala-40"))
    opening_reachable(parse_cards("7H 8H 9H 10H KS KD KC 2C"), memo.rules, 40, keep=1)
    found = memo.part(SearchAnswers)
    assert found.searches and found.meld_options and memo.part(CandidateAnswers).groups
    forget_all()
    assert rules_memo(get_preset("scala-40")) is memo
    # A part asked for again starts empty.
    again = memo.part(SearchAnswers)
    assert not again.searches and not again.meld_options and not again.recent_searches
    assert not memo.part(CandidateAnswers).groups


def test_a_table_starts_afresh_at_its_bound() -> None:
    table: dict[int, str] = {}
    assert remember(table, 1, "one", 2) == "one"
    remember(table, 2, "two", 2)
    assert table == {1: "one", 2: "two"}
    remember(table, 3, "three", 2)
    assert table == {3: "three"}


def test_a_memo_pickles_as_its_rules() -> None:
    memo = rules_memo(get_preset("scala-40"))
    opening_reachable(parse_cards("7H 8H 9H 10H KS KD KC 2C"), memo.rules, 40, keep=1)
    filled = pickle.dumps(memo)
    assert pickle.loads(filled) is memo
    forget_all()
    assert pickle.dumps(memo) == filled  # what it remembers is not pickled


def test_rules_find_their_memo_again_once_it_is_dropped_at_the_bound() -> None:
    # A value of the rules keeps its memo at hand; once the memos are dropped at their
    # bound, it finds the one equal rules get, and forget_all reaches it.
    rules = get_preset("scala-40")
    old = rules_memo(rules)
    for threshold in range(100):
        for target in (101, 201, 301):
            rules_memo(Rules(opening_threshold=threshold, target=target))
    new = rules_memo(rules)
    assert new is not old
    assert rules_memo(pickle.loads(pickle.dumps(rules))) is new
    opening_reachable(parse_cards("7H 8H 9H 10H KS KD KC 2C"), rules, 40, keep=1)
    assert new.part(SearchAnswers).searches
    forget_all()
    assert not new.part(SearchAnswers).searches
