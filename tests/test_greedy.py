"""The greedy bot: legal moves only in every playable preset, the rules of thumb on set
positions, nothing seen but its observation; and the levels of the computer opponent.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from ramino.ai import LEVELS, Bot, GreedyBot, RandomBot, Style, bot_for_level, play_round
from ramino.ai.greedy import Why, decide, feeds_next_player, taken_by
from ramino.engine import Card, get_preset, parse_cards
from ramino.engine.actions import Action, Discard, Draw, TakeDiscard
from ramino.engine.observation import Observation
from ramino.engine.round import Round, stacked_deck
from scripted import PLAYABLE, deal, play


class Referee:
    """A bot wrapper that checks what the bot is shown and what it answers."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.decisions = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def act(self, observation: Observation) -> Action:
        assert type(observation) is Observation
        assert observation.my_turn and observation.seat == observation.to_play
        action = self.inner.act(observation)
        assert action in observation.legal_actions, (str(action), observation.legal_actions)
        self.decisions += 1
        return action


@pytest.mark.parametrize("preset", PLAYABLE)
def test_greedy_plays_legal_actions_only(preset: str) -> None:
    rules = replace(get_preset(preset), max_turns=60)
    for players in (2, 3):
        if not rules.min_players <= players <= rules.max_players:
            continue
        for seed in range(2):
            bots = [
                Referee(GreedyBot(seed=seed)),
                Referee(bot_for_level("principiante", seed=seed)),
                Referee(RandomBot(seed=seed)),
            ][:players]
            round_ = Round(rules, players, seed=f"greedy/{preset}/{seed}", dealer=seed % players)
            end = play_round(round_, bots)
            assert end is round_.end
            assert sum(b.decisions for b in bots) == len(round_.history)


def test_greedy_beats_random_in_duplicate_rounds() -> None:
    # A few deals, each played from both seats; the full measure is bench/strength.py.
    rules = get_preset("classico")
    won = 0
    for deal_seed in range(5):
        for seat in (0, 1):
            bots: list[Bot] = [RandomBot(seed=deal_seed), RandomBot(seed=deal_seed)]
            bots[seat] = GreedyBot(seed=deal_seed)
            end = play_round(Round(rules, 2, seed=f"duel/{deal_seed}"), bots)
            won += end.out == seat
    assert won >= 8


def test_greedy_is_deterministic_and_a_bot() -> None:
    def history(seed: int) -> list[str]:
        round_ = Round(replace(get_preset("classico"), max_turns=30), 3, seed=seed)
        play_round(round_, [GreedyBot(seed=s) for s in range(3)])
        return [f"{e.seat} {e.action}" for e in round_.history]

    assert history(4) == history(4)
    bot = GreedyBot()
    assert isinstance(bot, Bot)
    assert bot.name == "greedy"
    assert GreedyBot(name="Bruno").name == "Bruno"
    assert repr(GreedyBot(name="Bruno")) == "GreedyBot(name='Bruno')"


def test_greedy_refuses_to_act_out_of_turn() -> None:
    round_ = Round(get_preset("classico"), 2, seed=4)
    waiting = round_.observation(1 - round_.to_play)
    with pytest.raises(ValueError, match="no legal action"):
        GreedyBot().act(waiting)


# --- rules of thumb on set positions ---

CLASSICO = get_preset("classico")
OTHER = "2C 3C 4C 9D 10D 5H 6H 7S 9S 10S"


def test_goes_out_when_it_can() -> None:
    # After the draw: a scala of four, two tris and the K♠ to throw: out in one turn.
    r = deal(CLASSICO, ["7H 8H 9H 10H QC QD QS 2C 3C 4C", OTHER], "5D", stock="KS")
    bot = GreedyBot()
    while r.to_play == 0 and not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    assert str(r.history[-1].action) == "discard KS"


def test_goes_out_by_attaching_the_last_cards() -> None:
    r = deal(CLASSICO, ["7H 8H 9H QC QD QS 2C 3C 4C 5D", OTHER], "KD", stock="10H 6D")
    play(r, "draw", "lay 7H 8H 9H", "lay QC QD QS", "lay 2C 3C 4C", "discard 5D")
    play(r, "draw", "discard 6D")
    bot = GreedyBot()
    while r.to_play == 0 and not r.is_over:
        r.apply(bot.act(r.observation(0)))
    assert r.end is not None and r.end.out == 0


