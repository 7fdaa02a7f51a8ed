"""The web application of ``ramino serve``: a small HTTP API for the lobby (OpenAPI at
``/openapi.json``) and a WebSocket per seat for play (docs/protocol.md), within the limits of
docs/limits.md.

Tables are private: the table's id, long and random, is its invitation. Whoever has it reads
the table's rules and takes a free seat with a nickname; the answer gives him a seat token,
his only key to that seat (the server keeps its hash). Every move is written to the store
before it is acknowledged, and every table is rebuilt from the store when the server starts.
"""

from __future__ import annotations

import asyncio
import base64
import bisect
import contextlib
import gc
import hashlib
import hmac
import math
import secrets
import time
from collections import Counter, deque
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import FastAPI, HTTPException, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..ai.hint import hint
from ..ai.levels import LEVELS, level_named
from ..engine.deal import check_playable
from ..engine.errors import IllegalAction, RaminoError
from ..engine.observation import Observation
from ..engine.rules_file import rules_from_mapping
from ..engine.text import printable
from ..words.describe import describe
from .home_sheet import add_home_sheet
from .limits import LOBBY_PAGE, Limits, TokenBucket, body_limit, plural_seconds
from .names import carries_computer_mark, hostile, reading, tidy
from .pages import add_pages
from .protocol import (
    MAX_MESSAGE_BYTES,
    Ack,
    Ask,
    Clock,
    Failure,
    Hint,
    Lines,
    Nonce,
    Notice,
    Reentry,
    Seen,
    Sentence,
    Sync,
    Welcome,
    read_client_message,
    refusal,
)
from .reasons import ServerReason
from .refused import refused
from .sockets import (
    CLOSE_TOO_MANY,
    MAX_SOCKETS_PER_SEAT,
    MAX_SOCKETS_PER_TABLE,
    MAX_SPECTATORS_PER_CLIENT,
    MAX_SPECTATORS_PER_TABLE,
    Outbox,
    too_many,
)
from .store import SeatTaken, Store, StoredAction, StoredSeat, StoredTable, UnknownTable
from .tables import COMPUTER, HUMAN, MAX_NONCE_BYTES, Move, Table, TableSpec

__all__ = ["create_app"]

#: WebSocket close code for a token that opens no seat of the table (4000-4999: the app's own).
CLOSE_BAD_TOKEN = 4401
#: WebSocket close code for a table removed after waiting too long for its players.
CLOSE_EXPIRED = 4410
#: Messages a seat's socket may send in any second: far above a person's pace and a bot's.
MAX_MESSAGES_PER_SECOND = 20
#: The clock's turn number while a player just out decides whether to re-enter.
REENTRY_TURN = -1
#: The longest a seat's clock waits, after a round ends, for the seat to read the round's sheet
#: (a ``seen`` message starts it at once): an absent player never stops the table.
SHEET_SECONDS = 60.0
#: Seconds between the garbage collector's full passes over every object, frozen ones too.
THAW_SECONDS = 600.0


class SeatRequest(BaseModel):
    """A seat of a new table: a person's (taken later through the invitation) or a computer's."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "computer"]
    # The levels' Italian names, which the table keeps, or their English ones.
    level: (
        Literal["principiante", "intermedio", "esperto", "beginner", "intermediate", "expert"]
        | None
    ) = None


class CreateTable(BaseModel):
    """A new table: a preset and any knob over it, its seats, whether the lobby lists it."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    seats: Annotated[list[SeatRequest], Field(min_length=2, max_length=12)]
    listed: bool = False
    turn_seconds: Annotated[int, Field(ge=1, le=3600)] | None = 60
    bank_seconds: Annotated[int, Field(ge=0, le=3600)] = 120

    @field_validator("seats")
    @classmethod
    def _someone_plays(cls, seats: list[SeatRequest]) -> list[SeatRequest]:
        if all(seat.kind == COMPUTER for seat in seats):
            raise ValueError("a table needs at least one person's seat")
        return seats


