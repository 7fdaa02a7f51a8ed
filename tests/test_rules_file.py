"""House-rules files: every knob and every value loads from TOML, mistakes are named with the
key and what it accepts (in Italian and English), files round-trip, and resolve_rules finds
presets and files."""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from ramino.engine import rules_file
from ramino.engine.errors import Reason, RulesError
from ramino.engine.presets import GIN_PRESETS, PRESETS, get_preset, preset_names
from ramino.engine.rules import KNOB_RANGES, Contract, DeckSize, HandSize, Rules, knob_names
from ramino.engine.rules_file import rules_from_mapping, rules_from_toml, rules_to_toml
from ramino.house_rules import load_rules, resolve_rules

HINTS = typing.get_type_hints(Rules)

# A few integers per int knob, valid on top of classico (with COMPANIONS where needed).
INTS: dict[str, tuple[int, ...]] = {
    "decks": (1, 2, 3, 4),
    "jokers": (0, 2, 4, 6),
    "min_players": (2, 3, 4),
    "max_players": (2, 5, 7),
    "hand_size": (7, 8, 9, 10, 13, 14),
    "max_jokers_per_meld": (1, 2, 4),
    "min_natural_cards": (1, 2, 3),
    "set_max": (3, 4),
    "opening_threshold": (0, 40, 50, 51),
    "opening_joker_value": (20, 25, 30),
    "attachable_discard_min_players": (2, 3),
    "rummy_bonus_points": (0, 25),
    "max_restocks": (0, 2),
    "max_turns": (1, 300, 500),
    "ace_penalty": (1, 11),
    "joker_penalty": (20, 25, 30, 50),
    "messa": (0, 50),
    "target": (101, 110, 201, 300),
    "match_rounds": (1, 8),
    "max_reentries": (0, 1, 3),
    "reentry_stake": (0, 1),
    "close_points": (0, -10),
    "close_points_flush": (-20,),
    "close_points_straight": (-50,),
    "close_credits": (1,),
    "close_credits_flush": (2,),
    "close_credits_straight": (5,),
    "starting_chips": (1, 100, 500),
    "blind": (1, 2, 5),
    "raise_unit": (1, 2, 10),
    "max_raises": (0, 1, 3),
    "hand_stake": (0, 1, 5),
    "flush_stake_multiplier": (1, 2),
    "straight_flush_stake_multiplier": (4,),
    "royal_stake_multiplier": (6,),
    "run_max": (3, 5),
    "knock_limit": (0, 10),
    "gin_bonus": (0, 20, 25),
    "big_gin_bonus": (0, 31),
    "undercut_bonus": (0, 10, 25),
    "wall_stock": (0, 2),
    "max_pile_takes": (1, 50),
    "void_rethrows": (1, 2),
    "box_bonus": (0, 25),
    "game_bonus": (0, 100),
}

# Knocking (gin rummy) is for two, with nothing laid during play.
_GIN = "melding_during_play = false\nmax_players = 2\nknock_limit = 10"

# TOML lines a value needs beside it so the rules are not contradictory.
COMPANIONS: dict[tuple[str, object], str] = {
    ("decks", 1): "max_players = 4",
    ("rummy_bonus", "scempio"): "messa = 50",
    ("joker_swap_waits_a_turn", True): "joker_swap_needs_opened = true",
    ("match_end", "fixed_rounds"): "match_rounds = 8",
    ("match_rounds", 1): 'match_end = "fixed_rounds"',
    ("match_rounds", 8): 'match_end = "fixed_rounds"',
    # No target only where a number of rounds ends the match (carioca's, RULES.md §6.3).
    ("target", None): 'match_end = "fixed_rounds"\nmatch_rounds = 8',
    ("betting", "blind"): 'match_end = "fixed_rounds"\nmatch_rounds = 10',
    ("imaginary_joker", True): "melding_during_play = false\njokers = 0",
    ("own_card_joker", True): "imaginary_joker = true\nmelding_during_play = false\njokers = 0",
    ("match_end", "points_to_target"): _GIN,
    **{("knock_limit", value): "melding_during_play = false\nmax_players = 2" for value in (0, 10)},
    **{
        (knob, value): _GIN
        for knob, values in (
            ("oklahoma", (True,)),
            ("spade_upcard_doubles", (True,)),
            ("big_gin_bonus", (0, 31)),
            ("wall_stock", (0, 2)),
            ("run_max", (3, 5)),
        )
        for value in values
    },
}

