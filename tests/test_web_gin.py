"""Gin rummy in the browser, in Debian's Chromium (Playwright): the home page offers it in its
own group, for two; at a table against the computer two hands are played by clicks and keys
to the end of the match: the upcard, the draws and the throws, the knock (Bussa), the melds
laid, the lay-offs, the passes (Passa), each phase said to the player, the log's words, each
hand's count and the match's bonuses.

One test for the whole flow: the browser's tests are the suite's slowest."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from ramino.engine import get_preset
from ramino.engine.cards import parse_cards
from ramino.engine.going_out import min_deadwood
from screens import save
from serving import Server, receive
from test_web import (
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    fetch,
    my_view,
    new_page,
    page_state,
    quiet,
    version,
    wait_version,
)

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture
def server_options() -> tuple[str, ...]:
    """The seed of this module's deals (it replaces ``web_server``'s): see the hands below."""
    return ("--seed", "carte-2")


GIN = get_preset("gin")

# Whether a meld, the table choosing one and the meld brought to the screen, is partly under
# something else (its top or its foot).
COVERED = """() => {
  const table = document.querySelector('.table');
  table.classList.add('choosing');
  const meld = document.getElementById('meld-0');
  meld.scrollIntoView({ block: 'center' });
  const box = meld.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const hits = [0.1, 0.9].map((f) => document.elementFromPoint(x, box.top + f * box.height));
  table.classList.remove('choosing');
  return hits.some((hit) => !meld.contains(hit));
}"""

# Whether the table of the hands left is wider than its dialog, and the most lines of cards
# a hand of it takes.
FANNED = """() => {
  const table = document.getElementById('ended-hands');
  const lines = [...table.querySelectorAll('.meld-cards')].filter((row) => row.children.length)
    .map((row) => new Set([...row.children].map((card) => card.getBoundingClientRect().top)).size);
  return [table.scrollWidth > table.parentElement.clientWidth, Math.max(...lines)];
}"""


def deadwood_without(hand: list[str], card: str) -> int:
    """The least deadwood of ``hand`` once ``card`` is thrown."""
    rest = list(hand)
    rest.remove(card)
    return min_deadwood(parse_cards(" ".join(rest)), GIN)


def better(hand: list[str], top: str) -> bool:
    """Whether the pile's ``top`` lowers the hand's least deadwood, thrown the best card."""
    now = min_deadwood(parse_cards(" ".join(hand)), GIN)
    held = [*hand, top]
    return min(deadwood_without(held, c) for c in held if c != top) < now


def press(page: Any, selector: str) -> None:
    """Click, and wait for the table's answer: a new state."""
    before = version(page)
    page.click(selector)
    wait_version(page, before)


def key(page: Any, name: str) -> None:
    """Press a key of the table, and wait for the table's answer: a new state."""
    before = version(page)
    page.keyboard.press(name)
    wait_version(page, before)


def pick(page: Any, cards: list[str]) -> None:
    """Pick ``cards`` of the hand by clicks, nothing else picked."""
    page.keyboard.press("Escape")
    for card in cards:
        page.click(f".hand button[data-card='{card}']:not(.selected)")


def wait_my_move(page: Any, hand: int) -> dict[str, Any] | None:
    """Wait until Anna is to move in ``hand`` (her view), or it is over (None)."""
    page.wait_for_function(
        "n => { const s = window.ramino.page().state; const v = s.observation;"
        " return s.round > n || s.match_over || (v && !v.over && v.to_play === v.seat); }",
        arg=hand,
    )
    state = page_state(page)["state"]
    if state["round"] > hand or state["match_over"]:
        return None
    return my_view(page)


def test_the_server_offers_gin_and_deals_it_for_two(web_server: Server) -> None:
    catalogue = web_server.get("/api/rules")["presets"]
    games = [preset["game"] for preset in catalogue]
    # Ramino's presets first, then gin rummy's, each marked by its game.
    assert games == sorted(games, key=["ramino", "gin"].index) and games.count("gin") == 3
    gin = {preset["name"]: preset for preset in catalogue if preset["game"] == "gin"}
    assert list(gin) == ["gin", "gin-classic", "gin-openspiel"]
    assert {(p["min_players"], p["max_players"]) for p in gin.values()} == {(2, 2)}
    assert gin["gin"]["knobs"]["knock_limit"] == 10 and gin["gin"]["summary"]["it"]
    described = web_server.get("/openapi.json")["components"]["schemas"]["Preset"]
    assert "gin" in described["properties"]["game"]["description"]

    seats = [{"kind": "human"}, {"kind": "computer"}]
    code, _, answer = fetch(web_server, "/api/tables", {"rules": "gin", "seats": seats * 2})
    assert code == 400 and b"2" in answer
    table = web_server.post("/api/tables", {"rules": "gin-classic", "seats": seats})
    assert table["rules"]["name"] == "gin-classic" and table["rules"]["knobs"]["gin_bonus"] == 20
    joined = web_server.post(f"/api/tables/{table['table']}/seats", {"nickname": "Anna"})
    with web_server.socket(table["table"], joined["token"]) as client:
        receive(client, "welcome")
        view = receive(client, "state")["observation"]
    # The seat's own deadwood beside the knock's limit; the first upcard is offered.
    assert view["knock_limit"] == 10 and 0 <= view["deadwood"] <= 100
    assert len(view["hand"]) == 10 and len(view["discard_pile"]) == 1


