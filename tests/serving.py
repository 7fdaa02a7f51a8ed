"""``ramino serve`` for the tests: a real server process on a free loopback port, on SQLite or on
PostgreSQL, and what a client needs to talk to it."""

from __future__ import annotations

import atexit
import json
import multiprocessing
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


#: What the processes of ``ramino serve`` import before they start: loaded once in the
#: process they are forked from (a run of the tests starts about two hundred servers, each of
#: which spent most of a second of CPU importing them).
PRELOADED = ["ramino.cli.app", "ramino.server.app", "ramino.server.store", "uvicorn"]


def _run(argv: list[str], log: str, environ: dict[str, str], folder: str) -> None:
    """In the process launched: ``ramino ARGV``, its stderr appended to ``log``, with the
    environment and the folder of the test that launched it; it exits as the command does."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.dup2(os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT), 2)
    os.environ.clear()
    os.environ.update(environ)
    os.chdir(folder)
    sys.argv = ["ramino", *argv]
    from ramino.cli import main

    try:
        main()
    finally:
        # As the interpreter does when a command exits (a child of multiprocessing skips it).
        atexit._run_exitfuncs()


class Launched:
    """A process launched by :func:`launch`, with the part of :class:`subprocess.Popen`'s
    interface the tests use."""

    def __init__(self, process: multiprocessing.process.BaseProcess) -> None:
        self._process = process

    @property
    def pid(self) -> int:
        assert self._process.pid is not None
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired("ramino", timeout or 0)
        return self._process.exitcode

    def send_signal(self, number: int) -> None:
        os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def launch(argv: list[str], log: Path) -> Launched:
    """``ramino ARGV`` as a process of its own, forked from a process that has imported
    :data:`PRELOADED` (Python's forkserver): a real process, started in a fraction of the
    time."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOADED)
    process = context.Process(
        target=_run, args=(argv, str(log), dict(os.environ), os.getcwd()), name="ramino"
    )
    process.start()
    if not _launched:
        # Registered after multiprocessing's own exit handler, so run before it.
        atexit.register(_kill_the_left)
    _launched.append(process)
    return Launched(process)


_launched: list[multiprocessing.process.BaseProcess] = []


def _kill_the_left() -> None:
    """Kill what a failed test left running: multiprocessing would wait for it at exit."""
    for process in _launched:
        if process.is_alive():
            process.kill()
            process.join(10)


class Server:
    """``ramino serve`` in a process of its own, on a free loopback port, keeping its tables in
    the database at ``url``."""

    def __init__(self, url: str, log: Path, *options: str, forked: bool = True) -> None:
        self.url = url
        self.options = options
        """More options of ``ramino serve`` (``--seed TEXT``)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: Launched | subprocess.Popen[bytes] | None = None
        self.log = log
        """What the server wrote on stderr, shown when it does not start."""
        self.forked = forked
        """Launched by :func:`launch` (the tests); else a new interpreter, as an operator
        starts it (the benches, which measure its memory)."""

    @property
    def socket_messages(self) -> int:
        """The messages a socket may send it in a second (``--socket-messages``)."""
        options = list(self.options)
        if "--socket-messages" in options:
            return int(options[options.index("--socket-messages") + 1])
        return 20

    def start(self) -> None:
        argv = ["serve", "--port", str(self.port), "--db", self.url, *self.options]
        if self.forked:
            self.process = launch(argv, self.log)
        else:
            with self.log.open("ab") as log_file:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "ramino", *argv],
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
                time.sleep(0.05)
        self.kill()
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


def pace(sent: list[float], most: int = 15) -> None:
    """Wait, if need be, so that a socket sends at most ``most`` messages a second (a server
    answers more than 20 with an error by default: docs/limits.md); ``sent`` keeps the times
    of the last ones."""
    now = time.monotonic()
    del sent[: max(0, len(sent) - most + 1)]
    if len(sent) == most - 1 and now - sent[0] < 1.0:
        time.sleep(1.0 - (now - sent[0]))
    sent.append(time.monotonic())


def play_to_the_end(client: ClientConnection, prefix: str = "e") -> dict[str, Any]:
    """Play a seat to the match's end, drawing and discarding its first card (the moves' ids
    begin with ``prefix``): its last state."""
    client.send(json.dumps({"type": "sync"}))
    state = latest_state(client)
    number = 0
    sent: list[float] = []
    while not state["match_over"]:
        view = state["observation"]
        if view is not None and view["to_play"] == view["seat"] and view["legal_actions"]:
            legal = view["legal_actions"]
            action = next(
                (a for a in legal if a in ("draw", "call")),
                next((a for a in legal if a.startswith("discard ")), legal[0]),
            )
            number += 1
            pace(sent)
            client.send(json.dumps({"type": "act", "id": f"{prefix}{number}", "action": action}))
            state = state_at(client, receive(client, "ack")["version"])
        else:
            # The others' turns (and the states between rounds): the next change.
            state = receive(client, "state")
        assert number < 3000
    return state
