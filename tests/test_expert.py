"""The expert bot: legal moves under every playable preset, decisions that use only what the
seat saw, the obvious going-out, and melds held back for a close in one turn."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from ramino.ai import Bot, ExpertBot, GreedyBot, bot_for_level
from ramino.ai._expert_hold import Hold, going_out, hold_turn
from ramino.ai.expert import _as_seen
from ramino.ai.greedy import Style, decide
from ramino.engine import Card, parse_cards
from ramino.engine.actions import Action, Discard, Draw, Lay, TakeDiscard
from ramino.engine.observation import Observation
from ramino.engine.presets import get_preset
from ramino.engine.round import Round
from scripted import PLAYABLE, deal

CLASSICO = get_preset("classico")


class Referee:
    """Checks that every action the bot returns is among the legal ones it was shown."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.checked = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def act(self, observation: Observation) -> Action:
        action = self.inner.act(observation)
        assert action in observation.legal_actions, (str(action), observation.legal_actions)
        self.checked += 1
        return action


@pytest.mark.parametrize("preset", ["classico", "apertura-50", "scala-40", "casertano"])
def test_the_expert_always_plays_a_legal_action(preset: str) -> None:
    rules = replace(get_preset(preset), max_turns=24)
    for seed in range(2):
        r = Round(rules, 2, seed=seed)
        referee = Referee(ExpertBot(seed))
        bots: list[Bot] = [referee, GreedyBot(seed)]
        while not r.is_over:
            r.apply(bots[r.to_play].act(r.observation(r.to_play)))
        # The referee checked each of the expert's moves; it made some and the round ended.
        assert referee.checked > 0 and r.end is not None


def test_the_round_the_expert_plays_its_turn_on_shows_what_it_saw() -> None:
    # Mid-round, for the player to move: the rebuilt round shows him exactly what he saw
    # (the physical copy of a card on the table aside).
    def seen(obs: Observation) -> tuple[object, ...]:
        return replace(obs, table=()), tuple((m.owner, m.meld) for m in obs.table)

    for preset in PLAYABLE:
        rules = replace(get_preset(preset), max_turns=20)
        r = Round(rules, max(2, rules.min_players), seed=preset)
        while not r.is_over:
            obs = r.observation(r.to_play)
            rebuilt = _as_seen(obs)
            assert seen(rebuilt.observation(obs.seat)) == seen(obs), preset
            assert rebuilt.melded_before == r.melded_before
            r.apply(decide(obs).action)


def _twin_rounds() -> tuple[Round, Round]:
    """Two deals alike in all that seat 0 sees (his hand, the upcard, the card he draws) and
    different in the other hand and the rest of the stock."""
    mine = "4H 5H 6H 7S 7D 9C 10C KD 2S 8D"
    a = deal(CLASSICO, [mine, "AC 2C 3C QS QH QD 5S 6S 3D 4D"], "JC", stock="JH 9S 9H")
    b = deal(CLASSICO, [mine, "KC KS KH 8S 8H 8C 4S JS JD 10D"], "JC", stock="JH 3H 3S")
    return a, b


def test_the_decision_depends_only_on_what_the_seat_saw() -> None:
    a, b = _twin_rounds()
    for r in (a, b):
        r.apply(Draw())
    assert a.observation(0) == b.observation(0)
    assert a.hand(1) != b.hand(1)
    bots = ExpertBot(7), ExpertBot(7)
    # The whole turn, step by step: the same moves in both rounds.
    while a.to_play == 0 and not a.is_over:
        obs = a.observation(0)
        assert obs == b.observation(0)
        first, second = bots[0].act(obs), bots[1].act(b.observation(0))
        assert first == second
        a.apply(first)
        b.apply(second)


def test_the_draw_decision_depends_only_on_what_the_seat_saw() -> None:
    a, b = _twin_rounds()
    obs = a.observation(0)
    assert obs == b.observation(0)
    assert ExpertBot(3).act(obs) == ExpertBot(3).act(b.observation(0))


