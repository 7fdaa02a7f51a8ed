"""Which knobs bear on a table's rules (``ramino.house_rules.knob_applies``), game family by
game family, and the refusal of a house rule that would change nothing."""

from __future__ import annotations

import dataclasses
import enum
import random
from dataclasses import replace

import pytest

from ramino.engine.errors import RulesError
from ramino.engine.play import MatchPlay
from ramino.engine.presets import GIN_PRESETS, PRESETS, get_preset
from ramino.engine.rules import Betting, MatchEnd, Rules, knob_names
from ramino.house_rules import (
    HOLDS,
    KNOB_NEEDS,
    HouseRulesReason,
    Need,
    applicable_knobs,
    dropping_what_bears_on_nothing,
    editor_change,
    house_rules,
    knob_applies,
    open_values,
    unmet_need,
)
from ramino.words.knob_words import KNOB_WORDS, NEED_WORDS
from test_describe import _values as values_to_try

EVERY_PRESET = {**PRESETS, **GIN_PRESETS}

#: The knobs of ramino's count, of taking a jolly back and of the opening: nothing in gin.
RAMINO_ONLY = {
    "joker_penalty",
    "messa",
    "rounding",
    "rummy_bonus",
    "rummy_bonus_points",
    "opening_threshold",
    "opening_joker_value",
    "opening_counts_attachments",
    "attach_before_opening",
    "joker_swap",
    "retrieved_joker",
    "close_points",
    "close_credits",
    "reentry",
    "restock",
    "max_restocks",
    "on_round_cap",
    "final_discard",
}
GIN_ONLY = {
    "knock_limit",
    "oklahoma",
    "spade_upcard_doubles",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "undercut_on_tie",
    "layoffs",
    "wall_stock",
    "run_max",
    "box_bonus",
    "game_bonus",
    "shutout_doubles",
}
CHIPS = {"starting_chips", "blind", "raise_unit", "max_raises"}


def applies(preset: str) -> set[str]:
    return set(applicable_knobs(get_preset(preset)))


def test_every_knob_has_its_needs_and_every_need_its_words() -> None:
    assert set(KNOB_NEEDS) == set(knob_names())
    assert set(HOLDS) == set(Need)
    assert set(NEED_WORDS) == set(Need)
    used = {need for needs in KNOB_NEEDS.values() for need in needs}
    assert used == set(Need), "a condition no knob needs"


def test_every_knob_applies_to_some_preset() -> None:
    # Nothing is dropped for good: each knob bears on the rules of at least one preset.
    found = set().union(*(applicable_knobs(p.rules) for p in EVERY_PRESET.values()))
    assert found == set(knob_names())


@pytest.mark.parametrize("preset", list(GIN_PRESETS))
def test_gin_rummy_has_its_own_knobs_and_none_of_ramino(preset: str) -> None:
    knobs = applies(preset)
    assert knobs >= GIN_ONLY
    assert not knobs & RAMINO_ONLY
    assert not knobs & CHIPS
    assert not knobs & {"contracts", "hand_stake", "betting", "imaginary_joker"}
    # Two players: either way round is the same.
    assert "direction" not in knobs
    # Still the deck, the melds, the count of deadwood and the match to its target.
    assert {"decks", "jokers", "ace_in_runs", "ace_penalty", "target", "match_end"} <= knobs
    assert {"melding_during_play", "rediscard_taken_card", "max_turns"} <= knobs


@pytest.mark.parametrize(
    "preset", ["classico", "apertura-50", "enciclopedia", "scala-40", "rami-40", "rami-51"]
)
def test_ramino_laid_during_play_has_ramino_knobs_and_none_of_gin(preset: str) -> None:
    knobs = applies(preset)
    assert not knobs & GIN_ONLY
    assert not knobs & CHIPS
    assert {"joker_penalty", "messa", "rounding", "rummy_bonus", "joker_swap"} <= knobs
    assert {"opening_threshold", "attach_before_opening", "final_discard", "restock"} <= knobs
    assert {"direction", "reentry", "target"} <= knobs
    # Closes that pay apart are shown ones: nothing is shown here.
    assert not knobs & {"close_points_straight", "close_credits_straight"}


def test_the_opening_knobs_follow_the_threshold() -> None:
    free, fifty = applies("classico"), applies("apertura-50")
    assert "opening_joker_value" not in free and "opening_joker_value" in fifty
    assert "swap_counts_for_opening" not in free and "swap_counts_for_opening" in fifty
    # Attaching waits for the opening at scala 40: what it counts in the opening is moot.
    assert "opening_counts_attachments" not in applies("scala-40")
    assert "opening_counts_attachments" in applies("enciclopedia")


def test_a_deck_without_jollies_has_no_jolly_knobs() -> None:
    knobs = applies("tradizionale")
    jolly = {"joker_penalty", "joker_swap", "max_jokers_per_meld", "opening_jokers"}
    assert not knobs & jolly
    assert jolly <= set(applicable_knobs(replace(get_preset("tradizionale"), jokers=2)))
    # The rummy bonus adds points there, and how many is a knob of its own.
    assert "rummy_bonus_points" in knobs and "rummy_bonus_points" not in applies("classico")


