"""How the computer bets in pokerato's betting round (RULES.md §6.1): call (*vedo*), fold
(*lascio*) or raise (*rilancio*).

The hand is judged by how far it is from going out: the exact meld solver tells how many of
its cards no meld can hold (:func:`cards_short`). From that, and from what a hand dealt at
random to each other player still in is worth, comes a chance of winning the pot
(:func:`win_chance`); the pot odds, the pot counting what the others still in must add to
match the call (:func:`played_for`), then say whether calling pays, and a strong hand raises.
A :class:`BettingStyle` sets how loose or tight a level plays.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from ..engine.actions import BETS, Action, Call, Fold, Raise
from ..engine.cards import JOKER, Card
from ..engine.deck import Deck
from ..engine.observation import Observation
from ..engine.rules import Rules
from .solver import best_arrangement

__all__ = [
    "BOLD",
    "CALL_ALL",
    "LOOSE",
    "SOUND",
    "TIGHT",
    "BetChoice",
    "BettingStyle",
    "choose_bet",
    "match_bet",
    "played_for",
]

#: How much a card short of going out costs a hand's chances: measured over 300 four-player
#: pokerato hands of greedy play where everyone called, the winners' share fell by about
#: e^-0.35 for each card no meld held (10 short: 12% of the hands won, 7: 26%, 4: 52%).
CARD_WEIGHT = math.exp(-0.35)
#: Hands dealt at random to value the others' hands, and the seed that deals them.
SAMPLE_HANDS = 64


@dataclass(frozen=True, slots=True)
class BettingStyle:
    """How a computer player bets.

    It calls when its chance of winning times the pot it would play for is at least
    ``call_margin`` times what the call costs (1: when calling pays on average); it raises
    when its chance is at least ``raise_at`` times a fair share (one over the players still
    in), or, with the chance ``bluff``, with any hand.
    """

    call_margin: float = 1.0
    raise_at: float = 2.0
    bluff: float = 0.0


#: A beginner (*principiante*) plays loose: he calls with too little and raises at random.
LOOSE = BettingStyle(call_margin=0.4, raise_at=2.5, bluff=0.15)
#: Sound betting (*intermedio*): he calls when the pot nearly pays for it (four fifths of
#: the call), and raises only very strong hands. Calling only when it paid in full, three
#: hands in four at a table of three intermedio ended with everyone folding to the blind
#: (``bench/draws.py``).
SOUND = BettingStyle(call_margin=0.8, raise_at=2.2)
#: Tight betting: he calls only when it pays well, and raises his strong hands.
TIGHT = BettingStyle(call_margin=1.3, raise_at=1.2)
#: Bold betting (*esperto*): he calls nearly every hand, since he plays his cards better than
#: the chance a hand is given here says, and raises any hand better than a fair share. Two
#: players, pokerato immaginario, 200 duplicate matches against intermedio (as
#: ``bench/levels.py`` plays them, on another seed): 61.5% won [54.6, 68.0], against 36.5%
#: for the same player betting sound and 41.0% tight; other margins (calling always,
#: raising from 0.5 to 1.6) gave 55–58%.
BOLD = BettingStyle(call_margin=0.3, raise_at=1.1)
#: The player who calls everything, never raises and never folds: the baseline to beat.
CALL_ALL = BettingStyle(call_margin=0.0, raise_at=math.inf)


@dataclass(frozen=True, slots=True)
class BetChoice:
    """A bet chosen, and what it was chosen from."""

    action: Action
    short: int
    """Cards of the hand that no meld holds (0: it goes out after any draw)."""
    chance: float
    """The chance of winning the pot, as judged."""
    to_call: int
    """What calling costs."""
    pot: int
    """The chips in the middle before the bet."""


def cards_short(hand: tuple[Card, ...], rules: Rules) -> int:
    """Cards of ``hand`` that the best way of laying it leaves unmelded; under the imaginary
    jolly, with the jolly imagined, or one of the hand's cards acting as it.

    >>> from ramino.engine import get_preset, parse_cards
    >>> cards_short(parse_cards("7H 8H 9H QC QD QS 3S 4S 5S KD"), get_preset("pokerato"))
    1
    >>> imaginary = get_preset("pokerato-immaginario")
    >>> cards_short(parse_cards("7H 8H 10H QC QD QS 3S 4S 5S"), imaginary)
    0
    """
    if not rules.imaginary_joker:
        return len(best_arrangement(hand, rules).deadwood)
    if not rules.own_card_joker:
        return len(best_arrangement((*hand, JOKER), rules).deadwood)
    least = len(hand)
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        least = min(least, len(best_arrangement((*rest, JOKER), rules).deadwood))
    return least


def win_chance(short: int, others: int, rules: Rules, players: int) -> float:
    """The chance that a hand ``short`` cards from going out wins against ``others`` hands
    dealt at random (at a table of ``players``).

    >>> from ramino.engine import get_preset
    >>> rules = get_preset("pokerato")
    >>> round(win_chance(1, 3, rules, 4), 2), round(win_chance(10, 3, rules, 4), 2)
    (0.7, 0.09)
    """
    mine = CARD_WEIGHT**short
    return mine / (mine + others * _typical_weight(rules, players))


# A function of frozen values, worked out once (lru_cache is safe across threads).
@lru_cache(maxsize=64)
def _typical_weight(rules: Rules, players: int) -> float:
    """The mean weight of a hand dealt at random under ``rules`` (the same every time)."""
    deck = list(Deck.for_rules(rules, players).cards)
    size = rules.hand_size_for(players)
    rng = random.Random(f"betting/{size}/{len(deck)}")
    total = 0.0
    for _ in range(SAMPLE_HANDS):
        total += CARD_WEIGHT ** cards_short(tuple(rng.sample(deck, size)), rules)
    return total / SAMPLE_HANDS


def choose_bet(
    observation: Observation, style: BettingStyle = SOUND, rng: random.Random | None = None
) -> BetChoice:
    """The bet of the player to move in the betting round, one of his legal actions.

    >>> from ramino.engine import get_preset
    >>> from ramino.engine.round import Round
    >>> obs = Round(get_preset("pokerato"), 3, seed=1).observation(2)
    >>> choose_bet(obs).action in obs.legal_actions
    True
    """
    legal = observation.legal_actions
    if not legal:
        raise ValueError(f"seat {observation.seat} has no legal bet to choose from")
    rules = observation.rules
    others = sum(
        1 for seat, out in enumerate(observation.folded) if not out and seat != observation.seat
    )
    short = cards_short(observation.hand, rules)
    chance = win_chance(short, others, rules, observation.players)
    to_call, pot = observation.to_call, observation.pot

    def bet(action: Action) -> BetChoice:
        return BetChoice(action, short, chance, to_call, pot)

    may_raise = BETS["raise"] in legal
    fair = 1 / (others + 1)
    bluffing = style.bluff > 0 and rng is not None and rng.random() < style.bluff
    if may_raise and (chance >= style.raise_at * fair or bluffing):
        return bet(Raise())
    if to_call == 0 or chance * played_for(observation) >= style.call_margin * to_call:
        return bet(Call())
    return bet(Fold())


def played_for(observation: Observation) -> int:
    """The pot a call plays for: the chips in the middle, the call, and what each other
    player still in must add to match it (as far as his chips go). The chance of winning is
    judged against every player still in, so the pot counts them in too; the pot alone
    would make the first to speak after the blind fold all but the best hands.

    >>> from ramino.engine import get_preset
    >>> from ramino.engine.round import Round
    >>> obs = Round(get_preset("pokerato"), 4, seed=1).observation(2)
    >>> obs.pot, obs.to_call, played_for(obs)
    (1, 1, 4)
    """
    me, stakes = observation.seat, observation.stakes
    mine = (stakes[me] if me < len(stakes) else 0) + observation.to_call
    chips = observation.chips or ()
    matched = 0
    for seat, out in enumerate(observation.folded):
        if out or seat == me or seat >= len(stakes):
            continue
        behind = chips[seat] if seat < len(chips) else 0
        matched += min(behind, max(0, mine - stakes[seat]))
    return observation.pot + observation.to_call + matched


def match_bet(observation: Observation, hands_left: int) -> Action | None:
    """The bet that plays for the match rather than the hand, when there is one, with
    ``hands_left`` hands to play this one included (a match of so many hands, the most chips
    winning): ``None`` where the hand's own judgement stands.

    - A lead bigger than what folding every hand left gives away (this hand's stake and
      each blind still to post) is kept: fold, or check for nothing. (Keeping only a lead
      twice that, which nothing can overturn, won fewer matches: pokerato immaginario with
      ten cards, 400 duplicate matches against intermedio, 55.5% against 58.8%; 60.5%
      against 64.0% and 61.5% against 63.0% with nine cards, on 200.)
    - In the last hand, level or behind, never fold: call, and raise where allowed.

    >>> from ramino.engine import get_preset
    >>> from ramino.engine.round import Round
    >>> from dataclasses import replace
    >>> obs = Round(get_preset("pokerato-immaginario"), 2, seed=1).observation(0)
    >>> match_bet(obs, 10) is None
    True
    >>> str(match_bet(replace(obs, chips=(120, 78)), 10))
    'fold'
    >>> str(match_bet(replace(obs, chips=(90, 109)), 1))
    'raise'
    """
    chips, stakes = observation.chips, observation.stakes
    if chips is None or hands_left < 1 or not observation.legal_actions:
        return None
    me = observation.seat
    owned = [c + (stakes[s] if s < len(stakes) else 0) for s, c in enumerate(chips)]
    others = [owned[s] for s in range(len(owned)) if s != me and owned[s] > 0]
    if not others:
        return None
    lead = owned[me] - max(others)
    legal = observation.legal_actions
    rules = observation.rules
    # Folding from now on gives away this hand's stake and a blind every round of the table.
    blinds = -(-(hands_left - 1) // observation.players)
    staked = stakes[me] if me < len(stakes) else 0
    if lead > staked + blinds * rules.blind:
        if observation.to_call == 0 and BETS["call"] in legal:
            return Call()
        return Fold() if BETS["fold"] in legal else None
    if hands_left == 1 and lead <= 0:
        if BETS["raise"] in legal:
            return Raise()
        return Call() if BETS["call"] in legal else None
    return None
