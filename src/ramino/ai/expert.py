"""The expert computer opponent (*esperto*): it holds its melds back to go out all at once
(*in mano*), and can judge each move by what the hand can become from the cards still unseen,
or by playing the round on from guesses at them.

The default (``strategy="hold"``, ``judge="none"``, :mod:`ramino.ai._expert_hold`) plays the
greedy move except that it lays nothing until the whole hand goes down in one turn, which
doubles the others' counts under classico's ``rummy_bonus``, unless an opponent holds three
cards or fewer while its own hand is more than two loose cards from that close. In duplicate
play against the greedy bot (``bench/expert.py``, classico, 2 players, 400 rounds per seed) it
won 59.2% [54.4, 64.0] and 61.3% [56.4, 65.9] of rounds on seeds 2 and 3 with about 10 penalty
points less per round, in about a millisecond per decision; with the search below on top
(30 ms) it won 56.2% [51.4, 61.0] on seed 2: the search does not pay and is off by default.

Two judges. The static one (``judge="static"``, :mod:`ramino.ai._expert_static`) keeps the
greedy bot's lays and weighs every throw, and draw against take, by the hand's cost one draw
later, averaged exactly over the cards the tallone may give: the cards in sight (the pozzo, the
table) are dead, so a connection waiting for them is worth nothing, and nothing is left to
the noise of sampling. It also refuses to feed the next player and to throw a jolly.

The other, ``judge="rollout"``, is determinised Monte Carlo search (also where the static
judge does not apply: a pozzo card that must be used at once). In duplicate play against the
greedy bot neither has shown an edge (``bench/expert.py``); on top of the hold strategy the
search adds none either. The bot deals the unseen cards at random in agreement with its
observation (:mod:`ramino.ai.determinize`), tries each candidate move on that guess and
plays the round on for a few turns with a policy for every seat, then judges where it
stopped (:func:`outcome`). The candidates are the greedy move (:mod:`ramino.ai.greedy`), the
next-best discards, draw against take, and, where a close in one turn (*in mano*) pays,
keeping every meld in hand. The same guesses serve every candidate, so the comparison is
paired; another move replaces the greedy one only when it gains clearly more than the noise
of the guesses (:func:`_preferred`).

What a move is worth to the search: the chance of going out first (weighted
:data:`WIN_WEIGHT`) plus the others' mean penalty less one's own. The chance alone would
ignore that a lost round costs ten points or ninety; the points alone would ignore that the
winner also stops the others from scoring later.
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Attach, Discard, Draw, Lay, Swap, TakeDiscard
from ..engine.cards import JOKER, Card
from ..engine.errors import RaminoError
from ..engine.legal import fits
from ..engine.observation import Observation
from ..engine.round import Phase, Round
from ..engine.rules import DiscardPickup, Rules, RummyBonus
from ..engine.scoring import card_penalty, hand_count, loser_score, round_count
from ._expert_hold import Hold, hold_turn
from ._expert_static import Judge, stock_odds
from .determinize import card_weights, round_from_observation, sample_hidden
from .greedy import (
    CLOSE_TO_OUT,
    CONNECT_WEIGHT,
    CONNECT_WEIGHT_PRESSED,
    FEED_PENALTY,
    TAKE_MARGIN,
    Style,
    connects,
    decide,
    feeds_next_player,
    partners,
)
from .solver import Arrangement, best_arrangement, best_opening

__all__ = ["ExpertBot"]

#: What going out first is worth against penalty points (see :func:`outcome`): about the
#: count an average losing hand is caught with, so that the bot plays to win the round but
#: does not throw away fifty points for a slightly better chance.
WIN_WEIGHT = 40.0
#: How sharply the chance of going out first falls with each card still to place, when a
#: look-ahead stops before the round ends.
CLOSENESS = 0.7
#: Discards tried beside the greedy one, the ones leaving the least penalty.
WIDTH = 2
#: Turns (of all seats) each look-ahead plays before it is judged: short, so that many
#: guesses fit in the budget (8 turns beat 16 in duplicate play against the greedy bot).
HORIZON = 8
#: How many standard errors a move must gain over the greedy one to be preferred.
CONFIDENCE = 1.0
#: Guesses a move must be tried on before it may overturn the greedy one: the spread of
#: fewer is itself too uncertain to judge the gain by.
MIN_PAIRED = 4
#: Guesses at the hidden cards per decision, at least and at most, under a time budget.
MIN_SAMPLES = 2
MAX_SAMPLES = 400
#: The static judge (:class:`ramino.ai._expert_static.Judge`): what a loose card costs, as
#: turns still to play before going out, in penalty points; less when an opponent is about
#: to go out, when the points one would be caught with matter more than the speed.
PER_CARD = 6.0
PER_CARD_PRESSED = 3.0
#: How many draws the judge counts a hand's outlook for: the turns it may still get.
DRAWS = 1.0
DRAWS_PRESSED = 1.0
#: What throwing a card the next player collects or can attach costs, in the judge's points.
FEED_COST = 6.0
#: What throwing a jolly costs beyond its points: it is a jolly given away.
JOKER_COST = 30.0
#: Loose cards of a hand after a draw among which the judge looks for the throw.
THROWS = 2


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A move to try: the actions of this turn it begins with, and whether the bot then
    holds its melds back to go out all at once (*in mano*)."""

    actions: tuple[Action, ...]
    hold: bool = False


