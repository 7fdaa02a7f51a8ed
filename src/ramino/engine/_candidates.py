"""Every meld a bunch of cards can make: runs by suit and window, sets by rank, with every
placement of the jolly. Built from the structure of the cards, never by trying subsets.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, cast

from ._rules_memo import RulesMemo, remember, rules_memo
from .cards import JOKER, NATURAL_CARDS, Card, sorted_codes
from .melds import run_window
from .rules import AceInRuns, JokerPosition, Rules, SetJokerSwap, SetSuits

#: A candidate meld: its cards and, if any jolly is declared, the declarations.
Candidate = tuple[tuple[Card, ...], tuple[Card | None, ...] | None]
# Candidates seen as plain objects: compiled code holds a pair by value and builds a new
# tuple each time it hands one on (typed as pairs, with TableMeld's and Meld's inits
# generated: scala-40 +14% µs a decision, bench/round.py compiled).
_Pairs = tuple[object, ...]


class CandidateAnswers:
    """What this module remembers under one value of the rules (see
    :meth:`RulesMemo.part`)."""

    __slots__ = ("groups", "run_pieces", "runs", "sets", "shared")

    def __init__(self, memo: RulesMemo) -> None:
        #: The groups of candidate melds of a hand, by its sorted card codes.
        self.groups: dict[tuple[int, ...], tuple[tuple[Candidate, ...], ...]] = {}
        #: The runs of one suit, and the sets of one rank, by the cards they are made from.
        self.runs: dict[int, tuple[Candidate, ...]] = {}
        self.sets: dict[int, tuple[Candidate, ...]] = {}
        #: The runs of one suit from one start, by the cards from there.
        self.run_pieces: dict[int, tuple[Candidate, ...]] = {}
        #: Each candidate made, once, as a plain object (see _shared): hands that hold the
        #: same meld share it.
        self.shared: dict[object, object] = {}


def meld_candidates(
    cards: Sequence[Card], rules: Rules, *, containing: Card | None = None
) -> tuple[Candidate, ...]:
    """Every meld (with every placement of its jolly) that ``cards`` can make, once each;
    with ``containing`` (a natural card), only the melds that hold it.

    >>> from ramino.engine.cards import parse_cards
    >>> [" ".join(map(str, c)) for c, _ in meld_candidates(parse_cards("7H 8H 9H 7S"), Rules())]
    ['7H 8H 9H']
    """
    # Asked by the cards' codes: the groups of a hand are remembered under them (ints hash
    # in C, cards in Python).
    at = -1 if containing is None else containing.code
    return _candidates(sorted_codes(cards), rules_memo(rules), at)


def groups_of_codes(codes: tuple[int, ...], memo: RulesMemo) -> tuple[tuple[Candidate, ...], ...]:
    """The candidates of :func:`meld_candidates` (without ``containing``) for the cards with
    these codes (sorted), under the rules of ``memo``, in the same order, as the groups they
    are remembered in: the runs of each suit, the sets of each rank."""
    return _groups(codes, memo)


def _candidates(codes: tuple[int, ...], memo: RulesMemo, at: int) -> tuple[Candidate, ...]:
    # Put together again at every call, from the groups: a turn rarely asks twice about the
    # same hand (one in twenty in random play).
    # With a card asked about, only the groups of its suit and rank, worked out afresh:
    # remembered, they were never asked for again.
    groups = _groups(codes, memo) if at < 0 else _groups_of(codes, at, memo)
    # The pairs handed on as the objects of their groups, not copies (see _shared).
    pairs: list[object] = [c for g in groups for c in cast(_Pairs, g)]
    if at >= 0:
        containing = NATURAL_CARDS[at] if at < 52 else JOKER
        pairs = [f for f in pairs if containing in cast(Candidate, f)[0]]
    return cast("tuple[Candidate, ...]", tuple(pairs))


def _groups(codes: tuple[int, ...], memo: RulesMemo) -> tuple[tuple[Candidate, ...], ...]:
    # The groups of a whole hand, remembered under its codes: the opening search and the
    # melds to lay ask about the same hand within a turn.
    groups = memo.part(CandidateAnswers).groups
    found = groups.get(codes)
    if found is None:
        found = remember(groups, codes, _groups_of(codes, -1, memo), 256)
    return found


def _groups_of(
    codes: tuple[int, ...], at: int, memo: RulesMemo
) -> tuple[tuple[Candidate, ...], ...]:
    # A run depends only on the ranks held in its suit, a set only on the cards of its rank:
    # each is remembered on those alone, so a hand that changed by one card between turns
    # recomputes one suit and one rank.
    # The hand as ints: the ranks held in each suit (bit r + 1 for rank r, as _suit_runs
    # takes them) and how many of each card (four bits a rank, by suit).
    clubs = 0
    diamonds = 0
    hearts = 0
    spades = 0
    clubs_held = 0
    diamonds_held = 0
    hearts_held = 0
    spades_held = 0
    jokers = 0
    for code in codes:
        if code == 52:
            jokers += 1
            continue
        rank = code % 13
        suit = code // 13
        copy = 1 << 4 * rank
        if suit == 0:
            clubs |= 2 << rank
            clubs_held += copy
        elif suit == 1:
            diamonds |= 2 << rank
            diamonds_held += copy
        elif suit == 2:
            hearts |= 2 << rank
            hearts_held += copy
        else:
            spades |= 2 << rank
            spades_held += copy
    most = memo.max_jokers_per_meld
    max_jokers = jokers if most is None else min(jokers, most)
    found: list[tuple[Candidate, ...]] = []
    suits = _SUITS
    ranks = _RANKS
    if 0 <= at < 52:
        suits = (at // 13,)
        ranks = (at % 13,)
    # The groups already worked out for these rules, keyed by plain ints packing what each
    # depends on.
    answers = memo.part(CandidateAnswers)
    runs = answers.runs
    sets = answers.sets
    for s in suits:
        mask = clubs if s == 0 else diamonds if s == 1 else hearts if s == 2 else spades
        if mask:
            # A mask holds bits 1 to 13.
            run_key = ((max_jokers << 14 | mask) << 2) | s
            group = runs.get(run_key)
            if group is None:
                group = remember(runs, run_key, _suit_runs(s, mask, max_jokers, memo), 32768)
            if group:
                found.append(group)
    for r in ranks:
        shift = r * 4
        of_clubs = clubs_held >> shift & 15
        of_diamonds = diamonds_held >> shift & 15
        of_hearts = hearts_held >> shift & 15
        of_spades = spades_held >> shift & 15
        # Only ranks in hand can make a set; a set needs three cards.
        held = of_clubs + of_diamonds + of_hearts + of_spades
        if held and held + jokers >= 3:
            # Four bits for each suit's count: more copies of a card than any pack holds.
            set_key = (
                (((max_jokers << 4 | of_spades) << 4 | of_hearts) << 4 | of_diamonds) << 8
                | of_clubs << 4
                | r
            )
            group = sets.get(set_key)
            if group is None:
                have = (int(of_clubs), int(of_diamonds), int(of_hearts), int(of_spades))
                group = remember(sets, set_key, _rank_sets(r, have, max_jokers, memo), 32768)
            if group:
                found.append(group)
    return tuple(found)


_SUITS: Final[tuple[int, ...]] = (0, 1, 2, 3)
_RANKS: Final[tuple[int, ...]] = tuple(range(13))


def unmeldable(cards: Sequence[Card], rules: Rules) -> frozenset[Card]:
    """The natural cards among ``cards`` that no meld of these cards can hold (dead cards).

    >>> from ramino.engine.cards import parse_cards
    >>> sorted(map(str, unmeldable(parse_cards("7H 8H 9H 7S KD"), Rules())))
    ['7S', 'KD']
    """
    masks, by_code = _shape(sorted_codes(cards))
    jokers = by_code[52]
    if rules.max_jokers_per_meld is not None:
        jokers = min(jokers, rules.max_jokers_per_meld)
    memo = rules_memo(rules)
    live: set[Card] = set()
    for s in range(4):
        if masks[s]:
            live.update(card for meld, _ in _suit_runs(s, masks[s], jokers, memo) for card in meld)
    for r in range(13):
        have = (by_code[r], by_code[r + 13], by_code[r + 26], by_code[r + 39])
        if any(have):
            live.update(card for meld, _ in _rank_sets(r, have, jokers, memo) for card in meld)
    return frozenset(c for c in cards if not c.is_joker and c not in live)


def _shape(codes: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The ranks held in each suit (bit ``r`` for rank r) and how many of each card code."""
    by_code = [0] * 53
    clubs = diamonds = hearts = spades = 0
    for code in codes:
        by_code[code] += 1
        if code < 13:
            clubs |= 2 << code
        elif code < 26:
            diamonds |= 2 << (code - 13)
        elif code < 39:
            hearts |= 2 << (code - 26)
        elif code < 52:
            spades |= 2 << (code - 39)
    return [clubs, diamonds, hearts, spades], by_code


