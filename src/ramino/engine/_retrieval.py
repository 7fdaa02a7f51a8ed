"""Taking a jolly back from the table (the swap): the cards that free it, what it does to
the opening, and the jolly that must go down again this turn (see _turn_end).
"""

from __future__ import annotations

from . import _turn_end
from .actions import Action, Swap
from .errors import IllegalAction, Reason
from .judging import Decided, Decision, Outcome, Then
from .melds import retrieve_joker
from .rules import RetrievedJoker
from .state import TableMeld, ids_in_meld_order, without_ids


def plan_swap(decision: Decision, action: Action) -> Decided:
    assert isinstance(action, Swap)
    _turn_end.check_melding_allowed(decision)
    pos = decision.pos
    seat = decision.seat
    state = pos.turn_state
    target = decision.table_meld(action.meld)
    ids = decision.ids_for(seat, action.cards, lay=True)
    rules = decision.rules
    waits = rules.joker_swap and rules.joker_swap_waits_a_turn and not state.opened_before
    if waits and pos.opened[seat]:
        # Opened this very turn: a jolly is taken back from the next one on.
        raise IllegalAction(Reason.SWAP_WAITS_A_TURN, cards=action.cards)
    new_meld, freed = retrieve_joker(target.meld, action.cards, rules, opened=pos.opened[seat])
    joker_ids = [i for i in target.ids if decision.cards[i].is_joker][: len(freed)]
    rest = without_ids(pos.hands[seat], ids) + joker_ids
    kept_ids = without_ids(list(target.ids), joker_ids) + ids
    new_ids = ids_in_meld_order(kept_ids, new_meld, decision.cards)
    points = state.opening_points
    attached = state.attached_jokers
    if not pos.opened[seat]:
        # A meld of his own, before he has opened, is one of the opening being made (an
        # opening begun is finished in its turn), and its jollies counted when laid; one
        # he attached counted where attachments count.
        if action.meld in attached:
            counted = decision.memo.opening_counts_attachments
            # The jollies he attached go first (a meld holds one, unless the rules
            # allow more).
            attached = _turn_end.less(attached, action.meld, len(freed))
        else:
            counted = target.owner == seat
        if counted:
            # The meld counts as it ends up: the jolly takes its value away (where the
            # rules give it its own), and the card put in its place brings its own.
            points += new_meld.points(decision.rules) - target.meld.points(decision.rules)
        elif decision.memo.swap_counts_for_opening:
            points += new_meld.points_of(action.cards, target.meld, decision.rules)
    swapped = list(pos.table)
    placed = TableMeld(target.owner, new_meld, new_ids)
    swapped[action.meld] = placed
    lay_now = decision.memo.retrieved_joker is RetrievedJoker.LAY_THIS_TURN
    if lay_now and state.pending:
        # One jolly at a time: the one already taken back goes down first.
        raise IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
    # Bound to go down, the pile's card goes down this turn and stays down: taken back
    # from the table, it must go down again, whatever retrieved_joker says.
    taken = state.taken
    relaid: list[int] = []
    if lay_now:
        relaid = joker_ids
    elif taken is not None and decision.take_binds() and taken in joker_ids:
        relaid = [taken]
    # Before he has opened, where he may attach, whether the jolly can go down again is
    # told by trying each move that lays it, and each is accepted only if the hand it
    # leaves can still open: so when the hand the retrieval leaves cannot, none is. That
    # one search then comes first, the refusals kept in their order.
    early = bool(relaid) and not pos.opened[seat] and decision.memo.attach_before_opening
    if relaid and not early:
        _turn_end.check_relaid(
            decision, seat, rest, swapped, relaid, action.meld, freed, points, attached
        )
    # Where the opening is lost for the turn (never so where he may attach before it),
    # the jolly's own refusal above comes first.
    _turn_end.check_opening_alive(decision)
    try:
        _turn_end.check_rest(
            decision,
            seat,
            rest,
            action.cards,
            points,
            swapped,
            pending_from=action.meld,
            freed=joker_ids,
            attached=attached,
        )
    except IllegalAction as error:
        if not early:
            raise
        if error.reason is Reason.OPENING_UNREACHABLE:
            raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=freed) from None
        _turn_end.check_relaid(
            decision, seat, rest, swapped, relaid, action.meld, freed, points, attached
        )
        raise
    if early:
        _turn_end.check_relaid(
            decision, seat, rest, swapped, relaid, action.meld, freed, points, attached
        )

    def swap() -> Outcome:
        after = decision.after_meld(
            seat,
            rest,
            swapped,
            ids,
            points - state.opening_points,
            retrieved=joker_ids,
            retrieved_from=action.meld,
            attached=attached,
        )
        return Outcome(after, tuple(ids), Then.PLAY_ON)

    return swap