@pytest.mark.parametrize("preset", ["pokerato", "pokerato-immaginario", "pokerato-immaginario-10"])
def test_pokerato_plays_for_chips_and_counts_no_points(preset: str) -> None:
    knobs = applies(preset)
    assert knobs >= CHIPS
    assert {"straight_flush_stake_multiplier", "royal_stake_multiplier"} <= knobs
    counted = {"ace_penalty", "joker_penalty", "messa", "rounding", "rummy_bonus", "target"}
    assert not knobs & counted
    assert not knobs & {"close_points", "close_credits", "reentry", "hand_stake", "on_round_cap"}
    # Nothing is laid during play: no opening, no jolly taken back, no attaching.
    assert not knobs & {"opening_threshold", "joker_swap", "attach_before_opening", "flush_close"}
    assert not knobs & GIN_ONLY
    assert {"match_rounds", "seven_of_a_kind_wins"} <= knobs


def test_pokerato_flush_pays_only_where_a_flush_closes() -> None:
    assert "flush_stake_multiplier" not in applies("pokerato")
    assert "flush_stake_multiplier" in applies("pokerato-immaginario")


def test_the_imaginary_jolly_and_the_jollies_of_the_deck() -> None:
    imaginary, jollies = applies("pokerato-immaginario"), applies("pokerato")
    assert {"imaginary_joker", "own_card_joker", "min_natural_cards"} <= imaginary
    assert not imaginary & {"joker_penalty", "max_jokers_per_meld", "joker_upcard"}
    assert "imaginary_joker" not in jollies and "own_card_joker" not in jollies
    assert {"max_jokers_per_meld", "joker_upcard", "ambiguous_joker"} <= jollies


def test_casertano_shows_its_hand() -> None:
    knobs = applies("casertano")
    assert {"close_points_flush", "close_points_straight", "close_credits_straight"} <= knobs
    assert {"seven_of_a_kind_wins", "lay_after_close", "reentry_stake", "joker_penalty"} <= knobs
    assert not knobs & {"opening_threshold", "joker_swap", "attachable_discard", "flush_close"}
    assert not knobs & GIN_ONLY
    # One pack only: seven cards of a rank cannot be held.
    one_pack = replace(
        get_preset("casertano"), decks=1, hand_size=7, max_players=4, seven_of_a_kind_wins=False
    )
    assert not knob_applies("seven_of_a_kind_wins", one_pack)


def test_carioca_has_contracts_and_no_threshold() -> None:
    knobs = applies("carioca")
    # The target is an exit score, none unless the house sets one: re-entry needs one.
    assert {"contracts", "hand_stake", "match_rounds", "messa", "joker_penalty", "target"} <= knobs
    assert not knobs & {"opening_threshold", "reentry", "simultaneous_bust"}
    assert "reentry" in applicable_knobs(replace(get_preset("carioca"), target=150))
    assert "target" not in applies("pokerato")
    assert not knobs & CHIPS
    assert "contracts" not in applies("scala-40")


def test_the_answer_follows_the_knobs_not_the_name() -> None:
    # A classico renamed "gin" is still classico; gin renamed "classico" is still gin.
    assert applicable_knobs(replace(get_preset("classico"), name="gin")) == applicable_knobs(
        get_preset("classico")
    )
    gin_named_classico = replace(get_preset("gin"), name="classico")
    assert not knob_applies("messa", gin_named_classico)
    # Gin counted as ramino (elimination, losers add their deadwood): ramino's count applies.
    counted = replace(get_preset("gin"), match_end=MatchEnd.ELIMINATION, target=101)
    assert {"messa", "rounding", "reentry"} <= set(applicable_knobs(counted))
    assert "box_bonus" not in applicable_knobs(counted)


def test_unmet_need_names_the_first_condition_missing() -> None:
    assert unmet_need("joker_penalty", get_preset("gin")) is Need.JOKERS
    assert unmet_need("joker_penalty", get_preset("pokerato")) is Need.NO_BETTING
    assert unmet_need("messa", get_preset("gin")) is Need.LOSERS_COUNT
    assert unmet_need("blind", Rules()) is Need.BETTING
    assert unmet_need("messa", Rules(betting=Betting.NONE)) is None


# --- the house's changes ---


def test_a_change_that_applies_is_taken() -> None:
    assert house_rules("gin", {"gin_bonus": 20}).gin_bonus == 20
    assert house_rules("classico", {"joker_penalty": 30}).joker_penalty == 30
    # A value equal to the preset's changes nothing, and is not refused.
    assert house_rules("gin", {"joker_penalty": 25}) == get_preset("gin")


