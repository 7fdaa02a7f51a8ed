"""Tables and seats over HTTP: create a table, the lobby's page, a table's rules and seats, its
deals revealed, and taking a seat (docs/protocol.md)."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import math
import secrets
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi import Path as FastPath
from fastapi.concurrency import run_in_threadpool

from ...ai.levels import LEVELS, level_named
from ...engine.deal import check_playable
from ...engine.errors import IllegalAction, RaminoError
from ...engine.record import to_json
from ...engine.text import printable
from ...house_rules import house_rules
from ..limits import LOBBY_PAGE, plural_seconds
from ..models import (
    Both,
    CreateTable,
    DealProofInfo,
    Deals,
    Join,
    LobbyEntry,
    MatchSheet,
    Problem,
    RoundReplay,
    RulesInForce,
    Seated,
    TableInfo,
    lobby_entry,
    table_info,
)
from ..names import carries_computer_mark, hostile, reading, tidy
from ..presets import OFFERED
from ..quick import COMPUTER_NAMES
from ..reasons import ServerReason
from ..refused import refused
from ..replays import frames, round_records
from ..rooms import Room
from ..served import Tables
from ..store import SeatTaken, Store, StoredSeat, UnknownTable
from ..tables import COMPUTER, HUMAN, Table, TableSpec
from . import Served, paced
from .players import player_of_key

__all__ = ["router", "token_hash"]

router = APIRouter(prefix="/api/tables", tags=["tables and seats"])


_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem, "description": "No such table"}
}


def token_hash(token: str) -> str:
    """What the server keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


@router.post(
    "",
    status_code=201,
    responses={
        400: {"model": Problem, "description": "Rules the engine refuses"},
        429: {"model": Problem, "description": "Too many tables from this address lately"},
        503: {"model": Problem, "description": "Too many tables wait for players"},
    },
)
async def create_table(request: CreateTable, http: Request, tables: Served) -> TableInfo:
    """Create a private table (listed in the lobby if asked); its id is its invitation.
    A client creates a few tables in a row, then a few a minute (429 beyond)."""
    _admit(http, tables)
    try:
        rules = house_rules(request.rules, request.knobs)
        check_playable(rules, len(request.seats))
    except RaminoError as error:
        raise refused(error) from None
    # Ratings compare like with like: a preset's rules, as everyone plays them.
    preset = OFFERED.get(rules.name)
    if request.rated and (preset is None or preset.rules != rules):
        house = IllegalAction(ServerReason.RATED_HOUSE_RULES, rules=rules.name)
        raise refused(house, "rated")
    seats = []
    computers = iter(COMPUTER_NAMES)
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
    seed = tables.seed
    number = await _seed_number(tables)
    while True:
        secret = secrets.token_bytes(32) if seed is None else _seeded(seed, "secret", number)
        spec = TableSpec(
            rules,
            tuple(seats),
            secret,
            request.listed,
            request.turn_seconds,
            request.bank_seconds,
            request.rated,
            request.chat,
            request.away_seconds,
        )
        table_id = secrets.token_urlsafe(16) if seed is None else _seeded_id(seed, number)
        created = datetime.now(UTC)
        try:
            await run_in_threadpool(
                tables.store.create_table, table_id, spec.to_dict(), seats, created
            )
            break
        except ValueError:
            # Another process of a seeded service took that number meanwhile.
            if seed is None or tables.service is None:
                raise
            number += 1
    room = Room(Table(table_id, spec), int(created.timestamp() * 1_000_000))
    if tables.service is not None:
        await tables.service.adopt(room)
    else:
        tables.add(room)
    return table_info(room.table)


