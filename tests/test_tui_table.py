"""What the terminal table shows and lets a player take back: the log scrolled by keys, the card
just drawn marked, an undo of a meld within one's own turn, a notice in a window too small, who
has opened, what a jolly in a set stands for, colours that read, a save that never overwrites
without asking, and the score sheet that tells the last turn and closes with Esc."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from ramino.ai import bot_for_level
from ramino.ai.greedy import decide
from ramino.cli.app import app as cli
from ramino.engine import get_preset
from ramino.engine.actions import Action, Discard, Draw, Knock, Lay, Pass
from ramino.engine.cards import parse_cards
from ramino.engine.errors import RecordError
from ramino.engine.going_out import min_deadwood
from ramino.engine.melds import validate_meld
from ramino.engine.observation import Observation
from ramino.engine.round import Phase
from ramino.engine.rules import Rules, SetJokerSwap
from ramino.engine.scoring import hand_count
from ramino.engine.state import TableMeld
from ramino.tui import cards as card_colours
from ramino.tui.app import ERROR_STYLE, NOTE_STYLE, RaminoApp
from ramino.tui.controller import MatchController, NothingToUndo
from ramino.tui.save import match_from_json, match_to_json
from ramino.tui.screens import ConfirmScreen, PathScreen, QuitScreen, SheetScreen
from ramino.tui.sheet import outcome, sheet_view
from ramino.tui.table import MeldsView, meld_text, players_text
from screens import WRITE
from test_tui import RULES, new_app, play_turn, random_bots, run, screen_text

pytestmark = pytest.mark.once


def _to_a_lay(game: MatchController) -> Lay:
    """Play the human's turns (draw, then the first discard) until, after a draw, he can lay
    a meld; return that meld."""
    for _ in range(60):
        while game.bot_to_move:
            game.bot_step()
        assert game.human_to_move
        game.play_human(Draw())
        observation = game.observation()
        assert observation is not None
        lays = [a for a in observation.legal_actions if isinstance(a, Lay)]
        if lays:
            return lays[0]
        game.play_human(next(a for a in observation.legal_actions if isinstance(a, Discard)))
    pytest.fail("no meld to lay in 60 turns")


def _state(game: MatchController) -> tuple[object, ...]:
    observation = game.observation()
    assert observation is not None
    return (
        observation.hand,
        observation.table,
        observation.opened,
        observation.legal_actions,
        game.current_record(),
        [line.text("it") for line in game.log],
    )


def test_undo_gives_back_the_exact_state_and_nothing_more() -> None:
    game = MatchController(RULES, players=3, seed=5, bot_factory=random_bots)
    game.start_round()
    with pytest.raises(NothingToUndo):
        game.undo()  # before drawing: nothing of this turn to take back
    lay = _to_a_lay(game)
    before = _state(game)
    with pytest.raises(NothingToUndo):
        game.undo()  # the draw showed a card: it stays
    assert _state(game) == before
    game.play_human(lay)
    assert game.can_undo and _state(game) != before
    it, en = game.undo()
    assert _state(game) == before and not game.can_undo
    assert it.startswith("cali ") and en.startswith("lay ")
    # Played again after the undo, the move is as good as the first time.
    game.play_human(lay)
    observation = game.observation()
    assert observation is not None
    game.play_human(next(a for a in observation.legal_actions if isinstance(a, Discard)))
    assert not game.can_undo  # the discard ended the turn
    with pytest.raises(NothingToUndo) as refused:
        game.undo()
    assert "finché non scarti" in refused.value.message("it")
    assert "until you discard" in refused.value.message("en")


def test_u_takes_back_a_meld_and_picks_its_cards_again() -> None:
    app = new_app(seed=5)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        await pilot.press("u")
        assert "niente da annullare" in app.message
        lay = _to_a_lay(game)
        app.refresh_view()
        before = _state(game)
        game.play_human(lay)
        app.refresh_view()
        assert "u annulla" in str(app.query_one("#keys", Static).render())
        await pilot.press("u")
        assert _state(game) == before
        assert app.message.startswith("Annullato: cali ")
        assert sorted(app.hand.selected_cards) == sorted(lay.cards)

    run(app, scenario)


def test_the_card_just_drawn_is_marked_until_the_turn_ends() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert not app.hand.drawn and "╔" not in app.hand.render().plain
        r = app.game.round
        assert r is not None
        await pilot.press("t")
        drawn = r.deck[r.history[-1].ids[0]]
        (place,) = app.hand.drawn
        assert app.hand.cards[place] is drawn
        assert app.hand.render().plain.count("╔══╗") == 1
        await pilot.press("o")  # sorted the other way, it is still the one marked
        assert [app.hand.cards[i] for i in app.hand.drawn] == [drawn]
        await pilot.press("escape")
        await pilot.press("s", "s")
        assert not app.hand.drawn

    run(app, scenario)


def _visible_log(app: RaminoApp) -> list[str]:
    box = app.query_one("#log-box")
    lines = [line.text("it") for line in app.game.log]
    top = round(box.scroll_y)
    return lines[top : top + box.scrollable_content_region.height]


def test_the_log_scrolls_back_to_the_first_turn_by_keys() -> None:
    app = new_app(players=6)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        for _ in range(4):
            await pilot.press("t")
            await pilot.press("escape", "s", "s")
        lines = [line.text("it") for line in game.log]
        assert len(lines) > 20
        # Following the game, the log shows its last lines.
        assert _visible_log(app)[-1] == lines[-1]
        await pilot.press(*["pageup"] * 10)
        shown = _visible_log(app)
        assert shown[0].startswith("— Smazzata 1: distribuisci tu.")
        assert shown[1] == lines[1]  # the round's first turn
        # A computer's move does not pull the log back down while it is being read.
        await pilot.press("t")
        assert _visible_log(app)[0] == shown[0]
        await pilot.press(*["pagedown"] * 10)
        assert _visible_log(app)[-1] == [line.text("it") for line in game.log][-1]
        # Back at the end, the log follows the game again.
        await pilot.press("escape", "s", "s", "t")
        told = " ".join(" ".join(line.text("it") for line in game.log).split())
        assert told.endswith(_log_on_screen(app))

    run(app, scenario)


def _log_on_screen(app: RaminoApp) -> str:
    """The words the log's box shows on the screen, between its top border and the hand
    (without the scroll bar at their right end)."""
    rows = screen_text(app).splitlines()
    top = next(i for i, row in enumerate(rows) if row.startswith("▔▔▔"))
    bottom = next(i for i, row in enumerate(rows) if i > top and "┌──┐" in row)
    words = (row.rstrip().rstrip("▁▂▃▄▅▆▇█") for row in rows[top + 1 : bottom])
    return " ".join(" ".join(words).split())


def test_the_log_follows_play_in_every_round() -> None:
    # Short rounds of a long match: the log must show the newest moves in round 2 and 3 too,
    # without a key to scroll it, after the score sheet has covered the table.
    rules = replace(RULES, max_turns=12, target=500)
    app = RaminoApp(MatchController(rules, players=3, seed=3, bot_factory=random_bots), pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        for number in (1, 2, 3):
            assert game.play.rounds == number - 1
            for _ in range(30):
                if isinstance(app.screen, SheetScreen):
                    break
                await pilot.press("t", "escape", "s", "s")
                if game.human_to_move:
                    told = " ".join(line.text("it") for line in game.log)
                    shown = _log_on_screen(app)
                    assert shown and " ".join(told.split()).endswith(shown), (number, shown)
            assert isinstance(app.screen, SheetScreen)
            await pilot.press("enter")
            await pilot.pause()

    run(app, scenario)


def test_a_taller_window_shows_more_of_the_log() -> None:
    heights = {}
    for size in ((80, 24), (120, 40)):
        app = new_app(players=4)

        async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
            heights[app.size] = app.query_one("#log-box").scrollable_content_region.height

        run(app, scenario, size=size)
    assert heights[80, 24] >= 5
    assert heights[120, 40] >= 2 * heights[80, 24]


def test_a_small_window_shows_a_notice_instead_of_a_cut_table() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        notice = app.query_one("#too-small", Static)
        assert not notice.display
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert notice.display and not app.query_one("#hand").display
        assert "troppo piccola (60×20)" in str(notice.render())
        assert "80×24" in str(notice.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display and app.hand.has_focus

    run(app, scenario)


def test_who_has_opened_is_shown_where_opening_matters() -> None:
    game = MatchController(get_preset("scala-40"), players=2, seed=1, bot_factory=random_bots)
    r = game.start_round()
    # Seat 1 has opened: the screen shows it (the position put so by hand).
    r.position = r.position.but(opened=(False, True))
    observation = game.observation()
    assert observation is not None
    lines = players_text(
        observation, game.names, [0, 0], None, "it", opening=True
    ).plain.splitlines()
    assert "aperto" not in lines[0] and "aperto" in lines[1]
    english = players_text(observation, game.names, [0, 0], None, "en", opening=True).plain
    assert "opened" in english
    assert "aperto" not in players_text(observation, game.names, [0, 0], None, "it").plain


@pytest.mark.parametrize(
    ("cards", "all_missing", "shown"),
    [
        ("7H 7D JK", True, "7♥ 7♦ 🃏=7♣♠"),
        ("7H 7D 7S JK", True, "7♥ 7♦ 7♠ 🃏=7♣"),
        ("7H 7D JK", False, "7♥ 7♦ 🃏=7♣"),
        ("7H 8H JK", True, "🃏=6♥ 7♥ 8♥"),
    ],
)
def test_a_jolly_in_a_set_stands_for_every_missing_suit(
    cards: str, all_missing: bool, shown: str
) -> None:
    swap = SetJokerSwap.ALL_MISSING if all_missing else SetJokerSwap.DECLARED_SUIT
    rules = replace(get_preset("classico"), set_joker_swap=swap)
    meld = validate_meld(parse_cards(cards), rules)
    assert meld_text(meld, rules).plain == shown


def _contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_colours_of_the_cards_pass_wcag_aa_on_the_card_and_under_the_cursor() -> None:
    faces = {*card_colours._TWO.values(), *card_colours._FOUR.values()}
    faces |= {card_colours._JOKER_COLOUR, card_colours._EDGE}
    for background in (card_colours.CARD_BACKGROUND, card_colours.CURSOR_BACKGROUND):
        for colour in faces:
            assert _contrast(colour, background) >= 4.5, (colour, background)


def test_the_sentences_of_the_game_read_on_its_background() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        background = app.get_css_variables()["background"]
        for style in (ERROR_STYLE, NOTE_STYLE):
            colour = style.split()[-1]
            assert _contrast(colour, background) >= 4.5, (style, background)

    run(app, scenario)


def test_saving_over_an_existing_file_asks_first(tmp_path: Path) -> None:
    target = tmp_path / "partita.json"
    target.write_text("la partita di ieri", encoding="utf-8")
    app = new_app(save_path=str(target))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("s")
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        assert "esiste già" in str(app.screen.question)
        await pilot.press("n")
        # Not over it: a new name is offered instead.
        assert isinstance(app.screen, PathScreen)
        assert app.screen.default == str(tmp_path / "partita-2.json")
        await pilot.press("enter")

    run(app, scenario)
    assert target.read_text(encoding="utf-8") == "la partita di ieri"
    assert app.saved_to == str(tmp_path / "partita-2.json")
    assert (tmp_path / "partita-2.json").exists()


def test_saving_over_an_existing_file_when_the_player_says_so(tmp_path: Path) -> None:
    target = tmp_path / "partita.json"
    target.write_text("la partita di ieri", encoding="utf-8")
    app = new_app(save_path=str(target), lang="en")

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("q", "s", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")

    run(app, scenario)
    assert app.saved_to == str(target)
    assert target.read_text(encoding="utf-8").startswith("{")


def test_a_save_that_cannot_be_written_says_why_in_the_tables_language(tmp_path: Path) -> None:
    app = new_app(save_path=str(tmp_path / "nessuna" / "cartella.json"))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        await pilot.press("q", "s", "enter")
        assert app.message.endswith("la cartella non esiste.")
        assert "Errno" not in app.message

    run(app, scenario)
    assert app.saved_to is None


def test_the_default_save_name_is_never_an_earlier_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ramino-partita.json").write_text("{}", encoding="utf-8")
    game = MatchController(RULES, players=2, seed=1, bot_factory=random_bots)
    assert RaminoApp(game, pause=0).save_path == "ramino-partita-2.json"


def test_the_score_sheet_tells_the_last_turn_and_esc_shows_the_table() -> None:
    app = new_app(rules=replace(RULES, hand_size=7, max_turns=2, target=500))

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        for _ in range(3):
            if isinstance(app.screen, SheetScreen):
                break
            await pilot.press("t", "escape", "s", "s")
        assert isinstance(app.screen, SheetScreen)
        ending = game.last_turn[-1].text("it")
        console = Console(file=io.StringIO(), width=100)
        console.print(app.screen.sheet)
        told = " ".join(console.file.getvalue().split())
        assert "Ultimo turno: " in told and ending in told
        await pilot.press("escape")
        assert not isinstance(app.screen, SheetScreen) and game.round is None
        assert "Invio" in app.message
        await pilot.press("enter")
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("enter")
        assert len(game.play.dealers) == 2  # the next round was dealt

    run(app, scenario)


@pytest.mark.parametrize("option", [["--rules", "scala-40"], ["--players", "4"], ["--seed", "9"]])
def test_resume_refuses_options_it_would_ignore(option: list[str], tmp_path: Path) -> None:
    saved = tmp_path / "partita.json"
    saved.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--resume", str(saved), *option])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("errore: --resume") and option[0] in line


#: Where the screen captures go; docs/cli.md shows one of them.
CAPTURES = Path(__file__).parent.parent / "docs" / "screens"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_screen_captures_of_a_four_player_round(size: tuple[int, int]) -> None:
    game = MatchController(get_preset("scala-40"), players=4, seed=11, bot_factory=random_bots)
    app = RaminoApp(game, pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        for _ in range(5):
            await pilot.press("t")
            await pilot.press("escape", "s", "s")
        await pilot.press("t")
        await pilot.press("right", "space", "right", "space")
        app.say("Suggerimento: h · annulla: u · cronaca: PagSu/PagGiù")
        await pilot.pause()
        width, height = size
        picture = app.export_screenshot()
        if WRITE:  # make screens
            CAPTURES.mkdir(parents=True, exist_ok=True)
            (CAPTURES / f"table-{width}x{height}.svg").write_text(picture, encoding="utf-8")
        assert app.hand.drawn and not app.screen.has_class("-too-small")
        # Dario's tris of queens: its jolly is freed by both missing suits, and says so.
        told = [line.text("it") for line in app.game.log]
        assert any("cala Q♦ Q♥ 🃏 (jolly = Q♣ o Q♠)" in line for line in told)

    run(app, scenario, size=size)
    text = (CAPTURES / f"table-{size[0]}x{size[1]}.svg").read_text(encoding="utf-8")
    assert "Tallone" in text and "Smazzata" in text


def test_six_players_score_sheet_fits_80_columns_without_wrapping_a_cell() -> None:
    game = MatchController(
        replace(get_preset("classico"), max_turns=30), players=6, seed=3, bot_factory=random_bots
    )
    for _ in range(3):
        game.start_round()
        _play_round(game, lambda observation: observation.legal_actions[0])
        game.finish_round()
    assert any(sheet.eliminated for sheet in game.sheets)
    # The sheet's box at 80 columns holds 72 of them.
    console = Console(file=io.StringIO(), width=72)
    console.print(sheet_view(game, "it"))
    shown = console.file.getvalue()
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= 72
    for sheet in game.sheets:
        for player, score in sheet.scores.items():
            assert f"{sheet.totals[player]} +{score}" in shown
    assert "✗ fuori dalla partita" in shown


def test_a_new_rounds_first_moves_show_without_a_key_press() -> None:
    rules = replace(RULES, hand_size=7, max_turns=2, target=500)
    game = MatchController(rules, players=3, seed=3, bot_factory=random_bots)
    app = RaminoApp(game, pause=0.01)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        for _ in range(100):
            if isinstance(app.screen, SheetScreen):
                break
            if game.human_to_move:
                await pilot.press("t", "escape", "s", "s")
            await pilot.pause(0.02)
        assert isinstance(app.screen, SheetScreen)
        before = len(game.log)
        await pilot.press("enter")
        # No other key is pressed: the computer plays its turns on its own, shown as they come.
        for _ in range(100):
            if game.human_to_move:
                break
            await pilot.pause(0.02)
        assert game.human_to_move and game.play.rounds == 1
        assert [line.who for line in game.log[before:]] == [None, "Carla"]
        shown = str(app.query_one("#log", Static).render())
        assert game.log[-1].text("it") in shown

    run(app, scenario)


@pytest.mark.parametrize(("field", "value"), [("version", True), ("dealer", True)])
def test_a_save_with_true_for_a_number_is_refused(field: str, value: object) -> None:
    game = MatchController(RULES, players=2, seed=1, bot_factory=random_bots)
    game.start_round()
    data = json.loads(match_to_json(game))
    data[field] = value
    with pytest.raises(RecordError) as refused:
        match_from_json(json.dumps(data), bot_factory=random_bots)
    assert refused.value.message("en").count(field) >= 1


def test_many_melds_scroll_by_keys() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None
        # Fifteen melds laid (the table as a long round leaves it): more than the box shows.
        rules = app.game.rules
        for number in range(15):
            suit = "CDHS"[number % 4]
            meld = validate_meld(parse_cards(f"4{suit} 5{suit} 6{suit}"), rules)
            r.position = r.position.but(table=(*r.table, TableMeld(number % 3, meld, ())))
        app.refresh_view()
        await pilot.pause()
        box = app.query_one("#melds-box")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("greater_than_sign")
        assert box.scroll_y > 0
        await pilot.press(*["greater_than_sign"] * 5)
        assert box.scroll_y == box.max_scroll_y
        await pilot.press(*["less_than_sign"] * 6)
        assert box.scroll_y == 0

    run(app, scenario)


@pytest.mark.parametrize(
    ("lang", "told", "counted"),
    [("it", "Chiudi.", "Tu hai chiuso"), ("en", "You go out.", "You went out")],
)
def test_going_out_is_told_in_the_second_person(lang: str, told: str, counted: str) -> None:
    # Seven cards each: this seeded round ends in a few turns, the human going out.
    you = "Tu" if lang == "it" else "You"
    game = MatchController(
        replace(RULES, hand_size=7), players=3, seed=3, bot_factory=random_bots, name=you
    )
    app = RaminoApp(game, lang=lang, pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        for _ in range(40):
            if isinstance(app.screen, SheetScreen):
                break
            await play_turn(app, pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.game.sheets[0].out == app.game.human
        console = Console(file=io.StringIO(), width=100)
        console.print(app.screen.sheet)
        shown = " ".join(console.file.getvalue().split())
        assert counted in shown and told in shown

    run(app, scenario)


def test_one_card_in_hand_is_one_carta() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None
        # Bruno down to his last card (the position put so by hand).
        r.position = r.position.but(hands=r.position.with_hand(1, r.hands[1][:1]))
        app.refresh_view()
        players = str(app.query_one("#players", Static).render())
        assert "Bruno  1 carta " in players and "1 carte" not in players

    run(app, scenario)


def test_a_long_meld_goes_on_under_itself_and_clicks_find_it() -> None:
    app = new_app()

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        r = app.game.round
        assert r is not None
        rules = app.game.rules
        long_run = validate_meld(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), rules)
        five = validate_meld(parse_cards("5C 5D 5S"), rules)
        r.position = r.position.but(table=(TableMeld(1, long_run, ()), TableMeld(2, five, ())))
        app.refresh_view()
        await pilot.pause()
        view = app.query_one(MeldsView)
        assert view.rows[0] == view.rows[1] == 0 and view.rows[-1] == 1
        shown = view.render().plain
        for card in ("2♥", "10♥", "K♥"):
            assert card in shown  # none cut off with "…"
        assert "…" not in shown
        clicked: list[int] = []
        app.attach_to = lambda number, cards: clicked.append(number)  # type: ignore[method-assign]
        await pilot.press("space")
        await pilot.click("#melds", offset=(2, len(view.rows) - 1))
        assert clicked == [1]

    run(app, scenario)


def _rows_outside_the_box(app: RaminoApp) -> list[str]:
    """What the screen shows outside the border of the box on top (nothing, for a page)."""
    rows = screen_text(app).splitlines()
    top = next(i for i, row in enumerate(rows) if "╭" in row)
    bottom = next(i for i, row in enumerate(rows) if "╰" in row)
    left = rows[top].index("╭")
    outside = [row for i, row in enumerate(rows) if not top <= i <= bottom]
    for row in rows[top : bottom + 1]:
        outside += [row[:left], row[max(row.rfind("│"), row.rfind("╮"), row.rfind("╯")) + 1 :]]
    return [row for row in outside if row.strip()]


def test_carioca_stands_by_points_over_its_eight_rounds() -> None:
    # Short rounds: the first one ends at the turn cap, and the sheet tells the standing.
    rules = replace(get_preset("carioca"), max_turns=6)
    app = RaminoApp(MatchController(rules, players=3, seed=2, bot_factory=random_bots), pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        game = app.game
        for _ in range(10):
            if isinstance(app.screen, SheetScreen):
                break
            await pilot.press("t", "escape", "s", "s")
        assert isinstance(app.screen, SheetScreen) and game.play.rounds == 1
        totals = game.sheets[0].totals
        leader = min(game.players, key=lambda p: (totals[p], game.players.index(p)))
        lead = "In testa ci sei tu" if leader == game.human else f"In testa {leader}"
        shown = screen_text(app)
        # Carioca is won by the lowest total after 8 rounds: its chips are the rounds' stakes.
        assert f"{lead}, con {totals[leader]} (una smazzata giocata su 8)." in shown
        assert "Foglio dei punti · carioca, 8 smazzate" in shown and "a 101" not in shown

    run(app, scenario, size=(100, 30))


def _play_round(game: MatchController, choose: Callable[[Observation], Action]) -> None:
    """Play the round being dealt to its end: the computer its seats, ``choose`` the human's."""
    while game.to_play is not None:
        if game.bot_to_move:
            game.bot_step()
            continue
        observation = game.observation()
        assert observation is not None
        game.play_human(choose(observation))


