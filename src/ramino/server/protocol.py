"""The messages of a table's WebSocket, version 1, as pydantic models (docs/protocol.md).

A client sends its moves in the engine's one action grammar (``draw``, ``discard KS``,
``lay 7H 8H 9H``), each with an id of its choosing; the server answers each with an ``ack``
(the table's new version) or a ``refused`` carrying the engine's reason code and sentence in
Italian and English, and changes nothing on a refusal. A message id already applied is
acknowledged again, never applied twice. After every change each seat receives a ``state``:
its own observation, never another player's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..engine.analysis import least_deadwood
from ..engine.errors import RaminoError
from ..engine.observation import Observation, PublicEvent
from ..engine.state import TableMeld

__all__ = [
    "MAX_MESSAGE_BYTES",
    "PROTOCOL",
    "Ack",
    "Act",
    "Ask",
    "BetView",
    "Chat",
    "ChatLine",
    "ClientMessage",
    "Clock",
    "Failure",
    "Hint",
    "Leave",
    "Lines",
    "MeldView",
    "Nonce",
    "Notice",
    "ObservationView",
    "Reentry",
    "Refused",
    "Rematch",
    "RematchView",
    "Report",
    "Reported",
    "Say",
    "SeatView",
    "Seen",
    "Sentence",
    "StandingLine",
    "State",
    "Sync",
    "Welcome",
    "bet_views",
    "meld_view",
    "observation_view",
    "public_view",
    "read_client_message",
    "refusal",
]

#: The protocol's version, in every ``welcome``; a change that breaks clients raises it.
PROTOCOL = 1
#: The largest message a client may send: an action with every card of a hand is far smaller.
MAX_MESSAGE_BYTES = 4096

# A message id: what a client needs to tell its retries apart, and nothing a log could choke on.
MessageId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Act(_Message):
    """A move of the client's seat, in the engine's action grammar."""

    type: Literal["act"]
    id: MessageId
    action: Annotated[str, Field(min_length=1, max_length=400)]


class Nonce(_Message):
    """The seat's part of the next deal's seed (hex, at most 64 bytes), sent after seeing the
    commitment to that deal."""

    type: Literal["nonce"]
    nonce: Annotated[str, Field(min_length=2, max_length=128, pattern=r"^([0-9a-fA-F]{2})+$")]


class Sync(_Message):
    """Ask for the seat's whole state again (after a reconnect, say)."""

    type: Literal["sync"]


class Reentry(_Message):
    """The seat's answer to the re-entry (*rientro*) offered to it between rounds."""

    type: Literal["reentry"]
    id: MessageId
    reenter: bool


class Rematch(_Message):
    """The seat's answer to a rematch, once the match is over: the same seats play a new
    match when every person present has agreed."""

    type: Literal["rematch"]
    id: MessageId
    agree: bool


class Leave(_Message):
    """The seat leaves the table: the computer plays for him from now on (at a rated table,
    a match he does not come back to counts as finished last)."""

    type: Literal["leave"]


class Ask(_Message):
    """Ask for a hint: what the computer's sound player would do now in the seat's place, from
    the seat's own view only."""

    type: Literal["hint"]


class Seen(_Message):
    """The seat has read the end of round ``round`` (closed its score sheet): its clock, held
    until then, may start."""

    type: Literal["seen"]
    round: Annotated[int, Field(ge=0, le=100_000)]


class Say(_Message):
    """A line of the table's chat: words of the seat's own (``text``, trimmed, at most
    :data:`~ramino.server.chat.MAX_CHAT_CHARS` characters on one line) or a ready phrase by its
    id (``phrase``, ``ramino.words.chat``), which each reader reads in his own language."""

    type: Literal["say"]
    # Longer than a line may be, so that a line too long is refused with its own reason.
    text: Annotated[str, Field(max_length=1000)] | None = None
    phrase: Annotated[str, Field(max_length=40)] | None = None


class Report(_Message):
    """Report line ``line`` of the table's chat to whoever runs the site."""

    type: Literal["report"]
    line: Annotated[int, Field(ge=1, le=2**31)]


Incoming = Act | Nonce | Sync | Reentry | Rematch | Leave | Ask | Seen | Say | Report
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_CLIENT = TypeAdapter[Incoming](ClientMessage)


def read_client_message(text: str | bytes) -> Incoming:
    """The client's message in ``text``; raises pydantic's ``ValidationError`` when it is not
    one (bad JSON, an unknown type, a missing or extra field, a field too long)."""
    return _CLIENT.validate_json(text)


