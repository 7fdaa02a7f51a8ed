"""Attaching (*attaccare*) a card to a meld on the table, and the ban on discarding a card
that could be attached.
"""

from __future__ import annotations

from . import _turn_end
from .actions import Action, Attach
from .cards import Card
from .errors import IllegalAction, Reason
from .judging import Decided, Decision, Outcome, Then
from .melds import attach
from .state import TableMeld, merge_ids, without_ids


def plan_attach(decision: Decision, action: Action) -> Decided:
    assert isinstance(action, Attach)
    _turn_end.check_melding_allowed(decision)
    pos = decision.pos
    seat = decision.seat
    state = pos.turn_state
    if len(action.cards) != 1:
        raise IllegalAction(Reason.ATTACH_ONE_CARD, cards=action.cards, count=len(action.cards))
    target = decision.table_meld(action.meld)
    opening = not pos.opened[seat]
    if opening and not decision.memo.attach_before_opening:
        raise IllegalAction(Reason.ATTACH_BEFORE_OPENING)
    _turn_end.check_opening_alive(decision)
    # On the meld a jolly was taken back from, another jolly of the hand may go, not that
    # one: the ids avoid it.
    avoid = state.pending if action.meld == state.pending_from else ()
    ids = decision.ids_for(seat, action.cards, avoid=avoid, lay=True)
    if action.meld == state.pending_from and any(i in state.pending for i in ids):
        # [G]: the jolly taken back goes down again "in un altro gioco".
        raise IllegalAction(Reason.JOKER_BACK_TO_SAME_MELD, meld=action.meld)
    rules = decision.rules
    grown = attach(target.meld, action.cards, rules, jokers=action.jokers)
    gained = 0
    if opening and decision.memo.opening_counts_attachments:
        gained = grown.points_of(action.cards, target.meld, rules)
    points = state.opening_points + gained
    attached = state.attached_jokers
    if opening and action.cards[0].is_joker:
        attached = (*attached, action.meld)
    rest = without_ids(pos.hands[seat], ids)
    new_ids = merge_ids(target, grown, ids, decision.cards)
    table = list(pos.table)
    table[action.meld] = TableMeld(target.owner, grown, new_ids)
    goes_out = _turn_end.check_rest(
        decision, seat, rest, action.cards, points, table, within_hand=True, attached=attached
    )
    _turn_end.check_pending_placeable(decision, seat, ids, rest, table, points, attached)

    def do_attach() -> Outcome:
        after = decision.after_meld(seat, rest, table, ids, gained, attached=attached)
        return Outcome(after, tuple(ids), Then.GO_OUT if goes_out else Then.PLAY_ON)

    return do_attach


def fitting_codes(decision: Decision, wanted: int) -> int:
    """Of the codes ``wanted``, those of the cards that could be attached alone, as the bits
    of an int."""
    return decision.table_index().fitting(wanted)


def attachable_discard_barred(decision: Decision, seat: int, card_id: int) -> bool:
    """Where a card that could be attached may not be thrown (scala 40 with three or more),
    whether ``card_id`` may not: it could be attached, and not every card he may throw
    could."""
    cards = decision.cards
    index = decision.table_index()
    if not index.fitting(1 << cards[card_id].code):
        return False
    # If every card he may discard could be attached, the ban cannot hold: he discards.
    # Asked once a decision.
    every = decision.all_fit_memo
    if every is None:
        wanted = 0
        for i in decision.pos.hands[seat]:
            if decision.may_discard_id(i):
                wanted |= 1 << cards[i].code
        every = decision.all_fit_memo = index.fitting(wanted) == wanted
    return not every


def attachable(decision: Decision, card: Card) -> bool:
    """Whether ``card`` could be attached to some meld on the table."""
    return bool(fitting_codes(decision, 1 << card.code))