def test_discards_the_isolated_high_card_not_one_of_a_pair() -> None:
    # Q♥ Q♣ are a pair; K♠ connects with nothing; every other card has a partner or is low.
    r = deal(CLASSICO, ["KS QH QC 2D 3D 5C 6C 8H 9H 4S", OTHER], "JD", stock="7S")
    r.apply(Draw())
    decision = decide(r.observation(0))
    assert decision.action == Discard(Card.parse("KS"))
    assert decision.why is Why.DISCARD_ISOLATED and decision.points == 10


def test_takes_the_discard_that_completes_a_tris() -> None:
    r = deal(CLASSICO, ["9C 9D KS QH 2D 5C 7C JH 4S 3H", OTHER], "9S")
    decision = decide(r.observation(0))
    assert decision.action == TakeDiscard()
    assert decision.why is Why.TAKE_MELD
    assert set(decision.partners) == set(parse_cards("9C 9D"))
    # The tris goes down in the same turn and the 9♠ is not thrown back.
    bot = GreedyBot()
    while r.to_play == 0:
        r.apply(bot.act(r.observation(0)))
    laid = [str(m.meld) for m in r.table]
    assert "9♣ 9♦ 9♠" in laid


def test_draws_when_the_top_discard_does_not_help() -> None:
    r = deal(CLASSICO, ["9C 9D KS QH 2D 5C 7C JH 4S 3H", OTHER], "KD")
    assert decide(r.observation(0)).action == Draw()


def test_does_not_feed_the_next_player_the_card_he_collects() -> None:
    # Seat 1 took the 7♣ from the pozzo. The 9♣ and the 8♥ connect with nothing in seat 0's
    # hand: a careless bot throws the costlier 9♣, the watching bot the 8♥.
    hand = "7C 9C 8H 2D 3D 5S 6S JH QH KD"
    r = deal(CLASSICO, [hand, OTHER], "AH", stock="KS 4H")
    play(r, "draw", "discard 7C", "take", "discard 9S", "draw")
    obs = r.observation(0)
    assert decide(obs).action == Discard(Card.parse("8H"))
    assert decide(obs, Style(watch_opponents=False)).action == Discard(Card.parse("9C"))


def test_the_next_players_take_of_the_deals_upcard_is_watched() -> None:
    # Seat 0 took the upcard 7♣ at his first turn; seat 2, whom seat 0 follows, keeps the
    # 9♣ that connects with it and throws the cheaper lone 8♥.
    seat0 = "2S 3S 4S 9D 10D 5H 6H 7S 9S 10S"
    seat2 = "9C 8H 2D 3D 5S 6S JH QH KC KD"
    r = deal(CLASSICO, [seat0, OTHER, seat2], "7C", stock="KS 4H")
    play(r, "take", "discard 10S", "draw", "discard 9S", "draw")
    obs = r.observation(2)
    assert taken_by(obs, 0) == (Card.parse("7C"),)
    assert taken_by(obs, 1) == ()
    assert feeds_next_player(Card.parse("9C"), obs)
    assert decide(obs).action == Discard(Card.parse("8H"))
    assert decide(obs, Style(watch_opponents=False)).action == Discard(Card.parse("9C"))


def test_unloads_high_cards_when_an_opponent_is_about_to_go_out() -> None:
    # Seat 1 laid three melds and holds one card: the bot throws a high card of the K♠ Q♠
    # pair; at a calm table it would keep the pair and throw the lone 6♣.
    seat0 = "KS QS 6C 2D 3D 4H 5H 3C 2H JD"
    seat1 = "7D 8D 9D JC JH JS AC 2C 3C 10C"
    r = deal(CLASSICO, [seat0, seat1], "KH", stock="4S 9S 5D")
    play(r, "draw", "discard JD", "draw", "lay 7D 8D 9D", "lay JC JH JS", "lay AC 2C 3C")
    play(r, "discard 9S", "draw")
    obs = r.observation(0)
    assert obs.hand_sizes[1] == 1
    decision = decide(obs)
    assert decision.action in (Discard(Card.parse("KS")), Discard(Card.parse("QS")))
    assert decision.why is Why.DISCARD_UNLOAD and decision.threat == 1
    calm = decide(obs, Style(watch_opponents=False))
    assert calm.action == Discard(Card.parse("6C")) and calm.why is Why.DISCARD_ISOLATED


