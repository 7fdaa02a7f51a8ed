"""The computer players' turns run off the event loop of ``ramino serve`` (a real process):
while experts think for long at some tables, another table's moves are acknowledged without
waiting for them; and the experts still play their turns in order, stored as played."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from ramino.server.store import Store
from ramino.server.tables import Table, TableSpec
from serving import Server, receive

pytestmark = [pytest.mark.server, pytest.mark.slow, pytest.mark.timed]

#: How long the tables are played.
SECONDS = 12.0
#: A computer's turn this long (from the person's move to its ack) is a slow one.
SLOW_SECONDS = 0.15
#: A pause between a seat's moves: under the server's 20 messages a second.
PAUSE = 0.06


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    pace = ["--tables-burst", "100", "--tables-per-minute", "100"]
    running = Server(f"sqlite:///{tmp_path / 'ramino.db'}", tmp_path / "server.log", *pace)
    running.start()
    yield running
    running.stop()


@dataclass
class Played:
    """A table of one person played by a thread: each move's send and ack times."""

    table: str
    token: str
    moves: list[tuple[float, float]] = field(default_factory=list)
    failure: BaseException | None = None


def seated(server: Server, rules: str, level: str, computers: int) -> Played:
    body = {
        "rules": rules,
        # No one out of the match, no match over while the test plays.
        "knobs": {"target": 10000},
        "turn_seconds": None,
        "seats": [{"kind": "human"}] + [{"kind": "computer", "level": level}] * computers,
    }
    table = server.post("/api/tables", body)["table"]
    token = server.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})["token"]
    return Played(table, token)


def play(server: Server, played: Played, until: float, seed: int) -> None:
    """Draw, then throw a random card, until ``until`` (or the match is over)."""
    rng = random.Random(seed)
    try:
        with server.socket(played.table, played.token) as client:
            state = receive(client, "state")
            number = 0
            while time.monotonic() < until:
                view = state["observation"]
                if view is None or state["match_over"]:
                    return
                legal = view["legal_actions"]
                discards = [a for a in legal if a.startswith("discard ")]
                action = "draw" if "draw" in legal else rng.choice(discards or legal)
                number += 1
                time.sleep(PAUSE)
                sent = time.monotonic()
                client.send(json.dumps({"type": "act", "id": f"m{number}", "action": action}))
                version = receive(client, "ack")["version"]
                played.moves.append((sent, time.monotonic()))
                while state["version"] < version:
                    state = receive(client, "state")
    except BaseException as error:
        played.failure = error


def test_a_slow_computer_turn_does_not_delay_another_tables_acks(server: Server) -> None:
    # Three tables where three experts think after each of the person's moves (casertano's
    # turns are their slowest), beside one of a person and a beginner.
    slow = [seated(server, "casertano", "esperto", 3) for _ in range(3)]
    quick = seated(server, "classico", "principiante", 1)
    until = time.monotonic() + SECONDS
    players = [
        threading.Thread(target=play, args=(server, played, until, seed))
        for seed, played in enumerate([*slow, quick])
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    for played in [*slow, quick]:
        assert played.failure is None, played.failure
    # The quick table's moves sent while an expert's turn was under way, early enough in it
    # that the turn still had a while to run: on the loop, each waited for the turn to end.
    turns = [(sent, acked) for p in slow for sent, acked in p.moves if acked - sent > SLOW_SECONDS]
    during = [
        (sent, acked, end)
        for sent, acked in quick.moves
        for start, end in turns
        if start < sent < end - SLOW_SECONDS / 2
    ]
    assert len(turns) >= 3 and len(during) >= 5, (len(turns), len(during))
    early = sum(acked < end for _, acked, end in during)
    waits = sorted(round(1000 * (acked - sent)) for sent, acked, _ in during)
    assert early >= 2 / 3 * len(during), (early, len(during), waits)
    # The experts' turns were played in order and stored as played: the log replays.
    store = Store(server.url)
    try:
        for played in slow:
            log = store.table(played.table)
            table = Table(log.id, TableSpec.from_dict(log.spec, log.seats))
            table.replay(log.actions)
            assert table.version == len(log.actions) > len(played.moves)
    finally:
        store.close()
