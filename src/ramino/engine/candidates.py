"""Every meld a bunch of cards can make: runs by suit and window, sets by rank, with every
placement of the jolly. Built from the structure of the cards, never by trying subsets.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache

from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit
from .rules import AceInRuns, Rules, SetJokerSwap, SetSuits

#: A candidate meld: its cards and, if any jolly is declared, the declarations.
Candidate = tuple[tuple[Card, ...], tuple[Card | None, ...] | None]


def meld_candidates(
    cards: Sequence[Card], rules: Rules, *, containing: Card | None = None
) -> tuple[Candidate, ...]:
    """Every meld (with every placement of its jolly) that ``cards`` can make, once each;
    with ``containing`` (a natural card), only the melds that hold it.

    >>> from ramino.engine.cards import parse_cards
    >>> [" ".join(map(str, c)) for c, _ in meld_candidates(parse_cards("7H 8H 9H 7S"), Rules())]
    ['7H 8H 9H']
    """
    # A hand is asked about again and again while moves are checked: remember the answers.
    return _candidates(tuple(sorted(cards)), rules, containing)


@lru_cache(maxsize=2048)
def _candidates(
    cards: tuple[Card, ...], rules: Rules, containing: Card | None
) -> tuple[Candidate, ...]:
    counts = Counter(cards)
    jokers = counts.pop(JOKER, 0)
    max_jokers = (
        jokers if rules.max_jokers_per_meld is None else min(jokers, rules.max_jokers_per_meld)
    )
    found: list[Candidate] = []
    found.extend(_run_candidates(counts, max_jokers, rules, containing))
    found.extend(_set_candidates(counts, max_jokers, rules, containing))
    if containing is not None:
        found = [f for f in found if containing in f[0]]
    return tuple(found)


# _BY_SUIT[suit index][rank] is the card, built once: Card(Rank(r), suit) costs enum lookups.
_BY_SUIT: tuple[tuple[Card, ...], ...] = tuple(
    (JOKER, *(NATURAL_CARDS[s * 13 + r - 1] for r in range(1, 14))) for s in range(4)
)
_SUITS = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}


def _run_candidates(
    counts: Counter[Card], jokers: int, rules: Rules, containing: Card | None
) -> Iterator[Candidate]:
    ace_high = rules.ace_in_runs is AceInRuns.LOW_OR_HIGH
    wrap = rules.run_wrap
    # Positions 1..13, and 14 for a high ace; going round the corner, any start and rank
    # (pos - 1) % 13 + 1. A run is at most 13 cards long.
    top = 14 if ace_high else 13
    starts = range(1, 14) if wrap else range(1, top - 1)
    least = max(1, rules.min_natural_cards)
    seen: set[tuple[tuple[Card, ...], tuple[Card, ...] | None]] = set()
    rows = _BY_SUIT
    if containing is not None and containing.suit is not None:
        rows = (_BY_SUIT[_SUIT_INDEX[containing.suit]],)
    for row in rows:
        here = [False] + [bool(counts[row[r]]) for r in range(1, 14)]
        if sum(here) + jokers < 3 or sum(here) < least:
            continue
        for start in starts:
            if not jokers and not here[(start - 1) % 13 + 1]:
                continue  # without a jolly a run starts on a card in hand
            end = start + 13 if wrap else min(start + 13, top + 1)
            present: list[int] = []
            missing: list[int] = []
            for pos in range(start, end):
                rank = (pos - 1) % 13 + 1
                (present if here[rank] else missing).append(rank)
                if len(missing) > jokers:
                    break
                if len(present) + len(missing) < 3 or len(present) < least:
                    continue
                # The jolly may also stand for a card the player holds (he keeps that one).
                for spare in range(jokers - len(missing) + 1):
                    if len(present) - spare < least:
                        break
                    for kept in itertools.combinations(present, spare):
                        stays = [r for r in present if r not in kept]
                        standing = sorted([*missing, *kept])
                        naturals = tuple(row[r] for r in stays)
                        declared = tuple(row[r] for r in standing) if standing else None
                        if wrap:
                            # Going round the corner, a 13-card run is found from every start.
                            key = (tuple(sorted(naturals)), declared and tuple(sorted(declared)))
                            if key in seen:
                                continue
                            seen.add(key)
                        yield naturals + (JOKER,) * len(standing), declared


def _set_candidates(
    counts: Counter[Card], jokers: int, rules: Rules, containing: Card | None
) -> Iterator[Candidate]:
    distinct = rules.set_suits is SetSuits.DISTINCT
    limits = [x for x in (4 if distinct else None, rules.set_max) if x is not None]
    limit = min(limits) if limits else sum(counts.values()) + jokers
    if containing is not None and containing.rank is not None:
        ranks: Sequence[Rank] = (containing.rank,)
    else:
        # Only ranks in hand can make a set; count them first, a set needs three cards.
        per_rank = Counter(c.rank for c in counts.elements() if c.rank is not None)
        ranks = sorted(r for r, n in per_rank.items() if n + jokers >= 3)
    for rank in ranks:
        column = [_BY_SUIT[s][rank] for s in range(4)]
        have = {_SUITS[s]: counts[c] for s, c in enumerate(column) if counts[c]}
        if not have or (len(have) + jokers < 3 and distinct):
            continue
        if distinct:
            choices: Iterator[tuple[Card, ...]] = (
                tuple(Card(rank, s) for s in combo)
                for size in range(1, len(have) + 1)
                for combo in itertools.combinations(have, size)
            )
        else:
            choices = _multisets(rank, have)
        for naturals in choices:
            if len(naturals) < rules.min_natural_cards:
                continue
            for j in range(jokers + 1):
                size = len(naturals) + j
                if size < 3 or size > limit:
                    continue
                if j == 0:
                    yield naturals, None
                elif distinct and rules.set_joker_swap is SetJokerSwap.DECLARED_SUIT:
                    free = [s for s in Suit if Card(rank, s) not in naturals]
                    for suits in itertools.combinations(free, j):
                        yield naturals + (JOKER,) * j, tuple(Card(rank, s) for s in suits)
                elif distinct and j > 4 - len(naturals):
                    continue
                else:
                    yield naturals + (JOKER,) * j, None


def _multisets(rank: Rank, have: dict[Suit, int]) -> Iterator[tuple[Card, ...]]:
    suits = list(have)
    for amounts in itertools.product(*(range(have[s] + 1) for s in suits)):
        cards = tuple(Card(rank, s) for s, k in zip(suits, amounts, strict=True) for _ in range(k))
        if cards:
            yield cards
