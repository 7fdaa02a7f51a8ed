"""Going out (*chiudere*) with a whole hand: can these cards all be laid, with or without the
final discard, and how does a Casertano hand close?

An exact search over the partitions of a hand into melds, meant for a hand at a time (the
stuck rule, a hand shown at the close), and the ways to go out by showing the hand that the
legal actions list. The fast solver for bots is a separate concern.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ._candidates import Candidate, meld_candidates
from ._frozen import Reduced, reduce_by_fields
from .actions import Show
from .cards import JOKER, JOKER_CODE, Card, Rank, code_order
from .errors import IllegalAction, MeldError, Reason
from .melds import Meld, MeldKind, validate_meld
from .rules import FinalDiscard, Rounding, Rules
from .scoring import Closing, card_penalty


def partition(cards: Sequence[Card], rules: Rules) -> tuple[Meld, ...] | None:
    """Melds that use every card exactly once, or ``None`` if there are none.

    >>> from ramino.engine.cards import parse_cards
    >>> [str(m) for m in partition(parse_cards("6C 6D 6H 7S 8S JK"), Rules()) or ()]
    ['6♣ 6♦ 6♥', '🃏 7♠ 8♠']
    >>> partition(parse_cards("6C 6D 7H"), Rules()) is None
    True
    """
    search = _Search(cards, rules)
    return _melds(search.split(search.full), rules)


def partitions_without_one(
    cards: Sequence[Card], rules: Rules, discards: Sequence[Card | None]
) -> Iterator[tuple[Card | None, tuple[Meld, ...]]]:
    """For each choice in ``discards`` (a card to keep out, or ``None`` for none), every way
    the rest splits into melds (at most PARTITION_LIMIT of them). One search serves every choice."""
    # A card that no meld of this hand can hold must be the one kept out: two such cards and
    # nothing splits, whatever is discarded. A quick look finds most of them, before the
    # melds of the hand are listed.
    if len(_surely_dead(cards, rules)) > 1:
        return
    search = _Search(cards, rules)
    dead = search.dead()
    if len(dead) > 1:
        return
    if dead:
        # Only the dead card may be kept out: the search below says whether the rest splits.
        discards = [d for d in discards if d in dead]
        spare = -1
    else:
        # Which cards may be kept out, found at once rather than a search per card.
        spare = search.spare(search.full)
    for discard in discards:
        rest = search.without(discard)
        if discard is not None and rest != search.full and not spare >> discard.code & 1:
            continue
        if search.split(rest) is None:
            continue
        for found in search.every_split(rest)[:PARTITION_LIMIT]:
            yield discard, tuple(validate_meld(c, rules, jokers=j) for c, j in found)


#: How many ways of splitting one hand are listed at most (a hand of many cards of one rank,
#: under Casertano's "tris in su", could otherwise have a great many).
PARTITION_LIMIT: Final = 64


def _melds(found: list[Candidate] | None, rules: Rules) -> tuple[Meld, ...] | None:
    if found is None:
        return None
    return tuple(validate_meld(c, rules, jokers=j) for c, j in found)


#: The thirteen ranks of a suit, a bit each.
_RANKS: Final = (1 << 13) - 1


def _surely_dead(cards: Sequence[Card], rules: Rules) -> list[Card]:
    """Natural cards that no meld can hold, each once, found at a glance: no card of the suit
    near enough for a run, too few of the rank for a set. It never names a card some meld
    could hold, but may miss some that :func:`~ramino.engine._candidates.unmeldable` finds; it
    costs a few masks, where listing the melds of a hand costs a run search per suit."""
    masks = [0, 0, 0, 0]
    ranks = [0] * 13
    jokers = 0
    for card in cards:
        code = card.code
        if code == JOKER_CODE:
            jokers += 1
        else:
            masks[code // 13] |= 1 << code % 13
            ranks[code % 13] += 1
    if rules.max_jokers_per_meld is not None:
        jokers = min(jokers, rules.max_jokers_per_meld)
    found: list[Card] = []
    if jokers > 1:
        return found  # a card and two jolly make a meld of nearly any card
    for suit, mask in enumerate(masks):
        # Ranks in a circle: going round the corner, or the ace above the king, only ever adds
        # runs, so a card with no neighbour in the circle has none in any run.
        above1 = (mask >> 1 | mask << 12) & _RANKS
        above2 = (mask >> 2 | mask << 11) & _RANKS
        below1 = (mask << 1 | mask >> 12) & _RANKS
        below2 = (mask << 2 | mask >> 11) & _RANKS
        if jokers:
            near = above1 | above2 | below1 | below2
        else:
            near = above1 & above2 | above1 & below1 | below1 & below2
        alone = mask & ~near
        while alone:
            rank = (alone & -alone).bit_length() - 1
            alone &= alone - 1
            if ranks[rank] + jokers < 3:
                found.append(Card.from_code(suit * 13 + rank))
    return found


def _layout(width: int) -> tuple[tuple[int, ...], int]:
    """The packed multisets of fields ``width`` bits wide: each card code alone, and the guards."""
    unit = tuple(1 << width * code for code in range(JOKER_CODE + 1))
    return unit, sum(unit) << (width - 1)


#: The layouts for up to 127 copies of a card, by width (see _Search).
_LAYOUTS: Final = {width: _layout(width) for width in range(1, 9)}


class _Search:
    """Exact searches over the ways of splitting the cards of one hand, or of any part of it,
    into melds, memoised on what is left.

    A part of the hand is a packed multiset: an integer with a field of ``width`` bits per card
    code (52 the jolly), wide enough for the count with a guard bit on top. Taking a meld out is
    one subtraction, and whether its cards are all still there one mask (a borrow clears a
    guard), where a Counter cost a dictionary each; the integer is the memo key too.

    The melds of a part are the melds of the whole hand that fit in it, in the same order (see
    ``test_candidates_of_a_part_are_those_of_the_hand_that_fit``): they are listed once for the
    hand, not at every step.
    """

    def __init__(self, cards: Sequence[Card], rules: Rules) -> None:
        self.cards = tuple(cards)
        self.rules = rules
        codes = [card.code for card in self.cards]
        counts = [0] * (JOKER_CODE + 1)
        for code in codes:
            counts[code] += 1
        self.counts = counts
        self.width = width = max(counts).bit_length() + 1
        unit, self.guards = _LAYOUTS[width] if width in _LAYOUTS else _layout(width)
        self.unit = unit
        self.full = sum(map(unit.__getitem__, codes))
        # Every meld must hold the lowest natural card left, so each meld is only ever tried
        # where its own lowest card is the lowest left: the melds are kept by that card, each
        # set of cards once (the first way of declaring its jolly), in the candidates' order.
        self.by_first: dict[int, list[tuple[int, Candidate]]] = {}
        seen: set[int] = set()
        for candidate in meld_candidates(self.cards, rules):
            need = 0
            for card in candidate[0]:  # a plain loop: a generator costs thrice as much here
                need += unit[card.code]
            if need not in seen:
                seen.add(need)
                first = ((need & -need).bit_length() - 1) // width
                self.by_first.setdefault(first, []).append((need, candidate))
        self.penalties: list[int] = []
        self.splits: dict[int, list[Candidate] | None] = {}
        self.deadwood: dict[int, int] = {}
        self.all_splits: dict[int, list[list[Candidate]]] = {}
        self.spares: dict[int, int] = {}

    def pack(self, cards: Iterable[Card]) -> int:
        unit = self.unit
        return sum(unit[card.code] for card in cards)

    def without(self, card: Card | None) -> int:
        """The whole hand less ``card`` (as a Counter would have it: unchanged when not held)."""
        if card is None or not self.counts[card.code]:
            return self.full
        return self.full - self.unit[card.code]

    def dead(self) -> frozenset[Card]:
        """The natural cards that no meld of the hand can hold (as ``unmeldable`` says)."""
        live = 0
        for options in self.by_first.values():
            for need, _ in options:
                live |= need
        width = self.width
        field = self.unit[1] - 1
        return frozenset(
            Card.from_code(code)
            for code, n in enumerate(self.counts[:JOKER_CODE])
            if n and not live >> width * code & field
        )

    def _first(self, left: int) -> int:
        # The lowest code left: a natural card while there is one, the jolly being code 52.
        return ((left & -left).bit_length() - 1) // self.width

    def split(self, left: int) -> list[Candidate] | None:
        if not left:
            return []
        splits = self.splits
        if left in splits:
            return splits[left]
        found = None
        code = self._first(left)
        # Jokers never stand alone: a part of nothing but jokers does not split.
        if code != JOKER_CODE:
            guards = self.guards
            guarded = left | guards
            for need, candidate in self.by_first.get(code, ()):
                if (guarded - need) & guards == guards:
                    tail = self.split(left - need)
                    if tail is not None:
                        found = [candidate, *tail]
                        break
        splits[left] = found
        return found

    def spare(self, left: int) -> int:
        """The cards of ``left`` (a bit per code) that, kept out, leave the rest split into
        melds: one search for every choice of the discard."""
        if not left:
            return 0
        spares = self.spares
        known = spares.get(left)
        if known is not None:
            return known
        code = self._first(left)
        unit = self.unit
        if code == JOKER_CODE:
            # Jokers never stand alone: one may be kept out if it is the last card.
            found = 1 << code if left == unit[code] else 0
        else:
            # Keep the first card out, or bind it in one of its melds and keep another out.
            found = 1 << code if self.split(left - unit[code]) is not None else 0
            guards = self.guards
            guarded = left | guards
            for need, _ in self.by_first.get(code, ()):
                if (guarded - need) & guards == guards:
                    found |= self.spare(left - need)
        spares[left] = found
        return found

    def every_split(self, left: int) -> list[list[Candidate]]:
        """Every way of splitting ``left`` into melds (up to PARTITION_LIMIT), each meld
        taken once at each step; the same melds may still come twice in two orders when the
        lowest card is held twice."""
        if not left:
            return [[]]
        known = self.all_splits.get(left)
        if known is not None:
            return known
        found: list[list[Candidate]] = []
        code = self._first(left)
        if code != JOKER_CODE:
            guards = self.guards
            guarded = left | guards
            for need, candidate in self.by_first.get(code, ()):
                if (guarded - need) & guards != guards:
                    continue
                rest = left - need
                if self.split(rest) is None:
                    continue
                for tail in self.every_split(rest):
                    found.append([candidate, *tail])
                    if len(found) >= PARTITION_LIMIT:
                        break
                if len(found) >= PARTITION_LIMIT:
                    break
        self.all_splits[left] = found
        return found

    def least(self, left: int) -> int:
        if not left:
            return 0
        known = self.deadwood.get(left)
        if known is not None:
            return known
        if not self.penalties:
            rules = self.rules
            self.penalties = [card_penalty(Card.from_code(c), rules) for c in range(JOKER_CODE + 1)]
        code = self._first(left)
        # Leave the first card unbound, or bind it in one of its melds.
        value = self.penalties[code] + self.least(left - self.unit[code])
        if code != JOKER_CODE:
            guards = self.guards
            guarded = left | guards
            for need, _ in self.by_first.get(code, ()):
                if value == 0:
                    break
                if (guarded - need) & guards == guards:
                    value = min(value, self.least(left - need))
        self.deadwood[left] = value
        return value


def _bound_as_flush(cards: Sequence[Card], rules: Rules) -> bool:
    """Whether a whole hand of one suit (colore) is bound as it is, where the rules allow it."""
    if not rules.flush_meld or not cards:
        return False
    try:
        validate_meld(cards, rules, whole_hand=True)
    except MeldError:
        return False
    return True


def least_deadwood_cards(cards: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The cards a hand is left with after laying what it can in melds so as to keep the
    least count (:func:`min_deadwood`, before rounding): what a player pays for where the
    others lay their combinations after a close (Casertano).

    >>> from ramino.engine.cards import parse_cards
    >>> [card.unicode() for card in least_deadwood_cards(parse_cards("7H 8H 9H KS 2C"), Rules())]
    ['2♣', 'K♠']
    """
    if _bound_as_flush(cards, rules):
        return ()
    search = _Search(cards, rules)
    left = search.full
    kept: list[Card] = []
    while left:
        best = search.least(left)
        code = search._first(left)
        unit = search.unit[code]
        if search.penalties[code] + search.least(left - unit) == best:
            # The first card left unbound keeps the least count.
            kept.append(Card.from_code(code))
            left -= unit
            continue
        guards = search.guards
        guarded = left | guards
        for need, _ in search.by_first.get(code, ()):
            if (guarded - need) & guards == guards and search.least(left - need) == best:
                left -= need  # the meld that binds it keeps the least count
                break
        else:
            raise AssertionError("no way to the least count")  # least() found one
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class GoingOut:
    """A way to go out with the whole hand: the melds to lay and the final discard, if any."""

    melds: tuple[Meld, ...]
    discard: Card | None

    def __reduce__(self) -> Reduced:
        # Copied and pickled by its fields, on the compiled build too (``_frozen``).
        return reduce_by_fields(self)


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
    # One search serves every discard: the melds of the rest are those of the hand that fit.
    search = _Search(cards, rules)
    if rules.final_discard is FinalDiscard.OPTIONAL:
        melds = _melds(search.split(search.full), rules)
        if melds is not None and cards:
            return GoingOut(melds, None)
    # Try the costliest discards first: any will do, but a high card is what a player throws.
    for discard in sorted(set(cards), key=lambda c: (c.is_joker, c.code), reverse=True):
        melds = _melds(search.split(search.without(discard)), rules)
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
    if rules.imaginary_joker and any(c.is_joker for c in cards):
        # The closes that pay more are made "senza il jolly immaginario" ([G], RULES.md §6.2):
        # with the jolly imagined, or a card of the hand acting as it, the close pays once,
        # whatever suits the real cards hold.
        binds = whole is not None or partition(cards, rules) is not None
        return Closing.SIMPLE if binds else None
    if whole is not None and whole.kind is MeldKind.RUN:
        if rules.royal_stake_multiplier > 1 and _five_to_king(whole):
            return Closing.ROYAL
        return Closing.STRAIGHT
    if whole is not None and whole.kind is MeldKind.FLUSH:
        return Closing.FLUSH
    if partition(cards, rules) is not None:
        return Closing.SIMPLE
    return None


