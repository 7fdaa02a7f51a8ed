"""The round (*smazzata*) as one state machine for every variant: the deal, the turns, the
count. The variant is the frozen :class:`Rules` value; nothing here asks for a preset's name.

Actions go through ``check`` (raises :class:`IllegalAction` with a reason), ``can`` (a bool)
and ``apply`` (validates, applies completely, records an :class:`Event`). A refused action
leaves the round exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Final, NoReturn

from . import legal as _legal
from .actions import Action, Attach, Discard, Draw, Lay, Show, Swap, TakeDiscard
from .candidates import meld_candidates
from .cards import JOKER, Card, code_order
from .deal import _check_playable
from .deal import seed_bytes as seed_bytes
from .deal import stacked_deck as stacked_deck
from .deck import Deck
from .errors import IllegalAction, RaminoError, Reason
from .going_out import closing_kind, min_deadwood
from .match import RoundResult
from .melds import Meld, MeldKind, attach, retrieve_joker, validate_meld
from .observation import Observation, PublicEvent, observe
from .presets import get_preset
from .rules import (
    Direction,
    DiscardPickup,
    FinalDiscard,
    JokerUpcard,
    Restock,
    RetrievedJoker,
    Rules,
)
from .rules_key import RulesKey, rules_key
from .scoring import Closing, cap_winners, hand_count
from .shuffle import portable_shuffle
from .state import EndReason as EndReason
from .state import Event as Event
from .state import Phase as Phase
from .state import RoundEnd as RoundEnd
from .state import TableMeld as TableMeld
from .state import TurnState as TurnState

_Commit = Callable[[], Event]

# Read once: an enum member looked up on its class goes through the enum's metaclass, and
# these are asked about at every decision.
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_MUST_USE: Final = DiscardPickup.MUST_USE
_LAY_THIS_TURN: Final = RetrievedJoker.LAY_THIS_TURN
_LAY_IF_POSSIBLE: Final = RetrievedJoker.LAY_IF_POSSIBLE
_REQUIRED: Final = FinalDiscard.REQUIRED
_CLOCKWISE: Final = Direction.CLOCKWISE


def _opened_message(points: int, threshold: int) -> IllegalAction:
    return IllegalAction(Reason.OPENING_BELOW_THRESHOLD, points=points, threshold=threshold)


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
    # them out as slots.
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
    _keep_first: int
    _keep_after: int
    _no_attachable_discard: bool
    #: The key of ``rules`` (see rules_key): the knobs read at every decision, as fields.
    _key: RulesKey

    def __init__(
        self,
        rules: Rules | str,
        players: int,
        *,
        seed: int | str | bytes = 0,
        dealer: int = 0,
        deck_order: Sequence[int] | None = None,
        restock_orders: Sequence[Sequence[int]] = (),
        _copy_of: Round | None = None,
    ) -> None:
        if _copy_of is not None:
            # A shallow copy for copy() and for trials: each list is replaced by the caller
            # where it must not be shared.
            source = _copy_of
            self.rules = source.rules
            self._key = source._key
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
            self._keep_first = source._keep_first
            self._keep_after = source._keep_after
            self._no_attachable_discard = source._no_attachable_discard
            return
        if isinstance(rules, str):
            rules = get_preset(rules)
        _check_playable(rules, players)
        if not 0 <= dealer < players:
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=(f"il mazziere {dealer} non è un posto.", f"dealer {dealer} is no seat."),
            )
        self.rules = rules
        self._key = rules_key(rules)
        self.players = players
        self.dealer = dealer
        # What cards_to_keep answers, read from the rules once: it is asked at every move of
        # an opening and every check of what a move leaves.
        self._keep_after = 1 if rules.final_discard is _REQUIRED else 0
        self._keep_first = self._keep_after if rules.rummy_on_first_turn else 2
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
        self.phase = _DRAW
        self.turn_state = TurnState()
        self._deal(order)

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
        step = 1 if self._key.direction is _CLOCKWISE else -1
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
            self.phase = _PLAY
        else:
            tries = 0
            while self.deck[upcard].is_joker and tries < len(rest):
                # A jolly turned up goes back under the stock and another is turned ([G]).
                rest.append(upcard)
                upcard = rest.pop(0)
                tries += 1
            self.discard_pile.append(upcard)
        self.stock = rest[::-1]  # the top of the stock is the end of the list

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
        return self.phase is _OVER

    @property
    def first_round(self) -> bool:
        """True until every player has had a turn."""
        return self.turn <= self.players

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
        the opening (see _plan_swap)."""
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
        return RoundResult(
            out=None if end.out is None else names[end.out],
            hands={names[s]: end.counts[s] for s in range(self.players) if s != end.out},
            in_one_turn=end.in_one_turn,
            closing=end.closing,
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

    # --- check / can / apply ---

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, listed now in a stable order (see
        :mod:`ramino.engine.legal`): ``action in r.legal_actions``, ``len(r.legal_actions)``.
        Each is accepted by :meth:`apply`; none is missing that a player could make, but for
        the ways of writing the same move (a jolly declared or left to the rules)."""
        return tuple(_legal.legal_actions(self))

    def refusal(self, action: Action) -> RaminoError | None:
        """Why ``action`` is not legal now, or ``None`` if it is.

        The one place that decides: ``check``, ``can``, ``apply`` and ``legal_actions`` all
        ask it. The refusal names the player to move and the turn (``seat``, ``turn``).
        """
        try:
            self._plan(action)
        except RaminoError as error:
            return error
        return None

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (or a meld or notation error) if ``action`` is not
        legal now; return quietly otherwise."""
        self._plan(action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return self.refusal(action) is None

    def apply(self, action: Action) -> Event:
        """Apply a legal action completely and record it; an illegal one changes nothing."""
        return self._plan(action)()

    # --- planning: every check happens before anything changes ---

    def _plan(self, action: Action) -> _Commit:
        """Decide ``action``: the function that makes it, or the refusal raised, with the
        player to move and the turn it was refused in."""
        try:
            return self._decide(action)
        except RaminoError as error:
            error.where(self.to_play, self.turn)
            raise

    def _decide(self, action: Action) -> _Commit:
        if self.phase is _OVER:
            raise IllegalAction(Reason.ROUND_OVER)
        # Two checks, not one against ``Draw | TakeDiscard``: compiled, that union is a type
        # made at every call and checked through the generic protocol.
        if isinstance(action, Draw) or isinstance(action, TakeDiscard):  # noqa: SIM101
            return self._plan_draw(action)
        if self.phase is _DRAW:
            raise IllegalAction(Reason.MUST_DRAW_FIRST)
        if isinstance(action, Lay):
            return self._plan_lay(action)
        if isinstance(action, Attach):
            return self._plan_attach(action)
        if isinstance(action, Swap):
            return self._plan_swap(action)
        if isinstance(action, Discard):
            return self._plan_discard(action)
        if isinstance(action, Show):
            return self._plan_show(action)
        raise IllegalAction(Reason.BAD_ACTION, token=str(action))

    def _plan_draw(self, action: Draw | TakeDiscard) -> _Commit:
        if self.phase is not _DRAW:
            raise IllegalAction(Reason.ALREADY_DRAWN)
        seat = self.to_play
        if isinstance(action, Draw):

            def draw() -> Event:
                card = self.stock.pop()
                self.hands[seat].append(card)
                self.phase = _PLAY
                return self._record(seat, action, (card,))

            return draw
        top = self._check_take(seat)

        def take() -> Event:
            self.discard_pile.pop()
            self.hands[seat].append(top)
            self.turn_state = replace(self.turn_state, taken=top)
            self.phase = _PLAY
            return self._record(seat, action, (top,))

        return take

    def _check_take(self, seat: int) -> int:
        """The id of the card ``seat`` may take from the pile now, or the refusal."""
        if not self.discard_pile:
            raise IllegalAction(Reason.DISCARD_PILE_EMPTY)
        top = self.discard_pile[-1]
        if self._take_leaves_no_discard(seat, top):
            # He could never discard again this turn: every card he holds is the taken one.
            raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=[self.deck[top]])
        if self._key.discard_pickup is _MUST_USE and not self._take_is_usable(seat, top):
            self._refuse_unusable_take(seat, top)
        return top

    def may_take(self) -> bool:
        """Whether the player to move may take the top of the pile (*pozzo*) now."""
        # The questions of _check_take, asked without building the refusals: this is asked
        # at every draw, and most often the answer is no.
        if self.phase is not _DRAW or not self.discard_pile:
            return False
        seat = self.to_play
        top = self.discard_pile[-1]
        if self._take_leaves_no_discard(seat, top):
            return False
        return self._key.discard_pickup is not _MUST_USE or self._take_is_usable(seat, top)

    def _take_leaves_no_discard(self, seat: int, top: int) -> bool:
        top_card = self.deck[top]
        return not self._key.rediscard_taken_card and all(
            self.deck[i] is top_card for i in self.hands[seat]
        )

    def _take_is_usable(self, seat: int, top: int) -> bool:
        knobs = self._key
        if not knobs.melding_during_play:
            # Nothing is laid during play: the card is used only by closing with it, which
            # the moves after the take tell (a close is rare, and so is this question).
            return bool(self._after_take(seat, top).legal_actions)
        hand = [*self.hands[seat], top]
        if self.opened[seat]:
            usable = _legal.can_use_at_once(self, seat, hand, top)
        else:
            usable = _legal.can_open_with(self, seat, hand, top)
            if not usable and self._retrieval_might_help(seat, hand, self.deck[top]):
                # The opening search counts the cards in hand, and a jolly taken back may
                # be what the opening lacks: the moves that open with the card tell.
                usable = self._opens_with_taken(seat, top)
        if not usable and knobs.flush_close and self._could_close_flush(seat, top):
            # The flush close shows the whole hand, the taken card in it.
            usable = bool(self._after_take(seat, top).legal_actions)
        return usable

    def _opens_with_taken(self, seat: int, top: int) -> bool:
        """Whether, after taking ``top``, a first move that puts it in his opening (a meld,
        or an attachment where those count) is legal."""
        after = self._after_take(seat, top)
        card = self.deck[top]
        knobs = self._key
        counted = knobs.opening_counts_attachments and knobs.attach_before_opening
        for action in _legal.play_candidates(after):
            if (
                (isinstance(action, Lay) or (counted and isinstance(action, Attach)))
                and card in action.cards
                and after.can(action)
            ):
                return True
        return False

    def _could_close_flush(self, seat: int, top: int) -> bool:
        # Ten cards of one suit, the taken one among them, or no flush close uses it.
        code = self.deck[top].code
        if code == 52:
            return False
        suit = code // 13
        cards = self.deck.cards
        return (
            sum(1 for i in self.hands[seat] if cards[i].code // 13 == suit and cards[i].code != 52)
            >= 9
        )

    def _after_take(self, seat: int, top: int) -> Round:
        # The round just after taking ``top``, only asked questions: like a trial, it shares
        # every list it does not replace.
        after = Round(self.rules, self.players, _copy_of=self)
        after.hands = list(self.hands)
        after.hands[seat] = [*self.hands[seat], top]
        after.discard_pile = self.discard_pile[:-1]
        after.turn_state = replace(after.turn_state, taken=top)
        after.phase = _PLAY
        return after

    def _refuse_unusable_take(self, seat: int, top: int) -> NoReturn:
        detail: tuple[str, str]
        if not self._key.melding_during_play:
            detail = (
                "qui non si cala durante la smazzata: la prendi solo per chiudere con essa.",
                "nothing is laid during play here: you take it only to close with it.",
            )
        elif self._holds_twin(seat, top) and self._take_is_usable_with_rediscard(seat, top):
            # A use there is, but it keeps only the card's twin, which may not be thrown.
            detail = (
                "usandola ti resterebbe da scartare solo la sua gemella, che non si riscarta:"
                " saresti incartato.",
                "using it would leave you only its twin to discard, which may not be thrown"
                " back: you would be stuck.",
            )
        elif self.opened[seat]:
            detail = (
                "non puoi calarla né attaccarla adesso.",
                "you could not lay or attach it now.",
            )
        else:
            detail = (
                f"chi non ha aperto la prende solo per aprire con essa ({self._threshold()}"
                " punti).",
                f"a player who has not opened takes it only to open with it"
                f" ({self._threshold()} points).",
            )
        raise IllegalAction(Reason.TAKE_NEEDS_USE, cards=[self.deck[top]], detail=detail)

    def _holds_twin(self, seat: int, top: int) -> bool:
        top_card = self.deck[top]
        return any(self.deck[i] is top_card for i in self.hands[seat])

    def _take_is_usable_with_rediscard(self, seat: int, top: int) -> bool:
        # The question of _take_is_usable under rules that let the twin be thrown back: only
        # to word a refusal.
        trial = Round(self.rules, self.players, _copy_of=self)
        trial.rules = replace(self.rules, rediscard_taken_card=True)
        trial._key = rules_key(trial.rules)
        return trial._take_is_usable(seat, top)

    def _threshold(self) -> int:
        return self._key.opening_threshold

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
        # first: under must-use the pile's card (before any other move, _check_taken_used),
        # then a pending joker (down this turn), then the pile's card under free pickup
        # (which need only stay out of the discard).
        pending = self.turn_state.pending if lay else ()
        taken = self.turn_state.taken if lay else None
        taken_first = self._key.discard_pickup is _MUST_USE
        chosen: list[int] = []
        for card in cards:
            hit = -1
            best = 0
            for i in hand:
                if deck[i] is card and i not in chosen:
                    # Not avoided first, then by that duty, then the lowest id.
                    if i == taken and taken_first:
                        order = 0
                    elif i in pending:
                        order = 1
                    else:
                        order = 2 if i == taken else 3
                    if i in avoided:
                        order += 4
                    order = order << 32 | i
                    if hit < 0 or order < best:
                        hit = i
                        best = order
            if hit < 0:
                missing = Counter(cards) - Counter(deck[i] for i in hand)
                raise IllegalAction(Reason.NOT_IN_HAND, cards=sorted(missing.elements()))
            chosen.append(hit)
        return chosen

    def _melding_allowed(self) -> None:
        if not self._key.melding_during_play:
            raise IllegalAction(Reason.NO_MELDING_DURING_PLAY)

    def _check_rest(
        self,
        seat: int,
        rest: list[int],
        laid: Sequence[Card],
        points: int,
        after_table: list[TableMeld] | None = None,
        *,
        within_hand: bool = False,
        pending_from: int | None = None,
        freed: Sequence[int] = (),
        attached: tuple[int, ...] | None = None,
    ) -> bool:
        """Whether the hand left after laying ``laid`` still lets the turn end; returns True
        when the hand would be empty (the player goes out by laying). ``pending_from`` and
        ``freed``: the meld a jolly is taken back from by the move checked, and its ids;
        ``attached``: attached_jokers after the move, if it changes them."""
        opened_after = self.opened[seat] or points >= self._threshold()
        if not rest:
            if self.rules.final_discard is _REQUIRED:
                raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=laid)
            if self.first_round and not self.rules.rummy_on_first_turn:
                raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
            if not opened_after:
                raise _opened_message(points, self._threshold())
            return True
        # In a first round without going out he must keep a card after his discard too.
        if self.first_round and not self.rules.rummy_on_first_turn and len(rest) < 2:
            raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
        if not any(self._may_discard_id(i) for i in rest):
            raise IllegalAction(Reason.WOULD_LEAVE_NO_DISCARD, cards=laid)
        if not opened_after:
            # An opening begun must be finished this turn: refuse a step from which the
            # threshold can no longer be reached with the cards left.
            keep = self.cards_to_keep()
            cards = [self.deck[i] for i in rest]
            table = [m.meld for m in (self.table if after_table is None else after_table)]
            need = self._threshold() - points
            # When ``rest`` is part of the hand, the melds of the hand serve for every part.
            within = [self.deck[i] for i in self.hands[seat]] if within_hand else None
            # A jolly waiting in hand does not go back on the meld it came from; another
            # jolly of the hand may.
            came_from = pending_from
            if came_from is None and self.turn_state.pending:
                came_from = self.turn_state.pending_from
            waiting = [*freed, *self.turn_state.pending]
            if not _legal.opening_reachable(
                cards,
                self.rules,
                need,
                keep=keep,
                table=table,
                within=within,
                barred=self._barred(),
                waiting_from=-1 if came_from is None else came_from,
                waiting=sum(1 for i in rest if i in waiting),
            ) and not self._retrieval_opens(
                seat,
                rest,
                self.table if after_table is None else after_table,
                [i for i in waiting if i in rest],
                points,
                came_from,
                within,
                self.turn_state.attached_jokers if attached is None else attached,
            ):
                raise IllegalAction(
                    Reason.OPENING_UNREACHABLE,
                    points=points,
                    threshold=self._threshold(),
                )
        return False

    def _retrieval_opens(
        self,
        seat: int,
        rest: list[int],
        table: list[TableMeld],
        waiting: list[int],
        points: int,
        came_from: int | None,
        within: list[Card] | None,
        attached: tuple[int, ...],
    ) -> bool:
        """Whether, after the move checked (which leaves ``rest``, the ``table``, the jollies
        ``waiting`` and ``points`` toward the opening), a jolly taken back from the table
        could still give the opening it lacks: the opening search counts the cards in
        hand, and a retrieval trades one of them for a jolly. The retrieval's own check
        answers, and it asks the same of the hand it leaves. A jolly the move puts on the
        table is tried too: the moves one after the other may take it back. Where a jolly
        taken back waits and must go down before another is taken back, the moves that lay
        it are tried instead, each asking the same of the hand it leaves. ``within``: the
        hand ``rest`` is part of, if any (see opening_reachable); ``attached``:
        attached_jokers after the move.

        Where attachments count toward the opening, a retrieval from a set that wants every
        missing suit at once is also tried after attaching one of those cards: the points
        of the attachment count, and the jolly then stands for fewer cards (the attachment's
        own check asks for the retrieval that is left)."""
        before = self.table
        # The melds holding a jolly after the move, but not one it took a jolly from.
        old: list[int] = []
        for number in range(len(table)):
            now = table[number].meld.joker_count
            if now and (number >= len(before) or now >= before[number].meld.joker_count):
                old.append(number)
        if not old:
            return False
        melds = [m.meld for m in table]
        swaps, jollies = _legal.retrievals_before_opening(self, rest, melds, old)
        # A meld of his own counts as it ends up (see _plan_swap): the cards that take its
        # jolly back may count more than the jolly did.
        bound = points + _legal.own_retrieval_gain(table, old, seat, attached, self.rules)
        if not self._jollies_may_make_up(rest, melds, jollies, bound, within=within):
            return False
        trial = self._trial(seat, rest, table, waiting, points)
        trial.turn_state = replace(
            trial.turn_state,
            pending_from=self.turn_state.pending_from if came_from is None else came_from,
            attached_jokers=attached,
        )
        knobs = self._key
        # One jolly at a time (see _plan_swap): while one waits to go down, no retrieval is;
        # once it is down, one may be. The moves that lay it tell whether one taken back
        # after it could finish the opening.
        if bool(waiting) and knobs.retrieved_joker is _LAY_THIS_TURN:
            if any(trial.can(action) for action in _legal.joker_actions(trial, seat)):
                return True
        elif any(trial.can(action) for action in swaps):
            return True
        if not (knobs.opening_counts_attachments and knobs.attach_before_opening):
            return False
        return any(
            trial.can(Attach(swap.meld, [card]))
            for swap in swaps
            if len(swap.cards) > 1
            for card in swap.cards
        )

    def _retrieval_may_help(
        self, seat: int, hand: list[int], points: int, using: Card | None = None
    ) -> bool:
        """Whether a player who has not opened, holding ``hand`` with ``points`` toward his
        opening, could pay for jollies on the table that, with his cards, might make up
        the rest (the checks decide whether he may take them back, and what they make).
        ``using``: a card that must be in the opening."""
        melds = [m.meld for m in self.table]
        _, jollies = _legal.retrievals_before_opening(self, hand, melds)
        return self._jollies_may_make_up(hand, melds, jollies, points, using=using)

    def _retrieval_might_help(self, seat: int, hand: list[int], card: Card) -> bool:
        """A looser question than _retrieval_may_help, asked of a hand with the card ``card``
        just taken, which must be in the opening: only the bound of the opening's points
        (see legal.jollies_might_make_up), no search of the hand with the jollies. Asked
        once a draw, of a hand seen once: its search would cost more than the moves it
        spares, which most often open."""
        melds = [m.meld for m in self.table]
        _, jollies = _legal.retrievals_before_opening(self, hand, melds)
        return jollies > 0 and _legal.jollies_might_make_up(
            [self.deck[i] for i in hand],
            self.rules,
            self._threshold() - self.turn_state.opening_points,
            jollies=jollies,
            table=melds,
            using=card,
        )

    def _jollies_may_make_up(
        self,
        hand: list[int],
        melds: list[Meld],
        jollies: int,
        points: int,
        *,
        within: list[Card] | None = None,
        using: Card | None = None,
    ) -> bool:
        """The bound of legal.reachable_with_jollies for the ids ``hand``, with ``jollies``
        to take back from ``melds`` and ``points`` toward the opening (none without a
        jolly to take back)."""
        return jollies > 0 and _legal.reachable_with_jollies(
            [self.deck[i] for i in hand],
            self.rules,
            self._threshold() - points,
            keep=self.cards_to_keep(),
            jollies=jollies,
            table=melds,
            within=within,
            using=using,
        )

    def cards_to_keep(self) -> int:
        """Cards a player must keep in hand after laying: one to discard when the rules want a
        final discard, two in a first round where nobody may go out."""
        return self._keep_first if self.first_round else self._keep_after

    def _check_taken_used(self, seat: int, ids: Sequence[int]) -> None:
        """Under ``discard_pickup = must_use`` the card taken from the pile goes down first."""
        taken = self.turn_state.taken
        if (
            taken is not None
            and self._key.discard_pickup is _MUST_USE
            and taken in self.hands[seat]
            and taken not in ids
        ):
            raise IllegalAction(Reason.TAKEN_CARD_NOT_USED, cards=[self.deck[taken]])

    def _barred(self) -> Card | None:
        """The card that may not be thrown this turn, twins included: the one taken from the
        pile (see _may_discard_id)."""
        taken = self.turn_state.taken
        if taken is None or self._key.rediscard_taken_card:
            return None
        return self.deck[taken]

    def _may_discard_id(self, card_id: int) -> bool:
        # Twins are the same card to the rules: throwing back the taken card's twin is
        # throwing back the taken card.
        taken = self.turn_state.taken
        if (
            taken is not None
            and self.deck[card_id] is self.deck[taken]
            and not self._key.rediscard_taken_card
        ):
            return False
        return not (
            card_id in self.turn_state.pending and self._key.retrieved_joker is _LAY_THIS_TURN
        )

    def _plan_lay(self, action: Lay) -> _Commit:
        self._melding_allowed()
        seat = self.to_play
        ids = self._ids_for(seat, action.cards, lay=True)
        self._check_taken_used(seat, ids)
        meld = validate_meld(action.cards, self.rules, jokers=action.jokers)
        opening = not self.opened[seat]
        if opening and not self._key.opening_jokers and meld.joker_count:
            raise IllegalAction(Reason.OPENING_JOKERS_FORBIDDEN, cards=action.cards)
        gained = meld.points(self.rules) if opening else 0
        points = self.turn_state.opening_points + gained
        rest = _without_ids(self.hands[seat], ids)
        ordered = _ids_in_meld_order(ids, meld, self.deck)
        table = [*self.table, TableMeld(seat, meld, ordered)]
        goes_out = self._check_rest(seat, rest, action.cards, points, table, within_hand=True)
        self._check_pending_placeable(seat, ids, rest, table, points)

        def lay() -> Event:
            self.hands[seat] = rest
            self.table.append(TableMeld(seat, meld, ordered))
            self._after_meld(seat, ids, gained)
            event = self._record(seat, action, tuple(ordered))
            if goes_out:
                self._go_out(seat, Closing.SIMPLE)
            return event

        return lay

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

    def _plan_attach(self, action: Attach) -> _Commit:
        self._melding_allowed()
        seat = self.to_play
        if len(action.cards) != 1:
            raise IllegalAction(Reason.ATTACH_ONE_CARD, cards=action.cards, count=len(action.cards))
        target = self._table_meld(action.meld)
        opening = not self.opened[seat]
        if opening and not self._key.attach_before_opening:
            raise IllegalAction(Reason.ATTACH_BEFORE_OPENING)
        # On the meld a jolly was taken back from, another jolly of the hand may go, not that
        # one: the ids avoid it.
        avoid = self.turn_state.pending if action.meld == self.turn_state.pending_from else ()
        ids = self._ids_for(seat, action.cards, avoid=avoid, lay=True)
        self._check_taken_used(seat, ids)
        if action.meld == self.turn_state.pending_from and any(
            i in self.turn_state.pending for i in ids
        ):
            # [G]: the jolly taken back goes down again "in un altro gioco".
            raise IllegalAction(Reason.JOKER_BACK_TO_SAME_MELD, meld=action.meld)
        grown = attach(target.meld, action.cards, self.rules, jokers=action.jokers)
        gained = 0
        if opening and self._key.opening_counts_attachments:
            gained = grown.points_of(action.cards, target.meld, self.rules)
        points = self.turn_state.opening_points + gained
        attached = self.turn_state.attached_jokers
        if opening and action.cards[0].is_joker:
            attached = (*attached, action.meld)
        rest = _without_ids(self.hands[seat], ids)
        new_ids = _merge_ids(target, grown, ids, self.deck)
        table = list(self.table)
        table[action.meld] = TableMeld(target.owner, grown, new_ids)
        goes_out = self._check_rest(
            seat, rest, action.cards, points, table, within_hand=True, attached=attached
        )
        self._check_pending_placeable(seat, ids, rest, table, points, attached)

        def do_attach() -> Event:
            self.hands[seat] = rest
            self.table[action.meld] = TableMeld(target.owner, grown, new_ids)
            self.turn_state = replace(self.turn_state, attached_jokers=attached)
            self._after_meld(seat, ids, gained)
            event = self._record(seat, action, tuple(ids))
            if goes_out:
                self._go_out(seat, Closing.SIMPLE)
            return event

        return do_attach

    def _plan_swap(self, action: Swap) -> _Commit:
        self._melding_allowed()
        seat = self.to_play
        target = self._table_meld(action.meld)
        ids = self._ids_for(seat, action.cards, lay=True)
        self._check_taken_used(seat, ids)
        new_meld, freed = retrieve_joker(
            target.meld, action.cards, self.rules, opened=self.opened[seat]
        )
        joker_ids = [i for i in target.ids if self.deck[i].is_joker][: len(freed)]
        rest = _without_ids(self.hands[seat], ids) + joker_ids
        kept_ids = _without_ids(list(target.ids), joker_ids) + ids
        new_ids = _ids_in_meld_order(kept_ids, new_meld, self.deck)
        points = self.turn_state.opening_points
        attached = self.turn_state.attached_jokers
        if not self.opened[seat]:
            # A meld of his own, before he has opened, is one of the opening being made (an
            # opening begun is finished in its turn), and its jollies counted when laid; one
            # he attached counted where attachments count.
            if action.meld in attached:
                counted = self._key.opening_counts_attachments
                # The jollies he attached go first (a meld holds one, unless the rules
                # allow more).
                attached = _less(attached, action.meld, len(freed))
            else:
                counted = target.owner == seat
            if counted:
                # The meld counts as it ends up: the jolly takes its value away (where the
                # rules give it its own), and the card put in its place brings its own.
                points += new_meld.points(self.rules) - target.meld.points(self.rules)
            elif self._key.swap_counts_for_opening:
                points += new_meld.points_of(action.cards, target.meld, self.rules)
        swapped = list(self.table)
        swapped[action.meld] = TableMeld(target.owner, new_meld, new_ids)
        lay_now = self._key.retrieved_joker is _LAY_THIS_TURN
        if lay_now and self.turn_state.pending:
            # One jolly at a time: the one already taken back goes down first.
            raise IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
        # Under must-use the pile's card goes down this turn and stays down: taken back
        # from the table, it must go down again, whatever retrieved_joker says.
        taken = self.turn_state.taken
        relaid: list[int] = []
        if lay_now:
            relaid = joker_ids
        elif taken is not None and self._key.discard_pickup is _MUST_USE and taken in joker_ids:
            relaid = [taken]
        # Before he has opened, where he may attach, whether the jolly can go down again is
        # told by trying each move that lays it, and each is accepted only if the hand it
        # leaves can still open: so when the hand the retrieval leaves cannot, none is. That
        # one search then comes first, the refusals kept in their order.
        early = bool(relaid) and not self.opened[seat] and self._key.attach_before_opening
        if relaid and not early:
            self._check_relaid(seat, rest, swapped, relaid, action.meld, freed, points, attached)
        try:
            self._check_rest(
                seat,
                rest,
                action.cards,
                points,
                swapped,
                pending_from=action.meld,
                freed=joker_ids,
                attached=attached,
            )
        except IllegalAction as error:
            if not early:
                raise
            if error.reason is Reason.OPENING_UNREACHABLE:
                raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=freed) from None
            self._check_relaid(seat, rest, swapped, relaid, action.meld, freed, points, attached)
            raise
        if early:
            self._check_relaid(seat, rest, swapped, relaid, action.meld, freed, points, attached)

        def swap() -> Event:
            self.hands[seat] = rest
            self.table[action.meld] = TableMeld(target.owner, new_meld, new_ids)
            self.turn_state = replace(
                self.turn_state,
                pending=(*self.turn_state.pending, *joker_ids),
                pending_from=action.meld,
                attached_jokers=attached,
            )
            self._after_meld(seat, ids, points - self.turn_state.opening_points)
            return self._record(seat, action, tuple(ids))

        return swap

    def _check_relaid(
        self,
        seat: int,
        rest: list[int],
        table: list[TableMeld],
        joker_ids: list[int],
        meld: int,
        freed: Sequence[Card],
        points: int,
        attached: tuple[int, ...],
    ) -> None:
        """A jolly taken back from the table's meld ``meld`` that must go down this turn
        must have somewhere to go, from the hand ``rest`` and the ``table`` after the
        retrieval (and ``points`` toward the opening, and ``attached`` for
        attached_jokers, after it)."""
        trial = self._trial(seat, rest, table, joker_ids, points)
        trial.turn_state = replace(trial.turn_state, attached_jokers=attached, pending_from=meld)
        if not _can_lay_all_pending(trial, seat):
            raise IllegalAction(Reason.JOKER_CANNOT_BE_RELAID, cards=freed)

    def _trial(
        self,
        seat: int,
        hand: list[int],
        table: list[TableMeld],
        pending: list[int],
        points: int | None = None,
    ) -> Round:
        """The round just after a move being checked: ``hand`` left to ``seat``, the
        ``table`` and the jollies ``pending`` after it, and (not given: as now) the points
        toward his opening laid this turn, the move's included."""
        # A trial is only asked questions, never changed: it shares every list it does not
        # replace (a full copy would cost the whole history at every check of a swap).
        trial = Round(self.rules, self.players, _copy_of=self)
        trial.hands = list(self.hands)
        trial.hands[seat] = list(hand)
        trial.table = list(table)
        trial.turn_state = replace(trial.turn_state, pending=tuple(pending), melded=True)
        if points is not None and not self.opened[seat]:
            # The move's own points count: the jolly may go down in the rest of an
            # opening it has begun, or freely once it has reached the threshold.
            trial.turn_state = replace(trial.turn_state, opening_points=points)
            if points >= self._threshold():
                trial.opened = list(self.opened)
                trial.opened[seat] = True
        return trial

    def _check_pending_placeable(
        self,
        seat: int,
        used: Sequence[int],
        rest: list[int],
        table: list[TableMeld],
        points: int,
        attached: tuple[int, ...] | None = None,
    ) -> None:
        """A jolly taken back that must go down this turn must keep somewhere to go, once
        the move has laid ``used`` (``points`` toward the opening, and ``attached`` for
        attached_jokers if it changes them, after it)."""
        if self._key.retrieved_joker is not _LAY_THIS_TURN:
            return
        waiting = _without_ids(self.turn_state.pending, used)
        if not waiting:
            return
        trial = self._trial(seat, rest, table, waiting, points)
        if attached is not None:
            trial.turn_state = replace(trial.turn_state, attached_jokers=attached)
        if not _can_lay_all_pending(trial, seat):
            raise IllegalAction(
                Reason.JOKER_CANNOT_BE_RELAID, cards=[self.deck[i] for i in waiting]
            )

    def _after_meld(self, seat: int, ids: Sequence[int], gained: int) -> None:
        state = self.turn_state
        points = state.opening_points if self.opened[seat] else state.opening_points + gained
        self.turn_state = replace(
            state,
            melded=True,
            pending=tuple(_without_ids(state.pending, ids)),
            opening_points=points,
        )
        if not self.opened[seat] and points >= self._threshold():
            self.opened[seat] = True

    def _discard_id(self, seat: int, card: Card) -> int:
        """The id a discard of ``card`` throws, or a refusal for that card."""
        avoid = [] if self.turn_state.taken is None else [self.turn_state.taken]
        (card_id,) = self._ids_for(seat, [card], avoid=avoid)
        if (
            not self._may_discard_id(card_id)
            and self.turn_state.taken is not None
            and (self.deck[card_id] is self.deck[self.turn_state.taken])
        ):
            raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[card])
        return card_id

    def _check_discard_turn(self, seat: int) -> None:
        """Refusals that hold for any discard at this point of the turn."""
        refusal = self._discard_turn_refusal(seat)
        if refusal is not None:
            raise refusal

    def _discard_turn_refusal(self, seat: int) -> IllegalAction | None:
        """The refusal of _check_discard_turn, if any, made but not raised: discard_options
        asks at every decision of a play phase, and a raised error costs a trace of every
        call it goes through."""
        hand = self.hands[seat]
        if (
            self.turn_state.taken is not None
            and self._key.discard_pickup is _MUST_USE
            and self.turn_state.taken in hand
        ):
            return IllegalAction(
                Reason.TAKEN_CARD_NOT_USED, cards=[self.deck[self.turn_state.taken]]
            )
        if self.turn_state.melded and not self.opened[seat]:
            return _opened_message(self.turn_state.opening_points, self._threshold())
        if self.turn_state.pending:
            mode = self._key.retrieved_joker
            if mode is _LAY_THIS_TURN or (
                mode is _LAY_IF_POSSIBLE and _legal.joker_can_be_relaid(self, seat)
            ):
                return IllegalAction(Reason.RETRIEVED_JOKER_NOT_LAID)
        if len(hand) == 1 and self.first_round and not self.rules.rummy_on_first_turn:
            return IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
        return None

    def discard_options(self) -> list[Card]:
        """The cards the player to move may discard now (one check of the turn, then card by
        card), the same answer as ``can(Discard(card))`` for every card."""
        seat = self.to_play
        if self.phase is not _PLAY:
            return []
        if self._discard_turn_refusal(seat) is not None:
            return []
        hand = self.hands[seat]
        cards = self.deck.cards
        # Twins of the taken card go with it (see _may_discard_id); any other copy will do.
        # The codes held as the bits of an int (the jolly's is 52): no set to fill and no
        # sort, and the cards come out in the order of their codes, lowest bit first.
        held = 0
        if self.turn_state.taken is None and not self.turn_state.pending:
            for i in hand:
                held |= 1 << cards[i].code  # nothing barred: every card held
        else:
            for i in hand:
                if self._may_discard_id(i):
                    held |= 1 << cards[i].code
        if len(hand) > 1 and self._no_attachable_discard:
            # The ban of _check_attachable_discard, worked out once for the whole hand.
            fitting = self._fitting_codes(held)
            if fitting != held:
                held &= ~fitting
        allowed: list[Card] = []
        while held:
            low = held & -held
            allowed.append(Card.from_code(low.bit_length() - 1))
            held ^= low
        return allowed

    def _plan_discard(self, action: Discard) -> _Commit:
        seat = self.to_play
        hand = self.hands[seat]
        card_id = self._discard_id(seat, action.card)
        going_out = len(hand) == 1
        self._check_discard_turn(seat)
        if not going_out and self._no_attachable_discard:
            self._check_attachable_discard(seat, card_id)

        def discard() -> Event:
            self.hands[seat] = [i for i in hand if i != card_id]
            self.discard_pile.append(card_id)
            event = self._record(seat, action, (card_id,))
            if going_out:
                self._go_out(seat, Closing.SIMPLE)
            else:
                self._next_turn()
            return event

        return discard

    def attachable(self, card: Card) -> bool:
        """Whether ``card`` could be attached to some meld on the table."""
        return bool(self._fitting_codes(1 << card.code))

    def _fitting_codes(self, wanted: int) -> int:
        # Of the codes ``wanted``, those of the cards that could be attached alone, as the
        # bits of an int.
        return _legal.table_index(self).fitting(wanted)

    def _check_attachable_discard(self, seat: int, card_id: int) -> None:
        cards = self.deck.cards
        if not self._fitting_codes(1 << cards[card_id].code):
            return
        # If every card he may discard could be attached, the ban cannot hold: he discards.
        wanted = 0
        for i in self.hands[seat]:
            if self._may_discard_id(i):
                wanted |= 1 << cards[i].code
        if self._fitting_codes(wanted) == wanted:
            return
        raise IllegalAction(Reason.DISCARD_ATTACHABLE, cards=[cards[card_id]])

    def _plan_show(self, action: Show) -> _Commit:
        seat = self.to_play
        rules = self.rules
        groups = action.melds
        whole_flush = False
        if rules.melding_during_play:
            whole_flush = rules.flush_close and len(groups) == 1
            if not whole_flush or self.turn_state.melded or self.melded_before[seat]:
                raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
        shown = [c for g in groups for c in g]
        # Casertano's "ramino": seven of a rank without jokers wins whatever else is in hand.
        seven = (
            not rules.melding_during_play
            and rules.seven_of_a_kind_wins
            and len(groups) == 1
            and action.discard is None
            and len(groups[0]) >= 7
            and len({c.rank for c in groups[0]}) == 1
            and not any(c.is_joker for c in groups[0])
        )
        if action.discard is None and rules.final_discard is _REQUIRED and not seven:
            raise IllegalAction(
                Reason.SHOW_INCOMPLETE,
                detail=("queste regole vogliono lo scarto finale.", "these rules need a discard."),
            )
        needed = shown + ([action.discard] if action.discard is not None else [])
        avoid = [] if self.turn_state.taken is None else [self.turn_state.taken]
        ids = self._ids_for(seat, needed, avoid=avoid)
        if len(ids) != len(self.hands[seat]) and not seven:
            raise IllegalAction(
                Reason.SHOW_INCOMPLETE,
                detail=(
                    f"hai {len(self.hands[seat])} carte e ne mostri {len(ids)}.",
                    f"you hold {len(self.hands[seat])} cards and show {len(ids)}.",
                ),
            )
        if action.discard is not None and not self._may_discard_id(ids[-1]):
            raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[action.discard])
        if self.first_round and not rules.rummy_on_first_turn:
            raise IllegalAction(Reason.NO_GOING_OUT_FIRST_ROUND)
        if whole_flush:
            # The flush close ([G]): the whole hand, natural cards of one suit.
            suits = {c.suit for c in groups[0]}
            if len(suits) != 1 or None in suits:
                raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
        if whole_flush:
            melds = [Meld(MeldKind.FLUSH, tuple(groups[0]), tuple(groups[0]))]
        else:
            melds = [validate_meld(g, rules, whole_hand=len(groups) == 1) for g in groups]
        placed: list[TableMeld] = []
        at = 0
        for group, meld in zip(groups, melds, strict=True):
            group_ids = ids[at : at + len(group)]
            at += len(group)
            placed.append(TableMeld(seat, meld, _ids_in_meld_order(group_ids, meld, self.deck)))
        # The hand is shown all at once: its melds go down in one fixed order, whatever the
        # order they were named in.
        placed.sort(key=lambda m: tuple(c.code for c in m.meld.represents))
        closing = closing_kind(shown, rules) or Closing.SIMPLE
        if whole_flush:
            closing = Closing.FLUSH

        if seven:
            closing = Closing.SEVEN_OF_A_KIND

        def show() -> Event:
            self.hands[seat] = [i for i in self.hands[seat] if i not in ids]
            self.table.extend(placed)
            if action.discard is not None:
                self.discard_pile.append(ids[-1])
            event = self._record(seat, action, tuple(ids))
            self._go_out(seat, closing, in_one_turn=True)
            return event

        return show

    # --- turns and the end ---

    def _record(self, seat: int, action: Action, ids: tuple[int, ...]) -> Event:
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
        self.to_play = self.next_seat(self.to_play)
        self.turn += 1
        self.phase = _DRAW
        self.turn_state = TurnState()
        if self.turn > self._key.max_turns:
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
        self.phase = _OVER
        self.end = RoundEnd(reason, out, in_one_turn, closing, hands, counts)

    def winner_by_cap(self) -> tuple[int, ...]:
        """Seats that win a round stopped by a cap (lowest hand), per ``on_round_cap``."""
        if self.end is None or self.end.out is not None:
            return ()
        # The same rule the score sheet applies (scoring.cap_winners), by seat.
        return tuple(sorted(cap_winners(dict(enumerate(self.end.counts)), self.rules)))