@router.get("")
async def lobby(
    response: Response,
    tables: Served,
    limit: Annotated[int, Query(ge=1, le=LOBBY_PAGE)] = LOBBY_PAGE,
    before: Annotated[str | None, Query(max_length=20, pattern=r"^[0-9]+$")] = None,
) -> list[LobbyEntry]:
    """The tables listed in the lobby that still have a free seat, newest first, a page
    at a time: the next page's cursor is in the ``Link`` header (``rel="next"``)."""
    cursor = None if before is None else int(before)
    if tables.service is not None:
        # The lobby of every process of the service, kept from its events.
        entries, after = tables.service.page(limit, cursor)
    else:
        found, after = tables.page(limit, cursor)
        entries = []
        for room in found:
            if room.entry is None:
                room.entry = lobby_entry(room.table)
            entries.append(room.entry)
    if after is not None:
        response.headers["Link"] = f'</api/tables?limit={limit}&before={after}>; rel="next"'
    return entries


@router.get("/{table_id}", responses=_NOT_FOUND)
async def table(table_id: str, tables: Served) -> TableInfo:
    """The table's rules in full, its seats and whether its match has begun."""
    return table_info((await tables.find(table_id)).table)


@router.get("/{table_id}/deals", responses=_NOT_FOUND)
async def deals(table_id: str, tables: Served) -> Deals:
    """Every deal of the rounds over, revealed, and the commitments to come: check them
    with ``ramino verify`` or as docs/shuffle.md says."""
    table = (await tables.find(table_id)).table
    return Deals(
        revealed=[DealProofInfo(**proof.to_dict()) for proof in table.proofs],
        next_commitment=table.commitment(table.next_deal),
    )


@router.get(
    "/{table_id}/matches/{number}",
    responses={404: {"model": Problem, "description": "No such table, or no such match of it"}},
)
async def match_sheet(
    table_id: str, number: Annotated[int, FastPath(ge=1, le=10**9)], tables: Served
) -> MatchSheet:
    """The score sheet of the table's match ``number``: 1, then each rematch's (the ``match``
    of the table's state is the one being played). A match over stays readable after the
    table has dealt the next one."""
    room = await tables.find(table_id)
    # Under the lock: the match being played changes only with it held.
    async with room.lock:
        table = room.table
        play = table.match_play(number)
        if play is None:
            raise HTTPException(status_code=404, detail="no such match")
        match = play.match
        it, en = match.result("it"), match.result("en")
        return MatchSheet(
            table=table_id,
            match=number,
            matches=table.match_number,
            rules=RulesInForce(name=table.rules.name, knobs=table.rules.knobs()),
            players=list(play.players),
            over=play.is_over,
            winner=play.winner,
            result=None if it is None or en is None else Both(it=it, en=en),
            sheet=[table.sheet_line(number, line) for line in match.rounds],
            standing=table.standing(number),
        )


@router.get(
    "/{table_id}/matches/{number}/rounds/{round_number}",
    responses={404: {"model": Problem, "description": "No such table, match, or round over of it"}},
)
async def round_replay(
    table_id: str,
    number: Annotated[int, FastPath(ge=1, le=10**9)],
    round_number: Annotated[int, FastPath(ge=1, le=10**9)],
    tables: Served,
) -> RoundReplay:
    """Round ``round_number`` of the table's match ``number``, once it is over, to watch
    again: the table after each move, every hand face up, and the round's record for
    ``ramino replay``. A round being played is never shown. Read from the store on any
    process: the table does not move for it."""
    try:
        return await run_in_threadpool(_replayed, tables.store, table_id, number, round_number)
    except (LookupError, UnknownTable):
        raise HTTPException(status_code=404, detail="no such round over") from None


# A round over never changes: its replay is made once (the whole table's log read again),
# and kept among the last ones asked for. lru_cache is safe across the pool's threads.
@functools.lru_cache(maxsize=128)
def _replayed(store: Store, table_id: str, number: int, round_number: int) -> RoundReplay:
    records = round_records(store.table(table_id), number)
    if not 1 <= round_number <= len(records):
        raise LookupError(round_number)  # not over yet, or never dealt: nothing is kept
    record = records[round_number - 1]
    return RoundReplay(
        table=table_id,
        match=number,
        round=round_number,
        rounds=len(records),
        rules=RulesInForce(name=record.rules.name, knobs=record.rules.knobs()),
        players=list(record.players),
        dealer=record.dealer,
        record=to_json(record),
        frames=frames(record),
    )


