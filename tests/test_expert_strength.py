"""What makes the expert (*esperto*) stronger than the greedy bot: its judge of a throw or a
take (:func:`ramino.ai.greedy.outlook`, the count a hand may expect after the next draw over
the cards its player has not seen), holding its melds only for a bonus the others pay, and
betting for the match (:func:`ramino.ai.betting.match_bet`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from ramino.ai import ExpertBot
from ramino.ai._expert_hold import may_hold
from ramino.ai.betting import BOLD, match_bet
from ramino.ai.greedy import (
    CARD_SHORT,
    Style,
    decide,
    judged,
    known_held,
    outlook,
    unseen_cards,
)
from ramino.ai.solver import least_deadwood
from ramino.engine import Card, parse_cards
from ramino.engine.actions import Call, Discard, Draw, Fold, Raise, TakeDiscard, parse_action
from ramino.engine.deck import Deck
from ramino.engine.melds import validate_meld
from ramino.engine.observation import Observation
from ramino.engine.presets import get_preset
from ramino.engine.round import Phase, Round
from ramino.engine.state import TableMeld
from scripted import deal

CASERTANO = get_preset("casertano")
OUTLOOK = Style(outlook=True)
#: Two melds, a scala of four and, loose, two pairs of a scala: 5♥ 6♥ and 5♣ 6♣.
TWO_PAIRS = "2S 3S 4S 5S 8D 9D 10D QS QH QC 5H 6H 5C"


def _after_draw(pile: str) -> tuple[Round, object]:
    r = deal(CASERTANO, [TWO_PAIRS, "AD 3D 6D 8S JS KS AH 3H 9H JH KH 2C 9C"], "2D", stock="6C")
    r.apply(Draw())
    obs = r.observation(0)
    return r, replace(obs, discard_pile=parse_cards(pile))


def test_the_unseen_cards_are_the_deck_less_all_the_seat_saw() -> None:
    rules = get_preset("classico")
    r = Round(rules, 2, seed=5)
    for _ in range(12):
        r.apply(decide(r.observation(r.to_play)).action)
    obs = r.observation(r.to_play)
    unseen = unseen_cards(obs)
    seen = Counter(obs.hand) + Counter(obs.discard_pile)
    for table_meld in obs.table:
        seen.update(table_meld.meld.cards)
    deck = Counter(Deck.for_rules(rules, 2))
    assert all(unseen[card] <= deck[card] - seen[card] for card in deck)
    # The cards it cannot have seen are all among the unseen: the tallone and the hand of
    # the other player, less what he took from the pozzo before its eyes.
    hidden = Counter(r.stock) + Counter(r.hand(1 - obs.seat))
    assert sum(unseen.values()) <= sum(hidden.values())
    assert not unseen_cards(replace(obs, hand=tuple(deck.elements()), discard_pile=(), table=()))


def test_the_outlook_is_never_worse_than_the_hand_now() -> None:
    rules = get_preset("classico")
    hand = parse_cards("5H 6H 9C 9D KS 2C 3D QH 8S 4C 7D 10S AD")
    unseen = Counter(parse_cards("7H 4H 9S KD 2D"))
    now = judged(hand, rules)
    expected = outlook(hand, unseen, rules)
    assert expected < now
    # Averaged exactly: 7♥ or 4♥ bind the scala, 9♠ the tris, K♦ and 2♦ change nothing.
    gains = [judged((*hand, c), rules, discard=True) for c in unseen.elements()]
    assert expected == pytest.approx(sum(min(now, g) for g in gains) / 5)
    assert outlook(hand, Counter(), rules) == now


def test_the_imaginary_jolly_counts_in_the_judge() -> None:
    rules = get_preset("pokerato-immaginario")
    # One card short of three melds: the imagined jolly fills the gap.
    hand = parse_cards("7H 8H 10H QC QD QS 3S 4S 5S")
    assert judged(hand, rules) == 0
    assert judged(hand, get_preset("casertano")) > 0


def test_played_for_chips_a_hand_is_judged_by_the_cards_it_is_short() -> None:
    # Pokerato's chips go to whoever closes: what the cards left are worth never counts.
    chips = get_preset("pokerato")
    assert judged(parse_cards("7H 8H 9H KS KD"), chips) == 2 * CARD_SHORT
    assert judged(parse_cards("7H 8H 9H 2S 3D"), chips) == 2 * CARD_SHORT
    assert judged(parse_cards("7H 8H 9H 2S 3D KC"), chips, discard=True) == 2 * CARD_SHORT
    assert judged(parse_cards("7H 8H 9H KS KD"), CASERTANO) == 20


def test_where_each_loser_pays_a_messa_each_card_short_weighs_half_of_it() -> None:
    rules = get_preset("enciclopedia")
    # A scala and two kings, loose: two cards short of going out, 25 each besides the count.
    hand = parse_cards("7H 8H 9H KS KD")
    assert judged(hand, rules) == least_deadwood(hand, rules) + 2 * 25
    thrown = parse_cards("7H 8H 9H KS KD KC 2C")
    assert judged(thrown, rules, discard=True) == 0


def _opened_before_draw(opened: bool, top: str) -> Observation:
    """Classico, seat 0 to draw with ``top`` on the pozzo and a scala of hearts on the table;
    seat 0 has opened or not."""
    rules = get_preset("classico")
    r = deal(rules, ["2S 3S 4S 5S 8D 9D 10D KH KD 5H", "AD 3D 6D 8S JS KS AH 3H 9H JH"], top)
    obs = r.observation(0)
    run = TableMeld(1, validate_meld(parse_cards("9C 10C JC"), rules), (90, 91, 92))
    return replace(obs, table=(run,), opened=(opened, True))


def test_once_opened_the_expert_takes_a_discard_for_the_table() -> None:
    # The Q♣ joins nothing in the hand, but goes on the 9♣ 10♣ J♣ on the table.
    obs = _opened_before_draw(True, "QC")
    assert TakeDiscard() in obs.legal_actions
    assert decide(obs, OUTLOOK).action == TakeDiscard()
    # Not yet opened (holding for a close in one turn, say), it draws instead.
    assert decide(_opened_before_draw(False, "QC"), OUTLOOK).action == Draw()


def test_a_card_the_table_takes_counts_in_the_outlook() -> None:
    rules = get_preset("classico")
    hand = parse_cards("5H 6H 9C 9D KS 2C")
    unseen = Counter(parse_cards("QC QC 4D"))
    takes = frozenset(parse_cards("QC"))
    # Drawn, a Q♣ goes on the table and the K♠ is thrown; the 4♦ joins nothing.
    attached = judged(hand, rules, discard=True)
    now = judged(hand, rules)
    assert outlook(hand, unseen, rules, takes) == pytest.approx((2 * attached + now) / 3)
    assert outlook(hand, unseen, rules) == now


def _pokerato_after_draw(hand: str) -> Observation:
    """A pokerato turn after the draw (three players), the hand set to ``hand``."""
    r = Round(get_preset("pokerato"), 3, seed=1)
    while r.phase is Phase.BET:
        r.apply(Call())
    r.apply(Draw())
    cards = parse_cards(hand)
    throws = tuple(Discard(c) for c in dict.fromkeys(cards))
    return replace(
        r.observation(r.to_play), hand=cards, legal_actions=throws, discard_pile=(), history=()
    )


def test_played_for_chips_the_expert_keeps_a_pair_of_kings_over_a_lone_six() -> None:
    # A scala of spades and three pairs (queens, kings, tens), the 6♦ alone: by points the
    # king goes (10 against 6), by the cards short of the close the 6♦ does.
    obs = _pokerato_after_draw("10C QC 6D KD QH 4S 5S 6S 7S 10S KS")
    assert decide(obs, OUTLOOK).action == Discard(Card.parse("6D"))
    assert decide(obs, Style()).action == Discard(Card.parse("KD"))


def test_the_expert_keeps_the_pair_whose_cards_are_still_to_come() -> None:
    # The 4♣ and 7♣ are all in the pozzo: 5♣ 6♣ can no longer become a scala, 5♥ 6♥ can.
    _, obs = _after_draw("4C 4C 7C 7C")
    decision = decide(obs, OUTLOOK)
    assert isinstance(decision.action, Discard)
    assert decision.action.card in parse_cards("5C 6C")
    # With the 4♥ and 7♥ gone instead, it keeps the clubs.
    _, obs = _after_draw("4H 4H 7H 7H")
    decision = decide(obs, OUTLOOK)
    assert isinstance(decision.action, Discard)
    assert decision.action.card in parse_cards("5H 6H")


def test_the_expert_takes_the_discard_that_binds_and_not_one_that_does_not() -> None:
    # Before the draw: the 4♥ on the pozzo makes a scala of 4♥ 5♥ 6♥.
    r = deal(CASERTANO, [TWO_PAIRS, "AD 3D 6D 8S JS KS AH 3H 9H JH KH 2C 9C"], "4H")
    obs = r.observation(0)
    assert decide(obs, OUTLOOK).action == TakeDiscard()
    r = deal(CASERTANO, [TWO_PAIRS, "AD 3D 6D 8S JS KS AH 3H 9H JH KH 2C 9C"], "KD")
    assert decide(r.observation(0), OUTLOOK).action == Draw()


def test_the_expert_judges_by_the_outlook_and_bets_boldly() -> None:
    bot = ExpertBot(0)
    assert bot.style.outlook and bot.style.betting == BOLD


@pytest.mark.parametrize(
    ("preset", "holds"),
    [("classico", True), ("tradizionale", True), ("enciclopedia", False), ("casertano", False)],
)
def test_only_a_bonus_the_others_pay_is_worth_holding_for(preset: str, holds: bool) -> None:
    # Doubled counts (classico) or 25 more each (tradizionale) are paid by the others; a
    # scempio (enciclopedia) spares them the messa, and casertano pays nothing.
    r = Round(get_preset(preset), 2, seed=1)
    r.apply(Draw())
    assert may_hold(r.observation(r.to_play)) is holds


def _first_bet(dealer: int, chips: tuple[int, int]) -> Observation:
    """The dealer's first bet of a pokerato hand (the other seat posted the blind), with the
    match's chips set to ``chips`` (before the blind)."""
    r = Round(get_preset("pokerato-immaginario"), 2, seed=3, dealer=dealer)
    obs = r.observation(r.to_play)
    assert obs.seat == dealer and obs.to_call == 1
    stacks = tuple(c - s for c, s in zip(chips, obs.stakes, strict=True))
    return replace(obs, chips=stacks)


