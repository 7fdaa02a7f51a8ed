"""Legal actions of a round: every move the rules allow now, each one accepted by ``apply``.

Candidates are built from the structure of the hand and the table (runs by suit and window,
sets by rank, the places a card or a jolly fits, see _table_index) and each is confirmed by
the round's one check (:meth:`Round.refusal`), so the list is sound by construction.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from . import _laying
from ._candidates import Candidate, meld_candidates
from ._rules_memo import rules_memo
from ._table_index import attaches, attachments, held_codes, swaps_for, table_index
from .actions import BETS, Action, Attach, Discard, Draw, Lay, TakeDiscard
from .cards import JOKER, Card
from .contracts import open_candidates
from .errors import MeldError, NotationError
from .going_out import show_candidates
from .melds import validate_meld
from .rules import Rules
from .state import Phase

if TYPE_CHECKING:
    from .round import Round


# Actions are immutable values: the ones listed again and again are made once.
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
_DISCARDS: Final = tuple(Discard(Card.from_code(code)) for code in range(53))


def lay_for(candidate: Candidate) -> Lay:
    cards, declared = candidate
    return Lay(cards, declared)


def is_meld(action: Lay, rules: Rules) -> bool:
    """Whether a listed lay is a valid meld."""
    try:
        validate_meld(action.cards, rules, jokers=action.jokers)
    except (MeldError, NotationError):
        return False
    return True


def legal_actions(round_: Round) -> list[Action]:
    """Every legal action of the player to move, in a stable order."""
    if round_.phase is Phase.OVER:
        return []
    if round_.phase is Phase.BET:
        betting = round_.betting
        assert betting is not None
        return [BETS[bet.value] for bet in betting.legal_bets()]
    if round_.phase is Phase.DRAW:
        # Drawing from the stock is always open (a stock left empty is made up at once).
        return [_DRAW, _TAKE] if round_.may_take() else [_DRAW]
    seat = round_.to_play
    rules = round_.rules
    knobs = rules_memo(rules)
    # Refusals that hold whatever else the move does, told before any check (a refusal
    # found by the full check costs an exception): no attachment before opening where the
    # rules close it.
    no_attaching = not knobs.attach_before_opening and not round_.opened[seat]
    # And another: before opening, every meld laid, card attached or jolly taken back must
    # lead to the opening this turn; where no move can reach it any more, none is legal
    # and none is looked for (see _laying.check_rest).
    lost = (
        knobs.melding_during_play
        and not round_.opened[seat]
        and round_.turn_state.opening_points < round_._threshold()
        and not _laying.opening_alive(round_, seat)
    )
    found = []
    for action in play_candidates(round_, melding=not lost):
        if no_attaching and isinstance(action, Attach):
            continue
        if round_.can(action):
            found.append(action)
    found.extend(_DISCARDS[c.code] for c in round_.discard_options())
    return found


def play_candidates(round_: Round, *, melding: bool = True) -> list[Action]:
    """Every move but a discard worth checking for the player to move in his play phase: a
    superset of the legal ones, built from the structure of the hand and the table. Without
    ``melding``, no lay, attachment or retrieval."""
    seat = round_.to_play
    rules = round_.rules
    knobs = rules_memo(rules)
    candidates: list[Action] = []
    contract = round_.contract
    if contract is not None and not round_.melded_before[seat]:
        # Under a contract (carioca): the opening first, all at once; then nothing more
        # until the next turn.
        if not round_.opened[seat]:
            hand = [round_.deck[i] for i in round_.hands[seat]]
            candidates.extend(open_candidates(hand, contract, rules))
        return candidates
    if knobs.melding_during_play and melding:
        hand = [round_.deck[i] for i in round_.hands[seat]]
        candidates.extend(lay_for(c) for c in meld_candidates(hand, rules))
        # One look at the table and at the hand's codes serves both.
        table = table_index(round_)
        held = held_codes(round_, seat)
        if knobs.attach_before_opening or round_.opened[seat]:
            # Before opening, where attaching waits for it, no attachment is worth checking.
            candidates.extend(attachments(table, held))
        candidates.extend(swaps_for(round_, seat, table, held))
    if not knobs.melding_during_play or knobs.flush_close:
        candidates.extend(show_candidates(round_, seat))
    return candidates


def joker_actions(round_: Round, seat: int) -> Iterator[Lay | Attach]:
    """Attachments and lays that put a jolly from the hand on the table (the checks decide).
    Attachments come first: they are cheaper to check, and callers mostly ask whether any
    of these is legal."""
    table = round_.table
    rules = round_.rules
    # The attachments of a jolly alone: those the index files under its code. Not on the
    # meld a waiting jolly came from: one may go there only from another jolly of the hand,
    # which would leave the waiting one where it is.
    came_from = round_.pending_from
    # No attachment at all before opening where the rules close it (see _attaching.plan_attach).
    closed = not rules.attach_before_opening and not round_.opened[seat]
    for action in (
        [] if closed else attachments(table_index(round_), held_codes(round_, seat) & 1 << 52)
    ):
        if action.meld == came_from:
            continue
        # The remembered meld check first: most places refuse a jolly for the meld's sake.
        if attaches(table[action.meld].meld, JOKER, action.jokers, rules):
            yield action
    hand = [round_.deck[i] for i in round_.hands[seat]]
    for meld_cards, declared in meld_candidates(hand, round_.rules):
        if JOKER in meld_cards:
            yield lay_for((meld_cards, declared))


def joker_can_be_relaid(round_: Round, seat: int) -> bool:
    """Whether a jolly in the hand (one taken back, say) could be laid this turn."""
    return any(round_.can(action) for action in joker_actions(round_, seat))
