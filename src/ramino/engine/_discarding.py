"""The discard (*scarto*) that ends a turn, the cards that may be thrown, and going out by
showing the whole hand where nothing is laid during play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _attaching, _laying, _legal
from .actions import Discard, Show
from .cards import Card
from .errors import IllegalAction, Reason
from .melds import Meld
from .rules import DiscardPickup, FinalDiscard, RetrievedJoker
from .scoring import Closing
from .showing import is_seven, judge_show, stand_in_place
from .state import Commit, Event, Phase, TableMeld, ids_in_meld_order

if TYPE_CHECKING:
    from .round import Round


def discard_id(round_: Round, seat: int, card: Card) -> int:
    """The id a discard of ``card`` throws, or a refusal for that card."""
    avoid = [] if round_.turn_state.taken is None else [round_.turn_state.taken]
    (card_id,) = round_._ids_for(seat, [card], avoid=avoid)
    if (
        not round_._may_discard_id(card_id)
        and round_.turn_state.taken is not None
        and (round_.deck[card_id] is round_.deck[round_.turn_state.taken])
    ):
        raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[card])
    return card_id


def check_discard_turn(round_: Round, seat: int) -> None:
    """Refusals that hold for any discard at this point of the turn."""
    refusal = discard_turn_refusal(round_, seat)
    if refusal is not None:
        raise refusal


def discard_turn_refusal(round_: Round, seat: int) -> IllegalAction | None:
    """The refusal of _check_discard_turn, if any, made but not raised: discard_options
    asks at every decision of a play phase, and a raised error costs a trace of every
    call it goes through."""
    hand = round_.hands[seat]
    if (
        round_.turn_state.taken is not None
        and round_._memo.discard_pickup is DiscardPickup.MUST_USE
        and round_.turn_state.taken in hand
    ):
        return IllegalAction(
            Reason.TAKEN_CARD_NOT_USED, cards=[round_.deck[round_.turn_state.taken]]
        )
    if round_.turn_state.melded and not round_.opened[seat]:
        return _laying.opened_message(round_.turn_state.opening_points, round_._threshold())
    if round_.turn_state.pending:
        mode = round_._memo.retrieved_joker
        if mode is RetrievedJoker.LAY_THIS_TURN or (
            mode is RetrievedJoker.LAY_IF_POSSIBLE and _legal.joker_can_be_relaid(round_, seat)
        ):
            return IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
    if len(hand) == 1 and round_.first_round and not round_.rules.rummy_on_first_turn:
        return IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
    return None


def plan_discard(round_: Round, action: Discard) -> Commit:
    seat = round_.to_play
    hand = round_.hands[seat]
    card_id = discard_id(round_, seat, action.card)
    going_out = len(hand) == 1
    check_discard_turn(round_, seat)
    if not going_out and round_._no_attachable_discard:
        _attaching.check_attachable_discard(round_, seat, card_id)

    def discard() -> Event:
        round_.hands[seat] = [i for i in hand if i != card_id]
        round_.discard_pile.append(card_id)
        event = round_._record(seat, action, (card_id,))
        if going_out:
            round_._go_out(seat, Closing.SIMPLE)
        else:
            round_._next_turn()
        return event

    return discard


def plan_show(round_: Round, action: Show) -> Commit:
    seat = round_.to_play
    rules = round_.rules
    groups = action.melds
    if rules.melding_during_play and (
        not (rules.flush_close and len(groups) == 1)
        or round_.turn_state.melded
        or round_.melded_before[seat]
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
            detail=("queste regole vogliono lo scarto finale.", "these rules need a discard."),
        )
    held = list(shown)
    if stand_in is not None:
        if action.as_joker is not None:
            held[stand_in] = action.as_joker
        else:
            del held[stand_in]
    needed = held + ([action.discard] if action.discard is not None else [])
    avoid = [] if round_.turn_state.taken is None else [round_.turn_state.taken]
    ids = round_._ids_for(seat, needed, avoid=avoid)
    if len(ids) != len(round_.hands[seat]) and not seven:
        raise IllegalAction(
            Reason.SHOW_INCOMPLETE,
            detail=(
                f"hai {len(round_.hands[seat])} carte e ne mostri {len(ids)}.",
                f"you hold {len(round_.hands[seat])} cards and show {len(ids)}.",
            ),
        )
    if action.discard is not None and not round_._may_discard_id(ids[-1]):
        raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[action.discard])
    if round_.first_round and not rules.rummy_on_first_turn:
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
            placed.append(TableMeld(seat, meld, ids_in_meld_order(group_ids, meld, round_.deck)))
            continue
        # The imagined jolly has no card; a card acting as it stands in its place.
        acting = None if action.as_joker is None else ids[stand_in if stand_in is not None else 0]
        size = len(group) - (acting is None)
        group_ids = ids[at : at + size]
        at += size
        placed.append(TableMeld(seat, meld, _stand_in_ids(group_ids, meld, round_, acting)))
    # The hand is shown all at once: its melds go down in one fixed order, whatever the
    # order they were named in.
    placed.sort(key=lambda m: tuple(c.code for c in m.meld.represents))
    closing = verdict.closing

    def show() -> Event:
        round_.hands[seat] = [i for i in round_.hands[seat] if i not in ids]
        round_.table.extend(placed)
        if action.discard is not None:
            round_.discard_pile.append(ids[-1])
        event = round_._record(seat, action, tuple(ids))
        round_._go_out(seat, closing, in_one_turn=True)
        return event

    return show


def _stand_in_ids(
    group_ids: list[int], meld: Meld, round_: Round, acting: int | None
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
        found = next(i for i in pool if round_.deck[i] is card)
        pool.remove(found)
        ordered.append(found)
    return tuple(ordered)


def discard_options(round_: Round) -> list[Card]:
    """The cards the player to move may discard now (one check of the turn, then card by
    card), the same answer as ``can(Discard(card))`` for every card."""
    seat = round_.to_play
    if round_.phase is not Phase.PLAY:
        return []
    if discard_turn_refusal(round_, seat) is not None:
        return []
    hand = round_.hands[seat]
    cards = round_.deck.cards
    # Twins of the taken card go with it (see Round._may_discard_id); any other copy will do.
    # The codes held as the bits of an int (the jolly's is 52): no set to fill and no
    # sort, and the cards come out in the order of their codes, lowest bit first.
    held = 0
    if round_.turn_state.taken is None and not round_.turn_state.pending:
        for i in hand:
            held |= 1 << cards[i].code  # nothing barred: every card held
    else:
        for i in hand:
            if round_._may_discard_id(i):
                held |= 1 << cards[i].code
    if len(hand) > 1 and round_._no_attachable_discard:
        # The ban of _check_attachable_discard, worked out once for the whole hand.
        fitting = _attaching.fitting_codes(round_, held)
        if fitting != held:
            held &= ~fitting
    allowed: list[Card] = []
    while held:
        low = held & -held
        allowed.append(Card.from_code(low.bit_length() - 1))
        held ^= low
    return allowed
