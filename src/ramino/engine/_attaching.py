"""Attaching (*attaccare*) a card to a meld on the table, and the ban on discarding a card
that could be attached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _laying, _retrieval, _table_index
from .actions import Attach
from .cards import Card
from .errors import IllegalAction, Reason
from .melds import attach
from .scoring import Closing
from .state import Commit, Event, TableMeld, merge_ids, without_ids

if TYPE_CHECKING:
    from .round import Round


def plan_attach(round_: Round, action: Attach) -> Commit:
    round_._melding_allowed()
    seat = round_.to_play
    if len(action.cards) != 1:
        raise IllegalAction(Reason.ATTACH_ONE_CARD, cards=action.cards, count=len(action.cards))
    target = round_._table_meld(action.meld)
    opening = not round_.opened[seat]
    if opening and not round_._memo.attach_before_opening:
        raise IllegalAction(Reason.ATTACH_BEFORE_OPENING)
    # On the meld a jolly was taken back from, another jolly of the hand may go, not that
    # one: the ids avoid it.
    avoid = round_.turn_state.pending if action.meld == round_.turn_state.pending_from else ()
    ids = round_._ids_for(seat, action.cards, avoid=avoid, lay=True)
    if action.meld == round_.turn_state.pending_from and any(
        i in round_.turn_state.pending for i in ids
    ):
        # [G]: the jolly taken back goes down again "in un altro gioco".
        raise IllegalAction(Reason.JOKER_BACK_TO_SAME_MELD, meld=action.meld)
    grown = attach(target.meld, action.cards, round_.rules, jokers=action.jokers)
    gained = 0
    if opening and round_._memo.opening_counts_attachments:
        gained = grown.points_of(action.cards, target.meld, round_.rules)
    points = round_.turn_state.opening_points + gained
    attached = round_.turn_state.attached_jokers
    if opening and action.cards[0].is_joker:
        attached = (*attached, action.meld)
    rest = without_ids(round_.hands[seat], ids)
    new_ids = merge_ids(target, grown, ids, round_.deck)
    table = list(round_.table)
    placed = TableMeld(target.owner, grown, new_ids)
    table[action.meld] = placed
    goes_out = _laying.check_rest(
        round_, seat, rest, action.cards, points, table, within_hand=True, attached=attached
    )
    _retrieval.check_pending_placeable(round_, seat, ids, rest, table, points, attached)

    def do_attach() -> Event:
        round_.hands[seat] = rest
        round_.table[action.meld] = placed
        round_._after_meld(seat, ids, gained, attached=attached)
        event = round_._record(seat, action, tuple(ids))
        if goes_out:
            round_._go_out(seat, Closing.SIMPLE)
        return event

    return do_attach


def fitting_codes(round_: Round, wanted: int) -> int:
    # Of the codes ``wanted``, those of the cards that could be attached alone, as the
    # bits of an int.
    return _table_index.table_index(round_).fitting(wanted)


def check_attachable_discard(round_: Round, seat: int, card_id: int) -> None:
    cards = round_.deck.cards
    if not fitting_codes(round_, 1 << cards[card_id].code):
        return
    # If every card he may discard could be attached, the ban cannot hold: he discards.
    wanted = 0
    for i in round_.hands[seat]:
        if round_._may_discard_id(i):
            wanted |= 1 << cards[i].code
    if fitting_codes(round_, wanted) == wanted:
        return
    raise IllegalAction(Reason.DISCARD_ATTACHABLE, cards=[cards[card_id]])


def attachable(round_: Round, card: Card) -> bool:
    """Whether ``card`` could be attached to some meld on the table."""
    return bool(fitting_codes(round_, 1 << card.code))