class Join(BaseModel):
    """Take a free seat: with a nickname, optionally the seat wanted and a nonce for the first
    deal (hex, sent after reading the table's ``commitment``)."""

    model_config = ConfigDict(extra="forbid")
    nickname: Annotated[str, Field(min_length=1, max_length=20)]
    seat: int | None = None
    nonce: Annotated[bytes, Field(max_length=MAX_NONCE_BYTES)] | None = None

    @field_validator("nonce", mode="before")
    @classmethod
    def _from_hex(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return bytes.fromhex(value)
            except ValueError:
                raise ValueError("a nonce is written in hex") from None
        return value


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class _Room:
    """A table in memory, with the sockets of the seats watching it and a lock: one change at
    a time, stored before anyone hears of it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.sockets: dict[Outbox, int | None] = {}
        """Each socket's outbox and seat (``None`` for a spectator's)."""
        self.acked: dict[tuple[int, str], int] = {}
        self.banks = dict.fromkeys(range(len(table.seats)), float(table.spec.bank_seconds))
        """Each seat's time bank left, in seconds."""
        self.turn: tuple[int, int, int] | None = None
        """The turn being timed: its seat, round and turn number."""
        self.turn_started = 0.0
        self.timer: asyncio.Task[None] | None = None
        self.notices: dict[int, list[str]] = {}
        """Notices for seats with no socket open, sent when they come back."""
        self.seen: dict[int, int] = {}
        """Each seat's last round over whose sheet it has read (``seen``)."""
        self.ended = (0, 0.0)
        """The rounds over, and when the last of them ended."""
        self.entry: dict[str, Any] | None = None
        """The table's line in the lobby, made once for each change of its seats."""

    def people_here(self) -> bool:
        """Whether any seat has a socket open (spectators do not count)."""
        return any(seat is not None for seat in self.sockets.values())

    def spectators(self) -> int:
        return sum(seat is None for seat in self.sockets.values())

    def send(self, outbox: Outbox, text: str) -> None:
        """Queue ``text`` for one socket; forget the socket if it is dropped."""
        outbox.put(text)
        if outbox.dropped:
            self.sockets.pop(outbox, None)

    async def notify(self, seat: int, it: str, en: str, moves: list[str] | None = None) -> None:
        """Tell ``seat`` something that happened to him, now or when he is back."""
        text = Notice(message=Sentence(it=it, en=en), moves=moves or []).model_dump_json()
        outboxes = [outbox for outbox, s in self.sockets.items() if s == seat]
        if not outboxes:
            self.notices.setdefault(seat, []).append(text)
        for outbox in outboxes:
            self.send(outbox, text)

    def clock(self) -> str | None:
        """The ``clock`` message of the turn being timed, if one is."""
        limit = self.table.spec.turn_seconds
        if self.turn is None or limit is None:
            return None
        seat = self.turn[0]
        used = time.monotonic() - self.turn_started
        starts_in = max(0.0, -used)
        used = max(0.0, used)
        turn_left = max(0.0, limit - used)
        bank_left = self.banks[seat] - max(0.0, used - limit)
        return Clock(
            seat=seat,
            turn_left=round(turn_left, 1),
            bank_left=round(max(0.0, bank_left), 1),
            starts_in=round(starts_in, 1),
        ).model_dump_json()

    async def send_all(self, text: str) -> None:
        """The same message to every socket of the table."""
        for outbox in list(self.sockets):
            self.send(outbox, text)

    async def broadcast(self) -> None:
        """Each seat's own state to each socket of the table: each view written once, however
        many sockets share it (every spectator shares one), and queued, never waited for."""
        texts: dict[int | None, str] = {}
        for outbox, seat in list(self.sockets.items()):
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = self.table.state(seat).model_dump_json()
            self.send(outbox, text)

    def refusal(self, seat: int | None, client: str, tables: Tables) -> str | None:
        """Why a new socket of ``seat`` (``None``: a spectator from ``client``) is refused, as
        the ``error`` message to send it, or ``None`` if it is welcome."""
        if len(self.sockets) >= MAX_SOCKETS_PER_TABLE:
            return too_many(
                f"questo tavolo ne ha già {MAX_SOCKETS_PER_TABLE}.",
                f"this table already has {MAX_SOCKETS_PER_TABLE}.",
            )
        if seat is not None:
            if sum(s == seat for s in self.sockets.values()) >= MAX_SOCKETS_PER_SEAT:
                return too_many(
                    f"il tuo posto ne ha già {MAX_SOCKETS_PER_SEAT}; chiudine una.",
                    f"your seat already has {MAX_SOCKETS_PER_SEAT}; close one.",
                )
            return None
        if self.spectators() >= MAX_SPECTATORS_PER_TABLE:
            return too_many(
                f"questo tavolo ha già {MAX_SPECTATORS_PER_TABLE} spettatori.",
                f"this table already has {MAX_SPECTATORS_PER_TABLE} spectators.",
            )
        if tables.watching[client] >= MAX_SPECTATORS_PER_CLIENT:
            return too_many(
                f"guardi già {MAX_SPECTATORS_PER_CLIENT} volte da questo indirizzo.",
                f"you already watch {MAX_SPECTATORS_PER_CLIENT} times from this address.",
            )
        return None