# _BY_SUIT[suit index][rank] is the card, built once: Card(Rank(r), suit) costs enum lookups.
_BY_SUIT: Final[tuple[tuple[Card, ...], ...]] = tuple(
    (JOKER, *(NATURAL_CARDS[s * 13 + r - 1] for r in range(1, 14))) for s in range(4)
)


def _suit_runs(suit: int, mask: int, jokers: int, memo: RulesMemo) -> tuple[Candidate, ...]:
    """The runs of one suit, from the ranks held in it (bit ``r`` of ``mask`` for rank r), in
    the order of their first card's position.

    The runs starting at a position depend only on the cards from there to the first position
    past the jolly's reach: they are remembered start by start (see _runs_from), far fewer of
    those come back than whole suits, and a suit not seen before is put together from them."""
    wrap = memo.run_wrap
    # Positions 1..13, and 14 for a high ace; going round the corner, any start and rank
    # (pos - 1) % 13 + 1. A run is at most 13 cards long.
    top = 14 if memo.ace_in_runs is AceInRuns.LOW_OR_HIGH else 13
    ranks = mask
    jollies = jokers
    held = 0
    rank = 1
    while rank < 14:
        held += ranks >> rank & 1
        rank += 1
    if held + jollies < 3 or held < max(1, memo.min_natural_cards):
        return ()
    # Bit p for position p: rank p, then the ranks again from position 14 (a high ace, or
    # going round the corner).
    positions = ranks | ranks << 13
    pieces = memo.part(CandidateAnswers).run_pieces
    found: list[object] = []
    last = 14 if wrap else top - 1
    start = 1
    while start < last:
        if not jollies and not positions >> start & 1:
            start += 1
            continue  # without a jolly a run starts on a card in hand
        span = 13 if wrap else min(13, top + 1 - start)
        window = (1 << span) - 1
        bits = positions >> start & window
        # The search from this start stops at the first position past the jolly's reach.
        missing = ~bits & window
        filled = 0
        while filled < jollies:
            missing &= missing - 1
            filled += 1
        # Up to the lowest position missing still, or the whole span.
        length = span
        if missing:
            length = 1
            while not missing >> (length - 1) & 1:
                length += 1
        bits &= (1 << length) - 1
        if length < 3 or not bits:
            # No run from here: too short, or no card in hand to hold (a start far from
            # every card is most of them where the hand has a jolly), and no lookup asked.
            start += 1
            continue
        piece_key = (((jollies << 14 | bits) << 4 | length) << 4 | start) << 2 | suit
        piece = pieces.get(piece_key)
        if piece is None:
            piece = remember(
                pieces,
                piece_key,
                _runs_from(suit, int(start), int(bits), int(length), jokers, memo),
                32768,
            )
        found.extend(cast(_Pairs, piece))
        start += 1
    if held + jokers >= 13:
        # A run of all 13 ranks is found from more than one start (from the low ace and up
        # to the high ace; going round the corner, from every start): the first stays.
        seen: set[tuple[tuple[Card, ...], tuple[Card | None, ...] | None]] = set()
        kept: list[object] = []
        for pair in found:
            cards, declared = cast(Candidate, pair)
            if len(cards) == 13:
                naturals = tuple(sorted(c for c in cards if c is not JOKER))
                shape = (naturals, declared and tuple(sorted(cast("tuple[Card, ...]", declared))))
                if shape in seen:
                    continue
                seen.add(shape)
            kept.append(pair)
        found = kept
    return cast("tuple[Candidate, ...]", tuple(found))


