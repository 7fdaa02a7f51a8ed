"""Melds (*giochi*): runs (*scale*) and sets (*tris*, *poker*), the jolly's place in them,
their opening points, attaching cards (*attaccare*) and taking a jolly back.

Every refusal is a :class:`MeldError` with a reason code that names the rule.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ._frozen import Reduced, reduce_by_fields
from ._rules_memo import RulesMemo, remember, rules_memo
from .cards import (
    JOKER,
    NATURAL_CARDS,
    Card,
    Rank,
    Suit,
    card_tokens,
    check_initials,
    parse_cards,
)
from .errors import Detail, MeldError, NotationError, Phrase, RaminoError, Reason
from .rules import AceInRuns, JokerPosition, Rules, SetJokerSwap, SetSuits

MIN_MELD: Final = 3

#: A jolly declaration for each jolly of a meld, in order; ``None`` lets the rules place it.
Declarations = Sequence[Card | None]


class MeldKind(enum.StrEnum):
    """The kind of a meld."""

    RUN = "run"
    """*scala*: consecutive cards of one suit."""
    SET = "set"
    """*tris* or *poker*: cards of one rank."""
    FLUSH = "flush"
    """*colore*: a whole hand of one suit, not in sequence (Casertano)."""


#: The most opening points a natural card is worth (a high ace; see Meld.card_points).
MOST_POINTS: Final = 11


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A valid meld: its cards in meld order and the natural card each one stands for.

    Build melds with :func:`validate_meld`; a run is ordered from low to high.

    >>> from ramino.engine.presets import get_preset
    >>> meld = validate_meld(parse_cards("JK 7S 8S"), get_preset("rami-40"))
    >>> meld.kind, str(meld), meld.notation(), meld.points(get_preset("rami-40"))
    (<MeldKind.RUN: 'run'>, '🃏 7♠ 8♠', 'JK=6S 7S 8S', 21)
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    represents: tuple[Card, ...]
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    # Melds key the engine's caches (attachments, run ends): their hash is worked out once.

    def __init__(
        self, kind: MeldKind, cards: tuple[Card, ...], represents: tuple[Card, ...]
    ) -> None:
        # Written out: see ramino.engine._frozen.
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "represents", represents)
        object.__setattr__(self, "_hash", 0)

    def __reduce__(self) -> Reduced:
        # Rebuilt from its fields: the cached hash (an enum's hash differs from one process
        # to the next) is never carried over.
        return reduce_by_fields(self)

    def __eq__(self, other: object) -> bool:
        # Written out: generated, with Meld's and TableMeld's __init__, scala-40 +14% (bench).
        if self is other:
            return True
        if not isinstance(other, Meld):
            return NotImplemented
        return (
            self.kind is other.kind
            and self.cards == other.cards
            and self.represents == other.represents
        )

    def __hash__(self) -> int:
        found = self._hash
        if not found:
            found = hash((self.kind, self.cards, self.represents)) or 1
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def joker_assignments(self) -> tuple[tuple[int, Card], ...]:
        """``(position, card the jolly stands for)`` for every jolly, in meld order."""
        return tuple((i, self.represents[i]) for i, card in enumerate(self.cards) if card.is_joker)

    @property
    def joker_count(self) -> int:
        """How many jolly the meld holds."""
        return self.cards.count(JOKER)

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards of the meld, in meld order."""
        return tuple(c for c in self.cards if not c.is_joker)

    @property
    def suit(self) -> Suit | None:
        """The suit of a run or flush; ``None`` for a set."""
        return None if self.kind is MeldKind.SET else self.represents[0].suit

    @property
    def rank(self) -> Rank | None:
        """The rank of a set; ``None`` for a run or flush."""
        return self.represents[0].rank if self.kind is MeldKind.SET else None

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(c.unicode() for c in self.cards)

    def unicode(self) -> str:
        """Display form, as ``str``: ``6♠ 🃏 8♠``."""
        return str(self)

    def notation(self) -> str:
        """The meld in notation, jolly declared: ``JK=6S 7S 8S``."""
        return " ".join(
            f"JK={rep}" if card.is_joker else str(card)
            for card, rep in zip(self.cards, self.represents, strict=True)
        )

    def card_points(self, rules: Rules) -> tuple[int, ...]:
        """Each card's opening points: a jolly is worth what it stands for, or the fixed
        ``opening_joker_value``; the ace 1 when low in a run, 11 when high or in a set."""
        fixed = rules.opening_joker_value
        return tuple(self._card_point(i, fixed) for i in range(len(self.cards)))

    def _card_point(self, i: int, fixed: int | None) -> int:
        # From the codes (rank = code % 13 + 1).
        cards = self.cards
        if fixed is not None and cards[i].code == 52:
            return fixed
        number = self.represents[i].code % 13 + 1
        if number == 1:
            # In a run the ace is high only at the top (Q-K-A); in a set it is high.
            return 11 if self.kind is not MeldKind.RUN or (i == len(cards) - 1 and i > 0) else 1
        return min(number, 10)

    def points_of(self, cards: Sequence[Card], before: Meld, rules: Rules) -> int:
        """The opening points of ``cards``, just attached to ``before`` (or given for its
        jolly) to make this meld, each at its place here: what the move brings, whatever the
        meld's other cards come to be worth (a high ace at the end of a run that goes on
        round the corner, say, becomes an ace in the middle).

        >>> from ramino.engine.rules import Rules
        >>> rules = Rules(run_wrap=True)
        >>> before = validate_meld(parse_cards("JS QS KS AS"), rules)
        >>> grown = attach(before, parse_cards("2S"), rules)
        >>> grown.points_of(parse_cards("2S"), before, rules)
        2
        >>> grown.points(rules) - before.points(rules)
        -8
        """
        worth = self.card_points(rules)
        mine = self.cards
        used = [False] * len(mine)
        total = 0
        jollies = 0
        for card in cards:
            if card.code == 52:
                jollies += 1
                continue
            for i in range(len(mine)):
                if not used[i] and mine[i] is card:
                    used[i] = True
                    total += worth[i]
                    break
        if jollies:
            # A jolly attached stands for a card that no jolly of ``before`` stood for.
            old = [r for c, r in zip(before.cards, before.represents, strict=True) if c.code == 52]
            found = 0
            for i in range(len(mine)):
                if mine[i].code == 52 and found < jollies:
                    stands = self.represents[i]
                    if stands in old:
                        old.remove(stands)
                    else:
                        total += worth[i]
                        found += 1
        return total

    def points(self, rules: Rules) -> int:
        """The meld's opening points (RULES.md §3, "Meld points for the opening").

        >>> from ramino.engine.rules import Rules
        >>> validate_meld(parse_cards("QH KH AH"), Rules()).points(Rules())
        31
        """
        fixed = rules.opening_joker_value
        return sum(self._card_point(i, fixed) for i in range(len(self.cards)))


