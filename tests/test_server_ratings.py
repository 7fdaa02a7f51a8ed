"""Players and ratings on ``ramino serve`` as a real process, played by real WebSocket clients:
guests with their keys, a rated match of two people that changes both ratings as Glicko-2 says
(and once: a restart replays the table without rating it again), an unrated table that changes
none, and the player's page and the preset's leaderboard that show it (docs/ratings.md)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from websockets.sync.client import ClientConnection

from ramino.ai.bot import Bot
from ramino.ai.levels import bot_for_level
from ramino.client.observation import observation_from_view
from ramino.engine.presets import get_preset
from ramino.server.ratings import DEFAULT, Rating, rate_match
from serving import Server, receive, state_at

pytestmark = [pytest.mark.server, pytest.mark.slow]


def call(server: Server, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["X-Player-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def refusal(server: Server, method: str, path: str, body: Any = None, key: str | None = None):
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(server, method, path, body, key)
    return refused.value.code, json.loads(refused.value.read())["detail"]


@pytest.fixture
def server_options() -> tuple[str, ...]:
    """The bots play whole matches as fast as the server answers, over a socket's default
    limit of messages a second (docs/limits.md)."""
    return ("--socket-messages", "1000")


def play_match(
    server: Server, rated: bool, leaver: int | None = None
) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """Two guests play a whole match of classico-2, each move their bot's: the table, the
    guests (id, key, name) and the last state. Guest ``leaver``, if given, leaves the table
    for good at once: the computer plays his seat, and the other's bot plays on to the end."""
    guests = [call(server, "POST", "/api/players", {}) for _ in range(2)]
    table = server.post(
        "/api/tables",
        {
            "rules": "classico-2",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "rated": rated,
            "turn_seconds": None,
        },
    )
    assert table["rated"] is rated
    tokens = []
    for guest in guests:
        body = {"nickname": guest["name"], "player_key": guest["key"]}
        tokens.append(server.post(f"/api/tables/{table['table']}/seats", body)["token"])
    clients = [server.socket(table["table"], token) for token in tokens]
    rules = get_preset("classico-2")
    bots = [bot_for_level("intermedio", seed=n) for n in range(2)]
    states = [state_at(c, receive(c, "welcome")["version"]) for c in clients]
    if leaver is not None:
        clients[leaver].send(json.dumps({"type": "leave"}))
        clients[leaver].close()
        stay = 1 - leaver
        return table["table"], guests, play_alone(clients[stay], bots[stay], states[stay])
    number = 0
    while not states[0]["match_over"]:
        offered = [n for n, state in enumerate(states) if state.get("reentry")]
        if offered:
            # Whoever is out stays out: the match ends.
            number += 1
            message = {"type": "reentry", "id": f"m{number}", "reenter": False}
            clients[offered[0]].send(json.dumps(message))
            ack = receive(clients[offered[0]], "ack")
            states = [state_at(client, ack["version"]) for client in clients]
            continue
        view = states[0]["observation"]
        who = view["to_play"]  # the seats of a two-person table are its round's seats
        mine = states[who]["observation"]
        action = bots[who].act(observation_from_view(mine, rules))
        number += 1
        clients[who].send(json.dumps({"type": "act", "id": f"m{number}", "action": str(action)}))
        answer = json.loads(clients[who].recv(timeout=10))
        while answer["type"] not in ("ack", "refused"):
            answer = json.loads(clients[who].recv(timeout=10))
        assert answer["type"] == "ack", (answer, str(action))
        states = [state_at(client, answer["version"]) for client in clients]
    for client in clients:
        client.close()
    return table["table"], guests, states[0]


def play_alone(client: ClientConnection, bot: Bot, state: dict[str, Any]) -> dict[str, Any]:
    """Play a seat to its match's end with ``bot``, the others' turns the computer's (its
    re-entries declined): its last state."""
    rules = get_preset("classico-2")
    number = 0
    while not state["match_over"]:
        view = state["observation"]
        if state.get("reentry"):
            number += 1
            client.send(json.dumps({"type": "reentry", "id": f"a{number}", "reenter": False}))
            state = state_at(client, receive(client, "ack")["version"])
        elif view is not None and view["to_play"] == view["seat"] and view["legal_actions"]:
            action = bot.act(observation_from_view(view, rules))
            number += 1
            client.send(json.dumps({"type": "act", "id": f"a{number}", "action": str(action)}))
            state = state_at(client, receive(client, "ack")["version"])
        else:
            state = receive(client, "state")
    client.close()
    return state


