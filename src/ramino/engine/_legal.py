"""Legal actions of a position: the moves worth checking (see _moves), each asked of the one
check, discards included; and :class:`LegalActions`, the lazy view of them that a round gives
(``in`` asks the check; ``len``, iteration and indexing list them once).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from . import _discarding, _drawing, _knocking, _turn_end
from ._moves import play_candidates
from .actions import BETS, Action, Discard, Draw, TakeDiscard, as_action
from .betting import Bet
from .cards import Card
from .errors import RaminoError
from .judging import Decision
from .state import Phase

# Actions are immutable values: the ones listed again and again are made once.
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
_DISCARDS: Final = tuple(Discard(Card.from_code(code)) for code in range(53))
_BETS: Final = tuple(BETS[bet.value] for bet in Bet)


def legal_actions(decision: Decision) -> list[Action]:
    """Every legal action of the player to move, in a stable order: the bets, or the draw
    and the take, or the moves of his play phase and then his discards by card."""
    pos = decision.pos
    phase = pos.phase
    if phase is Phase.OVER:
        return []
    if phase is Phase.BET:
        return [bet for bet in _BETS if decision.can(bet)]
    if phase in _knocking.AFTER_KNOCK:
        return [action for action in _knocking.candidates(decision) if decision.can(action)]
    if phase is Phase.DRAW and (
        decision.rules.first_upcard_offer or pos.terms.knock_limit is not None
    ):
        # Gin rummy: the first upcard offered, the wall; each move asked of the check.
        drawn = [_DRAW, _TAKE, *_knocking.candidates(decision)]
        return [action for action in drawn if decision.can(action)]
    if phase is Phase.DRAW:
        # Drawing from the stock is always open (a stock left empty is made up at once).
        # The take asked of its check's own question (see _drawing.takeable).
        return [_DRAW, _TAKE] if _drawing.takeable(decision, decision.seat) is not None else [_DRAW]
    # Where every lay, attachment and retrieval meets one refusal now (the first steps of
    # their checks, see _turn_end.melding_refusal), none is worth building.
    melding = _turn_end.melding_refusal(decision) is None
    found = [
        action for action in play_candidates(decision, melding=melding) if decision.can(action)
    ]
    if pos.terms.knock_limit is not None:
        found.extend(action for action in _knocking.candidates(decision) if decision.can(action))
    if _discarding.discard_refusal(decision) is None:
        # One discard a card: twins are the same card to the rules. By code, lowest first,
        # each asked of the discard's check.
        cards = decision.cards
        # The codes held as the bits of an int (the jolly's is 52): lowest bit first.
        held = 0
        for i in pos.hands[decision.seat]:
            held |= 1 << cards[i].code
        while held:
            low = held & -held
            held ^= low
            action = _DISCARDS[low.bit_length() - 1]
            if isinstance(_discarding.judge_discard(decision, action.card), int):
                found.append(action)
    return found


class LegalActions(Sequence[Action]):
    """The legal actions of one position, as python-chess gives its legal moves: ``action in
    legal`` asks the one check of that action alone (any way of writing a legal move, or
    its text, is in); ``len``, iteration and indexing list them all once (in the stable
    order of :func:`legal_actions`), and the moves listed keep what their checks decided, so
    that making one of them decides nothing again. Unlike python-chess's, the view belongs
    to the position it was asked at, not to the round: ask the round again after a move."""

    __slots__ = ("_decision", "_listed")

    def __init__(self, decision: Decision) -> None:
        self._decision = decision
        self._listed: tuple[Action, ...] | None = None

    def _all(self) -> tuple[Action, ...]:
        listed = self._listed
        if listed is None:
            decision = self._decision
            decision.listing = {}
            try:
                listed = self._listed = tuple(legal_actions(decision))
            except BaseException:
                decision.listing = None
                raise
        return listed

    def __contains__(self, action: object) -> bool:
        # Every way of writing a legal move is in, its text too: the check decides, not the
        # list.
        try:
            move = as_action(action)
        except (RaminoError, TypeError):
            return False
        return self._decision.can(move)

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        return self._all()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | tuple | list):
            return self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __bool__(self) -> bool:
        return bool(self._all())

    def __repr__(self) -> str:
        return f"LegalActions({', '.join(str(action) for action in self._all())})"
