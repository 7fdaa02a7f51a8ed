"""The pages of players and ratings in Chromium: a guest opens the home page and is at a table
in one click, with a player key the browser keeps and his own page shows; a key pasted from
another device makes the page that player's; a rated match shows on the player's page and the
preset's leaderboard, provisional ratings marked."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from serving import Server
from test_server_ratings import call, play_match
from test_web import new_page

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture
def server_options() -> tuple[str, ...]:
    """The rated match is played by bots as fast as the server answers (test_server_ratings)."""
    return ("--socket-messages", "1000")


def test_a_guest_is_at_a_table_in_one_click_and_keeps_his_key(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    guest = page.input_value("#nickname")
    assert re.fullmatch(r"Ospite \d{4}", guest), guest
    page.click("#play-now")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand-card-0")
    player = json.loads(page.evaluate("() => localStorage.getItem('ramino.player')"))
    assert player["name"] == guest and len(player["key"]) >= 40
    # The server knows him by that key, and his seat is his.
    assert call(web_server, "GET", "/api/players/me", key=player["key"])["name"] == guest
    page.goto(web_server.base + "/player")
    page.wait_for_selector("#ratings-title")
    assert page.inner_text("#player-key") == player["key"]
    assert page.inner_text("#player-name") == guest
    assert page.inner_text("#no-ratings")
    assert page.problems == [], page.problems


def test_a_player_renames_himself_on_his_page_to_a_name_nobody_holds(
    web_server: Server, chromium: Any
) -> None:
    held = call(web_server, "POST", "/api/players", {"name": "Zelda"})
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    guest = page.input_value("#nickname")
    page.click("#play-now")
    page.wait_for_selector("#hand-card-0")
    # On the home page, the name field says that another name renames him.
    page.goto(web_server.base + "/")
    page.fill("#nickname", "Zelda2")
    assert page.inner_text("#name-note") == (
        f"Giocando con questo nome cambi anche il tuo nome di giocatore, ora {guest}."
    )
    # A name another player holds: the note says his own stays, and the server kept it.
    page.fill("#nickname", "zelda")
    page.press("#nickname", "Tab")
    page.wait_for_function("() => document.getElementById('name-note').innerText.includes('già')")
    assert page.inner_text("#name-note") == (
        "zelda è già il nome di un altro giocatore: al tavolo ti chiamerai così, ma il tuo nome"
        f" di giocatore resta {guest}."
    )
    player = json.loads(page.evaluate("() => localStorage.getItem('ramino.player')"))
    assert call(web_server, "GET", "/api/players/me", key=player["key"])["name"] == guest
    # On his page: refused in words, in both languages, his name unchanged.
    page.goto(web_server.base + "/player")
    page.wait_for_selector("#new-name")
    page.fill("#new-name", " ZÉLDA ")
    page.click("#rename")
    page.wait_for_selector("p.error")
    assert page.inner_text("p.error") == (
        "Il nome «ZÉLDA» è già di un altro giocatore: scegline un altro."
    )
    page.click("#lang")
    assert page.inner_text("p.error") == (
        "The name “ZÉLDA” is already another player's: choose another."
    )
    assert page.inner_text("#player-name") == guest
    # A name nobody holds is his.
    page.fill("#new-name", "Link")
    page.click("#rename")
    page.wait_for_selector("#renamed")
    assert page.inner_text("#renamed").strip() == "Your name is now Link."
    page.wait_for_function("() => document.getElementById('player-name').innerText === 'Link'")
    assert call(web_server, "GET", "/api/players/me", key=player["key"])["name"] == "Link"
    assert call(web_server, "GET", f"/api/players/{held['id']}")["name"] == "Zelda"
    assert [p for p in page.problems if "status of 400" not in p] == [], page.problems


def test_a_leaderboard_of_unknown_rules_says_so(web_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/leaderboard?rules=nonexistent")
    page.wait_for_selector("p.error")
    said = page.inner_text("p.error")
    assert said.startswith("Regole sconosciute 'nonexistent'") and "tavolo" not in said, said
    page.click("#lang")
    assert page.inner_text("p.error").startswith("Unknown rules 'nonexistent'")
    assert [p for p in page.problems if "status of 404" not in p] == [], page.problems


def test_a_rated_match_shows_on_the_players_page_and_the_leaderboard(
    web_server: Server, chromium: Any
) -> None:
    # The first guest leaves the table at once: the computer plays his seat, and he is last.
    _, guests, _ = play_match(web_server, rated=True, leaver=0)
    page = new_page(chromium)
    # A key from another device: the page becomes that player's.
    page.goto(web_server.base + "/player")
    page.wait_for_selector("#no-player")
    page.fill("#paste-key", guests[0]["key"])
    page.click("#use-key")
    page.wait_for_selector("#ratings")
    assert page.inner_text("#player-key") == guests[0]["key"]
    rating = page.inner_text("#ratings tbody tr")
    assert "classico-2" in rating and "provvisorio" in rating, rating
    expected = call(web_server, "GET", f"/api/players/{guests[0]['id']}")["ratings"][0]
    assert str(round(expected["rating"])) in rating
    assert page.locator("#history li").count() == 1
    assert page.locator("#matches li").count() == 1
    # His own seat, told to him: he left, and counts last.
    seats = page.inner_text("#matches li").split(" · ")[-1]
    assert re.fullmatch(
        rf"1\. {re.escape(guests[1]['name'])} \(-?\d+\), 2\. {re.escape(guests[0]['name'])}"
        r" \(tu\) \(-?\d+, hai lasciato il tavolo\)",
        seats,
    ), seats
    # Each match links to its own score sheet, which stays when its table plays a rematch.
    table = call(web_server, "GET", f"/api/players/{guests[0]['id']}")["matches"][0]["table"]
    assert page.get_attribute("#matches a.match-sheet", "href") == f"/t/{table}/m/1"
    # A wrong key is refused in words.
    page.fill("#paste-key", "not-a-key")
    page.click("#use-key")
    page.wait_for_selector("p.error")
    assert "chiave" in page.inner_text("p.error")
    page.goto(web_server.base + "/leaderboard?rules=classico-2")
    page.wait_for_selector("#board")
    names = page.locator("#board tbody th").all_inner_texts()
    assert sorted(names) == sorted(g["name"] for g in guests)
    assert page.locator("#board .provisional").count() == 2
    # In English too.
    page.click("#lang")
    assert "provisional" in page.inner_text("#board")
    # Another reader of his page (no player of his own) reads it in the third person.
    other = new_page(chromium)
    other.goto(f"{web_server.base}/p/{guests[0]['id']}")
    other.wait_for_selector("#matches li")
    seats = other.inner_text("#matches li").split(" · ")[-1]
    assert re.fullmatch(
        rf"1\. {re.escape(guests[1]['name'])} \(-?\d+\), 2\. {re.escape(guests[0]['name'])}"
        r" \(-?\d+, ha lasciato il tavolo\)",
        seats,
    ), seats
    other.click("#lang")
    other.wait_for_function("() => document.getElementById('matches').innerText.includes('left')")
    assert other.inner_text("#matches li").endswith(" left the table)")
    assert other.problems == [], other.problems
    # The browser notes the wrong key's 400, and nothing else.
    assert [p for p in page.problems if "status of 400" not in p] == [], page.problems
