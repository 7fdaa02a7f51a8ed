"""A public ``ramino serve`` holds against cheap attacks over HTTP (docs/limits.md), on a real
server process with real sockets: the lobby comes a bounded page at a time, a client creates
tables at a bounded pace, tables nobody sits at expire, a body too large is refused before it is
read, a request that never arrives in full is closed within seconds, /docs loads nothing from
elsewhere, and a move the store cannot write is refused with its reason. While a flood of
tables and 1,500 half-open connections run, a bystander's table at a person's pace keeps its
p99 act→ack under 100 ms, and the server's memory and database stay bounded.

Attackers connect from other loopback addresses (127.0.0.2 on): the server counts its limits
per client address, and a bystander is another client."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed

from ramino.engine.errors import RaminoError
from ramino.engine.rules_file import rules_from_mapping
from ramino.server.limits import LOBBY_PAGE, Limits
from ramino.server.reasons import ServerReason
from ramino.server.store import Store, UnknownTable
from serving import Server, receive

pytestmark = [pytest.mark.server]

LIMITS = Limits()
TWO = [{"kind": "human"}, {"kind": "computer", "level": "principiante"}]
#: The bystander's p99 act→ack while an attack runs, in seconds.
P99 = 0.100


def call(
    server: Server,
    method: str,
    path: str,
    body: Any = None,
    source: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], Any]:
    """One request from loopback address ``source``: status, headers, the JSON answer."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=30, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        connection.request(method, path, body=data, headers=sent)
        answer = connection.getresponse()
        raw = answer.read()
        found = {name.lower(): value for name, value in answer.getheaders()}
        return answer.status, found, json.loads(raw) if raw else None
    finally:
        connection.close()