class _Collector:
    """Keeps the garbage collector's full passes short, for each one stops every table: what
    survives a full pass is frozen (:func:`gc.freeze`), so the next one walks only what is
    newer. Every :data:`THAW_SECONDS` a pass walks everything again, so that cycles among
    objects once frozen are freed too. (Full passes over 500 tables took up to 200 ms, and
    were the p99 of bench/server_load.py at a person's pace.)"""

    def __init__(self) -> None:
        self._thawed = time.monotonic()

    def start(self) -> None:
        """Freeze what the server holds now (its code, the tables read back) and every full
        pass's survivors from now on."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._pass)

    def stop(self) -> None:
        gc.callbacks.remove(self._pass)
        gc.unfreeze()

    def _pass(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "stop":
            gc.freeze()
        elif time.monotonic() - self._thawed > THAW_SECONDS:
            self._thawed = time.monotonic()
            gc.unfreeze()


class Tables:
    """Every table of the server, read back from the store at start."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits if limits is not None else Limits()
        self.rooms: dict[str, _Room] = {}
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
        # Every table's moves are written by one thread, many tables' at a time in one
        # transaction (group commit): one writer never waits for another, one flush to disk
        # serves all (bench/server_load.py).
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ramino-store")
        self._pending: list[tuple[str, list[StoredAction], asyncio.Future[None]]] = []
        self._writing: asyncio.Task[None] | None = None

    def load(self) -> None:
        """Rebuild every stored table by replaying its log."""
        for stored in self.store.tables():
            room = _Room(_rebuilt(stored))
            computers = {seat.seat for seat in stored.seats if seat.kind == COMPUTER}
            actions = stored.actions
            for index, action in enumerate(actions):
                if action.msg_id is None:
                    continue
                # Acknowledged with the version after the computer's moves it led to, as the
                # first time: the moves stored after it in the same transaction.
                last = index
                while (
                    last + 1 < len(actions)
                    and actions[last + 1].msg_id is None
                    and actions[last + 1].seat in computers
                ):
                    last += 1
                room.acked[action.seat, action.msg_id] = actions[last].number
            self.add(room)

    def add(self, room: _Room) -> None:
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

    def seated(self, room: _Room) -> None:
        """A seat of ``room`` was taken: its waiting starts again, or ends if it is full."""
        table_id = room.table.id
        self.waiting.pop(table_id, None)
        room.entry = None
        if room.table.free_seats:
            self.waiting[table_id] = time.monotonic() + self.limits.waiting_seconds
        else:
            self._unlist(table_id)

    def _unlist(self, table_id: str) -> None:
        key = (self.serials.get(table_id, 0), table_id)
        at = bisect.bisect_left(self.lobby, key)
        if at < len(self.lobby) and self.lobby[at] == key:
            del self.lobby[at]

    def page(self, limit: int, before: int | None) -> tuple[list[_Room], int | None]:
        """The lobby's newest ``limit`` tables older than serial ``before`` (all if None),
        and the cursor of the next page (None on the last)."""
        end = len(self.lobby) if before is None else bisect.bisect_left(self.lobby, (before, ""))
        start = max(0, end - limit)
        found = [self.rooms[table_id] for _, table_id in reversed(self.lobby[start:end])]
        return found, (self.lobby[start][0] if start > 0 else None)

    def expired(self, now: float) -> list[_Room]:
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
                if room.timer is not None:
                    room.timer.cancel()
                for outbox in list(room.sockets):
                    outbox.drop(CLOSE_EXPIRED, "table expired")
            # If the store fails, they stay in it, forgotten here: a restart sweeps them again.
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.store.delete_tables, [r.table.id for r in gone])

    def room(self, table_id: str) -> _Room:
        room = self.rooms.get(table_id)
        if room is None:
            raise HTTPException(status_code=404, detail="no such table")
        return room

    async def changed(self, room: _Room) -> None:
        """After a change: every seat's state, and the clock of the turn now to play."""
        await room.broadcast()
        self.arm(room)
        clock = room.clock()
        if clock is not None:
            await room.send_all(clock)

    def arm(self, room: _Room) -> bool:
        """Time the turn to play, if a person's and the table has a clock: a turn runs for the
        table's turn seconds, then on the player's time bank; then the table plays for him."""
        table = room.table
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

    def seen(self, room: _Room, seat: int, number: int) -> None:
        """``seat`` has read the sheet of round ``number``: its clock, if held, starts now."""
        play = room.table.play
        room.seen[seat] = max(
            room.seen.get(seat, 0), min(number, 0 if play is None else play.rounds)
        )
        if room.turn is not None and room.turn[0] == seat and room.turn_started > time.monotonic():
            room.turn = None
            self.arm(room)

    async def _expire(self, room: _Room, key: tuple[int, int, int], wait: float) -> None:
        await asyncio.sleep(wait)
        seat = key[0]
        async with room.lock:
            if room.turn != key:
                return
            room.banks[seat] = 0.0
            room.timer = None
            table = room.table
            if key[2] == REENTRY_TURN:
                moves = [table.decide_reentry(seat, False), *table.computers_play()]
            else:
                moves = table.play_for(seat)
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

    async def store_moves(self, room: _Room, moves: list[Move], first: str | None) -> None:
        """Write ``moves`` (the first one carrying message id ``first``) as one transaction."""
        start = room.table.version - len(moves)
        stored = [
            StoredAction(start + i + 1, move.seat, move.text, first if i == 0 else None)
            for i, move in enumerate(moves)
        ]
        future = asyncio.get_running_loop().create_future()
        self._pending.append((room.table.id, stored, future))
        if self._writing is None or self._writing.done():
            self._writing = asyncio.get_running_loop().create_task(self._write())
        await future

    async def _write(self) -> None:
        """Write what is pending, in batches, until nothing is: each batch is one transaction;
        if it fails, each table's moves are written apart, so only the wrong one fails."""
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await loop.run_in_executor(
                    self._writer, self.store.append_batches, [(t, a) for t, a, _ in batch]
                )
            except Exception:
                for table_id, actions, future in batch:
                    try:
                        await loop.run_in_executor(
                            self._writer, self.store.append_many, table_id, actions
                        )
                    except Exception as error:
                        if not future.done():  # its client may have gone meanwhile
                            future.set_exception(error)
                    else:
                        if not future.done():
                            future.set_result(None)
                continue
            for _, _, future in batch:
                if not future.done():
                    future.set_result(None)

    def close(self) -> None:
        """Stop the writer (after what it is writing) and close the store."""
        self._writer.shutdown(wait=True)
        self.store.close()


