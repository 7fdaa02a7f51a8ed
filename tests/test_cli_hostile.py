"""Hostile input to every command: each one answers with a result, or with one line on stderr
and exit status 2 — never a traceback, never a control character of the input on the terminal.

The cases are generated: hostile texts × every place a command takes text, broken files ×
every command that reads one. Most run in-process; a few as real processes, whose stderr is
the one a user sees.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ramino.cli.app import app
from ramino.cli.score_file import MAX_ROUNDS
from ramino.engine.record import from_json, to_json
from ramino.house_rules import MAX_FILE_BYTES

pytestmark = pytest.mark.once

GOLDEN = Path(__file__).resolve().parent / "golden"

# The environment must not choose the language nor force colours.
runner = CliRunner(
    env={"RAMINO_LANG": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"}
)

# What must never reach a terminal raw: C0 controls but the line break, DEL, C1 controls, lone
# surrogates, line and paragraph separators, bidi controls.
UNPRINTABLE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028\u2029"
    "\u202a-\u202e\u2066-\u2069]"
)

# Text a user, a file or a script may put anywhere a command takes text.
HOSTILE: dict[str, str] = {
    "long": "x" * 300,
    "very-long": "é" * 20_000,
    "ansi": "\x1b[31mrosso\x1b[0m",
    "lone-escape": "a\x1bb",
    "c0": "a\x01b\x07c\x08d\x7f",
    "c1": "\x9b31m\x85x",
    "bidi": "\u202eelgoR\u2066",
    "newline": "riga\nriga\r\n",
    "separators": "a\u2028b\u2029c\x1c",
    "undecodable": "\udcff\udcfe",  # bytes of a command line that are not UTF-8
    "surrogate": "\ud800",
    "superscript": "²",
    "digits": "9" * 5000,
    "negative": "-" + "9" * 30,
    "empty": "",
    "blank": " \t ",
    "markup": "[bold red]x[/]",
    "format": "{0}{name}%s%(x)s",
    "path-like": "../../nessuna/../regole.toml",
    "nul": "a\x00b",
}
TEXTS = list(HOSTILE)


def invoke(args: list[str], stdin: bytes | str | None = None) -> Result:
    # color=True: Click must not strip escape sequences, or a raw one would go unseen.
    return runner.invoke(app, args, input=stdin, color=True)


def assert_clean(result: Result) -> None:
    """No traceback, no exception but an exit, no control character on either stream."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    for stream in (result.stdout, result.stderr):
        found = UNPRINTABLE.search(stream)
        assert found is None, (found, stream[:500])


def assert_refused(result: Result, lang: str = "it") -> None:
    """Exit 2 and exactly one non-empty line on stderr, in the language asked for."""
    assert_clean(result)
    assert result.exit_code == 2, (result.exit_code, result.output[:500])
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr[:2000]
    assert lines[0].startswith("errore: " if lang == "it" else "error: "), lines[0]
    assert lines[0].removeprefix("errore: ").removeprefix("error: ").strip()


def assert_answered(result: Result) -> None:
    """A result (exit 0 or 1) or a refusal, either way clean."""
    assert_clean(result)
    if result.exit_code == 2:
        assert_refused(result)
    else:
        assert result.exit_code in (0, 1), (result.exit_code, result.output[:500])


# --- files, written once ---


def _record(players: tuple[str, ...]) -> str:
    """The golden stuck round, its players renamed."""
    record = from_json((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    return to_json(dataclasses.replace(record, players=players))


def _sheet(players: list[str], rounds: int = 1, hand: str | int = "7H 8S") -> str:
    first, *others = players
    played = [{"out": first, "hands": dict.fromkeys(others, hand)}] * rounds
    return json.dumps({"players": players, "rounds": played})


def _big(tmp: Path) -> str:
    path = tmp / "grande.json"
    with path.open("wb") as file:
        file.write(b'{"players": ["A", "B"], "rounds": [' + b" " * MAX_FILE_BYTES + b"]}")
    return str(path)


def _fifo(tmp: Path) -> str:
    path = tmp / "tubo"
    os.mkfifo(path)
    return str(path)


def _golden_with(record: str = "stuck", **changes: object) -> bytes:
    """A golden record's JSON with some fields replaced; a value "@" becomes 4300 nines (json
    writes no int that long)."""
    data = json.loads((GOLDEN / f"{record}.json").read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data).encode().replace(b'"@"', b"9" * 4300)


_GOLDEN_RULES = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))["rules"]

