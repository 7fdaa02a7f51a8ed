"""The meld solver: the best way to lay a hand (*la migliore combinazione*) under any rules.

Exact, never heuristic: the least penalty left in hand over every way of laying the cards in
runs (*scale*) and sets (*tris*, *poker*), with the jolly, twins from several decks and every
meld knob of :class:`Rules`; optionally after the best discard (*lo scarto*), with cards
attached to the melds on the table, or under an opening threshold (*apertura*).

What is minimised is what the round charges for the cards left in hand: the count of
:func:`ramino.engine.scoring.hand_count` rounded by :func:`ramino.engine.scoring.round_count`
(so with rounding to tens, one or two cards under 4 cost nothing), and among the ways that
cost the same, the least raw sum (:func:`ramino.engine.scoring.hand_penalty`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from ..engine.cards import JOKER, NATURAL_CARDS, Card
from ..engine.errors import MeldError, NotationError
from ..engine.melds import Meld, MeldKind, attach, validate_meld
from ..engine.rules import Rounding, Rules
from ..engine.scoring import round_count
from ._solver_search import INF, AttachOption, Plan, explicit_search
from ._solver_suits import SuitSolver, encode_hand, encode_total, suit_solver
from ._solver_tables import Tables, decode, encode, tables_for, unit

__all__ = [
    "Arrangement",
    "best_arrangement",
    "best_discard",
    "best_opening",
    "can_go_out",
    "least_cards",
    "least_deadwood",
    "least_penalty",
]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A way of laying a hand: the melds, the cards left (*i punti in mano*) and their cost.

    >>> from ramino.engine import Rules, parse_cards
    >>> way = best_arrangement(parse_cards("7H 8H 9H 7S 7D KC"), Rules())
    >>> [str(m) for m in way.melds], way.deadwood, way.penalty
    (['7♥ 8♥ 9♥'], (Card.parse('KC'), Card.parse('7D'), Card.parse('7S')), 24)
    """

    melds: tuple[Meld, ...]
    """The melds to lay, each validated with its jolly placed."""
    deadwood: tuple[Card, ...]
    """The cards left in hand, unmelded."""
    penalty: int
    """What the round charges for the deadwood: its count, rounded as the rules say."""
    deadwood_points: int
    """The raw penalty of the deadwood, before any rounding."""
    discard: Card | None = None
    """The card to throw, when a discard was asked for."""
    attached: tuple[tuple[Card, int], ...] = ()
    """Cards attached to table melds, as ``(card, table meld index)``, in an order that
    attaches them one at a time (*attaccare*)."""
    grown: tuple[tuple[int, Meld], ...] = ()
    """The table melds the attachments grow, as ``(index, meld after them)``: their jolly
    declarations say where each attached jolly stands."""
    opening_points: int | None = None
    """For :func:`best_opening`: the opening points of the melds and counted attachments."""


def best_arrangement(
    cards: Sequence[Card],
    rules: Rules,
    *,
    discard: bool = False,
    table: Sequence[Meld] | None = None,
) -> Arrangement:
    """The way of laying ``cards`` that leaves the least penalty in hand.

    With ``discard`` one card is thrown first, chosen together with the melds (the least
    penalty over every possible discard, not the costliest card left over). With ``table``,
    cards that can be attached to those melds, one after another, count as laid.

    >>> from ramino.engine import Rules, parse_cards
    >>> way = best_arrangement(parse_cards("5H 6H JK 9C 9D 9S KD"), Rules(), discard=True)
    >>> [m.notation() for m in way.melds], way.discard, way.penalty
    (['9C 9D 9S', 'JK=4H 5H 6H'], Card.parse('KD'), 0)
    >>> run = validate_meld(parse_cards("6H 7H 8H"), Rules())
    >>> way = best_arrangement(parse_cards("9H 10H 2C"), Rules(), table=[run])
    >>> way.attached, way.penalty
    (((Card.parse('9H'), 0), (Card.parse('10H'), 0)), 2)
    """
    cards = tuple(cards)
    if discard and not cards:
        raise ValueError("a discard needs a card in hand")
    if not table:
        return _arrange(cards, rules, discard)
    found = _solve(cards, rules, discard=discard, need=0, table=tuple(table))
    assert found is not None
    return found


