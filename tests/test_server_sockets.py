"""The server's sockets against a hostile client, on a real ``ramino serve`` process: caps on the
sockets of a seat, a table and a client, each refusal said; a socket that never reads dropped
without delaying anyone; one nonce a seat for each deal; a table nobody is at stops its clock;
names that read like a seated one refused, and the computer's mark only on the computer's.

The attacks (marked ``slow``) each run beside a bystander's table played at a person's pace,
which must keep its act->ack p99 under 100 ms, while the server's memory and log stay bounded;
bench/server_attacks.py runs them at full size."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from attacks import (
    abandoned,
    log_rows,
    never_reads,
    new_table,
    nonce_flood,
    open_play,
    open_watch,
    refusal_of,
    spectators,
    under_attack,
)
from ramino.server.sockets import (
    CLOSE_TOO_MANY,
    CLOSE_TOO_SLOW,
    MAX_SOCKETS_PER_SEAT,
    MAX_SOCKETS_PER_TABLE,
    MAX_SPECTATORS_PER_CLIENT,
    MAX_SPECTATORS_PER_TABLE,
    OUTBOX_BYTES,
    Outbox,
)
from serving import Server, receive

pytestmark = [pytest.mark.server]

#: The bystander's p99 act->ack while an attack runs.
P99_MS = 100.0
#: What the server's memory may grow by during an attack, in MiB.
MEMORY_MIB = 64.0


def lenient(url: str, tmp_path: Path) -> Iterator[Server]:
    """``ramino serve`` seeded, as in every server test, and letting this client create as many
    tables as the attacks need: the HTTP side's own limits are tested in test_server_limits.py."""
    pace = ["--tables-burst", "1000", "--tables-per-minute", "1000"]
    running = Server(url, tmp_path / "server.log", "--seed", "prove", *pace)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    yield from lenient(database_url, tmp_path)


@pytest.fixture
def attacked(tmp_path: Path) -> Iterator[Server]:
    """The server the attacks run on: they measure its sockets, not its database, so SQLite's
    serves (each attack takes a dozen seconds)."""
    yield from lenient(f"sqlite:///{tmp_path / 'ramino.db'}", tmp_path)


def first(connection: object) -> dict[str, object]:
    return json.loads(connection.recv(timeout=10))  # type: ignore[attr-defined]


def test_a_seat_has_at_most_its_cap_of_sockets_and_the_next_is_told_why(server: Server) -> None:
    table, token = new_table(server)
    held = [open_play(server, table, token) for _ in range(MAX_SOCKETS_PER_SEAT)]
    assert all(first(c)["type"] == "welcome" for c in held)
    extra = open_play(server, table, token)
    said, code = refusal_of(extra)
    assert code == CLOSE_TOO_MANY
    assert said is not None and said["reason"] == "too_many_sockets"
    assert said["message"]["it"].startswith("Troppe connessioni aperte: il tuo posto ne ha già 4")
    assert "your seat already has 4" in said["message"]["en"]
    # One closed, one may come.
    held.pop().close()
    time.sleep(0.3)
    again = open_play(server, table, token)
    assert first(again)["type"] == "welcome"
    for connection in [*held, again]:
        connection.close()


def test_a_client_watches_at_most_its_cap_of_tables_at_once(server: Server) -> None:
    tables = [new_table(server)[0] for _ in range(2)]
    held = [open_watch(server, tables[n % 2]) for n in range(MAX_SPECTATORS_PER_CLIENT)]
    assert all(first(c)["type"] == "state" for c in held)
    said, code = refusal_of(open_watch(server, tables[0]))
    assert code == CLOSE_TOO_MANY and said is not None
    assert said["reason"] == "too_many_sockets"
    assert "from this address" in said["message"]["en"]
    for connection in held:
        connection.close()


def watchers(server: Server, table: str, count: int, first_address: int) -> list[Any]:
    """``count`` spectators of ``table``, as many from each loopback address as a client may."""
    held = []
    for n in range(count):
        source = f"127.0.3.{first_address + n // MAX_SPECTATORS_PER_CLIENT}"
        held.append(open_watch(server, table, source_address=(source, 0)))
    return held


