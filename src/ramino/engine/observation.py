"""What one player may know of a round: his hand, the table, the discard pile, how many cards
the others and the stock hold, and the public history. Bots and clients see only this.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._frozen import Reduced, reduce_by_fields
from .actions import Action
from .betting import BetMade
from .cards import Card
from .judging import Decision
from .rules import Contract, RetrievedJoker, Rules
from .state import Phase, TableMeld


@dataclass(frozen=True, slots=True, init=False)
class PublicEvent:
    """An entry of the history as everyone saw it: a draw from the stock shows no card; a
    card taken from the pozzo was face up, so everyone knows which one it was; a bet was made
    in chips everyone counted."""

    seat: int
    action: Action
    taken: Card | None = None
    """The card taken from the discard pile, for a ``take``."""
    bet: BetMade | None = None
    """For a bet of the betting round (pokerato), what it put in and where it left the seat
    and the pot."""

    def __init__(
        self, seat: int, action: Action, taken: Card | None = None, bet: BetMade | None = None
    ) -> None:
        # Written out: see ramino.engine._frozen (made at every decision).
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "bet", bet)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __str__(self) -> str:
        if self.taken is not None:
            return f"{self.seat}: {self.action} {self.taken}"
        return f"{self.seat}: {self.action}"


@dataclass(frozen=True, slots=True, init=False)
class Observation:
    """One player's view of a round (see :func:`observe`)."""

    seat: int
    players: int
    rules: Rules
    hand: tuple[Card, ...]
    """This player's cards, sorted."""
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    """Face up, bottom first: every card in it was seen when it was discarded."""
    hand_sizes: tuple[int, ...]
    stock_count: int
    to_play: int
    phase: Phase
    turn: int
    opened: tuple[bool, ...]
    taken_card: Card | None
    """The card this player took from the pile this turn, if it is his turn."""
    opening_points: int
    """Points of this turn's opening so far, if it is his turn."""
    history: tuple[PublicEvent, ...]
    legal_actions: tuple[Action, ...]
    """His legal actions when it is his turn, else empty."""
    scores: tuple[int, ...] | None = None
    """Match totals by seat, when the round is part of a match."""
    to_lay: tuple[Card, ...] = ()
    """Cards of his hand that must still go down this turn, if it is his turn: the card taken
    from the pozzo where it must be used, and a jolly taken back that waits to be laid again
    (where the rules want it laid)."""
    melded_before: tuple[bool, ...] = ()
    """By seat, whether he has laid or attached anything in an earlier turn (everyone saw it:
    a player who has not can still go out *in mano*)."""
    restocks: int = 0
    """How many times the tallone has been made again from the pozzo."""
    turn_melded: bool = False
    """Whether he has laid, attached or swapped this turn, if it is his turn."""
    taken_laid: bool = False
    """Whether the card he took from the pozzo this turn has gone down already."""
    taken_bound: bool = False
    """Whether the card he took from the pozzo this turn must go down in it (must-use, or
    taken before his opening under ``discard_pickup = to_open``)."""
    opened_before: bool = False
    """Whether he had opened before this turn began, if it is his turn."""
    jokers_back: int = 0
    """How many jolly he took back from the table this turn and still holds, if it is his
    turn (they may not go back into the meld they came from)."""
    pending_from: int | None = None
    """The table meld those jolly were taken from."""
    attached_jokers: tuple[int, ...] = ()
    """The table melds he attached a jolly to this turn before opening, if it is his turn
    (taken back, a jolly takes with it what it counted toward the opening)."""
    chips: tuple[int, ...] | None = None
    """Under rules with betting (pokerato), the chips each seat holds behind, not yet put
    in; ``None`` otherwise."""
    stakes: tuple[int, ...] = ()
    """Under rules with betting, the chips each seat has put in this hand."""
    folded: tuple[bool, ...] = ()
    """Under rules with betting, by seat, whether he has left the hand (*lascio*)."""
    pot: int = 0
    """Under rules with betting, every chip in the middle: this hand's and those carried."""
    to_call: int = 0
    """In the betting round, on his turn: what calling would put in."""
    raises: int = 0
    """Raises made so far in this hand's betting round."""
    dealer: int = 0
    """The dealer's seat (*mazziere*)."""
    contract: Contract | None = None
    """The opening this hand requires (carioca), ``None`` under rules without contracts."""
    knock_limit: int | None = None
    """The most deadwood a knock may keep this hand (gin rummy; Oklahoma: the first upcard's
    value), ``None`` under rules without knocking."""

    def __init__(
        self,
        seat: int,
        players: int,
        rules: Rules,
        hand: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        discard_pile: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        stock_count: int,
        to_play: int,
        phase: Phase,
        turn: int,
        opened: tuple[bool, ...],
        taken_card: Card | None,
        opening_points: int,
        history: tuple[PublicEvent, ...],
        legal_actions: tuple[Action, ...],
        scores: tuple[int, ...] | None = None,
        to_lay: tuple[Card, ...] = (),
        melded_before: tuple[bool, ...] = (),
        restocks: int = 0,
        turn_melded: bool = False,
        taken_laid: bool = False,
        taken_bound: bool = False,
        opened_before: bool = False,
        jokers_back: int = 0,
        pending_from: int | None = None,
        attached_jokers: tuple[int, ...] = (),
        chips: tuple[int, ...] | None = None,
        stakes: tuple[int, ...] = (),
        folded: tuple[bool, ...] = (),
        pot: int = 0,
        to_call: int = 0,
        raises: int = 0,
        dealer: int = 0,
        contract: Contract | None = None,
        knock_limit: int | None = None,
    ) -> None:
        # Written out: see ramino.engine._frozen (made at every decision a bot takes).
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "hand_sizes", hand_sizes)
        object.__setattr__(self, "stock_count", stock_count)
        object.__setattr__(self, "to_play", to_play)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "opened", opened)
        object.__setattr__(self, "taken_card", taken_card)
        object.__setattr__(self, "opening_points", opening_points)
        object.__setattr__(self, "history", history)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "to_lay", to_lay)
        object.__setattr__(self, "melded_before", melded_before)
        object.__setattr__(self, "restocks", restocks)
        object.__setattr__(self, "turn_melded", turn_melded)
        object.__setattr__(self, "taken_laid", taken_laid)
        object.__setattr__(self, "taken_bound", taken_bound)
        object.__setattr__(self, "opened_before", opened_before)
        object.__setattr__(self, "jokers_back", jokers_back)
        object.__setattr__(self, "pending_from", pending_from)
        object.__setattr__(self, "attached_jokers", attached_jokers)
        object.__setattr__(self, "chips", chips)
        object.__setattr__(self, "stakes", stakes)
        object.__setattr__(self, "folded", folded)
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "to_call", to_call)
        object.__setattr__(self, "raises", raises)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "knock_limit", knock_limit)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    @property
    def my_turn(self) -> bool:
        """Whether this player is to move."""
        return self.to_play == self.seat and not self.is_over

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase.value == "over"

    @property
    def top_discard(self) -> Card | None:
        """The card that may be taken from the discard pile."""
        return self.discard_pile[-1] if self.discard_pile else None


