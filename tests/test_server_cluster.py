"""Several ``ramino serve`` processes serving the same tables, as real processes: PostgreSQL,
Redis, nginx and three servers started with ``--redis``, played through nginx by real
WebSocket clients (docs/deploy.md): tables, the spy, quick matches asked on different
processes, a gone seat's window after its table moved, takeovers and restarts. Run once (not
once per database): they need PostgreSQL."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("redis")
pytest.importorskip("httpx")

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection

from cluster import Member, Service
from ramino.server.fanout import STREAM
from ramino.server.store import Store
from serving import Server, latest_state, receive, state_at
from spying import spy_on_tables

pytestmark = [pytest.mark.server, pytest.mark.slow, pytest.mark.timed]


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


def stream_length(service: Service) -> int:
    """The events in the service's Redis stream."""
    import redis

    client = redis.Redis.from_url(service.redis.url)
    try:
        return int(client.xlen(STREAM))
    finally:
        client.close()


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
    # Anna through nginx, which sends her to the table's owner; Bruno straight to another
    # process, which passes his socket on to the owner (Anna's keeps the table there).
    clients = [front.socket(table, seats[0][1])]
    receive(clients[0], "welcome")
    owner = owners(service, [table])[table]
    other = next(m for m in service.members if m.base != owner)
    clients.append(other.socket(table, seats[1][1]))
    receive(clients[1], "welcome")
    assert relayed(service) >= 1
    assert owners(service, [table])[table] == owner
    states = [latest_state(c) for c in clients]
    assert states[0]["observation"]["hand"] != states[1]["observation"]["hand"]
    events = stream_length(service)
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
    # The moves of a table in play reach its seats from its owner, never through Redis.
    assert stream_length(service) == events
    for client in clients:
        client.close()
    # Round 1, over, is watched again alike through nginx and from another process (each
    # reads the table's log from the shared database).
    path = f"/api/tables/{table}/matches/1/rounds/1"
    watched = [front.get(path), other.get(path)]
    assert watched[0] == watched[1] and watched[0]["frames"][-1]["to_play"] is None


def test_no_socket_on_any_process_is_sent_a_card_its_seat_may_not_see(service: Service) -> None:
    # The single server's spy, through nginx: each table's sockets (its seats' and a
    # spectator's) reach the process nginx sends the table to, which its owner hands the
    # table to, and each seat's state is written and filtered there.
    sockets: list[float] = []

    def count() -> None:
        sockets.append(sum(m.metrics()["ramino_sockets_open"] for m in service.members))
        sockets.append(relayed(service))

    spy_on_tables(service.front, while_open=count)
    opened, passed_on = sockets
    assert opened > 0 and passed_on == 0, sockets


def until(condition: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.2)