def play_for_anna(page: Any, view: dict[str, Any]) -> str:
    """Anna's move, by clicks and keys as a player makes it: the upcard passed unless it helps,
    the pile's card taken where it lowers her deadwood, a knock as soon as she may, the throw
    that keeps the least deadwood, every meld laid, every card laid off; the move's name."""
    legal = view["legal_actions"]
    phase = view["phase"]
    hand = view["hand"]
    throws = [action.split()[1] for action in legal if action.startswith("discard ")]
    lays = [action.split()[1:] for action in legal if action.startswith("lay ")]
    attaches = [action.split() for action in legal if action.startswith("attach ")]
    if phase == "draw":
        top = view["discard_pile"][-1]
        if "take" in legal and better(hand, top):
            press(page, "#pile-play")
            return "take"
        if "knock" in legal:
            press(page, "#do-knock")
            return "knock"
        if "pass" in legal:
            # The key of the terminal: n, as the button says.
            key(page, "n")
            return "pass"
        press(page, "#stock-draw")
        return "draw"
    if "knock" in legal:
        key(page, "b")
        return "knock"
    if throws:
        pick(page, [min(throws, key=lambda card: deadwood_without(hand, card))])
        press(page, "#do-discard")
        return "discard"
    if lays:
        pick(page, lays[0])
        press(page, "#do-lay")
        return "lay"
    if attaches:
        _, meld, card = attaches[0]
        pick(page, [card])
        before = version(page)
        # The meld is chosen next where more than one takes the card.
        page.click("#do-attach")
        if page.locator(".table.choosing").count():
            page.click(f"#meld-{meld}")
        wait_version(page, before)
        return "attach"
    press(page, "#do-pass")
    return "pass"


