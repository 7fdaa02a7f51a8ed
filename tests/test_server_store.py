"""The store of ``ramino serve``: tables read back as written, refusals that change nothing, one
seat per claim, all-or-nothing batches, a schema that matches its models, and no acknowledged
action lost when the writing process is killed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from sqlalchemy.exc import IntegrityError

import ramino
from ramino.server.store import (
    Base,
    DuplicateAction,
    SeatTaken,
    Store,
    StoredAction,
    StoredSeat,
    StoredTable,
    UnknownTable,
    default_url,
)

pytestmark = pytest.mark.once

SEATS = (
    StoredSeat(0, "human", None, None, None),
    StoredSeat(1, "human", None, None, None),
    StoredSeat(2, "computer", "Ada", "esperto", None),
)
SPEC: dict[str, Any] = {"rules": {"name": "classico"}, "seed": "00ff", "listed": False}
HASH = "a" * 64


def new_id() -> str:
    # Unique ids, so that the tests can share one PostgreSQL database.
    return uuid.uuid4().hex


def draw(number: int, seat: int = 0, msg_id: str | None = None) -> StoredAction:
    return StoredAction(number, seat, "draw", msg_id)


@pytest.fixture
def url(database_url: str) -> str:
    return database_url


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


@pytest.fixture
def table_id(store: Store) -> str:
    created = new_id()
    store.create_table(created, SPEC, SEATS)
    return created


def test_a_table_reads_back_as_created(store: Store, table_id: str) -> None:
    assert store.table(table_id) == StoredTable(table_id, SPEC, SEATS, ())


def test_actions_read_back_in_order(store: Store, table_id: str) -> None:
    actions = [draw(1, 0, "m1"), StoredAction(2, 0, "discard KS", "m2"), draw(3, 2)]
    store.append(table_id, actions[0])
    store.append_many(table_id, actions[1:])
    assert store.table(table_id).actions == tuple(actions)


def test_the_spec_is_json(store: Store) -> None:
    spec = {"rules": {"name": "scala40", "jokers": 4, "opening": None}, "timer": 30.5, "x": [1]}
    created = new_id()
    store.create_table(created, spec, SEATS)
    assert store.table(created).spec == spec
    with pytest.raises(TypeError):
        store.create_table(new_id(), {"seed": b"bytes are not JSON"}, SEATS)


def test_seats_are_numbered_from_0(store: Store) -> None:
    with pytest.raises(ValueError, match="numbered"):
        store.create_table(new_id(), SPEC, SEATS[1:])


def test_a_table_id_is_used_once(store: Store, table_id: str) -> None:
    with pytest.raises(ValueError, match="already exists"):
        store.create_table(table_id, {"other": True}, SEATS[:2])
    assert store.table(table_id).spec == SPEC


def test_a_seat_is_claimed_once(store: Store, table_id: str) -> None:
    store.claim_seat(table_id, 1, "Lucia", HASH)
    with pytest.raises(SeatTaken, match="taken by 'Lucia'"):
        store.claim_seat(table_id, 1, "Marco", "b" * 64)
    seats = store.table(table_id).seats
    assert seats[1] == StoredSeat(1, "human", "Lucia", None, HASH)
    assert seats[0] == SEATS[0]


def test_only_a_human_seat_that_exists_is_claimed(store: Store, table_id: str) -> None:
    with pytest.raises(SeatTaken, match="computer"):
        store.claim_seat(table_id, 2, "Lucia", HASH)
    with pytest.raises(SeatTaken, match="no seat 3"):
        store.claim_seat(table_id, 3, "Lucia", HASH)
    assert store.table(table_id).seats == SEATS


def test_an_unknown_table(store: Store) -> None:
    with pytest.raises(UnknownTable):
        store.table("nowhere")
    with pytest.raises(UnknownTable):
        store.claim_seat("nowhere", 0, "Lucia", HASH)
    with pytest.raises(UnknownTable):
        store.append("nowhere", draw(1))
    assert store.find_message("nowhere", 0, "m1") is None


def test_a_used_number_is_refused(store: Store, table_id: str) -> None:
    store.append_many(table_id, [draw(1, 0, "m1"), draw(2, 2)])
    with pytest.raises(DuplicateAction, match="action 2 is already in the log"):
        store.append(table_id, StoredAction(2, 1, "discard KS", "m9"))
    assert store.table(table_id).actions == (draw(1, 0, "m1"), draw(2, 2))
    assert store.find_message(table_id, 1, "m9") is None


def test_a_used_message_id_is_refused(store: Store, table_id: str) -> None:
    store.append(table_id, draw(1, 0, "m1"))
    with pytest.raises(DuplicateAction, match="message 'm1' of seat 0 is already action 1"):
        store.append(table_id, draw(2, 0, "m1"))
    assert store.table(table_id).actions == (draw(1, 0, "m1"),)
    # The same id from another seat is another message; a move with no message has no id.
    store.append_many(table_id, [draw(2, 1, "m1"), draw(3, 2), draw(4, 2)])
    assert len(store.table(table_id).actions) == 4


def test_a_gap_in_the_log_is_refused(store: Store, table_id: str) -> None:
    store.append(table_id, draw(1))
    with pytest.raises(ValueError, match="gap"):
        store.append(table_id, draw(3))
    assert store.table(table_id).actions == (draw(1),)


@pytest.mark.parametrize(
    "batch",
    [
        [draw(3, 1, "m3"), draw(2, 2), draw(4, 2)],  # a used number in the middle
        [draw(3, 1, "m3"), draw(4, 0, "m1"), draw(5, 2)],  # a used message id in the middle
        [draw(3, 1, "m3"), draw(4, 1, "m3"), draw(5, 2)],  # one message id twice
        [draw(3, 1, "m3"), draw(5, 2)],  # a gap
    ],
)
def test_a_batch_is_all_or_nothing(store: Store, table_id: str, batch: list[StoredAction]) -> None:
    store.append_many(table_id, [draw(1, 0, "m1"), draw(2, 2)])
    with pytest.raises((DuplicateAction, ValueError)):
        store.append_many(table_id, batch)
    assert store.table(table_id).actions == (draw(1, 0, "m1"), draw(2, 2))
    assert store.find_message(table_id, 1, "m3") is None


def test_find_message(store: Store, table_id: str) -> None:
    store.append_many(
        table_id, [draw(1, 0, "m1"), draw(2, 2), StoredAction(3, 0, "discard KS", "m2")]
    )
    assert store.find_message(table_id, 0, "m2") == StoredAction(3, 0, "discard KS", "m2")
    assert store.find_message(table_id, 1, "m2") is None
    assert store.find_message(table_id, 0, "m3") is None


def test_listed_tables_newest_first(store: Store) -> None:
    ids = [new_id() for _ in range(4)]
    for number, created in enumerate(ids):
        store.create_table(created, {**SPEC, "listed": number != 1, "n": number}, SEATS)
    store.create_table(new_id(), {"no": "listed key"}, SEATS)
    listed = [(table, spec) for table, spec in store.listed() if table in ids]
    assert listed == [(ids[n], {**SPEC, "listed": True, "n": n}) for n in (3, 2, 0)]


def test_a_fresh_store_sees_everything(url: str) -> None:
    first = Store(url)
    ids = [new_id() for _ in range(3)]
    for number, created in enumerate(ids):
        first.create_table(created, {**SPEC, "n": number}, SEATS)
        first.claim_seat(created, 0, f"player {number}", HASH)
        first.append_many(created, [draw(n, 0, f"m{n}") for n in range(1, number + 2)])
    before = [first.table(created) for created in ids]
    first.close()

    second = Store(url)
    try:
        assert [second.table(created) for created in ids] == before
        # tables() gives every table, oldest first.
        assert [table for table in second.tables() if table.id in ids] == before
    finally:
        second.close()


def test_tables_streams_every_table(store: Store) -> None:
    # More tables than the store reads at a time.
    ids = [new_id() for _ in range(130)]
    for number, created in enumerate(ids):
        store.create_table(created, {"n": number}, SEATS[: 2 + number % 2])
        store.append_many(created, [draw(n, n % 2) for n in range(1, number % 5 + 2)])
    read = {table.id: table for table in store.tables()}
    for number, created in enumerate(ids):
        table = read[created]
        assert table.spec == {"n": number}
        assert table.seats == SEATS[: 2 + number % 2]
        assert [action.number for action in table.actions] == list(range(1, number % 5 + 2))


def test_a_half_read_tables_leaves_the_store_usable(store: Store, table_id: str) -> None:
    store.create_table(new_id(), SPEC, SEATS)
    tables = store.tables()
    next(tables)
    # The reading is left open, and writes go on.
    store.append(table_id, draw(1))
    assert store.table(table_id).actions == (draw(1),)
    del tables


def test_calls_from_many_threads(store: Store) -> None:
    ids = [new_id() for _ in range(8)]
    for created in ids:
        store.create_table(created, SPEC, SEATS)

    def play(created: str) -> None:
        for number in range(1, 21):
            store.append(created, draw(number, number % 2, f"m{number}"))

    claims: list[str] = []
    lock = threading.Lock()

    def claim(nickname: str) -> None:
        try:
            store.claim_seat(ids[0], 0, nickname, HASH)
        except SeatTaken:
            return
        with lock:
            claims.append(nickname)

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = [pool.submit(play, created) for created in ids]
        results += [pool.submit(claim, f"player {n}") for n in range(8)]
        for result in results:
            result.result()
    assert len(claims) == 1
    assert store.table(ids[0]).seats[0].nickname == claims[0]
    for created in ids:
        assert [action.number for action in store.table(created).actions] == list(range(1, 21))


def test_the_migration_matches_the_models(url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import create_engine

    Store(url).close()
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection)
            assert context.get_current_revision() == "0010"
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_the_migration_goes_down_and_up_again(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import create_engine, inspect

    from ramino.server.migrations import config, upgrade

    url = default_url(tmp_path)
    Store(url).close()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.downgrade(config(connection), "base")
        assert inspect(engine).get_table_names() == ["alembic_version"]
        upgrade(engine)
        assert sorted(inspect(engine).get_table_names()) == [
            "actions",
            "alembic_version",
            "chat",
            "leases",
            "match_seats",
            "matches",
            "owners",
            "players",
            "quick_tables",
            "quick_waits",
            "ratings",
            "reports",
            "seats",
            "tables",
        ]
    finally:
        engine.dispose()


def test_players_who_share_a_name_keep_it_when_names_are_held_alone(url: str) -> None:
    from alembic import command
    from sqlalchemy import create_engine, text

    from ramino.server.migrations import config, upgrade
    from ramino.server.players import Players

    Store(url).close()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.downgrade(config(connection), "0007")
            for number, name in enumerate(["Anna", "anna ", "Bruno"]):
                connection.execute(
                    text(
                        "INSERT INTO players (id, key_hash, name, created_at)"
                        " VALUES (:id, :hash, :name, CURRENT_TIMESTAMP)"
                    ),
                    {"id": f"p{number}", "hash": f"h{number}", "name": name},
                )
        upgrade(engine)
        with engine.connect() as connection:
            query = text("SELECT id, name, name_reading, name_key FROM players")
            rows = connection.execute(query).all()
        # The database holds a name held alone; one shared has no key, to stay theirs.
        assert sorted(tuple(row) for row in rows) == [
            ("p0", "Anna", "anna", None),
            ("p1", "anna ", "anna", None),
            ("p2", "Bruno", "bruno", "bruno"),
        ]
    finally:
        engine.dispose()
    # Both keep their name, and may write it again; nobody else may take it.
    store = Store(url)
    players = Players(store)
    assert players.rename("p1", "Anna").name == "Anna"
    assert players.rename("p0", "ANNA").name == "ANNA"
    for take in (lambda: players.rename("p2", "ANNA"), lambda: players.create("anna")):
        with pytest.raises(ramino.IllegalAction) as taken:
            take()
        assert taken.value.reason.value == "player_name_taken"
    # One of them leaves it: the other still holds it, and the database holds the new one.
    players.rename("p0", "Carla")
    with pytest.raises(ramino.IllegalAction):
        players.rename("p2", "Anna")
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        connection.execute(text("UPDATE players SET name_key = 'carla' WHERE id = 'p2'"))
    store.close()


def test_matches_stored_before_a_seat_could_have_left_say_nobody_left(url: str) -> None:
    from alembic import command
    from sqlalchemy import create_engine, text

    from ramino.server.migrations import config, upgrade

    store = Store(url)
    table = new_id()
    store.create_table(table, SPEC, SEATS)
    store.close()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            command.downgrade(config(connection), "0009")
            connection.execute(
                text(
                    "INSERT INTO matches (table_id, number, rules, rated, ended_at)"
                    " VALUES (:table, 1, 'classico', :rated, CURRENT_TIMESTAMP)"
                ),
                {"table": table, "rated": True},
            )
            for seat in range(2):
                connection.execute(
                    text(
                        "INSERT INTO match_seats (table_id, number, seat, name, placement, total)"
                        " VALUES (:table, 1, :seat, :name, :seat + 1, 0)"
                    ),
                    {"table": table, "seat": seat, "name": f"player {seat}"},
                )
        upgrade(engine)
        with engine.connect() as connection:
            query = text('SELECT seat, "left" FROM match_seats WHERE table_id = :table')
            rows = connection.execute(query, {"table": table}).all()
        assert sorted((seat, bool(left)) for seat, left in rows) == [(0, False), (1, False)]
    finally:
        engine.dispose()


@pytest.mark.parametrize("second", ["renamed", "new"])
def test_two_players_who_take_one_name_at_once_never_both_have_it(
    url: str, second: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import text

    from ramino.server import players as module

    store = Store(url)
    players = module.Players(store)
    anna, _ = players.create("Anna")
    bruno, _ = players.create("Bruno")
    # Each finds the name free before either writes it: the race the check alone loses.
    both_looked = threading.Barrier(2, timeout=30)
    check = module.check_name_free

    def looked(*args: Any) -> None:
        check(*args)
        both_looked.wait()

    monkeypatch.setattr(module, "check_name_free", looked)
    takes = [lambda: players.rename(anna.id, "Zoé")]
    if second == "renamed":
        takes.append(lambda: players.rename(bruno.id, "ZOE"))
    else:
        takes.append(lambda: players.create("zoe"))
    outcomes = []
    with ThreadPoolExecutor(2) as pool:
        for done in [pool.submit(take) for take in takes]:
            try:
                done.result()
                outcomes.append("took")
            except ramino.IllegalAction as refused:
                outcomes.append(refused.reason.value)
    assert sorted(outcomes) == ["player_name_taken", "took"]
    with store.engine.connect() as connection:
        query = text("SELECT count(*) FROM players WHERE name_reading = 'zoe'")
        assert connection.scalar(query) == 1
    store.close()


def test_an_in_memory_database_is_refused() -> None:
    with pytest.raises(ValueError, match="in-memory"):
        Store("sqlite://")


def test_default_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_url(tmp_path) == f"sqlite:///{tmp_path}/ramino.db"
    monkeypatch.chdir(tmp_path)
    assert default_url() == f"sqlite:///{tmp_path}/ramino.db"


def test_the_sqlite_file_keeps_a_write_ahead_log(tmp_path: Path) -> None:
    Store(default_url(tmp_path)).close()
    with closing(sqlite3.connect(tmp_path / "ramino.db")) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


# Appends until killed, printing each number once its append has returned.
WRITER = """
import sys
from ramino.server.store import Store, StoredAction