# Every way a JSON file can be broken, as the bytes of the file.
BROKEN_JSON: dict[str, bytes] = {
    "deep-arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep-objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "huge-int": b'{"format": "ramino-record", "version": ' + b"9" * 5000 + b"}",
    "huge-float": b'{"players": [1e999999]}',
    "not-utf8": b'{"players": ["Anna", "Bruno\xff"]}',
    "utf16": '{"players": ["Anna"]}'.encode("utf-16"),
    "nul-bytes": b"\x00" * 64,
    "empty": b"",
    "bom-only": b"\xef\xbb\xbf",
    "not-json": b"{ players: Anna }",
    "array": b'["Anna", "Bruno"]',
    "version-true": b'{"format": "ramino-record", "version": true, "players": ["A", "B"]}',
    "surrogate-name": b'{"players": ["\\ud800", "B"], "rounds": []}',
    "control-name-no-rounds": b'{"players": ["\\u001b[31mA"], "rounds": 3}',
    "too-many-rounds": _sheet(["A", "B"], MAX_ROUNDS + 1, hand=0).encode(),
    "deep-rules": b'{"players": ["A", "B"], "rules": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "rules-dev-zero": b'{"players": ["A", "B"], "rules": "/dev/zero", "rounds": []}',
    "rules-long-name": b'{"players": ["A", "B"], "rules": "' + b"x" * 5000 + b'", "rounds": []}',
    "superscript-action": _golden_with(actions=["attach \u00b2 JS"]),
    "huge-meld-number": _golden_with(actions=["attach " + "9" * 5000 + " JS"]),
    "surrogate-player": _golden_with(players=["\ud800", "Bruno"]),
    "absurd-knob": _golden_with(rules={**_GOLDEN_RULES, "hand_size": 10**4000}),
    "version-string": _golden_with(version="1"),
    "huge-chips": _golden_with(
        "pokerato-fold", chips={"Anna": "@", "Bruno": "@", "Carla": "@"}, result=None
    ),
    "huge-on-table": _golden_with("pokerato-fold", on_table="@", result=None),
    "huge-points": b'{"players": ["A", "B"], "rounds": [{"out": "A", "in_one_turn": true,'
    b' "hands": {"B": ' + b"9" * 4300 + b"}}]}",
}
# Every way a TOML house-rules file can be broken.
BROKEN_TOML: dict[str, bytes] = {
    "deep-arrays": b"decks = " + b"[" * 100_000 + b"]" * 100_000,
    "deep-tables": b"decks = " + b"{a = " * 5_000 + b"1" + b"}" * 5_000,
    "huge-int": b"target = " + b"9" * 5000,
    "absurd-knob": b"hand_size = " + b"9" * 4000,
    "negative-knob": b"decks = -" + b"9" * 100,
    "surrogate": b'name = "\\ud800"',
    "not-utf8": b'name = "Casa Ferr\xe0"',
    "nul-bytes": b"\x00" * 16,
    "bad-key": b"\x1b[31mtarget = 1",
    "bad-value": b'direction = "\\u001b[31mleft\\u202e"',
    "unknown-preset": b'preset = "\\u001b]0;titolo\\u0007"',
    "bool-as-int": b"decks = true",
}
# Places that are not files at all.
NOT_FILES: dict[str, Callable[[Path], str]] = {
    "missing": lambda tmp: str(tmp / "nessuno.json"),
    "directory": lambda tmp: str(tmp),
    "dev-zero": lambda tmp: "/dev/zero",
    "dev-null": lambda tmp: "/dev/null",
    "fifo": _fifo,
    "too-big": _big,
    "name-too-long": lambda tmp: str(tmp / ("n" * 5000)),
    "through-a-file": lambda tmp: str(Path(__file__) / "dentro.json"),
    "nul-in-name": lambda tmp: str(tmp / "a\x00b.json"),
    "control-in-name": lambda tmp: str(tmp / "\x1b[31m.json"),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Paths by name: ``json:<kind>``, ``toml:<kind>``, ``place:<kind>``, and good files."""
    tmp = tmp_path_factory.mktemp("hostile")
    found: dict[str, str] = {}
    for prefix, table in (("json", BROKEN_JSON), ("toml", BROKEN_TOML)):
        for kind, data in table.items():
            path = tmp / f"{prefix}-{kind}.{prefix}"
            path.write_bytes(data)
            found[f"{prefix}:{kind}"] = str(path)
    places = tmp / "places"
    places.mkdir()
    for kind, make in NOT_FILES.items():
        found[f"place:{kind}"] = make(places)
    found["sheet"] = str(tmp / "foglio.json")
    Path(found["sheet"]).write_text(_sheet(["Anna", "Bruno"]), encoding="utf-8")
    found["record"] = str(tmp / "smazzata.json")
    Path(found["record"]).write_text(_record(("Anna", "Bruno")), encoding="utf-8")
    return found


# --- hostile text in every place a command takes text ---

# Each place: the command line around one hostile text, refused but for the pairs of ACCEPTED.
PLACES: dict[str, Callable[[str], list[str]]] = {
    "check-cards": lambda t: ["check", "7H", t],
    "check-whole-hand": lambda t: ["check", t, "--whole-hand"],
    "check-rules": lambda t: ["check", "7H 8H 9H", "--rules", t],
    "check-lang": lambda t: ["check", "7H 8H 9H", "--lang", t],
    "rules-name": lambda t: ["rules", t],
    "rules-players": lambda t: ["rules", "classico", "--players", t],
    "rules-option": lambda t: ["rules", "--" + t],
    "score-file": lambda t: ["score", t],
    "score-rules": lambda t: ["score", "{sheet}", "--rules", t],
    "score-lang": lambda t: ["score", "{sheet}", "--lang", t],
    "replay-file": lambda t: ["replay", t],
    "replay-seat": lambda t: ["replay", "{record}", "--seat", t],
    "replay-lang": lambda t: ["replay", "{record}", "-l", t],
    "simulate-rules": lambda t: ["simulate", "-n", "1", "-p", "2", "--rules", t],
    "simulate-players": lambda t: ["simulate", "-n", "1", "--players", t],
    "simulate-bots": lambda t: ["simulate", "-n", "1", "-p", "2", "--bots", t],
    "simulate-lang": lambda t: ["simulate", "-n", "1", "-p", "2", "--lang", t],
    "command": lambda t: [t + "x", "7H"],
}
# Pairs that are not refusals: a hostile text that is also a fine value there.
ACCEPTED = {
    ("rules-option", "empty"),  # "--" ends the options: `ramino rules` lists the presets
    ("check-cards", "empty"),  # no more cards than 7H: a meld refused (exit 1)
    ("check-cards", "blank"),
    ("simulate-bots", "empty"),  # no bots named: the default ones
}


def _fill(args: list[str], files: dict[str, str]) -> list[str]:
    return [files[a[1:-1]] if a in ("{sheet}", "{record}") else a for a in args]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("place", list(PLACES))
def test_hostile_text_is_refused_in_one_line(place: str, text: str, files: dict[str, str]) -> None:
    result = invoke(_fill(PLACES[place](HOSTILE[text]), files))
    if (place, text) in ACCEPTED:
        assert_answered(result)
    else:
        assert_refused(result)


@pytest.mark.parametrize("place", [p for p in PLACES if not p.endswith("-lang")])
def test_a_refusal_speaks_english_when_asked(place: str, files: dict[str, str]) -> None:
    result = invoke([*_fill(PLACES[place](HOSTILE["ansi"]), files), "--lang", "en"])
    assert_refused(result, lang="en")


# --- broken files, through every command that reads one ---


@pytest.mark.parametrize("kind", list(BROKEN_JSON) + [f"place:{k}" for k in NOT_FILES])
@pytest.mark.parametrize("command", ["score", "replay", "verify"])
def test_a_broken_file_is_refused_in_one_line(
    command: str, kind: str, files: dict[str, str]
) -> None:
    path = files[kind if kind.startswith("place:") else f"json:{kind}"]
    result = invoke([command, path])
    assert_refused(result)
    assert_refused(invoke([command, path, "--lang", "en"]), lang="en")


@pytest.mark.parametrize("kind", list(BROKEN_JSON))
@pytest.mark.parametrize("command", ["score", "replay"])
def test_broken_standard_input_is_refused_like_the_file(
    command: str, kind: str, files: dict[str, str]
) -> None:
    piped = invoke([command, "-"], stdin=BROKEN_JSON[kind])
    assert_refused(piped)
    # The same sentence as for the file, but for the name it gives the file.
    from_file = invoke([command, files[f"json:{kind}"]])
    assert piped.stderr.replace("(-)", "") == from_file.stderr.replace(
        f"({files[f'json:{kind}']})", ""
    )


RULES_READERS: dict[str, Callable[[str], list[str]]] = {
    "rules": lambda path: ["rules", path],
    "check": lambda path: ["check", "7H 8H 9H", "--rules", path],
    "score": lambda path: ["score", "{sheet}", "--rules", path],
    "simulate": lambda path: ["simulate", "-n", "1", "-p", "2", "--rules", path],
}


@pytest.mark.parametrize("kind", list(BROKEN_TOML) + [f"place:{k}" for k in NOT_FILES])
@pytest.mark.parametrize("command", list(RULES_READERS))
def test_a_broken_rules_file_is_refused_in_one_line(
    command: str, kind: str, files: dict[str, str]
) -> None:
    path = files[kind if kind.startswith("place:") else f"toml:{kind}"]
    assert_refused(invoke(_fill(RULES_READERS[command](path), files)))


# --- hostile names that are fine: shown, but escaped ---

NAMES = ["ansi", "lone-escape", "c0", "c1", "bidi", "newline", "separators", "markup", "format"]


@pytest.mark.parametrize("text", NAMES)
def test_a_score_sheet_shows_hostile_names_escaped(text: str, tmp_path: Path) -> None:
    name = HOSTILE[text]
    path = tmp_path / "foglio.json"
    path.write_text(_sheet([name, "Bruno"]), encoding="utf-8")
    result = invoke(["score", str(path)])
    assert_answered(result)
    assert result.exit_code == 0
    # The JSON keeps the name exactly, written with escapes.
    as_json = invoke(["score", str(path), "--json"])
    assert_answered(as_json)
    assert json.loads(as_json.stdout)["players"] == [name, "Bruno"]


@pytest.mark.parametrize("text", NAMES)
def test_a_replay_shows_hostile_names_escaped(text: str, tmp_path: Path) -> None:
    path = tmp_path / "smazzata.json"
    path.write_text(_record((HOSTILE[text], "Bruno")), encoding="utf-8")
    for args in ([], ["--seat", "1"], ["--seat", "Bruno"], ["--seat", "7"]):
        assert_answered(invoke(["replay", str(path), *args]))


@pytest.mark.parametrize("text", NAMES)
def test_a_rules_file_name_with_control_characters_is_shown_escaped(
    text: str, tmp_path: Path, files: dict[str, str]
) -> None:
    path = str(tmp_path / "casa.toml")
    # A JSON string is a TOML basic string: the name holds the characters themselves.
    Path(path).write_text(f"name = {json.dumps(HOSTILE[text])}\ntarget = 201\n", "utf-8")
    for args in (
        ["rules", path],
        ["check", "7H 8H 9H", "--rules", path],
        ["check", "7H 7H 9H", "--rules", path],
        ["score", files["sheet"], "--rules", path],
        ["simulate", "-n", "1", "-p", "2", "--rules", path],
    ):
        result = invoke(args)
        assert_answered(result)
        assert result.exit_code in (0, 1)
    as_json = invoke(["rules", path, "--json"])
    assert_answered(as_json)
    assert json.loads(as_json.stdout)["name"] == HOSTILE[text]


@pytest.mark.parametrize("text", ["ansi", "c1", "bidi", "newline", "digits", "superscript"])
def test_any_seed_text_plays(text: str) -> None:
    result = invoke(["simulate", "-n", "1", "-p", "2", "--seed", HOSTILE[text]])
    assert_answered(result)
    assert result.exit_code == 0


def test_a_seed_of_undecodable_bytes_is_answered() -> None:
    assert_answered(invoke(["simulate", "-n", "1", "-p", "2", "--seed", "\udcff"]))


# --- play: every hostile option refused before the table opens ---

PLAY_PLACES: dict[str, Callable[[str], list[str]]] = {
    "play-rules": lambda t: ["play", "--rules", t],
    "play-players": lambda t: ["play", "--players", t],
    "play-seed": lambda t: ["play", "--seed", t],
    "play-name": lambda t: ["play", "--name", t],
    "play-level": lambda t: ["play", "--level", t],
    "play-resume": lambda t: ["play", "--resume", t],
    "play-resume-and-rules": lambda t: ["play", "--resume", "{record}", "--rules", t],
}
# Values that are fine there: they would open the table, which these tests never do.
STARTS_A_GAME = {
    ("play-seed", "negative"),
    *(("play-name", text) for text in ("empty", "blank", "markup", "format", "path-like")),
    ("play-name", "superscript"),
}


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the game's screen fails the test: every case must be refused before it."""

    def opened(self: object) -> None:
        pytest.fail("the table opened")

    monkeypatch.setattr("ramino.tui.app.RaminoApp.run", opened)
    # As on a terminal: a value wrongly let through must reach the table, not that refusal.
    monkeypatch.setattr("ramino.cli.play.has_terminal", lambda: True)


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize(
    ("place", "text"),
    [(p, t) for p in PLAY_PLACES for t in TEXTS if (p, t) not in STARTS_A_GAME],
)
def test_play_refuses_hostile_text_in_one_line(
    place: str, text: str, files: dict[str, str]
) -> None:
    assert_refused(invoke(_fill(PLAY_PLACES[place](HOSTILE[text]), files)))


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("kind", list(BROKEN_JSON) + [f"place:{k}" for k in NOT_FILES])
def test_play_refuses_a_broken_save_in_one_line(kind: str, files: dict[str, str]) -> None:
    path = files[kind if kind.startswith("place:") else f"json:{kind}"]
    assert_refused(invoke(["play", "--resume", path]))
    assert_refused(invoke(["play", "--resume", path, "--lang", "en"]), lang="en")


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize("text", NAMES)
def test_play_refuses_a_save_whose_names_would_reach_the_terminal(
    text: str, tmp_path: Path
) -> None:
    record = json.loads(_record((HOSTILE[text], "Bruno")))
    path = tmp_path / "partita.json"
    save = {
        "format": "ramino-match",
        "version": 2,
        "players": record["players"],
        "human": record["players"][0],
        "level": "intermedio",
        "seed": "00",
        "dealer": 0,
        "rounds": [record],
    }
    path.write_text(json.dumps(save), encoding="utf-8")
    result = invoke(["play", "--resume", str(path)])
    assert_refused(result)
    if text not in ("markup", "format"):
        assert "controllo" in result.stderr


# --- serve: a database it cannot open is one line, before anything listens ---


@pytest.mark.parametrize("text", TEXTS)
def test_serve_refuses_a_hostile_database_in_one_line(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("uvicorn")

    def listened(*args: object, **kwargs: object) -> None:
        pytest.fail("the server started")

    monkeypatch.setattr("uvicorn.run", listened)
    assert_refused(invoke(["serve", "--db", HOSTILE[text]]))


# --- the particular cases ---


def test_version_true_is_no_version(files: dict[str, str]) -> None:
    result = invoke(["replay", files["json:version-true"], "--lang", "en"])
    assert_refused(result, lang="en")
    assert "(version)" in result.stderr


def test_non_utf8_on_standard_input_is_refused_as_in_a_file(files: dict[str, str]) -> None:
    data = BROKEN_JSON["not-utf8"]
    for command in ("score", "replay"):
        piped = invoke([command, "-", "--lang", "en"], stdin=data)
        assert_refused(piped, lang="en")
        assert "not UTF-8" in piped.stderr
        assert "not UTF-8" in invoke([command, files["json:not-utf8"], "--lang", "en"]).stderr


def test_a_long_score_sheet_prints_and_a_longer_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lungo.json"
    # Nobody scores, so the match lasts: every round is a row of the table.
    path.write_text(_sheet(["Anna", "Bruno", "Carla"], MAX_ROUNDS, hand=0), encoding="utf-8")
    result = invoke(["score", str(path)])
    assert_answered(result)
    assert result.exit_code == 0
    assert f"│ {MAX_ROUNDS} │" in result.stdout.replace("  ", "")
    path.write_text(_sheet(["Anna", "Bruno", "Carla"], MAX_ROUNDS + 1, hand=0), encoding="utf-8")
    refused = invoke(["score", str(path), "--lang", "en"])
    assert_refused(refused, lang="en")
    assert f"at most {MAX_ROUNDS} rounds" in refused.stderr


@pytest.mark.parametrize(
    ("args", "lang", "fragment"),
    [
        (["check", "--foo"], "it", "l'opzione --foo non esiste"),
        (["check", "--jsn", "--lang", "en"], "en", "perhaps --json?"),
        (["score"], "it", "manca l'argomento FILE"),
        (["score", "-l", "en"], "en", "missing argument FILE"),
        (["rules", "--players", "abc"], "it", "--players vuole un numero intero da 2 in su"),
        (["rules", "a", "b", "--lang=en"], "en", "unexpected extra arguments: b"),
        (["chek"], "it", "forse check?"),
        (["check", "--rules"], "it", "--rules vuole un valore"),
        (["check", "--lang", "fr"], "it", "si può scegliere it, en"),
        (["score", "--json=x", "-len", "f.json"], "en", "--json takes no value"),
    ],
)
def test_a_usage_error_is_one_line_in_the_language_asked(
    args: list[str], lang: str, fragment: str
) -> None:
    result = invoke(args)
    assert_refused(result, lang=lang)
    assert fragment in result.stderr


def test_a_hostile_language_in_the_environment_is_one_line() -> None:
    result = runner.invoke(app, ["rules"], env={"RAMINO_LANG": "\x1b[31mxx"}, color=True)
    assert_refused(result)
    # The variable is named (no --lang was typed), its value escaped.
    assert "RAMINO_LANG vale '\\x1b[31mxx'" in result.stderr


def test_help_is_still_help() -> None:
    for args in (["--help"], ["check", "--help"], ["score", "--help"]):
        result = invoke(args)
        assert result.exit_code == 0
        assert result.stdout.startswith("Uso: ramino") and result.stderr == ""
        english = invoke([*args, "--lang", "en"])
        assert english.exit_code == 0 and english.stdout.startswith("Usage: ramino")
    bare = invoke([])  # no command: the help, and status 2, as before
    assert bare.exit_code == 2
    assert bare.stdout.startswith("Uso: ramino") and "Comandi:" in bare.stdout


def test_a_real_process_helps_in_the_language_asked() -> None:
    italian = _ramino("check", "--help")
    assert italian.returncode == 0 and italian.stdout.startswith(b"Uso: ramino check")
    english = _ramino("check", "--help", "--lang", "en")
    assert english.returncode == 0 and english.stdout.startswith(b"Usage: ramino check")
    assert b"Show this message and exit." in english.stdout
    assert b"Mostra questo aiuto ed esce." in italian.stdout


# --- real processes: what a user's terminal receives ---


def _ramino(*args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("RAMINO_LANG", "FORCE_COLOR")}
    return subprocess.run(
        [sys.executable, "-m", "ramino", *args],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=20,  # a safety net: /dev/zero must be refused, not read
        check=False,
    )


def _assert_process_refused(done: subprocess.CompletedProcess[bytes]) -> None:
    stderr = done.stderr.decode("utf-8")
    assert done.returncode == 2, stderr
    assert "Traceback" not in stderr
    assert len(stderr.splitlines()) == 1 and stderr.endswith("\n"), stderr
    assert UNPRINTABLE.search(stderr + done.stdout.decode("utf-8")) is None


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["rules", "/dev/zero"],
        ["score", "/dev/zero"],
        ["check", "7H", "--foo"],
        ["rules", "\x1b[31m" + "x" * 300],
        ["rules", b"caf\xe9\x1b[2J.toml"],  # bytes no UTF-8 reads, and an escape
        ["replay", "-"],
    ],
    ids=["rules-dev-zero", "score-dev-zero", "usage", "long-ansi", "undecodable", "replay-stdin"],
)
def test_a_real_process_answers_in_one_line(args: list[str | bytes]) -> None:
    _assert_process_refused(_ramino(*args, stdin=b'{"version": true}'))


@pytest.mark.slow
def test_a_real_process_prints_hostile_names_escaped(tmp_path: Path) -> None:
    path = tmp_path / "foglio.json"
    path.write_text(_sheet(["\x1b[31mAnna\u202e", "Bruno\x9b"]), encoding="utf-8")
    done = _ramino("score", str(path))
    assert done.returncode == 0, done.stderr
    assert UNPRINTABLE.search(done.stdout.decode("utf-8")) is None
    assert "\\x1b[31mAnna\\u202e" in done.stdout.decode("utf-8")
    piped = _ramino("score", "-", stdin=b'{"players": ["\xff"]}')
    _assert_process_refused(piped)
    assert b"UTF-8" in piped.stderr
