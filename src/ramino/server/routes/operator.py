"""What an operator asks a process of ``ramino serve``: is it alive (``/healthz``), may it be
sent players (``/readyz``: its store answers, it is not stopping, and Redis, with ``--redis``,
is said up or down), and its Prometheus metrics (``/metrics``)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel

from ...engine.errors import IllegalAction
from ..models import Both
from ..reasons import ServerReason
from . import Served

__all__ = ["router"]

router = APIRouter(tags=["operator"])


class Health(BaseModel):
    """The process answers."""

    status: Literal["ok"] = "ok"


class Readiness(BaseModel):
    """Whether the process may be sent players, and how its parts are."""

    ready: bool
    store: Literal["up", "down"]
    events: Literal["up", "down", "none"]
    """Redis's stream of the service's events (``none`` for a single process)."""
    stopping: bool
    tables: int
    """Tables this process serves."""
    message: Both | None = None
    """What is wrong, in words, if anything is."""


@router.get("/healthz")
async def healthz() -> Health:
    """Alive: the process answers (its event loop runs)."""
    return Health()


@router.get("/readyz", responses={503: {"model": Readiness, "description": "Not ready"}})
async def readyz(tables: Served, response: Response) -> Readiness:
    """Ready for players: the store answers and the process is not stopping (503 else).
    Redis down does not stop play, and is said here (``events``)."""
    try:
        await run_in_threadpool(tables.store.ping)
        store: Literal["up", "down"] = "up"
    except Exception:
        store = "down"
    service = tables.service
    events: Literal["up", "down", "none"] = "none"
    message = None
    if service is not None:
        events = "up" if await service.events_up() else "down"
        if events == "down":
            error = IllegalAction(ServerReason.EVENTS_DOWN)
            message = Both(it=error.message("it"), en=error.message("en"))
    stopping = service is not None and service.draining
    ready = store == "up" and not stopping
    if not ready:
        response.status_code = 503
    return Readiness(
        ready=ready,
        store=store,
        events=events,
        stopping=stopping,
        tables=len(tables.rooms),
        message=message,
    )


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {"schema": {"type": "string"}}}}},
)
async def metrics(tables: Served) -> Response:
    """The process's Prometheus metrics, in its text format."""
    tables.metrics.tables.set(len(tables.rooms))
    return Response(generate_latest(tables.metrics.registry), media_type=CONTENT_TYPE_LATEST)
