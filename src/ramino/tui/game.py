"""What the table on screen reads of a match, whether it is played here against the computer
(:class:`~ramino.tui.controller.MatchController`) or at an online table
(:class:`~ramino.tui.online.OnlineGame`): the same screens and keys for both."""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.observation import Observation
from ..engine.round import Phase
from ..engine.rules import Rules
from .controller import HintLike
from .narrate import LogLine

__all__ = ["TableGame"]


class TableGame(Protocol):
    """A match seen from the human's seat."""

    human: str
    """The human's name at the table."""
    log: list[LogLine]
    """The table talk, oldest first."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the match."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The player at each seat of the current (or last) round."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def in_round(self) -> bool: ...

    @property
    def rounds_played(self) -> int: ...

    @property
    def dealer(self) -> str | None: ...

    @property
    def human_seat(self) -> int | None: ...

    @property
    def human_out(self) -> bool: ...

    @property
    def to_play(self) -> str | None:
        """Who is to move, ``None`` when no round is being played."""
        ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def phase(self) -> Phase | None: ...

    @property
    def can_undo(self) -> bool: ...

    def observation(self) -> Observation | None: ...

    def totals(self) -> tuple[int, ...]: ...

    def chips(self) -> tuple[int, ...] | None:
        """Each seat's chips when the match is played for them, else ``None``."""
        ...

    def pot(self) -> int:
        """The chips in the middle of the table."""
        ...

    def stakes(self) -> tuple[int, ...]:
        """What each seat has put in the pot."""
        ...

    def can(self, action: Action) -> bool: ...

    def drawn_this_turn(self) -> tuple[Card, ...]: ...

    def hint(self, lang: str = "it") -> HintLike: ...