# --- notation ---


def parse_meld(
    text: str | Iterable[str],
) -> tuple[tuple[Card, ...], tuple[Card | None, ...] | None]:
    """Parse meld notation: cards, where a jolly may be declared as ``JK=6S``.

    Returns the cards and, if any jolly was declared, one declaration per jolly in order
    (``None`` for an undeclared one); otherwise ``None``.

    >>> cards, declared = parse_meld("7S 8S JK=9S")
    >>> [str(c) for c in cards], [str(d) for d in declared or ()]
    (['7S', '8S', 'JK'], ['9S'])
    """
    tokens = list(card_tokens(text))
    check_initials(tokens)
    cards: list[Card] = []
    declared: list[Card | None] = []
    any_declared = False
    for token in tokens:
        if "=" in token:
            left, _, right = token.partition("=")
            try:
                joker = parse_cards(left)
                stands_for = Card.parse(right)
            except NotationError:
                raise NotationError(Reason.BAD_JOKER_NOTATION, token=token) from None
            if joker != (JOKER,) or stands_for.is_joker:
                raise NotationError(Reason.BAD_JOKER_NOTATION, token=token)
            cards.append(JOKER)
            declared.append(stands_for)
            any_declared = True
        else:
            for card in parse_cards(token):
                cards.append(card)
                if card.is_joker:
                    declared.append(None)
    if not cards:
        raise NotationError(Reason.NO_CARDS)
    return tuple(cards), (tuple(declared) if any_declared else None)


