"""The store of ``ramino serve``: every table as an event log (its spec, its seats and its actions
in order) in SQLite or PostgreSQL, written durably before the server acknowledges a move and read
back whole when it starts again. The schema is migrated to the newest revision on opening.

>>> import hashlib, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(default_url(Path(folder.name)))
>>> seats = [
...     StoredSeat(0, "human", None, None, None),
...     StoredSeat(1, "computer", "Ada", "esperto", None),
... ]
>>> store.create_table("t1", {"listed": True}, seats)
>>> store.claim_seat("t1", 0, "Lucia", hashlib.sha256(b"her token").hexdigest())
>>> store.append("t1", StoredAction(1, 0, "draw", "m1"))
>>> store.find_message("t1", 0, "m1")
StoredAction(number=1, seat=0, action='draw', msg_id='m1')
>>> store.append("t1", StoredAction(2, 0, "draw", "m1"))
Traceback (most recent call last):
...
ramino.server.store.DuplicateAction: message 'm1' of seat 0 is already action 1 of table 't1'
>>> [seat.nickname for seat in store.table("t1").seats]
['Lucia', 'Ada']
>>> store.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    MetaData,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Session,
    mapped_column,
    relationship,
    selectinload,
    sessionmaker,
)
from sqlalchemy.pool import ConnectionPoolEntry

from . import migrations

__all__ = [
    "DuplicateAction",
    "MatchResult",
    "QuickTableRow",
    "QuickWaitRow",
    "ResultSeat",
    "SeatTaken",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredChatLine",
    "StoredSeat",
    "StoredTable",
    "UnknownTable",
    "default_url",
]

HUMAN, COMPUTER = "human", "computer"

# How many tables `Store.tables` reads at a time (with their seats and actions).
_BATCH = 50


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """A place at a table, as the store keeps it."""

    seat: int
    """0-based place at the table."""
    kind: str
    """``"human"`` or ``"computer"``."""
    nickname: str | None
    """None for a human seat nobody has taken yet."""
    level: str | None
    """The computer's level (``"principiante"``, ``"intermedio"``, ``"esperto"``); None for
    humans."""
    token_hash: str | None
    """SHA-256 (hex) of the seat's token; None until taken, and for computers."""
    player: str | None = None
    """The public id of the player (:mod:`ramino.server.players`) who took it with his key;
    None for a seat taken without one, and for computers."""

    def __post_init__(self) -> None:
        if self.kind not in (HUMAN, COMPUTER):
            raise ValueError(f"seat {self.seat}: kind {self.kind!r} is neither human nor computer")


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One entry of a table's log."""

    number: int
    """1, 2, 3… within the table, with no gaps."""
    seat: int
    """The seat that made the move."""
    action: str
    """The engine's action text, e.g. ``"draw"``, ``"discard KS"``."""
    msg_id: str | None
    """The id of the client's message that asked for it (None for a computer's or the server's
    move)."""


@dataclass(frozen=True, slots=True)
class StoredChatLine:
    """A line of a table's chat: kept beside the table's log, never in it (it is not a move)."""

    number: int
    """1, 2, 3… within the table: the line's id in the protocol."""
    seat: int
    name: str
    """The sender's name as the table showed it then."""
    text: str | None
    """The words written, or ``None`` for a ready phrase."""
    phrase: str | None
    """The ready phrase's id (``ramino.words.chat``), or ``None`` for words written."""
    said_at: datetime


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table read back: what it was created with, and everything that happened at it."""

    id: str
    spec: dict[str, Any]
    """JSON-able and opaque to the store, except ``"listed"`` (shown in the lobby if true)."""
    seats: tuple[StoredSeat, ...]
    actions: tuple[StoredAction, ...]
    created: datetime | None = field(default=None, compare=False)
    """When it was created (``None`` where it is not read); not compared."""


@dataclass(frozen=True, slots=True)
class ResultSeat:
    """A seat's line in a match's result."""

    seat: int
    name: str
    player: str | None
    """The player's public id, None for a seat taken without a player key (and a computer's)."""
    computer: bool
    placement: int
    """1 the best; players level in the final standing share a place."""
    total: int
    """The seat's final total (chips, under betting rules)."""
    left: bool = False
    """Rated, whether he left for good: the computer still played for him when the match
    ended, which put him last (docs/ratings.md)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a match ended, stored with its last move: its standing and, at a rated table, what
    it did to its people's ratings (docs/ratings.md)."""

    table_id: str
    rules: str
    """The preset played (a rated table plays one, without house rules)."""
    rated: bool
    seats: tuple[ResultSeat, ...]
    match: int = 1
    """The table's match (a rematch is the next): each is stored, and rated, once."""


