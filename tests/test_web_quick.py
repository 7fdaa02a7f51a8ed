"""The home page's «Partita veloce» in Chromium (docs/quick.md): two guests asking for
scala-40 for 2 are seated together; one person asking for 4 waits, sees it, and is given
labelled computer players after the wait."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from serving import Server
from test_web import new_page

pytestmark = [pytest.mark.server, pytest.mark.slow]

#: The server's wait before computer players fill a quick match's seats, in these tests.
WAIT = 4.0


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[Server]:
    running = Server(
        f"sqlite:///{tmp_path / 'ramino.db'}",
        tmp_path / "server.log",
        "--seed",
        "pagine",
        "--quick-wait",
        str(WAIT),
    )
    running.start()
    yield running
    running.stop()


def ask(page: Any, server: Server, players: int) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#quick-rules option[value='scala-40']", state="attached")
    page.select_option("#quick-rules", "scala-40")
    page.select_option("#quick-players", str(players))
    page.click("#quick-play")


def test_two_guests_asking_for_scala_40_for_2_are_seated_together(
    quick_server: Server, chromium: Any
) -> None:
    first, second = new_page(chromium), new_page(chromium)
    ask(first, quick_server, 2)
    first.wait_for_selector("#quick-waiting")
    assert "solo tu" in first.inner_text("#quick-status")
    ask(second, quick_server, 2)
    for page in (first, second):
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#hand-card-0")
    assert first.url == second.url
    table = quick_server.get("/api/tables/" + first.url.rsplit("/", 1)[1])
    assert table["rated"] is True and table["rules"]["name"] == "scala-40"
    assert [seat["kind"] for seat in table["seats"]] == ["human", "human"]
    # The last used preset is the page's choice next time.
    first.goto(quick_server.base + "/")
    # Each preset's line is there from the first drawing; its counts come with the server's.
    first.wait_for_function(
        "() => document.querySelector(\"#quick-counts li[data-rules='scala-40']\")"
        "?.textContent.includes('1 partita in corso')"
    )
    assert first.input_value("#quick-rules") == "scala-40"
    assert first.problems == [] and second.problems == [], (first.problems, second.problems)


def test_one_person_for_4_is_given_labelled_computer_players_after_the_wait(
    quick_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    ask(page, quick_server, 4)
    page.wait_for_selector("#quick-waiting")
    assert re.search(r"Fra \d secondi? i posti vuoti", page.inner_text("#quick-fill"))
    assert page.is_visible("#quick-cancel")
    page.wait_for_url("**/t/*", timeout=20_000)
    page.wait_for_selector("#hand-card-0")
    table = quick_server.get("/api/tables/" + page.url.rsplit("/", 1)[1])
    computers = [seat for seat in table["seats"] if seat["kind"] == "computer"]
    assert len(computers) == 3
    assert all(seat["name"].endswith("(computer)") for seat in computers)
    # Labelled on the page too, wherever the seats are shown.
    shown = page.inner_text("main")
    assert all(seat["name"] in shown for seat in computers), shown
    assert page.problems == [], page.problems


def test_a_wait_is_cancelled_in_english(quick_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    page.goto(quick_server.base + "/")
    page.click("#lang")
    page.wait_for_selector("#quick-rules option[value='scala-40']", state="attached")
    page.select_option("#quick-rules", "scala-40")
    page.select_option("#quick-players", "3")
    page.click("#quick-play")
    page.wait_for_selector("#quick-waiting")
    assert "only you" in page.inner_text("#quick-status")
    page.click("#quick-cancel")
    page.wait_for_selector("#quick-play")
    # The page's own count, read again once the cancel is through.
    page.wait_for_function(
        "() => document.querySelector(\"#quick-counts li[data-rules='scala-40']\")"
        "?.textContent.includes('0 waiting')"
    )
    assert page.problems == [], page.problems


def test_the_counts_are_asked_again_while_the_page_is_seen_and_not_while_hidden(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(web_server.base + "/")
    scala = "document.querySelector(\"#quick-counts li[data-rules='scala-40']\")?.textContent"
    page.wait_for_function(f"() => {scala}?.includes('0 in attesa')")
    # Someone else starts waiting: the page says so in a few seconds, not reloaded.
    web_server.post("/api/quick", {"rules": "scala-40", "players": 3})
    page.wait_for_function(f"() => {scala}?.includes('1 in attesa')", timeout=8_000)
    # Hidden (another tab in front), it asks nothing; seen again, it asks at once.
    page.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', "
        "{ configurable: true, get: () => 'hidden' }); "
        "document.dispatchEvent(new Event('visibilitychange')); }"
    )
    counts = web_server.base + "/api/quick"
    before = asked.count(counts)
    page.wait_for_timeout(9_000)
    assert asked.count(counts) == before
    page.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', "
        "{ configurable: true, get: () => 'visible' }); "
        "document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_timeout(500)
    assert asked.count(counts) == before + 1
    assert page.problems == [], page.problems