_NONE_KEPT: Final[tuple[tuple[int, ...], ...]] = ((),)


def _runs_from(
    suit: int, start: int, bits: int, length: int, jokers: int, memo: RulesMemo
) -> tuple[Candidate, ...]:
    """The runs of one suit starting at the position ``start``, from which of the ``length``
    positions from there hold a card (bit ``k`` of ``bits`` for position start + k)."""
    least = max(1, memo.min_natural_cards)
    # [R]: a jolly that could take two places takes the lower; no run places it higher.
    lower_only = memo.ambiguous_joker is JokerPosition.LOWER_ONLY
    row = _BY_SUIT[suit]
    found: list[Candidate] = []
    window: list[int] = []
    present: list[int] = []
    missing: list[int] = []
    for offset in range(length):
        rank = (start + offset - 1) % 13 + 1
        window.append(rank)
        (present if bits >> offset & 1 else missing).append(rank)
        if len(missing) > jokers:
            break
        if len(present) + len(missing) < 3 or len(present) < least:
            continue
        # The jolly may also stand for a card the player holds (he keeps that one).
        for spare in range(jokers - len(missing) + 1):
            if len(present) - spare < least:
                break
            # Most often no card is kept: no combinations are asked for (a lookup of
            # itertools and a call into it, for every run found).
            choices = _NONE_KEPT if not spare else itertools.combinations(present, spare)
            for kept in choices:
                stays = [r for r in present if r not in kept] if kept else present
                standing = sorted([*missing, *kept]) if kept or len(missing) > 1 else missing
                if standing and lower_only:
                    held = sum(1 << r for r in stays)
                    if run_window(len(window), held, memo) != tuple(window):
                        continue
                naturals = tuple([row[r] for r in stays])
                declared = tuple([row[r] for r in standing]) if standing else None
                found.append((naturals + (JOKER,) * len(standing), declared))
    return _shared(found, memo)