def least_penalty(cards: Sequence[Card], rules: Rules, *, discard: bool = False) -> int:
    """The least penalty ``cards`` can leave in hand: ``best_arrangement(cards, rules,
    discard=discard).penalty``, worked out without making the melds (the number alone, as a
    bot weighing many hands wants it).

    >>> from ramino.engine import Rules, parse_cards
    >>> least_penalty(parse_cards("7H 8H 9H 7S 7D KC"), Rules())
    24
    >>> least_penalty(parse_cards("5H 6H JK 9C 9D 9S KD"), Rules(), discard=True)
    0
    """
    total = encode_total(cards)
    if discard and not total:
        raise ValueError("a discard needs a card in hand")
    solvers = _solvers(rules)
    cost = solvers[0].value(total, discard)
    if not cost:
        return 0
    if rules.rounding is Rounding.TENS:
        # As _arrange: a way that leaves one or two cards each under 4 counts nothing.
        cost = round_count(cost, rules)
        if not cost or solvers[1].value(total, discard) <= 2 * (_SMALL + 3):
            return 0
    if rules.flush_meld and _flush(tuple(cards), rules, discard) is not None:
        return 0
    return cost


def best_discard(cards: Sequence[Card], rules: Rules, table: Sequence[Meld] | None = None) -> Card:
    """The card to throw (*lo scarto*) that leaves the least penalty after laying the rest.

    Any card may be thrown here: the turn's own limits (the card just taken from the pile,
    a card that could be attached where the rules forbid throwing it) are the caller's.

    >>> from ramino.engine import Rules, parse_cards
    >>> best_discard(parse_cards("3C 4C 5C 6C QS QH QD 2D"), Rules())
    Card.parse('2D')
    """
    way = best_arrangement(cards, rules, discard=True, table=table)
    assert way.discard is not None
    return way.discard


def can_go_out(cards: Sequence[Card], rules: Rules, *, discard: bool) -> bool:
    """Whether the whole hand can be laid (*chiudere*), after throwing one card if ``discard``.

    As :func:`ramino.engine.going_out.find_going_out` with the final discard required
    (``discard=True``) or laying every card (``discard=False``); a hand all of one suit
    counts where the rules allow the *colore*. An empty hand cannot go out.

    >>> from ramino.engine import Rules, parse_cards
    >>> can_go_out(parse_cards("6C 6D 6H"), Rules(), discard=True)  # stuck: incartato
    False
    >>> can_go_out(parse_cards("6C 6D 6H KS"), Rules(), discard=True)
    True
    """
    cards = tuple(cards)
    if not cards:
        return False
    hand, jokers, ranks = encode_hand(cards)
    cost, _ = _solvers(rules)[2].solve(hand, jokers, ranks, discard, False)
    if cost == 0:
        return True
    return _flush(cards, rules, discard) is not None


def least_deadwood(cards: Sequence[Card], rules: Rules) -> int:
    """The least count ``cards`` can be left with after laying melds, before rounding (a
    whole-hand *colore* counting where allowed): what
    :func:`ramino.engine.going_out.min_deadwood` gives, found faster.

    With rounding to tens one or two cards each worth less than 4 count nothing, so this
    may be 0 where the least raw sum is not (:attr:`Arrangement.deadwood_points`).

    >>> from ramino.engine import Rules, parse_cards
    >>> from ramino.engine.rules import Rounding
    >>> least_deadwood(parse_cards("7H 8H 9H KS 2C"), Rules())
    12
    >>> hand = parse_cards("2H 3H 4H 5H 3S 3C")
    >>> least_deadwood(hand, Rules()), least_deadwood(hand, Rules(rounding=Rounding.TENS))
    (6, 0)
    """
    total = encode_total(cards)
    solvers = _solvers(rules)
    cost = solvers[0].value(total, 0)
    if cost and rules.rounding is Rounding.TENS and solvers[1].value(total, 0) <= 2 * (_SMALL + 3):
        return 0
    if cost and rules.flush_meld and _flush(tuple(cards), rules, False) is not None:
        return 0
    return cost


