"""Attacks on ``ramino serve``, a real process played by real WebSocket clients, on SQLite and on
PostgreSQL. A spy on every seat's socket and a spectator's, through whole matches of several
rule sets, is sent no card his seat may not see: every state is the engine's own observation of
that seat at that version, and every card a message names is one the seat has seen; every deal
revealed in those matches proves fair, and none does with its secret, a nonce or its order
changed (the spy lives in tests/spying.py, which tests/test_server_cluster.py runs too). A SIGKILL
amid many tables' moves loses no acknowledged move and applies no retried move twice. Thousands
of malformed, oversized and out-of-turn messages, and bad HTTP requests, are each answered
(4xx over HTTP) and change no table."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed

from ramino.engine.errors import RaminoError
from ramino.server.protocol import (
    MAX_MESSAGE_BYTES,
    Nonce,
    Sync,
    read_client_message,
    refusal,
)
from ramino.server.tables import COMPUTER, Table
from serving import Server
from spying import (
    PATIENCE,
    Gone,
    Peer,
    Seated,
    choose,
    fresh_socket,
    make_table,
    mover_of,
    opened,
    play_socket,
    rebuilt,
    round_index,
    spy_on_tables,
    stored,
    watch_socket,
)

pytestmark = [pytest.mark.server, pytest.mark.slow]

Message = dict[str, Any]


@pytest.fixture
def server_options() -> tuple[str, ...]:
    """The attackers send as fast as the server lets them: its limit of messages a second is
    tested on its own (test_server.py)."""
    return ("--socket-messages", "1000")


# --- 1. the spy (tests/spying.py) ---


def test_no_socket_is_sent_a_card_its_seat_may_not_see(server: Server) -> None:
    spy_on_tables(server)


# --- 2. SIGKILL amid many tables' moves ---


@dataclass
class Driven:
    """A table played in the kill test: its sockets, the moves acknowledged (seat, message,
    version) and the one sent whose answer has not come."""

    seated: Seated
    peers: dict[int, Peer] = field(default_factory=dict)
    acked: list[tuple[int, Message, int]] = field(default_factory=list)
    in_flight: tuple[int, Message] | None = None
    number: int = 0
    version: int = 0
    """The version every socket of the table is to be sent a state of, at least."""


def connect_all(server: Server, driven: Driven) -> None:
    driven.peers = {
        seat: play_socket(server, driven.seated.id, token, seat)
        for seat, token in driven.seated.tokens.items()
    }


def drive(
    driven: Driven,
    rng: random.Random,
    until: Callable[[Message], bool],
    kill: threading.Barrier | None,
    errors: list[BaseException],
) -> None:
    """Play the table's moves until its state passes ``until``. With a barrier, until the
    server is killed: once the barrier's other side waits, send one more move and meet the
    barrier without waiting for the answer, which may never come."""
    passed = False
    try:
        while True:
            states = {seat: peer.state(driven.version) for seat, peer in driven.peers.items()}
            state = max(states.values(), key=lambda s: s["version"])
            if until(state):
                return
            mover = mover_of(state, driven.seated.names)
            assert mover is not None, state
            driven.number += 1
            sent = {
                "type": "act",
                "id": f"k{driven.number}",
                "action": choose(rng, states[mover]["observation"]["legal_actions"]),
            }
            driven.in_flight = (mover, sent)
            if kill is not None and kill.n_waiting > 0:
                start = len(driven.peers[mover].received)
                driven.peers[mover].send(sent)
                kill.wait(PATIENCE)
                passed = True
                index = driven.peers[mover].wait(lambda m: m["type"] == "ack", start)
                answer = driven.peers[mover].received[index]
            else:
                answer = driven.peers[mover].ask(sent)
            assert answer["type"] == "ack" and answer["id"] == sent["id"], answer
            driven.acked.append((mover, sent, answer["version"]))
            driven.in_flight = None
            driven.version = answer["version"]
    except BaseException as error:
        if passed and isinstance(error, (Gone, ConnectionClosed)):
            return
        errors.append(error)
        if kill is not None:
            kill.abort()


def run_all(work: list[threading.Thread], errors: list[BaseException]) -> None:
    for thread in work:
        thread.start()
    for thread in work:
        thread.join()
    if errors:
        raise errors[0]


KILLED_TABLES = 16


def test_a_sigkill_amid_many_tables_moves_loses_no_acknowledged_move(server: Server) -> None:
    tables = [
        Driven(
            make_table(
                server, "classico", {"max_turns": 16, "target": 1000}, 2, n % 2, turn_seconds=None
            )
        )
        for n in range(KILLED_TABLES)
    ]
    for driven in tables:
        connect_all(server, driven)
    errors: list[BaseException] = []
    kill = threading.Barrier(KILLED_TABLES + 1)
    players = [
        threading.Thread(
            target=drive, args=(driven, random.Random(n), lambda _: False, kill, errors)
        )
        for n, driven in enumerate(tables)
    ]
    for player in players:
        player.start()
    # Moves go on at every table; then each sends one more and, without waiting for its answer,
    # meets the others: the server is killed at once, the last moves in flight.
    deadline = time.monotonic() + PATIENCE
    while sum(len(d.acked) for d in tables) < 8 * KILLED_TABLES and not errors:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    try:
        kill.wait(PATIENCE)
    except threading.BrokenBarrierError:
        if errors:
            raise errors[0] from None
        raise
    server.kill()
    for player in players:
        player.join()
    if errors:
        raise errors[0]
    seen_before = {
        (d.seated.id, seat): peer.latest() for d in tables for seat, peer in d.peers.items()
    }
    for driven in tables:
        for peer in driven.peers.values():
            peer.close()
    server.start()
    for driven in tables:
        log = stored(server, driven.seated.id)
        computers = {s.seat for s in log.seats if s.kind == COMPUTER}
        by_id = {(a.seat, a.msg_id): a for a in log.actions if a.msg_id is not None}
        now = server.get(f"/api/tables/{driven.seated.id}")["version"]
        assert now == len(log.actions) >= max((v for _, _, v in driven.acked), default=0)
        for seat, sent, version in driven.acked:
            # The move is there as sent, and what followed up to its ack is the computer's.
            action = by_id[seat, sent["id"]]
            assert action.action == sent["action"]
            assert len(log.actions) >= version
            assert all(a.seat in computers for a in log.actions[action.number : version])
        tables_then = {}
        for table in rebuilt(log):
            for seat in driven.seated.tokens:
                state = seen_before[driven.seated.id, seat]
                if state["version"] == table.version:
                    tables_then[seat] = table.state(seat).model_dump(mode="json")
        # What each seat had been told before the kill is what the store replays to.
        for seat in driven.seated.tokens:
            assert tables_then[seat] == seen_before[driven.seated.id, seat]
        connect_all(server, driven)
        for seat, peer in driven.peers.items():
            welcome = peer.received[peer.wait(lambda m: m["type"] == "welcome")]
            assert welcome["version"] == len(log.actions)
            assert peer.state() == table.state(seat).model_dump(mode="json")
        # The move whose answer never came, or else the last one acknowledged, sent again with
        # its id: answered with an ack, and played once at most.
        if driven.in_flight is not None:
            seat, sent = driven.in_flight
        else:
            seat, sent, _ = driven.acked[-1]
        answer = driven.peers[seat].ask(sent)
        assert answer["type"] == "ack" and answer["id"] == sent["id"], answer
        again = driven.peers[seat].ask(sent)
        assert again == answer
        driven.version = answer["version"]
        after = stored(server, driven.seated.id)
        assert [a.msg_id for a in after.actions].count(sent["id"]) == 1
        if (seat, sent["id"]) in by_id:
            assert len(after.actions) == len(log.actions)
    # Every game goes on to the end of its round.
    rounds = {d.seated.id: d.peers[min(d.peers)].latest()["round"] for d in tables}
    run_all(
        [
            threading.Thread(
                target=drive,
                args=(
                    driven,
                    random.Random(100 + n),
                    lambda s, r=rounds[driven.seated.id]: s["round"] > r or s["match_over"],
                    None,
                    errors,
                ),
            )
            for n, driven in enumerate(tables)
        ],
        errors,
    )
    for driven in tables:
        log = stored(server, driven.seated.id)
        *_, table = rebuilt(log)
        assert table.proofs and table.version == len(log.actions)
        for seat, peer in driven.peers.items():
            assert peer.latest() == table.state(seat).model_dump(mode="json")
            peer.close()


# --- 3. hostile messages ---


VERBS = ["draw", "take", "lay", "attach", "swap", "discard", "show", "open", "call", "fold",
         "raise"]  # fmt: skip
JUNK = ["ZZ", "11H", "1H", "0S", "JK=", "JK=7X", "JK=JK", "|", "||", "0", "-1", "99", "7h", "🃏",
        "7♥", "\u0000", "\u202e", "é", "draw;", "'", '"', "\\", "{}", "NaN", " ", "\t"]  # fmt: skip


def hostile_action(rng: random.Random, hand: list[str], others: list[str]) -> str:
    """An action of good or bad grammar, with cards of the seat's own or of another hand."""
    card = rng.choice(hand + others + JUNK)
    three = " ".join(rng.sample(hand + others, 3))
    return rng.choice(
        [
            " ".join(rng.choice(VERBS + JUNK + hand + others) for _ in range(rng.randint(1, 9))),
            f"{rng.choice(VERBS)} {card}",
            f"{rng.choice(['lay', 'show', 'open'])} {three}",
            f"{rng.choice(['attach', 'swap'])} {rng.choice(['0', '3', '99', 'x'])} {card}",
            f"open {three} | {three}",
            f"show {three} | {card}",
            rng.choice(VERBS),
            f"discard {rng.choice(others)}",
        ]
    )


