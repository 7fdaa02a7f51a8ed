"""The databases the server's tests run on: SQLite in a fresh file, and PostgreSQL in a fresh
database of a private cluster started for the run (``make test`` installs Debian's server where
it may). ``RAMINO_TEST_POSTGRES_URL`` names a server of one's own instead. Under CI a missing
PostgreSQL fails the run, so that its tests never skip unseen."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from serving import Server

DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The URL of a PostgreSQL server to create databases on."""
    pytest.importorskip("psycopg")
    given = os.environ.get("RAMINO_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    from services import Missing, Postgres
    from serving import skip_or_fail

    try:
        cluster = Postgres(durable=False)
    except Missing as missing:
        skip_or_fail(str(missing))
    try:
        cluster.start()
        yield cluster.url()
    finally:
        cluster.stop()


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@pytest.fixture
def postgres_url(postgres: str) -> Iterator[str]:
    """A fresh, empty database on the PostgreSQL server, dropped after the test."""
    import psycopg

    name = f"test_{uuid.uuid4().hex}"
    with psycopg.connect(_plain(postgres), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = postgres.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(_plain(postgres), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ramino.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def server_options() -> tuple[str, ...]:
    """More options of the ``server`` fixture's ``ramino serve``: a module overrides it."""
    return ()


@pytest.fixture
def server(database_url: str, tmp_path: Path, server_options: tuple[str, ...]) -> Iterator[Server]:
    """``ramino serve`` running on a fresh database, its tables seeded: a test deals the same
    cards at every run (a computer player going out early never surprises it)."""
    pytest.importorskip("fastapi")
    from serving import Server

    running = Server(database_url, tmp_path / "server.log", "--seed", "prove", *server_options)
    running.start()
    yield running
    running.stop()


#: Where Debian puts its Chromium, the browser the page's tests drive.
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """Debian's Chromium under Playwright, headless (``make test`` installs it where it may).
    Missing, its tests skip; under CI they fail, so that they never skip unseen. One browser
    per module: Playwright's synchronous API holds an event loop in the thread while it runs,
    where no later test could call ``asyncio.run``."""
    missing = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing = "playwright is not installed"
    if missing is None and not Path(CHROMIUM).exists():
        missing = f"no browser at {CHROMIUM}"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests cannot run: {missing}")
        pytest.skip(missing)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def web_server(tmp_path: Path, server_options: tuple[str, ...]) -> Iterator[Server]:
    """``ramino serve`` on a fresh SQLite file, its tables seeded: the same clicks deal the
    same cards (the page is under test here, not the database)."""
    pytest.importorskip("fastapi")
    from serving import Server

    running = Server(
        f"sqlite:///{tmp_path / 'ramino.db'}",
        tmp_path / "server.log",
        "--seed",
        "pagine",
        *server_options,
    )
    running.start()
    yield running
    running.stop()