def least_cards(cards: Sequence[Card], rules: Rules, *, discard: bool = False) -> int:
    """The fewest cards that laying melds can leave out of ``cards`` (after throwing one if
    ``discard``; a whole-hand *colore* leaving none where allowed): how far the hand is from
    going out, whatever the cards are worth.

    >>> from ramino.engine import Rules, parse_cards
    >>> least_cards(parse_cards("7H 8H 9H KS 2C"), Rules())
    2
    >>> least_cards(parse_cards("7H 8H 9H KS 2C"), Rules(), discard=True)
    1
    """
    total = encode_total(cards)
    if discard and not total:
        raise ValueError("a discard needs a card in hand")
    cost = _solvers(rules)[2].value(total, discard)
    if cost and rules.flush_meld and _flush(tuple(cards), rules, discard) is not None:
        return 0
    return cost


def best_opening(
    cards: Sequence[Card],
    rules: Rules,
    *,
    threshold: int,
    table: Sequence[Meld] | None = None,
    discard: bool = False,
) -> Arrangement | None:
    """The melds worth at least ``threshold`` opening points (*aprire*) that leave the least
    penalty in hand, or ``None`` if the hand cannot open.

    Points are the melds' own (:meth:`Meld.points`, each jolly declared where it earns
    most); melds with a jolly earn nothing when the rules keep jolly out of openings, and
    cards attached to ``table`` melds earn their points where the rules count attachments
    in the opening. With ``discard`` a card is kept back to throw.

    >>> from ramino.engine import Rules, parse_cards
    >>> way = best_opening(parse_cards("KH KS KD JK 7S 8S 2C"), Rules(), threshold=50)
    >>> [m.notation() for m in way.melds], way.opening_points, way.penalty
    (['KD KH KS', '7S 8S JK=9S'], 54, 2)
    >>> best_opening(parse_cards("AH 2H 3H QC KC AC"), Rules(), threshold=40) is None
    True
    """
    cards = tuple(cards)
    if discard and not cards:
        raise ValueError("a discard needs a card in hand")
    return _solve(
        cards,
        rules,
        discard=discard,
        need=max(threshold, 0),
        table=tuple(table or ()),
        opening=True,
    )


# --- the work ---


def _solve(
    cards: tuple[Card, ...],
    rules: Rules,
    *,
    discard: bool,
    need: int,
    table: tuple[Meld, ...],
    opening: bool = False,
) -> Arrangement | None:
    tables = tables_for(rules)
    hand, jokers = encode(cards)
    counting = opening and rules.opening_counts_attachments and rules.attach_before_opening
    options, chains = _attach_options(cards, rules, table, counting) if table else ([], [])
    cost, plan = explicit_search(tables, tables.weights, hand, jokers, discard, need, options)
    if cost >= INF:
        return None
    if rules.rounding is Rounding.TENS and round_count(cost, rules) > 0:
        # One or two cards each under 4 count nothing: a way that leaves only those may
        # beat the least raw sum ([W]). Weigh them 8 + penalty and the rest out of reach.
        small = _small_weights(tables)
        small_cost, small_plan = explicit_search(
            tables, small, hand, jokers, discard, need, options
        )
        if small_cost <= 2 * (_SMALL + 3):
            plan = small_plan
    return _build(plan, tables, rules, table, options, chains, opening)


def _arrange(cards: tuple[Card, ...], rules: Rules, discard: bool) -> Arrangement:
    """:func:`best_arrangement` without table melds: the suit-by-suit search."""
    hand, jokers, ranks = encode_hand(cards)
    solvers = _solvers(rules)
    _meld_of = solvers[3]
    cost, way = solvers[0].solve(hand, jokers, ranks, discard, True)
    assert way is not None  # a hand has a way unless a discard is asked of no card
    melds, deadwood, raw, thrown = way
    counted = raw
    if rules.rounding is Rounding.TENS:
        if round_count(cost, rules) > 0:
            # As in _solve: the ways that leave only one or two small cards.
            small_cost, small_way = solvers[1].solve(hand, jokers, ranks, discard, True)
            if small_cost <= 2 * (_SMALL + 3) and small_way is not None:
                melds, deadwood, _, thrown = small_way
                weights = tables_for(rules).weights
                raw = sum(weights[c.code] for c in deadwood)
        counted = round_count(_count(raw, [c.code for c in deadwood], tables_for(rules)), rules)
    if rules.flush_meld and cost > 0:
        flush = _flush(cards, rules, discard)
        if flush is not None:
            return flush
    return Arrangement(
        tuple([_meld_of(enc, k) for enc, k in melds]) if melds else (),
        tuple(deadwood),
        counted,
        raw,
        None if thrown < 0 else _CARDS[thrown],
    )


