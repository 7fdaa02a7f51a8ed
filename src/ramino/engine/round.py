"""The round (*smazzata*) as one state machine for every variant: the deal, the turns, the
count. The variant is the frozen :class:`Rules` value; nothing here asks for a preset's name.

Every move is decided in one place, :meth:`Round.refusal` (``check``, ``can``, ``apply`` and
``legal_actions`` all ask it), which hands each kind of move to the module that owns its
rules: :mod:`~ramino.engine._drawing` (the stock and the pile), :mod:`~ramino.engine._laying`
(melds and the opening), :mod:`~ramino.engine._attaching`, :mod:`~ramino.engine._retrieval`
(taking a jolly back) and :mod:`~ramino.engine._discarding` (the discard and going out by
showing the hand). A refused action leaves the round exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NoReturn

from . import _attaching, _discarding, _drawing, _laying, _legal, _retrieval, contracts
from ._rules_memo import RulesMemo, rules_memo
from .actions import (
    Action,
    Attach,
    Call,
    Discard,
    Draw,
    Fold,
    Lay,
    Open,
    Raise,
    Show,
    Swap,
    TakeDiscard,
)
from .betting import Bet, BettingRound
from .cards import Card, code_order
from .chips import settle
from .deal import check_contract, check_playable
from .deal import seed_bytes as seed_bytes
from .deal import stacked_deck as stacked_deck
from .deck import Deck
from .errors import IllegalAction, RaminoError, Reason
from .going_out import min_deadwood
from .match import RoundResult
from .observation import Observation, PublicEvent, observe
from .presets import get_preset
from .rules import (
    Betting,
    Contract,
    Direction,
    DiscardPickup,
    JokerUpcard,
    Restock,
    RetrievedJoker,
    Rules,
)
from .scoring import Closing, cap_winners, hand_count, stake_multiplier
from .shuffle import portable_shuffle
from .state import NEW_TURN, NO_TERMS, Commit, Terms
from .state import EndReason as EndReason
from .state import Event as Event
from .state import Phase as Phase
from .state import RoundEnd as RoundEnd
from .state import TableMeld as TableMeld
from .state import TurnState as TurnState


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

    # Declared here so that every attribute has one type, and so that a compiled build lays
    # them out as slots. At most 29, as here: CPython 3.11 reads a 30th and every other
    # through a dict (bench/instructions.py, pure build, classico: 2.3% more a decision).
    rules: Rules
    players: int
    dealer: int
    seed: bytes
    deck: Deck
    deck_order: tuple[int, ...]
    hands: list[list[int]]
    table: list[TableMeld]
    stock: list[int]
    discard_pile: list[int]
    history: list[Event]
    public_history: list[PublicEvent]
    turn: int
    restocks: int
    opened: list[bool]
    melded_before: list[bool]
    end: RoundEnd | None
    restock_orders: list[tuple[int, ...]]
    _scripted_restocks: list[tuple[int, ...]]
    to_play: int
    phase: Phase
    turn_state: TurnState
    _no_attachable_discard: bool
    #: The memo of ``rules`` (see rules_memo): the knobs read at every decision, as fields.
    _memo: RulesMemo
    #: Answers worked out for the decision being made, shared with its trial rounds and
    #: forgotten at every move (see _laying.retrieval_opens).
    _answers: dict[object, bool]
    #: While legal_actions lists the moves, the decision of each one accepted, by its id;
    #: then (the length of the history, those decisions) until the next move.
    _listing: dict[int, tuple[Action, Commit]] | None
    _listed: tuple[int, dict[int, tuple[Action, Commit]]] | None
    #: Whether the player to move, not yet opened, can still open this turn: worked out
    #: once a decision (see _laying.check_rest), forgotten at every move.
    _opening_alive: bool | None
    #: The hand's betting round and its chips (pokerato), its contract (carioca).
    terms: Terms

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
        _copy_of: Round | None = None,
    ) -> None:
        if _copy_of is not None:
            # A shallow copy for copy() and for trials: each list is replaced by the caller
            # where it must not be shared.
            source = _copy_of
            self.rules = source.rules
            self._memo = source._memo
            self.players = source.players
            self.dealer = source.dealer
            self.seed = source.seed
            self.deck = source.deck
            self.deck_order = source.deck_order
            self.hands = source.hands
            self.table = source.table
            self.stock = source.stock
            self.discard_pile = source.discard_pile
            self.history = source.history
            self.public_history = source.public_history
            self.turn = source.turn
            self.restocks = source.restocks
            self.opened = source.opened
            self.melded_before = source.melded_before
            self.end = source.end
            self.restock_orders = source.restock_orders
            self._scripted_restocks = source._scripted_restocks
            self.to_play = source.to_play
            self.phase = source.phase
            self.turn_state = source.turn_state
            self._answers = source._answers
            self._listing = None
            self._listed = None
            self._opening_alive = None
            self._no_attachable_discard = source._no_attachable_discard
            self.terms = source.terms
            return
        if isinstance(rules, str):
            rules = get_preset(rules)
        check_playable(rules, players)
        if not 0 <= dealer < players:
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(f"il mazziere {dealer} non è un posto.", f"dealer {dealer} is no seat."),
            )
        self.rules = rules
        self._memo = rules_memo(rules)
        self.players = players
        self.dealer = dealer
        # Asked at every discard and every list of discards; a method of the rules, which are
        # plain Python, costs a call into the interpreter.
        self._no_attachable_discard = rules.attachable_discard_forbidden(players)
        self.seed = seed_bytes(seed)
        self.deck = Deck.for_rules(rules, players)
        order = list(deck_order) if deck_order is not None else None
        if order is None:
            order = portable_shuffle(list(range(len(self.deck))), self.seed)
        elif sorted(order) != list(range(len(self.deck))):
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(
                    f"l'ordine del mazzo deve usare ogni carta una volta (0–{len(self.deck) - 1}).",
                    f"the deck order must hold every card once (0–{len(self.deck) - 1}).",
                ),
            )
        self.deck_order = tuple(order)
        self.hands = [[] for _ in range(players)]
        self.table = []
        self.discard_pile = []
        self.history = []
        # The history as every player saw it, kept as it grows so observations stay cheap.
        self.public_history = []
        self.turn = 1
        self.restocks = 0
        self.opened = [False] * players
        self.melded_before = [False] * players
        self.end = None
        # Chance made explicit: the new stock of every restock (top last), so a record can
        # replay it without the shuffle; orders given here are used instead of shuffling.
        self.restock_orders = []
        self._scripted_restocks = [tuple(o) for o in restock_orders]
        # --- the current turn ---
        self.to_play = self.next_seat(dealer)
        self.phase = Phase.DRAW
        self.turn_state = NEW_TURN
        self._answers = {}
        self._listing = None
        self._listed = None
        self._opening_alive = None
        self.terms = NO_TERMS
        if rules.contracts or contract is not None:
            self.terms = Terms(contract=check_contract(rules, contract))
        self._deal(order)
        if rules.betting is not Betting.NONE:
            self._post_blind(chips, carried)
        elif chips is not None or carried:
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(
                    "con queste regole non si gioca a fiches.",
                    "these rules are not played for chips.",
                ),
            )

    def __repr__(self) -> str:
        where = f"turn {self.turn}"
        if self.end is not None:
            out = "nobody went out" if self.end.out is None else f"seat {self.end.out} went out"
            where = f"over at turn {self.turn}, {out}"
        else:
            where += f", seat {self.to_play} to {self.phase.value}"
        return f"<Round {self.rules.name}, {self.players} players, {where}>"

    # --- the deal ---

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        step = 1 if self._memo.direction is Direction.CLOCKWISE else -1
        return (seat + step) % self.players

    def _deal(self, order: list[int]) -> None:
        size = self.rules.hand_size_for(self.players)
        top = iter(order)
        seat = self.to_play
        for _ in range(size * self.players):
            self.hands[seat].append(next(top))
            seat = self.next_seat(seat)
        rest = list(top)
        upcard = rest.pop(0)
        if self.deck[upcard].is_joker and self.rules.joker_upcard is JokerUpcard.TO_FIRST_PLAYER:
            # Casertano: the jolly goes to the first player, no upcard; his turn starts as if
            # he had drawn it.
            self.hands[self.to_play].append(upcard)
            self.phase = Phase.PLAY
        else:
            tries = 0
            while self.deck[upcard].is_joker and tries < len(rest):
                # A jolly turned up goes back under the stock and another is turned ([G]).
                rest.append(upcard)
                upcard = rest.pop(0)
                tries += 1
            self.discard_pile.append(upcard)
        self.stock = rest[::-1]  # the top of the stock is the end of the list

    def _post_blind(self, chips: Sequence[int] | None, carried: int) -> None:
        """Start the betting round (RULES.md §6.1): the seat after the dealer posts the blind
        before any card is seen; the seat after him bets first."""
        rules = self.rules
        stacks = [rules.starting_chips] * self.players if chips is None else list(chips)
        if len(stacks) != self.players or any(
            isinstance(c, bool) or not isinstance(c, int) or c <= 0 for c in stacks
        ):
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(
                    f"servono le fiches di {self.players} giocatori, ognuno con almeno una.",
                    f"the chips of {self.players} players are needed, each with one at least.",
                ),
            )
        if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(
                    "le fiches rimaste sul tavolo non possono essere negative.",
                    "the chips left on the table cannot be negative.",
                ),
            )
        self.terms = Terms(
            betting=BettingRound.start(
                stacks,
                self._seats_from(self.next_seat(self.dealer)),
                blind=rules.blind,
                raise_unit=rules.blind if rules.raise_unit is None else rules.raise_unit,
                max_raises=rules.max_raises,
                carried=carried,
            )
        )
        self.phase = Phase.BET
        self._after_bet()

    def _seats_from(self, first: int) -> list[int]:
        """Every seat once, in the order of play from ``first``."""
        seats = [first]
        while len(seats) < self.players:
            seats.append(self.next_seat(seats[-1]))
        return seats

    def _after_bet(self) -> None:
        """Whose turn it is after a bet: the next to bet; or, once the betting is over, the
        first player still in after the dealer draws; or, all others folded, the hand ends."""
        betting = self.betting
        assert betting is not None
        if betting.to_act is not None:
            self.to_play = betting.to_act
            return
        still_in = betting.still_in
        if len(still_in) == 1:
            self._finish(EndReason.ALL_FOLDED, still_in[0], False, Closing.SIMPLE)
            return
        self.to_play = still_in[0]
        self.phase = Phase.DRAW

    def _plan_bet(self, action: Action) -> Commit:
        betting = self.betting
        if not isinstance(action, Call | Fold | Raise):
            raise IllegalAction(Reason.MUST_BET_FIRST)
        assert betting is not None
        bet = Bet(str(action))
        refused = betting.refusal(bet)
        if refused is not None:
            raise refused
        seat = self.to_play

        def commit() -> Event:
            self.terms = Terms(betting.act(bet), self.terms.contract)
            event = self._record(seat, action, ())
            self._after_bet()
            return event

        return commit

    @property
    def betting(self) -> BettingRound | None:
        """The hand's betting round (pokerato), ``None`` under rules without betting."""
        return self.terms.betting

    @property
    def contract(self) -> Contract | None:
        """The opening this hand requires (carioca), ``None`` under rules without."""
        return self.terms.contract

    # --- reading the state ---

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in a player's hand, sorted."""
        return tuple(sorted(map(self.deck.cards.__getitem__, self.hands[seat]), key=code_order))

    @property
    def stock_count(self) -> int:
        """Cards left in the stock (*tallone*)."""
        return len(self.stock)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile (*pozzo*)."""
        return self.deck[self.discard_pile[-1]] if self.discard_pile else None

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def first_round(self) -> bool:
        """True until every player still in the hand has had a turn."""
        betting = self.betting
        if betting is None:
            return self.turn <= self.players
        return self.turn <= len(betting.still_in)

    @property
    def opening_points(self) -> int:
        """Points laid so far in this turn's opening (0 when not opening)."""
        return self.turn_state.opening_points

    @property
    def taken_card(self) -> int | None:
        """The id of the card taken from the discard pile this turn, if any."""
        return self.turn_state.taken

    @property
    def turn_melded(self) -> bool:
        """Whether the player to move has laid, attached or swapped this turn."""
        return self.turn_state.melded

    @property
    def pending_from(self) -> int | None:
        """The table meld the jolly waiting to be laid was taken from, if any."""
        return self.turn_state.pending_from if self.turn_state.pending else None

    @property
    def attached_jokers(self) -> tuple[int, ...]:
        """The table melds the player to move attached a jolly to this turn before opening,
        one entry a jolly still there: taken back, it takes with it what it counted toward
        the opening (see _retrieval.plan_swap)."""
        return self.turn_state.attached_jokers

    @property
    def pending_jokers(self) -> tuple[int, ...]:
        """Ids of the jolly taken back this turn that still wait to be laid."""
        return tuple(self.turn_state.pending)

    def observation(self, seat: int, *, scores: tuple[int, ...] | None = None) -> Observation:
        """What player ``seat`` may know (see :mod:`ramino.engine.observation`)."""
        if not 0 <= seat < self.players:
            raise IllegalAction(Reason.NO_SUCH_SEAT, seat=seat, last=self.players - 1)
        return observe(self, seat, scores=scores)

    def round_result(self, names: Sequence[str]) -> RoundResult:
        """The ended round as a :class:`RoundResult` for the match's score sheet."""
        end = self.end
        if end is None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        if len(names) != self.players:
            raise IllegalAction(
                Reason.BAD_ROUND_RESULT,
                detail=(
                    f"servono {self.players} nomi, uno per posto, non {len(names)}.",
                    f"{self.players} names are needed, one per seat, not {len(names)}.",
                ),
            )
        settled = end.chips
        return RoundResult(
            out=None if end.out is None else names[end.out],
            hands={names[s]: end.counts[s] for s in range(self.players) if s != end.out},
            in_one_turn=end.in_one_turn,
            closing=end.closing,
            chips=None if settled is None else dict(zip(names, settled.net, strict=True)),
            on_table=0 if settled is None else settled.carried_out,
        )

    def copy(self) -> Round:
        """An independent copy of the round.

        Cards, melds, actions and events are immutable values, so copying the lists that hold
        them is enough.
        """
        new = Round(self.rules, self.players, _copy_of=self)
        new.hands = [list(h) for h in self.hands]
        new.table = list(self.table)
        new.stock = list(self.stock)
        new.discard_pile = list(self.discard_pile)
        new.history = list(self.history)
        new.restock_orders = list(self.restock_orders)
        new.public_history = list(self.public_history)
        new.opened = list(self.opened)
        new.melded_before = list(self.melded_before)
        return new

    def __reduce__(self) -> tuple[type[Round], tuple[Rules, int], dict[str, object]]:
        # Compiled, a Round is made only through __init__, never empty and then filled in:
        # one comes back from a pickle or a deep copy dealt afresh, then given its state.
        return Round, (self.rules, self.players), self.__getstate__()

    def __getstate__(self) -> dict[str, object]:
        # The answers and decisions remembered for the move being made are not part of the
        # round (and a decision is a function, which pickle cannot keep).
        state = {name: getattr(self, name) for name in _STATE}
        state.update(_answers={}, _listing=None, _listed=None, _opening_alive=None)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def restore(self, earlier: Round) -> None:
        """Put the round back as it was when ``earlier`` was made of it by :meth:`copy` (an
        undo). ``earlier`` becomes this round's state: keep no other use of it."""
        self.__setstate__(earlier.__getstate__())

    def shared_copy(self) -> Round:
        """A copy that shares every list with this round, for a trial that is only asked
        questions: the caller replaces each list that must differ."""
        return Round(self.rules, self.players, _copy_of=self)

    # --- check / can / apply ---

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, listed now in a stable order (see
        :mod:`ramino.engine._legal`): ``action in r.legal_actions``, ``len(r.legal_actions)``.
        Each is accepted by :meth:`apply`; none is missing that a player could make, but for
        the ways of writing the same move (a jolly declared or left to the rules)."""
        # The decision of each move listed is kept until the next move, so that applying
        # one of these very objects makes what was decided (bench/round.py, compiled,
        # scala-40: 1.20 to 1.11 of OpenSpiel's time a decision).
        self._listing = {}
        try:
            found = tuple(_legal.legal_actions(self))
        finally:
            self._listed = (len(self.history), self._listing)
            self._listing = None
        return found

    def refusal(self, action: Action) -> RaminoError | None:
        """Why ``action`` is not legal now, or ``None`` if it is.

        The one place that decides: ``check``, ``can``, ``apply`` and ``legal_actions`` all
        ask it. The refusal names the player to move and the turn (``seat``, ``turn``).
        """
        try:
            self._decide(action)
        except RaminoError as error:
            error.where(self.to_play, self.turn)
            return error
        return None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (or a meld or notation error) if ``action`` is not
        legal now; return quietly otherwise."""
        error = self.refusal(action)
        if error is not None:
            raise error

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            commit = self._decide(action)
        except RaminoError:
            return False
        if self._listing is not None:
            self._listing[id(action)] = (action, commit)
        return True

    def apply(self, action: Action) -> Event:
        """Apply a legal action completely and record it; an illegal one changes nothing."""
        listed = self._listed
        if listed is not None and listed[0] == len(self.history):
            known = listed[1].get(id(action))
            if known is not None and known[0] is action:
                return known[1]()
        try:
            commit = self._decide(action)
        except RaminoError as error:
            error.where(self.to_play, self.turn)
            raise
        return commit()

    # --- deciding: every check happens before anything changes ---

    def _decide(self, action: Action) -> Commit:
        """The one decision of a move: the function that makes it, or the refusal raised."""
        if self.phase is Phase.OVER:
            raise IllegalAction(Reason.ROUND_OVER)
        if self.phase is Phase.BET:
            return self._plan_bet(action)
        if isinstance(action, Draw | TakeDiscard):
            return _drawing.plan_draw(self, action)
        if self.phase is Phase.DRAW:
            if isinstance(action, Call | Fold | Raise):
                self._refuse_bet()
            raise IllegalAction(Reason.MUST_DRAW_FIRST)
        if isinstance(action, Lay):
            return _laying.plan_lay(self, action)
        if isinstance(action, Attach):
            return _attaching.plan_attach(self, action)
        if isinstance(action, Swap):
            return _retrieval.plan_swap(self, action)
        if isinstance(action, Discard):
            return _discarding.plan_discard(self, action)
        if isinstance(action, Show):
            return _discarding.plan_show(self, action)
        if isinstance(action, Open):
            return contracts.plan_open(self, action)
        if isinstance(action, Call | Fold | Raise):
            self._refuse_bet()
        raise IllegalAction(Reason.BAD_ACTION, token=str(action))

    def _refuse_bet(self) -> NoReturn:
        """Refuse a bet outside the betting round."""
        if self.betting is None:
            raise IllegalAction(Reason.NO_BETTING)
        raise IllegalAction(Reason.BETTING_OVER)

    def may_take(self) -> bool:
        """Whether the player to move may take the top of the pile (*pozzo*) now."""
        return _drawing.may_take(self)

    def _threshold(self) -> int:
        return self._memo.opening_threshold

    def _ids_for(
        self, seat: int, cards: Sequence[Card], *, avoid: Iterable[int] = (), lay: bool = False
    ) -> list[int]:
        """The ids in the hand for ``cards`` (twins are the same card to the rules): for a
        discard, ids not in ``avoid`` first; for laying, the card taken from the pile and the
        jolly taken back first, since those are the ones the rules want laid."""
        deck = self.deck.cards
        if len(cards) == 1:
            # The common question (a discard, an attachment), answered without a pool.
            card = cards[0]
            found = [i for i in self.hands[seat] if deck[i] is card]
            if len(found) == 1:
                return found
            if not found:
                raise IllegalAction(Reason.NOT_IN_HAND, cards=[card])
        hand = self.hands[seat]
        avoided = set(avoid)
        # Of two twin cards (two jollies, say), the one whose duty is stricter goes down
        # first: under must-use the pile's card (down this turn, see _laying.check_rest),
        # then a pending joker (down this turn), then the pile's card under free pickup
        # (which need only stay out of the discard).
        pending = self.turn_state.pending if lay else ()
        taken = self.turn_state.taken if lay else None
        taken_first = self._memo.discard_pickup is DiscardPickup.MUST_USE
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

    def _melding_allowed(self) -> None:
        if not self._memo.melding_during_play:
            raise IllegalAction(Reason.NO_MELDING_DURING_PLAY)
        if self.terms.contract is not None:
            contracts.check_melding(self, self.to_play)

    def cards_to_keep(self) -> int:
        """Cards a player must keep in hand after laying: one to discard when the rules want a
        final discard, two in a first round where nobody may go out."""
        memo = self._memo
        return memo.keep_first if self.first_round else memo.keep_after

    def _barred(self) -> Card | None:
        """The card that may not be thrown this turn, twins included: the one taken from the
        pile (see _may_discard_id)."""
        taken = self.turn_state.taken
        if taken is None or self._memo.rediscard_taken_card:
            return None
        return self.deck[taken]

    def _may_discard_id(self, card_id: int) -> bool:
        # Twins are the same card to the rules: throwing back the taken card's twin is
        # throwing back the taken card.
        taken = self.turn_state.taken
        if (
            taken is not None
            and self.deck[card_id] is self.deck[taken]
            and not self._memo.rediscard_taken_card
        ):
            return False
        return not (
            card_id in self.turn_state.pending
            and self._memo.retrieved_joker is RetrievedJoker.LAY_THIS_TURN
        )

    def _table_meld(self, number: int) -> TableMeld:
        if not 0 <= number < len(self.table):
            count = len(self.table)
            detail = (
                ("non ce n'è ancora nessuno.", "there is none yet.")
                if not count
                else (
                    f"ci sono {count} giochi, numerati da 0 a {count - 1}.",
                    f"there are {count} melds, numbered 0 to {count - 1}.",
                )
            )
            raise IllegalAction(Reason.NO_SUCH_MELD, meld=number, detail=detail)
        return self.table[number]

    def _trial(
        self,
        seat: int,
        hand: list[int],
        table: list[TableMeld],
        pending: list[int],
        points: int | None = None,
        *,
        pending_from: int | None = None,
        attached: tuple[int, ...] | None = None,
    ) -> Round:
        """The round just after a move being checked: ``hand`` left to ``seat``, the
        ``table`` and the jollies ``pending`` after it, and (not given: as now) the points
        toward his opening laid this turn, the move's included, the meld the pending jokers
        came from and the jokers attached before opening."""
        # A trial is only asked questions, never changed: it shares every list it does not
        # replace (a full copy would cost the whole history at every check of a swap).
        trial = self.shared_copy()
        trial.hands = list(self.hands)
        trial.hands[seat] = list(hand)
        trial.table = list(table)
        now = self.turn_state
        # The move's own points count: the jolly may go down in the rest of an opening it
        # has begun, or freely once it has reached the threshold.
        counted = points is not None and not self.opened[seat]
        trial.turn_state = TurnState(
            taken=now.taken,
            melded=True,
            opening_points=points if points is not None and counted else now.opening_points,
            pending=tuple(pending),
            pending_from=now.pending_from if pending_from is None else pending_from,
            attached_jokers=now.attached_jokers if attached is None else attached,
        )
        if points is not None and counted and points >= self._threshold():
            trial.opened = list(self.opened)
            trial.opened[seat] = True
        return trial

    def _after_meld(
        self,
        seat: int,
        ids: Sequence[int],
        gained: int,
        *,
        retrieved: Sequence[int] = (),
        retrieved_from: int | None = None,
        attached: tuple[int, ...] | None = None,
    ) -> None:
        """The turn after a move of ``seat`` that put ``ids`` on the table with ``gained``
        points toward his opening (see TurnState.after_move for the others)."""
        state = self.turn_state
        points = state.opening_points if self.opened[seat] else state.opening_points + gained
        self.turn_state = state.after_move(
            ids,
            points,
            retrieved=retrieved,
            retrieved_from=retrieved_from,
            attached_jokers=attached,
        )
        if not self.opened[seat] and points >= self._threshold():
            self.opened[seat] = True

    def discard_options(self) -> list[Card]:
        """The cards the player to move may discard now (one check of the turn, then card by
        card), the same answer as ``can(Discard(card))`` for every card."""
        return _discarding.discard_options(self)

    def attachable(self, card: Card) -> bool:
        """Whether ``card`` could be attached to some meld on the table."""
        return _attaching.attachable(self, card)

    # --- turns and the end ---

    def _record(self, seat: int, action: Action, ids: tuple[int, ...]) -> Event:
        self._answers = {}
        self._opening_alive = None
        event = Event(seat, action, ids)
        self.history.append(event)
        # A draw from the stock is public, the card drawn is not (the Draw value holds none);
        # the card taken from the pozzo was face up for all to see.
        taken = self.deck[ids[0]] if isinstance(action, TakeDiscard) else None
        self.public_history.append(PublicEvent(seat, action, taken))
        return event

    def _next_turn(self) -> None:
        if self.turn_state.melded:
            self.melded_before[self.to_play] = True
        seat = self.next_seat(self.to_play)
        if self.betting is not None:
            # Who folded in the betting round plays no more turns in this hand.
            while seat in self.betting.folded:
                seat = self.next_seat(seat)
        self.to_play = seat
        self.turn += 1
        self.phase = Phase.DRAW
        self.turn_state = NEW_TURN
        if self.turn > self._memo.max_turns:
            self._end_by_cap(EndReason.MAX_TURNS)
        elif not self.stock:
            self._restock()

    def _restock(self) -> None:
        limit = self.rules.max_restocks
        if (limit is not None and self.restocks >= limit) or len(self.discard_pile) < 2:
            self._end_by_cap(EndReason.MAX_RESTOCKS)
            return
        top = self.discard_pile.pop()
        pile = self.discard_pile
        self.restocks += 1
        scripted = (
            self._scripted_restocks[self.restocks - 1]
            if self.restocks <= len(self._scripted_restocks)
            else None
        )
        if scripted is not None and sorted(scripted) == sorted(pile):
            new = list(scripted)
        elif self.rules.restock is Restock.SHUFFLE:
            seed = self.seed + b"/restock/" + str(self.restocks).encode()
            new = portable_shuffle(pile, seed)
        else:
            # Turned over: the first discard, at the bottom of the pile, becomes the top.
            new = pile[::-1]
        self.stock = new
        self.restock_orders.append(tuple(new))
        self.discard_pile = [top]

    def _go_out(self, seat: int, closing: Closing, *, in_one_turn: bool | None = None) -> None:
        one_turn = (not self.melded_before[seat]) if in_one_turn is None else in_one_turn
        self.melded_before[seat] = True
        self._finish(EndReason.WENT_OUT, seat, one_turn, closing)

    def _end_by_cap(self, reason: EndReason) -> None:
        self._finish(reason, None, False, Closing.SIMPLE)

    def _finish(
        self, reason: EndReason, out: int | None, in_one_turn: bool, closing: Closing
    ) -> None:
        hands = tuple(self.hand(s) for s in range(self.players))
        if self.rules.lay_after_close and out is not None:
            counts = tuple(
                0 if s == out else min_deadwood(h, self.rules) for s, h in enumerate(hands)
            )
        else:
            counts = tuple(hand_count(h, self.rules) for h in hands)
        chips = None
        if self.betting is not None:
            chips = settle(
                self.betting,
                out,
                self._seats_from(self.next_seat(self.dealer)),
                stake_multiplier(closing, self.rules) if reason is EndReason.WENT_OUT else 1,
            )
        self.phase = Phase.OVER
        self.end = RoundEnd(reason, out, in_one_turn, closing, hands, counts, chips)

    def winner_by_cap(self) -> tuple[int, ...]:
        """Seats that win a round stopped by a cap (lowest hand), per ``on_round_cap``."""
        if self.end is None or self.end.out is not None or self.betting is not None:
            # Played for chips, a hand nobody went out of is nobody's: its pots carry over.
            return ()
        # The same rule the score sheet applies (scoring.cap_winners), by seat.
        return tuple(sorted(cap_winners(dict(enumerate(self.end.counts)), self.rules)))


#: Every attribute of a round, for pickling (see Round.__getstate__).
_STATE = (
    "rules",
    "players",
    "dealer",
    "seed",
    "deck",
    "deck_order",
    "hands",
    "table",
    "stock",
    "discard_pile",
    "history",
    "public_history",
    "turn",
    "restocks",
    "opened",
    "melded_before",
    "end",
    "restock_orders",
    "_scripted_restocks",
    "to_play",
    "phase",
    "turn_state",
    "_no_attachable_discard",
    "_memo",
    "terms",
)
