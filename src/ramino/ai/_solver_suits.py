"""The solver's fast exact search, a hand split by suit: sets first, then each suit's runs alone.

Sets couple the suits only through ranks. So the search first picks the sets (few choices:
the ranks held in enough suits, with the jolly they need), and what is left of each suit is a
problem of runs in one suit: memoised on that suit's rank counts (one int), the jolly its
runs absorb and whether it gives the discard, and shared by every hand holding those cards.
The suits are then put together by a small knapsack over the jolly each one absorbs.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ..engine.cards import JOKER, NATURAL_CARDS, Card
from ..engine.rules import Rules
from ._solver_search import INF
from ._solver_tables import meld_knobs, meld_limits, windows

SUIT = 52
"""Bits of one suit in a hand integer (13 ranks, four bits each): suit ``s`` is
``(hand >> (SUIT * s)) & SUIT_MASK``, a rank-count vector with ranks at bits ``4 * r``."""
SUIT_MASK = (1 << SUIT) - 1
LOW = sum(1 << (4 * r) for r in range(13))
"""Bit 0 of every rank field of a suit vector."""
HIGH = LOW << 3
"""Bit 3 of every rank field: where a per-rank sum reaching a threshold shows."""
RANK_LOW = sum(1 << (8 * r) for r in range(13))
"""Bit 0 of every field of a rank-total integer: eight bits per rank, the cards of each rank
(twins included) counted over the suits."""
CACHE_LIMIT = 300_000
"""Most entries a memo keeps before starting afresh: a long simulation meets ever new hands."""

#: Sets of one rank laid together: ``(removed, fewest jolly, most jolly, sets)``, with the
#: natural cards as a hand integer for rank 0 (shift left by ``4 * rank``) and each set as
#: ``(naturals, fewest jolly, most jolly)``.
SetSet = tuple[int, int, int]
SetPlan = tuple[int, int, int, tuple[SetSet, ...]]
_SHIFTS = (0, SUIT, 2 * SUIT, 3 * SUIT)
_RANK_ZERO = sum(15 << shift for shift in _SHIFTS)
"""The fields of rank 0 in every suit of a hand integer."""
_RANK_TOP = RANK_LOW << 7
_RANK_ZERO_LOW = sum(1 << shift for shift in _SHIFTS)
_LOW_ALL = sum(LOW << shift for shift in _SHIFTS)
"""Bit 0 of every field of a hand integer."""
_STARTS = sum(1 << (4 * r + shift) for r in range(11) for shift in _SHIFTS)
"""Bit 0 of the fields where a run of three can start within its suit (ace to jack)."""
_V = TypeVar("_V")


class MeldShapes:
    """The runs of one suit and the sets of one rank, per meld knobs, made as hands ask."""

    __slots__ = (
        "ace_high",
        "addends",
        "distinct",
        "isolated",
        "max_jokers",
        "min_naturals",
        "runs",
        "set_limit",
        "sets",
        "window_masks",
        "wrap",
    )

    def __init__(self, rules: Rules) -> None:
        (
            self.max_jokers,
            self.min_naturals,
            self.distinct,
            self.set_limit,
            self.ace_high,
            self.wrap,
        ) = meld_limits(rules)
        ace_high = self.ace_high
        # For each length and rank, the runs holding that rank as suit vectors (a bit per rank).
        self.window_masks: dict[int, tuple[tuple[int, ...], ...]] = {}
        for n in range(3, 14):
            masks = tuple(
                dict.fromkeys(
                    sum(1 << (4 * (r - 1)) for r in set(w)) for w in windows(n, ace_high, self.wrap)
                )
            )
            self.window_masks[n] = tuple(
                tuple(m for m in masks if (m >> (4 * r)) & 1) for r in range(13)
            )
        # What :meth:`SuitSolver._candidates` adds to the rank totals for 0, 1, 2, 3+ jolly.
        self.addends = tuple(
            (128 - max(3 - min(j, self.max_jokers), self.min_naturals, 1)) * RANK_LOW
            for j in range(4)
        )
        self.runs: dict[int, tuple[tuple[int, int], ...]] = {}
        self.isolated: dict[int, tuple[SetPlan, ...]] = {}
        self.sets: dict[int, tuple[SetPlan, ...]] = {}

    def run_shapes(self, rank: int, present: int, jokers: int) -> tuple[tuple[int, int], ...]:
        """Every run holding ``rank``, the lowest of the suit's ``present`` ranks (a vector of
        bits), with at most ``jokers`` jolly: ``(naturals vector, jolly)``, exactly as many
        jolly as places the naturals leave empty. A card in the run's span may be left out
        for a jolly to take its place: it may be wanted elsewhere (a twin's run)."""
        key = (present << 16) | (rank << 8) | jokers
        shapes = self.runs.get(key)
        if shapes is not None:
            return shapes
        found: dict[tuple[int, int], None] = {}
        own = 1 << (4 * rank)
        held = present.bit_count()
        for n in range(3, min(13, held + jokers) + 1):
            for window in self.window_masks[n][rank]:
                here = window & present
                count = here.bit_count()
                holes = n - count
                if holes > jokers:
                    continue
                others = (
                    [1 << (4 * r) for r in range(13) if (here >> (4 * r)) & 1]
                    if (jokers > holes)
                    else []
                )
                if own in others:
                    others.remove(own)
                for drop in range(min(jokers - holes, len(others)) + 1):
                    if count - drop < self.min_naturals:
                        break
                    for out in itertools.combinations(others, drop):
                        found[(here - sum(out), holes + drop)] = None
        # Longer runs first: a good bound early cuts the rest short.
        shapes = tuple(sorted(found, key=lambda s: (-s[0].bit_count(), s[1])))
        if len(self.runs) >= CACHE_LIMIT:
            self.runs.clear()
        self.runs[key] = shapes
        return shapes

    def runnable(self, hand: int) -> int:
        """The cards of ``hand`` that some run without jolly can hold, as a hand integer of
        bits: those in three places of a run, all held."""
        held = (hand | (hand >> 1) | (hand >> 2)) & _LOW_ALL
        starts = held & (held >> 4) & (held >> 8) & _STARTS
        found = starts | (starts << 4) | (starts << 8)
        if self.ace_high:  # Q-K-A
            aces = held & (held >> 44) & (held >> 48) & _RANK_ZERO_LOW
            found |= aces | (aces << 44) | (aces << 48)
        if self.wrap:  # K-A-2
            aces = held & (held >> 4) & (held >> 48) & _RANK_ZERO_LOW
            found |= aces | (aces << 4) | (aces << 48)
        return found

    def isolated_plans(self, counts: int, d: int) -> tuple[SetPlan, ...]:
        """:meth:`set_plans` without jolly when no card of the rank can be in a run: a way
        that takes fewer cards than another is never better (what it leaves stays in hand),
        unless, with a discard (``d``), the other takes them all and leaves none to throw."""
        key = (counts << 1) | d
        plans = self.isolated.get(key)
        if plans is None:
            every = self.set_plans(counts, 0)

            def within(small: int, large: int) -> bool:
                return all((small >> shift) & 15 <= (large >> shift) & 15 for shift in _SHIFTS)

            plans = tuple(
                plan
                for plan in every
                if not any(
                    other[0] != plan[0]
                    and within(plan[0], other[0])
                    and not (d and other[0] == counts)
                    for other in every
                )
            )
            self.isolated[key] = plans
        return plans

    def set_plans(self, counts: int, jokers: int) -> tuple[SetPlan, ...]:
        """Every way to lay sets from the cards of one rank, ``counts`` (a hand integer for
        rank 0: four bits per suit, ``SUIT`` bits apart), needing at most ``jokers`` jolly. The
        first way lays nothing; of ways that take the same cards, only those whose range of
        jolly no other one covers."""
        key = (counts << 8) | jokers
        plans = self.sets.get(key)
        if plans is not None:
            return plans
        held = [(counts >> (SUIT * s)) & 15 for s in range(4)]
        singles: list[tuple[tuple[int, ...], int, int]] = []
        for amounts in itertools.product(
            *(range(min(c, 1) + 1 if self.distinct else c + 1) for c in held)
        ):
            size = sum(amounts)
            if size < max(1, self.min_naturals) or size > self.set_limit:
                continue
            lo = max(0, 3 - size)
            hi = min(self.max_jokers, self.set_limit - size)
            if lo <= hi and lo <= jokers:
                singles.append((amounts, lo, hi))
        ways: dict[tuple[int, int, int], tuple[SetSet, ...]] = {(0, 0, 0): ()}

        def grow(
            start: int, left: list[int], removed: int, lo: int, hi: int, chosen: tuple[SetSet, ...]
        ) -> None:
            for index in range(start, len(singles)):
                amounts, a, b = singles[index]
                if lo + a > jokers or any(x > y for x, y in zip(amounts, left, strict=True)):
                    continue
                enc = sum(x << (SUIT * s) for s, x in enumerate(amounts))
                now = (*chosen, (enc, a, b))
                key = (removed + enc, lo + a, hi + b)
                ways.setdefault(key, now)
                grow(
                    index,
                    [y - x for x, y in zip(amounts, left, strict=True)],
                    removed + enc,
                    lo + a,
                    hi + b,
                    now,
                )

        grow(0, held, 0, 0, 0, ())
        kept = [
            (r, lo, hi, sets)
            for (r, lo, hi), sets in ways.items()
            if not any(
                r2 == r and lo2 <= lo and hi2 >= hi and (lo2, hi2) != (lo, hi)
                for r2, lo2, hi2 in ways
            )
        ]
        plans = tuple(sorted(kept, key=lambda p: (p[0] != 0, p[1], -p[2])))
        if len(self.sets) >= CACHE_LIMIT:
            self.sets.clear()
        self.sets[key] = plans
        return plans


#: A suit's way for the trace: its runs ``(naturals, jolly)``, the cards left in hand, their
#: weight and the code of the card thrown (-1 for none).
SuitWay = tuple[tuple[tuple[int, int], ...], tuple[Card, ...], int, int]
#: A suit's way in ranks: its runs ``(rank vector, jolly)``, the ranks left in hand, their
#: weight and the rank thrown (-1 for none).
_RankWay = tuple[tuple[tuple[int, int], ...], tuple[int, ...], int, int]
#: What a suit can do with the jolly its runs absorb: ``(jolly, least cost, least cost when
#: it also gives the discard)``, for the counts of jolly it can absorb.
Entries = tuple[tuple[int, int, int], ...]
#: A way to lay a hand: melds ``(naturals, jolly)`` in the order of their lowest card, the
#: cards left in hand in code order (jolly last), their weight, the code of the card thrown
#: (-1 for none, 52 for a jolly).
Way = tuple[Sequence[tuple[int, int]], Sequence[Card], int, int]

_RANKS = 4 * SUIT
"""Where the rank totals start in an encoded hand; the count of jolly starts at ``_JOKERS``."""
_JOKERS = _RANKS + 8 * 13
_ENCODED = (
    *((1 << (4 * code)) | (1 << (_RANKS + 8 * (code % 13))) for code in range(52)),
    1 << _JOKERS,
)
_CODE = operator.attrgetter("code")


def encode_hand(cards: Iterable[Card]) -> tuple[int, int, int]:
    """A hand as ``(naturals integer, number of jolly, rank totals)``, made in one sum: each
    card's code stands for its bits in all three, side by side in one integer."""
    total = sum(map(_ENCODED.__getitem__, map(_CODE, cards)))
    return total & ((1 << _RANKS) - 1), total >> _JOKERS, (total >> _RANKS) & _RANK_MASK


_RANK_MASK = (1 << (8 * 13)) - 1
_NATURALS = (1 << _RANKS) - 1
_RANK_SETS = _RANK_TOP << _RANKS
"""The top bit of every rank total in an encoded hand: where a rank can make a set."""


def encode_total(cards: Iterable[Card]) -> int:
    """:func:`encode_hand`'s one integer, before it is split."""
    return sum(map(_ENCODED.__getitem__, map(_CODE, cards)))


class _Memo(dict[int, _V]):
    """A memo that works out what it lacks: a lookup is one subscript, the hot path's
    cheapest step, and a miss calls ``fill``."""

    __slots__ = ("fill",)

    def __init__(self, fill: Callable[[int], _V]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: int) -> _V:
        value = self.fill(key)
        if len(self) >= CACHE_LIMIT:
            self.clear()
        self[key] = value
        return value


class SuitSolver:
    """The exact search for one set of meld knobs and one weighing of the cards."""

    __slots__ = (
        "arrays",
        "gains",
        "joker_weight",
        "ones",
        "plain",
        "plain_ways",
        "rank_ways",
        "set_test",
        "shapes",
        "suits",
    )

    def __init__(self, shapes: MeldShapes, weights: Sequence[int]) -> None:
        self.shapes = shapes
        # Added to an encoded hand, shows a rank with enough cards for a set without jolly.
        self.set_test = shapes.addends[0] << _RANKS
        self.joker_weight = weights[52]
        # Per suit: its weights by rank, its memos of costs and entries (shared by the suits
        # weighed alike: all of them, under every preset) and of ways (in its own cards).
        memos: dict[tuple[int, ...], tuple[dict[int, int], dict[int, Entries]]] = {}
        self.suits: tuple[
            tuple[tuple[int, ...], dict[int, int], dict[int, SuitWay], dict[int, Entries]], ...
        ] = tuple(
            (w, memos.setdefault(w, ({}, {}))[0], {}, memos[w][1])
            for w in (tuple(weights[13 * s : 13 * s + 13]) for s in range(4))
        )
        # Without jolly, the hot path: a suit vector's cost, what a discard from that suit
        # takes off it, and its way, keyed by the vector alone.
        plain: dict[tuple[int, ...], _Memo[int]] = {}
        gains: dict[tuple[int, ...], _Memo[int]] = {}
        self.plain = tuple(
            plain.setdefault(w, _Memo(functools.partial(self._cost, t=0, d=0, w=w, memo=memo)))
            for w, memo, _, _ in self.suits
        )
        self.gains = tuple(
            gains.setdefault(w, _Memo(functools.partial(self._gain, s=s)))
            for s, (w, _, _, _) in enumerate(self.suits)
        )
        # A suit's ways in ranks (its runs as rank vectors, the ranks left and thrown), shared
        # by the suits weighed alike: each suit's own memo of ways is made from them.
        rank_ways: dict[tuple[int, ...], dict[int, _RankWay]] = {}
        self.rank_ways = tuple(rank_ways.setdefault(w, {}) for w, _, _, _ in self.suits)
        self.plain_ways = tuple(
            _Memo(functools.partial(self._way, t=0, d=0, suit=s)) for s in range(4)
        )
        arrays: dict[tuple[int, ...], dict[int, tuple[list[int], list[int], bool]]] = {}
        self.arrays = tuple(arrays.setdefault(w, {}) for w, _, _, _ in self.suits)
        ones: dict[tuple[int, ...], _Memo[tuple[int, int, int, int]]] = {}
        self.ones = tuple(
            ones.setdefault(w, _Memo(functools.partial(self._one, w=w, memo=memo)))
            for w, memo, _, _ in self.suits
        )

    # --- one suit, runs only ---

    def _cost(self, v: int, t: int, d: int, w: tuple[int, ...], memo: dict[int, int]) -> int:
        """The least weight left of suit vector ``v`` when its runs absorb exactly ``t``
        jolly, less the weight of one card thrown if ``d`` (``>= INF``: no such way)."""
        key = (v << 8) | (t << 1) | d
        value = memo.get(key)
        if value is not None:
            return value
        if not v:
            value = INF if t or d else 0
        else:
            # The lowest card is left, thrown or laid in a run where it is the lowest held.
            shift = ((v & -v).bit_length() - 1) & ~3
            rank = shift >> 2
            rest = v - (1 << shift)
            value = w[rank] + self._cost(rest, t, d, w, memo)
            if d and value:
                other = self._cost(rest, t, 0, w, memo)
                if other < value:
                    value = other
            if value:
                most = self.shapes.max_jokers
                present = (v | (v >> 1) | (v >> 2)) & LOW
                for enc, k in self.shapes.run_shapes(rank, present, t if t < most else most):
                    found = self._cost(v - enc, t - k, d, w, memo)
                    if found < value:
                        value = found
                        if not value:
                            break
        if len(memo) >= CACHE_LIMIT:
            memo.clear()  # safe mid-search: what is lost is worked out again
        memo[key] = value
        return value

    def _way(self, v: int, t: int, d: int, suit: int) -> SuitWay:
        """A least-cost way of :meth:`_cost` in ``suit``'s own cards."""
        w, memo, ways, _ = self.suits[suit]
        key = (v << 8) | (t << 1) | d
        way = ways.get(key)
        if way is not None:
            return way
        shared = self.rank_ways[suit]
        found = shared.get(key)
        if found is None:
            found = self._rank_way(v, t, d, w, memo)
            if len(shared) >= CACHE_LIMIT:
                shared.clear()
            shared[key] = found
        runs, ranks, weight, thrown = found
        shift = SUIT * suit
        base = 13 * suit
        if len(ways) >= CACHE_LIMIT:
            ways.clear()
        way = ways[key] = (
            tuple([(enc << shift, k) for enc, k in runs]) if shift else runs,
            tuple([NATURAL_CARDS[base + r] for r in ranks]),
            weight,
            -1 if thrown < 0 else base + thrown,
        )
        return way

    def _rank_way(
        self, v: int, t: int, d: int, w: tuple[int, ...], memo: dict[int, int]
    ) -> _RankWay:
        """A least-cost way of :meth:`_cost` for suit vector ``v`` weighed ``w``, in ranks."""
        runs: list[tuple[int, int]] = []
        kept: list[int] = []
        weight = 0
        thrown = -1
        most = self.shapes.max_jokers
        while v:
            value = self._cost(v, t, d, w, memo)
            shift = ((v & -v).bit_length() - 1) & ~3
            rank = shift >> 2
            rest = v - (1 << shift)
            if w[rank] + self._cost(rest, t, d, w, memo) == value:
                kept.append(rank)
                weight += w[rank]
                v = rest
                continue
            if d and self._cost(rest, t, 0, w, memo) == value:
                thrown = rank
                v, d = rest, 0
                continue
            present = (v | (v >> 1) | (v >> 2)) & LOW
            for enc, k in self.shapes.run_shapes(rank, present, t if t < most else most):
                if self._cost(v - enc, t - k, d, w, memo) == value:
                    runs.append((enc, k))
                    v, t = v - enc, t - k
                    break
            else:  # pragma: no cover - a value always comes from one of its options
                raise AssertionError("suit trace lost its way")
        return tuple(runs), tuple(kept), weight, thrown

    def _entries(self, v: int, jokers: int, d: int, suit: int) -> Entries:
        """:meth:`_cost` of suit vector ``v`` for every count of jolly up to ``jokers``, where
        some way exists: ``(t, cost, cost with a discard)``."""
        w, memo, _, entries = self.suits[suit]
        key = (v << 8) | (jokers << 1) | d
        found = entries.get(key)
        if found is None:
            out = []
            for t in range(jokers + 1):
                a = self._cost(v, t, 0, w, memo)
                b = self._cost(v, t, 1, w, memo) if d else INF
                if a < INF or b < INF:
                    out.append((t, min(a, INF), min(b, INF)))
            found = tuple(out)
            if len(entries) >= CACHE_LIMIT:
                entries.clear()
            entries[key] = found
        return found

    # --- the whole hand ---

    def _candidates(
        self, hand: int, jokers: int, ranks: int, d: int = 0
    ) -> list[tuple[int, tuple[SetPlan, ...]]]:
        """The ranks that can make a set, as ``(4 * rank, ways to lay sets of that rank)``."""
        shapes = self.shapes
        # The ranks with enough cards for the jolly to make up the rest (twins counted, so a
        # few more than can make a set of distinct suits): adding 128 - need to each 8-bit
        # field shows in its top bit where the field reaches need.
        mask = (ranks + shapes.addends[jokers if jokers < 3 else 3]) & _RANK_TOP
        found = []
        sets = shapes.sets
        runnable = -1
        while mask:
            bit = mask & -mask
            mask -= bit
            shift = (bit.bit_length() - 8) >> 1
            counts = (hand >> shift) & _RANK_ZERO
            plans = sets.get((counts << 8) | jokers)
            if plans is None:
                plans = shapes.set_plans(counts, jokers)
            if not jokers and len(plans) > 2:
                if runnable < 0:
                    runnable = shapes.runnable(hand)
                if not (runnable >> shift) & _RANK_ZERO:
                    plans = shapes.isolated_plans(counts, d)
            if len(plans) > 1 or plans[0][0]:  # a choice, or one way that lays a set
                found.append((shift, plans))
        return found

    def _zero(self, hand: int, d: int) -> int:
        """The least cost of ``hand`` left to runs, with no jolly."""
        p0, p1, p2, p3 = self.plain
        v0 = hand & SUIT_MASK
        v1 = (hand >> SUIT) & SUIT_MASK
        v2 = (hand >> (2 * SUIT)) & SUIT_MASK
        v3 = hand >> (3 * SUIT)
        total = p0[v0] + p1[v1] + p2[v2] + p3[v3]
        if d:
            g0, g1, g2, g3 = self.gains
            return total + min(g0[v0], g1[v1], g2[v2], g3[v3])
        return total

    def _gain(self, v: int, s: int) -> int:
        """What a discard from suit ``s`` (vector ``v``) takes off its cost, without jolly."""
        w, memo, _, _ = self.suits[s]
        return self._cost(v, 0, 1, w, memo) - self._cost(v, 0, 0, w, memo)

    def _one(self, key: int, w: tuple[int, ...], memo: dict[int, int]) -> tuple[int, int, int, int]:
        """For one jolly: suit vector ``key >> 1``'s cost with no jolly and no discard, and
        what absorbing the jolly, giving the discard (if ``key & 1``), or both add to it."""
        v = key >> 1
        a0 = self._cost(v, 0, 0, w, memo)
        a1 = min(self._cost(v, 1, 0, w, memo), INF)
        if not key & 1:
            return a0, a1 - a0, INF, INF
        b0 = min(self._cost(v, 0, 1, w, memo), INF)
        b1 = min(self._cost(v, 1, 1, w, memo), INF)
        return a0, a1 - a0, b0 - a0, b1 - a0

    def _knapsack(self, hand: int, jokers: int, lo: int, hi: int, d: int) -> int:
        """The value of :meth:`_combine`, worked out with lists: the hot path with jolly."""
        plain: list[int] = []
        thrown: list[int] = []
        if jokers == 1:
            # The common case, in closed form: each suit's cost without the jolly, plus the
            # least that the suit taking the jolly and the suit giving the discard add.
            o0, o1, o2, o3 = self.ones
            a0, j0, t0, u0 = o0[((hand & SUIT_MASK) << 1) | d]
            a1, j1, t1, u1 = o1[(((hand >> SUIT) & SUIT_MASK) << 1) | d]
            a2, j2, t2, u2 = o2[(((hand >> (2 * SUIT)) & SUIT_MASK) << 1) | d]
            a3, j3, t3, u3 = o3[((hand >> (3 * SUIT)) << 1) | d]
            base = a0 + a1 + a2 + a3
            plain = [base, base + min(j0, j1, j2, j3)]
            if d:
                thrown = [
                    base + min(t0, t1, t2, t3),
                    base
                    + min(
                        u0,
                        u1,
                        u2,
                        u3,
                        j0 + min(t1, t2, t3),
                        j1 + min(t0, t2, t3),
                        j2 + min(t0, t1, t3),
                        j3 + min(t0, t1, t2),
                    ),
                ]
            else:
                thrown = plain
        else:
            plain, thrown = self._lists(hand, jokers, d)
        jw = self.joker_weight
        best = INF
        for x in range(jokers - lo + 1):
            rem = jokers - x
            u = hi if hi < rem else rem
            left = rem - u
            if d:
                cost = thrown[x] + jw * left
                if left:
                    other = plain[x] + jw * (left - 1)
                elif u > lo:
                    other = plain[x]
                else:
                    other = INF
                if other < cost:
                    cost = other
            else:
                cost = plain[x] + jw * left
            if cost < best:
                best = cost
        return best

    def _lists(self, hand: int, jokers: int, d: int) -> tuple[list[int], list[int]]:
        """Per count of jolly absorbed by runs, the least cost over the suits, without and
        with the discard made: a knapsack over the suits."""
        arrays = self.arrays
        plain: list[int] = []
        thrown: list[int] = []
        for s in range(4):
            v = hand & SUIT_MASK
            hand >>= SUIT
            key = (v << 8) | (jokers << 1) | d
            found = arrays[s].get(key)
            if found is None:
                found = self._arrays(v, jokers, d, s, key)
            a, b, flexible = found
            if not s:
                plain = list(a)
                thrown = list(b)
            elif not flexible:
                # The suit's runs can absorb no jolly: a shift of every count.
                a0 = a[0]
                if d:
                    b0 = b[0]
                    thrown = [
                        g + a0 if g + a0 < f + b0 else f + b0
                        for f, g in zip(plain, thrown, strict=True)
                    ]
                plain = [f + a0 for f in plain]
            else:
                size = jokers + 1
                next_plain = [INF] * size
                next_thrown = [INF] * size
                for t in range(size):
                    at, bt = a[t], b[t]
                    if at >= INF and bt >= INF:
                        continue
                    for x in range(size - t):
                        y = x + t
                        c = plain[x] + at
                        if c < next_plain[y]:
                            next_plain[y] = c
                        if d:
                            c = plain[x] + bt
                            if c < next_thrown[y]:
                                next_thrown[y] = c
                            c = thrown[x] + at
                            if c < next_thrown[y]:
                                next_thrown[y] = c
                plain, thrown = next_plain, next_thrown
        return plain, thrown

    def _arrays(
        self, v: int, jokers: int, d: int, s: int, key: int
    ) -> tuple[list[int], list[int], bool]:
        """:meth:`_cost` of suit vector ``v`` for each count of jolly up to ``jokers``, with
        and without a discard, and whether the suit's runs can absorb any jolly."""
        w, memo, _, _ = self.suits[s]
        a = [min(self._cost(v, t, 0, w, memo), INF) for t in range(jokers + 1)]
        b = [min(self._cost(v, t, 1, w, memo), INF) for t in range(jokers + 1)] if d else a
        flexible = any(x < INF for x in a[1:]) or any(x < INF for x in b[1:])
        arrays = self.arrays[s]
        if len(arrays) >= CACHE_LIMIT:
            arrays.clear()
        found = arrays[key] = (a, b, flexible)
        return found

    def _combine(
        self, hand: int, jokers: int, lo: int, hi: int, d: int, out: list[int] | None
    ) -> int:
        """The knapsack of the jolly over the suits and the sets. With ``out``, the way is
        written there: each suit's jolly and discard flag, then the sets' jolly and whether
        a jolly is thrown."""
        # Per suit and flag (discard made or not), how each count of jolly was reached.
        stages: list[tuple[dict[int, tuple[int, int, int]], dict[int, tuple[int, int, int]]]]
        stages = []
        plain: dict[int, int] = {0: 0}
        thrown: dict[int, int] = {}
        for s in range(4):
            entries = self._entries((hand >> _SHIFTS[s]) & SUIT_MASK, jokers, d, s)
            next_plain: dict[int, int] = {}
            next_thrown: dict[int, int] = {}
            back_plain: dict[int, tuple[int, int, int]] = {}
            back_thrown: dict[int, tuple[int, int, int]] = {}
            for x, fx in plain.items():
                for t, a, b in entries:
                    y = x + t
                    if y > jokers:
                        break
                    c = fx + a
                    if c < next_plain.get(y, INF):
                        next_plain[y] = c
                        back_plain[y] = (x, t, 0)
                    if d:
                        c = fx + b
                        if c < next_thrown.get(y, INF):
                            next_thrown[y] = c
                            back_thrown[y] = (x, t, 0)
            for x, gx in thrown.items():
                for t, a, _ in entries:
                    y = x + t
                    if y > jokers:
                        break
                    c = gx + a
                    if c < next_thrown.get(y, INF):
                        next_thrown[y] = c
                        back_thrown[y] = (x, t, 1)
            plain, thrown = next_plain, next_thrown
            stages.append((back_plain, back_thrown))
        jw = self.joker_weight
        best = INF
        pick = (0, 0, 0, 0)  # (absorbed by runs, flag, absorbed by sets, jolly thrown)
        for flag, table in ((0, plain), (1, thrown)):
            for x, fx in table.items():
                rem = jokers - x
                if rem < lo:
                    continue
                u = min(hi, rem)
                left = rem - u
                if d and not flag:
                    # Throw a jolly left over; with none left, take one back from the sets.
                    if not left:
                        if u == lo:
                            continue
                        u -= 1
                        left = 1
                    cost = fx + jw * (left - 1)
                    jolly = 1
                else:
                    cost = fx + jw * left
                    jolly = 0
                if cost < best:
                    best = cost
                    pick = (x, flag, u, jolly)
        if out is not None and best < INF:
            x, flag, u, jolly = pick
            per_suit: list[int] = []
            for s in range(3, -1, -1):
                back_plain, back_thrown = stages[s]
                before, t, flag_before = (back_thrown if flag else back_plain)[x]
                per_suit[:0] = [t, int(flag and not flag_before)]
                x, flag = before, flag_before
            out.extend(per_suit)
            out.extend((u, jolly))
        return best

    def value(self, total: int, d: int) -> int:
        """:meth:`solve`'s least weight alone, from the one integer :func:`encode_hand` sums
        (a hand without jolly or sets to choose goes straight to its suits' memos)."""
        hand = total & _NATURALS
        if total >> _JOKERS or (total + self.set_test) & _RANK_SETS:
            return self.solve(
                hand, total >> _JOKERS, (total >> _RANKS) & _RANK_MASK, bool(d), False
            )[0]
        if d and not hand:
            return INF
        p0, p1, p2, p3 = self.plain
        v0 = hand & SUIT_MASK
        v1 = (hand >> SUIT) & SUIT_MASK
        v2 = (hand >> (2 * SUIT)) & SUIT_MASK
        v3 = hand >> (3 * SUIT)
        if d:
            g0, g1, g2, g3 = self.gains
            return p0[v0] + p1[v1] + p2[v2] + p3[v3] + min(g0[v0], g1[v1], g2[v2], g3[v3])
        return p0[v0] + p1[v1] + p2[v2] + p3[v3]

    def solve(
        self, hand: int, jokers: int, ranks: int, discard: bool, trace: bool
    ) -> tuple[int, Way | None]:
        """The least weight left in hand (``>= INF``: no way), and with ``trace`` a way to
        reach it."""
        d = int(discard)
        if d and not hand and not jokers:
            return INF, None
        candidates = self._candidates(hand, jokers, ranks, d)
        best = INF
        chosen: tuple[tuple[int, SetPlan], ...] = ()
        if not jokers:
            if not candidates:
                if trace:
                    return self._plain(hand, d)
                best = self._zero(hand, d)
            else:
                # Every choice of sets, rank by rank (no jolly: sets alone, no knapsack). Each
                # choice is the cards it takes (no two ways of a rank take the same cards).
                removals = [[plan[0] << shift for plan in plans] for shift, plans in candidates]
                p0, p1, p2, p3 = self.plain
                g0, g1, g2, g3 = self.gains
                taken: tuple[int, ...] = ()
                for combo in itertools.product(*removals):
                    h = hand - sum(combo)
                    v0 = h & SUIT_MASK
                    v1 = (h >> SUIT) & SUIT_MASK
                    v2 = (h >> (2 * SUIT)) & SUIT_MASK
                    v3 = h >> (3 * SUIT)
                    cost = p0[v0] + p1[v1] + p2[v2] + p3[v3]
                    if d:
                        cost += min(g0[v0], g1[v1], g2[v2], g3[v3])
                    if cost < best:
                        best, taken = cost, combo
                        if not best:
                            break
                if not trace:
                    return best, None
                chosen = tuple(
                    (shift, plans[options.index(removed)])
                    for (shift, plans), options, removed in zip(
                        candidates, removals, taken, strict=True
                    )
                )
        else:
            if not trace:
                return self._sets_value(hand, jokers, d, candidates), None
            # Every choice of sets, rank by rank, within the jolly held.
            stack: list[tuple[int, int, int, int, tuple[tuple[int, SetPlan], ...]]]
            stack = [(0, hand, 0, 0, ())]
            last = len(candidates)
            while stack:
                i, h, lo, hi, picked = stack.pop()
                if i == last:
                    cost = self._knapsack(h, jokers, lo, hi, d)
                    if cost < best:
                        best, chosen = cost, picked
                        if not best:
                            break
                    continue
                shift, plans = candidates[i]
                # Pushed in reverse, so popped in order: among ways that cost the same,
                # the first found (fewer sets, fewer jolly) is kept.
                for plan in reversed(plans):
                    if lo + plan[1] <= jokers:
                        stack.append(
                            (
                                i + 1,
                                h - (plan[0] << shift),
                                lo + plan[1],
                                hi + plan[2],
                                (*picked, (shift, plan)),
                            )
                        )
        if best >= INF or not trace:
            return best, None
        if not jokers:
            melds: list[tuple[int, int]] = []
            for shift, (removed, _, _, sets) in chosen:
                hand -= removed << shift
                melds.extend((enc << shift, 0) for enc, _, _ in sets)
            return self._plain(hand, d, melds)
        return best, self._trace(hand, jokers, d, chosen)

    def _sets_value(
        self, hand: int, jokers: int, d: int, candidates: list[tuple[int, tuple[SetPlan, ...]]]
    ) -> int:
        """:meth:`solve`'s search over the sets with jolly, for the value alone."""
        if not candidates:
            return self._knapsack(hand, jokers, 0, 0, d)
        best = INF
        knapsack = self._knapsack
        stack = [(0, hand, 0, 0)]
        last = len(candidates)
        while stack:
            i, h, lo, hi = stack.pop()
            if i == last:
                cost = knapsack(h, jokers, lo, hi, d)
                if cost < best:
                    best = cost
                    if not best:
                        break
                continue
            shift, plans = candidates[i]
            for removed, a, b, _ in reversed(plans):
                if lo + a <= jokers:
                    stack.append((i + 1, h - (removed << shift), lo + a, hi + b))
        return best

    def _plain(
        self, hand: int, d: int, melds: list[tuple[int, int]] | None = None
    ) -> tuple[int, Way]:
        """The way of ``hand`` left to runs with no jolly, after the sets ``melds``."""
        p0, p1, p2, p3 = self.plain_ways
        v = (
            hand & SUIT_MASK,
            (hand >> SUIT) & SUIT_MASK,
            (hand >> (2 * SUIT)) & SUIT_MASK,
            hand >> (3 * SUIT),
        )
        ways = [p0[v[0]], p1[v[1]], p2[v[2]], p3[v[3]]]
        if d:
            thrower = self._thrower(hand)
            ways[thrower] = self._way(v[thrower], 0, 1, thrower)
        w0, w1, w2, w3 = ways
        runs: Sequence[tuple[int, int]] = w0[0] + w1[0] + w2[0] + w3[0]
        if melds:
            runs = (*melds, *runs)
        if len(runs) > 1:
            runs = sorted(runs, key=_lowest)
        weight = w0[2] + w1[2] + w2[2] + w3[2]
        discard = max(w0[3], w1[3], w2[3], w3[3])
        way = (runs, w0[1] + w1[1] + w2[1] + w3[1], weight, discard)
        return (INF if d and discard < 0 else weight), way

    def _thrower(self, hand: int) -> int:
        """Without jolly, the suit where a discard takes the most off (the first of equals)."""
        gains = [g[(hand >> (SUIT * s)) & SUIT_MASK] for s, g in enumerate(self.gains)]
        return gains.index(min(gains))

    def _trace(
        self, hand: int, jokers: int, d: int, chosen: tuple[tuple[int, SetPlan], ...]
    ) -> Way:
        lo = hi = 0
        for shift, (removed, a, b, _) in chosen:
            hand -= removed << shift
            lo += a
            hi += b
        out: list[int] = []
        if jokers:
            self._combine(hand, jokers, lo, hi, d, out)
        else:
            out = [0] * 10
            if d:
                out[2 * self._thrower(hand) + 1] = 1
        melds: list[tuple[int, int]] = []
        extra = out[8] - lo
        for shift, (_, _, _, sets) in chosen:
            for enc, a, b in sets:
                give = min(extra, b - a)
                extra -= give
                melds.append((enc << shift, a + give))
        deadwood: list[Card] = []
        weight = 0
        discard = -1
        for s in range(4):
            v = (hand >> _SHIFTS[s]) & SUIT_MASK
            runs, kept, kept_weight, thrown = self._way(v, out[2 * s], out[2 * s + 1], s)
            melds.extend(runs)
            deadwood.extend(kept)  # suit by suit, rank by rank: in code order
            weight += kept_weight
            if thrown >= 0:
                discard = thrown
        if jokers:
            left = jokers - out[0] - out[2] - out[4] - out[6] - out[8]
            if out[9]:
                discard = 52
                left -= 1
            deadwood.extend([JOKER] * left)
            weight += self.joker_weight * left
        if len(melds) > 1:
            melds.sort(key=_lowest)
        return melds, deadwood, weight, discard


def _lowest(meld: tuple[int, int]) -> int:
    return meld[0] & -meld[0]


# The shapes and searches of each set of meld knobs: safe across threads (the server's
# computer players share them), being keyed by frozen values and holding memos of answers
# that never go stale; two threads may both build one, and either serves.
_SHAPES: dict[tuple[object, ...], MeldShapes] = {}
_SOLVERS: dict[tuple[tuple[object, ...], tuple[int, ...]], SuitSolver] = {}


def suit_solver(rules: Rules, weights: tuple[int, ...]) -> SuitSolver:
    """The search for ``rules``' meld knobs and ``weights`` (card code 52 = jolly), made once:
    rules that differ in other knobs (scoring, opening, turns) share shapes and memos."""
    knobs = meld_knobs(rules)
    solver = _SOLVERS.get((knobs, weights))
    if solver is None:
        shapes = _SHAPES.get(knobs)
        if shapes is None:
            shapes = _SHAPES[knobs] = MeldShapes(rules)
        if len(_SOLVERS) >= 64:
            _SOLVERS.clear()
        solver = _SOLVERS[(knobs, weights)] = SuitSolver(shapes, weights)
    return solver