def table_rows(url: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM tables")).scalar_one())
    finally:
        engine.dispose()


@pytest.fixture
def on_sqlite(tmp_path: Path) -> Iterator[Server]:
    """``ramino serve`` on a SQLite file only: for the limits of connections, which no database
    takes part in."""
    running = Server(
        f"sqlite:///{tmp_path / 'ramino.db'}", tmp_path / "server.log", "--seed", "prove"
    )
    running.start()
    yield running
    running.stop()


@pytest.fixture
def plain(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """``ramino serve`` with a public server's limits, but tables that wait 2 seconds."""
    running = Server(database_url, tmp_path / "server.log", "--waiting-seconds", "2")
    running.start()
    yield running
    running.stop()


# --- point 24: the lobby, the pace of new tables, tables nobody sits at ---


def test_the_lobby_comes_a_bounded_page_at_a_time_of_open_listed_tables(server: Server) -> None:
    listed = [server.post("/api/tables", {"seats": TWO, "listed": True})["table"] for _ in range(5)]
    server.post("/api/tables", {"seats": TWO, "listed": False})
    full = server.post("/api/tables", {"seats": TWO, "listed": True})["table"]
    server.post(f"/api/tables/{full}/seats", {"nickname": "Anna"})
    seen: list[str] = []
    path: str | None = "/api/tables?limit=2"
    pages = 0
    while path is not None:
        status, headers, page = call(server, "GET", path)
        assert status == 200 and len(page) <= 2
        # A line of the lobby, not the table's rules in words (GET /api/tables/{id} has them).
        assert all("described" not in entry for entry in page)
        seen += [entry["table"] for entry in page]
        link = headers.get("link")
        path = None if link is None else link.split(">")[0].lstrip("<")
        pages += 1
    assert seen == listed[::-1] and pages == 3
    status, _, _ = call(server, "GET", f"/api/tables?limit={LOBBY_PAGE + 1}")
    assert status == 422


def test_a_client_creates_tables_at_a_bounded_pace(plain: Server) -> None:
    for _ in range(LIMITS.tables_burst):
        status, _, _ = call(plain, "POST", "/api/tables", {"seats": TWO}, source="127.0.0.2")
        assert status == 201
    status, headers, answer = call(plain, "POST", "/api/tables", {"seats": TWO}, "127.0.0.2")
    assert status == 429
    assert 1 <= int(headers["retry-after"]) <= 60
    assert answer["detail"]["reason"] == ServerReason.TOO_MANY_TABLES.value
    message = answer["detail"]["message"]
    assert "troppi tavoli" in message["it"] and "too many tables" in message["en"]
    assert "fra 6 secondi" in message["it"], message["it"]
    # Another client is not held back.
    status, _, _ = call(plain, "POST", "/api/tables", {"seats": TWO}, source="127.0.0.3")
    assert status == 201


def test_a_client_makes_players_at_the_pace_of_tables(plain: Server) -> None:
    for _ in range(LIMITS.tables_burst):
        status, _, _ = call(plain, "POST", "/api/players", {}, source="127.0.0.4")
        assert status == 201
    status, headers, answer = call(plain, "POST", "/api/players", {}, "127.0.0.4")
    assert status == 429 and 1 <= int(headers["retry-after"]) <= 60
    assert answer["detail"]["reason"] == ServerReason.TOO_MANY_NEW_PLAYERS.value
    message = answer["detail"]["message"]
    assert "troppi giocatori" in message["it"] and "too many players" in message["en"]
    status, _, _ = call(plain, "POST", "/api/players", {}, source="127.0.0.5")
    assert status == 201


@pytest.mark.timed
def test_a_table_nobody_sits_at_expires_from_memory_the_lobby_and_the_store(
    plain: Server,
) -> None:
    waiting = plain.post("/api/tables", {"seats": TWO, "listed": True})["table"]
    full = plain.post("/api/tables", {"seats": TWO, "listed": True})["table"]
    plain.post(f"/api/tables/{full}/seats", {"nickname": "Anna"})
    assert [entry["table"] for entry in plain.get("/api/tables")] == [waiting]
    deadline = time.monotonic() + 15
    while call(plain, "GET", f"/api/tables/{waiting}")[0] != 404:
        assert time.monotonic() < deadline, "the waiting table never expired"
        time.sleep(0.2)
    assert plain.get("/api/tables") == []
    assert call(plain, "GET", f"/api/tables/{full}")[0] == 200
    store = Store(plain.url)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                store.table(waiting)
            except UnknownTable:
                break
            assert time.monotonic() < deadline, "its rows were never deleted"
            time.sleep(0.2)
        assert store.table(full).seats[0].nickname == "Anna"
    finally:
        store.close()


# --- point 28: bodies and lists ---


def raw_exchange(server: Server, head: bytes, body_chunks: Iterator[bytes]) -> bytes:
    """Send ``head`` then chunks of a body until the server answers: what it answered."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as raw:
        raw.sendall(head)
        raw.settimeout(0.01)
        answer = b""
        for chunk in body_chunks:
            try:
                raw.sendall(chunk)
            except OSError:
                break
            with contextlib.suppress(TimeoutError):
                answer += raw.recv(65536)
            if b"\r\n\r\n" in answer:
                break
        raw.settimeout(30)
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                more = raw.recv(65536)
                if not more:
                    break
                answer += more
        return answer


def test_a_body_too_large_is_refused_before_it_is_read(server: Server) -> None:
    before = server.rss_kib()
    huge = 128 * 2**20
    for _ in range(4):
        # Said too large by its length: refused at once, nothing read.
        head = (
            f"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {huge}\r\n\r\n"
        ).encode()
        answer = raw_exchange(server, head, iter([b" " * 65536] * 8))
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        detail = json.loads(answer.split(b"\r\n\r\n", 1)[1])["detail"]
        assert detail["reason"] == ServerReason.BODY_TOO_LARGE.value
        assert str(LIMITS.body_bytes) in detail["message"]["it"]
        # Sent in chunks with no length: refused once what came goes over the limit.
        head = (
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
        answer = raw_exchange(server, head, iter([chunk] * (huge // 65536)))
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert server.rss_kib() - before < 32 * 1024
    assert server.get("/api/tables") == []


def test_a_list_knob_is_bounded_by_the_rules(server: Server) -> None:
    with pytest.raises(RaminoError) as refused:
        rules_from_mapping({"preset": "classico", "contracts": ["pair"] * 17})
    assert "contracts" in refused.value.message("en")
    status, _, answer = call(
        server,
        "POST",
        "/api/tables",
        {"seats": TWO, "knobs": {"contracts": ["pair"] * 20000}},
    )
    assert status == 413
    status, _, answer = call(
        server, "POST", "/api/tables", {"seats": TWO, "knobs": {"contracts": ["pair"] * 17}}
    )
    assert status == 400
    assert "16" in answer["detail"]["message"]["it"]
    assert "contracts" in answer["detail"]["message"]["en"]
    # The lists by number of players hold one entry for each count, at most 11.
    lists = {
        "deck_by_players": [[n, 2, 4] for n in range(2, 14)],
        "hand_size_by_players": [[n, 13] for n in range(2, 14)],
    }
    for knob, value in lists.items():
        status, _, answer = call(
            server, "POST", "/api/tables", {"seats": TWO, "knobs": {knob: value}}
        )
        assert status == 400, (knob, answer)
        assert (
            knob in answer["detail"]["message"]["en"] and "11" in answer["detail"]["message"]["it"]
        )
        with pytest.raises(RaminoError):
            rules_from_mapping({"preset": "rami-40", knob: value})


def test_a_server_with_its_fill_of_waiting_tables_asks_to_come_back(
    database_url: str, tmp_path: Path
) -> None:
    full = Server(database_url, tmp_path / "server.log", "--waiting-tables", "3")
    full.start()
    try:
        for n in range(3):
            assert call(full, "POST", "/api/tables", {"seats": TWO}, f"127.0.4.{n + 1}")[0] == 201
        status, headers, answer = call(full, "POST", "/api/tables", {"seats": TWO}, "127.0.4.9")
        assert status == 503 and int(headers["retry-after"]) >= 1
        assert answer["detail"]["reason"] == ServerReason.SERVER_FULL.value
        assert answer["detail"]["message"]["it"] and answer["detail"]["message"]["en"]
    finally:
        full.stop()


def test_a_head_too_large_is_refused_with_its_reason(server: Server) -> None:
    cookie = "x" * (LIMITS.header_bytes + 1024)
    head = f"GET /api/tables HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n".encode()
    answer = raw_exchange(server, head, iter([b""]))
    assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
    detail = json.loads(answer.split(b"\r\n\r\n", 1)[1])["detail"]
    assert detail["reason"] == ServerReason.HEAD_TOO_LARGE.value
    assert str(LIMITS.header_bytes) in detail["message"]["en"]


@pytest.mark.timed
def test_one_address_holds_at_most_its_connections_and_an_idle_one_is_closed(
    on_sqlite: Server,
) -> None:
    held = [half_open("127.0.5.1", on_sqlite.port) for _ in range(LIMITS.connections_per_address)]
    try:
        assert all(raw is not None for raw in held)
        refused = socket.create_connection(
            ("127.0.0.1", on_sqlite.port), timeout=10, source_address=("127.0.5.1", 0)
        )
        with refused:
            answer = b""
            while chunk := refused.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 503"), answer[:200]
        detail = json.loads(answer.split(b"\r\n\r\n", 1)[1])["detail"]
        assert detail["reason"] == ServerReason.TOO_MANY_CONNECTIONS.value
        # Another address is not held back.
        assert call(on_sqlite, "GET", "/api/tables", source="127.0.5.2")[0] == 200
    finally:
        for raw in held:
            if raw is not None:
                raw.close()
    # A connection kept alive after its answer, then idle, is closed by the server.
    connection = http.client.HTTPConnection("127.0.0.1", on_sqlite.port, timeout=30)
    connection.request("GET", "/api/tables")
    connection.getresponse().read()
    raw = connection.sock
    assert raw is not None
    opened = time.monotonic()
    raw.settimeout(LIMITS.request_seconds + 10)
    assert raw.recv(1) == b""
    assert time.monotonic() - opened < LIMITS.request_seconds + 5
    connection.close()


# --- point 30: /docs, and a store that cannot write ---


def test_no_page_loads_anything_from_elsewhere(server: Server) -> None:
    assert call(server, "GET", "/docs")[0] == 404
    assert call(server, "GET", "/redoc")[0] == 404
    status, _, described = call(server, "GET", "/openapi.json")
    assert status == 200 and "/api/tables" in described["paths"]
    for path in ("/", "/sheet", "/t/abc"):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", path)
        page = connection.getresponse().read().decode()
        connection.close()
        assert "http://" not in page.replace("http://127.0.0.1", "") and "https://" not in page


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A filesystem of 2 MiB (tmpfs), mounted for the test: it fills up for real."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode(errors='replace')}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte with a file: what is left for the database is nothing."""
    filler = disk / "filler"
    # Unbuffered: closing the file has nothing left to write on the full disk.
    with filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    return filler


@pytest.mark.timed
def test_a_move_the_full_disk_cannot_store_is_refused_with_its_reason(
    tiny_disk: Path, tmp_path: Path
) -> None:
    running = Server(f"sqlite:///{tiny_disk / 'ramino.db'}", tmp_path / "server.log")
    running.start()
    try:
        table = running.post("/api/tables", {"seats": TWO})["table"]
        token = running.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})["token"]
        client = running.socket(table, token)
        state = receive(client, "state")
        filler = fill(tiny_disk)
        number = 0
        refused = None
        # A move or two may still fit in the pages the database has: play until one does not.
        while refused is None and number < 200:
            number += 1
            legal = state["observation"]["legal_actions"]
            action = "draw" if "draw" in legal else next(a for a in legal if "discard" in a)
            client.send(json.dumps({"type": "act", "id": f"m{number}", "action": action}))
            while True:
                answer = json.loads(client.recv(timeout=30))
                if answer["type"] == "refused" and answer["id"] == f"m{number}":
                    refused = answer
                    break
                if answer["type"] == "ack" and answer["id"] == f"m{number}":
                    state = receive(client, "state")
                    break
        assert refused is not None, "the full disk never refused a move"
        assert refused["reason"] == ServerReason.NOT_STORED.value
        assert "disco è pieno" in refused["message"]["it"]
        assert "disk is full" in refused["message"]["en"]
        # The socket stays open; once there is room again, the same move is acknowledged.
        filler.unlink()
        client.send(json.dumps({"type": "act", "id": f"m{number}", "action": action}))
        while True:
            answer = json.loads(client.recv(timeout=30))
            if answer.get("id") == f"m{number}":
                assert answer["type"] == "ack", answer
                break
        client.close()
    finally:
        running.stop()