def _five_to_king(run: Meld) -> bool:
    """Whether a run holds every rank from 5 to K: pokerato's *scala reale* ([G])."""
    ranks = {card.rank for card in run.represents}
    return all(Rank(value) in ranks for value in range(5, 14))


def flush_close_meld(cards: Sequence[Card], rules: Rules) -> Meld:
    """The whole hand laid as one *colore*, where the rules close with it although melds are
    laid during play ([G] "ramino con il colore"): natural cards of one suit. Refused
    (``show_not_allowed``) for any other hand."""
    shown = tuple(cards)
    suits = {c.suit for c in shown}
    if not rules.flush_close or len(suits) != 1 or None in suits:
        raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
    return Meld(MeldKind.FLUSH, shown, shown)


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
    if _bound_as_flush(cards, rules):
        return 0
    search = _Search(cards, rules)
    least = search.least(search.full)
    if least and rules.rounding is Rounding.TENS:
        low = [c for c in cards if card_penalty(c, rules) < 4]
        kept = {tuple(k) for size in (1, 2) for k in itertools.combinations(sorted(low), size)}
        if any(search.split(search.full - search.pack(k)) is not None for k in sorted(kept)):
            return 0
    return least


def show_candidates(cards: list[Card], rules: Rules) -> Iterator[Show]:
    """Every way to go out by showing the hand ``cards``, each once (the same groups in
    another order go down the same way)."""
    seen: set[tuple[tuple[tuple[Card, ...], ...], Card | None, Card | None]] = set()
    for show in _shows(cards, rules):
        key = (tuple(sorted(tuple(sorted(g)) for g in show.melds)), show.discard, show.as_joker)
        if key not in seen:
            seen.add(key)
            yield show


