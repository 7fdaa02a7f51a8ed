"""The routes of ``ramino serve``, one router for each thing it serves: tables and seats, the
play and watch sockets, the rules, the home score sheet, the pages, and the operator's."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ..served import Tables

__all__ = ["Served", "served"]


def served(connection: HTTPConnection) -> Tables:
    """The tables of the application the request came to."""
    tables: Tables = connection.app.state.tables
    return tables


#: A route's parameter for the tables it serves.
Served = Annotated[Tables, Depends(served)]