class ExpertBot:
    """A computer opponent that aims at a close in one turn: by default (``strategy="hold"``,
    ``judge="none"``) it plays the greedy move but holds its melds back while the ``hold``
    valve allows (:class:`ramino.ai._expert_hold.Hold`); ``strategy="greedy"`` lays as the
    greedy bot does. With ``judge="rollout"`` it plays the round on from random guesses at the
    hidden cards for each candidate move and keeps the best; with ``judge="static"`` it weighs
    each throw, and draw against take, by the hand's outlook over the unseen cards,
    deterministically (see :mod:`ramino.ai.expert`). It sees
    only its observation.

    The rest configures the search: ``budget_ms`` bounds the thinking time of one decision
    (processor time); ``rollouts`` instead fixes the number of guesses per decision, which makes
    the bot's play depend on its seed alone (for tests and replays). Each look-ahead plays
    ``horizon`` turns with ``policy``: ``"quick"`` (:func:`quick_turn`, about three times
    cheaper, so more guesses fit) or ``"greedy"`` (the greedy bot itself). ``width`` discards
    are tried beside the greedy one; ``infer`` weighs the guesses by what the others' play
    suggests (:func:`ramino.ai.determinize.card_weights`). Decisions with one sensible answer (a
    single legal action, a pozzo card that goes with nothing, a going-out) are not searched.

    >>> from ramino.ai.bot import play_round
    >>> from ramino.ai.greedy import GreedyBot
    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=3)
    >>> end = play_round(r, [ExpertBot(seed=0, rollouts=2), GreedyBot(seed=1)])
    >>> r.is_over
    True
    """

    def __init__(
        self,
        seed: int | str | bytes = 0,
        *,
        name: str = "expert",
        budget_ms: float = 150.0,
        rollouts: int | None = None,
        horizon: int = HORIZON,
        width: int = WIDTH,
        win_weight: float = WIN_WEIGHT,
        infer: bool = True,
        policy: str = "quick",
        judge: str = "none",
        style: Style | None = None,
        strategy: str = "hold",
        hold: Hold | None = None,
    ) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {rollouts}")
        self._random = random.Random(seed)
        self._name = name
        self.budget_ms = budget_ms
        self.rollouts = rollouts
        self.horizon = horizon
        self.width = width
        self.win_weight = win_weight
        self.infer = infer
        self.policy = policy
        if judge not in ("static", "rollout", "none"):
            raise ValueError(f"judge must be 'static', 'rollout' or 'none', not {judge!r}")
        self.judge = judge
        self.style = style or Style()
        if strategy not in ("greedy", "hold"):
            raise ValueError(f"strategy must be 'greedy' or 'hold', not {strategy!r}")
        self.strategy = strategy
        self.hold = hold or Hold()
        # The rest of this turn's chosen plan: (turn, history length, actions still to play).
        self._plan: tuple[int, int, tuple[Action, ...]] | None = None
        # The turn at which the bot last chose to hold its melds back.
        self._held_at: int | None = None

    def __repr__(self) -> str:
        return f"ExpertBot(name={self._name!r})"

    @property
    def name(self) -> str:
        """The bot's name (``expert`` unless given)."""
        return self._name

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``: the candidate with the best mean outcome
        over the look-aheads."""
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        planned = self._planned(observation)
        if planned is not None:
            return planned
        greedy = decide(observation, self.style, self._random).action
        if len(legal) == 1:
            return legal[0]
        try:
            if observation.phase is Phase.DRAW:
                return self._draw(observation, greedy)
            return self._play(observation, greedy)
        except (RaminoError, ValueError):
            # A guess the engine refuses means the observation was read wrong somewhere:
            # the greedy move is always a sound answer.
            return greedy

    # --- the two kinds of decision ---

    def _draw(self, observation: Observation, greedy: Action) -> Action:
        legal = observation.legal_actions
        top = observation.top_discard
        if TakeDiscard() not in legal or top is None or self.judge == "none":
            return greedy
        if (
            greedy == Draw()
            and not top.is_joker
            and not partners(top, observation.hand, observation.rules)
        ):
            # A card that goes with nothing in hand: nothing to weigh.
            return greedy
        if self.judge == "static" and observation.rules.discard_pickup is DiscardPickup.FREE:
            return self._static_draw(observation, top)
        hold = self._holding(observation)
        candidates = [_Candidate((greedy,), hold)]
        other = TakeDiscard() if greedy == Draw() else Draw()
        if other in legal:
            candidates.append(_Candidate((other,), hold))
        return self._search(observation, candidates).actions[0]

    def _play(self, observation: Observation, greedy: Action) -> Action:
        rng = self._rng(observation)
        base = round_from_observation(
            observation, sample_hidden(observation, rng), seed=rng.getrandbits(64)
        )
        me = observation.seat
        turn = _greedy_turn(base, self.style)
        after = base.copy()
        for action in turn:
            after.apply(action)
        if after.end is not None and after.end.out == me:
            # The greedy turn goes out: nothing can do better.
            return self._commit(observation, turn)
        if self.strategy == "hold":
            held = self._hold_turn(observation, base, turn)
            if held is not None:
                return held
        if self.judge == "none":
            return self._commit(observation, turn)
        candidates = [_Candidate(turn)]
        # Other discards after the same lays, the ones that leave the least behind.
        before = base.copy()
        for action in turn[:-1]:
            before.apply(action)
        if (
            self.judge == "static"
            and isinstance(turn[-1], Discard)
            and before.to_play == me
            and not before.is_over
        ):
            card = self._static_discard(observation, before, turn[-1].card)
            return self._commit(observation, (*turn[:-1], Discard(card)))
        if isinstance(turn[-1], Discard) and before.to_play == me and not before.is_over:
            options = [c for c in before.discard_options() if c is not turn[-1].card]
            hand = list(before.hand(me))
            ranked = sorted(options, key=lambda c: (_penalty_without(hand, c, before.rules), c))
            candidates.extend(
                _Candidate((*turn[:-1], Discard(card))) for card in ranked[: self.width]
            )
        hold = self._hold_candidate(observation, base, turn)
        if hold is not None:
            candidates.append(hold)
        if len(candidates) == 1:
            return self._commit(observation, turn)
        chosen = self._search(observation, candidates, rng)
        self._held_at = observation.turn if chosen.hold else None
        return self._commit(observation, chosen.actions)

    # --- the hold strategy ---

    def _hold_turn(
        self, observation: Observation, base: Round, turn: Sequence[Action]
    ) -> Action | None:
        """The first action of the turn under the hold policy (:mod:`ramino.ai._expert_hold`),
        or ``None`` where the greedy turn stands. A close in one turn is played at once; a
        throw that keeps the melds in hand is played as it is with ``judge="none"``, and
        otherwise weighed by the search against the other throws and the greedy turn."""
        held = hold_turn(observation, turn, self.hold, self.style)
        if held is None:
            return None
        trial = base.copy()
        try:
            for action in held:
                trial.apply(action)
        except RaminoError:
            return None
        me = observation.seat
        if trial.end is not None and trial.end.out == me:
            return self._commit(observation, held)
        if self.judge != "rollout":
            self._held_at = observation.turn
            return self._commit(observation, held)
        candidates = [_Candidate(held, hold=True)]
        hand = list(observation.hand)
        options = [
            a.card for a in observation.legal_actions if isinstance(a, Discard) and a != held[-1]
        ]
        ranked = sorted(set(options), key=lambda c: (_penalty_without(hand, c, base.rules), c))
        candidates.extend(_Candidate((Discard(c),), hold=True) for c in ranked[: self.width])
        candidates.append(_Candidate(tuple(turn)))
        chosen = self._search(observation, candidates)
        self._held_at = observation.turn if chosen.hold else None
        return self._commit(observation, chosen.actions)

    # --- the static judge ---

    def _judge(self, observation: Observation) -> Judge:
        rules = observation.rules
        me = observation.seat
        others = [n for s, n in enumerate(observation.hand_sizes) if s != me]
        pressed = min(others, default=99) <= CLOSE_TO_OUT
        return Judge(
            rules,
            [m.meld for m in observation.table],
            stock_odds(observation),
            may_attach=observation.opened[me] or rules.attach_before_opening,
            per_card=PER_CARD_PRESSED if pressed else PER_CARD,
            draws=DRAWS_PRESSED if pressed else DRAWS,
        )

    def _throw_cost(self, observation: Observation, card: Card, memo: dict[Card, float]) -> float:
        """What throwing ``card`` costs beyond what the hand left is worth: feeding the next
        player, giving a jolly away (``memo`` keeps the answers of one decision)."""
        found = memo.get(card)
        if found is None:
            found = 0.0
            if card.is_joker:
                found += JOKER_COST
            elif feeds_next_player(card, observation):
                found += FEED_COST
            memo[card] = found
        return found

    def _static_discard(self, observation: Observation, before: Round, greedy: Card) -> Card:
        """The throw that leaves the hand with the best outlook (see :class:`Judge`), after
        the lays the greedy bot chose; the greedy throw on a tie."""
        me = observation.seat
        seen = before.observation(me)
        judge = self._judge(seen)
        hand = before.hand(me)
        memo: dict[Card, float] = {}

        def score(card: Card) -> tuple[float, bool, Card]:
            rest = list(hand)
            rest.remove(card)
            value = judge.worth(rest) + self._throw_cost(seen, card, memo)
            return value, card != greedy, card

        return min(set(before.discard_options()), key=score)

    def _static_draw(self, observation: Observation, top: Card) -> Action:
        """Take the top discard when the hand after it, and the best throw, has a better
        outlook than after a card from the tallone, averaged over the cards it may be."""
        rules = observation.rules
        judge = self._judge(observation)
        hand = list(observation.hand)
        memo: dict[Card, float] = {}

        def best_throw(cards: list[Card], options: Sequence[Card]) -> float:
            values = []
            for card in set(options):
                rest = list(cards)
                rest.remove(card)
                values.append(judge.worth(rest) + self._throw_cost(observation, card, memo))
            return min(values)

        def throws(cards: list[Card]) -> list[Card]:
            # The solver's throw and the costliest loose cards: a throw elsewhere breaks a
            # meld, which the outlook would only punish.
            way = best_arrangement(cards, rules, discard=True)
            loose = sorted(way.deadwood, key=lambda c: -card_penalty(c, rules))
            found = [c for c in (way.discard, *loose) if c is not None]
            return found[:THROWS]

        taken = [*hand, top]
        allowed = [c for c in taken if c != top or rules.rediscard_taken_card]
        if not allowed:
            return Draw()
        take = best_throw(taken, allowed)
        now = judge.worth(hand)
        draw = 0.0
        for card, chance in judge.odds.items():
            if card.is_joker or any(connects(card, c, rules) for c in hand):
                drawn = [*hand, card]
                value = best_throw(drawn, throws(drawn))
            else:
                # A card that goes with nothing: thrown back, the hand is as it was.
                value = now + self._throw_cost(observation, card, memo)
            draw += chance * value
        return TakeDiscard() if take < draw else Draw()

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

    def _holding(self, observation: Observation) -> bool:
        """Whether the bot chose, at its last turn, to keep its melds in hand."""
        held = self._held_at
        return held is not None and observation.turn - held == observation.players

    def _hold_candidate(
        self, observation: Observation, base: Round, turn: Sequence[Action]
    ) -> _Candidate | None:
        """Keep every meld in hand and only throw a card, to go out later all at once, where
        the rules pay for it and the bot has laid nothing yet this round."""
        rules = observation.rules
        me = observation.seat
        if (
            rules.rummy_bonus is RummyBonus.NONE
            or not rules.melding_during_play
            or base.melded_before[me]
            or any(isinstance(a, Lay | Attach | Swap) for a in _this_turn(observation))
            or not any(isinstance(a, Lay | Attach | Swap) for a in turn)
        ):
            return None
        options = [a.card for a in observation.legal_actions if isinstance(a, Discard)]
        if not options:
            return None
        hand = list(observation.hand)
        card = min(options, key=lambda c: (_penalty_without(hand, c, rules), c))
        return _Candidate((Discard(card),), hold=True)

    # --- the search ---

    def _rng(self, observation: Observation) -> random.Random:
        # The bot's generator seeds each decision's own: the guesses depend on the seed and
        # on the order of decisions, never on anything the observation does not show.
        return random.Random(self._random.getrandbits(64))

    def _search(
        self,
        observation: Observation,
        candidates: Sequence[_Candidate],
        rng: random.Random | None = None,
    ) -> _Candidate:
        rng = rng or self._rng(observation)
        me = observation.seat
        weights = card_weights(observation) if self.infer else None
        # values[i][k]: how candidate i did on guess k (None where the engine refused it).
        values: list[list[float | None]] = [[] for _ in candidates]
        start = time.process_time()
        samples = 0
        while True:
            hidden = sample_hidden(observation, rng, weights=weights)
            base = round_from_observation(observation, hidden, seed=rng.getrandbits(64))
            limit = base.turn + self.horizon
            for index, candidate in enumerate(candidates):
                r = base.copy()
                try:
                    for action in candidate.actions:
                        r.apply(action)
                except RaminoError:
                    values[index].append(None)
                    continue
                rollout(r, me, hold=candidate.hold, until_turn=limit, policy=self.policy)
                values[index].append(outcome(r, me, self.win_weight))
            samples += 1
            if self.rollouts is not None:
                if samples >= self.rollouts:
                    break
            elif samples >= MAX_SAMPLES or (
                samples >= MIN_SAMPLES and (time.process_time() - start) * 1000 >= self.budget_ms
            ):
                break
        return candidates[_preferred(values)]


def _preferred(values: Sequence[Sequence[float | None]]) -> int:
    """The candidate to play: the first (the greedy move) unless another beat it, guess by
    guess, by more than the noise of the guesses (:data:`CONFIDENCE` standard errors).

    Each guess is shared by every candidate, so the differences are paired; a handful of
    look-aheads that happen to favour a weaker move should not overturn a sound one.

    >>> _preferred([[1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.5]])
    1
    >>> _preferred([[1.0, 2.0, 3.0, 4.0], [5.0, 0.0, 4.0, 1.0]])
    0
    """
    best, best_gain = 0, 0.0
    for index in range(1, len(values)):
        diffs = [
            b - a
            for a, b in zip(values[0], values[index], strict=True)
            if a is not None and b is not None
        ]
        if len(diffs) < MIN_PAIRED:
            continue
        gain = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if gain > CONFIDENCE * error and gain > best_gain:
            best, best_gain = index, gain
    return best


def _this_turn(observation: Observation) -> list[Action]:
    """The actions of the turn in progress (after the last discard)."""
    actions: list[Action] = []
    for event in reversed(observation.history):
        if isinstance(event.action, Discard):
            break
        actions.append(event.action)
    return actions[::-1]


def _greedy_turn(base: Round, style: Style) -> tuple[Action, ...]:
    """The rest of the turn as the greedy bot plays it (the same on any guess: it reads only
    the player's own observation)."""
    r = base.copy()
    seat, turn = r.to_play, r.turn
    actions: list[Action] = []
    while not r.is_over and r.turn == turn:
        action = decide(r.observation(seat), style).action
        r.apply(action)
        actions.append(action)
    return tuple(actions)


def _penalty_without(hand: Sequence[Card], card: Card, rules: Rules) -> int:
    rest = list(hand)
    rest.remove(card)
    return best_arrangement(rest, rules).penalty if rest else 0


# --- the quick policy the look-aheads play ---


def rollout(
    r: Round,
    me: int,
    *,
    hold: bool = False,
    until_turn: int | None = None,
    policy: str = "quick",
) -> None:
    """Play ``r`` on until it ends or its turn reaches ``until_turn``: every seat as the
    greedy bot plays (``policy="greedy"``) or by the quicker, weaker shortcut of
    :func:`quick_turn` (``"quick"``); seat ``me`` holds its melds back if ``hold``.

    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=3)
    >>> rollout(r, 0)
    >>> r.is_over
    True
    """
    while not r.is_over and (until_turn is None or r.turn < until_turn):
        seat = r.to_play
        if policy == "quick" or (hold and seat == me and not r.melded_before[seat]):
            quick_turn(r, hold=hold and seat == me)
            continue
        turn = r.turn
        while not r.is_over and r.turn == turn:
            r.apply(decide(r.observation(seat)).action)


def quick_turn(r: Round, *, hold: bool = False) -> None:
    """Play the rest of the current turn of ``r`` for the player to move, quickly.

    Take the top discard if, with the best card thrown, it leaves less penalty than the
    hand has now; lay and attach what the solver's best arrangement lays (or, with
    ``hold``, nothing until the whole hand can go down at once); throw the card it throws.
    Any step the engine refuses (a rule the shortcut ignores) hands the rest of the turn
    to the greedy bot.
    """
    seat, turn = r.to_play, r.turn
    with contextlib.suppress(RaminoError):
        _quick_steps(r, seat, hold)
    while not r.is_over and r.turn == turn:
        r.apply(decide(r.observation(seat)).action)


def _quick_steps(r: Round, seat: int, hold: bool) -> None:
    rules = r.rules
    if r.phase is Phase.DRAW:
        r.apply(_draw_choice(r, seat))
    if r.is_over or not rules.melding_during_play:
        return
    hand = r.hand(seat)
    opened = r.opened[seat]
    need = 0 if opened else rules.opening_threshold - r.opening_points
    # The solver without the table is many times faster; attachments are looked for
    # afterwards, card by card (the engine remembers which card fits which meld).
    way: Arrangement | None
    if need > 0:
        way = best_opening(hand, rules, threshold=need, discard=True)
        if way is None:
            r.apply(Discard(_best_throw(hand, rules)))
            return
    else:
        way = best_arrangement(hand, rules, discard=True)
    assert way.discard is not None
    loose = sorted([*way.deadwood, way.discard], key=lambda c: -card_penalty(c, rules))
    may_attach = opened or rules.attach_before_opening or need > 0
    if hold and not r.melded_before[seat]:
        stuck = [c for c in loose if not (may_attach and _fits_somewhere(r, c))]
        if len(stuck) > 1:
            r.apply(Discard(way.discard))
            return
    for meld in way.melds:
        # One declaration per jolly: the card it stands for where the solver placed it.
        declared = tuple(rep for _, rep in meld.joker_assignments)
        r.apply(Lay(meld.cards, declared or None))
    if r.is_over:
        return
    if r.opened[seat] or rules.attach_before_opening:
        for card in loose:
            if len(r.hands[seat]) <= 1:
                break
            if card.is_joker:
                _attach_joker(r)
            else:
                number = _fitting_meld(r, card)
                if number is not None:
                    r.apply(Attach(number, (card,)))
            if r.is_over:
                return
    allowed = r.discard_options()
    if not allowed:
        return
    # Among the loose cards, the one the greedy bot would throw: costly and unconnected.
    left = r.hand(seat)
    spare = [c for c in loose if c in allowed and c in left] or allowed
    throw = max(spare, key=lambda c: (_throw_worth(c, left, r, seat), c))
    r.apply(Discard(throw))


def _fitting_meld(r: Round, card: Card) -> int | None:
    """The first table meld ``card`` can be attached to, if any."""
    for number, table_meld in enumerate(r.table):
        if fits(table_meld.meld, card, r.rules):
            return number
    return None


def _attach_joker(r: Round) -> None:
    """Attach a jolly to the first table meld that takes it as the engine places it."""
    for number, table_meld in enumerate(r.table):
        if fits(table_meld.meld, JOKER, r.rules):
            try:
                r.apply(Attach(number, (JOKER,)))
            except RaminoError:
                continue
            return


def _fits_somewhere(r: Round, card: Card) -> bool:
    return not card.is_joker and _fitting_meld(r, card) is not None


def _best_throw(hand: Sequence[Card], rules: Rules) -> Card:
    way = best_arrangement(hand, rules, discard=True)
    assert way.discard is not None
    return way.discard


def _draw_choice(r: Round, seat: int) -> Action:
    rules = r.rules
    top = r.top_discard
    if top is None:
        return Draw()
    hand = r.hand(seat)
    if not top.is_joker and not any(connects(top, card, rules) for card in hand):
        return Draw()
    now = best_arrangement(hand, rules, discard=False)
    way = best_arrangement((*hand, top), rules, discard=True)
    # Throwing the taken card (or its twin) back is not allowed: then taking is no use.
    take = way.discard is not top and way.penalty < now.penalty
    if not take and not top.is_joker:
        # A near meld, as the greedy bot takes one: a cheap card that connects, for a
        # costlier loose card that connects with nothing.
        worth = max((_throw_worth(c, hand, r, seat) for c in now.deadwood), default=0)
        take = worth >= card_penalty(top, rules) + TAKE_MARGIN
    if take and r.can(TakeDiscard()):
        return TakeDiscard()
    return Draw()


def _throw_worth(card: Card, hand: Sequence[Card], r: Round, seat: int) -> int:
    """How much throwing a loose ``card`` gains: its penalty, less the worth of the cards it
    connects with (the greedy bot's rule of thumb); higher is a better throw."""
    rules = r.rules
    pressed = min(len(h) for s, h in enumerate(r.hands) if s != seat) <= CLOSE_TO_OUT
    weight = CONNECT_WEIGHT_PRESSED if pressed else CONNECT_WEIGHT
    links = 0
    skipped = False
    for other in hand:
        if other is card and not skipped:
            skipped = True
            continue
        if connects(card, other, rules):
            links += 1
            if links == 2:
                break
    worth = card_penalty(card, rules) - links * weight
    if card.is_joker:
        # A jolly thrown is a jolly given away.
        worth -= 100
    elif _fits_somewhere(r, card):
        # Whoever comes next could attach it.
        worth -= FEED_PENALTY
    return worth


# --- judging where a look-ahead stopped ---


def outcome(r: Round, me: int, win_weight: float = WIN_WEIGHT) -> float:
    """How good ``r`` is for seat ``me``: ``win_weight`` times his chance of having gone
    out first, plus the others' mean penalty, less his own.

    A round that ended counts as it is scored (a close in one turn doubles the others'
    counts where the rules say so). A round still going is judged from the hands: the fewer
    cards a player has left to place after the best arrangement, the likelier he goes out
    first; each hand would pay its count if caught (melds held back in hand count too).

    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=3)
    >>> rollout(r, 0)
    >>> out = r.end.out
    >>> caught = loser_score(r.end.counts[1 - out], r.rules, in_one_turn=r.end.in_one_turn)
    >>> outcome(r, out) == WIN_WEIGHT + caught, outcome(r, 1 - out) == -caught
    (True, True)
    """
    rules = r.rules
    players = r.players
    end = r.end
    if end is not None:
        if end.out is not None:
            scores = [
                0.0
                if s == end.out
                else float(loser_score(end.counts[s], rules, in_one_turn=end.in_one_turn))
                for s in range(players)
            ]
            chances = [1.0 if s == end.out else 0.0 for s in range(players)]
        else:
            scores = [float(round_count(c, rules)) for c in end.counts]
            winners = r.winner_by_cap()
            chances = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    else:
        counts: list[int] = []
        left: list[int] = []
        for seat in range(players):
            hand = r.hand(seat)
            way = best_arrangement(hand, rules)
            may_attach = r.opened[seat] or rules.attach_before_opening
            left.append(sum(1 for c in way.deadwood if not (may_attach and _fits_somewhere(r, c))))
            counts.append(way.penalty if rules.lay_after_close else hand_count(hand, rules))
        # Whoever moves next is a turn ahead of the rest.
        ahead = [len_ - (0.5 if s == r.to_play else 0.0) for s, len_ in enumerate(left)]
        raw = [math.exp(-CLOSENESS * a) for a in ahead]
        chances = [x / sum(raw) for x in raw]
        scores = [(1.0 - p) * round_count(c, rules) for p, c in zip(chances, counts, strict=True)]
    others = [scores[s] for s in range(players) if s != me]
    mean_others = sum(others) / len(others) if others else 0.0
    return win_weight * chances[me] + mean_others - scores[me]
