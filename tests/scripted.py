"""Helpers for tests that play scripted deals: a round dealt from known hands, actions in the
text grammar, a snapshot of everything a refused action must leave alone, and the checks the
tests of play share (a refusal, the legal actions as text, the reason a check gives)."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest

from ramino.engine import Card, RaminoError, Reason, parse_cards
from ramino.engine.actions import Discard, Draw, parse_action
from ramino.engine.round import Round, stacked_deck
from ramino.engine.rules import Direction, Rules

#: The presets whose rounds can be played: every one of them.
PLAYABLE = (
    "classico",
    "classico-2",
    "apertura-50",
    "enciclopedia",
    "scala-40",
    "rami-40",
    "rami-51",
    "tradizionale",
    "casertano",
    "pokerato",
    "pokerato-immaginario",
    "pokerato-immaginario-10",
    "carioca",
)


#: Hands of nine and ten cards that bind nothing (pokerato's others at the table).
WEAK_9 = ("AC 3D 5H 7S 9C JD KH 2S 6D", "AD 3C 5C 7C 9D JH KS 2H 6H")
WEAK_10 = ("AC 3D 5H 7S 9C JD KH 2S 6D 8C", "AD 3C 5C 7C 9D JH KS 2H 6H 8S")


def deal(rules: Rules, hands: Sequence[str], upcard: str, stock: str = "") -> Round:
    """A round dealing ``hands`` by seat, seat 0 first to play in either direction."""
    players = len(hands)
    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    dealer = -step % players
    order = stacked_deck(
        rules,
        players,
        [parse_cards(h) for h in hands],
        upcard=Card.parse(upcard),
        stock=parse_cards(stock),
        dealer=dealer,
    )
    r = Round(rules, players, deck_order=order, dealer=dealer)
    assert r.to_play == 0
    return r


def play(r: Round, *texts: str) -> None:
    """Apply actions in the text grammar, one after the other."""
    for text in texts:
        r.apply(parse_action(text))


def attributes(r: Round) -> dict[str, object]:
    """Every part of the round's state: its position, its histories and what was fixed at
    the deal (the decision of the position, worked out again when asked, is no part)."""
    return r.__getstate__()


def snapshot(r: Round) -> bytes:
    """Every part of the round's state but those fixed at the deal; the history by its
    length."""
    fixed = {"judge", "seed", "deck_order"}
    state = {k: v for k, v in attributes(r).items() if k not in fixed}
    state["history"] = len(r.history)
    state["public_history"] = len(r.public_history)
    return pickle.dumps(sorted(state.items()))


def refused(r: Round, text: str, reason: Reason) -> None:
    """The action is refused for ``reason``, is not listed, and leaves the round as it was."""
    before = snapshot(r)
    action = parse_action(text)
    assert not r.can(action), text
    assert str(action) not in {str(a) for a in r.legal_actions}
    with pytest.raises(RaminoError) as info:
        r.apply(action)
    assert info.value.reason is reason, info.value.message("en")
    assert snapshot(r) == before


def cards(text: str) -> list[Card]:
    """The cards of ``text``, sorted, to compare with a hand."""
    return sorted(parse_cards(text))


def hand(r: Round, seat: int) -> list[Card]:
    """The cards in a seat's hand, as a list."""
    return list(r.hand(seat))


def legal(r: Round) -> set[str]:
    """The legal actions of the round, in the text grammar."""
    return {str(a) for a in r.legal_actions}


def draw_and_discard_it(r: Round) -> Card:
    """The player to move draws from the stock and throws the same card away."""
    card = r.deck[r.stock[-1]]
    r.apply(Draw())
    r.apply(Discard(card))
    return card


def r_check(r: Round, text: str) -> Reason | None:
    """The reason ``check`` refuses the action for, or None where it is accepted."""
    try:
        r.check(parse_action(text))
    except RaminoError as error:
        return error.reason
    return None