def _build(
    plan: Plan,
    tables: Tables,
    rules: Rules,
    table: tuple[Meld, ...],
    options: list[list[AttachOption]],
    chains: list[list[tuple[tuple[Card, Card | None], ...]]],
    opening: bool,
) -> Arrangement:
    if opening:
        melds = tuple(_meld(enc, k, tables, opening) for enc, k in plan.melds)
    else:
        melds = tuple(_plain_meld(enc, k, rules) for enc, k in plan.melds)
    deadwood = tuple(map(_CARDS.__getitem__, sorted(plan.deadwood)))
    attached: list[tuple[Card, int]] = []
    grown: list[tuple[int, Meld]] = []
    for number, index in sorted(plan.attached):
        meld = table[number]
        for card, declared in chains[number][index]:
            meld = attach(meld, [card], rules, jokers=None if declared is None else [declared])
            attached.append((card, number))
        grown.append((number, meld))
    raw = sum(map(tables.weights.__getitem__, plan.deadwood))
    return Arrangement(
        melds=melds,
        deadwood=deadwood,
        penalty=round_count(_count(raw, plan.deadwood, tables), rules),
        deadwood_points=raw,
        discard=None if plan.discard is None else _card(plan.discard),
        attached=tuple(attached),
        grown=tuple(grown),
        opening_points=plan.points if opening else None,
    )


_CARDS: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)
"""Cards by code, the jolly 52."""


def _card(code: int) -> Card:
    return _CARDS[code]


def _plain_meld(enc: int, jokers: int, rules: Rules) -> Meld:
    """A meld as the rules place its jolly (remembered per rules by :func:`_solvers`: melds
    are frozen values, and the same few come back hand after hand)."""
    return validate_meld((*decode(enc), *([JOKER] * jokers)), rules)


def _count(raw: int, deadwood: list[int], tables: Tables) -> int:
    """:func:`ramino.engine.scoring.hand_count` from the card weights (its own penalties)."""
    if (
        tables.rules.rounding is Rounding.TENS
        and 1 <= len(deadwood) <= 2
        and all(tables.weights[c] < 4 for c in deadwood)
    ):
        return 0
    return raw


def _meld(enc: int, jokers: int, tables: Tables, opening: bool) -> Meld:
    naturals = decode(enc)
    cards = (*naturals, *([JOKER] * jokers))
    rules = tables.rules
    if opening and jokers:
        # Declare the jolly where they earn the most opening points, as the search counted.
        best: Meld | None = None
        for is_run in (True, False):
            points, declared = tables._points(enc, jokers, is_run)
            if points < 0:
                continue
            meld = validate_meld(cards, rules, jokers=declared)
            if best is None or meld.points(rules) > best.points(rules):
                best = meld
        assert best is not None
        return best
    return validate_meld(cards, rules)


def _flush(cards: tuple[Card, ...], rules: Rules, discard: bool) -> Arrangement | None:
    """The whole hand (less one card with ``discard``) as one *colore*, where allowed."""
    if not rules.flush_meld:
        return None
    throws: list[Card | None] = [*sorted(set(cards), reverse=True)] if discard else [None]
    for thrown in throws:
        rest = list(cards)
        if thrown is not None:
            rest.remove(thrown)
        try:
            meld = validate_meld(rest, rules, whole_hand=True)
        except MeldError:
            continue
        return Arrangement((meld,), (), 0, 0, discard=thrown)
    return None


_SMALL = 8
_ONES: tuple[int, ...] = (1,) * 53


_Searches = tuple[SuitSolver, SuitSolver, SuitSolver, Callable[[int, int], Meld]]


def _solvers(rules: Rules) -> _Searches:
    """The searches of ``rules`` (by penalty, by the small-card weights, by card count) and
    its melds by ``(naturals, jolly)``, remembered. The rules of the last call are checked
    first by identity: a game asks with the same value again and again, and hashing it is a
    Python call."""
    last = _LAST[0]
    if last is not None and last[0] is rules:
        return last[1]
    found = _searches(rules)
    # One value replaced whole: a thread that reads it sees a rules value with its own
    # searches, never one with another's.
    _LAST[0] = (rules, found)
    return found


