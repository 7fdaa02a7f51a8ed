"""``ramino play --join``: the terminal table at an online table of a real ``ramino serve``,
driven by Textual's pilot with the same keys as against the computer. A round is played to its
end, a refused move shows the server's sentence, a lost connection is opened again, and the
command line refuses what makes no sense online in one line."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

pytest.importorskip("fastapi")
pytest.importorskip("textual")
pytest.importorskip("websockets")

from ramino.ai import bot_for_level
from ramino.cli.common import rules_for
from ramino.cli.online import _rules_of, _table_body
from ramino.client.link import Invitation, create_table, request
from ramino.engine.rules import Rules
from ramino.engine.rules_file import rules_from_mapping
from ramino.tui.online import OnlineApp, OnlineGame, online_sheet
from ramino.tui.screens import SheetScreen
from serving import Server, connect, receive

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture(autouse=True)
def _own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # ramino play --join keeps its player's key under the config folder: the test's own.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _plain(sheet: Any) -> str:
    console = Console(width=200, record=True)
    console.print(sheet)
    return console.export_text()


def seated(server: Server, turn_seconds: int | None = None, **knobs: Any) -> tuple[OnlineGame, str]:
    """A new table of Anna and a computer player, Anna seated: her game and the table's id."""
    table = server.post(
        "/api/tables",
        {
            "rules": "classico",
            "knobs": {"max_turns": 8, "target": 1000, **knobs},
            "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
            "turn_seconds": turn_seconds,
        },
    )
    invitation = Invitation(server.base, table["table"])
    seat = server.post(f"/api/tables/{table['table']}/seats", {"nickname": "Anna"})
    info = request(invitation.server, "GET", f"/api/tables/{invitation.table}")
    return OnlineGame(invitation, seat["token"], _rules_of(info), info), table["table"]


