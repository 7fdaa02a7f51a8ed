"""A ``ramino serve`` service of several processes on this machine, for bench/server_load.py
``--processes``: PostgreSQL (a cluster of its own, in a temporary folder, durable as in
production: ``fsync`` on), Redis (keeping nothing on disk), ``N`` processes of ``ramino serve
--redis`` and nginx in front of them with docs/deploy/nginx.conf, each a process of its own,
all on loopback, as tests/services.py starts them for the tests.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

# PostgreSQL, Redis and nginx are started as the tests start them (tests/services.py).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from services import Missing, Nginx, Postgres, Redis, free_port

__all__ = ["Service", "free_port", "request_json"]

# Loopback only: a proxy named in the environment must not see the bench's requests.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def request_json(base: str, method: str, path: str, body: Any = None) -> Any:
    """``method path`` on the server at ``base`` with a JSON body, and its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with _OPENER.open(request, timeout=60) as answer:
        return json.loads(answer.read())


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        if int(text[text.rindex(")") + 2 :].split()[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return found


def tree_cpu(pid: int) -> float:
    """Processor seconds so far of ``pid`` and its children (PostgreSQL's backends, nginx's
    workers, a server's thinking process)."""
    total = 0.0
    for each in [pid, *children(pid)]:
        try:
            text = Path(f"/proc/{each}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class Member:
    """One ``ramino serve --redis`` process of the service, its stderr in ``log``."""

    def __init__(self, database: str, redis: str, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # Every table from this one address, at once: past a public server's pace
        # (docs/limits.md), which is not what this bench measures.
        command = ["serve", "--port", str(self.port), "--db", database, "--redis", redis]
        command += ["--tables-burst", "100000", "--tables-per-minute", "100000"]
        command += ["--waiting-tables", "100000"]
        with log.open("wb") as log_file:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "ramino", *command],
                stdout=subprocess.DEVNULL,
                stderr=log_file,
            )
        self.log = log

    def ready(self) -> bool:
        try:
            with _OPENER.open(self.base + "/readyz", timeout=5) as answer:
                return bool(json.loads(answer.read()).get("ready"))
        except (urllib.error.URLError, ConnectionError):
            return False

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Service:
    """PostgreSQL, Redis, ``size`` servers and nginx, started in that order (docs/deploy.md)."""

    def __init__(self, size: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ramino-service-"))
        if os.geteuid() == 0:
            # PostgreSQL and nginx's workers run as other users, inside it.
            self.folder.chmod(0o755)
        try:
            self.postgres = Postgres(durable=True)
            self.redis = Redis(self.folder)
        except Missing as missing:
            sys.exit(str(missing))
        self.postgres.start()
        self.redis.start()
        self.members = [
            Member(self.postgres.url(), self.redis.url, self.folder / f"server{n}.log")
            for n in range(size)
        ]
        deadline = time.monotonic() + 60
        while not all(member.ready() for member in self.members):
            if time.monotonic() > deadline or any(
                m.process.poll() is not None for m in self.members
            ):
                self.stop()
                sys.exit("a ramino serve process did not start:\n" + self.logs()[-3000:])
            time.sleep(0.2)
        nginx_folder = self.folder / "nginx"
        nginx_folder.mkdir()
        # As many workers as cores, as a deployment would run it.
        try:
            self.nginx = Nginx(
                nginx_folder, [m.port for m in self.members], workers="auto", connections=16384
            )
        except Missing as missing:
            self.stop()
            sys.exit(str(missing))
        self.nginx.start()
        self.port = self.nginx.port
        self.base = f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: Any = None) -> Any:
        return request_json(self.base, method, path, body)

    def cpu_seconds(self) -> dict[str, float]:
        """Processor seconds so far of each part: the servers, PostgreSQL, Redis, nginx."""
        return {
            "servers": sum(tree_cpu(m.process.pid) for m in self.members),
            "postgres": tree_cpu(self.postgres.pid),
            "redis": tree_cpu(self.redis.pid),
            "nginx": tree_cpu(self.nginx.pid),
        }

    def relayed(self) -> int:
        """The sockets the processes pass on to one another now (``/metrics``)."""
        total = 0.0
        for member in self.members:
            with _OPENER.open(member.base + "/metrics", timeout=10) as answer:
                for line in answer.read().decode().splitlines():
                    if line.startswith("ramino_sockets_relayed "):
                        total += float(line.split()[1])
        return int(total)

    def logs(self) -> str:
        return "\n".join(m.log.read_text(errors="replace") for m in self.members)

    def stop(self) -> None:
        for part in (getattr(self, "nginx", None), *self.members, self.redis):
            if part is not None:
                part.stop()
        self.postgres.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
