"""Attacks on a running ``ramino serve`` through its sockets, each beside a bystander's table played
at a person's pace: the tests (tests/test_server_sockets.py) run them small, bench/server_attacks.py
at full size. Every loop is bounded and stops by itself; every socket is on loopback.

- ``spectators``: many ``/watch`` sockets on a table played fast;
- ``never_reads``: a socket of a table played fast that reads nothing;
- ``nonce_flood``: one seat on many sockets, each sending nonces as fast as it may;
- ``abandoned``: many tables with a one-second clock, whose people came and went.
"""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import bindparam, create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from serving import Server

Message = dict[str, Any]

#: Two seats, a person's and a computer's, no clock: a match no one ends within a run.
LONG = {"target": 10000}


def new_table(server: Server, *, turn_seconds: int | None = None, nickname: str = "Anna") -> Any:
    """A table of a person (seated as ``nickname``) and a computer: its id and the token."""
    body = {
        "rules": "classico",
        "knobs": LONG,
        "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
        "turn_seconds": turn_seconds,
        "bank_seconds": 0,
    }
    table = server.post("/api/tables", body)["table"]
    token = server.post(f"/api/tables/{table}/seats", {"nickname": nickname})["token"]
    return table, token


def open_play(server: Server, table: str, token: str, **options: Any) -> ClientConnection:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/play?token={token}"
    # Entered, not used as a context manager: the test closes it when done with it.
    opened: ClientConnection = connect(url, proxy=None, compression=None, **options).__enter__()
    return opened


def open_watch(server: Server, table: str, **options: Any) -> ClientConnection:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/watch"
    # Entered, not used as a context manager: the test closes it when done with it.
    opened: ClientConnection = connect(url, proxy=None, compression=None, **options).__enter__()
    return opened


def refusal_of(connection: ClientConnection) -> tuple[Message | None, int | None]:
    """What a socket was told before the server closed it, and the close code."""
    said = None
    try:
        while True:
            message = json.loads(connection.recv(timeout=10))
            if message["type"] == "error":
                said = message
    except (ConnectionClosed, TimeoutError):
        pass
    return said, connection.close_code


def choose(legal: list[str], rng: random.Random) -> str:
    """A move at a person's sense: draw when he may, else a discard at random."""
    for move in ("draw", "take"):
        if move in legal:
            return move
    discards = [move for move in legal if move.startswith("discard ")]
    return rng.choice(discards or legal)


