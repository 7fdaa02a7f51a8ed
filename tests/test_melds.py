"""Melds: the worked examples of RULES.md §5, every meld knob, attaching, taking jokers back,
and a brute-force reference for validity on arbitrary card lists."""

from __future__ import annotations

import itertools
import os
import pickle
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine import Card, MeldError, NotationError, Reason, parse_cards
from ramino.engine.cards import JOKER, NATURAL_CARDS
from ramino.engine.melds import (
    Meld,
    MeldKind,
    attach,
    parse_meld,
    retrieve_joker,
    validate_meld,
)
from ramino.engine.presets import get_preset
from ramino.engine.rules import (
    AceInRuns,
    DeckSize,
    JokerPosition,
    Rules,
    SetJokerSwap,
    SetSuits,
)

BASE = Rules()
RAMI = get_preset("rami-40")


def meld(text: str, rules: Rules = BASE) -> Meld:
    cards, declared = parse_meld(text)
    return validate_meld(cards, rules, jokers=declared)


def refused(text: str, rules: Rules = BASE) -> MeldError:
    with pytest.raises(MeldError) as info:
        meld(text, rules)
    return info.value


# --- RULES.md §5, meld validity and opening points ---

VALID = [
    ("KH KS KD", MeldKind.SET, 30, {}),
    ("AC AH AS", MeldKind.SET, 33, {}),
    ("AH 2H 3H", MeldKind.RUN, 6, {}),
    ("5C 6C 7C", MeldKind.RUN, 18, {}),
    ("QH KH AH", MeldKind.RUN, 31, {}),
    ("9C 9D 9H JK", MeldKind.SET, 36, {3: "9S"}),
    ("JK 7S 8S", MeldKind.RUN, 21, {0: "6S"}),
    ("8S JK 10S", MeldKind.RUN, 27, {1: "9S"}),
    ("9H 10H JH", MeldKind.RUN, 29, {}),
    ("JD JK KD", MeldKind.RUN, 30, {1: "QD"}),
]


@pytest.mark.parametrize(("text", "kind", "points", "jokers"), VALID)
def test_worked_examples_valid(
    text: str, kind: MeldKind, points: int, jokers: dict[int, str]
) -> None:
    m = meld(text, RAMI)
    assert m.kind is kind
    assert m.points(RAMI) == points
    assert {pos: str(card) for pos, card in m.joker_assignments} == jokers


@pytest.mark.parametrize(
    ("text", "reason", "it_words", "en_words"),
    [
        (
            "7S 7S 7H",
            Reason.SET_SUITS_NOT_DISTINCT,
            "semi devono essere tutti diversi",
            "suits must all differ",
        ),
        (
            "KH AH 2H",
            Reason.RUN_ACE_LOW_AND_HIGH,
            "basso oppure alto, mai entrambi",
            "low or high, never both",
        ),
        ("JK JK 5H 6H", Reason.TOO_MANY_JOKERS, "Al massimo 1 jolly", "At most 1 joker"),
    ],
)
def test_worked_examples_rejected(text: str, reason: Reason, it_words: str, en_words: str) -> None:
    error = refused(text, RAMI)
    assert error.reason is reason
    assert it_words in str(error)
    assert en_words in error.message("en")


def test_openings_at_50_from_the_guide() -> None:
    rules = get_preset("apertura-50")
    kings = meld("KH KS KD", rules).points(rules)
    assert kings + meld("JK 7S 8S", rules).points(rules) == 51
    assert meld("AH 2H 3H", rules).points(rules) + meld("QH KH AH", rules).points(rules) == 37
    assert meld("5H 6H 7H 8H", rules).points(rules) + kings == 56


def test_cards_may_come_in_any_order_and_runs_are_sorted() -> None:
    m = meld("10S JK 8S")
    assert [str(c) for c in m.cards] == ["8S", "JK", "10S"]
    assert m.suit is not None and m.rank is None
    assert meld("AC AH AS").rank is not None


# --- knobs ---


