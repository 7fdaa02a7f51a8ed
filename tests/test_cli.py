"""The ``ramino`` command: check, rules and score, their exit codes, languages and JSON shapes.

Exit status: 0 a result, 1 a refused meld, 2 bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ramino.cli.app import app
from ramino.cli.common import rules_for
from ramino.cli.online import _table_body
from ramino.engine.presets import GIN_PRESETS, PRESETS, get_preset
from ramino.engine.rules_file import rules_from_mapping
from ramino.house_rules import house_rules, knob_applies
from ramino.words.describe import describe

pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "partita-101.json"

# The environment must not choose the language, force colours or change the table width.
runner = CliRunner(
    env={"RAMINO_LANG": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"}
)


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def run_json(*args: str, stdin: str | None = None) -> tuple[int, Any]:
    result = run(*args, "--json", stdin=stdin)
    return result.exit_code, json.loads(result.stdout)


def assert_user_error(result: Result, *fragments: str) -> None:
    """Exit 2, one line on stderr naming what is wrong, nothing else, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# --- check ---


def test_check_done_when_json() -> None:
    code, data = run_json("check", "JK", "7S", "8S", "--rules", "rami-40")
    assert code == 0
    assert data == {
        "valid": True,
        "kind": "run",
        "points": 21,
        "jokers": {"JK": "6S"},
        "reason": None,
        "message": None,
    }


def test_check_done_when_suits_refused() -> None:
    result = run("check", "7S", "7S", "7H")
    assert result.exit_code == 1
    assert "Gioco rifiutato" in result.stdout
    assert "In un tris i semi devono essere tutti diversi: 7♠ 7♠ 7♥." in result.stdout
    assert "set_suits_not_distinct" in result.stdout
    assert result.stderr == ""


def test_check_refused_json() -> None:
    code, data = run_json("check", "7S 7S 7H")
    assert code == 1
    assert data == {
        "valid": False,
        "kind": None,
        "points": None,
        "jokers": {},
        "reason": "set_suits_not_distinct",
        "message": "In un tris i semi devono essere tutti diversi: 7♠ 7♠ 7♥.",
    }


@pytest.mark.parametrize(
    ("cards", "rules", "sentence"),
    [
        # RULES.md §6.4: every tool follows the deck of the rules in force.
        ("JK 7S 8S", "tradizionale", "The deck of these rules has no jokers: 🃏 cannot be there."),
        ("7S 7S 7S 7H", "casertano", "The deck of these rules holds 2 copies of 7♠, not 3."),
        ("7S 7S 7H", "classico-2", "The deck of these rules holds 1 copy of 7♠, not 2."),
    ],
)
def test_check_refuses_cards_the_rules_deck_does_not_hold(
    cards: str, rules: str, sentence: str
) -> None:
    code, data = run_json("check", cards, "--rules", rules, "--lang", "en")
    assert code == 1
    assert data["reason"] == "not_in_deck"
    assert data["message"] == sentence
    italian = run("check", cards, "--rules", rules)
    assert italian.exit_code == 1 and "Il mazzo di queste regole" in italian.stdout


def test_check_counts_the_largest_deck_of_the_rules() -> None:
    # rami-40 deals 3 packs from five players: three 7♠ may be at the table.
    code, data = run_json("check", "7S 7S 7S 7H", "--rules", "rami-40")
    assert (code, data["reason"]) == (1, "set_suits_not_distinct")
    code, data = run_json("check", "7S 7S 7S 7S 7H", "--rules", "rami-40")
    assert (code, data["reason"]) == (1, "not_in_deck")


def test_check_valid_text_italian() -> None:
    result = run("check", "JK", "7S", "8S")
    assert result.exit_code == 0
    out = result.stdout
    assert "Gioco valido: scala" in out
    assert "carte: 🃏 7♠ 8♠" in out
    assert "jolly: 🃏 = 6♠" in out
    assert "punti di apertura: 21" in out
    assert "\x1b[" not in result.output  # no colour codes when not on a terminal


def test_check_valid_text_english() -> None:
    result = run("check", "--lang", "en", "KH KS KD")
    assert result.exit_code == 0
    assert "Valid meld: set" in result.stdout
    assert "opening points: 30" in result.stdout
    # Where nothing is laid during play there is no opening, so no opening points.
    for rules in ("pokerato", "gin", "casertano"):
        shown = run("check", "--lang", "en", "--rules", rules, "KH KS KD").stdout
        assert "Valid meld: set" in shown and "opening points" not in shown, rules


def test_check_refused_english() -> None:
    result = run("check", "KH", "AH", "2H", "--lang", "en")
    assert result.exit_code == 1
    assert "Meld refused" in result.stdout
    assert "The ace is low or high, never both" in result.stdout
    assert "run_ace_low_and_high" in result.stdout


def test_check_one_string_equals_separate_arguments() -> None:
    apart = run("check", "8S", "JK", "10S")
    together = run("check", "8S JK 10S")
    assert apart.exit_code == together.exit_code == 0
    assert apart.stdout == together.stdout
    assert "🃏 = 9♠" in apart.stdout
    assert "27" in apart.stdout


def test_check_declared_joker() -> None:
    code, data = run_json("check", "JK=9S 7S 8S")
    assert code == 0
    assert data["jokers"] == {"JK": "9S"}
    assert data["points"] == 24


def test_check_several_jokers_in_meld_order() -> None:
    code, data = run_json("check", "5H JK=8H 7H JK=6H", "--rules", "pokerato")
    assert code == 0
    assert data["kind"] == "run"
    assert data["jokers"] == {"JK": "6H", "JK#2": "8H"}
    result = run("check", "5H JK=8H 7H JK=6H", "--rules", "pokerato")
    assert "carte: 5♥ 🃏 7♥ 🃏" in result.stdout
    assert "jolly: 🃏 = 6♥, 🃏 = 8♥" in result.stdout


def test_check_set_of_four_is_a_poker_in_italian() -> None:
    result = run("check", "9C 9D 9H JK")
    assert result.exit_code == 0
    assert "Gioco valido: poker" in result.stdout
    assert "🃏 = 9♠" in result.stdout
    assert "36" in result.stdout


def test_check_whole_hand_flush() -> None:
    flush = "AH 2H 2H 4H 5H 7H 8H 9H 9H JH QH KH 3H"
    refused = run("check", flush, "--rules", "casertano")
    assert refused.exit_code == 1
    assert "flush_not_allowed" in refused.stdout
    result = run("check", flush, "--rules", "casertano", "--whole-hand")
    assert result.exit_code == 0
    assert "Chiusura valida: colore" in result.stdout


