"""The ``ramino`` command: check a meld, show the rules in force, keep a table's score sheet.

The command line needs the ``cli`` extra (Click and rich); the engine does not.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Entry point of the ``ramino`` console script and of ``python -m ramino``."""
    from ..interrupts import install

    # Ctrl-C ends a long command between two decisions, never inside the compiled engine;
    # installed first, so that one pressed while the command line loads exits 130 as well.
    install()
    try:
        try:
            from .app import app
        except ImportError as error:  # the engine is installed without the cli extra
            if error.name not in {"click", "rich"}:
                raise
            print(
                "ramino: the command line needs its extra: pip install 'ramino[cli]'",
                file=sys.stderr,
            )
            raise SystemExit(2) from None
        app(prog_name="ramino")
    except KeyboardInterrupt:  # one inside a command exits 130 (app.Commands); this is outside it
        raise SystemExit(130) from None