def test_the_expert_keeps_a_lead_the_hands_left_cannot_take_away() -> None:
    # Four chips ahead: too little with ten hands to go (five blinds to post), enough in
    # the last one.
    early, late = ExpertBot(0), ExpertBot(0)
    assert early.act(_first_bet(0, (102, 98))) != Fold()
    for hand in range(10):
        action = late.act(_first_bet(hand % 2, (102, 98) if hand % 2 == 0 else (98, 102)))
    assert action == Fold()
    assert match_bet(_first_bet(0, (106, 94)), 10) == Fold()


def test_the_expert_never_folds_the_last_hand_when_behind() -> None:
    bot = ExpertBot(0)
    for hand in range(10):
        dealer = hand % 2
        chips = (97, 103) if dealer == 0 else (103, 97)
        action = bot.act(_first_bet(dealer, chips))
    assert action == Raise()
    assert match_bet(_first_bet(0, (97, 103)), 5) is None


def test_where_a_close_in_one_turn_is_a_scempio_the_expert_spreads_it() -> None:
    # The scala opens alone (51 points); the tris waits a turn, so the close is not in one
    # turn and the other pays the messa.
    rules = get_preset("enciclopedia")
    hand = "10H JH QH KH AH KS KD KC"
    r = deal(rules, [hand, "2C 4D 6S 8H 3C 9D 5H 7S"], "9S", stock="5C 2D 6C")
    bot, other = ExpertBot(0), ExpertBot(1)
    while r.to_play == 0:
        r.apply(bot.act(r.observation(0)))
    assert not r.is_over and sorted(map(str, r.hand(0))) == ["KC", "KD", "KS"]
    while not r.is_over:
        seat = r.to_play
        r.apply((bot if seat == 0 else other).act(r.observation(seat)))
    assert r.end is not None and r.end.out == 0 and not r.end.in_one_turn
    # Where a close in one turn doubles the others' count, it closes at once.
    r = deal(
        get_preset("classico"),
        ["10H JH QH KH KS KD KC 2S 3S 8D", "2C 4D 6S 8H 3C 9D 5H 7S 8C 9C"],
        "9S",
        stock="4S",
    )
    bot = ExpertBot(0)
    while r.to_play == 0 and not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.in_one_turn


def test_the_cards_the_others_hold_are_known_until_shown_again() -> None:
    r = deal(
        get_preset("classico"),
        ["2C 4D 6S 8H 3C 9D 5H 7S 8C 9C", "10H JH QH KS KD 2S 3S 8D 5C 6C"],
        "KC",
        stock="AD 7C 7D",
    )
    r.apply(Draw())
    r.apply(Discard(Card.parse("AD")))
    r.apply(TakeDiscard())  # seat 1 takes the ace of diamonds
    obs = r.observation(0)
    assert known_held(obs) == Counter(parse_cards("AD"))
    assert unseen_cards(obs)[Card.parse("AD")] == 1  # the other copy
    r.apply(Discard(Card.parse("8D")))
    assert known_held(r.observation(0)) == Counter(parse_cards("AD"))
    assert not known_held(r.observation(1))  # what it took itself is in its own hand
    for text in ("draw", "discard 7C", "draw", "discard AD"):
        r.apply(parse_action(text))
    # Thrown again: it is in the pozzo, no longer in his hand.
    assert not known_held(r.observation(0))
    assert unseen_cards(r.observation(0))[Card.parse("AD")] == 1
