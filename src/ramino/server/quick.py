"""Quick matches (docs/quick.md): players wait for the same rules and number of players, and
are seated together; after a stated wait, computer players at about their level fill the empty
seats. The queue lives in the database, so that every process of a service sees one queue: a
table is made by the one transaction that claims its players (``UPDATE … WHERE table_id IS
NULL``, each row once), whichever process runs it; a claim that finds a row taken stores
nothing.

>>> level_for([DEFAULT]), level_for([Rating(1400.0, 60.0)]), level_for([Rating(1700.0, 60.0)])
('principiante', 'principiante', 'esperto')
>>> level_for([Rating(1550.0, 60.0), DEFAULT])
'intermedio'
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.concurrency import run_in_threadpool
from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..ai.levels import LEVELS
from ..engine.rules import Rules
from ..engine.rules_file import rules_from_mapping
from .names import reading
from .players import GUEST_TRIES, Player, add_player
from .presets import OFFERED
from .ratings import DEFAULT, Rating
from .rooms import Room
from .served import Tables
from .store import MatchRow, QuickTableRow, QuickWaitRow, RatingRow, StoredSeat
from .tables import COMPUTER, HUMAN, Table, TableSpec

__all__ = [
    "POLL_SECONDS",
    "AlreadyWaiting",
    "Joined",
    "Matcher",
    "Queue",
    "QueueFull",
    "Wanted",
    "level_for",
    "wanted",
]

log = logging.getLogger("ramino.server")

#: The longest a ``GET /api/quick/me`` waits for a seat before answering "still waiting".
POLL_SECONDS = 20.0
#: A waiter not heard from for this long (he closed the page without cancelling) leaves.
STALE_SECONDS = POLL_SECONDS + 25.0
#: A seated player's row is kept this long for him to read where he sits, then deleted.
SEATED_SECONDS = 600.0
#: A quick match not over after this long is no longer counted as playing (its people left).
PLAYING_SECONDS = 3 * 3600.0
#: The clock of a quick match's people, as a private table's by default.
TURN_SECONDS, BANK_SECONDS = 60, 120
#: The computer players' names, each said to be the computer's wherever it is shown.
COMPUTER_NAMES = tuple(
    f"{name} (computer)" for name in ("Bruno", "Carla", "Dario", "Elena", "Franco", "Gina")
) + tuple(f"Computer {n}" for n in range(7, 13))


class AlreadyWaiting(Exception):
    """The player waits for a quick match already: he cannot wait twice."""


class QueueFull(Exception):
    """As many people wait for a quick match as the server takes: nobody joins until one of
    them is seated or leaves."""

    def __init__(self, count: int, oldest: datetime) -> None:
        super().__init__(count)
        self.count = count
        """How many wait."""
        self.oldest = oldest
        """Since when the first of them waits (he is seated within the wait, at the latest)."""


@dataclass(frozen=True, slots=True)
class Joined:
    """A player in the queue: who (a guest made for him, if he came without a key), his key
    if he is such a guest, and how many wait for the same as he does, him included."""

    player: Player
    key: str | None
    waiting: int


class Claimed(Exception):
    """Another transaction claimed one of the players first: nothing was stored."""


@dataclass(frozen=True, slots=True)
class Wanted:
    """What a player waits for: the rules (keyed: a preset's name, or a hash of house rules)
    and how many play."""

    key: str
    preset: str | None
    """The preset these rules are exactly, or None for house rules (an unrated match)."""
    rules: Rules
    players: int

    @property
    def spec_rules(self) -> str:
        """The rules as the table's spec keeps them (JSON)."""
        return json.dumps({"name": self.rules.name, **self.rules.knobs()}, sort_keys=True)


def wanted(rules: Rules, players: int) -> Wanted:
    """The queue's key for ``rules`` and ``players``: players are seated only with those who
    want the very same rules."""
    preset = OFFERED.get(rules.name)
    if preset is not None and preset.rules == rules:
        return Wanted(rules.name, rules.name, rules, players)
    knobs = json.dumps({"name": rules.name, **rules.knobs()}, sort_keys=True)
    return Wanted("house:" + hashlib.sha256(knobs.encode()).hexdigest()[:32], None, rules, players)


def level_for(ratings: Sequence[Rating]) -> str:
    """The computer players' level for people of these ratings: *principiante* if every one
    is provisional or their mean is under 1450, *intermedio* under 1600, else *esperto*."""
    if not ratings or all(rating.provisional for rating in ratings):
        return LEVELS[0]
    mean = sum(rating.rating for rating in ratings) / len(ratings)
    return LEVELS[0] if mean < 1450 else LEVELS[1] if mean < 1600 else LEVELS[2]


@dataclass(frozen=True, slots=True)
class Waiter:
    """A row of the queue, as the matcher reads it."""

    player: str
    name: str
    token_hash: str
    nonce: str | None
    rules: str
    preset: str | None


@dataclass(frozen=True, slots=True)
class Group:
    """The people waiting for one key: how many, and since when the first of them."""

    key: str
    players: int
    count: int
    oldest: datetime


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    # SQLite gives back the moments it keeps without their zone: they were written in UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Queue:
    """The queue of quick matches in the store's database."""

    def __init__(self, tables: Tables) -> None:
        self._engine = tables.store.engine

    def join(
        self,
        player: Player | None,
        want: Wanted,
        token_hash: str,
        nonce: str | None,
        limit: int,
    ) -> Joined:
        """Put ``player`` in the queue (his row of a match he was seated at goes), or, given
        ``None``, a guest made for it in the same transaction. Raises
        :class:`AlreadyWaiting` if he waits already, :class:`QueueFull` if ``limit`` people
        wait; either way nothing is stored, not even the guest."""
        now = _now()
        tries = 0
        while True:
            try:
                with self._engine.begin() as connection:
                    count, oldest = connection.execute(
                        select(func.count(), func.min(QuickWaitRow.joined_at)).where(
                            QuickWaitRow.table_id.is_(None)
                        )
                    ).one()
                    if count >= limit:
                        # Two processes that count at once may both let one more in: the limit
                        # holds to within the requests that arrive at the same instant.
                        raise QueueFull(int(count), _aware(oldest))
                    who, key = player, None
                    if who is None:
                        who, key = add_player(connection, None)
                    connection.execute(
                        delete(QuickWaitRow).where(
                            QuickWaitRow.player_id == who.id, QuickWaitRow.table_id.is_not(None)
                        )
                    )
                    connection.execute(
                        insert(QuickWaitRow).values(
                            player_id=who.id,
                            rules_key=want.key,
                            preset=want.preset,
                            rules=want.spec_rules,
                            players=want.players,
                            name=who.name,
                            token_hash=token_hash,
                            nonce=nonce,
                            joined_at=now,
                            seen_at=now,
                            table_id=None,
                            seat=None,
                        )
                    )
                    return Joined(who, key, self._count(connection, want.key, want.players))
            except IntegrityError:
                # A guest's name drawn may be taken at the same instant by another (the unique
                # players.name_key): nothing is stored, and he draws another.
                tries += 1
                if player is None and tries < GUEST_TRIES:
                    continue
                raise AlreadyWaiting(player) from None

    def leave(self, player: str) -> bool:
        """Take ``player`` out of the queue if he still waits (not if he has been seated)."""
        with self._engine.begin() as connection:
            gone = connection.execute(
                delete(QuickWaitRow).where(
                    QuickWaitRow.player_id == player, QuickWaitRow.table_id.is_(None)
                )
            )
        return bool(gone.rowcount)

    def status(self, player: str, wait: float, touch: bool) -> dict[str, Any]:
        """Where ``player`` stands (the fields of :class:`~ramino.server.models.QuickStatus`);
        ``touch`` notes that he is still there."""
        with self._engine.begin() as connection:
            row = connection.execute(
                select(QuickWaitRow).where(QuickWaitRow.player_id == player)
            ).first()
            if row is None:
                return {"state": "none"}
            found = {
                "rules": json.loads(row.rules)["name"],
                "rated": row.preset is not None,
                "players": row.players,
            }
            if row.table_id is not None:
                return {**found, "state": "seated", "table": row.table_id, "seat": row.seat}
            now = _now()
            if touch:
                connection.execute(
                    update(QuickWaitRow).where(QuickWaitRow.player_id == player).values(seen_at=now)
                )
            oldest = connection.scalar(
                select(func.min(QuickWaitRow.joined_at)).where(
                    *_waiting(row.rules_key, row.players)
                )
            )
            count = self._count(connection, row.rules_key, row.players)
        since = (now - _aware(oldest)).total_seconds() if oldest is not None else 0.0
        fill_in = max(0.0, wait - since)
        return {**found, "state": "waiting", "waiting": count, "fill_in": round(fill_in, 1)}

    def _count(self, connection: Connection, key: str, players: int) -> int:
        return int(connection.scalar(select(func.count()).where(*_waiting(key, players))) or 0)

    def groups(self) -> list[Group]:
        """The keys people wait for now, and the stale waiters and old seated rows gone."""
        now = _now()
        with self._engine.begin() as connection:
            connection.execute(
                delete(QuickWaitRow).where(
                    QuickWaitRow.table_id.is_(None),
                    QuickWaitRow.seen_at < now - timedelta(seconds=STALE_SECONDS),
                )
            )
            connection.execute(
                delete(QuickWaitRow).where(
                    QuickWaitRow.table_id.is_not(None),
                    QuickWaitRow.joined_at < now - timedelta(seconds=SEATED_SECONDS),
                )
            )
            rows = connection.execute(
                select(
                    QuickWaitRow.rules_key,
                    QuickWaitRow.players,
                    func.count(),
                    func.min(QuickWaitRow.joined_at),
                )
                .where(QuickWaitRow.table_id.is_(None))
                .group_by(QuickWaitRow.rules_key, QuickWaitRow.players)
            ).all()
        return [Group(key, players, count, _aware(oldest)) for key, players, count, oldest in rows]

    def first(self, group: Group) -> list[Waiter]:
        """The group's first people, as many as a table seats, the longest waiting first."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(QuickWaitRow)
                .where(*_waiting(group.key, group.players))
                .order_by(QuickWaitRow.joined_at, QuickWaitRow.player_id)
                .limit(group.players)
            ).all()
        return [
            Waiter(row.player_id, row.name, row.token_hash, row.nonce, row.rules, row.preset)
            for row in rows
        ]

    def ratings(self, players: Sequence[str], preset: str) -> list[Rating]:
        """The players' ratings for ``preset`` (the first rating for those without one)."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(RatingRow.player_id, RatingRow.rating, RatingRow.deviation).where(
                    RatingRow.rules == preset, RatingRow.player_id.in_(players)
                )
            ).all()
        found = {row.player_id: Rating(row.rating, row.deviation) for row in rows}
        return [found.get(player, DEFAULT) for player in players]

    def counts(self) -> dict[str, tuple[int, int]]:
        """By preset, the people waiting and the quick matches playing."""
        since = _now() - timedelta(seconds=PLAYING_SECONDS)
        with self._engine.connect() as connection:
            waiting = dict(
                connection.execute(
                    select(QuickWaitRow.preset, func.count())
                    .where(QuickWaitRow.table_id.is_(None), QuickWaitRow.preset.is_not(None))
                    .group_by(QuickWaitRow.preset)
                ).all()
            )
            playing = dict(
                connection.execute(
                    select(QuickTableRow.preset, func.count())
                    .outerjoin(MatchRow, MatchRow.table_id == QuickTableRow.table_id)
                    .where(
                        MatchRow.table_id.is_(None),
                        QuickTableRow.preset.is_not(None),
                        QuickTableRow.created_at >= since,
                    )
                    .group_by(QuickTableRow.preset)
                ).all()
            )
        return {name: (int(waiting.get(name, 0)), int(playing.get(name, 0))) for name in OFFERED}


