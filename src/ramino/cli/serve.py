"""``ramino serve``: private tables online, played from the terminal or the browser.

The tables live in an embedded SQLite file unless ``--db`` names another database (PostgreSQL
by URL); every move is stored before it is acknowledged, and the tables come back as they were
when the server starts again.
"""

from __future__ import annotations

import click

from ..words.inline import Saying, said
from .common import EXIT_USAGE, Lang, echo, exit_with, usage_error
from .parsing import Number, lang_option, worded_command


@worded_command("serve")
@click.option("--host", "host", default="127.0.0.1")
@click.option("--port", "port", type=click.IntRange(0, 65535), default=8000)
@click.option("--db", "db", default=None)
@click.option("--seed", "seed", default=None)
@click.option("--tables-burst", "tables_burst", type=click.IntRange(min=1), default=20)
@click.option("--tables-per-minute", "tables_per_minute", type=Number(min=0.01), default=10.0)
@click.option("--waiting-seconds", "waiting_seconds", type=Number(min=1), default=1800.0)
@click.option("--waiting-tables", "waiting_tables", type=click.IntRange(min=1), default=2000)
@click.option("--quick-wait", "quick_wait", type=Number(min=0), default=20.0)
@click.option("--quick-waiting", "quick_waiting", type=click.IntRange(min=1), default=1000)
@click.option("--socket-messages", "socket_messages", type=click.IntRange(min=1), default=20)
@click.option("--redis", "redis", default=None)
@click.option("--advertise", "advertise", default=None)
@click.option("--forwarded-allow-ips", "forwarded_allow_ips", default=None)
@lang_option
def serve(
    host: str,
    port: int,
    db: str | None,
    seed: str | None,
    tables_burst: int,
    tables_per_minute: float,
    waiting_seconds: float,
    waiting_tables: int,
    quick_wait: float,
    quick_waiting: int,
    socket_messages: int,
    redis: str | None,
    advertise: str | None,
    forwarded_allow_ips: str | None,
    lang: Lang,
) -> None:
    """Serve Ramino's private tables: an HTTP API for the lobby (described at /openapi.json)
    and a WebSocket per seat for play (docs/protocol.md), within a public server's limits
    (docs/limits.md)."""
    try:
        import uvicorn
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import NoSuchModuleError

        from ..server.app import create_app
        from ..server.guard import guarded_protocol
        from ..server.limits import Limits
        from ..server.logs import log_as_json
        from ..server.store import Store, default_url
    except ImportError as error:  # the server's libraries come with the server extra
        click.echo(
            f"ramino: serve needs its extra: pip install 'ramino[server]' ({error.name})", err=True
        )
        exit_with(EXIT_USAGE)
    if redis is not None:
        try:
            import httpx  # noqa: F401
            import redis as _redis  # noqa: F401
        except ImportError as error:
            click.echo(
                f"ramino: serve --redis needs its extra: pip install 'ramino[cluster]'"
                f" ({error.name})",
                err=True,
            )
            exit_with(EXIT_USAGE)
    url = db if db is not None else default_url()
    try:
        parsed = make_url(url)
    except Exception:  # SQLAlchemy's ArgumentError: a plain path, or no URL at all
        usage_error(
            said(lang, "{url} non è l'URL di un database: {how}", url=url, how=_DB_URL), lang
        )
    # Shown without its password, if it has one.
    shown = parsed.render_as_string(hide_password=True)
    if redis is not None and parsed.get_backend_name() == "sqlite":
        usage_error(
            said(
                lang,
                "più processi condividono PostgreSQL (--db postgresql+psycopg://…), non un file"
                " SQLite.",
            ),
            lang,
        )
    _check_address(host, port, lang)
    try:
        store = Store(url)
    except NoSuchModuleError:
        usage_error(
            said(
                lang,
                "{shown} non è un database che ramino sa aprire: {how}",
                shown=shown,
                how=_DB_URL,
            ),
            lang,
        )
    except Exception:  # a database it cannot reach, a file it cannot create
        where = (
            Saying("la cartella del file deve esistere e si deve poterci scrivere")
            if parsed.get_backend_name() == "sqlite"
            else Saying("il server non risponde, o non accetta queste credenziali")
        )
        usage_error(
            said(
                lang, "non riesco ad aprire il database {shown}: {where}.", shown=shown, where=where
            ),
            lang,
        )
    echo(
        said(
            lang,
            "ramino serve: tavoli su http://{host}:{port} (database {shown}); Ctrl-C per fermare.",
            host=host,
            port=port,
            shown=shown,
        ),
        err=True,
    )
    limits = Limits(
        tables_burst=tables_burst,
        tables_per_minute=tables_per_minute,
        waiting_seconds=waiting_seconds,
        waiting_tables=waiting_tables,
        quick_waiting=quick_waiting,
        socket_messages=socket_messages,
    )
    address = advertise or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    log_as_json()
    uvicorn.run(
        create_app(
            store,
            seed=seed,
            limits=limits,
            redis=redis,
            address=address,
            quick_wait=quick_wait,
        ),
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
        # The client's address as a proxy on these addresses names it (X-Forwarded-For):
        # nginx's, and the other processes' (docs/deploy.md).
        forwarded_allow_ips=forwarded_allow_ips,
    )


#: What a database URL looks like, for a --db that is not one.
_DB_URL = Saying(
    "scrivi sqlite:///ramino.db per un file SQLite, o"
    " postgresql+psycopg://utente:password@host/nome per PostgreSQL."
)


def _check_address(host: str, port: int, lang: Lang) -> None:
    """Refuse a --host or --port the server could not listen on, in one line and before it
    says it serves (uvicorn would say it after, in English)."""
    import errno
    import socket

    try:
        family, kind, _, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError):
        usage_error(
            said(lang, "--host {host} non è un indirizzo né un nome che si trovi.", host=host),
            lang,
        )
    with socket.socket(family, kind) as trial:
        # As uvicorn will: a port left in TIME_WAIT by a server just stopped is free.
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                sentence = said(
                    lang, "la porta {port} è già in uso: scegline un'altra con --port.", port=port
                )
            elif error.errno == errno.EACCES:
                sentence = said(
                    lang,
                    "la porta {port} è riservata all'amministratore: usane una da 1024 in su.",
                    port=port,
                )
            else:
                sentence = said(
                    lang, "--host {host} non è un indirizzo di questa macchina.", host=host
                )
            usage_error(sentence, lang)


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
