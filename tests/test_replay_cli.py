"""``ramino replay``: the story of a recorded round, a player's view of it, stepping, and the
one-line errors of a bad file (exit 2, no traceback)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ramino.ai import RandomBot, bot_for_level
from ramino.cli.app import app
from ramino.cli.common import Lang
from ramino.cli.replay import _Pause
from ramino.engine import get_preset
from ramino.engine.cards import format_cards
from ramino.engine.going_out import min_deadwood
from ramino.engine.record import record_round, to_json
from ramino.engine.round import EndReason, Round

pytestmark = pytest.mark.once

GOLDEN = Path(__file__).resolve().parent / "golden"
NAMES = ("Anna", "Bruno")

runner = CliRunner(env={"RAMINO_LANG": None, "FORCE_COLOR": None, "COLUMNS": "80"})


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, ["replay", *args], input=stdin)


def story(name: str, *args: str) -> list[str]:
    result = run(str(GOLDEN / f"{name}.json"), *args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout.splitlines()


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_the_story_in_italian() -> None:
    lines = story("stuck")
    assert lines[:3] == [
        "Smazzata registrata — regole: classico",
        "Giocatori: Anna, Bruno. Mazziere: Bruno.",
        "Mazzo in un ordine dato.",
    ]
    assert "  Anna: 6♣ Q♣ Q♦ 5♥ 6♥ 7♥ 8♥ Q♥ Q♠ K♠" in lines
    assert "Carta scoperta sul pozzo: 3♣." in lines
    turn_5 = lines.index("Turno 5 — Anna pesca dal tallone: 2♦.")
    assert lines[turn_5 + 1 :] == [
        "  Anna attacca 6♣ al gioco 3 (7♣ 8♣ 9♣).",
        "  Anna attacca 6♦ al gioco 4 (7♦ 8♦ 9♦).",
        "  Anna scarta 2♦.",
        "Anna chiude.",
        "Conta:",
        "  Anna: ha chiuso",
        "  Bruno: 10♣ J♦ 4♥ 2♠ — 26 punti",
        "Punti della smazzata: Anna 0, Bruno 26.",
    ]


def test_going_out_in_one_turn_and_the_doubled_scores() -> None:
    lines = story("one-turn")
    assert "  Anna cala Q♣ Q♦ Q♠ 🃏 (gioco 2), il jolly vale Q♥." in lines
    assert "Anna chiude in mano." in lines
    assert lines[-1] == (
        "Punti della smazzata: Anna 0, Bruno 136, Carla 162 (chiusura in mano: punti doppi)."
    )


def test_taking_the_jolly_back() -> None:
    lines = story("joker-from-set")
    assert "  Bruno riprende il jolly dal gioco 1 (10♦ 10♥ 🃏) dando 10♠ 10♣." in lines
    assert "  Bruno cala K♦ K♠ 🃏 (gioco 4), il jolly vale K♣." in lines
    english = story("joker-from-set", "--lang", "en")
    assert "  Bruno takes the joker back from meld 1 (10♦ 10♥ 🃏), giving 10♠ 10♣." in english


def test_the_caps_that_stop_a_round() -> None:
    lines = story("turn-cap")
    assert "Turno 2 — Bruno prende A♣ dal pozzo." in lines
    assert "La smazzata si ferma: raggiunto il limite di 6 turni." in lines
    assert "Smazzata fermata dal limite: vince chi ha meno punti, Bruno." in lines
    lines = story("restock-cap")
    assert sum("Il tallone è finito" in line for line in lines) == 2
    assert (
        "La smazzata si ferma: il tallone è finito di nuovo, già rifatto 2 volte, il massimo."
        in lines
    )
    assert lines[-1] == "Punti della smazzata: Anna 0, Bruno 145."


def test_a_casertano_close() -> None:
    lines = story("casertano-close", "--lang", "en")
    assert "Players: Anna, Bruno, Carla. Dealer: Bruno." in lines
    assert "  Anna shows the whole hand: Q♣ Q♣ Q♥ · 7♦ 8♦ 9♦ 10♦ · 2♥ 3♥ 4♥ 5♥ · 9♠ 9♠ 9♦." in lines
    assert "Anna goes out." in lines  # every Casertano close is shown at once: not "one turn"
    assert "Count (the others lay their combinations: only unbound cards count):" in lines
    assert lines[-2:] == ["Round scores: Anna -10, Bruno 63, Carla 69.", "Credits: Anna 1."]


def test_a_seeded_record_names_its_seed() -> None:
    lines = story("random-classico")
    assert lines[2].startswith("Mazzo mescolato dal seme ")
    assert lines[2].endswith(" (sha256-fisher-yates-v1).")


def test_a_players_view_hides_the_others_cards() -> None:
    full = story("random-classico-2")
    bruno = story("random-classico-2", "--seat", "Bruno")
    assert bruno == story("random-classico-2", "--seat", "1")
    assert "Vista di Bruno: solo quello che Bruno può sapere." in bruno
    assert "Mazzo mescolato." in bruno and not any("seme" in line for line in bruno)
    assert "  Anna: 10 carte" in bruno
    assert any(line.startswith("  Bruno: ") and "carte" not in line for line in bruno[:8])
    anna_draws = [line for line in bruno if "Anna pesca dal tallone" in line]
    bruno_draws = [line for line in bruno if "Bruno pesca dal tallone" in line]
    assert anna_draws and all(line.endswith("Anna pesca dal tallone.") for line in anna_draws)
    assert bruno_draws and all(":" in line for line in bruno_draws)
    assert any(line.startswith("  (carte di Bruno: ") for line in bruno)
    # The count at the end is shown to everybody, as at the table.
    assert full[-3:] == bruno[-3:]


def test_standard_input() -> None:
    text = (GOLDEN / "stuck.json").read_text(encoding="utf-8")
    result = run("-", stdin=text)
    assert result.exit_code == 0 and result.stdout.splitlines() == story("stuck")


def test_step_reads_a_line_between_turns_and_stops_waiting_at_the_end_of_input() -> None:
    result = run(str(GOLDEN / "stuck.json"), "--step", stdin="\n\n")
    assert result.exit_code == 0 and result.stdout.splitlines() == story("stuck")


def test_step_with_standard_input_closed_tells_the_round_without_pausing() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ramino", "replay", str(GOLDEN / "stuck.json"), "--step"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(0),  # as `<&-` in a shell
        env={k: v for k, v in os.environ.items() if k != "RAMINO_LANG"},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[-1] == story("stuck")[-1]


def test_the_pause_waits_for_a_line_until_input_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.StringIO("\n\n")
    monkeypatch.setattr("sys.stdin", stdin)
    pause = _Pause(enabled=True, lang=Lang.IT)
    pause()
    assert stdin.tell() == 1 and pause.enabled
    pause()
    pause()  # end of input: no more waiting
    assert not pause.enabled
    quiet = _Pause(enabled=False, lang=Lang.IT)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    quiet()
    assert not quiet.enabled


def test_an_unfinished_record(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    del data["result"]
    path = tmp_path / "half.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        "La registrazione si ferma al turno 2: la smazzata non è finita."
    )


# --- errors: one line on stderr, exit 2 ---


def test_a_missing_file() -> None:
    assert_user_error(run("nessuno.json"), "nessuno.json", "il file non esiste")
    assert_user_error(run("nessuno.json", "--lang", "en"), "error:", "no such file")


def test_a_directory_and_a_file_that_is_not_json(tmp_path: Path) -> None:
    assert_user_error(run(str(tmp_path), "--lang", "en"), "directory")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert_user_error(run(str(bad), "--lang", "en"), "(JSON)", "line 1")


def test_an_action_the_engine_refuses_names_its_number(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    data["actions"][1] = "lay 5H 6H 7H 9H"
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path))
    assert_user_error(result, "actions[1]", "mossa 2 «lay 5H 6H 7H 9H»")
    assert "Turno 1 — Anna pesca dal tallone: 6♦." in result.stdout  # told up to there


def test_a_refused_action_goes_on_the_sentence_without_a_capital(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    data["actions"][0] = "discard KS"
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(str(path)).stderr == (
        "errore: Registrazione della partita non valida (actions[0]): mossa 1 «discard KS»:"
        " prima si pesca: dal tallone o dal pozzo.\n"
    )


def test_bad_notation_and_a_mismatch(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    data["actions"][3] = "scarta KS"
    path = tmp_path / "notation.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_user_error(run(str(path), "--lang", "en"), "actions[3]", "'scarta KS'")
    data = json.loads((GOLDEN / "stuck.json").read_text(encoding="utf-8"))
    data["result"]["counts"]["Bruno"] = 25
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_user_error(run(str(path), "--lang", "en"), "does not replay the same", "Bruno")


def test_a_bad_seat() -> None:
    assert_user_error(run(str(GOLDEN / "stuck.json"), "--seat", "7"), "--seat", "0 Anna, 1 Bruno")
    assert_user_error(run(str(GOLDEN / "stuck.json"), "--seat", "Zeno", "--lang", "en"), "Zeno")
    # Digits of other scripts pass str.isdigit() and then break int(), as 5000 digits do.
    for seat in ("²", "١", "9" * 5000):
        assert_user_error(run(str(GOLDEN / "stuck.json"), "--seat", seat), "--seat")


def test_pokerato_tells_the_blind_the_bets_and_where_the_chips_went() -> None:
    lines = story("pokerato-side-pots")
    assert "Fiches: Anna 2, Bruno 10, Carla 10." in lines
    assert "Anna fa il buio: una fiche." in lines
    bets = lines.index("Puntate: parla per primo Bruno.")
    assert lines[bets + 1 : bets + 6] == [
        "  Bruno rilancia: mette 2 fiches, in tutto 2.",
        "  Carla rilancia: mette 3 fiches, in tutto 3.",
        "  Anna vede: mette una fiche (tutte le sue fiches), in tutto 2.",
        "  Bruno vede: mette una fiche, in tutto 3.",
        "Puntate finite: nel piatto 12 fiches; giocano Anna, Bruno, Carla. Comincia Anna.",
    ]
    assert lines[-4:] == [
        "Piatto di 6 fiches, conteso da Anna, Bruno, Carla.",
        "Piatto laterale di 2 fiches, conteso da Bruno, Carla.",
        "Le 4 fiches rimaste dalle mani prima vanno ad Anna.",
        "Fiches vinte e perse (e in mano): Anna +8 (10), Bruno -2 (8), Carla -2 (8).",
    ]
    english = story("pokerato-side-pots", "--lang", "en")
    assert "  Anna calls: puts in one chip (all-in), 2 in all." in english
    assert "Side pot of 2 chips, between Bruno, Carla." in english


def test_pokerato_won_by_a_fold_plays_no_card() -> None:
    lines = story("pokerato-fold", "--seat", "Anna")
    assert "  Carla lascia." in lines and "  Anna lascia." in lines
    assert "Lasciano tutti tranne Bruno: prende il piatto senza giocare le carte." in lines
    assert not any(line.startswith("Turno") for line in lines)
    assert "  Bruno: 10 carte" in lines  # Anna's view: the others' cards stay hidden


def test_a_gin_hand_told_with_its_knock_and_count(tmp_path: Path) -> None:
    # Seed 9, the expert on both seats: the upcard is passed, and a knock with 4 is laid off
    # onto and undercut by a tie (gin counts a tie as an undercut).
    r = Round(get_preset("gin"), 2, seed=9)
    bots = [bot_for_level("esperto", seed=1), bot_for_level("esperto", seed=2)]
    while not r.is_over:
        r.apply(bots[r.to_play].act(r.observation(r.to_play)))
    end = r.end
    assert end is not None and end.out is not None and end.points is not None
    knocker, defender = NAMES[end.out], NAMES[1 - end.out]
    assert end.counts == (4, 4) and end.points[1 - end.out] == 25
    path = tmp_path / "gin.json"
    path.write_text(to_json(record_round(r, NAMES)), encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.endswith(" lascia la carta scoperta.") for line in lines)
    knock = lines.index(f"  {knocker} bussa.")
    assert lines[knock + 1].startswith(f"  {knocker} scarta ")
    assert any(line.startswith(f"  {defender} attacca ") for line in lines[knock:])
    ending, count, *hands, scores = lines[-5:]
    assert ending.startswith(f"{knocker} bussa con 4 punti spaiati, ma {defender} ne ha ")
    assert ending.endswith(f"altrettanti: battuta, {defender} vince 25 punti.")
    assert count == "Conta:"
    assert hands == [
        f"  {name}{' (ha bussato)' if seat == end.out else ''}:"
        f" {format_cards(end.hands[seat])} — 4 punti"
        for seat, name in enumerate(NAMES)
    ]
    assert scores == f"Punti della smazzata: Anna {end.points[0]}, Bruno {end.points[1]}."


def test_a_void_gin_hand_counts_each_hand_s_deadwood(tmp_path: Path) -> None:
    # Random play dies at the wall: nobody scores, no cap picks a winner, and the count says
    # each hand's deadwood (its melds left out).
    r = Round(get_preset("gin"), 2, seed=0)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not r.is_over:
        r.apply(bots[r.to_play].act(r.observation(r.to_play)))
    end = r.end
    assert end is not None and end.reason is EndReason.VOID
    path = tmp_path / "void.json"
    path.write_text(to_json(record_round(r, NAMES)), encoding="utf-8")
    lines = run(str(path)).stdout.splitlines()
    assert "La mano è nulla: nessuno vince punti." in lines
    assert not any("fermata dal limite" in line for line in lines)
    for seat, name in enumerate(NAMES):
        deadwood = min_deadwood(end.hands[seat], r.rules)
        assert f"  {name}: {format_cards(end.hands[seat])} — {deadwood} punti" in lines