class StoreError(Exception):
    """Base of the errors the store raises on purpose."""


class DuplicateAction(StoreError):
    """The action's number, or its seat's message id, is already in the table's log."""


class SeatTaken(StoreError):
    """The seat is already taken, is a computer's, or does not exist."""


class UnknownTable(StoreError):
    """No table has this id."""


def default_url(directory: Path | None = None) -> str:
    """The URL of the SQLite file ``ramino.db`` in ``directory`` (the current one if None).

    >>> default_url(Path("/srv/ramino"))
    'sqlite:////srv/ramino/ramino.db'
    """
    path = (directory if directory is not None else Path.cwd()).absolute() / "ramino.db"
    return URL.create("sqlite", database=str(path)).render_as_string()


class Base(DeclarativeBase):
    # Named constraints, so that a later migration can name the one it alters (PostgreSQL
    # would otherwise choose names, and SQLite keeps none).
    metadata = MetaData(
        naming_convention={
            "pk": "pk_%(table_name)s",
            "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        }
    )


class TableRow(Base):
    """A table: its id (also its invitation), its spec as JSON text, when it was created."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(primary_key=True)
    spec: Mapped[str] = mapped_column(Text)
    # A copy of the spec's "listed" (a spec never changes once stored): the lobby's query reads
    # an index instead of every spec.
    listed: Mapped[bool]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    seats: Mapped[list[SeatRow]] = relationship(
        order_by="SeatRow.seat", cascade="all, delete-orphan", passive_deletes=True
    )
    actions: Mapped[list[ActionRow]] = relationship(
        order_by="ActionRow.number", cascade="all, delete-orphan", passive_deletes=True
    )

    __table_args__ = (Index(None, "listed", "created_at"),)


class SeatRow(Base):
    """A place at a table, and who took it when."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str]
    nickname: Mapped[str | None]
    level: Mapped[str | None]
    token_hash: Mapped[str | None]
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The public id of the player who took the seat with his key (no foreign key: added to a
    # table SQLite cannot alter so).
    player_id: Mapped[str | None]

    __table_args__ = (CheckConstraint("kind IN ('human', 'computer')", name="kind"),)


class ActionRow(Base):
    """One action of a table's log."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(Text)
    msg_id: Mapped[str | None]
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    # SQLite and PostgreSQL both let NULLs differ in a unique constraint, so only the moves
    # that answer a client's message are held to one per (seat, message id).
    __table_args__ = (
        UniqueConstraint("table_id", "seat", "msg_id"),
        CheckConstraint("number >= 1", name="number"),
    )


class ChatRow(Base):
    """A line of a table's chat (not a move: the table's log and its replay never read it)."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    name: Mapped[str]
    text: Mapped[str | None] = mapped_column(Text)
    phrase: Mapped[str | None]
    said_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReportRow(Base):
    """A chat line a player reported, for whoever runs the site: a copy of the line, so that
    it outlives its table."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    table_id: Mapped[str]
    line: Mapped[int]
    seat: Mapped[int]
    name: Mapped[str]
    text: Mapped[str | None] = mapped_column(Text)
    phrase: Mapped[str | None]
    said_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reporter_seat: Mapped[int]
    reporter: Mapped[str]
    reported_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index(None, "reported_at"),)


class OwnerRow(Base):
    """A server process that may own tables, reachable where, alive until when: the leases
    of its tables hold while it renews this row (several processes on one database:
    :mod:`ramino.server.ownership`)."""

    __tablename__ = "owners"

    id: Mapped[str] = mapped_column(primary_key=True)
    address: Mapped[str]
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index(None, "expires_at"),)


class LeaseRow(Base):
    """Which server process owns a table, and where to reach it: the lease holds while its
    owner's row (:class:`OwnerRow`) is alive."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str]
    address: Mapped[str]

    __table_args__ = (Index(None, "owner"),)


class PlayerRow(Base):
    """A player: his public id (in his page's address), the SHA-256 of his secret key, his
    name, held by him alone."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(primary_key=True)
    key_hash: Mapped[str] = mapped_column(unique=True)
    name: Mapped[str]
    name_reading: Mapped[str | None] = mapped_column(index=True)
    """How the name reads (``names.reading``: case, accents and look-alikes aside), to find
    who holds a name. Not unique: names given before it was kept may be held twice."""
    name_key: Mapped[str | None] = mapped_column(index=True, unique=True)
    """The reading again, unique: the database's own hold on a name, so that two players
    who take one at the same instant never both have it. None for a name two players shared
    before names were held alone (revision 0008 kept them)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's Glicko-2 rating for one preset (docs/ratings.md)."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    rules: Mapped[str] = mapped_column(primary_key=True)
    rating: Mapped[float]
    deviation: Mapped[float]
    volatility: Mapped[float]
    matches: Mapped[int]
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index(None, "rules", "rating"),)