def _play_match(game: MatchController, *, greedy: bool) -> None:
    """Play the whole match without a screen: the human draws and throws his last card, or
    plays the greedy bot's move."""

    def choose(observation: Observation) -> Action:
        action = observation.legal_actions[0 if observation.phase is Phase.DRAW else -1]
        if greedy and game.can(decide(observation).action):
            action = decide(observation).action
        return action

    while not game.is_over:
        game.start_round()
        _play_round(game, choose)
        game.finish_round()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "players", "greedy", "title"),
    [
        # Two players and few rounds: a grid narrower than its title.
        (get_preset("classico"), 2, True, "Foglio dei punti · classico, a 101"),
        # Twenty-four rounds: a sheet taller than the window, shown from its end.
        (replace(get_preset("classico"), target=1000, max_turns=20), 3, False, "24  nessuno"),
        (get_preset("carioca"), 3, True, "Foglio dei punti · carioca, 8 smazzate"),
    ],
)
@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
def test_the_end_of_a_match_shows_the_winner_in_a_whole_box(
    rules: Rules, players: int, greedy: bool, title: str, size: tuple[int, int]
) -> None:
    game = MatchController(rules, players=players, seed=2, bot_factory=random_bots)
    _play_match(game, greedy=greedy)
    app = RaminoApp(game, pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, SheetScreen) and app.screen.over
        shown = screen_text(app)
        assert outcome(game, "it") in shown  # the winner, whatever the sheet's length
        assert title in shown  # on one line
        assert _rows_outside_the_box(app) == []  # nothing of the table through its sides

    run(app, scenario, size=size)


