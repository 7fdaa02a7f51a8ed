"""The index of a table: built from the one asked about before, it is the index built
afresh; and the cards it says could be attached, asked about a few at a time, are those
that fit some meld of the table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine._rules_memo import rules_memo
from ramino.engine._table_index import TableIndex, fits, table_index
from ramino.engine.cards import JOKER, NATURAL_CARDS
from ramino.engine.presets import get_preset
from ramino.engine.round import Round

_ALL = (1 << 53) - 1


def _fitting_by_hand(index: TableIndex) -> int:
    # Every card tried on every meld, without the sieve or what is remembered per meld.
    rules = index.memo.rules
    mask = 0
    for card in (*NATURAL_CARDS, JOKER):
        if any(fits(meld, card, rules) for meld in index.melds):
            mask |= 1 << card.code
    return mask


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(["scala-40", "classico", "enciclopedia", "rami-40"]),
    seed=st.integers(0, 10_000),
)
def test_an_index_built_from_another_is_the_index_built_afresh(preset: str, seed: int) -> None:
    rules = get_preset(preset)
    round_ = Round(rules, 4, seed=seed)
    pick = random.Random(seed)
    while not round_.is_over:
        index = table_index(rules_memo(rules), round_.table)
        fresh = TableIndex(index.melds, rules_memo(rules))
        assert index.melds == tuple(m.meld for m in round_.table)
        assert index.swaps == fresh.swaps
        assert index.parts == fresh.parts
        actions = round_.legal_actions
        round_.apply(actions[pick.randrange(len(actions))])


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(["scala-40", "classico", "enciclopedia"]),
    seed=st.integers(0, 10_000),
)
def test_cards_that_could_be_attached_asked_a_few_at_a_time(preset: str, seed: int) -> None:
    rules = get_preset(preset)
    round_ = Round(rules, 4, seed=seed)
    pick = random.Random(seed)
    memo = rules_memo(rules)
    while not round_.is_over:
        if round_.table and pick.random() < 0.3:
            melds = tuple(m.meld for m in round_.table)
            expected = _fitting_by_hand(TableIndex(melds, memo))
            # Asked in pieces on one index, in a random order, then all at once.
            index = TableIndex(melds, memo)
            codes = list(range(53))
            pick.shuffle(codes)
            for start in range(0, 53, 5):
                wanted = 0
                for code in codes[start : start + 5]:
                    wanted |= 1 << code
                assert index.fitting(wanted) == expected & wanted
            assert index.fitting(_ALL) == expected
            assert TableIndex(melds, memo).fitting(_ALL) == expected
        actions = round_.legal_actions
        round_.apply(actions[pick.randrange(len(actions))])