def test_check_whole_hand_as_a_round_takes_the_show() -> None:
    # RULES.md §6.4: a whole hand is shown split into melds, not as one meld.
    hand = "7S 8S JK KH KD KC QD QH QC 4D 4H 4C 4S"
    code, data = run_json("check", hand, "--rules", "casertano", "--whole-hand")
    assert code == 0
    assert data["kind"] == "simple"
    assert data["melds"] == ["4C 4D 4H 4S", "QC QD QH", "KC KD KH", "JK=6S 7S 8S"]
    assert data["jokers"] == {"JK": "6S"}
    result = run("check", hand.replace("QC", "2C"), "--rules", "casertano", "--whole-hand")
    assert result.exit_code == 1
    assert "Chiusura rifiutata" in result.stdout and "show_incomplete" in result.stdout


def test_check_whole_hand_holds_the_cards_a_round_shows() -> None:
    # RULES.md §6.4: the same verdict as showing that hand in a round, whose show is the whole
    # hand after the draw: the cards dealt and the final discard, or all of them where the
    # discard is optional (casertano, 13 dealt).
    code, data = run_json("check", "7S 8S JK KH KD KC", "--rules", "casertano", "--whole-hand")
    assert code == 1 and data["reason"] == "show_incomplete"
    assert "ne mostra 13 con lo scarto finale o 14 senza, e qui ne mostri 6" in data["message"]
    fourteen = "7S 8S JK KH KD KC QD QH QC 4D 4H 4C 4S 9S"
    assert run_json("check", fourteen, "--rules", "casertano", "--whole-hand")[0] == 0
    # Pokerato wants the discard: 10 shown of the 11 held, never all 11.
    eleven = "2H 3H 4H 5C 5D 5S 7D 8D 9D JK 10D"
    result = run("check", eleven, "--rules", "pokerato", "--whole-hand", "--lang", "en")
    assert result.exit_code == 1
    assert "shows 10 and a final discard, and you show 11." in result.stdout
    assert run("check", eleven[:-4], "--rules", "pokerato", "--whole-hand").exit_code == 0
    # Casertano's ramino, seven of a kind, wins whatever else is in hand.
    code, data = run_json("check", "5H 5D 5C 5S 5H 5D 5C", "--rules", "casertano", "--whole-hand")
    assert code == 0 and data["kind"] == "seven_of_a_kind"
    # Melding during play, a hand goes out whole only as the flush close, where allowed.
    result = run("check", "2H 5H 9H JH KH", "--whole-hand", "--lang", "en")
    assert result.exit_code == 1 and "show_not_allowed" in result.stdout


def test_check_whole_hand_takes_the_imaginary_jolly_as_a_round_does() -> None:
    # Issue 46: the jolly imagined is no card of the deck, and 5C=JK names the card of the
    # hand acting as it (the 10-card version), as a show writes it.
    hand = "10H JK QH KH 5C 5D 5S 7D 8D 9D"
    code, data = run_json("check", hand, "--rules", "pokerato-immaginario", "--whole-hand")
    assert code == 0 and data["kind"] == "simple"
    assert data["melds"] == ["5C 5D 5S", "7D 8D 9D", "10H JK=JH QH KH"]
    ten = "2D 3D 4D 5C=JK 6D 7D 8D 10D JD QD"
    code, data = run_json("check", ten, "--rules", "pokerato-immaginario-10", "--whole-hand")
    assert code == 0 and data["kind"] == "simple" and data["acting_as_joker"] == "5C"
    # Without a jolly the same diamonds are a colore, paid twice.
    flush = "2D 3D 4D 5D 6D 7D 8D 10D JD QD"
    code, data = run_json("check", flush, "--rules", "pokerato-immaginario-10", "--whole-hand")
    assert code == 0 and data["kind"] == "flush"
    # The refusals of the round: a jolly unnamed where a card must act as it, two of them.
    bare = "2D 3D 4D JK 6D 7D 8D 10D JD QD"
    code, data = run_json("check", bare, "--rules", "pokerato-immaginario-10", "--whole-hand")
    assert code == 1 and data["reason"] == "stand_in_needed"
    two = "2D 3D 4D 5C=JK 6D 7D 8D 10D JD 4C=JK"
    code, data = run_json("check", two, "--rules", "pokerato-immaginario-10", "--whole-hand")
    assert code == 1 and data["reason"] == "imagined_joker_one"
    code, data = run_json("check", ten, "--rules", "casertano", "--whole-hand")
    assert code == 1 and data["reason"] == "stand_in_not_allowed"


def test_check_bad_notation_names_the_token() -> None:
    result = run("check", "7S", "1X", "9S")
    assert_user_error(result, "'1X'", "non è una carta")
    assert result.stdout == ""


def test_check_bad_notation_english() -> None:
    assert_user_error(run("check", "7S 8S ZZ", "--lang", "en"), "'ZZ' is not a card")


def test_check_bad_notation_json() -> None:
    result = run("check", "7S", "1X", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "valid": False,
        "kind": None,
        "points": None,
        "jokers": {},
        "reason": "bad_card",
        "message": "'1X' non è una carta: si scrive come 7H, 10S, QD, AC o JK.",
    }
    assert "Traceback" not in result.output


def test_check_bad_joker_declaration() -> None:
    assert_user_error(run("check", "JK=ZZ 7S 8S"), "'JK=ZZ'")


def test_check_no_cards() -> None:
    assert_user_error(run("check"), "Nessuna carta")


def test_check_unknown_preset() -> None:
    assert_user_error(run("check", "JK 7S 8S", "--rules", "scala-41"), "'scala-41'", "classico")
    code, data = run_json("check", "JK 7S 8S", "--rules", "scala-41", "--lang", "en")
    assert code == 2
    assert data["reason"] == "unknown_preset"
    assert data["message"].startswith("Unknown rules 'scala-41'")


def test_check_with_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "casa-rossi.toml"
    house.write_text('preset = "classico"\nmax_jokers_per_meld = 2\n', encoding="utf-8")
    assert run("check", "JK JK 5H 6H").exit_code == 1
    code, data = run_json("check", "JK JK 5H 6H", "--rules", str(house))
    assert code == 0
    assert set(data["jokers"]) == {"JK", "JK#2"}
    result = run("check", "JK JK 5H 6H", "--rules", str(house))
    assert "regole: casa-rossi" in result.stdout


