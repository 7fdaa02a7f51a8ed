"""Which process owns which table, when several ``ramino serve`` processes share one PostgreSQL
database: a lease per table (its owner, the owner's address, when it expires), kept in the
database, the truth, so that Redis going away never leaves a table with two owners.

An owner renews all its leases at once every :data:`RENEW_SECONDS`; a lease not renewed for
:data:`LEASE_SECONDS` (its owner killed, or cut off) may be claimed by any other process, which
rebuilds the table from its log. A process that stops hands its tables over by letting their
leases expire at once; an owner whose table's clients reach another process (nginx sends each
table's to one) gives that process the lease. The log guards the rest: two processes never
store the same move number of a table, so a late owner's move is refused, never stored twice.

Times are the database's (``now()``), so the machines' clocks need not agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert

from .store import LeaseRow, Store, TableRow

__all__ = ["CLOSE_MOVED", "LEASE_SECONDS", "RENEW_SECONDS", "Elsewhere", "Lease", "Leases"]

#: How long a lease holds without being renewed: a dead owner's tables wait this long at most.
LEASE_SECONDS = 5.0
#: How often an owner renews its leases.
RENEW_SECONDS = 1.0
#: Close code of a socket whose table moved to another process (1012, "service restart"): the
#: client connects again and reaches the new owner.
CLOSE_MOVED = 1012


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

    def claim(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody does (or its owner's lease has expired, or it is ours
        already): whether it is ours now."""
        row = {
            "table_id": table_id,
            "owner": self.owner,
            "address": self.address,
            "expires_at": func.now() + self._ttl,
        }
        inserting = insert(LeaseRow).values(row)
        statement = inserting.on_conflict_do_update(
            index_elements=[LeaseRow.table_id],
            set_={
                "owner": inserting.excluded.owner,
                "address": inserting.excluded.address,
                "expires_at": inserting.excluded.expires_at,
            },
            where=(LeaseRow.expires_at < func.now()) | (LeaseRow.owner == self.owner),
        ).returning(LeaseRow.table_id)
        with self._engine.begin() as connection:
            if connection.scalar(select(TableRow.id).where(TableRow.id == table_id)) is None:
                return False
            return connection.scalar(statement) is not None

    def claim_expired(self, limit: int) -> list[str]:
        """Own up to ``limit`` tables whose owner's lease has expired (a dead or stopped
        process's), chosen at random so that the living share them out."""
        expired = (
            select(LeaseRow.table_id)
            .where(LeaseRow.expires_at < func.now())
            .order_by(func.random())
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        with self._engine.begin() as connection:
            found = list(connection.scalars(expired))
            if not found:
                return []
            connection.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id.in_(found))
                .values(owner=self.owner, address=self.address, expires_at=func.now() + self._ttl)
            )
        return found

    def renew(self) -> set[str]:
        """Renew every lease of ours; return the tables still ours (another process may have
        taken one whose lease had expired)."""
        with self._engine.begin() as connection:
            renewed = connection.scalars(
                update(LeaseRow)
                .where(LeaseRow.owner == self.owner)
                .values(expires_at=func.now() + self._ttl)
                .returning(LeaseRow.table_id)
            )
            return set(renewed)

    def owner_of(self, table_id: str) -> Lease | None:
        """The live owner of ``table_id``, if it has one."""
        with self._engine.connect() as connection:
            row = connection.execute(
                select(LeaseRow.owner, LeaseRow.address).where(
                    LeaseRow.table_id == table_id, LeaseRow.expires_at >= func.now()
                )
            ).first()
        return None if row is None else Lease(row.owner, row.address)

    def give(self, table_id: str, owner: str, address: str) -> bool:
        """Give our lease of ``table_id`` to ``owner`` (reachable at ``address``), renewed for
        it: whether it was ours to give."""
        with self._engine.begin() as connection:
            given = connection.scalar(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id, LeaseRow.owner == self.owner)
                .values(owner=owner, address=address, expires_at=func.now() + self._ttl)
                .returning(LeaseRow.table_id)
            )
        return given is not None

    def hand_over(self, table_ids: Sequence[str] | None = None) -> None:
        """Let our leases of ``table_ids`` (all, if None) expire now: any process may take
        those tables at once."""
        statement = update(LeaseRow).where(LeaseRow.owner == self.owner)
        if table_ids is not None:
            statement = statement.where(LeaseRow.table_id.in_(table_ids))
        with self._engine.begin() as connection:
            connection.execute(statement.values(expires_at=func.now() - self._ttl))

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
