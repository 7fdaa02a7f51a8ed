"""Candidate melds are shared between the hands that hold them.

What the engine remembers about hands holds tens of thousands of candidates; shared, each
meld costs its tuples once. This holds on both builds: compiled code copies a (cards,
declared) pair when it hands one on, and the engine keeps pairs as objects where it stores
them.
"""

from __future__ import annotations

from ramino.engine._candidates import Candidate, meld_candidates
from ramino.engine._rules_memo import forget_all
from ramino.engine.cards import Card, parse_cards
from ramino.engine.presets import get_preset


def _by_cards(found: tuple[Candidate, ...]) -> dict[str, Candidate]:
    return {" ".join(map(str, pair[0])): pair for pair in found}


def test_hands_holding_the_same_run_share_its_candidate() -> None:
    forget_all()
    rules = get_preset("scala-40")
    first = _by_cards(meld_candidates(parse_cards("7H 8H 9H KS"), rules))
    second = _by_cards(meld_candidates(parse_cards("7H 8H 9H 2C 3D"), rules))
    assert first["7H 8H 9H"] is second["7H 8H 9H"]
    # With a jolly, the same placements come back as the same objects too.
    with_jolly = meld_candidates(parse_cards("7H 8H JK KS"), rules)
    again = meld_candidates(parse_cards("7H 8H JK 2C"), rules)
    shared = {id(pair) for pair in with_jolly}
    runs = [pair for pair in again if JOKER in pair[0] and SEVEN in pair[0]]
    assert len(runs) >= 2  # the jolly below, between or above
    assert all(id(pair) in shared for pair in runs)


JOKER = Card.joker()
SEVEN = Card.parse("7H")