store = Store(sys.argv[1])
number = 0
while True:
    number += 1
    store.append(sys.argv[2], StoredAction(number, number % 2, "draw", f"m{number}"))
    print(number, flush=True)
"""


@pytest.mark.slow
def test_a_killed_writer_loses_no_acknowledged_action(tmp_path: Path) -> None:
    url = default_url(tmp_path)
    store = Store(url)
    created = new_id()
    store.create_table(created, SPEC, SEATS)
    store.close()

    source = str(Path(ramino.__file__).parent.parent)
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": source if not path else os.pathsep.join([source, path])}
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, url, created],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    # Should the writer hang, the reading below ends all the same.
    watchdog = threading.Timer(60, writer.kill)
    watchdog.start()
    acknowledged: list[int] = []
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            acknowledged.append(int(line))
            if len(acknowledged) == 40:
                # Mid-run: the writer is busy with its next append.
                os.kill(writer.pid, signal.SIGKILL)
                break
        # What it printed before it died.
        acknowledged += [int(line) for line in writer.stdout]
    finally:
        watchdog.cancel()
        writer.kill()
        _, errors = writer.communicate(timeout=10)
    assert writer.returncode == -signal.SIGKILL, errors
    assert acknowledged[:40] == list(range(1, 41))

    store = Store(url)
    try:
        stored = [action.number for action in store.table(created).actions]
    finally:
        store.close()
    # Every acknowledged action is there; the one being written may or may not be.
    assert stored[: len(acknowledged)] == acknowledged
    assert len(stored) - len(acknowledged) in (0, 1)


def test_batches_of_several_tables_are_one_transaction(store: Store, table_id: str) -> None:
    other = new_id()
    store.create_table(other, SPEC, SEATS)
    store.append_batches(
        [(table_id, [StoredAction(1, 0, "draw", "a")]), (other, [StoredAction(1, 1, "take", None)])]
    )
    assert [a.action for a in store.table(table_id).actions] == ["draw"]
    assert [a.action for a in store.table(other).actions] == ["take"]
    # One wrong batch (a used number) and nothing of the others is stored either.
    with pytest.raises(DuplicateAction):
        store.append_batches(
            [
                (other, [StoredAction(2, 1, "discard KS", None)]),
                (table_id, [StoredAction(1, 0, "draw", "b")]),
            ]
        )
    assert len(store.table(other).actions) == 1 and len(store.table(table_id).actions) == 1


def test_a_batch_of_several_tables_is_refused_as_each_would_be(store: Store, table_id: str) -> None:
    other = new_id()
    store.create_table(other, SPEC, SEATS)
    store.append(other, draw(1, 0, "m1"))
    # A message id used again, an unknown table: said as for one table, and nothing stored.
    with pytest.raises(DuplicateAction, match="message 'm1' of seat 0 is already action 1"):
        store.append_batches([(table_id, [draw(1)]), (other, [draw(2, 0, "m1")])])
    with pytest.raises(UnknownTable, match="nowhere"):
        store.append_batches([(table_id, [draw(1)]), ("nowhere", [draw(1)])])
    assert store.table(table_id).actions == ()
    # One table twice in a batch: its second part goes on from its first.
    store.append_batches([(table_id, [draw(1)]), (other, [draw(2)]), (table_id, [draw(2, 1)])])
    assert store.table(table_id).actions == (draw(1), draw(2, 1))
    assert store.table(other).actions == (draw(1, 0, "m1"), draw(2))