class Sentence(_Message):
    """One sentence in both languages."""

    it: str
    en: str


class Welcome(_Message):
    """The first message on a table's socket: who the client is at the table."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    table: str
    seat: int
    name: str
    version: int


class Ack(_Message):
    """Message ``id`` was applied; the table is at ``version`` (the number of moves played)."""

    type: Literal["ack"] = "ack"
    id: str
    version: int


class Refused(_Message):
    """Message ``id`` was refused and changed nothing: the engine's reason and sentence."""

    type: Literal["refused"] = "refused"
    id: str
    reason: str
    message: Sentence
    cards: list[str] = []


class Clock(_Message):
    """The clock of the turn now playing, when the table has one: whose turn, the seconds left
    of it, then of his time bank (both from when this was sent), and the seconds before it
    starts to run (held while the seat reads the last round's sheet)."""

    type: Literal["clock"] = "clock"
    seat: int
    turn_left: float
    bank_left: float
    starts_in: float = 0.0


class Notice(_Message):
    """Something that happened to the seat, told once (the table played for him when his
    time ran out: ``moves``, in the action grammar, are the moves it played)."""

    type: Literal["notice"] = "notice"
    message: Sentence
    moves: list[str] = []


class Failure(_Message):
    """A message that could not be read at all (not JSON, not a message of this protocol)."""

    type: Literal["error"] = "error"
    reason: str
    message: Sentence


class ChatLine(_Message):
    """A line of the table's chat: its number at the table (``id``), who said it (his seat and
    name), when (UTC, ISO 8601), and either his own words (``text``, to be shown as text,
    never as markup) or a ready phrase (``phrase``, its id, and ``words``, in both languages)."""

    id: int
    seat: int
    name: str
    at: str
    text: str | None = None
    phrase: str | None = None
    words: Sentence | None = None


class Chat(_Message):
    """Lines of the table's chat, oldest first: each new one as it is said, and the last ones
    kept on connecting. A client keeps them by ``id`` (one it has already is the same line)."""

    type: Literal["chat"] = "chat"
    lines: list[ChatLine]


class Reported(_Message):
    """Line ``line`` of the chat was reported: whoever runs the site will read it."""

    type: Literal["reported"] = "reported"
    line: int


class Lines(_Message):
    """Lines of text in both languages."""

    it: list[str]
    en: list[str]


class Hint(_Message):
    """The answer to ``hint``: the moves suggested for the rest of the turn, in the action
    grammar, and a line saying why each (none when it is not the seat's turn: the line says so)."""

    type: Literal["hint"] = "hint"
    actions: list[str]
    lines: Lines


class MeldView(_Message):
    """A meld on the table: who laid it, its cards and what each stands for."""

    owner: str
    kind: str
    cards: list[str]
    stands_for: list[str]


def meld_view(laid: TableMeld, names: Sequence[str]) -> MeldView:
    """A meld on the table as the wire shows it, its owner named by ``names`` (seat order)."""
    return MeldView(
        owner=names[laid.owner],
        kind=laid.meld.kind.value,
        cards=[str(card) for card in laid.meld.cards],
        stands_for=[str(card) for card in laid.meld.represents],
    )


class BetView(_Message):
    """A bet of the betting round (pokerato) as the whole table saw it made: the move at
    place ``at`` of the history (``seat: call``, ``seat: raise``, ``seat: fold``), what it put
    in (``paid``), the seat's stake after it (``stake``, the blind's included) and the chips
    he still holds behind (``behind``), ``all_in`` when it put in all he had (he could not
    cover the call, or just could), the pot after it (``pot``, chips carried from earlier
    hands included), and for a raise how far it took the highest stake up (``raised``)."""

    at: int
    seat: int
    bet: str
    paid: int
    stake: int
    behind: int
    all_in: bool
    pot: int
    raised: int = 0


def bet_views(history: Sequence[PublicEvent]) -> list[BetView]:
    """The bets of ``history`` (a round's public history) as the wire says them."""
    views = []
    for at, event in enumerate(history):
        made = event.bet
        if made is None:
            # The betting round opens the hand: its bets are the history's first moves.
            break
        views.append(
            BetView(
                at=at,
                seat=event.seat,
                bet=made.bet.value,
                paid=made.paid,
                stake=made.stake,
                behind=made.behind,
                all_in=made.all_in,
                pot=made.pot,
                raised=made.raised,
            )
        )
    return views


