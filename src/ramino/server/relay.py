"""Requests and sockets for a table another process owns, passed on to its owner as they are
(``--redis``): the owner alone applies the table's moves and writes each seat's state, so a seat
reached through any process still gets its own state only, filtered where the table is.

A request is sent on with httpx and its answer given back; a socket is joined to one the
process opens to the owner, frame for frame, until either side closes, and closes with the
owner's close code (a table gone, a bad token, a table moved). An owner that cannot be reached
(it was just killed, or is stopping) closes the socket with :data:`CLOSE_TRY_AGAIN`, and the
client comes back once another process owns the table. The client's address goes along in
``X-Forwarded-For``, for the owner's limits by address.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from fastapi import Request, Response, WebSocket, WebSocketDisconnect

from ..engine.errors import IllegalAction
from .limits import refusal_body
from .ownership import Elsewhere, Lease
from .reasons import ServerReason

if TYPE_CHECKING:
    import httpx

__all__ = ["CLOSE_TRY_AGAIN", "FORWARDED", "forward", "moving", "owners_first", "relay"]

#: Close code of a socket whose table's owner cannot be reached now (1013, "try again later").
CLOSE_TRY_AGAIN = 1013
#: The header of a request or socket passed on by another process: never passed on again.
FORWARDED = "x-ramino-forwarded"
#: Headers of the owner's answer given back as they are.
_KEPT = ("content-type", "retry-after", "link")
#: The requests about one table, answered by its owner.
_ABOUT_A_TABLE = re.compile(
    r"^/api/tables/([A-Za-z0-9_-]{1,64})(?:/deals|/seats|/matches/[0-9]{1,9})?$"
)
#: The largest frame a socket carries (as ``ramino serve``'s own, ``ws_max_size``).
_MAX_FRAME = 64 * 1024


def moving() -> Response:
    """503 ``table_moving``: the table's owner cannot be reached now; try again in a moment."""
    body = refusal_body(IllegalAction(ServerReason.TABLE_MOVING))
    return Response(
        body, status_code=503, media_type="application/json", headers={"Retry-After": "1"}
    )


async def forward(client: httpx.AsyncClient, request: Request, lease: Lease) -> Response:
    """``request`` answered by the table's owner at ``lease.address``."""
    import httpx

    if request.headers.get(FORWARDED):
        # Passed on to us as the owner, which we are not (any more): never in a loop.
        return moving()
    headers = {FORWARDED: "1", "content-type": request.headers.get("content-type", "")}
    if request.client is not None:
        headers["x-forwarded-for"] = request.client.host
    try:
        answer = await client.request(
            request.method,
            lease.address + request.url.path,
            params=request.query_params,
            content=await request.body(),
            headers=headers,
        )
    except httpx.HTTPError:
        return moving()
    kept = {name: answer.headers[name] for name in _KEPT if name in answer.headers}
    return Response(answer.content, status_code=answer.status_code, headers=kept)


async def relay(socket: WebSocket, lease: Lease, path: str) -> None:
    """Join the accepted ``socket`` to the owner's socket at ``path`` (with its query)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    if socket.headers.get(FORWARDED):
        await socket.close(code=CLOSE_TRY_AGAIN, reason=ServerReason.TABLE_MOVING.value)
        return
    headers = {FORWARDED: "1"}
    if socket.client is not None:
        headers["x-forwarded-for"] = socket.client.host
    url = "ws" + lease.address.removeprefix("http") + path
    try:
        upstream = await connect(
            url,
            additional_headers=headers,
            open_timeout=5,
            max_size=_MAX_FRAME,
            compression=None,
            proxy=None,
        )
    except (OSError, InvalidHandshake, TimeoutError):
        await socket.close(code=CLOSE_TRY_AGAIN, reason=ServerReason.TABLE_MOVING.value)
        return

    async def down() -> None:
        # The owner's frames to the client, in order; a slow client slows this reading, and
        # the owner drops its own socket when too much waits (docs/protocol.md).
        async for frame in upstream:
            if isinstance(frame, str):
                await socket.send_text(frame)
            else:
                await socket.send_bytes(frame)

    async def up() -> None:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            data: Any = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            await upstream.send(data)

    tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(
                asyncio.CancelledError, ConnectionClosed, WebSocketDisconnect, RuntimeError
            ):
                await task
        await upstream.close()
    # The owner's close, as it closed: a table gone, a token refused, a table moved.
    code, reason = upstream.close_code, upstream.close_reason or ""
    if code is None or code in (1005, 1006):
        code, reason = CLOSE_TRY_AGAIN, ServerReason.TABLE_MOVING.value
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await socket.close(code=code, reason=reason)


_Scope = dict[str, Any]
_Receive = Callable[[], Awaitable[Any]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def owners_first(
    app: Any,
    served: Callable[[], Any],
    client: Callable[[], httpx.AsyncClient],
) -> Callable[[_Scope, _Receive, _Send], Awaitable[None]]:
    """``app`` with each request about one table passed on to its owner when another process
    owns it (``served()``: the tables this process serves; ``client()``: the httpx client)."""

    async def routed(scope: _Scope, receive: _Receive, send: _Send) -> None:
        about = _ABOUT_A_TABLE.match(scope["path"]) if scope["type"] == "http" else None
        tables = served()
        service = tables.service
        if about is not None and about[1] not in tables.rooms and service is not None:
            try:
                await service.room(about[1])
            except Elsewhere as elsewhere:
                request = Request(scope, receive)
                lease: Lease | None = elsewhere.lease
                if not request.headers.get(FORWARDED):
                    # nginx sends the table's clients here: its owner hands it over unless
                    # one of them reaches the owner itself.
                    try:
                        if await service.come_here(about[1], elsewhere.lease) is not None:
                            lease = None
                    except Elsewhere as again:
                        lease = again.lease
                if lease is not None:
                    response = await forward(client(), request, lease)
                    await response(scope, receive, send)
                    return
        await app(scope, receive, send)

    return routed
