"""The HTTP connections of ``ramino serve``, guarded below the application (docs/limits.md):
uvicorn's own protocol, with a deadline for each request to arrive in full, a bound on its
head's size and on the connections open at once from one address. A connection that sends
nothing, or its headers a byte at a time (slowloris), is closed within
:attr:`Limits.request_seconds`; one address cannot hold the server's connections.

uvicorn has a keep-alive timeout between requests, but none while a request's head arrives.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..engine.errors import IllegalAction, RaminoError
from .limits import Limits, plural_seconds, refusal_body
from .reasons import ServerReason

__all__ = ["guarded_protocol"]

_STATUS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large", 503: b"Busy"}


def guarded_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (``httptools``) held to ``limits``: give it as ``http=``."""
    too_slow = IllegalAction(
        ServerReason.REQUEST_TOO_SLOW, seconds=plural_seconds(limits.request_seconds)
    )
    too_long = IllegalAction(ServerReason.HEAD_TOO_LARGE, limit=limits.header_bytes)
    too_many = IllegalAction(
        ServerReason.TOO_MANY_CONNECTIONS, limit=limits.connections_per_address
    )
    open_from: Counter[str] = Counter()
    """The connections open from each address, HTTP ones (not those upgraded)."""

    class GuardedProtocol(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._address: str | None = None
            self._deadline: asyncio.TimerHandle | None = None
            self._head_bytes = 0
            self._in_head = True

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            if open_from[address] >= limits.connections_per_address:
                self._refuse(503, too_many)
                return
            open_from[address] += 1
            self._address = address
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._release()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            in_head = self._in_head
            super().data_received(data)
            # Counted while the head is still incomplete once the data is read.
            if in_head and self._in_head and not self.transport.is_closing():
                self._head_bytes += len(data)
                if self._head_bytes > limits.header_bytes:
                    self._refuse(431, too_long)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._in_head = False
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            # The whole request is in: the application's answer takes what time it takes.
            self._disarm()
            self._in_head, self._head_bytes = True, 0
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            # A WebSocket is no longer an HTTP connection: its own limits hold it.
            self._disarm()
            self._release()
            super().handle_websocket_upgrade()

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(limits.request_seconds, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _release(self) -> None:
            if self._address is not None:
                open_from[self._address] -= 1
                if open_from[self._address] <= 0:
                    del open_from[self._address]
                self._address = None

        def _expired(self) -> None:
            self._deadline = None
            self._refuse(408, too_slow)

        def _refuse(self, status: int, error: RaminoError) -> None:
            """Answer ``status`` with the refusal's sentence, unless an answer has begun, and
            close the connection."""
            if self.transport.is_closing():
                return
            if self.cycle is None or not self.cycle.response_started:
                body = refusal_body(error)
                self.transport.write(
                    b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n"
                    b"content-length: %d\r\nconnection: close\r\n\r\n%s"
                    % (status, _STATUS[status], len(body), body)
                )
            if self.cycle is not None:
                self.cycle.keep_alive = False
            self.transport.close()

    return GuardedProtocol