# --- validation ---


class MeldAnswers:
    """What this module remembers under one value of the rules (see
    :meth:`RulesMemo.part`)."""

    __slots__ = ("validated", "windows")

    def __init__(self, memo: RulesMemo) -> None:
        #: Melds validated, by their question (see meld_question).
        self.validated: dict[int, Meld] = {}
        #: The window of ranks a run is laid in, by its ranks and length (empty for none).
        self.windows: dict[int, tuple[int, ...]] = {}


def validate_meld(
    cards: Sequence[Card],
    rules: Rules,
    *,
    jokers: Declarations | None = None,
    whole_hand: bool = False,
) -> Meld:
    """Check that ``cards`` form a run or a set under ``rules`` and place every jolly.

    ``jokers`` declares the card each jolly stands for, in order (``None`` entries, or no
    ``jokers`` at all, let the rules place them: a jolly at either end of a run goes to the
    ``ambiguous_joker`` position; a jolly in a set takes the first missing suit in the order
    ♣ ♦ ♥ ♠). Cards may come in any order. With ``whole_hand`` (a hand shown when going out)
    a flush (*colore*) is valid where the rules allow it.

    >>> from ramino.engine.rules import Rules
    >>> validate_meld(parse_cards("8S JK 10S"), Rules()).notation()
    '8S JK=9S 10S'
    >>> validate_meld(parse_cards("7S 7S 7H"), Rules())
    Traceback (most recent call last):
    ...
    ramino.engine.errors.MeldError: In un tris i semi devono essere tutti diversi: 7♠ 7♠ 7♥.
    """
    declared = None if jokers is None else tuple(jokers)
    # Melds are immutable values: the same cards under the same rules always give the same
    # answer, and legal-move generation asks the same questions turn after turn.
    memo = rules_memo(rules)
    asked = meld_question(cards, declared, whole_hand)
    validated = memo.part(MeldAnswers).validated
    found = validated.get(asked)
    if found is None:
        meld = _validate(tuple(cards), memo, declared, whole_hand)
        found = remember(validated, asked, meld, 8192)
    return found


#: Six bits per card (its code plus one: never zero), so the length is told by the top
#: field; the declarations follow a separator that no card's field takes.
_SEPARATOR: Final = 62
_UNDECLARED: Final = 61


def meld_question(
    cards: Sequence[Card], declared: tuple[Card | None, ...] | None, whole_hand: bool
) -> int:
    """The question of :func:`validate_meld` packed in one int, one to one: the key of what
    is remembered about a meld (an int hashes in C, where a card's hash is a Python call)."""
    asked = 0
    for card in cards:
        asked = asked << 6 | (card.code + 1)
    if declared is not None:
        asked = asked << 6 | _SEPARATOR
        for stands in declared:
            asked = asked << 6 | (_UNDECLARED if stands is None else stands.code + 1)
    return asked << 1 | whole_hand


def _validate(
    cards: tuple[Card, ...],
    memo: RulesMemo,
    jokers: tuple[Card | None, ...] | None,
    whole_hand: bool,
) -> Meld:
    n = len(cards)
    if not n:
        raise MeldError(Reason.NO_CARDS)
    naturals = [c for c in cards if not c.is_joker]
    k = n - len(naturals)
    declared = _check_declarations(cards, k, jokers)
    if n < MIN_MELD:
        raise MeldError(Reason.TOO_FEW_CARDS, cards=cards, count=n)
    if len(naturals) < memo.min_natural_cards:
        raise MeldError(
            Reason.ONLY_JOKERS, cards=cards, count=len(naturals), needed=memo.min_natural_cards
        )
    if k and not memo.jokers_written:
        # A jolly where no deck of these rules has one, nor imagines one (gin, tradizionale).
        joker = next(c for c in cards if c.is_joker)
        raise MeldError(
            Reason.NOT_IN_DECK, cards=[joker], detail=Phrase(Detail.DECK_NO_JOKERS, card=joker)
        )
    most = memo.max_jokers_per_meld
    if most is not None and k > most:
        raise MeldError(Reason.TOO_MANY_JOKERS, cards=cards, count=k, limit=most)

    # By code, compared with the first natural's: sets of ranks and suits would be built
    # and hashed into at every card.
    first = naturals[0].code if naturals else -1
    same_rank = same_suit = first >= 0
    for card in naturals:
        code = card.code
        if code % 13 != first % 13:
            same_rank = False
        if code // 13 != first // 13:
            same_suit = False
    if same_suit:
        if not same_rank and not memo.flush_meld:
            # Nothing else to try: the run's refusal is the answer, raised as it comes. Kept
            # in a local to be raised later, it would hold this frame through its traceback
            # while the frame holds it, a cycle left to the garbage collector.
            return _as_run(cards, naturals, declared, memo)
        try:
            return _as_run(cards, naturals, declared, memo)
        except MeldError:
            pass  # a set, or a flush, is tried next
    if same_rank:
        return _as_set(cards, naturals, declared, memo)
    if same_suit:
        if whole_hand:
            return _as_flush(cards, naturals, declared)
        raise MeldError(Reason.FLUSH_NOT_ALLOWED, cards=cards)
    raise MeldError(Reason.NOT_A_MELD, cards=cards)


