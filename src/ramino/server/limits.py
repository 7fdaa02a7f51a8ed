"""The limits of ``ramino serve`` over HTTP, so that no client can slow the server for the others
(docs/limits.md): how many tables a client may create and how fast, how long a table may wait
for its players, how large a request may be, the lobby's page. The connection-level limits
(a request's deadline, connections per address) are enforced by :mod:`ramino.server.guard`.

>>> bucket = TokenBucket(burst=2, per_minute=6, clock=iter([0.0, 0.0, 0.0, 10.0]).__next__)
>>> [bucket.take("10.0.0.1") for _ in range(3)]
[0.0, 0.0, 10.0]
>>> bucket.take("10.0.0.1")  # ten seconds on: one token back
0.0
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import IllegalAction, RaminoError
from .reasons import ServerReason

__all__ = ["LOBBY_PAGE", "Limits", "TokenBucket", "body_limit", "plural_seconds", "refusal_body"]

#: Tables in a page of the lobby, at most (and by default).
LOBBY_PAGE = 50
#: Client addresses a :class:`TokenBucket` remembers at most (the oldest are forgotten first).
MAX_ADDRESSES = 100_000


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit of a server, with the defaults of a public one (docs/limits.md)."""

    tables_burst: int = 20
    """Tables a client address may create in a row..."""
    tables_per_minute: float = 10.0
    """...then this many a minute (a token bucket per address)."""
    waiting_tables: int = 2000
    """Tables waiting for players at once, on the whole server."""
    quick_waiting: int = 1000
    """People waiting for a quick match at once, on the whole service (every process shares
    the queue): at the default wait of 20 seconds, fifty new people a second."""
    waiting_seconds: float = 1800.0
    """A table whose seats are not all taken is removed this long after it was created or its
    last seat was taken (and its rows deleted: nothing was played at it)."""
    body_bytes: int = 64 * 1024
    """The largest body of a request."""
    request_seconds: float = 5.0
    """A request's headers and body arrive in full within this time of its first byte (of
    the connection's opening, for the first one), or the connection is closed."""
    header_bytes: int = 16 * 1024
    """The largest head of a request (its request line and headers)."""
    connections_per_address: int = 64
    """HTTP connections open at once from one address (a WebSocket counts until it is
    upgraded)."""
    socket_messages: int = 20
    """Messages a socket may send in any second (the rest are answered, not applied): far
    above a person's pace and a computer player's."""


class TokenBucket:
    """A token bucket per key (a client's address): ``burst`` tokens, ``per_minute`` back a
    minute. Keys whose bucket would be full again are forgotten, and at most
    :data:`MAX_ADDRESSES` are kept, so its memory stays bounded however many clients come."""

    def __init__(
        self,
        burst: int,
        per_minute: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        keys: int = MAX_ADDRESSES,
    ) -> None:
        self.burst = burst
        self.per_minute = per_minute
        self.rate = per_minute / 60.0
        self._clock = clock
        self._keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Each key's tokens and when they were counted, the least recently seen first."""

    def take(self, key: str) -> float:
        """Take a token of ``key``'s: 0.0 if there was one, else the seconds until there is
        (nothing is taken then)."""
        now = self._clock()
        tokens, then = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = math.inf if self.rate <= 0 else (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        self._forget(now)
        return wait

    def _forget(self, now: float) -> None:
        while self._buckets:
            key, (tokens, then) = next(iter(self._buckets.items()))
            full = tokens + (now - then) * self.rate >= self.burst
            if not full and len(self._buckets) <= self._keys:
                return
            del self._buckets[key]


def plural_seconds(seconds: float) -> tuple[str, str]:
    """``seconds``, rounded up, in Italian and English words."""
    n = max(1, math.ceil(seconds))
    return (f"{n} secondo" if n == 1 else f"{n} secondi", f"{n} second" + ("" if n == 1 else "s"))


def refusal_body(error: RaminoError) -> bytes:
    """The JSON body of an HTTP refusal, as :func:`ramino.server.refused.refused` writes it."""
    detail = {
        "reason": error.reason.value,
        "message": {"it": error.message("it"), "en": error.message("en")},
    }
    return json.dumps({"detail": detail}, ensure_ascii=False).encode()


_Scope = dict[str, Any]
_Receive = Callable[[], Any]
_Send = Callable[[dict[str, Any]], Any]


def body_limit(app: Any, limit: int) -> Callable[[_Scope, _Receive, _Send], Any]:
    """``app`` refusing with 413 any body over ``limit`` bytes, before reading it when its
    ``Content-Length`` says so, else as soon as what arrives goes over: never more than
    ``limit`` bytes of a body are held (the server reads ahead at most 64 KiB)."""
    too_large = refusal_body(IllegalAction(ServerReason.BODY_TOO_LARGE, limit=limit))
    head = {
        "type": "http.response.start",
        "status": 413,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(too_large)).encode()),
            (b"connection", b"close"),
        ],
    }

    async def refuse(send: _Send) -> None:
        await send(head)
        await send({"type": "http.response.body", "body": too_large})

    async def limited(scope: _Scope, receive: _Receive, send: _Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await refuse(send)
                return
        received = 0
        over = False
        answered = False

        async def counted() -> Any:
            nonlocal received, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    # The application hears the client gone; its answer is replaced by 413.
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def answer(message: dict[str, Any]) -> None:
            nonlocal answered
            if not over:
                await send(message)
            elif not answered:
                answered = True
                await refuse(send)

        await app(scope, counted, answer)
        if over and not answered:
            await refuse(send)

    return limited
