"""Where a round stands, as one value: the hands, the table, the stock and the pile, whose turn
it is and what he has done in it, who has opened, the hand's terms and how it ended.

A position never changes: a move makes a new one (:mod:`ramino.engine.judging` decides the
move, :mod:`ramino.engine._turns` passes the turn). The rules, the seats and the deck, which
stay the same for a whole round, are the judge's (:class:`~ramino.engine.judging.Judge`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .betting import BettingRound
from .rules import Contract
from .state import Phase, RoundEnd, TableMeld, Terms, TurnState

__all__ = ["Position"]


class Position:
    """One moment of a round: everything a check reads (card ids index the round's deck).

    ``hands`` holds each seat's card ids in the order they came to him; ``stock`` the
    *tallone*, its top last; ``discard_pile`` the *pozzo*, its top last; ``thrown`` the card
    each seat threw at the end of his last turn (``None`` before his first).
    """

    # Not a dataclass: compiled, its generated __init__ made but() 1.8 µs against 0.09 (_frozen).
    __slots__ = (
        "discard_pile",
        "end",
        "hands",
        "melded_before",
        "opened",
        "phase",
        "restocks",
        "stock",
        "table",
        "terms",
        "thrown",
        "to_play",
        "turn",
        "turn_state",
    )

    def __init__(
        self,
        *,
        hands: tuple[tuple[int, ...], ...],
        table: tuple[TableMeld, ...],
        stock: tuple[int, ...],
        discard_pile: tuple[int, ...],
        to_play: int,
        phase: Phase,
        turn: int,
        turn_state: TurnState,
        opened: tuple[bool, ...],
        melded_before: tuple[bool, ...],
        restocks: int,
        terms: Terms,
        thrown: tuple[int | None, ...],
        end: RoundEnd | None = None,
    ) -> None:
        self.hands: Final = hands
        self.table: Final = table
        self.stock: Final = stock
        self.discard_pile: Final = discard_pile
        self.to_play: Final = to_play
        self.phase: Final = phase
        self.turn: Final = turn
        self.turn_state: Final = turn_state
        self.opened: Final = opened
        self.melded_before: Final = melded_before
        self.restocks: Final = restocks
        self.terms: Final = terms
        self.thrown: Final = thrown
        self.end: Final = end

    def __repr__(self) -> str:
        if self.end is not None:
            where = f"over at turn {self.turn}"
        else:
            where = f"turn {self.turn}, seat {self.to_play} to {self.phase.value}"
        return f"<Position {where}, {len(self.table)} melds, {len(self.stock)} in the stock>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    def __hash__(self) -> int:
        return hash((self.hands, self.table, self.discard_pile, self.turn, self.turn_state))

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt by keyword: a compiled class is made only through its __init__.
        return _rebuild, (tuple((name, getattr(self, name)) for name in _FIELDS),)

    def but(
        self,
        *,
        hands: tuple[tuple[int, ...], ...] | None = None,
        table: tuple[TableMeld, ...] | None = None,
        stock: tuple[int, ...] | None = None,
        discard_pile: tuple[int, ...] | None = None,
        to_play: int | None = None,
        phase: Phase | None = None,
        turn: int | None = None,
        turn_state: TurnState | None = None,
        opened: tuple[bool, ...] | None = None,
        melded_before: tuple[bool, ...] | None = None,
        restocks: int | None = None,
        terms: Terms | None = None,
        thrown: tuple[int | None, ...] | None = None,
    ) -> Position:
        """This position with the parts given changed."""
        return Position(
            hands=self.hands if hands is None else hands,
            table=self.table if table is None else table,
            stock=self.stock if stock is None else stock,
            discard_pile=self.discard_pile if discard_pile is None else discard_pile,
            to_play=self.to_play if to_play is None else to_play,
            phase=self.phase if phase is None else phase,
            turn=self.turn if turn is None else turn,
            turn_state=self.turn_state if turn_state is None else turn_state,
            opened=self.opened if opened is None else opened,
            melded_before=self.melded_before if melded_before is None else melded_before,
            restocks=self.restocks if restocks is None else restocks,
            terms=self.terms if terms is None else terms,
            thrown=self.thrown if thrown is None else thrown,
            end=self.end,
        )

    def ended(self, end: RoundEnd) -> Position:
        """This position as the round ends, ``end`` saying how."""
        return Position(
            hands=self.hands,
            table=self.table,
            stock=self.stock,
            discard_pile=self.discard_pile,
            to_play=self.to_play,
            phase=Phase.OVER,
            turn=self.turn,
            turn_state=self.turn_state,
            opened=self.opened,
            melded_before=self.melded_before,
            restocks=self.restocks,
            terms=self.terms,
            thrown=self.thrown,
            end=end,
        )

    def with_hand(self, seat: int, hand: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """The hands with ``seat``'s replaced by ``hand``."""
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        return tuple(hands)

    @property
    def betting(self) -> BettingRound | None:
        """The hand's betting round (pokerato), ``None`` under rules without betting."""
        return self.terms.betting

    @property
    def contract(self) -> Contract | None:
        """The opening this hand requires (carioca), ``None`` under rules without."""
        return self.terms.contract

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER


#: The parts of a position, by name.
_FIELDS: Final = (
    "hands",
    "table",
    "stock",
    "discard_pile",
    "to_play",
    "phase",
    "turn",
    "turn_state",
    "opened",
    "melded_before",
    "restocks",
    "terms",
    "thrown",
    "end",
)


def _rebuild(fields: tuple[tuple[str, object], ...]) -> Position:
    return Position(**dict(fields))  # type: ignore[arg-type]


def seat_flag(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    """``flags`` with ``seat``'s set."""
    if flags[seat]:
        return flags
    changed = list(flags)
    changed[seat] = True
    return tuple(changed)