def _check_declarations(
    cards: tuple[Card, ...], k: int, jokers: Declarations | None
) -> tuple[Card | None, ...]:
    if jokers is None:
        return (None,) * k
    declared = tuple(jokers)
    if len(declared) != k:
        raise MeldError(Reason.JOKER_COUNT_MISMATCH, cards=cards, jokers=k, declared=len(declared))
    for card in declared:
        if card is not None and card.is_joker:
            raise MeldError(
                Reason.JOKER_ASSIGNMENT_INVALID,
                cards=cards,
                declared=card,
                detail=Phrase(Detail.JOKER_FOR_NATURAL),
            )
    return declared


def _invalid_declaration(cards: tuple[Card, ...], declared: Card, why: Detail) -> MeldError:
    return MeldError(
        Reason.JOKER_ASSIGNMENT_INVALID, cards=cards, declared=declared, detail=Phrase(why)
    )


def _as_set(
    cards: tuple[Card, ...],
    naturals: list[Card],
    declared: tuple[Card | None, ...],
    memo: RulesMemo,
) -> Meld:
    # By code (suit = code // 13, in the order of Suit): an enum's hash is a Python call.
    rank = naturals[0].code % 13
    distinct = memo.set_suits is SetSuits.DISTINCT
    taken = 0  # bit s for the suit s held
    for card in naturals:
        bit = 1 << card.code // 13
        if distinct and taken & bit:
            raise MeldError(Reason.SET_SUITS_NOT_DISTINCT, cards=cards)
        taken |= bit
    limit = memo.set_max
    if distinct and (limit is None or limit > 4):
        limit = 4
    if limit is not None and len(cards) > limit:
        raise MeldError(Reason.SET_TOO_LARGE, cards=cards, count=len(cards), limit=limit)
    for stands in declared:
        if stands is None:
            continue
        if stands.code % 13 != rank:
            raise _invalid_declaration(
                cards,
                stands,
                Detail.SET_JOKER_SAME_RANK,
            )
        bit = 1 << stands.code // 13
        if distinct and taken & bit:
            raise _invalid_declaration(
                cards,
                stands,
                Detail.SUIT_ALREADY_IN_SET,
            )
        taken |= bit
    if len(naturals) == len(cards):
        # Without a jolly a set stands for its own cards: one tuple for both.
        return Meld(MeldKind.SET, cards, cards)
    free = [s for s in range(4) if not taken >> s & 1] or [0, 1, 2, 3]
    represents: list[Card] = []
    declarations = iter(declared)
    for card in cards:
        if card.code != 52:
            represents.append(card)
            continue
        choice = next(declarations)
        if choice is None:
            suit = free.pop(0) if distinct or len(free) > 1 else free[0]
            choice = NATURAL_CARDS[suit * 13 + rank]
        represents.append(choice)
    return Meld(MeldKind.SET, cards, tuple(represents))


def _windows(n: int, ace_high: bool, wrap: bool) -> tuple[tuple[int, ...], ...]:
    """Every run of ``n`` positions (at most 13), as ranks 1–13, linear ones from the lowest
    first."""
    return _WINDOWS[n, ace_high, wrap]