# --- the bot sees only its observation ---


def test_the_bot_module_imports_nothing_of_the_round() -> None:
    import ramino.ai.greedy as greedy

    tree = ast.parse(Path(greedy.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.col_offset == 0
    }
    imported |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not any(m.endswith(("round", "legal", "deal", "deck", "play")) for m in imported)
    assert not hasattr(greedy, "Round")


def test_an_observation_shows_no_other_hand_nor_the_stock_order() -> None:
    obs = Round(CLASSICO, 3, seed=5).observation(1)
    for private in ("hands", "stock", "deck", "deck_order", "round", "seed"):
        assert not hasattr(obs, private)


def test_the_choice_does_not_depend_on_the_other_hands() -> None:
    # Two deals that agree on all seat 0 may know, the other two hands swapped.
    seat1, seat2 = "3S 4S 5S 6S JH JC 10D 9C 2H 6C", "8S 9S KS KH KC 3H 7D 8D 4D 10C"
    hands = ["7H 8H 9H QC QD 2S 5D AC 4C KD", seat1, seat2]

    def stacked(order: list[str]) -> Round:
        deck = stacked_deck(
            CLASSICO,
            3,
            [parse_cards(h) for h in order],
            upcard=Card.parse("AD"),
            stock=parse_cards("JD 5C 3D 10S"),
            dealer=2,
        )
        return Round(CLASSICO, 3, deck_order=deck, dealer=2)

    a, b = stacked(hands), stacked([hands[0], seat2, seat1])
    bot_a, bot_b = GreedyBot(seed=1), GreedyBot(seed=1)
    while a.to_play == 0:
        action = bot_a.act(a.observation(0))
        assert bot_b.act(b.observation(0)) == action
        a.apply(action)
        b.apply(action)


# --- levels ---


def test_levels_name_the_bots() -> None:
    assert LEVELS == ("principiante", "intermedio", "esperto")
    for level in LEVELS:
        bot = bot_for_level(level, seed=3)
        assert isinstance(bot, Bot) and bot.name == level
    assert bot_for_level(" Intermedio ", name="Anna").name == "Anna"
    with pytest.raises(ValueError, match="principiante, intermedio, esperto"):
        bot_for_level("maestro")


def test_the_beginner_slips_sometimes() -> None:
    # Over many discards, the beginner's random slips differ from the full greedy choice.
    r = deal(CLASSICO, ["KS QH QC 2D 3D 5C 6C 8H 9H 4S", OTHER], "JD", stock="7S")
    r.apply(Draw())
    obs = r.observation(0)
    beginner = bot_for_level("principiante", seed=2)
    picks = {beginner.act(obs) for _ in range(40)}
    assert Discard(Card.parse("KS")) in picks and len(picks) > 1
    # The full greedy bot never slips.
    greedy = bot_for_level("intermedio", seed=2)
    assert {greedy.act(obs) for _ in range(5)} == {Discard(Card.parse("KS"))}


def test_throwing_a_dead_card_under_rounding_to_tens_leaves_the_small_cards_free() -> None:
    # 3♠ 3♣ K♦: the K♦ binds nothing, and once it is gone the two small cards count 0.
    from ramino.ai.greedy import _deadwood, _deadwood_without
    from ramino.engine.rules import Rounding

    tens = replace(CLASSICO, rounding=Rounding.TENS)
    hand = parse_cards("3S 3C KD")
    assert _deadwood_without(hand, Card.parse("KD"), tens, _deadwood(hand, tens)) == 0
    assert _deadwood_without(hand, Card.parse("KD"), CLASSICO, _deadwood(hand, CLASSICO)) == 6
