"""Drawing (*pescare*) from the stock, taking the top of the discard pile (*pozzo*), and what
the rules ask of the card taken: under ``discard_pickup = must_use`` it goes down this turn, in
any meld laid or attached, in whatever order (RULES.md §6.4), and it may be taken only where it
can be used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn

from . import _laying, _legal, _reachable, contracts
from ._rules_memo import rules_memo
from ._table_index import fits
from .actions import Attach, Draw, Lay, Swap, TakeDiscard
from .cards import Card, without_cards
from .errors import IllegalAction, Reason
from .rules import DiscardPickup
from .state import Commit, Event, Phase, TableMeld

if TYPE_CHECKING:
    from .round import Round


def plan_draw(round_: Round, action: Draw | TakeDiscard) -> Commit:
    if round_.phase is not Phase.DRAW:
        raise IllegalAction(Reason.ALREADY_DRAWN)
    seat = round_.to_play
    if isinstance(action, Draw):

        def draw() -> Event:
            card = round_.stock.pop()
            round_.hands[seat].append(card)
            round_.phase = Phase.PLAY
            return round_._record(seat, action, (card,))

        return draw
    top = check_take(round_, seat)

    def take() -> Event:
        round_.discard_pile.pop()
        round_.hands[seat].append(top)
        round_.turn_state = round_.turn_state.taking(top)
        round_.phase = Phase.PLAY
        return round_._record(seat, action, (top,))

    return take


def check_take(round_: Round, seat: int) -> int:
    """The id of the card ``seat`` may take from the pile now, or the refusal."""
    if not round_.discard_pile:
        raise IllegalAction(Reason.DISCARD_PILE_EMPTY)
    top = round_.discard_pile[-1]
    if take_leaves_no_discard(round_, seat, top):
        # He could never discard again this turn: every card he holds is the taken one.
        raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=[round_.deck[top]])
    if round_._memo.discard_pickup is DiscardPickup.MUST_USE and not take_is_usable(
        round_, seat, top
    ):
        refuse_unusable_take(round_, seat, top)
    return top


def take_leaves_no_discard(round_: Round, seat: int, top: int) -> bool:
    top_card = round_.deck[top]
    return not round_._memo.rediscard_taken_card and all(
        round_.deck[i] is top_card for i in round_.hands[seat]
    )


def take_is_usable(round_: Round, seat: int, top: int) -> bool:
    knobs = round_._memo
    if round_.contract is not None and not round_.opened[seat]:
        # Under a contract (carioca) the card goes down this turn only in the opening.
        card = round_.deck[top]
        after = after_take(round_, seat, top)
        held = [round_.deck[i] for i in after.hands[seat]]
        return any(
            card in (c for meld in opening.melds for c in meld) and after.can(opening)
            for opening in contracts.open_candidates(held, round_.contract, round_.rules)
        )
    if not knobs.melding_during_play:
        # Nothing is laid during play: the card is used only by closing with it, which
        # the moves after the take tell (a close is rare, and so is this question).
        return bool(after_take(round_, seat, top).legal_actions)
    hand = [*round_.hands[seat], top]
    if round_.opened[seat]:
        usable = _reachable.can_use_at_once(round_, seat, hand, top)
    else:
        usable = _reachable.can_open_with(round_, seat, hand, top)
        if not usable and _laying.retrieval_might_help(round_, seat, hand, round_.deck[top]):
            # The opening search counts the cards in hand, and a jolly taken back may
            # be what the opening lacks: the moves that open with the card tell.
            usable = opens_with_taken(round_, seat, top)
    if not usable and knobs.flush_close and could_close_flush(round_, seat, top):
        # The flush close shows the whole hand, the taken card in it.
        usable = bool(after_take(round_, seat, top).legal_actions)
    return usable


def opens_with_taken(round_: Round, seat: int, top: int) -> bool:
    """Whether, after taking ``top``, a first move that puts it in his opening (a meld,
    or an attachment where those count) is legal."""
    after = after_take(round_, seat, top)
    card = round_.deck[top]
    knobs = round_._memo
    counted = knobs.opening_counts_attachments and knobs.attach_before_opening
    for action in _legal.play_candidates(after):
        if (
            (isinstance(action, Lay) or (counted and isinstance(action, Attach)))
            and card in action.cards
            and after.can(action)
        ):
            return True
    return False


def could_close_flush(round_: Round, seat: int, top: int) -> bool:
    # Ten cards of one suit, the taken one among them, or no flush close uses it.
    code = round_.deck[top].code
    if code == 52:
        return False
    suit = code // 13
    cards = round_.deck.cards
    return (
        sum(1 for i in round_.hands[seat] if cards[i].code // 13 == suit and cards[i].code != 52)
        >= 9
    )


def after_take(round_: Round, seat: int, top: int) -> Round:
    # The round just after taking ``top``, only asked questions: like a trial, it shares
    # every list it does not replace.
    after = round_.shared_copy()
    after.hands = list(round_.hands)
    after.hands[seat] = [*round_.hands[seat], top]
    after.discard_pile = round_.discard_pile[:-1]
    after.turn_state = after.turn_state.taking(top)
    after.phase = Phase.PLAY
    return after


def refuse_unusable_take(round_: Round, seat: int, top: int) -> NoReturn:
    detail: tuple[str, str]
    if not round_._memo.melding_during_play:
        detail = (
            "qui non si cala durante la smazzata: la prendi solo per chiudere con essa.",
            "nothing is laid during play here: you take it only to close with it.",
        )
    elif holds_twin(round_, seat, top) and take_is_usable_with_rediscard(round_, seat, top):
        # A use there is, but it keeps only the card's twin, which may not be thrown.
        detail = (
            "usandola ti resterebbe da scartare solo la sua gemella, che non si riscarta:"
            " saresti incartato.",
            "using it would leave you only its twin to discard, which may not be thrown"
            " back: you would be stuck.",
        )
    elif round_.opened[seat]:
        detail = (
            "non puoi calarla né attaccarla adesso.",
            "you could not lay or attach it now.",
        )
    else:
        detail = (
            f"chi non ha aperto la prende solo per aprire con essa ({round_._threshold()} punti).",
            f"a player who has not opened takes it only to open with it"
            f" ({round_._threshold()} points).",
        )
    raise IllegalAction(Reason.TAKE_NEEDS_USE, cards=[round_.deck[top]], detail=detail)


def holds_twin(round_: Round, seat: int, top: int) -> bool:
    top_card = round_.deck[top]
    return any(round_.deck[i] is top_card for i in round_.hands[seat])


def take_is_usable_with_rediscard(round_: Round, seat: int, top: int) -> bool:
    # The question of take_is_usable under rules that let the twin be thrown back: only
    # to word a refusal.
    trial = round_.shared_copy()
    trial.rules = replace(round_.rules, rediscard_taken_card=True)
    trial._memo = rules_memo(trial.rules)
    return take_is_usable(trial, seat, top)


def taken_still_usable(
    round_: Round,
    seat: int,
    card: Card,
    rest: list[int],
    points: int,
    opened_after: bool,
    after_table: list[TableMeld],
    *,
    within_hand: bool,
    waiting: Sequence[int],
    pending_from: int | None,
    attached: tuple[int, ...],
) -> bool:
    """Whether ``card``, taken from the pile under must-use and kept in hand by a move, can
    still go down this turn: the move leaves ``rest``, ``points`` toward the opening,
    ``after_table``, the jollies ``waiting`` (taken back from ``pending_from`` if it says)
    and ``attached`` (see _laying.check_rest, which asks it).

    Once opened, some move right after this one must put it down: the moves that hold it
    are checked (each leaves it used, so none asks this again). Before the opening, the
    opening must still be reachable with the card in one of its melds, or without it and
    the card then attached to a meld on the table. The jollies that could be taken back to
    make the opening are not counted: a move that needs one is refused, never one that
    leaves the card with no place."""
    if opened_after:
        trial = round_._trial(
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
            for action in _legal.play_candidates(trial)
        )
    rules = round_.rules
    cards = [round_.deck[i] for i in rest]
    need = round_._threshold() - points
    table = [m.meld for m in after_table]
    keep = round_.cards_to_keep()
    within = [round_.deck[i] for i in round_.hands[seat]] if within_hand else None
    barred = round_._barred()
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


def may_take(round_: Round) -> bool:
    """Whether the player to move may take the top of the pile (*pozzo*) now."""
    # The questions of _check_take, asked without building the refusals: this is asked
    # at every draw, and most often the answer is no.
    if round_.phase is not Phase.DRAW or not round_.discard_pile:
        return False
    seat = round_.to_play
    top = round_.discard_pile[-1]
    if take_leaves_no_discard(round_, seat, top):
        return False
    return round_._memo.discard_pickup is not DiscardPickup.MUST_USE or take_is_usable(
        round_, seat, top
    )
