"""The sockets of a table: a seat's, to play (its moves in, its own state out), and a
spectator's, to watch what the whole table sees (docs/protocol.md)."""

from __future__ import annotations

import logging
import time
from collections import deque

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from ...ai.hint import hint
from ...engine.errors import IllegalAction, Localized, RaminoError
from ...engine.observation import Observation
from ...words.inline import both
from .. import chat
from ..ownership import CLOSE_MOVED, Elsewhere
from ..protocol import (
    MAX_MESSAGE_BYTES,
    Ack,
    Ask,
    Failure,
    Hint,
    Leave,
    Lines,
    Nonce,
    Reentry,
    Rematch,
    Report,
    Reported,
    Say,
    Seen,
    Sentence,
    Sync,
    Welcome,
    read_client_message,
    refusal,
)
from ..reasons import ServerReason
from ..relay import FORWARDED, relay
from ..rooms import Room
from ..served import Tables, room_of
from ..sockets import CLOSE_TOO_MANY, Outbox
from ..store import StoreError
from . import Served
from .tables import token_hash

__all__ = ["CLOSE_BAD_TOKEN", "router"]

log = logging.getLogger("ramino.server")

router = APIRouter(prefix="/api/tables/{table_id}")

#: WebSocket close code for a token that opens no seat of the table (4000-4999: the app's own).
CLOSE_BAD_TOKEN = 4401


@router.websocket("/watch")
async def watch(socket: WebSocket, table_id: str, tables: Served) -> None:
    """A spectator's socket: what the whole table sees after every change, never a hand."""
    await socket.accept()
    room = await _here(socket, table_id, tables)
    if room is None:
        return
    client = socket.client.host if socket.client is not None else ""
    # Under the lock: never a state with a move not stored yet (the computer's turns after a
    # move are decided with the lock held).
    async with room.lock:
        # Given to another process while this socket waited for the lock: its client comes
        # back to the new owner.
        moved = not tables.serves(room)
        refusal = None if moved else room.refusal(None, client, tables.watching)
        if refusal is None and not moved:
            outbox = Outbox(socket)
            tables.watching[client] += 1
            tables.metrics.sockets.inc()
            room.sockets[outbox] = None
            room.send(outbox, room.table.state(None).model_dump_json())
            await _chat_so_far(tables, room, outbox)
    if moved:
        await socket.close(code=CLOSE_MOVED, reason="table moved")
        return
    if refusal is not None:
        await _refuse(socket, refusal)
        return
    try:
        while True:
            # A spectator says nothing; whatever he sends is left unread.
            await _receive(socket)
    except WebSocketDisconnect:
        pass
    finally:
        outbox.stop()
        room.sockets.pop(outbox, None)
        tables.metrics.sockets.dec()
        tables.watching[client] -= 1
        if tables.watching[client] <= 0:
            del tables.watching[client]


@router.websocket("/play")
async def play(socket: WebSocket, table_id: str, tables: Served, token: str = "") -> None:
    """A seat's socket: its moves in, its own state out (docs/protocol.md)."""
    await socket.accept()
    room = await _here(socket, table_id, tables)
    if room is None:
        return
    seat = room.table.seat_of_token(token_hash(token))
    if seat is None:
        await socket.close(code=CLOSE_BAD_TOKEN)
        return
    # Under the lock: never a state with a move not stored yet (the computer's turns after a
    # move are decided with the lock held).
    async with room.lock:
        moved = not tables.serves(room)  # (as a spectator's, above)
        refusal = None if moved else room.refusal(seat, "", tables.watching)
        back = False
        if refusal is None and not moved:
            # Back from away: his seat is his again, before he hears the state.
            back = await tables.back(room, seat)
            outbox = await _welcome(tables, room, table_id, socket, seat)
    if moved:
        await socket.close(code=CLOSE_MOVED, reason="table moved")
        return
    if refusal is not None:
        await _refuse(socket, refusal)
        return
    if back:
        await tables.changed(room)
    recent: deque[float] = deque()
    most = tables.limits.socket_messages
    try:
        while True:
            text = await _receive(socket)
            now = time.monotonic()
            while recent and now - recent[0] > 1:
                recent.popleft()
            if len(recent) >= most:
                # Answered, not applied: a client flooding the table slows no one else.
                room.send(
                    outbox, _failed(IllegalAction(ServerReason.TOO_MANY_MESSAGES, limit=most))
                )
                continue
            recent.append(now)
            if text is None:
                room.send(
                    outbox,
                    _failure(both("un messaggio è testo JSON, non dati binari.")),
                )
                continue
            await _answer(tables, room, seat, outbox, text)
    except WebSocketDisconnect:
        pass
    finally:
        outbox.stop()
        room.sockets.pop(outbox, None)
        tables.metrics.sockets.dec()
        # The last of the table's people gone: its clock stops.
        tables.arm(room)


