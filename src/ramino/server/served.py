"""The tables one process of ``ramino serve`` serves: each in memory as a
:class:`~ramino.server.rooms.Room`, with what waits for players (and expires), the lobby's
listed tables, and every timed turn's clock (docs/protocol.md). Their moves go to the store
through the :class:`~ramino.server.writer.Writer`."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import time
from collections import Counter
from typing import Protocol

from fastapi import HTTPException
from fastapi.concurrency import run_in_threadpool

from .limits import Limits, TokenBucket
from .metrics import Metrics
from .models import LobbyEntry
from .ownership import Lease
from .rooms import Room
from .store import Store, StoredAction, StoredTable
from .tables import COMPUTER, HUMAN, Move, Table, TableSpec
from .thinking import Thinking
from .writer import Writer

__all__ = [
    "CLOSE_EXPIRED",
    "REENTRY_TURN",
    "SHEET_SECONDS",
    "Service",
    "Tables",
    "rebuilt",
    "room_of",
]

#: WebSocket close code for a table removed after waiting too long for its players.
CLOSE_EXPIRED = 4410
#: The clock's turn number while a player just out decides whether to re-enter.
REENTRY_TURN = -1
#: The longest a seat's clock waits, after a round ends, for the seat to read the round's sheet
#: (a ``seen`` message starts it at once): an absent player never stops the table.
SHEET_SECONDS = 60.0


class Service(Protocol):
    """The service a process is one of when several serve the same tables
    (:class:`~ramino.server.cluster.Cluster`)."""

    draining: bool
    """Whether this process is stopping (it takes no table any more)."""

    async def events_up(self) -> bool:
        """Whether Redis answers now."""

    async def room(self, table_id: str) -> Room | None:
        """The table, claimed and rebuilt here if nobody owns it (``None``: no such table);
        raises :class:`~ramino.server.ownership.Elsewhere` if another process owns it."""

    async def come_here(self, table_id: str, lease: Lease) -> Room | None:
        """The table, handed over by its owner (``lease``) and served here, where nginx sends
        its clients; ``None`` if the owner keeps it."""

    async def adopt(self, room: Room) -> None:
        """Own and serve a table this process has just created."""

    def changed(self, room: Room, gone: bool) -> None:
        """Told of every table added, changed or gone."""

    async def owned_still(self, table_id: str) -> bool:
        """Whether this process still owns the table."""

    def drop(self, table_ids: list[str]) -> None:
        """Stop serving tables another process owns now."""

    def page(self, limit: int, before: int | None) -> tuple[list[LobbyEntry], int | None]:
        """A page of the lobby of the whole service, and the next page's cursor."""


