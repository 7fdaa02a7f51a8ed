"""Text from outside (actions, cards, rules files, records) that is not what the grammar says:
every mistake comes out as the engine's own error, with a reason and a sentence in both
languages, never as a bare ValueError, RecursionError or a message that fails to print."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ramino.engine.actions import Attach, parse_action
from ramino.engine.cards import Card, parse_cards
from ramino.engine.errors import (
    NotationError,
    RaminoError,
    Reason,
    RecordError,
    RulesError,
    ScoreError,
)
from ramino.engine.match import Match
from ramino.engine.presets import get_preset
from ramino.engine.record import Record, from_json, to_json
from ramino.engine.rules import Rules
from ramino.engine.rules_file import rules_from_mapping, rules_from_toml
from ramino.engine.text import shown, writable

# Any character, lone surrogates too (hypothesis leaves them out unless asked for by category).
ANY_TEXT = st.text(st.one_of(st.characters(), st.characters(categories=["Cs"])))
HUGE = "9" * 5000


def _sentences(error: RaminoError) -> tuple[str, str]:
    """Both sentences of ``error``: rendering them must not fail either."""
    it, en = error.message("it"), error.message("en")
    assert it and en and it != en
    return it, en


def _action_or_refusal(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        _sentences(error)
    else:
        # Whatever it read, it writes back as text it reads again to the same action.
        assert parse_action(str(action)) == action


@given(ANY_TEXT)
def test_parse_action_gives_an_action_or_a_notation_error(text: str) -> None:
    _action_or_refusal(text)


@given(
    st.sampled_from(["draw", "take", "lay", "attach", "swap", "discard", "show", "ATTACH"]),
    st.lists(
        st.one_of(
            ANY_TEXT,
            st.sampled_from(["0", "12", "²", "٣", HUGE, "JK=9S", "7H", "|", "discard", "JK="]),
        ),
        max_size=6,
    ),
)
def test_a_verb_then_any_words_gives_an_action_or_a_notation_error(
    verb: str, words: list[str]
) -> None:
    _action_or_refusal(" ".join([verb, *words]))


@given(ANY_TEXT)
def test_parse_cards_gives_cards_or_a_notation_error(text: str) -> None:
    try:
        parse_cards(text)
    except NotationError as error:
        # "JQ" is refused as ambiguous (Q is the queen, not quadri), any other word as bad.
        assert error.reason in (Reason.BAD_CARD, Reason.AMBIGUOUS_SUIT)
        _sentences(error)


@given(ANY_TEXT)
def test_card_parse_gives_a_card_or_a_notation_error(text: str) -> None:
    try:
        Card.parse(text)
    except NotationError as error:
        _sentences(error)


@given(ANY_TEXT)
def test_a_rules_file_gives_rules_or_a_rules_error(text: str) -> None:
    try:
        rules_from_toml(text)
    except RulesError as error:
        _sentences(error)


@given(ANY_TEXT)
def test_a_record_gives_a_record_or_a_record_error(text: str) -> None:
    try:
        from_json(text)
    except RecordError as error:
        _sentences(error)


@pytest.mark.parametrize(
    "text",
    [
        "attach ² JS",  # a superscript: str.isdigit() says yes, int() says no
        "swap ¹ 9H",
        "attach ٣ JS",  # an Arabic-Indic three: int() reads it as 3
        "attach ３ JS",  # a full-width three
        f"attach {HUGE} JS",  # int() refuses past 4300 digits
        "attach 10000 JS",  # no table holds 10,000 melds
        "attach -1 JS",
        "attach \ud800 JS",
    ],
)
def test_a_meld_number_is_ascii_digits(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.reason is Reason.BAD_MELD_NUMBER
    it, en = _sentences(info.value)
    assert "is not a meld number" in en and "non è il numero di un gioco" in it
    assert len(en) < 500


def test_a_meld_number_in_ascii_digits_is_read() -> None:
    assert parse_action("attach 3 JS") == Attach(3, parse_cards("JS"))
    assert parse_action("attach 0007 JS") == Attach(7, parse_cards("JS"))
    assert parse_action("attach 9999 JS").meld == 9999


@pytest.mark.parametrize("token", ["7ſ", "Kſ", "7\u017fx", "ıK"])
def test_card_notation_folds_case_in_ascii_only(token: str) -> None:
    # str.upper() turns the long s "ſ" into "S": "7ſ" is not 7♠.
    with pytest.raises(NotationError) as info:
        parse_cards(token)
    assert info.value.reason is Reason.BAD_CARD


def test_action_words_fold_case_in_ascii_only() -> None:
    assert str(parse_action("DRAW")) == "draw"
    assert str(parse_action("Show 7H 8H 9H DISCARD KS")) == "show 7H 8H 9H discard KS"
    # The Kelvin sign lowers to "k" under str.lower(): "taKe" with it is not "take".
    with pytest.raises(NotationError) as info:
        parse_action("ta\u212ae")
    assert info.value.reason is Reason.BAD_ACTION
    # "İ" lowers to two characters: the discard must still be found where it is written.
    with pytest.raises(NotationError) as info:
        parse_action("show İİ 7H 8H 9H discard KS")
    assert info.value.reason is Reason.BAD_CARD
    assert "'İİ'" in info.value.message("en")


def test_a_very_long_token_is_named_in_a_short_sentence() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("X" * 100_000)
    assert len(info.value.message("en")) < 500


# --- rules files and mappings ---


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (f"target = {HUGE}", "too many digits"),
        ("target = " + "[" * 5000 + "]" * 5000, "nested too deep"),
        ("x = " + "{a = " * 2000 + "1" + "}" * 2000, "nested too deep"),
    ],
)
def test_a_rules_file_beyond_what_python_reads_is_a_bad_file(text: str, words: str) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_toml(text, source="casa.toml")
    assert info.value.reason is Reason.BAD_RULES_FILE
    assert words in _sentences(info.value)[1]


@pytest.mark.parametrize(
    "data",
    [
        {"decks": 10**5000},
        {"jokers": 10**5000},
        {"target": -(10**5000)},
        {"hand_size_by_players": [[3, 10**5000]]},
        {"max_jokers_per_meld": 10**40},
    ],
    ids=["decks", "jokers", "target", "entries", "max_jokers_per_meld"],
)
def test_an_absurd_number_in_the_rules_is_refused_in_a_short_sentence(
    data: dict[str, object],
) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_mapping(data)
    assert info.value.reason is Reason.BAD_RULE_VALUE
    it, en = _sentences(info.value)
    assert " Va da " in it
    assert " goes from " in en and "≈" in en and len(en) < 300


def test_absurd_numbers_are_refused_by_rules_themselves() -> None:
    with pytest.raises(RulesError) as info:
        Rules(decks=10**5000)
    assert "'decks': ≈1.000e5000. It goes from 1 to 4" in _sentences(info.value)[1]
    # Hexadecimal has no digit limit in Python: TOML reads it, the rules refuse it.
    with pytest.raises(RulesError) as info:
        rules_from_toml(f"target = 0x{'f' * 5000}")
    assert info.value.reason is Reason.BAD_RULE_VALUE
    assert "'target': ≈" in _sentences(info.value)[1]
    assert "It goes from 1 to 10000" in _sentences(info.value)[1]


@pytest.mark.parametrize(
    "value",
    [[[[[[[[[1]]]]]]]], 10**5000, {"a": 10**5000}, "x" * 10_000, [10**5000] * 1000],
    ids=["nested", "huge", "dict", "long", "many"],
)
def test_a_bad_value_is_named_in_a_short_sentence(value: object) -> None:
    # Reached from Python (a mapping), where TOML stops earlier: repr alone would fail or run on.
    with pytest.raises(RulesError) as info:
        rules_from_mapping({"direction": value})
    assert info.value.reason is Reason.BAD_RULE_VALUE
    assert len(_sentences(info.value)[1]) < 500


def test_deeply_nested_lists_in_a_mapping_are_named_without_recursing() -> None:
    value: list[object] = []
    for _ in range(100_000):
        value = [value]
    with pytest.raises(RulesError) as info:
        rules_from_mapping({"deck_by_players": value})
    assert "[[[[...]]]]" in _sentences(info.value)[1]


@pytest.mark.parametrize("text", ['name = "\ud800"', "name = 'a\udcff'"])
def test_a_rules_name_no_file_can_hold_is_refused(text: str) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_toml(text)
    assert info.value.reason is Reason.BAD_RULE_VALUE
    assert "lone surrogate" in _sentences(info.value)[1]


# --- records ---


def _record_text(**changes: object) -> str:
    data = json.loads(to_json(Record(get_preset("classico"), ("Anna", "Bruno"), seed=b"x")))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_record_text().replace('"dealer": 0', f'"dealer": {HUGE}'), "too many digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deep"),
        ('{"a": ' * 100_000 + "1" + "}" * 100_000, "nested too deep"),
    ],
)
def test_a_record_beyond_what_python_reads_is_a_bad_record(text: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert info.value.reason is Reason.BAD_RECORD
    assert words in _sentences(info.value)[1]


def test_a_record_names_a_long_number_in_a_short_sentence() -> None:
    text = _record_text().replace('"dealer": 0', f'"dealer": {"9" * 4000}')
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert "dealer ≈9.999e3999 is no seat" in _sentences(info.value)[1]


@pytest.mark.parametrize("name", ["\ud800", "Anna\udcff"])
def test_a_player_name_no_file_can_hold_is_refused(name: str) -> None:
    # JSON writes a lone surrogate as an escape; the record could never be written back.
    text = _record_text(players=[name, "Bruno"])
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert "no file can hold" in _sentences(info.value)[1]
    with pytest.raises(ScoreError):
        Match([name, "Bruno"], Rules())


def test_records_and_matches_built_in_python_name_absurd_values_shortly() -> None:
    with pytest.raises(RecordError) as record:
        Record(get_preset("classico"), ("Anna", "Bruno"), dealer=10**5000, seed=b"x")
    assert "≈1.000e5000" in _sentences(record.value)[1]
    from ramino.engine.match import RoundResult

    match = Match(["Anna", "Bruno"], Rules())
    with pytest.raises(ScoreError) as score:
        match.record(RoundResult("Anna", {"Bruno": -(10**5000)}))
    assert "≈-1.000e5000" in _sentences(score.value)[1]


# --- the helpers ---


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"),
        (-7, "-7"),
        (10**17, "100000000000000000"),
        (10**18, "≈1.000e18"),
        (123456 * 10**30, "≈1.234e35"),
        (-(10**5000), "≈-1.000e5000"),
        (True, "True"),
        ("Anna", "'Anna'"),
    ],
    ids=shown,
)
def test_shown_writes_any_number_in_a_few_characters(value: object, text: str) -> None:
    assert shown(value) == text


@pytest.mark.parametrize(
    "make",
    [lambda: 10 ** (10**5), lambda: [[[]]] * 10**5, lambda: "x" * 10**6, lambda: {1: 2} | {}],
)
def test_shown_is_one_short_line(make: Callable[[], object]) -> None:
    assert len(shown(make())) <= 60


def test_writable_refuses_only_lone_surrogates() -> None:
    assert writable("Anna ♥ 🃏 \u0000")
    assert not writable("\ud800") and not writable("a\udcffb")


# --- the other JSON readers: score sheets and saved matches ---


@pytest.mark.parametrize(
    ("text", "words"),
    [(f'{{"players": {HUGE}}}', "too many digits"), ("[" * 100_000, "nested too deep")],
)
def test_score_sheets_and_saves_beyond_what_python_reads_are_refused(text: str, words: str) -> None:
    from ramino.cli.score_file import parse_score_file
    from ramino.tui.save import match_from_json

    with pytest.raises(ScoreError) as sheet:
        parse_score_file(text, "foglio.json")
    assert words in _sentences(sheet.value)[1]
    with pytest.raises(RecordError) as save:
        match_from_json(text)
    assert words in _sentences(save.value)[1]