def test_a_table_has_at_most_its_caps_of_spectators_and_of_sockets(server: Server) -> None:
    table, _ = new_table(server)
    held = watchers(server, table, MAX_SPECTATORS_PER_TABLE, 1)
    assert all(first(c)["type"] == "state" for c in held)
    # From an address that watches nothing yet: the table's own cap.
    said, code = refusal_of(open_watch(server, table, source_address=("127.0.3.99", 0)))
    assert code == CLOSE_TOO_MANY and said is not None
    assert f"this table already has {MAX_SPECTATORS_PER_TABLE} spectators" in said["message"]["en"]
    for connection in held:
        connection.close()

    # House rules for ten people: their sockets and the spectators fill the table's cap.
    seats = 10
    knobs = {"max_players": seats, "decks": 3, "hand_size": 7, "target": 10000}
    body = {"rules": "classico", "knobs": knobs, "seats": [{"kind": "human"}] * seats}
    big = server.post("/api/tables", body)["table"]
    tokens = [
        server.post(f"/api/tables/{big}/seats", {"nickname": f"P{n}"})["token"]
        for n in range(seats)
    ]
    held = watchers(server, big, MAX_SPECTATORS_PER_TABLE, 10)
    for token in tokens:
        for _ in range(MAX_SOCKETS_PER_SEAT):
            if len(held) < MAX_SOCKETS_PER_TABLE:
                held.append(open_play(server, big, token))
    assert len(held) == MAX_SOCKETS_PER_TABLE
    assert all(first(c)["type"] in ("state", "welcome") for c in held)
    said, code = refusal_of(open_play(server, big, tokens[-1]))
    assert code == CLOSE_TOO_MANY and said is not None
    assert f"questo tavolo ne ha già {MAX_SOCKETS_PER_TABLE}" in said["message"]["it"]
    for connection in held:
        connection.close()


def test_a_second_nonce_for_a_deal_is_refused_and_stores_nothing(server: Server) -> None:
    body = {"rules": "classico", "seats": [{"kind": "human"}, {"kind": "human"}]}
    table = server.post("/api/tables", body)["table"]
    token = server.post(f"/api/tables/{table}/seats", {"nickname": "Anna", "nonce": "a1"})["token"]
    with open_play(server, table, token) as connection:
        receive(connection, "state")
        rows = log_rows(server.url)
        # The same one again is a retry, and changes nothing; another one is refused.
        connection.send(json.dumps({"type": "nonce", "nonce": "a1"}))
        connection.send(json.dumps({"type": "nonce", "nonce": "b2"}))
        refused = receive(connection, "error")
        assert refused["reason"] == "nonce_given"
        assert refused["message"]["it"] == (
            "Hai già dato il tuo nonce per la smazzata 1: conta quello."
        )
    assert log_rows(server.url) == rows
    assert server.get(f"/api/tables/{table}")["version"] == 1


@pytest.mark.timed
def test_a_table_nobody_is_at_stops_its_clock_and_runs_it_again_on_return(server: Server) -> None:
    table, token = new_table(server, turn_seconds=1)
    with open_play(server, table, token) as connection:
        version = receive(connection, "state")["version"]
    # Nobody there: many turns' time passes, and the table plays nobody's turn.
    time.sleep(2.5)
    assert server.get(f"/api/tables/{table}")["version"] == version
    with open_play(server, table, token) as connection:
        receive(connection, "state")
        # Back: the turn to play starts again, with its whole second.
        clock = receive(connection, "clock")
        assert clock["turn_left"] > 0.8
        # He is there: the clock runs out, and the table plays for him.
        while receive(connection, "state")["version"] == version:
            pass


LOOK_ALIKES = [
    "Anna\u200b",  # a zero-width space
    "A\u200dnna",  # a zero-width joiner
    "\u0410nna",  # Cyrillic А
    "Ａｎｎａ",  # fullwidth
    "Anna\u0301",  # a combining accent
    "Anna\u3164",  # a Hangul filler, drawn blank
    "ANNA",
    "Аnnа",  # Cyrillic а twice
    "\u2066Anna\u2069",  # direction isolates
    "Ann\u03b1",  # Greek alpha
]


