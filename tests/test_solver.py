"""The meld solver: worked hands with a known best arrangement, and a property test against a
brute force over the engine's own meld candidates under presets and random knobs."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.ai import Arrangement, best_arrangement, best_discard, best_opening, can_go_out
from ramino.ai._solver_search import capacity_search
from ramino.ai._solver_suits import encode_hand, suit_solver
from ramino.ai._solver_tables import encode, tables_for
from ramino.ai.solver import least_cards, least_penalty
from ramino.engine import JOKER, NATURAL_CARDS, Card, get_preset, parse_cards
from ramino.engine._candidates import meld_candidates
from ramino.engine.going_out import find_going_out
from ramino.engine.melds import MeldKind, validate_meld
from ramino.engine.rules import (
    AceInRuns,
    FinalDiscard,
    Rounding,
    Rules,
    SetJokerSwap,
    SetSuits,
)
from ramino.engine.scoring import hand_count, hand_penalty, round_count

#: More examples for the property tests, e.g. ``RAMINO_SOLVER_EXAMPLES=20`` for twenty times as
#: many (a longer run after changing the search).
SCALE = int(os.environ.get("RAMINO_SOLVER_EXAMPLES", "1"))

BASE = Rules()
ONE_DECK = replace(BASE, decks=1, jokers=0, max_players=4)
GIN = replace(ONE_DECK, ace_in_runs=AceInRuns.LOW_ONLY, ace_penalty=1)


def solve(text: str, rules: Rules = BASE, **kwargs: object) -> Arrangement:
    way = best_arrangement(parse_cards(text), rules, **kwargs)  # type: ignore[arg-type]
    check_accounts(parse_cards(text), way, rules)
    return way


def check_accounts(cards: Sequence[Card], way: Arrangement, rules: Rules) -> None:
    """Every card is laid, attached, left in hand or thrown, exactly once; melds are valid."""
    placed = [c for m in way.melds for c in m.cards] + [c for c, _ in way.attached]
    placed += list(way.deadwood) + ([way.discard] if way.discard is not None else [])
    assert Counter(placed) == Counter(cards)
    for meld in way.melds:
        again = validate_meld(
            meld.cards,
            rules,
            jokers=[r for _, r in meld.joker_assignments],
            whole_hand=meld.kind is MeldKind.FLUSH,
        )
        assert again.kind is meld.kind
    assert way.deadwood_points == hand_penalty(way.deadwood, rules)
    assert way.penalty == round_count(hand_count(way.deadwood, rules), rules)


# --- worked hands ---


def test_twins_from_two_decks_make_two_runs() -> None:
    way = solve("7H 7H 8H 8H 9H 9H")
    assert [m.notation() for m in way.melds] == ["7H 8H 9H", "7H 8H 9H"]
    assert way.penalty == 0


def test_twins_never_share_a_set_of_distinct_suits() -> None:
    way = solve("7H 7H 7S 7D")
    assert [sorted(map(str, m.cards)) for m in way.melds] == [["7D", "7H", "7S"]]
    assert way.deadwood == (Card.parse("7H"),)
    # "Tris in su": with any suits the twins go in together.
    anything = replace(BASE, set_suits=SetSuits.ANY, set_max=None)
    assert solve("7H 7H 7S 7D", anything).penalty == 0


def test_jokers_in_runs_and_sets() -> None:
    way = solve("5H JK 7H 9C 9D JK KS")
    assert sorted(m.notation() for m in way.melds) == ["5H JK=6H 7H", "9C 9D JK=9H"]
    assert way.deadwood == (Card.parse("KS"),)


def test_one_joker_per_meld_unless_the_rules_allow_more() -> None:
    way = solve("JK JK 5H 6H")
    assert way.deadwood == (JOKER,) and way.penalty == 25
    assert solve("JK JK 5H 6H", get_preset("pokerato")).penalty == 0


def test_a_spare_joker_joins_a_meld_with_room() -> None:
    way = solve("5H 6H 7H KC KD KS JK")
    assert way.penalty == 0 and sum(m.joker_count for m in way.melds) == 1


def test_ace_high_and_low_never_both() -> None:
    assert solve("QH KH AH").penalty == 0
    assert solve("AH 2H 3H").penalty == 0
    assert solve("KH AH 2H").penalty == 23
    assert solve("KH AH 2H", replace(BASE, run_wrap=True)).penalty == 0
    assert solve("QH KH AH", replace(BASE, ace_in_runs=AceInRuns.LOW_ONLY)).penalty == 31


def test_min_natural_cards_and_set_size() -> None:
    many = replace(BASE, max_jokers_per_meld=None)
    assert solve("5H JK JK", many).penalty == 0
    assert solve("5H JK JK", replace(many, min_natural_cards=2)).penalty == 55
    # A set of distinct suits holds at most 4 cards: a nine stays out, cheaper than the jolly.
    assert solve("9C 9D 9H 9S JK", many).penalty == 9


def test_best_discard_is_chosen_with_the_melds() -> None:
    # Arranging first leaves 7♣ 7♠ (14) and throwing a 7 leaves 7; throwing 8♦ instead lets
    # the 4s, 5s and 7s all make sets and leaves only 6♦.
    hand = "4C 5C 7C 4D 5D 6D 7D 8D 5H 4S 7S"
    first = solve(hand, GIN)
    assert first.deadwood_points == 14
    way = solve(hand, GIN, discard=True)
    assert way.discard == Card.parse("8D")
    assert way.deadwood == (Card.parse("6D"),) and way.penalty == 6
    assert best_discard(parse_cards(hand), GIN) == Card.parse("8D")


def test_discard_of_a_fully_melded_hand_breaks_the_cheapest_way() -> None:
    way = solve("6C 6D 6H", discard=True)
    assert way.penalty == 12 and way.discard is not None
    way = solve("6C 6D 6H 6S", discard=True)
    assert way.penalty == 0 and len(way.melds) == 1
    way = solve("6C 6D 6H JK", discard=True)
    assert way.penalty == 0 and way.discard in (JOKER, Card.parse("6C"))


def test_a_card_worth_nothing_is_still_the_one_to_throw() -> None:
    free_aces = replace(BASE, ace_penalty=0)
    way = solve("AC 5H 6H 7H", free_aces, discard=True)
    assert way.discard == Card.parse("AC") and len(way.melds) == 1


def test_table_attachments_chain() -> None:
    run = validate_meld(parse_cards("6H 7H 8H"), BASE)
    tris = validate_meld(parse_cards("KC KD KS"), BASE)
    way = solve("10H 9H 2C KH 4D", table=[run, tris])
    assert way.attached == ((Card.parse("9H"), 0), (Card.parse("10H"), 0), (Card.parse("KH"), 1))
    assert dict(way.grown)[0].notation() == "6H 7H 8H 9H 10H"
    assert way.deadwood == (Card.parse("2C"), Card.parse("4D")) and way.penalty == 6
    # A jolly carries the chain over a gap.
    way = solve("10H JK 2C", table=[run])
    assert {c for c, _ in way.attached} == {JOKER, Card.parse("10H")}
    assert way.penalty == 2


def test_table_attachment_competes_with_own_melds() -> None:
    run = validate_meld(parse_cards("6H 7H 8H"), BASE)
    # 9♥ in the set of nines would strand 10♥: it goes on the table, before 10♥.
    way = solve("9H 9C 9D 9S 10H", table=[run])
    assert way.penalty == 0 and [c for c, _ in way.attached] == list(parse_cards("9H 10H"))
    # With only two other nines, the set needs 9♥ and 10♥ stays in hand (10 < 9 + 9).
    assert solve("9H 9C 9D 10H", table=[run]).penalty == 10


def test_rounding_to_tens_prefers_two_small_cards() -> None:
    tens = replace(BASE, rounding=Rounding.TENS)
    # 2♠ 3♠ 4♠ leaves 3♣ 3♦ (two cards under 4: nothing); 3♣ 3♦ 3♠ leaves 2♠ 4♠ (6 → 10).
    way = solve("2S 3S 4S 3C 3D", tens)
    assert way.penalty == 0
    assert sorted(way.deadwood) == [Card.parse("3C"), Card.parse("3D")]


def test_flush_where_the_rules_allow_it() -> None:
    casertano = get_preset("casertano")
    way = solve("2H 5H 9H JH KH AH 3H", casertano)
    assert way.penalty == 0 and way.melds[0].kind is MeldKind.FLUSH
    assert can_go_out(parse_cards("2H 5H 9H JH KH AH 3H"), casertano, discard=False)


def test_best_opening() -> None:
    way = best_opening(parse_cards("KH KS KD JK 7S 8S 2C"), BASE, threshold=50)
    assert way is not None and way.opening_points == 54
    assert [m.notation() for m in way.melds] == ["KD KH KS", "7S 8S JK=9S"]
    # 6 + 31 = 37 does not reach 40.
    assert best_opening(parse_cards("AH 2H 3H QC KC AC"), BASE, threshold=40) is None
    # The least penalty wins among the ways that open, not the most points.
    way = best_opening(parse_cards("KH KS KD KC 5C 5D 5H"), BASE, threshold=40)
    assert way is not None and way.penalty == 0
    # Carioca: jolly melds do not count towards the opening.
    carioca = get_preset("carioca")
    assert best_opening(parse_cards("KH KS JK 9C 9D 9H"), carioca, threshold=40) is None
    assert best_opening(parse_cards("KH KS JK 9C 9D 9H"), BASE, threshold=40) is not None


def test_best_opening_counts_attachments_where_the_rules_do() -> None:
    run = validate_meld(parse_cards("6H 7H 8H"), BASE)
    hand = parse_cards("KC KD KS 9H 10H")
    way = best_opening(hand, BASE, threshold=49, table=[run])
    assert way is not None and way.opening_points == 49 and way.penalty == 0
    assert best_opening(hand, get_preset("scala-40"), threshold=49, table=[run]) is None


def test_can_go_out_follows_the_stuck_rule() -> None:
    assert not can_go_out(parse_cards("6C 6D 6H"), BASE, discard=True)
    assert can_go_out(parse_cards("6C 6D 6H"), BASE, discard=False)
    assert can_go_out(parse_cards("6C 6D 6H KS"), BASE, discard=True)
    assert not can_go_out((), BASE, discard=False)


def test_errors() -> None:
    with pytest.raises(ValueError):
        best_arrangement((), BASE, discard=True)
    assert best_arrangement((), BASE).penalty == 0


# --- against a brute force over the engine's meld candidates ---


def brute_deadwoods(cards: Sequence[Card], rules: Rules) -> list[list[Card]]:
    """The cards left by every packing of disjoint candidate melds."""
    candidates = list({tuple(sorted(c)) for c, _ in meld_candidates(cards, rules)})
    needs = [Counter(c) for c in candidates]
    out: list[list[Card]] = []

    def walk(left: Counter[Card], start: int) -> None:
        out.append(list(left.elements()))
        for i in range(start, len(needs)):
            if not needs[i] - left:
                walk(left - needs[i], i)  # twins may make the same meld twice

    walk(Counter(cards), 0)
    return out


def brute_best(cards: Sequence[Card], rules: Rules) -> tuple[int, int]:
    """(least penalty charged, least raw sum among the ways charging it)."""
    return min(
        (round_count(hand_count(d, rules), rules), hand_penalty(d, rules))
        for d in brute_deadwoods(cards, rules)
    )


def brute_opening(cards: Sequence[Card], rules: Rules, threshold: int) -> int | None:
    """Least raw penalty of a way worth ``threshold`` opening points, by brute force."""
    options = []
    for meld_cards, declared in meld_candidates(cards, rules):
        meld = validate_meld(meld_cards, rules, jokers=declared)
        counted = rules.opening_jokers or not meld.joker_count
        options.append((Counter(meld_cards), meld.points(rules) if counted else 0))
    best: int | None = None

    def walk(left: Counter[Card], start: int, points: int) -> None:
        nonlocal best
        if points >= threshold:
            raw = hand_penalty(list(left.elements()), rules)
            best = raw if best is None else min(best, raw)
        for i in range(start, len(options)):
            need, gained = options[i]
            if not need - left:
                walk(left - need, i, points + gained)

    walk(Counter(cards), 0, 0)
    return best


PRESETS = ["classico", "classico-2", "scala-40", "rami-40", "casertano", "pokerato", "tradizionale"]


@st.composite
def rules_values(draw: st.DrawFn) -> Rules:
    rules = get_preset(draw(st.sampled_from(PRESETS)))
    if draw(st.booleans()):
        distinct = draw(st.booleans())
        rules = replace(
            rules,
            decks=draw(st.integers(1, 3)),
            jokers=draw(st.integers(0, 4)),
            max_players=2,
            min_players=2,
            deck_by_players=(),
            max_jokers_per_meld=draw(st.sampled_from([1, 2, None])),
            min_natural_cards=draw(st.integers(1, 3)),
            set_suits=SetSuits.DISTINCT if distinct else SetSuits.ANY,
            set_max=draw(st.sampled_from([3, 4] if distinct else [3, 4, 5, None])),
            set_joker_swap=draw(st.sampled_from(list(SetJokerSwap))),
            ace_penalty=draw(st.sampled_from([0, 1, 11])),
            joker_penalty=draw(st.sampled_from([2, 25])),
            rounding=draw(st.sampled_from(list(Rounding))),
            hand_size=7,
            seven_of_a_kind_wins=False,
        )
        ace = draw(st.sampled_from(["low", "both", "wrap"]))
        rules = replace(
            rules,
            ace_in_runs=AceInRuns.LOW_ONLY if ace == "low" else AceInRuns.LOW_OR_HIGH,
            run_wrap=ace == "wrap",
        )
    return rules


@st.composite
def hands(draw: st.DrawFn, most: int = 9) -> tuple[Rules, list[Card]]:
    rules = draw(rules_values())
    decks, jokers = rules.deck_for(rules.min_players)
    # Cards of a few ranks and suits, so that melds are likely.
    low = draw(st.integers(1, 11))
    pool = [c for c in NATURAL_CARDS if c.rank is not None and low <= int(c.rank) <= low + 4]
    pool = pool * decks + [JOKER] * jokers
    cards = draw(st.lists(st.sampled_from(range(len(pool))), max_size=most, unique=True))
    return rules, [pool[i] for i in cards]


@settings(max_examples=150 * SCALE, deadline=None)
@given(hands())
def test_agrees_with_brute_force(case: tuple[Rules, list[Card]]) -> None:
    rules, cards = case
    way = best_arrangement(cards, rules)
    check_accounts(cards, way, rules)
    expected = brute_best(cards, rules)
    if way.melds and way.melds[0].kind is MeldKind.FLUSH:
        assert way.penalty == 0
    else:
        assert (way.penalty, way.deadwood_points) == expected
    if cards:
        thrown = best_arrangement(cards, rules, discard=True)
        check_accounts(cards, thrown, rules)
        if not (thrown.melds and thrown.melds[0].kind is MeldKind.FLUSH):
            rests = [cards[:i] + cards[i + 1 :] for i in range(len(cards))]
            assert (thrown.penalty, thrown.deadwood_points) == min(
                brute_best(r, rules) for r in rests
            )


@settings(max_examples=60 * SCALE, deadline=None)
@given(hands(most=8), st.sampled_from([0, 15, 30, 40]))
def test_opening_agrees_with_brute_force(case: tuple[Rules, list[Card]], threshold: int) -> None:
    rules, cards = case
    rules = replace(rules, rounding=Rounding.NONE)
    way = best_opening(cards, rules, threshold=threshold)
    expected = brute_opening(cards, rules, threshold)
    if expected is None:
        assert way is None
    else:
        assert way is not None and way.deadwood_points == expected
        check_accounts(cards, way, rules)
        assert way.opening_points is not None and way.opening_points >= threshold
        counted = [m for m in way.melds if rules.opening_jokers or not m.joker_count]
        assert sum(m.points(rules) for m in counted) == way.opening_points


def _is_flush(cards: Sequence[Card], rules: Rules, *, discard: bool) -> bool:
    way = best_arrangement(cards, rules, discard=discard)
    return bool(way.melds) and way.melds[0].kind is MeldKind.FLUSH


@settings(max_examples=100 * SCALE, deadline=None)
@given(hands(most=8))
def test_least_cards_agrees_with_brute_force(case: tuple[Rules, list[Card]]) -> None:
    rules, cards = case
    fewest = least_cards(cards, rules)
    flush = _is_flush(cards, rules, discard=False)
    assert fewest == (0 if flush else min(len(d) for d in brute_deadwoods(cards, rules)))
    # Never more than the cards the least penalty leaves, which may be more of them.
    assert fewest <= len(best_arrangement(cards, rules).deadwood)
    if cards:
        thrown = least_cards(cards, rules, discard=True)
        rests = [cards[:i] + cards[i + 1 :] for i in range(len(cards))]
        if not _is_flush(cards, rules, discard=True):
            assert thrown == min(min(len(d) for d in brute_deadwoods(r, rules)) for r in rests)
        assert (thrown == 0) == can_go_out(cards, rules, discard=True)


def test_least_cards_counts_cards_not_points() -> None:
    # Two kings left cost 20, a two and a three 5: the same two cards short either way.
    assert least_cards(parse_cards("7H 8H 9H KS KD"), BASE) == 2
    assert least_cards(parse_cards("7H 8H 9H 2S 3D"), BASE) == 2
    assert least_cards(parse_cards("7H 8H 9H KS KD KC 2C"), BASE, discard=True) == 0
    with pytest.raises(ValueError, match="discard"):
        least_cards((), BASE, discard=True)


@settings(max_examples=80 * SCALE, deadline=None)
@given(hands(most=8))
def test_can_go_out_agrees_with_find_going_out(case: tuple[Rules, list[Card]]) -> None:
    rules, cards = case
    if rules.flush_meld:
        return
    required = replace(rules, final_discard=FinalDiscard.REQUIRED)
    assert can_go_out(cards, rules, discard=True) == (find_going_out(cards, required) is not None)
    optional = replace(rules, final_discard=FinalDiscard.OPTIONAL)
    way = find_going_out(cards, optional)
    whole = way is not None and way.discard is None
    assert can_go_out(cards, rules, discard=False) == whole


# --- the suit-by-suit search against the lowest-card search, on whole hands ---


@st.composite
def big_hands(draw: st.DrawFn) -> tuple[Rules, list[Card]]:
    """Hands of 10 to 15 cards from the whole deck (twins and jolly as dealt), or from a few
    ranks (dense: many overlapping runs and sets)."""
    rules = draw(rules_values())
    decks, jokers = rules.deck_for(rules.min_players)
    low = draw(st.integers(1, 13))
    span = draw(st.sampled_from([13, 5, 4]))
    pool = [c for c in NATURAL_CARDS if c.rank is not None and (int(c.rank) - low) % 13 < span]
    # Jollies as dealt, or a few more where the rules have any (no meld holds one else).
    more = draw(st.integers(0, 3)) if jokers else 0
    pool = pool * decks + [JOKER] * max(jokers, more)
    size = draw(st.integers(10, min(15, len(pool))))
    cards = draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True)
    )
    return rules, [pool[i] for i in cards]


@settings(max_examples=120 * SCALE, deadline=None)
@given(big_hands(), st.booleans())
def test_suit_search_agrees_with_lowest_card_search(
    case: tuple[Rules, list[Card]], discard: bool
) -> None:
    """The two exact searches meet no brute force on hands this big, but each other: the
    least weight left, with and without a discard, and a way that leaves exactly it."""
    rules, cards = case
    tables = tables_for(rules)
    hand, jokers = encode(cards)
    expected, _ = capacity_search(tables, tables.weights, hand, jokers, discard, trace=False)
    solver = suit_solver(rules, tables.weights)
    found, way = solver.solve(*encode_hand(cards), discard, True)
    assert found == expected
    assert way is not None
    assert way[2] == found == hand_penalty(way[1], rules)
    if not (rules.flush_meld or rules.rounding is Rounding.TENS):
        arrangement = best_arrangement(cards, rules, discard=discard)
        check_accounts(cards, arrangement, rules)
        assert arrangement.deadwood_points == expected


# --- the number alone ---


@settings(max_examples=150 * SCALE, deadline=None)
@given(st.one_of(hands(), big_hands()), st.booleans())
def test_least_penalty_is_the_arrangements_penalty(
    case: tuple[Rules, list[Card]], discard: bool
) -> None:
    """:func:`least_penalty` (no melds made) is the penalty of :func:`best_arrangement`, with
    and without the discard, under every rounding, flush and jolly knob the strategies draw."""
    rules, cards = case
    if discard and not cards:
        with pytest.raises(ValueError):
            least_penalty(cards, rules, discard=True)
        return
    assert least_penalty(cards, rules, discard=discard) == (
        best_arrangement(cards, rules, discard=discard).penalty
    )