def create_app(store: Store, *, seed: str | None = None, limits: Limits | None = None) -> FastAPI:
    """The application serving the tables kept in ``store``.

    With ``seed``, every new table's id and secret derive from it and from how many tables
    the store holds: the same clicks deal the same cards, for demos and tests. Whoever knows
    the seed knows every deal, so such a server is never one to play on. ``limits`` are a
    public server's (docs/limits.md) unless given.
    """
    tables = Tables(store, limits)
    tables.seed = seed
    limits = tables.limits
    creations = TokenBucket(limits.tables_burst, limits.tables_per_minute)
    collector = _Collector()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(tables.load)
        for room in tables.rooms.values():
            tables.arm(room)
        collector.start()
        sweeper = asyncio.get_running_loop().create_task(tables.sweep())
        yield
        sweeper.cancel()
        collector.stop()
        for room in tables.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        tables.close()

    app = FastAPI(
        title="ramino",
        summary="Ramino at private tables: the lobby's HTTP API; play is on WebSockets.",
        lifespan=lifespan,
        # No page that loads scripts from elsewhere where the browser keeps seat tokens:
        # the description is at /openapi.json (docs/limits.md).
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(body_limit, limit=limits.body_bytes)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        """A request the schema refuses: 422 with where and why, never the input echoed back
        (it may not even be writable as JSON: NaN, a nonce of bytes that are not text)."""
        detail = [
            {
                "loc": [str(part) for part in found.get("loc", ())],
                "msg": str(found.get("msg", "")),
                "type": str(found.get("type", "")),
            }
            for found in error.errors()
        ]
        return JSONResponse(status_code=422, content={"detail": detail})

    @app.post("/api/tables", status_code=201)
    async def create_table(request: CreateTable, http: Request) -> dict[str, Any]:
        """Create a private table (listed in the lobby if asked); its id is its invitation.
        A client creates a few tables in a row, then a few a minute (429 beyond)."""
        _admit(http, creations, tables)
        try:
            rules = rules_from_mapping({"preset": request.rules, **request.knobs})
        except RaminoError as error:
            raise refused(error) from None
        try:
            check_playable(rules, len(request.seats))
        except RaminoError as error:
            raise refused(error) from None
        seats = []
        computers = iter(_COMPUTER_NAMES)
        for number, wanted in enumerate(request.seats):
            if wanted.kind == COMPUTER:
                seats.append(
                    StoredSeat(
                        number,
                        COMPUTER,
                        next(computers),
                        level_named(wanted.level) if wanted.level else LEVELS[1],
                        None,
                    )
                )
            else:
                seats.append(StoredSeat(number, HUMAN, None, None, None))
        number = _seed_number(tables)
        secret = secrets.token_bytes(32) if seed is None else _seeded(seed, "secret", number)
        spec = TableSpec(
            rules,
            tuple(seats),
            secret,
            request.listed,
            request.turn_seconds,
            request.bank_seconds,
        )
        table_id = secrets.token_urlsafe(16) if seed is None else _seeded_id(seed, number)
        await run_in_threadpool(store.create_table, table_id, spec.to_dict(), seats)
        tables.add(_Room(Table(table_id, spec)))
        return {"table": table_id, **_summary(tables.rooms[table_id].table)}

    @app.get("/api/tables")
    async def lobby(
        response: Response,
        limit: Annotated[int, Query(ge=1, le=LOBBY_PAGE)] = LOBBY_PAGE,
        before: Annotated[str | None, Query(max_length=20, pattern=r"^[0-9]+$")] = None,
    ) -> list[dict[str, Any]]:
        """The tables listed in the lobby that still have a free seat, newest first, a page
        at a time: the next page's cursor is in the ``Link`` header (``rel="next"``)."""
        found, after = tables.page(limit, None if before is None else int(before))
        if after is not None:
            response.headers["Link"] = f'</api/tables?limit={limit}&before={after}>; rel="next"'
        entries = []
        for room in found:
            if room.entry is None:
                room.entry = _entry(room.table)
            entries.append(room.entry)
        return entries

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """The table's rules in full, its seats and whether its match has begun."""
        return {"table": table_id, **_summary(tables.room(table_id).table)}

    @app.get("/api/tables/{table_id}/deals")
    async def deals(table_id: str) -> dict[str, Any]:
        """Every deal of the rounds over, revealed, and the commitments to come: check them
        with ``ramino verify`` or as docs/shuffle.md says."""
        table = tables.room(table_id).table
        return {
            "revealed": [proof.to_dict() for proof in table.proofs],
            "next_commitment": table.commitment(table.next_deal),
        }

    @app.post("/api/tables/{table_id}/seats", status_code=201)
    async def join(table_id: str, request: Join) -> dict[str, Any]:
        """Take a free seat with a nickname: the answer's token is the key to that seat."""
        room = tables.room(table_id)
        nickname = tidy(request.nickname)
        if not nickname or hostile(request.nickname) or printable(nickname) != nickname:
            raise HTTPException(status_code=422, detail="a nickname of printable characters")
        if carries_computer_mark(nickname):
            error = IllegalAction(ServerReason.NAME_MARKED_COMPUTER, name=nickname)
            raise refused(error, "nickname", status=409)
        async with room.lock:
            table = room.table
            for other in range(len(table.seats)):
                seated = table.seats[other].nickname
                if seated is not None and reading(seated) == reading(nickname):
                    error = IllegalAction(
                        ServerReason.NAME_LIKE_SEATED, name=nickname, seated=seated
                    )
                    raise refused(error, "nickname", status=409)
            free = table.free_seats
            seat = request.seat if request.seat is not None else (free[0] if free else None)
            if seat is None or seat not in free:
                raise HTTPException(status_code=409, detail="no such free seat")
            token = secrets.token_urlsafe(24)
            try:
                await run_in_threadpool(store.claim_seat, table_id, seat, nickname, _hash(token))
            except (SeatTaken, UnknownTable):
                raise HTTPException(status_code=409, detail="no such free seat") from None
            table.take_seat(seat, nickname, _hash(token))
            tables.seated(room)
            given = None if request.nonce is None else table.add_nonce(seat, request.nonce)
            moves = [] if given is None else [given]
            if table.ready:
                moves.append(table.deal(seat))
                moves.extend(table.computers_play())
            if moves:
                await tables.store_moves(room, moves, None)
        await tables.changed(room)
        return {"table": table_id, "seat": seat, "token": token}

    @app.websocket("/api/tables/{table_id}/watch")
    async def watch(socket: WebSocket, table_id: str) -> None:
        """A spectator's socket: what the whole table sees after every change, never a hand."""
        room = tables.rooms.get(table_id)
        await socket.accept()
        if room is None:
            await socket.close(code=CLOSE_BAD_TOKEN)
            return
        client = socket.client.host if socket.client is not None else ""
        refusal = room.refusal(None, client, tables)
        if refusal is not None:
            await _refuse(socket, refusal)
            return
        outbox = Outbox(socket)
        room.sockets[outbox] = None
        tables.watching[client] += 1
        room.send(outbox, room.table.state(None).model_dump_json())
        try:
            while True:
                # A spectator says nothing; whatever he sends is left unread.
                await _receive(socket)
        except WebSocketDisconnect:
            pass
        finally:
            outbox.stop()
            room.sockets.pop(outbox, None)
            tables.watching[client] -= 1
            if tables.watching[client] <= 0:
                del tables.watching[client]

    @app.websocket("/api/tables/{table_id}/play")
    async def play(socket: WebSocket, table_id: str, token: str = "") -> None:
        """A seat's socket: its moves in, its own state out (docs/protocol.md)."""
        room = tables.rooms.get(table_id)
        seat = None if room is None else room.table.seat_of_token(_hash(token))
        await socket.accept()
        if room is None or seat is None:
            await socket.close(code=CLOSE_BAD_TOKEN)
            return
        refusal = room.refusal(seat, "", tables)
        if refusal is not None:
            await _refuse(socket, refusal)
            return
        table = room.table
        outbox = Outbox(socket)
        room.sockets[outbox] = seat
        room.send(
            outbox,
            Welcome(
                table=table_id, seat=seat, name=table.name(seat), version=table.version
            ).model_dump_json(),
        )
        room.send(outbox, table.state(seat).model_dump_json())
        # The first of the table's people back: its clock runs again.
        resumed = tables.arm(room)
        clock = room.clock()
        if clock is not None:
            if resumed:
                await room.send_all(clock)
            else:
                room.send(outbox, clock)
        for notice in room.notices.pop(seat, []):
            room.send(outbox, notice)
        recent: deque[float] = deque()
        try:
            while True:
                text = await _receive(socket)
                now = time.monotonic()
                while recent and now - recent[0] > 1:
                    recent.popleft()
                if len(recent) >= MAX_MESSAGES_PER_SECOND:
                    # Answered, not applied: a client flooding the table slows no one else.
                    room.send(
                        outbox,
                        _failure(
                            f"più di {MAX_MESSAGES_PER_SECOND} messaggi in un secondo.",
                            f"over {MAX_MESSAGES_PER_SECOND} messages in a second.",
                        ),
                    )
                    continue
                recent.append(now)
                if text is None:
                    room.send(
                        outbox,
                        _failure(
                            "un messaggio è testo JSON, non dati binari.",
                            "a message is JSON text, not binary data.",
                        ),
                    )
                    continue
                await _answer(tables, room, seat, outbox, text)
        except WebSocketDisconnect:
            pass
        finally:
            outbox.stop()
            room.sockets.pop(outbox, None)
            # The last of the table's people gone: its clock stops.
            tables.arm(room)

    add_home_sheet(app)
    add_pages(app)
    return app


async def _receive(socket: WebSocket) -> str | None:
    """The next message of ``socket``: its text, ``None`` for a binary frame."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _refuse(socket: WebSocket, text: str) -> None:
    """Tell a socket refused by a cap why, then close it with :data:`CLOSE_TOO_MANY`."""
    await socket.send_text(text)
    await socket.close(code=CLOSE_TOO_MANY, reason=ServerReason.TOO_MANY_SOCKETS.value)


async def _answer(tables: Tables, room: _Room, seat: int, outbox: Outbox, text: str) -> None:
    """Answer one message of ``seat``: an acknowledgement or a refusal, then the new states."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        room.send(
            outbox,
            _failure(f"più di {MAX_MESSAGE_BYTES} byte.", f"over {MAX_MESSAGE_BYTES} bytes."),
        )
        return
    try:
        message = read_client_message(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "—"
        room.send(outbox, _failure(f"{where}: {first['msg']}", f"{where}: {first['msg']}"))
        return
    if isinstance(message, Sync):
        # Under the lock: never a state with a move not stored yet.
        async with room.lock:
            state = room.table.state(seat).model_dump_json()
        room.send(outbox, state)
        return
    if isinstance(message, Ask):
        async with room.lock:
            seen = room.table.observation(seat)
        room.send(outbox, await run_in_threadpool(_hint, seen))
        return
    if isinstance(message, Seen):
        async with room.lock:
            tables.seen(room, seat, message.round)
            clock = room.clock()
        if clock is not None:
            await room.send_all(clock)
        return
    if isinstance(message, Nonce):
        async with room.lock:
            try:
                move = room.table.add_nonce(seat, bytes.fromhex(message.nonce))
            except RaminoError as error:
                room.send(outbox, _failed(error))
                return
            if move is None:
                return
            try:
                await tables.store_moves(room, [move], None)
            except Exception as error:
                await _not_stored(tables, room, outbox, None, error)
                return
        await tables.changed(room)
        return
    async with room.lock:
        done = room.acked.get((seat, message.id))
        if done is not None:
            # A retry of a message already applied: acknowledged again, never applied twice.
            room.send(outbox, Ack(id=message.id, version=done).model_dump_json())
            return
        table = room.table
        try:
            if isinstance(message, Reentry):
                moves = [table.decide_reentry(seat, message.reenter), *table.computers_play()]
            else:
                moves = table.act(seat, message.action)
        except RaminoError as error:
            room.send(outbox, refusal(message.id, error).model_dump_json())
            return
        try:
            await tables.store_moves(room, moves, message.id)
        except Exception as error:
            await _not_stored(tables, room, outbox, message.id, error)
            return
        room.acked[seat, message.id] = table.version
        room.send(outbox, Ack(id=message.id, version=table.version).model_dump_json())
    await tables.changed(room)


async def _not_stored(
    tables: Tables, room: _Room, outbox: Outbox, message_id: str | None, error: Exception
) -> None:
    """A move the store could not write is not done: the table goes back to what the store
    holds, and the seat is told why (``refused``, or ``error`` for a nonce), reason
    ``not_stored``. If the table cannot even be read back, the socket closes (1011)."""
    trouble = IllegalAction(ServerReason.NOT_STORED, detail=_store_trouble(error))
    if message_id is None:
        text = Failure(
            reason=trouble.reason.value,
            message=Sentence(it=trouble.message("it"), en=trouble.message("en")),
        ).model_dump_json()
    else:
        text = refusal(message_id, trouble).model_dump_json()
    room.send(outbox, text)
    try:
        stored = await run_in_threadpool(tables.store.table, room.table.id)
        room.table = _rebuilt(stored)
    except Exception:
        outbox.drop(1011, "store unavailable")


def _store_trouble(error: Exception) -> tuple[str, str]:
    """What went wrong with the store, in words, without its internals."""
    text = str(error).lower()
    if "full" in text or "no space" in text or "quota" in text:
        return ("il suo disco è pieno", "its disk is full")
    return ("il database non risponde", "the database does not answer")


def _hint(seen: Observation | None) -> str:
    """The ``hint`` answer for a seat's view: the sound computer player's plan for the turn."""
    if seen is None:
        it, en = "Adesso non giochi una smazzata.", "You are not playing a round now."
        return Hint(actions=[], lines=Lines(it=[it], en=[en])).model_dump_json()
    it_hint, en_hint = hint(seen, lang="it"), hint(seen, lang="en")
    return Hint(
        actions=[str(action) for action in it_hint.actions],
        lines=Lines(it=list(it_hint.lines), en=list(en_hint.lines)),
    ).model_dump_json()


def _seed_number(tables: Tables) -> int:
    """The number of a seeded server's next table: how many it holds, or more if a table
    of that number is still there (others expired meanwhile)."""
    number = len(tables.rooms)
    seed = tables.seed
    while seed is not None and _seeded_id(seed, number) in tables.rooms:
        number += 1
    return number


def _seeded(seed: str, what: str, number: int) -> bytes:
    """The ``what`` of table ``number`` of a seeded server (``create_app``)."""
    message = f"{what}/{number}".encode()
    return hmac.new(seed.encode(), message, hashlib.sha256).digest()


def _seeded_id(seed: str, number: int) -> str:
    return base64.urlsafe_b64encode(_seeded(seed, "table", number)[:16]).decode().rstrip("=")


def _admit(http: Request, creations: TokenBucket, tables: Tables) -> None:
    """Refuse a new table with 429 if its client created too many lately, 503 if too many
    tables wait for players already; each says when to try again (``Retry-After``)."""
    address = http.client.host if http.client is not None else ""
    limits = tables.limits
    wait = creations.take(address)
    if wait > 0:
        error = IllegalAction(
            ServerReason.TOO_MANY_TABLES,
            burst=limits.tables_burst,
            every=plural_seconds(60 / limits.tables_per_minute),
            wait=plural_seconds(wait),
        )
        raise refused(error, status=429, headers={"Retry-After": str(math.ceil(wait))})
    if len(tables.waiting) >= limits.waiting_tables:
        # The first of them to expire frees a place.
        soonest = next(iter(tables.waiting.values()))
        wait = max(1.0, soonest - time.monotonic())
        error = IllegalAction(
            ServerReason.SERVER_FULL, count=len(tables.waiting), wait=plural_seconds(wait)
        )
        raise refused(error, status=503, headers={"Retry-After": str(math.ceil(wait))})


def _rebuilt(stored: StoredTable) -> Table:
    """A stored table as it was: its seats, then its log replayed."""
    table = Table(stored.id, TableSpec.from_dict(stored.spec, stored.seats))
    table.replay(stored.actions)
    return table


def _failure(it: str, en: str) -> str:
    return _failed(IllegalAction(ServerReason.BAD_MESSAGE, detail=(it, en)))


def _failed(error: RaminoError) -> str:
    return Failure(
        reason=error.reason.value,
        message=Sentence(it=error.message("it"), en=error.message("en")),
    ).model_dump_json()


def _entry(table: Table) -> dict[str, Any]:
    """A table's line in the lobby: what choosing one needs, without its rules in words
    (``GET /api/tables/{id}`` has them)."""
    return {
        "table": table.id,
        "rules": {"name": table.rules.name, "knobs": table.rules.knobs()},
        "seats": _seats(table),
        "started": table.started,
        "turn_seconds": table.spec.turn_seconds,
        "bank_seconds": table.spec.bank_seconds,
        "version": table.version,
    }


def _seats(table: Table) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "kind": seat.kind,
            "name": None if seat.nickname is None else table.name(i),
            "level": seat.level,
            "free": seat.kind == HUMAN and seat.nickname is None,
        }
        for i, seat in enumerate(table.seats)
    ]


def _summary(table: Table) -> dict[str, Any]:
    rules = table.rules
    players = len(table.seats)
    return {
        "rules": {"name": rules.name, "knobs": rules.knobs()},
        "described": {
            "it": describe(rules, "it", players=players),
            "en": describe(rules, "en", players=players),
        },
        "seats": _seats(table),
        "started": table.started,
        "turn_seconds": table.spec.turn_seconds,
        "bank_seconds": table.spec.bank_seconds,
        # Deal 1's commitment, to see before sending a nonce for it (docs/shuffle.md).
        "commitment": table.commitment(1),
        "version": table.version,
    }


#: The computer players' names, each said to be the computer's wherever it is shown.
_COMPUTER_NAMES = tuple(
    f"{name} (computer)" for name in ("Bruno", "Carla", "Dario", "Elena", "Franco", "Gina")
) + tuple(f"Computer {n}" for n in range(7, 13))