def test_pokerato_chips_agree_between_the_panel_and_the_sheet() -> None:
    # Seed 10: in the second hand Bruno, the dealer, folds, Carla (the blind) calls with
    # nothing to add, and the human goes out and takes the pot.
    game = MatchController(
        replace(get_preset("pokerato"), max_turns=40), players=3, seed=10, bot_factory=random_bots
    )
    for hand in (1, 2):
        start = len(game.log)
        game.start_round()
        _play_round(game, lambda observation: decide(observation).action)
        if hand == 1:
            game.finish_round()
    told = [line.text("it") for line in game.log[start:]]
    assert any(line.startswith("Carla vede senza aggiungere fiches") for line in told), told
    assert not any(line.startswith("Carla vede (") for line in told)
    app = RaminoApp(game, pause=0)

    async def scenario(app: RaminoApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, SheetScreen) and game.round is None
        held = game.sheets[-1].chip_totals
        assert held is not None and held[game.human] > 100  # the pot he took
        await pilot.press("escape")  # the table as the hand ended
        panel = [row[:40] for row in screen_text(app).splitlines()[1:4]]
        for name, row in zip(game.names, panel, strict=True):
            assert app.seat_name(name) in row and f" {held[name]} fiches" in row, panel
            assert "…" not in row
        assert "lascia" in panel[1] and panel[1].rstrip().endswith("mazz."), panel
        # The pot he took is no longer in the middle.
        pot = str(app.query_one("#pot", Static).render())
        assert pot == "Piatto: 0 fiches" and game.play.match.on_table == 0

    run(app, scenario, size=(100, 30))


