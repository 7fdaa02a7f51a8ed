"""What the environment refuses: a reward or an episode it does not know, an id the mask
leaves out, a position with more moves than the space numbers. The words are in
``ramino.words``, as every refusal's."""

from __future__ import annotations

from ..engine.errors import RaminoError, ReasonCode

__all__ = ["EnvError", "EnvReason"]


class EnvReason(ReasonCode):
    """Stable codes of the refusals of :mod:`ramino.env`. Their values never change once
    released."""

    UNKNOWN_REWARD = "unknown_reward"
    UNKNOWN_EPISODE = "unknown_episode"
    NO_CHIPS = "no_chips"
    MASKED_OUT = "masked_out"
    NOT_LISTED = "not_listed"
    TOO_MANY_MOVES = "too_many_moves"
    BAD_SEAT = "bad_seat"
    BAD_SLOTS = "bad_slots"
    BAD_MOVE_FEATURES = "bad_move_features"


class EnvError(RaminoError, ValueError):
    """A refusal of the environment: its arguments, or an action outside the mask."""
