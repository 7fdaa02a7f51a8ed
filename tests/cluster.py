"""A service of several ``ramino serve`` processes for the tests, as real processes: Debian's
Redis and nginx (``make test`` installs them where it may), PostgreSQL from ``conftest.py``,
and the servers started with ``--redis``, behind nginx run with docs/deploy/nginx.conf."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from serving import Server, free_port

ROOT = Path(__file__).resolve().parent.parent
NGINX_CONF = ROOT / "docs" / "deploy" / "nginx.conf"


def missing(program: str, where: str) -> None:
    """Skip (fail under CI) when ``program`` is not installed."""
    message = f"{program} is not installed (make test installs {where} with apt-get as root)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


class Redis:
    """``redis-server`` on a free loopback port, keeping nothing on disk."""

    def __init__(self, folder: Path) -> None:
        self.binary = shutil.which("redis-server") or missing("redis-server", "redis-server")
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert self.binary is not None
        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""),
                *("--appendonly", "no", "--dir", str(self.folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Nginx:
    """nginx on a free loopback port in front of ``servers``, with the deployment's own
    configuration (docs/deploy/nginx.conf)."""

    def __init__(self, folder: Path, servers: list[Server]) -> None:
        self.binary = shutil.which("nginx") or (
            "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
        )
        if self.binary is None:
            missing("nginx", "nginx")
        self.folder = folder
        self.port = free_port()
        upstream = "\n    ".join(f"server 127.0.0.1:{s.port} max_fails=0;" for s in servers)
        site = NGINX_CONF.read_text()
        site = site.replace("RAMINO_SERVERS", upstream).replace(
            "RAMINO_LISTEN", f"127.0.0.1:{self.port}"
        )
        user = "user root root;\n" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            "events { worker_connections 4096; }\n"
            f"http {{\n access_log off;\n client_body_temp_path {folder}/body;\n"
            f" proxy_temp_path {folder}/proxy;\n{site}\n}}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert self.binary is not None
        with (self.folder / "nginx.err").open("wb") as errors:
            self.process = subprocess.Popen(
                [
                    *(self.binary, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf")),
                    *("-g", "daemon off;"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        _wait_port(self.port, what=lambda: (self.folder / "nginx.err").read_text())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def _wait_port(port: int, seconds: float = 20, what: Callable[[], str] = str) -> None:
    import socket

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    pytest.fail(f"nothing listens on port {port}: {what()}")


class Member(Server):
    """One ``ramino serve`` process of the service."""

    def __init__(self, url: str, log: Path, redis: str, *options: str) -> None:
        super().__init__(url, log, "--redis", redis, *options)

    def terminate(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(30)

    def metrics(self) -> dict[str, float]:
        with urllib.request.urlopen(f"{self.base}/metrics", timeout=10) as answer:
            text = answer.read().decode()
        found = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, _, value = line.rpartition(" ")
                found[name] = float(value)
        return found

    def ready(self) -> tuple[int, dict[str, Any]]:
        import json

        try:
            with urllib.request.urlopen(f"{self.base}/readyz", timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


class Front(Server):
    """The service as its clients see it: nginx's address, the store's URL."""

    def __init__(self, url: str, port: int) -> None:
        super().__init__(url, Path(os.devnull))
        self.port = port
        self.base = f"http://127.0.0.1:{port}"

    def start(self) -> None:
        raise AssertionError("nginx is started by the service")


class Service:
    """PostgreSQL's database ``url``, Redis, ``size`` servers and nginx in front of them."""

    def __init__(self, url: str, size: int, *options: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ramino-service-"))
        if os.geteuid() == 0:
            self.folder.chmod(0o755)
        self.url = url
        self.redis = Redis(self.folder)
        self.members = [
            Member(url, self.folder / f"server{n}.log", self.redis.url, *options)
            for n in range(size)
        ]
        self.nginx = Nginx(self.folder, self.members)
        self.front = Front(url, self.nginx.port)

    def start(self) -> None:
        self.redis.start()
        for member in self.members:
            member.start()
        self.nginx.start()

    def stop(self) -> None:
        self.nginx.stop()
        for member in self.members:
            member.stop()
        self.redis.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def logs(self) -> str:
        return "\n".join(m.log.read_text(errors="replace") for m in self.members)
