"""``ramino serve`` for the tests: a real server process on a free loopback port, on SQLite or on
PostgreSQL, and what a client needs to talk to it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, NoReturn

import pytest
from websockets.sync.client import ClientConnection, connect

from services import free_port


def skip_or_fail(reason: str) -> NoReturn:
    """Skip a test that lacks a program of the machine; under CI fail it, so that nothing
    skips unseen."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


class Server:
    """``ramino serve`` in a process of its own, on a free loopback port, keeping its tables in
    the database at ``url``."""

    def __init__(self, url: str, log: Path, *options: str) -> None:
        self.url = url
        self.options = options
        """More options of ``ramino serve`` (``--seed TEXT``)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = log
        """What the server wrote on stderr, shown when it does not start."""

    def start(self) -> None:
        with self.log.open("ab") as log_file:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "ramino",
                    "serve",
                    "--port",
                    str(self.port),
                    "--db",
                    self.url,
                    *self.options,
                ],
                stdout=subprocess.DEVNULL,
                stderr=log_file,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.get("/api/tables")
                return
            except (urllib.error.URLError, ConnectionError):
                assert self.process.poll() is None, self.log.read_text(errors="replace")
                time.sleep(0.1)
        pytest.fail("ramino serve did not answer")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)

    def rss_kib(self) -> int:
        """The server process's resident memory (VmRSS), in KiB."""
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS in /proc/PID/status")

    def socket(self, table: str, token: str) -> ClientConnection:
        url = f"ws://127.0.0.1:{self.port}/api/tables/{table}/play?token={token}"
        # Closed by each test, or by the server going down.
        return connect(url).__enter__()

    def watch(self, table: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/api/tables/{table}/watch").__enter__()


def receive(client: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (states of earlier changes may come first)."""
    while True:
        message: dict[str, Any] = json.loads(client.recv(timeout=10))
        if message["type"] == kind:
            return message


def latest_state(client: ClientConnection) -> dict[str, Any]:
    """The last state the client has been sent by now."""
    state = receive(client, "state")
    while True:
        try:
            message = json.loads(client.recv(timeout=0.3))
        except TimeoutError:
            return state
        if message["type"] == "state":
            state = message


def state_at(client: ClientConnection, version: int) -> dict[str, Any]:
    """The state of the table's ``version`` (or a later one), once the client has it."""
    while True:
        state = receive(client, "state")
        if state["version"] >= version:
            return state


def play_to_the_end(client: ClientConnection, prefix: str = "e") -> dict[str, Any]:
    """Play a seat to the match's end, drawing and discarding its first card (the moves' ids
    begin with ``prefix``): its last state."""
    client.send(json.dumps({"type": "sync"}))
    state = latest_state(client)
    number = 0
    while not state["match_over"]:
        view = state["observation"]
        if view is not None and view["to_play"] == view["seat"] and view["legal_actions"]:
            legal = view["legal_actions"]
            action = next(
                (a for a in legal if a in ("draw", "call")),
                next((a for a in legal if a.startswith("discard ")), legal[0]),
            )
            number += 1
            client.send(json.dumps({"type": "act", "id": f"{prefix}{number}", "action": action}))
            receive(client, "ack")
        state = latest_state(client)
        assert number < 3000
    return state
