"""Several ``ramino serve`` processes serving the same tables, as real processes: PostgreSQL,
Redis, nginx and three servers started with ``--redis``, played through nginx by real
WebSocket clients (docs/deploy.md). Run once (not once per database): they need PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("redis")
pytest.importorskip("httpx")

from cluster import Service
from serving import receive, state_at

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture(scope="module")
def service(postgres: str) -> Iterator[Service]:
    """Three processes behind nginx, on a fresh database, their tables seeded."""
    import uuid

    import psycopg

    name = f"test_{uuid.uuid4().hex}"
    plain = postgres.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = postgres.rpartition("/")
    running = Service(f"{base}/{name}", 3, "--seed", "servizio")
    try:
        running.start()
        yield running
    finally:
        running.stop()
        with psycopg.connect(plain, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def relayed(service: Service) -> float:
    return sum(m.metrics().get("ramino_sockets_relayed", 0.0) for m in service.members)


def test_two_people_on_different_processes_play_a_round_through_nginx(service: Service) -> None:
    front = service.front
    table = front.post(
        "/api/tables",
        {
            "rules": "classico",
            "knobs": {"max_turns": 12, "target": 1000},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
        },
    )["table"]
    seats = []
    for nickname in ("Anna", "Bruno"):
        body = {"nickname": nickname, "nonce": nickname.encode().hex()}
        joined = front.post(f"/api/tables/{table}/seats", body)
        seats.append((joined["seat"], joined["token"]))
    # nginx takes turns among the processes: the two sockets reach two of them (one passes
    # its socket on to the table's owner).
    clients = [front.socket(table, token) for _, token in seats]
    for _ in range(6):
        if relayed(service) >= 1:
            break
        clients[1].close()
        clients[1] = front.socket(table, seats[1][1])
    assert relayed(service) >= 1
    states = [state_at(c, receive(c, "welcome")["version"]) for c in clients]
    assert states[0]["observation"]["hand"] != states[1]["observation"]["hand"]
    number = 0
    while states[0]["round"] == 1 and not states[0]["match_over"]:
        mover = states[0]["observation"]["to_play"]
        who = next(i for i, (seat, _) in enumerate(seats) if seat == mover)
        number += 1
        action = states[who]["observation"]["legal_actions"][0]
        clients[who].send(json.dumps({"type": "act", "id": f"m{number}", "action": action}))
        ack = receive(clients[who], "ack")
        assert ack["id"] == f"m{number}"
        states = [state_at(c, ack["version"]) for c in clients]
    assert states[0]["round"] == 2 and states[0]["revealed"]["round"] == 1
    assert front.get(f"/api/tables/{table}/deals")["revealed"] == [states[0]["revealed"]]
    for client in clients:
        client.close()


def test_every_process_is_ready_and_counts_what_it_serves(service: Service) -> None:
    for member in service.members:
        status, ready = member.ready()
        assert status == 200 and ready["ready"] and ready["events"] == "up", ready
        assert member.get("/healthz") == {"status": "ok"}
        assert "ramino_act_to_ack_seconds_count" in member.metrics()
    time.sleep(0)


def _lobby(service: Service) -> list[dict[str, Any]]:
    return [m.get("/api/tables") for m in service.members]
