"""Whether the turn can still end legally after a move: the player keeps a card to throw, an
opening begun still reaches its threshold this turn (a jolly taken back from the table counted
where it could make up the points), the card taken from the pile under must-use still has a
place, and a jolly taken back still goes down again. Each move's check asks these questions of
the position it leaves; where only later moves can tell, it asks the one check about them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import prod

from . import _reachable, _table_index, contracts
from ._moves import joker_actions, play_candidates
from ._table_index import fits
from .actions import Attach, Lay, Swap
from .cards import JOKER, Card, without_cards
from .errors import IllegalAction, RaminoError, Reason
from .judging import Decision
from .melds import Meld, retrieve_joker
from .rules import FinalDiscard, RetrievedJoker
from .state import TableMeld


def melding_refusal(decision: Decision) -> IllegalAction | None:
    """The refusal every lay, attachment and retrieval of the player to move meets now, if
    any: :func:`check_melding_allowed` (the first step of their checks) or
    :func:`check_opening_alive` (a step of each, once the move itself is known to be one the
    rules have)."""
    try:
        check_melding_allowed(decision)
        check_opening_alive(decision)
    except IllegalAction as error:
        # Only its words are wanted: no frame of this check is kept with it.
        return error.with_traceback(None)
    return None


def check_melding_allowed(decision: Decision) -> None:
    """Melds go down during play only where the rules say; under a contract, only from the
    turn after the opening."""
    if not decision.memo.melding_during_play:
        raise IllegalAction(Reason.NO_MELDING_DURING_PLAY)
    if decision.pos.contract is not None:
        contracts.check_melding(decision, decision.seat)


def check_opening_alive(decision: Decision) -> None:
    """Before his opening, a player lays, attaches or takes a jolly back only while the
    opening can still be made this turn: no move brings back an opening the turn has
    already lost (see :func:`opening_alive`, asked once a decision)."""
    pos = decision.pos
    seat = decision.seat
    if not pos.opened[seat] and not opening_alive(decision, seat):
        # Lost before this move, whatever it is: say so, not what the move would reach.
        raise IllegalAction(
            Reason.OPENING_OUT_OF_REACH,
            points=pos.turn_state.opening_points,
            threshold=decision.threshold,
        )


def check_rest(
    decision: Decision,
    seat: int,
    rest: Sequence[int],
    laid: Sequence[Card],
    points: int,
    after_table: Sequence[TableMeld] | None = None,
    *,
    within_hand: bool = False,
    pending_from: int | None = None,
    freed: Sequence[int] = (),
    attached: tuple[int, ...] | None = None,
) -> bool:
    """Whether the hand left after laying ``laid`` still lets the turn end; returns True
    when the hand would be empty (the player goes out by laying). ``pending_from`` and
    ``freed``: the meld a jolly is taken back from by the move checked, and its ids;
    ``attached``: attached_jokers after the move, if it changes them."""
    opened_after = decision.pos.opened[seat] or points >= decision.threshold
    if not rest:
        if decision.rules.final_discard is FinalDiscard.REQUIRED:
            raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=laid)
        if decision.first_round and not decision.rules.rummy_on_first_turn:
            raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
        if not opened_after:
            raise opened_message(points, decision.threshold)
        return True
    # In a first round without going out he must keep a card after his discard too.
    if decision.first_round and not decision.rules.rummy_on_first_turn and len(rest) < 2:
        raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
    if not any(decision.may_discard_id(i) for i in rest):
        raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=laid)
    # Bound to go down, the card taken from the pile and kept must still have a place this
    # turn (one this very move takes back is the retrieval's to place, see check_relaid).
    taken = decision.pos.turn_state.taken
    if taken is not None and taken in rest and taken not in freed and decision.take_binds():
        waiting = [i for i in (*freed, *decision.pos.turn_state.pending) if i in rest]
        if not taken_still_usable(
            decision,
            seat,
            decision.cards[taken],
            rest,
            points,
            opened_after,
            decision.pos.table if after_table is None else after_table,
            within_hand=within_hand,
            waiting=waiting,
            pending_from=pending_from,
            attached=decision.pos.turn_state.attached_jokers if attached is None else attached,
        ):
            if not opened_after and not opening_alive(decision, seat):
                raise IllegalAction(
                    Reason.OPENING_UNREACHABLE, points=points, threshold=decision.threshold
                )
            raise IllegalAction(Reason.TAKEN_CARD_UNUSABLE, cards=[decision.cards[taken]])
        # Before the opening, the card has a place only in an opening within reach of the
        # hand: where no jolly waits, the opening's own question is answered.
        if not waiting:
            return False
    # An opening begun must be finished this turn: refuse a step from which the threshold
    # can no longer be reached. No move brings back an opening the turn has already lost:
    # that is asked once a decision (bench/instructions.py, rami-51: 30% fewer a decision).
    if not opened_after and (
        not opening_alive(decision, seat)
        or not opening_reachable_after(
            decision,
            seat,
            rest,
            points,
            after_table=after_table,
            within_hand=within_hand,
            pending_from=pending_from,
            freed=freed,
            attached=attached,
        )
    ):
        raise IllegalAction(Reason.OPENING_UNREACHABLE, points=points, threshold=decision.threshold)
    return False


def opening_alive(decision: Decision, seat: int) -> bool:
    """Whether ``seat``, to move and not yet opened, can still open this turn from where he
    stands: once a decision (see Round._opening_alive). Yes where only a trial round could
    tell (a trial of this very state would ask it again), and wherever attaching before the
    opening is open: a jolly attached, then taken back with a card of the hand, may count
    toward the opening in ways the search of the hand does not see."""
    alive = decision.opening_alive_memo
    if alive is None:
        alive = decision.opening_alive_memo = decision.memo.attach_before_opening or (
            opening_reachable_after(
                decision,
                seat,
                decision.pos.hands[seat],
                decision.pos.turn_state.opening_points,
                within_hand=True,
                trials=False,
            )
        )
    return alive


def opening_reachable_after(
    decision: Decision,
    seat: int,
    rest: Sequence[int],
    points: int,
    *,
    after_table: Sequence[TableMeld] | None = None,
    within_hand: bool = False,
    pending_from: int | None = None,
    freed: Sequence[int] = (),
    attached: tuple[int, ...] | None = None,
    trials: bool = True,
) -> bool:
    """Whether the threshold can still be reached this turn from the hand ``rest`` with
    ``points`` laid toward it (the other arguments as for check_rest): by the melds of the
    cards left, or by a jolly taken back from the table. Without ``trials``, yes where only
    a trial round could tell."""
    keep = decision.cards_to_keep()
    cards = [decision.cards[i] for i in rest]
    table = [m.meld for m in (decision.pos.table if after_table is None else after_table)]
    need = decision.threshold - points
    # When ``rest`` is part of the hand, the melds of the hand serve for every part.
    within = [decision.cards[i] for i in decision.pos.hands[seat]] if within_hand else None
    # A jolly waiting in hand does not go back on the meld it came from; another
    # jolly of the hand may.
    came_from = pending_from
    if came_from is None and decision.pos.turn_state.pending:
        came_from = decision.pos.turn_state.pending_from
    waiting = [*freed, *decision.pos.turn_state.pending]
    return _reachable.opening_reachable(
        cards,
        decision.rules,
        need,
        keep=keep,
        table=table,
        within=within,
        barred=decision.barred(),
        waiting_from=-1 if came_from is None else came_from,
        waiting=sum(1 for i in rest if i in waiting),
    ) or retrieval_opens(
        decision,
        seat,
        rest,
        decision.pos.table if after_table is None else after_table,
        [i for i in waiting if i in rest],
        points,
        came_from,
        within,
        decision.pos.turn_state.attached_jokers if attached is None else attached,
        trials=trials,
    )


def retrieval_opens(
    decision: Decision,
    seat: int,
    rest: Sequence[int],
    table: Sequence[TableMeld],
    waiting: Sequence[int],
    points: int,
    came_from: int | None,
    within: list[Card] | None,
    attached: tuple[int, ...],
    *,
    trials: bool = True,
) -> bool:
    """Whether, after the move checked (which leaves ``rest``, the ``table``, the jollies
    ``waiting`` and ``points`` toward the opening), a jolly taken back from the table
    could still give the opening it lacks: the opening search counts the cards in
    hand, and a retrieval trades one of them for a jolly. The retrieval's own check
    answers, and it asks the same of the hand it leaves. A jolly the move puts on the
    table is tried too: the moves one after the other may take it back. Where a jolly
    taken back waits and must go down before another is taken back, the moves that lay
    it are tried instead, each asking the same of the hand it leaves. ``within``: the
    hand ``rest`` is part of, if any (see opening_reachable); ``attached``:
    attached_jokers after the move.

    Where attachments count toward the opening, a retrieval from a set that wants every
    missing suit at once is also tried after attaching one of those cards: the points
    of the attachment count, and the jolly then stands for fewer cards (the attachment's
    own check asks for the retrieval that is left)."""
    before = decision.pos.table
    # The melds holding a jolly after the move, but not one it took a jolly from.
    old: list[int] = []
    for number in range(len(table)):
        now = table[number].meld.joker_count
        if now and (number >= len(before) or now >= before[number].meld.joker_count):
            old.append(number)
    if not old:
        return False
    melds = [m.meld for m in table]
    swaps, _ = _table_index.retrievals_before_opening(
        decision.memo, decision.cards, rest, melds, old
    )
    if not swaps:
        return False
    # A meld of his own counts as it ends up (see plan_swap): the cards that take its
    # jolly back may count more than the jolly did.
    bound = points + _reachable.own_retrieval_gain(table, old, seat, attached, decision.rules)
    if not jokers_may_make_up(decision, rest, melds, swaps, bound, within=within):
        return False
    if not trials:
        return True
    trial = decision.trial(
        seat, rest, table, waiting, points, pending_from=came_from, attached=attached
    )
    # Retrievals tried one after the other reach the same hand and table in many orders:
    # each is answered once a decision (bench/extreme_rules.py, far ends with an opening at
    # 100: the slowest decision 3.1 s to 0.96 s, the mean 21 to 12 ms, pure build).
    question = (
        seat,
        tuple(before),
        tuple(trial.pos.table),
        tuple(trial.pos.hands[seat]),
        trial.pos.turn_state,
        trial.pos.opened[seat],
        trial.pos.turn,
    )
    known = decision.answers.get(question)
    if known is None:
        known = decision.answers[question] = _retrieval_opens_for(trial, seat, swaps)
    return known


def _retrieval_opens_for(trial: Decision, seat: int, swaps: Sequence[Swap]) -> bool:
    knobs = trial.memo
    waiting = trial.pos.turn_state.pending
    # One jolly at a time (see plan_swap): while one waits to go down, no retrieval is;
    # once it is down, one may be. The moves that lay it tell whether one taken back
    # after it could finish the opening.
    if bool(waiting) and knobs.retrieved_joker is RetrievedJoker.LAY_THIS_TURN:
        if any(trial.can(action) for action in joker_actions(trial, seat)):
            return True
    elif any(trial.can(action) for action in swaps):
        return True
    if not (knobs.opening_counts_attachments and knobs.attach_before_opening):
        return False
    return any(
        trial.can(Attach(swap.meld, (card,)))
        for swap in swaps
        if len(swap.cards) > 1
        for card in swap.cards
    )


def retrieval_may_help(
    decision: Decision, seat: int, hand: Sequence[int], points: int, using: Card | None = None
) -> bool:
    """Whether a player who has not opened, holding ``hand`` with ``points`` toward his
    opening, could pay for jollies on the table that, with his cards, might make up
    the rest (the checks decide whether he may take them back, and what they make).
    ``using``: a card that must be in the opening."""
    table = decision.pos.table
    melds = [m.meld for m in table]
    swaps, _ = _table_index.retrievals_before_opening(decision.memo, decision.cards, hand, melds)
    # A meld of his own counts as it ends up (see plan_swap).
    attached = decision.pos.turn_state.attached_jokers
    points += _reachable.own_retrieval_gain(
        table, range(len(table)), seat, attached, decision.rules
    )
    return jokers_may_make_up(decision, hand, melds, swaps, points, using=using)


def retrieval_might_help(decision: Decision, seat: int, hand: list[int], card: Card) -> bool:
    """A looser question than _retrieval_may_help, asked of a hand with the card ``card``
    just taken, which must be in the opening: only the bound of the opening's points
    (see _reachable.jokers_might_make_up), no search of the hand with the jollies. Asked
    once a draw, of a hand seen once: its search would cost more than the moves it
    spares, which most often open."""
    melds = [m.meld for m in decision.pos.table]
    _, jollies = _table_index.retrievals_before_opening(decision.memo, decision.cards, hand, melds)
    return jollies > 0 and _reachable.jokers_might_make_up(
        [decision.cards[i] for i in hand],
        decision.rules,
        decision.threshold - decision.pos.turn_state.opening_points,
        jollies=jollies,
        table=melds,
        using=card,
    )


def jokers_may_make_up(
    decision: Decision,
    hand: Sequence[int],
    melds: list[Meld],
    swaps: Sequence[Swap],
    points: int,
    *,
    within: list[Card] | None = None,
    using: Card | None = None,
) -> bool:
    """Whether jollies taken back from ``melds`` by ``swaps`` (those the ids ``hand`` could
    pay for) might make up the opening of a player with ``points`` toward it, one of the
    melds holding ``using`` if given: ``False`` without a jolly to take back, ``True``
    where a retrieval itself counts toward the opening (nothing bounds it). Else the
    bound of _reachable.reachable_with_jokers: every jolly in hand, no card paid.

    Where attachments count, that bound does not hold (a meld that gave up its jolly may
    take another), so each choice of melds to take jollies back from, one way of paying
    each, is searched on the table it leaves. Each card of the hand goes down once, and a
    jolly counts where it ends up: one attached, then taken back with the card it stands
    for, leaves that card attached. A card paid alone leaves the hand for the meld, which
    holds it instead of its jolly; its points count only on a meld that counts, whose
    gain ``points`` holds. Cards paid together stay in hand and the meld as it is, since
    one of them may be attached first, and count."""
    ways: dict[int, list[tuple[Card, ...]]] = {}
    for swap in swaps:
        ways.setdefault(swap.meld, []).append(swap.cards if len(swap.cards) == 1 else ())
    if not ways:
        return False
    knobs = decision.memo
    if knobs.swap_counts_for_opening:
        return True
    rules = decision.rules
    cards = [decision.cards[i] for i in hand]
    need = decision.threshold - points
    keep = decision.cards_to_keep()
    jollies = sum(melds[number].joker_count for number in ways)
    attaching = knobs.opening_counts_attachments and knobs.attach_before_opening
    choices = [[None, *dict.fromkeys(paid)] for paid in ways.values()] if attaching else []
    if not attaching or prod(len(options) for options in choices) > _MOST_CHOICES:
        # Every jolly, no card paid, the melds as they are: one looser bound for them all,
        # enough where attachments do not count (the choices would cost apertura-50 5%
        # more instructions a decision, compiled).
        return _reachable.reachable_with_jokers(
            cards, rules, need, keep=keep, jollies=jollies, table=melds, within=within, using=using
        )
    # One search for every choice: each hand asked about is part of this one.
    whole = [*(cards if within is None else within), *([JOKER] * jollies)]
    numbers = list(ways)
    for choice in product(*choices):
        left = cards
        table = melds
        freed = 0
        for number, paid in zip(numbers, choice, strict=True):
            if paid is None:
                continue
            freed += melds[number].joker_count
            if not paid:
                continue
            fewer = without_cards(left, paid)
            if len(fewer) == len(left):
                break  # the card paid for another meld
            try:
                changed, _ = retrieve_joker(melds[number], paid, rules, opened=False)
            except RaminoError:
                break  # no retrieval these cards pay for
            left = fewer
            table = [*table]
            table[number] = changed
        else:
            if freed and _reachable.opening_reachable(
                [*left, *([JOKER] * freed)],
                rules,
                need,
                keep=keep,
                using=using,
                table=table,
                within=whole,
            ):
                return True
    return False


#: Choices of retrievals past which jokers_may_make_up asks one looser bound for them all.
_MOST_CHOICES = 64


def opened_message(points: int, threshold: int) -> IllegalAction:
    return IllegalAction(Reason.OPENING_BELOW_THRESHOLD, points=points, threshold=threshold)


def taken_still_usable(
    decision: Decision,
    seat: int,
    card: Card,
    rest: Sequence[int],
    points: int,
    opened_after: bool,
    after_table: Sequence[TableMeld],
    *,
    within_hand: bool,
    waiting: Sequence[int],
    pending_from: int | None,
    attached: tuple[int, ...],
) -> bool:
    """Whether ``card``, taken from the pile under must-use and kept in hand by a move, can
    still go down this turn: the move leaves ``rest``, ``points`` toward the opening,
    ``after_table``, the jollies ``waiting`` (taken back from ``pending_from`` if it says)
    and ``attached`` (see check_rest, which asks it).

    Once opened, some move right after this one must put it down: the moves that hold it
    are checked (each leaves it used, so none asks this again). Before the opening, the
    opening must still be reachable with the card in one of its melds, or without it and
    the card then attached to a meld on the table. The jollies that could be taken back to
    make the opening are not counted: a move that needs one is refused, never one that
    leaves the card with no place."""
    if opened_after:
        trial = decision.trial(
            seat,
            rest,
            after_table,
            list(waiting),
            points,
            pending_from=pending_from,
            attached=attached,
        )
        return any(
            isinstance(action, Lay | Attach | Swap) and card in action.cards and trial.can(action)
            for action in play_candidates(trial)
        )
    rules = decision.rules
    cards = [decision.cards[i] for i in rest]
    need = decision.threshold - points
    table = [m.meld for m in after_table]
    keep = decision.cards_to_keep()
    within = [decision.cards[i] for i in decision.pos.hands[seat]] if within_hand else None
    barred = decision.barred()
    if _reachable.opening_reachable(
        cards, rules, need, keep=keep, using=card, table=table, within=within, barred=barred
    ):
        return True
    return any(fits(meld, card, rules) for meld in table) and _reachable.opening_reachable(
        without_cards(cards, [card]),
        rules,
        need,
        keep=keep,
        table=table,
        within=within,
        barred=barred,
    )


def check_relaid(
    decision: Decision,
    seat: int,
    rest: Sequence[int],
    table: Sequence[TableMeld],
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
    trial = decision.trial(
        seat, rest, table, joker_ids, points, pending_from=meld, attached=attached
    )
    if not can_lay_all_pending(trial, seat):
        raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=freed)


def check_pending_placeable(
    decision: Decision,
    seat: int,
    used: Sequence[int],
    rest: Sequence[int],
    table: Sequence[TableMeld],
    points: int,
    attached: tuple[int, ...] | None = None,
) -> None:
    """A jolly taken back that must go down this turn must keep somewhere to go, once
    the move has laid ``used`` (``points`` toward the opening, and ``attached`` for
    attached_jokers if it changes them, after it)."""
    if decision.memo.retrieved_joker is not RetrievedJoker.LAY_THIS_TURN:
        return
    waiting = [i for i in decision.pos.turn_state.pending if i not in used]
    if not waiting:
        return
    trial = decision.trial(seat, rest, table, waiting, points, attached=attached)
    if not can_lay_all_pending(trial, seat):
        raise IllegalAction(
            Reason.JOKER_CANNOT_BE_RELAID, cards=[decision.cards[i] for i in waiting]
        )


def can_lay_all_pending(trial: Decision, seat: int) -> bool:
    """Whether every jolly waiting in ``trial`` can be laid, one after the other."""
    if not trial.pos.turn_state.pending:
        return True
    if trial.pos.contract is not None and not (
        trial.pos.opened[seat] and trial.pos.melded_before[seat]
    ):
        return False  # under a contract nothing goes down before the turn after the opening
    if len(trial.pos.turn_state.pending) == 1 and not trial.pos.opened[seat]:
        if not pending_may_open(trial, seat):
            # Unless jollies taken back after it finish the opening: the moves that lay
            # this one tell.
            if not retrieval_may_help(
                trial, seat, trial.pos.hands[seat], trial.pos.turn_state.opening_points
            ):
                return False
            return any(trial.can(action) for action in joker_actions(trial, seat))
        knobs = trial.memo
        taken = trial.pos.turn_state.taken
        if (
            knobs.opening_threshold > trial.pos.turn_state.opening_points
            and not knobs.attach_before_opening
            and (
                taken is None
                or knobs.rediscard_taken_card
                or all(trial.cards[i] is not trial.cards[taken] for i in trial.pos.hands[seat])
            )
        ):
            # The search is the whole answer: attaching is closed to him, and with no card
            # barred from the discard every card left may be thrown (see pending_may_open).
            return True
    if len(trial.pos.turn_state.pending) == 1:
        # Laying the last one empties the list: its check alone answers, with no copy.
        return any(trial.can(action) for action in joker_actions(trial, seat))
    for action in joker_actions(trial, seat):
        try:
            made = trial.decide(action)()
        except RaminoError:
            continue
        if can_lay_all_pending(trial.after(made.position), seat):
            return True
    return False


def pending_may_open(trial: Decision, seat: int) -> bool:
    """For a player who has not opened, whether the jolly waiting could go down in a meld of
    an opening still within reach: one search that every such meld would need passed, where
    trying them one by one costs a search each. Where he may attach before opening, the
    answer is left to the moves themselves."""
    rules = trial.rules
    if rules.attach_before_opening or trial.threshold <= trial.pos.turn_state.opening_points:
        return True
    return _reachable.opening_reachable(
        [trial.cards[i] for i in trial.pos.hands[seat]],
        rules,
        trial.threshold - trial.pos.turn_state.opening_points,
        keep=trial.cards_to_keep(),
        using=JOKER,
        barred=trial.barred(),
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


def joker_can_be_relaid(decision: Decision, seat: int) -> bool:
    """Whether a jolly in the hand (one taken back, say) could be laid this turn."""
    return any(decision.can(action) for action in joker_actions(decision, seat))
