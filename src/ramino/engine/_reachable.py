"""What a hand can still reach this turn: the opening (its melds, and where attachments count
the chains it could attach to the table's melds; the jollies a retrieval could add), and the
use of a card just taken from the pile. The opening search of a hand (_opening) answers;
these are the questions the checks of a move ask of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from . import _opening
from ._candidates import meld_candidates
from ._opening import OpeningSearch, Row, points_bound, reach_rows, search_holding
from ._rules_memo import RulesMemo, remember, rules_memo
from ._table_index import could_attach, joker_attach_declarations
from .cards import JOKER, NATURAL_CARDS, Card, without_cards
from .errors import MeldError, NotationError
from .going_out import partition
from .judging import Decision
from .melds import MOST_POINTS, Meld, MeldKind, attach
from .rules import Rules, SetSuits
from .state import TableMeld


class ReachAnswers:
    """What this module remembers under one value of the rules (see
    :meth:`RulesMemo.part`)."""

    __slots__ = ("chains", "grown")

    def __init__(self, memo: RulesMemo) -> None:
        #: Chains of attachments, by meld and the codes of the hand's cards that may go on it.
        self.chains: dict[tuple[Meld, tuple[int, ...]], Chains] = {}
        #: By meld, then by a card's code: the melds it grows into, with the points added.
        self.grown: dict[Meld, dict[int, tuple[tuple[Meld, int], ...]]] = {}


def opening_reachable(
    cards: Sequence[Card],
    rules: Rules,
    need: int,
    *,
    keep: int,
    using: Card | None = None,
    table: Sequence[Meld] = (),
    within: Sequence[Card] | None = None,
    barred: Card | None = None,
    waiting_from: int = -1,
    waiting: int = 0,
) -> bool:
    """Whether disjoint melds from ``cards`` worth ``need`` points or more can be laid,
    keeping ``keep`` cards in hand, one of the melds holding ``using`` if given. Where the
    rules count attachments in the opening (and allow them before it), cards attached to
    the melds of ``table`` count too.

    ``barred`` is a card that may not be thrown this turn (one taken from the pile, whose
    twins are the same card to the rules): the cards kept must then hold another, to be
    thrown at the end, unless the melds take every card. ``waiting`` of the jollies among
    ``cards`` were taken back from the meld ``waiting_from`` of ``table`` and wait to go
    down elsewhere: only the others may be attached to it, and where ``using`` is a jolly
    (the one waiting), the meld holding it is not that one.

    ``within``, a hand that holds ``cards``, only saves work: the melds of ``cards`` are
    those of ``within`` that fit in them, and a hand is asked about once for each of the
    many ways of laying part of it."""
    memo = rules_memo(rules)
    # Far from the threshold, or no meld for the card it must hold: no search (see
    # _opening.points_bound).
    if need > 0 and points_bound(cards, memo, table, -1 if using is None else using.code) < need:
        return False
    search, left = _search_within(cards, within, memo)
    # The card ``using`` goes down, so one copy of it is never kept.
    if barred is None or sum(1 for card in cards if card is barred) <= (using is barred):
        return _search_reachable(
            search, cards, left, rules, need, keep, using, table, waiting_from, waiting
        )
    # A twin of the card taken from the pile may not be thrown: the cards kept must hold
    # another card, to be thrown at the end. Two quick answers first: without the twin's
    # ban it is no easier, and keeping as many cards besides the twins as the rules want,
    # one of those kept may surely be thrown.
    twins = sum(1 for card in cards if card is barred) - (using is barred)
    if not _search_reachable(
        search, cards, left, rules, need, keep, using, table, waiting_from, waiting
    ):
        return False
    if _search_reachable(
        search, cards, left, rules, need, max(keep, 1) + twins, using, table, waiting_from, waiting
    ):
        return True
    spare = search.spare(barred.code)
    if _search_reachable(
        search, cards, left, rules, need, keep, using, table, waiting_from, waiting, spare
    ):
        return True
    if keep:
        return False
    # With no discard required, laying every card goes out (the twin with the rest).
    found = partition(cards, rules)
    return found is not None and sum(meld.points(rules) for meld in found) >= need


def _search_within(
    cards: Sequence[Card], within: Sequence[Card] | None, memo: RulesMemo
) -> tuple[OpeningSearch, int]:
    """The search that answers for ``cards`` and their packing: that of the hand ``within``
    if given and it holds them (see opening_reachable), else one for them."""
    if within is not None:
        search, _ = search_holding(within, memo)
        left = search.pack(cards)
        if left >= 0:
            return search, left
        # Cards that are not all the hand's: asked about on their own.
    return search_holding(cards, memo)


def _search_reachable(
    search: OpeningSearch,
    cards: Sequence[Card],
    left: int,
    rules: Rules,
    need: int,
    keep: int,
    using: Card | None,
    table: Sequence[Meld],
    waiting_from: int = -1,
    waiting: int = 0,
    spare: int = 0,
) -> bool:
    """:func:`opening_reachable` for ``cards``, packed as ``left`` by ``search``, keeping
    one of ``spare`` if given (see OpeningSearch.reach)."""
    knobs = rules_memo(rules)
    size = len(cards)
    attaching = knobs.opening_counts_attachments and knobs.attach_before_opening
    if not (attaching and table):
        if using is None:
            if need <= 0:
                return size >= keep and (not spare or left & spare != 0)
            return search.reach(left, size, need, keep, spare)
        return search.reach_using(left, size, need, keep, using.code, spare)
    if using is None and need <= 0:
        return size >= keep and (not spare or left & spare != 0)
    found = search.rows(left) + _attach_options(
        search, cards, tuple(table), rules, waiting_from, waiting
    )
    # Richest first, so a reachable threshold is found quickly (the sort is stable).
    rows = sorted(found, key=itemgetter(2), reverse=True)
    if using is None:
        return reach_rows(search, rows, left, size, need, keep, 0, spare)
    field = search.units[using.code] * search.low
    for needed, used, points, meld in rows:
        if meld == waiting_from and waiting and using is JOKER:
            # The waiting jolly, the one that must go down, may not go back on its meld;
            # another jolly of the hand may, jollies being alike.
            continue
        # A chain of attachments may hold the taken card anywhere in it: the card goes
        # down at any point of the turn, in whatever order (RULES.md §6.4).
        if (
            needed & field
            and size - used >= keep
            and reach_rows(
                search,
                rows,
                left - needed,
                size - used,
                need - points,
                keep,
                1 << meld if meld >= 0 else 0,
                spare,
            )
        ):
            return True
    return False


# A multiset of cards packed in one integer, for the questions about the whole deck (the
# cards a retrieval gives): a field of _WIDTH bits per card code, the top one a guard, so one
# subtraction tells whether every card is there (a borrow clears a guard). Five bits of
# count are more copies of one card than any pack holds. The opening search packs a hand by
# its own cards instead (see _opening.py), and a chain of attachments by the cards it was
# made from (see _meld_chains).
_WIDTH: Final = 6
_FIELD: Final = (1 << _WIDTH) - 1


def _attach_options(
    search: OpeningSearch,
    cards: Sequence[Card],
    table: tuple[Meld, ...],
    rules: Rules,
    waiting_from: int = -1,
    waiting: int = 0,
) -> list[Row]:
    """Cards of the hand that could be attached, one after another, to each meld on the
    table, with the opening points they would add (when attachments count): as rows of the
    hand's ``search``. ``waiting`` of the jollies among ``cards`` were taken back from
    the meld ``waiting_from`` and may not go back on it: only the others may."""
    options: list[Row] = []
    units = search.units
    memo = rules_memo(rules)
    known = memo.part(ReachAnswers).chains
    codes = [c.code for c in cards]
    for number, meld in enumerate(table):
        # Only the meld's suit (a run) or rank (a set) and the jolly can ever go on it: the
        # chains are remembered on the meld and those cards, which change slowly from hand
        # to hand (by their codes: ints hash in C, cards in Python; a meld's hash is kept).
        first = meld.represents[0].code
        if meld.kind is MeldKind.SET:
            rank = first % 13
            fitting = [c for c in codes if c == 52 or c % 13 == rank]
        else:
            suit = first // 13
            fitting = [c for c in codes if c == 52 or c // 13 == suit]
        if number == waiting_from and waiting:
            # Jollies are alike: a chain with as many as the hand holds besides the waiting
            # ones has those go there, and the waiting ones elsewhere.
            jollies = fitting.count(52)
            if jollies:
                fitting = [c for c in fitting if c != 52] + [52] * max(jollies - waiting, 0)
        if not fitting:
            continue
        fitting.sort()
        asked = (meld, tuple(fitting))
        found = known.get(asked)
        if found is None:
            held = tuple([NATURAL_CARDS[c] if c < 52 else JOKER for c in fitting])
            found = remember(known, asked, _meld_chains(meld, held, memo, 4), 8192)
        if not found:
            continue
        distinct = list(dict.fromkeys(fitting))
        for packed, size, points in found:
            # From the chain's packing (by the place of each code in ``distinct``, the
            # order its cards were given in) to the hand's.
            needed = 0
            for k in range(len(distinct)):
                needed += (packed >> (_WIDTH * k) & _FIELD) * units[distinct[k]]
            options.append((needed, size, points, number))
    return options


#: Chains of attachments to a meld: the cards each uses (packed, see _meld_chains), how
#: many, and its best points.
Chains = tuple[tuple[int, int, int], ...]


def _meld_chains(start: Meld, cards: tuple[Card, ...], memo: RulesMemo, depth: int) -> Chains:
    """The chains of attachments of ``cards`` to the meld ``start``: the cards each uses,
    how many, and its best points. The cards used are packed by the place of each card
    among ``cards`` once twins are counted together, in the order they first come: a field
    of _WIDTH bits for each (a few cards go on one meld, so the int stays a machine word,
    where packing by code makes it one of hundreds of bits)."""
    kinds: list[Card] = []
    have: list[int] = []
    place: dict[Card, int] = {}
    for card in cards:
        k = place.get(card)
        if k is None:
            place[card] = len(kinds)
            kinds.append(card)
            have.append(1)
        else:
            have[k] += 1
    # Chains are told apart by the cards they use, packed, where Counters would cost Python
    # calls. A card that must go down (the one taken from the pile) may stand anywhere in a
    # chain: the order of the turn's moves does not matter (RULES.md §6.4).
    best: dict[int, int] = {}
    sizes: dict[int, int] = {}
    # The melds reached, each with the cards it used: a step is taken again from a meld only
    # when it gets there with more points. Told apart by the meld too, not by the cards
    # alone: a jolly may be placed at either end of a run, and the next cards fit one of
    # those melds and not the other.
    reached: dict[tuple[int, Meld], int] = {}
    # Each meld reached, the cards it used, how many, its points.
    frontier: list[tuple[Meld, int, int, int]] = [(start, 0, 0, 0)]
    for _ in range(depth):
        grown_frontier: list[tuple[Meld, int, int, int]] = []
        for meld, used, count, gained in frontier:
            for k in range(len(kinds)):
                shift = _WIDTH * k
                if used >> shift & _FIELD >= have[k]:
                    continue
                card = kinds[k]
                now = used + (1 << shift)
                for grown, added in _grown(meld, card, memo):
                    points = gained + added
                    if best.get(now, -1) < points:
                        best[now] = points
                        sizes[now] = count + 1
                    state = (now, grown)
                    if reached.get(state, -1) < points:
                        reached[state] = points
                        grown_frontier.append((grown, now, count + 1, points))
        frontier = grown_frontier
    return tuple((used, sizes[used], points) for used, points in best.items())


def _grown(meld: Meld, card: Card, memo: RulesMemo) -> tuple[tuple[Meld, int], ...]:
    """``meld`` with ``card`` attached and the points that adds, for each place the player
    may declare for a jolly (the one place of a natural card); none when the meld refuses
    it. Remembered by meld, then by the card's code: the chains of one hand and of the next
    share their steps, and the melds those steps grow (so the steps after them are found
    again too)."""
    by_meld = memo.part(ReachAnswers).grown
    steps = by_meld.get(meld)
    if steps is None:
        steps = remember(by_meld, meld, {}, 4096)
    code = card.code
    found = steps.get(code)
    if found is not None:
        return found
    rules = memo.rules
    grown_melds: list[tuple[Meld, int]] = []
    if could_attach(meld, card, rules):
        declarations = joker_attach_declarations(meld, rules) if code == 52 else [None]
        for declared in declarations:
            try:
                grown = attach(meld, [card], rules, jokers=declared)
            except (MeldError, NotationError):
                continue
            if all(grown != other for other, _ in grown_melds):
                grown_melds.append((grown, grown.points_of((card,), meld, rules)))
    found = steps[code] = tuple(grown_melds)
    return found


def reachable_with_jokers(
    cards: Sequence[Card],
    rules: Rules,
    need: int,
    *,
    keep: int,
    jollies: int,
    table: Sequence[Meld] = (),
    within: Sequence[Card] | None = None,
    using: Card | None = None,
) -> bool:
    """Whether ``cards`` and ``jollies`` jollies more could make ``need`` points toward the
    opening, one of the melds holding ``using`` if given (see :func:`opening_reachable`): a
    bound on what jollies taken back from the table could add, each paid with a card of
    the hand (not taken away here, so the bound holds). Where a retrieval itself counts
    toward the opening, or where attachments count (a meld that gave up its jolly takes
    another), there is no such bound, and the answer is yes."""
    if _retrievals_unbounded(rules_memo(rules)):
        return True
    extra = [JOKER] * jollies
    return opening_reachable(
        [*cards, *extra],
        rules,
        need,
        keep=keep,
        using=using,
        table=table,
        within=None if within is None else [*within, *extra],
    )


def jokers_might_make_up(
    cards: Sequence[Card],
    rules: Rules,
    need: int,
    *,
    jollies: int,
    table: Sequence[Meld] = (),
    using: Card | None = None,
) -> bool:
    """A looser bound than :func:`reachable_with_jokers`, with no search: only the bound of
    the opening points of ``cards`` and ``jollies`` jollies more (see _opening.points_bound),
    one of the melds holding ``using`` if given. True wherever that one is."""
    knobs = rules_memo(rules)
    if need <= 0 or _retrievals_unbounded(knobs):
        return True
    more = [*cards, *([JOKER] * jollies)]
    return points_bound(more, knobs, table, -1 if using is None else using.code) >= need


def _retrievals_unbounded(knobs: RulesMemo) -> bool:
    # Whether nothing bounds what jollies taken back add to an opening (see
    # reachable_with_jokers): a retrieval counts toward it, or attachments do.
    return knobs.swap_counts_for_opening or (
        knobs.opening_counts_attachments and knobs.attach_before_opening
    )


def own_retrieval_gain(
    table: Sequence[TableMeld],
    numbers: Sequence[int] | range,
    seat: int,
    attached: tuple[int, ...],
    rules: Rules,
) -> int:
    """What taking back the jollies of the melds ``numbers`` of ``table`` may add to the
    opening of ``seat``, where a meld counts as it ends up: his own (this turn's, before he
    has opened), and those he attached a jolly to (``attached``, see
    Round.attached_jokers). See retrieval_gain."""
    gain = 0
    for number in numbers:
        if table[number].owner == seat or number in attached:
            gain += retrieval_gain(table[number].meld, rules)
    return gain


def retrieval_gain(meld: Meld, rules: Rules) -> int:
    """The most a retrieval of the jollies of ``meld`` can add to the points of an opening
    where the meld counts as it ends up (one of his own, see _retrieval.plan_swap): the cards
    given may count more than the jollies did, and a set wanting every missing suit takes
    more cards than it gives jollies."""
    jollies = meld.joker_count
    if not jollies:
        return 0
    if meld.kind is MeldKind.SET:
        return max(jollies, 4 - (len(meld.cards) - jollies)) * MOST_POINTS
    fixed = rules.opening_joker_value
    return 0 if fixed is None else jollies * max(MOST_POINTS - fixed, 0)


# --- questions the round asks before a draw or a swap ---


def can_use_at_once(
    decision: Decision, hand: Sequence[int], top: int, *, twin_throwable: bool = False
) -> bool:
    """Whether the card ``top`` could be laid or attached right after taking it, keeping
    ``hand`` (which holds it). ``twin_throwable``: as if its twins could be thrown back (to
    tell why a take is refused)."""
    rules = decision.rules
    deck = decision.cards
    cards = [deck[i] for i in hand]
    card = deck[top]
    keep = decision.cards_to_keep()
    # A twin of the card held besides: it may not be thrown back either, so a meld that
    # keeps only twins leaves him stuck.
    twin = (
        not (rules.rediscard_taken_card or twin_throwable)
        and sum(1 for c in cards if c is card) > 1
    )
    if has_companions(cards, card):
        for meld_cards, _ in meld_candidates(cards, rules, containing=card):
            if len(cards) - len(meld_cards) >= keep and (
                not twin or _keeps_another(without_cards(cards, meld_cards), card)
            ):
                return True
    if len(cards) - 1 < keep:
        return False
    return bool(decision.table_index().fitting(1 << card.code))


def _keeps_another(rest: Sequence[Card], card: Card) -> bool:
    """Whether ``rest`` is empty (the player goes out by laying) or holds a card to throw
    that is not ``card``."""
    return not rest or any(c is not card for c in rest)


def has_companions(cards: Sequence[Card], card: Card) -> bool:
    """Whether ``cards`` (which hold ``card``) hold two more cards that some meld with it
    could take: a jolly, a card of its rank, or one of its suit at most two ranks away
    (going round the corner, whatever the rules say); always, for a jolly. Without them no
    meld holds ``card``: asked first, this spares most questions to :func:`meld_candidates`
    about a card just taken or drawn, which most often fits nowhere."""
    code = card.code
    if code == 52:
        return True  # a jolly goes with any two cards: no quick answer
    rank = code % 13
    suit_start = code - rank
    found = 0
    near = 0  # the ranks of its suit found near it, as bits (each rank counts once)
    skipped = False
    for other in cards:
        c = other.code
        if c == code and not skipped:
            skipped = True  # the card itself
        elif c == 52 or c % 13 == rank:
            found += 1
        elif suit_start <= c < suit_start + 13 and (c - code) % 13 in (1, 2, 11, 12):
            near |= 1 << (c - suit_start)
        if found >= 2 or (found == 1 and near) or near & (near - 1):
            return True
    return False


def can_open_with(
    decision: Decision, seat: int, hand: Sequence[int], top: int, *, twin_throwable: bool = False
) -> bool:
    """Whether melds from ``hand`` that use the card ``top`` reach the opening threshold,
    keeping a card to discard when the rules want one. ``twin_throwable``: as if its twins
    could be thrown back (to tell why a take is refused)."""
    rules = decision.rules
    keep = decision.cards_to_keep()
    deck = decision.cards
    cards = [deck[i] for i in hand]
    card = deck[top]
    attaching = rules.opening_counts_attachments and rules.attach_before_opening
    table = [m.meld for m in decision.pos.table]
    barred = None if rules.rediscard_taken_card or twin_throwable else card
    # The taken card must be in one of the melds (or, where attachments count, in a chain
    # attached to the table): most often it is in none at all, told first. Where a meld of
    # the hand must hold it, whether one might is then asked with the bound of
    # opening_reachable (see _opening.points_bound), which a threshold of 0 does not ask.
    if not card.is_joker:
        if attaching and table:
            if not (has_companions(cards, card) or chain_may_hold(table, cards, card, rules)):
                return False
        elif not has_companions(cards, card) or (
            rules.opening_threshold <= 0 and not meld_candidates(cards, rules, containing=card)
        ):
            return False
        elif rules.opening_threshold > 0 and cards.count(card) == 1:
            # His hand without the card is most often one searched already, as the hand of
            # his last turn less the card he threw: that search answers, each meld that
            # holds the card taken out first (no twin of it is held, so none is barred).
            memo = rules_memo(rules)
            if points_bound(cards, memo, (), card.code) < rules.opening_threshold:
                return False  # as opening_reachable tells it first
            own = cards[:-1]
            thrown = decision.pos.thrown[seat]
            last = None if thrown is None else deck[thrown]
            search = _opening.known_search(own, memo, last)
            if search is not None:
                return _opening.reach_adding(search, own, card, rules.opening_threshold, keep)
    return opening_reachable(
        cards,
        rules,
        rules.opening_threshold,
        keep=keep,
        using=card,
        table=table,
        barred=barred,
    )


def chain_may_hold(table: Sequence[Meld], cards: Sequence[Card], card: Card, rules: Rules) -> bool:
    """Whether the natural ``card`` could go on some meld of ``table`` in a chain of
    attachments made with the other ``cards``: a set of its rank that has room for it (its
    suit not there already, where suits differ, and fewer cards than the most a set holds);
    a run of its suit whose gap to the card the cards of that suit among ``cards`` and their
    jollies could fill (going round the corner, whatever the rules say); any flush. Without
    one, no chain holds it: a quick answer before a search through the table."""
    code = card.code
    rank = code % 13
    suit = code // 13
    # What might fill the gap between a run and the card: the ranks of its suit held (the
    # card itself aside) and the jollies.
    held = 0
    jollies = 0
    for other in cards:
        c = other.code
        if c == 52:
            jollies += 1
        elif c // 13 == suit and c != code:
            held |= 1 << (c % 13)
    distinct = rules.set_suits is SetSuits.DISTINCT
    most = rules.set_max
    for meld in table:
        first = meld.represents[0].code
        if meld.kind is MeldKind.SET:
            if first % 13 != rank:
                continue
            if most is not None and len(meld.cards) >= most:
                continue
            # A jolly's place in a set may move for the card: only its naturals bar it.
            if distinct and any(c.code == code for c in meld.cards):
                continue
            return True
        if meld.kind is MeldKind.RUN:
            if first // 13 != suit:
                continue
            low = first % 13
            high = meld.represents[-1].code % 13
            # The ranks strictly between the run's end and the card, each way round.
            for start, steps in ((high, (rank - high) % 13), (rank, (low - rank) % 13)):
                missing = sum(1 for k in range(1, steps) if not held >> ((start + k) % 13) & 1)
                if missing <= jollies:
                    return True
            continue
        return True
    return False