async def until(pilot: Any, done: Any, seconds: float = 20) -> None:
    """Let the app run until ``done()`` holds."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("the online table did not get there")


async def at_the_table(pilot: Any) -> None:
    """Close the score sheet, if a round just over opened it: keys go to the table again. (A
    computer player goes out in its first turns in about one round in 150.)"""
    while len(pilot.app.screen_stack) > 1:
        await pilot.press("escape")


async def my_turn(pilot: Any, game: OnlineGame) -> None:
    """Play Anna's turn with the keys: t draws from the tallone, s s throws the card under the
    cursor."""
    await until(pilot, lambda: game.human_to_move and not game.pending)
    await at_the_table(pilot)
    await pilot.press("t")
    await until(pilot, lambda: game.phase is not None and game.phase.value == "play")
    await pilot.press("s", "s")
    await until(pilot, lambda: not game.pending)


def test_a_round_is_played_with_the_keys_to_its_end(server: Server) -> None:
    game, table = seated(server)
    app = OnlineApp(game, lang="it")

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: game.observation() is not None)
            assert game.human == "Anna"
            # Throwing before drawing: the server's refusal, in the player's language.
            await until(pilot, lambda: game.human_to_move)
            version = game.version
            await at_the_table(pilot)
            await pilot.press("s", "s")
            await until(pilot, lambda: bool(app.message))
            assert app.message == "Prima si pesca: dal tallone o dal pozzo."
            assert game.version == version
            while game.round_number == 1:
                await my_turn(pilot, game)
                await until(pilot, lambda: game.human_to_move or game.round_number > 1)
            seen = game.observation()
            assert seen is not None
            # The hand on screen is the one the server holds for the seat.
            assert sorted(app.hand.cards) == sorted(seen.hand)

    asyncio.run(play())
    lines = [line.text("it") for line in game.log]
    assert lines[0] == "— Smazzata 1: distribuisce Bruno (computer). —" or lines[0].startswith(
        "— Smazzata 1"
    )
    assert any(line.startswith("Peschi ") and " e scarti " in line for line in lines), lines
    assert any(line.startswith("Bruno (computer) pesca dal tallone") for line in lines)
    assert any(line.startswith("— Smazzata 2") for line in lines)
    # The round's last moves are told from the view of it as it ended, then how it ended.
    last = game.last
    assert last is not None and last.is_over
    mine = sum(
        1 for event in last.history if event.seat == last.seat and str(event.action) == "draw"
    )
    assert sum(1 for line in lines if line.startswith("Peschi ")) == mine
    end = lines.index(next(line for line in lines if line.startswith("— Smazzata 2")))
    assert lines[end - 1] == "La smazzata si ferma: raggiunto il limite di 8 turni."
    assert [line["number"] for line in game.sheet] == [1]
    sheet = _plain(online_sheet(game, "it"))
    # The sheet says it as the home one does: the cap, and the hands as they were counted.
    assert "Foglio dei punti · classico" in sheet and "nessuno (limite)" in sheet, sheet
    assert "Conta: Tu " in sheet, sheet
    state = server.get(f"/api/tables/{table}")
    assert state["version"] == game.version


def test_closing_the_sheet_starts_the_next_timed_turn_at_once(server: Server) -> None:
    game, table = seated(server, turn_seconds=30, max_turns=2)
    app = OnlineApp(game, lang="it")
    clocks: list[dict[str, Any]] = []

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            while game.round_number < 2:
                await until(pilot, lambda: game.human_to_move or game.round_number > 1)
                if game.round_number < 2:
                    await my_turn(pilot, game)
            await until(pilot, lambda: len(app.screen_stack) > 1)
            # The sheet of round 1 is open, and the seat's next turn waits for its reader
            # (at most a minute): closing it tells the server, and every socket hears the
            # clock start within seconds.
            with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/watch") as watcher:
                receive(watcher, "state")
                await pilot.press("escape")
                clocks.append(await asyncio.to_thread(receive, watcher, "clock"))

    asyncio.run(play())
    assert clocks[0]["starts_in"] == 0 and clocks[0]["turn_left"] > 25, clocks


def test_a_lost_connection_is_opened_again_and_play_goes_on(server: Server) -> None:
    game, _ = seated(server)
    app = OnlineApp(game, lang="en")

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await my_turn(pilot, game)
            await until(pilot, lambda: game.human_to_move)
            version = game.version
            server.kill()
            await until(pilot, lambda: app.message == "Connection lost: trying again…")
            server.start()
            await until(pilot, lambda: not app.message.startswith("Connection lost"))
            assert game.version == version
            await my_turn(pilot, game)
            assert game.version > version

    asyncio.run(play())


def test_a_token_that_opens_no_seat_ends_the_table(server: Server) -> None:
    game, _ = seated(server)
    game.token = "not-a-token"
    app = OnlineApp(game, lang="en")

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: app.failure is not None)

    asyncio.run(play())
    assert app.failure == "This token opens no seat of the table."


@pytest.mark.parametrize(
    "rules",
    [
        rules_for("scala-40"),
        rules_from_mapping({"preset": "scala-40", "target": 201, "name": "casa"}),
    ],
    ids=["preset", "house-rules"],
)
def test_server_creates_the_table_it_is_asked_for(server: Server, rules: Rules) -> None:
    invitation, table = create_table(server.base, _table_body(rules, 1, 1, "esperto"))
    assert [seat["kind"] for seat in table["seats"]] == ["human", "human", "computer"]
    assert table["seats"][2]["level"] == "esperto"
    info = request(server.base, "GET", f"/api/tables/{invitation.table}")
    assert _rules_of(info) == rules
    assert Invitation.parse(invitation.link) == invitation


def ramino(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ramino", "play", *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--join", "http://127.0.0.1:9"], "il link non nomina un tavolo"),
        (["--join", "ftp://x/api/tables/abc"], "non è l'indirizzo di un server"),
        (["--token", "abc"], "--token va con --join LINK"),
        (["--join", "x/t/abc", "--server", "http://x"], "--join e --server non vanno insieme"),
        (["--join", "x/t/abc", "--rules", "scala-40"], "togli --rules"),
        (["--server", "http://x", "--resume", "f.json"], "togli --resume"),
        (["--server", "http://127.0.0.1:9", "--players", "2", "--computers", "2"], "--computers 2"),
        (["--join", "http://127.0.0.1:9/api/tables/abc", "--name", "A"], "non risponde"),
        (["--server", "http://127.0.0.1:9"], "nessuno accetta connessioni"),
        (["--server", "http://nowhere.invalid:9"], "il nome non esiste in rete"),
        (["--join", "x/t/abc", "--name", "\x1b[2JA"], "caratteri di controllo"),
        (["--join", "x/t/\x1b[2J", "--name", "A"], "il link non nomina un tavolo"),
        (["--join", "x/t/abc", "--name", "A" * 21], "al massimo 20 caratteri"),
        (["--join", "http://[::1/t/abc", "--name", "A"], "non è l'indirizzo di un server"),
    ],
)
def test_what_makes_no_sense_online_is_one_line(args: list[str], said: str) -> None:
    done = ramino(*args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "\x1b" not in done.stderr
    # The operating system's words ("[Errno 111] Connection refused") are not ours.
    assert "Errno" not in done.stderr


def test_joining_needs_a_name_and_a_table_that_exists(server: Server) -> None:
    _, table = seated(server)
    nameless = ramino("--join", f"{server.base}/api/tables/{table}")
    assert nameless.returncode == 2 and "serve un nome: --name" in nameless.stderr
    missing = ramino("--join", f"{server.base}/api/tables/nope", "--name", "Bea", "--lang", "en")
    assert missing.returncode == 2
    assert missing.stderr == "error: this table does not exist (any more).\n"
    full = ramino("--join", f"{server.base}/api/tables/{table}", "--name", "Bea")
    assert full.returncode == 2 and "nessun posto libero" in full.stderr


def test_a_table_created_without_a_terminal_keeps_the_seat_and_says_how_to_come_back(
    server: Server,
) -> None:
    done = ramino("--server", server.base, "--name", "Anna", "--computers", "1")
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "ramino play vuole un terminale" in line
    assert f"Il posto resta tuo: ramino play --join {server.base}/" in line and "--token " in line


def test_the_terminal_shows_the_chat_lines_it_receives(server: Server) -> None:
    table = server.post(
        "/api/tables",
        {"rules": "classico", "seats": [{"kind": "human"}] * 2, "turn_seconds": None},
    )["table"]
    invitation = Invitation(server.base, table)
    seat = server.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})
    bruno = server.post(f"/api/tables/{table}/seats", {"nickname": "Bruno"})["token"]
    info = request(invitation.server, "GET", f"/api/tables/{table}")
    game = OnlineGame(invitation, seat["token"], _rules_of(info), info)
    app = OnlineApp(game, lang="it")
    said = "[bold]ciao[/bold] <b>Anna</b>"

    async def listen() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: game.observation() is not None)
            with server.socket(table, bruno) as socket:
                socket.send('{"type": "say", "phrase": "nice_hand"}')
                receive(socket, "chat")
                socket.send(json.dumps({"type": "say", "text": said}))
                receive(socket, "chat")
            # Both lines, once each, the words as written (never read as markup).
            await until(pilot, lambda: sum("Bruno: " in line.text("it") for line in game.log) == 2)
            assert f"Bruno: {said}" in str(app.query_one("#log").render())

    asyncio.run(listen())
    lines = [line.text("it") for line in game.log if line.text("it").startswith("Bruno: ")]
    assert lines == ["Bruno: Bella mano!", f"Bruno: {said}"]


def test_a_rated_match_someone_left_ends_with_the_ratings_standing(server: Server) -> None:
    table = server.post(
        "/api/tables",
        {
            "rules": "classico-2",
            "seats": [{"kind": "human"}] * 2,
            "rated": True,
            "turn_seconds": None,
        },
    )["table"]
    tokens = []
    for name in ("Anna", "Bruno"):
        player = server.post("/api/players", {"name": name})
        body = {"nickname": name, "player_key": player["key"]}
        tokens.append(server.post(f"/api/tables/{table}/seats", body)["token"])
    # Bruno leaves for good at once: the computer plays his seat to the end.
    with server.socket(table, tokens[1]) as socket:
        seat = receive(socket, "welcome")["seat"]
        socket.send('{"type": "leave"}')
        while receive(socket, "state")["away"] != [seat]:
            pass
    invitation = Invitation(server.base, table)
    info = request(invitation.server, "GET", f"/api/tables/{table}")
    game = OnlineGame(invitation, tokens[0], _rules_of(info), info)
    app = OnlineApp(game, lang="it")
    shown: list[str] = []

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            while not game.is_over:
                await until(pilot, lambda: game.human_to_move or game.is_over, 60)
                if not game.is_over:
                    await my_turn(pilot, game)
            # The end of the match opens the score sheet, which says who won and asks for
            # the rematch (Bruno, gone, is not asked).
            await until(pilot, lambda: isinstance(app.screen, SheetScreen))
            screen = app.screen
            assert isinstance(screen, SheetScreen) and screen.question is not None
            assert game.rematch is not None and game.rematch["waiting"] == [game.seat]
            shown.append(_plain(screen.sheet))

    asyncio.run(play())
    # Anna is first for the ratings, whatever the computer made of Bruno's seat: the sheet
    # and the log say so, and why, to her in the second person.
    said = (
        "Hai vinto la partita: Bruno non era al tavolo alla fine e per la classifica conta ultimo."
    )
    assert shown[0].rstrip().endswith(said), shown[0]
    assert "Vince la partita" not in shown[0]
    assert game.log[-1].text("it") == said
    assert game.log[-1].text("en") == (
        "You won the match: Bruno was not at the table at the end and counts as last in the"
        " ratings."
    )
    assert _plain(online_sheet(game, "en")).rstrip().endswith("counts as last in the ratings.")


# What the terminal tells does not hang on the database: SQLite alone.
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_gin_hand_is_told_online_as_at_home(server: Server) -> None:
    # Anna plays gin rummy against the computer in the terminal, her moves the expert's:
    # the log tells the passes and the knock, and the hand's count from what the server says.
    table = server.post(
        "/api/tables",
        {
            "rules": "gin",
            "seats": [{"kind": "human"}, {"kind": "computer", "level": "esperto"}],
        },
    )
    invitation = Invitation(server.base, table["table"])
    seat = server.post(f"/api/tables/{table['table']}/seats", {"nickname": "Anna"})
    info = request(invitation.server, "GET", f"/api/tables/{invitation.table}")
    game = OnlineGame(invitation, seat["token"], _rules_of(info), info)
    app = OnlineApp(game, lang="it")
    me = bot_for_level("esperto", seed=1)

    async def play() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: game.observation() is not None)
            for _ in range(200):
                await until(pilot, lambda: game.round_number > 1 or game.human_to_move)
                await until(pilot, lambda: not game.pending)
                if game.round_number > 1:
                    break
                await at_the_table(pilot)
                seen = game.observation()
                assert seen is not None
                assert app.play(me.act(seen))

    asyncio.run(play())
    lines = [line.text("it") for line in game.log]
    last = game.last
    assert last is not None and last.is_over
    said = next(line for line in lines if line.startswith("— Smazzata 2"))
    ending = lines[lines.index(said) - 1]
    assert " bussa con " in ending or "fa gin" in ending or "Fai gin" in ending, ending
    assert " punt" in ending or "nessuno vince punti" in ending
    assert any("bussa" in line or "bussi" in line for line in lines[: lines.index(ending)])
