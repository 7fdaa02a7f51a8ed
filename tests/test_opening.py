"""The opening search against a plain enumeration of disjoint melds."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from ramino.engine._candidates import meld_candidates
from ramino.engine._opening import (
    OpeningSearch,
    candidate_points,
    known_search,
    points_bound,
    reach_adding,
    search_for,
    search_holding,
)
from ramino.engine._reachable import _search_reachable, opening_reachable
from ramino.engine._rules_memo import forget_all, rules_memo
from ramino.engine.cards import JOKER, NATURAL_CARDS, Card, parse_cards
from ramino.engine.errors import RulesError
from ramino.engine.melds import Meld, validate_meld
from ramino.engine.presets import get_preset
from ramino.engine.rules import AceInRuns, JokerPosition, Rules, SetSuits

SCALA_40 = get_preset("scala-40")
RULES = (
    SCALA_40,
    dataclasses.replace(SCALA_40, opening_jokers=False),
    dataclasses.replace(SCALA_40, max_jokers_per_meld=None, opening_joker_value=25),
    get_preset("apertura-50"),
)

# Two packs and four jolly, as at scala 40: a card may be held twice, a jolly four times.
DECK: tuple[Card, ...] = (*NATURAL_CARDS, *NATURAL_CARDS, JOKER, JOKER, JOKER, JOKER)


def enumerated(
    cards: Sequence[Card],
    rules: Rules,
    need: int,
    keep: int,
    using: Card | None,
    *,
    barred: Card | None = None,
) -> bool:
    """Whether disjoint melds of ``cards`` make ``need`` points keeping ``keep`` cards, one
    of them holding ``using``, the cards kept holding one that is not ``barred`` (unless
    none is kept): every choice of candidates tried."""
    options = []
    for meld_cards, declared in meld_candidates(cards, rules):
        if not rules.opening_jokers and JOKER in meld_cards:
            continue
        points = validate_meld(meld_cards, rules, jokers=declared).points(rules)
        options.append((Counter(meld_cards), points))
    held = Counter(cards)

    def done(left: Counter[Card], points: int, used_card: bool) -> bool:
        kept = sum(left.values())
        return (
            points >= need
            and kept >= keep
            and (using is None or used_card)
            and (barred is None or not kept or kept > left[barred])
        )

    def search(start: int, left: Counter[Card], points: int, used_card: bool) -> bool:
        if done(left, points, used_card):
            return True
        for k in range(start, len(options)):
            taken, worth = options[k]
            if all(left[card] >= n for card, n in taken.items()):
                holds = used_card or (using is not None and taken[using] > 0)
                if search(k, left - taken, points + worth, holds):
                    return True
        return False

    return search(0, held, 0, False)


hands = st.lists(st.sampled_from(DECK), min_size=3, max_size=10)


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=hands,
    rules=st.sampled_from(RULES),
    need=st.integers(min_value=1, max_value=70),
    keep=st.integers(min_value=0, max_value=2),
    pick=st.none() | st.integers(min_value=0, max_value=9),
)
def test_the_search_finds_what_an_enumeration_finds(
    hand: list[Card], rules: Rules, need: int, keep: int, pick: int | None
) -> None:
    using = None if pick is None else hand[pick % len(hand)]
    expected = enumerated(hand, rules, need, keep, using)
    assert opening_reachable(hand, rules, need, keep=keep, using=using) is expected


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=hands,
    rules=st.sampled_from(RULES),
    need=st.integers(min_value=1, max_value=70),
    keep=st.integers(min_value=0, max_value=2),
    pick=st.none() | st.integers(min_value=0, max_value=9),
    bar=st.integers(min_value=0, max_value=9),
)
# The run of four hearts makes 34 only if the second 7♥ is kept, and it may not be thrown.
@example(hand=parse_cards("7H 8H 9H 10H 7H"), rules=SCALA_40, need=34, keep=1, pick=None, bar=0)
def test_the_cards_kept_hold_one_to_throw_besides_the_barred_ones(
    hand: list[Card], rules: Rules, need: int, keep: int, pick: int | None, bar: int
) -> None:
    # A card taken from the pile (and its twins) may not be thrown back this turn.
    barred = hand[bar % len(hand)]
    using = None if pick is None else hand[pick % len(hand)]
    expected = enumerated(hand, rules, need, keep, using, barred=barred)
    assert opening_reachable(hand, rules, need, keep=keep, using=using, barred=barred) is expected


@settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands, need=st.integers(min_value=1, max_value=60), data=st.data())
def test_a_part_is_answered_from_the_whole_hand(
    hand: list[Card], need: int, data: st.DataObject
) -> None:
    # What is left once some cards are laid, asked with the whole hand as ``within``.
    kept = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    part = [card for card, stays in zip(hand, kept, strict=True) if stays]
    expected = enumerated(part, SCALA_40, need, 1, None)
    assert opening_reachable(part, SCALA_40, need, keep=1, within=hand) is expected


def test_cards_outside_the_given_hand_are_asked_about_on_their_own() -> None:
    within = parse_cards("2C 3C 4C")
    cards = parse_cards("JH QH KH")
    assert opening_reachable(cards, SCALA_40, 30, keep=0, within=within)
    assert not opening_reachable(cards, SCALA_40, 31, keep=0, within=within)


def test_many_copies_of_a_card_widen_the_fields() -> None:
    # Four jolly need three bits of count: a meld taking three of them must not borrow from
    # the next card's field.
    rules = dataclasses.replace(SCALA_40, max_jokers_per_meld=None, min_natural_cards=1)
    hand = parse_cards("JK JK JK JK 7H 7S")
    search = OpeningSearch(tuple(sorted(card.code for card in hand)), rules_memo(rules))
    assert search.low == 7  # three bits of count under the guard
    full = search.pack(hand)
    three = search.pack(parse_cards("JK JK JK")) - search.guards
    assert search.holds(full, three)
    assert not search.holds(full - three, three)
    assert opening_reachable(hand, rules, 1, keep=0) is enumerated(hand, rules, 1, 0, None)


def test_three_aces_of_clubs_are_a_meld_of_their_own_beside_four() -> None:
    # Sets of any suits: three A♣ and four A♣ pack their codes alike (every field 0), and
    # the search of four must still answer for three.
    rules = dataclasses.replace(SCALA_40, set_suits=SetSuits.ANY, set_max=None)
    memo = rules_memo(rules)
    forget_all()
    four = parse_cards("AC AC AC AC")
    whole, _ = search_holding(four, memo)
    search, left = search_holding(four[:3], memo)
    assert search is whole
    assert search.reach(left, 3, 33, 0)
    assert opening_reachable(
        parse_cards("AC AC AC 5D"), rules, 33, keep=1, within=parse_cards("AC AC AC AC 5D")
    )


def test_a_large_hand_still_counts_right() -> None:
    # More distinct cards than fit in a machine word: the packed ints grow, the answers stay.
    # Two bits a card: 33 distinct cards take 66 bits.
    hand = NATURAL_CARDS[:33]  # every club and diamond, the hearts from the ace to the 7
    assert opening_reachable(hand, SCALA_40, 190, keep=1)
    assert not opening_reachable(hand, SCALA_40, 250, keep=1)
    codes = tuple(sorted(card.code for card in hand))
    assert search_for(codes, rules_memo(SCALA_40)).guards.bit_length() > 62


def test_questions_past_what_a_remembered_key_packs_are_answered_alike() -> None:
    # The points wanted and the cards kept are packed into one int to remember an answer;
    # past those bits the question is worked out each time, with the same answer.
    hand = parse_cards("7H 8H 9H 7S 7C 7D JK")
    search = OpeningSearch(tuple(sorted(card.code for card in hand)), rules_memo(SCALA_40))
    full = search.pack(hand)
    # 7♥ 8♥ 9♥ with the jolly as 10♥ (34) and the three other sevens (21).
    assert search.reach(full, len(hand), 55, 0)
    assert not search.reach(full, len(hand), 56, 0)
    assert not search.reach(full, len(hand), 1 << 20, 0)
    assert not search.reach(full, len(hand), (1 << 20) + 1, 0)
    assert not search.reach(full, len(hand), 1, 16)  # 16 cards to keep out of 7
    assert search.reach(full, len(hand), 55, 0)  # asked again, remembered


# Every knob that changes which melds a hand makes or what they are worth to an opening.
knobs: st.SearchStrategy[dict[str, object]] = st.builds(
    dict,
    ace_in_runs=st.sampled_from(AceInRuns),
    run_wrap=st.booleans(),
    set_suits=st.sampled_from(SetSuits),
    set_max=st.none() | st.integers(min_value=3, max_value=8),
    max_jokers_per_meld=st.none() | st.integers(min_value=1, max_value=3),
    min_natural_cards=st.integers(min_value=1, max_value=3),
    opening_jokers=st.booleans(),
    opening_joker_value=st.none() | st.sampled_from([0, 5, 25]),
)


# Few cards, close together, so that melds are many and a bound too tight shows.
NARROW: tuple[Card, ...] = (*parse_cards("AC 2C 3C 4C 5C 6C QH KH AH 2H 3H 4H QS KS AS"), JOKER)


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(NARROW), min_size=1, max_size=8)
    | st.lists(st.sampled_from(DECK), min_size=1, max_size=16),
    changes=knobs,
)
def test_no_melds_of_a_hand_make_more_than_its_bound(
    hand: list[Card], changes: dict[str, object]
) -> None:
    try:
        rules = dataclasses.replace(SCALA_40, **changes)  # type: ignore[arg-type]
    except RulesError:
        assume(False)  # knobs that contradict each other (a wrap with the ace only low)
    memo = rules_memo(rules)
    bound = points_bound(hand, memo)
    search = OpeningSearch(tuple(sorted(card.code for card in hand)), memo)
    full = search.pack(hand)
    assert not search.reach(full, len(hand), bound + 1, 0)
    # The bound stops a search only where it is short: never an answer changed.
    assert opening_reachable(hand, rules, bound + 1, keep=0) is False


def _rules_and_card(changes: dict[str, object], hand: list[Card], pick: int) -> tuple[Rules, Card]:
    """Scala 40 with ``changes``, and a natural card of ``hand`` picked by ``pick`` (the
    example is dropped where the knobs contradict each other or the hand has none)."""
    try:
        rules = dataclasses.replace(SCALA_40, **changes)  # type: ignore[arg-type]
    except RulesError:
        assume(False)
    naturals = [card for card in hand if card is not JOKER]
    assume(naturals)
    return rules, naturals[pick % len(naturals)]


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(NARROW), min_size=1, max_size=8)
    | st.lists(st.sampled_from(DECK), min_size=1, max_size=16),
    changes=knobs,
    pick=st.integers(min_value=0),
)
def test_the_bound_with_a_card_to_hold_is_0_only_where_no_meld_holds_it(
    hand: list[Card], changes: dict[str, object], pick: int
) -> None:
    rules, card = _rules_and_card(changes, hand, pick)
    memo = rules_memo(rules)
    held = [
        meld
        for meld, _ in meld_candidates(hand, rules, containing=card)
        if rules.opening_jokers or JOKER not in meld
    ]
    bound = points_bound(hand, memo, using=card.code)
    if held:
        assert bound > 0
        assert bound == points_bound(hand, memo)
    # Where it is 0, no opening holding the card is found, whatever the points asked.
    if bound == 0:
        assert opening_reachable(hand, rules, 1, keep=0, using=card) is False


# A whole suit and a jolly or two: runs of all thirteen ranks, whose window the rules choose.
WHOLE_SUIT: tuple[Card, ...] = (*NATURAL_CARDS[13:26], JOKER, JOKER)


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(NARROW), min_size=3, max_size=10)
    | st.lists(st.sampled_from(DECK), min_size=3, max_size=16)
    | st.lists(st.sampled_from(WHOLE_SUIT), min_size=11, max_size=15),
    changes=knobs,
    lower=st.booleans(),
)
def test_a_candidate_is_worth_to_the_search_what_its_meld_is_worth(
    hand: list[Card], changes: dict[str, object], lower: bool
) -> None:
    try:
        rules = dataclasses.replace(
            SCALA_40,
            ambiguous_joker=JokerPosition.LOWER if lower else JokerPosition.HIGHER,
            **changes,  # type: ignore[arg-type]
        )
    except RulesError:
        assume(False)
    fixed = rules.opening_joker_value
    for cards, declared in meld_candidates(hand, rules):
        worth = validate_meld(cards, rules, jokers=declared).points(rules)
        told = candidate_points(cards, declared, fixed)
        # Told from the cards where they leave no doubt, else left to the validation.
        assert told in (worth, -1)


def test_a_candidate_is_worth_what_its_cards_say() -> None:
    run = parse_cards("QH KH AH")
    assert candidate_points(run, None, None) == 31
    assert candidate_points(parse_cards("AH 2H 3H"), None, None) == 6
    wrap = parse_cards("KH AH 2H")
    assert candidate_points(wrap, None, None) == 13  # the ace in the middle, low
    with_jolly = (*parse_cards("QH KH"), JOKER)
    assert candidate_points(with_jolly, parse_cards("AH"), None) == 31
    assert candidate_points(with_jolly, parse_cards("AH"), 25) == 45
    sevens = (*parse_cards("7H 7S"), JOKER)
    assert candidate_points(sevens, None, None) == 21
    assert candidate_points(sevens, None, 0) == 14
    assert candidate_points(parse_cards("AH AS AC"), None, None) == 33
    # Left to the validation: naturals all one card (a run or a set as the rules say), an
    # undeclared jolly of a run, a run of thirteen ranks.
    assert candidate_points((*parse_cards("7H"), JOKER, JOKER), None, None) == -1
    assert candidate_points(with_jolly, None, None) == -1
    assert candidate_points(with_jolly, (None,), None) == -1
    assert candidate_points(tuple(NATURAL_CARDS[13:26]), None, None) == -1


def test_the_bound_with_a_card_to_hold() -> None:
    memo = rules_memo(SCALA_40)
    hand = parse_cards("QH KH AH 7S 7D 2C")
    # The run holds the king: the bound is the hand's. No meld holds the 2 of clubs, and
    # none the 7 of spades without a jolly.
    assert points_bound(hand, memo, using=Card.parse("KH").code) == 31
    assert points_bound(hand, memo, using=Card.parse("2C").code) == 0
    assert points_bound(hand, memo, using=Card.parse("7S").code) == 0
    assert points_bound([*hand, JOKER], memo, using=Card.parse("7S").code) == 56


def test_the_bound_counts_the_cards_a_meld_might_hold() -> None:
    memo = rules_memo(SCALA_40)
    # A run (31) and a pair the jolly makes a set of (14, and the jolly 11); the 2 of clubs
    # has no card near it.
    assert points_bound(parse_cards("QH KH AH 7S 7D 2C JK"), memo) == 56
    # Without the jolly the pair makes nothing.
    assert points_bound(parse_cards("QH KH AH 7S 7D 2C"), memo) == 31
    # With one jolly, a card two ranks from another of its suit might be in a run.
    assert points_bound(parse_cards("4C 6C 9D JK"), memo) == 4 + 6 + 11
    # The king and the ace are neighbours, whatever the rules say of going round the corner.
    assert points_bound(parse_cards("KS AS 2S"), memo) == 10 + 11 + 2
    # Two jollies make a run of any card.
    assert points_bound(parse_cards("9D JK JK"), rules_memo(_many_jollies())) == 9 + 22


def test_the_bound_counts_a_jolly_at_what_the_rules_make_it_worth() -> None:
    fixed = dataclasses.replace(SCALA_40, opening_joker_value=25)
    assert points_bound(parse_cards("7S 7D JK"), rules_memo(fixed)) == 14 + 25
    # Where an opening may hold no jolly, a jolly neither counts nor makes a meld.
    barred = dataclasses.replace(SCALA_40, opening_jokers=False)
    assert points_bound(parse_cards("7S 7D JK"), rules_memo(barred)) == 0


def _many_jollies() -> Rules:
    return dataclasses.replace(SCALA_40, max_jokers_per_meld=None)


@st.composite
def tables(draw: st.DrawFn, rules: Rules) -> list[Meld]:
    """A few melds of random cards, as a table."""
    melds: list[Meld] = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        cards = draw(st.lists(st.sampled_from(DECK), min_size=3, max_size=7))
        found = meld_candidates(cards, rules)
        if found:
            meld_cards, declared = draw(st.sampled_from(found))
            melds.append(validate_meld(meld_cards, rules, jokers=declared))
    return melds


ATTACHING = dataclasses.replace(get_preset("enciclopedia"), attach_before_opening=True)


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(NARROW), min_size=1, max_size=8)
    | st.lists(st.sampled_from(DECK), min_size=1, max_size=12),
    opening_jokers=st.booleans(),
    data=st.data(),
)
def test_no_opening_with_the_table_makes_more_than_its_bound(
    hand: list[Card], opening_jokers: bool, data: st.DataObject
) -> None:
    # Where attachments count: melds of the hand and chains attached to the table's melds.
    rules = dataclasses.replace(ATTACHING, opening_jokers=opening_jokers)
    table = data.draw(tables(rules))
    memo = rules_memo(rules)
    bound = points_bound(hand, memo, table)
    search = OpeningSearch(tuple(sorted(card.code for card in hand)), memo)
    # The search itself, which the bound stands before in opening_reachable.
    assert not _search_reachable(search, hand, search.pack(hand), rules, bound + 1, 0, None, table)


def test_the_bound_with_the_table_counts_the_cards_that_might_go_on_it() -> None:
    memo = rules_memo(ATTACHING)
    table = [
        validate_meld(parse_cards("5H 6H 7H"), ATTACHING),
        validate_meld(parse_cards("KC KD KS"), ATTACHING),
    ]
    # The 8 and 9 of hearts grow the run one after the other; the jack of hearts, past a
    # missing rank, does not without a jolly; the king of hearts goes on the set.
    hand = parse_cards("8H 9H JH KH 2C")
    assert points_bound(hand, memo) == 0
    assert points_bound(hand, memo, table) == 8 + 9 + 10
    # The ace goes on after the king.
    high = [validate_meld(parse_cards("JS QS KS"), ATTACHING)]
    assert points_bound(parse_cards("AS 2C"), memo, high) == 11
    # A jolly may fill the missing rank: every heart might go on the run.
    with_jolly = parse_cards("8H 9H JH KH 2C JK")
    assert points_bound(with_jolly, memo, table) == (
        points_bound(with_jolly, memo) + 8 + 9 + 10 + 10
    )


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(DECK), min_size=3, max_size=15),
    data=st.data(),
    changes=knobs,
)
def test_a_search_of_a_bigger_hand_answers_for_its_parts(
    hand: list[Card], data: st.DataObject, changes: dict[str, object]
) -> None:
    try:
        rules = dataclasses.replace(SCALA_40, **changes)  # type: ignore[arg-type]
    except RulesError:
        assume(False)
    memo = rules_memo(rules)
    forget_all()
    whole, _ = search_holding(hand, memo)
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=len(hand)))
    search, left = search_holding(part, memo)
    own = OpeningSearch(tuple(sorted(card.code for card in part)), memo)
    if Counter(part) <= Counter(hand):
        assert search is whole  # the part is answered by the hand's search
    else:
        assert search is not whole  # a copy the hand does not hold: its own search
    want = data.draw(st.integers(min_value=1, max_value=120))
    keep = data.draw(st.integers(min_value=0, max_value=2))
    mine = own.pack(part)
    assert search.reach(left, len(part), want, keep) == own.reach(mine, len(part), want, keep)
    card = data.draw(st.sampled_from(part))
    assert search.reach_using(left, len(part), want, keep, card.code) == own.reach_using(
        mine, len(part), want, keep, card.code
    )


@settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.lists(st.sampled_from(NARROW), min_size=2, max_size=9)
    | st.lists(st.sampled_from(DECK), min_size=2, max_size=14),
    changes=knobs,
    want=st.integers(min_value=1, max_value=70),
    keep=st.integers(min_value=0, max_value=2),
    pick=st.integers(min_value=0),
    bigger=st.booleans(),
)
def test_a_card_added_to_a_searched_hand_is_answered_as_the_bigger_hand_would_be(
    hand: list[Card],
    changes: dict[str, object],
    want: int,
    keep: int,
    pick: int,
    bigger: bool,
) -> None:
    rules, card = _rules_and_card(changes, hand, pick)
    # The hand without the card (no twin of it: the caller asks only then), searched on its
    # own or as part of a bigger hand.
    own = [c for c in hand if c is not card]
    memo = rules_memo(rules)
    searched = [*own, NARROW[pick % len(NARROW)]] if bigger else own
    search = OpeningSearch(tuple(sorted(c.code for c in searched)), memo)
    expected = opening_reachable([*own, card], rules, want, keep=keep, using=card)
    assert reach_adding(search, own, card, want, keep) is expected


def test_a_card_added_is_answered_from_the_search_of_the_hand_it_joins() -> None:
    rules = SCALA_40
    memo = rules_memo(rules)
    own = list(parse_cards("7H 8H QS KS 2C"))
    search = OpeningSearch(tuple(sorted(c.code for c in own)), memo)
    # 9♥ makes 7♥ 8♥ 9♥ (24); with Q♠ K♠ and A♠ it would be 31 more.
    assert reach_adding(search, own, Card.parse("9H"), 24, 1)
    assert not reach_adding(search, own, Card.parse("9H"), 25, 1)
    assert reach_adding(search, own, Card.parse("AS"), 31, 1)
    assert not reach_adding(search, own, Card.parse("AS"), 32, 1)
    # Every card kept but the meld's: 5 of 6 left is too many to keep after 7♥ 8♥ 9♥.
    assert not reach_adding(search, own, Card.parse("9H"), 24, 4)
    assert not reach_adding(search, own, Card.parse("3D"), 1, 0)


def test_a_known_search_is_the_hands_own_or_that_of_the_hand_it_was_part_of() -> None:
    forget_all()
    memo = rules_memo(SCALA_40)
    hand = list(parse_cards("7H 8H QS KS 2C"))
    thrown = Card.parse("5D")
    assert known_search(hand, memo, thrown) is None
    before = search_for(tuple(sorted(c.code for c in [*hand, thrown])), memo)
    # Other hands searched since push it out of the last built: found as the hand's parent.
    for other in ("AC 2C 3C", "AD 2D 3D", "AS 2S 3S", "4C 5C 6C"):
        search_for(tuple(sorted(c.code for c in parse_cards(other))), memo)
    assert known_search(hand, memo, None) is None
    assert known_search(hand, memo, thrown) is before
    own = search_for(tuple(sorted(c.code for c in hand)), memo)
    assert known_search(hand, memo, thrown) is own


def test_a_search_does_not_answer_for_more_copies_than_its_hand_holds() -> None:
    # Four aces of clubs packed for a hand that holds one would carry into the next card's
    # field and read as the two of clubs.
    memo = rules_memo(SCALA_40)
    forget_all()
    whole, _ = search_holding(parse_cards("AC 2C 3C 4C"), memo)
    assert search_holding(parse_cards("AC 2C 3C"), memo)[0] is whole
    part = parse_cards("AC AC AC AC")
    search, left = search_holding(part, memo)
    assert search is not whole
    assert search.reach(left, 4, 1, 0) is False  # four of one suit make no set


@pytest.mark.parametrize("worth", [25, 1000, 5000])
def test_a_jolly_worth_much_is_counted_whole(worth: int) -> None:
    # Where the rules make a jolly worth more than any card, a meld holding it is worth
    # that much to the search, whatever the number: 7♥ 8♥ JK makes 15 and the jolly.
    rules = dataclasses.replace(SCALA_40, opening_joker_value=worth)
    hand = parse_cards("7H 8H JK 2C 9S")
    assert opening_reachable(hand, rules, 15 + worth, keep=1)
    assert not opening_reachable(hand, rules, 16 + worth, keep=1)
    assert opening_reachable(hand, rules, 15 + worth, keep=1) is enumerated(
        hand, rules, 15 + worth, 1, None
    )