def test_a_guest_has_a_key_a_name_to_change_and_a_page(server: Server) -> None:
    guest = call(server, "POST", "/api/players", {})
    assert guest["name"].startswith("Ospite ") and len(guest["key"]) >= 40
    assert call(server, "GET", "/api/players/me", key=guest["key"]) == {
        "id": guest["id"],
        "name": guest["name"],
    }
    renamed = call(server, "PUT", "/api/players/me", {"name": " Anna  "}, key=guest["key"])
    assert renamed["name"] == "Anna"
    page = server.get(f"/api/players/{guest['id']}")
    assert page["name"] == "Anna" and page["ratings"] == page["matches"] == []
    # A key that is no one's is refused in words, and so is a name with the computer's mark.
    status, detail = refusal(server, "GET", "/api/players/me", key="not-a-key")
    assert status == 400 and detail["reason"] == "unknown_player_key"
    assert detail["message"]["en"].startswith("This key is no player's")
    table = server.post("/api/tables", {"rules": "classico", "seats": [{"kind": "human"}] * 2})
    body = {"nickname": "Anna", "player_key": "not-a-key"}
    status, detail = refusal(server, "POST", f"/api/tables/{table['table']}/seats", body)
    assert status == 400 and detail["reason"] == "unknown_player_key"
    status, detail = refusal(
        server, "PUT", "/api/players/me", {"name": "Ada (computer)"}, guest["key"]
    )
    assert detail["reason"] == "name_marked_computer"
    # A name another player holds, case, accents and blanks aside, is refused, and nothing
    # changes; a new player may not take it either. His own name written again is his.
    other = call(server, "POST", "/api/players", {})
    for name in ("anna", " ÀNNA "):
        status, detail = refusal(server, "PUT", "/api/players/me", {"name": name}, other["key"])
        assert status == 400 and detail["reason"] == "player_name_taken"
        assert (
            detail["message"]["en"]
            == f"The name “{name.strip()}” is already another player's: choose another."
        )
    assert server.get(f"/api/players/{other['id']}")["name"] == other["name"]
    status, detail = refusal(server, "POST", "/api/players", {"name": "Anna"})
    assert status == 400 and detail["reason"] == "player_name_taken"
    assert (
        call(server, "PUT", "/api/players/me", {"name": "ANNA"}, key=guest["key"])["name"] == "ANNA"
    )
    # Unless held: what a page asks when one sits down under a name, his own kept, or a guest.
    body = {"name": "anna", "unless_held": True}
    assert call(server, "PUT", "/api/players/me", body, key=other["key"])["name"] == other["name"]
    assert call(server, "POST", "/api/players", body)["name"].startswith("Ospite ")
    # House rules are not rated.
    house = {"rules": "classico", "knobs": {"target": 51}, "seats": [{"kind": "human"}] * 2}
    status, detail = refusal(server, "POST", "/api/tables", {**house, "rated": True})
    assert status == 400 and detail["reason"] == "rated_house_rules"
    # A leaderboard of rules that are no preset's is refused as such, not as a table.
    status, detail = refusal(server, "GET", "/api/leaderboard/nonexistent")
    assert status == 404 and detail["reason"] == "unknown_preset"
    assert detail["message"]["en"].startswith("Unknown rules 'nonexistent'")


def test_a_rated_match_changes_both_ratings_as_glicko_2_says_once(server: Server) -> None:
    table, guests, last = play_match(server, rated=True)
    pages = [server.get(f"/api/players/{guest['id']}") for guest in guests]
    match = pages[0]["matches"][0]
    assert match["table"] == table and match["rated"] and match["rules"] == "classico-2"
    placements = {seat["player"]: seat["placement"] for seat in match["seats"]}
    winner = last["winner"]
    assert [seat["placement"] for seat in match["seats"] if seat["name"] == winner] == [1]
    expected = rate_match([DEFAULT, DEFAULT], [placements[g["id"]] for g in guests])
    for page, rating in zip(pages, expected, strict=True):
        [mine] = page["ratings"]
        assert mine["rules"] == "classico-2" and mine["matches"] == 1
        assert mine["rating"] == pytest.approx(rating.rating, abs=0.05)
        assert mine["deviation"] == pytest.approx(rating.deviation, abs=0.05)
        assert mine["provisional"] is True
        [point] = page["history"]
        assert point["table"] == table and point["rating_before"] == DEFAULT.rating
    board = server.get("/api/leaderboard/classico-2")["players"]
    assert [line["id"] for line in board] == sorted(
        (g["id"] for g in guests), key=lambda i: -placements_rating(pages, i)
    )
    # Restarted, the server replays the table: nothing is rated twice.
    server.stop()
    server.start()
    again = [server.get(f"/api/players/{guest['id']}") for guest in guests]
    assert [p["ratings"] for p in again] == [p["ratings"] for p in pages]
    assert server.get(f"/api/tables/{table}")["started"]
    # A second rated match starts from the first one's ratings.
    _, more, _ = play_match(server, rated=True)
    assert all(server.get(f"/api/players/{g['id']}")["ratings"][0]["matches"] == 1 for g in more)
    assert Rating(expected[0].rating, expected[0].deviation).provisional


def placements_rating(pages: list[dict[str, Any]], player: str) -> float:
    return next(p["ratings"][0]["rating"] for p in pages if p["id"] == player)


def test_an_unrated_table_changes_no_rating_but_keeps_the_match(server: Server) -> None:
    table, guests, _ = play_match(server, rated=False)
    for guest in guests:
        page = server.get(f"/api/players/{guest['id']}")
        assert page["ratings"] == [] and page["history"] == []
        [match] = page["matches"]
        assert match["table"] == table and match["rated"] is False
        assert all(seat["rating"] is None for seat in match["seats"])
    assert server.get("/api/leaderboard/classico-2")["players"] == []


def test_the_terminal_keeps_its_players_key_in_the_config_folder(
    server: Server, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ramino.client.link import player_key, players_file

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    key = player_key(server.base, "Anna")
    assert players_file() == tmp_path / "config" / "ramino" / "players.json"
    assert players_file().stat().st_mode & 0o777 == 0o600
    assert player_key(server.base, "Anna") == key
    assert call(server, "GET", "/api/players/me", key=key)["name"] == "Anna"