def hostile_message(
    rng: random.Random, hand: list[str], others: list[str], acked: list[str]
) -> tuple[str, bool]:
    """A message no table may act on, from a seat's socket (or, sent by a spectator, unread),
    and whether the protocol refuses it outright (an ``error``, not a ``refused``)."""
    action = hostile_action(rng, hand, others)
    bad: list[Any] = [
        "not json",
        action,
        "{" * rng.randint(1, 3000),
        "[" * 600 + "]" * 600,
        json.dumps({"type": "act", "id": "a", "action": action})[: rng.randint(0, 20)],
        rng.choice(["", " ", "null", "true", "0", "-1", "1e999", "NaN", "Infinity", '"act"', "[]"]),
        {"type": "act", "id": rng.choice([5, None, [], {}, True, 1.5]), "action": action},
        {"type": "act", "id": "a", "action": rng.choice([5, None, ["draw"], {"a": 1}, False])},
        {"type": rng.choice([1, None, "ACT", "acts", "", "welcome", "state", "ack"]), "id": "a"},
        {"type": "act", "id": "a", "action": action, rng.choice(["seat", "version", "x"]): 1},
        {"type": "act", "action": action},
        {"type": "act", "id": "a"},
        {"type": "act", "id": "a" * rng.choice([65, 200, 3000]), "action": "draw"},
        {"type": "act", "id": rng.choice(["a b", "é", "../x", "a/b", "", "\n", "id\u0000"]),
         "action": "draw"},
        {"type": "act", "id": "a", "action": "lay " + "7H " * rng.randint(134, 1300)},
        {"type": "act", "id": "a", "action": ""},
        {"type": "sync", "id": "a"},
        {"type": "sync", "version": 3},
        {"type": "nonce"},
        {"type": "nonce", "nonce": rng.choice(["zz", "abc", "0x12", "", "a", "g0", 17, None])},
        {"type": "nonce", "nonce": "ab" * rng.randint(65, 2000)},
        {"type": "nonce", "nonce": "00", "extra": True},
        "x" * rng.randint(4097, 6000),
        json.dumps({"type": "sync"}) + " " * rng.randint(4090, 5000),
    ]  # fmt: skip
    kind = rng.randrange(len(bad) + 14)
    if kind < len(bad):
        chosen = bad[kind]
        return (chosen if isinstance(chosen, str) else json.dumps(chosen)), True
    if kind == len(bad):
        return json.dumps({"type": "sync"}), False
    if kind == len(bad) + 1 and acked:
        # A retry of a move already applied: acknowledged again, not played.
        return json.dumps({"type": "act", "id": rng.choice(acked), "action": action}), False
    # Well formed, its move illegal, out of turn or another seat's.
    id_ = rng.choice(["a", "m.1", "x:y-z_0", "0" * 64, f"h{rng.randrange(10**6)}"])
    return json.dumps({"type": "act", "id": id_, "action": action}), False


