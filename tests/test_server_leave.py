"""Players who leave and rematches, on ``ramino serve`` as a real process with real clients:
a person gone past the reconnect window is played for by the computer (not before), labelled,
and takes his seat back when he returns; a leaver of a rated match finishes last; a rematch
agreed deals a new match to the same seats (the first match's sheet still read by its number),
one declined deals none; and a restart rebuilds the same state from the table's log."""

from __future__ import annotations

import json
import time
import urllib.error
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from websockets.sync.client import ClientConnection

from serving import Server, latest_state, play_to_the_end, receive

pytestmark = [pytest.mark.server, pytest.mark.slow]


def short_match(server: Server, *, away_seconds: int = 30, rated: bool = False) -> tuple[str, list]:
    """Two people and a computer at a match of a few short rounds, no clock: the seats taken
    with player keys, as ``[(seat, token, player id)]``."""
    rules = "classico-2" if rated else "classico"
    knobs = {} if rated else {"max_turns": 6, "target": 1}
    body = {
        "rules": rules,
        "knobs": knobs,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
        "turn_seconds": None,
        "rated": rated,
        "away_seconds": away_seconds,
    }
    if rated:
        # classico-2 is for two: the computer is not needed.
        body["seats"] = body["seats"][:2]
    table = server.post("/api/tables", body)
    assert table["away_seconds"] == away_seconds
    seats = []
    for name in ("Anna", "Bruno"):
        player = server.post("/api/players", {"name": name})
        joined = server.post(
            f"/api/tables/{table['table']}/seats", {"nickname": name, "player_key": player["key"]}
        )
        seats.append((joined["seat"], joined["token"], player["id"]))
    return table["table"], seats


def connect(server: Server, table: str, token: str) -> tuple[ClientConnection, dict[str, Any]]:
    client = server.socket(table, token)
    receive(client, "welcome")
    return client, latest_state(client)


