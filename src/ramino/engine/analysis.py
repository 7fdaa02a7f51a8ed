"""What a program that thinks about Ramino may ask of the engine besides the round itself: the
cards a table plays with, the melds a hand can make, whether it can still open, how a hand
would close, and a round rebuilt from one player's view to try moves on.

The computer players of :mod:`ramino.ai` ask the engine through this module alone (and the
round, the melds and the observations); the modules behind it are the engine's own and may
change.

>>> from ramino.engine import get_preset, parse_cards
>>> rules = get_preset("scala-40")
>>> hand = parse_cards("7H 8H 9H 10H QS QD QC 2C 5D")
>>> [" ".join(map(str, cards)) for cards, _ in meld_candidates(hand, rules)][:2]
['7H 8H 9H', '7H 8H 9H 10H']
>>> opening_reachable(hand, rules, 40, keep=1), opening_reachable(hand, rules, 80, keep=1)
(True, False)
"""

from __future__ import annotations

from collections import Counter

from ._candidates import Candidate, meld_candidates
from ._reachable import opening_reachable
from .actions import Discard
from .cards import Card, without_cards
from .deck import Deck
from .going_out import closing_kind, min_deadwood
from .observation import Observation
from .rebuild import round_from_view
from .rules import Rules

__all__ = [
    "Candidate",
    "closing_kind",
    "deck_cards",
    "least_deadwood",
    "meld_candidates",
    "opening_reachable",
    "round_from_view",
]


def deck_cards(rules: Rules, players: int) -> Counter[Card]:
    """Every card a table of ``players`` plays with under ``rules``, with its copies: what
    everyone knows before the deal.

    >>> from ramino.engine import get_preset, Card
    >>> cards = deck_cards(get_preset("classico"), 2)
    >>> sum(cards.values()), cards[Card.parse("7H")], cards[Card.parse("JK")]
    (108, 2, 4)
    """
    return Counter(Deck.for_rules(rules, players))


def least_deadwood(observation: Observation) -> int:
    """The least deadwood (gin rummy's *carte spaiate*) the seat's hand can keep: as it is,
    or after the best throw it may make while it must throw (after its draw; a knocker
    before his melds).

    >>> from ramino.engine import get_preset
    >>> from ramino.engine.round import Round
    >>> r = Round(get_preset("gin"), 2, seed=1)
    >>> seen = r.observation(r.to_play)
    >>> least_deadwood(seen) == min_deadwood(seen.hand, seen.rules)
    True
    """
    hand, rules = observation.hand, observation.rules
    throws = {a.card for a in observation.legal_actions if isinstance(a, Discard)}
    if not throws:
        return min_deadwood(hand, rules)
    return min(min_deadwood(without_cards(hand, [card]), rules) for card in throws)
