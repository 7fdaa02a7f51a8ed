"""The rules object and its presets (RULES.md §3 and §4): each preset has the knob values the
§4 table gives, every contradiction is refused in both languages, the derived deck and hand
sizes, and the value semantics (frozen, hashable, replace, JSON-ready knobs)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import pickle
import subprocess
import sys
import typing
from typing import Any

import pytest

from ramino.engine import rules as rules_module
from ramino.engine.actions import Discard, Draw
from ramino.engine.errors import Detail, Phrase, Reason, RulesError
from ramino.engine.presets import PRESETS, get_preset, preset_names
from ramino.engine.round import Round
from ramino.engine.rules import (
    KNOB_RANGES,
    AceInRuns,
    AttachableDiscard,
    Betting,
    Contract,
    DeckSize,
    Direction,
    DiscardPickup,
    FinalDiscard,
    HandSize,
    JokerPosition,
    JokerUpcard,
    MatchEnd,
    RetrievedJoker,
    Rounding,
    Rules,
    RummyBonus,
    SetSuits,
    knob_names,
)

CLASSICO = get_preset("classico")

# --- presets (RULES.md §4) ---

SECTION_4 = (
    "classico",
    "classico-2",
    "apertura-50",
    "enciclopedia",
    "scala-40",
    "rami-40",
    "rami-51",
    "tradizionale",
    "casertano",
    "pokerato",
    "pokerato-immaginario",
    "pokerato-immaginario-10",
    "carioca",
)

# What the §4 table says each preset has.
EXPECTED: dict[str, dict[str, Any]] = {
    "classico": {},
    "classico-2": {"min_players": 2, "max_players": 2, "decks": 1, "jokers": 2},
    "apertura-50": {
        "opening_threshold": 50,
        "discard_pickup": DiscardPickup.MUST_USE,
        "attach_before_opening": False,
    },
    "enciclopedia": {
        "max_players": 5,
        "hand_size": 8,
        "opening_threshold": 50,
        "opening_joker_value": 25,
        "opening_counts_attachments": True,
        "discard_pickup": DiscardPickup.MUST_USE,
        "final_discard": FinalDiscard.REQUIRED,
        "joker_penalty": 30,
        "rounding": Rounding.TENS,
        "target": 300,
        "match_end": MatchEnd.ELIMINATION,
        "messa": 50,
    },
    "scala-40": {
        "max_players": 6,  # 13 cards a head: 7 would leave a tallone of 16
        "hand_size": 13,
        "opening_threshold": 40,
        "opening_counts_attachments": False,
        "attach_before_opening": False,
        "discard_pickup": DiscardPickup.MUST_USE,
        "rummy_on_first_turn": False,
        "attachable_discard": AttachableDiscard.FORBIDDEN,
        "attachable_discard_min_players": 3,
        "target": 101,
        "ace_penalty": 1,
    },
    "rami-40": {
        # [R]: "da 2 a 6 giocatori" (the base game takes 7).
        "max_players": 6,
        "deck_by_players": (DeckSize(from_players=5, decks=3, jokers=4),),
        "hand_size": 13,
        "opening_threshold": 40,
        "ambiguous_joker": JokerPosition.LOWER_ONLY,
        "attach_before_opening": False,
        "joker_swap_needs_opened": True,
        "retrieved_joker": RetrievedJoker.LAY_IF_POSSIBLE,
        "discard_pickup": DiscardPickup.FREE,
        "rediscard_taken_card": False,
        "final_discard": FinalDiscard.OPTIONAL,
        "max_restocks": 2,
        "max_turns": 300,
    },
    "tradizionale": {
        "max_players": 4,
        "decks": 1,
        "jokers": 0,
        "rummy_bonus": RummyBonus.ADD,
        "rummy_bonus_points": 25,
    },
    "casertano": {
        "max_players": 6,  # 13 cards a head: 7 would leave a tallone of 16
        "hand_size": 13,
        "direction": Direction.COUNTERCLOCKWISE,
        "joker_upcard": JokerUpcard.TO_FIRST_PLAYER,
        "melding_during_play": False,
        "set_suits": SetSuits.ANY,
        "set_max": None,
        "flush_meld": True,
        "seven_of_a_kind_wins": True,
        "lay_after_close": True,
        "close_points": -10,
        "close_points_flush": -20,
        "close_points_straight": -50,
        "close_credits": 1,
        "close_credits_flush": 2,
        "close_credits_straight": 5,
        "joker_penalty": 50,
        "target": 110,
        "reentry": True,
    },
    "pokerato": {
        "hand_size": 10,
        "jokers": 4,
        "melding_during_play": False,
        "betting": Betting.BLIND,
        # RULES.md §6.1 and [P]: 3 to 5 players, a match of 10 hands for chips.
        "min_players": 3,
        "max_players": 5,
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 10,
        "starting_chips": 100,
        "blind": 1,
        "raise_unit": None,
        "max_raises": 3,
    },
    "pokerato-immaginario": {
        # [P]: 2 to 6 players.
        "min_players": 2,
        "max_players": 6,
        "decks": 2,
        "jokers": 0,
        "hand_size": 9,
        "imaginary_joker": True,
        "flush_stake_multiplier": 2,
        "straight_flush_stake_multiplier": 4,
        "royal_stake_multiplier": 6,
    },
    # [G] "another version": 10 cards, one of the player's own acting as the jolly.
    "pokerato-immaginario-10": {
        "jokers": 0,
        "hand_size": 10,
        "imaginary_joker": True,
        "own_card_joker": True,
        "flush_stake_multiplier": 2,
        "straight_flush_stake_multiplier": 4,
        "royal_stake_multiplier": 6,
    },
    "carioca": {
        "hand_size": 13,
        "jokers": 4,
        "opening_jokers": False,
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 8,
        "contracts": (
            Contract.PAIR,
            Contract.TWO_PAIRS,
            Contract.SET,
            Contract.FULL_HOUSE,
            Contract.SCALA_40,
            Contract.POKER,
            Contract.STRAIGHT_FLUSH,
            Contract.ONE_TURN,
        ),
        # RULES.md §6.3 and [P]: 3 to 5 players; nothing laid, attached or taken back
        # before the opening; no doubling; a stake of 1 a hand.
        "min_players": 3,
        "max_players": 5,
        "attach_before_opening": False,
        "joker_swap_needs_opened": True,
        # §6.3: no target (exit score) unless the house sets one.
        "target": None,
        "rummy_bonus": RummyBonus.NONE,
        "hand_stake": 1,
    },
}
EXPECTED["rami-51"] = {**EXPECTED["rami-40"], "opening_threshold": 51}

# Knobs a preset may change from classico beyond those in EXPECTED: §4's prose, or the
# interpretation needed to play it. Anything else differing is a preset that drifted.
ALSO_ALLOWED: dict[str, set[str]] = {
    "enciclopedia": {"rummy_bonus"},  # "messa 50 with scempio as option"
    "tradizionale": {"hand_size_by_players"},  # checked by hand_size_for below
    # Going out by showing a bound hand after the draw needs no discard; "a stake" to re-enter.
    "casertano": {"final_discard", "reentry_stake", "rummy_bonus"},
    "pokerato": {"max_jokers_per_meld"},  # "more than one per meld", checked below
    # [G]: in both pokerato forms nothing is laid during the round, and there is a pot.
    # The colore, 9 cards of one suit, closes on its own (RULES.md §6.2).
    "pokerato-immaginario": {
        *("melding_during_play", "betting", "match_end", "match_rounds", "flush_meld"),
    },
    "pokerato-immaginario-10": {
        *("melding_during_play", "betting", "match_end", "match_rounds", "flush_meld"),
        *("min_players", "max_players", "max_jokers_per_meld"),
    },
}


def test_section_4_presets_are_registered_in_order() -> None:
    assert preset_names() == SECTION_4
    assert set(PRESETS) == set(EXPECTED)


def test_the_presets_cannot_be_changed_by_a_program() -> None:
    # The registry is the process's: a program that pops or replaces a preset would change it
    # for every table, so every way of changing it is refused and nothing changes.
    import ramino

    assert ramino.PRESETS is PRESETS
    carioca = PRESETS["carioca"]
    attempts: list[Any] = [
        lambda: PRESETS.pop("carioca"),  # type: ignore[attr-defined]
        lambda: PRESETS.__setitem__("carioca", PRESETS["classico"]),
        lambda: PRESETS.__delitem__("carioca"),
        lambda: PRESETS.clear(),  # type: ignore[attr-defined]
        lambda: PRESETS.update(extra=carioca),  # type: ignore[attr-defined]
        lambda: PRESETS.setdefault("extra", carioca),  # type: ignore[attr-defined]
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    assert preset_names() == SECTION_4
    assert PRESETS["carioca"] is carioca and get_preset("carioca") is carioca.rules


@pytest.mark.parametrize("name", SECTION_4)
def test_preset_has_the_knobs_of_the_table(name: str) -> None:
    rules = get_preset(name)
    assert rules.name == name
    for knob, value in EXPECTED[name].items():
        assert getattr(rules, knob) == value, knob


@pytest.mark.parametrize("name", SECTION_4)
def test_preset_changes_nothing_the_table_does_not_name(name: str) -> None:
    rules = get_preset(name)
    changed = {k for k in knob_names() if getattr(rules, k) != getattr(CLASSICO, k)}
    assert changed <= set(EXPECTED[name]) | ALSO_ALLOWED.get(name, set())


def test_classico_is_the_default_rules() -> None:
    assert Rules() == CLASSICO
    assert CLASSICO.deck_size_for(4) == 108
    assert CLASSICO.hand_size_for(4) == 10
    # [G]: "Anche in sei il tallone ha 47 carte, e si può giocare perfino in sette: ne
    # restano 37."
    assert CLASSICO.max_players == 7
    for players, stock in ((6, 47), (7, 37)):
        assert len(Round(CLASSICO, players, seed=1).stock) == stock


def test_every_preset_has_a_finite_turn_cap_and_enough_cards() -> None:
    for name in SECTION_4:
        rules = get_preset(name)
        assert 1 <= rules.max_turns <= 500
        for players in range(rules.min_players, rules.max_players + 1):
            assert rules.deck_size_for(players) >= players * rules.hand_size_for(players) + 2


def test_enciclopedia_may_drop_scempio_and_tradizionale_keeps_25_points() -> None:
    enciclopedia = get_preset("enciclopedia")
    assert dataclasses.replace(enciclopedia, rummy_bonus=RummyBonus.DOUBLE).messa == 50
    assert dataclasses.replace(enciclopedia, rummy_bonus=RummyBonus.SCEMPIO).messa == 50


def test_pokerato_allows_more_than_one_joker_per_meld() -> None:
    limit = get_preset("pokerato").max_jokers_per_meld
    assert limit is None or limit > 1


def test_casertano_reentry_costs_a_stake() -> None:
    assert get_preset("casertano").reentry_stake > 0


def test_preset_lookup_is_forgiving_and_refuses_unknown_names() -> None:
    assert get_preset("Scala_40") is get_preset("scala-40")
    assert get_preset(" RAMI 51 ") is get_preset("rami-51")
    with pytest.raises(RulesError) as caught:
        get_preset("scala-41")
    assert caught.value.reason is Reason.UNKNOWN_PRESET
    # Every name get_preset finds is offered, gin's too.
    assert "classico" in caught.value.message("en") and "gin-classic" in caught.value.message("en")


# --- derived values ---


def test_classico_2_deck_and_stock() -> None:
    rules = get_preset("classico-2")
    assert rules.deck_for(2) == (1, 2)
    assert rules.deck_size_for(2) == 54
    # 2 hands of 10 and the upcard leave 33 in the stock ([G]).
    assert rules.deck_size_for(2) - 2 * rules.hand_size_for(2) - 1 == 33


def test_classico_stock_by_table_size() -> None:
    stock = {n: CLASSICO.deck_size_for(n) - n * 10 - 1 for n in range(2, 7)}
    assert stock == {2: 87, 3: 77, 4: 67, 5: 57, 6: 47}


def test_tradizionale_hand_size_by_players() -> None:
    rules = get_preset("tradizionale")
    assert [rules.hand_size_for(n) for n in (2, 3, 4)] == [10, 7, 7]
    assert rules.deck_size_for(4) == 52


def test_rami_40_deck_by_players() -> None:
    rules = get_preset("rami-40")
    assert rules.deck_for(4) == (2, 4)
    assert rules.deck_size_for(4) == 108
    assert rules.deck_for(5) == (3, 4)
    assert rules.deck_size_for(5) == 160
    assert rules.deck_size_for(6) == 160


def test_later_entries_win_whatever_their_order() -> None:
    rules = dataclasses.replace(
        CLASSICO,
        deck_by_players=(DeckSize(5, 3, 4), DeckSize(3, 2, 2)),
        hand_size_by_players=(HandSize(5, 9), HandSize(3, 8)),
    )
    assert [rules.deck_for(n) for n in (2, 3, 4, 5, 6)] == [(2, 4), (2, 2), (2, 2), (3, 4), (3, 4)]
    assert [rules.hand_size_for(n) for n in (2, 3, 4, 5, 6)] == [10, 8, 8, 9, 9]


def test_attachable_discard_ban_applies_from_its_table_size() -> None:
    scala = get_preset("scala-40")
    assert not scala.attachable_discard_forbidden(2)
    assert scala.attachable_discard_forbidden(3)
    assert not CLASSICO.attachable_discard_forbidden(6)


# --- contradictions ---

# One combination per check of rules._contradictions, each tripping that check alone (the
# range of each number has its own tests below).
CONTRADICTIONS: list[dict[str, Any]] = [
    {"knock_limit": 10},
    {"oklahoma": True},
    {"melding_during_play": False, "max_players": 2, "knock_limit": 10, "rounding": Rounding.TENS},
    {"target": None},
    {"match_end": MatchEnd.POINTS_TO_TARGET},
    {"min_players": 4, "max_players": 3},
    {"hand_size_by_players": (HandSize(3, 7), HandSize(3, 8))},
    {"hand_size": 14, "max_players": 8},
    {"set_suits": SetSuits.DISTINCT, "set_max": 5},
    {"run_wrap": True, "ace_in_runs": AceInRuns.LOW_ONLY},
    {"melding_during_play": False, "opening_threshold": 40},
    {"melding_during_play": False, "discard_pickup": DiscardPickup.OPENED},
    {"joker_swap_waits_a_turn": True},
    {"rummy_bonus": RummyBonus.SCEMPIO, "messa": 0},
    {"match_end": MatchEnd.FIXED_ROUNDS},
    {"match_rounds": 3},
    {"match_end": MatchEnd.FIXED_ROUNDS, "match_rounds": 3, "contracts": tuple(Contract)},
    {"seven_of_a_kind_wins": True, "decks": 1, "max_players": 4},
    {"own_card_joker": True},
    {
        "contracts": (Contract.PAIR,),
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 1,
        "opening_threshold": 40,
    },
    {
        "hand_stake": 1,
        "betting": Betting.BLIND,
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 10,
    },
    {"imaginary_joker": True},
    {"betting": Betting.BLIND},
    {
        "betting": Betting.BLIND,
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 10,
        "joker_upcard": JokerUpcard.TO_FIRST_PLAYER,
    },
    {
        "betting": Betting.BLIND,
        "match_end": MatchEnd.FIXED_ROUNDS,
        "match_rounds": 10,
        "starting_chips": 5,
        "blind": 10,
    },
]


def _caught(changes: dict[str, Any]) -> RulesError:
    with pytest.raises(RulesError) as caught:
        dataclasses.replace(CLASSICO, **changes)
    return caught.value


@pytest.mark.parametrize("changes", CONTRADICTIONS, ids=lambda c: "+".join(c))
def test_contradiction_is_refused_in_both_languages(changes: dict[str, Any]) -> None:
    error = _caught(changes)
    assert error.reason is Reason.CONTRADICTORY_RULES
    italian, english = error.message("it"), error.message("en")
    assert italian.startswith("Regole contraddittorie: ")  # no file, no "in …"
    assert english.startswith("Contradictory rules: ")
    assert italian != english
    assert str(error) == italian
    # The Rules constructor refuses the same combination.
    with pytest.raises(RulesError):
        Rules(**changes)


# Knob values that the rules need beside a bound to be dealt or to make sense.
BESIDE: dict[tuple[str, int], dict[str, Any]] = {
    ("decks", 1): {"max_players": 4},
    ("min_players", 12): {"max_players": 12, "decks": 3},
    ("max_players", 12): {"decks": 3},
    ("hand_size", 20): {"max_players": 5},
    ("set_max", 28): {"set_suits": SetSuits.ANY},
    ("match_rounds", 1): {"match_end": MatchEnd.FIXED_ROUNDS},
    ("match_rounds", 1000): {"match_end": MatchEnd.FIXED_ROUNDS},
    **{
        (knob, value): {"melding_during_play": False, "max_players": 2, "knock_limit": 10}
        for knob, values in (
            ("wall_stock", (0, 208)),
            ("run_max", (3, 13)),
            ("big_gin_bonus", (0, 10_000)),
        )
        for value in values
    },
    **{
        ("knock_limit", value): {"melding_during_play": False, "max_players": 2}
        for value in (0, 100)
    },
}


def _int_knobs() -> list[str]:
    hints = typing.get_type_hints(Rules)
    return [name for name in knob_names() if int in (hints[name], *typing.get_args(hints[name]))]


def test_every_number_of_the_rules_has_a_range() -> None:
    assert sorted(KNOB_RANGES) == sorted(_int_knobs())
    for name, (low, high, why) in KNOB_RANGES.items():
        assert low < high and all(why), name
        # Every preset is within every range.
        for preset in PRESETS.values():
            value = getattr(preset.rules, name)
            assert value is None or low <= value <= high, (preset.rules.name, name)


@pytest.mark.parametrize("knob", sorted(KNOB_RANGES))
def test_each_number_is_refused_past_its_range_and_accepted_at_its_ends(knob: str) -> None:
    low, high, _ = KNOB_RANGES[knob]
    for value in (low - 1, high + 1, -(10**30), 10**30):
        error = _caught({knob: value, **BESIDE.get((knob, high), {})})
        # A value out of its range, not rules that contradict each other.
        assert error.reason is Reason.BAD_RULE_VALUE and error.params["key"] == knob
        assert error.message("en").startswith(f"Bad value for '{knob}': ")
        assert f". It goes from {low} to {high}" in error.message("en")
        assert error.message("it").startswith(f"Valore non valido per '{knob}': ")
        assert f". Va da {low} a {high}" in error.message("it")
        # Why the range ends there is said of a value past its upper end only.
        assert (": " in error.message("it").split(" Va da ")[1]) == (value > high)
    for value in (low, high):
        rules = dataclasses.replace(CLASSICO, **{knob: value, **BESIDE.get((knob, value), {})})
        assert getattr(rules, knob) == value


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"deck_by_players": (DeckSize(1, 2, 4),)}, "deck_by_players[0].from_players"),
        ({"deck_by_players": (DeckSize(5, 3, 4), DeckSize(6, 5, 4))}, "deck_by_players[1].decks"),
        ({"deck_by_players": (DeckSize(5, 3, 13),)}, "deck_by_players[0].jokers"),
        ({"hand_size_by_players": (HandSize(13, 7),)}, "hand_size_by_players[0].from_players"),
        ({"hand_size_by_players": (HandSize(3, 0),)}, "hand_size_by_players[0].cards"),
        ({"hand_size_by_players": (HandSize(3, 21),)}, "hand_size_by_players[0].cards"),
    ],
)
def test_each_number_of_an_entry_by_players_has_the_range_of_its_knob(
    changes: dict[str, Any], named: str
) -> None:
    error = _caught(changes)
    assert error.message("en").startswith(f"Bad value for '{named}': ")
    assert ". It goes from " in error.message("en")


def test_extreme_but_accepted_rules_deal_every_table() -> None:
    # Every knob at the far end of its range where the others allow it: four packs and twelve
    # jollies, hands of 20 with up to ten players, unlimited jollies per meld and sets, the
    # highest opening, caps and points.
    rules = dataclasses.replace(
        CLASSICO,
        decks=4,
        jokers=12,
        max_players=10,
        hand_size=20,
        deck_by_players=(DeckSize(6, 4, 12),),
        hand_size_by_players=(HandSize(9, 20),),
        max_jokers_per_meld=None,
        set_suits=SetSuits.ANY,
        set_max=None,
        opening_threshold=100,
        opening_joker_value=10_000,
        max_turns=10_000,
        ace_penalty=10_000,
        joker_penalty=10_000,
        messa=10_000,
        target=10_000,
        reentry=True,
        max_reentries=100,
        reentry_stake=10_000,
        close_points=-10_000,
        close_credits=10_000,
    )
    assert rules.deck_size_for(10) == 4 * 52 + 12
    # Ten hands of 20 leave 19 cards to draw, fewer than 4 a player: nine is the largest table.
    assert rules.most_players == 9 and rules.seat_refusal(10) is not None
    for players in range(rules.min_players, rules.most_players + 1):
        round_ = Round(rules, players, seed=players)
        # Every card in exactly one place, and something left to draw.
        held = [card for seat in range(players) for card in round_.hand(seat)]
        assert len(held) == players * 20
        assert round_.stock_count >= 1
        assert round_.stock_count + len(held) + len(round_.discard_pile) == len(round_.deck)
        round_.apply(Draw())
        round_.apply(Discard(round_.hand(round_.to_play)[0]))
        assert round_.turn == 2


def test_a_pozzo_tied_to_the_opening_needs_melds_laid_during_play() -> None:
    for value in (DiscardPickup.OPENED, DiscardPickup.TO_OPEN):
        changes = {"melding_during_play": False, "discard_pickup": value}
        assert _caught(changes).params["detail"] == Phrase(
            Detail.PICKUP_NEEDS_OPENING, value=value.value
        )


def test_every_contradiction_check_is_exercised() -> None:
    # One case per `bad(...)` call: a new check without a case here fails this test.
    source = inspect.getsource(rules_module._contradictions)
    checks = source.count("bad(") - 1  # minus the helper's own definition
    details = [_caught(changes).params["detail"] for changes in CONTRADICTIONS]
    assert len(CONTRADICTIONS) == checks
    # Every case trips a different check.
    assert len({detail.code for detail in details}) == checks


# --- value semantics ---


def test_replace_makes_new_rules_and_validates() -> None:
    house = dataclasses.replace(CLASSICO, name="casa", opening_threshold=40)
    assert house.opening_threshold == 40
    assert CLASSICO.opening_threshold == 0
    with pytest.raises(RulesError):
        dataclasses.replace(house, opening_threshold=-1)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSICO.target = 201  # type: ignore[misc]


def test_rules_are_hashable_and_the_name_is_only_a_label() -> None:
    renamed = dataclasses.replace(CLASSICO, name="Casa Rossi")
    assert renamed == CLASSICO
    assert hash(renamed) == hash(CLASSICO)
    assert len({get_preset(name) for name in SECTION_4}) == len(SECTION_4)
    assert dataclasses.replace(CLASSICO, target=201) != CLASSICO


def test_knobs_are_json_ready_and_cover_every_knob() -> None:
    for name in SECTION_4:
        knobs = get_preset(name).knobs()
        assert list(knobs) == list(knob_names())
        assert json.loads(json.dumps(knobs)) == knobs
    rami = get_preset("rami-40").knobs()
    assert rami["deck_by_players"] == [{"from_players": 5, "decks": 3, "jokers": 4}]
    assert rami["discard_pickup"] == "free"
    assert get_preset("carioca").knobs()["contracts"] == [c.value for c in Contract]


def test_knob_names_are_the_fields_but_the_name() -> None:
    fields = [f.name for f in dataclasses.fields(Rules)]
    assert "name" not in knob_names()
    assert list(knob_names()) == [f for f in fields if f != "name" and not f.startswith("_")]


def test_entries_by_player_count_are_sorted_so_equal_rules_compare_equal() -> None:
    one = dataclasses.replace(CLASSICO, deck_by_players=(DeckSize(5, 3, 4), DeckSize(3, 2, 2)))
    other = dataclasses.replace(CLASSICO, deck_by_players=(DeckSize(3, 2, 2), DeckSize(5, 3, 4)))
    assert one == other and hash(one) == hash(other)
    assert one.deck_by_players == (DeckSize(3, 2, 2), DeckSize(5, 3, 4))


def test_a_bad_value_in_a_file_names_the_file() -> None:
    from ramino.engine.rules_file import rules_from_toml

    with pytest.raises(RulesError) as info:
        rules_from_toml('direction = "left"', source="casa.toml")
    assert "'direction' in casa.toml" in str(info.value)
    with pytest.raises(RulesError) as info:
        rules_from_toml("set_max = 2", source="casa.toml")
    assert info.value.message("en") == (
        "Bad value for 'set_max' in casa.toml: 2. It goes from 3 to 28."
    )
    with pytest.raises(RulesError) as info:
        rules_from_toml("set_max = 5", source="casa.toml")
    assert info.value.message("en").startswith("Contradictory rules in casa.toml: ")


def test_rules_pickled_in_one_process_hash_right_in_another() -> None:
    rules = get_preset("scala-40")
    hash(rules)  # the hash is remembered once asked for
    payload = pickle.dumps(rules)
    script = (
        "import pickle, sys; from ramino.engine.presets import get_preset;"
        "r = pickle.loads(sys.stdin.buffer.read());"
        "print(r == get_preset('scala-40'), hash(r) == hash(get_preset('scala-40')),"
        " r in {get_preset('scala-40'): 1})"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        input=payload,
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "random"},
    )
    assert out.stdout.split() == [b"True", b"True", b"True"]
