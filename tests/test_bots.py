"""Bots: the random bot plays only legal actions, from its own seed, and a bot sees nothing but
its player's observation (no round, no stock order, no other hand).
"""

from __future__ import annotations

import gc
from collections import Counter
from dataclasses import replace

import pytest

from ramino.ai import Bot, RandomBot, play_round
from ramino.engine import Card, get_preset, parse_cards
from ramino.engine._rules_memo import RulesMemo
from ramino.engine.actions import Action, Draw, parse_action
from ramino.engine.deck import Deck
from ramino.engine.observation import Observation
from ramino.engine.round import Round, stacked_deck


class Referee:
    """A bot wrapper that checks what it is shown and what it answers."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.seen: list[Observation] = []

    @property
    def name(self) -> str:
        return self.inner.name

    def act(self, observation: Observation) -> Action:
        assert observation.my_turn and observation.seat == observation.to_play
        action = self.inner.act(observation)
        assert action in observation.legal_actions
        self.seen.append(observation)
        return action


@pytest.mark.parametrize("preset", ["classico", "scala-40", "rami-40", "casertano"])
def test_random_bot_plays_legal_actions_only(preset: str) -> None:
    rules = replace(get_preset(preset), max_turns=40)
    round_ = Round(rules, 3, seed=f"legal/{preset}", dealer=2)
    bots = [Referee(RandomBot(seed=seat)) for seat in range(3)]
    end = play_round(round_, bots)
    assert end is round_.end
    decisions = sum(len(bot.seen) for bot in bots)
    assert decisions == len(round_.history) > 0
    # Each bot was asked only on its own turns, about its own seat.
    for seat, bot in enumerate(bots):
        assert {obs.seat for obs in bot.seen} <= {seat}


def test_random_bot_picks_every_legal_action() -> None:
    round_ = Round(get_preset("classico"), 2, seed=4)
    round_.apply(Draw())
    obs = round_.observation(round_.to_play)
    assert len(obs.legal_actions) > 5
    bot = RandomBot(seed=9)
    picks = Counter(bot.act(obs) for _ in range(60 * len(obs.legal_actions)))
    assert set(picks) == set(obs.legal_actions)


def test_random_bot_refuses_to_act_out_of_turn() -> None:
    round_ = Round(get_preset("classico"), 2, seed=4)
    waiting = round_.observation(1 - round_.to_play)
    assert waiting.legal_actions == ()
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot().act(waiting)


def test_random_bot_is_a_bot() -> None:
    bot = RandomBot(seed=1)
    assert isinstance(bot, Bot)
    assert bot.name == "random"
    assert RandomBot(name="rnd").name == "rnd"


def test_play_round_needs_one_bot_per_seat() -> None:
    round_ = Round(get_preset("classico"), 3, seed=1)
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        play_round(round_, [RandomBot(), RandomBot()])


def history(seed: int, bot_seed: int) -> list[str]:
    rules = replace(get_preset("classico"), max_turns=30)
    round_ = Round(rules, 3, seed=seed)
    play_round(round_, [RandomBot(seed=f"{bot_seed}/{seat}") for seat in range(3)])
    return [f"{event.seat} {event.action}" for event in round_.history]


def test_random_play_is_determined_by_the_seeds() -> None:
    first = history(1, 1)
    assert history(1, 1) == first
    assert history(1, 2) != first
    assert history(2, 1) != first


# --- hidden information ---

SEAT0 = "7H 8H 9H QC QD 2S 5D AC 4C KD"
SEAT1 = "3S 4S 5S 6S JH JC 10D 9C 2H 6C"
SEAT2 = "8S 9S KS KH KC 3H 7D 8D 4D 10C"
STOCK = "JD 5C 3D 10S"


def stacked(hands: list[str]) -> Round:
    """Three players, seat 0 first (seat 2 deals), the same upcard and stock."""
    rules = get_preset("classico")
    order = stacked_deck(
        rules,
        3,
        [parse_cards(h) for h in hands],
        upcard=Card.parse("AD"),
        stock=parse_cards(STOCK),
        dealer=2,
    )
    return Round(rules, 3, deck_order=order, dealer=2)


def test_an_observation_does_not_depend_on_the_other_hands() -> None:
    # Two rounds that agree on everything seat 0 may know, the other two hands swapped.
    a, b = stacked([SEAT0, SEAT1, SEAT2]), stacked([SEAT0, SEAT2, SEAT1])
    assert a.hand(1) != b.hand(1) and a.hand(1) == b.hand(2)
    turns = [
        ["draw", "lay 7H 8H 9H", "discard 2S"],
        ["draw", "discard 5C"],  # seats 1 and 2 draw from the stock and throw that card
        ["draw", "discard 3D"],
        ["draw", "discard 10S"],
    ]
    for actions in turns:
        for text in actions:
            assert a.observation(0) == b.observation(0)
            if a.to_play == 0:
                assert a.observation(0).legal_actions
            a.apply(parse_action(text))
            b.apply(parse_action(text))
    final = a.observation(0)
    assert final == b.observation(0)
    # The draws of the others are public, the cards they drew are not.
    assert [str(e) for e in final.history][3:5] == ["1: draw", "1: discard 5C"]
    assert not any(hasattr(e, "ids") for e in final.history)
    assert final.hand_sizes == (7, 10, 10)


def test_an_observation_holds_no_round_and_no_other_hand() -> None:
    round_ = stacked([SEAT0, SEAT1, SEAT2])
    round_.apply(parse_action("draw"))
    obs = round_.observation(0)
    assert set(obs.hand) == set(round_.hand(0))
    seen = reachable(obs)
    assert not any(isinstance(o, Round | Deck) for o in seen)
    # The round keeps its hands, stock and piles in lists; an observation shares none of them.
    assert not any(isinstance(o, list) for o in seen)
    public = {*obs.hand, *obs.discard_pile, *(c for t in obs.table for c in t.meld.cards)}
    cards = {o for o in seen if isinstance(o, Card)}
    assert cards <= public
    assert not set(round_.hand(1)) & cards - public


def reachable(root: object) -> list[object]:
    """Every object the observation refers to, directly or not, classes, modules and
    functions left aside (they are shared by the whole program, not state of this round),
    and the engine's memo of the rules (shared by every round under them, which any code
    may ask for with rules_memo; it is never pickled)."""
    skip = (type, type(gc), type(reachable), type(len), RulesMemo)
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_the_public_history_names_the_card_taken_from_the_pozzo() -> None:
    # Everybody saw the top of the pile: who took it, and which card it was, is public.
    round_ = stacked([SEAT0, SEAT1, SEAT2])
    top = round_.top_discard
    assert top is not None
    round_.apply(parse_action("take"))
    for seat in range(3):
        (event,) = round_.observation(seat).history
        assert event.taken is top
        assert str(event) == f"0: take {top}"
    other = next(card for card in round_.hand(0) if card is not top)
    round_.apply(parse_action(f"discard {other}"))
    round_.apply(parse_action("draw"))
    assert round_.observation(0).history[-1].taken is None