class MatchRow(Base):
    """A match over: its table (whose sheet and replay it is), the preset, whether rated."""

    __tablename__ = "matches"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True, default=1)
    """The table's match: 1, then each rematch's."""
    rules: Mapped[str]
    rated: Mapped[bool]
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MatchSeatRow(Base):
    """A seat's line of a match over: its place and total and, rated, the player's rating
    before and after (his rating history)."""

    __tablename__ = "match_seats"

    table_id: Mapped[str] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True, default=1)
    seat: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str]
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"))
    placement: Mapped[int]
    total: Mapped[int]
    left: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Rated, whether he left for good (away at the end, so last: docs/ratings.md)."""
    rating_before: Mapped[float | None]
    rating: Mapped[float | None]
    deviation: Mapped[float | None]

    __table_args__ = (
        Index(None, "player_id"),
        ForeignKeyConstraint(
            ["table_id", "number"], ["matches.table_id", "matches.number"], ondelete="CASCADE"
        ),
    )


class QuickWaitRow(Base):
    """A player waiting for a quick match (docs/quick.md): for which rules and how many
    players, since when, when he last asked; once seated, his table and seat."""

    __tablename__ = "quick_waits"

    # One row a player: he cannot wait twice.
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    rules_key: Mapped[str]
    """The preset's name, or ``house:`` and a hash of every knob for house rules."""
    preset: Mapped[str | None]
    """The preset whose rules these are exactly (a rated match), None for house rules."""
    rules: Mapped[str] = mapped_column(Text)
    """The rules as the table's spec keeps them (JSON)."""
    players: Mapped[int]
    name: Mapped[str]
    token_hash: Mapped[str]
    """The SHA-256 of the seat token given when he asked: it opens the seat he is given."""
    nonce: Mapped[str | None]
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    """None while he waits: claimed by the one transaction that creates his table."""
    seat: Mapped[int | None]

    __table_args__ = (Index(None, "rules_key", "players", "joined_at"),)


class QuickTableRow(Base):
    """A table a quick match made: counted as playing on the home page until its match ends."""

    __tablename__ = "quick_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    rules_key: Mapped[str]
    preset: Mapped[str | None]
    players: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index(None, "created_at"),)


