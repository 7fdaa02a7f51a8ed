"""What a move can do to each meld on the table: the attachments worth checking (a card or
a jolly the meld takes alone), the jollies a hand could pay to take back, each meld's
answers remembered as it lies, and the index of a whole table built from them
(:class:`TableIndex`). The checks of the moves decide; these are the candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ._rules_memo import RulesMemo, remember, rules_memo
from .actions import Attach, Swap
from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, code_order
from .errors import MeldError, NotationError
from .melds import Meld, MeldKind, attach, meld_question, swap_cards
from .rules import AceInRuns, Rules, SetJokerSwap, SetSuits
from .state import TableMeld


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


class TableAnswers:
    """What this module remembers under one value of the rules (see
    :meth:`RulesMemo.part`)."""

    __slots__ = (
        "attaches",
        "attachments",
        "last_table",
        "run_ends",
        "swaps",
        "tables",
    )

    def __init__(self, memo: RulesMemo) -> None:
        #: The index of a table, by its melds in order, and the one asked for last.
        self.tables: dict[tuple[Meld, ...], TableIndex] = {}
        self.last_table: TableIndex | None = None
        #: By meld, with the place it was asked for: the attachments and the retrievals
        #: worth checking.
        self.attachments: dict[Meld, tuple[int, MeldAttachments]] = {}
        self.swaps: dict[Meld, tuple[int, MeldSwaps]] = {}
        #: By meld, then by the card and its declaration packed: whether it attaches.
        self.attaches: dict[Meld, dict[int, bool]] = {}
        #: By meld: the natural cards that extend a run.
        self.run_ends: dict[Meld, frozenset[Card]] = {}


def table_index(memo: RulesMemo, table: Sequence[TableMeld]) -> TableIndex:
    """The :class:`TableIndex` of ``table`` under the rules of ``memo``, remembered under its
    melds in order (the positions after a move, and the move made, share a state of the
    table)."""
    # The table asked about last, told by the very melds it holds: most questions come
    # back to it, and comparing a few pointers costs less than hashing every meld.
    answers = memo.part(TableAnswers)
    last = answers.last_table
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
    found = answers.tables.get(melds)
    if found is None:
        # Built from the table asked about last, which most often differs by one meld.
        found = remember(answers.tables, melds, TableIndex(melds, memo, last), 16)
    answers.last_table = found
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


def attachments(table: TableIndex, held: int) -> list[Attach]:
    """Every single-card attachment to ``table`` worth checking for a hand holding the card
    codes ``held`` (see held_codes); the checks decide."""
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


def held_codes(cards: Sequence[Card], hand: Sequence[int]) -> int:
    """The card codes of the ids ``hand`` (of the deck ``cards``), as the bits of an int
    (bit 52 the jolly): a question of membership is then a shift, worked out in C."""
    held = 0
    for i in hand:
        held |= 1 << cards[i].code
    return held


#: The attachments worth checking to one meld of the table (see _meld_attachments_of).
MeldAttachments = tuple[tuple[int, ...], tuple[Attach, ...], tuple[Attach, ...]]


def _meld_attachments(number: int, meld: Meld, memo: RulesMemo) -> MeldAttachments:
    return _by_place(memo.part(TableAnswers).attachments, memo, number, meld, _meld_attachments_of)


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
    return tuple(sieve), tuple(joker_attach_declarations(meld, memo.rules))


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
    attaches = memo.part(TableAnswers).attaches
    answers = attaches.get(meld)
    if answers is None:
        answers = remember(attaches, meld, {}, 4096)
    asked = card.code if declared is None else meld_question((card,), declared, False)
    found = answers.get(asked)
    if found is None:
        found = answers[asked] = _attaches_of(meld, card, declared, memo)
    return found


def _attaches_of(
    meld: Meld, card: Card, declared: tuple[Card | None, ...] | None, memo: RulesMemo
) -> bool:
    try:
        attach(meld, [card], memo.rules, jokers=declared)
    except (MeldError, NotationError):
        return False
    return True


def _run_ends(meld: Meld, memo: RulesMemo) -> frozenset[Card]:
    ends = memo.part(TableAnswers).run_ends
    found = ends.get(meld)
    if found is None:
        found = remember(ends, meld, _run_ends_of(meld, memo), 4096)
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


def joker_attach_declarations(meld: Meld, rules: Rules) -> list[tuple[Card | None, ...] | None]:
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


def swaps_for(
    cards: Sequence[Card], hand: Sequence[int], table: TableIndex, held: int
) -> list[Swap]:
    """Every joker retrieval from ``table`` the hand ``hand`` (ids of the deck ``cards``,
    holding the card codes ``held``) could pay for."""
    found: list[Swap] = []
    for number, rank, needs, actions in table.swaps:
        _paid_for(cards, hand, held, number, rank, needs, actions, found)
    return found


def _paid_for(
    deck: Sequence[Card],
    hand: Sequence[int],
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
        for card in dict.fromkeys(deck[i] for i in hand):
            if card.rank is rank:
                found.append(Swap(number, (card,)))
        return
    for k, needed in enumerate(needs):
        if all(held >> code & 1 for code in needed):
            found.append(actions[k])


def retrievals_before_opening(
    memo: RulesMemo,
    cards: Sequence[Card],
    hand: Sequence[int],
    table: Sequence[Meld],
    numbers: Sequence[int] | None = None,
) -> tuple[list[Swap], int]:
    """What :func:`payable_retrievals` finds, asked of a player who has not opened: none
    where such a player may not take a jolly back."""
    if memo.joker_swap_needs_opened:
        return [], 0
    return payable_retrievals(memo, cards, hand, table, numbers)


def payable_retrievals(
    memo: RulesMemo,
    cards: Sequence[Card],
    hand: Sequence[int],
    table: Sequence[Meld],
    numbers: Sequence[int] | None = None,
) -> tuple[list[Swap], int]:
    """The retrievals from the melds ``numbers`` of ``table`` (all its melds holding a
    jolly if not given) that the cards ``hand`` (ids) could pay for, and how many jollies
    those melds hold, wherever the rules let a jolly be taken back. Those of the moves (see
    swaps_for), for a table and a hand a move would leave, without the index of a whole
    table; the checks decide. ``cards``: the deck's."""
    if not memo.joker_swap:
        return [], 0
    if numbers is None:
        numbers = [number for number, meld in enumerate(table) if meld.joker_count]
    held = held_codes(cards, hand)
    found: list[Swap] = []
    jollies = 0
    for number in numbers:
        count = len(found)
        rank, needs, actions = _meld_swaps(number, table[number], memo)
        _paid_for(cards, hand, held, number, rank, needs, actions, found)
        if len(found) > count:
            jollies += table[number].joker_count
    return found, jollies


