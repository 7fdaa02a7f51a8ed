"""Taking a jolly back from the table (the swap): the cards that free it, what it does to
the opening, and the pending jokers that must go down again this turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import _laying, _legal, _reachable, _table_index
from ._candidates import meld_candidates
from .actions import Swap
from .cards import JOKER, Card
from .errors import IllegalAction, RaminoError, Reason
from .melds import retrieve_joker
from .rules import DiscardPickup, RetrievedJoker
from .state import Commit, Event, TableMeld, ids_in_meld_order, without_ids

if TYPE_CHECKING:
    from .round import Round


def plan_swap(round_: Round, action: Swap) -> Commit:
    round_._melding_allowed()
    seat = round_.to_play
    target = round_._table_meld(action.meld)
    ids = round_._ids_for(seat, action.cards, lay=True)
    new_meld, freed = retrieve_joker(
        target.meld, action.cards, round_.rules, opened=round_.opened[seat]
    )
    joker_ids = [i for i in target.ids if round_.deck[i].is_joker][: len(freed)]
    rest = without_ids(round_.hands[seat], ids) + joker_ids
    kept_ids = without_ids(list(target.ids), joker_ids) + ids
    new_ids = ids_in_meld_order(kept_ids, new_meld, round_.deck)
    points = round_.turn_state.opening_points
    attached = round_.turn_state.attached_jokers
    if not round_.opened[seat]:
        # A meld of his own, before he has opened, is one of the opening being made (an
        # opening begun is finished in its turn), and its jollies counted when laid; one
        # he attached counted where attachments count.
        if action.meld in attached:
            counted = round_._memo.opening_counts_attachments
            # The jollies he attached go first (a meld holds one, unless the rules
            # allow more).
            attached = less(attached, action.meld, len(freed))
        else:
            counted = target.owner == seat
        if counted:
            # The meld counts as it ends up: the jolly takes its value away (where the
            # rules give it its own), and the card put in its place brings its own.
            points += new_meld.points(round_.rules) - target.meld.points(round_.rules)
        elif round_._memo.swap_counts_for_opening:
            points += new_meld.points_of(action.cards, target.meld, round_.rules)
    swapped = list(round_.table)
    placed = TableMeld(target.owner, new_meld, new_ids)
    swapped[action.meld] = placed
    lay_now = round_._memo.retrieved_joker is RetrievedJoker.LAY_THIS_TURN
    if lay_now and round_.turn_state.pending:
        # One jolly at a time: the one already taken back goes down first.
        raise IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
    # Under must-use the pile's card goes down this turn and stays down: taken back
    # from the table, it must go down again, whatever retrieved_joker says.
    taken = round_.turn_state.taken
    relaid: list[int] = []
    if lay_now:
        relaid = joker_ids
    elif (
        taken is not None
        and round_._memo.discard_pickup is DiscardPickup.MUST_USE
        and taken in joker_ids
    ):
        relaid = [taken]
    # Before he has opened, where he may attach, whether the jolly can go down again is
    # told by trying each move that lays it, and each is accepted only if the hand it
    # leaves can still open: so when the hand the retrieval leaves cannot, none is. That
    # one search then comes first, the refusals kept in their order.
    early = bool(relaid) and not round_.opened[seat] and round_._memo.attach_before_opening
    if relaid and not early:
        check_relaid(round_, seat, rest, swapped, relaid, action.meld, freed, points, attached)
    try:
        _laying.check_rest(
            round_,
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
        check_relaid(round_, seat, rest, swapped, relaid, action.meld, freed, points, attached)
        raise
    if early:
        check_relaid(round_, seat, rest, swapped, relaid, action.meld, freed, points, attached)

    def swap() -> Event:
        round_.hands[seat] = rest
        round_.table[action.meld] = placed
        round_._after_meld(
            seat,
            ids,
            points - round_.turn_state.opening_points,
            retrieved=joker_ids,
            retrieved_from=action.meld,
            attached=attached,
        )
        return round_._record(seat, action, tuple(ids))

    return swap


def check_relaid(
    round_: Round,
    seat: int,
    rest: list[int],
    table: list[TableMeld],
    joker_ids: list[int],
    meld: int,
    freed: Sequence[Card],
    points: int,
    attached: tuple[int, ...],
) -> None:
    """A jolly taken back from the table's meld ``meld`` that must go down this turn
    must have somewhere to go, from the hand ``rest`` and the ``table`` after the
    retrieval (and ``points`` toward the opening, and ``attached`` for
    attached_jokers, after it)."""
    trial = round_._trial(
        seat, rest, table, joker_ids, points, pending_from=meld, attached=attached
    )
    if not can_lay_all_pending(trial, seat):
        raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=freed)


def check_pending_placeable(
    round_: Round,
    seat: int,
    used: Sequence[int],
    rest: list[int],
    table: list[TableMeld],
    points: int,
    attached: tuple[int, ...] | None = None,
) -> None:
    """A jolly taken back that must go down this turn must keep somewhere to go, once
    the move has laid ``used`` (``points`` toward the opening, and ``attached`` for
    attached_jokers if it changes them, after it)."""
    if round_._memo.retrieved_joker is not RetrievedJoker.LAY_THIS_TURN:
        return
    waiting = [i for i in round_.turn_state.pending if i not in used]
    if not waiting:
        return
    trial = round_._trial(seat, rest, table, waiting, points, attached=attached)
    if not can_lay_all_pending(trial, seat):
        raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=[round_.deck[i] for i in waiting])


def can_lay_all_pending(trial: Round, seat: int) -> bool:
    """Whether every jolly waiting in ``trial`` can be laid, one after the other."""
    if not trial.turn_state.pending:
        return True
    if trial.contract is not None and not (trial.opened[seat] and trial.melded_before[seat]):
        return False  # under a contract nothing goes down before the turn after the opening
    if len(trial.turn_state.pending) == 1 and not trial.opened[seat]:
        if not pending_may_open(trial, seat):
            # Unless jollies taken back after it finish the opening: the search of the
            # retrievals tells where it can, else the moves that lay this one.
            found = _laying.opens_after_waiting(trial, seat)
            if found is not None:
                return found
            if not _laying.retrieval_may_help(
                trial, seat, trial.hands[seat], trial.turn_state.opening_points
            ):
                return False
            return any(trial.can(action) for action in _legal.joker_actions(trial, seat))
        knobs = trial._memo
        taken = trial.turn_state.taken
        if (
            knobs.opening_threshold > trial.turn_state.opening_points
            and not knobs.attach_before_opening
            and (
                taken is None
                or knobs.rediscard_taken_card
                or all(trial.deck[i] is not trial.deck[taken] for i in trial.hands[seat])
            )
        ):
            # The search is the whole answer: attaching is closed to him, and with no card
            # barred from the discard every card left may be thrown (see pending_may_open).
            return True
    if len(trial.turn_state.pending) == 1 and pending_surely_placed(trial, seat):
        return True
    if len(trial.turn_state.pending) == 1:
        # Laying the last one empties the list: its check alone answers, with no copy.
        return any(trial.can(action) for action in _legal.joker_actions(trial, seat))
    for action in _legal.joker_actions(trial, seat):
        after = trial.copy()
        try:
            after._decide(action)()
        except RaminoError:
            continue
        if can_lay_all_pending(after, seat):
            return True
    return False


def pending_surely_placed(trial: Round, seat: int) -> bool:
    """For a player whose melds open whatever they hold (opened, or no threshold), with
    nothing else holding the turn back (no card taken that must be used, no first-round
    limit): a meld other than the one the jolly came from that takes it, or a meld of the
    hand that holds it, with a card surely left to throw after it, settles the question
    without trying every move (the checks of _attaching.plan_attach and _laying.plan_lay
    all hold). A ``False`` is no answer: the moves themselves decide."""
    rules = trial.rules
    hand = trial.hands[seat]
    taken = trial.turn_state.taken
    opened = trial.opened[seat]
    if (
        not rules.melding_during_play
        or not (opened or rules.opening_threshold <= 0)
        or (trial.first_round and not rules.rummy_on_first_turn)
        or (taken is not None and rules.discard_pickup is DiscardPickup.MUST_USE and taken in hand)
    ):
        return False
    throwable = [i for i in hand if i not in trial.turn_state.pending and trial._may_discard_id(i)]
    if not throwable:
        return False
    if (opened or rules.attach_before_opening) and any(
        number != trial.turn_state.pending_from
        and _table_index.takes_a_joker(table_meld.meld, rules)
        for number, table_meld in enumerate(trial.table)
    ):
        return True
    if not (opened or rules.opening_jokers):
        return False
    cards = [trial.deck[i] for i in hand]
    # The jolly waiting is the first to go down in a lay; every other card of the meld may
    # take one of those left to throw.
    return any(
        JOKER in candidate[0]
        and len(throwable) > len(candidate[0]) - 1
        and _legal.is_meld(_legal.lay_for(candidate), rules)
        for candidate in meld_candidates(cards, rules)
    )


def pending_may_open(trial: Round, seat: int) -> bool:
    """For a player who has not opened, whether the jolly waiting could go down in a meld of
    an opening still within reach: one search that every such meld would need passed, where
    trying them one by one costs a search each. Where he may attach before opening, the
    answer is left to the moves themselves."""
    rules = trial.rules
    if rules.attach_before_opening or trial._threshold() <= trial.turn_state.opening_points:
        return True
    return _reachable.opening_reachable(
        [trial.deck[i] for i in trial.hands[seat]],
        rules,
        trial._threshold() - trial.turn_state.opening_points,
        keep=trial.cards_to_keep(),
        using=JOKER,
        barred=trial._barred(),
    )


def less(entries: tuple[int, ...], number: int, count: int) -> tuple[int, ...]:
    """``entries`` with up to ``count`` of those equal to ``number`` taken out."""
    kept: list[int] = []
    for entry in entries:
        if entry == number and count > 0:
            count -= 1
        else:
            kept.append(entry)
    return tuple(kept)
