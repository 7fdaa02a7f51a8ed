"""The sockets of ``ramino serve``'s tables: how many a table, a seat and a client may open, and
each one's outbox, so that a slow socket never delays anyone else (docs/protocol.md).

Whatever the server sends a socket goes into that socket's own outbox and is sent by the
outbox's own task: a change of a table is told to every socket at once, whoever reads slowly.
An outbox holds at most :data:`OUTBOX_BYTES`; a socket that lets more pile up (it does not
read, or reads far slower than the table plays) is dropped with :data:`CLOSE_TOO_SLOW`, and a
client that connects again is sent the whole state anew.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from fastapi import WebSocket, WebSocketDisconnect

from ..engine.errors import IllegalAction
from .protocol import Failure, Sentence
from .reasons import ServerReason

__all__ = [
    "CLOSE_TOO_MANY",
    "CLOSE_TOO_SLOW",
    "MAX_SOCKETS_PER_SEAT",
    "MAX_SOCKETS_PER_TABLE",
    "MAX_SPECTATORS_PER_CLIENT",
    "MAX_SPECTATORS_PER_TABLE",
    "OUTBOX_BYTES",
    "Outbox",
    "too_many",
]

#: Sockets one seat may have open at once: a phone, a laptop, a few tabs.
MAX_SOCKETS_PER_SEAT = 4
#: Sockets of a table, its seats' and its spectators' together.
MAX_SOCKETS_PER_TABLE = 64
#: Spectators of one table.
MAX_SPECTATORS_PER_TABLE = 32
#: Spectator sockets one client (one IP address) may have open, over every table.
MAX_SPECTATORS_PER_CLIENT = 8
#: What may wait in a socket's outbox, in bytes of text, before the socket is dropped: a score of
#: states of a full table (each a few kB), more than a client reading at a network's pace ever
#: leaves; one that far behind is better sent the whole state anew when it connects again.
OUTBOX_BYTES = 128 * 1024
#: Close code of a socket refused because a cap is reached (4000-4999: the app's own).
CLOSE_TOO_MANY = 4429
#: Close code of a socket dropped for leaving its outbox full.
CLOSE_TOO_SLOW = 4408
#: Seconds a dropped socket's close may take before the server stops waiting for it.
_CLOSE_SECONDS = 1.0


def too_many(it: str, en: str) -> str:
    """The ``error`` message sent before closing a socket refused by a cap (``it``/``en``
    say which cap)."""
    error = IllegalAction(ServerReason.TOO_MANY_SOCKETS, detail=(it, en))
    return Failure(
        reason=error.reason.value,
        message=Sentence(it=error.message("it"), en=error.message("en")),
    ).model_dump_json()


class Outbox:
    """What the server has to send one socket, sent in order by a task of the outbox's own."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.dropped = False
        """Whether the socket was dropped (too slow, or gone): nothing more is sent to it."""
        self._queue: deque[str] = deque()
        self._bytes = 0
        self._ready = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._send())

    def put(self, text: str) -> None:
        """Queue ``text`` for the socket; drop the socket if its outbox would overflow."""
        if self.dropped:
            return
        if self._bytes + len(text) > OUTBOX_BYTES:
            self.drop(CLOSE_TOO_SLOW, "too_slow")
            return
        self._queue.append(text)
        self._bytes += len(text)
        self._ready.set()

    def drop(self, code: int, reason: str) -> None:
        """Send nothing more and close the socket with ``code``, without waiting for it."""
        if self.dropped:
            return
        self.dropped = True
        self._queue.clear()
        self._task.cancel()
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def flush(self) -> None:
        """Wait until what is queued now has been sent (or the socket dropped)."""
        while self._queue and not self.dropped:
            await asyncio.sleep(0.01)

    def stop(self) -> None:
        """The socket is closed: stop sending."""
        self.dropped = True
        self._queue.clear()
        self._task.cancel()

    async def _send(self) -> None:
        try:
            while True:
                while not self._queue:
                    self._ready.clear()
                    await self._ready.wait()
                text = self._queue.popleft()
                self._bytes -= len(text)
                await self.socket.send_text(text)
        except (RuntimeError, WebSocketDisconnect, OSError):
            self.dropped = True
            self._queue.clear()

    async def _close(self, code: int, reason: str) -> None:
        # A socket that reads nothing may not read its close either: the wait is bounded.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code=code, reason=reason), _CLOSE_SECONDS)
