"""Holding melds back to go out all at once (*chiusura in mano*), the expert bot's play: the
greedy bot lays a meld as soon as it has one, which gives the others cards to attach to and
forgoes the close in one turn that doubles their counts (classico's ``rummy_bonus``). This
policy keeps every meld in hand until the whole hand goes down in one turn, unless an
opponent is about to go out or the melds held back cost too much if caught.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.actions import Action, Attach, Discard, Lay, Swap
from ..engine.observation import Observation
from ..engine.round import Phase
from ..engine.rules import Rules, RummyBonus
from ..engine.scoring import card_penalty
from .greedy import Style, decide
from .solver import best_arrangement, can_go_out

__all__ = ["Hold", "going_out", "held_points", "hold_turn", "may_hold", "spread_close"]


@dataclass(frozen=True, slots=True)
class Hold:
    """When to stop holding back (the safety valve)."""

    threat: int = 3
    """Lay as the greedy bot does once an opponent holds this many cards or fewer."""
    max_held: int | None = None
    """Lay once the cards the greedy turn would lay are worth more than this many penalty
    points: what holding them costs if someone else goes out first (``None``: no limit;
    40 and 80 both measured weaker than none, ``bench/expert.py``)."""
    near: int | None = 2
    """Keep holding, whatever the valve says, while at most this many cards are left loose
    after the best throw: a close in one turn that near is worth the risk (``None``: never)."""


def may_hold(observation: Observation) -> bool:
    """Whether a close in one turn is still possible and pays: the rules reward it, the
    player has laid nothing in an earlier turn nor this one, and nothing must go down now.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> r = Round(get_preset("classico"), 2, seed=1)
    >>> from ramino.engine.actions import Draw
    >>> _ = r.apply(Draw())
    >>> may_hold(r.observation(r.to_play))
    True
    """
    rules = observation.rules
    me = observation.seat
    return (
        observation.phase is Phase.PLAY
        # Only a bonus the others pay is worth the wait: a scempio spares them the messa.
        and rules.rummy_bonus in (RummyBonus.DOUBLE, RummyBonus.ADD)
        and rules.melding_during_play
        and not (observation.melded_before and observation.melded_before[me])
        and not observation.turn_melded
        and not observation.to_lay
        and not observation.jokers_back
    )


def going_out(observation: Observation) -> tuple[Action, ...] | None:
    """The turn that lays the whole hand in the player's own melds and throws the last card,
    if there is one: the costliest throw that leaves the rest fully bound.

    >>> from ramino.engine import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> r = Round(get_preset("classico"), 2, seed=1)
    >>> obs = r.observation(r.to_play)
    >>> going_out(obs) is None  # the draw comes first
    True
    """
    rules = observation.rules
    options = {a.card for a in observation.legal_actions if isinstance(a, Discard)}
    hand = list(observation.hand)
    for card in sorted(options, key=lambda c: (-card_penalty(c, rules), c)):
        rest = list(hand)
        rest.remove(card)
        if not rest or not can_go_out(rest, rules, discard=False):
            continue
        way = best_arrangement(rest, rules)
        if way.deadwood:
            continue
        lays: list[Action] = []
        for meld in way.melds:
            # One declaration per jolly: the card it stands for where the solver placed it.
            declared = tuple(rep for _, rep in meld.joker_assignments)
            lays.append(Lay(meld.cards, declared or None))
        return (*lays, Discard(card))
    return None


def _loose(observation: Observation) -> int:
    """How many cards the best arrangement leaves unbound after the best throw."""
    way = best_arrangement(observation.hand, observation.rules, discard=True)
    return len(way.deadwood)


def held_points(turn: Sequence[Action], observation: Observation) -> int:
    """The penalty points of the cards ``turn`` lays or attaches: what holding them back
    would add to the count if someone else went out first."""
    rules = observation.rules
    points = 0
    for action in turn:
        if isinstance(action, Lay | Attach):
            points += sum(card_penalty(c, rules) for c in action.cards)
    return points


def hold_turn(
    observation: Observation,
    greedy_turn: Sequence[Action],
    hold: Hold,
    style: Style,
) -> tuple[Action, ...] | None:
    """The turn under the hold policy, when it differs from the greedy one: go out all at
    once if the hand allows it; else, when the greedy turn would lay or attach something and
    the valve is shut, lay nothing and throw what the greedy bot would throw from the whole
    hand. ``None`` where the greedy turn stands."""
    if not may_hold(observation):
        return None
    out = going_out(observation)
    if out is not None:
        return out
    if not any(isinstance(a, Lay | Attach | Swap) for a in greedy_turn):
        return None
    me = observation.seat
    others = [n for s, n in enumerate(observation.hand_sizes) if s != me]
    if hold.near is None or _loose(observation) > hold.near:
        if min(others, default=99) <= hold.threat:
            return None
        if hold.max_held is not None and held_points(greedy_turn, observation) > hold.max_held:
            return None
    discards = tuple(a for a in observation.legal_actions if isinstance(a, Discard))
    if not discards:
        return None
    throw = decide(replace(observation, legal_actions=discards), style).action
    return (throw,)


def spread_close(turn: Sequence[Action], rules: Rules) -> list[tuple[Action, ...]]:
    """Ways to play a turn that would go out in one turn over two turns instead: ``turn``
    with one of its melds kept back, the cheapest first, to be laid next turn.

    Where going out in one turn is a scempio (it spares the others the messa this round, and
    only raises the next one for whoever loses it), waiting a turn makes them pay it; the
    risk is that someone goes out in between. A turn of one meld cannot be spread: laid
    alone next turn, it would still be a close in one turn. The caller checks that the
    engine accepts the turn (an opening may need every meld) and that it does not end the
    round.

    >>> from ramino.engine import get_preset, parse_cards
    >>> from ramino.engine.actions import parse_action
    >>> turn = [parse_action(t) for t in ("lay KH KS KD", "lay 2D 3D 4D", "discard 9C")]
    >>> [" ".join(str(a) for a in t) for t in spread_close(turn, get_preset("enciclopedia"))]
    ['lay KH KS KD discard 9C', 'lay 2D 3D 4D discard 9C']
    """
    lays = [a for a in turn if isinstance(a, Lay)]
    if len(lays) < 2:
        return []
    cheapest = sorted(lays, key=lambda lay: sum(card_penalty(c, rules) for c in lay.cards))
    return [tuple(a for a in turn if a is not lay) for lay in cheapest]
