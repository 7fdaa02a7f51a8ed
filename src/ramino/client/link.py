"""Where an online table is and how to sit at it: the invitation link, and the lobby's HTTP
calls a client makes before it plays (docs/protocol.md).

The link of a table is its server's address and its id, as anyone may write it::

    >>> Invitation.parse("http://127.0.0.1:8000/api/tables/Zx3_abc")
    Invitation(server='http://127.0.0.1:8000', table='Zx3_abc')
    >>> Invitation.parse("casa.example:8000/api/tables/Zx3_abc").link
    'http://casa.example:8000/t/Zx3_abc'
    >>> Invitation.parse("https://ramino.example/api/tables/Zx3_abc/").socket("tok")
    'wss://ramino.example/api/tables/Zx3_abc/play?token=tok'
    >>> Invitation.parse("http://127.0.0.1:8000")
    Traceback (most recent call last):
    ...
    ramino.client.link.LinkError: the link names no table: it is the one you were sent, such as http://host:port/t/ID.
"""

from __future__ import annotations

import json
import os
import re
import socket
import ssl
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import Localized
from ..engine.text import shown
from ..words.inline import both

__all__ = [
    "Invitation",
    "LinkError",
    "ServerError",
    "create_table",
    "player_key",
    "players_file",
    "request",
]

#: Seconds a lobby call may take before the client gives up.
TIMEOUT = 15
# A table id as the server makes them (secrets.token_urlsafe).
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# A host, an IPv4 or a bracketed IPv6 address, and a port: nothing a terminal would obey.
_HOST = re.compile(r"^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$")


class LinkError(ValueError):
    """A link that names no table of a server."""

    def __init__(self, words: Localized) -> None:
        super().__init__(words[1])
        self.words = words

    def message(self, lang: str = "it") -> str:
        return self.words[1] if lang == "en" else self.words[0]


class ServerError(Exception):
    """The server refused a lobby call, or could not be reached: the sentence says why."""

    def __init__(self, words: Localized, status: int | None = None) -> None:
        super().__init__(words[1])
        self.words = words
        self.status = status

    def message(self, lang: str = "it") -> str:
        return self.words[1] if lang == "en" else self.words[0]


@dataclass(frozen=True, slots=True)
class Invitation:
    """A table of a server: ``server`` is its address (``http://host:port``)."""

    server: str
    table: str

    @classmethod
    def parse(cls, link: str) -> Invitation:
        """The table named by ``link``: ``http(s)://host[:port]/…/tables/ID`` or ``…/t/ID``
        (without a scheme, ``http``)."""
        text = link.strip()
        if "://" not in text:
            text = "http://" + text
        try:
            parts = urllib.parse.urlsplit(text)
            port_ok = parts.port is None or parts.port > 0
        except ValueError:
            parts, port_ok = None, False
        if (
            parts is None
            or not port_ok
            or parts.scheme not in ("http", "https")
            or not _HOST.match(parts.netloc)
        ):
            raise LinkError(
                both(
                    "il link {link} non è l'indirizzo di un server (http://host:porta/…).",
                    link=shown(link),
                )
            )
        path = [piece for piece in parts.path.split("/") if piece]
        if len(path) < 2 or path[-2] not in ("tables", "t") or not _TABLE_ID.match(path[-1]):
            raise LinkError(
                both(
                    "il link non nomina un tavolo: è quello che ti hanno mandato, come"
                    " http://host:porta/t/ID.",
                )
            )
        return cls(f"{parts.scheme}://{parts.netloc}", path[-1])

    @property
    def link(self) -> str:
        """The link to send to a friend: the table's page in a browser, and what ``ramino play
        --join`` takes."""
        return f"{self.server}/t/{self.table}"

    def socket(self, token: str) -> str:
        """The address of the seat's WebSocket."""
        scheme = "wss" if self.server.startswith("https:") else "ws"
        host = self.server.split("://", 1)[1]
        quoted = urllib.parse.quote(token, safe="")
        return f"{scheme}://{host}/api/tables/{self.table}/play?token={quoted}"