# Other ways to write a value, each with the value it must give.
TUPLES: dict[str, list[tuple[str, object]]] = {
    "deck_by_players": [
        ("[]", ()),
        ("[{from_players = 5, decks = 3, jokers = 4}]", (DeckSize(5, 3, 4),)),
        # Entries are kept sorted by player count.
        ("[[5, 3, 4], [3, 2, 2]]", (DeckSize(3, 2, 2), DeckSize(5, 3, 4))),
    ],
    "hand_size_by_players": [
        ("[]", ()),
        ("[{from_players = 3, cards = 7}]", (HandSize(3, 7),)),
        ("[[3, 7], [5, 6]]", (HandSize(3, 7), HandSize(5, 6))),
    ],
    "contracts": [
        ("[]", ()),
        (
            '["pair", "Two-Pairs", "SCALA_40"]',
            (Contract.PAIR, Contract.TWO_PAIRS, Contract.SCALA_40),
        ),
        ("[" + ", ".join(f'"{c.value}"' for c in Contract) + "]", tuple(Contract)),
    ],
}


def _is_optional_int(hint: Any) -> bool:
    return isinstance(hint, types.UnionType) and set(typing.get_args(hint)) == {int, type(None)}


def _cases() -> list[tuple[str, str, object]]:
    """(knob, TOML literal, expected value) for every knob and every value worth loading."""
    cases: list[tuple[str, str, object]] = []
    for knob in knob_names():
        hint = HINTS[knob]
        if hint is bool:
            cases += [(knob, "true", True), (knob, "false", False)]
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            for member in hint:
                value = str(member.value)
                cases.append((knob, f'"{value}"', member))
                # Any case, dashes or underscores: "To-First-Player".
                shouted = value.replace("_", "-").title()
                cases.append((knob, f'"{shouted}"', member))
        elif hint is int:
            cases += [(knob, str(n), n) for n in INTS[knob]]
        elif _is_optional_int(hint):
            cases += [(knob, str(n), n) for n in INTS[knob]]
            words = ["none", "unlimited", "Unlimited"]
            if knob == "opening_joker_value":
                words.append("card")
            if knob == "raise_unit":
                # No limit makes no sense for a raise: no number means the blind.
                words = ["blind", "Blind", "none"]
            cases += [(knob, f'"{word}"', None) for word in words]
        else:
            cases += [(knob, text, value) for text, value in TUPLES[knob]]
    return cases


CASES = _cases()


def _companion(knob: str, value: object) -> str:
    key = value.value if isinstance(value, enum.Enum) else value
    return COMPANIONS.get((knob, key), "")


def test_the_cases_cover_every_knob_and_every_enum_member() -> None:
    assert {knob for knob, _, _ in CASES} == set(knob_names())
    for knob in knob_names():
        hint = HINTS[knob]
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            assert {v for k, _, v in CASES if k == knob} == set(hint)
    # The module knows how to read every knob.
    assert set(rules_file._KNOBS) == set(knob_names())


def test_loose_enum_spellings_never_collide() -> None:
    for hint in HINTS.values():
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            loose = {str(m.value).replace("_", "") for m in hint}
            assert len(loose) == len(hint), hint


@pytest.mark.parametrize(("knob", "literal", "expected"), CASES, ids=lambda x: str(x))
def test_each_knob_and_value_loads(knob: str, literal: str, expected: object) -> None:
    text = f'preset = "classico"\n{_companion(knob, expected)}\n{knob} = {literal}\n'
    rules = rules_from_toml(text)
    assert getattr(rules, knob) == expected
    assert type(getattr(rules, knob)) is type(expected)


def test_preset_name_and_knobs_combine() -> None:
    rules = rules_from_toml(
        'preset = "Scala_40"\nname = "Casa Rossi"\ntarget = 201\nrun_wrap = true\n',
        source="casa.toml",
    )
    assert rules.name == "Casa Rossi"
    assert rules == dataclasses.replace(get_preset("scala-40"), target=201, run_wrap=True)


