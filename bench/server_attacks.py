"""A bystander's act→ack on ``ramino serve`` while a hostile client attacks it, over HTTP and over
its sockets.

Run: ``.venv/bin/python bench/server_attacks.py [--attack tables|slowloris|spectators|
never-reads|nonces|abandoned|http|sockets|all] [--tables 5000] [--connections 1500]
[--spectators 1000] [--abandoned 300] [--seconds 20] [--db URL] [--json]``.

A real ``ramino serve`` process is started on a free loopback port with a public server's
limits (docs/limits.md), on a temporary SQLite file unless ``--db`` names a database. A
bystander takes a seat at a table of his own against a computer player and makes a move every
half second over his WebSocket, measuring each act→ack. Meanwhile, from other loopback
addresses (127.0.1.x, 127.0.2.x), one attack runs:

- ``tables``: ``--tables`` tables asked for, listed, from 50 addresses, with a lobby fetch after
  every 20; shown: tables created and refused (429), the largest lobby answer, the rows of the
  database at the end;
- ``slowloris``: ``--connections`` connections that start a request and send a byte a second
  but never finish their headers, opened again as soon as the server closes them, for
  ``--seconds``; shown: how long the server took to close them, and how many of a normal
  client's requests (one every tenth of a second) failed.

The attacks on the sockets (tests/attacks.py, which tests/test_server_sockets.py runs small)
each run beside a bystander who moves every 0.2 s, for ``--seconds``:

- ``spectators``: ``--spectators`` ``/watch`` sockets asked for, from one address, on a table
  played as fast as its seat may; shown: how many were held and how many refused, by close code;
- ``never-reads``: a second socket of a seat played fast that never reads a byte but asks for
  the whole state 18 times a second; shown: that seat's own act→ack and the close code the
  slow socket was sent;
- ``nonces``: one seat asks for 20 sockets, and each sends a new nonce 18 times a second;
  shown: sockets held and refused, nonces sent and log rows added;
- ``abandoned``: ``--abandoned`` tables with a one-second clock, each sat at and left at once;
  shown: the log rows those tables added while nobody was there.

For each: the bystander's p50, p99 and max act→ack in ms (the goal: p99 under 100 ms) and the
server's resident memory before and after.

Measured on the 2-core machine (SQLite), December 2026:

- ``tables``: 5,000 asked for in 5.6 s, 1,000 created (20 an address, 50 addresses) and 4,000
  refused with 429; the largest lobby answer 96 kB (a page of 50); 1,001 rows in the
  database; bystander p50 5.6 ms, p99 10.2 ms; memory 91 → 97 MiB. Before the limits, 1,000
  tables asked for were all created, the lobby answered 8.3 MB, the bystander's p99 was 136 ms
  and memory went 91 → 131 MiB (the issue saw 44–64 MB answers and 7 s at 5,000 tables).
- ``slowloris``: 1,500 connections held for 20 s, 4,500 of them closed by the server (each
  5.1 s after it opened, at most 5.19 s), 0 of 183 normal requests failed; bystander p50
  2.7 ms, p99 25.6 ms; memory 91 → 103 MiB. Before: none of them was ever closed.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from attacks import abandoned, never_reads, nonce_flood, spectators, under_attack
from serving import Server

TWO = [{"kind": "human"}, {"kind": "computer", "level": "principiante"}]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(port: int, method: str, path: str, body: Any = None, source: str = "127.0.0.1") -> Any:
    """One request from ``source``: its status and JSON answer (and the answer's size)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        raw = answer.read()
        return answer.status, (json.loads(raw) if raw else None), len(raw)
    finally:
        connection.close()


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Bystander(threading.Thread):
    """A person's moves, one every half second, each act→ack measured."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        body = {"knobs": {"target": 10000}, "seats": TWO}
        table = call(port, "POST", "/api/tables", body)[1]["table"]
        token = call(port, "POST", f"/api/tables/{table}/seats", {"nickname": "Anna"})[1]["token"]
        url = f"ws://127.0.0.1:{port}/api/tables/{table}/play?token={token}"
        self.client = connect(url).__enter__()
        self.latencies: list[float] = []
        self.stop = threading.Event()

    def state(self) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(self.client.recv(timeout=60))
            if message["type"] == "state":
                return message

    def run(self) -> None:
        state = self.state()
        number = 0
        while not self.stop.is_set():
            legal = state["observation"]["legal_actions"]
            if not legal:
                self.client.send(json.dumps({"type": "sync"}))
                state = self.state()
                continue
            discards = [a for a in legal if a.startswith("discard ")]
            action = "draw" if "draw" in legal else (discards or legal)[0]
            number += 1
            sent = time.perf_counter()
            self.client.send(json.dumps({"type": "act", "id": f"b{number}", "action": action}))
            while True:
                answer = json.loads(self.client.recv(timeout=60))
                if answer.get("id") == f"b{number}":
                    break
            self.latencies.append(time.perf_counter() - sent)
            while state["version"] < answer.get("version", 0):
                state = self.state()
            self.stop.wait(0.5)

    def figures(self) -> dict[str, float]:
        ordered = sorted(self.latencies) or [0.0]
        at = min(len(ordered) - 1, int(len(ordered) * 0.99))
        return {
            "moves": len(ordered),
            "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1),
            "p99_ms": round(ordered[at] * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1),
        }


def flood_tables(port: int, count: int) -> dict[str, Any]:
    addresses = [f"127.0.1.{n}" for n in range(1, 51)]
    created = refused = largest = 0
    started = time.monotonic()
    for number in range(count):
        status, _, _ = call(
            port, "POST", "/api/tables", {"seats": TWO, "listed": True}, addresses[number % 50]
        )
        created += status == 201
        refused += status == 429
        if number % 20 == 0:
            largest = max(largest, call(port, "GET", "/api/tables")[2])
    return {
        "asked": count,
        "created": created,
        "refused": refused,
        "seconds": round(time.monotonic() - started, 1),
        "largest_lobby_bytes": largest,
    }


def half_open(source: str, port: int) -> socket.socket | None:
    raw = socket.socket()
    try:
        raw.bind((source, 0))
        raw.connect(("127.0.0.1", port))
        raw.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\n")
    except OSError:
        raw.close()
        return None
    raw.setblocking(False)
    return raw


def slowloris(port: int, count: int, seconds: float) -> dict[str, Any]:
    addresses = [f"127.0.2.{n}" for n in range(1, 31)]
    held: list[tuple[socket.socket, float]] = []
    lives: list[float] = []
    normal = failed = 0
    started = time.monotonic()
    trickled = 0.0
    while time.monotonic() - started < seconds:
        while len(held) < count:
            raw = half_open(addresses[len(held) % 30], port)
            if raw is None:
                break
            held.append((raw, time.monotonic()))
        now = time.monotonic()
        if now - trickled > 1:
            trickled = now
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
            lives.append(time.monotonic() - opened)
            raw.close()
        held = still
        normal += 1
        try:
            failed += call(port, "GET", "/api/tables")[0] != 200
        except OSError:
            failed += 1
        time.sleep(0.1)
    for raw, _ in held:
        raw.close()
    return {
        "connections": count,
        "closed_by_server": len(lives),
        "mean_life_s": round(sum(lives) / max(1, len(lives)), 2),
        "max_life_s": round(max(lives, default=0.0), 2),
        "normal_requests": normal,
        "normal_failed": failed,
    }


HTTP_ATTACKS = ["tables", "slowloris"]
SOCKET_ATTACKS = ["spectators", "never-reads", "nonces", "abandoned"]


def socket_attack(name: str, options: argparse.Namespace) -> dict[str, Any]:
    """One attack of tests/attacks.py on a server of its own, at the size asked for."""
    attack = {
        "spectators": spectators(options.spectators),
        "never-reads": never_reads,
        "nonces": nonce_flood(20),
        "abandoned": abandoned(options.abandoned),
    }[name]
    with tempfile.TemporaryDirectory() as folder:
        database = options.db or f"sqlite:///{folder}/ramino.db"
        # The attacks make their tables from this one address: the pace of new tables (its
        # own limit, measured by "tables") is lifted.
        pace = ["--tables-burst", "5000", "--tables-per-minute", "5000"]
        server = Server(database, Path(folder) / "server.log", *pace, forked=False)
        server.start()
        try:
            figures = under_attack(server, attack, options.seconds)
        finally:
            server.stop()
    return {
        **figures.attack,
        "bystander": {
            "moves": figures.moves,
            "p50_ms": round(figures.p50_ms, 1),
            "p99_ms": round(figures.p99_ms, 1),
        },
        "rss_mib": [round(figures.rss_before, 1), round(figures.rss_after, 1)],
        "log_rows": [figures.rows_before, figures.rows_after],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--attack",
        choices=[*HTTP_ATTACKS, *SOCKET_ATTACKS, "http", "sockets", "all"],
        default="all",
    )
    parser.add_argument("--tables", type=int, default=5000)
    parser.add_argument("--connections", type=int, default=1500)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--abandoned", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    groups = {
        "http": HTTP_ATTACKS,
        "sockets": SOCKET_ATTACKS,
        "all": HTTP_ATTACKS + SOCKET_ATTACKS,
    }
    attacks = groups.get(options.attack, [options.attack])
    results = {}
    for attack in attacks:
        if attack in SOCKET_ATTACKS:
            results[attack] = socket_attack(attack, options)
            continue
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            database = options.db or f"sqlite:///{folder}/ramino.db"
            log = (Path(folder) / "server.log").open("wb")
            server = subprocess.Popen(
                [sys.executable, "-m", "ramino", "serve", "--port", str(port), "--db", database],
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
            try:
                for _ in range(300):
                    with contextlib.suppress(OSError):
                        call(port, "GET", "/api/tables")
                        break
                    time.sleep(0.1)
                before = rss_mib(server.pid)
                bystander = Bystander(port)
                bystander.start()
                if attack == "tables":
                    found = flood_tables(port, options.tables)
                else:
                    found = slowloris(port, options.connections, options.seconds)
                bystander.stop.set()
                bystander.join(60)
                found["bystander"] = bystander.figures()
                found["rss_mib"] = [round(before, 1), round(rss_mib(server.pid), 1)]
                if database.startswith("sqlite:///"):
                    import sqlite3

                    with contextlib.closing(sqlite3.connect(database[len("sqlite:///") :])) as db:
                        found["table_rows"] = db.execute("SELECT count(*) FROM tables").fetchone()[
                            0
                        ]
                results[attack] = found
            finally:
                server.terminate()
                server.wait(30)
                log.close()
    if options.json:
        print(json.dumps(results, indent=2))
        return
    for attack, found in results.items():
        print(f"{attack}: {json.dumps(found)}")


if __name__ == "__main__":
    main()
