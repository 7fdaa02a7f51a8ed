"""Attacks on ``ramino serve``, a real process played by real WebSocket clients, on SQLite and on
PostgreSQL. A spy on every seat's socket and a spectator's, through whole matches of several
rule sets, is sent no card his seat may not see: every state is the engine's own observation of
that seat at that version, and every card a message names is one the seat has seen; every deal
revealed in those matches proves fair, and none does with its secret, a nonce or its order
changed. A SIGKILL
amid many tables' moves loses no acknowledged move and applies no retried move twice. Thousands
of malformed, oversized and out-of-turn messages, and bad HTTP requests, are each answered
(4xx over HTTP) and change no table."""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
pytest.importorskip("websockets")

from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ramino.engine.errors import RaminoError
from ramino.engine.round import Round
from ramino.engine.shuffle import verify_deal
from ramino.server.protocol import (
    MAX_MESSAGE_BYTES,
    Nonce,
    Sync,
    observation_view,
    public_view,
    read_client_message,
    refusal,
)
from ramino.server.store import Store, StoredTable
from ramino.server.tables import COMPUTER, Table, TableSpec
from ramino.words.render import template
from serving import Server

pytestmark = [pytest.mark.server, pytest.mark.slow]

Message = dict[str, Any]

#: Messages a test socket sends in any second: the server answers the 21st with an error.
PACE = 14
#: Seconds to wait for an answer: generous, since hostile inputs must never make a test flaky.
PATIENCE = 60.0

# A card's code (7H, 10S, JK) or its face (7♥, 🃏); a declared jolly's value (JK=8H) is a place
# in a meld, not a card, and is left out.
_CARD = re.compile(r"(?<![0-9A-Za-z=])(?:(10|[2-9AJQK])([CDHS♣♦♥♠])|JK|🃏)(?![0-9A-Za-z])")
_SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
#: Every card's code.
CODES = [*(rank + suit for rank in [*"A23456789", "10", *"JQK"] for suit in "CDHS"), "JK"]


def cards_named(text: str) -> set[str]:
    """The cards a text names, by code."""
    found = set()
    for match in _CARD.finditer(text):
        rank, suit = match.groups()
        found.add("JK" if rank is None else rank + _SUIT.get(suit, suit))
    return found


class Gone(Exception):
    """The socket was closed before the awaited message came."""


class Peer:
    """A socket of the server's, and every message it was sent, read by a thread of its own. It
    sends at most ``PACE`` messages in any second and, asked to, waits for each answer before
    the next: the server's limit of 20 a second is then never reached, however it is loaded."""

    def __init__(self, connection: ClientConnection, seat: int | None = None) -> None:
        self.connection = connection
        self.seat = seat
        self.received: list[Message] = []
        self.raw: list[str] = []
        self.gone = False
        self._news = threading.Condition()
        self._recent: deque[float] = deque()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            for text in self.connection:
                assert isinstance(text, str), "the server sends text frames only"
                with self._news:
                    self.raw.append(text)
                    self.received.append(json.loads(text))
                    self._news.notify_all()
        except (ConnectionClosed, OSError):
            pass
        finally:
            with self._news:
                self.gone = True
                self._news.notify_all()

    @property
    def close_code(self) -> int | None:
        return self.connection.close_code

    def send(self, data: Message | str | bytes) -> None:
        while True:
            now = time.monotonic()
            while self._recent and now - self._recent[0] > 1.0:
                self._recent.popleft()
            if len(self._recent) < PACE:
                break
            time.sleep(1.0 - (now - self._recent[0]) + 0.01)
        self._recent.append(time.monotonic())
        self.connection.send(json.dumps(data) if isinstance(data, dict) else data)

    def wait(self, test: Callable[[Message], bool], start: int = 0) -> int:
        """The index of the first message from ``start`` on that passes ``test``."""
        deadline = time.monotonic() + PATIENCE
        with self._news:
            while True:
                for index in range(start, len(self.received)):
                    if test(self.received[index]):
                        return index
                if self.gone:
                    raise Gone(f"closed with {self.close_code}")
                left = deadline - time.monotonic()
                assert left > 0, f"nothing in {PATIENCE} s; the last: {self.received[-3:]}"
                self._news.wait(left)

    def ask(self, message: Message | str | bytes) -> Message:
        """Send ``message`` and wait for its answer (an ack, a refusal or an error)."""
        start = len(self.received)
        self.send(message)
        index = self.wait(lambda m: m["type"] in ("ack", "refused", "error"), start)
        return self.received[index]

    def state(self, version: int = 0) -> Message:
        """The first state received of ``version`` or later."""
        index = self.wait(lambda m: m["type"] == "state" and m["version"] >= version)
        return self.received[index]

    def latest(self) -> Message:
        """The last state received by now."""
        with self._news:
            return next(m for m in reversed(self.received) if m["type"] == "state")

    def close(self) -> None:
        self.connection.close()
        self._reader.join(PATIENCE)


