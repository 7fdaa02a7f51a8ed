"""Drawing and taking (RULES.md §3): the stock and its restocks, the discard pile, and what the
rules ask of the card taken from it (free, must use, never thrown back).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.engine import Card, Reason, get_preset
from ramino.engine.actions import Discard, Draw
from ramino.engine.round import EndReason, Round
from ramino.engine.rules import (
    DiscardPickup,
    FinalDiscard,
    Restock,
    Rules,
)
from scripted import deal, draw_and_discard_it, legal, play, refused

CLASSICO = get_preset("classico")


# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


# --- taking the discard ---


APERTURA = get_preset("apertura-50")


OPENER = "KH KS KD 5H 6H 7H 8H 2C 4S AC"


def test_discard_pickup_free_lets_a_card_be_taken_and_kept() -> None:
    rules = replace(APERTURA, discard_pickup=DiscardPickup.FREE)
    r = deal(rules, [OPENER, IDLE], "3H")
    # 3♥ opens nothing at 50, but the pile is free to take.
    play(r, "take", "discard AC")
    assert Card.parse("3H") in r.hand(0) and not r.opened[0]
    play(r, "draw", "discard JS", "draw", "discard 3H")
    # Kept a whole turn, and thrown later like any card.
    assert r.top_discard == Card.parse("3H") and Card.parse("3H") not in r.hand(0)


def test_discard_pickup_must_use_before_opening() -> None:
    r = deal(APERTURA, [OPENER, IDLE], "3H")
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # KC opens with the other kings (30) and the hearts run (26).
    r = deal(APERTURA, [OPENER, IDLE], "KC")
    play(r, "take")
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    play(r, "lay KH KS KD KC", "lay 5H 6H 7H 8H", "discard 2C")
    assert r.opened[0]


def test_discard_pickup_must_use_once_opened() -> None:
    r = deal(APERTURA, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "QC", "5D 6D 7D 8D")
    play(r, "draw", "lay 5H 6H 7H 8H", "lay KH KS KD", "discard AC")
    play(r, "draw", "discard 9H")
    # 9♥ can be attached at once to the run: it may be taken, and must be used.
    play(r, "take")
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    play(r, "attach 0 9H", "discard 2C")
    play(r, "draw", "discard 2S")
    # 2♠ fits nowhere: an opened player may not take it either.
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    # Under the free rule he may.
    free = replace(APERTURA, discard_pickup=DiscardPickup.FREE)
    r = deal(free, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "QC", "5D 6D 7D 8D")
    play(r, "draw", "lay 5H 6H 7H 8H", "lay KH KS KD", "discard AC", "draw", "discard 2S")
    assert "take" in legal(r)
    play(r, "take", "discard 2C")
    assert Card.parse("2S") in r.hand(0) and r.top_discard == Card.parse("2C")


def test_discard_pickup_opened_keeps_the_pile_until_an_earlier_turns_opening() -> None:
    rules = replace(APERTURA, discard_pickup=DiscardPickup.OPENED)
    # KC would open with the other kings (30) and the hearts run (26): not before opening.
    r = deal(rules, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "KC", "5D 6D 7D 8D")
    refused(r, "take", Reason.TAKE_NEEDS_OPENED)
    assert legal(r) == {"draw"}
    play(r, "draw", "lay 5H 6H 7H 8H", "lay KH KS KD", "discard AC")
    # Bruno, not opened, may not take the ace either; then Anna, opened, takes the 2♠
    # that fits nowhere and keeps it, as under the free rule.
    refused(r, "take", Reason.TAKE_NEEDS_OPENED)
    play(r, "draw", "discard 2S")
    assert "take" in legal(r)
    play(r, "take", "discard 2C")
    assert Card.parse("2S") in r.hand(0) and r.top_discard == Card.parse("2C")


def test_discard_pickup_to_open_binds_the_card_only_before_the_opening() -> None:
    rules = replace(APERTURA, discard_pickup=DiscardPickup.TO_OPEN)
    # Before the opening, as under must-use: 3♥ opens nothing at 50, KC opens with it.
    r = deal(rules, [OPENER, IDLE], "3H")
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    r = deal(rules, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "KC", "5D 6D 7D 8D")
    play(r, "take")
    assert r.observation(0).taken_bound
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    play(r, "lay KH KS KD KC", "lay 5H 6H 7H 8H", "discard AC")
    # Opened in an earlier turn, as under free: 2♠ fits nowhere, and is taken and kept.
    play(r, "draw", "discard 2S")
    assert "take" in legal(r)
    play(r, "take")
    assert not r.observation(0).taken_bound and r.observation(0).to_lay == ()
    play(r, "discard 2C")
    assert Card.parse("2S") in r.hand(0) and r.top_discard == Card.parse("2C")


def test_a_card_taken_before_opening_must_go_into_the_opening() -> None:
    # Scala 40: Bruno, not opened, would open with his kings and queens (60) and could then
    # attach 9♥ to Anna's run; that is no opening made with it, so he may not take it.
    rules = replace(get_preset("scala-40"), hand_size=9)
    hands = ["10H JH QH KH 9C 9D 9S 2C 4D", "KS KD KC QS QD QC 5S 7C 3D"]
    r = deal(rules, hands, "8D", "6C 2S 9H")
    play(r, "draw", "lay 10H JH QH KH", "lay 9C 9D 9S", "discard 6C")
    play(r, "draw", "discard 2S", "draw", "discard 9H")
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}


def test_rediscard_taken_card() -> None:
    r = deal(CLASSICO, [OPENER, IDLE], "QD")
    play(r, "take")
    refused(r, "discard QD", Reason.REDISCARD_TAKEN)
    assert "discard QD" not in legal(r)
    allowed = replace(CLASSICO, rediscard_taken_card=True)
    r = deal(allowed, [OPENER, IDLE], "QD")
    play(r, "take")
    assert "discard QD" in legal(r)
    play(r, "discard QD")
    assert r.top_discard == Card.parse("QD") and r.to_play == 1


def test_rediscard_taken_card_counts_twins_as_the_same_card() -> None:
    # RULES.md §1: twins are equal for the rules; throwing back the twin of the card just
    # taken is throwing it back (§2.9).
    r = deal(CLASSICO, [OPENER, IDLE], "AC")
    play(r, "take")
    refused(r, "discard AC", Reason.REDISCARD_TAKEN)


# --- the stock ---


def _exhaust(rules: Rules, seed: int = 1) -> tuple[Round, tuple[int, ...]]:
    """Draw and discard until the stock runs out once; the pile as it was before."""
    r = Round(rules, 2, seed=seed)
    pile: tuple[int, ...] = ()
    while r.restocks == 0 and not r.is_over:
        drawn = r.stock[-1]
        pile = (*r.discard_pile, drawn)
        r.apply(Draw())
        r.apply(Discard(r.deck[drawn]))
    return r, pile


SMALL = replace(CLASSICO, decks=1, jokers=0, hand_size=3)


def test_restock_shuffles_the_pile_but_its_top_card() -> None:
    r, pile = _exhaust(replace(SMALL, restock=Restock.SHUFFLE))
    assert r.restocks == 1 and r.discard_pile == pile[-1:]
    assert sorted(r.stock) == sorted(pile[:-1])
    assert r.stock not in (pile[:-1], pile[-2::-1])
    again, _ = _exhaust(replace(SMALL, restock=Restock.SHUFFLE))
    assert again.stock == r.stock  # the seed decides the shuffle


def test_restock_turn_over_puts_the_first_discard_on_top() -> None:
    # Turning the face-up pile over makes its bottom card (the upcard) the top of the
    # new stock: the next draw is the first card ever discarded.
    r, pile = _exhaust(replace(SMALL, restock=Restock.TURN_OVER))
    assert r.discard_pile == pile[-1:]
    assert tuple(r.stock[-k] for k in range(1, len(r.stock) + 1)) == pile[:-1]


def test_restock_turn_over_keeps_the_order() -> None:
    r, pile = _exhaust(replace(SMALL, restock=Restock.TURN_OVER))
    assert r.discard_pile == pile[-1:]
    assert sorted(r.stock) == sorted(pile[:-1])
    # Unshuffled: the cards keep their order, one way or the other.
    assert r.stock in (pile[:-1], pile[-2::-1])


@pytest.mark.parametrize("limit", [0, 1, 2, None])
def test_max_restocks(limit: int | None) -> None:
    rules = replace(SMALL, max_restocks=limit, max_turns=500)
    r = Round(rules, 2, seed=4)
    while not r.is_over and r.restocks < 3:
        draw_and_discard_it(r)
    if limit is None:
        assert not r.is_over and r.restocks == 3
        return
    assert r.end is not None and r.end.reason is EndReason.MAX_RESTOCKS
    assert r.restocks == limit and r.stock == () and r.end.out is None
    # The turn that emptied the stock for the last time was the last one.
    assert r.turn == 1 + (limit + 1) * 45


# --- the close ---


#: Nothing laid during play, the whole hand shown to close (Casertano's way), nine cards.
NO_MELDING = replace(
    CLASSICO, melding_during_play=False, final_discard=FinalDiscard.OPTIONAL, hand_size=9
)


# --- legal actions ---


def test_a_must_use_pickup_may_go_down_after_the_card_that_makes_its_place() -> None:
    # RULES.md §6.4: the card taken from the pile is used at any point of the turn, in any
    # order. Enciclopedia: A♥ in the pile fits 10♥ J♥ Q♥ on the table only after the K♥
    # of the hand; attached in that order they open with the nines and spades (66).
    rules = replace(get_preset("enciclopedia"), hand_size=10)
    hands = ["10H JH QH KC KD KS AC 2C 3C 7S", "KH 9D 9C 9S 5S 6S 7S 2D 8C JS"]
    r = deal(rules, hands, "QD", "AH")
    play(r, "draw", "lay 10H JH QH", "lay KC KD KS", "discard AH")
    assert "take" in legal(r)
    play(r, "take", "attach 0 KH", "attach 0 AH", "lay 9C 9D 9S", "lay 5S 6S 7S", "discard 8C")
    assert r.opened[1]
    # The king from the pile and the ace in hand: the king goes first, as it must.
    hands = ["10H JH QH KC KD KS AC 2C 3C 7S", "AH 9D 9C 9S 5S 6S 7S 2D 8C JS"]
    r = deal(rules, hands, "QD", "KH")
    play(r, "draw", "lay 10H JH QH", "lay KC KD KS", "discard KH", "take")
    play(r, "attach 0 KH", "attach 0 AH", "lay 9C 9D 9S", "lay 5S 6S 7S", "discard 8C")
    assert r.opened[1]


def test_an_opened_player_may_take_a_card_that_goes_down_after_another_move() -> None:
    # Apertura a 50, both opened. A♥ goes on 10♥ J♥ Q♥ once his K♥ is attached: he may
    # take it, attach the king, then the ace.
    hands = ["10H JH QH KC KD KS AC 2C 3C 7S", "KH 9D 9C 9S 8S 8D 8H 7C 5S 2D"]
    r = deal(APERTURA, hands, "QD", "4C 5C AH")
    play(r, "draw", "lay 10H JH QH", "lay KC KD KS", "discard 4C")
    play(r, "draw", "lay 9D 9C 9S", "lay 8S 8D 8H", "discard 5C", "draw", "discard AH")
    assert "take" in legal(r)
    play(r, "take")
    refused(r, "discard 2D", Reason.TAKEN_CARD_NOT_USED)
    play(r, "attach 0 KH", "attach 0 AH", "discard 2D")
    assert str(r.table[0].meld) == "10♥ J♥ Q♥ K♥ A♥"
    # 7♠ goes down with his 5♠ and the jolly that his 8♦ takes back from the table.
    hands = ["7D JK 9D KC KD KS QC QD QS 2C", "8D 5S 9C 9H 9S 8C 8H 8S 3H 2D"]
    r = deal(APERTURA, hands, "4D", "4C 5C 7S")
    play(r, "draw", "lay 7D JK 9D", "lay KC KD KS", "lay QC QD QS", "discard 4C")
    play(r, "draw", "lay 9C 9H 9S", "lay 8C 8H 8S", "discard 5C", "draw", "discard 7S")
    assert "take" in legal(r)
    play(r, "take", "swap 0 8D", "lay 5S 7S JK", "discard 2D")
    assert str(r.table[-1].meld) == "5♠ 🃏 7♠"


def test_an_observation_names_the_taken_card_that_must_be_used() -> None:
    rules = replace(CLASSICO, discard_pickup=DiscardPickup.MUST_USE)
    r = deal(rules, ["7H 8H 2C 4D 6S 8C 10D JS QC KD", IDLE], "9H", "AS")
    play(r, "take")
    assert r.observation(0).to_lay == (Card.parse("9H"),)
    play(r, "lay 7H 8H 9H")
    assert r.observation(0).to_lay == ()


def test_a_must_use_pickup_is_refused_when_its_use_keeps_only_its_twin() -> None:
    # Apertura a 50, two packs: having opened, a player holds Q♠ K♠ A♠. The A♠ in the pile
    # would go down in Q♠ K♠ A♠, but then only its twin is left, which may not be thrown
    # back: he would be stuck, so he may not take it.
    rules = APERTURA
    hands = ["KH KD KC 5H 6H 7H 8H QS KS AS", "AS 9D 9C 2S 5S 6S 7D 2D 8C JS"]
    r = deal(rules, hands, "QD", "2C 3D")
    play(r, "draw", "lay KH KD KC", "lay 5H 6H 7H 8H", "discard 2C")
    play(r, "draw", "discard AS")
    assert r.may_take() is False
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # With another card to throw, the same ace may be taken and laid.
    hands = ["KH KD KC 5H 6H 7H 8H QS KS AS", "AS 9D 9C 2S 5S 6S 7D 2D 8C JS"]
    r = deal(rules, hands, "QD", "4C 3D")
    play(r, "draw", "lay KH KD KC", "lay 5H 6H 7H 8H", "discard AS")
    play(r, "draw", "discard AS")
    play(r, "take", "lay QS KS AS", "discard 4C")
    assert r.is_over


def test_a_must_use_pickup_before_opening_is_refused_when_the_opening_keeps_only_its_twin() -> None:
    # Six cards each: K♥ K♦ K♣ with the K♣ of the pile (30) and 7♠ 7♣ 7♦ (21) open at 50,
    # and leave only the other K♣, which may not be thrown back.
    rules = replace(APERTURA, hand_size=6)
    r = deal(rules, ["KH KD KC 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    assert r.may_take() is False
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # Holding a card besides, the take opens and that card is thrown.
    r = deal(rules, ["KH KD 4C 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    play(r, "take", "lay KH KD KC", "lay 7S 7C 7D", "discard 4C")
    assert r.is_over


@pytest.mark.parametrize("final", list(FinalDiscard))
def test_no_lay_is_listed_that_opens_keeping_only_the_taken_cards_twin(final: FinalDiscard) -> None:
    # Free pickup: K♣ may be taken. Laying K♥ K♦ K♣ and 7♠ 7♣ 7♦ would open (51) but keep
    # only the other K♣, which may not be thrown back (and fits no meld): no lay may begin
    # that opening, and the player throws a card instead.
    rules = replace(APERTURA, hand_size=6, discard_pickup=DiscardPickup.FREE, final_discard=final)
    r = deal(rules, ["KH KD KC 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    play(r, "take")
    assert not any(text.startswith("lay") for text in legal(r))
    refused(r, "lay KH KD KC", Reason.OPENING_OUT_OF_REACH)
    assert "discard 7S" in legal(r) and "discard KC" not in legal(r)
    play(r, "discard 7S")
    assert r.top_discard == Card.parse("7S") and not r.opened[0] and r.to_play == 1


def test_a_must_use_pickup_without_melding_during_play_is_taken_only_to_close() -> None:
    # Nothing is laid during play: the card of the pile is used only by closing with it.
    rules = replace(NO_MELDING, discard_pickup=DiscardPickup.MUST_USE)
    hands = ["5C 6C 7C 2S 3S 4S 9H 9D 2H", "7H 8H 9C KH KD KS 4D 5D 6D"]
    # 9♣ binds the nines: the whole hand shows, 2♥ thrown.
    r = deal(rules, hands, "9C", "QH")
    assert r.may_take()
    play(r, "take", "show 5C 6C 7C | 2S 3S 4S | 9H 9D 9C discard 2H")
    assert r.end is not None and r.end.out == 0
    # Q♣ closes nothing: it may not be taken.
    r = deal(rules, hands, "QC", "QH")
    assert not r.may_take()
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # Nor may 9♣ be, where it makes a set but the rest of the hand stays unbound.
    r = deal(rules, ["5C 6C 7C 2S 3S 9H 9D KD 2H", hands[1]], "9C", "QH")
    assert not r.may_take()
    assert legal(r) == {"draw"}


def test_a_must_use_pickup_may_be_taken_for_a_flush_close() -> None:
    # Ten hearts after the take, the eleventh card thrown: the flush close uses the card of
    # the pile, which no meld of the hand would.
    rules = replace(APERTURA, flush_close=True, hand_size=10)
    hands = ["2H 4H 6H 8H 10H QH AH 3H 5H KS", "7C 8C 9C KH KD KC 4D 5D 6D 2S"]
    r = deal(rules, hands, "9H", "QS")
    assert r.may_take()
    play(r, "take", "show 2H 4H 6H 8H 10H QH AH 3H 5H 9H discard KS")
    assert r.end is not None and r.end.out == 0