def join_status(server: Server, table: str, nickname: str) -> tuple[int, object]:
    try:
        server.post(f"/api/tables/{table}/seats", {"nickname": nickname})
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())["detail"]
    return 201, None


def test_a_name_that_reads_like_a_seated_one_is_refused_saying_why(server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}]
    table = server.post("/api/tables", {"rules": "classico", "seats": seats})["table"]
    server.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})
    for name in LOOK_ALIKES:
        status, detail = join_status(server, table, name)
        assert status == 409, name
        assert isinstance(detail, dict) and detail["reason"] == "name_like_seated", name
        assert "Anna" in detail["message"]["it"] and "già al tavolo" in detail["message"]["it"]
    # Only the computer's players carry its mark, however it is written.
    for name in ["Carla (computer)", "X (computer)", "Zeta (COMPUTER)", "c0mputer 7"]:
        status, detail = join_status(server, table, name)
        assert status == 409, name
        assert isinstance(detail, dict) and detail["reason"] == "name_marked_computer", name
    assert join_status(server, table, "Anita") == (201, None)


@pytest.mark.timed
@pytest.mark.slow
def test_a_thousand_spectators_asked_for_delay_no_one(attacked: Server) -> None:
    figures = under_attack(attacked, spectators(300), seconds=8)
    print(figures)
    found = figures.attack
    assert found["held"] == MAX_SPECTATORS_PER_CLIENT
    assert found["refused"] == {CLOSE_TOO_MANY: 300 - MAX_SPECTATORS_PER_CLIENT}
    assert found["reasons"] == ["too_many_sockets"]
    assert figures.p99_ms < P99_MS and figures.moves >= 20
    assert figures.rss_after - figures.rss_before < MEMORY_MIB


@pytest.mark.timed
@pytest.mark.slow
def test_a_socket_that_never_reads_delays_no_one(attacked: Server) -> None:
    # Over the seconds of a test the kernel's buffers take what it leaves unread, so the drop
    # itself is shown on an outbox whose socket never takes a message (below).
    figures = under_attack(attacked, never_reads, seconds=8)
    print(figures)
    found = figures.attack
    # Its own table's player is not held up either.
    assert found["attacker_p99_ms"] < P99_MS
    assert figures.p99_ms < P99_MS and figures.moves >= 20
    assert figures.rss_after - figures.rss_before < MEMORY_MIB


@pytest.mark.timed
@pytest.mark.slow
def test_a_nonce_flood_stores_one_nonce_and_delays_no_one(attacked: Server) -> None:
    figures = under_attack(attacked, nonce_flood(20), seconds=8)
    print(figures)
    found = figures.attack
    assert found["held"] == MAX_SOCKETS_PER_SEAT
    assert found["refused"] == 20 - MAX_SOCKETS_PER_SEAT
    assert found["nonces_sent"] > 500
    assert found["rows_added"] == 1
    assert figures.p99_ms < P99_MS and figures.moves >= 20
    assert figures.rss_after - figures.rss_before < MEMORY_MIB


@pytest.mark.timed
@pytest.mark.slow
def test_abandoned_timed_tables_play_nothing_by_themselves(attacked: Server) -> None:
    figures = under_attack(attacked, abandoned(100), seconds=8)
    print(figures)
    assert figures.attack["rows_added_while_abandoned"] == 0
    assert figures.p99_ms < P99_MS and figures.moves >= 20
    assert figures.rss_after - figures.rss_before < MEMORY_MIB


class _Stuck:
    """A socket whose every send waits for ever, and that records how it was closed."""

    def __init__(self) -> None:
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_an_outbox_its_socket_does_not_take_is_dropped_with_its_close_code() -> None:
    async def fill() -> tuple[bool, int, tuple[int, str] | None]:
        stuck = _Stuck()
        outbox = Outbox(stuck)  # type: ignore[arg-type]
        sent = 0
        while not outbox.dropped and sent < 10 * OUTBOX_BYTES:
            outbox.put("x" * 1000)
            sent += 1000
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        return outbox.dropped, sent, stuck.closed

    dropped, sent, closed = asyncio.run(fill())
    assert dropped and OUTBOX_BYTES <= sent <= OUTBOX_BYTES + 2000
    assert closed is not None and closed[0] == CLOSE_TOO_SLOW
