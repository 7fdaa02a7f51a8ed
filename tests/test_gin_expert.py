"""The expert at gin rummy, on stacked deals: it plays on for the undercut with a low hand
where the rules pay it well, knocks otherwise, and judges its draws and throws by the
deadwood the hand may expect after the next draw."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ramino.ai import ExpertBot
from ramino.ai._expert_gin import GinStyle, expected_deadwood, plays_on
from ramino.engine import Card, parse_cards
from ramino.engine.actions import Discard, Knock
from ramino.engine.observation import Observation
from ramino.engine.presets import get_preset
from ramino.engine.round import Round
from scripted import deal, play

GIN = get_preset("gin")
CLASSIC = get_preset("gin-classic")
#: The other seat: binds little and holds none of the cards the positions below use.
OTHER = "5S 5H 5D 10D JD 6C KC KD KH QS"
#: Nine cards in three melds, and one loose card to go with them.
MELDED = "AS 2S 3S 4C 4D 4H 7H 8H 9H"


def after_draw(rules: str | object, loose: str, drawn: str) -> Observation:
    """Seat 0 holding MELDED and ``loose``, after passing the upcard and drawing ``drawn``."""
    preset = get_preset(rules) if isinstance(rules, str) else rules
    assert not isinstance(preset, str)
    r = deal(preset, [f"{MELDED} {loose}", OTHER], "QC", f"{drawn} 2H 3H")
    play(r, "pass", "pass", "draw")
    return r.observation(0)


def act(observation: Observation) -> str:
    return str(ExpertBot(0).act(observation))


def test_a_hand_low_enough_to_undercut_plays_on_where_the_undercut_pays() -> None:
    # Throwing 3D leaves 2C, 2 points: a knock would win little; an opponent who knocks
    # first is undercut (25 points under the North American count, 10 under the classic).
    for rules in ("gin", "gin-classic"):
        obs = after_draw(rules, "3D", "2C")
        assert Knock() in obs.legal_actions
        assert act(obs) == "discard 3D"


def test_the_expert_knocks_where_the_undercut_pays_little() -> None:
    # 7 points after the throw: within four tenths of the limit only where the bonus is 25.
    obs = after_draw("gin", "8D", "7C")
    assert plays_on(obs, GinStyle()) and act(obs) == "discard 8D"
    assert act(after_draw("gin-classic", "8D", "7C")) == "knock"
    # No undercut bonus at all: a hand that may knock, knocks.
    assert act(after_draw(replace(GIN, undercut_bonus=0), "3D", "2C")) == "knock"


def test_the_expert_knocks_gin_and_near_the_wall() -> None:
    assert act(after_draw("gin", "JC", "10H")) == "knock"  # gin: 10H goes on 7H 8H 9H
    obs = after_draw("gin", "3D", "2C")
    assert act(replace(obs, stock_count=5)) == "knock"  # three cards above the wall of 2
    assert act(replace(obs, stock_count=6)) == "discard 3D"


def test_the_expert_takes_the_upcard_that_melds_and_passes_one_that_does_not() -> None:
    r = deal(GIN, [f"{MELDED} KS", OTHER], "10H", "2C 2H 3H")
    assert act(r.observation(0)) == "take"  # 10H joins 7H 8H 9H: KS goes, gin
    r = deal(GIN, [f"{MELDED} KS", OTHER], "QC", "2C 2H 3H")
    assert act(r.observation(0)) == "pass"


def test_the_expert_keeps_the_pair_whose_third_cards_are_still_to_come() -> None:
    # QH (the upcard) and QS (the other seat's throw) are in the pile: QC QD can no longer
    # be a set, while 9S 10S still wait for 8S or JS. The costly loose cards are the queens
    # and 10S, 10 points each: the expert throws a queen, and keeps the low 4D.
    hand = "AS 2S 3S 7H 8H 9H QC QD 9S 10S"
    r = deal(GIN, [hand, "QS 5S 5H 5D 10D JD 6C KC KD KH"], "QH", "2C 3C 4D")
    play(r, "pass", "pass", "draw", "discard 2C", "draw", "discard QS", "draw")
    obs = r.observation(0)
    assert len(obs.hand) == 11 and Knock() not in obs.legal_actions
    assert act(obs) in ("discard QC", "discard QD")


def test_the_expected_deadwood_counts_a_low_card_drawn_in_place_of_a_high_one() -> None:
    # A lone king: any card drawn below it takes its place, so the hand expects less.
    hand = parse_cards(f"{MELDED} KS")
    unseen = Counter({Card.parse("AC"): 1, Card.parse("QC"): 1})
    assert expected_deadwood(hand, unseen, GIN) == (1 + 10) / 2


def test_the_expert_plays_the_same_gin_hand_the_same_way() -> None:
    def moves(seed: int) -> list[str]:
        r = Round(GIN, 2, seed=5, dealer=1)
        bots = [ExpertBot(seed), ExpertBot(seed + 1)]
        played = []
        while not r.is_over:
            action = bots[r.to_play].act(r.observation(r.to_play))
            played.append(str(action))
            r.apply(action)
        return played

    assert moves(0) == moves(0)


def test_a_throw_is_always_legal_for_the_expert_at_gin() -> None:
    for seed in range(3):
        r = Round(CLASSIC, 2, seed=seed, dealer=0)
        bot = ExpertBot(seed)
        while not r.is_over:
            obs = r.observation(r.to_play)
            action = bot.act(obs)
            assert action in obs.legal_actions
            if isinstance(action, Discard):
                assert action.card in obs.hand
            r.apply(action)
