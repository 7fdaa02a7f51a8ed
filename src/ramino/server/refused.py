"""The engine's refusal as an HTTP answer: 400, its stable reason and its sentence in both
languages (docs/protocol.md), and where in the request it was when that helps."""

from __future__ import annotations

from fastapi import HTTPException

from ..engine.errors import RaminoError
from ..house_rules import HouseRulesReason

__all__ = ["refused"]


def refused(
    error: RaminoError,
    where: str | None = None,
    *,
    status: int = 400,
    headers: dict[str, str] | None = None,
) -> HTTPException:
    """The 400 (or ``status``) that says why the engine refused, and at ``where`` in the
    request if given: by default, for a house rule that bears on nothing, at its knob
    (``knobs.messa``), so that a page can take the change away."""
    if where is None and error.reason is HouseRulesReason.KNOB_NOT_APPLICABLE:
        where = f"knobs.{error.params['knob']}"
    detail: dict[str, object] = {
        "reason": error.reason.value,
        "message": {"it": error.message("it"), "en": error.message("en")},
    }
    if where is not None:
        detail["where"] = where
    return HTTPException(status_code=status, detail=detail, headers=headers)
