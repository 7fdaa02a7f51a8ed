"""A table as one process serves it: the :class:`~ramino.server.tables.Table`, the sockets of
the seats and spectators watching it, its clock, and a lock so that it changes one move at a
time, each stored before anyone hears of it."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from .limits import TokenBucket
from .models import LobbyEntry
from .protocol import Clock, Notice, Sentence
from .sockets import (
    MAX_SOCKETS_PER_SEAT,
    MAX_SOCKETS_PER_TABLE,
    MAX_SPECTATORS_PER_CLIENT,
    MAX_SPECTATORS_PER_TABLE,
    Outbox,
    too_many,
)
from .store import StoredChatLine
from .tables import Table

__all__ = ["Room"]


class Room:
    """A table in memory, with the sockets of the seats watching it and a lock: one change at
    a time, stored before anyone hears of it."""

    def __init__(self, table: Table, created: int | None = None) -> None:
        self.table = table
        self.created = created if created is not None else time.time_ns() // 1000
        """When the table was created, in microseconds since the epoch."""
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
        self.entry: LobbyEntry | None = None
        """The table's line in the lobby, made once for each change of its seats."""
        self.chat: list[StoredChatLine] | None = None
        """The chat's last lines, oldest first (``None``: not read from the store yet)."""
        self.chat_pace: TokenBucket | None = None
        """Each seat's pace of chat lines (made by :mod:`ramino.server.chat`)."""
        self.absent: dict[int, asyncio.Task[None]] = {}
        """The people with no socket open, each with the wait of his reconnect window."""
        self.match = table.match_number
        """The match the banks and sheets read are counted for: a rematch starts them anew."""

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

    def refusal(self, seat: int | None, client: str, watching: Counter[str]) -> str | None:
        """Why a new socket of ``seat`` (``None``: a spectator from ``client``) is refused, as
        the ``error`` message to send it, or ``None`` if it is welcome (``watching``: the
        spectator sockets open, by client address)."""
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
        if watching[client] >= MAX_SPECTATORS_PER_CLIENT:
            return too_many(
                f"guardi già {MAX_SPECTATORS_PER_CLIENT} volte da questo indirizzo.",
                f"you already watch {MAX_SPECTATORS_PER_CLIENT} times from this address.",
            )
        return None
