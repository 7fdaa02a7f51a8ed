"""The moves worth checking from a position, built from the structure of the hand and the table:
runs by suit and window, sets by rank, the places a card or a jolly fits and the jollies a hand
could take back (see _table_index), the openings a contract asks for, the shows that close.
Every legal move is among them; the one check (:class:`~ramino.engine.judging.Decision`)
decides which are legal.
"""

from __future__ import annotations

from collections.abc import Iterator

from ._candidates import Candidate, meld_candidates
from ._table_index import attaches, attachments, held_codes, swaps_for
from .actions import Action, Attach, Lay
from .cards import JOKER
from .contracts import open_candidates
from .going_out import show_candidates
from .judging import Decision


def lay_for(candidate: Candidate) -> Lay:
    cards, declared = candidate
    return Lay(cards, declared)


def play_candidates(decision: Decision, *, melding: bool = True) -> list[Action]:
    """Every move but a discard worth checking for the player to move in his play phase: a
    superset of the legal ones. Without ``melding``, no lay, attachment or retrieval (the
    check refuses them all at once, see _turn_end.melding_refusal)."""
    pos = decision.pos
    seat = decision.seat
    rules = decision.rules
    knobs = decision.memo
    candidates: list[Action] = []
    contract = pos.contract
    if contract is not None and not pos.melded_before[seat]:
        # Under a contract (carioca): the opening first, all at once; then nothing more
        # until the next turn.
        if not pos.opened[seat]:
            candidates.extend(open_candidates(decision.hand_cards(seat), contract, rules))
        return candidates
    if knobs.melding_during_play and melding:
        hand = decision.hand_cards(seat)
        candidates.extend(lay_for(c) for c in meld_candidates(hand, rules))
        # One look at the table and at the hand's codes serves both.
        table = decision.table_index()
        held = held_codes(decision.cards, pos.hands[seat])
        if knobs.attach_before_opening or pos.opened[seat]:
            # Before opening, where attaching waits for it, no attachment is worth checking.
            candidates.extend(attachments(table, held))
        candidates.extend(swaps_for(decision.cards, pos.hands[seat], table, held))
    if (not knobs.melding_during_play or knobs.flush_close) and rules.knock_limit is None:
        candidates.extend(show_candidates(decision.hand_cards(seat), rules))
    return candidates


def joker_actions(decision: Decision, seat: int) -> Iterator[Lay | Attach]:
    """Attachments and lays that put a jolly from the hand on the table (the checks decide).
    Attachments come first: they are cheaper to check, and callers mostly ask whether any
    of these is legal."""
    pos = decision.pos
    table = pos.table
    rules = decision.rules
    state = pos.turn_state
    # The attachments of a jolly alone: those the index files under its code. Not on the
    # meld a waiting jolly came from: one may go there only from another jolly of the hand,
    # which would leave the waiting one where it is.
    came_from = state.pending_from if state.pending else None
    # No attachment at all before opening where the rules close it (see _attaching.plan_attach).
    closed = not rules.attach_before_opening and not pos.opened[seat]
    held = held_codes(decision.cards, pos.hands[seat])
    for action in [] if closed else attachments(decision.table_index(), held & 1 << 52):
        if action.meld == came_from:
            continue
        # The remembered meld check first: most places refuse a jolly for the meld's sake.
        if attaches(table[action.meld].meld, JOKER, action.jokers, rules):
            yield action
    for meld_cards, declared in meld_candidates(decision.hand_cards(seat), rules):
        if JOKER in meld_cards:
            yield lay_for((meld_cards, declared))