class Tables:
    """The tables this process serves, read back from the store at start."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits if limits is not None else Limits()
        self.rooms: dict[str, Room] = {}
        self.waiting: dict[str, float] = {}
        """The tables with a free seat, each with when it expires (``time.monotonic``), the
        soonest first: a table moves to the end when a seat is taken."""
        self.lobby: list[tuple[int, str]] = []
        """The listed tables with a free seat, by serial number (oldest first): the lobby's
        pages are slices of it, found by bisection."""
        self.serials: dict[str, int] = {}
        self._serial = 0
        self.seed: str | None = None
        self.watching: Counter[str] = Counter()
        """Spectator sockets open, by client address."""
        self.creations = TokenBucket(self.limits.tables_burst, self.limits.tables_per_minute)
        """Each client address's pace of new tables."""
        self.quick_asks = TokenBucket(self.limits.tables_burst, self.limits.tables_per_minute)
        """Each client address's pace of quick matches asked (each may make a table)."""
        self.new_players = TokenBucket(self.limits.tables_burst, self.limits.tables_per_minute)
        """Each client address's pace of new players (a guest and his key)."""
        self.metrics = Metrics()
        self.writer = Writer(store, self.metrics)
        self.thinking = Thinking()
        """Where the computer players decide, off the event loop."""
        self.service: Service | None = None
        """The service this process is one of, if several serve the tables (``--redis``)."""

    def load(self) -> None:
        """Rebuild every stored table by replaying its log."""
        for stored in self.store.tables():
            self.add(room_of(stored))

    def add(self, room: Room) -> None:
        """A table to serve: waiting for players (and in the lobby, if listed) until its
        seats are taken. One read back after a restart waits a whole period again."""
        table_id = room.table.id
        self.rooms[table_id] = room
        self._serial += 1
        self.serials[table_id] = self._serial
        if room.table.free_seats:
            self.waiting[table_id] = time.monotonic() + self.limits.waiting_seconds
            if room.table.spec.listed:
                self.lobby.append((self._serial, table_id))
        self._told(room)

    def _told(self, room: Room, *, gone: bool = False) -> None:
        if self.service is not None:
            self.service.changed(room, gone)

    def forget(self, table_id: str) -> Room | None:
        """Stop serving ``table_id`` (another process owns it now): the room, if it was here."""
        room = self.rooms.pop(table_id, None)
        self.waiting.pop(table_id, None)
        self._unlist(table_id)
        self.serials.pop(table_id, None)
        if room is not None:
            for timer in [room.timer, *room.absent.values()]:
                if timer is not None:
                    timer.cancel()
            room.absent = {}
        return room

    def seated(self, room: Room) -> None:
        """A seat of ``room`` was taken: its waiting starts again, or ends if it is full."""
        table_id = room.table.id
        self.waiting.pop(table_id, None)
        room.entry = None
        if room.table.free_seats:
            self.waiting[table_id] = time.monotonic() + self.limits.waiting_seconds
        else:
            self._unlist(table_id)
        self._told(room)

    def _unlist(self, table_id: str) -> None:
        key = (self.serials.get(table_id, 0), table_id)
        at = bisect.bisect_left(self.lobby, key)
        if at < len(self.lobby) and self.lobby[at] == key:
            del self.lobby[at]

    def page(self, limit: int, before: int | None) -> tuple[list[Room], int | None]:
        """The lobby's newest ``limit`` tables older than serial ``before`` (all if None),
        and the cursor of the next page (None on the last)."""
        end = len(self.lobby) if before is None else bisect.bisect_left(self.lobby, (before, ""))
        start = max(0, end - limit)
        found = [self.rooms[table_id] for _, table_id in reversed(self.lobby[start:end])]
        return found, (self.lobby[start][0] if start > 0 else None)

    def expired(self, now: float) -> list[Room]:
        """Take out of the server every table that waited for its players past its time."""
        gone = []
        while self.waiting:
            table_id, deadline = next(iter(self.waiting.items()))
            if deadline > now:
                break
            del self.waiting[table_id]
            self._unlist(table_id)
            self.serials.pop(table_id, None)
            room = self.rooms.pop(table_id, None)
            if room is not None:
                gone.append(room)
                self._told(room, gone=True)
        return gone

    async def sweep(self) -> None:
        """Remove the tables that waited too long, now and then, for as long as the server
        runs: from memory, from the lobby, and their rows from the store."""
        every = max(0.5, min(30.0, self.limits.waiting_seconds / 4))
        while True:
            await asyncio.sleep(every)
            gone = self.expired(time.monotonic())
            if not gone:
                continue
            for room in gone:
                for timer in [room.timer, *room.absent.values()]:
                    if timer is not None:
                        timer.cancel()
                for outbox in list(room.sockets):
                    outbox.drop(CLOSE_EXPIRED, "table expired")
            # If the store fails, they stay in it, forgotten here: a restart sweeps them again.
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.store.delete_tables, [r.table.id for r in gone])

    async def find(self, table_id: str) -> Room:
        """The table ``table_id``, served here (404 if there is no such table); with several
        processes, :class:`~ramino.server.ownership.Elsewhere` if another one serves it."""
        room = self.rooms.get(table_id)
        if room is None and self.service is not None:
            room = await self.service.room(table_id)
        if room is None:
            raise HTTPException(status_code=404, detail="no such table")
        return room

    def serves(self, room: Room) -> bool:
        """Whether ``room`` is still served here (not given to another process, lost, or
        expired meanwhile): a move to it is applied by no one here."""
        return self.rooms.get(room.table.id) is room

    async def changed(self, room: Room) -> None:
        """After a change: every seat's state, and the clock of the turn now to play."""
        await room.broadcast()
        self._told(room)
        self.arm(room)
        clock = room.clock()
        if clock is not None:
            await room.send_all(clock)

    def arm(self, room: Room) -> bool:
        """Time the turn to play, if a person's and the table has a clock: a turn runs for the
        table's turn seconds, then on the player's time bank; then the table plays for him.
        The people gone have their reconnect window timed too (:meth:`absent`)."""
        table = room.table
        if not self.serves(room):
            return False  # no longer served here: its new owner times it
        self.absent(room)
        if room.match != table.match_number:
            # A rematch: every bank is whole again, and its rounds' sheets are still to read.
            room.match = table.match_number
            room.banks = dict.fromkeys(room.banks, float(table.spec.bank_seconds))
            room.seen = {}
        limit = table.spec.turn_seconds
        seat = table.to_play()
        play = table.play
        waiting = table.reentry_seats()
        key = None
        if not room.people_here():
            # Nobody of the table is there: its clock stops, and runs again, from the start
            # of the turn to play, once one of its people is back (docs/protocol.md).
            pass
        elif limit is not None and waiting:
            # Between rounds, whoever must say whether he re-enters has the clock.
            assert play is not None
            key = (waiting[0], play.rounds, REENTRY_TURN)
        elif limit is not None and seat is not None and table.seats[seat].kind == HUMAN:
            assert play is not None and play.round is not None
            key = (seat, play.rounds, play.round.turn)
        now = time.monotonic()
        rounds = 0 if play is None else play.rounds
        if rounds != room.ended[0]:
            room.ended = (rounds, now)
        if key == room.turn:
            return False
        if room.turn is not None and limit is not None:
            # The turn just ended: what ran over its seconds came out of the bank.
            over = now - room.turn_started - limit
            if over > 0:
                ended = room.turn[0]
                room.banks[ended] = max(0.0, room.banks[ended] - over)
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        # A seat reading the last round's sheet (a socket open, no ``seen`` yet): its clock
        # waits for it to close the sheet, for a while.
        hold = 0.0
        reading = key is not None and key[0] in room.sockets.values()
        if key is not None and reading and room.seen.get(key[0], 0) < rounds:
            hold = max(0.0, room.ended[1] + SHEET_SECONDS - now)
        room.turn, room.turn_started = key, now + hold
        if key is not None and limit is not None:
            wait = hold + limit + room.banks[key[0]]
            room.timer = asyncio.get_running_loop().create_task(self._expire(room, key, wait))
        return True

    def absent(self, room: Room) -> None:
        """Time the reconnect window of each person with no socket open, while his seat may
        still be played (a match on, or a rematch still possible); stop it for those back."""
        table = room.table
        here = set(room.sockets.values())
        rematch = table.rematch_view()
        going = table.started and (rematch is None or not rematch.declined)
        for seat, taken in enumerate(table.seats):
            wait = going and taken.kind == HUMAN and seat not in table.away and seat not in here
            timer = room.absent.get(seat)
            if wait and timer is None:
                room.absent[seat] = asyncio.get_running_loop().create_task(self._gone(room, seat))
            elif not wait and timer is not None:
                timer.cancel()
                del room.absent[seat]

    async def _gone(self, room: Room, seat: int) -> None:
        """``seat``'s window is over: the computer's sound player plays for him from now on,
        unless nobody of the table is there (it stops then, and the window starts again when
        one of them is back)."""
        await asyncio.sleep(room.table.spec.away_seconds)
        async with room.lock:
            if room.absent.get(seat) is asyncio.current_task():
                del room.absent[seat]
            if seat in room.sockets.values() or not room.people_here():
                return
            moves = await self.leave(room, seat)
        if moves:
            await self.changed(room)

    async def leave(self, room: Room, seat: int) -> list[Move]:
        """The computer plays for ``seat`` from now on (the table's lock held): the event and
        the computer's turns it leads to, stored; none if it did already."""
        table = room.table
        move = table.go_away(seat)
        if move is None:
            return []
        moves = [move, *await self.thinking.computers_play(table)]
        await self.store_moves(room, moves, None)
        return moves

    async def back(self, room: Room, seat: int) -> bool:
        """``seat``'s person is back (the table's lock held): he takes his seat back, the
        event stored. Whether he was away."""
        table = room.table
        move = table.come_back(seat)
        if move is None:
            return False
        try:
            await self.store_moves(room, [move], None)
        except Exception:
            # Not stored, not done: the computer goes on playing for him until he comes again.
            table.away.add(seat)
            table.version -= 1
            return False
        return True

    def seen(self, room: Room, seat: int, number: int) -> None:
        """``seat`` has read the sheet of round ``number``: its clock, if held, starts now."""
        play = room.table.play
        room.seen[seat] = max(
            room.seen.get(seat, 0), min(number, 0 if play is None else play.rounds)
        )
        if room.turn is not None and room.turn[0] == seat and room.turn_started > time.monotonic():
            room.turn = None
            self.arm(room)

    async def _expire(self, room: Room, key: tuple[int, int, int], wait: float) -> None:
        await asyncio.sleep(wait)
        seat = key[0]
        async with room.lock:
            if room.turn != key or not self.serves(room):
                return
            room.banks[seat] = 0.0
            room.timer = None
            table = room.table
            if key[2] == REENTRY_TURN:
                moves = [table.decide_reentry(seat, False)]
                moves += await self.thinking.computers_play(table)
            else:
                moves = await self.thinking.play_for(table, seat)
            await self.store_moves(room, moves, None)
        if key[2] == REENTRY_TURN:
            await room.notify(
                seat,
                "Il tempo per decidere è finito: resti fuori dalla partita.",
                "Your time to decide ran out: you stay out of the match.",
            )
        else:
            # The moves in the grammar, for the client to tell them as it tells every move.
            await room.notify(
                seat,
                "Il tempo del tuo turno è finito: il tavolo ha giocato per te.",
                "Your turn's time ran out: the table played for you.",
                [move.text for move in moves if move.seat == seat],
            )
        await self.changed(room)

    async def store_moves(self, room: Room, moves: list[Move], first: str | None) -> None:
        """Write ``moves`` (the first one carrying message id ``first``) as one transaction."""
        start = room.table.version - len(moves)
        stored = [
            StoredAction(start + i + 1, move.seat, move.text, first if i == 0 else None)
            for i, move in enumerate(moves)
        ]
        # Moves that end the match store its result with them: at a rated table, what it does
        # to its people's ratings (a result stored already is not stored again).
        result = room.table.result() if moves else None
        await self.writer.write(room.table.id, stored, result)

    def close(self) -> None:
        """Stop the computer players' threads and the writer (after what it is writing), and
        close the store."""
        self.thinking.close()
        self.writer.close()
        self.store.close()


def room_of(stored: StoredTable) -> Room:
    """A stored table as it was, with the message ids it acknowledged."""
    created = None if stored.created is None else int(stored.created.timestamp() * 1_000_000)
    room = Room(rebuilt(stored), created)
    computers = {seat.seat for seat in stored.seats if seat.kind == COMPUTER}
    actions = stored.actions
    for index, action in enumerate(actions):
        if action.msg_id is None:
            continue
        # Acknowledged with the version after the computer's moves it led to, as the first
        # time: the moves stored after it in the same transaction.
        last = index
        while (
            last + 1 < len(actions)
            and actions[last + 1].msg_id is None
            and actions[last + 1].seat in computers
        ):
            last += 1
        room.acked[action.seat, action.msg_id] = actions[last].number
    return room


def rebuilt(stored: StoredTable) -> Table:
    """A stored table as it was: its seats, then its log replayed."""
    table = Table(stored.id, TableSpec.from_dict(stored.spec, stored.seats))
    table.replay(stored.actions)
    return table
