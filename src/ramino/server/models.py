"""The bodies of ``ramino serve``'s HTTP API, asked and answered, as pydantic models: what
``/openapi.json`` describes, and how a table is told to the lobby and to whoever holds its
invitation. The WebSocket's messages are in :mod:`ramino.server.protocol`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..words.describe import describe
from .protocol import StandingLine
from .replays import ReplayFrame
from .tables import COMPUTER, HUMAN, MAX_NONCE_BYTES, Table

__all__ = [
    "Both",
    "CreateTable",
    "Deals",
    "Join",
    "Leaderboard",
    "LeaderboardLine",
    "LobbyEntry",
    "MatchInfo",
    "MatchSeat",
    "NewPlayer",
    "PlayerInfo",
    "PlayerKey",
    "PlayerPage",
    "Problem",
    "RatingInfo",
    "RatingPoint",
    "Rename",
    "RulesInForce",
    "SeatInfo",
    "SeatRequest",
    "Seated",
    "TableInfo",
    "lobby_entry",
    "table_info",
]


class SeatRequest(BaseModel):
    """A seat of a new table: a person's (taken later through the invitation) or a computer's."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "computer"]
    # The levels' Italian names, which the table keeps, or their English ones.
    level: (
        Literal["principiante", "intermedio", "esperto", "beginner", "intermediate", "expert"]
        | None
    ) = None


