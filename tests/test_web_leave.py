"""Players who leave and rematches in Chromium (docs/web.md): a rematch deals a new match to the
same seats (the first match's sheet a link away), and a player who closes his browser is
replaced by the computer after the window (his seat says so on the other's page) and gets his
seat back on return."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from serving import Server, latest_state, play_to_the_end, receive
from test_web import DESKTOP, STEADY_NONCES, new_page, page_state, seat_token

pytestmark = [pytest.mark.server, pytest.mark.slow]


def seated(page: Any, server: Server, table: str, name: str) -> Any:
    page.goto(f"{server.base}/t/{table}")
    page.fill("#nickname", name)
    page.click("#sit")
    return page


def test_a_rematch_deals_a_new_match_to_the_same_seats(web_server: Server, chromium: Any) -> None:
    body = {
        "rules": "classico",
        "knobs": {"max_turns": 6, "target": 1},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
        "turn_seconds": None,
    }
    table = web_server.post("/api/tables", body)["table"]
    bruno = web_server.post(f"/api/tables/{table}/seats", {"nickname": "Bruno"})
    anna = seated(new_page(chromium), web_server, table, "Anna")
    anna.wait_for_selector("#hand-card-0")
    # Both leave: the computer plays the match to its end, and Anna's page says it plays for her.
    tokens = (seat_token(anna, table), bruno["token"])
    sockets = [web_server.socket(table, token) for token in tokens]
    for client in sockets:
        client.send(json.dumps({"type": "leave"}))
    anna.wait_for_selector("#rematch")
    for client in sockets:
        client.close()
    # Back (a reload), Anna is asked; Bruno says yes, then she does.
    anna.reload()
    anna.wait_for_selector("#rematch-yes")
    back = web_server.socket(table, bruno["token"])
    receive(back, "welcome")
    back.send(json.dumps({"type": "rematch", "id": "b1", "agree": True}))
    receive(back, "ack")
    # The match's sheet shows first; closed, the question is there.
    anna.keyboard.press("Escape")
    anna.wait_for_selector("dialog[open]", state="detached")
    anna.click("#rematch-yes")
    anna.wait_for_selector("#hand-card-0")
    state = page_state(anna)["state"]
    assert state["match"] == 2 and state["round"] == 1 and not state["match_over"]
    names = [seat["name"] for seat in state["observation"]["seats"]]
    # Bruno took the first seat: the seats are as they were.
    assert names[:2] == ["Bruno", "Anna"] and "(computer)" in names[2]
    assert latest_state(back)["match"] == 2
    back.close()
    assert anna.problems == [], anna.problems
    # The first match's sheet is a link away, from the sheet's dialog: a page of its own.
    first = web_server.get(f"/api/tables/{table}/matches/1")
    anna.click("#open-sheet")
    anna.wait_for_selector("dialog[open]")
    anna.click("#earlier-matches #match-sheet-1")
    anna.wait_for_selector("#match-result")
    assert anna.url == f"{web_server.base}/t/{table}/m/1"
    assert "classico, partita 1 di 2 a questo tavolo" in anna.inner_text("main")
    assert anna.inner_text("#match-result") == first["result"]["it"]
    assert anna.locator("table.sheet tbody tr").count() == len(first["sheet"])
    assert anna.get_attribute("#table-matches #match-sheet-2", "href") == f"/t/{table}/m/2"
    anna.click("#lang")
    assert "classico, match 1 of 2 at this table" in anna.inner_text("main")
    assert anna.inner_text("#match-result") == first["result"]["en"]
    # A match the table has not dealt is said so.
    anna.goto(f"{web_server.base}/t/{table}/m/3")
    anna.wait_for_selector("#match-problem")
    assert "no match of this number" in anna.inner_text("#match-problem")
    assert [p for p in anna.problems if "status of 404" not in p] == [], anna.problems


def test_a_player_who_closes_his_browser_is_played_for_then_gets_his_seat_back(
    web_server: Server, chromium: Any
) -> None:
    body = {
        "rules": "classico",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "turn_seconds": None,
        "away_seconds": 2,
    }
    table = web_server.post("/api/tables", body)["table"]
    anna = seated(new_page(chromium), web_server, table, "Anna")
    bruno = seated(new_page(chromium), web_server, table, "Bruno")
    for page in (anna, bruno):
        page.wait_for_selector("#hand-card-0")
    # The rules say what happens to a seat whose player goes.
    anna.click("#open-rules")
    assert "2 secondi" in anna.inner_text("#leave-policy")
    anna.keyboard.press("Escape")
    # Bruno closes his browser, keeping what it stored (his seat's token) for his return.
    kept = bruno.context.storage_state()
    bruno.context.close()
    anna.wait_for_function(
        "() => [...document.querySelectorAll('.seat.away')]"
        ".some((seat) => seat.innerText.includes('gioca il computer per Bruno'))"
    )
    # Back in a new browser with the same storage: his seat is his again at once.
    context = chromium.new_context(
        viewport=DESKTOP, locale="it-IT", reduced_motion="reduce", storage_state=kept
    )
    context.add_init_script(STEADY_NONCES)
    again = context.new_page()
    again.set_default_timeout(15_000)
    again.goto(f"{web_server.base}/t/{table}")
    again.wait_for_selector("#hand-card-0")
    anna.wait_for_function("() => document.querySelectorAll('.seat.away').length === 0")
    assert page_state(again)["state"]["away"] == []
    assert anna.problems == [], anna.problems
    context.close()


# A rated table of two people, with no clock.
RATED_TWO = {
    "rules": "classico-2",
    "seats": [{"kind": "human"}, {"kind": "human"}],
    "turn_seconds": None,
    "rated": True,
}


def test_a_player_leaves_with_the_button_and_takes_his_seat_back(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post("/api/tables", RATED_TWO)["table"]
    bruno = web_server.post(f"/api/tables/{table}/seats", {"nickname": "Bruno"})
    anna = seated(new_page(chromium), web_server, table, "Anna")
    anna.wait_for_selector("#hand-card-0")
    other = web_server.socket(table, bruno["token"])
    receive(other, "welcome")
    mine = page_state(anna)["welcome"]["seat"]
    # Asked first, and told what happens to her seat; staying changes nothing.
    anna.click("#leave")
    question = anna.inner_text("dialog[open]")
    assert "Vuoi lasciare il tavolo?" in question and "gioca il computer" in question
    assert "classificato ultimo" in question
    anna.click("#leave-stay")
    anna.wait_for_selector("dialog[open]", state="detached")
    other.send(json.dumps({"type": "sync"}))
    assert latest_state(other)["away"] == [] and anna.is_visible("#hand-card-0")
    # Left: the computer plays for her, as her page and Bruno's state say.
    anna.click("#leave")
    anna.click("#leave-yes")
    anna.wait_for_selector("#left-what")
    assert "Ora per te gioca il computer" in anna.inner_text("#left-what")
    assert "classificato ultimo" in anna.inner_text("#left-rated")
    assert anna.evaluate("window.ramino.left()") == "left"
    assert not anna.is_visible("#leave") and not anna.is_visible("#hand-card-0")
    deadline = time.monotonic() + 15
    while latest_state(other)["away"] != [mine]:
        assert time.monotonic() < deadline
        other.send(json.dumps({"type": "sync"}))
    # In English too.
    anna.click("#lang")
    assert "The computer (intermediate level) now plays for you" in anna.inner_text("#left-what")
    assert "you finish last" in anna.inner_text("#left-rated")
    anna.click("#lang")
    # Back: her seat is hers again at once.
    anna.click("#come-back")
    anna.wait_for_selector("#hand-card-0")
    anna.wait_for_selector("#leave")
    # The state of her return may follow the one her socket is welcomed with.
    anna.wait_for_function("() => window.ramino.page().state.away.length === 0")
    other.send(json.dumps({"type": "sync"}))
    assert latest_state(other)["away"] == []
    other.close()
    assert anna.problems == [], anna.problems


def test_the_end_of_a_rated_match_says_who_counts_last_and_why(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post("/api/tables", RATED_TWO)["table"]
    anna = seated(new_page(chromium), web_server, table, "Anna")
    bruno = seated(new_page(chromium), web_server, table, "Bruno")
    for page in (anna, bruno):
        page.wait_for_selector("#hand-card-0")
    # Anna leaves; Bruno plays on to the end (from a second socket of his seat), whoever the
    # computer makes win for Anna.
    anna.click("#leave")
    anna.click("#leave-yes")
    anna.wait_for_selector("#left-what")
    client = web_server.socket(table, seat_token(bruno, table))
    receive(client, "welcome")
    play_to_the_end(client)
    client.close()
    bruno.wait_for_selector(".out .winner")
    assert bruno.inner_text(".out .winner") == (
        "Hai vinto la partita: Anna non era al tavolo alla fine e per la classifica conta ultimo."
    )
    # Anna comes back after the end: told in the second person.
    anna.click("#come-back")
    anna.wait_for_selector(".out .winner")
    assert anna.inner_text(".out .winner") == (
        "Vince Bruno: non eri al tavolo alla fine e per la classifica conti ultimo."
    )
    # In English too (the match's sheet, open on its own, closed first).
    for page in (anna, bruno):
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog[open]", state="detached")
    anna.click("#lang")
    assert anna.inner_text(".out .winner") == (
        "Bruno wins: you were not at the table at the end and count as last in the ratings."
    )
    bruno.click("#lang")
    assert bruno.inner_text(".out .winner") == (
        "You won the match: Anna was not at the table at the end and counts as last in the ratings."
    )
    # The match's sheet on a page of its own says it too, to whoever reads it.
    anna.goto(f"{web_server.base}/t/{table}/m/1")
    anna.wait_for_selector("#match-result")
    assert anna.inner_text("#match-result") == (
        "Bruno wins: Anna was not at the table at the end and counts as last in the ratings."
    )
    anna.click("#lang")
    assert anna.inner_text("#match-result") == (
        "Vince Bruno: Anna non era al tavolo alla fine e per la classifica conta ultimo."
    )
    # Each round over is watched again from the sheet, move by move, every hand face up.
    watched = web_server.get(f"/api/tables/{table}/matches/1/rounds/1")
    frames = watched["frames"]
    assert anna.locator("#replays a").count() == watched["rounds"] >= 1
    anna.click("#replay-1")
    anna.wait_for_selector("#replay-step")
    assert anna.inner_text("#replay-title") == "Smazzata 1 della partita 1"
    assert anna.inner_text("#replay-step") == f"Mossa 0 di {len(frames) - 1}"
    assert anna.inner_text("#replay-move").startswith("Distribuisce ")
    for seat, hand in enumerate(frames[0]["hands"]):
        shown = anna.locator(f"#replay-hand-{seat} .card")
        assert [shown.nth(i).get_attribute("data-card") for i in range(shown.count())] == hand
    anna.keyboard.press("ArrowRight")
    assert anna.inner_text("#replay-step") == f"Mossa 1 di {len(frames) - 1}"
    mover = watched["players"][int(frames[1]["move"].split(":")[0])]
    assert anna.inner_text("#replay-move").startswith(f"{mover}: ")
    anna.click("#replay-last")
    assert anna.inner_text("#replay-turn") == "La smazzata è finita."
    assert anna.is_disabled("#replay-next") and not anna.is_disabled("#replay-back")
    anna.keyboard.press("Home")
    assert anna.inner_text("#replay-step") == f"Mossa 0 di {len(frames) - 1}"
    assert anna.get_attribute("#replay-record", "href").startswith("blob:")
    anna.click("#lang")
    assert anna.inner_text("#replay-title") == "Round 1 of match 1"
    # The match's last round, from the links under the replay, and again after a reload.
    last = watched["rounds"]
    ending = web_server.get(f"/api/tables/{table}/matches/1/rounds/{last}")["frames"]
    anna.click(f"#replay-{last}")
    anna.wait_for_function("t => location.pathname.endsWith(t)", arg=f"/r/{last}")
    for reloaded in (False, True):
        if reloaded:
            anna.reload()
        anna.wait_for_selector("#replay-step")
        assert anna.inner_text("#replay-title") == f"Round {last} of match 1"
        assert anna.inner_text("#replay-step") == f"Move 0 of {len(ending) - 1}"
        anna.keyboard.press("End")
        assert anna.inner_text("#replay-turn") == "The round is over."
    assert anna.problems == [] and bruno.problems == []
    # A round not over (or never dealt) is not shown, and the page says so.
    anna.goto(f"{web_server.base}/t/{table}/m/1/r/{watched['rounds'] + 1}")
    anna.wait_for_selector("#replay-problem")
    assert "cannot be watched" in anna.inner_text("#replay-problem")
    assert [problem for problem in anna.problems if "404" not in problem] == []