@pytest.mark.parametrize(
    ("preset", "changes", "knob", "need"),
    [
        ("gin", {"joker_penalty": 30}, "joker_penalty", Need.JOKERS),
        ("gin", {"messa": 50}, "messa", Need.LOSERS_COUNT),
        ("gin", {"attach_before_opening": False}, "attach_before_opening", Need.MELDING),
        ("classico", {"jokers": 0, "joker_penalty": 30}, "joker_penalty", Need.JOKERS),
        ("classico", {"blind": 2}, "blind", Need.BETTING),
        ("classico", {"gin_bonus": 20}, "gin_bonus", Need.KNOCKING),
        ("pokerato", {"messa": 50}, "messa", Need.LOSERS_COUNT),
        ("carioca", {"reentry": True}, "reentry", Need.OUT_AT_TARGET),
    ],
)
def test_a_change_that_bears_on_nothing_is_refused(
    preset: str, changes: dict[str, object], knob: str, need: Need
) -> None:
    with pytest.raises(RulesError) as refused:
        house_rules(preset, changes)
    error = refused.value
    assert error.reason is HouseRulesReason.KNOB_NOT_APPLICABLE
    assert error.params["knob"] == knob
    assert error.params["need"] is need
    italian, english = error.message("it"), error.message("en")
    assert knob in italian and knob in english
    assert KNOB_WORDS[knob].label in italian
    assert "vale solo se" in italian and "applies only when" in english


def test_a_change_the_others_need_is_kept() -> None:
    # Nothing laid during play needs a free opening: the threshold of 0 is kept, though no
    # opening is left for it to bear on.
    rules = house_rules("scala-40", {"opening_threshold": 0, "melding_during_play": False})
    assert rules.opening_threshold == 0 and not rules.melding_during_play
    # A jolly imagined needs a deck without jollies.
    rules = house_rules("pokerato", {"jokers": 0, "imaginary_joker": True})
    assert rules.imaginary_joker


def test_the_rules_refusals_come_first() -> None:
    with pytest.raises(RulesError) as refused:
        house_rules("gin", {"max_players": 3})
    assert refused.value.reason.value == "contradictory_rules"


def test_changes_that_bear_on_nothing_may_be_taken_away_instead() -> None:
    changes = {"jokers": 0, "joker_penalty": 30, "opening_jokers": False, "target": 201}
    rules, dropped = dropping_what_bears_on_nothing("classico", changes)
    assert set(dropped) == {"joker_penalty", "opening_jokers"}
    assert rules == replace(get_preset("classico"), jokers=0, target=201)
    assert dropping_what_bears_on_nothing("gin", {"gin_bonus": 20})[1] == ()
    # Any other refusal is raised as it was.
    with pytest.raises(RulesError) as refused:
        dropping_what_bears_on_nothing("gin", {"max_players": 3, "messa": 50})
    assert refused.value.reason.value == "contradictory_rules"


# --- what the engine does with a knob that does not apply: nothing ---


def _trace(rules: Rules, players: int, seed: int) -> list[object]:
    """Two rounds of a match played by a seeded random choice among the legal moves: every
    list of legal moves, and every line of the score sheet. Played for chips, a hand's points
    are shown on the sheet but decide nothing: they are left out."""
    play = MatchPlay([f"p{n}" for n in range(players)], rules, seed=seed)
    rng = random.Random(seed)
    seen: list[object] = []
    for _ in range(2):
        if play.is_over:
            break
        round_ = play.start_round()
        while not round_.is_over:
            moves = round_.legal_actions
            seen.append([str(move) for move in moves])
            round_.apply(moves[rng.randrange(len(moves))])
        line = dataclasses.asdict(play.finish_round())
        if rules.betting is not Betting.NONE:
            del line["hand_points"]
        seen.append(line)
        play.close_reentries()
    return seen


@pytest.mark.parametrize("preset", list(EVERY_PRESET))
def test_a_knob_that_does_not_apply_changes_no_move_and_no_count(preset: str) -> None:
    rules = replace(get_preset(preset), max_turns=40)
    players = min(3, rules.max_players)
    played = {seed: _trace(rules, players, seed) for seed in (1, 2)}
    for knob in knob_names():
        if knob_applies(knob, rules):
            continue
        for value in values_to_try(knob):
            try:
                other = replace(rules, **{knob: value})
            except RulesError:
                continue  # a value these rules refuse
            if other == rules or not other.seats(players):
                continue
            for seed, seen in played.items():
                assert _trace(other, players, seed) == seen, (knob, value, seed)


@pytest.mark.parametrize("name", list(EVERY_PRESET))
def test_the_editor_offers_the_values_the_server_takes(name: str) -> None:
    # A value offered for a knob (open_values) is taken by the server as a page's change,
    # with the number its choice needs where missing; one left out is refused. A page never
    # offers a change that meets a contradiction.
    rules = get_preset(name)
    offered = open_values(rules)
    for knob, values in offered.items():
        current = getattr(rules, knob)
        assert current in values, knob
        for value in {*values_to_try(knob), *values} - {current}:
            # As the page's editor makes the change, written as a page sends it.
            changes = {
                key: given.value if isinstance(given, enum.Enum) else given
                for key, given in editor_change(rules, knob, value).items()
            }
            if value in values:
                house_rules(name, changes)
            else:
                with pytest.raises(RulesError):
                    house_rules(name, changes)