class SeatView(_Message):
    """What everyone knows of a seat."""

    name: str
    computer: bool
    cards: int
    total: int
    opened: bool
    chips: int | None = None
    stake: int = 0
    folded: bool = False
    away: bool = False
    """A person gone: the computer plays his turns until he is back."""


class ObservationView(_Message):
    """One seat's view of the round: its own hand, and what the whole table sees (a
    spectator's: no seat, no hand, no moves)."""

    seat: int | None
    hand: list[str]
    seats: list[SeatView]
    table: list[MeldView]
    discard_pile: list[str]
    stock: int
    to_play: int
    phase: str
    turn: int
    dealer: int
    legal_actions: list[str]
    history: list[str]
    bets: list[BetView] = []
    """Under rules with betting, the bets of ``history``, each with its chips (public)."""
    pot: int = 0
    to_call: int = 0
    contract: str | None = None
    knock_limit: int | None = None
    deadwood: int | None = None
    """Under rules with knocking (gin rummy), the least deadwood (*carte spaiate*) the seat's
    hand can keep: as it is, or, while the seat must still throw a card, after its best
    throw; what a knock is measured against (``knock_limit``). ``None`` otherwise."""
    over: bool = False
    # The rest of what the seat knows in its turn, so that a client can tell the engine's
    # observation back whole (ramino.client.observation): a hint, the jolly's choices.
    taken_card: str | None = None
    """The card taken from the pozzo this turn, in the seat's own turn."""
    opening_points: int = 0
    to_lay: list[str] = []
    """Cards that must still go down this turn: the pozzo's card, a jolly taken back."""
    melded_before: list[bool] = []
    restocks: int = 0
    turn_melded: bool = False
    taken_laid: bool = False
    taken_bound: bool = False
    """The pozzo's card taken this turn must go down in it (``Observation.taken_bound``)."""
    opened_before: bool = False
    """The seat had opened before this turn began (``Observation.opened_before``)."""
    jokers_back: int = 0
    pending_from: int | None = None
    attached_jokers: list[int] = []
    raises: int = 0


class RematchView(_Message):
    """The rematch of a match over: the table seats of the people present who ``agreed``,
    ``declined`` or are ``waiting`` to answer (computer players agree at once), and ``names``,
    every table seat's name. When all have agreed the same seats are dealt a new match; one
    who declines ends it."""

    agreed: list[int]
    declined: list[int]
    waiting: list[int]
    names: list[str]


class StandingLine(_Message):
    """A table seat's place in a rated match's final standing, as its ratings take it
    (docs/ratings.md): ``left`` if the computer still played for him when the match ended,
    which puts him last, whatever the computer made of his seat."""

    seat: int
    name: str
    place: int
    """1 the best; players level share a place, and so do those who left."""
    left: bool


class State(_Message):
    """The seat's state after a change: the table's version, the round's number, its view."""

    type: Literal["state"] = "state"
    version: int
    round: int
    match_over: bool
    observation: ObservationView | None
    commitment: str | None = None
    """The commitment to this round's deal (docs/shuffle.md)."""
    next_commitment: str
    """The commitment to the next deal, which the nonces sent now go into."""
    revealed: dict[str, Any] | None = None
    """The last round over's deal, revealed: commitment, secret, nonces, deck size, order."""
    sheet: list[dict[str, Any]] = []
    """The score sheet: a line for each round over (``RoundSheet.to_dict``)."""
    ended: ObservationView | None = None
    """The seat's view of the last round over as it ended, until he moves in the next (and
    for good once the match is over): its last moves, its table."""
    ended_round: int | None = None
    """The number of that round."""
    reentry: dict[str, int] | None = None
    """The re-entry (*rientro*) offered to this seat, just out of the match, between rounds:
    ``total``, ``entry_total`` (what he would come back at), ``stake``. Answer it with a
    ``reentry`` message; the next round is dealt once all have answered."""
    winner: str | None = None
    """Who won the match, once it is over (``None`` for a draw)."""
    ended_by: dict[str, Any] | None = None
    """How it ended: ``reason`` (``went_out``, ``max_turns``, ``max_restocks``,
    ``all_folded``, ``void``), the seat ``out`` in it who went out (or won at the cap),
    ``in_one_turn``. A knocked hand's count (gin rummy) is its sheet line's ``knock``."""
    ended_hands: list[list[str]] | None = None
    """The cards left in each hand of that round as it ended, in its seat order: shown to all,
    as at a table when the hands are counted."""
    match: int = 1
    """The table's match: 1, then each rematch's."""
    messa_level: int | None = None
    """The messa the next round's losers pay ([W]: raised after a scempio), under rules with
    a messa and while the match goes on; ``None`` otherwise."""
    stakes: dict[str, int] = {}
    """The stakes each player has paid to come back in (re-entry), where any was paid."""
    away: list[int] = []
    """The table seats of the people gone, whose turns the computer plays until they are back."""
    rematch: RematchView | None = None
    """Once the match is over, the rematch: who agreed, who declined, who is to answer."""
    standing: list[StandingLine] | None = None
    """Once a rated match is over, its final standing as the ratings take it, a line for
    each table seat in seat order: who was not at the table when it ended finishes last, so
    its winner may be another than ``winner``, the engine's."""