def _imagined_shows(
    cards: list[Card], rules: Rules, discards: Sequence[Card | None]
) -> Iterator[Show]:
    """The shows where a jolly the player imagines (or one of his cards acting as it) binds
    the hand: in a run or a set, never a colore ([G], RULES.md §6.2)."""
    if not rules.own_card_joker:
        for discard, melds in partitions_without_one([*cards, JOKER], rules, discards):
            if all(m.kind is not MeldKind.FLUSH or not m.joker_count for m in melds):
                yield Show(tuple(m.cards for m in melds), discard)
        return
    # One card of the hand acts as the jolly: what splits is the hand with the jolly, less
    # that card and the discard. One search of the hand with the jolly serves every choice
    # (the melds of a part are those of the whole that fit in it).
    search = _Search([*cards, JOKER], rules)
    if len(search.dead()) > 2:
        return  # a card no meld holds is the stand-in or the discard: three are too many
    held = Counter(card.code for card in cards)
    for stand_in in sorted(set(cards), key=code_order):
        part = search.full - search.unit[stand_in.code]
        # Which cards may be kept out of that part, found at once (see _Search.spare).
        spare = search.spare(part)
        for discard in discards:
            if discard is None:
                left = part
            elif spare >> discard.code & 1 and held[discard.code] > (discard is stand_in):
                # A card of the hand, not the one acting as the jolly (its twin may be).
                left = part - search.unit[discard.code]
            else:
                continue
            if search.split(left) is None:
                continue
            for found in search.every_split(left)[:PARTITION_LIMIT]:
                melds = tuple(validate_meld(c, rules, jokers=j) for c, j in found)
                if all(m.kind is not MeldKind.FLUSH or not m.joker_count for m in melds):
                    yield Show(tuple(m.cards for m in melds), discard, stand_in)


