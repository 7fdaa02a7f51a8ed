"""The solver's meld tables, built once per :class:`Rules`: for the lowest card left in a hand
and the cards around it (the rest of its suit above it, the rest of its rank), every meld that
holds it, as a multiset of natural cards plus a number of jolly.

A hand is one integer: four bits per card code (0–51), holding how many copies are in hand,
so twins from two or three decks are counted, not told apart. A meld is the same kind of
integer, so taking a meld out of a hand is one subtraction.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

from ..engine.cards import JOKER, NATURAL_CARDS, Card
from ..engine.errors import MeldError
from ..engine.melds import validate_meld
from ..engine.rules import AceInRuns, Rules, SetSuits
from ..engine.scoring import card_penalty

FIELD = 4
"""Bits per card in a hand integer: counts up to 7, with bit 3 free as a guard."""
GUARD = sum(8 << (FIELD * code) for code in range(52))
"""Bit 3 of every field: ``((hand | GUARD) - meld) & GUARD == GUARD`` iff ``meld`` ⊆ ``hand``."""
CACHE_LIMIT = 200_000
"""Most meld shapes remembered per rules before starting afresh."""
NO_LIMIT = 64
LOW = sum(1 << (FIELD * code) for code in range(52))
"""Bit 0 of every field."""
"""Stands for "no limit" on jolly per meld or set size: more than any hand holds."""

#: A meld shape for the capacity search: natural cards (a hand integer), the fewest jolly it
#: needs, and how many more jolly it could still take (its spare room).
CapacityShape = tuple[int, int, int]
#: A meld shape for the explicit search: natural cards, jolly, opening points, and the jolly
#: declaration that earns those points (``None`` lets the rules place them).
ExplicitShape = tuple[int, int, int, tuple[Card, ...] | None]


def unit(code: int) -> int:
    """The hand integer of one card."""
    return 1 << (FIELD * code)


def encode(cards: Sequence[Card]) -> tuple[int, int]:
    """A hand as ``(naturals integer, number of jolly)``."""
    codes = [card.code for card in cards]
    return sum(map(UNITS.__getitem__, codes)), codes.count(52)


UNITS = (*(1 << (FIELD * code) for code in range(52)), 0)
"""The hand integer of each card code; the jolly (52) is counted apart."""


def decode(hand: int) -> list[Card]:
    """The natural cards of a hand integer, in code order (twins repeated)."""
    out: list[Card] = []
    while hand:
        shift = ((hand & -hand).bit_length() - 1) & ~(FIELD - 1)
        count = (hand >> shift) & 15
        out.extend([NATURAL_CARDS[shift // FIELD]] * count)
        hand -= count << shift
    return out


def windows(length: int, ace_high: bool, wrap: bool) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` places as ranks 1–13 in meld order (a high ace is 1 at the end);
    with ``wrap``, the ones going round the corner too (K-A-2)."""
    top = 14 if ace_high else 13
    found = [
        tuple(p if p <= 13 else 1 for p in range(start, start + length))
        for start in range(1, top - length + 2)
    ]
    if wrap:
        for start in range(1, 14):
            window = tuple((start - 1 + i) % 13 + 1 for i in range(length))
            if window not in found:
                found.append(window)
    return tuple(found)


