"""What the service runs on, started on loopback for the tests and the benches: a PostgreSQL
cluster of one's own, Redis keeping nothing on disk, and nginx with the deployment's own
configuration (docs/deploy/nginx.conf). Debian's programs are used (``make test`` installs them
as root). A program that is not installed raises :class:`Missing`: the tests skip on it (and
fail under CI), the benches exit with its message."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX_CONF = ROOT / "docs" / "deploy" / "nginx.conf"


class Missing(RuntimeError):
    """A program the service needs is not installed."""

    def __init__(self, program: str, package: str) -> None:
        super().__init__(
            f"{program} is not installed (make test installs {package} with apt-get as root)"
        )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_port(port: int, seconds: float = 30, what: Callable[[], str] = str) -> None:
    """Wait until something listens on ``port``; ``what`` says why not, when nothing does."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}: {what()}")


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    initdb = found[-1] if found else shutil.which("initdb")
    if initdb is None:
        raise Missing("PostgreSQL", "postgresql")
    return Path(initdb).parent


class Postgres:
    """A PostgreSQL cluster in a folder of its own, on a free loopback port, trusting its one
    user ``ramino``. As root it runs as ``postgres``, since PostgreSQL refuses root.
    ``durable``: ``fsync`` on, as in production (the benches); off for the tests."""

    def __init__(self, *, durable: bool) -> None:
        self.bin = _postgres_bin()
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="ramino-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.folder.chmod(0o700)
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "ramino", "-A", "trust")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        if not self.durable:
            options += " -c fsync=off"
        log = str(self.folder / "log")
        pg_ctl = str(self.bin / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    @property
    def pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://ramino@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        pg_ctl = str(self.bin / "pg_ctl")
        subprocess.run(
            [*self.as_user, pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """``redis-server`` on a free loopback port, keeping nothing on disk."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise Missing("redis-server", "redis-server")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""),
                *("--appendonly", "no", "--dir", str(self.folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port, what=lambda: "redis-server did not start")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Nginx:
    """nginx on a free loopback port in front of the servers on ``ports``, with the
    deployment's own configuration. ``workers`` and ``connections`` as nginx's own settings:
    one worker for the tests, as many as cores for a bench."""

    def __init__(
        self, folder: Path, ports: list[int], *, workers: str = "1", connections: int = 4096
    ) -> None:
        binary = shutil.which("nginx") or (
            "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
        )
        if binary is None:
            raise Missing("nginx", "nginx")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        upstream = "\n    ".join(f"server 127.0.0.1:{port} max_fails=0;" for port in ports)
        site = NGINX_CONF.read_text().replace("RAMINO_SERVERS", upstream)
        site = site.replace("RAMINO_LISTEN", f"127.0.0.1:{self.port}")
        user = "user root root;\n" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(
            f"{user}worker_processes {workers};\nworker_rlimit_nofile {4 * connections};\n"
            f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            f"events {{ worker_connections {connections}; }}\n"
            f"http {{\n access_log off;\n client_body_temp_path {folder}/body;\n"
            f" proxy_temp_path {folder}/proxy;\n{site}\n}}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> None:
        errors_file = self.folder / "nginx.err"
        with errors_file.open("wb") as errors:
            self.process = subprocess.Popen(
                [
                    *(self.binary, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf")),
                    *("-g", "daemon off;"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
        wait_port(self.port, what=lambda: errors_file.read_text(errors="replace"))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
