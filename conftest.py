"""What every test run checks first: which build of the engine it tests.

The engine's hot modules may be compiled (``setup.py``). A compiled module keeps no doctests,
so the doctests of those modules run in the pure-Python pass of ``make test``; and a compiled
module older than its source would test stale code, so the run stops and says so.

Hypothesis draws its examples at random on a developer's machine, which is how new cases turn
up. Under CI (``CI`` set) it draws the same examples on every run: a failure there is then the
change's, not the luck of the draw, and a re-run shows it again. ``HYPOTHESIS_PROFILE`` picks
either profile by hand.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import settings

# No deadline for an example: tests never bound wall-clock time, and on a shared machine (or
# beside the timed tests, make test) an example may wait for a core.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")
)

ENGINE = Path(__file__).parent / "src" / "ramino" / "engine"
DOCS = Path(__file__).parent / "docs"


def _compiled(source: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        built = source.with_suffix(suffix)
        if built.exists():
            return built
    return None


def _compiled_modules() -> dict[Path, Path]:
    found = {}
    for source in sorted(ENGINE.glob("*.py")):
        built = _compiled(source)
        if built is not None:
            found[source] = built
    return found


def pytest_report_header() -> str:
    import ramino.engine.round

    where = Path(ramino.engine.round.__file__ or "")
    build = "pure Python" if where.suffix == ".py" else "compiled with mypyc"
    return f"ramino engine: {build} ({where.parent})"


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = [
        source.name
        for source, built in _compiled_modules().items()
        if source.stat().st_mtime > built.stat().st_mtime
    ]
    if stale:
        pytest.exit(
            "the compiled engine is older than its source ("
            + ", ".join(stale)
            + "): `make test` builds it again (or `pip install -e .`).",
            returncode=3,
        )


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    # The documentation's configuration is Sphinx's, not a module to test; its pages are.
    if collection_path == DOCS / "conf.py":
        return True
    # The doctests of a compiled module cannot be collected from its .py file (the module
    # imported is the compiled one); the pure-Python pass runs them.
    if collection_path.suffix == ".py" and collection_path.parent == ENGINE:
        return True if _compiled(collection_path) is not None else None
    # The server's modules import its libraries (the server extra): without them, their
    # doctests are not collected, as its tests skip.
    if collection_path.name == "server" and collection_path.parent.name == "ramino":
        return None if _server_libraries() else True
    return None


def _server_libraries() -> bool:
    return all(importlib.util.find_spec(name) for name in ("fastapi", "sqlalchemy", "alembic"))
