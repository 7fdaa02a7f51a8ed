"""Pokerato with the imaginary jolly (RULES.md §6.2): going out by showing nine cards with one
card imagined as a jolly, or, in the 10-card version, one of one's own cards acting as it; the
closes that pay more (colore ×2, scala colore ×4, scala reale from 5 to K ×6) only without it;
and the refusals, each with its reason."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.engine import Card, Reason, get_preset, parse_cards
from ramino.engine.actions import Show, parse_action
from ramino.engine.cards import JOKER
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from ramino.engine.rules import Rules
from ramino.engine.scoring import Closing
from scripted import WEAK_9, WEAK_10, play, refused

IMMAGINARIO = get_preset("pokerato-immaginario")
IMMAGINARIO_10 = get_preset("pokerato-immaginario-10")


def drawn(rules: Rules, hand: str, card: str) -> Round:
    """Anna's hand dealt, the betting called round, and ``card`` drawn: her play phase."""
    weak = WEAK_9 if rules.hand_size == 9 else WEAK_10
    order = stacked_deck(
        rules,
        3,
        [parse_cards(h) for h in (hand, *weak)],
        upcard=Card.parse("2C"),
        stock=parse_cards(card),
        dealer=2,
    )
    r = Round(rules, 3, deck_order=order, dealer=2)
    play(r, "call", "call", "call", "draw")
    assert r.phase is Phase.PLAY and r.to_play == 0
    return r


def shows(r: Round) -> list[str]:
    return [str(a) for a in r.legal_actions if isinstance(a, Show)]


def test_a_jolly_imagined_binds_the_ninth_card() -> None:
    r = drawn(IMMAGINARIO, "7H 8H 10H QC QD QS 3S 4S 5S", "KD")
    show = "show 7H 8H JK 10H | QC QD QS | 3S 4S 5S discard KD"
    assert r.can(parse_action(show))
    assert any("JK" in text and "discard KD" in text for text in shows(r))
    play(r, show)
    end = r.end
    assert end is not None and end.reason is EndReason.WENT_OUT and end.out == 0
    # Nine real cards and the jolly imagined in the run: simple, paid once.
    assert end.closing is Closing.SIMPLE and end.chips is not None
    assert end.chips.multiplier == 1 and end.chips.net == (2, -1, -1)
    run = next(m for m in r.table if JOKER in m.meld.cards)
    assert [str(c) for c in run.meld.represents] == ["7H", "8H", "9H", "10H"]
    assert len(run.ids) == 3  # the imagined card is no card of the deck


def test_one_jolly_only_and_never_in_a_colore() -> None:
    r = drawn(IMMAGINARIO, "7H 8H 10H QC QD QS 3S 4S 5S", "KD")
    refused(r, "show 7H 8H JK 10H | QC QD QS JK | 3S 4S 5S discard KD", Reason.IMAGINED_JOKER_ONE)
    flush = drawn(IMMAGINARIO, "2H 4H 5H 7H 9H JH QH KH AH", "3C")
    refused(flush, "show 2H 4H 5H 7H 9H JH QH KH AH JK discard 3C", Reason.IMAGINED_JOKER_PLACE)


def test_a_run_with_the_jolly_imagined_pays_no_more() -> None:
    r = drawn(IMMAGINARIO, "AS 2S 3S 4S 6S 7S 8S 9S 10S", "KD")
    play(r, "show AS 2S 3S 4S JK 6S 7S 8S 9S 10S discard KD")
    assert r.end is not None and r.end.closing is Closing.SIMPLE
    assert r.end.chips is not None and r.end.chips.multiplier == 1


@pytest.mark.parametrize(
    ("rules", "hand", "card", "closing", "multiplier"),
    [
        (IMMAGINARIO, "2H 4H 5H 7H 9H JH QH KH AH", "3C", Closing.FLUSH, 2),
        (IMMAGINARIO, "AS 2S 3S 4S 5S 6S 7S 8S 9S", "KD", Closing.STRAIGHT, 4),
        (IMMAGINARIO, "5D 6D 7D 8D 9D 10D JD QD KD", "2C", Closing.ROYAL, 6),
        (IMMAGINARIO_10, "2C 3C 5C 6C 8C 9C JC QC KC AC", "4D", Closing.FLUSH, 2),
        (IMMAGINARIO_10, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "KD", Closing.STRAIGHT, 4),
        (IMMAGINARIO_10, "5D 6D 7D 8D 9D 10D JD QD KD AD", "2C", Closing.ROYAL, 6),
    ],
)
def test_the_closes_that_pay_more(
    rules: Rules, hand: str, card: str, closing: Closing, multiplier: int
) -> None:
    r = drawn(rules, hand, card)
    play(r, f"show {hand} discard {card}")
    end = r.end
    assert end is not None and end.closing is closing and end.chips is not None
    # Each one put in 1: Anna takes the pot of 3 (+2), and each other pays m − 1 more.
    assert end.chips.multiplier == multiplier
    assert end.chips.net == (2 + 2 * (multiplier - 1), -multiplier, -multiplier)


