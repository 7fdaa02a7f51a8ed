"""The opening search: whether disjoint melds of a hand make the points an opening needs.

A hand is looked at once (:func:`search_for`): its melds worth counting, richest first, and
its cards packed in one int, a field of bits for each distinct card of the hand with the
top bit of each field a guard. Taking a meld out of what is left is one subtraction, and the
meld fits when no guard is lost (a borrow clears one). A hand holds a dozen or so distinct
cards, so the packed ints stay small enough to be worked on as machine words.

Every question about a hand, or about what is left of it once a meld is laid, is answered
by the same object, which remembers its answers: the parts of one hand come back many times
in a turn, the parts of another hand almost never. A hand asked about on its own is answered
by a search built lately for a hand that holds it, if there is one (:func:`search_holding`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from ._candidates import Candidate, groups_of_codes, meld_candidates
from ._rules_memo import RulesMemo, remember
from .cards import JOKER, Card, sorted_codes, without_cards
from .melds import Meld, MeldKind, meld_question, validate_meld

#: The bits of a card's code where a meld's codes are packed in one int (see _pack_codes).
_CODE_BITS: Final = 6
_CODE_MASK: Final = (1 << _CODE_BITS) - 1
#: The bits of a meld's number of cards below its points (see _group_options): past what
#: any meld holds.
_SIZE_BITS: Final = 8
_SIZE_MASK: Final = (1 << _SIZE_BITS) - 1

#: A row of the search where cards attached to the table count too: the cards it takes
#: (packed for the hand), how many, its points, the table meld it grows (-1 for a meld of
#: the hand).
Row = tuple[int, int, int, int]


class OpeningSearch:
    """The opening search for one hand (see the module's docstring), for one value of the
    rules. Cards given to it must be among the hand's."""

    def __init__(self, codes: tuple[int, ...], memo: RulesMemo) -> None:
        counts = [0] * 53
        for code in codes:
            counts[code] += 1
        # Enough bits for the most copies of a card, and the guard above them; the fields
        # in the order the cards first come.
        width = max(counts).bit_length() + 1
        units = [0] * 53
        guards = 0
        for index, code in enumerate(dict.fromkeys(codes)):
            units[code] = 1 << (width * index)
            guards |= 1 << (width * index + width - 1)
        self.units: Final = tuple(units)
        #: How many of each card code the hand holds.
        self.counts: Final = tuple(counts)
        self.guards: Final = guards
        #: The bits of a field below its guard.
        self.low: Final = (1 << (width - 1)) - 1
        # The melds worth counting: points, cards taken (packed as the hand is), how many.
        melds: list[tuple[int, int, int]] = []
        for group in groups_of_codes(codes, memo):
            options = _group_options(group, memo)
            for k in range(0, len(options), 2):
                packed = options[k]
                used = options[k + 1] & _SIZE_MASK
                needed = 0
                for _ in range(used):
                    needed += units[packed & _CODE_MASK]
                    packed >>= _CODE_BITS
                melds.append((options[k + 1] >> _SIZE_BITS, needed, used))
        # Richest first, in the order found among equals (the sort is stable).
        melds.sort(key=itemgetter(0), reverse=True)
        self.points: Final = tuple([meld[0] for meld in melds])
        self.needs: Final = tuple([meld[1] for meld in melds])
        self.sizes: Final = tuple([meld[2] for meld in melds])
        self.answers: Final[dict[tuple[int, int, int, int], bool]] = {}
        #: The rules it was built for.
        self.memo: Final = memo

    def pack(self, cards: Sequence[Card]) -> int:
        """``cards`` packed with every guard set, or -1 when one of them is not the hand's
        (as many copies as the hand holds are not checked)."""
        units = self.units
        left = self.guards
        for card in cards:
            unit = units[card.code]
            if not unit:
                return -1
            left += unit
        return left

    def holds_all(self, codes: tuple[int, ...]) -> bool:
        """Whether the hand holds the cards of these codes (sorted), as many copies of each:
        then the search answers for them too (see search_holding). Told from the counts,
        not by packing: a field holds only as many copies as the hand has, and more would
        carry into the next one."""
        counts = self.counts
        k = 0
        while k < len(codes):
            code = codes[k]
            copies = 1
            while k + copies < len(codes) and codes[k + copies] == code:
                copies += 1
            if counts[code] < copies:
                return False
            k += copies
        return True

    def holds(self, left: int, needed: int) -> bool:
        """Whether the cards packed in ``needed`` (no guards) are among ``left``."""
        guards = self.guards
        return (left - needed) & guards == guards

    def reach(self, left: int, size: int, want: int, keep: int, spare: int = 0) -> bool:
        """Whether melds of the hand taken from ``left`` (packed, ``size`` cards) make
        ``want`` points, keeping ``keep`` cards in hand, and among them one of ``spare``
        (count bits, see :meth:`spare`) if given."""
        if want <= 0:
            return not spare or left & spare != 0
        asked = (left, want, keep, spare)
        known = self.answers.get(asked)
        if known is None:
            known = self.answers[asked] = self._tries(left, size, want, keep, 0, spare)
        return known

    def reach_using(
        self, left: int, size: int, want: int, keep: int, using: int, spare: int = 0
    ) -> bool:
        """As :meth:`reach`, one of the melds holding the card with the code ``using``."""
        unit = self.units[using]
        return bool(unit) and self._tries(left, size, want, keep, unit * self.low, spare)

    def spare(self, code: int) -> int:
        """The count bits of every card of the hand but the one with the code ``code``: a
        card kept among them is one that may be thrown when that one may not."""
        every = (self.guards >> self.low.bit_length()) * self.low
        return every - self.units[code] * self.low

    def _tries(self, left: int, size: int, want: int, keep: int, field: int, spare: int) -> bool:
        # Whether a meld taken first from ``left`` (one holding a card of ``field``, the
        # count bits of its field, unless 0) leaves enough for :meth:`reach` to answer yes.
        guards = self.guards
        needs = self.needs
        sizes = self.sizes
        points = self.points
        for k in range(len(needs)):
            needed = needs[k]
            used = sizes[k]
            if (field and not needed & field) or size - used < keep:
                continue
            rest = left - needed
            if rest & guards == guards and self.reach(
                rest, size - used, want - points[k], keep, spare
            ):
                return True
        return False

    def rows(self, left: int) -> list[Row]:
        """The melds of the hand that fit in ``left``, as rows (see :data:`Row`)."""
        guards = self.guards
        return [
            (needed, self.sizes[k], self.points[k], -1)
            for k, needed in enumerate(self.needs)
            if (left - needed) & guards == guards
        ]


def points_bound(
    cards: Sequence[Card], memo: RulesMemo, table: Sequence[Meld] = (), using: int = -1
) -> int:
    """At least the opening points of any disjoint melds of ``cards`` (runs and sets, as the
    search counts them): every natural card that some meld of these cards might hold at
    the most it can be worth (11 for the ace, 10 for a figure), every jolly at the most it
    may stand for. Where attachments count toward the opening (and he may attach before
    it), every card that might go on a meld of ``table`` counts too (see _on_the_table).
    With ``using``, the code of a natural card one of the melds must hold: 0 where no meld
    of these cards might hold it (not asked where cards attached to the table count).

    A natural card is counted where a meld could hold it at all, judged generously: in a
    run if enough cards of its suit lie near it (ranks taken round the corner, whatever the
    rules), in a set if enough of its rank are held. Asked before a hand's search, which
    costs some thirty times more: most hands of a player who has not opened are far from
    his threshold, and this answers for them."""
    items: list[Card] = cards if isinstance(cards, list) else list(cards)
    jollies = 0
    # The ranks held in each suit (bit r for rank r + 1), and two bits a rank: how many
    # of it are held, up to 3.
    clubs = 0
    diamonds = 0
    hearts = 0
    spades = 0
    ranks = 0
    for card in items:
        code = card.code
        if code == 52:
            jollies += 1
            continue
        rank = code % 13
        if code < 13:
            clubs |= 1 << rank
        elif code < 26:
            diamonds |= 1 << rank
        elif code < 39:
            hearts |= 1 << rank
        else:
            spades |= 1 << rank
        if ranks >> (rank * 2) & 3 != 3:
            ranks += 1 << (rank * 2)
    usable = 0
    worth = 0
    if memo.opening_jokers:
        most = memo.max_jokers_per_meld
        usable = jollies if most is None or jollies < most else most
        fixed = memo.opening_joker_value
        worth = 11 if fixed is None else fixed
    if usable < 2:
        live = (
            _live_in_runs(clubs, usable)
            | _live_in_runs(diamonds, usable) << 13
            | _live_in_runs(hearts, usable) << 26
            | _live_in_runs(spades, usable) << 39
        )
    else:
        # A card and two jollies make a run.
        live = clubs | diamonds << 13 | hearts << 26 | spades << 39
    attaching = bool(table) and memo.opening_counts_attachments and memo.attach_before_opening
    if 0 <= using < 52 and not attaching:
        rank = using % 13
        if not (live >> using & 1 or (ranks >> (rank * 2) & 3) + usable >= 3):
            return 0
    total = jollies * worth
    for card in items:
        code = card.code
        if code != 52:
            rank = code % 13
            if live >> code & 1 or (ranks >> (rank * 2) & 3) + usable >= 3:
                total += _worth(rank)
    if attaching:
        total += _on_the_table(items, memo, table, [clubs, diamonds, hearts, spades], jollies)
    return total


def _on_the_table(
    items: list[Card], memo: RulesMemo, table: Sequence[Meld], held: list[int], jollies: int
) -> int:
    # What points_bound adds where attachments count: every card of ``items`` (whose ranks
    # by suit are ``held``) that might go on a meld of ``table``, at the most it can be
    # worth: a card of a set's rank; a card of a run's suit (without a jolly, only one next
    # to the run's ranks or to such a card, ranks taken round the corner, as a chain grows
    # a run one rank at a time); a card of a flush's suit. Jollies, which points_bound
    # counted once, only where it gave them nothing (an opening that holds none: attached,
    # they may count).
    # The ranks of the table's runs by suit, the ranks of its sets, its flushes' suits.
    runs = [0, 0, 0, 0]
    sets = 0
    anywhere = [False, False, False, False]
    for meld in table:
        first = meld.represents[0].code
        if meld.kind is MeldKind.RUN:
            suit = first // 13
            for card in meld.represents:
                runs[suit] |= 1 << (card.code % 13)
        elif meld.kind is MeldKind.SET:
            sets |= 1 << (first % 13)
        else:
            anywhere[first // 13] = True
    attachable = 0
    for suit in range(4):
        row = held[suit]
        reach = 0
        if anywhere[suit] or (runs[suit] and jollies):
            reach = row
        elif runs[suit]:
            # Grown one rank at a time from the run's ranks, through the cards held.
            grown = runs[suit]
            while True:
                near = (grown << 1 | grown >> 12 | grown >> 1 | grown << 12) & 0x1FFF & row
                if not near & ~grown:
                    break
                grown |= near
            reach = grown & row
        attachable |= (reach | row & sets) << (13 * suit)
    added = 0
    for card in items:
        code = card.code
        if code != 52 and attachable >> code & 1:
            added += _worth(code % 13)
    if not memo.opening_jokers:
        fixed = memo.opening_joker_value
        added += jollies * (11 if fixed is None else fixed)
    return added


def _worth(rank: int) -> int:
    # A natural card's most opening points, by its rank (0 for the ace).
    return 11 if rank == 0 else (rank + 1 if rank < 9 else 10)


def _live_in_runs(row: int, jollies: int) -> int:
    # The ranks of ``row`` that a run might hold with at most one jolly: one next to a
    # rank held, or two away (one jolly), or in three held in a row (none). The ranks are
    # taken three times over, so that the king and the ace are neighbours.
    rows = row | row << 13 | row << 26
    if jollies:
        held = rows & (rows << 1 | rows >> 1 | rows << 2 | rows >> 2)
    else:
        starts = rows & rows >> 1 & rows >> 2
        held = starts | starts << 1 | starts << 2
    return held >> 13 & 0x1FFF


class SearchAnswers:
    """What this module remembers under one value of the rules (see
    :meth:`RulesMemo.part`)."""

    __slots__ = ("meld_options", "recent_searches", "searches")

    def __init__(self, memo: RulesMemo) -> None:
        #: Opening searches, by the hand's sorted card codes.
        self.searches: dict[tuple[int, ...], OpeningSearch] = {}
        #: The searches built last, newest first (see search_holding).
        self.recent_searches: list[OpeningSearch] = []
        #: A candidate meld's opening points and packed codes, by its question.
        self.meld_options: dict[int, int] = {}


def search_holding(cards: Sequence[Card], memo: RulesMemo) -> tuple[OpeningSearch, int]:
    """A search that answers for ``cards`` and the cards packed by it: that of their own hand
    if there is one, else one of the last built whose hand holds them all (as many copies
    of each), else their own, built. The melds of a hand that fit in part of it are the
    melds of that part, so a hand's search answers for each of its parts: a turn asks about
    many parts of a hand (what a move would leave, with a jolly taken back), each once."""
    codes = sorted_codes(cards)
    answers = memo.part(SearchAnswers)
    found = answers.searches.get(codes)
    if found is None:
        for recent in answers.recent_searches:
            if recent.holds_all(codes):
                return recent, recent.pack(cards)
        found = search_for(codes, memo)
    return found, found.pack(cards)


def known_search(
    cards: Sequence[Card], memo: RulesMemo, parent: Card | None
) -> OpeningSearch | None:
    """A search already built that answers for ``cards`` (see search_holding), or ``None``:
    their own, one of the last built, or that of their hand with ``parent`` (the hand they
    were part of: the last turn's, before its discard)."""
    codes = sorted_codes(cards)
    answers = memo.part(SearchAnswers)
    found = answers.searches.get(codes)
    if found is None:
        for recent in answers.recent_searches:
            if recent.holds_all(codes):
                return recent
        if parent is not None:
            found = answers.searches.get(sorted_codes([*cards, parent]))
    return found


def reach_adding(
    search: OpeningSearch, cards: list[Card], card: Card, want: int, keep: int
) -> bool:
    """Whether melds of ``cards`` and the natural ``card``, one of them holding ``card``,
    make ``want`` points keeping ``keep`` cards, as the search of ``cards`` with ``card``
    would answer :meth:`OpeningSearch.reach_using`, told by ``search``, one that answers
    for ``cards`` (see known_search): each meld that holds ``card`` is taken first, and
    the search answers for what it leaves of ``cards``. The card taken from the pile is
    asked about before every draw, and a search of the hand with it costs more than the
    few melds that hold it."""
    memo = search.memo
    jokers = memo.opening_jokers
    more = [*cards, card]
    for meld_cards, declared in meld_candidates(more, memo.rules, containing=card):
        if not jokers and JOKER in meld_cards:
            continue
        size = len(more) - len(meld_cards)
        if size < keep:
            continue
        points = _meld_option(meld_cards, declared, memo) >> _CODE_BITS * len(meld_cards)
        if points >= want:
            return True
        left = search.pack(without_cards(more, meld_cards))
        if left >= 0 and search.reach(left, size, want - points, keep):
            return True
    return False


#: How many of the searches built last are asked first (see search_holding).
_RECENT_LIMIT: Final = 4


def search_for(codes: tuple[int, ...], memo: RulesMemo) -> OpeningSearch:
    """The search for the hand of these card codes (sorted), remembered for a while: a turn
    asks about the same hand again and again. One built is also among the last built (see
    search_holding)."""
    answers = memo.part(SearchAnswers)
    found = answers.searches.get(codes)
    if found is None:
        found = remember(answers.searches, codes, OpeningSearch(codes, memo), 64)
        recent = answers.recent_searches
        recent.insert(0, found)
        del recent[_RECENT_LIMIT:]
    return found


def reach_rows(
    search: OpeningSearch,
    rows: list[Row],
    left: int,
    size: int,
    want: int,
    keep: int,
    grown: int,
    spare: int = 0,
) -> bool:
    """Whether rows (melds of the hand and chains of attachments to the table's melds, at
    most one chain per meld; richest first) taken from ``left`` make ``want`` points,
    keeping one of ``spare`` if given (see OpeningSearch.reach)."""
    return _reach_rows_from(rows, search.guards, keep, spare, left, size, 0, want, grown)


def _reach_rows_from(
    rows: list[Row],
    guards: int,
    keep: int,
    spare: int,
    left: int,
    size: int,
    start: int,
    want: int,
    grown: int,
) -> bool:
    # A function of the module, not one nested in reach_rows: a nested function calling
    # itself is held by its own environment, a cycle left for the garbage collector.
    if want <= 0:
        return not spare or left & spare != 0
    for k in range(start, len(rows)):
        needed, used, points, meld = rows[k]
        if (meld >= 0 and grown >> meld & 1) or size - used < keep:
            continue
        rest = left - needed
        # From k again, not k + 1: a meld listed once may be held twice (twins).
        if rest & guards == guards and _reach_rows_from(
            rows,
            guards,
            keep,
            spare,
            rest,
            size - used,
            k,
            want - points,
            grown | (1 << meld if meld >= 0 else 0),
        ):
            return True
    return False


def _group_options(group: tuple[Candidate, ...], memo: RulesMemo) -> tuple[int, ...]:
    """The melds of a group worth counting, two ints each: the codes of its cards packed
    (see _pack_codes), and its points above its number of cards (_SIZE_BITS)."""
    # Melds that take the same cards differ only by where a jolly stands: the search needs
    # the richest of them alone. The same cards: the same codes and as many (three aces of
    # clubs pack as four do, all fields 0).
    best: dict[int, int] = {}
    jokers = memo.opening_jokers
    for meld_cards, declared in group:
        if not jokers and JOKER in meld_cards:
            continue
        option = _meld_option(meld_cards, declared, memo)
        width = _CODE_BITS * len(meld_cards)
        same = (option & ((1 << width) - 1)) << _SIZE_BITS | len(meld_cards)
        counted = (option >> width) << _SIZE_BITS | len(meld_cards)
        if best.get(same, -1) < counted:
            best[same] = counted
    found: list[int] = []
    for same, counted in best.items():
        found.append(same >> _SIZE_BITS)
        found.append(counted)
    return tuple(found)


def _pack_codes(cards: tuple[Card, ...]) -> int:
    """The codes of ``cards``, sorted, packed in one int (_CODE_BITS each, the lowest
    first): unpacked with the number of cards."""
    packed = 0
    codes = sorted_codes(cards)
    for k in range(len(codes) - 1, -1, -1):
        packed = packed << _CODE_BITS | codes[k]
    return packed


def _meld_option(
    cards: tuple[Card, ...], declared: tuple[Card | None, ...] | None, memo: RulesMemo
) -> int:
    """A candidate meld's opening points above the codes of its cards (see _pack_codes,
    one field for each card), remembered: the same candidates come back hand after hand.
    The points on top, where no limit holds them: a jolly is worth what the rules say."""
    asked = meld_question(cards, declared, False)
    options = memo.part(SearchAnswers).meld_options
    found = options.get(asked)
    if found is None:
        points = candidate_points(cards, declared, memo.opening_joker_value)
        if points < 0:
            rules = memo.rules
            points = validate_meld(cards, rules, jokers=declared).points(rules)
        option = points << _CODE_BITS * len(cards) | _pack_codes(cards)
        found = remember(options, asked, option, 16384)
    return found


def candidate_points(
    cards: tuple[Card, ...], declared: tuple[Card | None, ...] | None, fixed: int | None
) -> int:
    """The opening points of a candidate meld (one that meld_candidates makes, so valid) told
    from its cards alone, where they leave no doubt; -1 where the validation must say
    (a run of all thirteen ranks, whose window the rules choose; naturals all one card,
    which may be a run or a set; a jolly of a run without its declaration). ``fixed``:
    the rules' opening value of a jolly, if any. A candidate's points are asked once for
    each in every search, and a validation builds a meld and its refusals to try."""
    first = -1
    mixed_suits = False
    mixed_ranks = False
    jollies = 0
    for card in cards:
        code = card.code
        if code == 52:
            jollies += 1
        elif first < 0:
            first = code
        elif code != first:
            if code // 13 != first // 13:
                mixed_suits = True
            if code % 13 != first % 13:
                mixed_ranks = True
    if first < 0 or not (mixed_suits or mixed_ranks):
        return -1
    if not mixed_ranks:
        # A set: every card, and every jolly, of its rank (the ace high).
        worth = _worth(first % 13)
        return worth * (len(cards) - jollies) + jollies * (worth if fixed is None else fixed)
    if mixed_suits or len(cards) >= 13:
        return -1
    # A run: its ranks (bit r for the rank r, 0 for the ace), the jollies' as declared.
    ranks = 0
    for card in cards:
        if card.code != 52:
            ranks |= 1 << card.code % 13
    total = 0
    if jollies:
        if declared is None or len(declared) != jollies:
            return -1
        for stands in declared:
            if stands is None:
                return -1
            ranks |= 1 << stands.code % 13
            if fixed is not None:
                total += fixed
    # The ace is high at the top of a run (Q-K-A), low at its start or round the corner.
    ace = 11 if ranks >> 12 & 1 and not ranks >> 1 & 1 else 1
    for card in cards:
        code = card.code
        if code != 52:
            total += ace if code % 13 == 0 else _worth(code % 13)
    if fixed is None and declared is not None:
        for stands in declared:
            if stands is not None:
                code = stands.code
                total += ace if code % 13 == 0 else _worth(code % 13)
    return total