def until(client: ClientConnection, done: Any, seconds: float = 60) -> dict[str, Any]:
    """The first state sent to ``client`` for which ``done(state)`` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = receive(client, "state")
        if done(state):
            return state
    raise AssertionError("the state never came")


def test_a_rematch_agreed_deals_a_new_match_to_the_same_seats(server: Server) -> None:
    table, seats = short_match(server)
    clients = [connect(server, table, token)[0] for _, token, _ in seats]
    # Both leave: the computer plays the whole match for them.
    for client in clients:
        client.send(json.dumps({"type": "leave"}))
    over = until(clients[0], lambda s: s["match_over"])
    assert over["match"] == 1 and sorted(over["away"]) == [0, 1]
    # Nobody present: nobody is asked.
    assert over["rematch"]["waiting"] == [] and over["rematch"]["agreed"] == []
    for client in clients:
        client.close()
    # Back, each takes his seat again, and is asked.
    returns = [connect(server, table, token) for _, token, _ in seats]
    clients = [client for client, _ in returns]
    state = returns[1][1]
    assert state["away"] == []
    assert state["rematch"]["waiting"] == [0, 1] and state["rematch"]["agreed"] == []
    assert state["rematch"]["names"][:2] == ["Anna", "Bruno"]
    sheet = state["sheet"]
    clients[0].send(json.dumps({"type": "rematch", "id": "x1", "agree": True}))
    assert receive(clients[0], "ack")
    state = until(clients[1], lambda s: s["rematch"] and s["rematch"]["agreed"] == [0])
    assert state["rematch"]["waiting"] == [1] and state["match_over"]
    clients[1].send(json.dumps({"type": "rematch", "id": "x2", "agree": True}))
    assert receive(clients[1], "ack")
    fresh = until(clients[0], lambda s: s["match"] == 2)
    assert not fresh["match_over"] and fresh["round"] == 1 and fresh["rematch"] is None
    assert fresh["sheet"] == [] and fresh["away"] == []
    names = [seat["name"] for seat in fresh["observation"]["seats"]]
    assert names[:2] == ["Anna", "Bruno"] and "(computer)" in names[2]
    # Its own deals: the first match's stay revealed, the new one committed to anew.
    deals = server.get(f"/api/tables/{table}/deals")["revealed"]
    assert len(deals) == len(sheet) and all(deal["match"] == 1 for deal in deals)
    assert fresh["commitment"] not in {deal["commitment"] for deal in deals}
    for client in clients:
        client.close()
    # The first match is kept as played, once.
    page = server.get(f"/api/players/{seats[0][2]}")
    assert [(m["table"], m["match"]) for m in page["matches"]] == [(table, 1)]
    # Both were away at its end, but it was not rated: nobody counts as having left.
    assert [seat["left"] for seat in page["matches"][0]["seats"]] == [False] * 3
    # Its sheet is still read by its number; the second match's is the one being played.
    first = server.get(f"/api/tables/{table}/matches/1")
    assert first["sheet"] == sheet and first["over"] and first["matches"] == 2
    assert first["match"] == 1 and first["rules"]["name"] == "classico"
    assert first["players"][:2] == ["Anna", "Bruno"] and "(computer)" in first["players"][2]
    assert first["winner"] in first["players"] and first["winner"] in first["result"]["it"]
    second = server.get(f"/api/tables/{table}/matches/2")
    assert second["sheet"] == [] and not second["over"] and second["result"] is None
    for number, status in ((3, 404), (0, 422)):
        with pytest.raises(urllib.error.HTTPError) as missing:
            server.get(f"/api/tables/{table}/matches/{number}")
        assert missing.value.code == status
        missing.value.close()
    # Rebuilt from its log after a restart, the table has both sheets as they were.
    server.kill()
    server.start()
    assert server.get(f"/api/tables/{table}/matches/1") == first
    assert server.get(f"/api/tables/{table}/matches/2") == second


def test_a_rematch_declined_deals_none(server: Server) -> None:
    table, seats = short_match(server)
    clients = [connect(server, table, token)[0] for _, token, _ in seats]
    for client in clients:
        client.send(json.dumps({"type": "leave"}))
    until(clients[0], lambda s: s["match_over"])
    for client in clients:
        client.close()
    returns = [connect(server, table, token) for _, token, _ in seats]
    clients = [client for client, _ in returns]
    assert returns[1][1]["away"] == []
    clients[0].send(json.dumps({"type": "rematch", "id": "n1", "agree": False}))
    receive(clients[0], "ack")
    state = until(clients[1], lambda s: s["rematch"]["declined"] == [0])
    assert state["match"] == 1 and state["match_over"]
    clients[1].send(json.dumps({"type": "rematch", "id": "n2", "agree": True}))
    refused = receive(clients[1], "refused")
    assert refused["reason"] == "no_rematch" and refused["message"]["en"]
    clients[1].send(json.dumps({"type": "sync"}))
    assert latest_state(clients[1])["match"] == 1
    for client in clients:
        client.close()


def test_a_gone_player_is_played_for_after_the_window_and_takes_his_seat_back(
    server: Server,
) -> None:
    table, seats = short_match(server, away_seconds=2)
    tokens = {seat: token for seat, token, _ in seats}
    clients = {seat: connect(server, table, token) for seat, token, _ in seats}
    state = clients[0][1]
    mover = state["observation"]["to_play"]
    # The round's seat of Anna and Bruno are their table seats (nobody is out yet).
    # At rest the computer has played: the turn is a person's, and he goes.
    gone = mover
    other = 1 - gone
    clients[gone][0].close()
    # Within the window his seat waits: nothing is played for him.
    time.sleep(1)
    clients[other][0].send(json.dumps({"type": "sync"}))
    assert latest_state(clients[other][0])["away"] == []
    # After it, the computer plays for him, and the state says so.
    away = until(clients[other][0], lambda s: s["away"] == [gone])
    assert away["match"] == 1
    # Labelled: his seat says the computer plays for him.
    labelled = away["observation"] or away["ended"]
    assert [seat["away"] for seat in labelled["seats"]][gone] is True
    # His turn was played: the turn is another's now (or the round is another).
    assert away["round"] > 1 or away["observation"]["to_play"] != gone
    # A restart in the middle: the table rebuilt by replay is the same.
    clients[other][0].send(json.dumps({"type": "sync"}))
    before = latest_state(clients[other][0])
    clients[other][0].close()
    server.kill()
    server.start()
    assert server.get(f"/api/tables/{table}")["version"] == before["version"]
    again, state = connect(server, table, tokens[other])
    assert state["away"] == [gone] and state["version"] == before["version"]
    assert state["observation"] == before["observation"]
    # Back, he takes his seat at once: the computer plays for him no more.
    back, mine = connect(server, table, tokens[gone])
    assert mine["away"] == []
    seen = until(again, lambda s: s["away"] == [])
    assert seen["version"] == mine["version"]
    back.close()
    again.close()


def test_a_rated_player_who_leaves_for_good_finishes_last(server: Server) -> None:
    table, seats = short_match(server, rated=True)
    (_, anna_token, anna_id), (bruno, bruno_token, bruno_id) = seats
    client, _ = connect(server, table, anna_token)
    leaver, _ = connect(server, table, bruno_token)
    leaver.send(json.dumps({"type": "leave"}))
    leaver.close()
    # Anna plays on to the end: draws, then discards her first card.
    state = play_to_the_end(client, "a")
    assert state["away"] == [bruno]
    # The end says the standing the ratings take, whoever the computer made win for Bruno.
    anna = 1 - bruno
    lines = {line["seat"]: line for line in state["standing"]}
    assert lines[anna] == {"seat": anna, "name": "Anna", "place": 1, "left": False}
    assert lines[bruno] == {"seat": bruno, "name": "Bruno", "place": 2, "left": True}
    # Bruno back after the end: the standing is still the one the match ended with.
    back, returned = connect(server, table, bruno_token)
    assert returned["away"] == [] and returned["standing"] == state["standing"]
    assert until(client, lambda s: s["away"] == [])["standing"] == state["standing"]
    # The match's sheet says it too, and still does once a rematch is dealt.
    assert server.get(f"/api/tables/{table}/matches/1")["standing"] == state["standing"]
    for number, seat in enumerate((client, back)):
        seat.send(json.dumps({"type": "rematch", "id": f"r{number}", "agree": True}))
    until(client, lambda s: s["match"] == 2)
    assert server.get(f"/api/tables/{table}/matches/1")["standing"] == state["standing"]
    assert server.get(f"/api/tables/{table}/matches/2")["standing"] is None
    back.close()
    client.close()
    page = server.get(f"/api/players/{anna_id}")
    [match] = page["matches"]
    places = {seat["player"]: seat["placement"] for seat in match["seats"]}
    assert places == {anna_id: 1, bruno_id: 2}
    assert page["ratings"][0]["rating"] > 1500
    bruno_page = server.get(f"/api/players/{bruno_id}")
    assert bruno_page["ratings"][0]["rating"] < 1500
    # Both players' pages say who left: Bruno, though he came back after the end.
    for shown in (page, bruno_page):
        [match] = shown["matches"]
        left = {seat["player"]: seat["left"] for seat in match["seats"]}
        assert left == {anna_id: False, bruno_id: True}
