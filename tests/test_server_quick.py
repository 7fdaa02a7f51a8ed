"""Quick matches on ``ramino serve`` as a real process, with real clients (docs/quick.md): two
people asking for the same are seated together at a rated table; one alone is given computer
players after the wait, at a level from his rating; a player cancels, cannot wait twice, and
house rules make an unrated match. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from serving import Server, receive

pytestmark = [pytest.mark.server, pytest.mark.slow]

#: The server's wait before computer players fill a quick match's seats, in these tests.
WAIT = 2.0


@pytest.fixture
def quick(database_url: str, tmp_path: Path) -> Iterator[Server]:
    running = Server(database_url, tmp_path / "server.log", "--quick-wait", str(WAIT))
    running.start()
    yield running
    running.stop()


def call(server: Server, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["X-Player-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def refusal(server: Server, method: str, path: str, body: Any = None, key: str | None = None):
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(server, method, path, body, key)
    return refused.value.code, json.loads(refused.value.read())["detail"]


def seated(server: Server, key: str, within: float = 15.0) -> dict[str, Any]:
    """The player's status once he is seated (long polls)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = call(server, "GET", "/api/quick/me?wait=5", key=key)
        if found["state"] != "waiting":
            return found
    pytest.fail("not seated in time")


def test_two_people_are_seated_together_at_a_rated_table(quick: Server) -> None:
    anna = call(quick, "POST", "/api/players", {"name": "Anna"})
    asked = call(
        quick, "POST", "/api/quick", {"rules": "scala-40", "players": 2, "player_key": anna["key"]}
    )
    assert asked["state"] == "waiting" and asked["rated"] is True and asked["key"] is None
    assert asked["player"]["name"] == "Anna" and asked["wait_seconds"] == WAIT
    # Without a key, a guest is made for him, and his key given once.
    guest = call(quick, "POST", "/api/quick", {"rules": "scala-40", "players": 2})
    assert guest["key"] and guest["player"]["name"].startswith("Ospite")
    first, second = seated(quick, anna["key"]), seated(quick, guest["key"])
    assert first["state"] == second["state"] == "seated"
    assert first["table"] == second["table"] and {first["seat"], second["seat"]} == {0, 1}
    table = quick.get(f"/api/tables/{first['table']}")
    assert table["rated"] is True and table["started"] is True
    assert table["rules"]["name"] == "scala-40"
    assert [seat["kind"] for seat in table["seats"]] == ["human", "human"]
    # The token given when he asked opens his seat.
    client = quick.socket(first["table"], asked["token"])
    welcome = receive(client, "welcome")
    assert welcome["seat"] == first["seat"] and welcome["name"] == "Anna"
    client.close()
    counts = {line["rules"]: line for line in quick.get("/api/quick")["presets"]}
    assert counts["scala-40"] == {"rules": "scala-40", "waiting": 0, "playing": 1}
    # Gin rummy's presets are quick matches too, rated, for two only, counted apart.
    assert counts["gin"] == {"rules": "gin", "waiting": 0, "playing": 0}
    code, detail = refusal(quick, "POST", "/api/quick", {"rules": "gin", "players": 3})
    assert code == 400 and "2" in detail["message"]["en"]
    body = {"rules": "gin", "players": 2, "player_key": anna["key"]}
    assert call(quick, "POST", "/api/quick", body)["rated"] is True
    call(quick, "POST", "/api/quick", {"rules": "gin", "players": 2})
    table = quick.get(f"/api/tables/{seated(quick, anna['key'])['table']}")
    assert table["rules"]["name"] == "gin" and table["rated"] is True
    counts = {line["rules"]: line for line in quick.get("/api/quick")["presets"]}
    assert counts["gin"]["playing"] == 1 and counts["scala-40"]["playing"] == 1
    assert quick.get("/api/leaderboard/gin") == {"rules": "gin", "players": []}


def test_one_person_is_given_computer_players_after_the_wait(quick: Server) -> None:
    anna = call(quick, "POST", "/api/players", {"name": "Anna"})
    asked = time.monotonic()
    call(
        quick, "POST", "/api/quick", {"rules": "scala-40", "players": 4, "player_key": anna["key"]}
    )
    waiting = call(quick, "GET", "/api/quick/me", key=anna["key"])
    assert waiting["state"] == "waiting" and waiting["waiting"] == 1
    assert 0 < waiting["fill_in"] <= WAIT
    counts = {line["rules"]: line for line in quick.get("/api/quick")["presets"]}
    assert counts["scala-40"]["waiting"] == 1
    found = seated(quick, anna["key"])
    assert time.monotonic() - asked >= WAIT - 0.5
    table = quick.get(f"/api/tables/{found['table']}")
    computers = [seat for seat in table["seats"] if seat["kind"] == "computer"]
    assert len(computers) == 3 and table["rated"] is True
    # Labelled as computers, at the level of a new (provisional) player.
    assert all(seat["name"].endswith("(computer)") for seat in computers)
    assert {seat["level"] for seat in computers} == {"principiante"}


