"""The limit of ramino's stack on this machine: a bare uvicorn server with one WebSocket endpoint
that appends each message durably to SQLite (WAL, ``synchronous=FULL``, a writer thread
committing many sockets' messages at once, as ``ramino serve`` does) and acknowledges it.
No rules, no state: what is left is uvicorn, the sockets, JSON and the disk.

Run: ``.venv/bin/python bench/bare_server.py [--tables 500] [--seconds 10] [--warmup 3]
[--rate R]``: it starts the server in a process of its own on a free loopback port, drives
``--tables`` sockets, each sending its next message as soon as the last is acknowledged (at
most ``--rate`` a second if given), and prints acks/s and the latency from send to ack.
``--serve PORT`` runs the server alone. ``bench/server_load.py`` runs it beside ``ramino
serve`` in the same run, with the same sockets, pace and window.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

#: How many messages one transaction may hold.
BATCH = 1000
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def serve(port: int, database: Path) -> None:
    """The bare server: ``/ws`` appends each text message to the log and answers an ack."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    connection = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE IF NOT EXISTS log (n INTEGER PRIMARY KEY, body TEXT)")
    pending: list[tuple[str, asyncio.Future[None]]] = []
    wake = threading.Event()
    loop: asyncio.AbstractEventLoop | None = None

    def writer() -> None:
        while True:
            wake.wait()
            wake.clear()
            while pending:
                batch = pending[:BATCH]
                del pending[: len(batch)]
                connection.execute("BEGIN")
                connection.executemany(
                    "INSERT INTO log (body) VALUES (?)", [(b,) for b, _ in batch]
                )
                connection.execute("COMMIT")
                assert loop is not None
                for _, done in batch:
                    loop.call_soon_threadsafe(done.set_result, None)

    threading.Thread(target=writer, daemon=True).start()

    async def endpoint(websocket: WebSocket) -> None:
        nonlocal loop
        loop = asyncio.get_running_loop()
        await websocket.accept()
        try:
            while True:
                text = await websocket.receive_text()
                message = json.loads(text)
                done = loop.create_future()
                pending.append((text, done))
                wake.set()
                await done
                await websocket.send_text(json.dumps({"type": "ack", "id": message["id"]}))
        except WebSocketDisconnect:
            pass

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


def cpu_seconds(pid: int | str) -> float:
    """Processor time of every thread of process ``pid`` so far (utime + stime)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    # The command name, in parentheses, may hold spaces: the fields are counted after it.
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def percentile(ordered: list[float], share: float) -> float:
    """Nearest-rank percentile of sorted values (0 for none)."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def start(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """The bare server in a process of its own, its log in ``folder``: the process and its
    port, once it listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), "--folder", str(folder)]
    )
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server, port
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            sys.exit("the bare server did not start")
        time.sleep(0.1)


async def drive(
    port: int, sockets: int, warmup: float, seconds: float, rate: float | None, pid: int
) -> dict[str, Any]:
    """Drive ``sockets`` sockets (each at most ``rate`` messages a second, or as fast as they
    are acknowledged), measure the window after the warm-up: acks/s, latency, the server's
    processor time."""
    from websockets.asyncio.client import connect

    stop = asyncio.Event()
    latencies: list[tuple[float, float]] = []
    gate = asyncio.Semaphore(64)
    rng = random.Random(0)

    async def one(number: int) -> None:
        async with gate:
            ws = await connect(f"ws://127.0.0.1:{port}/ws", proxy=None, compression=None)
        gap = 0.0 if rate is None else 1 / rate
        # The first message waits a random part of the gap, as ramino's seats do.
        last = time.perf_counter() - rng.uniform(0, gap)
        count = 0
        async with ws:
            while not stop.is_set():
                pause = last + gap - time.perf_counter()
                if pause > 0:
                    await asyncio.sleep(pause)
                last = time.perf_counter()
                count += 1
                sent = time.perf_counter()
                body = {"type": "act", "id": f"{number}.{count}", "action": "draw"}
                await ws.send(json.dumps(body))
                json.loads(await ws.recv())
                latencies.append((sent, time.perf_counter() - sent))

    tasks = [asyncio.create_task(one(n)) for n in range(sockets)]
    await asyncio.sleep(warmup)
    start_at, cpu = time.perf_counter(), cpu_seconds(pid)
    own = cpu_seconds("self")
    await asyncio.sleep(seconds)
    end_at = time.perf_counter()
    server_cpu, own_cpu = cpu_seconds(pid) - cpu, cpu_seconds("self") - own
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    window = end_at - start_at
    ms = sorted(1000 * lat for sent, lat in latencies if start_at <= sent < end_at)
    acks = sum(start_at <= sent + lat < end_at for sent, lat in latencies)
    return {
        "sockets": sockets,
        "rate_per_socket": rate,
        "seconds": round(window, 2),
        "acks_per_s": round(acks / window, 1),
        "latency_ms": {
            "p50": round(percentile(ms, 0.50), 2),
            "p90": round(percentile(ms, 0.90), 2),
            "p99": round(percentile(ms, 0.99), 2),
            "max": round(ms[-1] if ms else 0.0, 2),
            "count": len(ms),
        },
        "server_cores": round(server_cpu / window, 2),
        "server_cpu_us_per_ack": round(1e6 * server_cpu / max(1, acks), 1),
        "bench_cores": round(own_cpu / window, 2),
    }


def measure(
    sockets: int, warmup: float, seconds: float, rate: float | None, folder: Path
) -> dict[str, Any]:
    """Start the bare server, drive it, stop it: :func:`drive`'s figures."""
    server, port = start(folder)
    gc.collect()
    gc.freeze()
    try:
        return asyncio.run(drive(port, sockets, warmup, seconds, rate, server.pid))
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="sockets driven at once")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--rate", type=float, default=None, help="most messages a second")
    parser.add_argument("--serve", type=int, default=None, help="only run the server")
    parser.add_argument("--folder", default=None, help="the server's database folder")
    args = parser.parse_args()
    if args.serve is not None:
        folder = Path(args.folder or tempfile.mkdtemp(prefix="ramino-bare-"))
        serve(args.serve, folder / "bare.db")
        return
    with tempfile.TemporaryDirectory(prefix="ramino-bare-") as workdir:
        result = measure(args.tables, args.warmup, args.seconds, args.rate, Path(workdir))
    print(json.dumps({"bare uvicorn + SQLite": result}))


if __name__ == "__main__":
    main()