@pytest.mark.parametrize(
    ("text", "source", "name"),
    [
        ("", "<string>", "classico"),
        ('preset = "rami-51"', "<string>", "rami-51"),
        ("target = 201", "house/casa-rossi.toml", "casa-rossi"),
        ('name = "Da Nonna"', "casa.toml", "Da Nonna"),
    ],
)
def test_name_defaults_to_the_file_or_the_preset(text: str, source: str, name: str) -> None:
    assert rules_from_toml(text, source=source).name == name


@pytest.mark.parametrize("name", preset_names())
def test_a_mapping_reads_back_the_knobs_of_any_preset(name: str) -> None:
    # As JSON carries them (the page, the API): "no number" is null.
    rules = get_preset(name)
    knobs = json.loads(json.dumps(rules.knobs()))
    assert rules_from_mapping({"preset": "classico", **knobs}) == dataclasses.replace(
        rules, name="classico"
    )


def test_null_is_no_number_only_where_a_knob_may_have_none() -> None:
    assert rules_from_mapping({"set_max": None}).set_max is None
    with pytest.raises(RulesError):
        rules_from_mapping({"target": None})


def test_mapping_is_the_same_as_toml() -> None:
    data = {
        "preset": "tradizionale",
        "hand_size_by_players": [[3, 8]],
        "direction": "Counter-Clockwise",
    }
    rules = rules_from_mapping(data)
    assert rules.hand_size_by_players == (HandSize(3, 8),)
    assert rules.direction.value == "counterclockwise"


# --- mistakes ---


def _error(text: str, source: str = "<string>") -> RulesError:
    with pytest.raises(RulesError) as caught:
        rules_from_toml(text, source=source)
    return caught.value


def test_unknown_key_names_the_key_the_file_and_the_closest_knob() -> None:
    error = _error("opening_treshold = 40", source="casa.toml")
    assert error.reason is Reason.UNKNOWN_RULE
    assert error.params["key"] == "opening_treshold"
    italian, english = error.message("it"), error.message("en")
    assert "'opening_treshold'" in italian
    assert "casa.toml" in italian
    assert "casa.toml" in english
    assert "forse 'opening_threshold'" in italian
    assert "perhaps 'opening_threshold'" in english


def test_unknown_key_with_a_dash_suggests_the_knob() -> None:
    error = _error("max-turns = 40")
    assert "'max_turns'" in error.message("en")


def test_unknown_key_far_from_any_knob_has_no_suggestion_nor_pseudo_source() -> None:
    error = _error("colour_of_the_tablecloth = 'green'")
    assert error.reason is Reason.UNKNOWN_RULE
    assert error.message("it") == "Regola sconosciuta 'colour_of_the_tablecloth'."
    assert error.message("en") == "Unknown rule 'colour_of_the_tablecloth'."


def test_a_nested_table_is_refused_naming_its_key() -> None:
    error = _error("[rules]\nopening_threshold = 40\n")
    assert error.reason is Reason.UNKNOWN_RULE
    assert error.params["key"] == "rules"
    error = _error("[direction]\nway = 'clockwise'\n")
    assert error.reason is Reason.BAD_RULE_VALUE
    assert error.params["key"] == "direction"


BAD_VALUES: list[tuple[str, str, list[str]]] = [
    ("direction", '"sideways"', ["clockwise", "counterclockwise"]),
    ("direction", "1", ["clockwise", "counterclockwise"]),
    ("rounding", '"hundreds"', ["none", "tens"]),
    ("decks", "true", []),
    ("decks", "2.0", []),
    ("decks", '"2"', []),
    ("run_wrap", '"yes"', ["true", "false"]),
    ("run_wrap", "1", ["true", "false"]),
    ("max_jokers_per_meld", '"many"', ["unlimited", "none"]),
    ("max_restocks", '"card"', ["unlimited", "none"]),
    ("opening_joker_value", "false", ["card"]),
    ("deck_by_players", "5", ["from_players", "decks", "jokers"]),
    ("deck_by_players", "[[5, 3]]", ["from_players"]),
    ("deck_by_players", "[{from_players = 5, decks = 3}]", ["jokers"]),
    ("deck_by_players", "[{from_players = 5, decks = 3, jokers = 4, extra = 1}]", ["jokers"]),
    ("hand_size_by_players", "[[3, true]]", ["cards"]),
    ("contracts", '["pair", "triple"]', ["pair", "two_pairs", "one_turn"]),
    ("contracts", '"pair"', ["pair"]),
    ("name", "3", []),
    ("preset", "40", ["classico", "scala-40"]),
]