def test_max_jokers_per_meld() -> None:
    assert refused("JK JK 5H").reason is Reason.TOO_MANY_JOKERS
    two = replace(BASE, max_jokers_per_meld=2)
    assert meld("JK JK 5H 6H", two).joker_count == 2
    assert refused("JK JK JK 5H 6H", two).reason is Reason.TOO_MANY_JOKERS
    unlimited = replace(BASE, max_jokers_per_meld=None)
    assert meld("JK JK JK 5H 6H", unlimited).notation() == "JK=2H JK=3H JK=4H 5H 6H"


def test_no_jolly_where_the_rules_have_none() -> None:
    # Tradizionale and gin rummy play without jollies: a meld cannot hold one; the
    # imaginary jolly of pokerato is written JK in a meld all the same.
    for name in ("tradizionale", "gin"):
        error = refused("JK 7S 8S", get_preset(name))
        assert error.reason is Reason.NOT_IN_DECK
        assert error.message("en") == "The deck of these rules has no jokers: 🃏 cannot be there."
    assert meld("7S 8S 9S", get_preset("tradizionale")).joker_count == 0
    imagined = get_preset("pokerato-immaginario")
    assert imagined.jokers == 0 and meld("JK 7S 8S", imagined).joker_count == 1
    # Jollies only from some table size on are jollies all the same.
    by_players = replace(BASE, jokers=0, deck_by_players=(DeckSize(5, 3, 4),))
    assert meld("JK 7S 8S", by_players).joker_count == 1


def test_min_natural_cards() -> None:
    unlimited = replace(BASE, max_jokers_per_meld=None)
    assert meld("JK JK 5H", unlimited).joker_count == 2
    assert refused("JK JK JK", unlimited).reason is Reason.ONLY_JOKERS
    two = replace(unlimited, min_natural_cards=2)
    error = refused("JK JK 5H", two)
    assert error.reason is Reason.ONLY_JOKERS and "almeno 2" in str(error)
    three = replace(unlimited, min_natural_cards=3)
    assert refused("JK 5H 6H", three).reason is Reason.ONLY_JOKERS
    assert meld("JK 5H 6H 7H", three).joker_count == 1


def test_set_suits() -> None:
    assert refused("7S 7S 7H").reason is Reason.SET_SUITS_NOT_DISTINCT
    any_suit = replace(BASE, set_suits=SetSuits.ANY, set_max=None)
    assert meld("7S 7S 7H", any_suit).kind is MeldKind.SET
    assert meld("7S 7S 7S 7H 7H 7D", any_suit).kind is MeldKind.SET


def test_set_max() -> None:
    assert refused("7S 7H 7D 7C JK").reason is Reason.SET_TOO_LARGE
    tris_only = replace(BASE, set_max=3)
    error = refused("7S 7H 7D 7C", tris_only)
    assert error.reason is Reason.SET_TOO_LARGE and "3" in str(error)
    any_five = replace(BASE, set_suits=SetSuits.ANY, set_max=5)
    assert len(meld("7S 7S 7H 7H 7D", any_five)) == 5
    assert refused("7S 7S 7H 7H 7D 7D", any_five).reason is Reason.SET_TOO_LARGE
    unlimited = replace(BASE, set_suits=SetSuits.ANY, set_max=None)
    assert len(meld("7S 7S 7H 7H 7D 7D 7C 7C", unlimited)) == 8


def test_run_wrap() -> None:
    assert refused("KH AH 2H").reason is Reason.RUN_ACE_LOW_AND_HIGH
    # A jolly that could only be the ace between the king and the 2 says so too.
    for text in ("KH JK 2H", "QH KH JK 2H", "KH JK=AH 2H"):
        assert refused(text).reason is Reason.RUN_ACE_LOW_AND_HIGH, text
    assert refused("KH JK 3H").reason is Reason.RUN_NOT_CONSECUTIVE
    wrap = replace(BASE, run_wrap=True)
    m = meld("KH AH 2H", wrap)
    assert [str(c) for c in m.cards] == ["KH", "AH", "2H"]
    assert meld("QH KH AH 2H 3H", wrap).kind is MeldKind.RUN


def test_wrap_prefers_a_straight_run_when_the_joker_is_free() -> None:
    wrap = replace(BASE, run_wrap=True)
    assert meld("JK AH 2H", wrap).notation() == "AH 2H JK=3H"


