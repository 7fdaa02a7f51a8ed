"""Helpers for tests that play scripted deals: a round dealt from known hands, actions in the
text grammar, and a snapshot of everything a refused action must leave alone."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

from ramino.engine import Card, parse_cards
from ramino.engine.actions import parse_action
from ramino.engine.round import Round, stacked_deck
from ramino.engine.rules import Direction, Rules

#: The presets whose rounds can be played now (pokerato and carioca come later).
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
)


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


def snapshot(r: Round) -> bytes:
    """Every attribute of the round but those fixed at the deal; the history by its length."""
    fixed = {"rules", "players", "dealer", "seed", "deck", "deck_order"}
    state = {k: v for k, v in vars(r).items() if k not in fixed}
    state["history"] = len(r.history)
    state["public_history"] = len(r.public_history)
    return pickle.dumps(sorted(state.items()))
