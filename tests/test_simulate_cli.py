"""``ramino simulate``: every playable preset runs, the JSON summary has its documented shape,
the same seed gives the same games, tournaments between bots (seat rotation, duplicate deals,
several processes) give their figures per bot, and user errors are one line with exit status 2.
(Ctrl-C and runs without end: ``test_interrupts.py``.)
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ramino.cli.app import app
from ramino.engine import get_preset
from ramino.engine.presets import PRESETS
from ramino.engine.rules import Betting

pytestmark = pytest.mark.once

runner = CliRunner(
    env={"RAMINO_LANG": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"}
)

ROUND_KEYS = ["rounds", "went_out", "ended_by_cap", "mean_turns", "decisions"]
ROUND_KEYS.append("decisions_per_second")
#: The figures of each bot, under "bots" when --bots is given.
BOT_KEYS = ["win_rate", "ci95", "mean_penalty", "mean_decision_ms", "rounds", "wins"]


PLAYABLE = list(PRESETS)

simulate_module = importlib.import_module("ramino.cli.simulate")


def run(*args: str) -> Result:
    return runner.invoke(app, ["simulate", *args])


def run_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json, nor off a terminal
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def short(tmp_path: Path, preset: str, turns: int = 40) -> str:
    """A house-rules file: ``preset`` with a low turn cap, so that random rounds stay short."""
    path = tmp_path / f"{preset}.toml"
    path.write_text(f'preset = "{preset}"\nmax_turns = {turns}\n', encoding="utf-8")
    return str(path)


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.mark.parametrize("preset", PLAYABLE)
def test_every_playable_preset_simulates(preset: str, tmp_path: Path) -> None:
    rules = get_preset(preset)
    players = min(3, rules.max_players)
    data = run_json("--rules", short(tmp_path, preset), "--players", str(players), "--rounds", "2")
    betting = rules.betting is not Betting.NONE
    assert list(data) == ROUND_KEYS + (["won_by_folds", "chips_won"] if betting else [])
    assert data["rounds"] == 2
    assert list(data["went_out"]) == [str(s) for s in range(players)]
    ended = sum(data["went_out"].values()) + data["ended_by_cap"]
    if betting:
        # Played for chips: a hand may end in the betting round, and no chip is lost but
        # those left on the table.
        ended += data["won_by_folds"]
        assert sum(data["chips_won"].values()) <= 0
    assert ended == 2
    assert (0 if betting else 0.5) < data["mean_turns"] <= 40
    assert data["decisions"] >= 2 * data["mean_turns"]
    assert data["decisions_per_second"] > 0


def test_pokerato_reports_the_chips_each_bot_won(tmp_path: Path) -> None:
    data = run_json(
        "--rules",
        short(tmp_path, "pokerato", 60),
        "--players",
        "3",
        "--bots",
        "esperto,caller,principiante",
        "--rounds",
        "4",
        "--duplicate",
    )
    assert data["rounds"] == 12
    won = {name: figures["chips"]["won"] for name, figures in data["bots"].items()}
    # Duplicate deals: every chip a bot won, another lost, or it is still on the table.
    assert sum(won.values()) <= 0 and sum(won.values()) == sum(data["chips_won"].values())
    for figures in data["bots"].values():
        low, high = figures["chips"]["ci95"]
        assert low <= figures["chips"]["mean"] <= high
    bots = "esperto,caller,principiante"
    text = run("--rules", "pokerato", "-p", "3", "--bots", bots, "--rounds", "2")
    assert text.exit_code == 0 and "fiches vinte" in text.stdout


def test_a_preset_by_name_with_its_own_caps() -> None:
    data = run_json("--rules", "classico-2", "--rounds", "1", "--seed", "3")
    assert data["rounds"] == 1 and list(data["went_out"]) == ["0", "1"]


def test_the_same_seed_plays_the_same_rounds(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 30)

    def summary(seed: str) -> dict[str, Any]:
        data = run_json("-r", rules, "-p", "3", "-n", "3", "--seed", seed)
        del data["decisions_per_second"]  # the only figure that depends on the clock
        return data

    first = summary("7")
    assert summary("7") == first
    assert any(summary(seed) != first for seed in ("8", "9"))


def test_matches_add_the_winners(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico-2", 30)
    data = run_json("--rules", rules, "--matches", "2", "--seed", "1")
    assert list(data) == [*ROUND_KEYS, "matches", "winners"]
    assert data["matches"] == 2
    assert list(data["winners"]) == ["0", "1"]
    assert sum(data["winners"].values()) <= 2
    assert data["rounds"] >= 2  # each match takes one round at least


def test_text_summary_in_both_languages(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 20)
    italian = run("-r", rules, "-p", "2", "-n", "2")
    assert italian.exit_code == 0, italian.output
    assert "Simulazione" in italian.stdout and "chiuse dal posto 1" in italian.stdout
    assert italian.stderr == ""
    english = run("-r", rules, "-p", "2", "--lang", "en", "--matches", "1")
    assert english.exit_code == 0, english.output
    for label in ("Simulation", "rounds", "went out, seat 0", "ended by a cap", "matches won"):
        assert label in english.stdout
    for label in ("mean turns per round", "decisions per second"):
        assert label in english.stdout
    # Gin rummy: a hand nobody knocked in dies at the wall.
    gin = run("-r", "gin", "--matches", "1")
    assert gin.exit_code == 0, gin.output
    assert "nulle o finite per un limite" in gin.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--bots", "random,clever"], ["unknown bot 'clever'", "random"]),
        (["--players", "3", "--bots", "random,random"], ["2 bots for 3 players"]),
        (["--rules", "classico-2", "--players", "3"], ["2"]),
        (["--players", "1"], ["2"]),
        (["--rules", "tradizionale", "--players", "5"], ["4"]),
        (["--rounds", "0"], ["--rounds", "at least 1"]),
        (["--matches", "-1"], ["--matches"]),
        (["--rounds", "2", "--matches", "2"], ["--rounds", "--matches"]),
        (["--rules", "no-such-preset"], ["no-such-preset"]),
        (["--workers", "0"], ["--workers", "at least 1, not 0"]),
        (["--bots", "greedy,campione"], ["unknown bot 'campione'", "greedy", "esperto"]),
    ],
)
def test_user_errors_are_one_line(args: list[str], fragments: list[str]) -> None:
    assert_user_error(run(*args, "--lang", "en"), *fragments)


def test_user_errors_speak_italian_by_default() -> None:
    assert_user_error(run("--bots", "nessuno"), "errore:", "bot sconosciuto")


def test_user_errors_on_workers_speak_italian_by_default() -> None:
    assert_user_error(run("--workers", "-1"), "errore:", "--workers vuole almeno 1")


NUMBERS = ["--rounds", "--matches", "--players", "--workers"]


@pytest.mark.parametrize("option", NUMBERS)
def test_a_number_that_is_not_one_is_one_line(option: str) -> None:
    assert_user_error(run(option, "dieci", "--lang", "en"), option, "whole number, not 'dieci'")
    assert_user_error(run(option, "2.5"), "errore:", option, "vuole un numero intero")


@pytest.mark.parametrize("option", NUMBERS)
def test_a_number_of_thousands_of_digits_is_one_line(option: str) -> None:
    # Python itself refuses to read more than 4300 digits; the limit says so in its own words.
    assert_user_error(run(option, "9" * 5000, "--lang", "en"), option, "at most 1000 digits")
    assert_user_error(run(option, "9" * 5000), "errore:", "al massimo 1000 cifre, non 5000")


@pytest.mark.parametrize("option", [*NUMBERS, "--seed"])
def test_bytes_that_are_not_text_are_one_line(option: str) -> None:
    # Bytes of the command line that are not UTF-8 reach Python as lone surrogates.
    result = run(option, "7\udcff", "--lang", "en")
    assert_user_error(result, option, "\\udcff")


def test_so_many_players_are_refused_by_the_rules() -> None:
    assert_user_error(run("--players", "1" + "0" * 999, "--lang", "en"), "not ≈1.000e999")


def test_workers_are_at_most_one_per_processor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_module, "_processors", lambda: 2)
    rules = short(tmp_path, "classico", 12)
    english = run("-r", rules, "-p", "2", "-n", "3", "--workers", "1000", "--json", "--lang", "en")
    assert english.exit_code == 0, english.output
    assert english.stderr.splitlines() == [
        "note: --workers lowered to 2, the processors available."
    ]
    assert json.loads(english.stdout)["rounds"] == 3
    italian = run("-r", rules, "-p", "2", "-n", "1", "-w", "3")
    assert italian.exit_code == 0, italian.output
    assert italian.stderr == "nota: --workers ridotto a 2, i processori a disposizione.\n"


# --- tournaments ---


def test_naming_the_bots_adds_the_figures_of_each_bot(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 20)
    data = run_json("-r", rules, "-p", "3", "-n", "3", "--bots", "random")
    assert list(data) == [*ROUND_KEYS, "bots"]
    assert list(data["bots"]) == ["random"]
    random = data["bots"]["random"]
    assert list(random) == BOT_KEYS
    assert random["rounds"] == 9  # the same bot in three seats counts three times a round
    # Going out wins; so does the lowest count alone in a capped round.
    assert sum(data["went_out"].values()) <= random["wins"] <= 3


def test_duplicate_tournament_between_two_bots(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 24)
    data = run_json("-r", rules, "-p", "2", "-n", "3", "--bots", "Greedy,random", "--duplicate")
    assert data["rounds"] == 6  # three deals, each once per seat
    assert list(data["bots"]) == ["greedy", "random"]
    for figures in data["bots"].values():
        assert list(figures) == BOT_KEYS
        assert figures["rounds"] == 6
        low, high = figures["ci95"]
        assert 0 <= low <= figures["win_rate"] <= high <= 1
        assert figures["win_rate"] == round(figures["wins"] / 6, 4)
        assert figures["mean_penalty"] >= 0 and figures["mean_decision_ms"] >= 0
    assert data["bots"]["greedy"]["wins"] + data["bots"]["random"]["wins"] <= 6
    # The greedy bot leaves far fewer points in hand than the random one.
    assert data["bots"]["greedy"]["mean_penalty"] < data["bots"]["random"]["mean_penalty"]


def clockless(data: dict[str, Any]) -> dict[str, Any]:
    """The summary without the figures that depend on the clock."""
    del data["decisions_per_second"]
    for figures in data["bots"].values():
        del figures["mean_decision_ms"]
    return data


def test_two_workers_give_the_same_figures_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_module, "_processors", lambda: 2)  # on any machine
    rules = short(tmp_path, "classico", 16)
    args = ["-r", rules, "-p", "3", "-n", "4", "-b", "greedy,random,principiante", "-d"]
    one = clockless(run_json(*args, "--seed", "5"))
    two = clockless(run_json(*args, "--seed", "5", "--workers", "2"))
    assert two == one
    assert one["rounds"] == 12


def test_duplicate_matches(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico-2", 12)
    data = run_json("-r", rules, "-m", "1", "-b", "greedy,random", "-d", "--seed", "2")
    assert list(data) == [*ROUND_KEYS, "matches", "winners", "bots"]
    assert data["matches"] == 2  # one deal of matches, once per seat
    assert data["bots"]["greedy"]["rounds"] == data["bots"]["random"]["rounds"] == data["rounds"]
    # Matches are counted per bot, not per seat: each bot played both.
    greedy, random = data["bots"]["greedy"]["matches"], data["bots"]["random"]["matches"]
    assert greedy["played"] == random["played"] == 2
    assert greedy["won"] + random["won"] == sum(data["winners"].values())
    assert set(greedy) == {"played", "won", "win_rate", "ci95", "mean_final_total"}


def test_text_summary_of_matches_per_bot_in_both_languages(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico-2", 12)
    args = ["-r", rules, "-m", "1", "-b", "greedy,random", "-d", "--seed", "2"]
    italian = run(*args)
    assert italian.exit_code == 0, italian.output
    for label in ("Partite per bot", "totale finale medio", "Smazzate per bot"):
        assert label in italian.stdout
    english = run(*args, "--lang", "en")
    assert english.exit_code == 0, english.output
    for label in ("Matches by bot", "mean final total", "Rounds by bot", "lower is better"):
        assert label in english.stdout
    assert "Partite per bot" not in run("-r", rules, "-n", "1", "-b", "greedy,random").stdout


def test_text_summary_per_bot_in_both_languages(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 12)
    args = ["-r", rules, "-p", "2", "-n", "1", "-b", "greedy,random", "-d"]
    italian = run(*args)
    assert italian.exit_code == 0, italian.output
    for label in (
        "smazzate duplicate",
        "Smazzate per bot",
        "greedy",
        "random",
        "IC 95%",
        "nessuno",
    ):
        assert label in italian.stdout
    english = run(*args, "--lang", "en")
    assert english.exit_code == 0, english.output
    for label in ("duplicate deals", "Rounds by bot", "95% CI", "mean penalty", "a tie: nobody"):
        assert label in english.stdout


def test_figures_have_a_decimal_comma_in_italian_and_a_point_in_english(tmp_path: Path) -> None:
    rules = short(tmp_path, "classico", 12)
    args = ["-r", rules, "-p", "2", "-n", "2", "-b", "greedy,random", "--seed", "1"]
    italian, english = run(*args).stdout, run(*args, "--lang", "en").stdout
    figures = re.compile(r"\d+[.,]\d+%?")
    assert figures.findall(italian) and figures.findall(english)
    assert all("," in figure for figure in figures.findall(italian)), italian
    assert all("." in figure for figure in figures.findall(english)), english
    # The JSON keeps its numbers.
    assert isinstance(run_json(*args)["mean_turns"], float)


def test_help_explains_the_tournament_options() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--bots", "--duplicate", "--workers", "esperto", "Wilson"):
        assert option in result.stdout


def test_matches_that_need_three_at_the_table(tmp_path: Path) -> None:
    path = tmp_path / "tre.toml"
    path.write_text("min_players = 3\nmax_turns = 30\ntarget = 60\nreentry = true\n")
    data = run_json("--rules", str(path), "-p", "3", "--matches", "5", "--seed", "2")
    assert data["matches"] == 5
    assert sum(data["winners"].values()) <= 5


def test_carioca_matches_report_the_stakes_each_bot_won(tmp_path: Path) -> None:
    data = run_json("--rules", "carioca", "-p", "3", "--matches", "1", "--bots", "greedy")
    assert data["matches"] == 1 and data["rounds"] == 8
    # The stakes of a match: every chip one player won another lost.
    assert sum(data["chips_won"].values()) == 0
    assert data["bots"]["greedy"]["chips"]["won"] == 0


def test_matches_played_for_chips_show_the_chips_won_not_a_total(tmp_path: Path) -> None:
    path = tmp_path / "pokerato.toml"
    path.write_text(
        'preset = "pokerato-immaginario"\nmatch_rounds = 2\nmax_turns = 12\n', encoding="utf-8"
    )
    args = ["-r", str(path), "-p", "2", "-m", "2", "-b", "greedy,random", "-d", "--seed", "1"]
    english = run(*args, "--lang", "en")
    assert english.exit_code == 0, english.output
    for label in ("Matches by bot", "mean final chips", "more is better"):
        assert label in english.stdout
    assert "mean final total" not in english.stdout
    italian = run(*args)
    assert "fiches finali medie" in italian.stdout
    bots = run_json(*args)["bots"]
    greedy, random = bots["greedy"]["matches"], bots["random"]["matches"]
    # Two players: what one wins the other loses, shown signed.
    assert greedy["mean_final_chips"] == -random["mean_final_chips"]
    assert f"{greedy['mean_final_chips']:+.1f}" in english.stdout


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_chips_of_matches_add_up_to_zero(tmp_path: Path, players: int, seed: int) -> None:
    # The chips a match leaves on the table at its end are shared out by it (RULES.md §6.1):
    # every chip one seat won, another lost. Short hands leave many pots on the table.
    path = tmp_path / "pokerato.toml"
    path.write_text(
        'preset = "pokerato-immaginario"\nmatch_rounds = 3\nmax_turns = 10\n', encoding="utf-8"
    )
    args = ["-r", str(path), "-p", str(players), "-m", "2", "--seed", str(seed)]
    data = run_json(*args)
    assert sum(data["chips_won"].values()) == 0, data["chips_won"]


def test_the_chips_of_the_reported_match_add_up_to_zero() -> None:
    # The command of issue 46: its match ends with 36 chips on the table.
    args = ["--rules", "pokerato-immaginario", "--players", "3", "--matches", "1", "--seed", "3"]
    data = run_json(*args)
    assert data["ended_by_cap"] > 0
    assert sum(data["chips_won"].values()) == 0, data["chips_won"]
