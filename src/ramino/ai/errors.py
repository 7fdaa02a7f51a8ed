"""What the computer players' layer refuses: a level or a bot that does not exist. The words
are in ``ramino.words``, as every refusal's."""

from __future__ import annotations

from ..engine.errors import RaminoError, ReasonCode

__all__ = ["BotError", "BotReason"]


class BotReason(ReasonCode):
    """Stable codes of the refusals of :mod:`ramino.ai`. Their values never change once
    released."""

    UNKNOWN_LEVEL = "unknown_level"
    UNKNOWN_BOT = "unknown_bot"


class BotError(RaminoError, ValueError):
    """A computer player that does not exist: an unknown level or bot name."""