def test_a_player_cancels_and_cannot_wait_twice(quick: Server) -> None:
    anna = call(quick, "POST", "/api/players", {"name": "Anna"})
    body = {"rules": "scala-40", "players": 3, "player_key": anna["key"]}
    call(quick, "POST", "/api/quick", body)
    code, detail = refusal(quick, "POST", "/api/quick", {**body, "players": 2})
    assert code == 409 and detail["reason"] == "quick_waiting"
    assert detail["message"]["en"].startswith("You are already waiting")
    assert call(quick, "DELETE", "/api/quick/me", key=anna["key"])["state"] == "none"
    assert call(quick, "GET", "/api/quick/me", key=anna["key"])["state"] == "none"
    # Gone from the queue: the wait passes and no table is made for him.
    time.sleep(WAIT + 1)
    assert call(quick, "GET", "/api/quick/me", key=anna["key"])["state"] == "none"
    code, detail = refusal(quick, "GET", "/api/quick/me", key="no such key")
    assert code == 400 and detail["reason"] == "unknown_player_key"


def test_house_rules_make_an_unrated_match_apart(quick: Server) -> None:
    anna = call(quick, "POST", "/api/players", {})
    bruno = call(quick, "POST", "/api/players", {})
    house = {"rules": "scala-40", "knobs": {"target": 301}, "players": 2}
    asked = call(quick, "POST", "/api/quick", {**house, "player_key": anna["key"]})
    assert asked["rated"] is False
    # Bruno wants the preset as it is: not the same rules, so not the same table.
    call(
        quick, "POST", "/api/quick", {"rules": "scala-40", "players": 2, "player_key": bruno["key"]}
    )
    first, second = seated(quick, anna["key"]), seated(quick, bruno["key"])
    assert first["table"] != second["table"]
    table = quick.get(f"/api/tables/{first['table']}")
    assert table["rated"] is False and table["rules"]["knobs"]["target"] == 301
    assert table["seats"][1]["kind"] == "computer"
    code, _ = refusal(quick, "POST", "/api/quick", {"rules": "scala-40", "players": 13})
    assert code == 422
    code, detail = refusal(quick, "POST", "/api/quick", {"rules": "no-such-rules", "players": 2})
    assert code == 400 and detail["reason"]


@pytest.fixture
def crowded(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server that takes two people waiting for a quick match at once, and seats them only
    after a minute (nobody is seated during the test)."""
    running = Server(
        database_url, tmp_path / "server.log", "--quick-wait", "60", "--quick-waiting", "2"
    )
    running.start()
    yield running
    running.stop()


def player_rows(url: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM players")).scalar_one())
    finally:
        engine.dispose()


def test_people_wait_up_to_the_servers_limit_and_a_refusal_changes_nothing(
    crowded: Server,
) -> None:
    anna = call(crowded, "POST", "/api/players", {"name": "Anna"})
    bruno = call(crowded, "POST", "/api/players", {"name": "Bruno"})
    carla = call(crowded, "POST", "/api/players", {"name": "Carla"})
    # Two queues, one person each: the limit counts everyone waiting, whatever for.
    call(
        crowded,
        "POST",
        "/api/quick",
        {"rules": "scala-40", "players": 4, "player_key": anna["key"]},
    )
    call(
        crowded,
        "POST",
        "/api/quick",
        {"rules": "classico", "players": 3, "player_key": bruno["key"]},
    )
    body = {"rules": "scala-40", "players": 4, "player_key": carla["key"]}
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(crowded, "POST", "/api/quick", body)
    assert refused.value.code == 503
    assert 1 <= int(refused.value.headers["Retry-After"]) <= 60
    detail = json.loads(refused.value.read())["detail"]
    assert detail["reason"] == "quick_full"
    assert detail["message"]["it"].startswith(
        "Per una partita veloce aspettano già 2 giocatori, il massimo che questo server accoglie"
    ), detail["message"]
    assert detail["message"]["en"].startswith(
        "2 players are already waiting for a quick match, as many as this server takes"
    ), detail["message"]
    # Nothing changed: Carla waits for nothing, and a guest refused was never made.
    assert call(crowded, "GET", "/api/quick/me", key=carla["key"])["state"] == "none"
    players = player_rows(crowded.url)
    code, detail = refusal(crowded, "POST", "/api/quick", {"rules": "scala-40", "players": 4})
    assert code == 503 and detail["reason"] == "quick_full"
    assert player_rows(crowded.url) == players
    counts = {line["rules"]: line["waiting"] for line in crowded.get("/api/quick")["presets"]}
    assert counts["scala-40"] == counts["classico"] == 1
    # One of them goes: a place is free again.
    call(crowded, "DELETE", "/api/quick/me", key=bruno["key"])
    asked = call(crowded, "POST", "/api/quick", body)
    assert asked["state"] == "waiting" and asked["waiting"] == 2