def test_the_expert_takes_an_obvious_going_out() -> None:
    # The queen on the pozzo closes the hand at once (in mano); the stock card would not.
    hand = "4H 5H 6H 7S 7D 7C 9C 10C JC KD"
    r = deal(CLASSICO, [hand, "AC 2C 3C QS QH QD 5S 6S 3D 4D"], "QC", stock="2S")
    bot = ExpertBot(0)
    assert bot.act(r.observation(0)) == TakeDiscard()
    r.apply(TakeDiscard())
    while not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn


def test_the_expert_goes_out_by_laying_when_it_can() -> None:
    hand = "4H 5H 6H 7S 7D 7C 9C 10C JC QC"
    r = deal(CLASSICO, [hand, "AC 2C 3C QS QH QD 5S 6S 3D 4D"], "2D", stock="KD")
    r.apply(Draw())
    bot = ExpertBot(0)
    while not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.out == 0
    assert r.hand(0) == () and r.top_discard == Card.parse("KD")


def test_the_expert_level_is_the_expert_bot() -> None:
    bot = bot_for_level("esperto", seed=2, name="Carla")
    assert isinstance(bot, ExpertBot) and bot.name == "Carla"


def test_the_expert_repeats_the_same_play() -> None:
    rules = replace(CLASSICO, max_turns=16)

    def play() -> list[str]:
        r = Round(rules, 2, seed=5)
        bots: list[Bot] = [ExpertBot(1), GreedyBot(2)]
        while not r.is_over:
            r.apply(bots[r.to_play].act(r.observation(r.to_play)))
        return [str(e) for e in r.public_history]

    assert play() == play()


def test_parse_cards_of_the_twin_deals_are_distinct() -> None:
    # The twin deals above really differ in the hidden cards, not only in their order.
    a, b = _twin_rounds()
    assert Counter(a.hand(1)) != Counter(b.hand(1))
    assert parse_cards("JC")[0] == a.top_discard == b.top_discard


# --- the hold strategy: melds kept in hand for a close in one turn ---

FAR = "4H 5H 6H 7S 9D JC KD 2S 3C QH"
OPPONENT = "AC 2C 3C QS QD 5S 6S 3D 4D 9S"


def _held_round() -> Round:
    r = deal(CLASSICO, [FAR, OPPONENT], "8S", stock="8C")
    r.apply(Draw())
    return r


def test_the_hold_strategy_keeps_its_melds_while_far_from_going_out() -> None:
    r = _held_round()
    obs = r.observation(0)
    greedy_turn = (decide(obs).action,)
    assert isinstance(greedy_turn[0], Lay)
    held = hold_turn(obs, greedy_turn, Hold(), Style())
    assert held is not None and len(held) == 1 and isinstance(held[0], Discard)
    assert held[0].card not in parse_cards("4H 5H 6H")
    assert isinstance(ExpertBot(0).act(obs), Discard)


def test_the_hold_strategy_lays_when_an_opponent_is_about_to_go_out() -> None:
    obs = replace(_held_round().observation(0), hand_sizes=(11, 3))
    greedy_turn = (decide(obs).action,)
    assert hold_turn(obs, greedy_turn, Hold(), Style()) is None
    # Unless the hand itself is near a close in one turn.
    assert hold_turn(obs, greedy_turn, Hold(near=7), Style()) is not None
    # The cost of the melds held back opens the valve too.
    far = _held_round().observation(0)
    assert hold_turn(far, greedy_turn, Hold(max_held=14), Style()) is None


def test_the_hold_strategy_lays_everything_at_once_to_go_out() -> None:
    hand = "4H 5H 6H 7S 7D 7C 8C 9C 10C JC"
    r = deal(CLASSICO, [hand, OPPONENT], "8S", stock="KD")
    r.apply(Draw())
    out = going_out(r.observation(0))
    assert out is not None and out[-1] == Discard(Card.parse("KD"))
    bot = ExpertBot(0)
    while not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn


def test_the_hold_strategy_finishes_rounds_with_legal_moves() -> None:
    for preset in ("classico", "apertura-50", "scala-40"):
        r = Round(replace(get_preset(preset), max_turns=40), 2, seed=9)
        referee = Referee(ExpertBot(2))
        bots: list[Bot] = [referee, GreedyBot(2)]
        while not r.is_over:
            r.apply(bots[r.to_play].act(r.observation(r.to_play)))
        assert referee.checked > 0 and r.end is not None, preset
