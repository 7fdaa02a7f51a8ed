"""Drawing (*pescare*) from the stock, taking the top of the discard pile (*pozzo*), and what
the rules ask of the card taken: under ``discard_pickup = must_use`` (and ``to_open`` before
the opening) it goes down this turn, in any meld laid or attached, in whatever order (RULES.md
§6.4), and it may be taken only where it can be used; under ``opened`` only once opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from . import _knocking, _reachable, _table_index, _turn_end
from ._moves import play_candidates
from .actions import Action, Attach, Draw, Lay, TakeDiscard
from .contracts import open_candidates
from .errors import Detail, IllegalAction, Phrase, Reason
from .judging import Decided, Decision, Outcome, Then
from .position import Position
from .rules import DiscardPickup
from .state import Phase


def plan_draw(decision: Decision, action: Action) -> Decided:
    """A draw from the stock, or the top of the pile taken (see :func:`check_take`)."""
    pos = decision.pos
    if pos.phase is not Phase.DRAW:
        raise IllegalAction(Reason.ALREADY_DRAWN)
    seat = decision.seat
    if decision.rules.first_upcard_offer or decision.rules.wall_stock is not None:
        _knocking.check_draw(decision, action)
    # The moves decided are partials of module functions, not closures: compiled, a closure
    # here kept its environment in a reference cycle with the decision (test_no_cycles).
    if isinstance(action, Draw):
        return partial(_drawn, pos, seat)
    assert isinstance(action, TakeDiscard)
    top = check_take(decision, seat)
    if decision.rules.max_pile_takes is not None:
        return _knocking.counted_take(decision, taken(decision, seat, top), top)
    return partial(_taken, decision, seat, top)


def _drawn(pos: Position, seat: int) -> Outcome:
    card = pos.stock[-1]
    after = pos.but(
        hands=pos.with_hand(seat, (*pos.hands[seat], card)),
        stock=pos.stock[:-1],
        phase=Phase.PLAY,
    )
    return Outcome(after, (card,), Then.PLAY_ON)


def _taken(decision: Decision, seat: int, top: int) -> Outcome:
    return Outcome(taken(decision, seat, top), (top,), Then.PLAY_ON)


def taken(decision: Decision, seat: int, top: int) -> Position:
    """The position once ``seat`` has taken the card ``top`` from the pile."""
    pos = decision.pos
    return pos.but(
        hands=pos.with_hand(seat, (*pos.hands[seat], top)),
        discard_pile=pos.discard_pile[:-1],
        turn_state=pos.turn_state.taking(top),
        phase=Phase.PLAY,
    )


def check_take(decision: Decision, seat: int) -> int:
    """The id of the card ``seat`` may take from the pile now, or the refusal."""
    top = takeable(decision, seat)
    if top is not None:
        return top
    # Refused: the same questions again, to say why.
    pile = decision.pos.discard_pile
    if not pile:
        raise IllegalAction(Reason.DISCARD_PILE_EMPTY)
    top = pile[-1]
    if needs_opened(decision, seat):
        raise IllegalAction(Reason.TAKE_NEEDS_OPENED, cards=[decision.cards[top]])
    if take_leaves_no_discard(decision, seat, top):
        # He could never discard again this turn: every card he holds is the taken one.
        raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=[decision.cards[top]])
    raise unusable_take(decision, seat, top)


def takeable(decision: Decision, seat: int) -> int | None:
    """The id of the card ``seat`` may take from the pile now, or ``None`` if he may not
    (:func:`check_take` says why): there must be one, he must keep a card he may throw, he
    must have opened where the rules say so, and where it binds (:meth:`Decision.take_binds`)
    it must be one he can lay this turn."""
    pile = decision.pos.discard_pile
    if not pile:
        return None
    top = pile[-1]
    if needs_opened(decision, seat) or take_leaves_no_discard(decision, seat, top):
        return None
    if decision.take_binds() and not take_is_usable(decision, seat, top):
        return None
    return top


def needs_opened(decision: Decision, seat: int) -> bool:
    """Whether the rules keep the pozzo from ``seat`` until he has opened, and he has not
    (``discard_pickup = opened``): a draw comes first in a turn, so an earlier turn's."""
    return decision.memo.discard_pickup is DiscardPickup.OPENED and not decision.pos.opened[seat]


def take_leaves_no_discard(decision: Decision, seat: int, top: int) -> bool:
    cards = decision.cards
    top_card = cards[top]
    return not decision.memo.rediscard_taken_card and all(
        cards[i] is top_card for i in decision.pos.hands[seat]
    )