def observe(
    decision: Decision,
    history: tuple[PublicEvent, ...],
    seat: int,
    legal_actions: tuple[Action, ...],
    *,
    scores: tuple[int, ...] | None = None,
) -> Observation:
    """Player ``seat``'s observation of the position of ``decision``, whose public history is
    ``history``; ``legal_actions``: his, if he is to move.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> len(obs.hand), obs.hand_sizes, obs.stock_count, obs.my_turn
    (10, (10, 10), 87, True)
    >>> [str(a) for a in obs.legal_actions]
    ['draw', 'take']
    """
    pos = decision.pos
    judge = decision.judge
    deck = decision.cards
    state = pos.turn_state
    mine = pos.to_play == seat and not pos.is_over
    taken = state.taken
    betting = pos.betting
    chips: tuple[int, ...] | None = None
    stakes: tuple[int, ...] = ()
    folded: tuple[bool, ...] = ()
    pot = to_call = raises = 0
    if betting is not None:
        chips, stakes, pot, raises = betting.stacks, betting.put_in, betting.pot, betting.raises
        folded = tuple(s in betting.folded for s in range(judge.players))
        to_call = betting.to_call(seat) if mine and pos.phase is Phase.BET else 0
    pending = state.pending
    return Observation(
        seat=seat,
        players=judge.players,
        rules=judge.rules,
        hand=decision.sorted_hand(seat),
        table=pos.table,
        discard_pile=_pile(deck, pos.discard_pile),
        hand_sizes=tuple(len(h) for h in pos.hands),
        stock_count=len(pos.stock),
        to_play=pos.to_play,
        phase=pos.phase,
        turn=pos.turn,
        opened=pos.opened,
        taken_card=deck[taken] if mine and taken is not None else None,
        opening_points=state.opening_points if mine else 0,
        history=history,
        legal_actions=legal_actions if mine else (),
        scores=scores,
        to_lay=_to_lay(decision, seat) if mine else (),
        melded_before=pos.melded_before,
        restocks=pos.restocks,
        turn_melded=state.melded if mine else False,
        taken_laid=mine and taken is not None and taken not in pos.hands[seat],
        taken_bound=mine and decision.taken_bound(),
        opened_before=mine and state.opened_before,
        jokers_back=len(pending) if mine else 0,
        pending_from=(state.pending_from if pending else None) if mine else None,
        attached_jokers=state.attached_jokers if mine else (),
        chips=chips,
        stakes=stakes,
        folded=folded,
        pot=pot,
        to_call=to_call,
        raises=raises,
        dealer=judge.dealer,
        contract=pos.contract,
        knock_limit=pos.terms.knock_limit,
    )


def _pile(deck: tuple[Card, ...], pile: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(deck[i] for i in pile)


def _to_lay(decision: Decision, seat: int) -> tuple[Card, ...]:
    rules = decision.rules
    pos = decision.pos
    hand = pos.hands[seat]
    state = pos.turn_state
    taken = state.taken
    if taken is None and not state.pending:
        return ()
    must: list[Card] = []
    if taken is not None and decision.take_binds() and taken in hand:
        must.append(decision.cards[taken])
    if rules.retrieved_joker is not RetrievedJoker.KEEP:
        must.extend(decision.cards[i] for i in state.pending if i in hand)
    return tuple(must)
