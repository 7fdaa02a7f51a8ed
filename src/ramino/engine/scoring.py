"""The count at the end of a round (*la conta*): card penalties, rounding, the rummy bonus,
the messa and the closer's points and credits.

Pure functions of :class:`Rules`; the running score sheet lives in :mod:`ramino.engine.match`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ._frozen import Reduced, reduce_by_fields
from .cards import Card, Rank
from .rules import RoundCap, Rounding, Rules, RummyBonus

_K = TypeVar("_K")


class Closing(enum.StrEnum):
    """How the player went out; it matters only where the rules pay for it (Casertano, [W])."""

    SIMPLE = "simple"
    """An ordinary close (*chiusura semplice*)."""
    FLUSH = "flush"
    """A hand all of one suit (*colore*)."""
    STRAIGHT = "straight"
    """A hand that is one run: Casertano's *scala reale*, pokerato's *scala colore*."""
    ROYAL = "royal"
    """A hand that is one run of one suit from 5 to K: pokerato's *scala reale* ([G])."""
    SEVEN_OF_A_KIND = "seven_of_a_kind"
    """Seven cards of one rank without jokers (Casertano's *ramino*): wins the whole match."""


def card_penalty(card: Card, rules: Rules) -> int:
    """Penalty points of one card left in hand: 2–10 their number, J Q K 10, the ace
    ``rules.ace_penalty``, the jolly ``rules.joker_penalty``.

    >>> from ramino.engine.cards import Card
    >>> [card_penalty(Card.parse(t), Rules()) for t in ("7H", "QS", "AC", "JK")]
    [7, 10, 11, 25]
    >>> card_penalty(Card.parse("AC"), Rules(ace_penalty=1))
    1
    """
    if card.rank is None:
        return rules.joker_penalty
    if card.rank is Rank.ACE:
        return rules.ace_penalty
    return min(card.number, 10)


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """The raw count of a hand: the sum of its cards' penalties, before any rounding.

    >>> from ramino.engine.cards import parse_cards
    >>> hand_penalty(parse_cards("AS QC 8H 7C"), Rules())
    36
    """
    return sum(card_penalty(card, rules) for card in cards)


def hand_count(cards: Sequence[Card], rules: Rules) -> int:
    """The count of a hand of cards before rounding: its raw penalty, except that with
    rounding to tens one or two cards each worth less than 4 count nothing ([W]) — which
    nearest-ten rounding alone would not give for 3♥ 3♠ (6 → 10).

    >>> from ramino.engine.cards import parse_cards
    >>> tens = Rules(rounding=Rounding.TENS)
    >>> hand_count(parse_cards("3H 3S"), tens), hand_count(parse_cards("3H 3S"), Rules())
    (0, 6)
    >>> hand_count(parse_cards("3H 4S"), tens)
    7
    """
    if (
        rules.rounding is Rounding.TENS
        and 1 <= len(cards) <= 2
        and all(card_penalty(c, rules) < 4 for c in cards)
    ):
        return 0
    return hand_penalty(cards, rules)


def round_count(points: int, rules: Rules) -> int:
    """A hand's count after the rules' rounding: with ``tens``, to the nearest ten, 5 up.

    >>> tens = Rules(rounding=Rounding.TENS)
    >>> round_count(24, tens), round_count(25, tens), round_count(4, tens)
    (20, 30, 0)
    >>> round_count(24, Rules())
    24
    """
    if rules.rounding is Rounding.TENS:
        # 0–4 down, 5–9 up ([W]); counts are never negative, so floor division is safe.
        return (points + 5) // 10 * 10
    return points


def closings(rules: Rules) -> tuple[Closing, ...]:
    """The ways of going out a round under ``rules`` can end with (those
    :func:`~ramino.engine.going_out.closing_kind` and the show's verdict name): the flush
    close or the *colore* where the rules have it; a whole hand in one run, pokerato's run
    from 5 to K and Casertano's seven of a kind only where hands are shown at the close.

    >>> from ramino.engine.presets import get_preset
    >>> [c.value for c in closings(get_preset("classico"))]
    ['simple']
    >>> [c.value for c in closings(get_preset("casertano"))]
    ['simple', 'flush', 'straight', 'seven_of_a_kind']
    """
    # Gin rummy's knock is not a show: its hands end with no way of going out to name.
    shown = not rules.melding_during_play and rules.knock_limit is None
    allowed = {
        Closing.SIMPLE: True,
        Closing.FLUSH: rules.flush_close or (shown and rules.flush_meld),
        Closing.STRAIGHT: shown,
        Closing.ROYAL: shown and rules.royal_stake_multiplier > 1,
        Closing.SEVEN_OF_A_KIND: shown and rules.seven_of_a_kind_wins,
    }
    return tuple(closing for closing in Closing if allowed[closing])


