"""What the table's page shows as new, in Chromium (docs/web.md): the line under the pozzo says
the others' turns of the newest state only, in the language of the moment, and never one the
table has left behind; a fresh page marks no line of the log and no meld as new; a rematch's
log begins under a line naming it, and who declines it reads so of himself; the page's own
nonce, refused as given already, is no refusal of the player's."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from serving import Server
from test_web import new_page, page_state, sit_at_a_new_table

pytestmark = [pytest.mark.server, pytest.mark.slow]

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

# The line under the pozzo and the seat's state, read at the same moment, once it is the seat's
# turn (or the round is over).
TURN_AND_LINE = """() => {
  const state = window.ramino.page().state;
  const view = state?.observation;
  if (state?.match_over) return { line: '', state };
  if (!view || !(view.over || view.to_play === view.seat)) return null;
  return { line: document.getElementById('replay').textContent, state };
}"""


def label(code: str) -> str:
    # A card discarded alone: the jolly with its article.
    return "il jolly" if code == "JK" else code[:-1] + SUITS[code[-1]]


def turns_since_mine(view: dict[str, Any]) -> list[tuple[str, str | None]]:
    """The others' turns after the seat's last move: each the player's name and the card he
    threw, if he did."""
    entries = (entry.split(":", 1) for entry in view["history"])
    history = [(int(seat), move.strip()) for seat, move in entries]
    mine = max((i for i, (seat, _) in enumerate(history) if seat == view["seat"]), default=-1)
    turns: list[tuple[int, str | None]] = []
    for seat, move in history[mine + 1 :]:
        if not turns or turns[-1][0] != seat:
            turns.append((seat, None))
        if move.startswith("discard "):
            turns[-1] = (seat, move.split()[1])
    return [(view["seats"][seat]["name"], card) for seat, card in turns]


def my_turn_or_over(page: Any) -> dict[str, Any]:
    """The line under the pozzo and the state as the seat's turn comes (or the round ends)."""
    return dict(page.wait_for_function(TURN_AND_LINE, timeout=30_000).json_value())


def test_the_line_under_the_pozzo_follows_the_table_and_a_reload_shows_nothing_old(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico", computers=3)
    shown = []
    dealt = None
    for turn in range(5):
        now = my_turn_or_over(page)
        view = now["state"]["observation"]
        if view["over"]:
            break
        # Shown at once, and one of the turns played since the seat's own: never an older one.
        # (The first turn's come with the deal, before the page connected: no news to it; nor
        # a new round's, if a computer went out and the next round was dealt before the page
        # drew the end of this one.)
        expected = turns_since_mine(view)
        line = now["line"]
        first, dealt = dealt != now["state"]["round"], now["state"]["round"]
        assert first or any(
            line.startswith(f"{name}: ") and (card is None or label(card) in line)
            for name, card in expected
        ), (turn, line, expected)
        shown.append(line)
        if turn == 2:
            # Another language: the line is said in it (while it shows a turn, or once it is
            # gone).
            page.click("#lang")
            line = page.inner_text("#replay")
            assert not any(word in line for word in ("pesca", "scarta", "prende")), line
            assert any(word in line for word in ("draws", "discards", "takes")) or not line
            page.click("#lang")
        before = now["state"]["version"]
        page.click("#do-draw")
        page.wait_for_function("v => window.ramino.page().state.version > v", arg=before)
        # The seat's own move makes the others' turns before it old: the line is empty.
        assert page.inner_text("#replay") == ""
        drawn = page_state(page)["state"]["version"]
        page.keyboard.press("Escape")
        page.click("#hand-card-0")
        page.click("#do-discard")
        page.wait_for_function("v => window.ramino.page().state.version > v", arg=drawn)
    assert len(shown) >= 3, shown
    # Reloaded: the page starts from the table as it is, nothing in it new.
    page.reload()
    page.wait_for_selector("#hand-card-0")
    for _ in range(3):
        assert page.inner_text("#replay") == ""
        assert page.locator(".log li.fresh").count() == 0
        assert page.locator(".melds .meld.fresh").count() == 0
        page.wait_for_timeout(300)
    assert page.locator(".log li").count() > 5
    assert page.problems == [], page.problems


def log_lines(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".log li", "items => items.map((i) => i.textContent)"))