class Store:
    """The tables of a server, in the database at ``url`` (``sqlite:///path/ramino.db``,
    ``postgresql+psycopg://…``), its schema upgraded to the newest revision on opening.

    Safe to call from several threads: each call takes a connection of its own from the pool
    and is one transaction; a write is durable when the call returns.
    """

    def __init__(self, url: str) -> None:
        self._engine = _engine(url)
        try:
            migrations.upgrade(self._engine)
        except BaseException:
            self._engine.dispose()
            raise
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)

    def __repr__(self) -> str:
        return f"Store({self._engine.url.render_as_string(hide_password=True)!r})"

    @property
    def engine(self) -> Engine:
        """The database's engine, for what keeps other state beside the tables (leases)."""
        return self._engine

    @property
    def shared(self) -> bool:
        """Whether several server processes may share this database (PostgreSQL's, not an
        embedded SQLite file's)."""
        return self._engine.dialect.name != "sqlite"

    def ping(self) -> None:
        """Raise unless the database answers."""
        with self._engine.connect() as connection:
            connection.execute(select(1))

    def close(self) -> None:
        """Close the connections to the database."""
        self._engine.dispose()

    def create_table(
        self,
        table_id: str,
        spec: dict[str, Any],
        seats: Sequence[StoredSeat],
        created: datetime | None = None,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """Store a new table with its spec and its seats, numbered 0, 1, 2… (created now,
        unless ``created`` says when). ``also`` runs after it in the same transaction and
        may raise to store nothing (a quick match claims its players so)."""
        numbers = sorted(seat.seat for seat in seats)
        if numbers != list(range(len(seats))):
            raise ValueError(f"the seats of table {table_id!r} are numbered {numbers}, not 0, 1…")
        row = TableRow(
            id=table_id,
            spec=json.dumps(spec, sort_keys=True, separators=(",", ":")),
            listed=spec.get("listed") is True,
            created_at=created if created is not None else _now(),
            seats=[
                SeatRow(
                    seat=seat.seat,
                    kind=seat.kind,
                    nickname=seat.nickname,
                    level=seat.level,
                    token_hash=seat.token_hash,
                    claimed_at=None,
                    player_id=seat.player,
                )
                for seat in seats
            ],
        )
        with self._sessions.begin() as session:
            session.add(row)
            try:
                session.flush()
            except IntegrityError as error:
                raise ValueError(f"table {table_id!r} already exists") from error
            if also is not None:
                also(session.connection())

    def claim_seat(
        self, table_id: str, seat: int, nickname: str, token_hash: str, player: str | None = None
    ) -> None:
        """Give a free human seat to ``nickname``, whose token hashes to ``token_hash`` (and
        who is ``player``, if he came with his key).

        Atomic: of two claims of one seat, one wins and the other raises :class:`SeatTaken`.
        """
        with self._sessions.begin() as session:
            # On the connection: a plain UPDATE that says how many rows it changed.
            claimed = session.connection().execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == HUMAN,
                    SeatRow.token_hash.is_(None),
                )
                .values(
                    nickname=nickname, token_hash=token_hash, claimed_at=_now(), player_id=player
                )
            )
            if claimed.rowcount == 1:
                return
            _check_table(session, table_id)
            row = session.get(SeatRow, (table_id, seat))
        if row is None:
            raise SeatTaken(f"table {table_id!r} has no seat {seat}")
        if row.kind != HUMAN:
            raise SeatTaken(f"seat {seat} of table {table_id!r} is a computer's")
        raise SeatTaken(f"seat {seat} of table {table_id!r} is taken by {row.nickname!r}")

    def append(self, table_id: str, action: StoredAction) -> None:
        """Add ``action`` to the table's log; it is on disk when this returns.

        Raises :class:`DuplicateAction` if its number or its seat's message id is already in
        the log (nothing is stored then), and ValueError if its number would leave a gap.
        """
        self.append_many(table_id, [action])

    def append_many(
        self, table_id: str, actions: Sequence[StoredAction], result: MatchResult | None = None
    ) -> None:
        """Add ``actions`` to the table's log in one transaction: all of them or none (a
        human's move and the computer moves it sets off), with the match's ``result`` if they
        end it. Refused as :meth:`append` would refuse one of them."""
        self.append_batches([(table_id, actions)], () if result is None else (result,))

    def append_batches(
        self,
        batches: Sequence[tuple[str, Sequence[StoredAction]]],
        results: Sequence[MatchResult] = (),
    ) -> None:
        """The actions of several tables in one transaction, one flush to disk for them all
        (the server's group commit): all or none, each batch refused as :meth:`append_many`
        would refuse it. The ``results`` of the matches they end go in the same transaction,
        each once (:func:`ramino.server.players.record_result`)."""
        batches = [(table_id, actions) for table_id, actions in batches if actions]
        if not batches:
            return
        try:
            # Core, not the ORM: one query and one INSERT of many rows is all the server's
            # writer does, and the constraints refuse what they can (bench/server_load.py).
            with self._engine.begin() as connection:
                _append(connection, batches)
                if results:
                    from .players import record_result

                    for result in results:
                        record_result(connection, result)
        except IntegrityError as error:
            with self._engine.connect() as connection:
                refusal = _refusal(connection, batches)
            raise refusal from error

    def find_message(self, table_id: str, seat: int, msg_id: str) -> StoredAction | None:
        """The action stored for message ``msg_id`` of ``seat`` (a client sending it again), or
        None if there is none (or no such table)."""
        with self._sessions() as session:
            row = session.scalar(
                select(ActionRow).where(
                    ActionRow.table_id == table_id,
                    ActionRow.seat == seat,
                    ActionRow.msg_id == msg_id,
                )
            )
            return None if row is None else _stored_action(row)

    def table(self, table_id: str) -> StoredTable:
        """The table ``table_id`` with its seats and its log in order."""
        with self._sessions() as session:
            row = session.get(
                TableRow,
                table_id,
                options=[selectinload(TableRow.seats), selectinload(TableRow.actions)],
            )
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            return _stored_table(row)

    def tables(self) -> Iterator[StoredTable]:
        """Every table, oldest first, with its seats and its log in order: what a server
        replays when it starts. Read a few tables at a time, not all at once."""
        with self._sessions() as session:
            rows = session.scalars(
                select(TableRow)
                .options(selectinload(TableRow.seats), selectinload(TableRow.actions))
                .order_by(TableRow.created_at, TableRow.id)
                .execution_options(yield_per=_BATCH)
            )
            # Closed before the session, also when the reader stops half way: PostgreSQL's
            # cursor for it lives on the server and must go before its connection does.
            with rows:
                for row in rows:
                    yield _stored_table(row)

    def delete_tables(self, table_ids: Sequence[str]) -> None:
        """Remove the tables ``table_ids`` with their seats and logs (unknown ids are
        ignored): the server's tables that expired waiting for players."""
        if not table_ids:
            return
        with self._engine.begin() as connection:
            for model in (MatchSeatRow, MatchRow, ActionRow, SeatRow, LeaseRow, ChatRow):
                connection.execute(delete(model).where(model.table_id.in_(table_ids)))
            connection.execute(delete(TableRow).where(TableRow.id.in_(table_ids)))

    def chat_lines(self, table_id: str, last: int) -> list[StoredChatLine]:
        """The table's ``last`` newest chat lines, oldest first."""
        with self._sessions() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.number.desc())
                .limit(last)
            ).all()
            return [_stored_line(row) for row in reversed(rows)]

    def add_chat_line(self, table_id: str, line: StoredChatLine) -> None:
        """Keep a line of the table's chat; raises :class:`DuplicateAction` if its number is
        taken (another process wrote one meanwhile), :class:`UnknownTable` for no table."""
        row = ChatRow(
            table_id=table_id,
            number=line.number,
            seat=line.seat,
            name=line.name,
            text=line.text,
            phrase=line.phrase,
            said_at=line.said_at,
        )
        try:
            with self._sessions.begin() as session:
                _check_table(session, table_id)
                session.add(row)
        except IntegrityError as error:
            raise DuplicateAction(
                f"chat line {line.number} of table {table_id!r} is already kept"
            ) from error

    def report(self, table_id: str, line: StoredChatLine, reporter_seat: int, reporter: str) -> int:
        """Keep ``line`` of the table's chat, reported by ``reporter``, for whoever runs the
        site; the report's number."""
        row = ReportRow(
            table_id=table_id,
            line=line.number,
            seat=line.seat,
            name=line.name,
            text=line.text,
            phrase=line.phrase,
            said_at=line.said_at,
            reporter_seat=reporter_seat,
            reporter=reporter,
            reported_at=_now(),
        )
        with self._sessions.begin() as session:
            session.add(row)
            session.flush()
            return row.id

    def reports(self, limit: int) -> list[dict[str, Any]]:
        """The ``limit`` newest reports of chat lines, newest first."""
        with self._sessions() as session:
            rows = session.scalars(
                select(ReportRow).order_by(ReportRow.id.desc()).limit(limit)
            ).all()
            return [
                {
                    "report": row.id,
                    "table": row.table_id,
                    "line": row.line,
                    "seat": row.seat,
                    "name": row.name,
                    "text": row.text,
                    "phrase": row.phrase,
                    "said_at": row.said_at,
                    "reporter_seat": row.reporter_seat,
                    "reporter": row.reporter,
                    "reported_at": row.reported_at,
                }
                for row in rows
            ]

    def waiting_listed(self) -> list[tuple[StoredTable, int, datetime]]:
        """Every listed table with a free seat, oldest first: its spec and seats (no actions),
        its version (the number of its log's actions) and when it was created."""
        free = (
            select(SeatRow.table_id)
            .where(SeatRow.kind == HUMAN, SeatRow.token_hash.is_(None))
            .distinct()
        )
        versions = (
            select(func.count(ActionRow.number))
            .where(ActionRow.table_id == TableRow.id)
            .scalar_subquery()
        )
        with self._sessions() as session:
            rows = session.execute(
                select(TableRow, versions)
                .where(TableRow.listed, TableRow.id.in_(free))
                .options(selectinload(TableRow.seats))
                .order_by(TableRow.created_at, TableRow.id)
            ).all()
            return [
                (
                    StoredTable(
                        row.id,
                        json.loads(row.spec),
                        tuple(_stored_seat(seat) for seat in row.seats),
                        (),
                    ),
                    version,
                    row.created_at,
                )
                for row, version in rows
            ]

    def count_tables(self) -> int:
        """How many tables the store holds."""
        with self._sessions() as session:
            return session.scalar(select(func.count(TableRow.id))) or 0

    def listed(self) -> list[tuple[str, dict[str, Any]]]:
        """The id and spec of every table whose spec has ``"listed": true``, newest first."""
        with self._sessions() as session:
            rows = session.execute(
                select(TableRow.id, TableRow.spec)
                .where(TableRow.listed)
                .order_by(TableRow.created_at.desc(), TableRow.id.desc())
            )
            return [(table_id, json.loads(spec)) for table_id, spec in rows]


