"""The web application of ``ramino serve``: a small HTTP API for the lobby (OpenAPI at
``/openapi.json``) and a WebSocket per seat for play (docs/protocol.md), within the limits of
docs/limits.md.

Tables are private: the table's id, long and random, is its invitation. Whoever has it reads
the table's rules and takes a free seat with a nickname; the answer gives him a seat token,
his only key to that seat (the server keeps its hash). Every move is written to the store
before it is acknowledged, and every table is rebuilt from the store when the server starts.

The routes live in :mod:`ramino.server.routes`, one router for each thing served; the tables
this process serves in :mod:`ramino.server.served`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from .collector import Collector
from .limits import Limits, body_limit
from .ownership import Elsewhere
from .quick import Matcher
from .relay import moving, owners_first
from .routes import operator, pages, play, players, quick, rules, sheet, tables
from .served import Tables
from .store import Store

if TYPE_CHECKING:
    import httpx

    from .cluster import Cluster

__all__ = ["create_app"]

log = logging.getLogger("ramino.server")

#: Seconds a quick match's first player waits for others before computer players sit down.
QUICK_WAIT = 20.0


def create_app(
    store: Store,
    *,
    seed: str | None = None,
    limits: Limits | None = None,
    redis: str | None = None,
    address: str | None = None,
    quick_wait: float = QUICK_WAIT,
) -> FastAPI:
    """The application serving the tables kept in ``store``.

    With ``seed``, every new table's id and secret derive from it and from how many tables
    the store holds: the same clicks deal the same cards, for demos and tests. Whoever knows
    the seed knows every deal, so such a server is never one to play on. ``limits`` are a
    public server's (docs/limits.md) unless given.

    With ``redis`` (a URL), the process is one of several serving the same tables from a
    shared database (docs/deploy.md): it owns some of them, passes the others' requests and
    sockets on to their owners, reachable at their ``address`` (this one's, as the others
    reach it: ``http://host:port``).

    A quick match's first player waits ``quick_wait`` seconds at most for others before
    computer players fill the empty seats (docs/quick.md).
    """
    served = Tables(store, limits)
    served.seed = seed
    matcher = Matcher(served, quick_wait)
    collector = Collector()
    peers: list[httpx.AsyncClient] = []
    cluster: Cluster | None = None
    if redis is not None:
        if not store.shared:
            raise ValueError("several processes share PostgreSQL, not an SQLite file")
        if address is None:
            raise ValueError("a process of several needs the address the others reach it at")
        cluster = _cluster(served, redis, address)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if cluster is None:
            await run_in_threadpool(served.load)
            for room in served.rooms.values():
                served.arm(room)
        else:
            import httpx

            peers.append(httpx.AsyncClient(timeout=10, trust_env=False))
            cluster.start()
        collector.start()
        matcher.start()
        sweeper = asyncio.get_running_loop().create_task(served.sweep())
        log.info("started", extra={"event": "started", "tables": len(served.rooms)})
        yield
        sweeper.cancel()
        matcher.stop()
        if cluster is not None:
            await cluster.stop()
            await peers[0].aclose()
        collector.stop()
        for room in served.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        served.close()
        log.info("stopped", extra={"event": "stopped"})

    app = FastAPI(
        title="ramino",
        summary="Ramino at private tables: the lobby's HTTP API; play is on WebSockets.",
        lifespan=lifespan,
        # No page that loads scripts from elsewhere where the browser keeps seat tokens:
        # the description is at /openapi.json (docs/limits.md).
        docs_url=None,
        redoc_url=None,
    )
    app.state.tables = served
    app.state.quick = matcher
    if cluster is not None:
        app.add_middleware(owners_first, served=lambda: served, client=lambda: peers[0])
        app.add_exception_handler(Elsewhere, _moving)
    app.add_middleware(body_limit, limit=served.limits.body_bytes)
    app.add_exception_handler(RequestValidationError, _invalid)
    routers = (
        tables.router,
        play.router,
        players.router,
        players.leaderboards,
        quick.router,
        rules.router,
        sheet.router,
        pages.router,
        pages.words,
    )
    for router in (*routers, operator.router):
        app.include_router(router)
    pages.mount_static(app)
    return app


def _cluster(served: Tables, redis: str, address: str) -> Cluster:
    from .cluster import Cluster
    from .fanout import Events
    from .ownership import Leases

    owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
    return Cluster(served, Leases(served.store, owner, address), Events(redis))


async def _moving(request: Request, error: Exception) -> Response:
    """A table that moved to another process while its request was answered: try again."""
    return moving()


async def _invalid(request: Request, error: Exception) -> JSONResponse:
    """A request the schema refuses: 422 with where and why, never the input echoed back
    (it may not even be writable as JSON: NaN, a nonce of bytes that are not text)."""
    assert isinstance(error, RequestValidationError)
    detail = [
        {
            "loc": [str(part) for part in found.get("loc", ())],
            "msg": str(found.get("msg", "")),
            "type": str(found.get("type", "")),
        }
        for found in error.errors()
    ]
    return JSONResponse(status_code=422, content={"detail": detail})