@pytest.mark.parametrize(("key", "literal", "accepted"), BAD_VALUES, ids=lambda x: str(x))
def test_bad_value_names_key_and_accepted_values(
    key: str, literal: str, accepted: list[str]
) -> None:
    error = _error(f"{key} = {literal}")
    assert error.reason is Reason.BAD_RULE_VALUE
    assert error.params["key"] == key
    italian, english = error.message("it"), error.message("en")
    assert italian.startswith(f"Valore non valido per '{key}': ")
    assert english.startswith(f"Bad value for '{key}': ")
    assert italian != english
    for word in accepted:
        assert word in italian
        assert word in english


def test_bad_enum_value_lists_the_members_in_both_languages() -> None:
    error = _error('direction = "sideways"')
    assert error.message("it").endswith("Valori ammessi: clockwise, counterclockwise.")
    assert error.message("en").endswith("Accepted values: clockwise, counterclockwise.")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("target = true", "'target' in casa.toml: true."),
        ("[opening_threshold]\nx = 1", "'opening_threshold' in casa.toml: {x = 1}."),
        (
            "deck_by_players = [{players = 5, decks = 3, jokers = 4}]",
            "'deck_by_players' in casa.toml: {players = 5, decks = 3, jokers = 4}.",
        ),
        ('direction = "left"', """'direction' in casa.toml: "left"."""),
        ("direction = [1.5, 2024-01-02]", "'direction' in casa.toml: [1.5, 2024-01-02]."),
    ],
)
def test_a_bad_value_is_shown_as_the_file_writes_it(text: str, said: str) -> None:
    # TOML's words (true, an inline table), not Python's (True, {'x': 1}).
    error = _error(text, source="casa.toml")
    assert error.reason is Reason.BAD_RULE_VALUE
    assert said in error.message("it") and said in error.message("en")


def test_a_bad_value_from_json_is_shown_as_json_writes_it() -> None:
    with pytest.raises(RulesError) as caught:
        rules_from_mapping({"opening_threshold": {"x": None}})
    assert caught.value.message("en").startswith(
        """Bad value for 'opening_threshold': {"x": null}. """
    )


@pytest.mark.parametrize("text", ["preset = 3", 'preset = "classico"\nname = 5'])
def test_a_bad_preset_or_name_names_the_file(text: str) -> None:
    error = _error(text, source="casa.toml")
    assert error.reason is Reason.BAD_RULE_VALUE
    assert " in casa.toml: " in error.message("it") and " in casa.toml: " in error.message("en")


def test_a_preset_that_is_no_name_lists_every_preset_gin_ones_too() -> None:
    message = _error("preset = 3").message("it")
    listed = message.split("Valori ammessi: ")[1].rstrip(".").split(", ")
    assert listed == [*PRESETS, *GIN_PRESETS]
    assert {"gin", "gin-classic", "gin-openspiel"} <= set(listed)


@pytest.mark.parametrize("name", ['""', '"   "'])
def test_an_empty_name_is_refused(name: str) -> None:
    error = _error(f"name = {name}", source="casa.toml")
    assert error.reason is Reason.BAD_RULE_VALUE and error.params["key"] == "name"
    assert error.message("it").endswith("Serve un nome, non un testo vuoto.")
    assert error.message("en").endswith("A name is needed, not an empty text.")
    assert rules_from_toml('name = " Casa "').name == " Casa "


@pytest.mark.parametrize(
    ("text", "it"),
    [
        ("hand_size = 0", "Valore non valido per 'hand_size' in d.toml: 0. Va da 1 a 20."),
        ("target = 0", "Valore non valido per 'target' in d.toml: 0. Va da 1 a 10000."),
        (
            "target = 20000",
            "Valore non valido per 'target' in d.toml: 20000. Va da 1 a 10000: molto oltre i"
            " punti del gioco (50 un jolly, 300 una partita).",
        ),
    ],
)
def test_a_number_out_of_range_is_a_bad_value_not_a_contradiction(text: str, it: str) -> None:
    error = _error(text, source="d.toml")
    assert error.reason is Reason.BAD_RULE_VALUE
    assert error.message("it") == it