def _can_lay_all_pending(trial: Round, seat: int) -> bool:
    """Whether every jolly waiting in ``trial`` can be laid, one after the other."""
    if not trial.turn_state.pending:
        return True
    if len(trial.turn_state.pending) == 1 and not trial.opened[seat]:
        if not _pending_may_open(trial, seat):
            # Unless another jolly taken back later may finish the opening: the moves
            # that lay this one tell.
            if not trial._retrieval_may_help(
                seat, trial.hands[seat], trial.turn_state.opening_points
            ):
                return False
            return any(trial.can(action) for action in _legal.joker_actions(trial, seat))
        knobs = trial._key
        taken = trial.turn_state.taken
        if (
            knobs.opening_threshold > trial.turn_state.opening_points
            and not knobs.attach_before_opening
            and (
                taken is None
                or knobs.rediscard_taken_card
                or all(trial.deck[i] is not trial.deck[taken] for i in trial.hands[seat])
            )
        ):
            # The search is the whole answer: attaching is closed to him, and with no card
            # barred from the discard every card left may be thrown (see _pending_may_open).
            return True
    if len(trial.turn_state.pending) == 1 and _pending_surely_placed(trial, seat):
        return True
    if len(trial.turn_state.pending) == 1:
        # Laying the last one empties the list: its check alone answers, with no copy.
        return any(trial.can(action) for action in _legal.joker_actions(trial, seat))
    for action in _legal.joker_actions(trial, seat):
        after = trial.copy()
        try:
            after._plan(action)()
        except RaminoError:
            continue
        if _can_lay_all_pending(after, seat):
            return True
    return False


