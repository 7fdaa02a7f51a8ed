"""``ramino serve`` as a real process on a loopback port, played by real WebSocket clients: a
private table of two people and a computer player plays a seeded round to its end, a refused
move comes back with its reason and changes nothing, a retried message is applied once, and
after the server is killed with SIGKILL every acknowledged move is still there."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from ramino.engine.record import from_json, replay
from serving import Server, latest_state, receive, state_at

pytestmark = [pytest.mark.server, pytest.mark.slow]


def two_people_and_a_computer(
    server: Server, max_turns: int = 12, **clock: int
) -> tuple[str, list[tuple[int, str]]]:
    table = server.post(
        "/api/tables",
        {
            **clock,
            "rules": "classico",
            "knobs": {"max_turns": max_turns, "target": 1000},
            "seats": [
                {"kind": "human"},
                {"kind": "human"},
                {"kind": "computer", "level": "principiante"},
            ],
        },
    )
    assert [s["free"] for s in table["seats"]] == [True, True, False]
    assert "(computer)" in table["seats"][2]["name"]
    assert table["described"]["it"] and not table["started"]
    seats = []
    for nickname in ("Anna", "Bruno"):
        # Each gives a nonce for the first deal, having seen its commitment.
        body = {"nickname": nickname, "nonce": nickname.encode().hex()}
        joined = server.post(f"/api/tables/{table['table']}/seats", body)
        seats.append((joined["seat"], joined["token"]))
    return table["table"], seats


def test_two_people_and_a_computer_play_a_round_to_its_end(server: Server) -> None:
    table, seats = two_people_and_a_computer(server)
    assert server.get(f"/api/tables/{table}")["started"]
    clients = [server.socket(table, token) for _, token in seats]
    states = []
    for (seat, _), client in zip(seats, clients, strict=True):
        welcome = receive(client, "welcome")
        assert welcome["seat"] == seat and welcome["protocol"] == 1
        states.append(state_at(client, welcome["version"]))
    # Each sees its own hand only: the other's cards are a count.
    assert states[0]["observation"]["hand"] != states[1]["observation"]["hand"]
    assert all("hand" not in seat for seat in states[0]["observation"]["seats"])
    number = 0
    while states[0]["round"] == 1 and not states[0]["match_over"]:
        view = states[0]["observation"]
        mover = view["to_play"]
        who = next(i for i, (seat, _) in enumerate(seats) if seat == mover)
        mine = states[who]["observation"]
        number += 1
        clients[who].send(
            json.dumps({"type": "act", "id": f"m{number}", "action": mine["legal_actions"][0]})
        )
        ack = receive(clients[who], "ack")
        assert ack["id"] == f"m{number}"
        states = [state_at(client, ack["version"]) for client in clients]
        assert states[0]["version"] == ack["version"]
    # A spectator sees the table, never a hand.
    watcher = server.watch(table)
    seen = state_at(watcher, states[0]["version"])
    assert seen["version"] == states[0]["version"]
    assert seen["observation"]["hand"] == [] and seen["observation"]["legal_actions"] == []
    assert seen["observation"]["seats"] == states[0]["observation"]["seats"]
    watcher.close()
    # The round ended on the turn cap; the next one is dealt, and the first deal is revealed.
    assert states[0]["round"] == 2
    revealed = states[0]["revealed"]
    assert revealed["round"] == 1 and revealed["nonces"][:2] == [b"Anna".hex(), b"Bruno".hex()]
    deals = server.get(f"/api/tables/{table}/deals")
    assert deals["revealed"] == [revealed]
    assert deals["next_commitment"] == states[0]["next_commitment"]
    checked = subprocess.run(
        [sys.executable, "-m", "ramino", "verify", "-", "--lang", "en"],
        input=json.dumps(deals).encode(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.decode().startswith("✓ deal 1: the secret matches the commitment")
    tampered = {**revealed, "order": revealed["order"][::-1]}
    lied = subprocess.run(
        [sys.executable, "-m", "ramino", "verify", "-"],
        input=json.dumps(tampered).encode(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert lied.returncode == 1 and lied.stdout.decode().startswith("✗ smazzata 1")
    for client in clients:
        client.close()
    # Round 1, over, is watched again with every hand face up; round 2, being played, is not.
    watched = server.get(f"/api/tables/{table}/matches/1/rounds/1")
    assert watched["rounds"] == 1 and watched["players"][:2] == ["Anna", "Bruno"]
    record = from_json(watched["record"])
    replayed = replay(record)
    frames = watched["frames"]
    assert frames[0]["move"] is None and [len(h) for h in frames[0]["hands"]] == [10, 10, 10]
    assert [f["move"] for f in frames[1:]] == [f"{e.seat}: {e.action}" for e in replayed.history]
    assert frames[-1]["to_play"] is None
    assert frames[-1]["hands"] == [[str(c) for c in replayed.hand(s)] for s in range(3)]
    for frame in frames:
        laid = sum(len(meld["cards"]) for meld in frame["table"])
        held = sum(len(hand) for hand in frame["hands"])
        assert held + laid + len(frame["discard_pile"]) + frame["stock"] == 108
    # The record is the file `ramino replay` reads, and it replays as the round went.
    shown = subprocess.run(
        [sys.executable, "-m", "ramino", "replay", "-", "--lang", "en"],
        input=watched["record"].encode(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    for path in ["matches/1/rounds/2", "matches/1/rounds/0", "matches/2/rounds/1"]:
        with pytest.raises(urllib.error.HTTPError) as missing:
            server.get(f"/api/tables/{table}/{path}")
        missing.value.close()
        assert missing.value.code in (404, 422), path


def the_mover(server: Server) -> tuple[ClientConnection, dict[str, Any]]:
    """A new table's socket of the person to move first, and his state."""
    table, seats = two_people_and_a_computer(server)
    clients = {seat: server.socket(table, token) for seat, token in seats}
    states = {}
    for seat, client in clients.items():
        welcome = receive(client, "welcome")
        states[seat] = state_at(client, welcome["version"])
    mover = states[seats[0][0]]["observation"]["to_play"]
    for seat, client in clients.items():
        if seat != mover:
            client.close()
    return clients[mover], states[mover]