def test_unknown_preset_lists_the_presets() -> None:
    error = _error('preset = "scala-41"')
    assert error.reason is Reason.UNKNOWN_PRESET
    assert "scala-40" in error.message("en")


def test_contradictions_come_through_unchanged() -> None:
    error = _error("set_max = 5")
    assert error.reason is Reason.CONTRADICTORY_RULES
    error = _error('rummy_bonus = "scempio"')
    assert error.reason is Reason.CONTRADICTORY_RULES


def test_toml_syntax_error_names_line_and_column() -> None:
    error = _error("opening_threshold = 40\ntarget = = 3\n", source="casa.toml")
    assert error.reason is Reason.BAD_RULES_FILE
    assert error.params["path"] == "casa.toml"
    # The position in our words, and none of tomllib's English ("Invalid value").
    assert error.message("it") == (
        "File delle regole 'casa.toml' non valido: errore di sintassi TOML alla riga 2, colonna 10."
    )
    assert error.message("en") == (
        "Bad rules file 'casa.toml': TOML syntax error at line 2, column 10."
    )


def test_toml_syntax_error_at_the_end() -> None:
    error = _error('name = "Casa')
    assert error.reason is Reason.BAD_RULES_FILE
    assert "alla fine del testo" in error.message("it")
    assert "at the end of the text" in error.message("en")


# --- writing and round trips ---


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_round_trips_from_classico_and_from_itself(name: str) -> None:
    rules = get_preset(name)
    for base in (None, name, "scala-40"):
        text = rules_to_toml(rules, base=base)
        back = rules_from_toml(text)
        assert back == rules
        assert back.name == name
    # Against itself nothing needs saying but the preset and the name.
    lines = [line for line in rules_to_toml(rules, base=name).splitlines() if line[:1] != "#"]
    assert lines == [f'preset = "{name}"', f'name = "{name}"']


def test_written_file_names_the_rules_and_only_the_differences() -> None:
    house = dataclasses.replace(
        get_preset("classico"), name="Casa Rossi", opening_threshold=40, max_restocks=None
    )
    text = rules_to_toml(house)
    assert text.startswith("# ")
    assert "Casa Rossi" in text.splitlines()[0]
    assert "opening_threshold = 40" in text
    assert "max_restocks" not in text
    assert 'max_restocks = "unlimited"' in rules_to_toml(house, base="rami-40")
    assert 'opening_joker_value = "card"' in rules_to_toml(
        get_preset("classico"), base="enciclopedia"
    )


def test_written_base_uses_the_registry_spelling() -> None:
    assert 'preset = "scala-40"' in rules_to_toml(get_preset("scala-40"), base="Scala_40")
    with pytest.raises(RulesError) as caught:
        rules_to_toml(get_preset("classico"), base="scala-41")
    assert caught.value.reason is Reason.UNKNOWN_PRESET


def test_awkward_names_survive_the_round_trip() -> None:
    for name in ['Casa "Rossi"', "back\\slash", "due\nrighe", "tab\there", "\x7fdel", "già è ★"]:
        rules = dataclasses.replace(get_preset("classico"), name=name)
        assert rules_from_toml(rules_to_toml(rules)).name == name


def _ints(knob: str) -> st.SearchStrategy[int]:
    low, high = {
        "decks": (1, 4),
        "jokers": (0, 8),
        "min_players": (2, 4),
        "max_players": (2, 8),
        "hand_size": (1, 14),
        "max_jokers_per_meld": (1, 4),
        "min_natural_cards": (1, 3),
        "set_max": (3, 8),
        "attachable_discard_min_players": (2, 6),
        "max_turns": (1, 1000),
        "match_rounds": (1, 10),
        "flush_stake_multiplier": (1, 8),
        "straight_flush_stake_multiplier": (1, 8),
        "royal_stake_multiplier": (1, 8),
        "close_points": (-100, 100),
        "close_points_flush": (-100, 100),
        "close_points_straight": (-100, 100),
    }.get(knob, (0, 500))
    # Within the knob's own range, where the rules accept it.
    bounds = KNOB_RANGES[knob]
    return st.integers(max(low, bounds.low), min(high, bounds.high))