# --- the bystander, and the attacks of points 24 and 25 ---


class Bystander:
    """A person at a table of his own with a computer player, a move every half second,
    measuring each act→ack, in a thread until stopped."""

    def __init__(self, server: Server) -> None:
        table = server.post("/api/tables", {"rules": "classico", "knobs": {"target": 10000},
                                            "seats": TWO})["table"]  # fmt: skip
        token = server.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})["token"]
        self.client = server.socket(table, token)
        self.latencies: list[float] = []
        self.failure: BaseException | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, daemon=True)

    def __enter__(self) -> Bystander:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(60)
        self.client.close()
        if self.failure is not None:
            raise self.failure

    def _play(self) -> None:
        try:
            state = receive(self.client, "state")
            number = 0
            while not self._stop.is_set():
                legal = state["observation"]["legal_actions"]
                if not legal:
                    self.client.send(json.dumps({"type": "sync"}))
                    state = receive(self.client, "state")
                    continue
                action = (
                    "draw"
                    if "draw" in legal
                    else next((a for a in legal if a.startswith("discard ")), legal[0])
                )
                number += 1
                sent = time.perf_counter()
                self.client.send(json.dumps({"type": "act", "id": f"b{number}", "action": action}))
                while True:
                    answer = json.loads(self.client.recv(timeout=30))
                    if answer.get("id") == f"b{number}":
                        break
                self.latencies.append(time.perf_counter() - sent)
                assert answer["type"] == "ack", answer
                while state["version"] < answer["version"]:
                    state = receive(self.client, "state")
                self._stop.wait(0.5)
        except (ConnectionClosed, TimeoutError, AssertionError, StopIteration) as error:
            self.failure = error

    def p99(self) -> float:
        ordered = sorted(self.latencies)
        assert len(ordered) >= 10, ordered
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@pytest.mark.timed
@pytest.mark.slow
def test_a_flood_of_tables_slows_no_one_and_stays_bounded(plain: Server) -> None:
    base_rss = plain.rss_kib()
    created = refused = 0
    addresses = [f"127.0.1.{n}" for n in range(1, 51)]
    lobby_bytes = 0
    with Bystander(plain) as bystander:
        started = time.monotonic()
        # 5,000 tables asked for, listed, from 50 addresses, with a lobby fetch every 20.
        for number in range(5000):
            source = addresses[number % len(addresses)]
            status, _, _ = call(
                plain, "POST", "/api/tables", {"seats": TWO, "listed": True}, source=source
            )
            created += status == 201
            refused += status == 429
            if number % 20 == 0:
                connection = http.client.HTTPConnection("127.0.0.1", plain.port, timeout=30)
                connection.request("GET", "/api/tables")
                lobby_bytes = max(lobby_bytes, len(connection.getresponse().read()))
                connection.close()
            if time.monotonic() - started > 40:
                break
        # Refused at once, the flood may end within seconds: the lobby, now full, is fetched
        # on until the bystander has played enough moves to measure.
        while len(bystander.latencies) < 20 and time.monotonic() - started < 60:
            connection = http.client.HTTPConnection("127.0.0.1", plain.port, timeout=30)
            connection.request("GET", "/api/tables")
            lobby_bytes = max(lobby_bytes, len(connection.getresponse().read()))
            connection.close()
        p99 = bystander.p99()
    assert created + refused == number + 1
    assert created <= len(addresses) * (LIMITS.tables_burst + 1 + LIMITS.tables_per_minute)
    assert lobby_bytes < 200_000
    assert p99 < P99, p99
    assert plain.rss_kib() - base_rss < 150 * 1024
    assert table_rows(plain.url) <= created + 1