def opened(url: str) -> ClientConnection:
    # Closed by the test through its Peer, or by the server going down.
    return connect(url, open_timeout=PATIENCE, close_timeout=5).__enter__()


def play_socket(server: Server, table: str, token: str, seat: int) -> Peer:
    return Peer(opened(f"ws://127.0.0.1:{server.port}/api/tables/{table}/play?token={token}"), seat)


def watch_socket(server: Server, table: str) -> Peer:
    return Peer(opened(f"ws://127.0.0.1:{server.port}/api/tables/{table}/watch"))


def fresh_socket(server: Server, seated: Seated, seat: int | None) -> Peer:
    """A new socket of the seat (``None``: a spectator's), once it has its first state."""
    if seat is None:
        peer = watch_socket(server, seated.id)
    else:
        peer = play_socket(server, seated.id, seated.tokens[seat], seat)
    peer.state()
    return peer


@dataclass
class Seated:
    """A table made for a test: its id and each person's seat token."""

    id: str
    tokens: dict[int, str]
    names: dict[int, str]


def make_table(
    server: Server,
    rules: str,
    knobs: dict[str, Any],
    people: int,
    computers: int,
    **extra: Any,
) -> Seated:
    body = {
        "rules": rules,
        "knobs": knobs,
        "seats": [{"kind": "human"}] * people
        + [{"kind": "computer", "level": "principiante"}] * computers,
        **extra,
    }
    table = server.post("/api/tables", body)["table"]
    tokens, names = {}, {}
    for number in range(people):
        nickname = f"P{number}"
        joined = server.post(
            f"/api/tables/{table}/seats", {"nickname": nickname, "nonce": f"{number:02x}" * 8}
        )
        tokens[joined["seat"]] = joined["token"]
        names[joined["seat"]] = nickname
    return Seated(table, tokens, names)


def mover_of(state: Message, names: dict[int, str]) -> int | None:
    """The table seat of the person to move, if it is a person's turn."""
    view = state["observation"]
    if state["match_over"] or view is None:
        return None
    name = view["seats"][view["to_play"]]["name"]
    return next((seat for seat, nickname in names.items() if nickname == name), None)


def choose(rng: random.Random, legal: list[str]) -> str:
    """A move among the legal ones, biased toward those that put cards on the table, so that
    melds, jolly and the pozzo come into play."""
    bets = [a for a in legal if a in ("call", "raise", "fold")]
    if bets:
        weights = {"call": 6, "raise": 2, "fold": 1}
        return rng.choices(bets, [weights[a] for a in bets])[0]
    if "take" in legal and rng.random() < 0.35:
        return "take"
    melds = [a for a in legal if a.split()[0] in ("lay", "open", "show", "attach", "swap")]
    if melds and rng.random() < 0.6:
        return rng.choice(melds)
    return rng.choice(legal)


# --- the table as the engine sees it, rebuilt in the test from the server's store ---


def stored(server: Server, table: str) -> StoredTable:
    store = Store(server.url)
    try:
        return store.table(table)
    finally:
        store.close()


