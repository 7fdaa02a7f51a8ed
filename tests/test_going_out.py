"""Going out with the whole hand: the stuck rule (RULES.md §5), partitions, Casertano closings."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine import JOKER, NATURAL_CARDS, Card, get_preset, parse_cards
from ramino.engine.candidates import meld_candidates, unmeldable
from ramino.engine.going_out import (
    _Search,
    _surely_dead,
    closing_kind,
    find_going_out,
    min_deadwood,
    partition,
    partitions_without_one,
)
from ramino.engine.melds import validate_meld
from ramino.engine.rules import AceInRuns, FinalDiscard, Rules, SetJokerSwap, SetSuits
from ramino.engine.scoring import Closing, card_penalty

BASE = Rules()
OPTIONAL = replace(BASE, final_discard=FinalDiscard.OPTIONAL)


def test_stuck_example_from_the_guide() -> None:
    # Holding 6♣ 6♦ and drawing 6♥: with a required final discard the set cannot be laid.
    hand = parse_cards("6C 6D 6H")
    assert find_going_out(hand, BASE) is None
    way = find_going_out(hand, OPTIONAL)
    assert way is not None and way.discard is None
    assert [m.notation() for m in way.melds] == ["6C 6D 6H"]


def test_going_out_with_a_discard() -> None:
    hand = parse_cards("6C 6D 6H KS")
    way = find_going_out(hand, BASE)
    assert way is not None and way.discard == Card.parse("KS")
    assert find_going_out(parse_cards("6C 6D 6H KS QD"), BASE) is None
    # A player who may skip the discard still may discard.
    way = find_going_out(hand, OPTIONAL)
    assert way is not None and way.discard == Card.parse("KS")


def test_partition_uses_every_card_once() -> None:
    hand = parse_cards("7H 7H 8H 8H 9H 9H")
    melds = partition(hand, BASE)
    assert melds is not None and len(melds) == 2
    assert Counter(c for m in melds for c in m.cards) == Counter(hand)
    assert partition(parse_cards("7H 7S 7D 7C 7H"), BASE) is None
    assert partition((), BASE) == ()
    assert partition(parse_cards("JK JK JK"), replace(BASE, max_jokers_per_meld=None)) is None


def test_partition_respects_meld_knobs() -> None:
    hand = parse_cards("KH AH 2H")
    assert partition(hand, BASE) is None
    assert partition(hand, replace(BASE, run_wrap=True)) is not None
    twins = parse_cards("5C 5C 5D")
    assert partition(twins, BASE) is None
    assert partition(twins, get_preset("casertano")) is not None


@pytest.mark.parametrize(
    ("hand", "kind"),
    [
        ("QS QS QH QH QD QD QC 2C 5H 9D KS KH AD", Closing.SEVEN_OF_A_KIND),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", Closing.STRAIGHT),
        ("AH 3H 5H 6H 8H 9H JH QH KH 2H 2H 4H 10H", Closing.FLUSH),
        ("5C 5C 5D 7H 8H 9H JK 10S 10S 10S 2D 3D 4D", Closing.SIMPLE),
        ("5C 5C 5D 7H 8H 9H JK 10S 10S 10S 2D 3D 9C", None),
    ],
)
def test_casertano_closing_kinds(hand: str, kind: Closing | None) -> None:
    assert closing_kind(parse_cards(hand), get_preset("casertano")) is kind


def test_closing_kinds_follow_the_knobs() -> None:
    flush = parse_cards("AH 3H 5H 6H 8H 9H JH QH KH 2H")
    assert closing_kind(flush, BASE) is None
    assert closing_kind(flush, get_preset("casertano")) is Closing.FLUSH
    seven = parse_cards("QS QS QH QH QD QD QC")
    assert closing_kind(seven, replace(get_preset("casertano"), seven_of_a_kind_wins=False)) is (
        Closing.SIMPLE
    )
    assert closing_kind(parse_cards("QS QS QH QH QD QD JK"), get_preset("casertano")) is (
        Closing.SIMPLE
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*NATURAL_CARDS[:20], JOKER]), min_size=3, max_size=7))
def test_partition_is_exact_on_small_hands(cards: list[Card]) -> None:
    found = partition(cards, BASE)
    expected = brute_force_partition(tuple(sorted(cards)), BASE)
    assert (found is not None) == expected
    if found is not None:
        assert Counter(c for m in found for c in m.cards) == Counter(cards)


def brute_force_partition(cards: tuple[Card, ...], rules: Rules) -> bool:
    """Every way of splitting the cards into groups, checked meld by meld."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for mask in range(1 << len(rest)):
        group = [first, *(c for i, c in enumerate(rest) if mask >> i & 1)]
        left = tuple(c for i, c in enumerate(rest) if not mask >> i & 1)
        try:
            validate_meld(group, rules)
        except Exception:
            continue
        if brute_force_partition(left, rules):
            return True
    return False