def test_gin_is_played_in_the_browser_hand_by_hand_to_its_count(
    web_server: Server, chromium: Any
) -> None:
    # Offered on the home page, in its own group, for two; played now against the computer,
    # to 30 points (house rules): the seed deals a first hand Anna knocks in, then one the
    # computer knocks in and Anna lays off, which ends the match.
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    groups = page.eval_on_selector_all(
        "#preset optgroup", "gs => gs.map(g => [g.label, [...g.children].map(o => o.value)])"
    )
    assert groups[0][0] == "Ramino" and "classico" in groups[0][1]
    assert groups[-1] == ["Gin rummy", ["gin", "gin-classic", "gin-openspiel"]]
    page.select_option("#preset", "gin")
    page.wait_for_function("() => document.querySelector('#players').value === '2'")
    assert page.is_disabled("#players")
    page.fill("#nickname", "Anna")
    page.click("details.house-rules summary")
    # The editor offers gin rummy's knobs, not ramino's jolly, messa or opening.
    page.wait_for_selector("#knob-knock_limit")
    assert page.locator("#knob-joker_penalty, #knob-messa, #knob-opening_threshold").count() == 0
    page.fill("#knob-target", "30")
    page.press("#knob-target", "Tab")
    page.wait_for_function("() => document.querySelector('#knob-target').value === '30'")
    page.select_option("#level-now", "principiante")
    page.click("#play-now")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand-card-0")
    assert page.inner_text(".table-head h1").startswith("Tavolo di gin")
    # The keys of the table's moves: b knocks, n passes; ramino's jolly and closing are not.
    page.keyboard.press("?")
    keys = page.inner_text("dialog table.keys")
    assert "b\tBussa" in keys and "n\tPassa" in keys and "jolly" not in keys
    page.click("#close-keys")
    page.wait_for_selector("dialog", state="detached")

    said: dict[str, set[str]] = {}
    done: list[list[str]] = []
    endings = []
    for hand in (1, 2):
        done.append([])
        while (view := wait_my_move(page, hand)) is not None:
            said.setdefault(view["phase"], set()).add(page.inner_text("#phase-line"))
            if view["phase"] == "play":
                deadwood = page.inner_text("#deadwood")
                best = view["deadwood"]
                assert deadwood.startswith(f"Carte spaiate dopo lo scarto migliore: {best} ")
                assert deadwood.endswith("si bussa con 10 o meno")
                # Bussa is there to click only when a knock is legal; Passa never after a draw,
                # nor a second draw.
                assert page.is_enabled("#do-knock") == ("knock" in view["legal_actions"])
                assert page.is_disabled("#do-pass") and page.is_disabled("#do-draw")
                assert page.is_enabled("#do-discard") and page.is_disabled("#do-attach")
            if view["phase"] == "lay_off" and "attach" not in done[-1]:
                # A reload in the middle of the knocked hand finds it as it was left.
                asked = page.inner_text("#phase-line")
                page.reload()
                page.wait_for_selector("#hand-card-0")
                page.wait_for_function(
                    "asked => document.getElementById('phase-line')?.innerText === asked", arg=asked
                )
                assert page.is_enabled("#do-attach") and page.is_enabled("#do-pass")
                # On a phone, choosing the meld a card goes to: the dock, at the screen's
                # foot, must leave the melds to click.
                page.set_viewport_size(SMALL_PHONE)
                covered = page.evaluate(COVERED)
                page.set_viewport_size(DESKTOP)
                assert not covered
            done[-1].append(play_for_anna(page, view))
            assert len(done[-1]) < 60, done
            if done[-1][-1] == "knock":
                quiet(page)
                save(page, "web-gin.png", page.screenshot())
                # The log says it, in Italian and in English, and the other's pass too.
                assert page.locator(".log li").last.inner_text().endswith(" bussi.")
                assert "Bruno (computer) passa." in page.inner_text(".log")
                page.click("#lang")
                assert page.locator(".log li").last.inner_text().endswith(" knock.")
                assert page.inner_text("#phase-line").startswith("You knocked: discard")
                page.click("#lang")
            if done[-1][-1] == "pass" and view["phase"] == "lay_off":
                # «Attacchi 9♣ al gioco 1, … e passi.»
                assert page.locator(".log li").last.inner_text().endswith(" e passi.")
        # What the hand came to, said at its end.
        page.wait_for_selector("dialog.printable #close-sheet")
        endings.append(page.inner_text("dialog.printable .ending"))
        if hand == 1:
            hands = page.inner_text("#ended-hands")
            assert "Carte spaiate" in hands and "Anna (tu) · hai bussato" in hands
            # On a phone the hands left fit beside the names, fanned a few cards to a line.
            page.set_viewport_size(PHONE)
            wide, lines = page.evaluate(FANNED)
            page.set_viewport_size(DESKTOP)
            assert not wide and lines <= 2, lines
            page.click("#close-sheet")
            page.wait_for_selector("dialog", state="detached")

    assert "knock" in done[0] and "lay" in done[0] and "attach" in done[1], done
    assert "Prendi la carta scoperta o passa." in said["draw"]
    assert "Puoi bussare (Bussa, poi scarta) oppure scartare e continuare." in said["play"]
    assert said["knock"] == {
        "Hai bussato: scarta, cala i tuoi giochi, poi passa.",
        "Hai bussato: cala i tuoi giochi, poi passa.",
    }
    assert said["lay_off"] == {
        "Bruno (computer) ha bussato: attacca le tue carte ai suoi giochi, poi passa."
    }
    assert said["spread"] == {"Bruno (computer) ha bussato: cala i tuoi giochi, poi passa."}
    assert endings == [
        "Hai bussato con 10 punti di carte spaiate contro 15 di Bruno (computer):"
        " vinci la differenza, 5 punti.",
        "Bruno (computer) ha bussato con 7 punti di carte spaiate contro i tuoi 39:"
        " vince la differenza, 32 punti.",
    ]

    # The match's end: the hands won and the game's bonus, on the sheet too.
    assert page_state(page)["state"]["match_over"]
    assert page.inner_text("#bonuses") == (
        "Aggiungi 25 punti per la smazzata vinta. Bruno (computer) aggiunge 25 punti per la"
        " smazzata vinta e 100 per la partita."
    )
    sheet = page.inner_text("dialog.printable table.sheet")
    assert "Anna bussa, 10 contro 15" in sheet and "Bruno (computer) bussa, 7 contro 39" in sheet
    assert "Smazzate vinte (25 punti l’una)\t1 × 25 = 25\t1 × 25 = 25" in sheet
    assert "Bonus della partita\t0\t+100" in sheet and "Totale\t30\t157" in sheet
    page.click("#close-sheet")
    page.wait_for_selector("dialog", state="detached")
    # The match's sheet on its own page says the same; its hands can be watched again.
    table = page.url.rsplit("/", 1)[1]
    kept = web_server.get(f"/api/tables/{table}/matches/1")["sheet"]
    assert [line["knock"]["knocker"] for line in kept] == ["Anna", "Bruno (computer)"]
    frames = web_server.get(f"/api/tables/{table}/matches/1/rounds/2")["frames"]
    knock = next(i for i, frame in enumerate(frames) if frame["move"] == "1: knock")
    page.goto(f"{web_server.base}/t/{table}/m/1/r/2")
    page.wait_for_selector("#replay-step")
    page.click("#replay-last")
    assert page.inner_text("#replay-move") == "Anna: passa"
    # Its end says what the hand came to, as the sheet does.
    ending = (
        "Bruno (computer) ha bussato con 7 punti di carte spaiate contro 39 di Anna:"
        " vince la differenza, 32 punti."
    )
    page.wait_for_function(
        "said => document.getElementById('replay-turn').textContent === said", arg=ending
    )
    for _ in range(len(frames) - 1 - knock):
        page.keyboard.press("ArrowLeft")
    assert page.inner_text("#replay-move") == "Bruno (computer): bussa"
    assert page.problems == [], page.problems
