"""A table of ``ramino serve``: its rules, its seats (people, computer players), the match played
on it and the log of every move, from which it is rebuilt after a restart.

No I/O here: the web layer stores the events a call returns before it acknowledges them, and
a table read back from the store replays its log (:meth:`Table.replay`) to the same state. The
log holds the players' moves in the engine's grammar, and two events of the table's own:
``deal`` (the first deal, once every seat is taken) and ``nonce HEX`` (a player's part of the
next deal's seed). Rounds follow one another by themselves: when one ends it goes on the score
sheet and the next is dealt, until the match is over.

Who decides for a seat is in the log too, so that a replay decides as the table did:
``away`` (a person gone past the reconnect window, or who left: the computer's sound player
plays his turns) and ``back`` (he took his seat back). When a match is over each person
answers ``rematch yes`` or ``rematch no``; once every person present (not away) has agreed,
the same seats are dealt a new match, whose deals go on from the last one's numbers.

Every deal is provably fair (docs/shuffle.md): the secret of deal ``k`` is derived from the
table's own, its commitment is public before the players send their nonces for that deal (deal
1's when the table is created, deal ``k + 1``'s as soon as deal ``k`` is dealt), its seed is the
HMAC of the secret over the nonces in seat order, and the secret is revealed when the round
ends (:class:`DealProof`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.bot import Bot, bot_seed
from ..ai.levels import LEVELS, bot_for_level
from ..ai.reentry import computer_reenters
from ..engine.actions import Action, parse_action
from ..engine.errors import IllegalAction, Reason
from ..engine.match import RoundSheet
from ..engine.observation import Observation
from ..engine.play import MatchPlay
from ..engine.round import Round
from ..engine.rules import Betting, Rules
from ..engine.rules_file import rules_from_mapping
from ..engine.shuffle import commitment, deal_seed
from ..words.inline import both
from .protocol import (
    ObservationView,
    RematchView,
    StandingLine,
    State,
    observation_view,
    public_view,
)
from .reasons import ServerReason
from .store import MatchResult, ResultSeat, StoredAction, StoredSeat
from .thinking import Computer

__all__ = [
    "AWAY",
    "BACK",
    "COMPUTER",
    "DEAL",
    "HUMAN",
    "MAX_NONCE_BYTES",
    "NONCE",
    "REMATCH",
    "STAND_IN_LEVEL",
    "STAND_IN_MOVES",
    "DealProof",
    "Move",
    "Table",
    "TableSpec",
]

HUMAN, COMPUTER = "human", "computer"
#: The table's own events in its log: the first deal, and a player's nonce for the next deal.
DEAL, NONCE, REENTRY = "deal", "nonce", "reentry"
#: Who decides for a seat (the computer for a person gone, or the person back), and the
#: answers to a rematch.
AWAY, BACK, REMATCH = "away", "back", "rematch"
#: The computer player who plays for a person gone or out of time: the sound one, the hint's.
STAND_IN_LEVEL = "intermedio"
#: The longest nonce a player may give (16 random bytes are plenty).
MAX_NONCE_BYTES = 64
#: The most moves a stand-in plays in a turn: a draw, a few melds and a discard are far fewer.
STAND_IN_MOVES = 64


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table is created with: its rules, its seats and its secret, from which each deal's
    secret is derived (it never leaves the server but deal by deal, once the round is over)."""

    rules: Rules
    seats: tuple[StoredSeat, ...]
    secret: bytes
    listed: bool = False
    turn_seconds: int | None = None
    """Seconds a person has for a turn (``None``: no clock); then his time bank runs."""
    bank_seconds: int = 0
    """A person's time bank for the whole match, spent where a turn runs over."""
    rated: bool = False
    """Whether the match changes its people's ratings (docs/ratings.md): a preset's rules."""
    chat: bool = True
    """Whether the table's players may chat (docs/protocol.md, Chat)."""
    away_seconds: int = 30
    """How long a person's seat waits for him once he has no socket open; then the
    computer's sound player plays for him until he is back."""

    def to_dict(self) -> dict[str, Any]:
        """The spec as the store keeps it (the seats are kept apart)."""
        return {
            "rules": {"name": self.rules.name, **self.rules.knobs()},
            "secret": self.secret.hex(),
            "listed": self.listed,
            "turn_seconds": self.turn_seconds,
            "bank_seconds": self.bank_seconds,
            "rated": self.rated,
            "chat": self.chat,
            "away_seconds": self.away_seconds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], seats: Sequence[StoredSeat]) -> TableSpec:
        """The spec of a table read back from the store."""
        # knobs() writes "no number" as null; the rules reader spells it "none".
        rules = {key: ("none" if v is None else v) for key, v in data["rules"].items()}
        return cls(
            rules_from_mapping(rules),
            tuple(seats),
            bytes.fromhex(data["secret"]),
            bool(data.get("listed", False)),
            data.get("turn_seconds"),
            int(data.get("bank_seconds", 0)),
            bool(data.get("rated", False)),
            # Tables stored before the chat was made have it.
            bool(data.get("chat", True)),
            int(data.get("away_seconds", 30)),
        )


