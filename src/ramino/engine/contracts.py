"""Carioca's contracts (RULES.md §6.3): the opening each hand of the match requires, exactly and
without jollies; the ways a hand can meet it; and opening with it (``open QC QD | KS KH``).

Before his opening a player lays and attaches nothing; he opens with the contract alone, and
from his next turn on plays as in ramino classico (a pair on the table grows into a set by
attaching). The eighth contract is the whole hand at once, without a discard.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from ._candidates import meld_candidates
from .actions import Action, Open
from .cards import Card, Rank, code_order
from .errors import Detail, IllegalAction, MeldError, Phrase, RaminoError, Reason
from .going_out import partitions_without_one
from .judging import Decided, Decision, Outcome, Then
from .melds import Meld, MeldKind, validate_meld
from .rules import Contract, Rules
from .state import TableMeld, ids_in_meld_order, without_ids

#: Each contract by name, as players say it; the catalogue words it (a contract without its
#: words fails here, at import).
CONTRACT_NAMES: Final[dict[Contract, Phrase]] = {
    contract: Phrase(Detail(f"contract_{contract.value}")) for contract in Contract
}

#: Exactly what each contract lays (RULES.md §6.3), never with a jolly; the catalogue words it.
CONTRACT_TERMS: Final[dict[Contract, Phrase]] = {
    contract: Phrase(Detail(f"terms_{contract.value}")) for contract in Contract
}

_HIGH: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE})


def _not_met(contract: Contract, detail: Phrase | RaminoError) -> IllegalAction:
    return IllegalAction(
        Reason.CONTRACT_NOT_MET,
        contract=CONTRACT_NAMES[contract],
        terms=CONTRACT_TERMS[contract],
        detail=detail,
    )


def _one_meld_of(size: int, groups: Sequence[Sequence[Card]]) -> Phrase:
    """Why ``groups`` are not the one meld of ``size`` cards a contract asks: too many or
    too few cards, or the right number split in several melds."""
    count = sum(len(g) for g in groups)
    if count == size:
        return Phrase(Detail.ONE_MELD_NOT_SPLIT, size=size, melds=len(groups))
    return Phrase(Detail.ONE_MELD_OF, size=size, count=count)


def pair_meld(cards: Sequence[Card]) -> Meld | None:
    """Two natural cards of one rank and different suits, as a meld (a set of two that grows
    by attaching), or ``None``."""
    if len(cards) != 2 or any(c.is_joker for c in cards):
        return None
    first, second = cards
    if first.rank is not second.rank or first.suit is second.suit:
        return None
    shown = tuple(sorted(cards, key=code_order))
    return Meld(MeldKind.SET, shown, shown)


def contract_melds(
    groups: Sequence[Sequence[Card]], contract: Contract, rules: Rules
) -> tuple[Meld, ...]:
    """The melds of an opening that meets ``contract`` exactly, group by group; refused
    (``contract_not_met``, or ``opening_jokers_forbidden`` for a jolly) otherwise.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> carioca = get_preset("carioca")
    >>> [str(m) for m in contract_melds([parse_cards("QD QC")], Contract.PAIR, carioca)]
    ['Q♣ Q♦']
    >>> contract_melds([parse_cards("7D 7C")], Contract.PAIR, carioca)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.IllegalAction: L'apertura di questa smazzata (coppia) vuole ...
    """
    cards = [c for g in groups for c in g]
    if any(c.is_joker for c in cards):
        raise IllegalAction(Reason.OPENING_JOKERS_FORBIDDEN, cards=cards)
    sizes = sorted(len(g) for g in groups)
    pairs = [pair_meld(g) for g in groups if len(g) == 2]
    if contract is Contract.PAIR:
        if sizes != [2]:
            raise _not_met(contract, _one_meld_of(2, groups))
        if pairs[0] is None:
            raise _not_met(contract, Phrase(Detail.PAIR_CARDS))
        if pairs[0].rank not in _HIGH:
            raise _not_met(contract, Phrase(Detail.HIGH_PAIR_NEEDED, rank=str(pairs[0].rank)))
        return (pairs[0],)
    if contract is Contract.TWO_PAIRS:
        if sizes != [2, 2]:
            raise _not_met(contract, Phrase(Detail.TWO_PAIRS_NEEDED))
        if None in pairs:
            raise _not_met(contract, Phrase(Detail.PAIR_CARDS))
        ranks = {p.rank for p in pairs if p is not None}
        if len(ranks) != 2 or not ranks & _HIGH:
            raise _not_met(contract, Phrase(Detail.PAIRS_RANKS))
        return tuple(p for p in pairs if p is not None)
    if contract is Contract.FULL_HOUSE:
        if sizes != [2, 3]:
            raise _not_met(contract, Phrase(Detail.SET_AND_PAIR_NEEDED))
        if None in pairs:
            raise _not_met(contract, Phrase(Detail.PAIR_CARDS))
        trio = _meld(next(g for g in groups if len(g) == 3), rules, contract)
        pair = pairs[0]
        if trio.kind is not MeldKind.SET or pair is None or pair.rank is trio.rank:
            raise _not_met(contract, Phrase(Detail.SET_AND_PAIR_RANKS))
        return (trio, pair)
    if contract is Contract.SCALA_40:
        if len(groups) not in (1, 2):
            raise _not_met(contract, Phrase(Detail.ONE_OR_TWO_MELDS, count=len(groups)))
        melds = tuple(_meld(g, rules, contract) for g in groups)
        points = sum(m.points(rules) for m in melds)
        if points != 40:
            raise _not_met(contract, Phrase(Detail.MELDS_WORTH, points=points))
        return melds
    wanted = {Contract.SET: (3, MeldKind.SET), Contract.POKER: (4, MeldKind.SET)}
    wanted[Contract.STRAIGHT_FLUSH] = (5, MeldKind.RUN)
    if contract in wanted:
        size, kind = wanted[contract]
        if sizes != [size]:
            raise _not_met(contract, _one_meld_of(size, groups))
        meld = _meld(groups[0], rules, contract)
        if meld.kind is not kind:
            raise _not_met(contract, Phrase(Detail.NOT_THE_MELD_NEEDED))
        return (meld,)
    # Contract.ONE_TURN: every card of the hand in melds of three or more (the round checks
    # that the whole hand is shown).
    return tuple(_meld(g, rules, contract) for g in groups)


def _meld(cards: Sequence[Card], rules: Rules, contract: Contract) -> Meld:
    try:
        return validate_meld(cards, rules)
    except MeldError as error:
        raise _not_met(contract, error) from None


def open_candidates(hand: Sequence[Card], contract: Contract, rules: Rules) -> Iterator[Open]:
    """The openings of ``contract`` that ``hand`` can lay (a superset the round checks)."""
    naturals = sorted((c for c in hand if not c.is_joker), key=code_order)
    by_rank: dict[Rank, list[Card]] = {}
    for card in naturals:
        if card.rank is not None:
            by_rank.setdefault(card.rank, []).append(card)
    pairs = [
        (a, b)
        for cards in by_rank.values()
        for a, b in itertools.combinations(sorted(set(cards), key=code_order), 2)
    ]
    if contract is Contract.PAIR:
        yield from (Open((p,)) for p in pairs if p[0].rank in _HIGH)
    elif contract is Contract.TWO_PAIRS:
        for p, q in itertools.combinations(pairs, 2):
            if p[0].rank is not q[0].rank and (p[0].rank in _HIGH or q[0].rank in _HIGH):
                yield Open((p, q))
    elif contract is Contract.FULL_HOUSE:
        for trio in _sets(naturals, rules, 3):
            for pair in pairs:
                if pair[0].rank is not trio[0].rank:
                    yield Open((trio, pair))
    elif contract in (Contract.SET, Contract.POKER):
        size = 3 if contract is Contract.SET else 4
        yield from (Open((trio,)) for trio in _sets(naturals, rules, size))
    elif contract is Contract.STRAIGHT_FLUSH:
        for cards, _ in meld_candidates(naturals, rules):
            if len(cards) == 5 and cards[0].rank is not cards[1].rank:
                yield Open((cards,))
    elif contract is Contract.SCALA_40:
        melds = [cards for cards, _ in meld_candidates(naturals, rules)]
        worth = {m: validate_meld(m, rules).points(rules) for m in melds}
        yield from (Open((m,)) for m in melds if worth[m] == 40)
        held = Counter(naturals)
        for m, n in itertools.combinations(melds, 2):
            if worth[m] + worth[n] == 40 and not Counter(m) + Counter(n) - held:
                yield Open((m, n))
    elif len(naturals) == len(hand):
        for _, split in partitions_without_one(naturals, rules, [None]):
            yield Open(tuple(m.cards for m in split))


def _sets(naturals: Sequence[Card], rules: Rules, size: int) -> Iterator[tuple[Card, ...]]:
    for cards, _ in meld_candidates(naturals, rules):
        if len(cards) == size and len({c.rank for c in cards}) == 1:
            yield cards


# --- the round ---


def check_melding(decision: Decision, seat: int) -> None:
    """Under a contract, a player lays, attaches or takes a jolly back only from the turn
    after his opening."""
    pos = decision.pos
    contract = pos.contract
    assert contract is not None
    if not pos.opened[seat]:
        raise IllegalAction(
            Reason.CONTRACT_FIRST, contract=CONTRACT_NAMES[contract], terms=CONTRACT_TERMS[contract]
        )
    if not pos.melded_before[seat]:
        raise IllegalAction(Reason.CONTRACT_NEXT_TURN)


def plan_open(decision: Decision, action: Action) -> Decided:
    """Open with the hand's contract: its melds go down at once, and with the eighth (the
    whole hand, no discard) the player goes out."""
    assert isinstance(action, Open)
    pos = decision.pos
    seat = decision.seat
    contract = pos.contract
    if contract is None:
        raise IllegalAction(Reason.NO_CONTRACT)
    if pos.opened[seat]:
        raise IllegalAction(Reason.ALREADY_OPENED)
    melds = contract_melds(action.melds, contract, decision.rules)
    cards = [c for g in action.melds for c in g]
    ids = decision.ids_for(seat, cards, lay=True)
    rest = without_ids(pos.hands[seat], ids)
    whole = contract is Contract.ONE_TURN
    if whole and rest:
        raise _not_met(contract, Phrase(Detail.CARDS_LEFT_OUT, count=len(rest)))
    if not whole and not rest:
        raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD)
    taken = pos.turn_state.taken
    if taken in rest and decision.take_binds():
        # Nothing more goes down this turn: the pile's card must be in the opening.
        raise IllegalAction(Reason.TAKEN_CARD_UNUSABLE, cards=[decision.cards[taken]])
    placed: list[TableMeld] = []
    at = 0
    for group, meld in zip(action.melds, melds, strict=True):
        group_ids = ids[at : at + len(group)]
        at += len(group)
        placed.append(TableMeld(seat, meld, ids_in_meld_order(group_ids, meld, decision.cards)))
    laid = tuple(i for m in placed for i in m.ids)

    def open_() -> Outcome:
        # The threshold is 0: this opens him.
        after = decision.after_meld(seat, rest, (*pos.table, *placed), laid, 0)
        if whole:
            return Outcome(after, laid, Then.GO_OUT, in_one_turn=True)
        return Outcome(after, laid, Then.PLAY_ON)

    return open_
