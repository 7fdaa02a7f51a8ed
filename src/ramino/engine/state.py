"""The values a round is made of: the phase of the turn, a meld on the table, an entry of the
history and how the round ended.

They live apart from :mod:`ramino.engine.round` so that the observation and the legal actions
can use them without importing the state machine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .frozen import Reduced, reduce_by_fields
from .melds import Meld
from .scoring import Closing


class Phase(enum.StrEnum):
    """Where the player to move stands in his turn."""

    DRAW = "draw"
    """He must draw (*pescare*) from the stock or take the top discard."""
    PLAY = "play"
    """He may lay, attach and swap, and ends by discarding (or by going out)."""
    OVER = "over"
    """The round has ended."""


class EndReason(enum.StrEnum):
    """Why a round ended."""

    WENT_OUT = "went_out"
    MAX_TURNS = "max_turns"
    MAX_RESTOCKS = "max_restocks"


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the player to move has done so far in his turn, as one value: a new one replaces
    it at every move, and a new turn starts from ``TurnState()``."""

    taken: int | None = None
    """The id of the card he took from the discard pile (*pozzo*), if he did."""
    melded: bool = False
    """Whether he has laid, attached or taken back a jolly this turn."""
    opening_points: int = 0
    """Points laid toward his opening this turn (0 once he has opened before it)."""
    pending: tuple[int, ...] = ()
    """Ids of the jollies he took back from the table (swapped) that must still be laid
    again: pending jokers."""
    pending_from: int | None = None
    """The table meld the pending jokers came from (they may not go back on it)."""
    attached_jokers: tuple[int, ...] = ()
    """The table melds he attached a jolly to this turn before opening, one entry a jolly
    still there: taken back, it takes with it what it counted toward his opening."""


# TableMeld and Event write their __init__ out, made as they are at every decision: see
# ramino.engine.frozen.


@dataclass(frozen=True, slots=True, init=False)
class TableMeld:
    """A meld on the table: who laid it, the meld, and the ids of its cards in meld order."""

    owner: int
    meld: Meld
    ids: tuple[int, ...]

    def __init__(self, owner: int, meld: Meld, ids: tuple[int, ...]) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "ids", ids)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One entry of the round's history: who did what, and the physical cards involved.

    For a draw from the stock ``ids`` holds the card drawn; it is private to the player.
    """

    seat: int
    action: Action
    ids: tuple[int, ...] = ()

    def __init__(self, seat: int, action: Action, ids: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "ids", ids)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a round ended and what is left to count."""

    reason: EndReason
    out: int | None
    """The seat that went out, ``None`` when a cap ended the round."""
    in_one_turn: bool
    """Went out in one turn (*chiusura in mano*)."""
    closing: Closing
    hands: tuple[tuple[Card, ...], ...]
    """The cards left in each hand, by seat."""
    counts: tuple[int, ...]
    """The count of each hand (only unbound cards where the others lay after the close)."""
