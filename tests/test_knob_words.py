"""The knobs in players' words: every knob has a section, a label and a help sentence in Italian
and English, every enum value has words, and the kinds, choices and ranges a page reads accept
every preset and agree with what a house-rules table accepts and refuses."""

from __future__ import annotations

import enum
import json
import re
import typing
from typing import Any

import pytest

from ramino.engine.errors import Phrase, Reason, RulesError
from ramino.engine.presets import PRESETS
from ramino.engine.rules import KNOB_RANGES, Contract, Rules, knob_names
from ramino.engine.rules_file import rules_from_mapping
from ramino.words.catalogue import gettext
from ramino.words.describe import _SECTIONS as DESCRIBE_SECTIONS
from ramino.words.knob_words import CHOICE_WORDS, KNOB_WORDS, SECTIONS, knob_catalogue

pytestmark = pytest.mark.once

HINTS = typing.get_type_hints(Rules)
CATALOGUE: list[dict[str, Any]] = knob_catalogue()
ENTRIES: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in CATALOGUE}
LANGS = ("it", "en")


def _of_kind(*kinds: str) -> list[str]:
    return [name for name, entry in ENTRIES.items() if entry["kind"] in kinds]


def _enums() -> set[type[enum.StrEnum]]:
    found = set()
    for hint in HINTS.values():
        for t in (hint, *typing.get_args(hint)):
            if isinstance(t, type) and issubclass(t, enum.StrEnum):
                found.add(t)
    return found


# --- coverage ---


def test_every_knob_has_an_entry_and_nothing_else_does() -> None:
    assert set(KNOB_WORDS) == set(knob_names())
    assert [entry["name"] for entry in CATALOGUE] == list(KNOB_WORDS)
    assert len(CATALOGUE) == len(knob_names())


def test_sections_come_in_order_each_in_one_piece() -> None:
    order = [entry["section"] for entry in CATALOGUE]
    shown = list(dict.fromkeys(order))
    assert shown == list(SECTIONS), "every section is used, in the order of SECTIONS"
    assert order == sorted(order, key=shown.index), "a section's knobs are not split"
    for entry in CATALOGUE:
        title = SECTIONS[entry["section"]]
        assert entry["section_title"] == {"it": title, "en": gettext(title, "en")}


def test_sections_shared_with_describe_carry_its_titles() -> None:
    described = {heading for heading, _ in DESCRIBE_SECTIONS}
    for key in ("deal", "opening", "going_out"):
        assert SECTIONS[key] in described, key


def test_every_enum_member_has_words_in_both_languages() -> None:
    assert set(CHOICE_WORDS) == _enums()
    for cls, words in CHOICE_WORDS.items():
        assert set(words) == {member.value for member in cls}, cls.__name__
        for value, said in words.items():
            if isinstance(said, Phrase):
                it, en = said.message("it"), said.message("en")
            else:
                it, en = said, gettext(said, "en")
            assert it.strip() == it and en.strip() == en and it and en, (cls.__name__, value)
            # Only a contract's name may be the same word in both ("scala 40").
            assert it != en or cls is Contract, (cls.__name__, value)


def test_choices_list_every_member_in_enum_order() -> None:
    for name in _of_kind("choice", "choice_list"):
        hint = HINTS[name]
        cls: type[enum.StrEnum] = hint if isinstance(hint, type) else typing.get_args(hint)[0]
        assert [c["value"] for c in ENTRIES[name]["choices"]] == [m.value for m in cls], name


def test_kinds_follow_the_type_of_each_knob() -> None:
    for name, entry in ENTRIES.items():
        hint = HINTS[name]
        expected = {
            bool: "bool",
            int: "int",
            int | None: "optional_int",
        }.get(hint)
        if expected is None and isinstance(hint, type) and issubclass(hint, enum.Enum):
            expected = "choice"
        if expected is None:
            expected = "choice_list" if typing.get_args(hint)[0] is Contract else "by_players"
        assert entry["kind"] == expected, name
        assert ("range" in entry) == (expected in ("int", "optional_int")), name
        assert ("none" in entry) == (expected == "optional_int"), name
        assert ("empty" in entry) == (expected in ("by_players", "choice_list")), name
        assert ("choices" in entry) == (expected in ("choice", "choice_list")), name
        assert ("fields" in entry) == (expected == "by_players"), name


# --- the words ---


