"""Laying a meld (*calare*), which before the opening counts toward it (*apertura*): the meld
must be valid, a jolly in it allowed, and what the move leaves must still let the turn end
(see _turn_end).
"""

from __future__ import annotations

from . import _turn_end
from .actions import Action, Lay
from .errors import IllegalAction, Reason
from .judging import Decided, Decision, Outcome, Then
from .melds import validate_meld
from .state import TableMeld, ids_in_meld_order, without_ids


def plan_lay(decision: Decision, action: Action) -> Decided:
    assert isinstance(action, Lay)
    _turn_end.check_melding_allowed(decision)
    pos = decision.pos
    seat = decision.seat
    ids = decision.ids_for(seat, action.cards, lay=True)
    meld = validate_meld(action.cards, decision.rules, jokers=action.jokers)
    opening = not pos.opened[seat]
    if opening and not decision.memo.opening_jokers and meld.joker_count:
        raise IllegalAction(Reason.OPENING_JOKERS_FORBIDDEN, cards=action.cards)
    _turn_end.check_opening_alive(decision)
    gained = meld.points(decision.rules) if opening else 0
    points = pos.turn_state.opening_points + gained
    rest = without_ids(pos.hands[seat], ids)
    ordered = ids_in_meld_order(ids, meld, decision.cards)
    placed = TableMeld(seat, meld, ordered)
    table = [*pos.table, placed]
    goes_out = _turn_end.check_rest(
        decision, seat, rest, action.cards, points, table, within_hand=True
    )
    _turn_end.check_pending_placeable(decision, seat, ids, rest, table, points)

    def lay() -> Outcome:
        after = decision.after_meld(seat, rest, table, ids, gained)
        return Outcome(after, ordered, Then.GO_OUT if goes_out else Then.PLAY_ON)

    return lay