@router.post(
    "/{table_id}/seats",
    status_code=201,
    responses={
        **_NOT_FOUND,
        409: {"model": Problem, "description": "The seat or a name like it is taken"},
    },
)
async def join(table_id: str, request: Join, tables: Served) -> Seated:
    """Take a free seat with a nickname: the answer's token is the key to that seat. With a
    player's key, the seat is that player's (his rating, his match history)."""
    room = await tables.find(table_id)
    player = None
    if request.player_key is not None:
        player = (await player_of_key(tables, request.player_key)).id
    nickname = tidy(request.nickname)
    if not nickname or hostile(request.nickname) or printable(nickname) != nickname:
        raise HTTPException(status_code=422, detail="a nickname of printable characters")
    if carries_computer_mark(nickname):
        error = IllegalAction(ServerReason.NAME_MARKED_COMPUTER, name=nickname)
        raise refused(error, "nickname", status=409)
    async with room.lock:
        if not tables.serves(room):
            if tables.service is None:
                # Expired while this request waited.
                raise HTTPException(status_code=404, detail="no such table")
            # Given to another process while this request waited: asked again, it goes there.
            error = IllegalAction(ServerReason.TABLE_MOVING)
            raise refused(error, status=503, headers={"Retry-After": "1"})
        table = room.table
        for other in range(len(table.seats)):
            seated = table.seats[other].nickname
            if seated is not None and reading(seated) == reading(nickname):
                error = IllegalAction(ServerReason.NAME_LIKE_SEATED, name=nickname, seated=seated)
                raise refused(error, "nickname", status=409)
        free = table.free_seats
        seat = request.seat if request.seat is not None else (free[0] if free else None)
        if seat is None or seat not in free:
            raise HTTPException(status_code=409, detail="no such free seat")
        token = secrets.token_urlsafe(24)
        try:
            await run_in_threadpool(
                tables.store.claim_seat, table_id, seat, nickname, token_hash(token), player
            )
        except (SeatTaken, UnknownTable):
            raise HTTPException(status_code=409, detail="no such free seat") from None
        table.take_seat(seat, nickname, token_hash(token), player)
        tables.seated(room)
        given = None if request.nonce is None else table.add_nonce(seat, request.nonce)
        moves = [] if given is None else [given]
        if table.ready:
            moves.append(table.deal(seat))
            moves.extend(await tables.thinking.computers_play(table))
        if moves:
            await tables.store_moves(room, moves, None)
        await tables.changed(room)
    return Seated(table=table_id, seat=seat, token=token)


def _admit(http: Request, tables: Tables) -> None:
    """Refuse a new table with 429 if its client created too many lately, 503 if too many
    tables wait for players already; each says when to try again (``Retry-After``)."""
    paced(http, tables.creations, ServerReason.TOO_MANY_TABLES)
    if len(tables.waiting) >= tables.limits.waiting_tables:
        # The first of them to expire frees a place.
        soonest = next(iter(tables.waiting.values()))
        wait = max(1.0, soonest - time.monotonic())
        error = IllegalAction(
            ServerReason.SERVER_FULL, count=len(tables.waiting), wait=plural_seconds(wait)
        )
        raise refused(error, status=503, headers={"Retry-After": str(math.ceil(wait))})


async def _seed_number(tables: Tables) -> int:
    """The number of a seeded server's next table: how many it holds (a service of several
    processes: the store), or more if a table of that number is still there (others expired
    meanwhile)."""
    if tables.seed is not None and tables.service is not None:
        return await run_in_threadpool(tables.store.count_tables)
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
