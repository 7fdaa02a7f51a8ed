"""The bots at gin rummy: the baseline (the EAAI challenge's simple player) on stacked deals,
and every level playing whole hands and games to 100 under the gin presets."""

from __future__ import annotations

import pytest

from ramino.ai.baseline import SimpleGinBot
from ramino.ai.bot import RandomBot, play_match, play_round
from ramino.ai.greedy import decide
from ramino.ai.levels import LEVELS, bot_for_level
from ramino.ai.tournament import make_bot
from ramino.engine.actions import Attach, Discard, Draw, Knock, Pass, TakeDiscard
from ramino.engine.cards import Card
from ramino.engine.play import MatchPlay
from ramino.engine.presets import GIN_PRESETS, get_preset
from ramino.engine.round import Phase, Round
from scripted import deal, play

GIN = get_preset("gin")
DEFENDER = "5S 5C 5D 10S JS QS KC KD 10H 3D"
#: A hand that binds little and holds none of LOOSE's cards or upcards.
OTHER = "5S 5H 5D 10S JS QS 6D 6C 3H 4C"
LOOSE = "AS 2S 3S 7H 8H 9H KC 9D 5C 2D"


def act(r: Round, seed: int = 0) -> str:
    return str(SimpleGinBot(seed).act(r.observation(r.to_play)))


def test_the_baseline_takes_the_upcard_only_when_it_makes_a_meld() -> None:
    r = deal(GIN, [LOOSE, OTHER], "10H")
    assert act(r) == "take"
    r = deal(GIN, [LOOSE, OTHER], "JD")
    assert act(r) == "pass"  # the first upcard's offer: refused
    play(r, "pass", "pass")
    assert act(r) == "draw"


def test_the_baseline_throws_the_costliest_unmatched_card_never_the_one_taken() -> None:
    r = deal(GIN, [LOOSE, OTHER], "10H")
    play(r, "take")
    # KC 9D 5C 2D are loose (26): KC leaves the least; 10H, just taken, may not go back.
    assert Knock() not in r.legal_actions
    assert all(act(r, seed) == "discard KC" for seed in range(5))


def test_the_baseline_knocks_as_soon_as_it_may() -> None:
    r = deal(GIN, ["AS 2S 3S 4C 4D 4H 7H 8H 9H 2C", DEFENDER], "KH", "6H QH 2D")
    play(r, "pass", "pass", "draw")
    assert act(r) == "knock"
    play(r, "knock")
    assert act(r) == "discard 2C"  # gin: nothing left


def test_the_baseline_lays_its_melds_then_the_defender_lays_off_and_spreads() -> None:
    r = deal(GIN, ["AS 2S 3S 4C 4D 4H 7H 8H 9H 2C", DEFENDER], "KH", "5H QH 2D")
    play(r, "pass", "pass", "draw")
    bots = [SimpleGinBot(0), SimpleGinBot(1)]
    end = play_round(r, bots)
    # The knocker throws 5H, keeps 2C; the defender lays 10H off on 7H 8H 9H, lays his two
    # melds and is left with KC KD 3D: 23 against 2.
    assert end.out == 0 and end.counts == (2, 23) and end.points == (21, 0)
    assert any(str(m.meld) == "7♥ 8♥ 9♥ 10♥" for m in r.table)


@pytest.mark.parametrize("preset", GIN_PRESETS)
@pytest.mark.parametrize("name", ["random", "baseline", *LEVELS])
def test_every_bot_plays_whole_gin_hands(preset: str, name: str) -> None:
    for seed in range(4):
        r = Round(preset, 2, seed=seed, dealer=1)
        end = play_round(r, [make_bot(name, seed), make_bot("baseline", seed + 1)])
        assert r.is_over and end.points is not None


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_game_to_100_against_the_baseline(level: str) -> None:
    game = MatchPlay(["Anna", "Bruno"], GIN, seed=level)
    sheet = play_match(game, {"Anna": bot_for_level(level, seed=1), "Bruno": SimpleGinBot(2)})
    assert sheet.is_over and sheet.winner in ("Anna", "Bruno")


def test_the_greedy_bot_knocks_passes_and_spreads_by_the_least_deadwood() -> None:
    r = deal(GIN, ["AS 2S 3S 4C 4D 4H 7H 8H 9H 2C", DEFENDER], "KH", "5H QH 2D")
    obs = r.observation(0)
    assert decide(obs).action == Pass()  # KH makes no meld
    play(r, "pass", "pass")
    assert decide(r.observation(0)).action == Draw()
    play(r, "draw")
    assert decide(r.observation(0)).action == Knock()
    play(r, "knock")
    assert decide(r.observation(0)).action == Discard(Card.parse("5H"))
    play(r, "discard 5H")
    laid = 0
    while r.phase is Phase.KNOCK:
        action = decide(r.observation(0)).action
        laid += action != Pass()
        r.apply(action)
    assert laid == 3 and r.phase is Phase.LAY_OFF
    off = decide(r.observation(1)).action
    assert isinstance(off, Attach) and off.cards == (Card.parse("10H"),)
    assert [str(c) for c in r.table[off.meld].meld.cards] == ["7H", "8H", "9H"]


def test_the_random_bot_still_plays_gin() -> None:
    r = Round("gin", 2, seed=9, dealer=1)
    play_round(r, [RandomBot(1), RandomBot(2)])
    assert r.is_over
    assert TakeDiscard() not in r.legal_actions


def test_a_hint_says_knock_and_pass_in_both_languages() -> None:
    from ramino.ai.hint import hint

    r = deal(GIN, ["AS 2S 3S 4C 4D 4H 7H 8H 9H 2C", DEFENDER], "KH", "5H QH 2D")
    assert "Pass" in str(hint(r.observation(0), lang="en"))
    play(r, "pass", "pass", "draw")
    assert "Knock" in str(hint(r.observation(0), lang="en"))
    assert "Bussa" in str(hint(r.observation(0)))
