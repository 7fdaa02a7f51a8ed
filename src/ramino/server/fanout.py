"""Table events across the processes of one ``ramino serve`` service, over a Redis stream.

After every change stored to a table's line in the lobby (a listed table waiting for players,
or one that just stopped waiting), its owner adds an event to the stream :data:`STREAM`: the
table, its version (the number of its log's last move: events are numbered by it), its owner,
and its line while it waits. Every process reads the stream and keeps from it what it shows
without asking the owner (the lobby of the whole service). The moves of a table in play do not
go through it: its seats hear of them from the owner. The processes also ask each other for
tables on it, and answer (:meth:`ramino.server.cluster.Cluster.come_here`). The events
are signals, the database is the truth: a process that may have missed some (it has just
started, Redis was down or restarted, the stream was trimmed past what it had read) reads the
state again from the database (:meth:`Events.run`'s ``resync``), then goes on from the stream.
An event older than what a process knows of its table (a lower version) changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

__all__ = ["STREAM", "Events"]

#: The stream of every table event.
STREAM = "ramino:tables"
#: Events the stream keeps (about): a reader further behind reads the database again.
KEEP = 100_000
#: The field of the event that tells every reader to read the database again (events of some
#: process were lost while Redis was down).
RESYNC = "resync"
#: Seconds between tries while Redis does not answer.
RETRY_SECONDS = 1.0

log = logging.getLogger("ramino.server")


class Events:
    """The stream at ``url``: :meth:`publish` adds an event, :meth:`run` reads them all."""

    def __init__(self, url: str) -> None:
        self._redis = aioredis.from_url(
            url, socket_timeout=2, socket_connect_timeout=2, decode_responses=True
        )
        self.up = False
        """Whether Redis answered the last time it was asked."""
        self._lost = False
        """Whether an event of ours was lost (Redis down): the next one tells every reader to
        read the database again."""

    async def publish(self, event: dict[str, Any]) -> bool:
        """Add ``event`` to the stream: whether it was. While Redis is down it is lost; once
        it is back, the first event added tells every reader to read the database again."""
        fields: Any = {key: json.dumps(value) for key, value in event.items()}
        try:
            await self._tell_lost()
            await self._redis.xadd(STREAM, fields, maxlen=KEEP, approximate=True)
        except (RedisError, OSError) as error:
            self._lost = True
            self._down(error)
            return False
        return True

    async def _tell_lost(self) -> None:
        """If events of ours were lost, tell every reader to read the database again."""
        if self._lost:
            await self._redis.xadd(STREAM, {RESYNC: "true"}, maxlen=KEEP, approximate=True)
            self._lost = False

    async def run(
        self,
        apply: Callable[[dict[str, Any]], None],
        resync: Callable[[], Awaitable[None]],
    ) -> None:
        """Read the stream for as long as the server runs: each event to ``apply``; and
        ``resync`` first, and again after anything may have been missed."""
        last: str | None = None
        redis: Any = self._redis  # redis-py's stream replies are loosely typed
        while True:
            try:
                if last is None:
                    # Where the stream is now, then the database: what is added meanwhile is
                    # read again, and changes nothing twice (versions).
                    newest = await redis.xrevrange(STREAM, count=1)
                    last = str(newest[0][0]) if newest else "0-0"
                    await resync()
                    self._up()
                read = await redis.xread({STREAM: last}, block=1000, count=1000)
                self._up()
                for _, entries in read or ():
                    if entries and not await self._still_there(last):
                        last = None
                        break
                    for entry_id, fields in entries:
                        last = str(entry_id)
                        if RESYNC in fields:
                            await resync()
                        else:
                            apply({key: json.loads(value) for key, value in fields.items()})
                await self._tell_lost()
            except (RedisError, OSError) as error:
                self._down(error)
                last = None
                await asyncio.sleep(RETRY_SECONDS)

    async def _still_there(self, last: str) -> bool:
        """Whether the stream still holds what follows ``last`` (not trimmed past it, nor
        made anew by a restart of Redis that kept nothing)."""
        if last == "0-0":
            return True
        redis: Any = self._redis
        first = await redis.xrange(STREAM, count=1)
        return bool(first) and _older_or_same(str(first[0][0]), _next(last))

    def _down(self, error: BaseException) -> None:
        if self.up:
            log.warning("events down", extra={"event": "events_down", "why": str(error)})
        self.up = False

    def _up(self) -> None:
        if not self.up:
            log.info("events up", extra={"event": "events_up"})
        self.up = True

    async def ping(self) -> bool:
        """Whether Redis answers now."""
        try:
            await self._redis.ping()
        except (RedisError, OSError) as error:
            self._down(error)
            return False
        return True

    async def close(self) -> None:
        await self._redis.aclose()


def _parts(entry_id: str) -> tuple[int, int]:
    millis, _, sequence = entry_id.partition("-")
    return int(millis), int(sequence or 0)


def _next(entry_id: str) -> str:
    millis, sequence = _parts(entry_id)
    return f"{millis}-{sequence + 1}"


def _older_or_same(a: str, b: str) -> bool:
    return _parts(a) <= _parts(b)