def test_a_refused_move_says_why_and_changes_nothing(server: Server) -> None:
    client, before = the_mover(server)
    client.send(json.dumps({"type": "act", "id": "x1", "action": "discard KS KH"}))
    refused = receive(client, "refused")
    assert refused["id"] == "x1" and refused["reason"] == "bad_action"
    assert refused["message"]["it"] and refused["message"]["en"]
    card = before["observation"]["hand"][0]
    client.send(json.dumps({"type": "act", "id": "x2", "action": f"discard {card}"}))
    refused = receive(client, "refused")
    assert refused["reason"] == "must_draw_first"
    assert refused["message"]["it"].startswith("Prima si pesca")
    client.send(json.dumps({"type": "sync"}))
    after = latest_state(client)
    assert after["version"] == before["version"]
    assert after["observation"] == before["observation"]
    client.send("not json")
    assert receive(client, "error")["reason"] == "bad_message"
    client.send(json.dumps({"type": "act", "id": "x" * 65, "action": "draw"}))
    assert receive(client, "error")["reason"] == "bad_message"
    client.close()


def test_a_hint_is_the_sound_players_plan_from_the_seats_own_view(server: Server) -> None:
    client, before = the_mover(server)
    client.send(json.dumps({"type": "hint"}))
    hint = receive(client, "hint")
    legal = before["observation"]["legal_actions"]
    assert hint["actions"] and hint["actions"][0] in legal
    assert len(hint["lines"]["it"]) == len(hint["lines"]["en"]) == len(hint["actions"])
    assert hint["lines"]["it"] != hint["lines"]["en"]
    # Asking changes nothing.
    client.send(json.dumps({"type": "sync"}))
    assert latest_state(client)["version"] == before["version"]
    client.send(json.dumps({"type": "hint", "id": "h1"}))
    assert receive(client, "error")["reason"] == "bad_message"
    client.close()


def test_a_retried_message_is_applied_once(server: Server) -> None:
    client, before = the_mover(server)
    message = json.dumps({"type": "act", "id": "once", "action": "draw"})
    client.send(message)
    first = receive(client, "ack")
    client.send(message)
    second = receive(client, "ack")
    assert first == second == {"type": "ack", "id": "once", "version": before["version"] + 1}
    client.send(json.dumps({"type": "sync"}))
    assert latest_state(client)["version"] == before["version"] + 1
    client.close()