#: The retrievals worth checking from one meld of the table (see _meld_swaps_of).
MeldSwaps = tuple[Rank | None, tuple[tuple[int, ...], ...], tuple[Swap, ...]]


def _meld_swaps(number: int, meld: Meld, memo: RulesMemo) -> MeldSwaps:
    return _by_place(memo.part(TableAnswers).swaps, memo, number, meld, _meld_swaps_of)


def _meld_swaps_of(number: int, meld: Meld, memo: RulesMemo) -> MeldSwaps:
    """The retrievals worth checking from ``meld`` (which holds a jolly), the table's meld
    ``number``: the card codes each needs, and the actions (remembered meld by meld, codes
    and actions apart, as :func:`_meld_attachments`). A set of any suits is marked with its
    rank instead, its cards being the hand's."""
    rules = memo.rules
    if meld.kind is MeldKind.SET and rules.set_suits is SetSuits.ANY:
        return meld.rank, (), ()
    needed = swap_cards(meld, rules)
    if meld.kind is MeldKind.SET and rules.set_joker_swap is SetJokerSwap.ALL_MISSING:
        # Every missing suit at once, each card once.
        return None, (tuple([c.code for c in needed]),), (Swap(number, needed),)
    cards = list(set(needed))
    return (
        None,
        tuple([(c.code,) for c in cards]),
        tuple([Swap(number, (c,)) for c in cards]),
    )