class CreateTable(BaseModel):
    """A new table: a preset and any knob over it, its seats, whether the lobby lists it."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    seats: Annotated[list[SeatRequest], Field(min_length=2, max_length=12)]
    listed: bool = False
    rated: bool = False
    """Whether the match changes its people's ratings: a preset's rules, no house rules."""
    turn_seconds: Annotated[int, Field(ge=1, le=3600)] | None = 60
    bank_seconds: Annotated[int, Field(ge=0, le=3600)] = 120
    chat: bool = True
    """Whether the players may chat at the table (``false``: no chat at all)."""
    away_seconds: Annotated[int, Field(ge=1, le=600)] = 30
    """How long a person's seat waits for him once he has no connection left; then the
    computer plays for him until he is back (docs/protocol.md)."""

    @field_validator("seats")
    @classmethod
    def _someone_plays(cls, seats: list[SeatRequest]) -> list[SeatRequest]:
        if all(seat.kind == COMPUTER for seat in seats):
            raise ValueError("a table needs at least one person's seat")
        return seats


class Join(BaseModel):
    """Take a free seat: with a nickname, optionally the seat wanted and a nonce for the first
    deal (hex, sent after reading the table's ``commitment``)."""

    model_config = ConfigDict(extra="forbid")
    nickname: Annotated[str, Field(min_length=1, max_length=20)]
    seat: int | None = None
    player_key: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    """The player's key (``POST /api/players``): the seat is his, and so is its rating."""
    nonce: Annotated[bytes, Field(max_length=MAX_NONCE_BYTES)] | None = None

    @field_validator("nonce", mode="before")
    @classmethod
    def _from_hex(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return bytes.fromhex(value)
            except ValueError:
                raise ValueError("a nonce is written in hex") from None
        return value


class Both(BaseModel):
    """One text in both languages."""

    it: str
    en: str


class Problem(BaseModel):
    """Why a request was refused: a stable reason and a sentence in Italian and English (or,
    for 404 and 409, a short sentence alone)."""

    detail: Annotated[dict[str, Any] | str, Field(examples=[{"reason": "server_full"}])]


class RulesInForce(BaseModel):
    """A preset's name and every knob's value (``ramino rules`` names them)."""

    name: str
    knobs: dict[str, Any]


class SeatInfo(BaseModel):
    """A place at a table: a person's or a computer's, free or whose name."""

    seat: int
    kind: Literal["human", "computer"]
    name: str | None
    level: str | None
    free: bool


class LobbyEntry(BaseModel):
    """A table's line in the lobby: what choosing one needs, without its rules in words."""

    table: str
    rules: RulesInForce
    seats: list[SeatInfo]
    started: bool
    rated: bool
    turn_seconds: int | None
    bank_seconds: int
    chat: bool = True
    """Whether the players may chat at the table."""
    away_seconds: int = 30
    """How long a gone person's seat waits for him; then the computer plays for him."""
    version: int


class TableInfo(LobbyEntry):
    """A table as its invitation shows it: its rules in full, in words, and the commitment to
    its first deal (docs/shuffle.md)."""

    described: Both
    commitment: str


class MatchSheet(BaseModel):
    """The score sheet of one of a table's matches (1, then each rematch's): a line for each
    round over, as the ``state`` message's ``sheet`` has them (``RoundSheet.to_dict``)."""

    table: str
    match: int
    matches: int
    """The table's matches so far, the last one maybe still being played."""
    rules: RulesInForce
    players: list[str]
    """The match's players in seat order, those out of it too."""
    over: bool
    winner: str | None
    result: Both | None
    """Who won, in a sentence in each language, once the match is over."""
    sheet: list[dict[str, Any]]
    standing: list[StandingLine] | None = None
    """Once a rated match is over, its final standing as the ratings take it, as the
    ``state`` message's ``standing``: who was not at the table when it ended finishes last,
    so its winner may be another than ``winner`` and ``result``, the engine's."""


class RoundReplay(BaseModel):
    """A round over of one of a table's matches, to watch again: its record and the table
    after each of its moves, every hand face up."""

    table: str
    match: int
    round: int
    rounds: int
    """The rounds over in the match so far (each one can be watched)."""
    rules: RulesInForce
    players: list[str]
    """The round's players in its seat order (those still in the match when it was dealt)."""
    dealer: int
    record: str
    """The round's record, the file ``ramino replay`` reads (docs/cli.md)."""
    frames: list[ReplayFrame]
    """The deal, then the table after each move."""


class Seated(BaseModel):
    """A seat taken: its number, and the token that is the only key to it (keep it)."""

    table: str
    seat: int
    token: str


class NewPlayer(BaseModel):
    """A new player: his name, or a guest's (``Ospite 4821``), to change at any time."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=20)] | None = None
    unless_held: bool = False
    """A name another player holds makes a guest instead of the refusal
    (``player_name_taken``): what a page asks when someone sits down under a name."""


class Rename(BaseModel):
    """A player's new name."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=20)]
    unless_held: bool = False
    """A name another player holds leaves his as it is, instead of the refusal
    (``player_name_taken``): what a page asks when he sits down under a name for a table."""


class PlayerInfo(BaseModel):
    """A player as everyone sees him: his public id (his page's address) and name."""

    id: str
    name: str


class PlayerKey(PlayerInfo):
    """A player just created, with his key: keep it, it is the only way to be him again."""

    key: str


class RatingInfo(BaseModel):
    """A player's Glicko-2 rating for a preset, provisional while its deviation is high."""

    rules: str
    rating: float
    deviation: float
    provisional: bool
    matches: int


class RatingPoint(BaseModel):
    """A player's rating for a preset after a rated match (his rating's history)."""

    rules: str
    table: str
    match: int = 1
    """The table's match: 1, then each rematch's."""
    ended: datetime
    rating_before: float | None
    rating: float | None
    deviation: float | None


class MatchSeat(BaseModel):
    """A seat's line in a match over: place (1 the best, shared by players level), total,
    whether he left the table for good and, rated, the player's rating before and after."""

    seat: int
    name: str
    player: str | None
    placement: int
    total: int
    left: bool = False
    """Rated, whether the computer still played for him when the match ended: he left the
    table for good, and finished last whatever it made of his seat (docs/ratings.md)."""
    rating_before: float | None
    rating: float | None


class MatchInfo(BaseModel):
    """A match over: its table (``/t/{table}`` shows its sheet and its end), preset, seats."""

    table: str
    match: int = 1
    """The table's match: 1, then each rematch's."""
    rules: str
    rated: bool
    ended: datetime
    seats: list[MatchSeat]


class PlayerPage(PlayerInfo):
    """What a player's page shows: ratings, their history (oldest first), last matches."""

    ratings: list[RatingInfo]
    history: list[RatingPoint]
    matches: list[MatchInfo]


class LeaderboardLine(RatingInfo):
    """A player's line in a preset's leaderboard."""

    place: int
    id: str
    name: str


class Leaderboard(BaseModel):
    """A preset's best players: established ratings first, then provisional ones."""

    rules: str
    players: list[LeaderboardLine]


class DealProofInfo(BaseModel):
    """A deal revealed once its round is over (docs/shuffle.md)."""

    match: int = 1
    """The table's match the round was played in (a rematch is the next)."""
    round: int
    commitment: str
    secret: str
    nonces: list[str]
    deck_size: int
    order: list[int]
    players: list[str]
    dealer: int


class Deals(BaseModel):
    """Every deal of the rounds over, revealed, and the commitment to the next."""

    revealed: list[DealProofInfo]
    next_commitment: str


def _seats(table: Table) -> list[SeatInfo]:
    return [
        SeatInfo(
            seat=i,
            kind="human" if seat.kind == HUMAN else "computer",
            name=None if seat.nickname is None else table.name(i),
            level=seat.level,
            free=seat.kind == HUMAN and seat.nickname is None,
        )
        for i, seat in enumerate(table.seats)
    ]


def lobby_entry(table: Table) -> LobbyEntry:
    """A table's line in the lobby (``GET /api/tables/{id}`` has its rules in words)."""
    return LobbyEntry(
        table=table.id,
        rules=RulesInForce(name=table.rules.name, knobs=table.rules.knobs()),
        seats=_seats(table),
        started=table.started,
        rated=table.spec.rated,
        turn_seconds=table.spec.turn_seconds,
        bank_seconds=table.spec.bank_seconds,
        chat=table.spec.chat,
        away_seconds=table.spec.away_seconds,
        version=table.version,
    )


def table_info(table: Table) -> TableInfo:
    """The table as its invitation shows it."""
    players = len(table.seats)
    return TableInfo(
        **dict(lobby_entry(table)),
        described=Both(
            it=describe(table.rules, "it", players=players),
            en=describe(table.rules, "en", players=players),
        ),
        # Deal 1's commitment, to see before sending a nonce for it (docs/shuffle.md).
        commitment=table.commitment(1),
    )


class QuickRequest(BaseModel):
    """A quick match wanted: a preset's rules (rated) or house rules over one (unrated), and
    how many play; the player's key, or none to be made a guest."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    players: Annotated[int, Field(ge=2, le=12)] = 2
    player_key: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    nonce: Annotated[bytes, Field(max_length=MAX_NONCE_BYTES)] | None = None
    """The player's part of the first deal's seed, in hex (docs/shuffle.md)."""

    @field_validator("nonce", mode="before")
    @classmethod
    def _from_hex(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return bytes.fromhex(value)
            except ValueError:
                raise ValueError("a nonce is written in hex") from None
        return value


class QuickStatus(BaseModel):
    """Where a player stands in the quick match queue: ``waiting`` (with how many wait for
    the same, and the seconds before computer players fill the empty seats), ``seated`` (his
    table and seat: his token is the one given when he asked) or ``none``."""

    state: Literal["waiting", "seated", "none"]
    rules: str | None = None
    """The preset's name, or the name of the one the house rules are made over."""
    rated: bool = False
    players: int | None = None
    waiting: int = 0
    fill_in: float | None = None
    table: str | None = None
    seat: int | None = None


class QuickWaiting(QuickStatus):
    """A player just put in the queue: his seat's token (keep it: it opens the seat he will
    be given) and, if he came without a key, the guest made for him with his key."""

    token: str
    player: PlayerInfo
    key: str | None = None
    wait_seconds: float


class QuickCount(BaseModel):
    """A preset's quick matches: people waiting, tables playing."""

    rules: str
    waiting: int
    playing: int


class QuickCounts(BaseModel):
    """Every preset's quick matches, and the wait before computer players fill the seats."""

    wait_seconds: float
    presets: list[QuickCount]
