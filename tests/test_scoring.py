"""The count (RULES.md §3 "Count and match", §5 counting and rounding): card penalties,
rounding, the rummy bonus, the messa and scempio, capped rounds, Casertano closings."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from ramino.engine.cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, parse_cards
from ramino.engine.deck import Deck
from ramino.engine.presets import get_preset
from ramino.engine.rules import RoundCap, Rounding, Rules, RummyBonus
from ramino.engine.scoring import (
    Closing,
    card_penalty,
    closing_credits,
    closing_points,
    hand_penalty,
    loser_score,
    round_count,
    score_round,
)

CLASSICO = Rules()
TENS = Rules(rounding=Rounding.TENS)
MESSA = Rules(rounding=Rounding.TENS, messa=50)
SCEMPIO = Rules(rounding=Rounding.TENS, messa=50, rummy_bonus=RummyBonus.SCEMPIO)


# --- card and hand penalties ---


@pytest.mark.parametrize("rank", range(2, 11))
def test_number_cards_count_their_face(rank: int) -> None:
    for suit in Suit:
        assert card_penalty(Card(Rank(rank), suit), CLASSICO) == rank


@pytest.mark.parametrize("token", ["JH", "QC", "KS", "JD", "KH"])
def test_court_cards_count_ten(token: str) -> None:
    assert card_penalty(Card.parse(token), CLASSICO) == 10


@pytest.mark.parametrize("ace_penalty", [11, 1])
def test_ace_penalty_knob(ace_penalty: int) -> None:
    rules = Rules(ace_penalty=ace_penalty)
    for suit in Suit:
        assert card_penalty(Card(Rank.ACE, suit), rules) == ace_penalty
    assert hand_penalty(parse_cards("AS AH 2C"), rules) == 2 * ace_penalty + 2


@pytest.mark.parametrize("joker_penalty", [25, 20, 30, 50])
def test_joker_penalty_knob(joker_penalty: int) -> None:
    rules = Rules(joker_penalty=joker_penalty)
    assert card_penalty(JOKER, rules) == joker_penalty
    assert hand_penalty(parse_cards("JK JK 5D"), rules) == 2 * joker_penalty + 5


def test_scala_40_counts_an_ace_left_in_hand_one() -> None:
    # RULES.md §6.4: [G] cites the Modiano rules, where the ace in hand is worth 1.
    scala = get_preset("scala-40")
    assert hand_penalty(parse_cards("AS AH KC"), scala) == 12
    assert hand_penalty(parse_cards("AS AH KC"), get_preset("classico")) == 32


def test_casertano_joker_is_worth_fifty() -> None:
    assert card_penalty(JOKER, get_preset("casertano")) == 50


def test_whole_deck_is_worth_860() -> None:
    # RULES.md §5, [G]: "un mazzo da ramino vale 860 punti di penalità in tutto".
    deck = Deck.build(2, 4)
    assert len(deck) == 108
    assert hand_penalty(deck, CLASSICO) == 860


def test_whole_deck_follows_the_knobs() -> None:
    deck = Deck.build(2, 4)
    # 8 aces at 1 instead of 11; 4 jokers at 50 instead of 25.
    assert hand_penalty(deck, Rules(ace_penalty=1)) == 860 - 8 * 10
    assert hand_penalty(deck, Rules(joker_penalty=50)) == 860 + 4 * 25


def test_one_pack_of_naturals() -> None:
    # Per suit: ace 11 + 2..10 (54) + three courts (30) = 95.
    assert hand_penalty(NATURAL_CARDS, CLASSICO) == 4 * 95


def test_empty_hand_counts_zero() -> None:
    assert hand_penalty((), CLASSICO) == 0


def test_worked_hand_36_and_72_in_one_turn() -> None:
    hand = parse_cards("AS QC 8H 7C")
    assert hand_penalty(hand, CLASSICO) == 36
    assert loser_score(36, CLASSICO) == 36
    assert loser_score(36, CLASSICO, in_one_turn=True) == 72
    assert score_round({"Anna": 36}, CLASSICO, out="Bruno").scores == {"Bruno": 0, "Anna": 36}
    doubled = score_round({"Anna": 36}, CLASSICO, out="Bruno", in_one_turn=True)
    assert doubled.scores == {"Bruno": 0, "Anna": 72}


def test_chance_of_a_joker_in_the_first_ten_cards() -> None:
    deck = Deck.build(2, 4)
    jokers = deck.count(JOKER)
    others = len(deck) - jokers
    chance = 1 - math.comb(others, 10) / math.comb(len(deck), 10)
    assert round(chance * 100, 1) == 32.6


# --- rounding ---


@pytest.mark.parametrize(
    ("raw", "rounded"),
    [
        (0, 0),
        (4, 0),
        (5, 10),
        (9, 10),
        (10, 10),
        (14, 10),
        (24, 20),
        (25, 30),
        (30, 30),
        (36, 40),
        (95, 100),
        (104, 100),
        (105, 110),
    ],
)
def test_rounding_tens(raw: int, rounded: int) -> None:
    assert round_count(raw, TENS) == rounded


@pytest.mark.parametrize("raw", [0, 4, 24, 25, 36])
def test_rounding_none_keeps_the_count(raw: int) -> None:
    assert round_count(raw, CLASSICO) == raw


def test_rounding_comes_before_the_double() -> None:
    # 24 rounds to 20, then doubles to 40 (not 48 rounded to 50).
    assert loser_score(24, TENS, in_one_turn=True) == 40


# --- the rummy bonus ---


def test_rummy_bonus_double() -> None:
    r = score_round({"Anna": 23, "Bruno": 12}, CLASSICO, out="Carla", in_one_turn=True)
    assert r.scores == {"Carla": 0, "Anna": 46, "Bruno": 24}


@pytest.mark.parametrize("points", [25, 10, 0])
def test_rummy_bonus_add(points: int) -> None:
    rules = Rules(rummy_bonus=RummyBonus.ADD, rummy_bonus_points=points)
    r = score_round({"Anna": 23, "Bruno": 0}, rules, out="Carla", in_one_turn=True)
    assert r.scores == {"Carla": 0, "Anna": 23 + points, "Bruno": points}
    plain = score_round({"Anna": 23, "Bruno": 0}, rules, out="Carla")
    assert plain.scores == {"Carla": 0, "Anna": 23, "Bruno": 0}


def test_tradizionale_adds_25() -> None:
    r = score_round({"Anna": 23}, get_preset("tradizionale"), out="Carla", in_one_turn=True)
    assert r.scores["Anna"] == 48


def test_rummy_bonus_none() -> None:
    rules = Rules(rummy_bonus=RummyBonus.NONE)
    r = score_round({"Anna": 23}, rules, out="Carla", in_one_turn=True)
    assert r.scores == {"Carla": 0, "Anna": 23}


def test_rummy_bonus_then_messa() -> None:
    rules = Rules(messa=50)
    r = score_round({"Anna": 23}, rules, out="Carla", in_one_turn=True)
    assert r.scores["Anna"] == 46 + 50
    assert (r.messa, r.next_messa) == (50, 50)
    add = Rules(messa=50, rummy_bonus=RummyBonus.ADD, rummy_bonus_points=25)
    assert score_round({"Anna": 23}, add, out="Carla", in_one_turn=True).scores["Anna"] == 98


# --- messa and scempio ---


def test_messa_zero_adds_nothing() -> None:
    r = score_round({"Anna": 30}, CLASSICO, out="Bruno")
    assert (r.scores["Anna"], r.messa, r.next_messa) == (30, 0, 0)


def test_hand_of_30_with_messa_50_scores_80() -> None:
    r = score_round({"Anna": 30, "Carla": 24}, MESSA, out="Bruno")
    assert r.scores == {"Bruno": 0, "Anna": 80, "Carla": 70}
    assert (r.messa, r.next_messa) == (50, 50)


def test_scempio_suspends_the_messa_and_raises_it() -> None:
    # [W]: closing "di mano" -> the hand counts alone (30), the next messa is 100, then 150.
    first = score_round({"Anna": 30}, SCEMPIO, out="Bruno", in_one_turn=True, messa_level=50)
    assert (first.scores["Anna"], first.messa, first.next_messa) == (30, 0, 100)
    second = score_round(
        {"Anna": 30}, SCEMPIO, out="Bruno", in_one_turn=True, messa_level=first.next_messa
    )
    assert (second.scores["Anna"], second.messa, second.next_messa) == (30, 0, 150)
    applied = score_round({"Anna": 30}, SCEMPIO, out="Bruno", messa_level=second.next_messa)
    assert (applied.scores["Anna"], applied.messa, applied.next_messa) == (180, 150, 50)


def test_scempio_is_not_a_double() -> None:
    r = score_round({"Anna": 36}, SCEMPIO, out="Bruno", in_one_turn=True)
    assert r.scores["Anna"] == 40  # rounded, no double, no messa


def test_messa_level_defaults_to_the_rule() -> None:
    assert score_round({"Anna": 0}, MESSA, out="Bruno").scores["Anna"] == 50


# --- rounds ended by a cap ---


def test_cap_lowest_hand_wins() -> None:
    rules = Rules(on_round_cap=RoundCap.LOWEST_HAND_WINS)
    r = score_round({"Anna": 12, "Bruno": 30, "Carla": 7}, rules, out=None)
    assert r.scores == {"Anna": 12, "Bruno": 30, "Carla": 0}
    assert r.credits == {}


def test_cap_lowest_hand_ties_all_score_zero() -> None:
    rules = Rules(on_round_cap=RoundCap.LOWEST_HAND_WINS)
    r = score_round({"Anna": 7, "Bruno": 30, "Carla": 7}, rules, out=None)
    assert r.scores == {"Anna": 0, "Bruno": 30, "Carla": 0}


def test_cap_all_score() -> None:
    rules = Rules(on_round_cap=RoundCap.ALL_SCORE)
    r = score_round({"Anna": 12, "Bruno": 30, "Carla": 7}, rules, out=None)
    assert r.scores == {"Anna": 12, "Bruno": 30, "Carla": 7}


def test_cap_applies_rounding_and_messa_but_no_bonus() -> None:
    rules = replace(MESSA, on_round_cap=RoundCap.LOWEST_HAND_WINS)
    r = score_round({"Anna": 24, "Bruno": 3}, rules, out=None, in_one_turn=True)
    assert r.scores == {"Anna": 20 + 50, "Bruno": 0}
    assert (r.messa, r.next_messa) == (50, 50)
    all_score = replace(MESSA, on_round_cap=RoundCap.ALL_SCORE)
    r = score_round({"Anna": 24, "Bruno": 3}, all_score, out=None)
    assert r.scores == {"Anna": 70, "Bruno": 50}


def test_cap_with_nobody_losing_keeps_the_messa_level() -> None:
    r = score_round({"Anna": 5, "Bruno": 5}, SCEMPIO, out=None, messa_level=100)
    assert r.scores == {"Anna": 0, "Bruno": 0}
    assert (r.messa, r.next_messa) == (0, 100)


# --- closings: classico and Casertano ---


@pytest.mark.parametrize("closing", list(Closing))
def test_classico_closings_score_nothing(closing: Closing) -> None:
    assert closing_points(closing, CLASSICO) == 0
    assert closing_credits(closing, CLASSICO) == 0


@pytest.mark.parametrize(
    ("closing", "points", "credits"),
    [
        (Closing.SIMPLE, -10, 1),
        (Closing.FLUSH, -20, 2),
        (Closing.STRAIGHT, -50, 5),
        (Closing.SEVEN_OF_A_KIND, 0, 0),
    ],
)
def test_casertano_closings(closing: Closing, points: int, credits: int) -> None:
    rules = get_preset("casertano")
    assert closing_points(closing, rules) == points
    assert closing_credits(closing, rules) == credits
    r = score_round({"Anna": 50}, rules, out="Bruno", closing=closing)
    assert r.scores == {"Bruno": points, "Anna": 50}
    assert r.credits == ({"Bruno": credits} if credits else {})


def test_each_close_knob_is_read_separately() -> None:
    rules = Rules(
        close_points=1,
        close_points_flush=2,
        close_points_straight=3,
        close_credits=4,
        close_credits_flush=5,
        close_credits_straight=6,
    )
    # Pokerato's scala reale from 5 to K is a straight to Casertano's count.
    assert [closing_points(c, rules) for c in Closing] == [1, 2, 3, 3, 0]
    assert [closing_credits(c, rules) for c in Closing] == [4, 5, 6, 6, 0]


def test_closing_values_are_stable() -> None:
    values = ["simple", "flush", "straight", "royal", "seven_of_a_kind"]
    assert [c.value for c in Closing] == values


def test_one_or_two_low_cards_count_nothing_when_rounding_to_tens() -> None:
    # [W]: one or two cards each worth less than 4 are scored 0, although 3+3 = 6 alone
    # would round up to 10.
    from ramino.engine.match import Match, RoundResult
    from ramino.engine.scoring import hand_count

    tens = Rules(rounding=Rounding.TENS)
    assert hand_count(parse_cards("3H 3S"), tens) == 0
    assert hand_count(parse_cards("2H"), tens) == 0
    assert hand_count(parse_cards("3H 3S 2C"), tens) == 8
    assert hand_count(parse_cards("AH"), tens) == 11
    assert hand_count(parse_cards("AH"), Rules(rounding=Rounding.TENS, ace_penalty=1)) == 0
    assert hand_count(parse_cards("3H 3S"), Rules()) == 6
    match = Match(["Anna", "Bruno", "Carla"], tens)
    sheet = match.record(RoundResult(out="Anna", hands={"Bruno": parse_cards("3H 3S"), "Carla": 6}))
    assert sheet.scores["Bruno"] == 0 and sheet.scores["Carla"] == 10
