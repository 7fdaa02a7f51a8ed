"""``ramino play``'s Textual application driven headless with Textual's pilot: a whole round
played with keys against bots, refusals, the jolly's question, the score sheet and its question
on re-entry, saving and resuming, resizing, leaving. The bots are random bots, the computer's
pause is 0."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from ramino.ai import Bot, RandomBot, bot_for_level
from ramino.ai.greedy import decide
from ramino.cli.app import app as cli
from ramino.engine import Card, get_preset, parse_cards
from ramino.engine.actions import (
    Action,
    Attach,
    Call,
    Discard,
    Draw,
    Knock,
    Lay,
    Open,
    Pass,
    Show,
    TakeDiscard,
)
from ramino.engine.cards import JOKER
from ramino.engine.errors import IllegalAction, Reason
from ramino.engine.observation import Observation
from ramino.engine.round import EndReason, Phase, Round
from ramino.engine.rules import DiscardPickup, Rules
from ramino.tui.app import RaminoApp
from ramino.tui.controller import MatchController, ReentryDecision
from ramino.tui.online import OnlineApp, OnlineGame
from ramino.tui.save import load_match, match_from_json, match_to_json
from ramino.tui.screens import ChoiceScreen, PathScreen, QuitScreen, SheetScreen, TextScreen
from ramino.tui.sheet import sheet_view
from ramino.tui.table import MeldsView
from test_tui_controller import play_to_end_of_round

pytestmark = pytest.mark.once

RULES = replace(get_preset("classico"), max_turns=40, target=60)


def random_bots(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    return RandomBot(seed, name=name or "random")


def new_app(
    seed: int = 3,
    players: int = 3,
    *,
    lang: str = "it",
    rules: Rules = RULES,
    save_path: str | None = None,
) -> RaminoApp:
    game = MatchController(rules, players=players, seed=seed, bot_factory=random_bots)
    return RaminoApp(game, lang=lang, pause=0, save_path=save_path)


Scenario = Callable[[RaminoApp, Pilot[None]], Awaitable[None]]


def run(app: RaminoApp, scenario: Scenario, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    asyncio.run(main())


def screen_text(app: RaminoApp) -> str:
    """The characters on the terminal now, as the player sees them (the screen on top drawn
    over the ones under it)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    # What App.export_screenshot draws, as text instead of SVG.
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


async def move_to(app: RaminoApp, pilot: Pilot[None], index: int) -> None:
    """Bring the cursor to card ``index`` with the fewest arrow presses (the row wraps)."""
    size = len(app.hand.cards)
    right = (index - app.hand.cursor) % size
    await pilot.press(*(["right"] * right if right <= size - right else ["left"] * (size - right)))


async def pick_cards(app: RaminoApp, pilot: Pilot[None], cards: Sequence[Card]) -> None:
    """Pick ``cards`` in the hand with the keys: Esc, then arrows and space for each."""
    await pilot.press("escape")
    taken: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(app.hand.cards) if c is card and i not in taken)
        taken.add(index)
        await move_to(app, pilot, index)
        await pilot.press("space")


def meld_row(app: RaminoApp, number: int) -> int:
    """The first line of the table that shows meld ``number`` (a long meld takes two)."""
    return app.query_one(MeldsView).rows.index(number)


async def play_turn(app: RaminoApp, pilot: Pilot[None]) -> None:
    """One turn of the human with keys: draw, lay and attach what he can, discard."""
    game = app.game
    await pilot.press("t")
    # With no pause the computer plays at once: the turn ends when the draw phase is back.
    for _ in range(30):
        if not (game.human_to_move and game.phase is Phase.PLAY):
            return
        observation = game.observation()
        assert observation is not None
        lays = [a for a in observation.legal_actions if isinstance(a, Lay)]
        if lays:
            await pick_cards(app, pilot, lays[0].cards)
            await pilot.press("c")
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            continue
        attachments = [a for a in observation.legal_actions if isinstance(a, Attach)]
        if attachments:
            # Picked cards go to the meld clicked on the table.
            await pick_cards(app, pilot, attachments[0].cards)
            await pilot.click("#melds", offset=(2, meld_row(app, attachments[0].meld)))
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            continue
        discard = next(a for a in observation.legal_actions if isinstance(a, Discard))
        # With no card picked, s discards the card under the cursor.
        await pilot.press("escape")
        await move_to(app, pilot, app.hand.cards.index(discard.card))
        await pilot.press("s", "s")
    pytest.fail("the turn does not end")


@pytest.mark.slow
def test_a_seeded_round_is_played_with_keys_to_its_end() -> None:
    # Seven cards each: this seeded round ends in a few turns, the human going out.
    app = new_app(rules=replace(RULES, hand_size=7))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        first = game.round
        assert first is not None and game.human_to_move  # the bots moved at once
        for _ in range(40):
            if isinstance(app.screen, SheetScreen):
                break
            await play_turn(app, pilot)
        assert first.is_over and game.play.rounds == 1
        assert game.sheets[0].out == "Giocatore"
        assert any(line.text("it").startswith("Peschi ") for line in game.log)
        # The score sheet between rounds: Enter deals the next one.
        sheet = game.sheets[0]
        assert set(sheet.totals) == {"Giocatore", "Bruno", "Carla"}
        await pilot.press("enter")
        assert not isinstance(app.screen, SheetScreen)
        assert game.round is not None and game.round is not first
        assert game.play.dealers == ("Giocatore", "Bruno")

    run(app, scenario)


def test_a_refused_move_shows_the_reason_and_changes_nothing() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None
        before = (len(r.history), r.hand(0))
        await pilot.press("s")
        assert app.message == IllegalAction(Reason.MUST_DRAW_FIRST).message("it")
        assert (len(r.history), r.hand(0)) == before
        await pilot.press("t", "c")  # lay with no card picked
        assert "Scegli" in app.message
        await pick_cards(app, pilot, app.hand.cards[:3])
        cards = tuple(app.hand.selected_cards)
        await pilot.press("c")
        if r.history[-1].action != Lay(cards):
            assert app.message and app.message[0].isupper() and len(r.history) == before[0] + 1

    run(app, scenario)


def test_the_refusal_in_english() -> None:
    app = new_app(lang="en")

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("s")
        assert app.message == IllegalAction(Reason.MUST_DRAW_FIRST).message("en")

    run(app, scenario)


