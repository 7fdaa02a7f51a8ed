"""A service of several ``ramino serve`` processes for the tests, as real processes: Debian's
Redis and nginx (services.py), PostgreSQL from ``conftest.py``, and the servers started with
``--redis``, behind nginx run with docs/deploy/nginx.conf."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from services import Missing, Nginx, Redis
from serving import Server, skip_or_fail


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
        try:
            self.redis = Redis(self.folder)
            self.members = [
                Member(url, self.folder / f"server{n}.log", self.redis.url, *options)
                for n in range(size)
            ]
            self.nginx = Nginx(self.folder, [member.port for member in self.members])
        except Missing as missing:
            shutil.rmtree(self.folder, ignore_errors=True)
            skip_or_fail(str(missing))
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
