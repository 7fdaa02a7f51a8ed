"""The spy of the server tests: every socket of tables played through whole matches (seats
leaving and coming back on the way, a rematch played and the next one declined), each message
it was sent checked against the engine's view of its seat at that version (no card its seat may
not see), on one ``ramino serve`` (tests/test_server_attacks.py) or on several behind
nginx (tests/test_server_cluster.py); and the sockets, tables and moves the attacks share."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from ramino.engine.errors import RaminoError
from ramino.engine.round import Round
from ramino.engine.shuffle import verify_deal
from ramino.server.protocol import observation_view, public_view, refusal
from ramino.server.store import Store, StoredTable
from ramino.server.tables import COMPUTER, Table, TableSpec
from ramino.words.chat import PHRASES, phrase_words
from ramino.words.render import template
from serving import Server, pace

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
    sends at most ``pace`` messages in any second and, asked to, waits for each answer before
    the next: the server's limit of 20 a second is then never reached, however it is loaded."""

    def __init__(
        self, connection: ClientConnection, seat: int | None = None, pace: int = PACE
    ) -> None:
        self.connection = connection
        self.seat = seat
        self.pace = pace
        self.received: list[Message] = []
        self.raw: list[str] = []
        self.gone = False
        self._news = threading.Condition()
        self._sent: list[float] = []
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
        pace(self._sent, self.pace)
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


def server_pace(server: Server) -> int:
    """What a peer of ``server`` sends in a second at most: :data:`PACE` under the default
    limit, as much under one the server was given (``--socket-messages``)."""
    return PACE * server.socket_messages // 20


def play_socket(server: Server, table: str, token: str, seat: int) -> Peer:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/play?token={token}"
    return Peer(opened(url), seat, server_pace(server))


def watch_socket(server: Server, table: str) -> Peer:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/watch"
    return Peer(opened(url), pace=server_pace(server))


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
    totals = play.seat_totals()
    view = observation_view(observation, names, computers, totals, away=table.away_names())
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
    said: dict[int, tuple[int, Message]] = field(default_factory=dict)
    """The chat's lines by id: the seat that said each and the message it sent."""
    answers: list[Message] = field(default_factory=list)
    """The answers to the seats' ``rematch`` messages."""
    left: int = 0
    """How many times a seat left the table (``leave``) and came back."""


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
    dealt = (0, -1)
    # Each match's first deal is the table's deal after the last match's (a rematch).
    deals_before: dict[int, int] = {}
    for table in rebuilt(log):
        version = table.version
        play = table.play
        deals_before.setdefault(table.match_number, table.deals_before)
        if play is not None and play.round is not None:
            if (table.match_number, play.rounds) != dealt:
                dealt, public = (table.match_number, play.rounds), set()
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
            assert kind in (
                "welcome",
                "state",
                "clock",
                "notice",
                "ack",
                "refused",
                "error",
                "chat",
                "reported",
            )
            assert log.spec["secret"] not in raw
            if kind == "state":
                version = last = message["version"]
                assert message == expected[seat, version], (seat, version)
                named = cards_in_state(message)
                assert named <= visible.get((seat, version), set()), (seat, version, named)
                if message["revealed"] is not None:
                    proof = message["revealed"]
                    revealed = deals_before[proof["match"]] + proof["round"]
                    done = (proof["match"], proof["round"])
                    now = (message["match"], message["round"])
                    # Between rounds (a re-entry to answer) the round just over is the last.
                    between = message["observation"] is None and done == now
                    assert done < now or message["match_over"] or between
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
            elif kind == "chat":
                check_chat(spied, message)
            elif kind == "reported":
                assert message["line"] in spied.said, message
            elif kind == "welcome":
                assert (message["seat"], message["name"]) == (seat, spied.seated.names[seat])
            # A deal's secret is told once its round is over, never before.
            assert not any(secret in raw for secret in deal_secrets[revealed:]), (seat, raw)
    # What the seats' rematch answers carry: an id and a version, or a refusal in words, and
    # never a card.
    for answer in spied.answers:
        assert answer["type"] in ("ack", "refused"), answer
        assert not cards_named(json.dumps(answer, ensure_ascii=False)), answer
    return kinds


# --- the spy ---


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
        nonced: set[tuple[int, int, int]] = set()
        steps = 0
        while True:
            steps += 1
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
            dealt = rematch(spied, peers, state, number) if state["match_over"] else None
            number += len(peers)
            if dealt is not None:
                # A rematch dealt: the same seats play on, the second match as the first.
                version = dealt
                continue
            if mover is None or state["round"] > rounds:
                return
            # A seat leaves early in the match and comes back a little later, whatever the
            # rolls; and now and then at random too, below.
            planned = (steps == 6 and not state["away"]) or (steps == 20 and state["away"])
            if planned and len(peers) > 1:
                version = leave_or_come_back(server, rng, spied, peers, state)
                continue
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
                if (seat, state["match"], state["round"]) in nonced:
                    # One nonce a seat for each deal: another is refused and changes nothing.
                    answer = peers[seat].ask(nonce)
                    assert answer["reason"] == "nonce_given", answer
                    continue
                nonced.add((seat, state["match"], state["round"]))
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
            if roll < 0.24:
                chat(rng, spied, peers)
                continue
            if roll < 0.25 and len(peers) > 1:
                # A seat leaves (the computer plays for it), or the one who left comes back.
                version = leave_or_come_back(server, rng, spied, peers, state)
                continue
            number += 1
            sent = {"type": "act", "id": f"m{number}", "action": choose(rng, legal)}
            answer = peers[mover].ask(sent)
            assert answer["type"] == "ack", (sent, answer)
            last_act = (mover, sent, answer)
            version = answer["version"]
    except BaseException as error:
        errors.append(error)