def rebuilt(log: StoredTable) -> Iterator[Table]:
    """The table after each event of its log: version 0, 1, 2… (one object, changed in place)."""
    table = Table(log.id, TableSpec.from_dict(log.spec, log.seats))
    yield table
    for event in log.actions:
        table.replay([event])
        assert table.version == event.number
        yield table


def round_index(table: Table, seat: int | None) -> int | None:
    """The seat's place in the round being played (``None`` for a spectator or a player out)."""
    play = table.play
    if seat is None or play is None or play.round is None:
        return None
    name = table.name(seat)
    return play.names.index(name) if name in play.names else None


def on_view(round_: Round) -> set[str]:
    """The cards face up now, read off the engine's round itself: the melds (and what their
    jolly stand for) and the pozzo."""
    cards = {str(round_.deck[i]) for i in round_.discard_pile}
    for laid in round_.table:
        cards.update(str(card) for card in (*laid.meld.cards, *laid.meld.represents))
    return cards


def fitting(round_: Round) -> set[str]:
    """Every card that could go in a meld on the table: a refusal about a meld may name what it
    needs (to take the jolly of K♣ K♠ 🃏 you need K♦ K♥), which is no one's card."""
    cards = set()
    for laid in round_.table:
        for code in map(str, laid.meld.represents):
            rank, suit = code[:-1], code[-1]
            same = rank if laid.meld.kind == "set" else suit
            cards.update(c for c in CODES if same in (c[:-1], c[-1]))
    return cards


def engine_view(table: Table, seat: int | None) -> Message | None:
    """The engine's observation of the seat (a spectator: of the table, with no hand and no
    move), in the protocol's words."""
    play = table.play
    if play is None or play.round is None:
        return None
    index = round_index(table, seat) if seat is not None else 0
    if index is None:
        return None
    names = list(play.names)
    observation = play.round.observation(index, scores=play.seat_totals())
    computers = {table.name(i) for i, s in enumerate(table.seats) if s.kind == COMPUTER}
    view = observation_view(observation, names, computers, play.seat_totals())
    if seat is None:
        view = public_view(view)
    return view.model_dump(mode="json")


def cards_in_state(state: Message) -> set[str]:
    return cards_in_view(state["observation"])


def cards_in_view(view: Message | None) -> set[str]:
    if view is None:
        return set()
    texts = [*view["hand"], *view["discard_pile"], *view["legal_actions"], *view["history"]]
    for meld in view["table"]:
        texts += [*meld["cards"], *meld["stands_for"]]
    return set().union(*(cards_named(text) for text in texts))


@dataclass
class Probe:
    """A message sent to be refused, the version of the table it was sent at, its answer."""

    seat: int
    version: int
    text: str
    answer: Message


@dataclass
class Spied:
    """A table played in the spy test: its sockets, and the messages sent to be refused."""

    seated: Seated
    peers: list[Peer] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)


def template_cards(reason: str) -> set[str]:
    """The cards the fixed wording of a refusal names as examples ("write cards as 7H")."""
    return cards_named(" ".join(template(reason, lang, {}) or "" for lang in ("it", "en")))


