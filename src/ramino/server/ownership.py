"""Which process owns which table, when several ``ramino serve`` processes share one PostgreSQL
database: a lease per table (its owner and the owner's address), held while the owner's own row
is alive, all kept in the database, the truth, so that Redis going away never leaves a table
with two owners.

An owner renews its one row every :data:`RENEW_SECONDS`, whatever the number of its tables; a
row not renewed for :data:`LEASE_SECONDS` (its process killed, or cut off) lets any other
process claim that process's tables, and rebuild each from its log. A process that stops hands
its tables over by letting its row expire at once; an owner whose table's clients reach another
process (nginx sends each table's to one) gives that process the lease. The log guards the
rest: two processes never store the same move number of a table, so a late owner's move is
refused, never stored twice.

Times are the database's (``now()``), so the machines' clocks need not agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Connection, delete, exists, func, select, update
from sqlalchemy.dialects.postgresql import insert

from .store import LeaseRow, OwnerRow, Store, TableRow

__all__ = ["CLOSE_MOVED", "LEASE_SECONDS", "RENEW_SECONDS", "Elsewhere", "Lease", "Leases"]

#: How long an owner's row holds without being renewed: a dead process's tables wait this long
#: at most.
LEASE_SECONDS = 5.0
#: How often an owner renews its row.
RENEW_SECONDS = 1.0
#: Close code of a socket whose table moved to another process (1012, "service restart"): the
#: client connects again and reaches the new owner.
CLOSE_MOVED = 1012
#: An owner's row dead this long, with no lease left, is deleted.
_FORGET_OWNERS = timedelta(hours=1)

#: A lease whose owner is alive.
_HELD = exists().where(OwnerRow.id == LeaseRow.owner, OwnerRow.expires_at >= func.now())


@dataclass(frozen=True, slots=True)
class Lease:
    """A table's owner and where to reach it."""

    owner: str
    address: str


class Elsewhere(Exception):
    """The table is owned by another process, reachable at ``lease.address``."""

    def __init__(self, lease: Lease) -> None:
        super().__init__(lease.address)
        self.lease = lease


class Leases:
    """The leases of one process (``owner``, reachable at ``address``) in ``store``'s
    database. Every call is one short transaction; call them from a thread, not the loop."""

    def __init__(self, store: Store, owner: str, address: str) -> None:
        self._engine = store.engine
        self.owner = owner
        self.address = address
        self._ttl = timedelta(seconds=LEASE_SECONDS)

    def _alive(self, connection: Connection, owner: str, address: str) -> None:
        """Keep ``owner``'s row alive for another lease's time (never shortened: a row
        renewed by its own process may already run later)."""
        inserting = insert(OwnerRow).values(
            id=owner, address=address, expires_at=func.now() + self._ttl
        )
        connection.execute(
            inserting.on_conflict_do_update(
                index_elements=[OwnerRow.id],
                set_={
                    "address": inserting.excluded.address,
                    "expires_at": func.greatest(OwnerRow.expires_at, inserting.excluded.expires_at),
                },
            )
        )

    def claim(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody does (or its owner is dead, or it is ours already):
        whether it is ours now."""
        values = {"table_id": table_id, "owner": self.owner, "address": self.address}
        taking = (
            update(LeaseRow)
            .where(LeaseRow.table_id == table_id, (LeaseRow.owner == self.owner) | ~_HELD)
            .values(owner=self.owner, address=self.address)
            .returning(LeaseRow.table_id)
        )
        with self._engine.begin() as connection:
            if connection.scalar(select(TableRow.id).where(TableRow.id == table_id)) is None:
                return False
            self._alive(connection, self.owner, self.address)
            # A new lease; else one of ours already, or a dead owner's, taken over.
            new = insert(LeaseRow).values(values).on_conflict_do_nothing()
            if connection.execute(new.returning(LeaseRow.table_id)).first() is not None:
                return True
            return connection.scalar(taking) is not None

    def claim_expired(self, limit: int) -> list[str]:
        """Own up to ``limit`` tables whose owner is dead (a killed or stopped process's),
        chosen at random so that the living share them out."""
        expired = (
            select(LeaseRow.table_id)
            .where(~_HELD)
            .order_by(func.random())
            .limit(limit)
            .with_for_update(skip_locked=True, of=LeaseRow)
        )
        with self._engine.begin() as connection:
            found = list(connection.scalars(expired))
            if not found:
                return []
            self._alive(connection, self.owner, self.address)
            connection.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id.in_(found))
                .values(owner=self.owner, address=self.address)
            )
        return found

    def renew(self) -> set[str]:
        """Renew this process's row, the lease of all its tables at once; return the tables
        still ours (another process may have taken some while our row was dead)."""
        with self._engine.begin() as connection:
            self._alive(connection, self.owner, self.address)
            # Processes long gone, with nothing left to take over, are forgotten.
            connection.execute(
                delete(OwnerRow).where(
                    OwnerRow.expires_at < func.now() - _FORGET_OWNERS,
                    ~exists().where(LeaseRow.owner == OwnerRow.id),
                )
            )
            return set(
                connection.scalars(select(LeaseRow.table_id).where(LeaseRow.owner == self.owner))
            )

    def owner_of(self, table_id: str) -> Lease | None:
        """The live owner of ``table_id``, if it has one."""
        with self._engine.connect() as connection:
            row = connection.execute(
                select(LeaseRow.owner, LeaseRow.address).where(LeaseRow.table_id == table_id, _HELD)
            ).first()
        return None if row is None else Lease(row.owner, row.address)

    def give(self, table_id: str, owner: str, address: str) -> bool:
        """Give our lease of ``table_id`` to ``owner`` (reachable at ``address``, alive: it
        asked for the table): whether it was ours to give."""
        with self._engine.begin() as connection:
            given = connection.scalar(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id, LeaseRow.owner == self.owner)
                .values(owner=owner, address=address)
                .returning(LeaseRow.table_id)
            )
            if given is None:
                return False
            # Alive from now, even before its own first renewal.
            self._alive(connection, owner, address)
        return True

    def hand_over(self, table_ids: Sequence[str] | None = None) -> None:
        """Let our leases of ``table_ids`` (all, by our row's death, if None) expire now: any
        process may take those tables at once."""
        with self._engine.begin() as connection:
            if table_ids is None:
                connection.execute(
                    update(OwnerRow)
                    .where(OwnerRow.id == self.owner)
                    .values(expires_at=func.now() - self._ttl)
                )
                return
            # A lease of nobody's (no owner has the empty name): anyone takes it.
            connection.execute(
                update(LeaseRow)
                .where(LeaseRow.owner == self.owner, LeaseRow.table_id.in_(table_ids))
                .values(owner="", address="")
            )

    def let_go(self, table_ids: Sequence[str]) -> None:
        """Drop our leases of ``table_ids``: nobody need own them until someone comes to them
        (a match over, a table gone)."""
        if not table_ids:
            return
        with self._engine.begin() as connection:
            connection.execute(
                delete(LeaseRow).where(
                    LeaseRow.owner == self.owner, LeaseRow.table_id.in_(table_ids)
                )
            )