def answer_to(table: Table, seat: int, acked: dict[str, int], text: str) -> Message | None:
    """What the server is to answer ``seat``'s message at this table, by the protocol's rules
    and the engine's; ``None`` for a message it would act on."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return {"type": "error", "reason": "bad_message"}
    try:
        message = read_client_message(text)
    except ValidationError:
        return {"type": "error", "reason": "bad_message"}
    if isinstance(message, Sync):
        return table.state(seat).model_dump(mode="json")
    if isinstance(message, Nonce):
        return None
    if message.id in acked:
        return {"type": "ack", "id": message.id, "version": acked[message.id]}
    try:
        table.check(seat, message.action)
    except RaminoError as error:
        return refusal(message.id, error).model_dump(mode="json")
    return None


@dataclass
class Lane:
    """One hostile socket's messages and the answer each is to get (``None``: none at all, for
    a spectator, who is not read)."""

    table: Seated
    seat: int | None
    sent: list[tuple[str, Message | None]]
    got: list[Message] = field(default_factory=list)


def run_lane(server: Server, lane: Lane, errors: list[BaseException]) -> None:
    """Send the lane's messages, each once the last is answered, on a socket opened again every
    so often; check each answer as it comes."""
    try:
        peer: Peer | None = None
        for number, (text, expected) in enumerate(lane.sent):
            if number % 60 == 0:
                if peer is not None:
                    lane.got += peer.received
                    peer.close()
                peer = fresh_socket(server, lane.table, lane.seat)
            assert peer is not None
            if expected is None:
                peer.send(text)
                continue
            start = len(peer.received)
            peer.send(text)
            answer = peer.received[peer.wait(lambda m: m["type"] != "clock", start)]
            if expected["type"] == "error":
                assert answer["type"] == "error" and answer["reason"] == "bad_message", (
                    text,
                    answer,
                )
                assert answer["message"]["it"] and answer["message"]["en"]
            else:
                assert answer == expected, (text, answer)
        assert peer is not None
        # A spectator's socket, not read, is still open, and was sent nothing more.
        peer.connection.ping().wait(PATIENCE)
        lane.got += peer.received
        peer.close()
    except BaseException as error:
        errors.append(error)


def snapshot(server: Server, seated: Seated) -> dict[str, Any]:
    """All that can be learnt of a table from outside: its log, its description, its deals,
    every seat's state and the spectator's, each through a new socket."""
    states = {}
    for seat in [*seated.tokens, None]:
        peer = fresh_socket(server, seated, seat)
        states[seat] = peer.state()
        peer.close()
    return {
        "log": stored(server, seated.id).actions,
        "table": server.get(f"/api/tables/{seated.id}"),
        "deals": server.get(f"/api/tables/{seated.id}/deals"),
        "states": states,
    }


FUZZED_TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("classico", {"target": 1000}, 1),
    ("pokerato", {}, 1),
    ("scala-40", {}, 0),
]
#: Sockets per person's seat, and messages each sends.
SOCKETS_PER_SEAT, MESSAGES_PER_SOCKET = 3, 150


def test_thousands_of_hostile_messages_are_each_answered_and_change_nothing(
    server: Server,
) -> None:
    tables, acked = [], {}
    for n, (rules, knobs, computers) in enumerate(FUZZED_TABLES):
        driven = Driven(make_table(server, rules, knobs, 2, computers, turn_seconds=None))
        connect_all(server, driven)
        rng = random.Random(n)
        errors: list[BaseException] = []
        # A few moves, up to a person's turn after his draw: his illegal moves are then many.
        drive(
            driven,
            rng,
            lambda s: s["version"] > 8 and s["observation"]["phase"] == "play",
            None,
            errors,
        )
        assert not errors
        for peer in driven.peers.values():
            peer.close()
        tables.append(driven.seated)
        for seat in driven.seated.tokens:
            acked[driven.seated.id, seat] = {
                sent["id"]: version for s, sent, version in driven.acked if s == seat
            }
    before = {seated.id: snapshot(server, seated) for seated in tables}
    lanes = []
    for number, seated in enumerate(tables):
        *_, table = rebuilt(stored(server, seated.id))
        play = table.play
        assert play is not None and play.round is not None
        hands = {}
        for seat in seated.tokens:
            index = round_index(table, seat)
            assert index is not None
            hands[seat] = [str(card) for card in play.round.hand(index)]
        for seat in seated.tokens:
            others = [c for s, hand in hands.items() if s != seat for c in hand]
            mine = acked[seated.id, seat]
            for n in range(SOCKETS_PER_SEAT + 1):
                # The last lane of each seat is a spectator's, sending the seat's messages.
                rng = random.Random(f"{number}/{seat}/{n}")
                sent: list[tuple[str, Message | None]] = []
                while len(sent) < MESSAGES_PER_SOCKET:
                    text, bad = hostile_message(rng, hands[seat], others, list(mine))
                    expected = answer_to(table, seat, mine, text)
                    assert not bad or expected == {"type": "error", "reason": "bad_message"}
                    if expected is not None:
                        sent.append((text, None if n == SOCKETS_PER_SEAT else expected))
                lanes.append(Lane(seated, None if n == SOCKETS_PER_SEAT else seat, sent))
    errors = []
    run_all(
        [threading.Thread(target=run_lane, args=(server, lane, errors)) for lane in lanes], errors
    )
    answered = [m for lane in lanes if lane.seat is not None for m in lane.got]
    kinds = Counter(m["type"] for m in answered)
    assert kinds["error"] > 1000 and kinds["refused"] > 500 and kinds["ack"] > 0, kinds
    for lane in lanes:
        if lane.seat is None:
            assert [m["type"] for m in lane.got] == ["state"] * (len(lane.sent) // 60 + 1)
    assert sum(len(lane.sent) for lane in lanes) >= 2000
    base = f"ws://127.0.0.1:{server.port}/api/tables"
    for seated in tables:
        for seat in [*seated.tokens, None]:
            # A frame over 64 KiB closes the socket with 1009 (message too big).
            peer = fresh_socket(server, seated, seat)
            peer.send("x" * (64 * 1024 + 1))
            with pytest.raises(Gone):
                peer.wait(lambda m: m["type"] != "clock", len(peer.received))
            assert peer.close_code == 1009
            peer.close()
            # A binary frame is answered, or its socket closed (how: see the test of it below).
            peer = fresh_socket(server, seated, seat)
            start = len(peer.received)
            peer.send(b"\x00\xff")
            if seat is not None:
                with contextlib.suppress(Gone):
                    answer = peer.received[peer.wait(lambda m: m["type"] != "clock", start)]
                    assert answer["type"] == "error"
            peer.close()
        # A token that opens no seat of the table closes the socket with 4401.
        others = [t for other in tables if other is not seated for t in other.tokens.values()]
        for url in [
            *(
                f"{base}/{seated.id}/play?token={token}"
                for token in ["", "x" * 3000, "%00", *others]
            ),
            f"{base}/nope/play?token={next(iter(seated.tokens.values()))}",
            f"{base}/nope/watch",
        ]:
            peer = Peer(opened(url))
            with pytest.raises(Gone):
                peer.state()
            assert peer.close_code == 4401
            peer.close()
    assert server.get("/api/tables") is not None
    for seated in tables:
        assert snapshot(server, seated) == before[seated.id]


def http(server: Server, method: str, path: str, body: bytes | None) -> int:
    """The status of a raw request's answer."""
    request = urllib.request.Request(
        server.base + path, data=body, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def random_json(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type, finite numbers only."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2, 7, 3600, 10**6, -(10**30), 10**400])
    if kind == 3:
        return rng.choice([0.5, -1e300, 1e-300, 2.0])
    if kind == 4:
        return rng.choice(["", "classico", "human", "computer", "esperto", "x" * 50, "\u0000é🃏"])
    if kind == 5:
        return "".join(rng.choice("0123456789abcdefXYZ") for _ in range(rng.randrange(0, 140)))
    if kind == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(0, 14))]
    keys = ["rules", "knobs", "seats", "listed", "turn_seconds", "bank_seconds", "kind", "level",
            "nickname", "seat", "nonce", "target", "max_turns", "decks", "x"]  # fmt: skip
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(0, 6))}


