"""A ``ramino serve`` service of several processes on this machine, for bench/server_load.py
``--processes``: PostgreSQL (a cluster of its own, in a temporary folder, durable as in
production: ``fsync`` on), Redis (keeping nothing on disk), ``N`` processes of ``ramino serve
--redis`` and nginx in front of them with docs/deploy/nginx.conf, each a process of its own,
all on loopback. Debian's packages are used (``make test`` installs them as root).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NGINX_CONF = ROOT / "docs" / "deploy" / "nginx.conf"
# Loopback only: a proxy named in the environment must not see the bench's requests.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def request_json(base: str, method: str, path: str, body: Any = None) -> Any:
    """``method path`` on the server at ``base`` with a JSON body, and its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with _OPENER.open(request, timeout=60) as answer:
        return json.loads(answer.read())


def wait_port(port: int, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    sys.exit(f"{what} does not listen on port {port}")


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


class Postgres:
    """A PostgreSQL cluster of the bench's own; as root it runs as ``postgres``."""

    def __init__(self, folder: Path) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or [shutil.which("initdb")]
        if not found or found[-1] is None:
            sys.exit("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = Path(str(found[-1])).parent
        self.folder = folder / "pg"
        self.folder.mkdir()
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.folder.chmod(0o700)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.url = f"postgresql+psycopg://ramino@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "ramino", "-A", "trust")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        log = str(self.folder / "log")
        pg_ctl = str(self.bin / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    @property
    def pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def stop(self) -> None:
        pg_ctl = str(self.bin / "pg_ctl")
        subprocess.run(
            [*self.as_user, pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
        )


class Redis:
    """``redis-server`` on a free loopback port, keeping nothing on disk."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            sys.exit("redis-server is not installed (apt-get install redis-server)")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            [
                *(binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""),
                *("--appendonly", "no", "--dir", str(folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port, "redis-server")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


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


class Nginx:
    """nginx on a free loopback port in front of ``members``, with the deployment's own
    configuration (docs/deploy/nginx.conf)."""

    def __init__(self, folder: Path, members: list[Member]) -> None:
        binary = shutil.which("nginx") or (
            "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
        )
        if binary is None:
            sys.exit("nginx is not installed (apt-get install nginx)")
        self.port = free_port()
        self.folder = folder / "nginx"
        self.folder.mkdir()
        upstream = "\n    ".join(f"server 127.0.0.1:{m.port} max_fails=0;" for m in members)
        site = NGINX_CONF.read_text().replace("RAMINO_SERVERS", upstream)
        site = site.replace("RAMINO_LISTEN", f"127.0.0.1:{self.port}")
        user = "user root root;\n" if os.geteuid() == 0 else ""
        # As many workers as cores, as a deployment would run it.
        (self.folder / "nginx.conf").write_text(
            f"{user}worker_processes auto;\nworker_rlimit_nofile 65536;\n"
            f"pid {self.folder}/nginx.pid;\nerror_log {self.folder}/error.log;\n"
            "events { worker_connections 16384; }\n"
            f"http {{\n access_log off;\n client_body_temp_path {self.folder}/body;\n"
            f" proxy_temp_path {self.folder}/proxy;\n{site}\n}}\n"
        )
        self.process = subprocess.Popen(
            [
                binary,
                "-p",
                str(self.folder),
                "-c",
                str(self.folder / "nginx.conf"),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port, "nginx")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Service:
    """PostgreSQL, Redis, ``size`` servers and nginx, started in that order (docs/deploy.md)."""

    def __init__(self, size: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ramino-service-"))
        if os.geteuid() == 0:
            # PostgreSQL and nginx's workers run as other users, inside it.
            self.folder.chmod(0o755)
        self.postgres = Postgres(self.folder)
        self.postgres.start()
        self.redis = Redis(self.folder)
        self.members = [
            Member(self.postgres.url, self.redis.url, self.folder / f"server{n}.log")
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
        self.nginx = Nginx(self.folder, self.members)
        self.port = self.nginx.port
        self.base = f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, body: Any = None) -> Any:
        return request_json(self.base, method, path, body)

    def cpu_seconds(self) -> dict[str, float]:
        """Processor seconds so far of each part: the servers, PostgreSQL, Redis, nginx."""
        return {
            "servers": sum(tree_cpu(m.process.pid) for m in self.members),
            "postgres": tree_cpu(self.postgres.pid),
            "redis": tree_cpu(self.redis.process.pid),
            "nginx": tree_cpu(self.nginx.process.pid),
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