def test_a_gin_matchs_bonuses_have_their_own_line_under_the_last_hand() -> None:
    # A match to 1 point ends at the first hand anyone wins: its line says that hand's points,
    # and the boxes and the game's bonus come on a line of their own, with the final totals.
    rules = replace(get_preset("gin"), target=1)
    game = MatchController(rules, players=2, seed=5, bot_factory=random_bots)
    me = bot_for_level("esperto", seed=5)
    while not game.is_over:
        game.start_round()
        _play_round(game, me.act)
        game.finish_round()
    last, (end, _) = game.sheets[-1], game.ends[-1]
    assert end.points is not None
    console = Console(file=io.StringIO(), width=72)
    console.print(sheet_view(game, "en"))
    lines = console.file.getvalue().splitlines()
    row = next(line for line in lines if line.lstrip().startswith(f"{last.number} "))
    bonus = next(line for line in lines if "hands won and game" in line)
    for seat, player in enumerate(game.players):
        hand = end.points[seat]
        assert f"{last.totals[player] - last.scores[player] + hand} +{hand}" in row
        assert f"{last.totals[player]} +{last.scores[player] - hand}" in bonus


class _ToTheWall:
    """Never knocks: passes the upcard and at the wall, else draws and throws its last card."""

    name = "wall"

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if Pass() in legal:
            return Pass()
        if Draw() in legal:
            return Draw()
        return [a for a in legal if isinstance(a, Discard)][-1]


