"""Going out (*chiudere*) with a whole hand: can these cards all be laid, with or without the
final discard, and how does a Casertano hand close?

An exact search over the partitions of a hand into melds, meant for a hand at a time (the
stuck rule, a hand shown at the close). The fast solver for bots is a separate concern.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .candidates import Candidate, meld_candidates, unmeldable
from .cards import Card
from .errors import MeldError
from .melds import Meld, MeldKind, validate_meld
from .rules import FinalDiscard, Rounding, Rules
from .scoring import Closing, card_penalty, hand_penalty


def partition(cards: Sequence[Card], rules: Rules) -> tuple[Meld, ...] | None:
    """Melds that use every card exactly once, or ``None`` if there are none.

    >>> from ramino.engine.cards import parse_cards
    >>> [str(m) for m in partition(parse_cards("6C 6D 6H 7S 8S JK"), Rules()) or ()]
    ['6♣ 6♦ 6♥', '🃏 7♠ 8♠']
    >>> partition(parse_cards("6C 6D 7H"), Rules()) is None
    True
    """
    found = _Search(rules).split(Counter(cards))
    if found is None:
        return None
    return tuple(validate_meld(c, rules, jokers=j) for c, j in found)


def partitions_without_one(
    cards: Sequence[Card], rules: Rules, discards: Sequence[Card | None]
) -> Iterator[tuple[Card | None, tuple[Meld, ...]]]:
    """For each choice in ``discards`` (a card to keep out, or ``None`` for none), every way
    the rest splits into melds (at most ``limit`` of them). One search serves every choice."""
    search = _Search(rules)
    full = Counter(cards)
    # A card that no meld of this hand can hold must be the one kept out: two such cards and
    # nothing splits, whatever is discarded.
    dead = unmeldable(cards, rules)
    if len(dead) > 1:
        return
    if dead:
        discards = [d for d in discards if d in dead]
    for discard in discards:
        rest = full - Counter([discard]) if discard is not None else full
        if search.split(rest) is None:
            continue
        for found in search.every_split(rest)[:PARTITION_LIMIT]:
            yield discard, tuple(validate_meld(c, rules, jokers=j) for c, j in found)


#: How many ways of splitting one hand are listed at most (a hand of many cards of one rank,
#: under Casertano's "tris in su", could otherwise have a great many).
PARTITION_LIMIT = 64


class _Search:
    """Exact searches over the ways of splitting cards into melds, memoised on what is left."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.splits: dict[frozenset[tuple[Card, int]], list[Candidate] | None] = {}
        self.deadwood: dict[frozenset[tuple[Card, int]], int] = {}
        self.all_splits: dict[frozenset[tuple[Card, int]], list[list[Candidate]]] = {}

    def _with_first(
        self, left: Counter[Card]
    ) -> tuple[Card, list[tuple[Candidate, Counter[Card]]]]:
        # Every meld must hold the lowest natural card left; jokers never stand alone.
        first = min(left, key=lambda c: (c.is_joker, c.code))
        options = []
        seen: set[frozenset[tuple[Card, int]]] = set()
        if first.is_joker:
            return first, []
        for cards, declared in meld_candidates(list(left.elements()), self.rules, containing=first):
            need = Counter(cards)
            key = frozenset(need.items())
            if key in seen:
                continue
            seen.add(key)
            options.append(((cards, declared), left - need))
        return first, options

    def split(self, left: Counter[Card]) -> list[Candidate] | None:
        if not left:
            return []
        key = frozenset(left.items())
        if key in self.splits:
            return self.splits[key]
        self.splits[key] = None
        first, options = self._with_first(left)
        if not first.is_joker:
            for candidate, rest in options:
                tail = self.split(rest)
                if tail is not None:
                    self.splits[key] = [candidate, *tail]
                    break
        return self.splits[key]

    def every_split(self, left: Counter[Card]) -> list[list[Candidate]]:
        """Every way of splitting ``left`` into melds, each once (up to PARTITION_LIMIT)."""
        if not left:
            return [[]]
        key = frozenset(left.items())
        known = self.all_splits.get(key)
        if known is not None:
            return known
        found: list[list[Candidate]] = []
        first, options = self._with_first(left)
        if not first.is_joker:
            for candidate, rest in options:
                if self.split(rest) is None:
                    continue
                for tail in self.every_split(rest):
                    found.append([candidate, *tail])
                    if len(found) >= PARTITION_LIMIT:
                        break
                if len(found) >= PARTITION_LIMIT:
                    break
        self.all_splits[key] = found
        return found

    def least(self, left: Counter[Card]) -> int:
        if not left:
            return 0
        key = frozenset(left.items())
        known = self.deadwood.get(key)
        if known is not None:
            return known
        first, options = self._with_first(left)
        # Leave the first card unbound, or bind it in one of its melds.
        value = hand_penalty([first], self.rules) + self.least(left - Counter([first]))
        if not first.is_joker:
            for _, rest in options:
                if value == 0:
                    break
                value = min(value, self.least(rest))
        self.deadwood[key] = value
        return value


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

    It is the count of :func:`~ramino.engine.scoring.hand_count`, before rounding: with
    rounding to tens, one or two cards each worth less than 4 count nothing, so laying the
    rest may beat the way with the least raw sum.

    >>> from ramino.engine.cards import parse_cards
    >>> min_deadwood(parse_cards("7H 8H 9H KS 2C"), Rules())
    12
    >>> hand = parse_cards("2H 3H 4H 5H 3S 3C")
    >>> min_deadwood(hand, Rules()), min_deadwood(hand, Rules(rounding=Rounding.TENS))
    (6, 0)
    """
    if rules.flush_meld and cards:
        # A whole hand of one suit (colore) is bound as it is, where the rules allow it.
        try:
            validate_meld(cards, rules, whole_hand=True)
        except MeldError:
            pass
        else:
            return 0
    search = _Search(rules)
    full = Counter(cards)
    least = search.least(full)
    if least and rules.rounding is Rounding.TENS:
        low = [c for c in full.elements() if card_penalty(c, rules) < 4]
        kept = {tuple(k) for size in (1, 2) for k in itertools.combinations(sorted(low), size)}
        if any(search.split(full - Counter(k)) is not None for k in sorted(kept)):
            return 0
    return least
