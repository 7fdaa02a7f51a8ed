"""Going out with the whole hand: the stuck rule (RULES.md §5), partitions, Casertano closings."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine import JOKER, NATURAL_CARDS, Card, get_preset, parse_cards
from ramino.engine.going_out import closing_kind, find_going_out, partition
from ramino.engine.melds import validate_meld
from ramino.engine.rules import FinalDiscard, Rules
from ramino.engine.scoring import Closing

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
