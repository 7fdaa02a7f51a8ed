"""What a program that thinks about Ramino may ask of the engine besides the round itself: the
melds a hand can make, whether it can still open, how a hand would close, and a round rebuilt
from one player's view to try moves on.

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

from ._candidates import Candidate, meld_candidates
from ._reachable import opening_reachable
from .going_out import closing_kind
from .rebuild import round_from_view

__all__ = ["Candidate", "closing_kind", "meld_candidates", "opening_reachable", "round_from_view"]