@dataclass(frozen=True, slots=True)
class Move:
    """An event of the table's log: a move in the action grammar, ``deal`` or ``nonce HEX``."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class DealProof:
    """What proves a deal fair once its round is over: check it with
    :func:`ramino.engine.shuffle.verify_deal` (or ``ramino verify``)."""

    round: int
    commitment: str
    secret: str
    nonces: tuple[str, ...]
    deck_size: int
    order: tuple[int, ...]
    players: tuple[str, ...] = ()
    """The round's players in its seat order (players out of the match have no seat)."""
    dealer: int = 0
    """The dealer's seat in the round: with ``players`` and the rules, who got which cards."""
    match: int = 1
    """The table's match the round was played in (a rematch is the next)."""

    def to_dict(self) -> dict[str, Any]:
        """As JSON: hex strings for the secret and the nonces, card ids for the order."""
        return {
            "match": self.match,
            "round": self.round,
            "commitment": self.commitment,
            "secret": self.secret,
            "nonces": list(self.nonces),
            "deck_size": self.deck_size,
            "order": list(self.order),
            "players": list(self.players),
            "dealer": self.dealer,
        }


class Table:
    """A table and the match on it. Seats are places at the table, 0 first; a seat's player
    keeps his place for the whole match (the engine's round seats skip players out)."""

    def __init__(self, table_id: str, spec: TableSpec) -> None:
        self.id = table_id
        self.spec = spec
        self.seats = list(spec.seats)
        self.play: MatchPlay | None = None
        self.version = 0
        """Moves applied so far: every acknowledgement carries it."""
        self._computers: dict[str, Computer] = {}
        """The computer players of the deal being played, by name."""
        self._bots: dict[str, Bot] = {}
        self.nonces: dict[int, dict[int, bytes]] = {}
        """By deal number, each seat's nonce for it."""
        self.proofs: list[DealProof] = []
        """The deals of the rounds over, revealed."""
        self.decided: set[str] = set()
        """The players who have answered the re-entry offered since the last round."""
        self.ended: tuple[Round, tuple[str, ...]] | None = None
        """The last round over, as it ended, and its players in seat order."""
        self._histories: dict[int, list[str]] = {}
        """By round number, its public history in the protocol's words so far (this round's
        and the last one over's): every state carries the whole history; written anew each
        time it was a fifth of a state's time (bench/server_table.py: 89 against 72 µs)."""
        self._sheet: list[dict[str, Any]] = []
        """The score sheet's lines as the protocol sends them, one for each round over: every
        state carries the whole sheet (bench/server_table.py, 13 rounds in: 98 against 85 µs
        a state)."""
        self.match_number = 1
        """The table's match being played (or just over): a rematch is the next."""
        self.knocks: dict[tuple[int, int], dict[str, Any]] = {}
        """Under rules with knocking (gin rummy), by match and round, what each hand came to
        (:func:`knock_note`): the score sheet's lines carry it."""
        self.deals_before = 0
        """The deals of the table's earlier matches: a match's deal ``k`` is the table's
        ``deals_before + k``, each with its own secret and commitment."""
        self.earlier: list[MatchPlay] = []
        """The table's matches over before this one, their sheets kept."""
        self._earlier_standings: list[list[StandingLine] | None] = []
        """Their rated standings (:meth:`standing`), kept as each ended: who left then is
        known only while it is the match being played."""
        self.away: set[int] = set()
        """The people's seats the computer plays for (gone past the window, or left)."""
        self._stand_ins: dict[int, tuple[Computer, Bot]] = {}
        """The computer players playing for the seats away, in the deal being played."""
        self.rematch: dict[int, bool] = {}
        """Each person's answer to a rematch, once the match is over."""
        self._left: frozenset[int] | None = None
        """The people the computer played for when the match ended (``None`` while it goes
        on): who comes back after it, or goes after it, changes nothing of its standing."""

    # --- seats ---

    @property
    def rules(self) -> Rules:
        """The table's rules."""
        return self.spec.rules

    @property
    def free_seats(self) -> list[int]:
        """Human seats nobody has taken yet."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.nickname is None]

    @property
    def started(self) -> bool:
        """Whether the match has been dealt."""
        return self.play is not None

    @property
    def match_over(self) -> bool:
        """Whether the match has ended (nothing more is played at the table)."""
        return self.play is not None and self.play.is_over

    @property
    def ready(self) -> bool:
        """Whether every seat is taken and the first deal is still to come."""
        return self.play is None and not self.free_seats

    def name(self, seat: int) -> str:
        """The name shown for a seat; a computer player's says so."""
        taken = self.seats[seat]
        if taken.nickname is not None:
            return taken.nickname
        return f"({seat + 1})"

    def take_seat(
        self, seat: int, nickname: str, token_hash: str, player: str | None = None
    ) -> None:
        """Seat ``nickname`` (the store has already given him the seat), who is ``player`` if
        he came with his key; once every seat is taken, :meth:`deal` deals the match's first
        round."""
        self.seats[seat] = StoredSeat(seat, HUMAN, nickname, None, token_hash, player)

    def seat_of_token(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash``."""
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and seat.token_hash == token_hash:
                return number
        return None

    def result(self) -> MatchResult | None:
        """The match's result once it is over: each seat's place in the final standing (level
        players share one) and total (``None`` while it goes on)."""
        play = self.play
        if play is None or not play.is_over:
            return None
        match = play.match
        winner = match.winner
        chips = match.chips if self.rules.betting is not Betting.NONE else None
        left: dict[str, int] = {}
        for line in match.rounds:
            for name in line.eliminated:
                left[name] = line.number
        totals = match.totals

        def level(name: str) -> tuple[int, ...]:
            # What the standing sorts by (Match.standing), without the seat order.
            if chips is not None:
                return (name != winner, -chips[name])
            return (name != winner, name in left, -left.get(name, 0), totals[name])

        # Who left for good finishes last, whatever the computer made of his seat; the
        # leavers share that place (docs/ratings.md).
        leavers = self.leavers()
        gone = {self.name(seat) for seat in leavers}
        order = [name for name in match.standing() if name not in gone]
        places: dict[str, int] = dict.fromkeys(gone, len(order) + 1)
        for index, name in enumerate(order):
            earlier = order[index - 1] if index else None
            tied = earlier is not None and level(earlier) == level(name)
            places[name] = places[earlier] if tied and earlier is not None else index + 1
        return MatchResult(
            self.id,
            self.rules.name,
            self.spec.rated,
            tuple(
                ResultSeat(
                    number,
                    self.name(number),
                    seat.player,
                    seat.kind == COMPUTER,
                    places[self.name(number)],
                    chips[self.name(number)] if chips is not None else totals[self.name(number)],
                    left=self.spec.rated and number in leavers,
                )
                for number, seat in enumerate(self.seats)
            ),
            self.match_number,
        )

    def standing(self, number: int | None = None) -> list[StandingLine] | None:
        """A rated match's final standing as its ratings take it, once it is over: the match
        being played (or just over), or the earlier match ``number``."""
        if number is not None and number < self.match_number:
            return self._earlier_standings[number - 1]
        result = self.result() if self.spec.rated else None
        if result is None:
            return None
        left = self.leavers()
        return [
            StandingLine(
                seat=seat.seat, name=seat.name, place=seat.placement, left=seat.seat in left
            )
            for seat in result.seats
        ]

    # --- fair deals ---

    def deal_secret(self, number: int) -> bytes:
        """The secret of deal ``number`` (from 1), derived from the table's."""
        return hmac.new(self.spec.secret, f"deal/{number}".encode(), hashlib.sha256).digest()

    def commitment(self, number: int) -> str:
        """The public commitment to deal ``number``'s secret."""
        return commitment(self.deal_secret(number))

    @property
    def next_deal(self) -> int:
        """The deal the nonces sent now go into: the first before the match starts, else the
        one after the round being played."""
        play = self.play
        if play is None:
            return 1
        return self.deals_before + play.rounds + (2 if play.round is not None else 1)

    def add_nonce(self, seat: int, nonce: bytes) -> Move | None:
        """``seat``'s nonce for the next deal: one a deal, so that the log keeps only the nonce
        that counts. The same nonce again changes nothing (``None``, a client's retry); another
        one for the same deal is refused (:attr:`ServerReason.NONCE_GIVEN`)."""
        given = self.nonces.get(self.next_deal, {}).get(seat)
        if given == nonce:
            return None
        if given is not None:
            raise IllegalAction(ServerReason.NONCE_GIVEN, deal=self.next_deal)
        return self._set_nonce(seat, nonce)

    def _set_nonce(self, seat: int, nonce: bytes) -> Move:
        # Logs written before a deal took one nonce a seat replay as then: the last one counts.
        if len(nonce) > MAX_NONCE_BYTES:
            raise ValueError(f"a nonce has at most {MAX_NONCE_BYTES} bytes")
        self.nonces.setdefault(self.next_deal, {})[seat] = nonce
        self.version += 1
        return Move(seat, f"{NONCE} {nonce.hex()}")

    def _nonces(self, number: int) -> list[bytes]:
        given = self.nonces.get(number, {})
        return [given.get(seat, b"") for seat in range(len(self.seats))]

    def deal(self, seat: int) -> Move:
        """Deal the match's first round, once every seat is taken (``seat`` took the last)."""
        names = [self.name(i) for i in range(len(self.seats))]
        self.play = MatchPlay(names, self.rules, seed=self.spec.secret)
        self._deal()
        self.version += 1
        return Move(seat, DEAL)

    def _deal(self) -> None:
        assert self.play is not None
        number = self.deals_before + self.play.rounds + 1
        self._stand_ins = {}
        self.play.start_round(deal_seed(self.deal_secret(number), self._nonces(number)))
        self._computers = {
            seat.nickname: Computer(
                seat.nickname,
                seat.level if seat.level in LEVELS else "intermedio",
                bot_seed(self.spec.secret, seat.nickname, number),
            )
            for seat in self.seats
            if seat.kind == COMPUTER and seat.nickname is not None
        }
        self._bots = {name: computer.player() for name, computer in self._computers.items()}

    # --- moves ---

    def to_play(self) -> int | None:
        """The table seat to move, ``None`` before the deal and once the match is over."""
        play = self.play
        if play is None or play.round is None or play.round.is_over:
            return None
        return self.seats_by_name()[play.names[play.round.to_play]]

    def computer_names(self) -> set[str]:
        """The names of the computer players (each says so)."""
        return {self.name(i) for i, seat in enumerate(self.seats) if seat.kind == COMPUTER}

    def seats_by_name(self) -> dict[str, int]:
        """Each player's table seat."""
        return {self.name(i): i for i in range(len(self.seats))}

    def check(self, seat: int, text: str) -> Action:
        """The move ``text`` of ``seat`` if it may be played now; otherwise the engine's error,
        and nothing changes."""
        action = parse_action(text)
        play = self.play
        if play is None:
            raise IllegalAction(ServerReason.TABLE_NOT_STARTED, free=len(self.free_seats))
        waiting = self.reentry_seats()
        if waiting:
            # Between rounds: the next is dealt once those just out say whether they re-enter.
            raise IllegalAction(ServerReason.NOT_YOUR_TURN, player=self.name(waiting[0]))
        if play.is_over or play.round is None:
            raise IllegalAction(Reason.MATCH_OVER, detail=both("nessuno gioca più."))
        mover = self.to_play()
        if mover != seat:
            player = "—" if mover is None else self.name(mover)
            raise IllegalAction(ServerReason.NOT_YOUR_TURN, player=player)
        refusal = play.round.refusal(action)
        if refusal is not None:
            raise refusal
        return action

    def act(self, seat: int, text: str) -> list[Move]:
        """Play ``seat``'s move ``text``, then the computer's moves up to a person's turn (or the
        end of the match); return every move applied, in order. A refused move raises the
        engine's error and changes nothing."""
        return [self.move(seat, text), *self.computers_play()]

    def move(self, seat: int, text: str) -> Move:
        """Play ``seat``'s move ``text`` alone (the computer's turns it leads to are left to
        the caller); a refused move raises the engine's error and changes nothing."""
        return self._apply(seat, self.check(seat, text))

    # --- the computer's turns, a decision at a time ---

    def computer_to_move(self) -> tuple[int, Computer, Bot] | None:
        """The computer seat to move now, who plays it and the table's player of it (which
        keeps its memory of the deal), ``None`` on a person's turn (and before the deal,
        between rounds, once the match is over)."""
        seat = self.to_play()
        if seat is not None and seat in self.away:
            return seat, *self._stand_in_for(seat)
        if seat is None or self.seats[seat].kind != COMPUTER:
            return None
        name = self.name(seat)
        return seat, self._computers[name], self._bots[name]

    def _stand_in_for(self, seat: int) -> tuple[Computer, Bot]:
        """The computer player playing for ``seat`` (away) in this deal, made when first needed."""
        made = self._stand_ins.get(seat)
        if made is None:
            assert self.play is not None
            name = self.name(seat)
            computer = Computer(
                name, STAND_IN_LEVEL, bot_seed(self.spec.secret, name, self.play.rounds + 1)
            )
            made = self._stand_ins[seat] = (computer, computer.player())
        return made

    def view_to_decide(self) -> Observation:
        """What the player to move sees, as a computer player (or a stand-in) decides from it:
        a value of its own, which the table's next moves leave as it is."""
        play = self.play
        assert play is not None and play.round is not None
        round_ = play.round
        return round_.observation(round_.to_play, scores=play.seat_totals())

    def apply_decision(self, seat: int, seen: Observation, action: Action) -> Move:
        """Apply the move a computer player (or a stand-in) chose for ``seat`` from ``seen``."""
        play = self.play
        assert play is not None and play.round is not None
        if not play.round.can(action):
            # A bot's slip must not stop the table: the first legal move stands in.
            action = seen.legal_actions[0]
        return self._apply(seat, action)

    def computers_play(self) -> list[Move]:
        """The computer players' moves while it is their turn."""
        moves = []
        while (turn := self.computer_to_move()) is not None:
            seat, _, bot = turn
            seen = self.view_to_decide()
            moves.append(self.apply_decision(seat, seen, bot.act(seen)))
        return moves

    def stand_in(self, seat: int) -> Bot:
        """Who plays ``seat``'s turn for him when his time ran out: the computer's sound player
        (*intermedio*, the hint's), from his own view."""
        play = self.play
        assert play is not None
        return bot_for_level(
            STAND_IN_LEVEL, seed=bot_seed(self.spec.secret, self.name(seat), play.rounds + 1)
        )

    def play_for(self, seat: int) -> list[Move]:
        """Play ``seat``'s turn for him (his time ran out), then the computer's turns. Every
        move applied is returned, in order."""
        return [*self.stand_in_turn(seat), *self.computers_play()]

    def stand_in_turn(self, seat: int) -> list[Move]:
        """Play ``seat``'s turn for him as :meth:`stand_in` would: the moves applied."""
        stand_in = self.stand_in(seat)
        moves = []
        for _ in range(STAND_IN_MOVES):
            if self.to_play() != seat:
                break
            seen = self.view_to_decide()
            moves.append(self.apply_decision(seat, seen, stand_in.act(seen)))
        return moves

    def _apply(self, seat: int, action: Action) -> Move:
        play = self.play
        assert play is not None and play.round is not None
        round_ = play.round
        round_.apply(action)
        self.version += 1
        if round_.is_over:
            deal = self.deals_before + play.rounds + 1
            self.proofs.append(
                DealProof(
                    play.rounds + 1,
                    self.commitment(deal),
                    self.deal_secret(deal).hex(),
                    tuple(nonce.hex() for nonce in self._nonces(deal)),
                    len(round_.deck),
                    tuple(round_.deck_order),
                    tuple(play.names),
                    round_.dealer,
                    self.match_number,
                )
            )
            self.ended = (round_, play.names)
            play.finish_round()
            if self.rules.knock_limit is not None:
                self.knocks[self.match_number, play.rounds] = knock_note(round_, play)
            self._offer_reentries()
            self._note_end()
        return Move(seat, str(action))

    def _note_end(self) -> None:
        """Keep who was away when the match ended, the moment it ends."""
        if self.match_over and self._left is None:
            self._left = frozenset(self.away)

    # --- re-entry (rientro) ---

    def _offer_reentries(self) -> None:
        """After a round: the computer players just eliminated choose at once whether to
        re-enter, as at home; the people are asked (:meth:`reentry_offer`), and the next round
        is dealt once all have answered."""
        play = self.play
        assert play is not None
        self.decided = set()
        by_name = self.seats_by_name()
        for name in play.match.rounds[-1].eliminated:
            seat = by_name[name]
            if self.seats[seat].kind == COMPUTER and play.match.can_reenter(name):
                if computer_reenters(play.match, name, play.match.reentry_total()):
                    play.reenter(name)
                self.decided.add(name)
        self._deal_when_decided()

    def _deal_when_decided(self) -> None:
        play = self.play
        assert play is not None
        if self.reentry_seats():
            return
        play.close_reentries()
        if not play.is_over:
            self._deal()

    def reentry_seats(self) -> list[int]:
        """The people who may re-enter now and have not said yet, by table seat."""
        play = self.play
        if play is None or play.round is not None or play.is_over or not play.match.rounds:
            return []
        by_name = self.seats_by_name()
        return [
            by_name[name]
            for name in play.match.rounds[-1].eliminated
            if name not in self.decided and play.match.can_reenter(name)
        ]

    def reentry_offer(self, seat: int) -> dict[str, int] | None:
        """What re-entering would cost ``seat`` now, if it is offered to him: his total, the
        total he would come back at, the stakes."""
        if seat not in self.reentry_seats():
            return None
        assert self.play is not None
        match = self.play.match
        return {
            "total": match.totals[self.name(seat)],
            "entry_total": match.reentry_total(),
            "stake": self.rules.reentry_stake,
        }

    def decide_reentry(self, seat: int, reenters: bool) -> Move:
        """``seat``'s answer to the re-entry offered to him; without an offer the engine's
        error, and nothing changes. The next round is dealt once everyone has answered."""
        name = self.name(seat)
        play = self.play
        if play is None:
            raise IllegalAction(ServerReason.TABLE_NOT_STARTED, free=len(self.free_seats))
        if seat not in self.reentry_seats():
            play.refuse_reentry(name)
        if reenters:
            play.reenter(name)
        self.decided.add(name)
        self.version += 1
        self._deal_when_decided()
        self._note_end()
        return Move(seat, f"{REENTRY} {'yes' if reenters else 'no'}")

    # --- people who leave, and come back ---

    def go_away(self, seat: int) -> Move | None:
        """The computer's sound player plays ``seat``'s turns from now on (he is gone past the
        reconnect window, or left): ``None`` if it does already, or the seat is no person's.
        A rematch waiting only for him is dealt now."""
        if seat in self.away or self.seats[seat].kind != HUMAN or self.play is None:
            return None
        self.away.add(seat)
        self.rematch.pop(seat, None)
        self.version += 1
        self._rematch_when_agreed()
        return Move(seat, AWAY)

    def come_back(self, seat: int) -> Move | None:
        """``seat``'s person takes his seat back: his next decision is his (``None`` if it was
        already)."""
        if seat not in self.away:
            return None
        self.away.discard(seat)
        self.version += 1
        return Move(seat, BACK)

    def match_play(self, number: int) -> MatchPlay | None:
        """The table's match ``number`` (1, then each rematch's): one over before a rematch,
        or the one being played (or just over); ``None`` if the table has dealt no such match."""
        if 1 <= number < self.match_number:
            return self.earlier[number - 1]
        return self.play if number == self.match_number else None

    def away_names(self) -> frozenset[str]:
        """The names of the people the computer plays for."""
        return frozenset(self.name(seat) for seat in self.away)

    def leavers(self) -> set[int]:
        """The people who left for good: away when the match ended (docs/ratings.md)."""
        return set(self._left or ())

    # --- rematch ---

    def rematch_seats(self) -> list[int]:
        """The people asked whether they play again: those present (not away), once the match
        is over."""
        if not self.match_over:
            return []
        return [
            number
            for number, seat in enumerate(self.seats)
            if seat.kind == HUMAN and number not in self.away
        ]

    def rematch_view(self) -> RematchView | None:
        """The rematch as the ``state`` says it, once the match is over: who agreed, who
        declined, who is still to answer (table seats; computer players agree at once)."""
        if not self.match_over:
            return None
        asked = self.rematch_seats()
        return RematchView(
            agreed=[seat for seat in asked if self.rematch.get(seat) is True],
            declined=[seat for seat in asked if self.rematch.get(seat) is False],
            waiting=[seat for seat in asked if seat not in self.rematch],
            names=[self.name(seat) for seat in range(len(self.seats))],
        )

    def decide_rematch(self, seat: int, agrees: bool) -> Move:
        """``seat``'s answer to a rematch; once every person present has agreed, the same
        seats are dealt a new match. Refused when no match is over, from a seat not asked
        (away) and once someone has declined (there is no rematch then)."""
        if seat not in self.rematch_seats():
            raise IllegalAction(ServerReason.NO_REMATCH)
        if False in self.rematch.values():
            raise IllegalAction(ServerReason.NO_REMATCH)
        self.rematch[seat] = agrees
        self.version += 1
        self._rematch_when_agreed()
        return Move(seat, f"{REMATCH} {'yes' if agrees else 'no'}")

    def _rematch_when_agreed(self) -> None:
        asked = self.rematch_seats()
        if not asked or any(self.rematch.get(seat) is not True for seat in asked):
            return
        play = self.play
        assert play is not None
        self.earlier.append(play)
        self._earlier_standings.append(self.standing())
        self.deals_before += play.rounds
        self.match_number += 1
        self.rematch = {}
        self._left = None
        self.ended = None
        self._sheet = []
        self._histories = {}
        seed = hmac.new(self.spec.secret, f"match/{self.match_number}".encode(), hashlib.sha256)
        # Every seat of the table, those out before the last match's last round too.
        self.play = MatchPlay(list(play.players), self.rules, seed=seed.digest())
        self._deal()

    def replay(self, events: Sequence[StoredAction]) -> None:
        """Apply the stored events of a table read back after a restart (no computer decides:
        its moves are in the log). A log that does not replay raises the engine's error."""
        for stored in events:
            if stored.action == DEAL:
                self.deal(stored.seat)
            elif stored.action.startswith(REENTRY + " "):
                self.decide_reentry(stored.seat, stored.action == f"{REENTRY} yes")
            elif stored.action == AWAY:
                self.go_away(stored.seat)
            elif stored.action == BACK:
                self.come_back(stored.seat)
            elif stored.action.startswith(REMATCH + " "):
                self.decide_rematch(stored.seat, stored.action == f"{REMATCH} yes")
            elif stored.action.startswith(NONCE + " "):
                self._set_nonce(stored.seat, bytes.fromhex(stored.action[len(NONCE) + 1 :]))
            else:
                self._apply(stored.seat, self.check(stored.seat, stored.action))

    # --- what each seat sees ---

    def observation(self, seat: int) -> Observation | None:
        """What ``seat`` may know of the current round (``None`` before the deal, or once he is
        out of the match)."""
        play = self.play
        if play is None or play.round is None:
            return None
        name = self.name(seat)
        if name not in play.names:
            return None
        round_ = play.round
        return round_.observation(play.names.index(name), scores=play.seat_totals())

    def state(self, seat: int | None) -> State:
        """The ``state`` message for ``seat``: his own observation only; for a spectator
        (``None``), what the whole table sees: no hand, no move to make."""
        play = self.play
        view: ObservationView | None = None
        observation = None
        if seat is not None:
            observation = self.observation(seat)
        elif play is not None and play.round is not None:
            observation = play.round.observation(0, scores=play.seat_totals())
        number = 0 if play is None else play.rounds + (0 if play.round is None else 1)
        if observation is not None and play is not None:
            assert play.round is not None
            computers = self.computer_names()
            view = observation_view(
                observation,
                list(play.names),
                computers,
                play.seat_totals(),
                self._history(play.round, number),
                self.away_names(),
            )
            if seat is None:
                view = public_view(view)
        ended = self._ended_view(seat)
        return State(
            version=self.version,
            commitment=(
                None
                if play is None or play.round is None
                else self.commitment(self.deals_before + number)
            ),
            next_commitment=self.commitment(self.next_deal),
            revealed=self.proofs[-1].to_dict() if self.proofs else None,
            round=number,
            match_over=self.match_over,
            observation=view,
            sheet=[] if play is None else self._sheet_lines(),
            ended=ended,
            ended_round=None if ended is None or play is None else play.rounds,
            ended_by=None if ended is None else self._ended_by(),
            ended_hands=None if ended is None else self._ended_hands(),
            reentry=None if seat is None else self.reentry_offer(seat),
            winner=None if play is None else play.winner,
            match=self.match_number,
            messa_level=self._messa_level(),
            stakes={} if play is None else {p: n for p, n in play.match.stakes.items() if n},
            away=sorted(self.away),
            rematch=self.rematch_view(),
            standing=self.standing(),
        )

    def _history(self, round_: Round, number: int) -> list[str]:
        """Round ``number``'s public history in the protocol's words, each event written once."""
        texts = self._histories.get(number)
        if texts is None:
            # Only this round's and the last one over's are asked for.
            self._histories = {n: t for n, t in self._histories.items() if n >= number - 1}
            texts = self._histories[number] = []
        events = round_.public_history
        texts.extend(str(event) for event in events[len(texts) :])
        return list(texts)

    def _sheet_lines(self) -> list[dict[str, Any]]:
        """The score sheet's lines, each written once (the sheet only grows)."""
        assert self.play is not None
        lines = self.play.match.rounds
        self._sheet.extend(
            self.sheet_line(self.match_number, line) for line in lines[len(self._sheet) :]
        )
        return list(self._sheet)

    def sheet_line(self, match: int, line: RoundSheet) -> dict[str, Any]:
        """A line of match ``match``'s score sheet as the protocol sends it
        (``RoundSheet.to_dict``), with ``knock``, what the hand came to, under rules with
        knocking (:func:`knock_note`)."""
        written = line.to_dict()
        note = self.knocks.get((match, line.number))
        if note is not None:
            written["knock"] = note
        return written

    def _messa_level(self) -> int | None:
        play = self.play
        if play is None or not play.rules.messa or self.match_over:
            return None
        return play.match.messa_level

    def _ended_hands(self) -> list[list[str]]:
        """The cards left in each hand of the last round over, shown at its end as at a table."""
        assert self.ended is not None
        round_, names = self.ended
        return [[str(card) for card in round_.hand(seat)] for seat in range(len(names))]

    def _ended_by(self) -> dict[str, Any] | None:
        end = None if self.ended is None else self.ended[0].end
        if end is None:
            return None
        return {"reason": end.reason.value, "out": end.out, "in_one_turn": end.in_one_turn}

    def _ended_view(self, seat: int | None) -> ObservationView | None:
        """``seat``'s view of the last round over as it ended, until he has moved in the next
        one (a spectator's: until anyone has); for good once the match is over."""
        play = self.play
        if play is None or self.ended is None:
            return None
        round_, names = self.ended
        current = play.round
        if seat is None:
            if current is not None and current.history:
                return None
            who = 0
        else:
            name = self.name(seat)
            if name not in names:
                return None
            if current is not None and name in play.names:
                mine = play.names.index(name)
                if any(event.seat == mine for event in current.history):
                    return None
            who = names.index(name)
        totals = tuple(play.match.totals[name] for name in names)
        computers = self.computer_names()
        view = observation_view(
            round_.observation(who, scores=totals),
            list(names),
            computers,
            totals,
            self._history(round_, play.rounds),
            self.away_names(),
        )
        return public_view(view) if seat is None else view


def knock_note(round_: Round, play: MatchPlay) -> dict[str, Any]:
    """What a hand of gin rummy came to, for its line of the score sheet, once the match has
    recorded it: ``knocker`` (``None``: nobody knocked, the hand ended ``kind``, ``void`` at
    the wall); ``kind``, why the points went where they went: ``knock`` (the deadwood's
    difference to the knocker), ``gin`` and ``big_gin`` (the difference and the bonus),
    ``undercut`` (the defender had as little deadwood or less: the difference and the bonus
    to him), ``tie`` (equal deadwood where a tie undercuts not: nothing); ``deadwood`` and
    ``points``, each player's deadwood left and points won in the hand; ``doubled``, a hand
    counted twice (Oklahoma's spade upcard); and at the match's last hand ``bonuses``, each
    player's hands won (``boxes``), what they add (``box_points``) and the game's bonus
    (``game_points``): the line's ``scores`` are the points and the bonuses."""
    end = round_.end
    assert end is not None
    names = play.names
    points = end.points or (0,) * len(names)
    terms = round_.position.terms
    knocker = end.out
    if knocker is None:
        kind = end.reason.value
    elif end.counts[knocker] == 0:
        kind = "big_gin" if terms.big_gin else "gin"
    elif any(won for seat, won in enumerate(points) if seat != knocker):
        kind = "undercut"
    else:
        kind = "knock" if points[knocker] else "tie"
    deadwood = end.counts
    note: dict[str, Any] = {
        "knocker": None if knocker is None else names[knocker],
        "kind": kind,
        "deadwood": dict(zip(names, deadwood, strict=True)),
        "points": dict(zip(names, points, strict=True)),
        "doubled": terms.doubled,
        "bonuses": None,
    }
    match = play.match
    if match.is_over:
        rules = play.rules
        line = match.rounds[-1]
        boxes = match.boxes
        note["bonuses"] = {
            name: {
                "boxes": boxes[name],
                "box_points": rules.box_bonus * boxes[name],
                "game_points": line.scores[name]
                - note["points"].get(name, 0)
                - rules.box_bonus * boxes[name],
            }
            for name in match.players
        }
    return note