def _shared(found: list[Candidate], memo: RulesMemo) -> tuple[Candidate, ...]:
    """The candidates, each as the object already made for the same meld under these rules
    if there is one: a run or a set comes back in many of the groups remembered (every
    hand holding its cards), and shared, its tuples are held once."""
    shared = memo.part(CandidateAnswers).shared
    if len(shared) >= 65536:
        shared.clear()
    # As plain objects (see _Pairs): sharing needs the very objects.
    pairs = cast("list[object]", found)
    return cast("tuple[Candidate, ...]", tuple([shared.setdefault(c, c) for c in pairs]))


def _rank_sets(
    index: int, have_by_suit: tuple[int, ...], jokers: int, memo: RulesMemo
) -> tuple[Candidate, ...]:
    """The sets of the rank ``index`` (0 for the ace), from how many cards of each suit are
    held. Keyed on the index, not the Rank: an enum's hash is a Python call. Suits are
    their indices here, and cards are read from NATURAL_CARDS by code (building a Card
    looks up its enums)."""
    distinct = memo.set_suits is SetSuits.DISTINCT
    limits = [x for x in (4 if distinct else None, memo.set_max) if x is not None]
    # Without a limit a set holds at most every card of its rank and every jolly.
    limit = min(limits) if limits else sum(have_by_suit) + jokers
    suits = [s for s, n in enumerate(have_by_suit) if n]
    if not suits or (len(suits) + jokers < 3 and distinct):
        return ()
    of_suit = [NATURAL_CARDS[13 * s + index] for s in range(4)]
    found: list[Candidate] = []
    if distinct:
        # The suits held taken one, two, three, four at a time, as itertools.combinations
        # gives them, from a table: no iterator is made and called through.
        held = [of_suit[s] for s in suits]
        choices: Iterable[tuple[Card, ...]] = [
            tuple([held[k] for k in combo]) for combo in _SUBSETS[len(held)]
        ]
    else:
        choices = _multisets(of_suit, suits, have_by_suit)
    declared_suit = distinct and memo.set_joker_swap is SetJokerSwap.DECLARED_SUIT
    least = memo.min_natural_cards
    for naturals in choices:
        if len(naturals) < least:
            continue
        for j in range(jokers + 1):
            size = len(naturals) + j
            if size < 3 or size > limit:
                continue
            if j == 0:
                found.append((naturals, None))
            elif declared_suit:
                free = [card for card in of_suit if all(card is not c for c in naturals)]
                for combo in _CHOICES[len(free)][j] if j <= len(free) else ():
                    standing = tuple([free[k] for k in combo])
                    found.append((naturals + (JOKER,) * j, standing))
            elif distinct and j > 4 - len(naturals):
                continue
            else:
                found.append((naturals + (JOKER,) * j, None))
    return _shared(found, memo)


#: The ways of taking some of n things (n up to 4), one at a time, then two, ..., as
#: itertools.combinations gives them, by index; and those of taking exactly j.
_SUBSETS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(combo for size in range(1, n + 1) for combo in itertools.combinations(range(n), size))
    for n in range(5)
)
_CHOICES: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(tuple(itertools.combinations(range(n), j)) for j in range(n + 1)) for n in range(5)
)


def _multisets(
    of_suit: list[Card], suits: list[int], have_by_suit: tuple[int, ...]
) -> Iterator[tuple[Card, ...]]:
    for amounts in itertools.product(*(range(have_by_suit[s] + 1) for s in suits)):
        cards = tuple([of_suit[s] for s, k in zip(suits, amounts, strict=True) for _ in range(k)])
        if cards:
            yield cards
