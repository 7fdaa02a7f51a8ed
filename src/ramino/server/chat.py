"""The chat of a table (docs/protocol.md, Chat): short lines from its seats, delivered to every
socket of the table, the last ones kept in the store beside the table (never in its log of
moves: a line is not a move, and no replay reads it), and the lines players report kept for
whoever runs the site.

Its owner process says every line (several processes relay a table's sockets to its owner),
so a line reaches the table's every socket as a move does; the store keeps the last ones for
a socket that connects later, on any process that owns the table then.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from fastapi.concurrency import run_in_threadpool

from ..engine.errors import IllegalAction
from ..engine.text import printable
from ..words.chat import PHRASES, phrase_words
from ..words.inline import both
from .limits import TokenBucket, plural_seconds
from .names import hostile
from .protocol import Chat, ChatLine, Say, Sentence
from .reasons import ServerReason
from .rooms import Room
from .store import Store, StoredChatLine

__all__ = [
    "CHAT_BURST",
    "CHAT_PER_MINUTE",
    "KEPT_LINES",
    "MAX_CHAT_CHARS",
    "chat_message",
    "recent",
    "report",
    "say",
]

#: The longest line, in characters, once trimmed: a sentence or two at a card table.
MAX_CHAT_CHARS = 200
#: Lines a seat may say in a row, then a line every 60 / ``CHAT_PER_MINUTE`` seconds: a
#: conversation's pace, never a flood.
CHAT_BURST = 5
CHAT_PER_MINUTE = 12
#: Lines a table keeps for the sockets that connect later (and a report may name).
KEPT_LINES = 50

log = logging.getLogger("ramino.server")


def chat_line(line: StoredChatLine) -> ChatLine:
    """A kept line as the protocol sends it: a ready phrase with its words in each language."""
    words = None if line.phrase is None else Sentence(**phrase_words(line.phrase))
    return ChatLine(
        id=line.number,
        seat=line.seat,
        name=line.name,
        at=line.said_at.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        text=line.text,
        phrase=line.phrase,
        words=words,
    )


def chat_message(lines: list[StoredChatLine]) -> str:
    """The ``chat`` message of ``lines``."""
    return Chat(lines=[chat_line(line) for line in lines]).model_dump_json()


async def recent(store: Store, room: Room) -> list[StoredChatLine]:
    """The table's last lines, read from the store the first time this process needs them
    (the table's lock held): a process that takes the table over reads what the last said."""
    if room.chat is None:
        room.chat = await run_in_threadpool(store.chat_lines, room.table.id, KEPT_LINES)
    return room.chat


def _words(message: Say) -> tuple[str | None, str | None]:
    """The line's own words or its ready phrase, checked; raises ``IllegalAction`` saying why
    the line is refused."""
    if message.phrase is not None:
        if message.text is not None:
            raise IllegalAction(
                ServerReason.BAD_MESSAGE,
                detail=both("una riga ha un testo o una frase, non tutti e due."),
            )
        if message.phrase not in PHRASES:
            raise IllegalAction(
                ServerReason.CHAT_UNKNOWN_PHRASE,
                phrase=message.phrase,
                known=", ".join(PHRASES),
            )
        return None, message.phrase
    text = (message.text or "").strip()
    if not text:
        raise IllegalAction(ServerReason.CHAT_EMPTY)
    if hostile(text) or printable(text) != text:
        raise IllegalAction(ServerReason.CHAT_BAD_TEXT)
    if len(text) > MAX_CHAT_CHARS:
        raise IllegalAction(ServerReason.CHAT_TOO_LONG, limit=MAX_CHAT_CHARS)
    return text, None


async def say(store: Store, room: Room, seat: int, message: Say) -> str:
    """Say ``seat``'s line at the table (its lock held): checked, kept in the store, and its
    ``chat`` message returned for every socket of the table. Raises ``IllegalAction`` if the
    line is refused (nothing is kept then), and the store's errors if it cannot be kept."""
    table = room.table
    if not table.spec.chat:
        raise IllegalAction(ServerReason.CHAT_OFF)
    text, phrase = _words(message)
    if room.chat_pace is None:
        room.chat_pace = TokenBucket(CHAT_BURST, CHAT_PER_MINUTE)
    wait = room.chat_pace.take(str(seat))
    if wait > 0:
        raise IllegalAction(
            ServerReason.CHAT_TOO_FAST,
            burst=CHAT_BURST,
            every=plural_seconds(60 / CHAT_PER_MINUTE),
            wait=plural_seconds(wait),
        )
    lines = await recent(store, room)
    number = lines[-1].number + 1 if lines else 1
    line = StoredChatLine(number, seat, table.name(seat), text, phrase, datetime.now(UTC))
    await run_in_threadpool(store.add_chat_line, table.id, line)
    room.chat = [*lines, line][-KEPT_LINES:]
    return chat_message([line])


async def report(store: Store, room: Room, seat: int, number: int) -> None:
    """Keep line ``number`` of the table's chat, reported by ``seat``, for whoever runs the
    site, and say so in the server's log (the table's lock held). Raises ``IllegalAction`` for
    a line the table no longer keeps."""
    lines = await recent(store, room)
    line = next((line for line in lines if line.number == number), None)
    if line is None:
        raise IllegalAction(ServerReason.CHAT_UNKNOWN_LINE, line=number)
    reporter = room.table.name(seat)
    kept = await run_in_threadpool(store.report, room.table.id, line, seat, reporter)
    log.warning(
        "chat line reported",
        extra={
            "event": "chat_reported",
            "report": kept,
            "table": room.table.id,
            "line": number,
            "seat": line.seat,
            "said_by": line.name,
            "text": line.text,
            "phrase": line.phrase,
            "reporter": reporter,
        },
    )