def settled(front: Server, table: str, token: str, seconds: float = 15) -> ClientConnection:
    """A seat's socket through nginx (or to one process), with its welcome read: connected
    again while the table moves (1012) or has no owner yet (1013), as every client does."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            client = front.socket(table, token)
            receive(client, "welcome")
            return client
        except (ConnectionClosed, InvalidHandshake, TimeoutError, OSError):
            assert time.monotonic() < deadline
            time.sleep(0.2)


# A short table of two people and a computer, with no clock.
TWO_AND_A_COMPUTER = {
    "rules": "classico",
    "knobs": {"max_turns": 12, "target": 1000},
    "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
    "turn_seconds": None,
}


def test_a_tables_sockets_are_served_by_its_owner_even_after_it_moved(service: Service) -> None:
    front = service.front
    body = TWO_AND_A_COMPUTER
    table = front.post("/api/tables", body)["table"]
    tokens = [
        front.post(f"/api/tables/{table}/seats", {"nickname": name})["token"]
        for name in ("Anna", "Bruno")
    ]
    # nginx sends every request and socket of the table to one process: its owner by now.
    routed = owners(service, [table])[table]
    clients = [settled(front, table, token) for token in tokens]
    until(lambda: relayed(service) == 0)  # (an earlier test's relayed socket closing)
    assert owners(service, [table])[table] == routed
    # Another process is made the owner (as after a takeover): the routed one loses the table
    # at its next renewal, the clients connect again, and the owner hands it back to it.
    member = next(m for m in service.members if m.base != routed)
    move_lease(service, table, to=member, body=body)
    assert owners(service, [table])[table] == member.base
    for n, client in enumerate(clients):
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                client.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        clients[n] = settled(front, table, tokens[n])
    until(lambda: owners(service, [table]).get(table) == routed and not relayed(service))
    assert f'"event": "table_given", "table": "{table}"' in service.logs()
    # Served there, both: a move of whoever plays first is acknowledged, and both see it.
    states = [latest_state(client) for client in clients]
    mover = next(i for i, s in enumerate(states) if s["observation"]["legal_actions"])
    action = states[mover]["observation"]["legal_actions"][0]
    clients[mover].send(json.dumps({"type": "act", "id": "r1", "action": action}))
    version = receive(clients[mover], "ack")["version"]
    for client in clients:
        assert state_at(client, version)["version"] >= version
        client.close()


def quick_call(member: Member, path: str, body: Any = None, key: str | None = None) -> Any:
    """A request of the quick match's API to one process (a POST with ``body``, else a GET),
    with a player's key if given."""
    import urllib.request

    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["X-Player-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    request = urllib.request.Request(member.base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_two_guests_asking_on_different_processes_are_seated_together(service: Service) -> None:
    # The queue is the database's: whichever process each asks, they wait in one queue.
    first, second = service.members[0], service.members[1]
    asked = {
        member: quick_call(member, "/api/quick", {"rules": "scala-40", "players": 2})
        for member in (first, second)
    }
    assert all(answer["state"] == "waiting" and answer["key"] for answer in asked.values())
    seated = []
    for member, answer in asked.items():
        # Each asks his own process where he sits (a long poll).
        deadline = time.monotonic() + 20
        found = quick_call(member, "/api/quick/me?wait=5", key=answer["key"])
        while found["state"] == "waiting":
            assert time.monotonic() < deadline, found
            found = quick_call(member, "/api/quick/me?wait=5", key=answer["key"])
        seated.append(found)
    assert [found["state"] for found in seated] == ["seated", "seated"]
    table = seated[0]["table"]
    assert seated[1]["table"] == table and {found["seat"] for found in seated} == {0, 1}
    # Both people, no computer, and each one's token opens his own seat through nginx.
    info = service.front.get(f"/api/tables/{table}")
    assert [seat["kind"] for seat in info["seats"]] == ["human", "human"] and info["rated"]
    clients = [settled(service.front, table, answer["token"]) for answer in asked.values()]
    states = [latest_state(client) for client in clients]
    assert [state["observation"]["seat"] for state in states] == [found["seat"] for found in seated]
    assert states[0]["observation"]["hand"] != states[1]["observation"]["hand"]
    for client in clients:
        client.close()


def test_a_gone_seats_window_runs_on_the_tables_new_owner(service: Service) -> None:
    front = service.front
    body = {**TWO_AND_A_COMPUTER, "away_seconds": 3}
    table = front.post("/api/tables", body)["table"]
    joined = [
        front.post(f"/api/tables/{table}/seats", {"nickname": name}) for name in ("Anna", "Bruno")
    ]
    anna, bruno = (seat["token"] for seat in joined)
    gone = joined[1]["seat"]
    routed = owners(service, [table])[table]
    clients = [settled(front, table, token) for token in (anna, bruno)]
    until(lambda: relayed(service) == 0)
    # Bruno goes: his window starts on the table's owner...
    clients[1].close()
    # ...which loses the table before the window ends (as after a takeover).
    member = next(m for m in service.members if m.base != routed)
    move_lease(service, table, to=member, body=body)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            clients[0].recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    # Anna reaches the new owner itself, which rebuilds the table from its log: Bruno's seat
    # still waits for him there.
    again = settled(member, table, anna)
    reached = time.monotonic()
    assert owners(service, [table])[table] == member.base
    assert latest_state(again)["away"] == []
    # After the window, on the new owner, the computer plays for him.
    deadline = reached + 20
    while True:
        state = receive(again, "state")
        if state["away"] == [gone]:
            break
        assert time.monotonic() < deadline, state["away"]
    assert time.monotonic() - reached >= 2.5
    assert owners(service, [table])[table] == member.base
    labelled = state["observation"] or state["ended"]
    assert labelled["seats"][gone]["away"] is True
    # Back, through nginx (his socket passed on to the owner Anna reaches): his seat at once.
    back = settled(front, table, bruno)
    assert latest_state(back)["away"] == []
    deadline = time.monotonic() + 10
    while receive(again, "state")["away"] != []:
        assert time.monotonic() < deadline
    for client in (again, back):
        client.close()
    until(lambda: relayed(service) == 0)


def move_lease(service: Service, table: str, *, to: Member, body: dict[str, Any]) -> None:
    """Make ``to`` the owner of ``table``, as a takeover would: it creates a table of its own
    (``body``) and the lease of ``table`` is made the same as that one's, in the database."""
    import psycopg

    mine = to.post("/api/tables", body)["table"]
    plain = service.url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(
            "UPDATE leases SET (owner, address) = "
            "(SELECT owner, address FROM leases WHERE table_id = %s) WHERE table_id = %s",
            (mine, table),
        )


def leases_of(service: Service, table: str) -> int:
    """How many lease rows the table has, live or expired."""
    import psycopg

    plain = service.url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain) as connection:
        row = connection.execute("SELECT count(*) FROM leases WHERE table_id = %s", (table,))
        return int(row.fetchone()[0])  # type: ignore[index]


