"""One process among several of a ``ramino serve`` service (``--redis``): the tables it owns,
those it takes over, and the lobby of the whole service.

Each table has one owner at a time (:mod:`ramino.server.ownership`), which alone applies and
stores its moves and sends each seat its own state. nginx sends all of a table's requests and
sockets to one process (docs/deploy.md); one that reaches a process not owning the table makes
the owner hand it over, over the stream, unless a client reaches the owner itself (then it is
forwarded to the owner: :mod:`ramino.server.relay`). A table nobody owns is claimed by the
process it reaches and rebuilt from its log. Every second the process renews its
leases, takes a share of the tables whose owner died and lets go of those whose match is over
(nobody need own them until someone comes back to one); when it stops it hands its tables
over. After every change of a table's line in the lobby it adds the table's event to the
stream (:mod:`ramino.server.fanout`), from which every process keeps the lobby.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi.concurrency import run_in_threadpool

from .fanout import Events
from .models import LobbyEntry, RulesInForce, SeatInfo, lobby_entry
from .ownership import CLOSE_MOVED, LEASE_SECONDS, RENEW_SECONDS, Elsewhere, Lease, Leases
from .relay import FORWARDED
from .rooms import Room
from .served import Tables, room_of
from .store import HUMAN, StoredTable, UnknownTable

__all__ = ["Cluster"]
#: Tables taken over in one pass (a second): a dead owner's share is spread over a few passes.
TAKEOVER_BATCH = 200
#: How long a process waits for a table's owner to hand the table over before it forwards to
#: the owner instead (the owner down, or Redis).
HAND_OVER_SECONDS = 2.0

log = logging.getLogger("ramino.server")


@dataclass(slots=True)
class _Line:
    """A waiting listed table of the service, as the lobby shows it."""

    created: int
    """When it was created, in microseconds since the epoch: the lobby's cursor."""
    version: int
    entry: LobbyEntry