def test_bad_http_requests_are_refused_with_a_4xx_and_change_nothing(server: Server) -> None:
    full = make_table(server, "classico", {}, 2, 1, turn_seconds=None)
    # A table with its seats still free: no bad request may take one.
    waiting = server.post("/api/tables", {"seats": [{"kind": "human"}] * 2})["table"]
    before = {
        t: (server.get(f"/api/tables/{t}"), stored(server, t).actions) for t in (full.id, waiting)
    }
    two = [{"kind": "human"}, {"kind": "computer"}]
    nested = b"[" * 50000 + b"]" * 50000
    bad_tables: list[bytes | dict[str, Any]] = [
        b"not json", b"{", b"[]", b"null", b'"x"', b"", b"{}", nested,
        b'{"seats": ' + nested + b"}",
        {"rules": 5, "seats": two},
        # Under the body limit (a larger body is refused whole: test_server_limits.py).
        {"rules": "x" * 60_000, "seats": two},
        {"rules": "classico", "seats": two * 500},
        {"rules": "classico", "seats": [{"kind": "computer"}] * 2},
        {"rules": "classico", "seats": [{"kind": "alien"}] * 2},
        {"rules": "classico", "seats": [{"kind": "computer", "level": "dio"}, two[0]]},
        {"rules": "classico", "seats": two, "x": 1},
        {"rules": "nessuna", "seats": two},
        {"rules": "pokerato", "seats": two},
        {"rules": "classico", "seats": [two[0]] * 12},
        {"rules": "classico", "knobs": {f"k{n}": n for n in range(5000)}, "seats": two},
        {"rules": "classico", "knobs": {"bogus": 1}, "seats": two},
        {"rules": "classico", "knobs": {"target": "abc"}, "seats": two},
        {"rules": "classico", "knobs": {"decks": 10**30}, "seats": two},
        {"rules": "classico", "knobs": {"hand_size": 0}, "seats": two},
        {"rules": "classico", "knobs": {"max_turns": [1]}, "seats": two},
        {"rules": "classico", "knobs": {"preset": {"a": 1}}, "seats": two},
        {"rules": "classico", "knobs": {"contracts": "pair"}, "seats": two},
        {"rules": "classico", "turn_seconds": 0, "seats": two},
        {"rules": "classico", "turn_seconds": 10**40, "seats": two},
        {"rules": "classico", "bank_seconds": -1, "seats": two},
        {"rules": "classico", "listed": "maybe", "seats": two},
        {"rules": "classico", "knobs": [], "seats": two},
    ]  # fmt: skip
    for body in bad_tables:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        status = http(server, "POST", "/api/tables", raw)
        assert 400 <= status < 500, (status, raw[:200])
    unknown = "no-such-table"
    bad_joins: list[tuple[str, Any]] = [
        (full.id, {"nickname": "Zeta"}),
        (unknown, {"nickname": "Zeta"}),
        ("x" * 5000, {"nickname": "Zeta"}),
        (waiting, {"nickname": ""}),
        (waiting, {"nickname": "   "}),
        (waiting, {"nickname": "x" * 21}),
        (waiting, {"nickname": "a\u0000b"}),
        (waiting, {"nickname": "a\u202eb"}),
        (waiting, {"nickname": 5}),
        (waiting, {"nickname": None}),
        (waiting, {}),
        (waiting, {"nickname": "Zeta", "seat": 2}),
        (waiting, {"nickname": "Zeta", "seat": -1}),
        (waiting, {"nickname": "Zeta", "seat": 10**30}),
        (waiting, {"nickname": "Zeta", "seat": "a"}),
        (waiting, {"nickname": "Zeta", "nonce": "zz"}),
        (waiting, {"nickname": "Zeta", "nonce": "abc"}),
        (waiting, {"nickname": "Zeta", "nonce": "61" * 65}),
        (waiting, {"nickname": "Zeta", "nonce": 5}),
        (waiting, {"nickname": "Zeta", "token": "x"}),
        (waiting, ["Zeta"]),
        (waiting, "Zeta"),
    ]
    for table_id, join in bad_joins:
        status = http(server, "POST", f"/api/tables/{table_id}/seats", json.dumps(join).encode())
        assert 400 <= status < 500, (status, join)
    for method, path, body in [
        ("POST", f"/api/tables/{waiting}/seats", b"{"),
        ("POST", f"/api/tables/{waiting}/seats", b"x" * 60_000),
        ("GET", f"/api/tables/{unknown}", None),
        ("GET", f"/api/tables/{unknown}/deals", None),
        ("GET", "/api/tables/" + "x" * 4000, None),
        ("GET", "/api/tables/%00", None),
        ("GET", f"/api/tables/{full.id}/seats", None),
        ("DELETE", f"/api/tables/{full.id}", None),
        ("PUT", "/api/tables", b"{}"),
        ("POST", f"/api/tables/{full.id}", b"{}"),
        ("POST", f"/api/tables/{full.id}/deals", b"{}"),
        ("GET", "/api/nothing", None),
    ]:
        status = http(server, method, path, body)
        assert 400 <= status < 500, (status, method, path)
    # Bodies of random shapes: refused or, when one happens to be good, taken; never a 5xx.
    rng = random.Random(7)
    for number in range(300):
        value = random_json(rng)
        if rng.random() < 0.5 and isinstance(value, dict):
            value.setdefault("seats", two)
        path = "/api/tables" if number % 2 else f"/api/tables/{full.id}/seats"
        status = http(server, "POST", path, json.dumps(value).encode())
        assert status < 500, (status, value)
    assert server.get("/api/tables") is not None
    after = {
        t: (server.get(f"/api/tables/{t}"), stored(server, t).actions) for t in (full.id, waiting)
    }
    assert after == before