def _values(knob: str) -> st.SearchStrategy[Any]:
    hint = HINTS[knob]
    if hint is bool:
        return st.booleans()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    if hint is int:
        return _ints(knob)
    if _is_optional_int(hint):
        return st.none() | _ints(knob)
    if knob == "deck_by_players":
        entry = st.builds(DeckSize, st.integers(2, 8), st.integers(1, 4), st.integers(0, 6))
        return st.lists(entry, max_size=3).map(tuple)
    if knob == "hand_size_by_players":
        return st.lists(st.builds(HandSize, st.integers(2, 8), st.integers(1, 13)), max_size=3).map(
            tuple
        )
    assert knob == "contracts"
    return st.lists(st.sampled_from(list(Contract)), max_size=8).map(tuple)


@st.composite
def house_rules(draw: st.DrawFn) -> Rules:
    base = get_preset(draw(st.sampled_from(preset_names())))
    knobs = draw(st.lists(st.sampled_from(knob_names()), unique=True, max_size=5))
    changes = {knob: draw(_values(knob)) for knob in knobs}
    # A name, not a blank: a rules file refuses an empty one.
    name = draw(st.text(st.characters(exclude_categories=["Cs"]), max_size=12).filter(str.strip))
    try:
        return dataclasses.replace(base, name=name, **changes)
    except RulesError:
        reject()


@settings(max_examples=150, deadline=None)
@given(house_rules(), st.none() | st.sampled_from(preset_names()))
def test_round_trip(rules: Rules, base: str | None) -> None:
    back = rules_from_toml(rules_to_toml(rules, base=base))
    assert back == rules
    assert back.name == rules.name


# --- files on disk (ramino.house_rules) ---


def test_resolve_preset_names() -> None:
    assert resolve_rules("classico") is get_preset("classico")
    assert resolve_rules("SCALA_40") is get_preset("scala-40")
    assert resolve_rules("rami 51").opening_threshold == 51


def test_resolve_a_file(tmp_path: Path) -> None:
    path = tmp_path / "casa.toml"
    path.write_text('preset = "scala-40"\ntarget = 201\n', encoding="utf-8")
    rules = resolve_rules(str(path))
    assert rules.name == "casa"
    assert rules == dataclasses.replace(get_preset("scala-40"), target=201)
    assert load_rules(path) == rules


def test_a_file_without_extension_is_found_after_the_presets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("nonna").write_text("target = 201\n", encoding="utf-8")
    Path("classico").write_text("target = 201\n", encoding="utf-8")
    assert resolve_rules("nonna").target == 201
    # A preset name wins over a file of the same name in the working directory.
    assert resolve_rules("classico").target == 101


def test_resolve_a_missing_file(tmp_path: Path) -> None:
    for spec in ("nessuna.toml", str(tmp_path / "nessuna.toml"), f"altrove{os.sep}casa"):
        with pytest.raises(RulesError) as caught:
            resolve_rules(spec)
        assert caught.value.reason is Reason.BAD_RULES_FILE
        assert caught.value.params["path"].endswith(spec.split(os.sep)[-1])
        assert "file non trovato" in caught.value.message("it")
        assert "file not found" in caught.value.message("en")


def test_resolve_neither_file_nor_preset_is_an_unknown_preset() -> None:
    with pytest.raises(RulesError) as caught:
        resolve_rules("briscola")
    assert caught.value.reason is Reason.UNKNOWN_PRESET
    assert "classico" in caught.value.message("it")


def test_load_a_folder_or_non_utf8_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as caught:
        load_rules(tmp_path)
    assert caught.value.reason is Reason.BAD_RULES_FILE
    assert "cartella" in caught.value.message("it")
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('name = "Casa Ferrà"\n'.encode("latin-1"))
    with pytest.raises(RulesError) as caught:
        load_rules(latin1)
    assert caught.value.reason is Reason.BAD_RULES_FILE
    assert "UTF-8" in caught.value.message("it")
    assert "UTF-8" in caught.value.message("en")


def test_load_accepts_a_byte_order_mark_and_reports_errors_with_the_path(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufefftarget = 201\n".encode())
    assert load_rules(path).target == 201
    path.write_text("opening_treshold = 40\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    assert caught.value.reason is Reason.UNKNOWN_RULE
    assert str(path) in caught.value.message("en")