def test_a_match_over_lets_its_lease_go_once_nobody_is_at_it(service: Service) -> None:
    front = service.front
    body = {
        "rules": "classico",
        "knobs": {"match_end": "fixed_rounds", "match_rounds": 1, "max_turns": 8},
        "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
        "turn_seconds": None,
    }
    table = front.post("/api/tables", body)["table"]
    token = front.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})["token"]
    client = front.socket(table, token)
    state = state_at(client, receive(client, "welcome")["version"])
    number = 0
    while not state["match_over"]:
        legal = state["observation"]["legal_actions"]
        discards = [a for a in legal if a.startswith("discard ")]
        number += 1
        action = "draw" if "draw" in legal else (discards or legal)[0]
        client.send(json.dumps({"type": "act", "id": f"m{number}", "action": action}))
        state = state_at(client, receive(client, "ack")["version"])
    # Over, but read: its owner keeps it.
    time.sleep(2)
    assert table in owners(service, [table])
    client.close()
    deadline = time.monotonic() + 10
    while leases_of(service, table):
        assert time.monotonic() < deadline, service.logs()[-2000:]
        time.sleep(0.2)
    assert '"event": "let_go"' in service.logs()
    # Whoever comes back to it reads how it ended, from a process that claims it again.
    again = front.socket(table, token)
    final = state_at(again, receive(again, "welcome")["version"])
    assert final["match_over"] and final["version"] == state["version"]
    again.close()


def test_every_process_is_ready_and_counts_what_it_serves(service: Service) -> None:
    for member in service.members:
        status, ready = member.ready()
        assert status == 200 and ready["ready"] and ready["events"] == "up", ready
        assert member.get("/healthz") == {"status": "ok"}
        assert "ramino_act_to_ack_seconds_count" in member.metrics()


# --- a process killed, Redis restarted, every process restarted in turn: play goes on ---


class Player(threading.Thread):
    """A table of one person and a computer played through nginx as a real client plays: on a
    lost socket it connects again and sends its unanswered move again, with the same id."""

    def __init__(self, service: Service, number: int) -> None:
        super().__init__(daemon=True)
        front = service.front
        self.table = front.post(
            "/api/tables",
            {
                "rules": "classico",
                "knobs": {"max_turns": 16, "target": 1000},
                "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
                "turn_seconds": None,
            },
        )["table"]
        self.token = front.post(f"/api/tables/{self.table}/seats", {"nickname": "P"})["token"]
        self.front = front
        self.rng = random.Random(number)
        self.acked: list[tuple[str, str, int]] = []
        self.rounds = 0
        self.goal = 0
        """Play until the table's round is past this (0: until told to stop)."""
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.reconnects = 0

    def run(self) -> None:
        try:
            self._play()
        except BaseException as error:
            self.error = error

    def _play(self) -> None:
        pending: tuple[str, str] | None = None
        number = 0
        deadline = time.monotonic() + 180
        while not self.stop.is_set():
            assert time.monotonic() < deadline, "no end in sight"
            try:
                client = self.front.socket(self.table, self.token)
            except (OSError, InvalidHandshake, TimeoutError):
                time.sleep(0.2)
                continue
            try:
                state = state_at(client, receive(client, "welcome")["version"])
                while not self.stop.is_set():
                    self.rounds = state["round"]
                    if (self.goal and state["round"] > self.goal) or state["match_over"]:
                        self.stop.set()
                        break
                    if pending is None:
                        number += 1
                        legal = state["observation"]["legal_actions"]
                        discards = [a for a in legal if a.startswith("discard ")]
                        action = "draw" if "draw" in legal else self.rng.choice(discards or legal)
                        pending = (f"k{number}", action)
                    message_id, action = pending
                    client.send(json.dumps({"type": "act", "id": message_id, "action": action}))
                    ack = receive(client, "ack")
                    assert ack["id"] == message_id, ack
                    self.acked.append((message_id, action, ack["version"]))
                    pending = None
                    state = state_at(client, ack["version"])
                    time.sleep(0.05)
            except (ConnectionClosed, TimeoutError, OSError):
                self.reconnects += 1
                time.sleep(0.2)
            finally:
                client.close()


