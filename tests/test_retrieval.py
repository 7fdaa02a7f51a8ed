"""Taking a jolly back from the table (RULES.md §3 "Jolly"): who may, with which cards, and
what happens to the jolly retrieved (it must go down again, may wait, may be kept), alone and
with an opening, on stacked deals.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.engine import Card, Reason, get_preset
from ramino.engine._moves import play_candidates
from ramino.engine.actions import Discard, parse_action
from ramino.engine.cards import JOKER
from ramino.engine.melds import MeldKind
from ramino.engine.round import Round
from ramino.engine.rules import (
    RetrievedJoker,
    Rules,
    SetJokerSwap,
)
from scripted import cards, deal, legal, play, refused

CLASSICO = get_preset("classico")


# --- taking the discard ---


APERTURA = get_preset("apertura-50")


# --- taking a joker back ---


JOKER_RUN = "7H JK 9H QC QD 2S 3S 5C 9D AC"


HAS_8H = "8H KD KS 2D 3D 4H 6S 8C 10D JS"


def test_joker_swap_forbidden() -> None:
    rules = replace(CLASSICO, joker_swap=False)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    refused(r, "swap 0 8H", Reason.SWAP_FORBIDDEN)
    refused(r, "attach 0 8H", Reason.ATTACH_PLACE_HELD_BY_JOKER)
    assert not any(a.startswith("swap") for a in legal(r))


@pytest.mark.parametrize("needs_opened", [True, False])
def test_joker_swap_needs_opened(needs_opened: bool) -> None:
    rules = replace(CLASSICO, joker_swap_needs_opened=needs_opened)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    if needs_opened:
        refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)
        play(r, "lay 2D 3D 4D")  # a meld opens him (the opening is free here)
    assert "swap 0 8H" in legal(r)
    play(r, "swap 0 8H", "lay KD KS JK", "discard JS")
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"


def test_joker_swap_waits_a_turn_after_the_opening() -> None:
    rules = replace(CLASSICO, joker_swap_needs_opened=True, joker_swap_waits_a_turn=True)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D 5S")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)
    # Opened in this turn: not yet.
    play(r, "lay 2D 3D 4D")
    refused(r, "swap 0 8H", Reason.SWAP_WAITS_A_TURN)
    assert not any(action.startswith("swap") for action in legal(r))
    play(r, "discard JS", "draw", "discard 5S", "draw")
    # The turn after: as under joker_swap_needs_opened alone.
    assert "swap 0 8H" in legal(r)
    play(r, "swap 0 8H", "lay KD KS JK")
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"


def test_joker_swap_needs_opened_under_a_threshold() -> None:
    # Rami 40: swapping needs an opening of 40 first.
    rules = replace(get_preset("rami-40"), hand_size=10)
    hands = ["7H JK 9H KC KD KS QC 2S 5C 9D", "8H QH QD QS 3C 4C 5C 6C JS 2D"]
    r = deal(rules, hands, "AS", "AC 10C")
    play(r, "draw", "lay 7H JK 9H", "lay KC KD KS", "discard AC", "draw")
    refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)
    play(r, "lay QH QD QS")
    refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)  # 30 points: not yet opened
    play(r, "lay 3C 4C 5C 6C")
    assert r.opened[1]
    play(r, "swap 0 8H")
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"


def _swapped(rules: Rules, relay: str = "KD KS 2D 3C 4H 6S 8C 10D JS") -> Round:
    r = deal(rules, [JOKER_RUN, f"8H {relay}"], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw", "swap 0 8H")
    assert r.pending_jokers and Card.joker() in r.hand(1)
    return r


def test_retrieved_joker_must_be_laid_this_turn() -> None:
    r = _swapped(CLASSICO)
    refused(r, "discard JS", Reason.RETRIEVED_JOKER_NOT_LAID)
    assert legal(r) >= {"lay KD KS JK"} and not any(a.startswith("discard") for a in legal(r))
    play(r, "lay KD KS JK", "discard JS")
    assert not r.pending_jokers


def test_a_second_retrieval_waits_for_the_first_jolly() -> None:
    # [G]: the jolly taken back goes down "subito": before another is taken back. The
    # refusal of the second swap says so, not only "before discarding".
    hands = ["7H JK 9H QC JK KC 2S 3S 9D AC", "8H JC 2C 4D 6S 8C 10D 5H 6H AD"]
    r = deal(CLASSICO, hands, "AS", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "lay QC JK KC", "discard AC", "draw", "swap 0 8H")
    refused(r, "swap 1 JC", Reason.RETRIEVED_JOKER_NOT_LAID)
    error = r.refusal(parse_action("swap 1 JC"))
    assert error is not None
    assert "another" in error.message("en") and "un altro" in error.message("it")
    play(r, "lay 5H 6H JK", "swap 1 JC")
    assert r.pending_jokers


# 10♦ 10♥ JK on the table; seat 1 frees the jolly with 10♠ 10♣ and then holds cards that
# make no meld with it (ranks all different, three apart in each suit): nowhere to lay it.
NO_RELAY = ["10D 10H JK QC QD 2S 3S 5C 9D AC", "10S 10C AC 4C 7C 2D 5D 8D 3H 6H"]


def _set_swap_round(retrieved: RetrievedJoker) -> Round:
    r = deal(replace(CLASSICO, retrieved_joker=retrieved), NO_RELAY, "QH", "KC 9H")
    play(r, "draw", "lay 10D 10H JK", "discard AC", "draw")
    return r


def test_retrieved_joker_that_cannot_be_laid_again_cannot_be_taken() -> None:
    r = _set_swap_round(RetrievedJoker.LAY_THIS_TURN)
    refused(r, "swap 0 10S 10C", Reason.JOKER_CANNOT_BE_RELAID)


@pytest.mark.parametrize("retrieved", list(RetrievedJoker))
def test_retrieved_joker_goes_to_another_meld(retrieved: RetrievedJoker) -> None:
    # [G]: "il jolly ripreso si cala subito, nello stesso turno, in un altro gioco".
    r = _swapped(replace(CLASSICO, retrieved_joker=retrieved))
    refused(r, "attach 0 JK=10H", Reason.JOKER_BACK_TO_SAME_MELD)
    refused(r, "attach 0 JK=6H", Reason.JOKER_BACK_TO_SAME_MELD)
    play(r, "lay KD KS JK")
    assert str(r.table[-1].meld) == "K♦ K♠ 🃏" and not r.pending_jokers


# After 8♥ frees the jolly of 7♥ JK 9♥, these cards (and 4♦ drawn) make no meld with it:
# ranks all different, three apart in each suit. Its only place would be the meld it left.
ONLY_BACK = "8H 7D 10D KD AC 5C 8C JC 2S 6S"


@pytest.mark.parametrize("retrieved", list(RetrievedJoker))
def test_the_meld_it_came_from_is_no_place_for_the_joker(retrieved: RetrievedJoker) -> None:
    rules = replace(CLASSICO, retrieved_joker=retrieved)
    r = deal(rules, [JOKER_RUN, ONLY_BACK], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    if retrieved is RetrievedJoker.LAY_THIS_TURN:
        refused(r, "swap 0 8H", Reason.JOKER_CANNOT_BE_RELAID)
        return
    play(r, "swap 0 8H", "discard 2S")
    assert Card.joker() in r.hand(1)


def test_retrieved_joker_lay_if_possible() -> None:
    rules = replace(CLASSICO, retrieved_joker=RetrievedJoker.LAY_IF_POSSIBLE)
    r = _swapped(rules)
    # K♦ K♠ can take it: he must lay it before discarding.
    refused(r, "discard JS", Reason.RETRIEVED_JOKER_NOT_LAID)
    play(r, "lay KD KS JK", "discard JS")
    # Nothing can take it: he keeps it.
    r = _set_swap_round(RetrievedJoker.LAY_IF_POSSIBLE)
    play(r, "swap 0 10S 10C")
    assert r.pending_jokers and not any(a.startswith(("lay", "attach")) for a in legal(r))
    play(r, "discard 9H")
    assert Card.joker() in r.hand(1)


def test_retrieved_joker_may_be_kept() -> None:
    r = _swapped(replace(CLASSICO, retrieved_joker=RetrievedJoker.KEEP))
    assert "discard JS" in legal(r)
    play(r, "discard JS")
    assert Card.joker() in r.hand(1) and not r.pending_jokers
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"
    r = _set_swap_round(RetrievedJoker.KEEP)
    play(r, "swap 0 10S 10C", "discard 9H")
    assert Card.joker() in r.hand(1)


TEN_SET = "10D 10H JK QC QD 2S 3S 5C 9D AC"


def test_set_joker_swap_needs_every_missing_suit() -> None:
    rules = replace(CLASSICO, set_joker_swap=SetJokerSwap.ALL_MISSING)
    r = deal(rules, [TEN_SET, "10S 10C KD KS 3C 4H 6S 8C 10D JS"], "QH", "4C 4D")
    play(r, "draw", "lay 10D 10H JK", "discard AC", "draw")
    # RULES.md §2.7: in 10♦ 10♥ JK both 10♠ and 10♣ are needed.
    refused(r, "swap 0 10S", Reason.SWAP_SET_NEEDS_ALL_MISSING)
    refused(r, "swap 0 10C", Reason.SWAP_SET_NEEDS_ALL_MISSING)
    play(r, "swap 0 10S 10C")
    assert r.table[0].meld.kind is MeldKind.SET and r.table[0].meld.joker_count == 0
    assert sorted(r.table[0].meld.cards) == cards("10C 10D 10H 10S")
    play(r, "lay KD KS JK", "discard JS")
    assert str(r.table[-1].meld) == "K♦ K♠ 🃏" and r.top_discard == Card.parse("JS")


def test_set_joker_swap_by_the_declared_suit() -> None:
    rules = replace(CLASSICO, set_joker_swap=SetJokerSwap.DECLARED_SUIT)
    r = deal(rules, [TEN_SET, "10S 10C KD KS 3C 4H 6S 8C 10D JS"], "QH", "4C 4D")
    play(r, "draw")
    # The suit is declared when the jolly is laid: one move per free suit.
    assert {"lay 10D 10H JK=10C", "lay 10D 10H JK=10S"} <= legal(r)
    play(r, "lay 10D 10H JK=10S", "discard AC", "draw")
    refused(r, "swap 0 10C", Reason.SWAP_WRONG_CARD)
    play(r, "swap 0 10S", "lay KD KS JK", "discard JS")
    assert sorted(r.table[0].meld.cards) == cards("10D 10H 10S")


def test_swap_does_not_count_for_the_opening() -> None:
    # Opening at 50: seat 1 takes the jolly back from seat 0's run with 8♥ (no points),
    # and opens with his own melds.
    rules = replace(APERTURA, swap_counts_for_opening=False)
    hands = ["7H JK 9H KC KD KS 2S 5C 9D AC", "8H QH QD QS KH JC JD JS 4H 6S"]
    r = deal(rules, hands, "AS", "3C 10C")
    play(r, "draw", "lay 7H JK 9H", "lay KC KD KS", "discard AC", "draw", "swap 0 8H")
    assert r.opening_points == 0 and not r.opened[1]
    play(r, "lay QH QD QS JK")
    assert r.opening_points == 40 and not r.opened[1]
    play(r, "lay JC JD JS")
    assert r.opened[1]


# --- legal actions ---


@pytest.mark.parametrize("mode", list(RetrievedJoker))
def test_an_observation_names_the_cards_that_must_still_go_down(mode: RetrievedJoker) -> None:
    rules = replace(CLASSICO, retrieved_joker=mode)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    assert r.observation(1).to_lay == ()
    play(r, "swap 0 8H")
    waiting = () if mode is RetrievedJoker.KEEP else (JOKER,)
    assert r.observation(1).to_lay == waiting
    assert r.observation(0).to_lay == ()  # not his turn: nothing of the other's hand
    play(r, "lay KD KS JK")
    assert r.observation(1).to_lay == ()


def test_another_jolly_of_the_hand_may_go_on_the_meld_a_jolly_was_taken_back_from() -> None:
    # Enciclopedia, a jolly taken back may be kept: having laid 4♥ 4♠ 🃏 (33 of 50), the
    # player takes back the jolly of J♥..A♥ with his J♥. His other jolly may still go on
    # that meld as 10♥ (25) and open; the one taken back waits in hand.
    rules = replace(get_preset("enciclopedia"), hand_size=10, retrieved_joker=RetrievedJoker.KEEP)
    hands = ["QH KH AH JK 2C 5D 8S 9S 3D 6C", "4H 4S JK JK JH 9H 7C 3S QS 2D"]
    r = deal(rules, hands, "5H", "2S KD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S")
    play(r, "draw", "lay 4H 4S JK=4C", "swap 0 JH")
    assert r.pending_jokers and r.pending_from == 0
    assert "attach 0 JK=10H" in legal(r)
    play(r, "attach 0 JK=10H")
    assert r.opened[1] and r.pending_jokers
    play(r, "discard 2D")
    # Kept, the jolly taken back stays in hand past the end of the turn.
    assert Card.joker() in r.hand(1) and r.to_play == 0


@pytest.mark.parametrize("own_jollies", [1, 2])
def test_only_the_hands_other_jollies_count_on_the_meld_a_jolly_is_taken_back_from(
    own_jollies: int,
) -> None:
    # Up to two jollies a meld, a jolly taken back may be kept. Before opening (50), the
    # player may take back the jolly of J♥..A♥ only if he can still open this turn. His
    # other cards make no meld; two jollies on that meld as 10♥ and 9♥ (25 each) would
    # open, but the one taken back may not go back there: with one jolly of his own, 25.
    rules = replace(
        get_preset("enciclopedia"),
        hand_size=10,
        retrieved_joker=RetrievedJoker.KEEP,
        max_jokers_per_meld=None,
        min_natural_cards=2,
    )
    second = {1: "JH JK 3C 9C 5S QS 7D 2D KC 4H", 2: "JH JK JK 3C 9C 5S QS 7D 2D KC"}
    hands = ["QH KH AH JK 2C 5D 8S 9S 3D 6C", second[own_jollies]]
    r = deal(rules, hands, "5H", "2S JD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S", "draw")
    if own_jollies == 1:
        refused(r, "swap 0 JH", Reason.OPENING_UNREACHABLE)
        return
    play(r, "swap 0 JH")
    assert r.pending_jokers and r.pending_from == 0
    assert "attach 0 JK=10H" in legal(r)
    play(r, "attach 0 JK=10H", "attach 0 JK=9H")
    assert r.opened[1]


@pytest.mark.parametrize(
    ("hand", "relaid"),
    [("JH 3C 9C 5S QS 7D 2D KC 4H 6H", False), ("JH 9S 10S JS 3C 5D 7D 2D KC 4H", True)],
)
def test_before_opening_a_jolly_is_taken_back_only_to_open_with_it(hand: str, relaid: bool) -> None:
    # Enciclopedia: the jolly taken back goes down this turn, and before opening (50) it
    # can only go down in the opening. With 9♠ 10♠ J♠ it makes 54; with 4♥ 6♥ at most 35
    # and nothing else, so it has no place, and the refusal says so.
    rules = replace(get_preset("enciclopedia"), hand_size=10)
    r = deal(rules, ["QH KH AH JK 2C 5D 8S 9S 3D 6C", hand], "5H", "2S JD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S", "draw")
    if not relaid:
        refused(r, "swap 0 JH", Reason.JOKER_CANNOT_BE_RELAID)
        return
    play(r, "swap 0 JH")
    assert "lay 9S 10S JS JK=QS" in legal(r)
    play(r, "lay 9S 10S JS JK=QS")
    assert r.opened[1] and not r.pending_jokers


def test_the_opening_search_tries_every_place_a_jolly_may_be_attached() -> None:
    # Enciclopedia (50, attachments count, a jolly 25). With 9♠..Q♠ on the table, the set
    # of fives (15), then the jolly as K♠ (25) and the ace above it (11) make 51: the set may
    # start the opening. As 8♠ the jolly would leave only the 7♠ (47): both places count.
    rules = get_preset("enciclopedia")
    hands = ["9S 10S JS QS KH KD KC 2D", "7S 5S 5H AS 5C 2S 3C 8D"]
    r = deal(rules, hands, "4H", "6D JK")
    play(r, "draw", "lay 9S 10S JS QS", "lay KH KD KC", "discard 2D", "draw")
    assert "lay 5C 5H 5S" in legal(r)
    play(r, "lay 5C 5H 5S")
    assert legal(r) & {"attach 0 JK=8S", "attach 0 JK=KS"} == {"attach 0 JK=KS"}
    play(r, "attach 0 JK=KS", "attach 0 AS")
    assert r.opened[1] and r.opening_points == 51


def _jolly_taken_back_with_jh() -> Round:
    """Scala 40, 10 cards: seat 0 lays JK=J♥ Q♥ K♥ A♥ and 2♦ 3♦ JK=4♦; seat 1, who has not
    opened, takes the first jolly back with J♥, holding 4♦ 10♠ J♠ Q♠ 5♣ 5♦ 5♥ 7♣ 2♠ K♣."""
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 2D 3D JK 9C 9D 8C", "JH 4D 10S JS QS 5C 5D 5H 7C 2S"]
    r = deal(rules, hands, "6H", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 2D 3D JK=4D", "discard 3S", "draw", "swap 0 JH")
    return r


def test_a_jolly_taken_back_may_wait_for_the_rest_of_an_opening_begun_without_it() -> None:
    # Scala 40 (40, no attaching before opening): seat 1 takes the jolly back from the run of
    # hearts with J♥. 10♠ J♠ Q♠ (30) begins his opening without it, and the set of fives
    # with the jolly (20) finishes it: the first meld leaves the jolly a place.
    r = _jolly_taken_back_with_jh()
    assert "lay 10S JS QS" in legal(r)
    play(r, "lay 10S JS QS", "lay 5C 5D 5H JK=5S")
    assert r.opened[1] and r.opening_points == 50 and not r.pending_jokers


def test_a_jolly_taken_back_may_go_down_after_an_opening_made_without_it() -> None:
    # Scala 40 again: 10♠..K♠ (40) opens on its own, and then the jolly taken back may be
    # attached to the nines, as an opened player may.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 9C 9D 9H 2D 5C 8C", "JH 10S JS QS KS 7C 2S 4D 6H 8S"]
    r = deal(rules, hands, "6D", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 9C 9D 9H", "discard 3S", "draw", "swap 0 JH")
    assert "lay 10S JS QS KS" in legal(r)
    play(r, "lay 10S JS QS KS")
    assert r.opened[1] and r.pending_jokers
    play(r, "attach 1 JK=9S")
    assert not r.pending_jokers


def test_before_opening_a_jolly_waiting_to_go_down_bars_a_second_retrieval() -> None:
    # Scala 40: until the jolly taken back is down again no other jolly may be taken back,
    # while the melds that open with it, or leave it an opening, are listed; the list is
    # what the full check of every move says.
    r = _jolly_taken_back_with_jh()
    assert r.pending_jokers and not r.opened[1]
    refused(r, "swap 1 4D", Reason.RETRIEVED_JOKER_NOT_LAID)
    listed = legal(r)
    assert not any(text.startswith("swap") for text in listed)
    assert {"lay 10S JS QS JK=KS", "lay 5C 5D 5H", "lay 10S JS QS"} <= listed
    full = {str(a) for a in play_candidates(r.decision()) if r.can(a)}
    full |= {str(Discard(c)) for c in r.discard_options()}
    assert listed == full


def test_a_jolly_taken_back_later_in_the_turn_may_finish_an_opening() -> None:
    # Scala 40 (40; the pozzo's card must be used; a jolly may be taken back before
    # opening). Seat 1 holds 5♣ 5♦, J♥ (the jolly's card in the run of hearts) and 10♠ J♠.
    # Taking 5♠ and laying the fives makes 15, and only the jolly taken back with J♥ (as
    # Q♠, 30) makes the rest: the take and the fives come before the retrieval that
    # finishes the opening, and are accepted.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 9C 9D 8C 2D 5S 3C", "JH 5C 5D 10S JS 2C 7D 9H 4S 6C"]
    r = deal(rules, hands, "6H", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 5S")
    assert r.may_take()
    play(r, "take")
    assert "lay 5C 5D 5S" in legal(r)
    play(r, "lay 5C 5D 5S", "swap 0 JH", "lay 10S JS JK=QS")
    assert r.opened[1] and r.opening_points == 45 and not r.pending_jokers


def test_an_attachment_that_leaves_a_set_one_card_to_give_for_its_jolly_may_come_later() -> None:
    # Enciclopedia (50, attachments count, a set's jolly taken back with every missing
    # suit): seat 1 holds K♠ 9♣ 9♠ 3♣ 4♣. K♠ on the spades (10), 9♣ on the nines (9), which
    # leaves the jolly standing for 9♠ alone, the jolly taken back with 9♠, and 3♣ 4♣ JK
    # (32) open with 51. Attaching K♠ first is accepted, as attaching 9♣ first is: the
    # retrieval with both nines at once would give up the nine's points.
    rules = get_preset("enciclopedia")
    hands = ["9D 9H JK 9S 10S JS QS 2C", "KS 9C 9S 3C 4C 7H 2D 6S"]
    r = deal(rules, hands, "5H", "8D QH")
    play(r, "draw", "lay 9D 9H JK", "lay 9S 10S JS QS", "discard 8D", "draw")
    assert not r.opened[1]
    assert {"attach 1 KS", "attach 0 9C"} <= legal(r)
    play(r, "attach 1 KS", "attach 0 9C", "swap 0 9S", "lay 3C 4C JK")
    assert r.opened[1] and r.opening_points == 51


def test_a_jolly_attached_to_another_meld_before_opening_takes_its_value_with_it() -> None:
    # Enciclopedia (50 to open, attachments count, a jolly counts 25 in the opening). Seat 1
    # attaches JK=9♠ to seat 0's 10♠ J♠ Q♠ K♠ (25), then takes it back with 9♠: what he
    # has put on the table is 9♠ (9). K♦ K♥ K♣ make it 39, not the 55 of a jolly counted
    # twice.
    rules = get_preset("enciclopedia")
    hands = ["10S JS QS KS 10H JH QH 2D", "JK 9S KD KH KC 8D 6H 2C"]
    r = deal(rules, hands, "5C", "3S 4S")
    play(r, "draw", "lay 10S JS QS KS", "lay 10H JH QH", "discard 2D", "draw")
    play(r, "attach 0 JK=9S")
    assert r.opening_points == 25 and r.attached_jokers == (0,)
    assert r.observation(1).attached_jokers == (0,)
    play(r, "swap 0 9S")
    assert r.opening_points == 9 and r.attached_jokers == ()
    play(r, "lay KD KH KC")
    assert r.opening_points == 39 and not r.opened[1]


def test_a_jolly_attached_where_attachments_do_not_count_takes_nothing_with_it() -> None:
    # Attachments do not count: JK=9♠ attached to his own 10♠ J♠ Q♠ (30) brings nothing,
    # and taken back with 9♠ takes nothing away (not the 25 of a jolly laid in a meld).
    rules = replace(get_preset("enciclopedia"), opening_counts_attachments=False)
    hands = ["2S 3D 4C 5S 7C 8D 9H JC", "10S JS QS 9S JK KD KH KC"]
    r = deal(rules, hands, "5C", "3S 4S")
    play(r, "draw", "discard 2S", "draw", "lay 10S JS QS", "attach 0 JK=9S")
    assert r.opening_points == 30
    play(r, "swap 0 9S")
    assert r.opening_points == 30
    play(r, "lay KD KH KC")
    assert r.opened[1] and r.opening_points == 60


def test_a_jolly_laid_in_the_opening_may_be_taken_back_by_the_moves_that_follow() -> None:
    # Scala 40 (40 to open). 5♦ 6♦ 7♦ (18), then 6♠ 8♠ JK=7♠ (21): 39, and what is left
    # opens nothing alone. Taking the jolly back with 7♠ keeps 21 on the table and gives
    # 7♦ 8♦ JK=9♦ (24): the lay is accepted, as it is in the other order.
    rules = get_preset("scala-40")
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D QH KC 2H 4D", "5D 6D 7D 6S 8S JK 7S 7D 8D 2C 4H 9C KC"]
    for first, second in (("5D 6D 7D", "6S 8S JK=7S"), ("6S 8S JK=7S", "5D 6D 7D")):
        r = deal(rules, hands, "KD", "QC JS")
        play(r, "draw", "discard QC", "draw", f"lay {first}")
        assert f"lay {second}" in legal(r)
        play(r, f"lay {second}")
        assert r.opening_points == 39 and not r.opened[1]
        play(r, f"swap {1 if first.startswith('5D') else 0} 7S", "lay 7D 8D JK=9D")
        assert r.opened[1] and r.opening_points == 63


def test_a_jolly_taken_from_the_pile_may_open_by_going_down_and_coming_back() -> None:
    # Apertura 50: the jolly taken from the pozzo must go down this turn. 4♠ 5♠ JK=6♠ uses
    # it; 8♣ 9♣ JK=7♣ makes 39; taken back with 6♠, the jolly goes down in Q♦ K♦... as
    # Q♦ JK=K♦ A♦ for 70. Laying 4♠ 5♠ 6♠ first is legal too (RULES.md §6.4: the order of
    # the melds does not matter): the taken jolly still goes down in 8♣ 9♣ JK or Q♦ JK A♦.
    rules = get_preset("apertura-50")
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D JK", "4S 5S 6S 8C 9C JK QD AD 4D 2H"]
    r = deal(rules, hands, "10H", "QC 3S")
    play(r, "draw", "discard JK", "take")
    listed = legal(r)
    assert "lay 4S 5S JK=6S" in listed and "lay 4S 5S 6S" in listed
    assert listed == {str(a) for a in play_candidates(r.decision()) if r.can(a)} | {
        a for a in listed if a.startswith("discard")
    }
    play(r, "lay 4S 5S JK=6S", "lay 8C 9C JK=7C", "swap 0 6S", "lay QD JK AD")
    assert r.opened[1] and r.opening_points == 70


def test_a_meld_laid_while_a_jolly_waits_leaves_an_opening_that_lays_it() -> None:
    # Scala 40: seat 1 takes the jolly back from 10♥ J♥ JK=Q♥ before opening; it must go
    # down this turn. 5♦ 6♦ 7♦ (18) leaves 8♠ 9♠ JK=10♠ (27) to open with it, so the lay
    # is listed, and the lists agree with the full checks at every step.
    rules = get_preset("scala-40")
    hands = [
        "10S JS QS KS 10H JH JK 2C 3D 4C 5C 6C 8D",
        "QH 5D 6D 7D 8S 9S 2H 3H 4H AC 9D 9C 2S",
    ]
    r = deal(rules, hands, "KD", "7H 6S")
    play(r, "draw", "lay 10S JS QS KS", "lay 10H JH JK=QH", "discard 8D", "draw", "swap 1 QH")
    for step in ("lay 5D 6D 7D", "lay 8S 9S JK=10S"):
        listed = legal(r)
        assert step in listed
        assert listed == {str(a) for a in play_candidates(r.decision()) if r.can(a)} | {
            a for a in listed if a.startswith("discard")
        }
        play(r, step)
    assert r.opened[1] and r.opening_points == 45


def test_a_set_of_the_opening_may_take_back_its_jolly_with_every_missing_suit() -> None:
    # Apertura 50: 8♣ 8♥ JK (24), taken back with 8♦ 8♠, is 8♣ 8♥ 8♦ 8♠ (32): the card
    # more counts too, and 7♥ JK 9♥ (24) then opens with 56. Without the fourth eight, what
    # is left after the lay (with the jolly back) reaches 48 at best.
    rules = get_preset("apertura-50")
    hands = ["8C 8H 8D 8S JK 7H 9H 2C 4D KS", "2S 3D 4C 5S 7C 8D 9C JC 6D 10H"]
    r = deal(rules, hands, "QC", "3S 6H")
    play(r, "draw")
    assert "lay 8C 8H JK" in legal(r)
    play(r, "lay 8C 8H JK", "swap 0 8D 8S")
    assert r.opening_points == 32
    play(r, "lay 7H JK 9H")
    assert r.opened[0] and r.opening_points == 56


def test_a_jolly_taken_back_from_a_meld_of_the_opening_takes_its_value_with_it() -> None:
    # Enciclopedia (50 to open, a jolly counts 25 in the opening): 2♥ 3♥ JK=4♥ counts 30.
    # Taken back with 4♥, the meld is 2♥ 3♥ 4♥ and counts 9; laid again with 2♣ 2♦ the
    # jolly counts 25 once, not twice, and the opening still wants K♠ Q♠ J♠.
    rules = replace(get_preset("enciclopedia"), hand_size=9)
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D", "2H 3H JK 4H 2C 2D KS QS 7D"]
    r = deal(rules, hands, "KD", "QC JS")
    play(r, "draw", "discard QC", "draw", "lay 2H 3H JK=4H")
    assert r.opening_points == 30
    play(r, "swap 0 4H")
    assert r.opening_points == 9
    play(r, "lay 2C 2D JK")
    assert not r.opened[1] and r.opening_points == 38
    play(r, "lay KS QS JS")
    assert r.opened[1] and r.opening_points == 68


@pytest.mark.parametrize("second_paid", [True, False])
def test_a_jolly_taken_back_and_laid_may_make_room_for_another(second_paid: bool) -> None:
    # Scala 40 (40, one jolly at a time, no attaching before opening): seat 0 lays the
    # jolly as J♥ and as 4♦. Seat 1 has not opened; with one jolly he makes at most 30
    # (10♣ JK=J♣ Q♣), with both 48: he takes the first back with J♥ and lays it, which
    # lets him take the second back with 4♦ and lay it with 5♣ 6♣. The first retrieval
    # is legal because the second may follow once the first jolly is down; without 4♦
    # nothing finishes the opening, so the first jolly has nowhere to go down.
    rules = replace(get_preset("scala-40"), hand_size=10)
    fourth = "4D" if second_paid else "8D"
    hands = [
        "QH KH AH JK 4C 4S 4H JK 9C 8S",
        f"JH {fourth} 10C QC 5C 6C 2S 9D KS 7H",
    ]
    r = deal(rules, hands, "6H", "3S 2D")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    if not second_paid:
        refused(r, "swap 0 JH", Reason.JOKER_CANNOT_BE_RELAID)
        return
    assert "swap 0 JH" in legal(r)
    play(r, "swap 0 JH")
    assert "lay 10C QC JK=JC" in legal(r)
    play(r, "lay 10C QC JK=JC")
    assert not r.opened[1] and "swap 1 4D" in legal(r)
    play(r, "swap 1 4D", "lay 5C 6C JK=7C")
    assert r.opened[1] and r.opening_points == 48 and not r.pending_jokers


@pytest.mark.parametrize("second_king", [True, False])
def test_a_retrieval_that_frees_two_jollies_is_bounded_with_both(second_king: bool) -> None:
    # Apertura 50 with two jollies to a meld: seat 0 lays Q♣ Q♠ and two jollies. Seat 1 has
    # not opened; giving Q♦ Q♥ takes both back, and with K♥ K♠ and J♥ J♠ they make two
    # sets of 30: 60. With one of them he would make 30 at most, which must not refuse the
    # retrieval. Without K♠ the two jollies make 30 with J♥ J♠ and nothing else reaches
    # 50: the retrieval is refused.
    rules = replace(get_preset("apertura-50"), max_jokers_per_meld=None)
    king = "KS" if second_king else "9C"
    hands = [
        "QC QS JK JK 10C 10D 10H 10S 4D 7C",
        f"QD QH KH {king} JH JS 2C 5D 8S 3H",
    ]
    r = deal(rules, hands, "6H", "3S 2D")
    play(r, "draw", "lay QC QS JK JK", "lay 10C 10D 10H 10S", "discard 7C", "draw")
    if not second_king:
        assert "swap 0 QD QH" not in legal(r)
        assert not r.can(parse_action("swap 0 QD QH"))
        return
    assert "swap 0 QD QH" in legal(r)
    play(r, "swap 0 QD QH", "lay KH KS JK", "lay JH JS JK")
    assert r.opened[1] and not r.pending_jokers


def test_a_jolly_attached_before_opening_may_be_taken_back_where_that_counts() -> None:
    # Scala 40 where a retrieval counts toward the opening and attaching before it is open:
    # seat 1 cannot open, and no jolly on the table is his to take back; but his own, once
    # attached to 6♦ 7♦ 8♦ as 5♦, is, giving the 5♦ (5 points): then 9♠ 10♠ Q♠ and that
    # jolly make 39 more, 44. The attachment is listed, as the full check finds.
    rules = replace(
        get_preset("scala-40"),
        hand_size=10,
        attach_before_opening=True,
        swap_counts_for_opening=True,
    )
    hands = ["6D 7D 8D 3S 4S 5S 6S 7S 2S 4C", "JK 5D 9S 10S QS 2H 3D KH 5C AS"]
    r = deal(rules, hands, "6H", "3H 2D")
    play(r, "draw", "lay 6D 7D 8D", "lay 3S 4S 5S 6S 7S", "discard 4C", "draw")
    assert "attach 0 JK=5D" in legal(r)
    play(r, "attach 0 JK=5D", "swap 0 5D", "lay 9S 10S QS JK=JS")
    assert r.opened[1] and r.opening_points == 44


def test_a_jolly_taken_back_from_his_own_meld_takes_its_points_with_it() -> None:
    # Scala 40 with the jolly worth 25 toward the opening: seat 1 lays 2♥ 3♥ JK=4♥ (30) and
    # has not opened; taking seat 0's jolly with 10♣ and laying it with 2♣ 3♣ (30) would
    # open. Taking his own back with 4♥ instead leaves his meld worth 9, and 2♣ 3♣ with
    # that jolly make 39, short of 40, the other jolly then having nowhere to go: refused,
    # though the jolly alone would make up the 10 the opening lacked before it.
    rules = replace(get_preset("scala-40"), opening_joker_value=25)
    hands = [
        "6D 7D 8D 3S 4S 5S 6S 7S 9C JK JC 4C 2S",
        "2H 3H JK 4H 2C 3C 10C 9S KD 7C 5D QH 8H",
    ]
    r = deal(rules, hands, "6H", "9H 8D 3H 6S")
    play(r, "draw", "discard 9H", "draw", "discard 8D")  # past the first round
    play(r, "draw", "lay 6D 7D 8D", "lay 3S 4S 5S 6S 7S", "lay 9C JK=10C JC", "discard 4C")
    play(r, "draw", "lay 2H 3H JK=4H")
    assert not r.opened[1] and r.opening_points == 30
    assert "swap 2 10C" in legal(r)
    assert "swap 3 4H" not in legal(r)
    assert not r.can(parse_action("swap 3 4H"))


def test_two_jollies_that_open_only_in_one_meld_cannot_be_taken_back_one_after_the_other() -> None:
    # Scala 40 with two jollies allowed in a meld: seat 1 could open with both, as
    # 10♣ JK=J♣ JK=Q♣ K♣ (40), but the first taken back must go down before the second
    # is taken, and alone it makes no meld with his cards: the first retrieval is refused.
    rules = replace(get_preset("scala-40"), hand_size=10, max_jokers_per_meld=2)
    hands = ["QH KH AH JK 4C 4S 4H JK 9C 8S", "JH 4D 10C KC 2S 9D 7H 5C 3S 6D"]
    r = deal(rules, hands, "6H", "3H 2D 9H 8D")
    play(r, "draw", "discard 3H", "draw", "discard 2D")  # past the first round
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    assert not r.opened[1]
    assert "swap 0 JH" not in legal(r)
    assert not r.can(parse_action("swap 0 JH"))


@pytest.mark.parametrize("six", [True, False])
def test_the_card_on_the_pile_may_be_taken_to_open_through_a_retrieval(six: bool) -> None:
    # Scala 40 (the card taken must be used): seat 0 opens with JK=J♥ Q♥ K♥ A♥ and throws
    # 10♣. With it seat 1 lays 10♣ 10♦ 10♠ (30), takes the jolly back with J♥ and lays it
    # with 5♣ 6♣ (18): 48. The tens alone are short: without 6♣ the jolly makes no meld,
    # and the card may not be taken.
    rules = replace(get_preset("scala-40"), hand_size=10)
    other = "6C" if six else "8C"
    hands = ["QH KH AH JK 9C 8S 2D 3S 7H 10C", f"JH 10D 10S 5C {other} 2S 9D KS 7S 3D"]
    r = deal(rules, hands, "6H", "9H 8D 4D")
    play(r, "draw", "discard 9H", "draw", "discard 8D")  # past the first round
    play(r, "draw", "lay JK=JH QH KH AH", "discard 10C")
    if not six:
        assert legal(r) == {"draw"}
        return
    assert legal(r) == {"draw", "take"}
    play(r, "take", "lay 10C 10D 10S", "swap 0 JH", "lay 5C 6C JK=7C")
    assert r.opened[1] and r.opening_points == 48


@pytest.mark.parametrize(
    ("swap", "seventh", "lay", "given"),
    [
        (SetJokerSwap.ALL_MISSING, "7S", "lay 7C 7D JK", "7H 7S"),
        (SetJokerSwap.ALL_MISSING, "2D", "lay 7C 7D JK", None),
        (SetJokerSwap.DECLARED_SUIT, "2D", "lay 7C 7D JK=7H", "7H"),
        (SetJokerSwap.DECLARED_SUIT, "2D", "lay 7C 7D JK=7S", None),
    ],
)
def test_a_set_laid_with_his_jolly_before_opening_may_give_it_back_for_the_missing_suits(
    swap: SetJokerSwap, seventh: str, lay: str, given: str | None
) -> None:
    # Scala 40 (40 to open, a jolly may be taken back before opening): 7♣ 7♦ JK makes 21,
    # and his other cards make nothing without the jolly. Given back for the suits the set
    # lacks (7♥ and 7♠ where every missing suit is wanted, the declared one alone where
    # that is the rule), the jolly goes down again in Q♠ K♠ JK=A♠ (31): the set is listed
    # where he holds those cards, and only then, as the full check of the move finds.
    rules = replace(get_preset("scala-40"), hand_size=10, set_joker_swap=swap)
    hands = [
        f"7C 7D JK 7H {seventh} QS KS 3C 5D 9H",
        "2C 4D 6H 8S 10C JD 4S 6C 8D 10H",
    ]
    r = deal(rules, hands, "6D", "3H 2S")
    play(r, "draw")
    assert (lay in legal(r)) is (given is not None)
    assert r.can(parse_action(lay)) is (given is not None)
    if given is None:
        return
    play(r, lay, f"swap 0 {given}", "lay QS KS JK=AS")
    # The set as it ends up (four sevens, or three) and the run of 31.
    assert r.opened[0] and r.opening_points == 7 * (len(given.split()) + 2) + 31
    assert not r.pending_jokers


def test_a_meld_that_lays_the_jolly_waiting_may_open_through_a_later_retrieval() -> None:
    # Scala 40: seat 1 has not opened; he takes back the jolly of 5♥ 6♥ 7♥ JK with 8♥, and
    # it waits to go down this turn. 8♠ 9♠ JK=7♠ (24) lays it; then K♦ takes back the jolly
    # of K♥ K♠ K♣ JK, which goes down in Q♣ Q♦ JK (30): 54, an opening. 2♣ 3♣ JK=4♣ (9)
    # lays it too, but what follows makes 39 at most: that meld is refused.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = [
        "KH KS KC JK 5H 6H 7H JK 2D 4S",
        "8H 8S 9S KD QC QD 2C 3C 5D 9D",
    ]
    r = deal(rules, hands, "6D", "AS 4H")
    play(r, "draw", "lay KH KS KC JK", "lay 5H 6H 7H JK=8H", "discard 2D", "draw")
    assert "swap 1 8H" in legal(r)
    play(r, "swap 1 8H")
    assert r.pending_jokers and not r.opened[1]
    listed = legal(r)
    for lay, opens in (("lay 8S 9S JK=7S", True), ("lay 2C 3C JK=4C", False)):
        assert (lay in listed) is opens
        assert r.can(parse_action(lay)) is opens
    play(r, "lay 8S 9S JK=7S", "swap 0 KD", "lay QC QD JK")
    assert r.opened[1] and r.opening_points == 54 and not r.pending_jokers


@pytest.mark.parametrize(
    ("cards", "jollies_per_meld", "opens"),
    [("8S 9S QC QD", 1, True), ("8S 9S QC 5D", 1, False), ("10C KC 9D 5S", 2, False)],
)
def test_two_jollies_taken_back_one_after_the_other_may_finish_an_opening(
    cards: str, jollies_per_meld: int, opens: bool
) -> None:
    # Scala 40: seat 0 has opened with JK=J♥ Q♥ K♥ A♥ and 4♣ 4♠ 4♥ JK=4♦. Seat 1 lays
    # 2♣ 3♣ 4♣ (9) and has 31 to go: J♥ frees one jolly for Q♣ Q♦ JK (30), then 4♦ frees
    # the other for 8♠ 9♠ JK=10♠ (27), each laid before the next is taken back. With 5♦
    # for Q♦, the two jollies make 27 and nothing else. With 10♣ K♣ they would make
    # 10♣ JK=J♣ JK=Q♣ K♣ (40), but the first one taken back makes no meld alone.
    rules = replace(get_preset("scala-40"), hand_size=10, max_jokers_per_meld=jollies_per_meld)
    hands = ["QH KH AH JK 4C 4S 4H JK 9C 8S", f"JH 4D {cards} 2C 3C 4C 7H"]
    r = deal(rules, hands, "6H", "3H 2D 9H 10D")
    play(r, "draw", "discard 3H", "draw", "discard 2D")  # past the first round
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    if not opens:
        refused(r, "lay 2C 3C 4C", Reason.OPENING_UNREACHABLE)
        return
    assert "lay 2C 3C 4C" in legal(r)
    play(r, "lay 2C 3C 4C", "swap 0 JH", "lay QC QD JK", "swap 1 4D", "lay 8S 9S JK=10S")
    assert r.opened[1] and r.opening_points == 66 and not r.pending_jokers