def leave_or_come_back(
    server: Server, rng: random.Random, spied: Spied, peers: dict[int, Peer], state: Message
) -> int:
    """A seat leaves the table (``leave``): the computer plays for it, as the next states
    say; or the seat the computer plays for comes back, with a new socket. The version the
    table is at then."""
    away = state["away"]
    if not away:
        seat = rng.choice(list(peers))
        peer = peers[seat]
        start = len(peer.received)
        peer.send({"type": "leave"})
        index = peer.wait(lambda m: m["type"] == "state" and seat in m["away"], start)
        return int(peer.received[index]["version"])
    (seat,) = away
    peers[seat].close()
    # Back: the seat is his again before he hears the state.
    peers[seat] = back = play_socket(server, spied.seated.id, spied.seated.tokens[seat], seat)
    spied.peers.append(back)
    spied.left += 1
    index = back.wait(lambda m: m["type"] == "state")
    assert back.received[index]["away"] == [], back.received[index]
    return int(back.received[index]["version"])


def rematch(spied: Spied, peers: dict[int, Peer], state: Message, number: int) -> int | None:
    """The seats asked answer the rematch of a match over: yes to the first match's, so that
    the same seats play a second one; no to a later one, after which another answer is
    refused. The version once a rematch is dealt, or ``None``."""
    offer = state["rematch"]
    asked = [] if offer is None or offer["declined"] else offer["waiting"]
    if not asked:
        return None
    if state["match"] == 1:
        for n, seat in enumerate(asked):
            sent = {"type": "rematch", "id": f"q{number + n}", "agree": True}
            spied.answers.append(peers[seat].ask(sent))
            assert spied.answers[-1]["type"] == "ack", spied.answers[-1]
        return int(spied.answers[-1]["version"])
    no = {"type": "rematch", "id": f"q{number}", "agree": False}
    spied.answers.append(peers[asked[0]].ask(no))
    yes = {"type": "rematch", "id": f"q{number + 1}", "agree": True}
    spied.answers.append(peers[asked[-1]].ask(yes))
    assert spied.answers[-1]["reason"] == "no_rematch", spied.answers[-1]
    return None


def chat(rng: random.Random, spied: Spied, peers: dict[int, Peer]) -> None:
    """A seat says a line (a ready phrase, or words naming cards of any hand), or reports one
    said: the line comes back to him as the table's, or the pace refuses it."""
    seat = rng.choice(list(peers))
    peer = peers[seat]
    start = len(peer.received)
    if spied.said and rng.random() < 0.3:
        line = rng.choice(list(spied.said))
        peer.send({"type": "report", "line": line})
        answer = peer.received[peer.wait(lambda m: m["type"] in ("reported", "error"), start)]
        assert answer == {"type": "reported", "line": line}, answer
        return
    said: Message = rng.choice(
        [
            {"type": "say", "phrase": rng.choice(list(PHRASES))},
            {"type": "say", "text": f" <b>{rng.choice(CODES)}</b> e {rng.choice(CODES)}? "},
        ]
    )
    peer.send(said)

    def new_line(message: Message) -> list[Message]:
        # Another seat's earlier line may still be on its way to this socket: only a line of
        # his own not seen before answers him.
        if message["type"] != "chat":
            return []
        return [m for m in message["lines"] if m["seat"] == seat and m["id"] not in spied.said]

    answer = peer.received[peer.wait(lambda m: m["type"] == "error" or bool(new_line(m)), start)]
    if answer["type"] == "error":
        assert answer["reason"] == "chat_too_fast", answer
        return
    (line,) = new_line(answer)
    spied.said[line["id"]] = (seat, said)


def check_chat(spied: Spied, message: Message) -> None:
    """A ``chat`` message carries each line as its seat said it, and nothing more."""
    for line in message["lines"]:
        seat, said = spied.said[line["id"]]
        phrase = said.get("phrase")
        text = said.get("text")
        assert line == {
            "id": line["id"],
            "seat": seat,
            "name": spied.seated.names[seat],
            "at": line["at"],
            "text": None if text is None else text.strip(),
            "phrase": phrase,
            "words": None if phrase is None else phrase_words(phrase),
        }, line
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", line["at"]), line


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


def spy_on_tables(server: Server, while_open: Callable[[], None] | None = None) -> None:
    """Play :data:`SPIED_TABLES` and an idle table on ``server`` with a spy on every socket,
    then check that no message carried a card its seat may not see (``while_open``: called
    once the tables are played, their sockets still open)."""
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
    if while_open is not None:
        while_open()
    for table in [*(s for s, _ in spied), idle]:
        for peer in table.peers:
            peer.close()
    kinds: set[str] = set()
    for table in [*(s for s, _ in spied), idle]:
        kinds |= check_no_leak(server, table)
    assert kinds == {
        "welcome",
        "state",
        "clock",
        "notice",
        "ack",
        "refused",
        "error",
        "chat",
        "reported",
    }
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
    # Every rule set got to its second round at least, and a match ended. (A seat's first
    # socket may have been closed when it left and came back: the newest state is any
    # socket's last.)
    finals = [
        max((p.latest() for p in table.peers), key=lambda m: m["version"]) for table, _ in spied
    ]
    for final in finals:
        assert final["round"] >= 2 or final["match_over"] or final["match"] > 1
    assert any(final["match_over"] for final in finals)
    # A match was played again at the same seats, and seats left and came back.
    assert any(final["match"] > 1 for final in finals)
    assert sum(table.left for table, _ in spied) >= 1