def start_players(service: Service, count: int) -> list[Player]:
    players = [Player(service, n) for n in range(count)]
    for player in players:
        player.start()
    deadline = time.monotonic() + 60
    while min(len(p.acked) for p in players) < 4:
        assert time.monotonic() < deadline and not any(p.error for p in players), [
            repr(p.error) for p in players if p.error
        ]
        time.sleep(0.1)
    return players


def finish(service: Service, players: list[Player]) -> None:
    """Each table played on to the end of its round; then every acknowledged move is in its
    log as sent, once."""
    for player in players:
        player.goal = player.rounds
    for player in players:
        player.join(180)
        assert not player.is_alive() and player.error is None, player.error
    store = Store(service.url)
    try:
        for player in players:
            log = store.table(player.table)
            by_id = {a.msg_id: a for a in log.actions if a.msg_id is not None}
            assert len(by_id) == sum(a.msg_id is not None for a in log.actions)
            for message_id, action, version in player.acked:
                assert by_id[message_id].action == action
                assert by_id[message_id].number <= version <= len(log.actions)
            assert [message_id for message_id, _, _ in player.acked] == [
                a.msg_id for a in log.actions if a.msg_id is not None
            ]
    finally:
        store.close()


def owners(service: Service, tables: list[str]) -> dict[str, str]:
    """Each table's live owner's address."""
    import psycopg

    plain = service.url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(plain) as connection:
        rows = connection.execute(
            "SELECT table_id, leases.address FROM leases JOIN owners ON owners.id = owner"
            " WHERE owners.expires_at >= now() AND table_id = ANY(%s)",
            (tables,),
        ).fetchall()
    return dict(rows)


def test_a_killed_owners_tables_are_taken_over_and_lose_nothing(service: Service) -> None:
    players = start_players(service, 12)
    tables = [p.table for p in players]
    held = Counter(owners(service, tables).values())
    victim = next(m for m in service.members if m.base == held.most_common(1)[0][0])
    victim.kill()
    killed = time.monotonic()
    while True:
        now = owners(service, tables)
        if len(now) == len(tables) and victim.base not in now.values():
            break
        assert time.monotonic() - killed < 10, now
        time.sleep(0.2)
    finish(service, players)
    assert sum(p.reconnects for p in players) >= 1
    victim.start()


def test_redis_killed_and_started_again_stops_no_game(service: Service) -> None:
    players = start_players(service, 6)
    service.redis.kill()
    before = sum(len(p.acked) for p in players)
    time.sleep(3)
    status, ready = service.members[0].ready()
    assert status == 200 and ready["events"] == "down" and ready["message"]["en"], ready
    assert sum(len(p.acked) for p in players) > before
    service.redis.start()
    deadline = time.monotonic() + 15
    while any(m.ready()[1]["events"] != "up" for m in service.members):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    listed = service.front.post(
        "/api/tables", {"seats": [{"kind": "human"}, {"kind": "human"}], "listed": True}
    )["table"]
    while not all(listed in {e["table"] for e in m.get("/api/tables")} for m in service.members):
        assert time.monotonic() < deadline, service.logs()[-3000:]
        time.sleep(0.2)
    finish(service, players)


def test_a_rolling_restart_of_every_process_loses_no_game(service: Service) -> None:
    players = start_players(service, 8)
    for member in service.members:
        member.terminate()
        # uvicorn, its shutdown done, exits by the signal it was sent.
        assert member.process is not None and member.process.returncode in (0, -15)
        assert member.log.read_text().count('"event": "stopped"') >= 1
        member.start()
        time.sleep(1)
    finish(service, players)
    assert '"event": "handed_over"' in service.logs()
