"""Hints: the greedy bot's plan for the turn, each step with a reason in Italian or English;
the first step is always legal and, on the positions tried, so is the whole plan.
"""

from __future__ import annotations

import dataclasses

import pytest

from ramino.ai import GreedyBot, Hint, RandomBot, hint
from ramino.engine import GIN_PRESETS, Card, get_preset
from ramino.engine.actions import Discard, Draw, Lay, Pass, TakeDiscard, parse_action
from ramino.engine.round import Round
from scripted import PLAYABLE, deal, play

CLASSICO = get_preset("classico")
OTHER = "2C 3C 4C 9D 10D 5H 6H 7S 9S 10S"


def test_the_isolated_king_in_both_languages() -> None:
    r = deal(CLASSICO, ["KS QH QC 2D 3D 5C 6C 8H 9H 4S", OTHER], "JD", stock="7S")
    r.apply(Draw())
    obs = r.observation(0)
    it, en = hint(obs), hint(obs, lang="en")
    assert it.actions == en.actions == (Discard(Card.parse("KS")),)
    assert it.lines == ("Scarta il K♠: non lega con nessuna carta e vale 10 punti.",)
    assert en.lines == ("Discard K♠: it connects with nothing and is worth 10 points.",)
    assert str(it) == it.lines[0]


def test_take_the_card_that_makes_a_tris() -> None:
    r = deal(CLASSICO, ["9C 9D KS QH 2D 5C 7C JH 4S 3H", OTHER], "9S")
    obs = r.observation(0)
    assert hint(obs).actions == (TakeDiscard(),)
    assert str(hint(obs)) == "Prendi il 9♠ dal pozzo: fa un gioco con 9♣ 9♦."
    assert str(hint(obs, lang="en")) == (
        "Take the 9♠ from the discard pile: it makes a meld with 9♣ 9♦."
    )


def test_draw_when_the_top_discard_does_not_help() -> None:
    r = deal(CLASSICO, ["9C 9D KS QH 2D 5C 7C JH 4S 3H", OTHER], "8D")
    assert str(hint(r.observation(0))) == "Pesca dal tallone: l'8♦ del pozzo non ti serve."
    assert str(hint(r.observation(0), lang="en")) == (
        "Draw from the stock: the 8♦ on the discard pile does not help you."
    )


def test_a_whole_turn_lays_then_discards() -> None:
    r = deal(CLASSICO, ["7H 8H 9H QC QD QS 2C 3C 4C 5D", OTHER], "KD", stock="JS")
    r.apply(Draw())
    advice = hint(r.observation(0))
    assert [str(a) for a in advice.actions] == [
        "lay 2C 3C 4C",
        "lay 7H 8H 9H",
        "lay QC QD QS",
        "discard JS",
    ]
    assert advice.lines[1] == "Cala la scala 7♥ 8♥ 9♥: 24 punti in meno in mano."
    assert advice.lines[2] == "Cala il tris Q♣ Q♦ Q♠: 30 punti in meno in mano."
    assert advice.lines[3] == "Scarta il J♠: non lega con nessuna carta e vale 10 punti."
    english = hint(r.observation(0), lang="en").lines
    assert english[1] == "Lay the run 7♥ 8♥ 9♥: 24 points fewer in your hand."
    # The plan is legal from the first step to the last.
    for action in advice.actions:
        r.apply(action)
    assert r.to_play == 1


def test_going_out_is_said() -> None:
    r = deal(CLASSICO, ["7H 8H 9H 10H QC QD QS 2C 3C 4C", OTHER], "5D", stock="KS")
    r.apply(Draw())
    advice = hint(r.observation(0))
    assert advice.lines[-1] == "Scarta il K♠ e chiudi!"
    assert hint(r.observation(0), lang="en").lines[-1] == "Discard K♠ and go out!"
    for action in advice.actions:
        r.apply(action)
    assert r.end is not None and r.end.out == 0


def test_the_opening_is_counted_towards_the_threshold() -> None:
    rules = get_preset("apertura-50")
    r = deal(rules, ["KH KS KD 7S 8S 9S 2C 5D 6H 3C", OTHER], "JD", stock="QH")
    r.apply(Draw())
    advice = hint(r.observation(0))
    assert [type(a) for a in advice.actions] == [Lay, Lay, Discard]
    assert advice.lines[0] == (
        "Cala la scala 7♠ 8♠ 9♠ (24 punti): l'apertura sale a 24 punti (ne servono 50)."
    )
    assert advice.lines[1].endswith("l'apertura sale a 54 punti (ne servono 50).")
    assert (
        hint(r.observation(0), lang="en")
        .lines[1]
        .endswith("the opening reaches 54 points (50 needed).")
    )