@pytest.mark.parametrize(
    ("text", "notation", "points"),
    [
        ("JK KH AH", "JK=QH KH AH", 31),
        ("QH JK AH", "QH JK=KH AH", 31),
        ("JK QH KH AH", "JK=JH QH KH AH", 41),
        ("JK AH 2H", "AH 2H JK=3H", 6),
    ],
)
@pytest.mark.parametrize("position", list(JokerPosition))
def test_a_jolly_beside_an_ace_at_the_end_of_a_run_has_one_place(
    text: str, notation: str, points: int, position: JokerPosition
) -> None:
    # The ace closes the run at its end: the jolly takes the one place left whatever the knob
    # says, the lower place included (never K before a low ace, nothing after a high one).
    rules = replace(get_preset("scala-40"), ambiguous_joker=position)
    m = meld(text, rules)
    assert m.notation() == notation and m.points(rules) == points


def test_ace_in_runs() -> None:
    low_only = replace(BASE, ace_in_runs=AceInRuns.LOW_ONLY)
    assert meld("AH 2H 3H", low_only).points(low_only) == 6
    error = refused("QH KH AH", low_only)
    assert error.reason is Reason.RUN_ACE_HIGH_NOT_ALLOWED
    assert "solo basso" in str(error)
    assert meld("JK KH QH", low_only).notation() == "JK=JH QH KH"
    assert meld("JK KH QH", BASE).notation() == "JK=JH QH KH"
    assert meld("JK KH QH", replace(BASE, ambiguous_joker=JokerPosition.HIGHER)).notation() == (
        "QH KH JK=AH"
    )


def test_ambiguous_joker() -> None:
    assert meld("JK 7S 8S").notation() == "JK=6S 7S 8S"
    higher = replace(BASE, ambiguous_joker=JokerPosition.HIGHER)
    m = meld("JK 7S 8S", higher)
    assert m.notation() == "7S 8S JK=9S"
    assert m.points(higher) == 24
    # A joker inside a run has one place whatever the knob says.
    assert meld("8S JK 10S", higher).notation() == "8S JK=9S 10S"


def test_declared_joker_overrides_the_default() -> None:
    m = meld("JK=9S 7S 8S")
    assert m.notation() == "7S 8S JK=9S" and m.points(BASE) == 24
    error = refused("JK=10S 7S 8S")
    assert error.reason is Reason.JOKER_ASSIGNMENT_INVALID
    assert "10♠" in str(error)
    assert refused("JK=9H 7S 8S").reason is Reason.JOKER_ASSIGNMENT_INVALID
    assert meld("JK=7D 7C 7H").represents[0] == Card.parse("7D")


def test_lower_only_refuses_the_higher_place_of_a_jolly() -> None:
    # RULES.md §6.4, [R]: "quando sono possibili due posizioni, l'app sceglie quella con il
    # valore più basso": the player cannot declare the higher place.
    assert RAMI.ambiguous_joker is JokerPosition.LOWER_ONLY
    assert meld("JK 7S 8S", RAMI).notation() == "JK=6S 7S 8S"
    assert meld("JK=6S 7S 8S", RAMI).points(RAMI) == 21
    error = refused("JK=9S 7S 8S", RAMI)
    assert error.reason is Reason.JOKER_ASSIGNMENT_INVALID
    assert "più basso" in str(error) and "joker that could take two places" in error.message("en")
    # The ace: low before the 2, so A♠ is the lower place of JK 2♠ 3♠; J♠ that of JK Q♠ K♠.
    assert meld("JK 2S 3S", RAMI).notation() == "JK=AS 2S 3S"
    assert refused("JK=4S 2S 3S", RAMI).reason is Reason.JOKER_ASSIGNMENT_INVALID
    assert refused("JK=AS QS KS", RAMI).reason is Reason.JOKER_ASSIGNMENT_INVALID
    # A jolly with one place keeps it.
    assert meld("8S JK=9S 10S", RAMI).notation() == "8S JK=9S 10S"
    # Attached, it goes below the run as well, and cannot be declared above it.
    run = meld("5S 6S 7S", RAMI)
    assert attach(run, [JOKER], RAMI).notation() == "JK=4S 5S 6S 7S"
    with pytest.raises(MeldError) as info:
        attach(run, [JOKER], RAMI, jokers=[Card.parse("8S")])
    assert info.value.params["cause"] == "joker_assignment_invalid"
    # Cards attached later to a run whose jolly took the lower place are taken as usual.
    grown = attach(attach(run, [JOKER], RAMI), parse_cards("8S"), RAMI)
    assert grown.notation() == "JK=4S 5S 6S 7S 8S"


