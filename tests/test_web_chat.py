"""The table's chat in Chromium (docs/web.md, chat.js): a line written reaches the other player,
a ready phrase is read in the reader's language, a muted player's lines are not shown (and
stay hidden after a reload), a line reported is said so, and markup in a line or in a name is
shown as text and runs nothing. A table created without chat shows none."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from serving import Server
from test_web import new_page

pytestmark = [pytest.mark.server, pytest.mark.slow]

# Whatever would run if markup were taken as markup: it leaves a mark on the page.
TRAP = "window.pwned = []; window.p = (n) => window.pwned.push(n);"
NAME = "<svg onload=p(1)>"
LINE = "ciao <script>p(2)</script><img src=x onerror=p(3)>"


def seated(chromium: Any, server: Server, table: str, name: str) -> Any:
    page = new_page(chromium)
    page.context.add_init_script(TRAP)
    page.goto(f"{server.base}/t/{table}")
    page.fill("#nickname", name)
    page.click("#sit")
    page.wait_for_selector("#chat-input")
    return page


def shown(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".chat-line", "lines => lines.map(l => l.innerText)"))


def test_a_line_is_delivered_a_muted_player_s_is_not_and_markup_runs_nothing(
    web_server: Server, chromium: Any
) -> None:
    body = {"rules": "classico", "seats": [{"kind": "human"}] * 2, "turn_seconds": None}
    table = web_server.post("/api/tables", body)["table"]
    anna = seated(chromium, web_server, table, "Anna")
    other = seated(chromium, web_server, table, NAME)
    anna.wait_for_selector("#hand-card-0")
    # A line written, sent with Enter, reaches the other player as text.
    anna.fill("#chat-input", LINE)
    anna.press("#chat-input", "Enter")
    other.wait_for_selector(".chat-line .chat-text")
    assert other.inner_text(".chat-line .chat-text") == LINE
    assert anna.input_value("#chat-input") == ""
    # A ready phrase, read in Italian; the sender's name is text too.
    other.click("[data-phrase=nice_hand]")
    anna.wait_for_function("() => document.querySelectorAll('.chat-line').length === 2")
    assert shown(anna)[1].startswith(f"{NAME}: Bella mano!")
    # Muted: his lines are not shown, the next one neither; unmuted, they are.
    anna.click(".chat-line:nth-child(2) .chat-mute")
    anna.wait_for_function("() => document.querySelectorAll('.chat-line').length === 1")
    other.click("[data-phrase=thanks]")
    anna.wait_for_function("() => window.ramino.chat().length === 3")
    assert len(shown(anna)) == 1 and NAME not in anna.inner_text(".chat")
    # Kept in this browser: a reload keeps him muted, and the last lines come back.
    anna.reload()
    anna.wait_for_function("() => window.ramino.chat().length === 3")
    assert len(shown(anna)) == 1
    anna.click(".chat-unmute")
    anna.wait_for_function("() => document.querySelectorAll('.chat-line').length === 3")
    assert shown(anna)[2].startswith(f"{NAME}: Grazie")
    # A line reported: its reporter is told it was sent.
    other.click(".chat-line:first-child .chat-report")
    other.wait_for_function(
        "() => document.getElementById('message').innerText.includes('Segnalazione inviata')"
    )
    for page in (anna, other):
        assert page.evaluate("() => window.pwned") == []
        assert page.locator(".chat script, .chat img, .chat svg").count() == 0
        assert page.problems == [], page.problems


def test_a_table_created_without_chat_shows_none(web_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    page.fill("#nickname", "Anna")
    page.fill("#players", "2")
    page.press("#players", "Tab")
    page.uncheck("#chat-on")
    page.click("#create")
    page.wait_for_url("**/t/*")
    table = str(page.url.rsplit("/", 1)[1])
    assert web_server.get(f"/api/tables/{table}")["chat"] is False
    # The other player sits down; the round is dealt, with no chat panel.
    other = new_page(chromium)
    other.goto(f"{web_server.base}/t/{table}")
    other.fill("#nickname", "Bruno")
    other.click("#sit")
    for each in (page, other):
        each.wait_for_selector("#hand-card-0")
        assert each.locator(".chat-area, #chat-input").count() == 0
    # The rules say so.
    page.click("#open-rules")
    assert "la chat è spenta" in page.inner_text(".rules-chat")
    assert page.problems == [] and other.problems == []


def whole_in_sight(page: Any, selector: str) -> bool:
    """Whether the first ``selector`` is shown whole: in the window and in the chat's box."""
    return bool(
        page.eval_on_selector(
            selector,
            """e => {
              const r = e.getBoundingClientRect();
              const box = e.closest('.chat-area').getBoundingClientRect();
              return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
                && r.top >= box.top && r.bottom <= box.bottom;
            }""",
        )
    )


@pytest.mark.parametrize("size", [(1366, 768), (1280, 900)])
def test_on_a_laptop_the_chat_s_heading_line_and_phrases_stay_in_sight(
    web_server: Server, chromium: Any, size: tuple[int, int]
) -> None:
    seats = [{"kind": "human"}] * 2 + [{"kind": "computer", "level": "principiante"}] * 2
    body = {"rules": "classico", "seats": seats, "turn_seconds": None}
    table = web_server.post("/api/tables", body)["table"]
    anna = seated(chromium, web_server, table, "Anna")
    bruno = seated(chromium, web_server, table, "Bruno")
    anna.set_viewport_size({"width": size[0], "height": size[1]})
    anna.wait_for_selector("#hand-card-0")
    parts = ("#chat-title", "#chat-input", "#chat-send", ".chat-phrase")
    assert all(whole_in_sight(anna, part) for part in parts)
    # Ten lines, five each (a seat's burst): only the list of lines scrolls.
    for number in range(5):
        for page, name in ((anna, "Anna"), (bruno, "Bruno")):
            page.fill("#chat-input", f"{name} {number}")
            page.press("#chat-input", "Enter")
    anna.wait_for_function("() => document.querySelectorAll('.chat-line').length === 10")
    assert all(whole_in_sight(anna, part) for part in parts)
    assert anna.eval_on_selector(".chat", "e => e.clientHeight >= 40")
    assert anna.evaluate("() => document.documentElement.scrollHeight") <= size[1]
    assert anna.problems == [] and bruno.problems == []
