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


def attributes(r: Round) -> dict[str, object]:
    """Every attribute of the round, private ones included, in the pure-Python build (its
    ``__dict__``) and in the compiled one (whose instances have slots, named by mypyc)."""
    names = getattr(type(r), "__mypyc_attrs__", None)
    if names is None:
        return dict(vars(r))
    return {name: getattr(r, name) for name in names if hasattr(r, name)}


def snapshot(r: Round) -> bytes:
    """Every attribute of the round but those fixed at the deal and the answers remembered
    for the decision (a check may fill them in); the history by its length."""
    fixed = {
        "rules",
        "players",
        "dealer",
        "seed",
        "deck",
        "deck_order",
        "_answers",
        "_listing",
        "_listed",
    }
    state = {k: v for k, v in attributes(r).items() if k not in fixed}
    state["history"] = len(r.history)
    state["public_history"] = len(r.public_history)
    return pickle.dumps(sorted(state.items()))
