"""The round (*smazzata*) as one state machine for every variant: the deal, the turns, the
count. The variant is the frozen :class:`Rules` value; nothing here asks for a preset's name.

A round is its :class:`~ramino.engine.position.Position` (where it stands, a value) and its
history, and the loop that makes the moves decided. Every move is decided in one place, the
:class:`~ramino.engine.judging.Decision` of the position (``check``, ``can``, ``apply`` and
``legal_actions`` all ask it), which hands each kind of move to the module that owns its
rules: :mod:`~ramino.engine._drawing` (the stock and the pile),
:mod:`~ramino.engine._laying` (melds and the opening), :mod:`~ramino.engine._attaching`,
:mod:`~ramino.engine._retrieval` (taking a jolly back), :mod:`~ramino.engine._discarding`
(the discard and going out by showing the hand), :mod:`~ramino.engine.contracts` (carioca's
openings) and :mod:`~ramino.engine._turns` (the bets, the turns and the end). A refused
action leaves the round exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _attaching, _discarding, _drawing, _knocking, _laying, _retrieval, _turns, contracts
from ._legal import LegalActions
from ._opening_hint import add_declaring_hint
from .actions import (
    Action,
    Attach,
    Call,
    Discard,
    Draw,
    Fold,
    Knock,
    Lay,
    Open,
    Pass,
    Raise,
    Show,
    Swap,
    TakeDiscard,
    as_action,
)
from .betting import Bet, BettingRound
from .cards import Card
from .deal import check_playable
from .deal import seed_bytes as seed_bytes
from .deal import stacked_deck as stacked_deck
from .deck import Deck
from .errors import Detail, IllegalAction, Phrase, RaminoError, Reason
from .judging import Decided, Decision, Judge, Then
from .match import RoundResult
from .observation import Observation, PublicEvent, observe
from .position import Position
from .presets import get_preset
from .rules import Contract, Rules
from .scoring import cap_winners
from .shuffle import portable_shuffle
from .state import EndReason as EndReason
from .state import Event as Event
from .state import Phase as Phase
from .state import RoundEnd as RoundEnd
from .state import TableMeld as TableMeld
from .state import Terms
from .state import TurnState as TurnState


def decide(decision: Decision, action: Action) -> Decided:
    """The one check of a move: the move ``action`` decided at ``decision``, or the refusal
    raised. The phase of the turn says which moves there are; each kind goes to the module
    that owns its rules."""
    phase = decision.pos.phase
    if phase in _knocking.AFTER_KNOCK:
        return _knocking.plan_after_knock(decision, action)
    if isinstance(action, Knock):
        return _knocking.plan_knock(decision, action)
    if isinstance(action, Pass):
        return _knocking.plan_pass(decision, action)
    if phase is Phase.PLAY:
        if isinstance(action, Discard):
            return _discarding.plan_discard(decision, action)
        if isinstance(action, Lay):
            return _laying.plan_lay(decision, action)
        if isinstance(action, Attach):
            return _attaching.plan_attach(decision, action)
        if isinstance(action, Swap):
            return _retrieval.plan_swap(decision, action)
        if isinstance(action, Show):
            return _discarding.plan_show(decision, action)
        if isinstance(action, Open):
            return contracts.plan_open(decision, action)
        if isinstance(action, Draw | TakeDiscard):
            return _drawing.plan_draw(decision, action)
        if isinstance(action, Call | Fold | Raise):
            decision.refuse_bet()
        raise IllegalAction(Reason.BAD_ACTION, token=str(action))
    if phase is Phase.OVER:
        raise IllegalAction(Reason.ROUND_OVER)
    if phase is Phase.BET:
        return _turns.plan_bet(decision, action)
    if isinstance(action, Draw | TakeDiscard):
        return _drawing.plan_draw(decision, action)
    if isinstance(action, Call | Fold | Raise):
        decision.refuse_bet()
    raise IllegalAction(Reason.MUST_DRAW_FIRST)


class Round:
    """One round of Ramino between ``players`` seats (0 to players − 1).

    The deck is shuffled with the portable shuffle from ``seed`` (or dealt in ``deck_order``,
    ids of :class:`Deck` from the top); restocks are shuffled from the same seed, so the
    seed, the rules and the actions replay the round exactly.

    ``rules`` is a :class:`Rules` value or the name of a preset.

    >>> r = Round("classico", players=3, seed=7)
    >>> r
    <Round classico, 3 players, turn 1, seat 1 to draw>
    >>> r.to_play, r.phase, len(r.hand(1)), r.stock_count
    (1, <Phase.DRAW: 'draw'>, 10, 77)
    >>> Draw() in r.legal_actions, len(r.legal_actions)
    (True, 2)
    >>> event = r.apply(Draw())
    >>> r.phase, len(r.hand(1))
    (<Phase.PLAY: 'play'>, 11)
    """

    __slots__ = (
        "_decision",
        "deck_order",
        "history",
        "judge",
        "position",
        "public_history",
        "restock_orders",
        "scripted_restocks",
        "seed",
    )

    def __init__(
        self,
        rules: Rules | str,
        players: int,
        *,
        seed: int | str | bytes = 0,
        dealer: int = 0,
        deck_order: Sequence[int] | None = None,
        restock_orders: Sequence[Sequence[int]] = (),
        chips: Sequence[int] | None = None,
        carried: int = 0,
        contract: Contract | None = None,
        _state: dict[str, object] | None = None,
    ) -> None:
        self._decision: Decision | None = None
        if _state is not None:
            # A copy, an undo or an unpickled round: its state as it was (see __getstate__).
            self.__setstate__(_state)
            return
        if isinstance(rules, str):
            rules = get_preset(rules)
        check_playable(rules, players)
        if not 0 <= dealer < players:
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=Phrase(Detail.DEALER_NOT_A_SEAT, dealer=dealer),
            )
        deck = Deck.for_rules(rules, players)
        self.judge: Judge = Judge(rules, players, dealer, deck, decide)
        self.seed: bytes = seed_bytes(seed)
        order = list(deck_order) if deck_order is not None else None
        if order is None:
            order = portable_shuffle(list(range(len(deck))), self.seed)
        elif sorted(order) != list(range(len(deck))):
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=Phrase(Detail.DECK_ORDER_EVERY_CARD, last=len(deck) - 1),
            )
        self.deck_order: tuple[int, ...] = tuple(order)
        #: What happened, move by move (a draw from the stock names the card drawn).
        self.history: list[Event] = []
        #: The history as every player saw it, kept as it grows so observations stay cheap.
        self.public_history: list[PublicEvent] = []
        # Chance made explicit: the new stock of every restock (top last), so a record can
        # replay it without the shuffle; orders given here are used instead of shuffling.
        self.restock_orders: list[tuple[int, ...]] = []
        self.scripted_restocks: list[tuple[int, ...]] = [tuple(o) for o in restock_orders]
        #: Where the round stands.
        self.position: Position = _turns.dealt(
            self.judge, order, chips=chips, carried=carried, contract=contract
        )

    def __repr__(self) -> str:
        end = self.position.end
        if end is not None:
            out = "nobody went out" if end.out is None else f"seat {end.out} went out"
            where = f"over at turn {self.turn}, {out}"
        else:
            where = f"turn {self.turn}, seat {self.to_play} to {self.phase.value}"
        return f"<Round {self.rules.name}, {self.players} players, {where}>"

    # --- the round's constants and its position ---

    @property
    def rules(self) -> Rules:
        return self.judge.rules

    @property
    def players(self) -> int:
        return self.judge.players

    @property
    def dealer(self) -> int:
        return self.judge.dealer

    @property
    def deck(self) -> Deck:
        return self.judge.deck

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's card ids (of :attr:`deck`)."""
        return self.position.hands

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table, in the order they were laid."""
        return self.position.table

    @property
    def stock(self) -> tuple[int, ...]:
        """The ids of the *tallone*, its top last."""
        return self.position.stock

    @property
    def discard_pile(self) -> tuple[int, ...]:
        """The ids of the *pozzo*, its top last."""
        return self.position.discard_pile

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def restocks(self) -> int:
        return self.position.restocks

    @property
    def opened(self) -> tuple[bool, ...]:
        return self.position.opened

    @property
    def melded_before(self) -> tuple[bool, ...]:
        return self.position.melded_before

    @property
    def end(self) -> RoundEnd | None:
        return self.position.end

    @property
    def to_play(self) -> int:
        return self.position.to_play

    @property
    def phase(self) -> Phase:
        return self.position.phase

    @property
    def turn_state(self) -> TurnState:
        return self.position.turn_state

    @property
    def terms(self) -> Terms:
        return self.position.terms

    @property
    def betting(self) -> BettingRound | None:
        """The hand's betting round (pokerato), ``None`` under rules without betting."""
        return self.position.terms.betting

    @property
    def contract(self) -> Contract | None:
        """The opening this hand requires (carioca), ``None`` under rules without."""
        return self.position.terms.contract

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        self._check_seat(seat)
        return self.judge.next_seat(seat)

    def _check_seat(self, seat: int) -> None:
        # Seats count from 0: a negative one would read another player's from the end.
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT, seat=seat, last=self.players - 1)

    # --- reading the state ---

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in a player's hand, sorted."""
        self._check_seat(seat)
        return self.decision().sorted_hand(seat)

    @property
    def stock_count(self) -> int:
        """Cards left in the stock (*tallone*)."""
        return len(self.position.stock)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile (*pozzo*)."""
        pile = self.position.discard_pile
        return self.judge.cards[pile[-1]] if pile else None

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.position.phase is Phase.OVER

    @property
    def first_round(self) -> bool:
        """True until every player still in the hand has had a turn."""
        return self.decision().first_round

    @property
    def opening_points(self) -> int:
        """Points laid so far in this turn's opening (0 when not opening)."""
        return self.position.turn_state.opening_points

    @property
    def taken_card(self) -> int | None:
        """The id of the card taken from the discard pile this turn, if any."""
        return self.position.turn_state.taken

    @property
    def turn_melded(self) -> bool:
        """Whether the player to move has laid, attached or swapped this turn."""
        return self.position.turn_state.melded

    @property
    def pending_from(self) -> int | None:
        """The table meld the jolly waiting to be laid was taken from, if any."""
        state = self.position.turn_state
        return state.pending_from if state.pending else None

    @property
    def attached_jokers(self) -> tuple[int, ...]:
        """The table melds the player to move attached a jolly to this turn before opening,
        one entry a jolly still there: taken back, it takes with it what it counted toward
        the opening (see _retrieval.plan_swap)."""
        return self.position.turn_state.attached_jokers

    @property
    def pending_jokers(self) -> tuple[int, ...]:
        """Ids of the jolly taken back this turn that still wait to be laid."""
        return tuple(self.position.turn_state.pending)

    def cards_to_keep(self) -> int:
        """Cards a player must keep in hand after laying: one to discard when the rules want a
        final discard, two in a first round where nobody may go out."""
        return self.decision().cards_to_keep()

    def observation(self, seat: int, *, scores: tuple[int, ...] | None = None) -> Observation:
        """What player ``seat`` may know (see :mod:`ramino.engine.observation`)."""
        self._check_seat(seat)
        mine = seat == self.position.to_play and not self.is_over
        legal = tuple(self.legal_actions) if mine else ()
        return observe(self.decision(), tuple(self.public_history), seat, legal, scores=scores)

    def round_result(self, names: Sequence[str]) -> RoundResult:
        """The ended round as a :class:`RoundResult` for the match's score sheet."""
        end = self.end
        if end is None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        if isinstance(names, str) or len(names) != self.players:
            raise IllegalAction(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.NAMES_ONE_PER_SEAT, seats=self.players, count=len(names)),
            )
        for seat, name in enumerate(names):
            if name in names[:seat]:
                raise IllegalAction(Reason.DUPLICATE_PLAYER, player=name)
        settled = end.chips
        return RoundResult(
            out=None if end.out is None else names[end.out],
            hands={names[s]: end.counts[s] for s in range(self.players) if s != end.out},
            in_one_turn=end.in_one_turn,
            closing=end.closing,
            chips=None if settled is None else dict(zip(names, settled.net, strict=True)),
            on_table=0 if settled is None else settled.carried_out,
            points=None if end.points is None else dict(zip(names, end.points, strict=True)),
            dealer=names[self.dealer],
        )

    def copy(self) -> Round:
        """An independent copy of the round: the position is a value, the histories are
        copied."""
        return Round(self.rules, self.players, _state=self.__getstate__())

    def __getstate__(self) -> dict[str, object]:
        # The decision of the position is no part of the round: it is worked out again.
        return {
            "judge": self.judge,
            "seed": self.seed,
            "deck_order": self.deck_order,
            "history": list(self.history),
            "public_history": list(self.public_history),
            "restock_orders": list(self.restock_orders),
            "scripted_restocks": list(self.scripted_restocks),
            "position": self.position,
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._decision = None

    def __reduce__(self) -> tuple[object, ...]:
        # Compiled, a Round is made only through __init__: one comes back from a pickle or
        # a deep copy given its state there.
        return _rebuilt, (self.rules, self.players, self.__getstate__())

    def restore(self, earlier: Round) -> None:
        """Put the round back as it was when ``earlier`` was made of it by :meth:`copy` (an
        undo)."""
        self.__setstate__(earlier.__getstate__())

    # --- check / can / apply ---

    def decision(self) -> Decision:
        """The decision of the current position (the one check of every move from it)."""
        found = self._decision
        if found is None or found.pos is not self.position:
            found = self._decision = self.judge.decision(self.position)
        return found

    @property
    def legal_actions(self) -> LegalActions:
        """Every legal action of the player to move, a lazy view in a stable order (see
        :mod:`ramino.engine._legal`): ``action in r.legal_actions`` asks the check,
        ``len(r.legal_actions)`` lists them. Each is accepted by :meth:`apply`; none is
        missing that a player could make, but for the ways of writing the same move (a
        jolly declared or left to the rules)."""
        return LegalActions(self.decision())

    def refusal(self, action: Action | str) -> RaminoError | None:
        """Why ``action`` (or its text, ``"discard 7H"``) is not legal now, or ``None`` if
        it is.

        The one place that decides: ``check``, ``can``, ``apply`` and ``legal_actions`` all
        ask it. The refusal names the player to move and the turn (``seat``, ``turn``).
        """
        try:
            action = as_action(action)
        except RaminoError as unread:
            return unread
        decision = self.decision()
        error = decision.refusal(action)
        if error is not None:
            add_declaring_hint(decision, action, error)
        return error

    def check(self, action: Action | str) -> None:
        """Raise :class:`IllegalAction` (or a meld or notation error) if ``action`` is not
        legal now; return quietly otherwise."""
        error = self.refusal(action)
        if error is not None:
            raise error

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` (or its text) is legal now."""
        try:
            action = as_action(action)
        except RaminoError:
            return False
        return self.decision().can(action)

    def apply(self, action: Action | str) -> Event:
        """Apply a legal action (or its text, ``"discard 7H"``) completely and record it; an
        illegal one changes nothing."""
        action = as_action(action)
        decision = self.decision()
        listing = decision.listing
        # The moves listed hold their decision, which holds them: let go of them now.
        decision.listing = None
        known = None if listing is None else listing.get(id(action))
        if known is not None and known[0] is action:
            # A move just listed: what its check decided is made (bench/round.py).
            decided = known[1]
        else:
            try:
                decided = decision.decide(action)
            except RaminoError as error:
                error.where(decision.seat, self.position.turn)
                add_declaring_hint(decision, action, error)
                raise
        outcome = decided()
        seat = decision.seat
        event = self._record(seat, action, outcome.ids)
        position = _turns.made(self.judge, outcome, seat)
        if outcome.then is Then.END_TURN and _turns.restock_needed(position):
            # A turn begins with the stock made up again, if it was emptied.
            order = _turns.restock_order(self.judge, position, self.seed, self.scripted_restocks)
            if order is not None:
                self.restock_orders.append(order)
            position = _turns.restocked(self.judge, position, order)
        self.position = position
        return event

    def may_take(self) -> bool:
        """Whether the player to move may take the top of the pile (*pozzo*) now."""
        return self.can(TakeDiscard())

    def discard_options(self) -> list[Card]:
        """The cards the player to move may discard now, the same answer as
        ``can(Discard(card))`` for every card."""
        return [action.card for action in self.legal_actions if isinstance(action, Discard)]

    def attachable(self, card: Card) -> bool:
        """Whether ``card`` could be attached to some meld on the table."""
        return _attaching.attachable(self.decision(), card)

    # --- the record ---

    def _record(self, seat: int, action: Action, ids: tuple[int, ...]) -> Event:
        event = Event(seat, action, ids, self.position.turn)
        self.history.append(event)
        # A draw from the stock is public, the card drawn is not (the Draw value holds none);
        # the card taken from the pozzo was face up for all to see; a bet's chips were counted
        # by all (recorded before the position moves on: the bet is made from it).
        taken = self.judge.cards[ids[0]] if isinstance(action, TakeDiscard) else None
        betting = self.position.terms.betting
        made = None
        if betting is not None and isinstance(action, Call | Fold | Raise):
            made = betting.made(Bet(str(action)))[1]
        self.public_history.append(PublicEvent(seat, action, taken, made))
        return event

    def winner_by_cap(self) -> tuple[int, ...]:
        """Seats that win a round stopped by a cap (lowest hand), per ``on_round_cap``."""
        end = self.end
        if end is None or end.out is not None or self.betting is not None:
            # Played for chips, a hand nobody went out of is nobody's: its pots carry over.
            return ()
        # The same rule the score sheet applies (scoring.cap_winners), by seat.
        return tuple(sorted(cap_winners(dict(enumerate(end.counts)), self.rules)))


def _rebuilt(rules: Rules, players: int, state: dict[str, object]) -> Round:
    return Round(rules, players, _state=state)