# --- bugs found: each test shows one; strict, it fails once the bug is fixed (drop the mark) ---


def test_a_body_the_schema_refuses_gets_a_4xx_whatever_its_values(server: Server) -> None:
    full = make_table(server, "classico", {}, 2, 1, turn_seconds=None)
    two = b'[{"kind": "human"}, {"kind": "computer"}]'
    statuses = [
        http(server, "POST", "/api/tables", b"1e999"),
        http(server, "POST", "/api/tables", b'{"turn_seconds": NaN, "seats": ' + two + b"}"),
        http(server, "POST", "/api/tables", b'{"bank_seconds": -Infinity, "seats": ' + two + b"}"),
        http(server, "POST", f"/api/tables/{full.id}/seats", b'{"nickname": "Z", "seat": NaN}'),
        http(
            server,
            "POST",
            f"/api/tables/{full.id}/seats",
            json.dumps({"nickname": "Z", "nonce": "ab" * 65}).encode(),
        ),
    ]
    assert all(400 <= status < 500 for status in statuses), statuses


def test_a_binary_frame_is_answered_or_closed_with_a_code(server: Server) -> None:
    seated = make_table(server, "classico", {}, 2, 1, turn_seconds=None)
    seat, token = next(iter(seated.tokens.items()))
    player = play_socket(server, seated.id, token, seat)
    player.state()
    start = len(player.received)
    player.send(b"\x00\x01 not text")
    try:
        answer = player.received[player.wait(lambda m: m["type"] != "clock", start)]
        assert answer["type"] == "error"
    except Gone:
        assert player.close_code in (1003, 1008), player.close_code
    # A spectator's socket is not read: what he sends leaves it open.
    watcher = watch_socket(server, seated.id)
    watcher.state()
    watcher.send(b"\x00\x01 not text")
    watcher.connection.ping().wait(PATIENCE)
    player.close()
    watcher.close()


def test_a_retry_after_a_restart_is_acknowledged_with_its_first_version(server: Server) -> None:
    driven = Driven(make_table(server, "classico", {"target": 1000}, 1, 1, turn_seconds=None))
    connect_all(server, driven)
    errors: list[BaseException] = []
    drive(driven, random.Random(3), lambda s: s["version"] > 10, None, errors)
    assert not errors
    for peer in driven.peers.values():
        peer.close()
    server.kill()
    server.start()
    connect_all(server, driven)
    for seat, sent, version in driven.acked:
        assert driven.peers[seat].ask(sent) == {"type": "ack", "id": sent["id"], "version": version}
    for peer in driven.peers.values():
        peer.close()
