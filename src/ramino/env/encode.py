"""What one seat may know, as one flat array of numbers: the layout of the environment's
observations.

Every part is seen from the seat observing: the seats are counted from his own (0 is him, 1
the next to play after him, and so on), cards by their code (0–51 in suit then rank order,
52 the jolly). :attr:`Encoder.layout` names the slice of each part:

===================  ===============================  =====================================
part                 size                             holds
===================  ===============================  =====================================
``hand``             53                               his cards, counted by code
``pile_top``         53                               the top of the *pozzo*, one-hot
``pile``             53                               every card in the *pozzo*
``taken``            (players − 1) × 53               the cards each other seat took from
                                                      the *pozzo* this round
``table``            melds × (53 + 53 + players)      each meld on the table, in order: its
                                                      cards by code, the naturals its jollies
                                                      stand for, its owner one-hot
``to_lay``           53                               cards he must still lay this turn
``hand_sizes``       players                          cards in each hand
``opened``           players                          who has opened (1) or not (0)
``stock``            1                                cards left in the *tallone*
``opening_points``   1                                points laid toward his opening this
                                                      turn
``phase``            7                                bet, draw, play, knock, lay-off,
                                                      spread, over: one-hot
``turn``             1                                the turn's number
``chips``            players                          pokerato: each seat's chips
``stakes``           players                          pokerato: each seat's stake this hand
``folded``           players                          pokerato: who has folded
``pot``              2                                pokerato: the pot and what he must call
``scores``           players                          the match's totals (match episodes)
===================  ===============================  =====================================

``melds`` is the most the deck could make (a meld has at least three cards).

With ``move_features`` (:class:`~ramino.env.raw_env`), an observation also holds ``moves``:
a row for each of the first ids from 60 on, the moves that put cards on the table, which are
numbered afresh at each step, so that a policy can tell them apart (:func:`move_rows`; rows of
ids not listed are zero):

===================  ===============================  =====================================
columns              size                             holds
===================  ===============================  =====================================
down                 53                               the cards the move puts on the table,
                                                      counted by code
thrown               53                               the card a show throws, one-hot
kind                 5                                lay, attach, swap, show, open: one-hot
meld                 1                                the table meld it goes to, numbered
                                                      from 1 (0: a new meld)
===================  ===============================  =====================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine.actions import Action, Attach, Lay, Open, Show, Swap
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.state import Phase

__all__ = ["CODES", "MOVE_COLUMNS", "Encoder", "move_rows"]

#: Card codes: 52 naturals and the jolly.
CODES = 53
#: Every phase of a turn, in the order the engine declares them (gin rummy's too).
_PHASES = tuple(Phase)
#: The bound of every number in an observation (a count, a score, chips).
BOUND = float(2**20)
#: The kinds of the moves that put cards on the table, in the order of their columns.
_KINDS: tuple[type, ...] = (Lay, Attach, Swap, Show, Open)
#: The columns of a move's row: the cards put down, the card thrown, the kind, the meld.
MOVE_COLUMNS = 2 * CODES + len(_KINDS) + 1


def move_rows(moves: list[Action], rows: int) -> npt.NDArray[np.float32]:
    """The ``rows`` × :data:`MOVE_COLUMNS` array describing ``moves`` (those of ids 60, 61, …
    in order), the rows past them zero."""
    out = np.zeros((rows, MOVE_COLUMNS), dtype=np.float32)
    for row, move in zip(out, moves, strict=False):
        if isinstance(move, Show | Open):
            down = [card for meld in move.melds for card in meld]
        elif isinstance(move, Lay | Attach | Swap):
            down = list(move.cards)
        else:
            continue
        for card in down:
            row[card.code] += 1
        if isinstance(move, Show) and move.discard is not None:
            row[CODES + move.discard.code] = 1
        row[2 * CODES + _KINDS.index(type(move))] = 1
        if isinstance(move, Attach | Swap):
            row[-1] = move.meld + 1
    return out


class Encoder:
    """The observations of ``players`` seats under ``rules``, as float32 arrays of
    :attr:`size` numbers laid out as :attr:`layout` says."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.players = players
        self.melds = rules.deck_size_for(players) // 3
        self._row = 2 * CODES + players
        parts = [
            ("hand", CODES),
            ("pile_top", CODES),
            ("pile", CODES),
            ("taken", (players - 1) * CODES),
            ("table", self.melds * self._row),
            ("to_lay", CODES),
            ("hand_sizes", players),
            ("opened", players),
            ("stock", 1),
            ("opening_points", 1),
            ("phase", len(_PHASES)),
            ("turn", 1),
            ("chips", players),
            ("stakes", players),
            ("folded", players),
            ("pot", 2),
            ("scores", players),
        ]
        layout: dict[str, slice] = {}
        at = 0
        for name, size in parts:
            layout[name] = slice(at, at + size)
            at += size
        #: Each part's slice of the array.
        self.layout = layout
        #: How many numbers an observation has.
        self.size = at
        # Counts, flags and points are never negative; chips and the match's totals may be.
        self.low = np.zeros(at, dtype=np.float32)
        for name in ("chips", "scores"):
            self.low[layout[name]] = -BOUND
        self.high = np.full(at, BOUND, dtype=np.float32)

    def encode(
        self, seen: Observation, seats: tuple[int, ...] | None = None
    ) -> npt.NDArray[np.float32]:
        """The array of what ``seen`` shows its seat. ``seats``: the match's seat of each of
        the round's (a match deals its rounds among the players still in); the round's own
        by default."""
        out = np.zeros(self.size, dtype=np.float32)
        at = self.layout
        players = self.players
        of = tuple(range(seen.players)) if seats is None else seats
        me = of[seen.seat]
        # Each of the round's seats counted from the observer's.
        rel = [(of[seat] - me) % players for seat in range(seen.players)]

        out[at["hand"]] = np.bincount([card.code for card in seen.hand], minlength=CODES)
        pile = seen.discard_pile
        if pile:
            out[at["pile_top"].start + pile[-1].code] = 1
            out[at["pile"]] = np.bincount([card.code for card in pile], minlength=CODES)
        taken = out[at["taken"]]
        for event in seen.history:
            # Only a card taken from the pozzo is named in the public history.
            if event.taken is not None and rel[event.seat]:
                taken[(rel[event.seat] - 1) * CODES + event.taken.code] += 1
        table = out[at["table"]]
        for number, placed in enumerate(seen.table[: self.melds]):
            row = number * self._row
            meld = placed.meld
            for card, stands_for in zip(meld.cards, meld.represents, strict=True):
                table[row + card.code] += 1
                if card.is_joker and not stands_for.is_joker:
                    table[row + CODES + stands_for.code] += 1
            table[row + 2 * CODES + rel[placed.owner]] = 1
        to_lay = out[at["to_lay"]]
        for card in seen.to_lay:
            to_lay[card.code] += 1
        for seat in range(seen.players):
            r = rel[seat]
            out[at["hand_sizes"].start + r] = seen.hand_sizes[seat]
            out[at["opened"].start + r] = seen.opened[seat]
            if seen.chips is not None:
                out[at["chips"].start + r] = seen.chips[seat]
            if seen.stakes:
                out[at["stakes"].start + r] = seen.stakes[seat]
            if seen.folded:
                out[at["folded"].start + r] = seen.folded[seat]
            if seen.scores is not None:
                out[at["scores"].start + r] = seen.scores[seat]
        out[at["stock"].start] = seen.stock_count
        out[at["opening_points"].start] = seen.opening_points
        out[at["phase"].start + _PHASES.index(seen.phase)] = 1
        out[at["turn"].start] = seen.turn
        out[at["pot"].start] = seen.pot
        out[at["pot"].start + 1] = seen.to_call
        return out