def _windows_of(n: int, ace_high: bool, wrap: bool) -> tuple[tuple[int, ...], ...]:
    top = 14 if ace_high else 13
    found = [
        tuple(p if p <= 13 else 1 for p in range(start, start + n))
        for start in range(1, top - n + 2)
    ]
    if wrap and n <= 13:
        seen = {frozenset(w) if n < 13 else w for w in found}
        for start in range(1, 14):
            window = tuple((start - 1 + i) % 13 + 1 for i in range(n))
            key = frozenset(window) if n < 13 else window
            if key not in seen:
                seen.add(key)
                found.append(window)
    return tuple(found)


#: The windows of every length a run may have, under every placing of the ace.
_WINDOWS: Final = {
    (n, ace_high, wrap): _windows_of(n, ace_high, wrap)
    for n in range(14)
    for ace_high in (False, True)
    for wrap in (False, True)
}


def _as_run(
    cards: tuple[Card, ...],
    naturals: list[Card],
    declared: tuple[Card | None, ...],
    memo: RulesMemo,
) -> Meld:
    n = len(cards)
    # The ranks held, bit r for rank r, from the codes (rank = code % 13 + 1).
    held = 0
    for card in naturals:
        bit = 2 << card.code % 13
        if held & bit:
            ranks = [c.number for c in naturals]
            dup = next(c for c in naturals if ranks.count(c.number) > 1)
            raise MeldError(Reason.RUN_DUPLICATE_RANK, cards=[dup])
        held |= bit
    if n > 13:
        raise MeldError(Reason.RUN_TOO_LONG, cards=cards, count=n)
    ace_high = memo.ace_in_runs is AceInRuns.LOW_OR_HIGH
    wrap = memo.run_wrap
    fixed = [d for d in declared if d is not None]
    wanted = _wanted(held, fixed, naturals[0].code // 13)
    window = run_window(n, wanted, memo) if wanted >= 0 else None
    if window is None:
        if fixed and _windows_holding(n, held, ace_high, wrap):
            raise _invalid_declaration(
                cards,
                fixed[0],
                Detail.NO_PLACE_IN_RUN,
            )
        ranks = [c.number for c in naturals]
        raise _run_failure(cards, ranks, n - len(ranks), memo.rules)
    # [R]: a jolly that could take two places takes the lower, whatever is declared.
    if (
        fixed
        and memo.ambiguous_joker is JokerPosition.LOWER_ONLY
        and window != run_window(n, held, memo)
    ):
        raise _invalid_declaration(
            cards,
            fixed[0],
            Detail.JOKER_TAKES_LOWER,
        )
    row = naturals[0].code - naturals[0].code % 13  # the suit's first code
    ordered: list[Card] = []
    represents: list[Card] = []
    for rank in window:
        card = NATURAL_CARDS[row + rank - 1]
        # Cards are interned: the card held is the very card of its rank and suit.
        ordered.append(card if held >> rank & 1 else JOKER)
        represents.append(card)
    laid = tuple(ordered)
    if laid == cards:
        laid = cards  # asked in order: the meld keeps the question's tuple, not a copy
    # Without a jolly, one tuple for both (see _as_set).
    return Meld(MeldKind.RUN, laid, laid if len(naturals) == n else tuple(represents))


def _wanted(held: int, fixed: list[Card], suit: int) -> int:
    """The ranks a run must hold (bit r for rank r): those ``held`` and those the jolly is
    declared for; -1 when a declaration is of another suit or a rank already there."""
    wanted = held
    for card in fixed:
        bit = 2 << card.code % 13
        if card.code // 13 != suit or wanted & bit:
            return -1
        wanted |= bit
    return wanted


def _windows_holding(
    n: int, wanted: int, ace_high: bool, wrap: bool
) -> tuple[tuple[int, ...], ...]:
    """The windows of :func:`_windows` that hold every rank of ``wanted`` (bit r for rank r)."""
    found = []
    for window in _windows(n, ace_high, wrap):
        held = 0
        for rank in window:
            held |= 1 << rank
        if wanted & ~held == 0:
            found.append(window)
    return tuple(found)


def run_window(n: int, wanted: int, memo: RulesMemo) -> tuple[int, ...] | None:
    """The ranks, in order, of the run of ``n`` cards the rules of ``memo`` lay for the ranks
    ``wanted`` (bit r for rank r, a jolly's left to the rules), or ``None`` if none fits:
    :func:`_chosen_window`, remembered (an empty tuple for no window), as a few shapes of
    runs come back over and over."""
    asked = wanted << 4 | n
    windows = memo.part(MeldAnswers).windows
    found = windows.get(asked)
    if found is None:
        window = _chosen_window(
            n,
            wanted,
            memo.ace_in_runs is AceInRuns.LOW_OR_HIGH,
            memo.run_wrap,
            memo.ambiguous_joker is not JokerPosition.HIGHER,
        )
        found = remember(windows, asked, window or (), 4096)
    return found or None


def _chosen_window(
    n: int, wanted: int, ace_high: bool, wrap: bool, lower: bool
) -> tuple[int, ...] | None:
    """The window a run of ``n`` cards holding the ranks of ``wanted`` is laid in, or
    ``None``: among the windows that fit, a linear one before one going round the corner,
    the lowest or the highest as the rules place an ambiguous jolly."""
    valid = _windows_holding(n, wanted, ace_high, wrap)
    if not valid:
        return None
    # Windows come linear first (lowest first), then the ones going round the corner.
    linear = [w for w in valid if _is_linear(w)]
    pool = linear or list(valid)
    return pool[0] if lower else pool[-1]


def _is_linear(window: tuple[int, ...]) -> bool:
    """A run that does not go round the corner (a high ace counts as 14)."""
    ranks = [14 if r == 1 and i > 0 else r for i, r in enumerate(window)]
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _run_failure(cards: tuple[Card, ...], ranks: list[int], jokers: int, rules: Rules) -> MeldError:
    n = len(cards)
    # Only a run round the corner would hold these cards (K-A-2, the ace a card's or a
    # jolly's): the ace is low or high, never both.
    if (
        not rules.run_wrap
        and _windows_fit(n, ranks, ace_high=True, wrap=True)
        and not _windows_fit(n, ranks, ace_high=True, wrap=False)
    ):
        return MeldError(Reason.RUN_ACE_LOW_AND_HIGH, cards=cards)
    if (
        1 in ranks
        and rules.ace_in_runs is AceInRuns.LOW_ONLY
        and _windows_fit(n, ranks, ace_high=True, wrap=False)
    ):
        return MeldError(Reason.RUN_ACE_HIGH_NOT_ALLOWED, cards=cards)
    spans = [max(ranks) - min(ranks) + 1]
    if 1 in ranks:
        high = [14 if r == 1 else r for r in ranks]
        spans.append(max(high) - min(high) + 1)
    missing = min(spans) - len(ranks)
    return MeldError(Reason.RUN_NOT_CONSECUTIVE, cards=cards, missing=missing, jokers=jokers)


def _windows_fit(n: int, ranks: list[int], *, ace_high: bool, wrap: bool) -> bool:
    return any(set(ranks) <= set(w) for w in _windows(n, ace_high, wrap))


def _as_flush(
    cards: tuple[Card, ...], naturals: list[Card], declared: tuple[Card | None, ...]
) -> Meld:
    suit = naturals[0].suit
    assert suit is not None
    spare = [Card(rank, suit) for rank in Rank if Card(rank, suit) not in naturals]
    represents: list[Card] = []
    jokers = iter(declared)
    for card in cards:
        if card.is_joker:
            choice = next(jokers)
            if choice is not None and choice.suit is not suit:
                raise _invalid_declaration(cards, choice, Detail.FLUSH_ONE_SUIT)
            represents.append(choice or (spare[0] if spare else naturals[0]))
        else:
            represents.append(card)
    return Meld(MeldKind.FLUSH, cards, tuple(represents))


# --- attaching and taking jokers back ---


def _fixed_declarations(meld: Meld, rules: Rules) -> list[Card | None]:
    """The jolly of a meld keep their card, except in a set where every missing suit frees
    the jolly: there it stands for "a card of the rank" and its suit follows the set."""
    floating = meld.kind is MeldKind.SET and (
        rules.set_joker_swap is SetJokerSwap.ALL_MISSING or rules.set_suits is SetSuits.ANY
    )
    return [None if floating else rep for _, rep in meld.joker_assignments]


def attach(
    meld: Meld, cards: Sequence[Card], rules: Rules, *, jokers: Declarations | None = None
) -> Meld:
    """Attach ``cards`` (*attaccare*) to a meld on the table; returns the grown meld.

    A jolly already in the meld keeps the card it stands for; ``jokers`` declares the new
    jolly, if any.

    >>> from ramino.engine.rules import Rules
    >>> run = validate_meld(parse_cards("8S JK 10S"), Rules())
    >>> str(attach(run, parse_cards("JS"), Rules()))
    '8♠ 🃏 10♠ J♠'
    >>> attach(run, parse_cards("9S"), Rules())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.MeldError: Il posto di 9♠ in 8♠ 🃏 10♠ è del jolly: ...
    """
    new = tuple(cards)
    if not new:
        raise NotationError(Reason.NO_CARDS)
    new_declared = _check_declarations(new, sum(1 for c in new if c.is_joker), jokers)
    if meld.kind is not MeldKind.SET or rules.set_joker_swap is SetJokerSwap.DECLARED_SUIT:
        held = {rep for _, rep in meld.joker_assignments}
        for card in new:
            if card in held:
                raise MeldError(Reason.ATTACH_PLACE_HELD_BY_JOKER, cards=[card], meld=meld)
    elif rules.set_suits is SetSuits.DISTINCT and meld.joker_count:
        present = {c.suit for c in meld.naturals}
        limit = min(4, rules.set_max or 4)
        for card in new:
            if card.rank is meld.rank and card.suit not in present and len(meld) + len(new) > limit:
                raise MeldError(Reason.ATTACH_PLACE_HELD_BY_JOKER, cards=[card], meld=meld)
    try:
        grown = validate_meld(
            meld.cards + new,
            rules,
            jokers=[*_fixed_declarations(meld, rules), *new_declared],
        )
    except MeldError as error:
        raise _does_not_fit(new, meld, error) from None
    if grown.kind is not meld.kind:
        raise MeldError(
            Reason.ATTACH_DOES_NOT_FIT,
            cards=new,
            meld=meld,
            detail=Phrase(Detail.WOULD_CHANGE_KIND),
        )
    return grown


def _does_not_fit(new: tuple[Card, ...], meld: Meld, error: RaminoError) -> MeldError:
    return MeldError(
        Reason.ATTACH_DOES_NOT_FIT,
        cards=new,
        meld=meld,
        detail=error,
        cause=error.reason.value,
    )


def retrieve_joker(
    meld: Meld, cards: Sequence[Card], rules: Rules, *, opened: bool = True
) -> tuple[Meld, tuple[Card, ...]]:
    """Take back a jolly (*riprendere il jolly*) by putting ``cards`` in its place.

    Returns the meld with the natural cards in and the jolly freed. In a run the card must be
    exactly the one the jolly stands for; in a set of distinct suits, every missing suit
    (``set_joker_swap = all_missing``) or the declared one (``declared_suit``). ``opened`` says
    whether the player has opened, for ``joker_swap_needs_opened``.

    >>> from ramino.engine.rules import Rules
    >>> run = validate_meld(parse_cards("8S JK 10S"), Rules())
    >>> new, freed = retrieve_joker(run, parse_cards("9S"), Rules())
    >>> str(new), freed
    ('8♠ 9♠ 10♠', (Card.parse('JK'),))
    >>> tris = validate_meld(parse_cards("10D 10H JK"), Rules())
    >>> retrieve_joker(tris, parse_cards("10S"), Rules())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.MeldError: Per riprendere il jolly da un tris servono ... 10♣ 10♠: ...
    """
    given = tuple(cards)
    if not rules.joker_swap:
        raise MeldError(Reason.SWAP_FORBIDDEN, cards=given)
    if rules.joker_swap_needs_opened and not opened:
        raise MeldError(Reason.SWAP_NEEDS_OPENING, cards=given)
    if not meld.joker_count:
        raise MeldError(Reason.SWAP_NO_JOKER, cards=given, meld=meld)
    if not given:
        raise NotationError(Reason.NO_CARDS)
    if any(c.is_joker for c in given):
        raise MeldError(
            Reason.SWAP_WRONG_CARD, cards=given, meld=meld, needed=swap_cards(meld, rules)
        )
    if (
        meld.kind is MeldKind.SET
        and rules.set_suits is SetSuits.DISTINCT
        and (rules.set_joker_swap is SetJokerSwap.ALL_MISSING)
    ):
        return _retrieve_from_set_all_missing(meld, given, rules)
    if meld.kind is MeldKind.SET and rules.set_suits is SetSuits.ANY:
        wanted = [rep for _, rep in meld.joker_assignments]
        matches = [c.rank is meld.rank for c in given]
        if not all(matches) or len(given) > len(wanted):
            raise MeldError(
                Reason.SWAP_WRONG_CARD, cards=given, meld=meld, needed=swap_cards(meld, rules)
            )
        return _replace_jokers(meld, given, list(range(len(given))), rules)
    # A run, or a set whose jolly has a declared suit: the exact card frees it.
    slots = list(meld.joker_assignments)
    chosen: list[int] = []
    for card in given:
        hit = next((j for j, (_, rep) in enumerate(slots) if rep == card and j not in chosen), None)
        if hit is None:
            raise MeldError(
                Reason.SWAP_WRONG_CARD, cards=given, meld=meld, needed=swap_cards(meld, rules)
            )
        chosen.append(hit)
    return _replace_jokers(meld, given, chosen, rules)


def swap_cards(meld: Meld, rules: Rules) -> tuple[Card, ...]:
    """The cards that take the places of the jollies of ``meld`` when they are taken back:
    in a set of distinct suits where every missing suit is wanted, those suits; else the
    card each jolly stands for."""
    # Worked out at each call, not remembered: by codes it is a few steps, where a cache
    # keyed on the rules hashes them through their Python __hash__ (and compares them
    # through __eq__) at every question.
    if (
        meld.kind is MeldKind.SET
        and rules.set_suits is SetSuits.DISTINCT
        and (rules.set_joker_swap is SetJokerSwap.ALL_MISSING)
    ):
        # The suits missing from the set, in suit order (codes run ♣ ♦ ♥ ♠ by 13).
        rank = meld.represents[0].code % 13
        present = 0
        for card in meld.cards:
            if card.code != 52:
                present |= 1 << (card.code // 13)
        return tuple([NATURAL_CARDS[13 * s + rank] for s in range(4) if not present >> s & 1])
    return tuple([rep for _, rep in meld.joker_assignments])


def _retrieve_from_set_all_missing(
    meld: Meld, given: tuple[Card, ...], rules: Rules
) -> tuple[Meld, tuple[Card, ...]]:
    missing = swap_cards(meld, rules)
    if any(c not in missing for c in given) or len(set(given)) != len(given):
        raise MeldError(Reason.SWAP_WRONG_CARD, cards=given, meld=meld, needed=missing)
    if set(given) != set(missing):
        raise MeldError(Reason.SWAP_SET_NEEDS_ALL_MISSING, cards=given, needed=missing)
    freed = tuple(c for c in meld.cards if c.is_joker)
    new_cards = meld.naturals + given
    result = validate_meld(new_cards, rules)
    return result, freed


def _replace_jokers(
    meld: Meld, given: tuple[Card, ...], joker_slots: list[int], rules: Rules
) -> tuple[Meld, tuple[Card, ...]]:
    if len(joker_slots) != len(given):
        raise ValueError("one jolly for each card given")
    assignments = meld.joker_assignments
    replaced = {assignments[slot][0]: card for slot, card in zip(joker_slots, given, strict=True)}
    cards = tuple(replaced.get(i, card) for i, card in enumerate(meld.cards))
    represents = tuple(replaced.get(i, stands) for i, stands in enumerate(meld.represents))
    remaining = [stands for j, (_, stands) in enumerate(assignments) if j not in joker_slots]
    result = Meld(meld.kind, cards, represents)
    # The result must still be a meld (e.g. min_natural_cards holds a fortiori); re-check it.
    validate_meld(result.cards, rules, jokers=remaining)
    return result, (JOKER,) * len(given)
