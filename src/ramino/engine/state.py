"""The values a round is made of: the phase of the turn, a meld on the table, an entry of the
history and how the round ended.

They live apart from :mod:`ramino.engine.round` so that the observation and the legal actions
can use them without importing the state machine.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ._frozen import Reduced, reduce_by_fields
from .actions import Action
from .betting import BettingRound
from .cards import Card
from .chips import Settlement
from .melds import Meld
from .rules import Contract
from .scoring import Closing


class Phase(enum.StrEnum):
    """Where the player to move stands in his turn."""

    BET = "bet"
    """The betting round (pokerato): he calls, folds or raises."""
    DRAW = "draw"
    """He must draw (*pescare*) from the stock or take the top discard."""
    PLAY = "play"
    """He may lay, attach and swap, and ends by discarding (or by going out)."""
    KNOCK = "knock"
    """He has knocked (gin rummy): he discards, lays his melds and passes."""
    LAY_OFF = "lay_off"
    """The defender lays off cards onto the knocker's melds, then passes."""
    SPREAD = "spread"
    """The defender lays his own melds, then passes: the hand is counted."""
    OVER = "over"
    """The round has ended."""


class EndReason(enum.StrEnum):
    """Why a round ended."""

    WENT_OUT = "went_out"
    MAX_TURNS = "max_turns"
    MAX_RESTOCKS = "max_restocks"
    ALL_FOLDED = "all_folded"
    """Every other player folded in the betting round: the last one in takes the pot."""
    VOID = "void"
    """The hand is void (gin rummy): the stock came down to the wall and nobody knocked, or
    a cap on taking the pile ended it."""


@dataclass(frozen=True, slots=True, init=False)
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
    opened_before: bool = False
    """Whether he had opened before this turn began: what ``joker_swap_waits_a_turn`` and
    ``discard_pickup = to_open`` ask (:meth:`ramino.engine.rules.Rules.take_binds`)."""

    def __init__(
        self,
        taken: int | None = None,
        melded: bool = False,
        opening_points: int = 0,
        pending: tuple[int, ...] = (),
        pending_from: int | None = None,
        attached_jokers: tuple[int, ...] = (),
        opened_before: bool = False,
    ) -> None:
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "melded", melded)
        object.__setattr__(self, "opening_points", opening_points)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "pending_from", pending_from)
        object.__setattr__(self, "attached_jokers", attached_jokers)
        object.__setattr__(self, "opened_before", opened_before)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def taking(self, card_id: int) -> TurnState:
        """The turn once he has taken the card ``card_id`` from the pile."""
        return TurnState(
            card_id,
            self.melded,
            self.opening_points,
            self.pending,
            self.pending_from,
            self.attached_jokers,
            self.opened_before,
        )

    def after_move(
        self,
        laid: Sequence[int],
        opening_points: int,
        *,
        retrieved: Sequence[int] = (),
        retrieved_from: int | None = None,
        attached_jokers: tuple[int, ...] | None = None,
    ) -> TurnState:
        """The turn after a move that put the ids ``laid`` on the table (a jolly among them
        waits no more), took back the jollies ``retrieved`` from the meld ``retrieved_from``
        and left ``attached_jokers`` (if it changed them), with ``opening_points`` laid
        toward his opening this turn."""
        return TurnState(
            self.taken,
            True,
            opening_points,
            tuple([i for i in (*self.pending, *retrieved) if i not in laid]),
            self.pending_from if retrieved_from is None else retrieved_from,
            self.attached_jokers if attached_jokers is None else attached_jokers,
            self.opened_before,
        )


@dataclass(frozen=True, slots=True)
class Terms:
    """What a hand is played for beyond the cards: pokerato's betting round and its chips,
    carioca's contract (the opening this hand requires)."""

    betting: BettingRound | None = None
    contract: Contract | None = None
    knock_limit: int | None = None
    """The most deadwood a knock may keep (gin rummy; Oklahoma: the first upcard's value)."""
    takes: int = 0
    """Cards taken from the pile so far, where the rules cap them (``max_pile_takes``)."""
    rethrows: int = 0
    """Discards running that threw back the card just taken from the pile, where the rules
    cap them (``void_rethrows``)."""
    doubled: bool = False
    """The hand counts double (Oklahoma gin: the first upcard a spade)."""
    big_gin: bool = False
    """The knocker laid every card without a discard (*big gin*)."""

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)


#: The terms of a hand of plain ramino: no betting, no contract.
NO_TERMS: Final = Terms()


#: The turn of a player who has done nothing yet (a value: every new turn shares it), and
#: of one who had opened before it.
NEW_TURN: Final = TurnState()
NEW_TURN_OPENED: Final = TurnState(opened_before=True)


# TurnState, TableMeld and Event write their __init__ out: see ramino.engine._frozen.


@dataclass(frozen=True, slots=True, init=False)
class TableMeld:
    """A meld on the table: who laid it, the meld, and the ids of its cards in meld order.

    Under the imaginary jolly the jolly of the close has no id (it was imagined), or the id of
    the player's own card that acted as it (``own_card_joker``)."""

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
    turn: int = 0
    """The turn it was made in (1 for the first; 0 where nobody said)."""

    def __init__(self, seat: int, action: Action, ids: tuple[int, ...] = (), turn: int = 0) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "turn", turn)

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
    """The count of each hand: only unbound cards where the others lay after the close, and
    each hand's least deadwood in a void hand of gin rummy (nobody scores it)."""
    chips: Settlement | None = None
    """Where the chips went, under rules with betting (pokerato)."""
    points: tuple[int, ...] | None = None
    """The points each seat wins, under rules with knocking (gin rummy: the knock, gin and
    undercut scores)."""

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)


def without_ids(ids: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``ids`` in their order, less ``taken``, every one of which they hold."""
    rest = list(ids)
    for i in taken:
        rest.remove(i)
    return rest


def ids_in_meld_order(ids: Sequence[int], meld: Meld, deck: Sequence[Card]) -> tuple[int, ...]:
    """Put physical ids in the order of the meld's cards (twins and jokers are interchangeable)."""
    pool = list(ids)
    ordered: list[int] = []
    for card in meld.cards:
        found = next((i for i in pool if deck[i] is card), None)
        if found is None:
            raise ValueError(f"{card} is not among the ids given")
        pool.remove(found)
        ordered.append(found)
    return tuple(ordered)


def merge_ids(
    target: TableMeld, grown: Meld, new_ids: Sequence[int], deck: Sequence[Card]
) -> tuple[int, ...]:
    return ids_in_meld_order([*target.ids, *new_ids], grown, deck)
