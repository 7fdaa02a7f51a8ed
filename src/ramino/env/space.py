"""The environment's fixed action space: one integer per move, the same for every preset.

=================  ==============================================================
ids                the move
=================  ==============================================================
0                  ``draw``: the top of the stock (*tallone*)
1                  ``take``: the top of the discard pile (*pozzo*)
2, 3, 4            ``call``, ``fold``, ``raise``: pokerato's betting round
5, 6               ``knock``, ``pass``: gin rummy's
7 + code           ``discard`` of the card with that code (0–51 in suit then rank
                   order, 52 the jolly): twins are the same card to the rules
60 + k             the ``k``-th move that puts cards on the table (``lay``,
                   ``attach``, ``swap``, ``show``, ``open``), in the order of the
                   engine's legal actions at this step
=================  ==============================================================

The moves that put cards on the table are too many to number once and for all (every meld a
hand can make, every place a card can go), so they are numbered afresh at each step: the
engine lists them in a stable order (:attr:`ramino.engine.Round.legal_actions`) and the k-th
takes id ``60 + k``. The mask says which ids are legal now; :meth:`Listing.action` gives the
engine's action behind an id. ``slots`` bounds that list: 1,024 by default, while random play
never lists more than 45 on any preset and a hand of twelve clubs in a row and four jollies
lists 407 (docs/env.md). A position that lists more refuses to be numbered
(:class:`~ramino.env.errors.EnvError`, ``too_many_moves``) rather than leave a move out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..engine.actions import Action, Call, Discard, Draw, Fold, Knock, Pass, Raise, TakeDiscard
from .errors import EnvError, EnvReason

__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "FOLD",
    "KNOCK",
    "MELDING",
    "PASS",
    "RAISE",
    "SLOTS",
    "TAKE",
    "Listing",
]

DRAW, TAKE, CALL, FOLD, RAISE, KNOCK, PASS = 0, 1, 2, 3, 4, 5, 6
#: The first discard id: ``DISCARD + card.code``.
DISCARD = 7
#: The first id of the moves that put cards on the table.
MELDING = DISCARD + 53
#: How many of those a step may number, unless the environment is told otherwise.
SLOTS = 1024

_FIXED: dict[type, int] = {
    Draw: DRAW,
    TakeDiscard: TAKE,
    Call: CALL,
    Fold: FOLD,
    Raise: RAISE,
    Knock: KNOCK,
    Pass: PASS,
}


def space_size(slots: int = SLOTS) -> int:
    """How many ids the space has with ``slots`` numbered moves."""
    return MELDING + slots


class Listing:
    """The legal moves of one step, numbered: the mask over the whole space and the engine's
    action behind each id that is in it."""

    __slots__ = ("_by_id", "mask")

    def __init__(self, legal: Sequence[Action], slots: int = SLOTS) -> None:
        mask = np.zeros(space_size(slots), dtype=np.int8)
        by_id: dict[int, Action] = {}
        melding = 0
        for action in legal:
            fixed = _FIXED.get(type(action))
            if fixed is not None:
                number = fixed
            elif isinstance(action, Discard):
                number = DISCARD + action.card.code
            else:
                if melding >= slots:
                    raise EnvError(EnvReason.TOO_MANY_MOVES, count=len(legal), slots=slots)
                number = MELDING + melding
                melding += 1
            by_id[number] = action
            mask[number] = 1
        self.mask: npt.NDArray[np.int8] = mask
        self._by_id = by_id

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, number: object) -> bool:
        return number in self._by_id

    def action(self, number: int) -> Action:
        """The engine's action of the id ``number``; refused if the mask leaves it out."""
        found = self._by_id.get(number)
        if found is None:
            raise EnvError(EnvReason.MASKED_OUT, action=number)
        return found

    def melding(self) -> list[Action]:
        """The moves that put cards on the table, in the order of their ids (60 on)."""
        return [self._by_id[n] for n in sorted(self._by_id) if n >= MELDING]

    def text(self, number: int) -> str:
        """The move of the id ``number`` as a player writes it (``lay 7H 8H 9H``), for logs
        and for a policy that reads the moves it chooses among."""
        return str(self.action(number))

    def id_of(self, action: Action) -> int:
        """The id of the legal ``action`` (as the engine lists it)."""
        for number, listed in self._by_id.items():
            if listed == action:
                return number
        raise EnvError(EnvReason.NOT_LISTED, move=str(action))
