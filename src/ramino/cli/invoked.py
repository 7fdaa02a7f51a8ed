"""The command that runs this program, as the user can type it again where he is.

A hint that names a command (``--resume`` after saving) prints this, not a bare ``ramino``
that may not be on his PATH: ``make play`` runs ``.venv/bin/ramino``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

__all__ = ["program"]


def program(argv0: str | None = None) -> str:
    """How to run this program again from the current directory, ready to paste.

    ``ramino`` when that name on the PATH is the program running; else the path it was
    started by (relative to the current directory when it lies under it); ``python -m
    ramino`` when it was started as a module. ``argv0`` defaults to ``sys.argv[0]``.

    >>> program("/nowhere/__main__.py") == f"{_shown(sys.executable)} -m ramino"
    True
    """
    started = sys.argv[0] if argv0 is None else argv0
    if Path(started).name == "__main__.py":
        return f"{_shown(sys.executable)} -m ramino"
    if not os.path.isfile(started):
        # Not a file we know (an embedding program, a test runner): the command's own name.
        return "ramino"
    on_path = shutil.which("ramino")
    if on_path is not None and _same(on_path, started):
        return "ramino"
    return _shown(started)


def _same(first: str, second: str) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def _shown(path: str) -> str:
    """``path`` as short as it still works from here: relative under the current directory
    (with a slash in it, so that the shell does not look it up on the PATH), quoted for the
    shell."""
    full = Path(path).absolute()
    try:
        relative = full.relative_to(Path.cwd())
    except ValueError:
        return shlex.quote(str(full))
    shown = str(relative)
    return shlex.quote(shown if os.sep in shown else f".{os.sep}{shown}")
