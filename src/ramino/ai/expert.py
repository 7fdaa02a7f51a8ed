"""The expert computer opponent (*esperto*): the greedy bot's play with four things more,
each kept because whole matches measured it winning (``bench/levels.py``, ``make levels``).

- **The outlook** (``Style.outlook``, :func:`ramino.ai.greedy.outlook`): each throw, and each
  take from the pozzo, is judged by the count the hand may expect after the next draw,
  averaged over the cards it has not seen, so a pair whose third cards are all in the pozzo
  goes before one whose cards are still to come. Played for chips (pokerato), where only the
  close takes the pot, the count is the cards short of going out and every throw is judged;
  where each loser pays a messa (enciclopedia), each card short weighs half of it more. Once
  it has opened, a card the melds on the table would take counts as gone, drawn or taken.
- **The hold** (:mod:`ramino.ai._expert_hold`): where going out in one turn costs the others
  (doubled counts, or 25 more each), it lays nothing until the whole hand goes down at once,
  unless an opponent holds three cards or fewer while its own hand is more than two loose
  cards from that close. A scempio only spares the others the messa: no hold there.
- **Gin rummy** (rules with a knock limit): the draw, the knock and the throw are
  :mod:`ramino.ai._expert_gin`'s, judged by the deadwood the hand may expect after the next
  draw, and a hand low enough to undercut plays on rather than knock where the undercut pays
  (docs/gin-levels.md: 73.6% of the games to 100 won against the baseline, 52.7% before).
- **Betting for the match** (pokerato): it calls nearly every hand and raises those better
  than a fair share (:data:`ramino.ai.betting.BOLD`); it keeps a lead bigger than what
  folding every hand left gives away, and never folds the last hand when level or behind
  (:func:`ramino.ai.betting.match_bet`), counting the hands it has seen by their dealer.

Against intermedio, two players, 200 matches on duplicate deals: the outlook without the
hold wins about half the matches where melds go down during play (classico 51.5%), and most
where the hand goes down all at once (casertano 74–77%); with the hold, 63–84% under every
preset that doubles or adds. Determinised search (the round played on from guesses at the
hidden cards) and a static judge without the hold were tried before and did not win.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.actions import Action
from ..engine.analysis import round_from_view
from ..engine.cards import Card
from ..engine.deck import Deck
from ..engine.errors import RaminoError
from ..engine.observation import Observation
from ..engine.round import Phase, Round
from ..engine.rules import RummyBonus
from ._expert_gin import GinStyle, gin_action
from ._expert_hold import Hold, hold_turn, spread_close
from .betting import BOLD, match_bet
from .greedy import Style, decide

__all__ = ["ExpertBot"]

#: The steps of a turn the expert plays by :mod:`ramino.ai._expert_gin` where a hand ends by
#: knocking: the draw, the knock and the throw.
KNOCKING_TURN = (Phase.DRAW, Phase.PLAY)


class ExpertBot:
    """A computer opponent that aims at a close in one turn: it plays the greedy move
    (:func:`ramino.ai.greedy.decide` in ``style``) but holds its melds back while the
    ``hold`` valve allows (:class:`ramino.ai._expert_hold.Hold`). It sees only its
    observation; ``seed`` matters only to a style with random slips.

    >>> from ramino.ai.bot import play_round
    >>> from ramino.ai.greedy import GreedyBot
    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=3)
    >>> end = play_round(r, [ExpertBot(seed=0), GreedyBot(seed=1)])
    >>> r.is_over
    True
    """

    def __init__(
        self,
        seed: int | str | bytes = 0,
        *,
        name: str = "expert",
        style: Style | None = None,
        hold: Hold | None = None,
        gin: GinStyle | None = None,
    ) -> None:
        self._random = random.Random(seed)
        self._name = name
        # It judges each throw and take by the hand's outlook, and bets boldly.
        self.style = style or Style(betting=BOLD, outlook=True)
        self.hold = hold or Hold()
        self.gin = gin or GinStyle()
        # The hands of the match seen so far, told apart by their dealer.
        self._dealer: int | None = None
        self._hands = 0
        # The rest of this turn's chosen plan: (turn, history length, actions still to play).
        self._plan: tuple[int, int, tuple[Action, ...]] | None = None

    def __repr__(self) -> str:
        return f"ExpertBot(name={self._name!r})"

    @property
    def name(self) -> str:
        """The bot's name (``expert`` unless given)."""
        return self._name

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``: the next step of the turn it planned."""
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        if observation.dealer != self._dealer:
            # A new hand: the deal passes every hand.
            self._dealer = observation.dealer
            self._hands += 1
        planned = self._planned(observation)
        if planned is not None:
            return planned
        if len(legal) == 1:
            return legal[0]
        if observation.phase is Phase.BET:
            bet = self._match_bet(observation)
            if bet is not None:
                return bet
        if observation.rules.knock_limit is not None and observation.phase in KNOCKING_TURN:
            knocking = gin_action(observation, self.gin)
            if knocking is not None and knocking in legal:
                return knocking
        greedy = decide(observation, self.style, self._random).action
        if observation.phase is not Phase.PLAY:
            return greedy
        try:
            return self._play(observation)
        except (RaminoError, ValueError):
            # A rebuilt round the engine refuses means the observation was read wrong
            # somewhere: the greedy move is always a sound answer.
            return greedy

    def _match_bet(self, observation: Observation) -> Action | None:
        """A bet for the match (:func:`ramino.ai.betting.match_bet`) in a match of so many
        hands played for chips, counted from the hands this player has seen."""
        rounds = observation.rules.match_rounds
        if rounds is None or observation.chips is None:
            return None
        return match_bet(observation, max(1, rounds - self._hands + 1))

    def _play(self, observation: Observation) -> Action:
        """The first action of the turn: the greedy turn, or the one the hold policy plays
        instead (:func:`ramino.ai._expert_hold.hold_turn`) where the engine accepts it. A
        greedy turn that goes out is played as it is, unless it goes out in one turn where
        that is a scempio: then one meld waits for the next turn
        (:func:`ramino.ai._expert_hold.spread_close`)."""
        seen = _as_seen(observation)
        me = observation.seat
        turn, after = _greedy_turn(seen, self.style)
        if after.end is None or after.end.out != me:
            held = hold_turn(observation, turn, self.hold, self.style)
            if held is not None and _accepts(seen, held):
                turn = held
        elif after.end.in_one_turn and observation.rules.rummy_bonus is RummyBonus.SCEMPIO:
            for spread in spread_close(turn, observation.rules):
                trial = seen.copy()
                if _accepts(trial, spread, apply=True) and not trial.is_over:
                    turn = spread
                    break
        return self._commit(observation, turn)

    # --- the plan of a turn ---

    def _commit(self, observation: Observation, actions: Sequence[Action]) -> Action:
        first, *rest = actions
        self._plan = (observation.turn, len(observation.history) + 1, tuple(rest))
        return first if first in observation.legal_actions else observation.legal_actions[0]

    def _planned(self, observation: Observation) -> Action | None:
        """The next step of the plan chosen earlier this turn, if it still applies."""
        plan = self._plan
        self._plan = None
        if plan is None or observation.phase is not Phase.PLAY:
            return None
        turn, length, rest = plan
        if turn != observation.turn or length != len(observation.history) or not rest:
            return None
        if rest[0] not in observation.legal_actions:
            return None
        self._plan = (turn, length + 1, rest[1:])
        return rest[0]


def _as_seen(observation: Observation) -> Round:
    """The round ``observation`` shows, the cards its player cannot see dealt in deck order
    to the others and to the tallone (:func:`ramino.engine.rebuild.round_from_view`). The bot
    plays only the rest of its own turn on it, which those cards cannot change."""
    unseen = Counter(Deck.for_rules(observation.rules, observation.players))
    unseen.subtract(observation.hand)
    unseen.subtract(observation.discard_pile)
    for table_meld in observation.table:
        unseen.subtract(table_meld.meld.cards)
    cards = sorted(unseen.elements())
    hands: list[Sequence[Card]] = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
        else:
            hands.append(cards[:size])
            cards = cards[size:]
    return round_from_view(observation, hands, cards)


def _greedy_turn(r: Round, style: Style) -> tuple[tuple[Action, ...], Round]:
    """The rest of the turn as the greedy bot plays it on a copy of ``r`` (the same whatever
    the cards the player cannot see: it reads only his observation), and the round after it."""
    after = r.copy()
    seat, turn = after.to_play, after.turn
    actions: list[Action] = []
    while not after.is_over and after.turn == turn:
        action = decide(after.observation(seat), style).action
        after.apply(action)
        actions.append(action)
    return tuple(actions), after


def _accepts(r: Round, actions: Sequence[Action], *, apply: bool = False) -> bool:
    """Whether the engine accepts ``actions`` in turn from ``r`` (tried on a copy, or on
    ``r`` itself with ``apply``)."""
    trial = r if apply else r.copy()
    try:
        for action in actions:
            trial.apply(action)
    except RaminoError:
        return False
    return True
