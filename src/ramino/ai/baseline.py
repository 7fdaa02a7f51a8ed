"""The baseline of gin rummy (*base*): the EAAI gin rummy challenge's
``SimpleGinRummyPlayer`` played by ramino's rules, the opponent our levels are measured
against under the gin presets (docs/gin-levels.md).

Its whole policy: take the pile's card only if it makes a meld with the hand, else draw
from the stock; throw a card that leaves the least deadwood (the costliest of those, then
one at random); knock as soon as the rules allow; after a knock, lay the melds of the
least-deadwood arrangement and lay off whatever lowers the deadwood; pass when nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import Action, Discard, Draw, Knock, Pass, TakeDiscard
from ..engine.analysis import meld_candidates
from ..engine.cards import Card
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.scoring import card_penalty
from .greedy import AFTER_KNOCK, knocked_hand_move
from .solver import least_deadwood

__all__ = ["SimpleGinBot", "makes_meld"]


class SimpleGinBot:
    """The EAAI challenge's simple gin player (see the module); it sees only its
    observation, and ``seed`` breaks ties between equally good throws.

    >>> from ramino.ai.bot import play_round
    >>> from ramino.engine.round import Round
    >>> r = Round("gin", 2, seed=3, dealer=1)
    >>> end = play_round(r, [SimpleGinBot(seed=0), SimpleGinBot(seed=1)])
    >>> r.is_over
    True
    """

    def __init__(self, seed: int | str | bytes = 0, *, name: str = "baseline") -> None:
        self._random = random.Random(seed)
        self._name = name

    def __repr__(self) -> str:
        return f"SimpleGinBot(name={self._name!r})"

    @property
    def name(self) -> str:
        """The bot's name (``baseline`` unless given)."""
        return self._name

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``, by the simple player's rules."""
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        if observation.phase in AFTER_KNOCK:
            return knocked_hand_move(observation).action
        if Knock() in legal:
            return Knock()
        top = observation.top_discard
        if (
            TakeDiscard() in legal
            and top is not None
            and makes_meld(observation.hand, top, observation.rules)
        ):
            return TakeDiscard()
        if Draw() in legal:
            return Draw()
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if discards:
            return Discard(self._throw(observation, discards))
        # The first upcard refused, or the hand left to die at the wall.
        return Pass() if Pass() in legal else legal[0]

    def _throw(self, observation: Observation, options: list[Card]) -> Card:
        """A card of ``options`` whose throw leaves the least deadwood, the costliest of
        those, then one at random (as SimpleGinRummyPlayer does)."""
        rules = observation.rules
        hand = list(observation.hand)

        def left(card: Card) -> tuple[int, int]:
            rest = list(hand)
            rest.remove(card)
            return least_deadwood(rest, rules), -card_penalty(card, rules)

        scored = {card: left(card) for card in sorted(set(options), key=lambda c: c.code)}
        best = min(scored.values())
        return self._random.choice([card for card, key in scored.items() if key == best])


def makes_meld(hand: Sequence[Card], card: Card, rules: Rules) -> bool:
    """Whether ``card`` makes a meld with cards of ``hand`` under ``rules``.

    >>> from ramino.engine import get_preset, parse_cards, Card
    >>> hand = parse_cards("5S 5C 9H 10H 2D")
    >>> [makes_meld(hand, Card.parse(c), get_preset("gin")) for c in ("5D", "JH", "KD")]
    [True, True, False]
    """
    return bool(meld_candidates([*hand, card], rules, containing=card))
