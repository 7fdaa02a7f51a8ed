"""The routes of ``ramino serve``, one router for each thing it serves: tables and seats, the
play and watch sockets, the rules, the home score sheet, the pages, and the operator's."""

from __future__ import annotations

import math
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ...engine.errors import IllegalAction
from ..limits import TokenBucket, plural_seconds
from ..reasons import ServerReason
from ..refused import refused
from ..served import Tables

__all__ = ["Served", "client_address", "paced", "served"]


def served(connection: HTTPConnection) -> Tables:
    """The tables of the application the request came to."""
    tables: Tables = connection.app.state.tables
    return tables


#: A route's parameter for the tables it serves.
Served = Annotated[Tables, Depends(served)]


def client_address(connection: HTTPConnection) -> str:
    """The client's address (as a proxy allowed to name it names it: docs/limits.md)."""
    return connection.client.host if connection.client is not None else ""


def paced(connection: HTTPConnection, bucket: TokenBucket, reason: ServerReason) -> None:
    """Take a token of the client's in ``bucket``, or refuse with 429 ``reason``: how many in a
    row, then one every so often, and when the next one is allowed (``Retry-After``)."""
    wait = bucket.take(client_address(connection))
    if wait > 0:
        error = IllegalAction(
            reason,
            burst=bucket.burst,
            every=plural_seconds(60 / bucket.per_minute),
            wait=plural_seconds(wait),
        )
        raise refused(error, status=429, headers={"Retry-After": str(math.ceil(wait))})