def check_no_leak(server: Server, spied: Spied) -> set[str]:
    """Check every message each socket of the table was sent against the engine's view of its
    seat at that version; return the kinds of message checked."""
    log = stored(server, spied.seated.id)
    seats = {peer.seat for peer in spied.peers}
    wanted: dict[int, set[int | None]] = {}
    for peer in spied.peers:
        for message in peer.received:
            if message["type"] == "state":
                wanted.setdefault(message["version"], set()).add(peer.seat)
    probes: dict[int, list[Probe]] = {}
    for probe in spied.probes:
        probes.setdefault(probe.version, []).append(probe)
    expected: dict[tuple[int | None, int], Message] = {}
    # By seat and version: the cards it may see then (its hand, and every card face up so far
    # in the round), and every card it has seen by then.
    visible: dict[tuple[int | None, int], set[str]] = {}
    fits: dict[int, set[str]] = {}
    ever: dict[tuple[int | None, int], frozenset[str]] = {}
    known: dict[int | None, set[str]] = {seat: set() for seat in seats}
    public: set[str] = set()
    dealt = -1
    for table in rebuilt(log):
        version = table.version
        play = table.play
        if play is not None and play.round is not None:
            if play.rounds != dealt:
                dealt, public = play.rounds, set()
            public |= on_view(play.round)
            fits[version] = fitting(play.round)
            for seat in seats:
                index = round_index(table, seat)
                hand = set() if index is None else {str(c) for c in play.round.hand(index)}
                visible[seat, version] = hand | public
                known[seat] |= visible[seat, version]
        if table.ended is not None:
            # The last round over as it ended: its table and pozzo were face up for all.
            for seat in seats:
                known[seat] |= on_view(table.ended[0])
        for seat in seats:
            ever[seat, version] = frozenset(known[seat])
        for seat in wanted.get(version, ()):
            state = table.state(seat).model_dump(mode="json")
            assert state["observation"] == engine_view(table, seat), (seat, version)
            expected[seat, version] = state
        for probe in probes.get(version, ()):
            answer = probe.answer
            if answer["type"] == "refused":
                with pytest.raises(RaminoError) as refused:
                    table.check(probe.seat, probe.text)
                assert answer == refusal(answer["id"], refused.value).model_dump(mode="json")
            # It names the cards of the seat's own message, or seen, or of the rule's wording,
            # or, about a meld on the table, what the meld needs.
            named = cards_named(" ".join([*answer.get("cards", ()), *answer["message"].values()]))
            allowed = cards_named(probe.text) | template_cards(answer["reason"])
            if answer["reason"].startswith(("swap_", "attach_")):
                allowed |= fits.get(version, set())
            assert named <= visible.get((probe.seat, version), set()) | allowed, probe
    deal_secrets = [table.deal_secret(n).hex() for n in range(1, table.next_deal + 1)]
    kinds = set()
    for peer in spied.peers:
        seat = peer.seat
        revealed = last = 0
        for index, (message, raw) in enumerate(zip(peer.received, peer.raw, strict=True)):
            kind = message["type"]
            kinds.add(kind)
            assert kind in ("welcome", "state", "clock", "notice", "ack", "refused", "error")
            assert log.spec["secret"] not in raw
            if kind == "state":
                version = last = message["version"]
                assert message == expected[seat, version], (seat, version)
                named = cards_in_state(message)
                assert named <= visible.get((seat, version), set()), (seat, version, named)
                if message["revealed"] is not None:
                    revealed = message["revealed"]["round"]
                    # Between rounds (a re-entry to answer) the round just over is the last.
                    between = message["observation"] is None and revealed == message["round"]
                    assert revealed < message["round"] or message["match_over"] or between
                if seat is None:
                    view = message["observation"]
                    assert view is None or (view["hand"] == [] and view["legal_actions"] == [])
                # The round just over, as this seat saw it end: nothing he had not seen.
                ended = message["ended"]
                if ended is not None:
                    assert cards_in_view(ended) <= ever[seat, version], (seat, version, ended)
                    assert seat is not None or (ended["hand"] == [] and ended["to_lay"] == [])
            elif kind == "notice":
                # What the table played for him is among what he had seen by the next state.
                after = next(
                    (m["version"] for m in peer.received[index:] if m["type"] == "state"), last
                )
                named = cards_named(" ".join(message["message"].values()))
                assert named <= ever[seat, after], (seat, after, message)
            elif kind == "welcome":
                assert (message["seat"], message["name"]) == (seat, spied.seated.names[seat])
            # A deal's secret is told once its round is over, never before.
            assert not any(secret in raw for secret in deal_secrets[revealed:]), (seat, raw)
    return kinds


# --- 1. the spy ---