@pytest.mark.parametrize(
    ("rules", "hand", "card", "show"),
    [
        # Nine hearts with a jolly imagined as the 5: the real cards are of one suit.
        (
            IMMAGINARIO,
            "2H 3H 4H 6H 7H 8H 10H JH QH",
            "3C",
            "show 2H 3H 4H JK 6H 7H 8H | 10H JH QH discard 3C",
        ),
        # The 5 of clubs acting as the jolly in a hand of diamonds (issue 46).
        (
            IMMAGINARIO_10,
            "2D 3D 4D 5C 6D 7D 8D 10D JD QD",
            "4C",
            "show 2D 3D 4D 5C=JK | 6D 7D 8D | 10D JD QD discard 4C",
        ),
    ],
)
def test_a_close_with_the_jolly_imagined_is_never_paid_more(
    rules: Rules, hand: str, card: str, show: str
) -> None:
    # [G]: «alcune chiusure valgono di più, purché fatte senza il jolly immaginario».
    r = drawn(rules, hand, card)
    play(r, show)
    end = r.end
    assert end is not None and end.closing is Closing.SIMPLE and end.chips is not None
    assert end.chips.multiplier == 1 and end.chips.net == (2, -1, -1)


def test_the_same_suit_without_the_jolly_imagined_is_paid_as_a_colore() -> None:
    r = drawn(IMMAGINARIO, "2H 3H 4H 6H 7H 8H 10H JH QH", "3C")
    play(r, "show 2H 3H 4H 6H 7H 8H 10H JH QH discard 3C")
    assert r.end is not None and r.end.closing is Closing.FLUSH
    assert r.end.chips is not None and r.end.chips.multiplier == 2


@pytest.mark.parametrize(
    ("knobs", "hand", "card", "multiplier"),
    [
        # A scala colore is nine cards of one suit too: a colore paid more pays that.
        ({"flush_stake_multiplier": 5}, "AS 2S 3S 4S 5S 6S 7S 8S 9S", "KD", 5),
        # A scala reale is a scala colore: where that pays more, it pays that.
        ({"royal_stake_multiplier": 3}, "5D 6D 7D 8D 9D 10D JD QD KD", "2C", 4),
        (
            {"royal_stake_multiplier": 3, "flush_stake_multiplier": 7},
            "5D 6D 7D 8D 9D 10D JD QD KD",
            "2C",
            7,
        ),
    ],
)
def test_a_close_pays_the_highest_multiplier_that_applies(
    knobs: dict[str, int], hand: str, card: str, multiplier: int
) -> None:
    # RULES.md §6.2: the highest one that applies, never stacked, whatever the house's values.
    r = drawn(replace(IMMAGINARIO, **knobs), hand, card)
    play(r, f"show {hand} discard {card}")
    assert r.end is not None and r.end.chips is not None
    assert r.end.chips.multiplier == multiplier
    assert r.end.chips.net == (2 + 2 * (multiplier - 1), -multiplier, -multiplier)


def test_the_others_pay_the_multiplier_as_far_as_their_chips_go() -> None:
    weak = WEAK_9
    order = stacked_deck(
        IMMAGINARIO,
        3,
        [parse_cards(h) for h in ("5D 6D 7D 8D 9D 10D JD QD KD", *weak)],
        upcard=Card.parse("2C"),
        stock=parse_cards("2C"),
        dealer=2,
    )
    r = Round(IMMAGINARIO, 3, deck_order=order, dealer=2, chips=[20, 3, 20])
    play(r, "raise", "call", "call", "draw", "show 5D 6D 7D 8D 9D 10D JD QD KD discard 2C")
    settled = r.end.chips if r.end is not None else None
    assert settled is not None and settled.put_in == (2, 2, 2)
    # ×6: 5 × 2 = 10 from each, but Bruno holds only 1 more.
    assert settled.paid == (11, -1, -10) and settled.chips == (35, 0, 8)


def test_a_card_of_the_hand_acts_as_the_jolly_in_the_10_card_version() -> None:
    r = drawn(IMMAGINARIO_10, "7H 8H 2C 10H QC QD QS 3S 4S 5S", "KD")
    refused(r, "show 7H 8H JK 10H | QC QD QS | 3S 4S 5S discard KD", Reason.STAND_IN_NEEDED)
    show = "show 7H 8H 2C=JK 10H | QC QD QS | 3S 4S 5S discard KD"
    assert show in shows(r) or r.can(parse_action(show))
    play(r, show)
    run = next(m for m in r.table if JOKER in m.meld.cards)
    assert [str(r.deck[i]) for i in run.ids] == ["7H", "8H", "2C", "10H"]
    assert r.end is not None and r.end.closing is Closing.SIMPLE


def test_a_card_acting_as_the_jolly_is_refused_elsewhere() -> None:
    r = drawn(IMMAGINARIO, "7H 8H 10H QC QD QS 3S 4S 5S", "KD")
    refused(r, "show 7H 8H 3S=JK 10H | QC QD QS | 4S 5S KD", Reason.STAND_IN_NOT_ALLOWED)


def test_the_grammar_writes_the_card_acting_as_the_jolly() -> None:
    text = "show 7H 8H 2C=JK 10H | QC QD QS discard KS"
    action = parse_action(text.lower())
    assert isinstance(action, Show) and action.as_joker == Card.parse("2C")
    assert str(action) == text and parse_action(str(action)) == action


def test_the_rules_say_how_the_jolly_is_imagined() -> None:
    from ramino.words.describe import describe

    assert "immaginare una carta che manca" in describe(IMMAGINARIO)
    assert "una delle proprie carte" in describe(IMMAGINARIO_10)
    assert "scala reale dal 5 al re per 6" in describe(IMMAGINARIO)


def test_shows_are_listed_only_when_the_hand_binds() -> None:
    far = drawn(IMMAGINARIO, "AC 3D 5H 7S 9C JD KH 2S 6D", "4C")
    assert shows(far) == []