# Rules that shape melds differently: the search must be exact under each.
KNOBS = [
    BASE,
    get_preset("casertano"),
    get_preset("scala-40"),
    get_preset("tradizionale"),
    replace(BASE, max_jokers_per_meld=None),
    replace(BASE, max_jokers_per_meld=2, min_natural_cards=2),
    replace(BASE, set_suits=SetSuits.ANY, set_max=None),
    replace(BASE, set_suits=SetSuits.ANY, set_max=5, run_wrap=True),
    replace(BASE, run_wrap=True, max_jokers_per_meld=None),
    replace(BASE, ace_in_runs=AceInRuns.LOW_ONLY, set_joker_swap=SetJokerSwap.DECLARED_SUIT),
    replace(BASE, set_joker_swap=SetJokerSwap.DECLARED_SUIT, max_jokers_per_meld=2),
]
# Two packs and four jokers, as most presets deal.
PACK = [*NATURAL_CARDS, *NATURAL_CARDS, JOKER, JOKER, JOKER, JOKER]


@st.composite
def hands(draw: st.DrawFn, max_size: int = 14) -> list[Card]:
    """Cards from the two packs; often from one or two suits, where melds are many."""
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    pool = [c for c in PACK if c.is_joker or c.code // 13 in suits]
    picked = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    return [pool[i] for i in picked]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KNOBS), hands(max_size=16), st.data())
def test_candidates_of_a_part_are_those_of_the_hand_that_fit(
    rules: Rules, cards: list[Card], data: st.DataObject
) -> None:
    # The search lists the melds of the whole hand once and, at each step, keeps those that
    # fit in what is left: it relies on their being the melds of that part, in the same order
    # (the order decides which partition is found first).
    keep = data.draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    part = [c for c, k in zip(cards, keep, strict=True) if k]
    held = Counter(part)
    fitting = [m for m in meld_candidates(cards, rules) if not Counter(m[0]) - held]
    assert fitting == list(meld_candidates(part, rules))
    natural = [c for c in part if not c.is_joker]
    if natural:
        first = min(natural)
        assert [m for m in fitting if first in m[0]] == list(
            meld_candidates(part, rules, containing=first)
        )


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(KNOBS), hands())
def test_dead_cards_at_a_glance_are_dead(rules: Rules, cards: list[Card]) -> None:
    dead = unmeldable(cards, rules)
    assert _Search(cards, rules).dead() == dead
    quick = _surely_dead(cards, rules)
    assert len(quick) == len(set(quick))
    assert set(quick) <= dead


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(KNOBS), hands(max_size=7))
def test_search_agrees_with_brute_force(rules: Rules, cards: list[Card]) -> None:
    hand = tuple(sorted(cards))
    found = partition(cards, rules)
    assert (found is not None) == brute_force_partition(hand, rules)
    if found is not None:
        assert Counter(c for m in found for c in m.cards) == Counter(cards)
    if not rules.flush_meld:
        assert min_deadwood(cards, rules) == brute_force_least(hand, rules)
    # Every card kept out, and none: the ways the rest splits are those brute force finds.
    # (The same way may be listed twice when the lowest card is held twice: QC KC AC with
    # AC 2C 3C is found taking either ace first. Shows are told apart later.)
    choices: list[Card | None] = [None, *sorted(set(cards))]
    ways = list(partitions_without_one(cards, rules, choices))
    for choice in choices:
        rest = list(hand)
        if choice is not None:
            rest.remove(choice)
        listed = [
            tuple(sorted(tuple(sorted(m.cards)) for m in melds))
            for kept, melds in ways
            if kept == choice
        ]
        assert set(listed) == brute_force_partitions(tuple(rest), rules), choice


def test_partitions_without_one_card() -> None:
    # Two of each card: the two runs are the same meld, listed once; a 7♥ kept out leaves
    # 7♥ 8♥ 8♥ 9♥ 9♥, which does not split.
    hand = parse_cards("7H 7H 8H 8H 9H 9H")
    ways = list(partitions_without_one(hand, BASE, [None, Card.parse("7H")]))
    assert [(kept, [m.notation() for m in melds]) for kept, melds in ways] == [
        (None, ["7H 8H 9H", "7H 8H 9H"])
    ]


def brute_force_least(cards: tuple[Card, ...], rules: Rules) -> int:
    """The least penalty left, every group of cards holding the first one tried as a meld."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = card_penalty(first, rules) + brute_force_least(rest, rules)
    for mask in range(1, 1 << len(rest)):
        group = [first, *(c for i, c in enumerate(rest) if mask >> i & 1)]
        try:
            validate_meld(group, rules)
        except Exception:
            continue
        left = tuple(c for i, c in enumerate(rest) if not mask >> i & 1)
        best = min(best, brute_force_least(left, rules))
    return best


#: A partition as sorted groups of sorted cards.
Groups = tuple[tuple[Card, ...], ...]


def brute_force_partitions(cards: tuple[Card, ...], rules: Rules) -> set[Groups]:
    """Every way of splitting sorted cards into melds, as sorted groups of sorted cards."""
    if not cards:
        return {()}
    first, rest = cards[0], cards[1:]
    found: set[Groups] = set()
    for mask in range(1 << len(rest)):
        group = (first, *(c for i, c in enumerate(rest) if mask >> i & 1))
        try:
            validate_meld(group, rules)
        except Exception:
            continue
        left = tuple(c for i, c in enumerate(rest) if not mask >> i & 1)
        found.update(tuple(sorted((group, *tail))) for tail in brute_force_partitions(left, rules))
    return found