SPIED_TABLES: list[tuple[str, dict[str, Any], int, int, int]] = [
    # rules, knobs, people, computers, rounds to play (unless the match ends first)
    ("classico", {"max_turns": 14, "target": 1000}, 2, 1, 4),
    ("scala-40", {"max_turns": 24, "target": 1000}, 2, 1, 3),
    ("pokerato", {"max_turns": 14, "match_rounds": 3}, 2, 1, 4),
    (
        "carioca",
        {"max_turns": 14, "match_rounds": 3, "contracts": ["pair", "two_pairs", "set"]},
        2,
        1,
        4,
    ),
    ("casertano", {"max_turns": 16}, 3, 1, 2),
    ("tradizionale", {"max_turns": 12}, 2, 0, 3),
]


def spy_play(
    server: Server, spied: Spied, rounds: int, seed: int, errors: list[BaseException]
) -> None:
    """Play the table's match with random legal moves, probing it on the way with refused
    moves, retries, nonces and syncs, until ``rounds`` rounds are over or the match is."""
    try:
        rng = random.Random(seed)
        seated = spied.seated
        peers = {
            seat: play_socket(server, seated.id, token, seat)
            for seat, token in seated.tokens.items()
        }
        spectator = watch_socket(server, seated.id)
        spied.peers += [*peers.values(), spectator]
        version = 0
        number = 0
        last_act: tuple[int, Message, Message] | None = None
        nonced: set[tuple[int, int]] = set()
        while True:
            states = {seat: peer.state(version) for seat, peer in peers.items()}
            # The spectator's view has every seat, also when a player is out of the match.
            state = spectator.state(version)
            version = state["version"]
            mover = mover_of(state, seated.names)
            offered = [seat for seat, seen in states.items() if seen["reentry"] is not None]
            if offered and state["round"] <= rounds:
                # Out, and the rules let him back in: the next round waits for his answer.
                number += 1
                reenter = rng.random() < 0.5
                answer = peers[offered[0]].ask(
                    {"type": "reentry", "id": f"r{number}", "reenter": reenter}
                )
                assert answer["type"] == "ack", answer
                version = answer["version"]
                continue
            if mover is None or state["round"] > rounds:
                return
            legal = states[mover]["observation"]["legal_actions"]
            others = [seat for seat in peers if seat != mover]
            roll = rng.random()
            if roll < 0.05:
                seat = rng.choice(others)
                number += 1
                text = rng.choice(["draw", "take", "call", legal[0]])
                answer = peers[seat].ask({"type": "act", "id": f"x{number}", "action": text})
                assert answer["type"] == "refused" and answer["reason"] == "not_your_turn"
                spied.probes.append(Probe(seat, version, text, answer))
                continue
            if roll < 0.1:
                hand = states[mover]["observation"]["hand"]
                # Cards of his own, or any (another's, perhaps): the answer tells no more.
                text = rng.choice(
                    [
                        "draw",
                        "take",
                        "call",
                        f"discard {rng.choice(hand)}",
                        f"discard {rng.choice(CODES)}",
                        f"lay {' '.join(rng.sample(CODES, 3))}",
                        f"attach 9 {rng.choice(CODES)}",
                        f"swap 0 {rng.choice(hand)}",
                    ]
                )
                if text not in legal:
                    number += 1
                    answer = peers[mover].ask({"type": "act", "id": f"x{number}", "action": text})
                    if answer["type"] == "ack":
                        version = answer["version"]
                    else:
                        spied.probes.append(Probe(mover, version, text, answer))
                continue
            if roll < 0.12:
                # A message the protocol refuses (an unknown field), naming a card.
                seat = rng.choice(list(peers))
                action = f"discard {rng.choice(CODES)}"
                text = json.dumps({"type": "act", "id": "e", "action": action, "seat": mover})
                answer = peers[seat].ask(text)
                assert answer["type"] == "error", answer
                spied.probes.append(Probe(seat, version, text, answer))
                continue
            if roll < 0.15:
                seat = rng.choice(list(peers))
                nonce = {"type": "nonce", "nonce": rng.randbytes(16).hex()}
                if (seat, state["round"]) in nonced:
                    # One nonce a seat for each deal: another is refused and changes nothing.
                    answer = peers[seat].ask(nonce)
                    assert answer["reason"] == "nonce_given", answer
                    continue
                nonced.add((seat, state["round"]))
                peers[seat].send(nonce)
                version += 1
                continue
            if roll < 0.18:
                seat = rng.choice(list(peers))
                start = len(peers[seat].received)
                peers[seat].send({"type": "sync"})
                peers[seat].wait(lambda m: m["type"] == "state", start)
                continue
            if roll < 0.21 and last_act is not None:
                seat, sent, ack = last_act
                assert peers[seat].ask(sent) == ack
                continue
            number += 1
            sent = {"type": "act", "id": f"m{number}", "action": choose(rng, legal)}
            answer = peers[mover].ask(sent)
            assert answer["type"] == "ack", (sent, answer)
            last_act = (mover, sent, answer)
            version = answer["version"]
    except BaseException as error:
        errors.append(error)


