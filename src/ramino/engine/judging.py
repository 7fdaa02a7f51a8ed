"""The one check of a move: a :class:`Decision` judges every move from one position, handing
each kind of move to the module that owns its rules, and keeps what it works out for that
position.

The rule modules are functions of a decision and an action that return the move decided (a
function that makes its :class:`Outcome`) or raise the refusal; none of them imports the
round. They find one another through the :class:`Judge`, which the round gives the function that
hands each kind of move to its module (:func:`ramino.engine.round.decide`): a check that
must know whether a later move would still be legal asks :meth:`Decision.can` of the
position after this one.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NoReturn

from ._rules_memo import RulesMemo, rules_memo
from ._table_index import TableIndex, table_index
from .actions import Action
from .cards import Card, code_order
from .deck import Deck
from .errors import Detail, IllegalAction, Phrase, RaminoError, Reason
from .position import Position, seat_flag
from .rules import Direction, RetrievedJoker, Rules
from .scoring import Closing
from .state import TableMeld, TurnState

__all__ = ["Decided", "Decision", "Judge", "Outcome", "Planner", "Then"]


class Then(enum.Enum):
    """What follows a move once it is made."""

    PLAY_ON = "play_on"
    """The same player goes on (a draw, a meld, a jolly taken back)."""
    END_TURN = "end_turn"
    """His turn ends (a discard): the next player's begins."""
    GO_OUT = "go_out"
    """He goes out (*chiude*): the round ends."""
    BET = "bet"
    """A bet: the next to bet, or the end of the betting round."""
    VOID = "void"
    """The hand is void (gin rummy's wall): the round ends, nobody out."""


class Outcome:
    """A move made: the position it leaves (before the turn passes), the card ids its event
    names, and what follows; going out, how (``closing``, and ``in_one_turn`` where the move
    itself says, ``None`` where the turns he played say)."""

    # Not a dataclass: compiled, its generated __init__ took 0.57 µs a move against 0.12 (_frozen).
    __slots__ = ("closing", "ids", "in_one_turn", "out", "position", "then")

    def __init__(
        self,
        position: Position,
        ids: tuple[int, ...],
        then: Then,
        closing: Closing = Closing.SIMPLE,
        in_one_turn: bool | None = None,
        out: int | None = None,
    ) -> None:
        self.position: Final = position
        self.ids: Final = ids
        self.then: Final = then
        self.closing: Final = closing
        self.in_one_turn: Final = in_one_turn
        #: Going out, the seat that goes out where it is not the mover's (gin: the knocker,
        #: when the defender's last move ends the hand).
        self.out: Final = out


#: A move decided: the function that makes it (a decision is cheap; making it builds the
#: position it leaves, which only the move played needs).
Decided = Callable[[], Outcome]
#: The rules of one kind of move: the move decided, or the refusal raised.
Planner = Callable[["Decision", Action], Decided]


class Judge:
    """What stays the same for a whole round and every decision reads: the rules (and their
    memo), the seats, the deck, and the one check of a move (``decide``)."""

    __slots__ = (
        "cards",
        "dealer",
        "decide",
        "deck",
        "memo",
        "no_attachable_discard",
        "players",
        "rules",
        "step",
    )

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        deck: Deck,
        decide: Planner,
    ) -> None:
        self.rules: Final = rules
        self.memo: Final[RulesMemo] = rules_memo(rules)
        self.players: Final = players
        self.dealer: Final = dealer
        self.deck: Final = deck
        self.cards: Final = deck.cards
        #: The one check: each kind of move handed to the module that owns its rules.
        self.decide: Final = decide
        self.step: Final = 1 if rules.direction is Direction.CLOCKWISE else -1
        #: Whether a card that could be attached may not be thrown (scala 40 with three).
        self.no_attachable_discard: Final = rules.attachable_discard_forbidden(players)

    def __reduce__(self) -> tuple[object, ...]:
        # Compiled, a judge is made only through its __init__ (a copy or a pickle too).
        return Judge, (self.rules, self.players, self.dealer, self.deck, self.decide)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        return (seat + self.step) % self.players

    def seats_from(self, first: int) -> list[int]:
        """Every seat once, in the order of play from ``first``."""
        seats = [first]
        while len(seats) < self.players:
            seats.append(self.next_seat(seats[-1]))
        return seats

    def decision(self, position: Position) -> Decision:
        """The decision at ``position``."""
        return Decision(self, position, {})