def test_check_bad_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "casa.toml"
    house.write_text("opening_treshold = 40\n", encoding="utf-8")
    assert_user_error(run("check", "JK 7S 8S", "--rules", str(house)), "'opening_treshold'")
    house.write_text("target = = 3\n", encoding="utf-8")
    assert_user_error(run("check", "JK 7S 8S", "--rules", str(house), "--lang", "en"), "TOML")


def test_bad_language_is_a_usage_error() -> None:
    result = run("check", "JK 7S 8S", "--lang", "de")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize("value", ["fr", "en_US.UTF-8"])
def test_a_bad_ramino_lang_is_the_variable_s_fault(value: str) -> None:
    # No --lang was typed: the sentence names the variable, and no option's help.
    result = runner.invoke(app, ["rules"], env={"RAMINO_LANG": value})
    assert_user_error(result)
    assert result.stderr == (
        f"errore: la variabile d'ambiente RAMINO_LANG vale {value!r}: si può scegliere it, en\n"
    )
    typed = run("rules", "--lang", value)
    assert_user_error(typed, "--lang", "(aiuto: ramino rules --help)")


@pytest.mark.parametrize("variable", ["it", "fr"])
def test_a_lang_typed_before_the_command_wins_over_ramino_lang(variable: str) -> None:
    # The line first, wherever --lang is on it; the variable only when none is typed.
    for args in (["--lang", "en", "rules"], ["rules", "--lang", "en"]):
        result = runner.invoke(app, args, env={"RAMINO_LANG": variable})
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("Presets")


def test_a_decimal_comma_is_a_decimal_point(monkeypatch: pytest.MonkeyPatch) -> None:
    # The Italian help writes the default pause as 0,7.
    paused: list[float] = []
    monkeypatch.setattr("ramino.cli.play.has_terminal", lambda: True)
    monkeypatch.setattr("ramino.tui.app.RaminoApp.run", lambda app: paused.append(app.pause))
    for given in ("0,7", "0.7"):
        assert run("play", "--seed", "1", "--pause", given).exit_code == 0
    assert paused == [0.7, 0.7]
    assert_user_error(run("play", "--pause", "0,7,1"), "--pause vuole un numero da 0 in su")
    assert_user_error(run("play", "--pause", "-0,5"), "--pause vuole un numero da 0 in su")


def test_computers_alone_is_refused_like_token_alone() -> None:
    assert_user_error(run("play", "--computers", "2"), "--computers va con --server URL.")
    assert_user_error(
        run("play", "--computers", "2", "--lang", "en"), "--computers goes with --server URL."
    )