def fair(deal: Message) -> bool:
    return verify_deal(
        deal["commitment"],
        bytes.fromhex(deal["secret"]),
        [bytes.fromhex(nonce) for nonce in deal["nonces"]],
        deal["order"],
        deal["deck_size"],
    )


def tamperings(deal: Message) -> Iterator[Message]:
    """The deal with one thing changed: the secret, a nonce, two cards of the order."""
    secret = bytearray.fromhex(deal["secret"])
    secret[0] ^= 1
    yield {**deal, "secret": secret.hex()}
    nonces = list(deal["nonces"])
    nonces[0] = nonces[0] + "00"
    yield {**deal, "nonces": nonces}
    order = list(deal["order"])
    order[0], order[-1] = order[-1], order[0]
    yield {**deal, "order": order}


def test_no_socket_is_sent_a_card_its_seat_may_not_see(server: Server) -> None:
    spied = []
    for rules, knobs, people, computers, rounds in SPIED_TABLES:
        seated = make_table(
            server, rules, knobs, people, computers, turn_seconds=3600, bank_seconds=0
        )
        spied.append((Spied(seated), rounds))
    # A table nobody plays: its clock runs out on every person's turn and the table plays for
    # him, telling him so now (one socket open) or when he comes back (the other's).
    idle = Spied(
        make_table(server, "classico", {"max_turns": 8}, 2, 1, turn_seconds=1, bank_seconds=0)
    )
    idle.peers.append(play_socket(server, idle.seated.id, idle.seated.tokens[0], 0))
    idle.peers.append(watch_socket(server, idle.seated.id))
    errors: list[BaseException] = []
    players = [
        threading.Thread(target=spy_play, args=(server, table, rounds, seed, errors))
        for seed, (table, rounds) in enumerate(spied)
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    if errors:
        raise errors[0]
    # By now the idle table has been played for, turn after turn, over a round at least.
    idle.peers[0].wait(lambda m: m["type"] == "state" and m["round"] >= 2)
    idle.peers.append(play_socket(server, idle.seated.id, idle.seated.tokens[1], 1))
    idle.peers[-1].wait(lambda m: m["type"] == "notice")
    for table in [*(s for s, _ in spied), idle]:
        for peer in table.peers:
            peer.close()
    kinds: set[str] = set()
    for table in [*(s for s, _ in spied), idle]:
        kinds |= check_no_leak(server, table)
    assert kinds == {"welcome", "state", "clock", "notice", "ack", "refused", "error"}
    # The deals revealed are those of the rounds over (the idle table's still go on).
    for table, _ in spied:
        deals = server.get(f"/api/tables/{table.seated.id}/deals")
        *_, last = rebuilt(stored(server, table.seated.id))
        assert deals["revealed"] == [proof.to_dict() for proof in last.proofs]
        # Every deal revealed was fair, and no part of one can be changed unseen.
        for deal in deals["revealed"]:
            assert fair(deal), deal
            for tampered in tamperings(deal):
                assert not fair(tampered), (deal, tampered)
    # Every rule set got to its second round at least, and a match ended.
    for table, _ in spied:
        final = table.peers[0].latest()
        assert final["round"] >= 2 or final["match_over"]
    assert any(table.peers[0].latest()["match_over"] for table, _ in spied)


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