# Safe across threads, as every cache of this package: keyed by frozen values (rules,
# weights, hands), filled with answers that never go stale; two threads asking at once may
# both work an answer out, and the last one stored stands (lru_cache and dict updates are
# atomic under the interpreter's lock).
@lru_cache(maxsize=64)
def _searches(rules: Rules) -> _Searches:
    tables = tables_for(rules)
    return (
        suit_solver(rules, tables.weights),
        suit_solver(rules, _small_weights(tables)),
        suit_solver(rules, _ONES),
        lru_cache(maxsize=1 << 14)(partial(_plain_meld, rules=rules)),
    )


#: The rules asked about last and their searches (see _solvers).
_LAST: list[tuple[Rules, _Searches] | None] = [None]


def _small_weights(tables: Tables) -> tuple[int, ...]:
    return tuple(_SMALL + w if w < 4 else 1000 for w in tables.weights)


def _attach_options(
    cards: tuple[Card, ...], rules: Rules, table: tuple[Meld, ...], counting: bool
) -> tuple[list[list[AttachOption]], list[list[tuple[tuple[Card, Card | None], ...]]]]:
    """For each table meld, every multiset of the hand's cards that can be attached to it one
    at a time (with the chain that does it and the opening points it adds)."""
    hand = Counter(cards)
    all_options: list[list[AttachOption]] = []
    all_chains: list[list[tuple[tuple[Card, Card | None], ...]]] = []
    for start in table:
        best: dict[frozenset[tuple[Card, int]], tuple[int, tuple[tuple[Card, Card | None], ...]]]
        best = {}
        seen: set[tuple[frozenset[tuple[Card, int]], tuple[Card, ...], tuple[Card, ...]]] = set()
        # Each step adds the points of the card it attaches, at its place (as the round
        # counts an attachment in an opening).
        frontier: list[tuple[Meld, tuple[tuple[Card, Card | None], ...], Counter[Card], int]] = [
            (start, (), Counter(), 0)
        ]
        while frontier:
            grown_frontier = []
            for meld, chain, used, so_far in frontier:
                for card in sorted(set((hand - used).elements())):
                    for declared in _declarations(meld, card):
                        if not card.is_joker and not _fits(meld, card):
                            continue
                        try:
                            grown = attach(
                                meld, [card], rules, jokers=None if declared is None else [declared]
                            )
                        except (MeldError, NotationError):
                            continue
                        now = used + Counter([card])
                        items = frozenset(now.items())
                        seen_key = (items, grown.cards, grown.represents)
                        if seen_key in seen:
                            continue
                        seen.add(seen_key)
                        step = (*chain, (card, declared))
                        points = so_far + grown.points_of((card,), meld, rules) if counting else 0
                        if items not in best or best[items][0] < points:
                            best[items] = (points, step)
                        grown_frontier.append((grown, step, now, points))
            frontier = grown_frontier
        options: list[AttachOption] = []
        chains: list[tuple[tuple[Card, Card | None], ...]] = []
        for items, (points, step) in best.items():
            naturals = [c for c, n in items for _ in range(n) if not c.is_joker]
            jokers = sum(n for c, n in items if c.is_joker)
            enc = sum(unit(c.code) for c in naturals)
            lowest = min((c.code for c in naturals), default=-1)
            options.append((enc, jokers, points, lowest))
            chains.append(step)
        all_options.append(options)
        all_chains.append(chains)
    return all_options, all_chains


def _fits(meld: Meld, card: Card) -> bool:
    """A cheap sieve before the real check: a set takes its rank, a run or flush its suit."""
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    return card.suit is meld.suit


def _declarations(meld: Meld, card: Card) -> list[Card | None]:
    """Where an attached jolly may be declared: anywhere the meld's rank or suit allows."""
    if not card.is_joker:
        return [None]
    if meld.kind is MeldKind.SET:
        return [None, *(c for c in NATURAL_CARDS if c.rank is meld.rank)]
    return [None, *(c for c in NATURAL_CARDS if c.suit is meld.suit)]