def a_match_played_to_its_end(server: Server, chromium: Any) -> Any:
    """A page at a table of one round against the computer, played to its end by clicks, the
    rematch asked."""
    page, _ = sit_at_a_new_table(chromium, server, "classico", computers=1, max_turns=6, target=1)
    while True:
        now = my_turn_or_over(page)
        if now["state"]["match_over"] or now["state"]["observation"]["over"]:
            break
        before = now["state"]["version"]
        page.click("#do-draw")
        page.wait_for_function("v => window.ramino.page().state.version > v", arg=before)
        drawn = page_state(page)["state"]["version"]
        page.keyboard.press("Escape")
        page.click("#hand-card-0")
        page.click("#do-discard")
        page.wait_for_function("v => window.ramino.page().state.version > v", arg=drawn)
    page.wait_for_selector("dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_selector("#rematch-yes")
    return page


def test_a_rematch_s_log_begins_under_a_line_that_names_it(
    web_server: Server, chromium: Any
) -> None:
    page = a_match_played_to_its_end(web_server, chromium)
    page.click("#rematch-yes")
    page.wait_for_function("() => window.ramino.page().state?.match === 2")
    page.wait_for_selector("#hand-card-0")
    lines = log_lines(page)
    # Match 1's lines, then the rematch's under a line that names it.
    named = lines.index("— Rivincita: partita 2 —")
    assert named > 1 and lines[0].startswith("— Smazzata 1:"), lines
    assert lines[named + 1].startswith("— Smazzata 1:"), lines
    assert sum(line.startswith("— Smazzata 1:") for line in lines) == 2, lines
    # A fresh page's log is the rematch's, under the same line.
    page.reload()
    page.wait_for_selector("#hand-card-0")
    lines = log_lines(page)
    assert lines[0] == "— Rivincita: partita 2 —" and lines[1].startswith("— Smazzata 1:"), lines
    page.click("#lang")
    assert log_lines(page)[1].startswith("— Round 1:")
    assert page.problems == [], page.problems


def test_the_page_s_own_nonce_refused_as_given_already_is_no_refusal_to_show(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post("/api/tables", {"rules": "classico", "seats": [{"kind": "human"}] * 2})
    page = new_page(chromium)
    sent: list[str] = []
    heard: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        socket.on("framesent", lambda payload: sent.append(str(payload)))
        socket.on("framereceived", lambda payload: heard.append(json.loads(payload)))

    page.on("websocket", watch)
    page.goto(f"{web_server.base}/t/{table['table']}")
    page.fill("#nickname", "Anna")
    page.click("#sit")
    page.wait_for_selector(".waiting")
    web_server.post(f"/api/tables/{table['table']}/seats", {"nickname": "Bruno"})
    page.wait_for_selector("#hand-card-0")
    # The page gave its nonce for the next deal; then this browser lost it (part of its storage
    # cleared), and a reload gives another one, which the server refuses.
    page.wait_for_timeout(500)
    assert any('"nonce"' in frame for frame in sent), sent
    page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ramino.nonce.'))"
        ".forEach((k) => localStorage.removeItem(k))"
    )
    page.reload()
    page.wait_for_selector("#hand-card-0")
    page.wait_for_timeout(1000)
    assert [m for m in heard if m.get("reason") == "nonce_given"], heard
    # Not the player's doing: nothing is said of it.
    assert page.locator("#message.error").count() == 0
    assert page.inner_text("#message") == ""
    assert page.problems == [], page.problems


def test_who_declined_the_rematch_reads_it_of_himself_in_the_second_person(
    web_server: Server, chromium: Any
) -> None:
    page = a_match_played_to_its_end(web_server, chromium)
    page.click("#rematch-no")
    page.wait_for_selector("#rematch-declined")
    assert page.inner_text("#rematch-declined") == (
        "Non vuoi la rivincita: la partita finisce qui."
    )
    page.click("#lang")
    assert page.inner_text("#rematch-declined") == (
        "You do not want a rematch: the match ends here."
    )
    assert page.problems == [], page.problems
