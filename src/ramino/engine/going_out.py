"""Going out (*chiudere*) with a whole hand: can these cards all be laid, with or without the
final discard, and how does a Casertano hand close?

An exact search over the partitions of a hand into melds, meant for a hand at a time (the
stuck rule, a hand shown at the close). The fast solver for bots is a separate concern.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import Card
from .errors import MeldError
from .melds import Meld, MeldKind, validate_meld
from .rules import FinalDiscard, Rules
from .scoring import Closing, hand_penalty


def partition(cards: Sequence[Card], rules: Rules) -> tuple[Meld, ...] | None:
    """Melds that use every card exactly once, or ``None`` if there are none.

    >>> from ramino.engine.cards import parse_cards
    >>> [str(m) for m in partition(parse_cards("6C 6D 6H 7S 8S JK"), Rules()) or ()]
    ['6♣ 6♦ 6♥', '🃏 7♠ 8♠']
    >>> partition(parse_cards("6C 6D 7H"), Rules()) is None
    True
    """
    # Naturals first, so every meld is built around a natural card.
    ordered = sorted(cards, key=lambda c: (c.is_joker, c.code))
    return _partition(tuple(ordered), rules)


def _partition(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...] | None:
    if not cards:
        return ()
    for meld, rest in _melds_with_first(cards, rules):
        tail = _partition(rest, rules)
        if tail is not None:
            return (meld, *tail)
    return None


def _melds_with_first(
    cards: tuple[Card, ...], rules: Rules
) -> Iterator[tuple[Meld, tuple[Card, ...]]]:
    """Every meld holding ``cards[0]`` and some of the others, with the cards left over."""
    first, others = cards[0], cards[1:]
    if first.is_joker:
        return

    # Only cards of the first card's suit or rank, and jokers, can share a meld with it.
    def fits(card: Card) -> bool:
        return card.is_joker or card.suit is first.suit or card.rank is first.rank

    mates = [i for i, c in enumerate(others) if fits(c)]
    seen: set[tuple[Card, ...]] = set()
    for size in range(2, len(mates) + 1):
        for chosen in itertools.combinations(mates, size):
            group = (first, *(others[i] for i in chosen))
            key = tuple(sorted(group))
            if key in seen:  # twins make the same meld twice
                continue
            seen.add(key)
            try:
                meld = validate_meld(group, rules)
            except MeldError:
                continue
            picked = set(chosen)
            yield meld, tuple(c for i, c in enumerate(others) if i not in picked)


@dataclass(frozen=True, slots=True)
class GoingOut:
    """A way to go out with the whole hand: the melds to lay and the final discard, if any."""

    melds: tuple[Meld, ...]
    discard: Card | None


def find_going_out(hand: Sequence[Card], rules: Rules) -> GoingOut | None:
    """A way to lay the whole hand (after the draw) and go out, or ``None`` if the player is
    stuck (*incartato*) or simply cannot.

    With ``final_discard = required`` one card must be kept for the discard; with
    ``optional`` the player may also lay every card.

    >>> from dataclasses import replace
    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.rules import FinalDiscard
    >>> find_going_out(parse_cards("6C 6D 6H"), Rules()) is None  # stuck
    True
    >>> way = find_going_out(parse_cards("6C 6D 6H"), Rules(final_discard=FinalDiscard.OPTIONAL))
    >>> [str(m) for m in way.melds], way.discard
    (['6♣ 6♦ 6♥'], None)
    """
    cards = tuple(hand)
    if rules.final_discard is FinalDiscard.OPTIONAL:
        melds = partition(cards, rules)
        if melds is not None and cards:
            return GoingOut(melds, None)
    # Try the costliest discards first: any will do, but a high card is what a player throws.
    for discard in sorted(set(cards), key=lambda c: (c.is_joker, c.code), reverse=True):
        rest = list(cards)
        rest.remove(discard)
        melds = partition(rest, rules)
        if melds is not None:
            return GoingOut(melds, discard)
    return None


def closing_kind(hand: Sequence[Card], rules: Rules) -> Closing | None:
    """How a hand shown at the close binds (Casertano, where nothing is laid during play).

    ``seven_of_a_kind`` when seven cards of one rank without jokers are in it and the rules
    make that win the match; ``straight`` when the whole hand is one run (*scala reale*);
    ``flush`` when it is all one suit and the rules allow the *colore*; ``simple`` when it
    splits into combinations; ``None`` when it does not bind.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> casertano = get_preset("casertano")
    >>> closing_kind(parse_cards("2H 5H 9H JH KH AH 3H"), casertano)
    <Closing.FLUSH: 'flush'>
    >>> closing_kind(parse_cards("QS QS QH QH QD QD QC 2C"), casertano)
    <Closing.SEVEN_OF_A_KIND: 'seven_of_a_kind'>
    """
    cards = tuple(hand)
    if rules.seven_of_a_kind_wins:
        ranks = [c.rank for c in cards if not c.is_joker]
        if any(ranks.count(r) >= 7 for r in set(ranks)):
            return Closing.SEVEN_OF_A_KIND
    try:
        whole = validate_meld(cards, rules, whole_hand=True)
    except MeldError:
        whole = None
    if whole is not None and whole.kind is MeldKind.RUN:
        return Closing.STRAIGHT
    if whole is not None and whole.kind is MeldKind.FLUSH:
        return Closing.FLUSH
    if partition(cards, rules) is not None:
        return Closing.SIMPLE
    return None


def min_deadwood(cards: Sequence[Card], rules: Rules) -> int:
    """The least count a hand can be left with after laying some of it in melds: what a
    player pays when the others may lay their combinations after a close (Casertano).

    Exact; meant for one hand at the end of a round, not for a bot's search.

    >>> from ramino.engine.cards import parse_cards
    >>> min_deadwood(parse_cards("7H 8H 9H KS 2C"), Rules())
    12
    """
    memo: dict[tuple[Card, ...], int] = {}

    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        known = memo.get(rest)
        if known is not None:
            return known
        first = rest[0]
        # Leave the first card unbound, or bind it in some meld.
        value = hand_penalty([first], rules) + best(rest[1:])
        for _, left in _melds_with_first(rest, rules):
            if value == 0:
                break
            value = min(value, best(left))
        memo[rest] = value
        return value

    return best(tuple(sorted(cards, key=lambda c: (c.is_joker, c.code))))
