"""What a refused opening adds for the person who tried it: a jolly laid undeclared at a run's
end takes the lower place ([R]), and where the other place counts enough more to open, the
refusal says so (``J♥ Q♥ K♥`` is 30, ``Q♥ K♥ A♥`` 31). Words only, asked of a refusal already
decided: never of a move the legal actions list.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, Discard, Lay
from .cards import NATURAL_CARDS
from .errors import Detail, Phrase, RaminoError, Reason
from .judging import Decision
from .melds import Meld, MeldKind, validate_meld

_SHORT = (Reason.OPENING_UNREACHABLE, Reason.OPENING_BELOW_THRESHOLD)


def add_declaring_hint(decision: Decision, action: Action, error: RaminoError) -> None:
    """Give ``error``, the refusal of ``action``, a ``why`` naming the jolly to declare at
    the other end of its run where that alone would make the opening's points up: the run
    laid by the move refused, or (refused a discard) one laid earlier in the turn."""
    if error.reason not in _SHORT or "why" in error.params or decision.pos.opened[decision.seat]:
        return
    points = decision.pos.turn_state.opening_points
    melds: Iterable[Meld]
    if isinstance(action, Lay):
        try:
            melds = (validate_meld(action.cards, decision.rules, jokers=action.jokers),)
        except RaminoError:
            return
    elif isinstance(action, Discard):
        # Before his opening, the melds a player has on the table went down this turn.
        melds = (laid.meld for laid in decision.pos.table if laid.owner == decision.seat)
    else:
        return
    for meld in melds:
        why = _declared_higher(decision, meld, points, counted=isinstance(action, Discard))
        if why is not None:
            error.params["why"] = why
            return


def _declared_higher(
    decision: Decision, meld: Meld, points: int, *, counted: bool
) -> Phrase | None:
    """The phrase for ``meld``'s jolly declared elsewhere in its run, where the opening's
    ``points`` (``meld``'s own among them where ``counted``) would then reach the threshold."""
    if meld.kind is not MeldKind.RUN or not meld.joker_count:
        return None
    rules = decision.rules
    base = points - meld.points(rules) if counted else points
    suit = next(card.suit for card in meld.cards if not card.is_joker)
    for card in NATURAL_CARDS:
        if card.suit is not suit:
            continue
        try:
            other = validate_meld(meld.cards, rules, jokers=(card,))
        except RaminoError:
            continue
        total = base + other.points(rules)
        if other.points(rules) > meld.points(rules) and total >= decision.threshold:
            return Phrase(Detail.DECLARE_JOKER_TO_OPEN, meld=meld.cards, card=card, points=total)
    return None