def test_declaring_a_suit_already_in_the_set_is_refused() -> None:
    error = refused("JK=7C 7C 7H")
    assert error.reason is Reason.JOKER_ASSIGNMENT_INVALID
    assert refused("JK=8C 7C 7H").reason is Reason.JOKER_ASSIGNMENT_INVALID


def test_opening_joker_value() -> None:
    for value, expected in [(None, 21), (20, 35), (25, 40), (30, 45)]:
        rules = replace(RAMI, opening_joker_value=value)
        assert meld("JK 7S 8S", rules).points(rules) == expected


def test_joker_count_must_match_declarations() -> None:
    with pytest.raises(MeldError) as info:
        validate_meld(parse_cards("JK 7S 8S"), BASE, jokers=[])
    assert info.value.reason is Reason.JOKER_COUNT_MISMATCH


def test_too_few_cards_and_not_a_meld() -> None:
    assert refused("7S 8S").reason is Reason.TOO_FEW_CARDS
    error = refused("7S 8H 9S")
    assert error.reason is Reason.NOT_A_MELD
    assert "né una scala" in str(error)


def test_run_errors_name_the_problem() -> None:
    error = refused("5H 9H JK")
    assert error.reason is Reason.RUN_NOT_CONSECUTIVE
    assert error.params["missing"] == 3 and error.params["jokers"] == 1
    # The sentence counts in words with the plurals of each language.
    assert str(error).endswith("mancano 3 carte e il jolly ne copre una.")
    assert error.message("en").endswith("lacks 3 cards and the joker covers one.")
    one = refused("5H 7H 8H")
    assert str(one).endswith("manca una carta e non c'è un jolly a coprirla.")
    assert one.message("en").endswith("lacks one card and no joker covers it.")
    assert refused("5H 5H 6H").reason is Reason.RUN_DUPLICATE_RANK
    long_run = " ".join(f"{r}H" for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"])
    assert len(meld(long_run)) == 13
    assert refused(long_run + " JK", replace(BASE, max_jokers_per_meld=2)).reason is (
        Reason.RUN_TOO_LONG
    )


def test_flush_meld() -> None:
    casertano = get_preset("casertano")
    cards = parse_cards("2H 5H 9H KH")
    with pytest.raises(MeldError) as info:
        validate_meld(cards, casertano)
    assert info.value.reason is Reason.FLUSH_NOT_ALLOWED
    assert validate_meld(cards, casertano, whole_hand=True).kind is MeldKind.FLUSH
    with pytest.raises(MeldError) as info:
        validate_meld(cards, BASE, whole_hand=True)
    assert info.value.reason is Reason.RUN_NOT_CONSECUTIVE


# --- attaching ---


def test_attach_to_runs_and_sets() -> None:
    run = meld("JK 7S 8S")
    assert attach(run, parse_cards("9S"), BASE).notation() == "JK=6S 7S 8S 9S"
    assert attach(run, parse_cards("5S"), BASE).notation() == "5S JK=6S 7S 8S"
    assert attach(run, parse_cards("9S 10S"), BASE).notation() == "JK=6S 7S 8S 9S 10S"
    tris = meld("7C 7H 7S")
    assert len(attach(tris, parse_cards("7D"), BASE)) == 4


def test_attach_refusals() -> None:
    run = meld("8S JK 10S")
    with pytest.raises(MeldError) as info:
        attach(run, parse_cards("9S"), BASE)
    assert info.value.reason is Reason.ATTACH_PLACE_HELD_BY_JOKER
    with pytest.raises(MeldError) as info:
        attach(run, parse_cards("QS"), BASE)
    assert info.value.reason is Reason.ATTACH_DOES_NOT_FIT
    assert info.value.params["cause"] == "run_not_consecutive"
    with pytest.raises(MeldError) as info:
        attach(run, parse_cards("JH"), BASE)
    assert info.value.reason is Reason.ATTACH_DOES_NOT_FIT
    with pytest.raises(MeldError) as info:
        attach(run, parse_cards("JK"), BASE)
    assert info.value.params["cause"] == "too_many_jokers"
    tris = meld("7C 7H 7S")
    with pytest.raises(MeldError) as info:
        attach(tris, parse_cards("7C"), BASE)
    assert info.value.params["cause"] == "set_suits_not_distinct"
    assert "non si attacca" in str(info.value)


def test_attach_to_a_set_with_a_joker() -> None:
    tris = meld("10D 10H JK")
    grown = attach(tris, parse_cards("10S"), BASE)
    assert len(grown) == 4
    assert [str(rep) for _, rep in grown.joker_assignments] == ["10C"]
    with pytest.raises(MeldError) as info:
        attach(grown, parse_cards("10C"), BASE)
    assert info.value.reason is Reason.ATTACH_PLACE_HELD_BY_JOKER
    declared = replace(BASE, set_joker_swap=SetJokerSwap.DECLARED_SUIT)
    tris = meld("10D 10H JK=10S", declared)
    with pytest.raises(MeldError) as info:
        attach(tris, parse_cards("10S"), declared)
    assert info.value.reason is Reason.ATTACH_PLACE_HELD_BY_JOKER
    assert len(attach(tris, parse_cards("10C"), declared)) == 4


def test_attach_a_joker_goes_where_the_rules_say() -> None:
    two = replace(BASE, max_jokers_per_meld=2)
    run = meld("7S 8S 9S", two)
    assert attach(run, parse_cards("JK"), two).notation() == "JK=6S 7S 8S 9S"
    higher = replace(two, ambiguous_joker=JokerPosition.HIGHER)
    assert attach(run, parse_cards("JK"), higher).notation() == "7S 8S 9S JK=10S"
    assert attach(run, [JOKER], two, jokers=[Card.parse("10S")]).notation() == "7S 8S 9S JK=10S"


# --- taking a joker back ---


def test_retrieve_from_a_run() -> None:
    run = meld("8S JK 10S")
    new, freed = retrieve_joker(run, parse_cards("9S"), BASE)
    assert str(new) == "8♠ 9♠ 10♠" and freed == (JOKER,)
    with pytest.raises(MeldError) as info:
        retrieve_joker(run, parse_cards("9H"), BASE)
    assert info.value.reason is Reason.SWAP_WRONG_CARD
    assert "9♠" in str(info.value)


def test_retrieve_from_a_set_needs_every_missing_card() -> None:
    tris = meld("10D 10H JK")
    with pytest.raises(MeldError) as info:
        retrieve_joker(tris, parse_cards("10S"), BASE)
    assert info.value.reason is Reason.SWAP_SET_NEEDS_ALL_MISSING
    new, freed = retrieve_joker(tris, parse_cards("10S 10C"), BASE)
    assert sorted(str(c) for c in new.cards) == ["10C", "10D", "10H", "10S"]
    assert freed == (JOKER,)
    poker = meld("10D 10H 10S JK")
    new, _ = retrieve_joker(poker, parse_cards("10C"), BASE)
    assert new.joker_count == 0
    with pytest.raises(MeldError) as info:
        retrieve_joker(poker, parse_cards("10D"), BASE)
    assert info.value.reason is Reason.SWAP_WRONG_CARD


def test_set_joker_swap_declared_suit() -> None:
    rules = replace(BASE, set_joker_swap=SetJokerSwap.DECLARED_SUIT)
    tris = meld("10D 10H JK=10S", rules)
    new, freed = retrieve_joker(tris, parse_cards("10S"), rules)
    assert new.joker_count == 0 and freed == (JOKER,) and len(new) == 3
    with pytest.raises(MeldError) as info:
        retrieve_joker(tris, parse_cards("10C"), rules)
    assert info.value.reason is Reason.SWAP_WRONG_CARD
    # Undeclared, the joker takes the first missing suit in the order ♣ ♦ ♥ ♠.
    assert meld("10D 10H JK", rules).joker_assignments[0][1] == Card.parse("10C")


def test_joker_swap_knobs() -> None:
    run = meld("8S JK 10S")
    forbidden = replace(BASE, joker_swap=False)
    with pytest.raises(MeldError) as info:
        retrieve_joker(run, parse_cards("9S"), forbidden)
    assert info.value.reason is Reason.SWAP_FORBIDDEN
    needs_opened = replace(BASE, joker_swap_needs_opened=True)
    with pytest.raises(MeldError) as info:
        retrieve_joker(run, parse_cards("9S"), needs_opened, opened=False)
    assert info.value.reason is Reason.SWAP_NEEDS_OPENING
    assert retrieve_joker(run, parse_cards("9S"), needs_opened, opened=True)[1] == (JOKER,)
    assert retrieve_joker(run, parse_cards("9S"), BASE, opened=False)[1] == (JOKER,)
    with pytest.raises(MeldError) as info:
        retrieve_joker(meld("7S 8S 9S"), parse_cards("9S"), BASE)
    assert info.value.reason is Reason.SWAP_NO_JOKER


def test_retrieve_from_a_set_of_any_suits() -> None:
    rules = replace(BASE, set_suits=SetSuits.ANY, set_max=None)
    tris = meld("7C 7C JK", rules)
    new, freed = retrieve_joker(tris, parse_cards("7C"), rules)
    assert [str(c) for c in new.cards] == ["7C", "7C", "7C"] and freed == (JOKER,)


# --- notation ---


def test_parse_meld_notation() -> None:
    _cards, declared = parse_meld(["JK=9S", "7S", "8S"])
    assert declared == (Card.parse("9S"),)
    assert parse_meld("JK 7S 8S")[1] is None
    for bad in ["JK=ZZ", "7S=8S", "JK=JK"]:
        with pytest.raises(NotationError) as info:
            parse_meld(bad)
        assert info.value.reason is Reason.BAD_JOKER_NOTATION
        assert bad in str(info.value)
    with pytest.raises(NotationError) as info:
        parse_meld("   ")
    assert info.value.reason is Reason.NO_CARDS


def test_meld_round_trips_through_its_notation() -> None:
    for text, *_ in VALID:
        m = meld(text, RAMI)
        again = meld(m.notation(), RAMI)
        assert again == m


# --- a brute-force reference on arbitrary card lists ---


def reference_valid(cards: tuple[Card, ...], rules: Rules) -> bool:
    """Validity straight from the definitions: some choice of natural cards for the jokers
    makes a natural set or run."""
    naturals = [c for c in cards if not c.is_joker]
    k = len(cards) - len(naturals)
    if len(cards) < 3 or len(naturals) < rules.min_natural_cards:
        return False
    if rules.max_jokers_per_meld is not None and k > rules.max_jokers_per_meld:
        return False
    for choice in itertools.product(NATURAL_CARDS, repeat=k):
        full = naturals + list(choice)
        if natural_set(full, rules) or natural_run(full, rules):
            return True
    return False


def natural_set(cards: list[Card], rules: Rules) -> bool:
    if len({c.rank for c in cards}) != 1:
        return False
    if rules.set_suits is SetSuits.DISTINCT and len({c.suit for c in cards}) != len(cards):
        return False
    return rules.set_max is None or len(cards) <= rules.set_max


def natural_run(cards: list[Card], rules: Rules) -> bool:
    if len({c.suit for c in cards}) != 1 or len(cards) > 13:
        return False
    ranks = sorted(int(c.rank or 0) for c in cards)
    if len(set(ranks)) != len(ranks):
        return False
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return True
    if rules.ace_in_runs is AceInRuns.LOW_OR_HIGH and ranks[0] == 1:
        high = sorted([*ranks[1:], 14])
        if high == list(range(high[0], high[0] + len(high))):
            return True
    if rules.run_wrap:
        for shift in range(13):
            rotated = sorted((r - 1 + shift) % 13 for r in ranks)
            if rotated == list(range(rotated[0], rotated[0] + len(rotated))):
                return True
    return False


rules_strategy = st.builds(
    lambda set_suits, set_max, wrap, ace, jokers, naturals: replace(
        BASE,
        set_suits=set_suits,
        set_max=set_max if set_suits is SetSuits.ANY else min(set_max or 4, 4),
        run_wrap=wrap and ace is AceInRuns.LOW_OR_HIGH,
        ace_in_runs=ace,
        max_jokers_per_meld=jokers,
        min_natural_cards=naturals,
    ),
    st.sampled_from(SetSuits),
    st.sampled_from([3, 4, 5, None]),
    st.booleans(),
    st.sampled_from(AceInRuns),
    st.sampled_from([1, 2]),
    st.sampled_from([1, 2]),
)


def near_meld() -> st.SearchStrategy[tuple[Card, ...]]:
    """Card lists that are often close to melds: a suit or a rank, a few neighbours, jokers."""
    suit_run = st.tuples(st.integers(0, 3), st.integers(1, 13), st.integers(3, 6)).map(
        lambda t: [NATURAL_CARDS[t[0] * 13 + (t[1] - 1 + i) % 13] for i in range(t[2])]
    )
    one_rank = st.tuples(
        st.integers(1, 13), st.lists(st.integers(0, 3), min_size=2, max_size=5)
    ).map(lambda t: [NATURAL_CARDS[s * 13 + t[0] - 1] for s in t[1]])
    base = st.one_of(suit_run, one_rank, st.lists(st.sampled_from(NATURAL_CARDS), max_size=5))
    return st.tuples(base, st.integers(0, 2), st.integers(0, 2), st.randoms()).map(
        lambda t: _mutate(*t)
    )


def _mutate(cards: list[Card], drop: int, jokers: int, rnd: object) -> tuple[Card, ...]:
    import random

    assert isinstance(rnd, random.Random)
    cards = list(cards)
    for _ in range(min(drop, max(len(cards) - 1, 0))):
        cards.pop(rnd.randrange(len(cards)))
    cards += [JOKER] * jokers
    rnd.shuffle(cards)
    return tuple(cards)


@settings(max_examples=400, deadline=None)
@given(near_meld(), rules_strategy)
def test_validity_agrees_with_brute_force(cards: tuple[Card, ...], rules: Rules) -> None:
    expected = reference_valid(cards, rules)
    try:
        m = validate_meld(cards, rules)
    except MeldError:
        assert not expected, f"{cards} refused under {rules}"
        return
    assert expected, f"{cards} accepted as {m.notation()} under {rules}"
    # The cards each position stands for form a natural meld of the same kind.
    reps = list(m.represents)
    assert natural_set(reps, rules) if m.kind is MeldKind.SET else natural_run(reps, rules)
    assert sorted(m.cards) == sorted(cards)
    assert all(c == r for c, r in zip(m.cards, m.represents, strict=True) if not c.is_joker)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*NATURAL_CARDS, JOKER]), max_size=8), rules_strategy)
def test_arbitrary_lists_give_a_meld_or_a_meld_error(cards: list[Card], rules: Rules) -> None:
    try:
        m = validate_meld(cards, rules)
    except MeldError as error:
        assert error.reason in Reason
        assert error.message("it") and error.message("en")
        return
    assert isinstance(m, Meld)
    assert m.points(rules) >= 0


def test_a_meld_pickled_in_one_process_hashes_right_in_another() -> None:
    meld = validate_meld(parse_cards("JK 7S 8S"), Rules())
    assert meld in {meld: 1}  # the hash is remembered once asked for
    script = (
        "import pickle, sys; from ramino.engine.cards import parse_cards;"
        "from ramino.engine.melds import validate_meld; from ramino.engine.rules import Rules;"
        "m = pickle.loads(sys.stdin.buffer.read());"
        "fresh = validate_meld(parse_cards('JK 7S 8S'), Rules());"
        "print(m == fresh, hash(m) == hash(fresh), m in {fresh: 1})"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        input=pickle.dumps(meld),
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "random"},
    )
    assert out.stdout.split() == [b"True", b"True", b"True"]