def test_a_bad_token_opens_no_seat(server: Server) -> None:
    table, _ = two_people_and_a_computer(server)
    client = server.socket(table, "nope")
    with pytest.raises(ConnectionClosed):
        client.recv(timeout=5)
    assert client.close_code == 4401


def test_after_sigkill_every_acknowledged_move_is_there(server: Server) -> None:
    table, seats = two_people_and_a_computer(server)
    clients = [server.socket(table, token) for _, token in seats]
    states = [state_at(client, receive(client, "welcome")["version"]) for client in clients]
    acknowledged = 0
    for number in range(1, 9):
        mover = states[0]["observation"]["to_play"]
        who = next(i for i, (seat, _) in enumerate(seats) if seat == mover)
        action = states[who]["observation"]["legal_actions"][0]
        clients[who].send(json.dumps({"type": "act", "id": f"k{number}", "action": action}))
        acknowledged = receive(clients[who], "ack")["version"]
        states = [state_at(client, acknowledged) for client in clients]
    server.kill()
    server.start()
    assert server.get(f"/api/tables/{table}")["version"] == acknowledged
    again = server.socket(table, seats[0][1])
    assert receive(again, "welcome")["version"] == acknowledged
    assert state_at(again, acknowledged)["observation"] == states[0]["observation"]
    again.close()


def test_a_flood_of_messages_is_answered_not_applied(server: Server) -> None:
    client, before = the_mover(server)
    for _ in range(60):
        client.send(json.dumps({"type": "sync"}))
    answers = [json.loads(client.recv(timeout=10)) for _ in range(60)]
    refused = [a for a in answers if a["type"] == "error"]
    assert refused and all(a["reason"] == "too_many_messages" for a in refused)
    assert refused[0]["message"]["en"].startswith("You are sending messages too fast: at most 20")
    assert len(refused) <= 60 - 20  # the first 20 of a second are all served
    assert all(a["version"] == before["version"] for a in answers if a["type"] == "state")
    client.close()


def test_the_operator_sets_how_many_messages_a_second_a_socket_may_send(tmp_path: Path) -> None:
    running = Server(
        f"sqlite:///{tmp_path / 'ramino.db'}", tmp_path / "server.log", "--socket-messages", "100"
    )
    running.start()
    try:
        client, before = the_mover(running)
        for _ in range(60):
            client.send(json.dumps({"type": "sync"}))
        states = []
        while len(states) < 60:
            answer = json.loads(client.recv(timeout=10))
            assert answer["type"] != "error", answer
            if answer["type"] == "state":
                states.append(answer["version"])
        assert set(states) == {before["version"]}
        client.close()
    finally:
        running.stop()


def test_a_player_whose_time_runs_out_is_played_for_and_told_when_back(server: Server) -> None:
    # A long round: the clock keeps playing while he is away.
    table, seats = two_people_and_a_computer(server, max_turns=300, turn_seconds=1, bank_seconds=1)
    info = server.get(f"/api/tables/{table}")
    assert (info["turn_seconds"], info["bank_seconds"]) == (1, 1)
    clients = {seat: server.socket(table, token) for seat, token in seats}
    states, clocks = {}, {}
    for seat, client in clients.items():
        # On connecting: who he is, the table as he sees it, the clock of the turn.
        receive(client, "welcome")
        states[seat] = receive(client, "state")
        clocks[seat] = receive(client, "clock")
    mover = states[seats[0][0]]["observation"]["to_play"]
    other = next(seat for seat in clients if seat != mover)
    clock = clocks[other]
    assert clock["seat"] == mover and 0 < clock["turn_left"] <= 1 and clock["bank_left"] == 1
    # What the computer's sound player would play in his place: the hint's first move.
    clients[mover].send(json.dumps({"type": "hint"}))
    planned = receive(clients[mover], "hint")["actions"]
    # The mover goes away; his turn and his bank run out, and the table plays for him.
    clients[mover].close()
    while True:
        state = receive(clients[other], "state")
        if state["observation"]["to_play"] != mover:
            break
    token = dict(seats)[mover]
    back = server.socket(table, token)
    receive(back, "welcome")
    now = receive(back, "state")
    notice = receive(back, "notice")
    # In words, no grammar: the moves themselves come apart, for the client to tell.
    assert notice["message"] == {
        "it": "Il tempo del tuo turno è finito: il tavolo ha giocato per te.",
        "en": "Your turn's time ran out: the table played for you.",
    }
    # The computer's move for his seat: the hint's first step, then on to a discard. On a slow
    # machine the round may have ended meanwhile (the clock plays on, a computer may go out):
    # then his view of it as it ended says so.
    moves = notice["moves"]
    assert moves[0] == planned[0] and moves[-1].startswith(("discard ", "show ")), moves
    seen = now["observation"] if now["round"] == 1 else now["ended"]
    assert now["round"] == 1 or now["ended_round"] == 1
    # They are his moves in the round's history (a take names the card taken there).
    played = [e.split(": ", 1)[1] for e in seen["history"] if e.startswith(f"{mover}: ")]
    assert [m.split()[0] for m in played[: len(moves)]] == [m.split()[0] for m in moves]
    back.close()
    clients[other].close()


