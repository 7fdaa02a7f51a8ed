"""The solver's two exact searches over the ways of laying a hand, memoised on what is left.

Both take the lowest card left and either leave it in hand, throw it (once, when a discard is
asked for) or lay it in one of the melds that hold it as their lowest card, so every way of
laying the hand is met exactly once per order-free choice of melds.

- :func:`capacity_search`: each meld takes its fewest jolly and adds its spare room to a
  running capacity; the jolly left at the end go into that room. No points. The suit-by-suit
  search of :mod:`._solver_suits` replaced it in the solver; it stays as the independent
  reference the tests hold that one to, on hands too big for a brute force.
- :func:`explicit_search`: every count of jolly per meld, opening points and a threshold still
  to reach, and cards attached to melds already on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ._solver_tables import GUARD, CapacityShape, Tables, decode

INF = 1 << 40
"""The cost of a way that does not exist (a threshold missed, no card left to throw)."""


@dataclass(slots=True)
class Plan:
    """One optimal way, read back from a search: what is laid, left in hand and thrown."""

    melds: list[tuple[int, int]] = field(default_factory=list)
    """Melds as ``(naturals integer, number of jolly)``."""
    deadwood: list[int] = field(default_factory=list)
    """Codes of the cards left in hand (52 for a jolly)."""
    discard: int | None = None
    """Code of the card thrown, if one was asked for."""
    attached: list[tuple[int, int]] = field(default_factory=list)
    """``(table meld index, option index)`` of the attachments chosen."""
    points: int = 0
    """Opening points of the melds and counted attachments (explicit search only)."""


def capacity_search(
    tables: Tables,
    weights: Sequence[int],
    hand: int,
    jokers: int,
    discard: bool,
    *,
    trace: bool = True,
) -> tuple[int, Plan]:
    """The least weight of the cards left in hand, and a way to reach it.

    ``weights`` gives each card code (52 = jolly) its weight; with ``discard`` one card is
    thrown first (it weighs nothing), and a hand with nothing to throw has no way. Without
    ``trace`` only the weight is worked out."""
    # The memo key packs the hand, the jolly left, the room and the discard flag in one int
    # (jolly and room under 128): cheaper to hash than a tuple of them. ``route`` keeps, for
    # each state, the step that reached its value, so the way is read back without search.
    memo: dict[int, int] = {}
    route: dict[int, _Step] = {}
    key_mask = tables.key_mask
    max_jokers = tables.max_jokers
    cache = tables._capacity
    shapes_for = tables.capacity_shapes
    seg_mask, seg_low, bounded = tables.seg_mask, tables.seg_low, tables.bounded
    key_low, distinct = tables.key_low, tables.distinct
    joker_weight = weights[52]

    def left_over(j: int, cap: int, d: int) -> int:
        # The jolly left go into the room the melds still have; one may be thrown.
        if d:
            return INF if not j else max(0, j - 1 - cap) * joker_weight
        return max(0, j - cap) * joker_weight

    def go(h: int, j: int, cap: int, d: int) -> int:
        key = (h << 16) | (j << 8) | (cap << 1) | d
        value = memo.get(key)
        if value is not None:
            return value
        # Cards that no meld of what is left can hold stay in hand without branching; of
        # them, only the costliest is worth throwing.
        kept = 0
        top = -1
        top_code = -1
        while h:
            code = ((h & -h).bit_length() - 1) >> 2
            shift = code << 2
            jc = j if j < max_jokers else max_jokers
            # The key of the card's melds: counts matter only for sets of any suits; the
            # suit above the card only as far as the jolly can bridge its gaps. Fewer keys,
            # so the shapes are found already made.
            near = (h >> shift) & key_mask[code]
            if distinct:
                near = (near | (near >> 1) | (near >> 2)) & key_low[code]
                present = near & seg_low[code]
            else:
                present = near & seg_mask[code]
                near -= present
                present = (present | (present >> 1) | (present >> 2)) & seg_low[code]
                near += present
            if present and bounded[code]:
                holes = seg_low[code] ^ present
                for _ in range(jc):
                    holes &= holes - 1
                if holes:
                    near -= present & -(holes & -holes)
            shapes = cache.get((near << 14) | (code << 8) | jc)
            if shapes is None:
                shapes = shapes_for(code, near, jc)
            if shapes:
                break
            w = weights[code]
            kept += w
            if w > top:
                top = w
                top_code = code
            h -= 1 << shift
        else:
            value = left_over(j, cap, d)
            thrown = -1
            if d and top >= 0:
                other = left_over(j, cap, 0) - top
                if other < value:
                    value, thrown = other, top_code
            memo[key] = value + kept
            route[key] = (_PEEL, thrown, (), 0)
            return value + kept
        if top >= 0:
            value = go(h, j, cap, d)
            thrown = -1
            if d:
                other = go(h, j, cap, 0) - top
                if other < value:
                    value, thrown = other, top_code
            memo[key] = value + kept
            route[key] = (_PEEL, thrown, (), h)
            return value + kept
        rest = h - (1 << shift)
        value = weights[code] + go(rest, j, cap, d)
        step = _KEEP
        if d and value:
            other = go(rest, j, cap, 0)
            if other < value:
                value, step = other, _THROW
        if value:
            for index, (enc, need, spare) in enumerate(shapes):
                nj = j - need
                nc = cap + spare
                if nc > nj:
                    nc = nj
                found = go(h - enc, nj, nc, d)
                if found < value:
                    value, step = found, index
                    if not value:
                        break
        memo[key] = value
        route[key] = (step, code, shapes, 0)
        return value

    best = go(hand, jokers, 0, int(discard))
    if best >= INF or not trace:
        return best, Plan()
    return best, _trace_capacity(route, hand, jokers, int(discard))


# Steps in a route: peel the cards no meld holds (down to a hand, maybe throwing the
# costliest of them), keep the lowest card, throw it, or (>= 0) lay it in that meld of its list.
_Step = tuple[int, int, tuple[CapacityShape, ...], int]
_PEEL = -3
_KEEP = -2
_THROW = -1


def _key(h: int, j: int, cap: int, d: int) -> int:
    return (h << 16) | (j << 8) | (cap << 1) | d


def _trace_capacity(route: dict[int, _Step], h: int, j: int, d: int) -> Plan:
    """Read the optimal way back from the route of :func:`capacity_search`."""
    plan = Plan()
    spares: list[int] = []
    cap = 0
    while True:
        step, code, shapes, after = route[_key(h, j, cap, d)]
        if step == _PEEL:
            peeled = [c.code for c in decode(h - after)]
            if code >= 0:
                peeled.remove(code)
                plan.discard = code
                d = 0
            plan.deadwood.extend(peeled)
            h = after
            if not h:
                break
        elif step == _KEEP:
            plan.deadwood.append(code)
            h -= 1 << (code << 2)
        elif step == _THROW:
            plan.discard = code
            h -= 1 << (code << 2)
            d = 0
        else:
            enc, need, spare = shapes[step]
            plan.melds.append((enc, need))
            spares.append(spare)
            j -= need
            cap = min(cap + spare, j)
            h -= enc
    if d:
        plan.discard = 52
        j -= 1
    extra = min(j, cap)
    plan.deadwood.extend([52] * (j - extra))
    # Hand the spare jolly out to the melds with room, in order.
    for i, spare in enumerate(spares):
        give = min(spare, extra)
        if give:
            enc, need = plan.melds[i]
            plan.melds[i] = (enc, need + give)
            extra -= give
    return plan


#: An attachment option for one table meld: natural cards (a hand integer), jolly, opening
#: points it adds, and the lowest natural card's code (-1 for jolly alone).
AttachOption = tuple[int, int, int, int]


def explicit_search(
    tables: Tables,
    weights: Sequence[int],
    hand: int,
    jokers: int,
    discard: bool,
    need: int = 0,
    attach_options: Sequence[Sequence[AttachOption]] = (),
) -> tuple[int, Plan]:
    """As :func:`capacity_search`, with every jolly count tried, an opening threshold ``need``
    to reach with the melds' points, and ``attach_options[i]``: what may be attached to
    table meld ``i`` (one option per table meld)."""
    memo: dict[tuple[int, int, int, int, int], int] = {}
    key_mask = tables.key_mask
    max_jokers = tables.max_jokers
    joker_weight = weights[52]
    by_lowest: dict[int, list[tuple[int, int, AttachOption]]] = {}
    for number, options in enumerate(attach_options):
        for index, option in enumerate(options):
            if option[3] >= 0:
                by_lowest.setdefault(option[3], []).append((number, index, option))
    base_memo: dict[tuple[int, int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}

    def base(j: int, used: int, want: int, d: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Jolly left: attach some alone to table melds still free, maybe throw one."""
        key = (j, used, want, d)
        known = base_memo.get(key)
        if known is not None:
            return known
        best: tuple[int, tuple[tuple[int, int], ...]] = (INF, ())

        def walk(i: int, j: int, want: int, chosen: tuple[tuple[int, int], ...]) -> None:
            nonlocal best
            if i == len(attach_options):
                if want <= 0 and j >= d:
                    cost = (j - d) * joker_weight
                    if cost < best[0]:
                        best = (cost, chosen)
                return
            walk(i + 1, j, want, chosen)
            if not (used >> i) & 1:
                for index, (enc, k, points, _) in enumerate(attach_options[i]):
                    if not enc and k <= j:
                        walk(i + 1, j - k, want - points, (*chosen, (i, index)))

        walk(0, j, want, ())
        base_memo[key] = best
        return best

    def go(h: int, j: int, used: int, want: int, d: int) -> int:
        key = (h, j, used, want, d)
        value = memo.get(key)
        if value is not None:
            return value
        if not h:
            value = base(j, used, want, d)[0]
            memo[key] = value
            return value
        code = ((h & -h).bit_length() - 1) >> 2
        shift = code << 2
        rest = h - (1 << shift)
        value = weights[code] + go(rest, j, used, want, d)
        if d and value:
            value = min(value, go(rest, j, used, want, 0))
        if value:
            jc = min(j, max_jokers)
            for enc, k, points, _ in tables.explicit_shapes(
                code, (h >> shift) & key_mask[code], jc
            ):
                found = go(h - enc, j - k, used, max(0, want - points), d)
                if found < value:
                    value = found
                    if not value:
                        break
        if value:
            guarded = h | GUARD
            for number, _, (enc, k, points, _) in by_lowest.get(code, ()):
                if (used >> number) & 1 or k > j or ((guarded - enc) & GUARD) != GUARD:
                    continue
                found = go(h - enc, j - k, used | (1 << number), max(0, want - points), d)
                if found < value:
                    value = found
                    if not value:
                        break
        memo[key] = value
        return value

    best = go(hand, jokers, 0, need, int(discard))
    if best >= INF:
        return best, Plan()
    plan = Plan()
    h, j, used, want, d = hand, jokers, 0, need, int(discard)
    while h:
        value = memo[(h, j, used, want, d)]
        code = ((h & -h).bit_length() - 1) >> 2
        shift = code << 2
        rest = h - (1 << shift)
        if weights[code] + memo.get((rest, j, used, want, d), INF) == value:
            plan.deadwood.append(code)
            h = rest
            continue
        if d and memo.get((rest, j, used, want, 0)) == value:
            plan.discard = code
            h, d = rest, 0
            continue
        moved = False
        for enc, k, points, _ in tables.explicit_shapes(
            code, (h >> shift) & key_mask[code], min(j, max_jokers)
        ):
            child = (h - enc, j - k, used, max(0, want - points), d)
            if memo.get(child) == value:
                plan.melds.append((enc, k))
                plan.points += points
                h, j, used, want, d = child
                moved = True
                break
        if moved:
            continue
        guarded = h | GUARD
        for number, index, (enc, k, points, _) in by_lowest.get(code, ()):
            if (used >> number) & 1 or k > j or ((guarded - enc) & GUARD) != GUARD:
                continue
            child = (h - enc, j - k, used | (1 << number), max(0, want - points), d)
            if memo.get(child) == value:
                plan.attached.append((number, index))
                plan.points += points
                h, j, used, want, d = child
                moved = True
                break
        if not moved:  # pragma: no cover - the memo always holds the way it was reached by
            raise AssertionError("solver trace lost its way")
    _, chosen = base(j, used, want, d)
    for number, index in chosen:
        plan.attached.append((number, index))
        k, points = attach_options[number][index][1], attach_options[number][index][2]
        plan.points += points
        j -= k
    if d:
        plan.discard = 52
        j -= 1
    plan.deadwood.extend([52] * j)
    return best, plan