@dataclass
class Player:
    """Plays a seat over one socket, a move every ``gap`` seconds at most, timing each act->ack,
    until ``stop`` is set or ``deadline`` passes."""

    server: Server
    table: str
    token: str
    gap: float
    stop: threading.Event
    deadline: float
    latencies: list[float] = field(default_factory=list)
    failure: BaseException | None = None

    def __post_init__(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def join(self) -> None:
        self.thread.join(60)

    def _run(self) -> None:
        rng = random.Random(self.table)
        number = 0
        try:
            with open_play(self.server, self.table, self.token) as connection:
                state: Message | None = None
                version = 0
                while not self.stop.is_set() and time.monotonic() < self.deadline:
                    message = json.loads(connection.recv(timeout=30))
                    if message["type"] == "state":
                        state = message
                    if state is None or state["version"] < version or state["match_over"]:
                        continue
                    seen = state["observation"]
                    if seen is None or seen["to_play"] != seen["seat"]:
                        continue
                    time.sleep(self.gap)
                    number += 1
                    act = {"type": "act", "id": f"m{number}"}
                    act["action"] = choose(seen["legal_actions"], rng)
                    sent = time.perf_counter()
                    connection.send(json.dumps(act))
                    while True:
                        answer = json.loads(connection.recv(timeout=30))
                        if answer["type"] == "state":
                            state = answer
                        elif answer["type"] in ("ack", "refused", "error"):
                            break
                    self.latencies.append(time.perf_counter() - sent)
                    assert answer["type"] == "ack", answer
                    version = answer["version"]
        except BaseException as error:  # reported by whoever reads the figures
            self.failure = error


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def rss_mib(server: Server) -> float:
    """The server process's resident memory, in MiB."""
    assert server.process is not None
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def log_rows(url: str, tables: list[str] | None = None) -> int:
    """How many events the logs of ``tables`` (of every table if ``None``) hold."""
    engine = create_engine(url)
    query = "SELECT count(*) FROM actions"
    if tables is not None:
        query += " WHERE table_id IN :tables"
    statement = text(query)
    if tables is not None:
        statement = statement.bindparams(bindparam("tables", expanding=True))
    try:
        with engine.connect() as connection:
            found = connection.scalar(statement, {} if tables is None else {"tables": tables})
            return int(found or 0)
    finally:
        engine.dispose()


@dataclass
class Figures:
    """What a run measured: the bystander's act->ack (ms), the server's memory (MiB) and log
    (events) before and after, and what the attack itself found."""

    p50_ms: float
    p99_ms: float
    moves: int
    rss_before: float
    rss_after: float
    rows_before: int
    rows_after: int
    attack: dict[str, Any]

    def __str__(self) -> str:
        return (
            f"bystander p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms over {self.moves}"
            f" moves; memory {self.rss_before:.0f} -> {self.rss_after:.0f} MiB; log"
            f" {self.rows_before} -> {self.rows_after} events; {self.attack}"
        )


#: An attack: runs on ``server`` until ``stop`` is set, writing what it found into ``found``.
Attack = Callable[[Server, threading.Event, dict[str, Any]], None]


def under_attack(server: Server, attack: Attack, seconds: float, gap: float = 0.2) -> Figures:
    """Run ``attack`` for ``seconds`` beside a bystander's table moving every ``gap`` seconds."""
    rows_before, rss_before = log_rows(server.url), rss_mib(server)
    stop = threading.Event()
    found: dict[str, Any] = {}
    errors: list[BaseException] = []

    def attacking() -> None:
        try:
            attack(server, stop, found)
        except BaseException as error:
            errors.append(error)

    attacker = threading.Thread(target=attacking, daemon=True)
    attacker.start()
    # The attack in full swing first, then the bystander sits down.
    time.sleep(min(3.0, seconds / 4))
    table, token = new_table(server, nickname="Bystander")
    bystander = Player(server, table, token, gap, stop, time.monotonic() + seconds)
    bystander.start()
    bystander.join()
    stop.set()
    attacker.join(60)
    if errors:
        raise errors[0]
    if bystander.failure is not None:
        raise bystander.failure
    latencies = bystander.latencies
    return Figures(
        percentile(latencies, 0.5) * 1000,
        percentile(latencies, 0.99) * 1000,
        len(latencies),
        rss_before,
        rss_mib(server),
        rows_before,
        log_rows(server.url),
        found,
    )


def played_fast(server: Server, stop: threading.Event) -> tuple[str, Player]:
    """A table played as fast as its seat may (the server answers more than 20 messages a second
    with an error): every move a broadcast to its sockets."""
    table, token = new_table(server, nickname="Attacker")
    player = Player(server, table, token, 0.06, stop, time.monotonic() + 600)
    player.start()
    return table, player


def spectators(count: int) -> Attack:
    """``count`` spectators asked for on a table played fast, all from this one address."""

    def attack(server: Server, stop: threading.Event, found: dict[str, Any]) -> None:
        table, player = played_fast(server, stop)
        held: list[ClientConnection] = []
        codes: dict[int | None, int] = {}
        reasons: set[str] = set()
        try:
            for _ in range(count):
                if stop.is_set():
                    break
                # A spectator held reads what it is sent, as a page does.
                watcher = open_watch(server, table, max_queue=None)
                first = json.loads(watcher.recv(timeout=10))
                if first["type"] == "state":
                    held.append(watcher)
                    continue
                reasons.add(first["reason"])
                _said, code = refusal_of(watcher)
                codes[code] = codes.get(code, 0) + 1
            found.update(asked=count, held=len(held), refused=codes, reasons=sorted(reasons))
            stop.wait(600)
        finally:
            for watcher in held:
                watcher.close()
            player.join()
            found["attacker_moves"] = len(player.latencies)

    return attack


class SlowSocket:
    """A WebSocket client that never reads: it asks for ``path``, then lets the server's frames
    pile up behind a tiny receive buffer. At the end it reads them all, and the close frame the
    server sent, if it did."""

    def __init__(self, port: int, path: str) -> None:
        self.raw = socket.socket()
        self.raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.raw.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        )
        self.raw.sendall(request.encode())

    def send_text(self, text: str) -> None:
        """One text frame, masked as a client's must be (short ones only)."""
        data = text.encode()
        assert len(data) < 126
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(data))
        self.raw.sendall(bytes([0x81, 0x80 | len(data)]) + mask + masked)

    def close_code(self, patience: float = 15.0) -> int | None:
        """Read everything the server sent: the code of its close frame (``None``: none came)."""
        self.raw.settimeout(patience)
        data = b""
        try:
            while True:
                chunk = self.raw.recv(1 << 16)
                if not chunk:
                    break
                data += chunk
                code = _close_code(data)
                if code is not None:
                    return code
        except (TimeoutError, OSError):
            pass
        return _close_code(data)

    def close(self) -> None:
        self.raw.close()