class Decision:
    """The moves from one position, judged by one check (:meth:`decide`); ``can`` and
    ``refusal`` ask it. It remembers what it works out for its position (and shares the
    answers about later positions with the decisions it asks them of)."""

    __slots__ = (
        "all_fit_memo",
        "answers",
        "cards",
        "discard_refusal_memo",
        "index_memo",
        "judge",
        "listing",
        "memo",
        "opening_alive_memo",
        "pos",
        "rules",
        "seat",
    )

    def __init__(self, judge: Judge, position: Position, answers: dict[object, bool]) -> None:
        self.judge: Final = judge
        self.pos: Final = position
        self.rules: Final = judge.rules
        self.memo: Final = judge.memo
        self.cards: Final = judge.cards
        #: The player to move.
        self.seat: Final = position.to_play
        #: Answers about the positions after this one, shared with the decisions asked
        #: about them (see _turn_end.retrieval_opens).
        self.answers: Final = answers
        # What every move of a kind meets here, worked out once by the modules that own
        # those rules: whether the player to move, not yet opened, can still open this
        # turn (_turn_end.opening_alive); the refusal of every discard, ``False`` until
        # asked (_discarding.discard_refusal).
        self.opening_alive_memo: bool | None = None
        self.discard_refusal_memo: IllegalAction | bool | None = False
        # Whether every card the player to move may throw could be attached to the table
        # (_attaching.attachable_discard_barred).
        self.all_fit_memo: bool | None = None
        self.index_memo: TableIndex | None = None
        #: While the legal actions are listed, each move accepted and what it makes.
        self.listing: dict[int, tuple[Action, Decided]] | None = None

    def __repr__(self) -> str:
        return f"<Decision {self.rules.name}: {self.pos!r}>"

    # --- the one check ---

    def decide(self, action: Action) -> Decided:
        """The move ``action`` decided, or the refusal raised."""
        return self.judge.decide(self, action)

    def refuse_bet(self) -> NoReturn:
        """Refuse a bet outside the betting round."""
        if self.pos.betting is None:
            raise IllegalAction(Reason.NO_BETTING)
        raise IllegalAction(Reason.BETTING_OVER)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal here."""
        try:
            decided = self.decide(action)
        except RaminoError:
            return False
        if self.listing is not None:
            self.listing[id(action)] = (action, decided)
        return True

    def refusal(self, action: Action) -> RaminoError | None:
        """Why ``action`` is not legal here (naming the player to move and the turn), or
        ``None`` if it is."""
        try:
            self.decide(action)
        except RaminoError as error:
            error.where(self.seat, self.pos.turn)
            return error
        return None

    def after(self, position: Position) -> Decision:
        """The decision at ``position``, a position this one's moves lead to: it shares the
        answers about later positions."""
        return Decision(self.judge, position, self.answers)

    # --- readings of the position under the rules ---

    def table_index(self) -> TableIndex:
        """What the moves onto the table depend on, meld by meld (see _table_index)."""
        index = self.index_memo
        if index is None:
            index = self.index_memo = table_index(self.memo, self.pos.table)
        return index

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand, in the order he holds them."""
        cards = self.cards
        return [cards[i] for i in self.pos.hands[seat]]

    def sorted_hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand, sorted."""
        return tuple(sorted(self.hand_cards(seat), key=code_order))

    @property
    def threshold(self) -> int:
        """The points an opening needs."""
        return self.memo.opening_threshold

    @property
    def first_round(self) -> bool:
        """True until every player still in the hand has had a turn."""
        pos = self.pos
        betting = pos.betting
        if betting is None:
            return pos.turn <= self.judge.players
        return pos.turn <= len(betting.still_in)

    def cards_to_keep(self) -> int:
        """Cards a player must keep in hand after laying: one to discard when the rules want a
        final discard, two in a first round where nobody may go out."""
        memo = self.memo
        return memo.keep_first if self.first_round else memo.keep_after

    def barred(self) -> Card | None:
        """The card that may not be thrown this turn, twins included: the one taken from the
        pile (see :meth:`may_discard_id`)."""
        taken = self.pos.turn_state.taken
        if taken is None or self.memo.rediscard_taken_card:
            return None
        return self.cards[taken]

    def may_discard_id(self, card_id: int) -> bool:
        """Whether the card ``card_id`` may be thrown this turn."""
        # Twins are the same card to the rules: throwing back the taken card's twin is
        # throwing back the taken card.
        state = self.pos.turn_state
        taken = state.taken
        if (
            taken is not None
            and self.cards[card_id] is self.cards[taken]
            and not self.memo.rediscard_taken_card
        ):
            return False
        return not (
            card_id in state.pending and self.memo.retrieved_joker is RetrievedJoker.LAY_THIS_TURN
        )

    def take_binds(self) -> bool:
        """Whether the card the player to move takes from the pile this turn (or took) must
        go down in it (:meth:`Rules.take_binds`)."""
        return self.rules.take_binds(self.pos.turn_state.opened_before)

    def taken_bound(self) -> bool:
        """Whether the player to move took a card from the pile this turn that must go down
        in it."""
        return self.pos.turn_state.taken is not None and self.take_binds()

    def ids_for(
        self, seat: int, cards: Sequence[Card], *, avoid: Iterable[int] = (), lay: bool = False
    ) -> list[int]:
        """The ids in the hand for ``cards`` (twins are the same card to the rules): for a
        discard, ids not in ``avoid`` first; for laying, the card taken from the pile and the
        jolly taken back first, since those are the ones the rules want laid."""
        deck = self.cards
        hand = self.pos.hands[seat]
        if len(cards) == 1:
            # The common question (a discard, an attachment), answered without a pool.
            card = cards[0]
            found = [i for i in hand if deck[i] is card]
            if len(found) == 1:
                return found
            if not found:
                raise IllegalAction(Reason.NOT_IN_HAND, cards=[card])
        avoided = set(avoid)
        # Of two twin cards (two jollies, say), the one whose duty is stricter goes down
        # first: the pile's card bound to go down (this turn, see _turn_end.check_rest),
        # then a pending joker (down this turn), then the pile's card under free pickup
        # (which need only stay out of the discard).
        state = self.pos.turn_state
        pending = state.pending if lay else ()
        taken = state.taken if lay else None
        taken_first = taken is not None and self.take_binds()
        chosen: list[int] = []
        for card in cards:
            hit = -1
            best = (True, 0, 0)
            for i in hand:
                if deck[i] is card and i not in chosen:
                    if i == taken and taken_first:
                        order = 0
                    elif i in pending:
                        order = 1
                    else:
                        order = 2 if i == taken else 3
                    # Not avoided first, then by that duty, then the lowest id.
                    rank = (i in avoided, order, i)
                    if hit < 0 or rank < best:
                        hit = i
                        best = rank
            if hit < 0:
                missing = Counter(cards) - Counter(deck[i] for i in hand)
                raise IllegalAction(Reason.NOT_IN_HAND, cards=sorted(missing.elements()))
            chosen.append(hit)
        return chosen

    def table_meld(self, number: int) -> TableMeld:
        """The table's meld ``number``, or the refusal that names the melds there are."""
        table = self.pos.table
        if not 0 <= number < len(table):
            count = len(table)
            detail = (
                Phrase(Detail.MELDS_NUMBERED, count=count, last=count - 1)
                if count
                else Phrase(Detail.NO_MELDS_YET)
            )
            raise IllegalAction(Reason.NO_SUCH_MELD, meld=number, detail=detail)
        return table[number]

    # --- the positions a move leaves ---

    def after_meld(
        self,
        seat: int,
        hand: Sequence[int],
        table: Sequence[TableMeld],
        ids: Sequence[int],
        gained: int,
        *,
        retrieved: Sequence[int] = (),
        retrieved_from: int | None = None,
        attached: tuple[int, ...] | None = None,
    ) -> Position:
        """The position after a move of ``seat`` that left him ``hand`` and the ``table``,
        putting ``ids`` on it with ``gained`` points toward his opening (see
        TurnState.after_move for the others)."""
        pos = self.pos
        state = pos.turn_state
        opened = pos.opened
        points = state.opening_points if opened[seat] else state.opening_points + gained
        if not opened[seat] and points >= self.threshold:
            opened = seat_flag(opened, seat)
        return pos.but(
            hands=pos.with_hand(seat, hand),
            table=tuple(table),
            turn_state=state.after_move(
                ids,
                points,
                retrieved=retrieved,
                retrieved_from=retrieved_from,
                attached_jokers=attached,
            ),
            opened=opened,
        )

    def trial(
        self,
        seat: int,
        hand: Sequence[int],
        table: Sequence[TableMeld],
        pending: Sequence[int],
        points: int | None = None,
        *,
        pending_from: int | None = None,
        attached: tuple[int, ...] | None = None,
    ) -> Decision:
        """The decision just after a move being checked: ``hand`` left to ``seat``, the
        ``table`` and the jollies ``pending`` after it, and (not given: as now) the points
        toward his opening laid this turn, the move's included, the meld the pending jokers
        came from and the jokers attached before opening."""
        pos = self.pos
        now = pos.turn_state
        # The move's own points count: the jolly may go down in the rest of an opening it
        # has begun, or freely once it has reached the threshold.
        counted = points is not None and not pos.opened[seat]
        state = TurnState(
            taken=now.taken,
            melded=True,
            opening_points=points if points is not None and counted else now.opening_points,
            pending=tuple(pending),
            pending_from=now.pending_from if pending_from is None else pending_from,
            attached_jokers=now.attached_jokers if attached is None else attached,
            opened_before=now.opened_before,
        )
        opened = pos.opened
        if points is not None and counted and points >= self.threshold:
            opened = seat_flag(opened, seat)
        return self.after(
            pos.but(
                hands=pos.with_hand(seat, hand),
                table=tuple(table),
                turn_state=state,
                opened=opened,
            )
        )