def test_not_your_turn() -> None:
    r = Round(CLASSICO, 2, seed=1)
    waiting = r.observation(1 - r.to_play)
    assert hint(waiting) == Hint((), ("Non è il tuo turno.",))
    assert str(hint(waiting, lang="en")) == "It is not your turn."


def test_no_hint_after_the_round() -> None:
    r = deal(CLASSICO, ["7H 8H 9H 10H QC QD QS 2C 3C 4C", OTHER], "5D", stock="KS")
    play(r, "draw", "lay 7H 8H 9H 10H", "lay QC QD QS", "lay 2C 3C 4C", "discard KS")
    assert r.is_over
    assert str(hint(r.observation(1))) == "La smazzata è finita."
    assert str(hint(r.observation(0), lang="en")) == "The round is over."


def test_a_hint_is_frozen() -> None:
    advice = hint(Round(CLASSICO, 2, seed=1).observation(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        advice.lines = ()  # type: ignore[misc]


@pytest.mark.parametrize("preset", PLAYABLE)
def test_every_plan_is_legal_along_a_round(preset: str) -> None:
    rules = dataclasses.replace(get_preset(preset), max_turns=40)
    players = max(2, rules.min_players)
    r = Round(rules, players, seed=f"hint/{preset}")
    bots = [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)][:players]
    while not r.is_over:
        obs = r.observation(r.to_play)
        advice = hint(obs)
        assert advice.actions and advice.actions[0] in obs.legal_actions
        assert len(advice.lines) == len(advice.actions)
        assert all(advice.lines) and str(advice) == "\n".join(advice.lines)
        trial = r.copy()
        for action in advice.actions:
            trial.apply(action)
        # The plan ends the turn (a draw, a discard, or going out), or it is one bet.
        assert (
            trial.is_over
            or trial.to_play != obs.seat
            or trial.phase.value == "play"
            or (obs.phase.value == "bet" and len(advice.actions) == 1)
        )
        if len(advice.actions) > 1:
            assert trial.is_over or trial.to_play != obs.seat
        r.apply(bots[r.to_play].act(obs))


def test_scripted_actions_match_the_text_grammar() -> None:
    # Hints hand out ordinary actions: they print in the grammar and parse back.
    r = deal(CLASSICO, ["7H 8H 9H QC QD QS 2C 3C 4C 5D", OTHER], "KD", stock="JS")
    play(r, "draw")
    for action in hint(r.observation(0)).actions:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("preset", GIN_PRESETS)
def test_a_knocked_hand_s_plan_lays_and_passes(preset: str) -> None:
    # Gin rummy: once a hand is knocked, the plan lays melds (or lays off) and passes; it
    # never throws a card again, and every step of it is legal.
    knocked = 0
    for seed in range(4):
        r = Round(get_preset(preset), 2, seed=f"hint/{preset}/{seed}")
        bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
        while not r.is_over:
            obs = r.observation(r.to_play)
            advice = hint(obs)
            trial = r.copy()
            for action in advice.actions:
                trial.apply(action)
            if obs.phase.value in ("lay_off", "spread"):
                knocked += 1
                assert isinstance(advice.actions[-1], Pass)
                # Past the lay-offs, the same player lays his melds; then the hand is counted.
                assert trial.is_over or trial.phase.value == "spread" != obs.phase.value
            r.apply(bots[r.to_play].act(obs))
    assert knocked


def test_a_gin_pass_says_why_in_its_phase() -> None:
    # At the wall a pass voids the hand; while laying off, nothing would take points off.
    said: dict[str, str] = {}
    for seed in range(40):
        r = Round(get_preset("gin"), 2, seed=f"hint/wall/{seed}")
        bots = [RandomBot(seed=1), GreedyBot(seed=2)]
        while not r.is_over:
            obs = r.observation(r.to_play)
            advice = hint(obs)
            if advice.actions[0] == Pass():
                wall = obs.phase.value == "draw" and TakeDiscard() not in obs.legal_actions
                said.setdefault("wall" if wall else obs.phase.value, advice.lines[0])
            r.apply(bots[r.to_play].act(obs))
        if {"wall", "lay_off"} <= said.keys():
            break
    assert said["wall"] == "Passa: il tallone è al muro e non puoi bussare, la mano è nulla."
    assert said["lay_off"] == "Passa: nessuna carta da attaccare ti toglie punti."
