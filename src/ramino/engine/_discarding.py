"""The discard (*scarto*) that ends a turn, the cards that may be thrown, and going out by
showing the whole hand where nothing is laid during play.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _attaching, _knocking, _turn_end
from .actions import Action, Discard, Show
from .cards import Card
from .errors import Detail, IllegalAction, Phrase, Reason
from .judging import Decided, Decision, Outcome, Then
from .melds import Meld
from .rules import FinalDiscard, RetrievedJoker
from .showing import is_seven, judge_show, stand_in_place
from .state import TableMeld, ids_in_meld_order


def discard_refusal(decision: Decision) -> IllegalAction | None:
    """The refusal every discard of the player to move meets now, if any, worked out once
    for the decision: the card taken from the pile still to be used, an opening begun and
    not finished, a jolly taken back still to be laid, no going out in the first round."""
    known = decision.discard_refusal_memo
    if known is False:
        known = decision.discard_refusal_memo = _discard_refusal(decision, decision.seat)
    assert known is None or isinstance(known, IllegalAction)
    # A new one each time: a refusal raised keeps the frames it went through.
    return None if known is None else IllegalAction(known.reason, cards=known.cards, **known.params)


def _discard_refusal(decision: Decision, seat: int) -> IllegalAction | None:
    pos = decision.pos
    state = pos.turn_state
    hand = pos.hands[seat]
    memo = decision.memo
    if state.taken is not None and decision.take_binds() and state.taken in hand:
        return IllegalAction(Reason.TAKEN_CARD_NOT_USED, cards=[decision.cards[state.taken]])
    if state.melded and not pos.opened[seat]:
        return _turn_end.opened_message(state.opening_points, decision.threshold)
    if state.pending:
        mode = memo.retrieved_joker
        if mode is RetrievedJoker.LAY_THIS_TURN or (
            mode is RetrievedJoker.LAY_IF_POSSIBLE and _turn_end.joker_can_be_relaid(decision, seat)
        ):
            return IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
    if len(hand) == 1 and decision.first_round and not decision.rules.rummy_on_first_turn:
        return IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
    return None


def judge_discard(decision: Decision, card: Card) -> int | IllegalAction:
    """The discard of ``card`` judged: the id of the card it throws, or its refusal (made,
    not raised: the legal actions ask it of every card in hand). The card must be in the
    hand; not the one taken from the pile, nor its twin, unless the rules let it be thrown
    back; the turn must allow a discard (see :func:`discard_refusal`); and where a card
    that could be attached may not be thrown, it must not be one."""
    cards = decision.cards
    seat = decision.seat
    hand = decision.pos.hands[seat]
    found = [i for i in hand if cards[i] is card]
    if not found:
        return IllegalAction(Reason.NOT_IN_HAND, cards=[card])
    # Of twins, the lowest id but the one taken from the pile, where he holds another.
    taken = decision.pos.turn_state.taken
    card_id = found[0]
    if len(found) > 1:
        others = [i for i in found if i != taken]
        card_id = min(others) if others else card_id
    if not decision.may_discard_id(card_id) and taken is not None and card is cards[taken]:
        return IllegalAction(Reason.REDISCARD_TAKEN, cards=[card])
    refusal = discard_refusal(decision)
    if refusal is not None:
        return refusal
    if (
        len(hand) > 1
        and decision.judge.no_attachable_discard
        and _attaching.attachable_discard_barred(decision, seat, card_id)
    ):
        return IllegalAction(Reason.DISCARD_ATTACHABLE, cards=[card])
    return card_id


def check_discard(decision: Decision, card: Card) -> int:
    """The id of the card a discard of ``card`` throws now, or the refusal raised (see
    :func:`judge_discard`)."""
    judged = judge_discard(decision, card)
    if isinstance(judged, IllegalAction):
        raise judged
    return judged


def plan_discard(decision: Decision, action: Action) -> Decided:
    assert isinstance(action, Discard)
    card_id = check_discard(decision, action.card)
    pos = decision.pos
    seat = decision.seat
    terms, void = pos.terms, False
    if decision.rules.void_rethrows is not None:
        terms, void = _knocking.counted_rethrows(decision, card_id)

    def discard() -> Outcome:
        hand = pos.hands[seat]
        thrown = list(pos.thrown)
        thrown[seat] = card_id
        after = pos.but(
            hands=pos.with_hand(seat, [i for i in hand if i != card_id]),
            discard_pile=(*pos.discard_pile, card_id),
            thrown=tuple(thrown),
            terms=terms,
        )
        if void:
            return Outcome(after, (card_id,), Then.VOID)
        # His last card thrown, he goes out.
        return Outcome(after, (card_id,), Then.GO_OUT if len(hand) == 1 else Then.END_TURN)

    return discard


def plan_show(decision: Decision, action: Action) -> Decided:
    assert isinstance(action, Show)
    pos = decision.pos
    seat = decision.seat
    rules = decision.rules
    groups = action.melds
    if rules.knock_limit is not None:
        # Gin rummy goes out by knocking, its melds laid one by one (see _knocking).
        raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
    if rules.melding_during_play and (
        not (rules.flush_close and len(groups) == 1)
        or pos.turn_state.melded
        or pos.melded_before[seat]
    ):
        # Where melds go down during play, only the flush close shows the hand: the whole of
        # it at once, with nothing laid before ([G]).
        raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
    shown = [c for g in groups for c in g]
    # Where the jolly is imagined, the place in ``shown`` of the one jolly named (and what
    # stands there in the hand: nothing, or the card acting as it).
    stand_in = stand_in_place(rules, action)
    seven = is_seven(rules, action)
    if action.discard is None and rules.final_discard is FinalDiscard.REQUIRED and not seven:
        raise IllegalAction(
            Reason.SHOW_INCOMPLETE,
            detail=Phrase(Detail.SHOW_NEEDS_DISCARD),
        )
    held = list(shown)
    if stand_in is not None:
        if action.as_joker is not None:
            held[stand_in] = action.as_joker
        else:
            del held[stand_in]
    needed = held + ([action.discard] if action.discard is not None else [])
    avoid = [] if pos.turn_state.taken is None else [pos.turn_state.taken]
    ids = decision.ids_for(seat, needed, avoid=avoid)
    if len(ids) != len(pos.hands[seat]) and not seven:
        raise IllegalAction(
            Reason.SHOW_INCOMPLETE,
            detail=Phrase(Detail.SHOW_COUNT, held=len(pos.hands[seat]), shown=len(ids)),
        )
    if action.discard is not None and not decision.may_discard_id(ids[-1]):
        raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[action.discard])
    if decision.first_round and not rules.rummy_on_first_turn:
        raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
    # The cards themselves: the same verdict as ``check --whole-hand`` gives.
    verdict = judge_show(action, rules)
    placed: list[TableMeld] = []
    at = start = 0
    for group, meld in zip(groups, verdict.melds, strict=True):
        imagined = stand_in is not None and start <= stand_in < start + len(group)
        start += len(group)
        if not imagined:
            group_ids = ids[at : at + len(group)]
            at += len(group)
            placed.append(TableMeld(seat, meld, ids_in_meld_order(group_ids, meld, decision.cards)))
            continue
        # The imagined jolly has no card; a card acting as it stands in its place.
        acting = None if action.as_joker is None else ids[stand_in if stand_in is not None else 0]
        size = len(group) - (acting is None)
        group_ids = ids[at : at + size]
        at += size
        placed.append(TableMeld(seat, meld, _stand_in_ids(group_ids, meld, decision.cards, acting)))
    # The hand is shown all at once: its melds go down in one fixed order, whatever the
    # order they were named in.
    placed.sort(key=lambda m: tuple(c.code for c in m.meld.represents))
    closing = verdict.closing

    def show() -> Outcome:
        kept = [i for i in pos.hands[seat] if i not in ids]
        after = pos.but(
            hands=pos.with_hand(seat, kept),
            table=(*pos.table, *placed),
            discard_pile=(
                pos.discard_pile if action.discard is None else (*pos.discard_pile, ids[-1])
            ),
        )
        return Outcome(after, tuple(ids), Then.GO_OUT, closing, in_one_turn=True)

    return show


def _stand_in_ids(
    group_ids: list[int], meld: Meld, cards: Sequence[Card], acting: int | None
) -> tuple[int, ...]:
    """The ids of a meld holding the imagined jolly, in meld order: the card acting as the
    jolly at its place, or no id for a jolly imagined."""
    pool = list(group_ids)
    if acting is not None:
        pool.remove(acting)
    ordered: list[int] = []
    for card in meld.cards:
        if card.is_joker:
            if acting is not None:
                ordered.append(acting)
            continue
        found = next(i for i in pool if cards[i] is card)
        pool.remove(found)
        ordered.append(found)
    return tuple(ordered)
