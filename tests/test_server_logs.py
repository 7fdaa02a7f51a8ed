"""The operator's log: one JSON line an event, with its own fields, and the cause of an
exception (type, text, traceback) in the same line; a move not stored is logged so, and its
player told whether the database or the server failed."""

from __future__ import annotations

import io
import json
import logging

import pytest

from ramino.server.logs import JsonLines

pytestmark = pytest.mark.once


def _logged(emit: object) -> list[dict[str, object]]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonLines())
    log = logging.getLogger("ramino.server.test_logs")
    log.handlers[:] = [handler]
    log.propagate = False
    log.setLevel(logging.INFO)
    emit(log)  # type: ignore[operator]
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_an_event_is_one_line_with_its_fields() -> None:
    (line,) = _logged(lambda log: log.info("table taken", extra={"event": "owned", "table": "t1"}))
    assert line["event"] == "owned" and line["table"] == "t1" and line["level"] == "info"
    assert line["message"] == "table taken" and "traceback" not in line


def test_an_exception_keeps_its_cause_in_the_same_line() -> None:
    def emit(log: logging.Logger) -> None:
        try:
            {}["seat"]
        except KeyError:
            log.exception("quick match", extra={"event": "quick_failed"})

    (line,) = _logged(emit)
    assert line["event"] == "quick_failed" and line["level"] == "error"
    assert line["error"] == "KeyError: 'seat'"
    assert isinstance(line["traceback"], str)
    assert line["traceback"].startswith("Traceback") and "emit" in line["traceback"]


def test_a_move_not_stored_is_said_for_what_went_wrong() -> None:
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from ramino.server.routes.play import _store_trouble

    full = OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
    down = OperationalError("INSERT", {}, sqlite3.OperationalError("unable to open database"))
    assert _store_trouble(full) == ("il suo disco è pieno", "its disk is full")
    assert _store_trouble(down)[1] == "the database does not answer"
    # A fault of the server's own is not blamed on the database (its log line names it).
    assert _store_trouble(KeyError(3))[1] == "the server met an error"