def stake_multiplier(closing: Closing, rules: Rules) -> int:
    """How many times the stake a close pays (pokerato immaginario, RULES.md §6.2: the
    *colore* ×2, the *scala colore* ×4, the *scala reale* from 5 to K ×6).

    >>> from ramino.engine.presets import get_preset
    >>> [stake_multiplier(c, get_preset("pokerato-immaginario")) for c in Closing]
    [1, 2, 4, 6, 1]
    """
    # The highest that applies, never stacked: a scala reale is a scala colore, and a scala
    # colore nine cards of one suit, whatever the house's multipliers.
    flush = rules.flush_stake_multiplier
    straight = max(rules.straight_flush_stake_multiplier, flush)
    if closing is Closing.FLUSH:
        return flush
    if closing is Closing.STRAIGHT:
        return straight
    if closing is Closing.ROYAL:
        return max(rules.royal_stake_multiplier, straight)
    return 1


def closing_points(closing: Closing, rules: Rules) -> int:
    """What the player who went out scores: 0 in ramino classico, −10 / −20 / −50 in Casertano.

    A seven of a kind wins the match instead of scoring, so it counts 0.

    >>> from ramino.engine.presets import get_preset
    >>> closing_points(Closing.SIMPLE, Rules())
    0
    >>> [closing_points(c, get_preset("casertano")) for c in Closing]
    [-10, -20, -50, -50, 0]
    """
    if closing is Closing.FLUSH:
        return rules.close_points_flush
    if closing is Closing.STRAIGHT or closing is Closing.ROYAL:
        return rules.close_points_straight
    if closing is Closing.SEVEN_OF_A_KIND:
        return 0
    return rules.close_points


def closing_credits(closing: Closing, rules: Rules) -> int:
    """Credits won by going out: Casertano 1 / 2 / 5, none for a seven of a kind ([W]).

    >>> from ramino.engine.presets import get_preset
    >>> [closing_credits(c, get_preset("casertano")) for c in Closing]
    [1, 2, 5, 5, 0]
    """
    if closing is Closing.FLUSH:
        return rules.close_credits_flush
    if closing is Closing.STRAIGHT or closing is Closing.ROYAL:
        return rules.close_credits_straight
    if closing is Closing.SEVEN_OF_A_KIND:
        return 0
    return rules.close_credits