def _pending_surely_placed(trial: Round, seat: int) -> bool:
    """For a player whose melds open whatever they hold (opened, or no threshold), with
    nothing else holding the turn back (no card taken that must be used, no first-round
    limit): a meld other than the one the jolly came from that takes it, or a meld of the
    hand that holds it, with a card surely left to throw after it, settles the question
    without trying every move (the checks of _plan_attach and _plan_lay all hold). A
    ``False`` is no answer: the moves themselves decide."""
    rules = trial.rules
    hand = trial.hands[seat]
    taken = trial.turn_state.taken
    opened = trial.opened[seat]
    if (
        not rules.melding_during_play
        or not (opened or rules.opening_threshold <= 0)
        or (trial.first_round and not rules.rummy_on_first_turn)
        or (taken is not None and rules.discard_pickup is _MUST_USE and taken in hand)
    ):
        return False
    throwable = [i for i in hand if i not in trial.turn_state.pending and trial._may_discard_id(i)]
    if not throwable:
        return False
    if (opened or rules.attach_before_opening) and any(
        number != trial.turn_state.pending_from and _legal.takes_a_jolly(table_meld.meld, rules)
        for number, table_meld in enumerate(trial.table)
    ):
        return True
    if not (opened or rules.opening_jokers):
        return False
    cards = [trial.deck[i] for i in hand]
    # The jolly waiting is the first to go down in a lay; every other card of the meld may
    # take one of those left to throw.
    return any(
        JOKER in candidate[0]
        and len(throwable) > len(candidate[0]) - 1
        and _legal._is_meld(_legal._lay_for(candidate), rules)
        for candidate in meld_candidates(cards, rules)
    )