def test_a_void_gin_hand_counts_each_hands_deadwood_on_the_sheet() -> None:
    rules = get_preset("gin")
    game = MatchController(rules, players=2, seed=4, bot_factory=lambda *_, **__: _ToTheWall())
    me = _ToTheWall()
    game.start_round()
    _play_round(game, me.act)
    game.finish_round()
    last = game.last_round
    assert last is not None and last.end is not None and last.end.out is None
    console = Console(file=io.StringIO(), width=200)
    console.print(sheet_view(game, "en"))
    count = next(line for line in console.file.getvalue().splitlines() if "Count:" in line)
    for hand in last.end.hands:
        assert f"= {min_deadwood(hand, rules)}" in count
    # The engine tells a void hand as its deadwood, not as its whole value.
    assert last.end.counts == tuple(min_deadwood(hand, rules) for hand in last.end.hands)
    whole = hand_count(last.end.hands[0], rules)
    assert whole != last.end.counts[0] and f"= {whole} " not in count + " "


def test_the_knocker_takes_back_a_meld_laid_after_his_throw_until_he_passes() -> None:
    # Gin: the knocker lays his melds after his throw; one laid amiss (three of four threes)
    # is taken back as a meld laid before a ramino discard is. The throw stays.
    game = MatchController(get_preset("gin"), players=2, seed=7, bot_factory=random_bots)
    me = bot_for_level("esperto", seed=7)
    game.start_round()
    for _ in range(200):
        while game.bot_to_move:
            game.bot_step()
        observation = game.observation()
        assert observation is not None
        legal = observation.legal_actions
        if Knock() in legal and game.phase is Phase.PLAY:
            game.play_human(Knock())
        elif game.phase is Phase.KNOCK and not any(isinstance(a, Discard) for a in legal):
            break
        else:
            game.play_human(me.act(observation))
    else:
        pytest.fail("no knock in 200 moves")
    assert not game.can_undo  # the throw stays thrown
    before = _state(game)
    game.play_human(next(a for a in legal if isinstance(a, Lay)))
    assert game.can_undo and _state(game) != before
    it, en = game.undo()
    assert _state(game) == before and it.startswith("cali ") and en.startswith("lay ")