def test_a_computer_s_level_is_named_in_either_language(server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "computer", "level": "expert"}]
    seats.append({"kind": "computer", "level": "principiante"})
    table = server.post("/api/tables", {"rules": "classico", "seats": seats})
    # Kept and shown by its Italian name, as every table stores it.
    assert [seat["level"] for seat in table["seats"][1:]] == ["esperto", "principiante"]


def refused_body(server: Server, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.post(path, body)
    return refused.value.code, json.loads(refused.value.read())["detail"]


def test_a_house_rule_that_bears_on_nothing_is_refused_naming_its_knob(server: Server) -> None:
    two = [{"kind": "human"}, {"kind": "computer", "level": "principiante"}]
    # Gin rummy deals no jolly: its penalty counts nothing.
    status, detail = refused_body(
        server, "/api/tables", {"rules": "gin", "knobs": {"joker_penalty": 30}, "seats": two}
    )
    assert status == 400 and detail["reason"] == "knob_not_applicable"
    assert detail["where"] == "knobs.joker_penalty"
    assert "joker_penalty" in detail["message"]["it"] and "vale solo se" in detail["message"]["it"]
    assert "the deck holds jokers" in detail["message"]["en"]
    # The rules described before a table is created say the same, and so does a quick match.
    body = {"rules": "classico", "knobs": {"jokers": 0, "joker_penalty": 30}}
    status, detail = refused_body(server, "/api/rules/describe", body)
    assert (status, detail["reason"], detail["where"]) == (
        400,
        "knob_not_applicable",
        "knobs.joker_penalty",
    )
    status, detail = refused_body(
        server, "/api/quick", {"rules": "pokerato", "knobs": {"messa": 50}, "players": 3}
    )
    assert (status, detail["reason"], detail["where"]) == (
        400,
        "knob_not_applicable",
        "knobs.messa",
    )
    # A page's editor asks for such changes to be taken away instead, and named.
    dropped = server.post("/api/rules/describe", {**body, "drop": True})
    assert dropped["dropped"] == ["joker_penalty"]
    assert dropped["rules"]["knobs"]["jokers"] == 0
    assert dropped["rules"]["knobs"]["joker_penalty"] == 25
    # What applies is taken, and said: the rules in force list the knobs a page may offer.
    described = server.post("/api/rules/describe", {"rules": "classico", "knobs": {"jokers": 0}})
    assert "joker_penalty" not in described["applies"] and "messa" in described["applies"]
    presets = {p["name"]: p for p in server.get("/api/rules")["presets"]}
    assert "joker_penalty" not in presets["gin"]["applies"]
    assert "gin_bonus" in presets["gin"]["applies"]
    assert "joker_penalty" in presets["classico"]["applies"]
    # The values the other knobs leave a knob: gin's two players and its melds not laid in
    # play are fixed; pokerato ends after its hands; a messa opens the scempio.
    assert presets["gin"]["offered"]["max_players"] == [2]
    assert presets["gin"]["offered"]["melding_during_play"] == [False]
    assert presets["pokerato"]["offered"]["match_end"] == ["fixed_rounds"]
    assert "scempio" not in presets["classico"]["offered"]["rummy_bonus"]
    messa = server.post("/api/rules/describe", {"rules": "classico", "knobs": {"messa": 50}})
    assert "scempio" in messa["offered"].get("rummy_bonus", ["scempio"])
    table = server.post("/api/tables", {"rules": "gin", "knobs": {"gin_bonus": 20}, "seats": two})
    assert table["rules"]["knobs"]["gin_bonus"] == 20
