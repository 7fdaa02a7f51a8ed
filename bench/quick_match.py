"""How long a quick match takes to seat its people while ``ramino serve`` plays many tables.

Run: ``.venv/bin/python bench/quick_match.py [--tables 500] [--seconds 20] [--pairs 40]
[--rate 0.3] [--quick-wait 20] [--db URL] [--json]``.

A real ``ramino serve`` (its database a temporary SQLite file unless ``--db`` names one) is
given ``--tables`` tables of one person and one computer player, a third of them rated
(classico as it is; the others classico to 10000, as bench/server_load.py makes them), each
person's seat driven over its own WebSocket at ``--rate`` moves a second, the pace of
bench/server_load.py's seats. While they play, ``--pairs`` pairs of guests ask for a quick
match of scala-40 for 2, one pair after another at an even pace through the window: each
asks (``POST /api/quick``, a guest made for him), then long-polls ``GET /api/quick/me`` until
seated. The bench prints the seating time (from the second one's ask to both seated: p50, p99,
max, in ms), whether every pair sat together, and the tables' act→ack latency over the same
window (p50, p99). The clients share the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import subprocess
import sys
import tempfile
import time
import urllib.error
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bare_server import percentile
from server_load import TABLE, Seat, drive, open_seat, reopener
from service import free_port, request_json

#: A rated table: a preset's rules as they are.
RATED = {
    "rules": "classico",
    "rated": True,
    "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
}


def serve(database: str, log: Path, wait: float) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command = ["serve", "--port", str(port), "--db", database, "--quick-wait", str(wait)]
    command += ["--tables-burst", "100000", "--tables-per-minute", "100000"]
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "ramino", *command], stdout=subprocess.DEVNULL, stderr=log_file
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            request_json(base, "GET", "/api/tables")
            return process, port
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    process.kill()
    sys.exit("ramino serve did not answer")


def open_table(base: str, number: int) -> tuple[str, str]:
    body = RATED if number % 3 == 0 else TABLE
    table = request_json(base, "POST", "/api/tables", body)["table"]
    joined = request_json(base, "POST", f"/api/tables/{table}/seats", {"nickname": f"p{number}"})
    return table, joined["token"]


def status(base: str, key: str) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(
        base + "/api/quick/me?wait=20", headers={"X-Player-Key": key}, method="GET"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        found: dict[str, Any] = json.loads(answer.read())
        return found


def pair(base: str) -> tuple[float, bool]:
    """Two guests ask for scala-40 for 2: seconds from the second's ask to both seated, and
    whether they sat at one table."""
    body = {"rules": "scala-40", "players": 2}
    first = request_json(base, "POST", "/api/quick", body)
    asked = time.perf_counter()
    second = request_json(base, "POST", "/api/quick", body)
    with ThreadPoolExecutor(max_workers=2) as pool:
        found = list(pool.map(lambda g: status(base, g["key"]), (first, second)))
    seconds = time.perf_counter() - asked
    together = all(f["state"] == "seated" for f in found) and found[0]["table"] == found[1]["table"]
    return seconds, together


async def run(port: int, seats: list[Seat], args: argparse.Namespace) -> dict[str, Any]:
    import random

    base = f"http://127.0.0.1:{port}"
    gate = asyncio.Semaphore(64)
    await asyncio.gather(*(open_seat(seat, port, False, gate) for seat in seats))
    stop = asyncio.Event()
    rng = random.Random(0)
    reopen = reopener(port, False, gate)
    drivers = [
        asyncio.create_task(drive(seat, stop, args.rate, random.Random(rng.random()), reopen))
        for seat in seats
        if seat.failure is None
    ]
    await asyncio.sleep(3)
    start = time.perf_counter()
    every = args.seconds / max(1, args.pairs)
    loop = asyncio.get_running_loop()
    pairs = []
    for _ in range(args.pairs):
        pairs.append(loop.run_in_executor(None, pair, base))
        await asyncio.sleep(every)
    seated = await asyncio.gather(*pairs)
    end = time.perf_counter()
    stop.set()
    await asyncio.wait(drivers, timeout=60)
    for seat in seats:
        if seat.connection is not None:
            await seat.connection.close()
    return {"start": start, "end": end, "pairs": seated}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--quick-wait", type=float, default=20.0)
    parser.add_argument("--db", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ramino-quick-") as folder:
        database = args.db or f"sqlite:///{Path(folder) / 'quick.db'}"
        process, port = serve(database, Path(folder) / "server.log", args.quick_wait)
        try:
            base = f"http://127.0.0.1:{port}"
            with ThreadPoolExecutor(max_workers=8) as pool:
                opened = list(pool.map(lambda n: open_table(base, n), range(args.tables)))
            seats = [Seat(table, token) for table, token in opened]
            gc.collect()
            gc.freeze()
            figures = asyncio.run(run(port, seats, args))
        finally:
            process.terminate()
            process.wait(10)
    start, end = figures["start"], figures["end"]
    ms = sorted(
        1000 * latency
        for seat in seats
        for sent, latency in zip(seat.sends, seat.latencies, strict=True)
        if start <= sent < end
    )
    seating = sorted(1000 * seconds for seconds, _ in figures["pairs"])
    result = {
        "tables": args.tables,
        "rated_tables": len(range(0, args.tables, 3)),
        "rate_per_seat": args.rate,
        "database": "temporary SQLite file" if args.db is None else args.db,
        "pairs": args.pairs,
        "together": sum(together for _, together in figures["pairs"]),
        "seating_ms": {
            "p50": round(percentile(seating, 0.5), 1),
            "p99": round(percentile(seating, 0.99), 1),
            "max": round(seating[-1], 1),
        },
        "act_ack_ms": {
            "p50": round(percentile(ms, 0.5), 2),
            "p99": round(percentile(ms, 0.99), 2),
            "count": len(ms),
        },
        "held": sum(seat.failure is None for seat in seats),
    }
    if args.json:
        print(json.dumps(result))
        return
    for name, value in result.items():
        print(f"{name:>14}: {value}")


if __name__ == "__main__":
    main()
