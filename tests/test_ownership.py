"""Leases of tables among ``ramino serve`` processes on one PostgreSQL database: a table has one
live owner at most; an owner keeps all its tables by renewing its one row; a dead owner's
tables (its row not renewed, or handed over) are taken by a claim or a takeover, and never
while it lives; a lease given to another process is that process's at once."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("psycopg")

from ramino.server.ownership import Lease, Leases
from ramino.server.store import Store, StoredSeat

pytestmark = pytest.mark.once

SPEC: dict[str, Any] = {"rules": {"name": "classico"}, "seed": "00ff", "listed": False}
SEATS = (
    StoredSeat(0, "human", None, None, None),
    StoredSeat(1, "computer", "Ada", "esperto", None),
)


@pytest.fixture
def store(postgres_url: str) -> Iterator[Store]:
    opened = Store(postgres_url)
    yield opened
    opened.close()


def tables(store: Store, count: int) -> list[str]:
    made = [uuid.uuid4().hex for _ in range(count)]
    for table_id in made:
        store.create_table(table_id, SPEC, SEATS)
    return made


def process(store: Store, name: str) -> Leases:
    return Leases(store, name, f"http://{name}")


def owner_rows(store: Store) -> int:
    with store.engine.connect() as connection:
        return int(connection.exec_driver_sql("SELECT count(*) FROM owners").scalar_one())


def test_a_table_has_one_live_owner_and_an_owner_renews_one_row(store: Store) -> None:
    a, b = process(store, "a"), process(store, "b")
    mine = tables(store, 5)
    assert all(a.claim(t) for t in mine)
    assert not b.claim(mine[0])
    assert b.owner_of(mine[0]) == Lease("a", "http://a")
    # However many tables, an owner keeps them alive with its one row (b has one too: it
    # asked).
    assert a.renew() == set(mine) and owner_rows(store) == 2
    assert a.claim(mine[0])  # ours already
    assert not a.claim("no-such-table")


def test_a_dead_owners_tables_are_taken_and_only_then(store: Store) -> None:
    a, b, c = process(store, "a"), process(store, "b"), process(store, "c")
    mine = tables(store, 6)
    for table_id in mine:
        a.claim(table_id)
    assert b.claim_expired(10) == []
    a.hand_over()  # as a process stopping: its row dies at once
    assert a.owner_of(mine[0]) is None
    assert b.claim(mine[0])
    taken = c.claim_expired(3)
    assert len(taken) == 3 and mine[0] not in taken
    rest = set(b.claim_expired(10))
    assert rest | set(taken) | {mine[0]} == set(mine)
    # A renewal brings the stopped process's row back, not the tables taken meanwhile.
    assert a.renew() == set()
    assert {c.owner_of(t) for t in taken} == {Lease("c", "http://c")}


def test_a_lease_given_is_the_takers_at_once_and_one_handed_over_is_anyones(store: Store) -> None:
    a, b = process(store, "a"), process(store, "b")
    given, kept = tables(store, 2)
    a.claim(given)
    a.claim(kept)
    # b has never renewed: the lease given holds all the same.
    assert a.give(given, "b", "http://b")
    assert a.owner_of(given) == Lease("b", "http://b")
    assert not a.give(given, "b", "http://b")  # not ours any more
    assert a.renew() == {kept}
    a.hand_over([kept])
    assert a.owner_of(kept) is None and b.claim_expired(5) == [kept]


def test_a_table_let_go_has_no_lease_until_claimed_again(store: Store) -> None:
    a, b = process(store, "a"), process(store, "b")
    (table_id,) = tables(store, 1)
    a.claim(table_id)
    a.let_go([table_id])
    assert a.owner_of(table_id) is None and b.claim_expired(5) == []
    assert b.claim(table_id)