def observation_view(
    observation: Observation,
    names: list[str],
    computers: set[str],
    totals: tuple[int, ...],
    history: list[str] | None = None,
    away: frozenset[str] = frozenset(),
) -> ObservationView:
    """The observation as the protocol sends it: cards by their codes (``7H``, ``JK``), players
    by name, moves in the action grammar (``history``: its history so written, if known)."""
    seats = []
    for seat, name in enumerate(names):
        seats.append(
            SeatView(
                name=name,
                computer=name in computers,
                cards=observation.hand_sizes[seat],
                total=totals[seat],
                opened=observation.opened[seat],
                chips=None if observation.chips is None else observation.chips[seat],
                stake=observation.stakes[seat] if observation.stakes else 0,
                folded=observation.folded[seat] if observation.folded else False,
                away=name in away,
            )
        )
    return ObservationView(
        seat=observation.seat,
        hand=[str(card) for card in observation.hand],
        seats=seats,
        table=[meld_view(laid, names) for laid in observation.table],
        discard_pile=[str(card) for card in observation.discard_pile],
        stock=observation.stock_count,
        to_play=observation.to_play,
        phase=observation.phase.value,
        turn=observation.turn,
        dealer=observation.dealer,
        legal_actions=[str(action) for action in observation.legal_actions],
        history=[str(event) for event in observation.history] if history is None else history,
        bets=bet_views(observation.history),
        pot=observation.pot,
        to_call=observation.to_call,
        contract=None if observation.contract is None else observation.contract.value,
        knock_limit=observation.knock_limit,
        deadwood=deadwood_of(observation),
        over=observation.is_over,
        taken_card=None if observation.taken_card is None else str(observation.taken_card),
        opening_points=observation.opening_points,
        to_lay=[str(card) for card in observation.to_lay],
        melded_before=list(observation.melded_before),
        restocks=observation.restocks,
        turn_melded=observation.turn_melded,
        taken_laid=observation.taken_laid,
        taken_bound=observation.taken_bound,
        opened_before=observation.opened_before,
        jokers_back=observation.jokers_back,
        pending_from=observation.pending_from,
        attached_jokers=list(observation.attached_jokers),
        raises=observation.raises,
    )


def deadwood_of(observation: Observation) -> int | None:
    """The least deadwood the seat's hand can keep, under rules with knocking (gin rummy)
    (:func:`ramino.engine.analysis.least_deadwood`); ``None`` under other rules, and for a
    seat out of the round."""
    if observation.knock_limit is None or observation.is_over:
        return None
    return least_deadwood(observation)


def public_view(view: ObservationView) -> ObservationView:
    """What the whole table sees of a seat's view (a spectator's): no seat, no hand, none of
    what only the player to move knows."""
    return view.model_copy(
        update={
            "seat": None,
            "hand": [],
            "legal_actions": [],
            "deadwood": None,
            "to_call": 0,
            "taken_card": None,
            "opening_points": 0,
            "to_lay": [],
            "turn_melded": False,
            "taken_laid": False,
            "taken_bound": False,
            "opened_before": False,
            "jokers_back": 0,
            "pending_from": None,
            "attached_jokers": [],
        }
    )


def refusal(message_id: str, error: RaminoError) -> Refused:
    """The ``refused`` answer to a move the engine did not accept."""
    return Refused(
        id=message_id,
        reason=error.reason.value,
        message=Sentence(it=error.message("it"), en=error.message("en")),
        cards=[str(card) for card in error.cards],
    )
