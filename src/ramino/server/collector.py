"""The garbage collector of a serving process, kept from stopping every table for long."""

from __future__ import annotations

import gc
import time

__all__ = ["Collector"]

#: Seconds between the garbage collector's full passes over every object, frozen ones too.
THAW_SECONDS = 600.0


class Collector:
    """Keeps the garbage collector's full passes short, for each one stops every table: what
    survives a pass of the two older generations is frozen (:func:`gc.freeze`), so that a
    full pass walks only what is newer. Every :data:`THAW_SECONDS` a pass walks everything
    again, so that cycles among objects once frozen are freed too (objects frozen are still
    freed as soon as nothing refers to them). (Full passes over 500 tables took up to 200 ms,
    and were the p99 of bench/server_load.py at a person's pace; frozen after full passes
    only, 1,000 tables still made one of 70 to 130 ms every few seconds.)"""

    def __init__(self) -> None:
        self._thawed = time.monotonic()

    def start(self) -> None:
        """Freeze what the server holds now (its code, the tables read back) and the
        survivors of every pass but the youngest generation's from now on."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._pass)

    def stop(self) -> None:
        gc.callbacks.remove(self._pass)
        gc.unfreeze()

    def _pass(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] == 0:
            return
        if phase == "stop":
            gc.freeze()
        elif info["generation"] == 2 and time.monotonic() - self._thawed > THAW_SECONDS:
            self._thawed = time.monotonic()
            gc.unfreeze()
