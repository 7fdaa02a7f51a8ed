"""The chat of a table on a real ``ramino serve`` process (docs/protocol.md, Chat): a line
reaches every socket of the table, seats and spectators, and is kept beside the table, never in
its log of moves; a socket that connects later, even after a restart, reads the last lines;
every refusal has its reason; a table created without chat has none; a line reported is kept
for whoever runs the site and said in its log."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from ramino.server.chat import CHAT_BURST, MAX_CHAT_CHARS
from ramino.server.store import Store
from serving import Server, receive

pytestmark = [pytest.mark.server]


def table_of_two(server: Server, *, chat: bool = True) -> tuple[str, list[str]]:
    """A table of two people, both seated (Anna, Bruno): its id and their tokens."""
    body: dict[str, Any] = {
        "rules": "classico",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "turn_seconds": None,
        "chat": chat,
    }
    table = server.post("/api/tables", body)
    assert table["chat"] is chat
    tokens = [
        server.post(f"/api/tables/{table['table']}/seats", {"nickname": name})["token"]
        for name in ("Anna", "Bruno")
    ]
    return table["table"], tokens


def answer(client: Any, message: dict[str, Any]) -> dict[str, Any]:
    """The chat line, error or report answer that ``message`` gets."""
    client.send(json.dumps(message))
    while True:
        got = json.loads(client.recv(timeout=10))
        if got["type"] in ("chat", "error", "reported"):
            return got


def test_a_line_reaches_the_whole_table_and_is_kept(server: Server) -> None:
    table, tokens = table_of_two(server)
    anna, bruno = (server.socket(table, token) for token in tokens)
    spectator = server.watch(table)
    version = receive(anna, "state")["version"]
    receive(bruno, "state")
    receive(spectator, "state")
    text = "  ciao <script>alert(1)</script> Bruno  "
    said = answer(anna, {"type": "say", "text": text})
    (line,) = said["lines"]
    assert line["text"] == text.strip() and line["phrase"] is None and line["words"] is None
    assert (line["id"], line["seat"], line["name"]) == (1, 0, "Anna")
    assert line["at"].endswith("Z")
    assert receive(bruno, "chat") == said
    assert receive(spectator, "chat") == said
    # A ready phrase, in both languages for each reader to read in his own.
    phrase = answer(bruno, {"type": "say", "phrase": "nice_hand"})["lines"][0]
    assert (phrase["id"], phrase["seat"], phrase["text"], phrase["phrase"]) == (
        2,
        1,
        None,
        "nice_hand",
    )
    assert phrase["words"] == {"it": "Bella mano!", "en": "Nice hand!"}
    assert receive(anna, "chat")["lines"] == [phrase]
    # A line is not a move: the table's version stays.
    anna.send(json.dumps({"type": "sync"}))
    assert receive(anna, "state")["version"] == version
    # Whoever connects later reads the last lines, once the state is there.
    late = server.watch(table)
    receive(late, "state")
    assert [line["id"] for line in receive(late, "chat")["lines"]] == [1, 2]
    for client in (anna, bruno, spectator, late):
        client.close()
    # They are kept beside the table: a restart keeps them, and the numbering goes on.
    server.stop()
    server.start()
    anna = server.socket(table, tokens[0])
    assert [line["id"] for line in receive(anna, "chat")["lines"]] == [1, 2]
    assert answer(anna, {"type": "say", "phrase": "thanks"})["lines"][0]["id"] == 3
    anna.close()


def test_every_refusal_says_why(server: Server) -> None:
    table, tokens = table_of_two(server)
    anna = server.socket(table, tokens[0])
    refused = {
        "chat_empty": {"type": "say", "text": "   "},
        "chat_too_long": {"type": "say", "text": "x" * (MAX_CHAT_CHARS + 1)},
        "chat_bad_text": {"type": "say", "text": "rosso \x1b[31m"},
        "chat_unknown_phrase": {"type": "say", "phrase": "<b>"},
        "bad_message": {"type": "say", "text": "ciao", "phrase": "thanks"},
        "chat_unknown_line": {"type": "report", "line": 99},
    }
    for reason, message in refused.items():
        got = answer(anna, message)
        assert (got["type"], got["reason"]) == ("error", reason), got
        assert got["message"]["it"] and got["message"]["en"]
    # The longest line passes; a few lines in a row, then one is too fast.
    assert answer(anna, {"type": "say", "text": "é" * MAX_CHAT_CHARS})["type"] == "chat"
    for _ in range(CHAT_BURST - 1):
        assert answer(anna, {"type": "say", "phrase": "hello"})["type"] == "chat"
    fast = answer(anna, {"type": "say", "phrase": "hello"})
    assert fast["reason"] == "chat_too_fast", fast
    assert "secondi" in fast["message"]["it"] and "seconds" in fast["message"]["en"]
    anna.close()


def test_a_table_without_chat_has_none(server: Server) -> None:
    table, tokens = table_of_two(server, chat=False)
    assert server.get(f"/api/tables/{table}")["chat"] is False
    anna = server.socket(table, tokens[0])
    got = answer(anna, {"type": "say", "phrase": "good_game"})
    assert got["reason"] == "chat_off"
    assert got["message"]["en"] == "Chat is off at this table."
    anna.close()


def test_a_line_reported_is_kept_for_the_site(server: Server) -> None:
    table, tokens = table_of_two(server)
    anna, bruno = (server.socket(table, token) for token in tokens)
    line = answer(anna, {"type": "say", "text": "una riga da segnalare"})["lines"][0]
    receive(bruno, "chat")
    assert answer(bruno, {"type": "report", "line": line["id"]}) == {
        "type": "reported",
        "line": line["id"],
    }
    anna.close()
    bruno.close()
    store = Store(server.url)
    try:
        (report,) = store.reports(10)
    finally:
        store.close()
    assert (report["table"], report["line"], report["name"], report["text"]) == (
        table,
        line["id"],
        "Anna",
        "una riga da segnalare",
    )
    assert (report["reporter_seat"], report["reporter"]) == (1, "Bruno")
    logged = [json.loads(row) for row in server.log.read_text().splitlines() if "{" in row[:1]]
    assert any(row.get("event") == "chat_reported" and row["table"] == table for row in logged)