def _pending_may_open(trial: Round, seat: int) -> bool:
    """For a player who has not opened, whether the jolly waiting could go down in a meld of
    an opening still within reach: one search that every such meld would need passed, where
    trying them one by one costs a search each. Where he may attach before opening, the
    answer is left to the moves themselves."""
    rules = trial.rules
    if rules.attach_before_opening or trial._threshold() <= trial.turn_state.opening_points:
        return True
    return _legal.opening_reachable(
        [trial.deck[i] for i in trial.hands[seat]],
        rules,
        trial._threshold() - trial.turn_state.opening_points,
        keep=trial.cards_to_keep(),
        using=JOKER,
        barred=trial._barred(),
    )


def _without_ids(ids: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``ids`` in their order, less those in ``taken``."""
    return [i for i in ids if i not in taken]


def _less(entries: tuple[int, ...], number: int, count: int) -> tuple[int, ...]:
    """``entries`` with up to ``count`` of those equal to ``number`` taken out."""
    kept: list[int] = []
    for entry in entries:
        if entry == number and count > 0:
            count -= 1
        else:
            kept.append(entry)
    return tuple(kept)


def _ids_in_meld_order(ids: Sequence[int], meld: Meld, deck: Deck) -> tuple[int, ...]:
    """Put physical ids in the order of the meld's cards (twins and jokers are interchangeable)."""
    pool = list(ids)
    cards = deck.cards
    ordered: list[int] = []
    # By index, without a generator per card: compiled, each would be an object made and
    # freed, and the pool searched twice (to find the id, then to remove it).
    for card in meld.cards:
        for k in range(len(pool)):
            if cards[pool[k]] is card:
                ordered.append(pool.pop(k))
                break
        else:
            raise ValueError(f"{card} is not among the ids given")
    return tuple(ordered)


def _merge_ids(
    target: TableMeld, grown: Meld, new_ids: Sequence[int], deck: Deck
) -> tuple[int, ...]:
    return _ids_in_meld_order([*target.ids, *new_ids], grown, deck)
