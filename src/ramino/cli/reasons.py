"""The reason codes of the command line's own refusals (its words are in ``ramino.words``)."""

from __future__ import annotations

from ..engine.errors import ReasonCode

__all__ = ["CliReason"]


class CliReason(ReasonCode):
    """Stable codes of what the command line refuses. Their values never change once released."""

    BAD_SCORE_FILE = "bad_score_file"
    BAD_SAVED_MATCH = "bad_saved_match"
