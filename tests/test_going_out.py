"""Going out with the whole hand: the stuck rule (RULES.md §5), partitions, Casertano closings."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine import JOKER, NATURAL_CARDS, Card, Reason, Suit, get_preset, parse_cards
from ramino.engine._candidates import meld_candidates, unmeldable
from ramino.engine.actions import Call, Draw, Show, parse_action
from ramino.engine.errors import Detail, Phrase, RaminoError
from ramino.engine.going_out import (
    _Search,
    _surely_dead,
    closing_kind,
    find_going_out,
    min_deadwood,
    partition,
    partitions_without_one,
)
from ramino.engine.match import Match
from ramino.engine.melds import validate_meld
from ramino.engine.presets import PRESETS
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from ramino.engine.rules import (
    AceInRuns,
    Direction,
    FinalDiscard,
    Rules,
    RummyBonus,
    SetJokerSwap,
    SetSuits,
)
from ramino.engine.scoring import Closing, card_penalty
from ramino.engine.showing import whole_hand_close
from scripted import cards, deal, legal, play, r_check, refused

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


# --- a whole hand shown to go out (``ramino check --whole-hand``) ---

#: Two packs of hearts and spades and four jollies: hands of few suits, which often bind.
_FEW_SUITS = [c for c in NATURAL_CARDS if c.suit in (Suit.HEARTS, Suit.SPADES)] * 2 + [JOKER] * 4
#: Two packs of hearts and a few spades: hands that often hold a flush.
_MOSTLY_HEARTS = [c for c in NATURAL_CARDS if c.suit is Suit.HEARTS] * 2 + [
    c for c in NATURAL_CARDS if c.suit is Suit.SPADES
][:4]
#: Rules that close by showing the whole hand, each with cards that often make such a close.
_SHOWING = [
    (get_preset("casertano"), _FEW_SUITS),
    (replace(BASE, flush_close=True), _MOSTLY_HEARTS),
]


def _closes(hand: list[Card], rules: Rules) -> bool:
    try:
        whole_hand_close(hand, rules)
    except RaminoError:
        return False
    return True


@settings(max_examples=80, deadline=None)
@given(
    table=st.sampled_from(_SHOWING).flatmap(
        lambda table: st.tuples(st.just(table), st.permutations(table[1]))
    )
)
def test_a_whole_hand_closes_as_a_round_takes_its_show(
    table: tuple[tuple[Rules, list[Card]], list[Card]],
) -> None:
    # RULES.md §6.4: check --whole-hand gives the verdict a round gives the same hand shown.
    (rules, _), dealt = table
    size = rules.hand_size
    hands = [" ".join(map(str, dealt[:size])), " ".join(map(str, dealt[size : 2 * size]))]
    r = deal(rules, hands, "2C", stock=str(dealt[2 * size]))
    play(r, "draw")
    hand = list(r.hand(0))
    # Shown whole (where no final discard is needed) or all but the discard.
    shown = [hand] if rules.final_discard is FinalDiscard.OPTIONAL else []
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        shown.append(rest)
    round_shows = any(isinstance(action, Show) for action in r.legal_actions)
    assert round_shows == any(_closes(cards, rules) for cards in shown)


def test_a_whole_hand_close_names_its_melds_and_kind() -> None:
    # Hands of five: five shown and a discard, or six without.
    casertano = replace(get_preset("casertano"), hand_size=5)
    melds, closing = whole_hand_close(parse_cards("7S 8S JK KH KD KC"), casertano)
    assert [m.notation() for m in melds] == ["KC KD KH", "JK=6S 7S 8S"]
    assert closing is Closing.SIMPLE
    assert whole_hand_close(parse_cards("2H 5H 9H JH KH"), casertano)[1] is Closing.FLUSH
    assert whole_hand_close(parse_cards("QS QS QH QH QD QD QC 2C"), casertano) == (
        (),
        Closing.SEVEN_OF_A_KIND,
    )
    with pytest.raises(RaminoError) as info:
        whole_hand_close(parse_cards("7S 8S 9S KH KD 2C"), casertano)
    assert info.value.reason is Reason.SHOW_INCOMPLETE
    # Where melds go down during play, a hand is shown only as the flush close.
    with pytest.raises(RaminoError) as info:
        whole_hand_close(parse_cards("2H 5H 9H JH KH"), BASE)
    assert info.value.reason is Reason.SHOW_NOT_ALLOWED
    flush = replace(BASE, flush_close=True, hand_size=5)
    assert whole_hand_close(parse_cards("2H 5H 9H JH KH"), flush)[1] is Closing.FLUSH
    with pytest.raises(RaminoError):
        whole_hand_close(parse_cards("2H 3H 4H 5S 6S"), flush)
    # A hand is shown whole: here five cards and the discard, never six.
    with pytest.raises(RaminoError) as info:
        whole_hand_close(parse_cards("2H 5H 9H JH KH 3H"), flush)
    assert info.value.params["detail"] == Phrase(Detail.SHOW_SIZE, expected="5", shown=6)


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
    if not rules.jokers:
        cards = [c for c in cards if not c.is_joker]  # none is dealt (validate_meld refuses it)
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


# --- going out during play, on stacked deals ---


CLASSICO = get_preset("classico")


NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


TWO_OUT = "10H JH QH 9H"


@pytest.mark.parametrize("final", list(FinalDiscard))
def test_final_discard(final: FinalDiscard) -> None:
    rules = replace(CLASSICO, final_discard=final, hand_size=4)
    r = deal(rules, [TWO_OUT, "AD 5D 9C 2D"], "4H", "2C 6S KH")
    play(r, "draw", "lay 10H JH QH", "discard 2C", "draw", "discard 6S", "draw")
    play(r, "attach 0 9H")
    if final is FinalDiscard.REQUIRED:
        # Attaching K♥ would leave no card to discard: he is stuck with it, and discards it.
        refused(r, "attach 0 KH", Reason.WOULD_LEAVE_NO_DISCARD)
        play(r, "discard KH")
        assert r.top_discard == Card.parse("KH")
    else:
        play(r, "attach 0 KH")
        assert r.top_discard == Card.parse("6S")
    assert r.end is not None and r.end.out == 0 and not r.end.in_one_turn
    assert r.end.reason is EndReason.WENT_OUT


@pytest.mark.parametrize("allowed", [True, False])
def test_rummy_on_first_turn(allowed: bool) -> None:
    rules = replace(CLASSICO, rummy_on_first_turn=allowed, hand_size=3)
    r = deal(rules, ["2C 3C 4C", "7D 8D 9D", "AS 5H 9C"], "QH", "KD KH KC KS")
    if allowed:
        play(r, "draw", "lay 2C 3C 4C", "discard KD")
        assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
        return
    # Nobody goes out before every player has had a turn: not the first, not the last.
    play(r, "draw")
    refused(r, "lay 2C 3C 4C", Reason.NO_GOING_OUT_FIRST_ROUND)
    play(r, "discard KD", "draw")
    refused(r, "lay 7D 8D 9D", Reason.NO_GOING_OUT_FIRST_ROUND)
    play(r, "discard KH", "draw", "discard KC", "draw")
    assert r.turn == 4
    play(r, "lay 2C 3C 4C", "discard KS")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn


def test_no_opening_that_must_leave_a_single_card_in_the_first_round() -> None:
    # Scala 40, first round, nobody may go out: an opening must leave two cards (one to
    # discard, one to keep). With 7♠ he holds A-7♠ (28), A-3♥ (6), A-3♦ (6): 40 with one card
    # left, so that opening cannot begin; the sets A♠ A♥ A♦ (33), 2s (6) and 3s (9) can.
    rules = replace(get_preset("scala-40"), max_players=2)
    hand_0 = "AS 2S 3S 4S 5S 6S AH 2H 3H AD 2D 3D KC"
    hand_1 = "AD 5D 9C 2C 3C 4H 6S 8C 10D JS QD KD QS"
    r = deal(rules, [hand_0, hand_1], "9H", "7S")
    play(r, "draw")
    refusal = r_check(r, "lay AS 2S 3S 4S 5S 6S 7S")
    assert refusal is Reason.OPENING_UNREACHABLE
    assert r.can(parse_action("lay AS AH AD"))


@pytest.mark.parametrize(("lay_after", "count"), [(True, 10), (False, 34)])
def test_lay_after_close(lay_after: bool, count: int) -> None:
    rules = replace(CLASSICO, lay_after_close=lay_after, hand_size=4)
    r = deal(rules, ["2C 3C 4C 5C", "7H 8H 9H KS"], "QD", "KD")
    play(r, "draw", "lay 2C 3C 4C 5C", "discard KD")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    # The others lay their combinations; only unbound cards count.
    assert r.end.counts == (0, count)
    sheet = Match(["Anna", "Bruno"], rules).record(r.round_result(["Anna", "Bruno"]))
    assert sheet.scores["Bruno"] == 2 * count


def test_melding_during_play() -> None:
    r = deal(CLASSICO, ["5C 6C 7C 2S 3S 4S 9H 9D 9S 8H", IDLE], "QC", "KH")
    play(r, "draw")
    refused(r, "show 5C 6C 7C | 2S 3S 4S | 9H 9D 9S 8H discard KH", Reason.SHOW_NOT_ALLOWED)
    assert not any(a.startswith("show") for a in legal(r))
    # Melds go down one by one during play instead.
    play(r, "lay 5C 6C 7C")
    assert [str(m.meld) for m in r.table] == ["5♣ 6♣ 7♣"] and len(r.hand(0)) == 8


#: Nothing laid during play, the whole hand shown to close (Casertano's way), nine cards.
NO_MELDING = replace(
    CLASSICO, melding_during_play=False, final_discard=FinalDiscard.OPTIONAL, hand_size=9
)


def test_no_melding_during_play() -> None:
    rules = NO_MELDING
    hands = ["5C 6C 7C 2S 3S 4S 9H 9D JK", "7H 8H 9C KH KD KS 4D 5D 6D"]
    r = deal(rules, hands, "QC", "QH 10H AS")
    play(r, "draw")
    refused(r, "lay 5C 6C 7C", Reason.NO_MELDING_DURING_PLAY)
    refused(r, "show 5C 6C 7C | 2S 3S 4S discard QH", Reason.SHOW_INCOMPLETE)
    refused(r, "show 5C 6C 7C | 2S 3S 4S | 9H 9D JK QH", Reason.NOT_A_MELD)
    play(r, "discard QH", "draw")
    refused(r, "attach 0 10H", Reason.NO_MELDING_DURING_PLAY)
    play(r, "discard 10H", "draw")
    # The whole hand bound, no discard needed: he goes out by showing it.
    play(r, "show 5C 6C 7C | AS 2S 3S 4S | 9H 9D JK")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    assert len(r.table) == 3 and r.top_discard == Card.parse("10H")


def test_seven_of_a_kind_wins_the_match() -> None:
    # Casertano's "ramino": seven cards of one rank without jokers, shown after the draw,
    # win the whole match whatever else is in hand.
    rules = replace(get_preset("casertano"), max_players=2)
    hands = ["QC QC QD QD QH QH 2S 5C 9D AC 4H 7S KD", "3C 3D 8H 8S JS 2D 6C 10H 9S 5H 6D JC AS"]
    r = deal(rules, hands, "KC", "QS")
    play(r, "draw", "show QC QC QD QD QH QH QS")
    assert r.end is not None and r.end.out == 0 and r.end.closing is Closing.SEVEN_OF_A_KIND
    match = Match(NAMES[:2], rules)
    match.record(r.round_result(NAMES[:2]))
    assert match.is_over and match.winner == "Anna"


FLUSH = replace(CLASSICO, flush_close=True)


HEARTS = "AH 3H 5H 7H 9H JH KH 2H 4H 6H"


def test_flush_close() -> None:
    r = deal(FLUSH, [HEARTS, "7C 8C 9C KC KD KS 4D 5D 6D 10S"], "QC", "QS")
    play(r, "draw")
    assert f"show {' '.join(str(c) for c in cards(HEARTS))} discard QS" in legal(r)
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.out == 0 and r.end.closing is Closing.FLUSH
    assert r.end.in_one_turn  # it counts as going out in one turn
    sheet = Match(["Anna", "Bruno"], FLUSH).record(r.round_result(["Anna", "Bruno"]))
    assert sheet.scores["Bruno"] == 2 * (7 + 8 + 9 + 30 + 4 + 5 + 6 + 10)


def test_flush_close_needs_natural_cards_of_one_suit() -> None:
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H JK", IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H JK discard QS", Reason.SHOW_NOT_ALLOWED)
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H 6S", IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H 6S discard QS", Reason.SHOW_NOT_ALLOWED)
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H discard QS", Reason.SHOW_INCOMPLETE)


def test_no_flush_close() -> None:
    r = deal(CLASSICO, [HEARTS, IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, f"show {HEARTS} discard QS", Reason.SHOW_NOT_ALLOWED)


def test_flush_close_is_the_whole_dealt_hand() -> None:
    # RULES.md §3: the flush close is 10 cards of one suit, shown after the draw, and counts
    # as going out in one turn. A player who laid 2♣ 3♣ 4♣ before holds 7 hearts: no flush.
    hands = ["2C 3C 4C AH 3H 5H 7H 9H JH KH", "8H KD KS 2D 3C 4H 6S 8C 10D JS"]
    r = deal(FLUSH, hands, "QD", "4S 5S 2H")
    play(r, "draw", "lay 2C 3C 4C", "discard 4S", "draw", "discard 5S", "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH discard 2H", Reason.SHOW_NOT_ALLOWED)


CASERTANO = get_preset("casertano")


# A hand that binds nothing and takes no jolly: every rank once, suits three ranks apart.
SCATTERED = "2C 6C 10C 3D 7D JD 8H QH 9S AS"


def sheet_scores(r: Round, rules: Rules) -> dict[str, int]:
    names = list(NAMES[: r.players])
    return dict(Match(names, rules).record(r.round_result(names)).scores)


def test_one_turn_close_with_a_swap_lays_and_an_attachment_doubles_the_others() -> None:
    # RULES.md §2.11: laying all cards in a single turn without having laid or attached anything
    # before doubles the others. Bruno takes the jolly back, lays three melds, attaches a card,
    # lays the jolly again and discards the last card, all in his first turn.
    hands = ["4H JK 6H AD 5D 2D 3C 4C 6C 10D", "5H 8C 8D 8S 9C 10C JC 7H 2S 3S", SCATTERED]
    r = deal(CLASSICO, hands, "QS", "KS KC")
    play(r, "draw", "lay 4H JK 6H", "discard KS", "draw", "swap 0 5H", "lay 8C 8D 8S")
    play(r, "lay 9C 10C JC", "attach 0 7H", "lay 2S 3S JK=4S", "discard KC")
    end = r.end
    assert end is not None and end.out == 1 and end.in_one_turn
    assert end.counts == (41, 0, 76)
    assert sheet_scores(r, CLASSICO) == {"Anna": 82, "Bruno": 0, "Carla": 152}


def test_going_out_after_attaching_in_an_earlier_turn_is_not_in_one_turn() -> None:
    # RULES.md §2.11: "without having laid or attached anything before". Bruno only attached
    # (4♥ to Anna's run) in his first turn; going out later is an ordinary close.
    hands = ["5H 6H 7H AD 5D 2D 3C 4C 6C 10D", "4H 8C 8D 8S 9C 10C JC 2S 3S 4S", SCATTERED]
    r = deal(CLASSICO, hands, "QS", "KS KC KD QD QC")
    play(r, "draw", "lay 5H 6H 7H", "discard KS", "draw", "attach 0 4H", "discard KC")
    play(r, "draw", "discard KD", "draw", "discard QD", "draw")
    play(r, "lay 8C 8D 8S", "lay 9C 10C JC", "lay 2S 3S 4S", "discard QC")
    end = r.end
    assert end is not None and end.out == 1 and not end.in_one_turn
    assert sheet_scores(r, CLASSICO)["Anna"] == end.counts[0]


@pytest.mark.parametrize(
    ("bonus", "bruno"),
    [(RummyBonus.DOUBLE, 2 * 71), (RummyBonus.ADD, 71 + 25), (RummyBonus.NONE, 71)],
)
def test_flush_close_is_scored_as_going_out_in_one_turn(bonus: RummyBonus, bruno: int) -> None:
    # [G]: ten cards of one suit after the draw, shown, the eleventh discarded; "vale come un
    # ramino in mano", so the rummy bonus of the rules applies to the others' hands.
    rules = replace(FLUSH, rummy_bonus=bonus)
    r = deal(rules, [HEARTS, "7C 8D 9S KC 2D 3S 5C 6D 10S AC"], "QC", "QH")
    play(r, "draw")
    # Eleven hearts: any one of them is the discard.
    assert r.can(parse_action("show AH 3H 5H 7H 9H JH KH 2H 4H QH discard 6H"))
    play(r, f"show {HEARTS} discard QH")
    end = r.end
    assert end is not None and end.closing is Closing.FLUSH and end.in_one_turn
    assert end.counts == (0, 7 + 8 + 9 + 10 + 2 + 3 + 5 + 6 + 10 + 11)
    assert sheet_scores(r, rules) == {"Anna": 0, "Bruno": bruno}


def test_flush_close_after_taking_the_discard() -> None:
    # The draw may be the top of the discard pile; the taken card is then part of the flush.
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H QS", SCATTERED], "6H", "KS")
    play(r, "take")
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.closing is Closing.FLUSH and r.end.in_one_turn


def test_flush_close_on_a_later_turn_of_a_hand_that_never_laid() -> None:
    # Nothing says the flush must come on the first turn: a hand that has only drawn and
    # discarded still shows ten cards of one suit after a later draw.
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H QS", SCATTERED], "KC", "JS QD 6H")
    play(r, "draw", "discard JS", "draw", "discard QD", "draw")
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.closing is Closing.FLUSH and r.end.in_one_turn


CASERTANO_2 = replace(CASERTANO, min_players=2)


# Bound: 2♣ 2♦ 2♠ and 5♣ 6♣ 7♣; unbound K♦ Q♠ J♠ 9♦ 4♠ 8♦ 10♣ = 61.
LOSER = "2C 2D 2S 5C 6C 7C KD QS JS 9D 4S 8D 10C"


@pytest.mark.parametrize(
    ("hand", "closing", "points", "credits"),
    [
        # One run of the whole hand: the scala reale, −50 and 5 credits ([W]).
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", Closing.STRAIGHT, -50, 5),
        # Every card of one suit, not in sequence: the colore, −20 and 2 credits ([W]).
        ("AH 3H 5H 7H 9H JH KH AH 3H 5H 7H 9H JH", Closing.FLUSH, -20, 2),
        # Bound in combinations: the simple close, −10 and 1 credit ([W]).
        ("3H 4H 5H 9C 9D 9S JC JD JH 6S 7S 8S JK", Closing.SIMPLE, -10, 1),
    ],
)
def test_casertano_closing_kinds_through_the_match(
    hand: str, closing: Closing, points: int, credits: int
) -> None:
    r = deal(CASERTANO_2, [hand, LOSER], "KC", "QD")
    play(r, "draw")
    shown = [a for a in r.legal_actions if str(a).startswith("show")]
    assert shown, "the hand closes"
    r.apply(next(a for a in shown if str(a).endswith("discard QD")))
    end = r.end
    assert end is not None and end.out == 0 and end.closing is closing
    assert end.counts == (0, 61)
    match = Match(NAMES[:2], CASERTANO_2)
    sheet = match.record(r.round_result(NAMES[:2]))
    assert dict(sheet.scores) == {"Anna": points, "Bruno": 61}
    assert match.credits == {"Anna": credits, "Bruno": 0}


def test_casertano_the_others_count_a_jolly_they_can_bind_as_nothing() -> None:
    # [W]: "le combinazioni legate non sono penalizzabili": a jolly bound in the loser's
    # run costs nothing; one left alone costs 50.
    rules = CASERTANO_2
    assert min_deadwood(parse_cards("5C 6C JK KD"), rules) == 10
    assert min_deadwood(parse_cards("5C 9D JK KD"), rules) == 5 + 9 + 50 + 10


def test_casertano_seven_of_a_kind_inside_a_full_show_with_a_discard() -> None:
    # Seven queens among a fully bound hand (tris in su: a set of any size and suits) are a
    # "ramino" too: the match is won at once.
    hand = "QC QC QD QD QH QH QS 3H 4H 5H 7S 8S 9S"
    r = deal(CASERTANO_2, [hand, LOSER], "KC", "KH")
    play(r, "draw", "show QC QC QD QD QH QH QS | 3H 4H 5H | 7S 8S 9S discard KH")
    assert r.end is not None and r.end.closing is Closing.SEVEN_OF_A_KIND
    match = Match(NAMES[:2], CASERTANO_2)
    match.record(r.round_result(NAMES[:2]))
    assert match.is_over and match.winner == "Anna"


def test_casertano_a_loser_whose_whole_hand_is_a_colore_pays_nothing() -> None:
    # RULES.md §4 casertano: "the others count only their unbound cards", and the colore
    # (cards of one suit not in sequence, [W] "tutte carte dello stesso seme") is one of the
    # combinations. The engine binds that very hand for the closer (closing_kind says flush)
    # but counts it in full for a player who lays after the close.
    colore = parse_cards("2H 4H 6H 8H 10H QH 2H 4H 6H 8H 10H QH AH")
    assert closing_kind(colore, CASERTANO) is Closing.FLUSH
    assert min_deadwood(colore, CASERTANO) == 0


def test_a_colore_with_a_jolly_is_listed_as_the_round_takes_it() -> None:
    # Casertano: thirteen spades and a jolly, the 9♥ thrown; the colore holds the jolly.
    casertano = get_preset("casertano")
    hands = ["3S 3S JS 8S JK 2S AS 4S 9H 5S 6S 7S AS", "KH 6H AH 8H 10H JH QH 4H 9S 10S 3H QS KS"]
    r = deal(casertano, hands, "2C", stock="2S")
    play(r, "draw")
    shows = [str(a) for a in r.legal_actions if isinstance(a, Show)]
    assert shows == ["show AS AS 2S 2S 3S 3S 4S 5S 6S 7S 8S JS JK discard 9H"]
    cards = list(r.hand(0))
    cards.remove(Card.parse("9H"))
    assert whole_hand_close(cards, casertano)[1] is Closing.FLUSH


def _round_closes(r: Round) -> dict[Card | None, Closing]:
    """The best close of the round's own shows, by the discard each keeps out."""
    best: dict[Card | None, Closing] = {}
    order = list(Closing)
    for action in r.legal_actions:
        if isinstance(action, Show):
            after = r.copy()
            after.apply(action)
            assert after.end is not None and after.end.closing is not None
            closing = after.end.closing
            known = best.get(action.discard)
            if known is None or order.index(closing) > order.index(known):
                best[action.discard] = closing
    return best