def loser_score(points: int, rules: Rules, *, in_one_turn: bool = False, messa: int = 0) -> int:
    """What a player who did not go out adds for a hand of raw ``points``.

    The order is fixed: rounding, then the rummy bonus when the closer went out in one turn
    (*chiusura in mano*: doubled, or ``+rummy_bonus_points``), then the ``messa`` given.

    >>> loser_score(36, Rules(), in_one_turn=True)
    72
    >>> loser_score(30, Rules(rounding=Rounding.TENS, messa=50), messa=50)
    80
    >>> loser_score(12, Rules(rummy_bonus=RummyBonus.ADD), in_one_turn=True)
    37
    """
    score = round_count(points, rules)
    if in_one_turn:
        if rules.rummy_bonus is RummyBonus.DOUBLE:
            score *= 2
        elif rules.rummy_bonus is RummyBonus.ADD:
            score += rules.rummy_bonus_points
    return score + messa


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The count of one round: what each player adds, the messa applied and the next level."""

    scores: dict[str, int]
    """Points each player adds this round (the closer his close points)."""
    messa: int
    """The messa added to each loser this round, 0 if none."""
    next_messa: int
    """The messa level of the next round."""
    credits: dict[str, int]
    """Credits won this round (only players who won some)."""

    def __reduce__(self) -> Reduced:
        # Copied and pickled by its fields, on the compiled build too (``_frozen``).
        return reduce_by_fields(self)


def score_round(
    hand_points: Mapping[str, int],
    rules: Rules,
    *,
    out: str | None,
    in_one_turn: bool = False,
    closing: Closing = Closing.SIMPLE,
    messa_level: int | None = None,
) -> RoundScore:
    """Score a round from the raw count of each hand.

    ``hand_points`` holds every player whose hand is counted: all but ``out``, or everybody when
    a cap ended the round (``out`` is ``None``). ``messa_level`` is the current messa (by default
    ``rules.messa``). Under ``rummy_bonus = scempio`` a close in one turn suspends the messa and
    raises the next level by ``rules.messa``; a round that applies the messa resets it.

    >>> r = score_round({"Anna": 23, "Bruno": 12}, Rules(), out="Carla", in_one_turn=True)
    >>> r.scores
    {'Carla': 0, 'Anna': 46, 'Bruno': 24}
    >>> from ramino.engine.presets import get_preset
    >>> w = get_preset("enciclopedia")
    >>> s = score_round({"Anna": 30}, w, out="Bruno", in_one_turn=True, messa_level=50)
    >>> s.scores["Anna"], s.messa, s.next_messa
    (30, 0, 100)
    >>> s = score_round({"Anna": 30}, w, out="Bruno", messa_level=100)
    >>> s.scores["Anna"], s.messa, s.next_messa
    (130, 100, 50)
    """
    level = rules.messa if messa_level is None else messa_level
    scores: dict[str, int] = {}
    credits: dict[str, int] = {}
    if out is None:
        in_one_turn = False
        winners = cap_winners(hand_points, rules)
    else:
        winners = {out}
        scores[out] = closing_points(closing, rules)
        won = closing_credits(closing, rules)
        if won:
            credits[out] = won
    scempio = in_one_turn and rules.rummy_bonus is RummyBonus.SCEMPIO
    losers = [name for name in hand_points if name not in winners]
    applied = 0 if scempio or not losers or rules.messa == 0 else level
    for name, points in hand_points.items():
        if name in winners:
            scores[name] = 0
        else:
            scores[name] = loser_score(points, rules, in_one_turn=in_one_turn, messa=applied)
    if rules.messa == 0:
        next_level = 0
    elif scempio:
        next_level = level + rules.messa
    elif applied:
        next_level = rules.messa
    else:
        # Nobody lost (a capped round where everybody tied): the level stays as it was.
        next_level = level
    return RoundScore(scores, applied, next_level, credits)


def knock_points(
    knocker: int,
    counts: Sequence[int],
    rules: Rules,
    *,
    big_gin: bool = False,
    doubled: bool = False,
) -> tuple[int, ...]:
    """The points each seat wins when ``knocker`` knocked and ``counts`` are the deadwood
    left (gin rummy): gin (no deadwood) wins the defender's deadwood and the gin bonus (the
    big gin bonus for ``big_gin``: every card laid, none thrown); an undercut (the
    defender's deadwood no more than the knocker's; equal only where a tie undercuts) wins
    the defender the difference and the undercut bonus; otherwise the knocker wins the
    difference. A ``doubled`` hand counts twice all of it (Oklahoma: a spade upcard).

    >>> gin = Rules(melding_during_play=False, max_players=2, knock_limit=10, gin_bonus=25,
    ...             undercut_bonus=25, undercut_on_tie=False)
    >>> knock_points(0, (0, 30), gin), knock_points(0, (8, 30), gin), knock_points(0, (8, 5), gin)
    ((55, 0), (22, 0), (0, 28))
    >>> knock_points(1, (7, 7), gin)
    (0, 0)
    >>> big = Rules(melding_during_play=False, max_players=2, knock_limit=10, gin_bonus=25,
    ...             big_gin_bonus=31)
    >>> knock_points(0, (0, 30), big, big_gin=True), knock_points(0, (8, 5), big, doubled=True)
    ((61, 0), (0, 6))
    """
    gin_bonus = rules.gin_bonus
    if big_gin:
        assert rules.big_gin_bonus is not None
        gin_bonus = rules.big_gin_bonus
    points = [0] * len(counts)
    mine = counts[knocker]
    for seat, theirs in enumerate(counts):
        if seat == knocker:
            continue
        if mine == 0:
            points[knocker] += theirs + gin_bonus
        elif theirs < mine or (theirs == mine and rules.undercut_on_tie):
            points[seat] += mine - theirs + rules.undercut_bonus
        else:
            points[knocker] += theirs - mine
    if doubled:
        return tuple(2 * p for p in points)
    return tuple(points)


def cap_winners(hand_points: Mapping[_K, int], rules: Rules) -> set[_K]:
    """Players who score 0 in a round ended by a cap: the lowest hands, or nobody."""
    if rules.on_round_cap is RoundCap.LOWEST_HAND_WINS and hand_points:
        lowest = min(hand_points.values())
        return {name for name, points in hand_points.items() if points == lowest}
    return set()
