"""Turns that legal moves must never leave without a way to end them (found by random play).

Each test deals known hands and plays the moves of a dead end that random rounds reached:
after them the player to move must still have a legal action, and the move at fault must be
accepted or refused as the rules say (RULES.md §2.7, §2.9 and the knobs ``retrieved_joker``
and ``discard_pickup`` of §3).
"""

from __future__ import annotations

from dataclasses import replace

from ramino.engine import Card, Reason, get_preset
from ramino.engine.round import Round
from ramino.engine.rules import DiscardPickup, RetrievedJoker
from scripted import deal, legal, play, refused

CLASSICO = get_preset("classico")
MUST_USE_IF_POSSIBLE = replace(
    CLASSICO,
    discard_pickup=DiscardPickup.MUST_USE,
    retrieved_joker=RetrievedJoker.LAY_IF_POSSIBLE,
)


# Bruno's jolly is dealt before Anna's, so the one he throws away has the lower id. Anna lays
# 4♦ 4♠ 4♣ JK, takes Bruno's jolly from the pile, and gives 4♥ for the jolly of her set: she
# holds two jollies, the one taken back must go down again this turn, and 9♣ 9♦ is its only
# place (the set of fours is full and is the meld it came from).
TWO_JOLLIES = ["4D JK 4S 4C 4H 9C 9D KS 2C 7S", "JK 5D 9S 2D 3C 6H 8C 10D JS AD"]


def _holding_two_jollies() -> Round:
    r = deal(CLASSICO, TWO_JOLLIES, "QC", "QH 5C")
    play(r, "draw", "lay 4D 4S 4C JK", "discard QH", "draw", "discard JK", "take", "swap 0 4H")
    assert r.pending_jokers and r.taken_card is not None
    assert r.taken_card not in r.pending_jokers
    assert sum(1 for c in r.hand(0) if c.is_joker) == 2
    return r


def test_the_jolly_taken_back_goes_down_before_the_one_taken_from_the_pile() -> None:
    r = _holding_two_jollies()
    assert legal(r)
    assert "lay 9C 9D JK" in legal(r)
    play(r, "lay 9C 9D JK")
    # The jolly taken back is down; the pile's jolly stays in hand and may not be thrown.
    assert not r.pending_jokers
    assert r.taken_card in r.hands[0]
    refused(r, "discard JK", Reason.REDISCARD_TAKEN)
    play(r, "discard KS")
    assert r.to_play == 1


# Under must-use Anna takes Bruno's jolly and attaches it to her set of nines, then gives 9♦
# for it: the pile's jolly is back in her hand and must go down this turn, but nothing of
# hers takes it (lay_if_possible would let a jolly taken back stay, not the pile's card).
NINES = "9C 9H 9S 9D 2C 5D 7S KH QD 3S"
BRUNO = "JK 5H 9S 2D 3C 6H 8C 10D JS AD"


def _pile_jolly_attached(hand: str) -> Round:
    r = deal(MUST_USE_IF_POSSIBLE, [hand, BRUNO], "QC", "4S 5C")
    play(r, "draw", "lay 9C 9H 9S", "discard 4S", "draw", "discard JK", "take", "attach 0 JK")
    assert r.taken_card is not None and r.taken_card not in r.hands[0]
    return r


def test_the_pile_jolly_taken_back_must_have_somewhere_to_go() -> None:
    r = _pile_jolly_attached(NINES)
    refused(r, "swap 0 9D", Reason.JOKER_CANNOT_BE_RELAID)
    # The jolly is used: the turn ends with a discard.
    assert "discard 2C" in legal(r)
    play(r, "discard 2C")
    assert r.to_play == 1


def test_the_pile_jolly_taken_back_goes_down_again() -> None:
    # With K♥ K♦ in hand the jolly has a place: the swap is accepted, and the pile's card
    # must go down again before the discard.
    r = _pile_jolly_attached("9C 9H 9S 9D 2C 5D 7S KH KD 3S")
    play(r, "swap 0 9D")
    assert Card.joker() in r.hand(0)
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    assert legal(r) == {"lay KD KH JK"}
    play(r, "lay KD KH JK", "discard 2C")
    assert r.to_play == 1


# Under must-use with lay_if_possible Anna may take back a second jolly while the first one
# waits. Her jolly (dealt first, the lower id) is taken back from 5♥ 6♥ JK and has nowhere to
# go; then the pile's jolly, attached to her nines, is taken back with 9♦. The pile's card
# must go down before anything else: 5♥ 6♥ 7♥ takes it, and her own jolly may then stay.
TWO_WAITING = ["JK 5H 6H 7H 9C 9H 9S 9D KD 2C", "JK 5D 9S 2D 3C 6C 8C 10D JS AD"]


def test_the_pile_jolly_goes_down_before_a_jolly_taken_back_that_may_wait() -> None:
    r = deal(MUST_USE_IF_POSSIBLE, TWO_WAITING, "QC", "QH 5C")
    play(r, "draw", "lay 5H 6H JK=7H", "lay 9C 9H 9S", "discard QH", "draw", "discard JK")
    play(r, "take", "attach 1 JK", "swap 0 7H", "swap 1 9D")
    taken = r.taken_card
    assert taken is not None and taken in r.pending_jokers and len(r.pending_jokers) == 2
    assert legal(r)
    play(r, "attach 0 JK=8H")
    assert taken not in r.hands[0] and Card.joker() in r.hand(0)
    play(r, "discard KD")
    assert r.to_play == 1


def test_a_jolly_taken_back_may_wait_for_a_second_retrieval_from_his_own_meld() -> None:
    # Scala 40 with the jolly worth nothing toward the opening: Anna lays 2♣ 3♣ JK=4♣ and
    # 2♦ 3♦ JK=4♦ (10, as the melds a random round laid). Giving 4♣ for the first jolly
    # adds 4 (her meld counts as it ends up); the jolly goes down in Q♥ Q♠ JK (34), then
    # 4♦ frees the second (38) for 2♠ 3♠ JK=4♠: 43. The retrieval was refused, since the
    # bound of what a second retrieval could add left out what her own meld gains, and
    # with an opening begun and no retrieval allowed she had no legal action at all.
    rules = replace(get_preset("scala-40"), hand_size=12, opening_joker_value=0)
    hands = ["2C 3C JK 2D 3D JK 4C 4D QH QS 2S 3S", "5H 6S 8D 9H 10C JD KH 5S 6D 8H 10S JS"]
    r = deal(rules, hands, "9S", "KC 9D 7H")
    play(r, "draw", "discard KC", "draw", "discard 9D", "draw")  # past the first round
    play(r, "lay 2C 3C JK=4C", "lay 2D 3D JK=4D")
    assert legal(r) == {"swap 0 4C", "swap 1 4D"}
    play(r, "swap 0 4C", "lay QH QS JK", "swap 1 4D", "lay 2S 3S JK=4S")
    assert r.opened[0] and r.opening_points == 43 and not r.pending_jokers
