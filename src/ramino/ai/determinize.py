"""Guessing the hidden cards (*determinizzare*): from one player's observation, hands for the
others and a stock that agree with everything he saw, and a round built from them that a bot
may play forward as if it could see every card.

Nothing here reads more than the observation: the unseen cards are the deck less the player's
hand, the table and the pozzo; a card someone took from the pozzo and has not laid or thrown
since is known to be in his hand; the rest is dealt at random, weighted by what the others'
play suggests (see :func:`card_weights`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Attach, Discard, Draw, Lay, Show, Swap, TakeDiscard
from ..engine.cards import JOKER, Card
from ..engine.deck import Deck
from ..engine.observation import Observation
from ..engine.rebuild import round_from_view
from ..engine.round import Round
from .greedy import connects

__all__ = [
    "Hidden",
    "card_weights",
    "known_cards",
    "round_from_observation",
    "sample_hidden",
    "unseen_cards",
]

#: A card that connects with one an opponent took from the pozzo is likelier in his hand:
#: he took it because it went with something he held.
TAKEN_BOOST = 2.0
#: He drew from the tallone with this card on the pozzo: what connects with it is likelier
#: elsewhere (he would often have taken it).
DECLINED_FACTOR = 0.6
#: He threw this card: what connects with it is likelier elsewhere (it went with nothing).
DISCARDED_FACTOR = 0.75
#: However much a card is discounted, it stays possible.
MIN_WEIGHT = 0.2


@dataclass(frozen=True, slots=True)
class Hidden:
    """One guess at what a player cannot see: every hand by seat (his own as it is) and the
    stock (*tallone*), top last."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def unseen_cards(observation: Observation) -> Counter[Card]:
    """The cards ``observation``'s player has not seen: the deck less his hand, the table
    and the pozzo. They are in the others' hands or in the tallone.

    >>> from ramino.engine.presets import get_preset
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> sum(unseen_cards(obs).values()) == obs.hand_sizes[0] + obs.stock_count
    True
    """
    unseen = Counter(Deck.for_rules(observation.rules, observation.players))
    seen = Counter(observation.hand)
    seen.update(observation.discard_pile)
    for table_meld in observation.table:
        seen.update(table_meld.meld.cards)
    unseen.subtract(seen)
    return +unseen


def known_cards(observation: Observation) -> tuple[tuple[Card, ...], ...]:
    """By seat, the cards everyone knows the player holds: taken from the pozzo (face up)
    and neither laid, attached nor thrown since, and a jolly taken back from the table and
    not laid again. Empty for the observing player himself (he knows his whole hand).

    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=1)
    >>> top = r.top_discard
    >>> _ = r.apply(TakeDiscard())
    >>> known_cards(r.observation(0))[1] == (top,)
    True
    """
    known: list[list[Card]] = [[] for _ in range(observation.players)]

    def forget(seat: int, cards: Sequence[Card]) -> None:
        for card in cards:
            if card in known[seat]:
                known[seat].remove(card)

    for event in observation.history:
        action, seat = event.action, event.seat
        if isinstance(action, TakeDiscard) and event.taken is not None:
            known[seat].append(event.taken)
        elif isinstance(action, Lay | Attach):
            forget(seat, action.cards)
        elif isinstance(action, Swap):
            forget(seat, action.cards)
            # The jolly comes back to his hand in sight of everyone.
            known[seat].append(JOKER)
        elif isinstance(action, Discard):
            forget(seat, [action.card])
        elif isinstance(action, Show):
            forget(seat, [c for meld in action.melds for c in meld])
    known[observation.seat] = []
    # What cannot be true (more copies than are unseen, more cards than the hand holds) is
    # dropped: the guess must stay a possible deal.
    left = unseen_cards(observation)
    result: list[tuple[Card, ...]] = []
    for seat, cards in enumerate(known):
        kept: list[Card] = []
        for card in cards:
            if left[card] > 0 and len(kept) < observation.hand_sizes[seat]:
                left[card] -= 1
                kept.append(card)
        result.append(tuple(sorted(kept)))
    return tuple(result)


def _pile_tops(observation: Observation) -> list[Card | None]:
    """For each event of the history, the top of the pozzo just before it (``None`` where it
    cannot be told), worked back from the pile as it is now."""
    pile = list(observation.discard_pile)
    tops: list[Card | None] = [None] * len(observation.history)
    lost = False
    for index in range(len(observation.history) - 1, -1, -1):
        event = observation.history[index]
        action = event.action
        # Undo the event: the pile before it.
        thrown = action.card if isinstance(action, Discard) else None
        if isinstance(action, Show):
            thrown = action.discard
        if thrown is not None:
            if not pile or pile[-1] is not thrown:
                # A restock took the pile away after this discard: earlier tops are unknown.
                lost = True
            else:
                pile.pop()
        elif isinstance(action, TakeDiscard) and event.taken is not None:
            pile.append(event.taken)
        if lost:
            break
        tops[index] = pile[-1] if pile else None
    return tops