class Cluster:
    """This process's part in the service: ``tables`` are the tables it owns."""

    def __init__(self, tables: Tables, leases: Leases, events: Events) -> None:
        self.tables = tables
        self.leases = leases
        self.events = events
        self.draining = False
        """Set when the process stops: it takes no table any more."""
        self._tasks: list[asyncio.Task[None]] = []
        self._renewed = time.monotonic()
        self._lines: dict[str, _Line] = {}
        self._order: list[tuple[int, str]] = []
        """The lobby's tables by creation (oldest first), for its pages."""
        self._claiming: dict[str, asyncio.Future[Room | None]] = {}
        self._taking: set[str] = set()
        """Tables owned but not served yet (just created, or taken over in this pass): a
        process asking for one is refused."""
        self._asking: dict[str, asyncio.Future[bool]] = {}
        """The tables this process has asked their owners for, each with the answer to come
        (whether it was given)."""
        tables.service = self

    # --- life ---

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._keep_leases()),
            loop.create_task(self.events.run(self._event, self._resync)),
        ]

    async def stop(self) -> None:
        """Take no more tables, store what is pending, and hand every table over."""
        self.draining = True
        for task in self._tasks:
            task.cancel()
        for room in self.tables.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        await self.tables.writer.drain()
        owned = list(self.tables.rooms)
        with contextlib.suppress(Exception):
            await run_in_threadpool(self.leases.hand_over)
            log.info("tables handed over", extra={"event": "handed_over", "tables": len(owned)})
        await self.events.close()

    # --- ownership ---

    async def room(self, table_id: str) -> Room | None:
        """The table ``table_id`` served here, claimed and rebuilt if nobody owns it; raise
        :class:`Elsewhere` if another process does; ``None`` if there is no such table."""
        room = self.tables.rooms.get(table_id)
        if room is not None:
            return room
        lease = await run_in_threadpool(self.leases.owner_of, table_id)
        if lease is not None and lease.owner != self.leases.owner:
            raise Elsewhere(lease)
        if self.draining:
            return None
        return await self._once(table_id, self._claim)

    async def _once(
        self, table_id: str, build: Callable[[str], Awaitable[Room | None]]
    ) -> Room | None:
        """``build(table_id)``, one at a time for a table in this process: others asking for
        it meanwhile wait for it."""
        # Built while this one asked the database who owns it: never built twice.
        room = self.tables.rooms.get(table_id)
        if room is not None:
            return room
        pending = self._claiming.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._claiming[table_id] = future
        try:
            room = await build(table_id)
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            raise
        finally:
            del self._claiming[table_id]
            if not future.done():
                future.cancel()

    async def come_here(self, table_id: str, lease: Lease) -> Room | None:
        """Ask the owner of ``table_id`` (``lease``) to hand it over to this process, which
        nginx sends its clients to: the table, served here, once it is given; ``None`` if the
        owner keeps it (a client reaches the owner itself) or does not answer in time. Raise
        :class:`Elsewhere` if a third process took it meanwhile."""
        if self.draining:
            return None
        answer = self._asking.get(table_id)
        if answer is None:
            loop = asyncio.get_running_loop()
            answer = self._asking[table_id] = loop.create_future()
            loop.call_later(HAND_OVER_SECONDS, self._answered, table_id, False)
            asked = {
                "want": table_id,
                "of": lease.owner,
                "by": self.leases.owner,
                "address": self.leases.address,
            }
            if not await self.events.publish(asked):
                self._answered(table_id, False)  # Redis is down: nobody heard the question
        if not await asyncio.shield(answer):
            return None
        return await self.room(table_id)

    def _answered(self, table_id: str, given: bool) -> None:
        answer = self._asking.pop(table_id, None)
        if answer is not None and not answer.done():
            answer.set_result(given)

    async def _give(self, table_id: str, to: str, address: str) -> None:
        """Hand ``table_id`` over to process ``to`` (reachable at ``address``), which nginx
        sends the table's clients to, unless one of them reaches this process itself; then
        tell ``to`` whether it has it."""
        room = self.tables.rooms.get(table_id)
        given = False
        if self.draining or table_id in self._claiming or table_id in self._taking:
            pass  # being stopped, or not served yet: kept for now
        elif room is None:
            # Ours (given to us, taken over) but not rebuilt: nothing here to close.
            given = await self._hand(table_id, to, address)
        elif not _reached_here(room):
            # Under the table's lock: every move acknowledged is stored, none is under way.
            async with room.lock:
                if self.tables.rooms.get(table_id) is room and not _reached_here(room):
                    given = await self._hand(table_id, to, address)
        await self.events.publish({"given" if given else "kept": table_id, "to": to})

    async def _hand(self, table_id: str, to: str, address: str) -> bool:
        try:
            if not await run_in_threadpool(self.leases.give, table_id, to, address):
                return False
        except Exception:
            return False
        # Its sockets here are other processes', passed on: their clients connect again, to
        # the new owner (CLOSE_MOVED).
        self.drop([table_id])
        self.tables.metrics.given.inc()
        log.info("table given", extra={"event": "table_given", "table": table_id, "to": address})
        return True

    def _event(self, event: dict[str, object]) -> None:
        """An event of the stream: a table asked for, given or kept, or a line of the lobby."""
        me = self.leases.owner
        wanted, to = event.get("want"), event.get("by")
        if wanted is not None:
            if isinstance(wanted, str) and isinstance(to, str) and event.get("of") == me:
                address = str(event.get("address", ""))
                asyncio.get_running_loop().create_task(self._give(wanted, to, address))
            return
        answered = event.get("given", event.get("kept"))
        if isinstance(answered, str):
            if event.get("to") == me:
                given = "given" in event
                self._answered(answered, given)
                if given:
                    # Served at once, whether or not a client still waits for it here.
                    asyncio.get_running_loop().create_task(self._serve(answered))
            return
        self._apply(event)

    async def _serve(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            await self.room(table_id)

    async def events_up(self) -> bool:
        """Whether Redis answers now."""
        return await self.events.ping()

    async def adopt(self, room: Room) -> None:
        """Own and serve a table this process has just created."""
        table_id = room.table.id
        self._taking.add(table_id)
        try:
            await run_in_threadpool(self.leases.claim, table_id)
            self.tables.add(room)
        finally:
            self._taking.discard(table_id)

    async def _claim(self, table_id: str) -> Room | None:
        if not await run_in_threadpool(self.leases.claim, table_id):
            lease = await run_in_threadpool(self.leases.owner_of, table_id)
            if lease is not None and lease.owner != self.leases.owner:
                raise Elsewhere(lease)
            return None
        return await self._take(table_id)

    async def _take(self, table_id: str) -> Room | None:
        """Rebuild a table just claimed from its log, and serve it."""
        try:
            stored = await run_in_threadpool(self.tables.store.table, table_id)
        except UnknownTable:
            return None
        room = await run_in_threadpool(room_of, stored)
        self.tables.add(room)
        self.tables.arm(room)
        log.info(
            "table owned",
            extra={"event": "table_owned", "table": table_id, "version": room.table.version},
        )
        return room

    async def _keep_leases(self) -> None:
        """Renew this process's leases, drop the tables it lost, take its share of those
        whose owner is gone."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            # Only the tables served before the renewal may be dropped after it: one claimed
            # or given meanwhile is ours, whatever the renewal's snapshot says.
            served = dict(self.tables.rooms)
            try:
                mine = await run_in_threadpool(self.leases.renew)
                self._renewed = time.monotonic()
            except Exception as error:
                log.warning("leases not renewed", extra={"event": "store_down", "why": str(error)})
                if time.monotonic() - self._renewed > LEASE_SECONDS - RENEW_SECONDS:
                    # Others may own them by now: never two owners of a table.
                    self.drop(list(self.tables.rooms))
                continue
            self.drop(
                [
                    table_id
                    for table_id, room in served.items()
                    if table_id not in mine and self.tables.rooms.get(table_id) is room
                ]
            )
            if self.draining:
                continue
            await self._let_go_of_ended()
            try:
                taken = await run_in_threadpool(self.leases.claim_expired, TAKEOVER_BATCH)
            except Exception:
                continue
            self._taking.update(taken)
            try:
                for table_id in taken:
                    if table_id not in self.tables.rooms:
                        await self._once(table_id, self._take)
                    self._taking.discard(table_id)
            finally:
                self._taking.difference_update(taken)

    async def _let_go_of_ended(self) -> None:
        """Let go of the tables whose match is over and that nobody has open: a takeover
        would rebuild them for nothing. Whoever comes back to one claims it again."""
        ended = [
            table_id
            for table_id, room in self.tables.rooms.items()
            if room.table.match_over and not room.sockets and not room.lock.locked()
        ]
        if not ended:
            return
        try:
            await run_in_threadpool(self.leases.let_go, ended)
        except Exception:
            return  # the store is down: they stay ours until it is back
        for table_id in ended:
            room = self.tables.rooms.get(table_id)
            # One opened meanwhile goes at the next renewal, its socket told the table moved.
            if room is not None and not room.sockets:
                self.tables.forget(table_id)
        log.info("tables let go", extra={"event": "let_go", "tables": len(ended)})

    def drop(self, table_ids: list[str]) -> None:
        """Stop serving tables this process no longer owns: their sockets close with
        :data:`CLOSE_MOVED`, so that their clients reach the new owner."""
        for table_id in table_ids:
            room = self.tables.forget(table_id)
            if room is None:
                continue
            log.info("table lost", extra={"event": "table_lost", "table": table_id})
            for outbox in list(room.sockets):
                outbox.drop(CLOSE_MOVED, "table moved")

    async def owned_still(self, table_id: str) -> bool:
        """Whether this process still owns ``table_id`` (asked after its store refused a move:
        another process may have taken it)."""
        lease = await run_in_threadpool(self.leases.owner_of, table_id)
        return lease is not None and lease.owner == self.leases.owner

    # --- events, and the lobby of the service ---

    def changed(self, room: Room, gone: bool) -> None:
        """Add the table's event to the stream (and to this process's lobby) if its line in
        the lobby changed: a listed table waiting for players, or one that just stopped
        waiting. The moves of a table in play never go through Redis (its seats hear of them
        from its owner): sent to every process, they were a sixth of a process's time under
        load (bench/server_load.py --processes 2), for a lobby they do not change."""
        table = room.table
        waiting = table.spec.listed and bool(table.free_seats) and not gone
        if not waiting and table.id not in self._lines:
            return
        event = {
            "table": table.id,
            "version": table.version,
            "owner": self.leases.owner,
            "created": room.created,
            "entry": lobby_entry(table).model_dump(mode="json") if waiting else None,
        }
        self._apply(event)
        asyncio.get_running_loop().create_task(self.events.publish(event))

    def _apply(self, event: dict[str, object]) -> None:
        table_id = event.get("table")
        version = event.get("version")
        if not isinstance(table_id, str) or not isinstance(version, int):
            return
        line = self._lines.get(table_id)
        if line is not None and line.version > version:
            return
        entry = event.get("entry")
        created = event.get("created")
        if line is not None:
            self._unlist(table_id, line.created)
        if isinstance(entry, dict) and isinstance(created, int):
            self._list(table_id, created, version, LobbyEntry.model_validate(entry))

    async def _resync(self) -> None:
        """Read the lobby of the whole service again from the database."""
        waiting = await run_in_threadpool(self.tables.store.waiting_listed)
        self._lines, self._order = {}, []
        for stored, version, created in waiting:
            micros = int(created.timestamp() * 1_000_000)
            self._list(stored.id, micros, version, _entry(stored, version))

    def _list(self, table_id: str, created: int, version: int, entry: LobbyEntry) -> None:
        self._lines[table_id] = _Line(created, version, entry)
        bisect.insort(self._order, (created, table_id))

    def _unlist(self, table_id: str, created: int) -> None:
        del self._lines[table_id]
        at = bisect.bisect_left(self._order, (created, table_id))
        if at < len(self._order) and self._order[at] == (created, table_id):
            del self._order[at]

    def page(self, limit: int, before: int | None) -> tuple[list[LobbyEntry], int | None]:
        """The lobby's newest ``limit`` tables created before ``before`` (microseconds since
        the epoch; all if None), and the cursor of the next page (None on the last)."""
        order = self._order
        end = len(order) if before is None else bisect.bisect_left(order, (before, ""))
        start = max(0, end - limit)
        found = [self._lines[table_id].entry for _, table_id in reversed(order[start:end])]
        return found, (order[start][0] if start > 0 else None)


def _reached_here(room: Room) -> bool:
    """Whether a client of the table reaches this process itself (a socket not passed on by
    another process)."""
    return any(not outbox.socket.headers.get(FORWARDED) for outbox in room.sockets)


def _entry(stored: StoredTable, version: int) -> LobbyEntry:
    """A waiting table's line in the lobby, from its rows alone (no replay)."""
    rules = dict(stored.spec["rules"])
    name = str(rules.pop("name"))
    return LobbyEntry(
        table=stored.id,
        rules=RulesInForce(name=name, knobs=rules),
        seats=[
            SeatInfo(
                seat=seat.seat,
                kind="human" if seat.kind == HUMAN else "computer",
                name=seat.nickname,
                level=seat.level,
                free=seat.kind == HUMAN and seat.nickname is None,
            )
            for seat in stored.seats
        ],
        started=False,
        rated=bool(stored.spec.get("rated", False)),
        turn_seconds=stored.spec.get("turn_seconds"),
        bank_seconds=int(stored.spec.get("bank_seconds", 0)),
        chat=bool(stored.spec.get("chat", True)),
        version=version,
    )
