"""When a jolly laid or attached could stand for more than one card, the player says which
(RULES.md §2.6). This module finds the different meanings the rules allow, so the game asks
only when there is a real choice.

An undeclared jolly is never refused by the engine: it goes to the rules' ``ambiguous_joker``
end of a run. Asking first keeps the choice with the player, as at a real table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..engine.cards import NATURAL_CARDS, Card
from ..engine.errors import RaminoError
from ..engine.melds import Meld, MeldKind, attach, validate_meld
from ..engine.rules import Rules, SetJokerSwap, SetSuits

__all__ = ["Declaration", "joker_choices"]

#: What each jolly among the cards stands for, in order.
Declaration = tuple[Card, ...]

# More jolly than this in one meld (pokerato) are left to the rules: the choices would
# multiply past what a player wants to read.
_MAX_ASKED = 2


def _candidates(cards: Sequence[Card], target: Meld | None) -> list[Card]:
    """Natural cards a jolly could plausibly stand for: the suits and ranks in play."""
    naturals = [c for c in cards if not c.is_joker]
    if target is not None:
        naturals += list(target.naturals)
    suits = {c.suit for c in naturals}
    ranks = {c.rank for c in naturals}
    return [c for c in NATURAL_CARDS if c.suit in suits or c.rank in ranks]


def _floating(meld: Meld, rules: Rules) -> bool:
    """A jolly in a set whose suit does not matter: any missing card frees it later."""
    return meld.kind is MeldKind.SET and (
        rules.set_joker_swap is SetJokerSwap.ALL_MISSING or rules.set_suits is SetSuits.ANY
    )


def joker_choices(
    cards: Sequence[Card], rules: Rules, *, target: Meld | None = None
) -> list[Declaration]:
    """The different declarations the rules accept for the jolly among ``cards``, laid as a
    meld or attached to ``target``; an empty list or a single one means there is nothing to ask.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> rules = get_preset("classico")
    >>> [" ".join(c.unicode() for c in d) for d in joker_choices(parse_cards("JK 7S 8S"), rules)]
    ['6♠', '9♠']
    >>> joker_choices(parse_cards("8S JK 10S"), rules)  # only the 9♠: nothing to ask
    [(Card.parse('9S'),)]
    >>> joker_choices(parse_cards("10D 10H JK"), rules)  # a set: its suit does not matter
    []
    """
    jokers = sum(1 for c in cards if c.is_joker)
    if not jokers or jokers > _MAX_ASKED:
        return []
    found: dict[tuple[Card, ...], Declaration] = {}
    pool = _candidates(cards, target)
    for combo in itertools.product(pool, repeat=jokers):
        try:
            if target is None:
                meld = validate_meld(cards, rules, jokers=combo)
            else:
                meld = attach(target, cards, rules, jokers=combo)
        except RaminoError:
            continue
        if _floating(meld, rules):
            return []
        # Declarations that give the same meld are one choice (two jolly swapped, say).
        found.setdefault(meld.represents, combo)
    return list(found.values())
