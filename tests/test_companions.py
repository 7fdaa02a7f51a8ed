"""The quick test asked before the melds that hold a card just taken or drawn: a card it
turns away is in no meld of the hand, under any rules."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine._candidates import meld_candidates
from ramino.engine._reachable import chain_may_hold, has_companions, opening_reachable
from ramino.engine.cards import JOKER, NATURAL_CARDS, parse_cards
from ramino.engine.melds import Meld, validate_meld
from ramino.engine.presets import get_preset
from ramino.engine.rules import AceInRuns, Rules, SetSuits

BASE = Rules(max_jokers_per_meld=None)
RULES = (
    BASE,
    replace(BASE, run_wrap=True),
    replace(BASE, ace_in_runs=AceInRuns.LOW_ONLY),
    replace(BASE, set_suits=SetSuits.ANY, set_max=None),
    replace(BASE, min_natural_cards=2),
    get_preset("scala-40"),
    get_preset("enciclopedia"),
)

codes = st.integers(min_value=0, max_value=52)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(codes, min_size=1, max_size=14),
    taken=st.integers(min_value=0, max_value=51),
    rules=st.sampled_from(RULES),
)
def test_a_card_turned_away_is_in_no_meld(hand: list[int], taken: int, rules: Rules) -> None:
    cards = [NATURAL_CARDS[c] if c < 52 else JOKER for c in [*hand, taken]]
    card = NATURAL_CARDS[taken]
    if not has_companions(cards, card):
        assert meld_candidates(cards, rules, containing=card) == ()


def test_companions_by_rank_suit_and_jolly() -> None:
    def asked(hand: str, card: str) -> bool:
        cards = parse_cards(hand)
        return has_companions(cards, parse_cards(card)[0])

    assert not asked("7H 2C KD 9S", "7H")  # alone
    assert not asked("7H 7H", "7H")  # one twin is one card of its rank
    assert asked("7H 7H 7C", "7H")  # two more of its rank
    assert asked("7H 9H 5H", "7H")  # two of its suit two ranks away
    assert not asked("7H 10H 4H 2C", "7H")  # three ranks away is too far
    assert asked("AH QH KH", "AH")  # round the corner: the ace below the queen and king
    assert asked("7H 8H JK", "7H")  # a jolly and a neighbour
    assert asked("7H JK 7S", "7H")  # a jolly and a card of its rank
    assert not asked("7H JK", "7H")
    assert asked("JK 2C KD", "JK")  # a jolly goes with anything


ATTACHING = (
    get_preset("enciclopedia"),
    replace(BASE, opening_counts_attachments=True, attach_before_opening=True, run_wrap=True),
)
TABLE_MELDS = [
    validate_meld(parse_cards(text), BASE)
    for text in (
        "5H 6H 7H",
        "JH QH KH",
        "QC KC AC",
        "2S 3S 4S 5S",
        "JK 9D 10D",
        "8C 8D 8S",
        "AH AS JK",
        "10S JS QS KS",
    )
]


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(codes, min_size=1, max_size=12),
    taken=st.integers(min_value=0, max_value=51),
    table=st.lists(st.sampled_from(TABLE_MELDS), min_size=1, max_size=4),
    rules=st.sampled_from(ATTACHING),
)
def test_a_card_no_chain_can_hold_opens_nothing(
    hand: list[int], taken: int, table: list[Meld], rules: Rules
) -> None:
    # The smallest threshold: any meld or chain holding the taken card would reach it.
    cards = [NATURAL_CARDS[c] if c < 52 else JOKER for c in [*hand, taken]]
    card = NATURAL_CARDS[taken]
    if not has_companions(cards, card) and not chain_may_hold(table, cards, card, rules):
        assert not opening_reachable(cards, rules, 1, keep=0, using=card, table=table)


def test_chains_by_set_run_and_gap() -> None:
    def asked(hand: str, card: str, *melds: str, rules: Rules = BASE) -> bool:
        table = [validate_meld(parse_cards(m), rules) for m in melds]
        return chain_may_hold(table, parse_cards(hand), parse_cards(card)[0], rules)

    assert asked("8H", "8H", "8C 8D 8S")  # a set of its rank
    assert not asked("8H", "8H", "9C 9D 9S")
    # A set with no room for it: its suit there already, or full.
    assert not asked("8H", "8H", "8C 8H 8S")
    assert not asked("8H", "8H", "8C 8D 8S JK")
    assert asked("8H", "8H", "8C 8D JK")  # the jolly's place may move
    same_suits = replace(BASE, set_suits=SetSuits.ANY, set_max=None)
    assert asked("8H", "8H", "8C 8H 8S", rules=same_suits)
    assert asked("8H", "8H", "5H 6H 7H")  # next to the run
    assert not asked("9H", "9H", "5H 6H 7H")  # a gap and nothing to fill it
    assert asked("9H 8H", "9H", "5H 6H 7H")  # the card of the gap fills it
    assert not asked("9H 2H", "9H", "5H 6H 7H")  # one of its suit outside the gap does not
    assert asked("9H JK", "9H", "5H 6H 7H")  # a jolly might
    assert not asked("10H JK", "10H", "5H 6H 7H")  # one jolly for a gap of two
    assert asked("10H 9H JK", "10H", "5H 6H 7H")
    assert not asked("9H 8C", "9H", "5H 6H 7H")
    assert asked("AH", "AH", "JH QH KH")  # round the corner
    assert not asked("8S", "8S", "5H 6H 7H")  # another suit
