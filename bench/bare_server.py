"""The limit of ramino's stack on this machine: a bare uvicorn server with one WebSocket endpoint
that appends each message durably to SQLite (WAL, ``synchronous=FULL``, a writer thread
committing many sockets' messages at once, as ``ramino serve`` does) and acknowledges it.
No rules, no state: what is left is uvicorn, the sockets, JSON and the disk.

Run: ``.venv/bin/python bench/bare_server.py [--tables 500] [--seconds 10] [--warmup 3]``: it
starts the server in a process of its own on a free loopback port, drives ``--tables`` sockets
each sending its next message as soon as the last is acknowledged, and prints acks/s and the
latency from send to ack (p50, p99). ``--serve PORT`` runs the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


async def drive(port: int, sockets: int, warmup: float, seconds: float) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    stop = asyncio.Event()
    latencies: list[tuple[float, float]] = []

    async def one(number: int) -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws", proxy=None, compression=None) as ws:
            count = 0
            while not stop.is_set():
                count += 1
                sent = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "act", "id": f"{number}.{count}", "action": "draw"})
                )
                await ws.recv()
                latencies.append((sent, time.perf_counter() - sent))

    tasks = [asyncio.create_task(one(n)) for n in range(sockets)]
    await asyncio.sleep(warmup)
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    end = time.perf_counter()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    window = sorted(lat for sent, lat in latencies if start <= sent < end)
    return {
        "sockets": sockets,
        "acks_per_s": round(len(window) / (end - start), 1),
        "p50_ms": round(1000 * window[len(window) // 2], 2) if window else 0.0,
        "p99_ms": round(1000 * window[int(len(window) * 0.99)], 2) if window else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="sockets driven at once")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--serve", type=int, default=None, help="only run the server")
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, Path(tempfile.mkdtemp(prefix="ramino-bare-")) / "bare.db")
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                sys.exit("the bare server did not start")
            time.sleep(0.1)
        result = asyncio.run(drive(port, args.tables, args.warmup, args.seconds))
    finally:
        server.terminate()
        server.wait(10)
    print(json.dumps({"bare uvicorn + SQLite": result}))


if __name__ == "__main__":
    main()
