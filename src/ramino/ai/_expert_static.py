"""The expert's static judgement of a hand: what it is worth one draw later, averaged over
every card the tallone may give, weighted by how many copies of it are still unseen.

A discard is chosen by what the hand left can become at the next draw, not by what it is
now: a connection whose completing cards are all in sight (dead) is worth nothing, one with
many live copies is worth more; the pile and the table tell which. This is exact over the
draw (no sampling noise) and cheap, because a drawn card that connects with nothing in hand
changes nothing but the count of one loose card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.legal import fits
from ..engine.melds import Meld
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.scoring import card_penalty
from .determinize import known_cards, unseen_cards
from .greedy import connects
from .solver import best_arrangement

__all__ = ["Judge", "stock_odds"]


def stock_odds(observation: Observation) -> dict[Card, float]:
    """The chance that the next card of the tallone is each card: the unseen copies, less
    those known to be in an opponent's hand, all alike.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> odds = stock_odds(Round(get_preset("classico"), 2, seed=1).observation(0))
    >>> round(sum(odds.values()), 9)
    1.0
    """
    pool = unseen_cards(observation)
    for seat_known in known_cards(observation):
        pool.subtract(seat_known)
    pool = +pool
    total = sum(pool.values())
    if not total:
        return {}
    return {card: count / total for card, count in pool.items()}


class Judge:
    """What a hand is worth to the player, in penalty points (lower is better).

    ``cost`` of a hand at the end of a turn: ``per_card`` for each card that no meld binds
    and no meld on ``table`` takes (each is a turn's work still to do before going out),
    plus ``per_point`` for each point those cards would cost if caught. ``outlook`` of a
    hand: its cost after the next draw and the best throw, averaged over the draws
    (:func:`stock_odds`).

    >>> from ramino.engine import Rules, parse_cards
    >>> judge = Judge(Rules(), (), {c: 0.5 for c in parse_cards("9C KD")})
    >>> judge.cost(parse_cards("7H 8H 9H 2C"))
    8.0
    >>> hand = parse_cards("7H 8H 9H 9D 9S 2C")
    >>> judge.cost(hand), judge.outlook(hand)  # 9C goes out; KD is thrown back
    (35.0, 17.5)
    """

    def __init__(
        self,
        rules: Rules,
        table: Sequence[Meld],
        odds: dict[Card, float],
        *,
        may_attach: bool = True,
        per_card: float = 6.0,
        per_point: float = 1.0,
        draws: float = 1.0,
    ) -> None:
        self.rules = rules
        self.table = tuple(table)
        self.odds = odds
        self.may_attach = may_attach
        self.per_card = per_card
        self.per_point = per_point
        self.draws = draws
        self._fits: dict[Card, bool] = {}
        self._costs: dict[tuple[Card, ...], float] = {}
        self._outlooks: dict[tuple[Card, ...], float] = {}

    def worth(self, cards: Sequence[Card]) -> float:
        """The cost of ``cards`` less what ``draws`` draws may gain: each draw is taken to
        gain what the next one gains on average (:meth:`outlook`), a connection's chance
        over the turns still to come rather than at the next draw alone."""
        now = self.cost(cards)
        return now + self.draws * (self.outlook(cards) - now)

    def fits_table(self, card: Card) -> bool:
        """Whether ``card`` can be attached to a meld on the table (by this player)."""
        found = self._fits.get(card)
        if found is None:
            found = self.may_attach and any(fits(m, card, self.rules) for m in self.table)
            self._fits[card] = found
        return found

    def _loose(self, deadwood: Sequence[Card]) -> float:
        cards = [c for c in deadwood if not self.fits_table(c)]
        points = sum(card_penalty(c, self.rules) for c in cards)
        return self.per_card * len(cards) + self.per_point * points

    def cost(self, cards: Sequence[Card]) -> float:
        """The cost of ``cards`` kept as they are (the turn's discard made)."""
        key = tuple(sorted(cards))
        found = self._costs.get(key)
        if found is None:
            found = self._loose(best_arrangement(key, self.rules).deadwood) if key else 0.0
            self._costs[key] = found
        return found

    def after_draw(self, cards: Sequence[Card]) -> float:
        """The cost of ``cards`` (a card drawn) after the throw that leaves the least."""
        if len(cards) <= 1:
            return 0.0
        way = best_arrangement(tuple(sorted(cards)), self.rules, discard=True)
        return self._loose(way.deadwood)

    def outlook(self, cards: Sequence[Card]) -> float:
        """The mean :meth:`after_draw` cost of ``cards`` with the next card of the tallone."""
        key = tuple(sorted(cards))
        found = self._outlooks.get(key)
        if found is not None:
            return found
        rules = self.rules
        keep = self.cost(key)
        # Keeping a loose drawn card and throwing the hand's best throw instead: worth it
        # only for a card cheaper than that throw (or one the table takes).
        thrown = self.after_draw(key) if key else 0.0
        total = 0.0
        for card, chance in self.odds.items():
            if card.is_joker or any(connects(card, c, rules) for c in key):
                value = self.after_draw((*key, card))
            elif self.fits_table(card):
                value = min(keep, thrown)
            else:
                loose = self.per_card + self.per_point * card_penalty(card, rules)
                value = min(keep, thrown + loose)
            total += chance * value
        self._outlooks[key] = total
        return total