async def _welcome(
    tables: Tables, room: Room, table_id: str, socket: WebSocket, seat: int
) -> Outbox:
    """Take a seat's new socket in (the table's lock held): its welcome, its state, the clock,
    the notices kept for it."""
    table = room.table
    outbox = Outbox(socket)
    tables.metrics.sockets.inc()
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
    await _chat_so_far(tables, room, outbox)
    return outbox


async def _chat_so_far(tables: Tables, room: Room, outbox: Outbox) -> None:
    """The chat's last lines to a new socket (the table's lock held), if the table has a chat
    and anything was said. A store that does not answer leaves them out: the game goes on."""
    if not room.table.spec.chat:
        return
    try:
        lines = await chat.recent(tables.store, room)
    except Exception:
        return
    if lines:
        room.send(outbox, chat.chat_message(lines))


async def _here(socket: WebSocket, table_id: str, tables: Tables) -> Room | None:
    """The table of an accepted socket, if this process serves it; else the socket is passed
    on to the table's owner, or closed (:data:`CLOSE_BAD_TOKEN` for no such table), and
    ``None``."""
    try:
        return await tables.find(table_id)
    except HTTPException:
        await socket.close(code=CLOSE_BAD_TOKEN)
        return None
    except Elsewhere as elsewhere:
        lease = elsewhere.lease
    if tables.service is not None and not socket.headers.get(FORWARDED):
        # nginx sends the table's clients here: its owner hands it over unless one of them
        # reaches the owner itself.
        try:
            room = await tables.service.come_here(table_id, lease)
        except Elsewhere as elsewhere:
            lease, room = elsewhere.lease, None
        if room is not None:
            return room
    path = socket.url.path + (f"?{socket.url.query}" if socket.url.query else "")
    tables.metrics.relayed.inc()
    try:
        await relay(socket, lease, path)
    finally:
        tables.metrics.relayed.dec()
    return None


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