def _close_code(data: bytes) -> int | None:
    """The code of the first close frame among the server's (unmasked) frames in ``data``."""
    at = data.find(b"\r\n\r\n")
    if at < 0:
        return None
    at += 4
    while at + 2 <= len(data):
        opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if size == 126:
            size, at = int.from_bytes(data[at : at + 2]), at + 2
        elif size == 127:
            size, at = int.from_bytes(data[at : at + 8]), at + 8
        if at + size > len(data):
            return None
        if opcode == 0x8:
            return int.from_bytes(data[at : at + 2]) if size >= 2 else None
        at += size
    return None


def never_reads(server: Server, stop: threading.Event, found: dict[str, Any]) -> None:
    """A table played fast, and a second socket of its seat that never reads a thing but asks
    for the whole state again as often as it may (so that the unread pile up fast)."""
    table, player = played_fast(server, stop)
    assert player.token
    slow = SlowSocket(server.port, f"/api/tables/{table}/play?token={player.token}")
    try:
        while not stop.wait(1 / 18):
            slow.send_text('{"type": "sync"}')
    except OSError:
        pass  # dropped
    finally:
        player.join()
        # What it was sent, read at last: the server dropped it, saying so in the close code.
        code = slow.close_code(patience=3.0)
        slow.close()
        latencies = player.latencies
        found.update(
            slow_close_code=code,
            attacker_moves=len(latencies),
            attacker_p99_ms=round(percentile(latencies, 0.99) * 1000, 1),
        )


def nonce_flood(sockets: int) -> Attack:
    """One seat asks for ``sockets`` sockets, and each sends a new nonce as often as it may."""

    def attack(server: Server, stop: threading.Event, found: dict[str, Any]) -> None:
        table, token = new_table(server, nickname="Flood")
        rows = log_rows(server.url, [table])
        held: list[ClientConnection] = []
        refused = 0
        for _ in range(sockets):
            connection = open_play(server, table, token)
            if json.loads(connection.recv(timeout=10))["type"] == "welcome":
                held.append(connection)
            else:
                refused += 1
                connection.close()
        sent = 0
        rng = random.Random(sockets)
        readers = [threading.Thread(target=_drain, args=(c,), daemon=True) for c in held]
        for reader in readers:
            reader.start()
        try:
            while not stop.is_set():
                for connection in held:
                    nonce = {"type": "nonce", "nonce": rng.randbytes(16).hex()}
                    connection.send(json.dumps(nonce))
                    sent += 1
                # 18 a second a socket: under the server's cap of 20.
                stop.wait(1 / 18)
        finally:
            for connection in held:
                connection.close()
        found.update(
            held=len(held),
            refused=refused,
            nonces_sent=sent,
            rows_added=log_rows(server.url, [table]) - rows,
        )

    return attack


def _drain(connection: ClientConnection) -> None:
    try:
        for _ in connection:
            pass
    except (ConnectionClosed, OSError):
        pass


def abandoned(count: int) -> Attack:
    """``count`` tables with a one-second clock, each sat at and left at once."""

    def attack(server: Server, stop: threading.Event, found: dict[str, Any]) -> None:
        tables = []
        for number in range(count):
            table, token = new_table(server, turn_seconds=1, nickname=f"Via{number}")
            with open_play(server, table, token) as connection:
                while json.loads(connection.recv(timeout=10))["type"] != "state":
                    pass
            tables.append(table)
        rows = log_rows(server.url, tables)
        stop.wait(600)
        added = log_rows(server.url, tables) - rows
        found.update(tables=count, rows_added_while_abandoned=added)

    return attack