def _waiting(key: str, players: int) -> tuple[Any, ...]:
    return (
        QuickWaitRow.rules_key == key,
        QuickWaitRow.players == players,
        QuickWaitRow.table_id.is_(None),
    )


def _claim(
    connection: Connection, table_id: str, seated: Sequence[tuple[str, int]], group: Group
) -> None:
    """Give each waiting player his seat at ``table_id``, or raise :class:`Claimed` if one
    was given a seat elsewhere meanwhile (the transaction then stores nothing). Rows are
    claimed in the order of their ids, so that two claims never wait for each other."""
    for player, seat in sorted(seated):
        claimed = connection.execute(
            update(QuickWaitRow)
            .where(QuickWaitRow.player_id == player, QuickWaitRow.table_id.is_(None))
            .values(table_id=table_id, seat=seat)
        )
        if claimed.rowcount != 1:
            raise Claimed(player)
    connection.execute(
        insert(QuickTableRow).values(
            table_id=table_id,
            rules_key=group.key,
            preset=None if group.key.startswith("house:") else group.key,
            players=group.players,
            created_at=_now(),
        )
    )


class Matcher:
    """Seats the people of the queue, every little while and whenever someone joins: a full
    table as soon as enough wait, or with computer players once the first has waited
    ``wait`` seconds. One runs in every process; the claim decides which one seats whom."""

    def __init__(self, tables: Tables, wait: float) -> None:
        self.tables = tables
        self.wait = wait
        self.limit = tables.limits.quick_waiting
        """The most people waiting at once (:class:`~ramino.server.limits.Limits`)."""
        self.queue = Queue(tables)
        self.tick = max(0.05, min(1.0, wait / 4))
        self._poked = asyncio.Event()
        self._seated = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def poke(self) -> None:
        """Someone joined: look at the queue now."""
        self._poked.set()

    def next_seating(self) -> asyncio.Event:
        """Set when this process next seats someone: taken before reading the queue, so that
        a seating between the reading and the waiting is not missed."""
        return self._seated

    @staticmethod
    async def seated_or(seating: asyncio.Event, seconds: float) -> None:
        """Wait until ``seating`` is set, or ``seconds`` (another process may have seated)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(seating.wait(), seconds)

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self.tick)
            self._poked.clear()
            try:
                while await self.match():
                    pass
            except Exception:  # the database away a moment: the next tick tries again
                log.exception("quick match", extra={"event": "quick_failed"})

    async def match(self) -> bool:
        """Seat one table's people if any group is ready; whether one was."""
        now = _now()
        for group in await run_in_threadpool(self.queue.groups):
            due = (now - group.oldest).total_seconds() >= self.wait
            if group.count < group.players and not due:
                continue
            people = await run_in_threadpool(self.queue.first, group)
            ready = people and (len(people) == group.players or due)
            if ready and await self.seat(group, people):
                return True
        return False

    async def seat(self, group: Group, people: list[Waiter]) -> bool:
        """A table for ``people``, computer players in the seats left; False if another
        transaction seated one of them first."""
        spec_rules = json.loads(people[0].rules)
        # As a stored spec is read back: knobs() writes "no number" as null.
        rules = rules_from_mapping({k: ("none" if v is None else v) for k, v in spec_rules.items()})
        preset = people[0].preset
        level = level_for(
            await run_in_threadpool(self.queue.ratings, [p.player for p in people], rules.name)
        )
        seats: list[StoredSeat] = []
        names: set[str] = set()
        for number, person in enumerate(people):
            # Two guests may be given one name: the second is told apart by a number.
            name, n = person.name, 2
            while reading(name) in names:
                name, n = f"{person.name[:17]} {n}", n + 1
            names.add(reading(name))
            seats.append(StoredSeat(number, HUMAN, name, None, person.token_hash, person.player))
        computers = iter(COMPUTER_NAMES)
        for number in range(len(people), group.players):
            seats.append(StoredSeat(number, COMPUTER, next(computers), level, None))
        spec = TableSpec(
            rules,
            tuple(seats),
            secrets.token_bytes(32),
            False,
            TURN_SECONDS,
            BANK_SECONDS,
            preset is not None,
            True,
        )
        table_id = secrets.token_urlsafe(16)
        created = _now()
        seated = [(person.player, number) for number, person in enumerate(people)]
        store = self.tables.store
        try:
            await run_in_threadpool(
                store.create_table,
                table_id,
                spec.to_dict(),
                seats,
                created,
                lambda connection: _claim(connection, table_id, seated, group),
            )
        except Claimed:
            return False
        room = Room(Table(table_id, spec), int(created.timestamp() * 1_000_000))
        tables = self.tables
        async with room.lock:
            table = room.table
            moves = []
            for number, person in enumerate(people):
                if person.nonce:
                    given = table.add_nonce(number, bytes.fromhex(person.nonce))
                    if given is not None:
                        moves.append(given)
            moves.append(table.deal(0))
            moves.extend(await tables.thinking.computers_play(table))
            if tables.service is not None:
                await tables.service.adopt(room)
            else:
                tables.add(room)
            await tables.store_moves(room, moves, None)
            await tables.changed(room)
        log.info(
            "quick match",
            extra={
                "event": "quick_seated",
                "table": table_id,
                "people": len(people),
                "computers": group.players - len(people),
            },
        )
        self._seated.set()
        self._seated = asyncio.Event()
        return True