def test_the_jolly_question_when_laying() -> None:
    # Seed 7: the human holds 9♦ 10♦ and a jolly, which may be the 8♦ or the J♦.
    app = new_app(seed=7, players=2, rules=get_preset("classico"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        nine, ten = Card.parse("9D"), Card.parse("10D")
        await pilot.press("t")
        await pick_cards(app, pilot, [nine, ten, JOKER])
        await pilot.press("c")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")
        r = app.game.round
        assert r is not None
        laid = r.table[-1].meld
        assert [str(c) for _, c in laid.joker_assignments] == ["JD"]
        assert any("jolly = J♦" in line.text("it") for line in app.game.log)

    run(app, scenario)


def test_mouse_picks_cards_and_draws() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.click("#stock")
        assert app.game.phase is not None and app.game.phase.value == "play"
        await pilot.click("#hand", offset=(1 + 5 * 2 + 1, 2))
        assert app.hand.selected == {2}
        await pilot.click("#hand", offset=(1 + 5 * 2 + 1, 1))
        assert app.hand.selected == set()

    run(app, scenario)


def test_the_rules_keys_and_sheet_screens() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("r")
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape", "f")
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape", "o")
        assert app.by_rank
        ranks = [c.rank or 99 for c in app.hand.cards]
        assert ranks == sorted(ranks)
        await pilot.press("4")
        assert app.hand.four_colours

    run(app, scenario)


def test_hint_key() -> None:
    pytest.importorskip("ramino.ai.hint")
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        assert app.message.startswith("Suggerimento: ")

    run(app, scenario)


def test_quit_saves_and_resume_gives_the_same_table(tmp_path: Path) -> None:
    path = tmp_path / "partita.json"
    app = new_app(save_path=str(path))

    async def leave(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # back to the game
        assert not isinstance(app.screen, QuitScreen)
        await pilot.press("q", "s")
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")

    run(app, leave)
    assert app.saved_to == str(path) and path.exists()
    saved = app.game.round
    assert saved is not None
    game = load_match(path, bot_factory=random_bots)
    resumed = RaminoApp(game, pause=0)

    async def check(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None and r.history == saved.history
        assert app.hand.cards == sorted(saved.hand(0))
        assert app.game.human_to_move and r.phase.value == "play"
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("ctrl+c")

    run(resumed, check)
    assert resumed.saved_to is None


def test_resize_to_80x24_and_larger() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        for size in ((120, 40), (80, 24), (200, 60), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.size == size
            # Eleven cards as full boxes fit in 80 columns.
            assert app.hand._step() == 5
        await pilot.press("q", "n")

    run(app, scenario)
    assert app.return_code == 0


# --- the command ---

runner = CliRunner(env={"RAMINO_LANG": None})


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command believes it runs on a terminal (CliRunner's streams are not one), for the
    tests that replace the game's screen."""
    monkeypatch.setattr("ramino.cli.play.has_terminal", lambda: True)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--rules", "scala-41"], "'scala-41'"),
        (["--rules", "classico-2", "--players", "3"], "2"),
        (["--rules", "carioca", "--players", "2"], "3"),
        # The table's bounds, in its language: no English box of the option parser.
        (["--players", "9"], "Al massimo 7 giocatori"),
        (["--players", "0"], "Servono almeno 2 giocatori"),
        (["--resume", "/nonexistent/partita.json"], "non esiste"),
    ],
)
def test_play_reports_bad_options_before_the_game(args: list[str], fragment: str) -> None:
    result = runner.invoke(cli, ["play", *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr


@pytest.mark.parametrize(
    ("on_path", "hint"),
    [
        (False, "Per riprenderla: .venv/bin/ramino play --resume"),
        (True, "Per riprenderla: ramino play --resume"),
    ],
)
@pytest.mark.usefixtures("terminal")
def test_the_save_hint_names_the_program_that_runs(
    on_path: bool, hint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As make play runs it: .venv/bin/ramino, which is on the PATH only if the venv is active.
    program = tmp_path / ".venv" / "bin" / "ramino"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", [".venv/bin/ramino", "play"])
    monkeypatch.setenv("PATH", str(program.parent) if on_path else str(tmp_path / "none"))

    def run_and_save(app: RaminoApp) -> None:
        app.saved_to = "sera 1.json"

    monkeypatch.setattr(RaminoApp, "run", run_and_save)
    result = runner.invoke(cli, ["play", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert f"{hint} 'sera 1.json'" in result.stdout, result.stdout


@pytest.mark.parametrize(("given", "level"), [("expert", "esperto"), ("Intermedio", "intermedio")])
@pytest.mark.usefixtures("terminal")
def test_play_takes_a_level_by_either_language_s_name(
    given: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels: list[str] = []
    monkeypatch.setattr(RaminoApp, "run", lambda app: levels.append(app.game.level))
    result = runner.invoke(cli, ["play", "--seed", "1", "--level", given])
    assert result.exit_code == 0, result.output
    assert levels == [level]


def test_play_refuses_to_start_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    # CliRunner's streams are no terminal: the screen is never opened.
    monkeypatch.setattr(RaminoApp, "run", lambda app: pytest.fail("the table opened"))
    result = runner.invoke(cli, ["play", "--seed", "1"])
    assert result.exit_code == 2
    assert result.stderr == (
        "errore: ramino play vuole un terminale: l'input e l'output standard non devono essere"
        " né file né pipe.\n"
    )
    english = runner.invoke(cli, ["play", "--seed", "1", "--lang", "en"])
    assert english.exit_code == 2 and "needs a terminal" in english.stderr, english.stderr
    # A bad option is still the first thing said.
    bad = runner.invoke(cli, ["play", "--players", "9"])
    assert bad.exit_code == 2 and "Al massimo 7 giocatori" in bad.stderr


@pytest.mark.parametrize("stdin", ["closed", "empty"])
def test_play_without_a_terminal_ends_at_once_in_one_line(stdin: str) -> None:
    # Closed (<&-, a service), or a file or pipe that ends (</dev/null): one line, status 2,
    # instead of a traceback or a game drawn into a pipe waiting forever for keys.
    done = subprocess.run(
        [sys.executable, "-m", "ramino", "play", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL if stdin == "empty" else None,
        preexec_fn=(lambda: os.close(0)) if stdin == "closed" else None,
        env={k: v for k, v in os.environ.items() if k != "RAMINO_LANG"},
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "vuole un terminale" in done.stderr


def test_a_broken_save_is_a_saved_match_said_in_one_sentence(tmp_path: Path) -> None:
    game = MatchController(RULES, players=3, seed=1, bot_factory=random_bots)
    game.start_round()
    saved = json.loads(match_to_json(game))
    saved["rounds"][0]["actions"] = ["bogus"]
    path = tmp_path / "partita.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    result = runner.invoke(cli, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    # Where once, as a path into the file; the refusal of the move after it.
    assert result.stderr.startswith(
        "errore: Partita salvata non valida (rounds[0].actions[0]): mossa 1: 'bogus' non è"
        " una mossa: "
    ), result.stderr
    english = runner.invoke(cli, ["play", "--resume", str(path), "--lang", "en"])
    assert english.stderr.startswith("error: Bad saved match (rounds[0].actions[0]): "), (
        english.stderr
    )


def test_play_help_names_the_options() -> None:
    result = runner.invoke(cli, ["play", "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    for option in ("--rules", "--players", "--level", "--seed", "--lang", "--name", "--resume"):
        assert option in result.stdout


def test_enter_skips_the_computers_pause() -> None:
    game = MatchController(RULES, players=3, seed=3, bot_factory=random_bots)
    app = RaminoApp(game, pause=30)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert app.game.bot_to_move  # Bruno waits for the pause
        await pilot.press("t")
        assert app.message == "Non è il tuo turno: tocca a Bruno."
        await pilot.press("enter")
        assert app.game.human_to_move

    run(app, scenario)


def test_the_end_of_the_match_saves_records_and_plays_again(tmp_path: Path) -> None:
    # One round to 1 point: whoever is left with cards is out, so the match ends at once.
    game = MatchController(
        replace(RULES, hand_size=7, target=1), players=3, seed=3, bot_factory=random_bots
    )
    game.start_round()
    round_ = game.round
    assert round_ is not None
    while not round_.is_over:
        if game.human_to_move:
            observation = game.observation()
            assert observation is not None
            game.play_human(observation.legal_actions[0])
        else:
            game.bot_step()
    game.finish_round()
    assert game.is_over
    app = RaminoApp(game, pause=0, save_path=str(tmp_path / "sera.json"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, SheetScreen) and app.screen.over
        await pilot.press("e")
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        assert (tmp_path / "sera-smazzata-1.json").exists()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("n")
        assert app.game is not game and app.game.round is not None
        assert not app.game.is_over

    run(app, scenario)


@pytest.mark.usefixtures("terminal")
def test_records_name_the_human_and_only_the_screen_calls_him_tu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command seats a human with no --name under a name, not a pronoun.
    seated: list[str] = []
    monkeypatch.setattr(RaminoApp, "run", lambda app: seated.append(app.game.human))
    assert runner.invoke(cli, ["play", "--seed", "1"]).exit_code == 0
    assert runner.invoke(cli, ["play", "--seed", "1", "--lang", "en"]).exit_code == 0
    assert seated == ["Giocatore", "Player"]
    monkeypatch.undo()
    # A match to 1 point, over in one round; its record is written from the sheet (e).
    game = MatchController(
        replace(RULES, hand_size=7, target=1), players=3, seed=3, bot_factory=random_bots
    )
    game.start_round()
    while game.to_play is not None:
        if game.bot_to_move:
            game.bot_step()
        else:
            observation = game.observation()
            assert observation is not None
            game.play_human(observation.legal_actions[0])
    app = RaminoApp(game, pause=0, save_path=str(tmp_path / "sera.json"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, SheetScreen) and game.is_over
        shown = screen_text(app)
        assert " Tu " in shown and "Giocatore" not in shown  # the sheet's column
        await pilot.press("e")
        await pilot.press("enter")
        await pilot.press("escape")  # the table: "Tu" in the players' panel too
        assert "Tu " in _plain(app, "#players") and "Giocatore" not in _plain(app, "#players")

    run(app, scenario)
    record = tmp_path / "sera-smazzata-1.json"
    assert '"Giocatore"' in record.read_text(encoding="utf-8")
    told = runner.invoke(cli, ["replay", str(record)])
    assert told.exit_code == 0, told.output
    assert "Giocatore pesca dal tallone" in told.stdout
    assert "Tu pesca" not in told.stdout and "Tu chiude" not in told.stdout


def test_a_save_whose_human_is_tu_still_loads() -> None:
    # Saves written before the human had a name of his own call him "Tu".
    game = MatchController(RULES, players=3, seed=3, bot_factory=random_bots, name="Tu")
    game.start_round()
    game.bot_step()
    back = match_from_json(match_to_json(game), bot_factory=random_bots)
    assert back.human == "Tu" and back.names == ("Tu", "Bruno", "Carla")
    assert back.round is not None and back.round.history == game.round.history


def test_the_score_sheet_asks_whether_to_reenter() -> None:
    # Four players, short rounds: with this seed a human who only draws and discards is out
    # after the first round, at 96, and may come back at 68 (Bruno, out too, stays out).
    rules = replace(RULES, max_turns=12, target=80, reentry=True, reentry_stake=1)
    app = new_app(seed=4, players=4, rules=rules)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        for _ in range(20):
            if isinstance(app.screen, SheetScreen):
                break
            await pilot.press("t", "s", "s")
        screen = app.screen
        assert isinstance(screen, SheetScreen) and game.human_out
        assert screen.question == (
            "Rientri in partita? Costa 1 posta: riparti da 68 punti (ora ne hai 96). (s/n)"
        )
        assert game.reentry_decisions == [ReentryDecision(1, "Bruno", False)]
        await pilot.press("enter")  # nothing goes on before the answer
        assert app.screen is screen and game.round is None
        await pilot.press("s")
        assert not isinstance(app.screen, SheetScreen)
        assert game.reentry_decisions[-1] == ReentryDecision(1, "Giocatore", True)
        assert game.names == ("Giocatore", "Carla", "Dario") and game.round is not None
        assert app.message == "Rientri in partita a 68 (1 posta)."
        # The score sheet shows the re-entry under the round that put him out.
        await pilot.press("f")
        assert isinstance(app.screen, TextScreen)
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(app.screen.text)
        shown = console.export_text()
        assert "rientra" in shown and "↺ 68" in shown and "Poste per rientrare: Tu 1" in shown

    run(app, scenario)


def test_a_resumed_match_asks_again_and_staying_out_lets_the_computer_finish() -> None:
    # Saved while the question was open: resuming asks it again (in English here).
    rules = replace(RULES, reentry=True, reentry_stake=1)
    game = MatchController(rules, players=4, seed=2, bot_factory=random_bots)
    r = game.start_round()
    while not r.is_over:
        if game.bot_to_move:
            game.bot_step()
        else:
            observation = game.observation()
            assert observation is not None
            # Draw, then discard: the human never lays, so he is out after the round.
            game.play_human(observation.legal_actions[0 if r.phase is Phase.DRAW else -1])
    game.finish_round()
    assert game.reentry_offer("Giocatore") is not None
    resumed = RaminoApp(match_from_json(match_to_json(game), bot_factory=random_bots), lang="en")
    resumed.pause = 0

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, SheetScreen) and screen.question is not None
        assert screen.question.startswith("Re-enter the match? It costs 1 stake: ")
        await pilot.press("n")
        assert app.game.is_over and app.game.human_out
        assert ReentryDecision(1, "Giocatore", False) in app.game.reentry_decisions
        assert isinstance(app.screen, SheetScreen) and app.screen.over
        assert app.message == "You are out: the computer finished the match."

    run(resumed, scenario)


POKERATO = replace(get_preset("pokerato"), max_turns=40)


def _plain(app: RaminoApp, selector: str) -> str:
    widget = app.query_one(selector, Static)
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


@pytest.mark.slow
def test_a_pokerato_hand_is_bet_and_played_with_keys() -> None:
    # Seed 32: the human calls, plays a few turns and goes out by showing his hand.
    app = new_app(seed=32, rules=POKERATO)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        first = game.round
        assert first is not None and game.human_to_move and game.phase is Phase.BET
        assert "v vedi (" in _plain(app, "#status") and "+ rilancia" in _plain(app, "#keys")
        assert _plain(app, "#pot").startswith("Piatto: ")
        assert " fiches" in _plain(app, "#players")
        for _ in range(80):
            if isinstance(app.screen, SheetScreen):
                break
            observation = game.observation()
            assert observation is not None and game.human_to_move
            if observation.phase is Phase.BET:
                await pilot.press("v")
            elif observation.phase is Phase.DRAW:
                await pilot.press("t")
            elif any(isinstance(a, Show) for a in observation.legal_actions):
                await pilot.press("m")
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
            else:
                card = decide(observation).action
                assert isinstance(card, Discard)
                await pilot.press("escape")
                await move_to(app, pilot, app.hand.cards.index(card.card))
                await pilot.press("s", "s")
        assert first.end is not None and first.end.reason is EndReason.WENT_OUT
        assert game.names[first.end.out or 0] == "Giocatore"
        # Played for chips, a round is a hand: the sheet goes on to the next one.
        keys = app.screen.query_one("#sheet-keys", Static).render()
        assert "Invio prossima mano" in str(keys)
        told = [line.text("it") for line in game.log]
        assert any(line.startswith("Vedi (") for line in told)
        assert any(line.startswith("Chiudi. Prendi ") for line in told)
        # Between hands the sheet counts chips, not points.
        assert game.sheets[0].chips is not None and game.sheets[0].chips["Giocatore"] > 0
        sheet = Console(width=120, record=True)
        sheet.print(sheet_view(game, "it"))
        assert "Fiches · pokerato, 10 mani" in sheet.export_text()

    run(app, scenario)


def test_a_pokerato_turn_offers_its_moves_and_says_why_it_cannot_show() -> None:
    # Nothing is laid in pokerato: the turn is a discard, or going out by showing (m);
    # no points are counted, so f opens the chips.
    app = new_app(seed=32, rules=POKERATO)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        await pilot.press("v")
        assert game.human_to_move and game.phase is Phase.DRAW
        assert "f fiches" in _plain(app, "#keys") and "f punti" not in _plain(app, "#keys")
        await pilot.press("m")
        assert app.message.startswith("Prima pesca una carta: si chiude mostrando la mano")
        await pilot.press("t")
        assert game.phase is Phase.PLAY
        observation = game.observation()
        assert observation is not None
        assert not any(isinstance(a, Show) for a in observation.legal_actions)
        await pilot.press("m")
        # The refusal says what the hand lacks; nothing changed.
        assert app.message.startswith("Non puoi ancora chiudere: le tue carte non si legano")
        assert game.phase is Phase.PLAY and game.human_to_move
        status, keys = _plain(app, "#status"), _plain(app, "#keys")
        assert "scarta (s) o chiudi mostrando la mano (m)" in status and "cala" not in status
        assert "m mostra e chiudi" in keys and "s scarta" in keys
        assert "c cala" not in keys and "a attacca" not in keys and "j jolly" not in keys

    run(app, scenario)


def test_a_casertano_turn_says_a_show_needs_no_card_to_throw() -> None:
    # Casertano goes out by showing every card bound, with no last discard: the refusal
    # does not ask for one, and names no move in the action grammar's English.
    app = new_app(seed=32, rules=get_preset("casertano"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        assert game.human_to_move and game.phase is Phase.DRAW
        await pilot.press("t")
        observation = game.observation()
        assert observation is not None
        assert not any(isinstance(a, Show) for a in observation.legal_actions)
        await pilot.press("m")
        lacks = "Non puoi ancora chiudere: le tue carte non si legano tutte in giochi."
        assert app.message == lacks
        await pilot.press("space", "c")
        assert app.message.endswith("si chiude mostrando tutta la mano.")
        assert game.phase is Phase.PLAY and game.human_to_move

    run(app, scenario)


def test_the_turn_offers_the_pozzo_only_where_its_card_may_be_taken() -> None:
    # A house's scala 40 where only who has opened takes from the pozzo.
    rules = replace(get_preset("scala-40"), discard_pickup=DiscardPickup.OPENED)
    app = new_app(seed=3, players=2, rules=rules)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        assert game.human_to_move and game.phase is Phase.DRAW
        assert "tocca a te: pesca dal tallone (t)" in _plain(app, "#status")
        assert "pozzo" not in _plain(app, "#status")
        # The keys line offers no p either.
        assert "t tallone" in _plain(app, "#keys") and "pozzo" not in _plain(app, "#keys")
        # Picking cards before the draw: what comes first is said, not how to pick.
        await pilot.press("space", "c")
        assert app.message.startswith("Prima si pesca")
        await pilot.press("escape", "p")
        # Refused, and why; nothing changed.
        assert app.message.startswith("Non hai ancora aperto: la carta del pozzo")
        assert game.phase is Phase.DRAW
        await pilot.press("t")
        assert game.phase is Phase.PLAY

    run(app, scenario)


def test_the_blind_s_option_is_offered_as_a_call_that_adds_nothing() -> None:
    # Carla deals, so the human posts the blind; the others call it and he speaks last.
    class Caller(RandomBot):
        def act(self, observation: Observation) -> Action:
            return Call() if Call() in observation.legal_actions else super().act(observation)

    def callers(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
        return Caller(seed, name=name or "caller")

    game = MatchController(POKERATO, players=3, seed=5, dealer=2, bot_factory=callers)
    app = RaminoApp(game, lang="it", pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        observation = game.observation()
        assert observation is not None and game.phase is Phase.BET and observation.to_call == 0
        status = _plain(app, "#status")
        assert "v vedi senza aggiungere fiches" in status and "0 fiches" not in status

    run(app, scenario)


def test_folding_and_a_raise_refused_are_keys_too() -> None:
    app = new_app(seed=32, rules=replace(POKERATO, max_raises=0))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        assert game.human_to_move and game.phase is Phase.BET
        await pilot.press("plus")
        assert app.message.startswith("Non si rilancia più: queste regole non ammettono")
        assert game.phase is Phase.BET and game.human_to_move
        await pilot.press("h")
        assert app.message.startswith("Suggerimento: ")
        await pilot.press("l")
        observation = game.observation()
        assert observation is not None and observation.folded[0]

    run(app, scenario)


@pytest.mark.slow
def test_a_carioca_hand_is_opened_and_played_with_keys() -> None:
    # Seed 2: the human opens with the pair (picked cards, c) and goes out in turn 18.
    app = new_app(seed=2, rules=replace(get_preset("carioca"), max_turns=60))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        first = game.round
        assert first is not None and first.contract is not None
        assert _plain(app, "#contract").startswith("Contratto: coppia — ")
        for _ in range(400):
            if isinstance(app.screen, SheetScreen) or first.is_over:
                break
            observation = game.observation()
            assert observation is not None and game.human_to_move
            if observation.phase is Phase.DRAW:
                await pilot.press("t")
                continue
            legal = observation.legal_actions
            opening = [a for a in legal if isinstance(a, Open)]
            lays = [a for a in legal if isinstance(a, Lay)]
            attachments = [a for a in legal if isinstance(a, Attach)]
            if opening or lays:
                chosen = opening[0] if opening else lays[0]
                cards = [c for m in chosen.melds for c in m] if opening else list(lays[0].cards)
                await pick_cards(app, pilot, cards)
                await pilot.press("c")
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
                if opening and not first.is_over:
                    # Opened: nothing more goes down this turn, and the keys say so.
                    assert "si cala e si attacca dal prossimo turno" in _plain(app, "#status")
                    keys = _plain(app, "#keys")
                    assert "s scarta" in keys and "c cala" not in keys and "a attacca" not in keys
            elif attachments:
                await pick_cards(app, pilot, attachments[0].cards)
                await pilot.click("#melds", offset=(2, meld_row(app, attachments[0].meld)))
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
            else:
                discard = decide(observation).action
                if not isinstance(discard, Discard):
                    discard = next(a for a in legal if isinstance(a, Discard))
                await pilot.press("escape")
                await move_to(app, pilot, app.hand.cards.index(discard.card))
                await pilot.press("s", "s")
        assert first.end is not None and first.end.out == 0
        told = [line.text("it") for line in game.log]
        assert any("pri con il contratto: " in line for line in told)
        assert game.sheets[0].chips == {"Giocatore": 2, "Bruno": -1, "Carla": -1}

    run(app, scenario)


def test_picked_cards_that_are_not_the_contract_are_refused_with_its_words() -> None:
    app = new_app(seed=2, rules=get_preset("carioca"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        await pilot.press("t")
        # Before the opening the turn is the contract or a discard: nothing to attach yet.
        assert "apri con il contratto (c) se puoi, poi scarta (s)" in _plain(app, "#status")
        keys = _plain(app, "#keys")
        assert "c apri" in keys and "a attacca" not in keys and "j jolly" not in keys
        await pick_cards(app, pilot, app.hand.cards[:1])
        await pilot.press("c")
        assert app.message.startswith("L'apertura di questa smazzata (coppia) vuole ")
        assert game.observation() is not None

    run(app, scenario)


def test_carioca_s_last_hand_is_asked_as_a_close_without_a_discard() -> None:
    # Hand 8 opens by laying the whole hand in melds, nothing thrown (RULES.md §6.3).
    from ramino.engine.rules import Contract

    last = replace(get_preset("carioca"), contracts=(Contract.ONE_TURN,), match_rounds=1)
    app = new_app(seed=2, rules=last)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        status = _plain(app, "#status")
        assert "chiudi calando tutta la mano in giochi (c), senza scartare" in status
        assert "poi scarta" not in status

    run(app, scenario)


def test_attach_before_drawing_says_draw_first_without_a_chooser() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert app.game.human_to_move and app.game.phase is Phase.DRAW
        await pilot.press("space", "a")
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.message == IllegalAction(Reason.MUST_DRAW_FIRST).message("it")
        await pilot.press("j")
        assert not isinstance(app.screen, ChoiceScreen)
        await pilot.press("m")
        assert app.message.startswith("Con queste regole non si chiude mostrando la mano")

    run(app, scenario)


def test_the_english_help_says_joker() -> None:
    from ramino.tui.app import keys_help

    english = keys_help(get_preset("classico"), "en")
    assert "jolly" not in english and "joker" in english


def test_s_with_nothing_picked_asks_before_throwing_a_card() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None
        await pilot.press("t")
        before = len(r.history)
        card = app.hand.cards[app.hand.cursor]
        await pilot.press("s")  # a slip: nothing is thrown
        assert len(r.history) == before and card in r.hand(0)
        assert app.message == f"Scarti {card.unicode()}? Premi di nuovo s (Esc per lasciarla)."
        await pilot.press("escape", "s", "s")
        assert r.history[before].action == Discard(card)

    run(app, scenario)


def test_cards_picked_before_the_draw_stay_picked() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert app.game.human_to_move and app.game.phase is Phase.DRAW
        picked = list(app.hand.cards[:2])
        await pick_cards(app, pilot, picked)
        await pilot.press("t")
        assert app.game.phase is Phase.PLAY
        assert sorted(app.hand.selected_cards, key=str) == sorted(picked, key=str)

    run(app, scenario)


def _experts(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    return bot_for_level("esperto", seed=seed)


def _pick(app: RaminoApp, cards: Sequence[Card]) -> None:
    """Pick ``cards`` in the hand at once (picking by keys is tested above; a whole hand of
    arrows would make this test slow)."""
    picked: set[int] = set()
    for card in cards:
        picked.add(next(i for i, c in enumerate(app.hand.cards) if c is card and i not in picked))
    app.hand.selected = picked
    app.hand.refresh()


async def _press_for(app: RaminoApp, pilot: Pilot[None], action: Action) -> None:
    """Make ``action`` with the keys a player would press, its cards picked; a draw and a
    discard before any knock are played straight (their keys are tested above, and a hand's
    worth of key presses makes a slow test)."""
    keys = {Draw: "t", TakeDiscard: "p", Knock: "b", Pass: "n"}
    if isinstance(action, Draw | TakeDiscard | Discard) and app.game.phase in (
        Phase.DRAW,
        Phase.PLAY,
    ):
        assert app.play(action)
    elif type(action) in keys:
        await pilot.press(keys[type(action)])
    elif isinstance(action, Discard):
        _pick(app, [action.card])
        await pilot.press("s")
    elif isinstance(action, Lay | Attach):
        _pick(app, action.cards)
        await pilot.press("c" if isinstance(action, Lay) else "a")
    else:
        pytest.fail(f"no key for {action}")
    if isinstance(app.screen, ChoiceScreen):
        await pilot.press("enter")


async def _play_the_hand(app: RaminoApp, pilot: Pilot[None], me: Bot) -> list[tuple[str, str]]:
    """Play the human's moves of the hand by keys, ``me`` choosing them, until its score sheet
    shows: the status and keys lines before each move."""
    seen: list[tuple[str, str]] = []
    for _ in range(200):
        if isinstance(app.screen, SheetScreen):
            return seen
        observation = app.game.observation()
        assert app.game.human_to_move and observation is not None
        status = str(app.query_one("#status", Static).render())
        seen.append((status, str(app.query_one("#keys", Static).render())))
        await _press_for(app, pilot, me.act(observation))
        assert not app.message, app.message  # a refusal would say why
    pytest.fail("the hand does not end")


def test_a_gin_hand_is_played_with_keys_to_its_count() -> None:
    # Seed 29, both seats played by the expert: you pass the upcard, Bruno knocks with 2,
    # you lay off onto his melds, lay yours with nothing left over, and undercut him.
    game = MatchController(get_preset("gin"), players=2, seed=29, bot_factory=_experts)
    app = RaminoApp(game, pause=0)
    told: list[str] = []

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        for status, keys in await _play_the_hand(app, pilot, bot_for_level("esperto", seed=29)):
            told.extend((status, keys))
        told.append(screen_text(app))

    run(app, scenario, size=(100, 30))
    r = game.last_round
    assert r is not None and r.end is not None and r.end.out == 1 and r.end.points is not None
    (yours, his), won = r.end.counts, r.end.points[0]
    assert yours < his and won > 0  # the undercut this seed makes
    for said in (
        "tocca a te: prendi la carta scoperta (p) o passa (n)",
        "p pozzo · n passa",
        "tocca a te: scarta (s) · spaiati ",
        "attacca ai giochi di chi ha bussato (a), poi passa (n)",
        "←→ spazio scegli · a attacca · n passa",
        "cala i tuoi giochi (c), poi passa (n)",
    ):
        assert any(said in line for line in told), said
    log = [line.text("it") for line in game.log]
    assert any(line.startswith("Lasci la carta scoperta") for line in log)
    assert any("Bruno pesca dal tallone, bussa, scarta" in line for line in log)
    laid_off = ", non attacchi altro, cali "
    assert any(line.startswith("Attacchi ") and laid_off in line for line in log)
    ending = (
        f"Bruno bussa con {his} punti spaiati, ma tu ne hai {yours}: battuta, vinci {won} punti."
    )
    assert log[-1] == ending
    sheet = told[-1]
    assert "bussa" in sheet and "Bruno, battuta" in sheet
    assert "Mani vinte: Tu 1 · Bruno 0 (a fine partita 25 punti l'una, e 100 a chi vince)" in sheet
    assert "(ha bussato)" in sheet


def test_the_knocker_is_told_his_hand_in_english() -> None:
    # Seed 3: you knock with 2 after Bruno passed the upcard; he lays off and undercuts you.
    game = MatchController(get_preset("gin"), players=2, seed=3, bot_factory=_experts)
    app = RaminoApp(game, lang="en", pause=0)
    told: list[str] = []

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        for status, key in await _play_the_hand(app, pilot, bot_for_level("esperto", seed=3)):
            told.append(status)
            keys.append(key)
        told.append(screen_text(app))
        hand_log.extend(line.text("en") for line in game.log)
        # Enter deals the next hand, whose first step is asked again.
        await pilot.press("enter")
        assert not isinstance(app.screen, SheetScreen)
        next_hand.append(str(app.query_one("#status", Static).render()))

    keys: list[str] = []
    next_hand: list[str] = []
    hand_log: list[str] = []
    run(app, scenario, size=(100, 30))
    assert next_hand[0].startswith("Round 2 · gin · ")
    assert any(ask in next_hand[0] for ask in ("take the upcard", "is playing"))
    # Once the knocker has thrown, the keys are those of laying, as the status line says.
    laying = [key for line, key in zip(told, keys, strict=False) if "lay your melds" in line]
    assert laying and all(key.startswith("←→ space pick · c lay · n pass") for key in laying)
    for said in (
        "your turn: discard (s) or knock (b) · deadwood 2",
        "you knocked: discard (s)",
        "you knocked: lay your melds (c), then pass (n)",
    ):
        assert any(said in line for line in told), said
    log = hand_log
    assert any(
        line.startswith("You draw ") and ", knock, discard " in line and line.endswith(" and pass.")
        for line in log
    )
    laid_off = ", lays off nothing more, lays "
    assert any(line.startswith("Bruno attaches ") and laid_off in line for line in log)
    assert (
        log[-1]
        == "You knock with 2 points of deadwood, but Bruno has 0: undercut, Bruno wins 27 points."
    )
    assert "You, undercut" in told[-1] and "You (knocked) 2♦ = 2 · Bruno = 0" in told[-1]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_keys_screen_lists_only_the_moves_of_the_rules_played(lang: str) -> None:
    from ramino.tui.app import keys_help

    # Gin rummy: knock and pass, no jolly, no contract, no bets, no closing by showing.
    gin = keys_help(get_preset("gin"), lang)
    assert "b " in gin and "pokerato" not in gin and "carioca" not in gin
    assert ("riprendi un jolly" if lang == "it" else "take a joker back") not in gin
    # Ramino: no knocking; pokerato's bets and carioca's contract only under their rules.
    classico = keys_help(get_preset("classico"), lang)
    assert "gin rummy" not in classico and "pokerato" not in classico
    assert "carioca" not in classico and "j " in classico
    assert "pokerato" in keys_help(get_preset("pokerato"), lang)
    assert "carioca" in keys_help(get_preset("carioca"), lang)
    # The jolly only where one is dealt: gin and tradizionale have none.
    joker = "jolly" if lang == "it" else "joker"
    assert joker not in gin and joker not in keys_help(get_preset("tradizionale"), lang)
    assert joker in classico and joker in keys_help(get_preset("carioca"), lang)
    # Pokerato lays nothing: it goes out by showing, with no lay, attach, jolly or undo keys.
    for rules in ("pokerato", "pokerato-immaginario"):
        shown = keys_help(get_preset(rules), lang).split("\n")
        assert any(line.startswith("m ") for line in shown), rules
        assert not any(line.startswith(("c ", "a ", "j ", "u ")) for line in shown), rules
    # Every line shown is one of the keys' lines, each once.
    lines = classico.split("\n")
    assert len(lines) == len(set(lines)) and all(line.strip() for line in lines)


def test_the_online_log_tells_the_defenders_two_passes_apart() -> None:
    # Told from the server's views, as at `ramino play --join`, state after state: the
    # defender's first pass after a knock with deadwood ends his lay-offs, the second the hand.
    from ramino.client.link import Invitation
    from ramino.engine.round import Round
    from ramino.server.protocol import observation_view
    from ramino.tui.online import OnlineGame

    rules, names = get_preset("gin"), ["Anna", "Bruno"]
    bots = [bot_for_level("esperto", seed=1), bot_for_level("esperto", seed=2)]
    for seed in range(50):
        r, phases = Round(rules, 2, seed=seed), []
        while r.end is None:
            phases.append(r.phase)
            r.apply(bots[r.to_play].act(r.observation(r.to_play)))
        if Phase.LAY_OFF in phases:
            break
    else:
        pytest.fail("no hand of the first 50 seeds is laid off")
    knocker = next(e.seat for e in r.history if isinstance(e.action, Knock))
    defender = 1 - knocker
    info = {"seats": [{"name": name} for name in names]}
    game = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "token", rules, info)
    game.welcome({"seat": defender, "name": names[defender]})
    replayed = Round(rules, 2, seed=seed)
    for version, event in enumerate(r.history, 1):
        replayed.apply(event.action)
        seen = replayed.observation(defender)
        view = observation_view(seen, names, {"Bruno"}, (0, 0)).model_dump(mode="json")
        over = replayed.end is not None
        state = {"version": version, "round": 1, "match_over": over, "sheet": []}
        game.update(
            {**state, "ended": view, "ended_round": 1} if over else {**state, "observation": view}
        )
    told = " ".join(line.text("it") for line in game.log).lower()
    assert told.count("non attacchi altro, cali ") == 1 and "non attacca altro" not in told, told


def test_the_online_log_tells_each_bet_s_chips_state_by_state_and_on_reconnecting() -> None:
    # Told from the server's views, as at `ramino play --join`: state after state, and all at
    # once (a reconnection), each bet says its own chips, as the server tells them.
    from ramino.client.link import Invitation
    from ramino.engine.actions import parse_action
    from ramino.engine.round import Round
    from ramino.server.protocol import observation_view
    from ramino.tui.online import OnlineGame

    rules, names = replace(POKERATO, blind=1, raise_unit=1), ["Anna", "Bruno", "Carla"]
    info = {"seats": [{"name": name} for name in names]}
    step, whole = (
        OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", rules, info) for _ in "ab"
    )
    for game in (step, whole):
        game.welcome({"seat": 1, "name": "Bruno"})
    # Bruno deals, Carla posts the blind; Bruno, with 3 chips, cannot cover Anna's last raise.
    round_ = Round(rules, 3, chips=[4, 3, 5], dealer=1)
    state: dict[str, object] = {"round": 1, "match_over": False, "sheet": []}
    for version, text in enumerate(["raise", "call", "raise", "raise", "call", "call"], 1):
        round_.apply(parse_action(text))
        view = observation_view(round_.observation(1), names, set(), (0, 0, 0))
        state = {**state, "version": version, "observation": view.model_dump(mode="json")}
        step.update(state)
    whole.update(state)
    for lang in ("it", "en"):
        told = [line.text(lang) for line in step.log[1:]]
        assert told == [line.text(lang) for line in whole.log[1:]], lang
    assert [line.text("it") for line in whole.log[1:]] == [
        "Anna rilancia a 2 fiches.",
        "Vedi (2 fiches).",
        "Carla rilancia a 3 fiches.",
        "Anna rilancia a 4 fiches, tutte le sue.",
        "Vedi (una fiche, tutte le tue).",
        "Carla vede (una fiche).",
    ]
    assert whole.log[-2].text("en") == "You call (one chip, all-in)."


def test_the_online_log_tells_the_stock_remade_and_the_cap_as_at_home() -> None:
    # Told from the server's views, as at `ramino play --join`: each time the stock is remade,
    # and a round the restock cap stops says so (rami-40, here once).
    from ramino.client.link import Invitation
    from ramino.engine.actions import Discard, Draw
    from ramino.engine.round import Round
    from ramino.server.protocol import observation_view
    from ramino.tui.online import OnlineGame

    rules, names = replace(get_preset("rami-40"), max_restocks=1), ["Anna", "Bruno"]
    game = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", rules, {"seats": []})
    game.welcome({"seat": 1, "name": "Bruno"})
    round_ = Round(rules, 2, seed=3, dealer=1)
    state: dict[str, object] = {"round": 1, "match_over": False, "sheet": []}
    version = 0
    while not round_.is_over:
        # Both draw from the stock and throw what they drew, so the stock runs out.
        draw = round_.can(Draw())
        round_.apply(Draw() if draw else Discard(round_.hand(round_.to_play)[-1]))
        version += 1
        view = observation_view(round_.observation(1), names, set(), (0, 0))
        state = {**state, "version": version, "observation": view.model_dump(mode="json")}
        if round_.is_over:
            state = {
                **state,
                "round": 2,
                "observation": None,
                "ended": view.model_dump(mode="json"),
                "ended_round": 1,
                "ended_by": {"reason": "max_restocks", "out": None, "in_one_turn": False},
            }
        game.update(state)
    told = [line.text("it") for line in game.log]
    remade = [line for line in told if line.startswith("Il tallone è finito")]
    assert remade == [
        "Il tallone è finito: il pozzo, tranne la carta in cima, si mescola e diventa il nuovo"
        " tallone (1ª volta)."
    ]
    assert told[-1] == (
        "La smazzata si ferma: il tallone è finito di nuovo, già rifatto una volta, il massimo."
    )


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_status_line_asks_for_the_opening_s_points(lang: str) -> None:
    # Scala 40, seed 2: the human holds J♣ Q♣ K♣ and J♠ Q♠ K♠, 30 points each.
    app = new_app(seed=2, players=2, rules=get_preset("scala-40"), lang=lang)

    def status() -> str:
        return str(app.query_one("#status", Static).render())

    def keys() -> str:
        return str(app.query_one("#keys", Static).render())

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        asked = {"it": "apri con 40 punti (c), poi scarta (s)", "en": "open with 40 points (c)"}
        assert asked[lang] in status()
        # Before the opening nothing is attached under these rules: no "a" on the keys line.
        attach = {"it": "a attacca", "en": "a attach"}[lang]
        assert attach not in keys() and "j " in keys()
        _pick(app, parse_cards("JC QC KC"))
        await pilot.press("c")
        assert {"it": "apertura a 30 su 40", "en": "opening at 30 of 40"}[lang] in status()
        _pick(app, parse_cards("JS QS KS"))
        await pilot.press("c")
        opened = {"it": "cala, attacca, poi scarta (s)", "en": "lay, attach, then discard (s)"}
        assert opened[lang] in status() and attach in keys()

    run(app, scenario)


def test_the_keys_line_has_no_jolly_where_none_is_dealt() -> None:
    app = new_app(seed=2, players=2, rules=get_preset("tradizionale"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        shown = str(app.query_one("#keys", Static).render())
        assert "c cala" in shown and "a attacca" in shown and "jolly" not in shown

    run(app, scenario)


def test_the_keys_screen_has_no_show_where_the_hand_is_never_shown() -> None:
    from ramino.tui.app import keys_help

    # Scala 40 and classico lay their melds: nobody closes by showing the hand.
    for rules in ("scala-40", "classico", "rami-40"):
        assert not any(
            line.startswith("m ") for line in keys_help(get_preset(rules), "it").split("\n")
        )
    assert any(
        line.startswith("m ") for line in keys_help(get_preset("casertano"), "it").split("\n")
    )
    flush = replace(get_preset("classico"), flush_close=True)
    assert any(line.startswith("m ") for line in keys_help(flush, "en").split("\n"))


def test_a_lay_refused_with_no_opening_in_reach_says_so() -> None:
    # Scala 40, seed 1, four players: the human's hand cannot make 40 this turn at all; the
    # refusal said "after this move the opening would stop at 0 points".
    app = new_app(seed=1, players=4, rules=get_preset("scala-40"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        observation = app.game.observation()
        assert observation is not None
        assert not any(isinstance(a, Lay) for a in observation.legal_actions)
        _pick(app, parse_cards("9H 10H JH"))
        await pilot.press("c")
        assert app.message.startswith("Con le carte che hai non arrivi a 40 punti di apertura")
        assert "fermerebbe a 0 punti" not in app.message

    run(app, scenario)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_sheet_s_keys_fit_a_line_of_an_80_column_terminal(lang: str) -> None:
    # The box is 76 columns wide there, 72 inside its border and padding; the keys line is
    # one line high: longer, its last keys (q, esci) were cut.
    for over, question in ((False, None), (True, None), (False, "rientri?")):
        keys = SheetScreen(Text(""), lang, over=over, question=question)._keys()
        assert len(keys) <= 72, keys
        assert keys.endswith(("q esci", "q salva ed esci", "q quit", "q save and quit")), keys


def _greedy(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    return bot_for_level("intermedio", seed=seed)


def _online_beside(
    game: MatchController, rounds: int, skip: Callable[[int], bool] = lambda n: False
) -> OnlineGame:
    """``rounds`` rounds of ``game`` played by the computer for every seat, the human's
    too, and an online game told them as the server tells its seat (``state`` messages):
    at each deal, and at each end with the sheet, the view as it ended, its hands; but not
    the states numbered so that ``skip`` says yes (1 the first round's deal, 2 its end…)."""
    from ramino.client.link import Invitation
    from ramino.server.protocol import observation_view
    from ramino.server.tables import knock_note
    from ramino.tui.online import OnlineGame

    online = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", game.rules, {"seats": []})
    online.welcome({"seat": 0, "name": game.human})
    mine = bot_for_level("intermedio", seed=1)
    version = 0
    sent = 0

    def send(state: dict[str, object]) -> None:
        nonlocal sent
        sent += 1
        if not skip(sent):
            online.update(state)

    knocks: dict[int, dict[str, object]] = {}

    def state(number: int, round_: Round, **more: object) -> dict[str, object]:
        nonlocal version
        version += 1
        names = list(game.names)
        view = observation_view(
            round_.observation(names.index(game.human)), names, set(), (0,) * len(names)
        )
        told = {
            "version": version,
            "round": number,
            "match_over": game.is_over,
            "winner": game.play.match.winner,
        }
        return {**told, "observation": view.model_dump(mode="json"), **more}

    for number in range(1, rounds + 1):
        round_ = game.start_round()
        send(state(number, round_))
        play_to_end_of_round(game, mine)
        game.finish_round()
        if game.rules.knock_limit is not None:
            knocks[number] = knock_note(round_, game.play)
        sheet = [line.to_dict() for line in game.sheets]
        for line in sheet:
            if line["number"] in knocks:
                line["knock"] = knocks[line["number"]]
        end = round_.end
        assert end is not None
        ended = state(number, round_)
        send(
            {
                **ended,
                "round": number + 1,
                "observation": None,
                "sheet": sheet,
                "ended": ended["observation"],
                "ended_round": number,
                "ended_by": {
                    "reason": end.reason.value,
                    "out": end.out,
                    "in_one_turn": end.in_one_turn,
                },
                "ended_hands": [[str(c) for c in round_.hand(s)] for s in range(len(game.names))],
                # As Table.state: the next messa while the match goes on, the stakes paid.
                "messa_level": (
                    game.play.match.messa_level if game.rules.messa and not game.is_over else None
                ),
                "stakes": {p: n for p, n in game.play.match.stakes.items() if n},
            }
        )
        if game.is_over:
            break
    return online


@pytest.mark.parametrize(
    ("preset", "players", "seed", "rounds", "said"),
    [
        ("casertano", 3, 4, 2, "Count of the cards left unbound: "),
        ("scala-40", 3, 1, 2, "Count: "),
        ("classico", 2, 2, 2, "Count: "),
        ("rami-40", 2, 3, 1, "Count: "),
        ("enciclopedia", 3, 5, 2, "Count: "),
        ("pokerato", 3, 5, 2, "Chips · pokerato"),
        ("gin", 2, 3, 2, "(knocked)"),
    ],
)
def test_the_online_sheet_says_what_the_home_sheet_says(
    preset: str, players: int, seed: int, rounds: int, said: str
) -> None:
    # The same rounds, scored at home and told by the server: the same grid, notes and count
    # (who went out and how, doubling, messa, credits, the unbound cards), not the bare cells.
    from ramino.tui.online import online_sheet

    game = MatchController(get_preset(preset), players=players, seed=seed, bot_factory=_greedy)
    online = _online_beside(game, rounds)

    def shown(sheet: object) -> list[str]:
        console = Console(width=300, record=True)
        console.print(sheet)
        return [line.rstrip() for line in console.export_text().splitlines() if line.strip()]

    home = shown(sheet_view(game, "en"))
    away = shown(online_sheet(online, "en"))
    # The home sheet's last turn and standing are the online table's log and status line.
    kept = [line for line in home if not line.startswith("Last turn")][:-1]
    assert kept == away[: len(kept)], (home, away)
    assert any(said in line for line in away), away


def test_the_online_sheet_says_the_next_messa_and_the_stakes_as_the_server_tells_them() -> None:
    # A scempio suspends the messa and raises the next (enciclopedia): the state says it.
    from ramino.client.link import Invitation
    from ramino.engine.match import RoundResult
    from ramino.tui.online import OnlineGame, online_sheet

    game = MatchController(get_preset("enciclopedia"), players=3, bot_factory=random_bots)
    game.play.match.record(RoundResult("Carla", {"Giocatore": 20, "Bruno": 30}, in_one_turn=True))
    online = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", game.rules, {"seats": []})
    online.welcome({"seat": 0, "name": game.human})
    online.update(
        {
            "version": 1,
            "round": 2,
            "match_over": False,
            "observation": None,
            "sheet": [line.to_dict() for line in game.sheets],
            "messa_level": game.play.match.messa_level,
            "stakes": {"Bruno": 1},
        }
    )
    console = Console(width=200, record=True)
    console.print(online_sheet(online, "it"))
    said = console.export_text()
    assert "Nell'ultima smazzata niente messa." in said
    assert "Nella prossima la messa è 100." in said
    assert "Poste per rientrare: Bruno 1" in said


def _offline(game: OnlineGame, lang: str) -> RaminoApp:
    """The online table with no server behind it: the test gives it the server's messages."""
    from ramino.tui.online import OnlineApp

    class Offline(OnlineApp):
        async def _connection(self) -> None:
            return None

    return Offline(game, lang=lang)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_online_table_says_what_it_waits_for_and_its_own_keys(lang: str) -> None:
    # Before the first deal nothing is over; while the others play there is no computer's
    # pause to skip; and `?` offers no undo and says that leaving keeps the seat.
    from ramino.client.link import Invitation
    from ramino.server.protocol import observation_view

    rules, names = get_preset("scala-40"), ["Anna", "Bruno"]
    info = {"seats": [{"name": None}, {"name": None}]}
    game = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", rules, info)
    app = _offline(game, lang)
    round_ = Round(rules, 2, seed=3, dealer=1)
    view = observation_view(round_.observation(1), names, set(), (0, 0))
    told = {"type": "state", "sheet": [], "match_over": False}

    def line(name: str) -> str:
        return str(app.query_one(f"#{name}", Static).render())

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app, OnlineApp)
        app._received({"type": "welcome", "seat": 1, "name": "Bruno"})
        app._received({**told, "version": 0, "round": 0, "observation": None})
        await pilot.pause()
        waiting = {"it": "si aspettano i giocatori", "en": "waiting for the players"}[lang]
        assert waiting in line("status") and "Smazzata 0" not in line("status"), line("status")
        app._received({**told, "version": 1, "round": 1, "observation": view.model_dump()})
        await pilot.pause()
        assert not game.human_to_move
        assert (
            line("keys")
            == {
                "it": "r regole · f punti · ? tasti · q esci",
                "en": "r rules · f scores · ? keys · q quit",
            }[lang]
        )
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        shown = app.screen.text.plain
        undo, pause = {"it": ("u annulla", "pausa"), "en": ("u undo", "pause")}[lang]
        assert undo not in shown and pause not in shown, shown
        kept = {"it": "il posto resta tuo", "en": "your seat stays yours"}[lang]
        assert kept in shown and shown.count("\n") > 5, shown

    run(app, scenario)


def test_the_online_log_tells_a_round_over_between_two_states() -> None:
    # The computer players can end a round and deal and end the next before the server
    # sends this seat a state: the log tells the first's end from the sheet, then the next
    # one whole, from its deal to its end, as if every state had come.
    every = _online_beside(
        MatchController(get_preset("classico"), players=2, seed=2, bot_factory=_greedy), 3
    )
    game = MatchController(get_preset("classico"), players=2, seed=2, bot_factory=_greedy)
    online = _online_beside(game, 3, skip=lambda n: n in (2, 3))
    told = [line.text("it") for line in online.log]
    whole = [line.text("it") for line in every.log]
    deals = [line for line in told if line.startswith("— Smazzata")]
    assert [line.split(":")[0] for line in deals] == [f"— Smazzata {n}" for n in (1, 2, 3)]
    ends = [n for n, line in enumerate(told) if line == "La smazzata è finita."]
    assert not ends, told
    # The first round ends as it did (its last moves are lost with the state); the second's
    # moves, then how it ended, just as the seat would have read them.
    second = told.index(deals[1])
    assert told[second - 1] == whole[whole.index(deals[1]) - 1]
    assert told[second:] == whole[whole.index(deals[1]) :], (told, whole)


class _Socket:
    """What the online table sends, kept."""

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []

        class Transport:
            def abort(self) -> None:
                pass

        self.transport = Transport()

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_online_table_answers_a_rematch_and_plays_it(lang: str) -> None:
    # At the end of the match the terminal asks for the rematch the others wait for, sends
    # the answer, and the rematch starts with a new sheet and its own first round.
    from ramino.client.link import Invitation
    from ramino.engine.match import RoundSheet
    from ramino.engine.scoring import Closing
    from ramino.server.protocol import observation_view

    rules, names = get_preset("classico"), ["Anna", "Bruno"]
    info = {"seats": [{"name": name} for name in names]}
    game = OnlineGame(Invitation("http://127.0.0.1:1", "t"), "t", rules, info)
    app = _offline(game, lang)
    socket = _Socket()
    round_ = Round(rules, 2, seed=3, dealer=0)
    view = observation_view(round_.observation(1), names, set(), (0, 0)).model_dump()
    line = RoundSheet(
        1, "Anna", False, Closing.SIMPLE, {"Bruno": 120}, {"Anna": 0, "Bruno": 120},
        {"Anna": 0, "Bruno": 120}, ("Bruno",), (), 0, {},
    ).to_dict()  # fmt: skip
    told = {"type": "state", "version": 1, "round": 1, "match_over": False, "sheet": []}
    over = {
        **told,
        "version": 2,
        "match_over": True,
        "observation": None,
        "sheet": [line],
        "winner": "Anna",
        "ended": view,
        "ended_round": 1,
        "ended_by": {"reason": "went_out", "out": 0, "in_one_turn": False},
        "rematch": {"agreed": [0], "declined": [], "waiting": [1], "names": names},
    }
    again = {**told, "version": 3, "match": 2, "observation": view}

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app, OnlineApp)
        app._socket = socket
        app._received({"type": "welcome", "seat": 1, "name": "Bruno"})
        app._received({**told, "observation": view})
        app._received(over)
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.question is not None
        asked = {"it": "Un'altra partita", "en": "Another match"}[lang]
        assert app.screen.question.startswith(asked)
        await pilot.press("s")
        await pilot.pause()
        assert [m["agree"] for m in socket.sent if m["type"] == "rematch"] == [True]
        app._received(again)
        await pilot.pause()
        assert game.match == 2 and game.sheet == [] and game.round_number == 1
        assert not game.is_over and game.in_round

    run(app, scenario)
    assert [line.text("it") for line in game.log][-2:] == [
        "— Partita 2: la rivincita. —",
        "— Smazzata 1: distribuisce Anna. —",
    ]