async def _answer(tables: Tables, room: Room, seat: int, outbox: Outbox, text: str) -> None:
    """Answer one message of ``seat``: an acknowledgement or a refusal, then the new states."""
    arrived = time.perf_counter()
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        room.send(
            outbox,
            _failure(both("più di {limit} byte.", limit=MAX_MESSAGE_BYTES)),
        )
        return
    try:
        message = read_client_message(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "—"
        # The validator's own words, in English only: the same in both languages.
        words = f"{where}: {first['msg']}"
        room.send(outbox, _failure((words, words)))
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
    if isinstance(message, Say | Report):
        await _chat(tables, room, seat, outbox, message)
        return
    if isinstance(message, Leave):
        async with room.lock:
            if _moved(tables, room, outbox):
                return
            try:
                moves = await tables.leave(room, seat)
            except Exception as error:
                await _not_stored(tables, room, outbox, None, error)
                return
        if moves:
            await tables.changed(room)
        return
    if isinstance(message, Nonce):
        async with room.lock:
            if _moved(tables, room, outbox):
                return
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
        if _moved(tables, room, outbox):
            return
        done = room.acked.get((seat, message.id))
        if done is not None:
            # A retry of a message already applied: acknowledged again, never applied twice.
            room.send(outbox, Ack(id=message.id, version=done).model_dump_json())
            return
        table = room.table
        try:
            if isinstance(message, Reentry):
                moves = [table.decide_reentry(seat, message.reenter)]
            elif isinstance(message, Rematch):
                moves = [table.decide_rematch(seat, message.agree)]
            else:
                moves = [table.move(seat, message.action)]
        except RaminoError as error:
            room.send(outbox, refusal(message.id, error).model_dump_json())
            return
        # The computer's turns it leads to, decided off the loop (other tables play on).
        moves += await tables.thinking.computers_play(table)
        try:
            await tables.store_moves(room, moves, message.id)
        except Exception as error:
            await _not_stored(tables, room, outbox, message.id, error)
            return
        room.acked[seat, message.id] = table.version
        room.send(outbox, Ack(id=message.id, version=table.version).model_dump_json())
        tables.metrics.acks.inc()
        tables.metrics.act_to_ack.observe(time.perf_counter() - arrived)
    await tables.changed(room)


def _moved(tables: Tables, room: Room, outbox: Outbox) -> bool:
    """Whether the table is no longer served here (given to another process while the move
    waited for its lock): then the socket closes with :data:`CLOSE_MOVED`, its move not
    applied, and the client sends it again to the new owner."""
    if tables.serves(room):
        return False
    outbox.drop(CLOSE_MOVED, "table moved")
    return True


async def _chat(
    tables: Tables, room: Room, seat: int, outbox: Outbox, message: Say | Report
) -> None:
    """A line of the seat's for the table's chat, to every socket of the table; or a line
    reported, the seat told it was. A refusal is an ``error`` saying why."""
    async with room.lock:
        if _moved(tables, room, outbox):
            return
        try:
            if isinstance(message, Say):
                await room.send_all(await chat.say(tables.store, room, seat, message))
            else:
                await chat.report(tables.store, room, seat, message.line)
                room.send(outbox, Reported(line=message.line).model_dump_json())
        except RaminoError as error:
            room.send(outbox, _failed(error))
        except Exception as error:
            trouble = IllegalAction(ServerReason.CHAT_NOT_KEPT, detail=_store_trouble(error))
            room.send(outbox, _failed(trouble))


async def _not_stored(
    tables: Tables, room: Room, outbox: Outbox, message_id: str | None, error: Exception
) -> None:
    """A move the store could not write is not done: the table goes back to what the store
    holds, and the seat is told why (``refused``, or ``error`` for a nonce), reason
    ``not_stored``. If the table cannot even be read back, the socket closes (1011)."""
    log.error(
        "moves not stored",
        exc_info=error,
        extra={"event": "not_stored", "table": room.table.id},
    )
    trouble = IllegalAction(ServerReason.NOT_STORED, detail=_store_trouble(error))
    if message_id is None:
        text = Failure(
            reason=trouble.reason.value,
            message=Sentence(it=trouble.message("it"), en=trouble.message("en")),
        ).model_dump_json()
    else:
        text = refusal(message_id, trouble).model_dump_json()
    room.send(outbox, text)
    service = tables.service
    if service is not None and not await service.owned_still(room.table.id):
        # Another process took the table (this one was cut off for a while): its sockets
        # close, and their clients reach the new owner.
        service.drop([room.table.id])
        return
    try:
        stored = await run_in_threadpool(tables.store.table, room.table.id)
        fresh = room_of(stored)
        room.table, room.acked = fresh.table, fresh.acked
    except Exception:
        outbox.drop(1011, "store unavailable")


def _store_trouble(error: Exception) -> Localized:
    """What went wrong with the store, in words, without its internals."""
    if not isinstance(error, SQLAlchemyError | StoreError | OSError):
        # Not the database's doing: a fault of the server, which its log names.
        return both("il server ha avuto un errore")
    text = str(error).lower()
    if "full" in text or "no space" in text or "quota" in text:
        return both("il suo disco è pieno")
    return both("il database non risponde")


def _hint(seen: Observation | None) -> str:
    """The ``hint`` answer for a seat's view: the sound computer player's plan for the turn."""
    if seen is None:
        it, en = both("Adesso non giochi una smazzata.")
        return Hint(actions=[], lines=Lines(it=[it], en=[en])).model_dump_json()
    it_hint, en_hint = hint(seen, lang="it"), hint(seen, lang="en")
    return Hint(
        actions=[str(action) for action in it_hint.actions],
        lines=Lines(it=list(it_hint.lines), en=list(en_hint.lines)),
    ).model_dump_json()


def _failure(words: Localized) -> str:
    """A message refused as malformed, ``words`` (Italian, English: :func:`both`) saying why."""
    return _failed(IllegalAction(ServerReason.BAD_MESSAGE, detail=words))


def _failed(error: RaminoError) -> str:
    return Failure(
        reason=error.reason.value,
        message=Sentence(it=error.message("it"), en=error.message("en")),
    ).model_dump_json()