def request(
    server: str,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> Any:
    """A lobby call to ``server``; a refusal or an unreachable server raises
    :class:`ServerError` with the server's own sentence when it gave one."""
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(
        server + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(call, timeout=TIMEOUT) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise _refusal(error) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise ServerError(_unreachable(server, getattr(error, "reason", error))) from None


def _unreachable(server: str, reason: object) -> Localized:
    """Why ``server`` gave no answer, in our words: the operating system's (``[Errno 111]
    Connection refused``) are English whatever the player's language."""
    if isinstance(reason, ConnectionRefusedError):
        return both(
            "il server {server} non risponde: a quell'indirizzo nessuno accetta connessioni"
            " (è acceso? la porta è giusta?).",
            server=server,
        )
    if isinstance(reason, socket.gaierror):
        return both("il server {server} non si trova: il nome non esiste in rete.", server=server)
    if isinstance(reason, TimeoutError):
        return both(
            "il server {server} non risponde: nessuna risposta in {seconds} secondi.",
            server=server,
            seconds=TIMEOUT,
        )
    if isinstance(reason, ssl.SSLError):
        return both("la connessione sicura (https) con {server} non riesce.", server=server)
    if isinstance(reason, ValueError):
        # An answer that is not JSON: something else listens at that address.
        return both("a {server} risponde qualcosa che non è un server di ramino.", server=server)
    return both("il server {server} non risponde.", server=server)


def _refusal(error: urllib.error.HTTPError) -> ServerError:
    try:
        body = json.loads(error.read() or b"null")
    except ValueError:
        body = None
    detail = body.get("detail") if isinstance(body, dict) else None
    if isinstance(detail, dict) and isinstance(detail.get("message"), dict):
        words = detail["message"]
        return ServerError((str(words.get("it")), str(words.get("en"))), error.code)
    if error.code == 404:
        return ServerError(
            both("questo tavolo non c'è (o non c'è più)."),
            404,
        )
    if error.code == 409:
        return ServerError(
            both(
                "nessun posto libero con quel nome: il nome è già al tavolo, o il tavolo è pieno.",
            ),
            409,
        )
    if isinstance(detail, list) and detail and isinstance(detail[0], dict):
        # The schema's own words: where, and why.
        where = ".".join(str(part) for part in detail[0].get("loc", ()) if part != "body")
        why = f"{where}: {detail[0].get('msg')}" if where else str(detail[0].get("msg"))
    else:
        why = detail if isinstance(detail, str) else f"HTTP {error.code}"
    refused = both("il server rifiuta: {why}.", why=why)
    return ServerError(refused, error.code)


def create_table(server: str, body: dict[str, Any]) -> tuple[Invitation, dict[str, Any]]:
    """Create a table on ``server`` as ``body`` asks (docs/protocol.md): its invitation and
    the table as the server describes it."""
    table = request(server.rstrip("/"), "POST", "/api/tables", body)
    return Invitation(server.rstrip("/"), str(table["table"])), table


def players_file() -> Path:
    """Where ``ramino play`` keeps its player's key for each server: ``ramino/players.json``
    under the user's configuration folder (``$XDG_CONFIG_HOME``, else ``~/.config``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "ramino" / "players.json"


def player_key(server: str, name: str) -> str:
    """This user's player key at ``server``: the one kept in :func:`players_file`, or a new
    guest's, named ``name``, created there and kept (readable by the user alone). A kept key the
    server no longer knows (its database was reset) is replaced by a new one."""
    path = players_file()
    try:
        kept: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(kept, dict):
            kept = {}
    except (OSError, ValueError):
        kept = {}
    mine = kept.get(server)
    if isinstance(mine, dict) and isinstance(mine.get("key"), str):
        key = str(mine["key"])
        try:
            request(server, "GET", "/api/players/me", headers={"X-Player-Key": key})
            return key
        except ServerError as error:
            if error.status != 400:
                raise
    made = request(server, "POST", "/api/players", {"name": name})
    kept[server] = {"id": made["id"], "name": made["name"], "key": made["key"]}
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_suffix(".tmp")
    descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(kept, out, indent=1)
    fresh.replace(path)
    return str(made["key"])