def _shows(cards: list[Card], rules: Rules) -> Iterator[Show]:
    discards: list[Card | None] = [*sorted(set(cards), key=code_order, reverse=True)]
    if rules.final_discard is FinalDiscard.OPTIONAL:
        discards.insert(0, None)
    return shows_of(cards, rules, discards)


def shows_of(cards: list[Card], rules: Rules, discards: Sequence[Card | None]) -> Iterator[Show]:
    """The shows a hand of ``cards`` may go out with, keeping out each of ``discards`` (a card,
    or ``None`` for none); some may come twice. The round lists its shows from here, and
    ``check --whole-hand`` (:func:`~ramino.engine.showing.whole_hand_close`) too."""
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
    if rules.imaginary_joker:
        yield from _imagined_shows(cards, rules, discards)
    # The flush close where melds are laid during play; the colore where they are not.
    if not (rules.flush_close or (not rules.melding_during_play and rules.flush_meld)):
        return
    # Cards of one suit left once the discard is out, by suit index, 4 for the jolly: the
    # flush close takes natural cards only, the colore (Casertano) a jolly too, as far as
    # its meld takes jollies (the round's check says).
    jolly_fits = not rules.melding_during_play and rules.flush_meld
    suits = Counter(min(c.code // 13, 4) for c in cards)
    if jolly_fits:
        del suits[4]
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