def _engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite, with every connection set to keep each commit."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # A connection dropped by the server (a restart of PostgreSQL) is replaced, not used.
        return create_engine(parsed, pool_pre_ping=True)
    if parsed.database in (None, "", ":memory:") or parsed.query.get("mode") == "memory":
        raise ValueError(
            "an in-memory SQLite database survives no restart and is not shared between"
            " threads: give the store a file"
        )
    # The pool hands a connection to whichever thread asks next.
    engine = create_engine(parsed, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _keep_commits)
    return engine


def _keep_commits(connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    # WAL: readers do not wait for the writer. synchronous=FULL: a commit waits until the log is
    # on disk, so an acknowledged move survives a power cut, not only a crash of the server.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _now() -> datetime:
    return datetime.now(UTC)


def _check_table(session: Session, table_id: str) -> None:
    if session.scalar(select(TableRow.id).where(TableRow.id == table_id)) is None:
        raise UnknownTable(f"no table {table_id!r}")


# The statements of the writer's every batch, built once: building a statement and its cache
# key on every call was much of the writer's work.
_LAST_NUMBERS = (
    select(ActionRow.table_id, func.max(ActionRow.number))
    .where(ActionRow.table_id.in_(bindparam("tables", expanding=True)))
    .group_by(ActionRow.table_id)
)
_INSERT_ACTIONS = insert(ActionRow)
_TABLE_EXISTS = select(TableRow.id).where(TableRow.id == bindparam("table"))
_MESSAGE_NUMBER = select(ActionRow.number).where(
    ActionRow.table_id == bindparam("table"),
    ActionRow.seat == bindparam("seat"),
    ActionRow.msg_id == bindparam("msg_id"),
)


def _check_numbers(table_id: str, last: int, actions: Sequence[StoredAction]) -> None:
    """Raise unless ``actions`` are numbered on from ``last`` with no gap."""
    expected = last + 1
    for action in actions:
        if action.number < expected:
            raise DuplicateAction(
                f"action {action.number} is already in the log of table {table_id!r}"
                f" (the next one is {expected})"
            )
        if action.number > expected:
            raise ValueError(
                f"action {action.number} would leave a gap in the log of table {table_id!r}"
                f" (the next one is {expected})"
            )
        expected += 1


def _stored_action(row: ActionRow) -> StoredAction:
    return StoredAction(row.number, row.seat, row.action, row.msg_id)


def _stored_line(row: ChatRow) -> StoredChatLine:
    return StoredChatLine(row.number, row.seat, row.name, row.text, row.phrase, row.said_at)


def _stored_seat(seat: SeatRow) -> StoredSeat:
    return StoredSeat(
        seat.seat, seat.kind, seat.nickname, seat.level, seat.token_hash, seat.player_id
    )


def _stored_table(row: TableRow) -> StoredTable:
    return StoredTable(
        row.id,
        json.loads(row.spec),
        tuple(_stored_seat(seat) for seat in row.seats),
        tuple(_stored_action(action) for action in row.actions),
        row.created_at,
    )


def _append(connection: Connection, batches: Sequence[tuple[str, Sequence[StoredAction]]]) -> None:
    """Add each batch of actions to its table's log within ``connection``'s transaction.

    The numbers are checked against one query for every table's last; the rest is the
    constraints' work: an unknown table fails its foreign key, a message id used again its
    unique key (IntegrityError, which :func:`_refusal` explains)."""
    tables = list(dict.fromkeys(table_id for table_id, _ in batches))
    last: dict[str, int] = dict(connection.execute(_LAST_NUMBERS, {"tables": tables}).all())
    now = _now()
    rows: list[dict[str, Any]] = []
    for table_id, actions in batches:
        known = last.get(table_id, 0)
        if known == 0 and connection.scalar(_TABLE_EXISTS, {"table": table_id}) is None:
            # A new log: its table must exist (a foreign key would say so, less clearly).
            raise UnknownTable(f"no table {table_id!r}")
        _check_numbers(table_id, known, actions)
        last[table_id] = actions[-1].number
        rows.extend(
            {
                "table_id": table_id,
                "number": action.number,
                "seat": action.seat,
                "action": action.action,
                "msg_id": action.msg_id,
                "recorded_at": now,
            }
            for action in actions
        )
    connection.execute(_INSERT_ACTIONS, rows)


def _refusal(
    connection: Connection, batches: Sequence[tuple[str, Sequence[StoredAction]]]
) -> StoreError:
    """Why the constraints refused ``batches``, as the log says now."""
    for table_id, actions in batches:
        if connection.scalar(_TABLE_EXISTS, {"table": table_id}) is None:
            return UnknownTable(f"no table {table_id!r}")
        messages: dict[tuple[int, str], int] = {}
        for action in actions:
            if action.msg_id is None:
                continue
            key = (action.seat, action.msg_id)
            earlier = messages.get(key) or connection.scalar(
                _MESSAGE_NUMBER, {"table": table_id, "seat": action.seat, "msg_id": action.msg_id}
            )
            if earlier is not None:
                return DuplicateAction(
                    f"message {action.msg_id!r} of seat {action.seat} is already action"
                    f" {earlier} of table {table_id!r}"
                )
            messages[key] = action.number
    # Another writer was quicker (another server process, on PostgreSQL).
    if len(batches) == 1:
        table_id, actions = batches[0]
        return DuplicateAction(
            f"the log of table {table_id!r} changed meanwhile: actions"
            f" {actions[0].number}–{actions[-1].number} clash with it"
        )
    tables = ", ".join(repr(table_id) for table_id, _ in batches)
    return DuplicateAction(f"the logs of tables {tables} changed meanwhile: the batch clashes")