def half_open(source: str, port: int) -> socket.socket | None:
    """A connection that starts a request and never finishes its headers."""
    raw = socket.socket()
    raw.setblocking(True)
    try:
        raw.bind((source, 0))
        raw.connect(("127.0.0.1", port))
        raw.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")
    except OSError:
        raw.close()
        return None
    raw.setblocking(False)
    return raw


@pytest.mark.timed
@pytest.mark.slow
def test_half_open_connections_are_closed_within_seconds_and_starve_no_one(
    on_sqlite: Server,
) -> None:
    count = 1500
    addresses = [f"127.0.2.{n}" for n in range(1, 31)]
    held: list[tuple[socket.socket, float]] = []
    closed_after: list[float] = []
    normal_failures = 0
    with Bystander(on_sqlite) as bystander:
        for n in range(count):
            raw = half_open(addresses[n % len(addresses)], on_sqlite.port)
            if raw is not None:
                held.append((raw, time.monotonic()))
        started = time.monotonic()
        # For 15 seconds: a byte more on every connection each second, a normal request
        # every tenth of a second, and note when the server closes each connection.
        last_trickle = 0.0
        while time.monotonic() - started < 15 and held:
            now = time.monotonic()
            if now - last_trickle > 1:
                last_trickle = now
                for raw, _ in held:
                    with contextlib.suppress(OSError):
                        raw.send(b"X")
            still = []
            for raw, opened in held:
                try:
                    data = raw.recv(4096)
                except BlockingIOError:
                    still.append((raw, opened))
                    continue
                except OSError:
                    data = b""
                if data and not data.startswith(b"HTTP/1.1 408"):
                    still.append((raw, opened))
                    continue
                closed_after.append(time.monotonic() - opened)
                raw.close()
            held = still
            try:
                status, _, _ = call(on_sqlite, "GET", "/api/tables")
                normal_failures += status != 200
            except OSError:
                normal_failures += 1
            time.sleep(0.1)
        for raw, _ in held:
            raw.close()
        p99 = bystander.p99()
    assert not held, f"{len(held)} half-open connections still open after 15 s"
    assert len(closed_after) == count, f"{count - len(closed_after)} never opened"
    assert max(closed_after) < LIMITS.request_seconds + 5, max(closed_after)
    assert normal_failures == 0
    assert p99 < P99, p99
