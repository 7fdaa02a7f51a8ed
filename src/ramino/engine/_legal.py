"""Legal actions of a round: every move the rules allow now, each one accepted by ``apply``.

Candidates are built from the structure of the hand and the table (runs by suit and window,
sets by rank, the places a card or a jolly fits) and each is confirmed by the round's one
check (:meth:`Round.refusal`), so the list is sound by construction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Final, TypeVar

from . import _opening
from ._candidates import Candidate, meld_candidates
from ._opening import OpeningSearch, Row, points_bound, reach_rows, search_holding
from ._rules_memo import RulesMemo, remember, rules_memo
from .actions import Action, Attach, Discard, Draw, Lay, Show, Swap, TakeDiscard
from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, code_order, without_cards
from .errors import MeldError, NotationError
from .going_out import partition, partitions_without_one
from .melds import (
    MOST_POINTS,
    Meld,
    MeldKind,
    _needed,
    attach,
    meld_question,
    validate_meld,
)
from .rules import (
    AceInRuns,
    DiscardPickup,
    FinalDiscard,
    Rules,
    SetJokerSwap,
    SetSuits,
)
from .state import Phase, TableMeld

if TYPE_CHECKING:
    from .round import Round


def _joker_attach_declarations(meld: Meld, rules: Rules) -> list[tuple[Card | None, ...] | None]:
    if meld.kind is MeldKind.RUN:
        return [(card,) for card in _ends_in_order(meld, rules_memo(rules))]
    if (
        meld.kind is MeldKind.SET
        and rules.set_suits is SetSuits.DISTINCT
        and rules.set_joker_swap is SetJokerSwap.DECLARED_SUIT
    ):
        assert meld.rank is not None
        taken = {c.suit for c in meld.represents}
        return [(Card(meld.rank, s),) for s in Suit if s not in taken]
    return [None]


def _attachments(table: TableIndex, held: int) -> list[Attach]:
    """Every single-card attachment to ``table`` worth checking for a hand holding the card
    codes ``held`` (see _held); the checks decide."""
    found: list[Attach] = []
    jolly = held >> 52 & 1
    for part in table.parts:
        codes = part[0]
        naturals = part[1]
        for k in range(len(codes)):
            if held >> codes[k] & 1:
                found.append(naturals[k])
        if jolly:
            found.extend(part[2])
    return found


def _held(round_: Round, seat: int) -> int:
    """The card codes in the hand of ``seat``, as the bits of an int (bit 52 the jolly): a
    question of membership is then a shift, worked out in C."""
    return _held_ids(round_, round_.hands[seat])


def _held_ids(round_: Round, hand: list[int]) -> int:
    """The card codes of the ids ``hand``, as :func:`_held` gives them."""
    cards = round_.deck.cards
    held = 0
    for i in hand:
        held |= 1 << cards[i].code
    return held


class TableIndex:
    """What the moves onto one state of the table depend on, worked out once for it (and
    remembered, see :func:`table_index`): meld by meld, the attachments worth checking,
    each with the card code it needs (the jolly's apart); the retrievals worth checking
    from each meld that holds a jolly; and the cards that could be attached alone to some
    meld."""

    def __init__(
        self, melds: tuple[Meld, ...], memo: RulesMemo, previous: TableIndex | None = None
    ) -> None:
        # The table changes a meld at a time: the part of a meld that ``previous`` (another
        # state of the table, for the same rules) holds at the same place is taken over.
        old_melds = previous.melds if previous is not None else ()
        old_parts = previous.parts if previous is not None else ()
        parts: list[_MeldPart] = []
        swaps: list[_SwapPart] = []
        for number in range(len(melds)):
            meld = melds[number]
            if number < len(old_melds) and old_melds[number] is meld:
                part = old_parts[number]
            else:
                part = _meld_part(number, meld, memo)
            parts.append(part)
            swap = part[4]
            if swap is not None:
                swaps.append(swap)
        self.parts: tuple[_MeldPart, ...] = tuple(parts)
        self.melds: tuple[Meld, ...] = melds
        self.memo: RulesMemo = memo
        self.swaps: tuple[_SwapPart, ...] = tuple(swaps)
        fitting = 0
        for part in parts:
            fitting |= part[3]
        self._fitting = fitting

    def fitting(self, wanted: int) -> int:
        """Of the card codes ``wanted`` (the jolly's is 52), as the bits of an int, those of
        the cards that could be attached alone to some meld of the table: the ban on
        discarding an attachable card asks it of the cards in hand."""
        return self._fitting & wanted


#: The retrievals worth checking from one meld of the table (see _meld_swaps), with its place.
_SwapPart = tuple[int, Rank | None, tuple[tuple[int, ...], ...], tuple[Swap, ...]]

#: One meld's part of a TableIndex: the codes of the natural cards it takes and their
#: attachments, the attachments of a jolly, the codes of the cards it takes alone (the
#: jolly's where the rules can place it) as the bits of an int, and its retrievals if it
#: holds a jolly.
_MeldPart = tuple[tuple[int, ...], tuple[Attach, ...], tuple[Attach, ...], int, _SwapPart | None]


def _meld_part(number: int, meld: Meld, memo: RulesMemo) -> _MeldPart:
    """The part of a TableIndex for ``meld``, the table's meld ``number``; what it is made
    of is remembered meld by meld."""
    naturals, natural_actions, jolly = _meld_attachments(number, meld, memo)
    fitting = 1 << 52 if _attaches(meld, JOKER, None, memo) else 0
    for code in naturals:
        fitting |= 1 << code
    swap: _SwapPart | None = None
    if meld.joker_count:
        rank, needs, actions = _meld_swaps(number, meld, memo)
        swap = (number, rank, needs, actions)
    return naturals, natural_actions, jolly, fitting, swap


def table_index(round_: Round) -> TableIndex:
    """The :class:`TableIndex` of the round's table, remembered by rules value under its
    melds in order (the trials of a move, and the move made, share a state of the table)."""
    table = round_.table
    memo = rules_memo(round_.rules)
    # The table asked about last, told by the very melds it holds: most questions come
    # back to it, and comparing a few pointers costs less than hashing every meld.
    last = memo.last_table
    if last is not None:
        melds = last.melds
        if len(melds) == len(table):
            for k in range(len(melds)):
                if table[k].meld is not melds[k]:
                    break
            else:
                return last
    # A few states only: the table of a round never comes back once it has grown, and no
    # other round lays the same one; the recent ones serve the trials of a move and its
    # making.
    melds = tuple([m.meld for m in table])
    found = memo.tables.get(melds)
    if found is None:
        # Built from the table asked about last, which most often differs by one meld.
        found = remember(memo.tables, melds, TableIndex(melds, memo, last), 16)
    memo.last_table = found
    return found


_Placed = TypeVar("_Placed")


def _by_place(
    table: dict[Meld, tuple[int, _Placed]],
    memo: RulesMemo,
    number: int,
    meld: Meld,
    work: Callable[[int, Meld, RulesMemo], _Placed],
) -> _Placed:
    """What ``work`` makes of the table's meld ``number``, remembered in ``table`` under the
    meld with the place it was asked for: a meld keeps its place on the table while it is
    unchanged."""
    found = table.get(meld)
    if found is None or found[0] != number:
        found = remember(table, meld, (number, work(number, meld, memo)), 4096)
    return found[1]


#: The attachments worth checking to one meld of the table (see _meld_attachments_of).
MeldAttachments = tuple[tuple[int, ...], tuple[Attach, ...], tuple[Attach, ...]]


def _meld_attachments(number: int, meld: Meld, memo: RulesMemo) -> MeldAttachments:
    return _by_place(memo.attachments, memo, number, meld, _meld_attachments_of)


def _meld_attachments_of(number: int, meld: Meld, memo: RulesMemo) -> MeldAttachments:
    """The attachments worth checking to ``meld``, the table's meld ``number``: the codes of
    the natural cards and their attachments, and those of a jolly (each declaration), each
    one the meld takes (melds.attach, remembered). Remembered meld by meld: the table
    changes a meld at a time, and a whole table remembered would be built again each time
    from its unchanged melds."""
    sieve, declarations = _attach_sieve(meld, memo)
    # The meld's own answer once, not a refusal raised at every decision holding the card
    # (bench/instructions.py, scala-40, compiled: 7% fewer instructions a decision).
    fitting = [card for card in sieve if _attaches(meld, card, None, memo)]
    codes = tuple([card.code for card in fitting])
    naturals = tuple([Attach(number, (card,)) for card in fitting])
    jolly = tuple(
        [
            Attach(number, (JOKER,), declared)
            for declared in declarations
            if _attaches(meld, JOKER, declared, memo)
        ]
    )
    return codes, naturals, jolly


def _attach_sieve(
    meld: Meld, memo: RulesMemo
) -> tuple[tuple[Card, ...], tuple[tuple[Card | None, ...] | None, ...]]:
    """The natural cards the sieve of could_attach lets through for ``meld``, in order, and
    the declarations a jolly attached to it is tried with. Not remembered: its two callers
    remember what they make of it, meld by meld."""
    # In the order of their codes.
    if meld.kind is MeldKind.RUN:
        ends = _ends_in_order(meld, memo)
        return ends, tuple([(card,) for card in ends])
    if meld.kind is MeldKind.SET:
        # By code: filtering the pack by rank would ask for a card's rank 52 times.
        rank = meld.rank
        assert rank is not None
        sieve = [NATURAL_CARDS[code] for code in range(int(rank) - 1, 52, 13)]
    else:
        sieve = [c for c in NATURAL_CARDS if c.suit is meld.suit]
    return tuple(sieve), tuple(_joker_attach_declarations(meld, memo.rules))


def _ends_in_order(meld: Meld, memo: RulesMemo) -> tuple[Card, ...]:
    return tuple(sorted(_run_ends(meld, memo), key=code_order))


def could_attach(meld: Meld, card: Card, rules: Rules) -> bool:
    """A cheap sieve before the real check: a set takes its rank; a run only the cards just
    below and just above it; a jolly is worth checking anywhere."""
    if card.is_joker:
        return True
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    if meld.kind is MeldKind.RUN:
        return card in _run_ends(meld, rules_memo(rules))
    return card.suit is meld.suit


def fits(meld: Meld, card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone can be attached to ``meld``, the rules placing a jolly
    (remembered: the table changes slowly and the same questions come back at every
    discard)."""
    return could_attach(meld, card, rules) and _attaches(meld, card, None, rules_memo(rules))


def attaches(
    meld: Meld, card: Card, declared: tuple[Card | None, ...] | None, rules: Rules
) -> bool:
    """Whether ``card``, with the jolly declared as ``declared``, can be attached alone to
    ``meld`` (remembered, as :func:`fits`)."""
    return _attaches(meld, card, declared, rules_memo(rules))


def _attaches(
    meld: Meld, card: Card, declared: tuple[Card | None, ...] | None, memo: RulesMemo
) -> bool:
    # Remembered by meld, then by the card and the declaration packed in one int (the code
    # alone where nothing is declared).
    answers = memo.attaches.get(meld)
    if answers is None:
        answers = remember(memo.attaches, meld, {}, 4096)
    asked = card.code if declared is None else meld_question((card,), declared, False)
    found = answers.get(asked)
    if found is None:
        found = answers[asked] = _attaches_of(meld, card, declared, memo)
    return found


def _attaches_of(
    meld: Meld, card: Card, declared: tuple[Card | None, ...] | None, memo: RulesMemo
) -> bool:
    if _surely_refused(meld, card, memo.rules):
        return False
    try:
        attach(meld, [card], memo.rules, jokers=declared)
    except (MeldError, NotationError):
        return False
    return True


def takes_a_joker(meld: Meld, rules: Rules) -> bool:
    """Whether a jolly alone can be attached to ``meld`` with some declaration (the ones
    its attachments are tried with)."""
    return _takes_a_joker(meld, rules_memo(rules))


def _surely_refused(meld: Meld, card: Card, rules: Rules) -> bool:
    """Attachments that meld validation always refuses, told without building the refusal
    (most cards asked about a set are refused, and an exception is dear): a jolly past the
    limit per meld; in a set, a card past its size limit, or a suit it already holds where
    suits must differ."""
    if card.code == 52:
        most = rules.max_jokers_per_meld
        return most is not None and meld.joker_count >= most
    if meld.kind is not MeldKind.SET:
        return False
    distinct = rules.set_suits is SetSuits.DISTINCT
    if distinct and any(held.suit is card.suit for held in meld.naturals):
        return True
    limits = [x for x in (4 if distinct else None, rules.set_max) if x is not None]
    return bool(limits) and len(meld) >= min(limits)


def _takes_a_joker(meld: Meld, memo: RulesMemo) -> bool:
    found = memo.takes_a_joker.get(meld)
    if found is None:
        found = remember(memo.takes_a_joker, meld, _takes_a_joker_of(meld, memo), 4096)
    return found


def _takes_a_joker_of(meld: Meld, memo: RulesMemo) -> bool:
    return any(
        _attaches(meld, JOKER, declared, memo)
        for declared in _joker_attach_declarations(meld, memo.rules)
    )


def _run_ends(meld: Meld, memo: RulesMemo) -> frozenset[Card]:
    found = memo.run_ends.get(meld)
    if found is None:
        found = remember(memo.run_ends, meld, _run_ends_of(meld, memo), 4096)
    return found


def _run_ends_of(meld: Meld, memo: RulesMemo) -> frozenset[Card]:
    """The natural cards that could extend a run at either end."""
    rules = memo.rules
    low, high = meld.represents[0], meld.represents[-1]
    wrap = rules.run_wrap
    # The cards of the suit by code, from its ace: a Card built from its rank and suit
    # looks up both enums.
    ace = low.code - low.number + 1
    found = set()
    below = low.number - 1
    if below >= 1:
        found.add(NATURAL_CARDS[ace + below - 1])
    elif wrap:
        found.add(NATURAL_CARDS[ace + 12])  # the king
    top = high.number
    if top == 1 and len(meld) > 1:
        # A high ace closes a run, unless it may go round the corner.
        if wrap:
            found.add(NATURAL_CARDS[ace + 1])  # the two
    elif top < 13:
        found.add(NATURAL_CARDS[ace + top])
    elif rules.ace_in_runs is AceInRuns.LOW_OR_HIGH or wrap:
        found.add(NATURAL_CARDS[ace])
    return frozenset(found)


def _swaps(round_: Round, seat: int, table: TableIndex, held: int) -> list[Swap]:
    """Every joker retrieval from ``table`` the hand of ``seat`` (holding the card codes
    ``held``) could pay for."""
    found: list[Swap] = []
    for number, rank, needs, actions in table.swaps:
        _paid_for(round_, round_.hands[seat], held, number, rank, needs, actions, found)
    return found


def _paid_for(
    round_: Round,
    hand: list[int],
    held: int,
    number: int,
    rank: Rank | None,
    needs: tuple[tuple[int, ...], ...],
    actions: tuple[Swap, ...],
    found: list[Swap],
) -> None:
    """Add to ``found`` the retrievals from the table's meld ``number`` (its part of the
    table's index, see _meld_swaps) that the cards ``hand`` (ids; their codes ``held``)
    could pay for."""
    if rank is not None:
        # A set of any suits takes any card of its rank: the cards held, each once, in the
        # order they were first held.
        deck = round_.deck
        for card in dict.fromkeys(deck[i] for i in hand):
            if card.rank is rank:
                found.append(Swap(number, (card,)))
        return
    for k, needed in enumerate(needs):
        if all(held >> code & 1 for code in needed):
            found.append(actions[k])


def retrievals_before_opening(
    round_: Round, hand: list[int], table: list[Meld], numbers: list[int] | None = None
) -> tuple[list[Swap], int]:
    """The retrievals from the melds ``numbers`` of ``table`` (all its melds holding a
    jolly if not given) that the cards ``hand`` (ids) could pay for, and how many jollies
    those melds hold; none where a player who has not opened may not take a jolly back.
    Those of the moves (see _swaps), for a table and a hand a move would leave, without
    the index of a whole table; the checks decide."""
    memo = rules_memo(round_.rules)
    if not memo.joker_swap or memo.joker_swap_needs_opened:
        return [], 0
    if numbers is None:
        numbers = [number for number, meld in enumerate(table) if meld.joker_count]
    held = _held_ids(round_, hand)
    found: list[Swap] = []
    jollies = 0
    for number in numbers:
        count = len(found)
        rank, needs, actions = _meld_swaps(number, table[number], memo)
        _paid_for(round_, hand, held, number, rank, needs, actions, found)
        if len(found) > count:
            jollies += table[number].joker_count
    return found, jollies


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


#: The retrievals worth checking from one meld of the table (see _meld_swaps_of).
MeldSwaps = tuple[Rank | None, tuple[tuple[int, ...], ...], tuple[Swap, ...]]


def _meld_swaps(number: int, meld: Meld, memo: RulesMemo) -> MeldSwaps:
    return _by_place(memo.swaps, memo, number, meld, _meld_swaps_of)


def _meld_swaps_of(number: int, meld: Meld, memo: RulesMemo) -> MeldSwaps:
    """The retrievals worth checking from ``meld`` (which holds a jolly), the table's meld
    ``number``: the card codes each needs, and the actions (remembered meld by meld, codes
    and actions apart, as :func:`_meld_attachments`). A set of any suits is marked with its
    rank instead, its cards being the hand's."""
    rules = memo.rules
    if meld.kind is MeldKind.SET and rules.set_suits is SetSuits.ANY:
        return meld.rank, (), ()
    needed = _needed(meld, rules)
    if meld.kind is MeldKind.SET and rules.set_joker_swap is SetJokerSwap.ALL_MISSING:
        # Every missing suit at once, each card once.
        return None, (tuple([c.code for c in needed]),), (Swap(number, needed),)
    cards = list(set(needed))
    return (
        None,
        tuple([(c.code,) for c in cards]),
        tuple([Swap(number, (c,)) for c in cards]),
    )


def show_candidates(round_: Round, seat: int) -> Iterator[Show]:
    """Every way to go out by showing the hand, each once (the same groups in another order
    go down the same way)."""
    seen: set[tuple[tuple[tuple[Card, ...], ...], Card | None]] = set()
    for show in _shows(round_, seat):
        key = (tuple(sorted(tuple(sorted(g)) for g in show.melds)), show.discard)
        if key not in seen:
            seen.add(key)
            yield show


def _shows(round_: Round, seat: int) -> Iterator[Show]:
    rules = round_.rules
    cards = [round_.deck[i] for i in round_.hands[seat]]
    discards: list[Card | None] = [*sorted(set(cards), key=code_order, reverse=True)]
    if rules.final_discard is FinalDiscard.OPTIONAL:
        discards.insert(0, None)
    if not rules.melding_during_play and rules.seven_of_a_kind_wins:
        # Counted by code: a Rank's hash is a Python call.
        by_rank = [0] * 13
        for card in cards:
            if card.code < 52:
                by_rank[card.code % 13] += 1
        for index, count in enumerate(by_rank):
            if count >= 7:
                same = [c for c in cards if c.code < 52 and c.code % 13 == index]
                yield Show((tuple(sorted(same, key=code_order)[:7]),), None)
    if not rules.melding_during_play:
        for discard, melds in partitions_without_one(cards, rules, discards):
            yield Show(tuple(m.cards for m in melds), discard)
    # The flush close where melds are laid during play; the colore where they are not.
    if not (rules.flush_close or (not rules.melding_during_play and rules.flush_meld)):
        return
    # Cards of one suit and no jolly left once the discard is out (a jolly counts as a suit):
    # by suit index, 4 for the jolly.
    suits = Counter(min(c.code // 13, 4) for c in cards)
    if len(suits) > 2:
        return  # one discard takes at most one suit away
    for discard in discards:
        # What is left is one suit when the hand is, or when the discard is the only card
        # of the second suit.
        out = None if discard is None else min(discard.code // 13, 4)
        kept = [s for s in suits if s != out or suits[s] > 1]
        if len(kept) == 1 and kept[0] != 4:
            rest = list(cards)
            if discard is not None:
                rest.remove(discard)
            yield Show((tuple(sorted(rest, key=code_order)),), discard)


# Actions are immutable values: the ones listed again and again are made once.
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
_DISCARDS: Final = tuple(Discard(Card.from_code(code)) for code in range(53))


def _lay_for(candidate: Candidate) -> Lay:
    cards, declared = candidate
    return Lay(cards, declared)


def _is_meld(action: Lay, rules: Rules) -> bool:
    """Whether a listed lay is a valid meld."""
    try:
        validate_meld(action.cards, rules, jokers=action.jokers)
    except (MeldError, NotationError):
        return False
    return True


def legal_actions(round_: Round) -> list[Action]:
    """Every legal action of the player to move, in a stable order."""
    if round_.phase is Phase.OVER:
        return []
    if round_.phase is Phase.DRAW:
        # Drawing from the stock is always open (a stock left empty is made up at once).
        return [_DRAW, _TAKE] if round_.may_take() else [_DRAW]
    seat = round_.to_play
    rules = round_.rules
    knobs = rules_memo(rules)
    # Two refusals that hold whatever else the move does, told before any check (a refusal
    # found by the full check costs an exception): no attachment before opening where the
    # rules close it, and no move without the card taken from the pile while it must go
    # down first (see _drawing.check_taken_used: the ids of a move take that card first).
    no_attaching = not knobs.attach_before_opening and not round_.opened[seat]
    taken = round_.taken_card
    first: Card | None = None
    if (
        taken is not None
        and knobs.discard_pickup is DiscardPickup.MUST_USE
        and taken in round_.hands[seat]
    ):
        first = round_.deck[taken]
    found = []
    for action in play_candidates(round_):
        if (no_attaching and isinstance(action, Attach)) or (
            first is not None
            and isinstance(action, (Lay, Attach, Swap))
            and first not in action.cards
        ):
            continue
        if round_.can(action):
            found.append(action)
    found.extend(_DISCARDS[c.code] for c in round_.discard_options())
    return found


def play_candidates(round_: Round) -> list[Action]:
    """Every move but a discard worth checking for the player to move in his play phase: a
    superset of the legal ones, built from the structure of the hand and the table."""
    seat = round_.to_play
    rules = round_.rules
    knobs = rules_memo(rules)
    hand = [round_.deck[i] for i in round_.hands[seat]]
    candidates: list[Action] = []
    if knobs.melding_during_play:
        candidates.extend(_lay_for(c) for c in meld_candidates(hand, rules))
        # One look at the table and at the hand's codes serves both.
        table = table_index(round_)
        held = _held(round_, seat)
        if knobs.attach_before_opening or round_.opened[seat]:
            # Before opening, where attaching waits for it, no attachment is worth checking.
            candidates.extend(_attachments(table, held))
        candidates.extend(_swaps(round_, seat, table, held))
    if not knobs.melding_during_play or knobs.flush_close:
        candidates.extend(show_candidates(round_, seat))
    return candidates


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


def can_use_at_once(round_: Round, seat: int, hand: list[int], top: int) -> bool:
    """Whether the card ``top`` could be laid or attached right after taking it."""
    rules = round_.rules
    cards = [round_.deck[i] for i in hand]
    card = round_.deck[top]
    keep = round_.cards_to_keep()
    # A twin of the card held besides: it may not be thrown back either, so a meld that
    # keeps only twins leaves him stuck.
    twin = not rules.rediscard_taken_card and sum(1 for c in cards if c is card) > 1
    if has_companions(cards, card):
        for meld_cards, _ in meld_candidates(cards, rules, containing=card):
            if len(cards) - len(meld_cards) >= keep and (
                not twin or _keeps_another(without_cards(cards, meld_cards), card)
            ):
                return True
    if len(cards) - 1 < keep:
        return False
    return bool(table_index(round_).fitting(1 << card.code))


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
    table, with the opening points they would add (when attachments count), and for each
    card that can go first in such a chain, the points of the chains it starts: as rows of
    the hand's ``search``. ``waiting`` of the jollies among ``cards`` were taken back from
    the meld ``waiting_from`` and may not go back on it: only the others may."""
    options: list[Row] = []
    units = search.units
    memo = rules_memo(rules)
    known = memo.chains
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
        for packed, size, points, starts in found:
            # From the chain's packing (by the place of each code in ``distinct``, the
            # order its cards were given in) to the hand's.
            needed = 0
            for k in range(len(distinct)):
                needed += (packed >> (_WIDTH * k) & _FIELD) * units[distinct[k]]
            options.append((needed, size, points, number, starts))
    return options


#: Chains of attachments to a meld: the cards each uses (packed, see _meld_chains), how
#: many, its best points, and its points by the card it starts with.
Chains = tuple[tuple[int, int, int, dict[Card, int]], ...]


def _meld_chains(start: Meld, cards: tuple[Card, ...], memo: RulesMemo, depth: int) -> Chains:
    """The chains of attachments of ``cards`` to the meld ``start``: the cards each uses,
    how many, its best points, and the points by the card it starts with. The cards used
    are packed by the place of each card among ``cards`` once twins are counted together,
    in the order they first come: a field of _WIDTH bits for each (a few cards go on one
    meld, so the int stays a machine word, where packing by code makes it one of hundreds
    of bits). The dictionaries are shared: callers only read them."""
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
    # Chains are told apart by the cards they use (packed) and the card they start with: a
    # card taken from the pile must be the first to go down (see _drawing.check_taken_used).
    # Packed ints, where Counters would cost Python calls.
    best: dict[tuple[int, Card], int] = {}
    sizes: dict[int, int] = {}
    # The melds reached, each with the cards it used and the card it started with: a step
    # is taken again from a meld only when it gets there with more points. Told apart by
    # the meld too, not by the cards alone: a jolly may be placed at either end of a run,
    # and the next cards fit one of those melds and not the other.
    reached: dict[tuple[int, Card, Meld], int] = {}
    # Each meld reached, the cards it used, how many, the card it started with, its points.
    frontier: list[tuple[Meld, int, int, Card | None, int]] = [(start, 0, 0, None, 0)]
    for _ in range(depth):
        grown_frontier: list[tuple[Meld, int, int, Card | None, int]] = []
        for meld, used, count, first, gained in frontier:
            for k in range(len(kinds)):
                shift = _WIDTH * k
                if used >> shift & _FIELD >= have[k]:
                    continue
                card = kinds[k]
                now = used + (1 << shift)
                starter = card if first is None else first
                chain = (now, starter)
                for grown, added in _grown(meld, card, memo):
                    points = gained + added
                    if best.get(chain, -1) < points:
                        best[chain] = points
                        sizes[now] = count + 1
                    state = (now, starter, grown)
                    if reached.get(state, -1) < points:
                        reached[state] = points
                        grown_frontier.append((grown, now, count + 1, starter, points))
        frontier = grown_frontier
    chains: dict[int, dict[Card, int]] = {}
    for (used, first), points in best.items():
        chains.setdefault(used, {})[first] = points
    return tuple(
        (used, sizes[used], max(starts.values()), starts) for used, starts in chains.items()
    )


def _grown(meld: Meld, card: Card, memo: RulesMemo) -> tuple[tuple[Meld, int], ...]:
    """``meld`` with ``card`` attached and the points that adds, for each place the player
    may declare for a jolly (the one place of a natural card); none when the meld refuses
    it. Remembered by meld, then by the card's code: the chains of one hand and of the next
    share their steps, and the melds those steps grow (so the steps after them are found
    again too)."""
    steps = memo.grown.get(meld)
    if steps is None:
        steps = remember(memo.grown, meld, {}, 4096)
    code = card.code
    found = steps.get(code)
    if found is not None:
        return found
    rules = memo.rules
    grown_melds: list[tuple[Meld, int]] = []
    if could_attach(meld, card, rules) and not _surely_refused(meld, card, rules):
        declarations = _joker_attach_declarations(meld, rules) if code == 52 else [None]
        for declared in declarations:
            try:
                grown = attach(meld, [card], rules, jokers=declared)
            except (MeldError, NotationError):
                continue
            if all(grown != other for other, _ in grown_melds):
                grown_melds.append((grown, grown.points_of((card,), meld, rules)))
    found = steps[code] = tuple(grown_melds)
    return found


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
    down elsewhere: only the others may be attached to it.

    ``within``, a hand that holds ``cards``, only saves work: the melds of ``cards`` are
    those of ``within`` that fit in them, and a hand is asked about once for each of the
    many ways of laying part of it."""
    memo = rules_memo(rules)
    # Far from the threshold, or no meld for the card it must hold: no search (see
    # _opening.points_bound).
    if need > 0 and points_bound(cards, memo, table, -1 if using is None else using.code) < need:
        return False
    # The card ``using`` goes down, so one copy of it is never kept.
    if barred is not None and sum(1 for card in cards if card is barred) > (using is barred):
        return _reachable_throwing_another(
            cards, rules, need, keep, using, table, within, barred, waiting_from, waiting
        )
    if within is None:
        search, left = search_holding(cards, memo)
    else:
        search, _ = search_holding(within, memo)
        left = search.pack(cards)
        if left < 0:
            # Cards that are not all the hand's: asked about on their own.
            search, left = search_holding(cards, memo)
    return _search_reachable(
        search, cards, left, rules, need, keep, using, table, waiting_from, waiting
    )


def _reachable_throwing_another(
    cards: Sequence[Card],
    rules: Rules,
    need: int,
    keep: int,
    using: Card | None,
    table: Sequence[Meld],
    within: Sequence[Card] | None,
    barred: Card,
    waiting_from: int,
    waiting: int,
) -> bool:
    """:func:`opening_reachable` for cards that hold a twin of ``barred``: each other card
    in turn is set aside as the one thrown at the end, and the rest must open keeping one
    card fewer. Asked only in the turn a card was taken from the pile, while its twin is
    held."""
    whole = cards if within is None else within

    def reach(part: Sequence[Card], kept: int, hand: Sequence[Card] | None) -> bool:
        # The question again, of ``part`` keeping ``kept`` cards, without the twin's ban.
        return opening_reachable(
            part,
            rules,
            need,
            keep=kept,
            using=using,
            table=table,
            within=hand,
            waiting_from=waiting_from,
            waiting=waiting,
        )

    # Two quick answers first. Without the twin's ban it is no easier; and keeping as many
    # cards besides the twins as the rules want, one of those kept may surely be thrown.
    twins = sum(1 for card in cards if card is barred) - (using is barred)
    if not reach(cards, keep, within):
        return False
    if reach(cards, max(keep, 1) + twins, within):
        return True
    tried = 0  # the codes already set aside, as bits
    for card in cards:
        bit = 1 << card.code
        if card is barred or tried & bit:
            continue
        tried |= bit
        if reach(without_cards(cards, [card]), max(keep - 1, 0), whole):
            return True
    if keep:
        return False
    # With no discard required, laying every card goes out (the twin with the rest).
    found = partition(cards, rules)
    return found is not None and sum(meld.points(rules) for meld in found) >= need


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
) -> bool:
    """:func:`opening_reachable` for ``cards``, packed as ``left`` by ``search``."""
    knobs = rules_memo(rules)
    size = len(cards)
    attaching = knobs.opening_counts_attachments and knobs.attach_before_opening
    if not (attaching and table):
        if using is None:
            return size >= keep if need <= 0 else search.reach(left, size, need, keep)
        return search.reach_using(left, size, need, keep, using.code)
    if using is None and need <= 0:
        return size >= keep
    found = search.rows(left) + _attach_options(
        search, cards, tuple(table), rules, waiting_from, waiting
    )
    # Richest first, so a reachable threshold is found quickly (the sort is stable).
    rows = sorted(found, key=itemgetter(2), reverse=True)
    if using is None:
        return reach_rows(search, rows, left, size, need, keep, 0)
    field = search.units[using.code] * search.low
    for needed, used, points, meld, starts in rows:
        if needed & field:
            if starts is not None:
                # A chain of attachments holding the taken card must start with it.
                if using not in starts:
                    continue
                points = starts[using]
            if size - used >= keep and reach_rows(
                search,
                rows,
                left - needed,
                size - used,
                need - points,
                keep,
                1 << meld if meld >= 0 else 0,
            ):
                return True
    return False


def can_open_with(round_: Round, seat: int, hand: list[int], top: int) -> bool:
    """Whether melds from ``hand`` that use the card ``top`` reach the opening threshold,
    keeping a card to discard when the rules want one."""
    rules = round_.rules
    keep = round_.cards_to_keep()
    cards = [round_.deck[i] for i in hand]
    card = round_.deck[top]
    attaching = rules.opening_counts_attachments and rules.attach_before_opening
    table = [m.meld for m in round_.table]
    # The taken card must be in one of the melds (or, where attachments count, in a chain
    # attached to the table): most often it is in none at all, told first. Where a meld of
    # the hand must hold it, whether one might is then asked with the bound of
    # opening_reachable (see _opening.points_bound), which a threshold of 0 does not ask.
    if not card.is_joker:
        if attaching and table:
            if not (has_companions(cards, card) or chain_may_hold(table, cards, card)):
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
            search = _opening.known_search(own, memo, _last_discard(round_, seat))
            if search is not None:
                return _opening.reach_adding(search, own, card, rules.opening_threshold, keep)
    return opening_reachable(
        cards,
        rules,
        rules.opening_threshold,
        keep=keep,
        using=card,
        table=table,
        barred=None if rules.rediscard_taken_card else card,
    )


def _last_discard(round_: Round, seat: int) -> Card | None:
    """The card ``seat`` threw last, if his last move was a discard."""
    history = round_.history
    for k in range(len(history) - 1, -1, -1):
        event = history[k]
        if event.seat == seat:
            action = event.action
            return action.card if isinstance(action, Discard) else None
    return None


def chain_may_hold(table: Sequence[Meld], cards: Sequence[Card], card: Card) -> bool:
    """Whether the natural ``card`` could go on some meld of ``table`` in a chain of
    attachments made with the other ``cards``: a set of its rank; a run of its suit close
    enough to it that the cards of that suit and the jolly among ``cards`` could fill the
    gap (going round the corner, whatever the rules say); any flush. Without one, no chain
    holds it: a quick answer before the opening search through the table."""
    code = card.code
    rank = code % 13
    suit = code // 13
    # Cards that might fill the gap between a run and the card: those of its suit (the
    # card itself aside) and the jolly.
    fillers = -1
    for other in cards:
        c = other.code
        if c == 52 or c // 13 == suit:
            fillers += 1
    for meld in table:
        first = meld.represents[0].code
        if meld.kind is MeldKind.SET:
            if first % 13 == rank:
                return True
        elif meld.kind is MeldKind.RUN:
            if first // 13 != suit:
                continue
            below = (first % 13 - rank) % 13  # positions from the card up to the run's start
            above = (rank - meld.represents[-1].code % 13) % 13  # from the run's end
            if min(below, above) <= 1 + fillers:
                return True
        else:
            return True
    return False


def joker_actions(round_: Round, seat: int) -> Iterator[Lay | Attach]:
    """Attachments and lays that put a jolly from the hand on the table (the checks decide).
    Attachments come first: they are cheaper to check, and callers mostly ask whether any
    of these is legal."""
    table = round_.table
    rules = round_.rules
    # The attachments of a jolly alone: those the index files under its code. Not on the
    # meld a waiting jolly came from: one may go there only from another jolly of the hand,
    # which would leave the waiting one where it is.
    came_from = round_.pending_from
    # No attachment at all before opening where the rules close it (see _attaching.plan_attach).
    closed = not rules.attach_before_opening and not round_.opened[seat]
    for action in (
        [] if closed else _attachments(table_index(round_), _held(round_, seat) & 1 << 52)
    ):
        if action.meld == came_from:
            continue
        # The remembered meld check first: most places refuse a jolly for the meld's sake.
        if attaches(table[action.meld].meld, JOKER, action.jokers, rules):
            yield action
    hand = [round_.deck[i] for i in round_.hands[seat]]
    for meld_cards, declared in meld_candidates(hand, round_.rules):
        if JOKER in meld_cards:
            yield _lay_for((meld_cards, declared))


def joker_can_be_relaid(round_: Round, seat: int) -> bool:
    """Whether a jolly in the hand (one taken back, say) could be laid this turn."""
    return any(round_.can(action) for action in joker_actions(round_, seat))