def _meldish_hand(rng: random.Random, left: list[Card], size: int) -> list[Card]:
    """``size`` cards taken out of ``left``, mostly runs and sets: hands that often bind."""
    hand: list[Card] = []
    while len(hand) < size:
        pick = rng.random()
        suit, rank = rng.randrange(4), rng.randrange(13)
        if pick < 0.45:
            wanted = [suit * 13 + (rank + k) % 13 for k in range(rng.randint(3, 5))]
        elif pick < 0.8:
            wanted = [s * 13 + rank for s in rng.sample(range(4), 3)]
        else:
            wanted = [rng.choice(left).code]
        for code in wanted[: size - len(hand)]:
            card = Card.from_code(code)
            if card in left:
                left.remove(card)
                hand.append(card)
    return hand


def _verdict(cards: list[Card], rules: Rules) -> Closing | None:
    try:
        return whole_hand_close(cards, rules)[1]
    except RaminoError:
        return None


@pytest.mark.parametrize(
    "rules",
    [get_preset(name) for name in PRESETS] + [replace(BASE, flush_close=True)],
    ids=[*PRESETS, "flush-close"],
)
@settings(max_examples=15, deadline=None)
@given(number=st.integers(0, 2**32))
def test_check_whole_hand_gives_the_rounds_verdict_under_every_preset(
    rules: Rules, number: int
) -> None:
    # Issue 46, RULES.md §6.4: for each discard, check --whole-hand of the rest accepts the
    # hand exactly when the round takes a show of it, and names the best close those shows
    # make (the imagined jolly included).
    seed = random.Random(number)
    players = rules.min_players
    decks, jokers = rules.deck_for(players)
    size = rules.hand_size_for(players)
    left = list(NATURAL_CARDS) * decks + [JOKER] * jokers
    hand = _meldish_hand(seed, left, size)
    seed.shuffle(left)
    upcard, drawn = left.pop(), left.pop()
    hands = [hand] + [left[k * size : (k + 1) * size] for k in range(players - 1)]
    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    dealer = -step % players
    order = stacked_deck(rules, players, hands, upcard=upcard, stock=[drawn], dealer=dealer)
    r = Round(rules, players, deck_order=order, dealer=dealer)
    while r.phase is Phase.BET:
        r.apply(Call())
    assert r.to_play == 0
    if r.phase is Phase.DRAW:  # Casertano hands a jolly turned up to the first player
        r.apply(Draw())
    held = list(r.hand(0))
    closes = _round_closes(r)
    if r.first_round and not rules.rummy_on_first_turn:
        assert not closes  # nobody goes out before everyone has played: nothing to compare
        return
    discards: list[Card | None] = [*dict.fromkeys(held)]
    if rules.final_discard is FinalDiscard.OPTIONAL:
        discards.insert(0, None)
    # Seven of a kind closes whatever else is kept: the round lists that show once, with no
    # discard, and check --whole-hand names it for every rest that holds the seven.
    seven = Closing.SEVEN_OF_A_KIND if Closing.SEVEN_OF_A_KIND in closes.values() else None
    for discard in discards:
        rest = list(held)
        if discard is not None:
            rest.remove(discard)
        verdict = _verdict(rest, rules)
        if seven is not None and verdict is seven:
            continue
        assert verdict is closes.get(discard), (str(discard), rest)
