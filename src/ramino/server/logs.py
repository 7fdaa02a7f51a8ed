"""One JSON line on stderr for each event of a ``ramino serve`` process that matters to its
operator: started, a table taken or lost, tables handed over, Redis or the store gone and back.
Each line has ``time``, ``level``, ``event``, ``message`` and the event's own fields (those
given as ``extra``); a line logged with an exception also has ``error`` and ``traceback``."""

from __future__ import annotations

import json
import logging
from typing import Any

__all__ = ["JsonLines", "log_as_json"]

# The attributes every LogRecord has: the rest are the event's own fields.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message"}


class JsonLines(logging.Formatter):
    """A record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "message": record.getMessage(),
        }
        line.update((key, value) for key, value in record.__dict__.items() if key not in _STANDARD)
        # An exception logged (``log.exception``) keeps its cause: its type, its text and the
        # traceback, in the same line.
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            line["error"] = f"{type(error).__name__}: {error}"
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def log_as_json() -> None:
    """Send the server's own log (``ramino.server``) to stderr as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines())
    logger = logging.getLogger("ramino.server")
    logger.handlers[:] = [handler]
    logger.setLevel(logging.INFO)
    logger.propagate = False