class Tables:
    """Meld shapes for one set of rules, worked out as hands ask for them and remembered."""

    __slots__ = (
        "_capacity",
        "_explicit",
        "_window_masks",
        "_windows",
        "ace_high",
        "bounded",
        "distinct",
        "key_low",
        "key_mask",
        "max_jokers",
        "min_naturals",
        "rules",
        "seg_low",
        "seg_mask",
        "set_limit",
        "weights",
        "wrap",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        (
            self.max_jokers,
            self.min_naturals,
            self.distinct,
            self.set_limit,
            self.ace_high,
            self.wrap,
        ) = meld_limits(rules)
        self.weights: tuple[int, ...] = tuple(
            card_penalty(card, rules) for card in (*NATURAL_CARDS, JOKER)
        )
        # What decides the melds of the lowest card: the rest of its suit above it and the
        # rest of its rank, in the higher suits. Shifted down to the card, one mask keeps both.
        masks = []
        for code in range(52):
            suit, rank_index = divmod(code, 13)
            mask = (1 << (FIELD * (13 - rank_index))) - 1
            for other in range(1, 4 - suit):
                mask |= 15 << (FIELD * 13 * other)
            masks.append(mask)
        self.key_mask: tuple[int, ...] = tuple(masks)
        self.key_low: tuple[int, ...] = tuple(m & LOW for m in masks)
        # The suit above each card (without the card itself): its fields, and their low bits.
        self.seg_mask: tuple[int, ...] = tuple(
            ((1 << (FIELD * (13 - code % 13))) - 1) & ~15 for code in range(52)
        )
        self.seg_low: tuple[int, ...] = tuple(
            sum(1 << (FIELD * i) for i in range(1, 13 - code % 13)) for code in range(52)
        )
        # Runs from a card reach up its suit only, unless they may go round the corner or
        # the card is an ace that may stand high (Q-K-A).
        self.bounded: tuple[bool, ...] = tuple(
            not self.wrap and not (self.ace_high and code % 13 == 0) for code in range(52)
        )
        self._windows = {
            n: tuple(dict.fromkeys(frozenset(w) for w in windows(n, self.ace_high, self.wrap)))
            for n in range(3, 14)
        }
        # Capacity shapes hang on the meld knobs alone: rules that differ elsewhere (scoring,
        # opening, turns) share them.
        # For each length and rank, the windows (as masks of rank bits) that hold the rank.
        self._window_masks = {
            n: tuple(
                tuple(m for m in (sum(1 << (r - 1) for r in w) for w in ws) if (m >> i) & 1)
                for i in range(13)
            )
            for n, ws in self._windows.items()
        }
        self._capacity = _CAPACITY.setdefault(meld_knobs(rules), {})
        self._explicit: dict[tuple[int, int, int], tuple[ExplicitShape, ...]] = {}

    def reduce(self, code: int, near: int, jokers: int) -> int:
        """The key of what decides the melds of ``code`` (as the search computes it inline):
        ``near`` with counts kept only for sets of any suits, and the suit above the card
        cut where ``jokers`` jolly can no longer bridge the gaps."""
        if self.distinct:
            near = (near | (near >> 1) | (near >> 2)) & self.key_low[code]
            present = near & self.seg_low[code]
        else:
            present = near & self.seg_mask[code]
            near -= present
            present = (present | (present >> 1) | (present >> 2)) & self.seg_low[code]
            near += present
        if present and self.bounded[code]:
            holes = self.seg_low[code] ^ present
            for _ in range(jokers):
                holes &= holes - 1
            if holes:
                near -= present & -(holes & -holes)
        return near

    # --- the melds of one card ---

    def _multisets(self, code: int, near: int, jokers: int) -> dict[tuple[int, bool], int]:
        """``{(naturals integer, is_run): fewest jolly}`` for every meld holding ``code`` as
        its lowest card, from the cards ``near`` it (a key-masked hand shifted to it)."""
        suit, rank_index = divmod(code, 13)
        found: dict[tuple[int, bool], int] = {}
        # Runs (scale): a window of places holding the card; the jolly fill the places not
        # taken by natural cards, including places whose card is in hand but kept out.
        # Ranks as bits (bit r - 1 for rank r), windows as masks of the ranks they hold.
        present = 0
        for i in range(13 - rank_index):
            if (near >> (FIELD * i)) & 15:
                present |= 1 << (rank_index + i)
        base = suit * 13
        for n in range(3, min(13, present.bit_count() + jokers) + 1):
            for window in self._window_masks[n][rank_index]:
                here = window & present
                holes = n - here.bit_count()
                if holes > jokers:
                    continue
                others = [1 << r for r in range(13) if (here >> r) & 1 and r != rank_index]
                for drop in range(min(jokers - holes, len(others)) + 1):
                    if here.bit_count() - drop < self.min_naturals:
                        break
                    for kept_out in itertools.combinations(others, drop):
                        laid = here - sum(kept_out)
                        enc = 0
                        while laid:
                            bit = laid & -laid
                            enc |= 1 << (FIELD * (base + bit.bit_length() - 1))
                            laid -= bit
                        key = (enc, True)
                        if found.get(key, NO_LIMIT) > holes + drop:
                            found[key] = holes + drop
        # Sets (tris, poker): cards of the rank from this suit and the higher ones.
        counts = [(near >> (FIELD * 13 * i)) & 15 for i in range(4 - suit)]
        if self.distinct:
            choices = [range(1, 2)] + [range(min(c, 1) + 1) for c in counts[1:]]
        else:
            choices = [range(1, counts[0] + 1)] + [range(c + 1) for c in counts[1:]]
        for amounts in itertools.product(*choices):
            size = sum(amounts)
            need = max(0, 3 - size)
            if size < self.min_naturals or need > jokers or size + need > self.set_limit:
                continue
            enc = sum(a * unit(code + 13 * i) for i, a in enumerate(amounts))
            found.setdefault((enc, False), need)
        return found

    def capacity_shapes(self, code: int, near: int, jokers: int) -> tuple[CapacityShape, ...]:
        """Melds of the lowest card ``code`` for the capacity search, jolly at most ``jokers``.

        Each meld holds its fewest jolly; the room it has for more is counted, not tried: a
        jolly more is always welcome until the per-meld limit or the meld's largest size."""
        key = (near << 14) | (code << 8) | jokers
        shapes = self._capacity.get(key)
        if shapes is None:
            out: dict[tuple[int, int], int] = {}
            for (enc, is_run), need in self._multisets(code, near, jokers).items():
                size = enc_size(enc)
                largest = 13 if is_run else self.set_limit
                spare = min(self.max_jokers, largest - size) - need
                if spare < 0:
                    continue
                if out.get((enc, need), -1) < spare:
                    out[(enc, need)] = spare
            # Bigger melds first: a good bound early makes the search stop sooner.
            shapes = tuple(
                sorted(
                    ((enc, need, spare) for (enc, need), spare in out.items()),
                    key=lambda s: (-enc_size(s[0]), s[1]),
                )
            )
            if len(self._capacity) >= CACHE_LIMIT:
                self._capacity.clear()  # a long simulation meets ever new hands: stay bounded
            self._capacity[key] = shapes
        return shapes

    def explicit_shapes(self, code: int, near: int, jokers: int) -> tuple[ExplicitShape, ...]:
        """Melds of the lowest card ``code`` with every count of jolly they may hold (up to
        ``jokers``) and the most opening points a declaration of those jolly earns."""
        key = (code, near, jokers)
        shapes = self._explicit.get(key)
        if shapes is None:
            out: dict[tuple[int, int], tuple[int, tuple[Card, ...] | None]] = {}
            for (enc, is_run), need in self._multisets(code, near, jokers).items():
                size = enc_size(enc)
                largest = 13 if is_run else self.set_limit
                top = min(self.max_jokers, largest - size, jokers)
                for k in range(need, top + 1):
                    points, declared = self._points(enc, k, is_run)
                    if points < 0:
                        continue
                    if k and not self.rules.opening_jokers:
                        points = 0  # carioca: a meld with a jolly opens nothing
                    if out.get((enc, k), (-1, None))[0] < points:
                        out[(enc, k)] = (points, declared)
            shapes = tuple(
                sorted(
                    ((enc, k, p, d) for (enc, k), (p, d) in out.items()),
                    key=lambda s: (-enc_size(s[0]) - s[1], -s[2]),
                )
            )
            if len(self._explicit) >= CACHE_LIMIT:
                self._explicit.clear()
            self._explicit[key] = shapes
        return shapes

    def _points(self, enc: int, k: int, is_run: bool) -> tuple[int, tuple[Card, ...] | None]:
        """The most opening points of ``enc`` plus ``k`` jolly as a run or set, with the
        declaration that earns them; ``(-1, None)`` if it is no meld."""
        naturals = decode(enc)
        cards = (*naturals, *([JOKER] * k))
        if not is_run or not k:
            try:
                return validate_meld(cards, self.rules).points(self.rules), None
            except MeldError:
                return -1, None
        suit = naturals[0].suit
        assert suit is not None
        ranks = {int(c.rank) for c in naturals if c.rank is not None}
        best: tuple[int, tuple[Card, ...] | None] = (-1, None)
        for window in self._windows[len(cards)]:
            if not ranks <= window:
                continue
            declared = tuple(NATURAL_CARDS[suit.index * 13 + r - 1] for r in window - ranks)
            try:
                meld = validate_meld(cards, self.rules, jokers=declared)
            except MeldError:
                continue
            points = meld.points(self.rules)
            if points > best[0]:
                best = (points, declared)
        return best


def enc_size(enc: int) -> int:
    """How many natural cards a hand integer holds."""
    total = 0
    while enc:
        total += enc & 15
        enc >>= FIELD
    return total


def meld_limits(rules: Rules) -> tuple[int, int, bool, int, bool, bool]:
    """What the meld knobs come to for the tables: the most jolly in a meld, the fewest
    natural cards, sets of distinct suits, the most cards in a set, the high ace, the run
    round the corner (NO_LIMIT where the rules set none)."""
    max_jokers = NO_LIMIT if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
    distinct = rules.set_suits is SetSuits.DISTINCT
    limits = [x for x in (4 if distinct else None, rules.set_max) if x is not None]
    return (
        max_jokers,
        rules.min_natural_cards,
        distinct,
        min(limits) if limits else NO_LIMIT,
        rules.ace_in_runs is AceInRuns.LOW_OR_HIGH,
        rules.run_wrap,
    )


def meld_knobs(rules: Rules) -> tuple[object, ...]:
    """The knobs that shape melds: rules alike in these share meld tables and memos."""
    return (
        rules.max_jokers_per_meld,
        rules.min_natural_cards,
        rules.set_suits,
        rules.set_max,
        rules.ace_in_runs,
        rules.run_wrap,
    )


# Safe across threads as the solver's other caches are (see _solver_suits): keyed by frozen
# knobs, holding answers that never go stale.
_CAPACITY: dict[tuple[object, ...], dict[int, tuple[CapacityShape, ...]]] = {}


@lru_cache(maxsize=64)
def tables_for(rules: Rules) -> Tables:
    """The tables of ``rules``, made once per rules value (rules are frozen and hashable)."""
    return Tables(rules)