def take_is_usable(
    decision: Decision, seat: int, top: int, *, twin_throwable: bool = False
) -> bool:
    """Whether the card ``top``, taken now, could go down this turn. ``twin_throwable``: as
    if its twins could be thrown back, asking only the searches of the hand (to tell why a
    take is refused)."""
    knobs = decision.memo
    pos = decision.pos
    cards = decision.cards
    if pos.contract is not None and not pos.opened[seat]:
        # Under a contract (carioca) the card goes down this turn only in the opening.
        card = cards[top]
        after = after_take(decision, seat, top)
        held = after.hand_cards(seat)
        return any(
            card in (c for meld in opening.melds for c in meld) and after.can(opening)
            for opening in open_candidates(held, pos.contract, decision.rules)
        )
    if not knobs.melding_during_play:
        # Nothing is laid during play: the card is used only by closing with it, which
        # the moves after the take tell (a close is rare, and so is this question).
        return any_move_after_take(decision, seat, top)
    hand = [*pos.hands[seat], top]
    if pos.opened[seat]:
        usable = _reachable.can_use_at_once(decision, hand, top, twin_throwable=twin_throwable)
        if not usable and not twin_throwable and _may_go_down_later(decision, hand, top):
            # The card may go down at any point of the turn (RULES.md §6.4): after a card
            # attached before it, or a jolly taken back to meld with it. The moves after
            # the take tell, each keeping the card only where it still has a place.
            usable = any_move_after_take(decision, seat, top)
    else:
        usable = _reachable.can_open_with(decision, seat, hand, top, twin_throwable=twin_throwable)
        if (
            not usable
            and not twin_throwable
            and _turn_end.retrieval_might_help(decision, seat, hand, cards[top])
        ):
            # The opening search counts the cards in hand, and a jolly taken back may
            # be what the opening lacks: the moves that open with the card tell.
            usable = opens_with_taken(decision, seat, top)
    if (
        not usable
        and knobs.flush_close
        and not twin_throwable
        and could_close_flush(decision, seat, top)
    ):
        # The flush close shows the whole hand, the taken card in it.
        usable = any_move_after_take(decision, seat, top)
    return usable


def _may_go_down_later(decision: Decision, hand: Sequence[int], top: int) -> bool:
    """Whether a natural card ``top`` that goes down nowhere at once might after another
    move: a chain of attachments could reach it, or the hand, the card in it, could pay for
    a jolly of the table to be taken back."""
    card = decision.cards[top]
    if card.is_joker:
        return False
    table = [m.meld for m in decision.pos.table]
    cards = [decision.cards[i] for i in hand]
    if _reachable.chain_may_hold(table, cards, card, decision.rules):
        return True
    _, jollies = _table_index.payable_retrievals(decision.memo, decision.cards, hand, table)
    return jollies > 0


def any_move_after_take(decision: Decision, seat: int, top: int) -> bool:
    """Whether, after taking ``top``, some move of the play phase is legal: a discard is not
    (under must-use the card taken is not thrown before it is used), so one that uses it."""
    after = after_take(decision, seat, top)
    return any(after.can(action) for action in play_candidates(after))


def opens_with_taken(decision: Decision, seat: int, top: int) -> bool:
    """Whether, after taking ``top``, a first move that puts it in his opening (a meld,
    or an attachment where those count) is legal."""
    after = after_take(decision, seat, top)
    card = decision.cards[top]
    knobs = decision.memo
    counted = knobs.opening_counts_attachments and knobs.attach_before_opening
    for action in play_candidates(after):
        if (
            (isinstance(action, Lay) or (counted and isinstance(action, Attach)))
            and card in action.cards
            and after.can(action)
        ):
            return True
    return False


def could_close_flush(decision: Decision, seat: int, top: int) -> bool:
    # Ten cards of one suit, the taken one among them, or no flush close uses it.
    cards = decision.cards
    code = cards[top].code
    if code == 52:
        return False
    suit = code // 13
    return (
        sum(
            1
            for i in decision.pos.hands[seat]
            if cards[i].code // 13 == suit and cards[i].code != 52
        )
        >= 9
    )


def after_take(decision: Decision, seat: int, top: int) -> Decision:
    """The decision just after ``seat`` takes ``top``."""
    return decision.after(taken(decision, seat, top))


def unusable_take(decision: Decision, seat: int, top: int) -> IllegalAction:
    """The refusal of a take under must-use whose card has no use this turn, saying why."""
    detail: Phrase
    if not decision.memo.melding_during_play:
        detail = Phrase(Detail.TAKE_ONLY_TO_GO_OUT)
    elif holds_twin(decision, seat, top) and take_is_usable(
        decision, seat, top, twin_throwable=True
    ):
        # A use there is, but it keeps only the card's twin, which may not be thrown.
        detail = Phrase(Detail.TAKE_LEAVES_TWIN)
    elif decision.pos.opened[seat]:
        detail = Phrase(Detail.TAKE_NO_USE_NOW)
    else:
        detail = Phrase(Detail.TAKE_ONLY_TO_OPEN, threshold=decision.threshold)
    return IllegalAction(Reason.TAKE_NEEDS_USE, cards=[decision.cards[top]], detail=detail)


def holds_twin(decision: Decision, seat: int, top: int) -> bool:
    cards = decision.cards
    top_card = cards[top]
    return any(cards[i] is top_card for i in decision.pos.hands[seat])
