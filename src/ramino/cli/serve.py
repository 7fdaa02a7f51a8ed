"""``ramino serve``: private tables online, played from the terminal or the browser.

The tables live in an embedded SQLite file unless ``--db`` names another database (PostgreSQL
by URL); every move is stored before it is acknowledged, and the tables come back as they were
when the server starts again.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .common import EXIT_USAGE, Lang, LangOption, echo, pick, usage_error


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (127.0.0.1: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL (default: the SQLite file ramino.db in the current folder;"
            " postgresql+psycopg://… for PostgreSQL).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            metavar="TEXT",
            help="Derive every new table and its deals from TEXT, so that the same moves"
            " deal the same cards: for demos and tests only (whoever knows TEXT knows every"
            " hand).",
            show_default=False,
        ),
    ] = None,
    tables_burst: Annotated[
        int,
        typer.Option(
            "--tables-burst",
            min=1,
            help="Tables a client address may create in a row (docs/limits.md).",
        ),
    ] = 20,
    tables_per_minute: Annotated[
        float,
        typer.Option(
            "--tables-per-minute",
            min=0.01,
            help="Tables a client address may create a minute after its burst.",
        ),
    ] = 10.0,
    waiting_seconds: Annotated[
        float,
        typer.Option(
            "--waiting-seconds",
            min=1,
            help="Seconds a table with a free seat waits for its players (from its creation"
            " or its last seat taken) before it is removed.",
        ),
    ] = 1800.0,
    lang: LangOption = Lang.IT,
) -> None:
    """Serve Ramino's private tables: an HTTP API for the lobby (described at /openapi.json)
    and a WebSocket per seat for play (docs/protocol.md), within a public server's limits
    (docs/limits.md)."""
    try:
        import uvicorn
        from sqlalchemy.engine import make_url

        from ..server.app import create_app
        from ..server.guard import guarded_protocol
        from ..server.limits import Limits
        from ..server.store import Store, default_url
    except ImportError as error:  # the server's libraries come with the server extra
        typer.echo(
            f"ramino: serve needs its extra: pip install 'ramino[server]' ({error.name})", err=True
        )
        raise typer.Exit(EXIT_USAGE) from None
    url = db if db is not None else default_url()
    try:
        # Shown without its password, if it has one.
        shown = make_url(url).render_as_string(hide_password=True)
        store = Store(url)
    except Exception as error:  # a URL SQLAlchemy cannot use, a database it cannot reach
        usage_error(
            pick(
                lang,
                f"non riesco ad aprire il database: {type(error).__name__}.",
                f"cannot open the database: {type(error).__name__}.",
            ),
            lang,
        )
    echo(
        pick(
            lang,
            f"ramino serve: tavoli su http://{host}:{port} (database {shown}); Ctrl-C per fermare.",
            f"ramino serve: tables at http://{host}:{port} (database {shown}); Ctrl-C to stop.",
        ),
        err=True,
    )
    limits = Limits(
        tables_burst=tables_burst,
        tables_per_minute=tables_per_minute,
        waiting_seconds=waiting_seconds,
    )
    uvicorn.run(
        create_app(store, seed=seed, limits=limits),
        host=host,
        port=port,
        log_level="warning",
        # Each request in full within a few seconds, a bounded head, a bounded number of
        # connections per address (docs/limits.md); idle keep-alive connections close too.
        http=guarded_protocol(limits),
        timeout_keep_alive=5,
        limit_concurrency=_open_files() - 64,
        backlog=2048,
        # No frame bigger than a message may be (MAX_MESSAGE_BYTES), with room to say so.
        ws_max_size=64 * 1024,
        # Deflating every state was 12% of the server's time under load (bench/server_load.py),
        # for states of a few kilobytes.
        ws_per_message_deflate=False,
    )


def _open_files() -> int:
    """Raise this process's limit of open files to the most it may (connections are files),
    and return it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    wanted = min(wanted, 65536)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return max(256, soft)