def _pairs(entry: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Every text of an entry as (what, it, en)."""
    out: list[tuple[str, str, str]] = []
    for key in ("label", "help", "none", "empty"):
        if key in entry:
            out.append((key, entry[key]["it"], entry[key]["en"]))
    return out


def _no_identifier(name: str, text: str) -> None:
    # Every knob name of two words or more has an underscore; one-word names are words.
    assert "_" not in text, (name, text)


@pytest.mark.parametrize("name", list(KNOB_WORDS))
def test_labels_and_help_are_players_words(name: str) -> None:
    entry = ENTRIES[name]
    for what, it, en in _pairs(entry):
        for text in (it, en):
            assert text and text.strip() == text and "  " not in text, (name, what, text)
            _no_identifier(name, text)
        assert it != en, (name, what)
        # A pair swapped by mistake reads one language's articles in the other.
        assert " the " not in f" {it.lower()} ", (name, what, it)
        assert not re.search(r"\b(il|che|della|una)\b", en), (name, what, en)
    label_it, label_en = entry["label"]["it"], entry["label"]["en"]
    for label in (label_it, label_en):
        assert label[0].isupper() and not label.endswith((".", ":", ";", ",")), (name, label)
    assert label_it.endswith("?") == label_en.endswith("?"), name
    for help_text in (entry["help"]["it"], entry["help"]["en"]):
        assert help_text[0].isupper() and help_text.endswith("."), (name, help_text)
        # One sentence: no full stop, question or exclamation mark before the last one.
        assert not re.search(r"[.?!]\s", help_text), (name, help_text)
    for key in ("none", "empty"):
        if key in entry:
            for text in entry[key].values():
                assert text[0].islower() and not text.endswith("."), (name, key, text)


def test_choice_and_field_words_name_no_identifier() -> None:
    for name, entry in ENTRIES.items():
        for item in (*entry.get("choices", ()), *entry.get("fields", ())):
            for key in ("label", "help"):
                for text in item.get(key, {}).values():
                    assert text, (name, item)
                    _no_identifier(name, text)
        for field in entry.get("fields", ()):
            assert field["label"]["it"] != field["label"]["en"], (name, field["name"])


# --- values: presets, ranges, files ---


def _in_range(bounds: dict[str, Any], value: object) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and bounds["min"] <= value <= bounds["max"]
    )


def _accepts(entry: dict[str, Any], value: object) -> bool:
    """Whether a page built from ``entry`` can show ``value`` (as :meth:`Rules.knobs` gives it)."""
    kind = entry["kind"]
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return _in_range(entry["range"], value)
    if kind == "optional_int":
        return value is None or _in_range(entry["range"], value)
    values = [choice["value"] for choice in entry.get("choices", ())]
    if kind == "choice":
        return value in values
    if not isinstance(value, list):
        return False
    if kind == "choice_list":
        return all(item in values for item in value)
    assert kind == "by_players"
    fields = entry["fields"]
    return all(
        isinstance(row, dict)
        and list(row) == [field["name"] for field in fields]
        and all(_in_range(field["range"], row[field["name"]]) for field in fields)
        for row in value
    )


@pytest.mark.parametrize(
    "rules", [Rules(), *(p.rules for p in PRESETS.values())], ids=["Rules()", *PRESETS]
)
def test_every_preset_value_fits_its_control(rules: Rules) -> None:
    for name, value in rules.knobs().items():
        assert _accepts(ENTRIES[name], value), (rules.name, name, value)


def test_ranges_are_those_the_rules_check() -> None:
    for name in _of_kind("int", "optional_int"):
        low, high, why = KNOB_RANGES[name]
        bounds = ENTRIES[name]["range"]
        assert (bounds["min"], bounds["max"]) == (low, high), name
        assert bounds["why"] == {lang: Phrase(why).message(lang) for lang in LANGS}, name


# Knobs a table needs beside a number at the end of its range, to be dealt or to make sense.
BESIDE: dict[str, dict[str, Any]] = {
    "decks": {"max_players": 4},
    "min_players": {"max_players": 12, "decks": 3},
    "max_players": {"decks": 3},
    "hand_size": {"max_players": 5},
    "set_max": {"set_suits": "any"},
    "match_rounds": {"match_end": "fixed_rounds"},
    "knock_limit": {"melding_during_play": False, "max_players": 2},
    **{
        key: {"melding_during_play": False, "max_players": 2, "knock_limit": 10}
        for key in ("run_max", "wall_stock", "big_gin_bonus")
    },
}


def _refused(table: dict[str, Any], key: str, low: int, high: int) -> None:
    with pytest.raises(RulesError) as caught:
        rules_from_mapping(table)
    # Refused for the range itself, not for some other rule.
    assert caught.value.reason is Reason.BAD_RULE_VALUE and caught.value.params["key"] == key
    assert f". It goes from {low} to {high}" in caught.value.message("en")


@pytest.mark.parametrize("name", _of_kind("int", "optional_int"))
def test_a_rules_table_takes_each_number_at_its_ends_and_not_past_them(name: str) -> None:
    low, high = ENTRIES[name]["range"]["min"], ENTRIES[name]["range"]["max"]
    beside = BESIDE.get(name, {})
    for value in (low, high):
        assert getattr(rules_from_mapping({**beside, name: value}), name) == value
    for value in (low - 1, high + 1):
        _refused({**beside, name: value}, name, low, high)


# A row that applies to no table of classico (2 to 6 players) and deals at the rest.
SAFE_ROWS: dict[str, dict[str, int]] = {
    "deck_by_players": {"from_players": 12, "decks": 2, "jokers": 4},
    "hand_size_by_players": {"from_players": 12, "cards": 10},
}


@pytest.mark.parametrize(
    ("name", "field"),
    [(name, f["name"]) for name in _of_kind("by_players") for f in ENTRIES[name]["fields"]],
)
def test_a_rules_table_takes_each_row_number_at_its_ends_and_not_past_them(
    name: str, field: str
) -> None:
    bounds = next(f["range"] for f in ENTRIES[name]["fields"] if f["name"] == field)
    low, high = bounds["min"], bounds["max"]
    row = SAFE_ROWS[name]
    assert list(row) == [f["name"] for f in ENTRIES[name]["fields"]]
    for value in (low, high):
        rules = rules_from_mapping({name: [{**row, field: value}]})
        assert getattr(getattr(rules, name)[0], field) == value
    for value in (low - 1, high + 1):
        _refused({name: [{**row, field: value}]}, f"{name}[0].{field}", low, high)


# Knobs a table needs beside a choice to make sense.
BESIDE_CHOICE: dict[tuple[str, str], dict[str, Any]] = {
    ("rummy_bonus", "scempio"): {"messa": 50},
    ("match_end", "fixed_rounds"): {"match_rounds": 8},
    ("betting", "blind"): {"match_end": "fixed_rounds", "match_rounds": 10},
    ("match_end", "points_to_target"): {
        "melding_during_play": False,
        "max_players": 2,
        "knock_limit": 10,
    },
}


def test_a_rules_table_takes_every_choice() -> None:
    for name in _of_kind("choice"):
        for choice in ENTRIES[name]["choices"]:
            beside = BESIDE_CHOICE.get((name, choice["value"]), {})
            rules = rules_from_mapping({**beside, name: choice["value"]})
            assert getattr(rules, name).value == choice["value"]
    every = [choice["value"] for choice in ENTRIES["contracts"]["choices"]]
    assert rules_from_mapping({"contracts": every}).contracts == tuple(Contract)


# --- the catalogue as data ---


@pytest.mark.parametrize("lang", [None, *LANGS])
def test_the_catalogue_round_trips_through_json(lang: str | None) -> None:
    catalogue = knob_catalogue(lang)
    assert json.loads(json.dumps(catalogue, ensure_ascii=False)) == catalogue
    assert json.loads(json.dumps(catalogue)) == catalogue


def _in_one(data: Any, lang: str) -> Any:
    """The two-language catalogue with every ``{"it", "en"}`` pair reduced to ``lang``."""
    if isinstance(data, dict):
        if set(data) == set(LANGS):
            return data[lang]
        return {key: _in_one(value, lang) for key, value in data.items()}
    if isinstance(data, list):
        return [_in_one(item, lang) for item in data]
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_one_language_is_the_same_catalogue_in_those_words(lang: str) -> None:
    assert knob_catalogue(lang) == _in_one(knob_catalogue(), lang)


def test_each_call_gives_fresh_data() -> None:
    first = knob_catalogue("it")
    first[0]["label"] = "changed"
    first[0].clear()
    assert knob_catalogue("it")[0]["name"] == "decks"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'fr'"):
        knob_catalogue("fr")


def test_what_a_choice_needs_is_an_optional_number_it_then_goes_with() -> None:
    """A choice's ``needs`` (a fixed number of rounds needs their count) names optional
    numbers, each given a value in its range; a preset with the choice is refused without
    them and accepted with them, so that a page giving them makes rules that go together;
    and refused with them under the knob's other choices, so that a page takes them away."""
    needing = [
        (entry["name"], choice)
        for entry in CATALOGUE
        for choice in entry.get("choices", ())
        if "needs" in choice
    ]
    assert needing
    for name, choice in needing:
        for knob, value in choice["needs"].items():
            assert ENTRIES[knob]["kind"] == "optional_int", knob
            assert _in_range(ENTRIES[knob]["range"], value), (knob, value)
        without = dict.fromkeys(choice["needs"])
        with pytest.raises(RulesError):
            rules_from_mapping({name: choice["value"], **without})
        rules = rules_from_mapping({name: choice["value"], **choice["needs"]})
        assert getattr(rules, name) == choice["value"]
        for other in ENTRIES[name]["choices"]:
            if other["value"] == choice["value"] or "needs" in other:
                continue
            try:
                rules_from_mapping({name: other["value"]})
            except RulesError:
                continue  # a choice with needs of its own, elsewhere (gin's knock)
            with pytest.raises(RulesError):
                rules_from_mapping({name: other["value"], **choice["needs"]})
