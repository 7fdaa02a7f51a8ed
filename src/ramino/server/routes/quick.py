"""Quick matches over HTTP (docs/quick.md): ask for one and wait in the queue, learn where one
is seated (a long poll), cancel, and how many wait and play for each preset."""

from __future__ import annotations

import math
import secrets
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from ...engine.deal import check_playable
from ...engine.errors import IllegalAction, RaminoError
from ...house_rules import house_rules
from ..limits import plural_seconds
from ..models import (
    PlayerInfo,
    Problem,
    QuickCount,
    QuickCounts,
    QuickRequest,
    QuickStatus,
    QuickWaiting,
)
from ..players import Player
from ..quick import POLL_SECONDS, AlreadyWaiting, Matcher, QueueFull, wanted
from ..reasons import ServerReason
from ..refused import refused
from . import Served, paced
from .players import player_of_key
from .tables import token_hash

__all__ = ["router"]

router = APIRouter(prefix="/api/quick", tags=["quick matches"])

_KEY = Header(alias="X-Player-Key", max_length=100)
_KEY_REFUSED: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "A key that is no player's"},
}


def _matcher(connection: HTTPConnection) -> Matcher:
    matcher: Matcher = connection.app.state.quick
    return matcher


@router.post(
    "",
    status_code=201,
    responses={
        400: {"model": Problem, "description": "Rules the engine refuses, or an unknown key"},
        409: {"model": Problem, "description": "The player waits for a quick match already"},
        429: {"model": Problem, "description": "Too many quick matches asked lately"},
        503: {"model": Problem, "description": "As many people wait as the server takes"},
    },
)
async def ask(request: QuickRequest, http: Request, tables: Served) -> QuickWaiting:
    """Wait for a quick match of these rules and players: seated with people who want the
    same, or, after the server's wait, with computer players in the empty seats. A preset's
    rules make a rated match, house rules an unrated one. Without a key, a guest is made.
    Refused with 503 ``quick_full`` while as many people wait as the server takes
    (``ramino serve --quick-waiting``)."""
    matcher = _matcher(http)
    paced(http, tables.quick_asks, ServerReason.QUICK_TOO_FAST)
    try:
        rules = house_rules(request.rules, request.knobs)
        check_playable(rules, request.players)
    except RaminoError as error:
        raise refused(error) from None
    # Without a key, a guest is made in the transaction that puts him in the queue: a
    # refusal stores nothing.
    player: Player | None = None
    if request.player_key is not None:
        player = await player_of_key(tables, request.player_key)
    want = wanted(rules, request.players)
    token = secrets.token_urlsafe(24)
    nonce = None if request.nonce is None else request.nonce.hex()
    try:
        joined = await run_in_threadpool(
            matcher.queue.join, player, want, token_hash(token), nonce, matcher.limit
        )
    except AlreadyWaiting:
        twice = IllegalAction(ServerReason.QUICK_WAITING)
        raise refused(twice, "player_key", status=409) from None
    except QueueFull as full:
        # The first of them is seated within the wait: a place is free by then.
        since = (datetime.now(UTC) - full.oldest).total_seconds()
        wait = max(1.0, matcher.wait - since)
        crowded = IllegalAction(
            ServerReason.QUICK_FULL, count=full.count, wait=plural_seconds(wait)
        )
        raise refused(crowded, status=503, headers={"Retry-After": str(math.ceil(wait))}) from None
    matcher.poke()
    return QuickWaiting(
        state="waiting",
        rules=rules.name,
        rated=want.preset is not None,
        players=request.players,
        waiting=joined.waiting,
        fill_in=matcher.wait,
        token=token,
        player=PlayerInfo(id=joined.player.id, name=joined.player.name),
        key=joined.key,
        wait_seconds=matcher.wait,
    )


@router.get("/me", responses=_KEY_REFUSED)
async def status(
    http: Request,
    tables: Served,
    key: Annotated[str, _KEY],
    wait: Annotated[float, Query(ge=0, le=POLL_SECONDS)] = 0,
) -> QuickStatus:
    """Where the player stands: waiting (how many with him, the seconds before computer
    players fill the seats), seated (his table and seat), or none. With ``wait``, the answer
    comes once he is seated, or after that many seconds (a long poll)."""
    matcher = _matcher(http)
    player = await player_of_key(tables, key)
    deadline = time.monotonic() + wait
    seating = matcher.next_seating()
    found = await run_in_threadpool(matcher.queue.status, player.id, matcher.wait, True)
    while found["state"] == "waiting" and (left := deadline - time.monotonic()) > 0:
        # Woken when this process seats someone; another process's tables are read each second.
        await matcher.seated_or(seating, min(1.0, left))
        seating = matcher.next_seating()
        found = await run_in_threadpool(matcher.queue.status, player.id, matcher.wait, False)
    return QuickStatus(**found)


@router.delete("/me", responses=_KEY_REFUSED)
async def cancel(http: Request, tables: Served, key: Annotated[str, _KEY]) -> QuickStatus:
    """Stop waiting. A player already seated is told where (``seated``)."""
    matcher = _matcher(http)
    player = await player_of_key(tables, key)
    await run_in_threadpool(matcher.queue.leave, player.id)
    return QuickStatus(**await run_in_threadpool(matcher.queue.status, player.id, 0.0, False))


@router.get("")
async def counts(http: Request) -> QuickCounts:
    """For each preset, how many people wait for a quick match and how many quick matches
    are being played."""
    matcher = _matcher(http)
    found = await run_in_threadpool(matcher.queue.counts)
    return QuickCounts(
        wait_seconds=matcher.wait,
        presets=[
            QuickCount(rules=name, waiting=waiting, playing=playing)
            for name, (waiting, playing) in found.items()
        ],
    )
