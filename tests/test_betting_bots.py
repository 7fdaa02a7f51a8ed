"""The computer's bets in pokerato (ramino.ai.betting): the hand judged by the exact solver, the
pot odds, and the style of each level."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ramino.ai.betting import (
    BOLD,
    CALL_ALL,
    LOOSE,
    SOUND,
    TIGHT,
    BettingStyle,
    cards_short,
    choose_bet,
    win_chance,
)
from ramino.ai.hint import hint
from ramino.ai.levels import bot_for_level
from ramino.ai.tournament import make_bot
from ramino.engine import Card, get_preset, parse_cards
from ramino.engine.actions import Call, Fold, Raise
from ramino.engine.observation import Observation
from ramino.engine.round import Phase, Round, stacked_deck
from scripted import play

POKERATO = get_preset("pokerato")
READY = "7H 8H 9H 10H QC QD QS 3S 4S 5S"  # every card in a meld
WEAK = "AC 3D 5H 7S 9C JD KH 2S 6D 8C"  # no two cards that go together
OTHER = "AD 3C 5C 7C 9D JH KD 2H 6H 8S"


def seen(hands: Sequence[str], *bets: str) -> Observation:
    """Seat 0 posts the blind; after ``bets`` the view of the seat to bet."""
    order = stacked_deck(
        POKERATO, 3, [parse_cards(h) for h in hands], upcard=Card.parse("2C"), dealer=2
    )
    r = Round(POKERATO, 3, deck_order=order, dealer=2)
    play(r, *bets)
    assert r.phase is Phase.BET
    return r.observation(r.to_play)


def test_cards_short_is_what_the_solver_leaves_unmelded() -> None:
    assert cards_short(parse_cards(READY), POKERATO) == 0
    assert cards_short(parse_cards(WEAK), POKERATO) == 10
    # A jolly fills a gap: pokerato allows more than one in a meld.
    assert cards_short(parse_cards("7H JK JK 10H QC QD QS 3S 4S 5S"), POKERATO) == 0


def test_the_chance_falls_with_every_card_short_and_every_player_in() -> None:
    chances = [win_chance(short, 2, POKERATO, 3) for short in range(11)]
    assert chances == sorted(chances, reverse=True) and chances[0] > 0.8 > chances[-1]
    assert win_chance(4, 1, POKERATO, 3) > win_chance(4, 2, POKERATO, 3)
    assert win_chance(4, 2, POKERATO, 3) > win_chance(4, 4, POKERATO, 5)


@pytest.mark.parametrize("style", [LOOSE, SOUND, TIGHT, BOLD])
def test_a_hand_ready_to_go_out_raises(style: BettingStyle) -> None:
    view = seen([OTHER, READY, WEAK])
    assert choose_bet(view, style).action == Raise()


def test_a_weak_hand_folds_to_a_raise_but_the_caller_calls() -> None:
    view = seen([OTHER, READY, WEAK], "raise")
    for style in (SOUND, TIGHT):
        assert choose_bet(view, style).action == Fold()
    assert choose_bet(view, CALL_ALL).action == Call()


def test_calling_for_nothing_is_never_a_fold() -> None:
    view = seen([WEAK, OTHER, OTHER.replace("AD", "AS")], "call", "call")
    assert view.to_call == 0 and view.seat == 0  # the blind's option
    for style in (LOOSE, SOUND, TIGHT, BOLD, CALL_ALL):
        assert choose_bet(view, style).action == Call()


def test_the_levels_bet_as_they_play() -> None:
    view = seen([OTHER, READY, WEAK])
    for level in ("principiante", "intermedio", "esperto"):
        assert bot_for_level(level, seed=1).act(view) in view.legal_actions
    caller = make_bot("caller", seed=1)
    assert caller.name == "caller"
    assert caller.act(seen([OTHER, READY, WEAK], "raise")) == Call()


def test_the_hint_explains_a_bet_in_both_languages() -> None:
    view = seen([OTHER, READY, WEAK])
    advice = hint(view)
    assert advice.actions == (Raise(),)
    assert advice.lines[0].startswith("Rilancia: la mano è già tutta in giochi")
    assert hint(view, lang="en").lines[0].startswith("Raise: your hand is all in melds")
    fold = hint(seen([OTHER, READY, WEAK], "raise"))
    assert fold.actions == (Fold(),)
    assert "ti mancano 10 carte" in fold.lines[0] and "2 fiches" in fold.lines[0]


# --- enough hands reach the draw ---

POKERATO_PRESETS = ("pokerato", "pokerato-immaginario", "pokerato-immaginario-10")
TABLES = {
    "principiante": ("principiante",) * 4,
    "intermedio": ("intermedio",) * 4,
    "esperto": ("esperto",) * 4,
    "mixed": ("principiante", "intermedio", "esperto", "intermedio"),
}
#: Hands dealt to each table, seeded: the share below is a fixed sample's, not a chance's.
DEALS = 30


def still_in_after_betting(rules_name: str, lineup: Sequence[str], deal: int) -> int:
    """How many players are still in when the betting round of a seeded hand ends."""
    players = len(lineup)
    bots = [bot_for_level(level, seed=deal) for level in lineup]
    r = Round(get_preset(rules_name), players, seed=f"draws/{deal}", dealer=deal % players)
    while r.phase is Phase.BET:
        seat = r.to_play
        r.apply(bots[seat].act(r.observation(seat)))
    return r.observation(0).folded.count(False)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("rules_name", POKERATO_PRESETS)
def test_most_hands_at_a_table_of_computer_players_reach_the_draw(
    rules_name: str, table: str, players: int
) -> None:
    # The issue: 8 hands in 10 ended with everyone folding to the blind. At every level,
    # most hands must be played, two players or more drawing and discarding.
    lineup = TABLES[table][:players]
    played = sum(still_in_after_betting(rules_name, lineup, d) >= 2 for d in range(DEALS))
    assert played / DEALS > 0.6, f"{played} of {DEALS} hands reached the draw"