@pytest.fixture
def no_listening(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ramino serve`` must refuse before it listens."""
    pytest.importorskip("uvicorn")
    monkeypatch.setattr("uvicorn.run", lambda *a, **k: pytest.fail("the server started"))


@pytest.mark.usefixtures("no_listening")
@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("{tmp}/ramino.db", "{tmp}/ramino.db non è l'URL di un database: scrivi sqlite:///"),
        ("bogus://x", "bogus://x non è un database che ramino sa aprire: scrivi sqlite:///"),
        (
            "sqlite:///{tmp}/nowhere/ramino.db",
            "non riesco ad aprire il database sqlite:///{tmp}/nowhere/ramino.db: la cartella",
        ),
    ],
)
def test_serve_says_what_a_database_url_is(db: str, said: str, tmp_path: Path) -> None:
    # A sentence, not an exception's class name (ArgumentError, NoSuchModuleError).
    result = run("serve", "--port", "0", "--db", db.format(tmp=tmp_path))
    assert_user_error(result, said.format(tmp=tmp_path))
    assert "Error" not in result.stderr
    if "URL" in said or "sa aprire" in said:
        assert "o postgresql+psycopg://utente:password@host/nome per PostgreSQL." in result.stderr


@pytest.mark.usefixtures("no_listening")
def test_serve_refuses_an_address_before_it_says_it_serves(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/ramino.db"
    result = run("serve", "--db", db, "--host", "999.1.1.1", "--port", "8767")
    assert_user_error(result, "--host 999.1.1.1 non è un indirizzo né un nome che si trovi.")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("serve", "--db", db, "--port", str(port), "--lang", "en")
        assert_user_error(result, f"port {port} is already in use")
    result = run("serve", "--db", db, "--port", "0", "--redis", "redis://127.0.0.1:1")
    assert_user_error(result, "non un file SQLite")
    assert "tavoli su" not in result.stderr


def test_python_dash_m_runs_check() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ramino", "check", "JK", "7S", "8S", "--rules", "rami-40", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["jokers"] == {"JK": "6S"}
    bad = subprocess.run(
        [sys.executable, "-m", "ramino", "check", "7S", "1X"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1
    assert "'1X'" in bad.stderr
    assert "Traceback" not in bad.stderr


# --- rules ---


def test_rules_lists_presets() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for name in [*PRESETS, *GIN_PRESETS]:
        assert name in result.stdout
    assert "Ramino classico" in result.stdout and "Gin rummy classico" in result.stdout
    assert "\x1b[" not in result.output


def test_rules_lists_presets_json_english() -> None:
    code, data = run_json("rules", "--lang", "en")
    assert code == 0
    every = {**PRESETS, **GIN_PRESETS}
    assert data == {"presets": {name: p.summary("en") for name, p in every.items()}}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_rules_describes_a_preset(lang: str) -> None:
    result = run("rules", "classico", "--lang", lang)
    assert result.exit_code == 0
    assert result.stdout.strip() == describe(get_preset("classico"), lang).strip()


def test_rules_for_a_table_size() -> None:
    result = run("rules", "classico", "--players", "3")
    assert result.exit_code == 0
    assert result.stdout.startswith("Regole: classico — 3 giocatori\n")
    assert_user_error(run("rules", "classico-2", "--players", "3"), "Al massimo 2 giocatori")


def test_rules_knobs_json() -> None:
    code, data = run_json("rules", "rami-40")
    assert code == 0
    assert data["name"] == "rami-40"
    assert data["knobs"] == json.loads(json.dumps(get_preset("rami-40").knobs()))
    assert data["knobs"]["opening_threshold"] == 40


def test_rules_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "nonna.toml"
    house.write_text('preset = "scala-40"\ntarget = 201\n', encoding="utf-8")
    code, data = run_json("rules", str(house))
    assert code == 0
    assert data["name"] == "nonna"
    assert data["knobs"]["target"] == 201
    assert data["knobs"]["hand_size"] == 13
    assert run("rules", str(house)).exit_code == 0


def test_rules_unknown_preset() -> None:
    assert_user_error(run("rules", "burraco"), "'burraco'")
    assert_user_error(run("rules", "burraco", "--lang", "en"), "Unknown rules 'burraco'")


# --- score ---


def test_score_the_101_match_text() -> None:
    result = run("score", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    cells = [[cell.strip() for cell in row.strip("│").split("│")] for row in rows]
    assert cells == [
        ["1", "Anna", "0", "42", "14"],
        ["2", "Bruno", "31", "42", "41"],
        ["3", "Carla", "49", "78", "41"],
        ["4", "Carla, in mano, punti doppi", "95", "102, fuori", "41"],
        ["5", "Anna", "95", "—", "105, fuori"],
    ]
    assert "Vince Anna, con 95." in result.stdout
    assert "\x1b[" not in result.output


def test_score_the_101_match_english() -> None:
    result = run("score", str(EXAMPLE), "--lang", "en")
    assert result.exit_code == 0
    assert "Carla, in one turn" in result.stdout
    assert "102, bust" in result.stdout
    assert "Anna wins, with 95." in result.stdout


def test_score_the_101_match_json() -> None:
    code, data = run_json("score", str(EXAMPLE))
    assert code == 0
    assert [r["totals"] for r in data["rounds"]] == [
        {"Anna": 0, "Bruno": 42, "Carla": 14},
        {"Anna": 31, "Bruno": 42, "Carla": 41},
        {"Anna": 49, "Bruno": 78, "Carla": 41},
        {"Anna": 95, "Bruno": 102, "Carla": 41},
        {"Anna": 95, "Bruno": 102, "Carla": 105},
    ]
    assert [r["eliminated"] for r in data["rounds"]] == [[], [], [], ["Bruno"], ["Carla"]]
    assert data["winner"] == "Anna"
    assert data["standing"] == ["Anna", "Carla", "Bruno"]


def test_score_says_the_points_a_close_in_one_turn_adds_to_each() -> None:
    # Tradizionale: 30 in hand and 25 for Anna's close in one turn.
    sheet = {
        "rules": "tradizionale",
        "players": ["Anna", "Bruno"],
        "rounds": [{"out": "Anna", "hands": {"Bruno": 30}, "in_one_turn": True}],
    }
    result = run("score", "-", stdin=json.dumps(sheet))
    assert "Anna, in mano, +25 a testa" in result.stdout and "│    55 │" in result.stdout
    assert (
        "Anna, in one turn, +25 each"
        in run("score", "-", "--lang", "en", stdin=json.dumps(sheet)).stdout
    )


def test_score_from_stdin_with_cards() -> None:
    sheet = {
        "players": ["Anna", "Bruno"],
        "rounds": [{"out": "Bruno", "hands": {"Anna": "AS QC 8H 7C"}, "in_one_turn": True}],
    }
    code, data = run_json("score", "-", stdin=json.dumps(sheet))
    assert code == 0
    assert data["rounds"][0]["totals"] == {"Anna": 72, "Bruno": 0}
    assert data["winner"] is None
    result = run("score", "-", stdin=json.dumps(sheet))
    assert "Partita in corso: in testa Bruno, con 0." in result.stdout


def test_score_and_check_take_suits_written_in_italian() -> None:
    # Issue 46: the symbols and the Italian suit words; the same count as the English letters.
    sheet = {
        "players": ["Anna", "Bruno"],
        "rounds": [{"out": "Bruno", "hands": {"Anna": "A picche, Q♣ 8 di cuori 7F"}}],
    }
    code, data = run_json("score", "-", stdin=json.dumps(sheet))
    assert code == 0 and data["rounds"][0]["totals"] == {"Anna": 36, "Bruno": 0}
    code, data = run_json("check", "7", "cuori", "8♥", "9 di cuori")
    assert code == 0 and data["kind"] == "run"
    code, data = run_json("check", "7P 7F 7quadri")
    assert code == 0 and data["kind"] == "set"
    # Where C could be cuori (beside Italian initials) or Q quadri, the card is refused.
    result = run("check", "7C", "7P", "7H")
    assert_user_error(result, "'7C'", "per i cuori scrivi 7H, 7♥ o 7cuori")
    sheet["rounds"][0]["hands"]["Anna"] = "7Q 8H"
    result = run("score", "-", "--lang", "en", stdin=json.dumps(sheet))
    assert_user_error(result, "rounds[0]", "Q is the queen, not a suit")


def test_check_and_score_help_say_which_notation_they_take() -> None:
    for command in ("check", "score"):
        text = " ".join(re.sub("[│╭╮╰╯─]", " ", run(command, "--help").stdout).split())
        assert "H cuori, D quadri, C fiori, S picche" in text, command
        assert "♥ ♦ ♣ ♠" in text and "7cuori" in text and "C non è mai cuori" in text
        english = run(command, "--help", "--lang", "en").stdout
        text = " ".join(re.sub("[│╭╮╰╯─]", " ", english).split())
        assert "H hearts, D diamonds, C clubs, S spades" in text, command
        assert "♥ ♦ ♣ ♠" in text and "7cuori" in text and "C is never cuori" in text


def test_score_refuses_hands_the_rules_deck_does_not_hold() -> None:
    sheet = {
        "rules": "tradizionale",
        "players": ["Anna", "Bruno", "Carla"],
        "rounds": [{"out": "Anna", "hands": {"Bruno": "JK 9H", "Carla": 12}}],
    }
    result = run("score", "-", "--lang", "en", stdin=json.dumps(sheet))
    assert_user_error(result, "(rounds[0]): the deck of these rules has no jokers")
    # The hands of one round come from one deck: two packs hold two 9♥, not three.
    sheet["rules"] = "classico"
    sheet["rounds"] = [{"out": "Anna", "hands": {"Bruno": "9H 9H", "Carla": "9H 2C"}}]
    result = run("score", "-", "--lang", "en", stdin=json.dumps(sheet))
    assert_user_error(result, "rounds[0]", "holds 2 copies of 9♥, not 3")


def test_score_rules_from_the_file_and_from_the_option(tmp_path: Path) -> None:
    sheet = {"players": ["A", "B"], "rules": "tradizionale", "rounds": []}
    sheet["rounds"] = [{"out": "A", "in_one_turn": True, "hands": {"B": 10}}]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, data = run_json("score", str(path))
    assert code == 0
    assert data["rules"] == "tradizionale"
    assert data["totals"] == {"A": 0, "B": 35}  # +25 for going out in one turn
    code, data = run_json("score", str(path), "--rules", "classico")
    assert data["totals"] == {"A": 0, "B": 20}  # doubled


def test_score_reentry_with_house_rules_beside_the_file(tmp_path: Path) -> None:
    (tmp_path / "casa.toml").write_text("reentry = true\n", encoding="utf-8")
    sheet = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    sheet["rules"] = "casa.toml"
    sheet["rounds"][4] = {"out": "Anna", "reenter": ["Bruno"], "hands": {"Bruno": 3, "Carla": 8}}
    path = tmp_path / "partita.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, data = run_json("score", str(path))
    assert code == 0
    assert data["rounds"][4]["reentered"] == ["Bruno"]
    assert data["rounds"][4]["totals"] == {"Anna": 95, "Bruno": 98, "Carla": 49}
    result = run("score", str(path))
    assert "rientra, 98" in result.stdout


def test_score_round_ended_by_a_cap() -> None:
    sheet = {
        "players": ["A", "B", "C"],
        "rounds": [{"out": None, "hands": {"A": 5, "B": 9, "C": 12}}],
    }
    code, data = run_json("score", "-", stdin=json.dumps(sheet))
    assert code == 0
    assert data["totals"] == {"A": 0, "B": 9, "C": 12}
    # The cells alone hide why A scores 0: the lowest hand wins the round a cap ends ([R]).
    said = run("score", "-", stdin=json.dumps(sheet)).stdout
    assert "la mano più bassa segna 0" in " ".join(said.split())
    said = run("score", "-", "--lang", "en", stdin=json.dumps(sheet)).stdout
    assert "the lowest hand scores 0" in " ".join(said.split())


GIN_SHEET = {
    "rules": "gin",
    "players": ["Anna", "Bruno"],
    "rounds": [
        {"out": "Anna", "hands": {"Anna": 4, "Bruno": 12}},
        {"out": "Bruno", "hands": {"Anna": "3H 4S", "Bruno": 0}},
        {"out": None, "hands": {}},
        {"out": "Anna", "hands": {"Anna": 5, "Bruno": 3}},
        {"out": "Bruno", "hands": {"Anna": 40, "Bruno": 0}},
    ],
}


def test_score_a_gin_match_from_each_hand_s_deadwood() -> None:
    # A knock wins the difference (8), gin the deadwood and 25 (32), a void hand nothing, an
    # undercut the difference and 25 (27); at 124 the match ends: 25 a hand won, 100 to win.
    code, data = run_json("score", "-", stdin=json.dumps(GIN_SHEET))
    assert code == 0
    assert [line["scores"] for line in data["rounds"][:4]] == [
        {"Anna": 8, "Bruno": 0},
        {"Anna": 0, "Bruno": 32},
        {"Anna": 0, "Bruno": 0},
        {"Anna": 0, "Bruno": 27},
    ]
    assert data["totals"] == {"Anna": 8 + 25, "Bruno": 124 + 3 * 25 + 100}
    text = run("score", "-", stdin=json.dumps(GIN_SHEET)).stdout
    for said in ("bussa", "Anna, bussa con 4", "Bruno, gin", "mano nulla", "Anna, battuta"):
        assert said in text
    assert "Vince Bruno, con 299." in text


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        ({"hands": {"Bruno": 12}}, "rounds[0].hands.Anna", "le carte spaiate di chi ha bussato"),
        ({"hands": {"Anna": 11, "Bruno": 12}}, "rounds[0].hands.Anna", "al massimo 10"),
        ({"big_gin": True}, "rounds[0].big_gin", "il big gin vuole regole che lo pagano"),
        ({"doubled": True}, "rounds[0].doubled", "non vale doppio"),
    ],
)
def test_score_refuses_a_gin_hand_that_cannot_be(change: Any, where: str, said: str) -> None:
    sheet = {**GIN_SHEET, "rounds": [{**GIN_SHEET["rounds"][0], **change}]}
    result = run("score", "-", stdin=json.dumps(sheet))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"({where})" in result.stderr and said in result.stderr


def test_score_casertano_closings_credits_and_stakes() -> None:
    sheet = {
        "players": ["A", "B", "C"],
        "rules": "casertano",
        "rounds": [
            {"out": "A", "closing": "flush", "hands": {"B": "JK 9H", "C": 3}},
            {"out": "B", "hands": {"A": 130, "C": 100}},
            {"out": "B", "reenter": ["A"], "hands": {"A": 4, "C": 2}},
        ],
    }
    result = run("score", "-", stdin=json.dumps(sheet))
    assert result.exit_code == 0, result.output
    assert "A, con il colore" in result.stdout
    assert "110, fuori" in result.stdout
    assert "rientra, 107" in result.stdout
    assert "Crediti: A 2, B 2" in result.stdout
    assert "Poste per rientrare: A 1" in result.stdout


@pytest.mark.parametrize(
    ("rules", "change", "where", "said"),
    [
        ("classico", {"closing": "flush"}, "closing", "non si chiude con il colore (flush)"),
        ("classico", {"closing": "seven_of_a_kind"}, "closing", "si chiude così: simple."),
        ("pokerato", {"closing": "flush"}, "closing", "si chiude così: simple, straight."),
        ("classico", {"big_gin": True}, "big_gin", "big_gin è del gin rummy"),
        ("classico", {"doubled": True}, "doubled", "doubled è del gin rummy"),
        ("classico", {"chips": {"Anna": 1, "Bruno": -1}}, "chips", "non si gioca a fiches"),
        ("classico", {"on_table": 2}, "on_table", "non si gioca a fiches"),
        ("pokerato", {}, "chips", "manca: con le puntate ogni smazzata dice le fiches vinte"),
        ("pokerato", {"chips": {"Anna": "6"}}, "chips.Anna", "un numero intero"),
        ("pokerato", {"chips": {"Anna": 6, "Zoe": -6}}, "chips.Zoe", "non è tra i giocatori"),
        ("pokerato", {"chips": {"Anna": 6}}, "", "le fiches non tornano"),
        ("pokerato", {"chips": {}, "on_table": -1}, "on_table", "un numero da 0 in su"),
    ],
)
def test_score_refuses_what_the_rules_in_force_do_not_have(
    rules: str, change: dict[str, Any], where: str, said: str
) -> None:
    # RULES.md §6.4: the sheet follows the rules in force, naming the key it cannot take.
    sheet = {"rules": rules, "players": ["Anna", "Bruno", "Carla"], "rounds": [_round()]}
    sheet["rounds"][0].update(change)
    place = f"(rounds[0].{where})" if where else "(rounds[0])"
    assert_user_error(run("score", "-", stdin=json.dumps(sheet)), place, said)


def test_score_keeps_a_match_played_for_chips() -> None:
    hand = {"out": "Anna", "hands": {"Bruno": 5, "Carla": 3}}
    sheet = {
        "rules": "pokerato",
        "players": ["Anna", "Bruno", "Carla"],
        "rounds": [
            {**hand, "chips": {"Anna": 6, "Bruno": -3, "Carla": -3}},
            # Nobody went out: the pot stays on the table for the next hand.
            {
                "out": None,
                "hands": {"Anna": 5, "Bruno": 5, "Carla": 5},
                "chips": {"Anna": -3, "Bruno": -3, "Carla": -3},
                "on_table": 9,
            },
            {
                "out": "Bruno",
                "hands": {"Anna": 5, "Carla": 3},
                "chips": {"Anna": -3, "Bruno": 15, "Carla": -3},
            },
        ],
    }
    result = run("score", "-", stdin=json.dumps(sheet))
    assert result.exit_code == 0, result.output
    # The totals are the chips (100 each to start).
    rows = [line.split("│") for line in result.stdout.splitlines() if "│" in line]
    # A row per round (a long «chiude» cell may take a second line, with no number).
    assert [[cell.strip() for cell in row[3:6]] for row in rows if row[1].strip()] == [
        ["106", "97", "97"],
        ["103", "94", "94"],
        ["100", "109", "91"],
    ]
    assert result.stdout.splitlines()[-1] == "Partita in corso: in testa Bruno, con 109 fiches."
    code, data = run_json("score", "-", stdin=json.dumps(sheet))
    assert code == 0 and data["chips"] == {"Anna": 100, "Bruno": 109, "Carla": 91}


def test_score_messa_column() -> None:
    sheet = {
        "players": ["A", "B"],
        "rules": "enciclopedia",
        "rounds": [
            {"out": "A", "in_one_turn": True, "hands": {"B": 24}},
            {"out": "A", "hands": {"B": 25}},
        ],
    }
    result = run("score", "-", "--lang", "en", stdin=json.dumps(sheet))
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    cells = [[cell.strip() for cell in row.strip("│").split("│")] for row in rows]
    assert cells == [["1", "A, in one turn, scempio", "0", "20", ""], ["2", "A", "0", "150", "100"]]
    assert "Match in progress: A leads, with 0." in result.stdout


def test_score_names_are_shown_as_written() -> None:
    sheet = {"players": ["[bold]Anna", "Bruno [capo]"], "rounds": []}
    sheet["rounds"] = [{"out": "[bold]Anna", "hands": {"Bruno [capo]": 5}}]
    result = run("score", "-", stdin=json.dumps(sheet))
    assert result.exit_code == 0, result.output
    assert "[bold]Anna" in result.stdout
    assert "Bruno [capo]" in result.stdout


def _round(**extra: Any) -> dict[str, Any]:
    return {"out": "Anna", "hands": {"Bruno": 10, "Carla": 20}} | extra


GOOD: dict[str, Any] = {"players": ["Anna", "Bruno", "Carla"], "rounds": [_round()]}


@pytest.mark.parametrize(
    ("sheet", "where"),
    [
        ({"rounds": []}, "(players)"),
        ({"players": ["Anna", "Bruno"]}, "(rounds)"),
        ({"players": "Anna Bruno", "rounds": []}, "(players)"),
        ({"players": ["Anna", 7], "rounds": []}, "(players[1])"),
        ({"players": ["Anna", "Anna"], "rounds": []}, "(players)"),
        ({"players": ["Anna"], "rounds": []}, "(players)"),
        (GOOD | {"round": []}, "(round)"),
        (GOOD | {"rules": 40}, "(rules)"),
        (GOOD | {"rules": "scala-41"}, "(rules)"),
        (GOOD | {"rounds": {"1": _round()}}, "(rounds)"),
        (GOOD | {"rounds": [_round(), "Anna"]}, "(rounds[1])"),
        (GOOD | {"rounds": [{"hands": {"Bruno": 1, "Carla": 2}}]}, "(rounds[0].out)"),
        (GOOD | {"rounds": [{"out": "Anna"}]}, "(rounds[0].hands)"),
        (GOOD | {"rounds": [_round(out="Dario")]}, "(rounds[0].out)"),
        (GOOD | {"rounds": [_round(out=1)]}, "(rounds[0].out)"),
        (GOOD | {"rounds": [_round(hands=[10, 20])]}, "(rounds[0].hands)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1, "Dario": 2})]}, "(rounds[0].hands.Dario)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1, "Carla": "9H 1X"})]}, "'1X'"),
        (
            GOOD | {"rounds": [_round(hands={"Bruno": 1, "Carla": "9H 1X"})]},
            "rounds[0].hands.Carla",
        ),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1, "Carla": 2.5})]}, "(rounds[0].hands.Carla)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1, "Carla": True})]}, "(rounds[0].hands.Carla)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1, "Carla": -4})]}, "(rounds[0].hands.Carla)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 1})]}, "(rounds[0])"),
        (GOOD | {"rounds": [_round(hands={"Anna": 3, "Bruno": 1, "Carla": 2})]}, "(rounds[0])"),
        (GOOD | {"rounds": [_round(in_one_turn="yes")]}, "(rounds[0].in_one_turn)"),
        (GOOD | {"rounds": [_round(closing="regale")]}, "(rounds[0].closing)"),
        (GOOD | {"rounds": [_round(reenter="Bruno")]}, "(rounds[0].reenter)"),
        (GOOD | {"rounds": [_round(reenter=["Bruno"])]}, "(rounds[0].reenter[0])"),
        (GOOD | {"rounds": [_round(outt="Anna")]}, "(rounds[0].outt)"),
        (GOOD | {"rounds": [_round(hands={"Bruno": 150, "Carla": 120}), _round()]}, "(rounds[1])"),
    ],
)
def test_score_malformed_sheet(tmp_path: Path, sheet: Any, where: str) -> None:
    path = tmp_path / "foglio.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    result = run("score", str(path))
    assert_user_error(result, "Foglio dei punti non valido", where)
    assert result.stdout == ""


def test_an_error_carried_in_a_phrase_goes_on_without_a_capital() -> None:
    from ramino.cli.common import told
    from ramino.engine.errors import Detail, IllegalAction, Phrase, Reason, RecordError

    refused = IllegalAction(Reason.MUST_DRAW_FIRST)
    error = RecordError(
        Reason.BAD_RECORD,
        where="actions[0]",
        detail=Phrase(Detail.IN_ACTION, number=1, error=refused),
    )
    assert refused.message("it").startswith("Prima si pesca")
    assert told(error).message("it") == (
        "Registrazione della partita non valida (actions[0]): mossa 1: prima si pesca: dal"
        " tallone o dal pozzo."
    )


@pytest.mark.parametrize(
    ("sheet", "line"),
    [
        (
            {"players": ["A", "B"], "rounds": [{"out": "A", "hands": {"A": 5, "B": 5}}]},
            "errore: Foglio dei punti non valido (rounds[0]): A ha chiuso: non ha carte da"
            " contare.",
        ),
        (
            {"players": ["A"], "rounds": []},
            "errore: Foglio dei punti non valido (players): servono almeno 2 giocatori con"
            " queste regole, non 1.",
        ),
    ],
)
def test_score_says_the_engine_s_refusal_within_one_sentence(sheet: Any, line: str) -> None:
    # Neither «Risultato della smazzata non valido» after «Foglio dei punti non valido», nor a
    # capital letter after the colon (but for a name).
    result = run("score", "-", stdin=json.dumps(sheet))
    assert_user_error(result)
    assert result.stderr == line + "\n"


def test_score_malformed_sheet_in_english() -> None:
    sheet = GOOD | {"rounds": [_round(), _round(hands={"Bruno": 1, "Dario": 2})]}
    result = run("score", "-", "--lang", "en", stdin=json.dumps(sheet))
    assert_user_error(result, "Bad score sheet (rounds[1].hands.Dario)", "'Dario'")


def test_score_match_over_names_the_round() -> None:
    sheet = GOOD | {"rounds": [_round(hands={"Bruno": 150, "Carla": 120}), _round()]}
    result = run("score", "-", stdin=json.dumps(sheet))
    assert_user_error(result, "(rounds[1]): la partita è finita", "Anna")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("not json", "riga 1, colonna 1"),
        ('{"players": ["A", "B"],}', "JSON"),
        ('["A", "B"]', "players"),
        ("", "JSON"),
    ],
)
def test_score_not_a_json_sheet(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "foglio.json"
    path.write_text(text, encoding="utf-8")
    assert_user_error(run("score", str(path)), str(path), fragment)


def test_score_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nessuno.json"
    assert_user_error(run("score", str(missing)), str(missing), "non esiste")
    assert_user_error(run("score", str(missing), "--lang", "en"), "no such file")


def test_score_unknown_rules_option() -> None:
    assert_user_error(run("score", str(EXAMPLE), "--rules", "scala-41"), "'scala-41'")


# --- the command itself ---


def _transcripts() -> list[tuple[str, list[str]]]:
    """Every ``console`` block of the README and of the documentation (``docs/*.md``): the
    ``$ ramino ...`` line and the output shown."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```console\n(.*?)^```", text, flags=re.M | re.S):
            first, *output = block.rstrip("\n").split("\n")
            found.append((first.removeprefix("$ "), output))
    return found


def _matches(actual: list[str], expected: list[str]) -> bool:
    """Line by line; a line ``...`` in a transcript skips any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(actual[i:], expected[1:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and _matches(actual[1:], expected[1:])


@pytest.mark.parametrize(("command", "expected"), _transcripts())
def test_docs_show_real_output(
    command: str, expected: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, *args = shlex.split(command)
    assert name == "ramino"
    monkeypatch.chdir(ROOT)
    result = run(*args)
    actual = [line.rstrip() for line in result.output.rstrip("\n").split("\n")]
    assert _matches(actual, [line.rstrip() for line in expected]), result.output


def test_docs_have_transcripts() -> None:
    assert len(_transcripts()) >= 5


def _blocks(page: str, language: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def test_docs_show_the_example_files() -> None:
    """The score sheet of ``ramino score`` (docs/cli.md) and the house rules file of
    ``ramino rules`` (docs/rules.md) are the files of examples/, as they are."""
    assert [json.loads(block) for block in _blocks("cli.md", "json")] == [
        json.loads(EXAMPLE.read_text(encoding="utf-8"))
    ]
    casa = (ROOT / "examples" / "casa.toml").read_text(encoding="utf-8")
    assert _blocks("rules.md", "toml") == [casa]


def test_version_and_help() -> None:
    version = run("--version")
    assert version.exit_code == 0
    assert version.stdout.startswith("ramino ")
    help_text = run("--help").stdout
    for command in ("check", "rules", "score"):
        assert command in help_text


def test_score_a_table_too_small_to_deal_ends_the_match(tmp_path: Path) -> None:
    (tmp_path / "tre.toml").write_text("min_players = 3\nreentry = true\n", encoding="utf-8")
    busted = {"out": "Anna", "hands": {"Bruno": 120, "Carla": 30}}
    sheet = {"players": ["Anna", "Bruno", "Carla"], "rules": "tre.toml", "rounds": [busted]}
    path = tmp_path / "partita.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    # Bruno may still re-enter: the sheet goes on, waiting for the next round.
    code, data = run_json("score", str(path))
    assert code == 0 and not data["is_over"] and data["active"] == ["Anna", "Carla"]
    # A round written after it with nobody re-entering: the match had ended, Anna the winner.
    sheet["rounds"] = [busted, {"out": "Carla", "hands": {"Anna": 10}}]
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert_user_error(run("score", str(path)), "(rounds[1]): la partita è finita", "Anna")
    # Bruno back in: three at the table again.
    sheet["rounds"][1] = {"out": "Carla", "reenter": ["Bruno"], "hands": {"Anna": 10, "Bruno": 5}}
    path.write_text(json.dumps(sheet), encoding="utf-8")
    code, data = run_json("score", str(path))
    assert code == 0 and data["totals"] == {"Anna": 10, "Bruno": 35, "Carla": 30}


# --- the helps: Italian by default, English when asked, whole sentences ---

COMMAND_NAMES = ("check", "rules", "score", "replay", "simulate", "play", "serve", "verify")
#: The words Click frames a help with, in each language.
FRAME_IT = ("Uso: ramino", "Opzioni:", "Mostra questo aiuto ed esce.")
FRAME_EN = ("Usage: ramino", "Options:", "Show this message and exit.")


def _helps_in(result: Result, frame: tuple[str, ...], other: tuple[str, ...]) -> None:
    assert result.exit_code == 0, result.output
    for words in frame:
        assert words in result.stdout, (words, result.stdout)
    for words in other:
        assert words not in result.stdout, (words, result.stdout)


@pytest.mark.parametrize("command", [None, *COMMAND_NAMES])
def test_every_help_is_italian_by_default(command: str | None) -> None:
    from ramino.cli.help_words import COMMANDS, ROOT

    words = ROOT if command is None else COMMANDS[command]
    args = [] if command is None else [command]
    result = run(*args, "--help")
    _helps_in(result, FRAME_IT, FRAME_EN)
    # The help's own text, as the catalogue words it, wrapped to the width.
    assert " ".join(result.stdout.split()).count(" ".join(words.long[0].split()[:8])) == 1


@pytest.mark.parametrize("command", [None, *COMMAND_NAMES])
@pytest.mark.parametrize(
    "asked",
    ["before the command", "after --help", "before --help", "short and glued", "environment"],
)
def test_every_help_is_english_when_asked(command: str | None, asked: str) -> None:
    from ramino.cli.help_words import COMMANDS, ROOT

    words = ROOT if command is None else COMMANDS[command]
    name = [] if command is None else [command]
    # --help is handled as soon as Click meets it: the language is read from the whole line.
    args = {
        "before the command": ["--lang", "en", *name, "--help"],
        "after --help": [*name, "--help", "--lang", "en"],
        "before --help": [*name, "--lang=en", "--help"],
        "short and glued": [*name, "-len", "--help"],
        "environment": [*name, "--help"],
    }[asked]
    env = {"RAMINO_LANG": "en"} if asked == "environment" else {}
    result = runner.invoke(app, args, env=env)
    _helps_in(result, FRAME_EN, FRAME_IT)
    assert " ".join(words.long[1].split()[:8]) in " ".join(result.stdout.split())


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_list_of_commands_gives_each_a_whole_sentence(lang: str) -> None:
    from ramino.cli.help_words import COMMANDS

    result = run("--help", "--lang", lang)
    assert result.exit_code == 0
    listed = result.stdout.split("Comandi:\n" if lang == "it" else "Commands:\n")[1]
    # A command's line and the lines that carry on its sentence, wrapped to the width.
    lines: dict[str, str] = {}
    for line in listed.splitlines():
        first, _, rest = line.strip().partition(" ")
        if line.startswith("  ") and not line.startswith("   ") and first in COMMANDS:
            lines[first] = rest.strip()
        elif line.strip():
            lines[list(lines)[-1]] += " " + line.strip()
    assert list(lines) == list(COMMAND_NAMES)
    for name, sentence in lines.items():
        whole = COMMANDS[name].short[0 if lang == "it" else 1]
        assert sentence == whole and sentence.endswith(".") and "..." not in sentence
        assert sentence[0].isupper()


def test_every_parameter_is_worded_in_both_languages() -> None:
    import click

    from ramino.cli.common import Lang
    from ramino.cli.parsing import param_words

    for name, command in app.commands.items():  # type: ignore[attr-defined]
        context = click.Context(command, info_name=name)
        for param in command.get_params(context):
            key = "help" if "--help" in getattr(param, "opts", ()) else str(param.name)
            italian, english = param_words(name, key, Lang.IT), param_words(name, key, Lang.EN)
            assert italian and english and italian != english, (name, key)
            assert italian.endswith(".") and english.endswith("."), (name, key)


def test_every_value_an_option_takes_is_named_in_words() -> None:
    # A value's name in the help ("--port PORTA") comes from the catalogue: never the
    # parameter's identifier upper-cased ("--waiting-seconds WAITING_SECONDS").
    import click

    from ramino.cli.help_words import COMMANDS, METAVARS

    for name, command in app.commands.items():  # type: ignore[attr-defined]
        context = click.Context(command, info_name=name)
        for param in command.get_params(context):
            if getattr(param, "is_flag", False) or isinstance(param.type, click.Choice):
                continue
            key = str(param.name)
            assert key in COMMANDS[name].metavars or key in METAVARS, (name, key)


def test_lang_before_the_command_words_the_command_too() -> None:
    result = run("--lang", "en", "rules")
    assert result.exit_code == 0 and "Presets" in result.stdout
    assert "Regole pronte" in run("rules").stdout


def test_the_command_line_uses_only_public_apis_of_its_parser() -> None:
    # Click's and Typer's insides change without notice (Typer pinned to a minor version to
    # read its bundled Click): the command line imports only their public names.
    import ast

    for path in sorted((ROOT / "src" / "ramino" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                assert parts[0] != "typer", (path.name, node.module)
                if parts[0] == "click":
                    assert not any(part.startswith("_") for part in parts), path.name
                    assert all(not alias.name.startswith("_") for alias in node.names)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] != "typer", path.name
                    assert not any(p.startswith("_") for p in alias.name.split(".")[1:])
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "typer" not in pyproject and '"click>=8.2"' in pyproject


def test_an_online_gin_table_is_asked_for_by_its_preset() -> None:
    # ramino play --server URL --rules gin: the server is asked for its preset, not for
    # ramino classico with gin's knobs over it (a table of house rules, never rated).
    body = _table_body(rules_for("gin"), 0, 1, "esperto")
    assert (body["rules"], body["knobs"]) == ("gin", {})
    assert [seat["kind"] for seat in body["seats"]] == ["human", "computer"]
    # House rules go as changes over the nearest preset, but for those that bear on nothing
    # (a jolly's penalty in gin), which the server would refuse.
    knobs = {"preset": "gin", "name": "casa", "gin_bonus": 20, "joker_penalty": 30}
    casa = rules_from_mapping(knobs)
    body = _table_body(casa, 0, 1, "esperto")
    assert (body["rules"], body["knobs"]) == ("gin", {"gin_bonus": 20, "name": "casa"})
    assert house_rules(body["rules"], body["knobs"]) == dataclasses.replace(casa, joker_penalty=25)
    assert not knob_applies("joker_penalty", casa)