def card_weights(observation: Observation) -> tuple[dict[Card, float], ...]:
    """By seat, how much likelier than average each unseen card is to be in that hand.

    Read from the play everyone saw: cards that connect (:func:`ramino.ai.greedy.connects`)
    with one he took from the pozzo and still holds weigh more; cards that connect with a
    card he threw, or with one he left on the pozzo to draw from the tallone, weigh less.
    Cards not named weigh 1.

    >>> from ramino.engine.presets import get_preset
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> card_weights(obs)
    ({}, {})
    """
    unseen = unseen_cards(observation)
    known = known_cards(observation)
    tops = _pile_tops(observation)
    factors: list[dict[Card, float]] = [{} for _ in range(observation.players)]
    rules = observation.rules

    def scale(seat: int, near: Card, factor: float) -> None:
        for card in unseen:
            if connects(card, near, rules):
                factors[seat][card] = factors[seat].get(card, 1.0) * factor

    for index, event in enumerate(observation.history):
        if event.seat == observation.seat:
            continue
        action = event.action
        if isinstance(action, Discard):
            scale(event.seat, action.card, DISCARDED_FACTOR)
        elif isinstance(action, Draw):
            top = tops[index]
            if top is not None and not top.is_joker:
                scale(event.seat, top, DECLINED_FACTOR)
    for seat, cards in enumerate(known):
        for card in set(cards):
            if not card.is_joker:
                scale(seat, card, TAKEN_BOOST)
    for weights in factors:
        for card, weight in weights.items():
            weights[card] = max(weight, MIN_WEIGHT)
    factors[observation.seat] = {}
    return tuple(factors)


def sample_hidden(
    observation: Observation,
    rng: random.Random,
    *,
    weights: Sequence[dict[Card, float]] | None = None,
) -> Hidden:
    """A random guess at the others' hands and the stock, consistent with ``observation``:
    each hand has its size and holds the cards known to be there (:func:`known_cards`); the
    rest of the unseen cards are dealt to the hands by ``weights`` (:func:`card_weights`,
    or uniformly) and what is left is the stock, shuffled.

    >>> from ramino.engine.presets import get_preset
    >>> obs = Round(get_preset("classico"), 3, seed=4).observation(1)
    >>> hidden = sample_hidden(obs, random.Random(0))
    >>> [len(h) for h in hidden.hands], len(hidden.stock), hidden.hands[1] == obs.hand
    ([10, 10, 10], 77, True)
    """
    known = known_cards(observation)
    pool = unseen_cards(observation)
    for seat_known in known:
        pool.subtract(seat_known)
    cards = sorted(pool.elements())
    need = sum(observation.hand_sizes) - len(observation.hand) - sum(len(k) for k in known)
    if len(cards) != need + observation.stock_count:
        raise ValueError(
            f"{len(cards)} unseen cards for {need} in hand and {observation.stock_count} in the"
            " stock: the observation is not of one deal"
        )
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
            continue
        wanted = size - len(known[seat])
        seat_weights = weights[seat] if weights is not None else {}
        # Weighted sampling without replacement (Efraimidis–Spirakis): the k largest keys
        # u^(1/w) are a sample where each card's chance follows its weight.
        keyed = sorted(
            (
                (rng.random() ** (1.0 / seat_weights.get(card, 1.0)), n)
                for n, card in enumerate(cards)
            ),
            reverse=True,
        )
        chosen = {n for _, n in keyed[:wanted]}
        hands.append(tuple(sorted([*known[seat], *(cards[n] for n in chosen)])))
        cards = [card for n, card in enumerate(cards) if n not in chosen]
    rng.shuffle(cards)
    return Hidden(tuple(hands), tuple(cards))


def round_from_observation(
    observation: Observation, hidden: Hidden, *, seed: int | str | bytes = 0
) -> Round:
    """A round in the state ``observation`` shows, with the hidden cards as ``hidden``
    guesses them (the engine's :func:`~ramino.engine.rebuild.round_from_view`): the same
    table, pozzo, turn, phase and openings, the public history, and what the player to move
    has done this turn. Restocks are shuffled from ``seed``.

    >>> from ramino.engine.presets import get_preset
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> r = round_from_observation(obs, sample_hidden(obs, random.Random(0)))
    >>> r.observation(1) == obs
    True
    """
    return round_from_view(observation, hidden.hands, hidden.stock, seed=seed)
