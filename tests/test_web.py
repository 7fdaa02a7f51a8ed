"""The browser's pages, served by a real ``ramino serve`` and driven by clicks in Debian's
Chromium (Playwright): a private table created on the home page, two people at it in two
browser contexts playing a round to its end, a refused move explained, a reload that comes back
to the same seat, and every page holding only what its player may see.

The screenshots docs/browser.md shows are taken here (``docs/screens/web-*.png``).
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from screens import save
from serving import Server, connect, receive

pytestmark = [pytest.mark.server, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# The same nonces in every run: with the server's --seed, the same clicks deal the same cards.
STEADY_NONCES = """
(() => {
  let counter = 0;
  crypto.getRandomValues = (array) => {
    for (let i = 0; i < array.length; i++) array[i] = (counter * 31 + i * 7) & 255;
    counter += 1;
    return array;
  };
})();
"""


def new_page(chromium: Any, viewport: dict[str, int] = DESKTOP) -> Any:
    # No motion, so that a screenshot never catches a card halfway up.
    context = chromium.new_context(viewport=viewport, locale="it-IT", reduced_motion="reduce")
    context.add_init_script(STEADY_NONCES)
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda line: problems.append(line.text) if line.type == "error" else None)
    page.problems = problems  # type: ignore[attr-defined]
    return page


def page_state(page: Any) -> dict[str, Any]:
    """What the page holds of the table: the welcome and the last state the server sent it."""
    return dict(page.evaluate("() => window.ramino.page()"))


def version(page: Any) -> int:
    state = page_state(page)["state"]
    return -1 if state is None else int(state["version"])


def seat_token(page: Any, table: str) -> str:
    saved = page.evaluate(f"() => localStorage.getItem('ramino.seat.{table}')")
    return str(json.loads(saved)["token"])


def server_state(server: Server, table: str, token: str) -> dict[str, Any]:
    """The seat's state as the server sends it to that seat's own socket."""
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/play?token={token}") as socket:
        receive(socket, "welcome")
        return receive(socket, "state")


def visible_cards(page: Any) -> Counter[str]:
    """The card faces drawn on the page."""
    codes = page.eval_on_selector_all(".card[data-card]", "cards => cards.map(c => c.dataset.card)")
    return Counter(codes)


def assert_sees_only_its_own(page: Any, server: Server, table: str, token: str) -> None:
    """The page holds exactly the seat's state, and draws no card outside its hand, the melds
    and the pozzo's top card."""
    fresh = server_state(server, table, token)
    # A move of the page's own may be on its way back (its nonce for the next deal, which
    # changes only the version): the page is compared once it holds what the server holds.
    page.wait_for_function(
        "v => (window.ramino.page().state?.version ?? -1) >= v", arg=fresh["version"]
    )
    held = page_state(page)["state"]
    if held["version"] != fresh["version"]:
        fresh = server_state(server, table, token)
    assert held == fresh
    view = held["observation"]
    if view is None:
        return
    allowed = Counter(view["hand"])
    for meld in view["table"]:
        allowed.update(meld["cards"])
    allowed.update(view["discard_pile"][-1:])
    assert visible_cards(page) <= allowed


def quiet(page: Any) -> None:
    """Wait until the others' moves have all been shown under the pozzo (for a screenshot)."""
    page.wait_for_function("() => !document.getElementById('replay')?.textContent")


def wait_version(page: Any, above: int) -> int:
    """Wait until the page holds a state newer than version ``above``; its version."""
    page.wait_for_function(
        "v => { const s = window.ramino.page().state; return s !== null && s.version > v; }",
        arg=above,
    )
    return version(page)


def to_move(pages: list[Any]) -> Any | None:
    """The page whose player is to move now, if any."""
    for page in pages:
        view = (page_state(page)["state"] or {}).get("observation")
        if view and not view["over"] and view["to_play"] == view["seat"]:
            return page
    return None


def play_a_turn(page: Any) -> None:
    """Draw from the tallone, pick the first card of the hand and throw it: by clicks."""
    before = version(page)
    page.click("#do-draw")
    wait_version(page, before)
    page.keyboard.press("Escape")  # nothing picked from before
    page.click("#hand-card-0")
    before = version(page)
    page.click("#do-discard")
    wait_version(page, before)


def create_table_on_the_home_page(page: Any, base: str) -> str:
    page.goto(base + "/")
    # The rules as the server describes them: the page is ready.
    page.wait_for_selector("details.described")
    page.fill("#nickname", "Anna")
    page.fill("#players", "2")
    page.press("#players", "Tab")
    save(page, "web-home.png", page.screenshot(full_page=True))
    page.click("details.house-rules summary")
    # A house rule, in players' words: the round stops after 8 turns.
    page.fill("#knob-max_turns", "8")
    page.press("#knob-max_turns", "Tab")
    page.wait_for_function("() => document.querySelector('#knob-max_turns').value === '8'")
    page.select_option("#timer", "null")
    page.click("#create")
    page.wait_for_url("**/t/*")
    return str(page.url.rsplit("/", 1)[1])


def test_two_people_play_a_round_to_its_end_by_clicks(web_server: Server, chromium: Any) -> None:
    anna = new_page(chromium)
    table = create_table_on_the_home_page(anna, web_server.base)
    invite = anna.input_value("#invite")
    assert invite == f"{web_server.base}/t/{table}"
    info = web_server.get(f"/api/tables/{table}")
    assert info["rules"]["knobs"]["max_turns"] == 8 and len(info["seats"]) == 2

    bruno = new_page(chromium)
    bruno.goto(invite)
    bruno.fill("#nickname", "Bruno")
    bruno.click("#sit")
    pages = [anna, bruno]
    for page in pages:
        page.wait_for_selector("#hand-card-0")
    tokens = {id(page): seat_token(page, table) for page in pages}

    # Before drawing only drawing is there to click, and the line over the buttons says so; a
    # refused move (throwing before drawing, by its key) is explained in the rules' words.
    first = to_move(pages)
    assert first is not None
    assert first.is_disabled("#do-discard") and first.is_enabled("#do-draw")
    assert first.inner_text("#turn-line") == "Pesca dal tallone o prendi dal pozzo."
    held = version(first)
    first.click("#hand-card-0")
    first.keyboard.press("s")
    first.wait_for_selector("#message.error")
    assert first.inner_text("#message") == "Prima si pesca: dal tallone o dal pozzo."
    assert version(first) == held
    assert web_server.get(f"/api/tables/{table}")["version"] == held
    first.keyboard.press("Escape")

    turns = 0
    last_turn = False
    while (page := to_move(pages)) is not None:
        # The house rule's cap, always in sight; in its last turn, said to stand out.
        turn = my_view(page)["turn"]
        cap = page.locator("#round-cap")
        if turn == 8:
            assert cap.inner_text() == "Turno 8 di 8: è l’ultimo"
            assert "near" in str(cap.get_attribute("class"))
            last_turn = True
        else:
            assert cap.inner_text() == f"Turno {turn} di 8"
            assert "near" not in str(cap.get_attribute("class"))
        play_a_turn(page)
        turns += 1
        for other in pages:
            other.wait_for_function(
                "v => window.ramino.page().state.version >= v", arg=version(page)
            )
        if turns == 3:
            for seen in pages:
                assert_sees_only_its_own(seen, web_server, table, tokens[id(seen)])
            # A reload comes back to the same seat, with the same hand.
            before = page_state(bruno)
            bruno.reload()
            bruno.wait_for_selector("#hand-card-0")
            bruno.wait_for_function(
                "v => window.ramino.page().state && window.ramino.page().state.version >= v",
                arg=before["state"]["version"],
            )
            after = page_state(bruno)
            assert after["welcome"]["seat"] == before["welcome"]["seat"]
            assert after["state"]["observation"]["hand"] == before["state"]["observation"]["hand"]
        if page_state(anna)["state"]["round"] > 1:
            break
        assert turns < 40, "the round did not end"
    assert last_turn

    # The round is over: the score sheet opens on both pages, and the deal is checked.
    for page in pages:
        page.wait_for_selector("dialog.printable #close-sheet")
        page.wait_for_function(
            "() => document.querySelector('#fair').textContent.includes('mazzo')"
        )
        checked = page.inner_text("#fair")
        assert "è quello promesso" in checked and "vengono proprio da quel mazzo" in checked
        # The promise and the reveal themselves, for anyone to check again.
        revealed = page_state(page)["state"]["revealed"]
        page.click("#proof summary")
        proof = page.inner_text("#proof")
        assert revealed["commitment"] in proof and revealed["secret"] in proof
    sheet = page_state(anna)["state"]["sheet"]
    assert [line["number"] for line in sheet] == [1]
    assert anna.inner_text("dialog.printable h2") == "Smazzata 1 finita"
    ending = anna.inner_text("dialog.printable p.ending")
    assert ending.startswith("La smazzata si ferma: nessuno ha chiuso in 8 turni. La vinc")
    assert ending.endswith(", con meno punti in mano.")
    quiet(anna)
    save(anna, "web-sheet.png", anna.locator("dialog.printable").screenshot())

    # Printed, the sheet stands alone on the page.
    anna.emulate_media(media="print")
    assert anna.eval_on_selector("main", "m => getComputedStyle(m).display") == "none"
    assert anna.is_visible("dialog.printable table.sheet")
    pdf = anna.pdf()
    assert pdf.startswith(b"%PDF") and len(pdf) > 2000
    anna.emulate_media(media="screen")

    for page in pages:
        page.click("#close-sheet")
        # A dialog closed leaves the page at its close event, a moment later.
        page.wait_for_selector("dialog", state="detached")
        assert_sees_only_its_own(page, web_server, table, tokens[id(page)])
        assert page.problems == [], page.problems


def fetch(server: Server, path: str, body: Any = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a request, errors included."""
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.base + path, data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_server_serves_the_pages_and_the_lobby_facts(web_server: Server) -> None:
    from ramino.engine.presets import GIN_PRESETS, PRESETS
    from ramino.engine.rules import knob_names

    for path in ("/", "/t/abc_DEF-123", "/sheet"):
        status, headers, body = fetch(web_server, path)
        assert status == 200 and b'<script type="module" src="/static/app.js">' in body
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
    status, headers, _ = fetch(web_server, "/static/cards.js")
    assert status == 200 and "javascript" in headers["content-type"]
    assert fetch(web_server, "/static/../server/app.py")[0] == 404
    assert fetch(web_server, "/static/%2e%2e/server/app.py")[0] == 404

    facts = web_server.get("/api/rules")
    assert [preset["name"] for preset in facts["presets"]] == [*PRESETS, *GIN_PRESETS]
    assert sorted(knob["name"] for knob in facts["knobs"]) == sorted(knob_names())
    assert facts["contracts"]["two_pairs"]["name"] == {"it": "doppia coppia", "en": "two pairs"}

    described = web_server.post(
        "/api/rules/describe", {"rules": "scala-40", "knobs": {"target": 201}, "players": 4}
    )
    assert described["rules"]["knobs"]["target"] == 201
    assert "201" in described["described"]["it"] and "201" in described["described"]["en"]
    status, _, body = fetch(
        web_server, "/api/rules/describe", {"rules": "classico", "knobs": {"decks": 99}}
    )
    refused = json.loads(body)["detail"]
    assert status == 400 and refused["message"]["it"] and refused["message"]["en"]
    status, _, body = fetch(web_server, "/api/rules/describe", {"rules": "classico", "players": 9})
    assert status == 400 and json.loads(body)["detail"]["reason"] == "too_many_players"


def sit_at_a_new_table(
    chromium: Any,
    server: Server,
    rules: str,
    turn_seconds: int | None = None,
    computers: int = 2,
    level: str = "principiante",
    **knobs: Any,
) -> tuple[Any, str]:
    """A table of one person (sat down on its page, by clicks) and computer players."""
    seats = [{"kind": "human"}] + [{"kind": "computer", "level": level}] * computers
    table = server.post(
        "/api/tables",
        {"rules": rules, "knobs": knobs, "seats": seats, "turn_seconds": turn_seconds},
    )["table"]
    page = new_page(chromium)
    page.goto(f"{server.base}/t/{table}")
    page.fill("#nickname", "Anna")
    page.click("#sit")
    page.wait_for_selector("#hand-card-0")
    return page, table


def my_turn(page: Any) -> None:
    """Wait until it is the page's player's turn."""
    page.wait_for_function(
        "() => { const v = window.ramino.page().state.observation; return v.to_play === v.seat; }"
    )


def my_view(page: Any) -> dict[str, Any]:
    return dict(page_state(page)["state"]["observation"])


def click(page: Any, selector: str) -> None:
    """Click, and wait for the table's answer to come back as a new state."""
    before = version(page)
    page.click(selector)
    wait_version(page, before)


def click_draw(page: Any) -> None:
    """Draw from the tallone, and wait for the state of the turn's play: another state (a
    deal's nonce taken in, say) may come first, with the draw still to be seen."""
    click(page, "#do-draw")
    page.wait_for_function("() => window.ramino.page().state.observation.phase !== 'draw'")


def bet_words(bet: dict[str, Any], names: list[str], lang: str) -> str:
    """A bet of the state's ``bets`` as the log says it (seat 0 the page's own), lower case."""
    you = bet["seat"] == 0

    def chips(n: int) -> str:
        one, many = ("fiche", "fiches") if lang == "it" else ("chip", "chips")
        return f"{n} {one if n == 1 else many}"

    pot = chips(bet["pot"])
    it_en = {
        "fold": (("lasci", "lascia"), ("fold", "folds")),
        "raise": (
            (f"rilanci di {bet['raised']}", f"rilancia di {bet['raised']}"),
            (f"raise by {bet['raised']}", f"raises by {bet['raised']}"),
        ),
        "raise_all_in": (
            (
                f"rilanci di {bet['raised']} e vai all-in",
                f"rilancia di {bet['raised']} e va all-in",
            ),
            (
                f"raise by {bet['raised']} and go all-in",
                f"raises by {bet['raised']} and goes all-in",
            ),
        ),
        "call": (
            (f"vedi ({chips(bet['paid'])})", f"vede ({chips(bet['paid'])})"),
            (f"call ({chips(bet['paid'])})", f"calls ({chips(bet['paid'])})"),
        ),
        "call_all_in": (
            (f"vai all-in con {chips(bet['paid'])}", f"va all-in con {chips(bet['paid'])}"),
            (f"go all-in with {chips(bet['paid'])}", f"goes all-in with {chips(bet['paid'])}"),
        ),
        "check": (
            ("vedi senza aggiungere fiches", "vede senza aggiungere fiches"),
            ("check", "checks"),
        ),
    }
    kind = bet["bet"]
    if kind != "fold" and bet["all_in"]:
        kind += "_all_in"
    elif kind == "call" and bet["paid"] == 0:
        kind = "check"
    words = it_en[kind][lang == "en"][not you]
    if kind.startswith("raise"):
        words += f" ({pot} nel piatto)" if lang == "it" else f" ({pot} in the pot)"
    if you:
        return words if lang == "it" else f"you {words}"
    return f"{names[bet['seat']]} {words}".lower()


def test_pokerato_betting_is_played_by_clicks(web_server: Server, chromium: Any) -> None:
    page, table = sit_at_a_new_table(chromium, web_server, "pokerato")
    view = my_view(page)
    assert view["phase"] == "bet" and view["seats"][0]["chips"] is not None
    assert page.is_visible("#do-raise") and not page.is_visible("#do-draw")
    assert page.inner_text("#do-fold") == "Lascio"
    # Pokerato plays for chips: no points on the seats.
    assert "punti" not in page.inner_text(".seats")
    # Which hands reach the draw depends on when the page's nonces reach the deals: a hand
    # the others all fold ends at its sheet, and the next one's betting is played again.
    for _ in range(5):
        hand = page_state(page)["state"]["round"]
        raised = False
        while (view := my_view(page))["phase"] == "bet" and not page.locator("dialog").count():
            assert view["to_play"] == view["seat"]
            if not raised:
                click(page, "#do-raise")
                raised = True
            else:
                click(page, "#do-call")
        if page_state(page)["state"]["round"] == hand and view["phase"] != "bet":
            break
        page.click("#close-sheet")
        page.wait_for_selector("dialog", state="detached")
    view, view_version = my_view(page), version(page)
    assert raised and view["pot"] > 0
    assert f"Piatto: {view['pot']}" in page.inner_text(".centre")
    chips = view["seats"][0]["chips"]
    assert f"{chips} fiche" in page.inner_text(".seat.mine")
    log = page.inner_text(".log")
    assert "Rilanci" in log or "rilanci" in log
    assert "fa il buio: 1 fiche." in log or "Fai il buio: 1 fiche." in log
    # Each bet with its chips, as the state's bets say them (the pot after a raise).
    names = [seat["name"] for seat in view["seats"]]
    assert any(bet["seat"] == 0 and bet["bet"] == "raise" for bet in view["bets"])
    told = [bet_words(bet, names, "it") for bet in view["bets"]]
    assert all(words in log.lower() for words in told), (told, log)
    # The round goes on to the cards: nothing is laid in pokerato, one goes out by showing,
    # so no button lays, attaches or takes a jolly back.
    assert page.is_visible("#do-draw") and page.is_visible("#do-show")
    for never in ("#do-lay", "#do-attach", "#do-swap"):
        assert page.locator(never).count() == 0, never
    # A reload tells the hand again as it was: the blind in the log, the same buttons.
    page.reload()
    page.wait_for_selector("#do-show")
    assert "il buio: 1 fiche." in page.inner_text(".log")
    assert all(words in page.inner_text(".log").lower() for words in told)
    page.click("#lang")
    english = page.inner_text(".log").lower()
    assert all(bet_words(bet, names, "en") in english for bet in view["bets"]), english
    page.click("#lang")
    for never in ("#do-lay", "#do-attach", "#do-swap"):
        assert page.locator(never).count() == 0, never
    assert "punti" not in page.inner_text(".seats")
    if view["to_play"] == view["seat"]:
        # Closing before the draw is not offered, and its key is refused by a sentence, not
        # by the notation's «scrivi».
        page.keyboard.press("Escape")
        assert page.is_disabled("#do-show")
        page.keyboard.press("m")
        assert page.inner_text("#message").startswith("Prima pesca una carta")
        assert version(page) == view_version
        play_a_turn(page)
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def test_a_carioca_opening_is_played_by_clicks(web_server: Server, chromium: Any) -> None:
    page, table = sit_at_a_new_table(chromium, web_server, "carioca")
    assert "Contratto della smazzata: coppia" in page.inner_text(".centre")
    for _ in range(30):
        view = my_view(page)
        if view["to_play"] != view["seat"]:
            page.wait_for_function(
                "() => { const v = window.ramino.page().state.observation;"
                " return v.to_play === v.seat; }"
            )
            continue
        assert page.inner_text("#do-lay") == "Apri"
        click_draw(page)
        opens = [a for a in my_view(page)["legal_actions"] if a.startswith("open ")]
        if opens:
            break
        # Thrown by dragging it onto the pozzo.
        page.keyboard.press("Escape")
        before = version(page)
        card = my_view(page)["hand"][-1]
        page.drag_and_drop(f'.hand button[data-card="{card}"]', ".pile")
        wait_version(page, before)
        assert page_state(page)["state"]["observation"]["history"].count(f"0: discard {card}") >= 1
    else:
        raise AssertionError("no opening came in 30 turns")
    # Pick the opening's cards by clicks, then Apri.
    cards = opens[0].split()[1:]
    cards = [card for card in cards if card != "|"]
    page.keyboard.press("Escape")
    click_cards(page, cards)
    click(page, "#do-lay")
    view = my_view(page)
    assert view["seats"][view["seat"]]["opened"]
    # Of one's own seat in the second person.
    assert "hai aperto" in page.inner_text(".seat.mine")
    laid = [meld for meld in view["table"] if meld["owner"] == "Anna"]
    assert sorted(card for meld in laid for card in meld["cards"]) == sorted(cards)
    assert "apri con il contratto" in page.inner_text(".log").lower()
    assert page.locator(".melds .meld").count() == len(view["table"])
    # What the last change laid stands out.
    assert page.locator(".melds .meld.fresh").count() >= len(laid)
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def click_cards(page: Any, cards: list[str]) -> None:
    """Pick ``cards`` of the hand by clicks (one button per copy)."""
    for card in cards:
        free = page.locator(f'.hand button[data-card="{card}"][aria-pressed="false"]')
        free.first.click()


# What the page's live regions (the log's news, the message) say from now on, one entry for
# each change that a screen reader would hear, in `window.heard`.
HEARD = """
() => {
  window.heard = [];
  for (const id of ['announce', 'message']) {
    const box = document.getElementById(id);
    new MutationObserver(() => {
      const now = document.getElementById(id);
      if (now && now.textContent) window.heard.push(now.textContent);
    }).observe(box, { childList: true, characterData: true, subtree: true });
  }
}
"""


def test_a_turn_by_keyboard_alone_and_a_page_a_screen_reader_can_follow(
    web_server: Server, chromium: Any
) -> None:
    page, table = sit_at_a_new_table(chromium, web_server, "classico")
    my_turn(page)
    hand = page.get_by_role("group", name="La tua mano")
    first = my_view(page)["hand"]
    assert hand.get_by_role("button").count() == len(first)
    assert page.get_by_role("log").count() == 1
    names = hand.get_by_role("button").evaluate_all("bs => bs.map(b => b.ariaLabel)")
    assert all(" di " in name or name == "jolly" for name in names), names

    # The keys, one key away.
    page.keyboard.press("?")
    keys = page.inner_text("dialog table.keys")
    assert "Pesca dal tallone" in keys and "Scarta" in keys
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog", state="detached")
    # The hint: what the computer's sound player would do, from this seat's view.
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelector('#message').textContent.length > 0")
    assert page.get_attribute("#message", "role") == "status"

    # Nothing picked before the draw: the reason is the draw, not the cards.
    page.keyboard.press("s")
    page.wait_for_selector("#message.error")
    assert page.inner_text("#message") == "Prima si pesca: dal tallone o dal pozzo."
    page.keyboard.press("Escape")
    # Space picks the card with the focus; s throws it; the server says to draw first.
    page.focus("#hand-card-0")
    page.keyboard.press("Space")
    assert page.get_attribute("#hand-card-0", "aria-pressed") == "true"
    held = version(page)
    page.keyboard.press("s")
    page.wait_for_selector("#message.error")
    assert page.get_attribute("#message", "role") == "alert"
    assert page.inner_text("#message") == "Prima si pesca: dal tallone o dal pozzo."
    assert version(page) == held
    page.keyboard.press("Escape")
    assert page.get_attribute("#hand-card-0", "aria-pressed") == "false"
    # From here on, all a screen reader is told: the log's news and the message's.
    page.evaluate(HEARD)
    before = Counter(my_view(page)["hand"])
    # The draw by its button, pressed by key: the button gone grey, the focus lands in the hand.
    page.focus("#do-draw")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.ramino.page().state.observation.phase !== 'draw'")
    assert page.evaluate("() => document.activeElement.id").startswith("hand-card-")
    drawn = next((Counter(my_view(page)["hand"]) - before).elements())
    name = page.evaluate("async c => (await import('/static/cards.js')).cardName(c, 'it')", drawn)
    count = len(my_view(page)["hand"])
    page.focus("#hand-card-0")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.id") == "hand-card-1"
    page.keyboard.press("Space")
    held = version(page)
    page.keyboard.press("s")
    wait_version(page, held)
    said = page.inner_text("#message")
    assert len(my_view(page)["hand"]) in (count - 1, count), said  # the others played on
    # The card thrown by key: the focus on the card now at its place.
    assert page.evaluate("() => document.activeElement.id") == "hand-card-1"
    # The computer players' moves, which came at once, are shown one after another.
    page.wait_for_function(
        "() => document.getElementById('replay').textContent.includes('(computer)')"
    )
    # The new moves are said once to a screen reader, and marked in the log: the card drawn
    # in the message, in words, and never again with the throw.
    heard = page.evaluate("() => window.heard")
    assert [line for line in heard if "Hai pescato" in line] == [f"Hai pescato: {name}."]
    assert not any("Peschi" in line for line in heard), heard
    assert sum(line.count("Scarti") for line in heard) == 1, heard
    heard = page.inner_text("#announce")
    assert "Scarti" in heard or "scarta" in heard, heard
    assert page.locator(".log li.fresh").count() >= 1
    assert page.locator("#message.error").count() == 0, said
    assert page.locator("#message.error").count() == 0

    # English one click away; a four-colour deck and large cards for whoever needs them.
    page.click("#lang")
    assert page.inner_text("#do-draw") == "Draw from the stock"
    assert page.get_attribute("html", "lang") == "en"
    names = hand.get_by_role("button")
    assert page.get_by_role("group", name="Your hand").count() == 1
    width = page.eval_on_selector(".hand .card", "c => c.getBoundingClientRect().width")
    page.click("#large")
    assert page.eval_on_selector(".hand .card", "c => c.getBoundingClientRect().width") > width
    two = page.inner_html(".hand")
    page.click("#colours")
    four = page.inner_html(".hand")
    suits = {card[-1] for card in my_view(page)["hand"] if card != "JK"}
    if suits & {"C", "D"}:
        assert four != two
    assert page.get_attribute("#colours", "aria-pressed") == "true"
    # The choices stay for the next visit.
    page.reload()
    page.wait_for_selector("#hand-card-0")
    assert page.get_attribute("#colours", "aria-pressed") == "true"
    assert page.inner_text("#do-draw") == "Draw from the stock"
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def play_until_out(page: Any) -> dict[str, int]:
    """Play by clicks until the round over puts Anna out: the re-entry offered."""
    for _ in range(20):
        state = page_state(page)["state"]
        if state["reentry"] or state["round"] > 1:
            break
        view = state["observation"]
        if view and view["to_play"] == view["seat"] and not view["over"]:
            play_a_turn(page)
        else:
            page.wait_for_timeout(100)
    offer = page_state(page)["state"]["reentry"]
    assert offer is not None, json.dumps(page_state(page)["state"]["sheet"])
    return dict(offer)


def test_out_of_the_match_the_sheet_then_asks_about_re_entry(
    web_server: Server, chromium: Any
) -> None:
    page, table = sit_at_a_new_table(
        chromium, web_server, "classico", max_turns=6, target=50, reentry=True
    )
    offer = play_until_out(page)
    # First the sheet of the round, then the question, as at home.
    page.click("#close-sheet")
    page.wait_for_selector("dialog #reenter")
    question = page.inner_text("dialog h2")
    assert question.startswith(f"Sei fuori a {offer['total']} punti. Rientri a")
    before = version(page)
    page.click("#reenter")
    wait_version(page, before)
    state = page_state(page)["state"]
    assert state["reentry"] is None
    assert state["sheet"][-1]["totals"]["Anna"] == offer["total"]
    view = page_state(page)["state"]["observation"]
    assert view is not None and view["seats"][view["seat"]]["total"] == offer["entry_total"]
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def test_play_now_against_the_computer_and_the_open_tables(
    web_server: Server, chromium: Any
) -> None:
    listed = web_server.post(
        "/api/tables",
        {
            "rules": "scala-40",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
            "listed": True,
        },
    )["table"]
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    # The open tables: scala-40, two free seats of three.
    entry = page.locator(f'.lobby a[href="/t/{listed}"]')
    assert entry.inner_text() == "scala-40"
    assert "2 posti liberi su 3" in page.inner_text(".lobby")
    page.fill("#nickname", "Anna")
    page.fill("#players", "4")
    page.press("#players", "Tab")
    page.select_option("#level-now", "esperto")
    page.click("#play-now")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand-card-0")
    table = page.url.rsplit("/", 1)[1]
    info = web_server.get(f"/api/tables/{table}")
    assert [seat["kind"] for seat in info["seats"]] == ["human"] + ["computer"] * 3
    assert {seat["level"] for seat in info["seats"][1:]} == {"esperto"}
    assert info["turn_seconds"] is None
    names = page.locator(".seats .name").all_inner_texts()
    assert names[0] == "Anna (tu)" and all("(computer)" in name for name in names[1:])
    # The table's rules, in full, one click away.
    page.click("#open-rules")
    assert "101" in page.inner_text("dialog .rules-text")
    page.keyboard.press("Escape")
    # Back on the home page, the open table's link leads to its seats.
    page.goto(web_server.base + "/")
    page.click(f'.lobby a[href="/t/{listed}"]')
    page.wait_for_selector("#sit")
    assert "scala-40" in page.inner_text("h1")
    assert page.problems == [], page.problems


def test_house_rules_that_need_a_number_get_one_and_are_never_offered_as_rated(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    # The heading labels the presets' list: «Regole» said once, not twice.
    rules = page.locator(".rules")
    assert rules.get_by_text("Regole", exact=True).count() == 1
    assert page.locator("#preset").evaluate("s => s.labels[0].textContent") == "Regole"
    assert page.is_enabled("#rated")
    page.check("#rated")
    page.click("details.house-rules summary")
    # A fixed number of rounds: the editor gives their count, the rules go together.
    page.select_option("#knob-match_end", "fixed_rounds")
    page.wait_for_selector(".knob.changed #knob-match_rounds")
    assert page.input_value("#knob-match_rounds") == "8"
    assert not page.is_checked("#knob-match_rounds-none")
    # There the target is an exit score the house may drop (carioca has none); another way
    # to end gives it back.
    page.wait_for_function(
        "() => /arriva a 101 è fuori/.test(document.querySelector('.described pre').textContent)"
    )
    assert page.is_enabled("#knob-target-none")
    page.check("#knob-target-none")
    page.wait_for_function(
        "() => !/arriva a 101/.test(document.querySelector('.described pre').textContent)"
    )
    # Another count typed, then another way to end: no count goes without fixed rounds (the
    # server refuses one), neither given nor typed, and the count follows the choice alone.
    page.fill("#knob-match_rounds", "10")
    page.dispatch_event("#knob-match_rounds", "change")
    page.wait_for_function(
        "() => /dura 10 smazzate/.test(document.querySelector('.described pre').textContent)"
    )
    page.select_option("#knob-match_end", "first_to_target")
    # Without fixed rounds their count bears on nothing: the editor no longer offers it.
    page.wait_for_function("() => !document.querySelector('#knob-match_rounds')")
    none = "#knob-match_rounds-none"
    page.wait_for_function(
        "() => /101 la partita finisce/.test(document.querySelector('.described pre').textContent)"
    )
    assert rules.locator("[role=alert]").count() == 0
    page.select_option("#knob-match_end", "fixed_rounds")
    page.wait_for_selector(".knob.changed #knob-match_rounds")
    assert page.input_value("#knob-match_rounds") == "8" and page.is_disabled(none)
    assert not page.is_checked(none)
    assert "lo scegli con «Come finisce la partita?»" in page.inner_text("#knob-match_rounds-help")
    page.wait_for_function(
        "() => /dura 8 smazzate/.test(document.querySelector('.described pre').textContent)"
    )
    assert rules.locator("[role=alert]").count() == 0
    # House rules are never rated: the box is off, and why is said beside it.
    assert page.is_disabled("#rated") and not page.is_checked("#rated")
    assert page.get_attribute("#rated", "aria-describedby") == "rated-why"
    assert "classifica" in page.inner_text("#rated-why")
    page.click("#create")
    page.wait_for_url("**/t/*")
    info = web_server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert info["rated"] is False
    # Back to the preset's rules, the box may be ticked again.
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    assert page.is_enabled("#rated") and page.locator("#rated-why").count() == 0
    # The editor offers the knobs that bear on the game: classico's jolly has its penalty...
    page.click("details.house-rules summary")
    assert page.locator("#knob-joker_penalty").count() == 1
    assert page.locator("#knob-gin_bonus").count() == 0
    # A value the other knobs refuse is not offered: no betting while melds go down in play.
    assert page.locator("#knob-betting option[value=blind]").is_disabled()
    assert page.locator("#knob-betting option[value=none]").is_enabled()
    page.fill("#knob-joker_penalty", "30")
    page.press("#knob-joker_penalty", "Tab")
    page.wait_for_selector(".knob.changed #knob-joker_penalty")
    # ... until no jolly is dealt: then it goes, and the change made to it with it, said so.
    page.fill("#knob-jokers", "0")
    page.press("#knob-jokers", "Tab")
    page.wait_for_selector("#knobs-dropped")
    assert "«Quanto conta un jolly rimasto in mano?»" in page.inner_text("#knobs-dropped")
    page.wait_for_function("() => !document.querySelector('#knob-joker_penalty')")
    assert page.locator("#knob-joker_swap").count() == 0
    page.wait_for_function(
        "() => /senza jolly/.test(document.querySelector('.described pre').textContent)"
    )
    assert rules.locator("[role=alert]").count() == 0
    assert "(1)" in page.inner_text("details.house-rules summary")
    # Gin rummy's editor has its knock and none of ramino's jolly, messa or opening.
    page.select_option("#preset", "gin")
    page.wait_for_selector("#knob-gin_bonus")
    assert page.locator("#knobs-dropped").count() == 0
    for knob in ("joker_penalty", "messa", "opening_threshold", "joker_swap", "blind"):
        assert page.locator(f"#knob-{knob}").count() == 0, knob
    assert page.locator("#knob-knock_limit").count() == 1
    # What the game fixes is shown fixed, and said so: two players, nothing laid during play.
    assert page.is_disabled("#knob-melding_during_play")
    assert "non può essere diversa" in page.inner_text("#knob-melding_during_play-help")
    assert page.is_disabled("#knob-max_players") and page.is_disabled("#knob-min_players")
    assert page.problems == [], page.problems


def test_house_rules_change_carioca_s_contracts_and_the_server_judges_them(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    page.select_option("#preset", "carioca")
    page.wait_for_function(
        "() => document.querySelector('.summary').textContent.includes('arioca')"
    )
    page.click("details.house-rules summary")
    contracts = page.locator("#knob-contracts select")
    before = contracts.count()
    assert before == 8
    # The hands' contracts in words, in order; the first one changed…
    page.select_option("#knob-contracts-0", "two_pairs")
    page.wait_for_selector(".knob.changed #knob-contracts-0")
    page.wait_for_function("() => document.querySelector('.described pre').textContent.length > 0")
    # … and one taken away: the server says what no longer goes together, in words.
    page.locator("#knob-contracts li").last.get_by_role("button").click()
    alert = page.locator(".rules [role=alert]")
    alert.wait_for()
    assert alert.inner_text()
    page.click("#knob-contracts-add")
    page.wait_for_function("() => !document.querySelector('.rules [role=alert]')")
    assert page.locator("#knob-contracts select").count() == before
    page.click("#reset-knobs")
    page.wait_for_function("() => !document.querySelector('.knob.changed')")
    # The refusal's answer is the only error the browser saw.
    assert all("status of 400" in problem for problem in page.problems), page.problems


def test_every_word_of_the_page_is_there_in_both_languages(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    keys = page.evaluate(
        "async () => { const m = await import('/static/i18n.js'); return [m.KEYS, m.KEYS_EN]; }"
    )
    italian, english = keys
    assert sorted(italian) == sorted(english)
    # Every key the scripts ask for is in the table.
    static = Path(__file__).parent.parent / "src" / "ramino" / "web" / "static"
    asked = set()
    for script in static.glob("*.js"):
        asked |= set(re.findall(r"\bt\('([a-z_0-9]+)'", script.read_text(encoding="utf-8")))
    assert asked and asked <= set(italian), sorted(asked - set(italian))


def test_who_stays_out_sees_the_sheet_while_the_others_play(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(
        chromium, web_server, "classico", max_turns=6, target=50, reentry=True
    )
    play_until_out(page)
    page.click("#close-sheet")
    page.wait_for_selector("dialog #stay-out")
    # The dialog's first button has the focus: the answer, not a print.
    assert page.evaluate("() => document.activeElement.id") == "reenter"
    before = version(page)
    page.click("#stay-out")
    wait_version(page, before)
    assert page_state(page)["state"]["observation"] is None
    # Out: the sheet, while the others play on (here, two computers: at once to the end).
    out = page.locator("section.out")
    said = out.inner_text()
    assert "Sei fuori dalla partita" in said or "Partita finita" in said
    first = page_state(page)["state"]["sheet"][0]
    assert "Anna" in first["eliminated"]
    assert f"{first['scores']['Anna']} ✗ fuori" in out.locator("table.sheet").inner_text()
    page.reload()
    page.wait_for_selector("section.out table.sheet")
    assert page.problems == [], page.problems


def test_hints_asked_again_and_again_never_stop_the_table(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico")
    my_turn(page)
    for _ in range(30):
        page.keyboard.press("h")
    page.keyboard.down("h")  # held: the repeats are not sent
    page.keyboard.up("h")
    held = version(page)
    page.keyboard.press("t")
    wait_version(page, held)
    assert my_view(page)["phase"] == "play"
    assert page.problems == [], page.problems


def test_an_address_no_table_can_have_is_said_so(web_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/t/" + "x" * 80)
    assert page.inner_text("[role=alert]").startswith("Questo link non porta a un tavolo")
    page.goto(web_server.base + "/t/nessuno")
    page.wait_for_selector("[role=alert], .message.error")
    assert "non esiste" in page.inner_text("main")


def test_a_spectator_sees_the_table_and_never_a_hand(web_server: Server, chromium: Any) -> None:
    player, table = sit_at_a_new_table(chromium, web_server, "classico")
    for _ in range(2):
        player.wait_for_function(
            "() => { const v = window.ramino.page().state.observation;"
            " return v.to_play === v.seat; }"
        )
        play_a_turn(player)
    watcher = new_page(chromium)
    watcher.goto(f"{web_server.base}/t/{table}")
    watcher.click("#watch")
    watcher.wait_for_selector(".table .seats")
    watcher.wait_for_function("v => window.ramino.page().state.version >= v", arg=version(player))
    held = page_state(watcher)["state"]
    view = held["observation"]
    assert view["seat"] is None and view["hand"] == [] and view["legal_actions"] == []
    # What the server sends any spectator, and nothing else.
    with web_server.watch(table) as socket:
        assert held == receive(socket, "state")
    assert watcher.locator(".hand").count() == 0 and watcher.locator("#do-draw").count() == 0
    allowed: Counter[str] = Counter()
    for meld in view["table"]:
        allowed.update(meld["cards"])
    allowed.update(view["discard_pile"][-1:])
    assert visible_cards(watcher) <= allowed
    assert "Guardi la partita" in watcher.inner_text(".watching")
    # The player's next move reaches the spectator.
    before = version(watcher)
    my_turn(player)
    play_a_turn(player)
    wait_version(watcher, before)
    assert watcher.problems == [], watcher.problems


# The page's sockets, for a test to cut: `cut.refuse` sends the next ones to an address the
# server refuses, as a network down would.
CUT_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.cut = { sockets: [], refuse: false };
  window.WebSocket = class extends Real {
    constructor(url, ...rest) {
      super(window.cut.refuse ? url.replace(/[/]watch$/, '/nowhere') : url, ...rest);
      window.cut.sockets.push(this);
    }
  };
})();
"""

# What each panel of a spectator's table shows (the moves still being shown under the pozzo
# apart: they depend on when the page came).
PANELS = """
() => ['.table-head', '.seats', '.centre .stock', '.melds', '.log', '#message'].map(
  (s) => document.querySelector(s).innerText
).concat([document.querySelector('.centre .pile').getAttribute('aria-label')])
"""


def test_a_page_whose_socket_was_lost_draws_every_panel_from_the_state_it_gets_back(
    web_server: Server, chromium: Any
) -> None:
    player, table = sit_at_a_new_table(chromium, web_server, "classico")
    watcher = new_page(chromium)
    watcher.add_init_script(CUT_SOCKETS)
    watcher.goto(f"{web_server.base}/t/{table}")
    watcher.click("#watch")
    watcher.wait_for_selector(".table .seats")
    my_turn(player)
    watcher.wait_for_function("v => window.ramino.page().state.version >= v", arg=version(player))
    watcher.evaluate("() => { window.cut.refuse = true; window.cut.sockets.at(-1).close(); }")
    watcher.wait_for_function(
        "() => document.querySelector('#message').textContent.includes('riprovo')"
    )
    # The table plays on without it: a turn of the player's, then the computers'.
    seen = version(watcher)
    play_a_turn(player)
    my_turn(player)
    assert version(watcher) == seen
    watcher.evaluate("() => { window.cut.refuse = false; }")
    now = version(player)
    watcher.wait_for_function("v => window.ramino.page().state.version >= v", arg=now)
    # Back as a page opened now would be: the state the server sends, every panel drawn from it.
    with web_server.watch(table) as socket:
        assert page_state(watcher)["state"] == receive(socket, "state")
    fresh = new_page(chromium)
    fresh.goto(f"{web_server.base}/t/{table}")
    fresh.click("#watch")
    fresh.wait_for_function("v => window.ramino.page().state?.version >= v", arg=now)
    assert watcher.evaluate(PANELS) == fresh.evaluate(PANELS)
    assert watcher.inner_text("#message") == ""
    assert [p for p in watcher.problems if "WebSocket" not in p] == [], watcher.problems


# A laptop's window too short for the melds of the table: their box scrolls.
SHORT = {"width": 1280, "height": 560}


def melds_below(page: Any, melds: int) -> None:
    """In a window too short for them, a cue at the foot of the box of melds says how many
    are out of sight below, and goes once the box is scrolled to its end."""
    page.set_viewport_size(SHORT)
    cue = page.locator("#more-melds")

    def below() -> int:
        edge = boxes(page, ".melds")[0]["bottom"]
        return sum(box["bottom"] > edge + 1 for box in boxes(page, ".melds ol > li"))

    cue.wait_for()
    n = below()
    assert 0 < n <= melds
    said = "un altro gioco più giù" if n == 1 else f"altri {n} giochi più giù"
    assert cue.inner_text() == f"↓ {said}"
    # The other language's words may fill the box's neighbours otherwise.
    page.click("#lang")
    n = below()
    assert cue.inner_text() == f"↓ {n} more meld{'s' if n > 1 else ''} below"
    page.click("#lang")
    # Clicked, it brings the first meld out of sight to the top of the box.
    n = below()
    top = boxes(page, ".melds")[0]["top"]
    page.click("#more-melds")
    assert abs(boxes(page, ".melds ol > li")[melds - n]["top"] - top) < 2
    page.eval_on_selector(".melds", "box => box.scrollTo(0, box.scrollHeight)")
    cue.wait_for(state="hidden")
    page.eval_on_selector(".melds", "box => box.scrollTo(0, 0)")
    cue.wait_for()
    page.set_viewport_size(DESKTOP)


def test_screenshots_of_a_round_with_melds_on_the_table(web_server: Server, chromium: Any) -> None:
    page, table = sit_at_a_new_table(
        chromium, web_server, "classico", computers=3, level="intermedio"
    )
    for _ in range(12):
        view = my_view(page)
        if len(view["table"]) >= 3 or view["over"]:
            break
        page.wait_for_function(
            "() => { const v = window.ramino.page().state.observation;"
            " return v.to_play === v.seat || v.over; }"
        )
        play_a_turn(page)
    view = my_view(page)
    assert len(view["table"]) >= 3
    # Each jolly on the table says what it stands for.
    jollies = [
        meld["stands_for"][i]
        for meld in view["table"]
        for i, card in enumerate(meld["cards"])
        if card == "JK"
    ]
    shown = page.locator(".melds .stands").all_inner_texts()
    assert len(shown) == len(jollies) and jollies
    # The log writes a meld laid as it stands on the table: the jolly in its place, and what it
    # stands for (as the terminal does).
    log = page.inner_text(".log")
    label = "async c => (await import('/static/cards.js')).cardLabel(c)"
    laid = [
        Counter(word.split("=")[0] for word in entry.split()[2:])
        for entry in view["history"]
        if entry.split()[1] == "lay"
    ]
    told = 0
    for meld in view["table"]:
        if "JK" not in meld["cards"] or Counter(meld["cards"]) not in laid:
            continue
        cards = " ".join(
            "Jolly" if card == "JK" else page.evaluate(label, card) for card in meld["cards"]
        )
        stands = ", ".join(
            page.evaluate(label, meld["stands_for"][i])
            for i, card in enumerate(meld["cards"])
            if card == "JK"
        )
        assert f"{cards} (jolly = {stands})" in log, (meld, log)
        told += 1
    assert told, view["table"]
    for meld in view["table"]:
        assert meld["owner"] in page.inner_text(".melds")
    page.click("#hand-card-1")
    page.click("#hand-card-2")
    page.mouse.move(0, 0)
    quiet(page)
    save(page, "web-table.png", page.screenshot(full_page=True))
    melds_below(page, len(view["table"]))
    page.set_viewport_size(PHONE)
    save(page, "web-table-phone.png", page.screenshot(full_page=True))
    # A phone's page scrolls whole: its box of melds, never, and it has no cue.
    assert page.locator("#more-melds").is_hidden()
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def test_a_timed_turn_shows_its_clock_and_nothing_else_speaks_it(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico", turn_seconds=90)
    page.wait_for_function(
        "() => /tempo \\d+ s/.test(document.querySelector('#my-clock').textContent)"
    )
    seconds = int(re.findall(r"tempo (\d+) s", page.inner_text("#my-clock"))[0])
    assert 80 <= seconds <= 90
    assert "tempo" in page.inner_text(".seat.mine .clock")
    # On the line of the seat's facts: «10 carte · 0 punti · tempo 88 s».
    facts, clock = boxes(page, ".seat.mine .facts") + boxes(page, ".seat.mine .clock")
    assert facts["top"] <= clock["top"] and clock["bottom"] <= facts["bottom"], (facts, clock)
    assert facts["bottom"] - facts["top"] < 25 and clock["left"] > facts["left"], (facts, clock)
    # Counted down in place, out of every live region.
    assert page.get_attribute("#my-clock", "aria-hidden") == "true"
    page.wait_for_function(
        "s => Number(/tempo (\\d+) s/.exec(document.querySelector('#my-clock').textContent)[1])"
        " < s",
        arg=seconds,
    )
    assert page.problems == [], page.problems


def test_laying_and_attaching_to_a_chosen_meld_by_clicks(web_server: Server, chromium: Any) -> None:
    page, table = sit_at_a_new_table(
        chromium, web_server, "classico", computers=3, level="intermedio"
    )
    my_turn(page)
    click_draw(page)
    # The seeded deal: a tris of fours to lay, and a queen that fits a meld of Dario's.
    lays = [a for a in my_view(page)["legal_actions"] if a.startswith("lay ")]
    attaches = [a for a in my_view(page)["legal_actions"] if a.startswith("attach ")]
    assert lays and attaches, my_view(page)["legal_actions"]
    cards = lays[0].split()[1:]
    page.keyboard.press("Escape")
    click_cards(page, cards)
    click(page, "#do-lay")
    view = my_view(page)
    mine = [meld for meld in view["table"] if meld["owner"] == "Anna"]
    assert [sorted(meld["cards"]) for meld in mine] == [sorted(cards)]
    assert "Anna" in page.inner_text(".melds")
    # Attach: the card picked, then the meld it goes to.
    still = [a for a in view["legal_actions"] if a.startswith("attach ")]
    assert still, view["legal_actions"]
    _, number, card = still[-1].split()
    before = [list(meld["cards"]) for meld in view["table"]]
    click_cards(page, [card])
    held = version(page)
    # The meld is chosen on the table: a click on it attaches the picked card.
    page.click(f"#meld-{number}")
    wait_version(page, held)
    after = my_view(page)["table"]
    assert sorted(after[int(number)]["cards"]) == sorted([*before[int(number)], card])
    # A card no meld takes: Attacca asks for the meld, and the engine says why not.
    fitting = {a.split()[2] for a in my_view(page)["legal_actions"] if a.startswith("attach ")}
    stray = next(c for c in my_view(page)["hand"] if c not in fitting and c != "JK")
    click_cards(page, [stray])
    held = version(page)
    page.keyboard.press("a")
    assert "Scegli il gioco sul tavolo" in page.inner_text("#message")
    assert page.locator(".melds .meld.choosing").count() == len(after)
    page.keyboard.press("1")
    page.wait_for_selector("#message.error")
    assert page.inner_text("#message") and version(page) == held
    assert_sees_only_its_own(page, web_server, table, seat_token(page, table))
    assert page.problems == [], page.problems


def test_taking_a_jolly_back_by_clicks(web_server: Server, chromium: Any) -> None:
    # The second table of the seeded server deals Anna an ace the jolly of meld 1 stands for.
    web_server.post("/api/tables", {"rules": "classico", "seats": [{"kind": "human"}] * 2})
    page, _ = sit_at_a_new_table(chromium, web_server, "classico", computers=3, level="intermedio")
    my_turn(page)
    click_draw(page)
    swaps = [a for a in my_view(page)["legal_actions"] if a.startswith("swap ")]
    assert swaps, my_view(page)["legal_actions"]
    _, number, *cards = swaps[0].split()
    meld = my_view(page)["table"][int(number)]
    assert "JK" in meld["cards"]
    page.keyboard.press("Escape")
    click_cards(page, cards)
    held = version(page)
    page.click("#do-swap")
    if page.locator(".melds .meld.choosing").count():
        page.click(f"#meld-{number}")
    wait_version(page, held)
    view = my_view(page)
    changed = view["table"][int(number)]
    assert "JK" not in changed["cards"] and all(card in changed["cards"] for card in cards)
    # The jolly taken back is in the hand, and must go down this turn.
    assert "JK" in view["hand"] and "JK" in view["to_lay"]
    assert "riprendi il jolly" in page.inner_text(".log").lower()
    assert page.problems == [], page.problems


# What people found playing in the browser (issue 46).

LAPTOP = {"width": 1280, "height": 800}
# A laptop's window made short by the browser's bars (or a small screen's): still no scrolling.
SHORT_LAPTOP = {"width": 1366, "height": 600}


def test_the_first_click_on_the_home_page_lands_without_waiting_for_the_server(
    web_server: Server, chromium: Any
) -> None:
    # Typed and changed, then clicked at once: the field loses the focus under the click, and
    # the server's judgement of the rules may come meanwhile; the click still lands.
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    page.fill("#nickname", "Anna")
    page.fill("#computers", "1")
    page.click("#create")
    page.wait_for_url("**/t/*", timeout=10_000)
    info = web_server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert [seat["kind"] for seat in info["seats"]] == ["human", "human", "computer"]

    page.goto(web_server.base + "/")
    page.fill("#players", "2")
    page.click("#play-now")
    page.wait_for_url("**/t/*", timeout=10_000)
    info = web_server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert [seat["kind"] for seat in info["seats"]] == ["human", "computer"]

    # Nothing moves under the pointer: the buttons stay where they are on the page as the form
    # changes (measured on the page, not the window, which may scroll to a field).
    page.goto(web_server.base + "/")
    where = (
        "() => ['#create', '#play-now', '#join'].map(b => {"
        " const r = document.querySelector(b).getBoundingClientRect();"
        " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })"
    )
    before = page.evaluate(where)
    page.wait_for_selector("details.described")
    assert page.evaluate(where) == before
    page.fill("#computers", "1")
    page.press("#computers", "Tab")
    page.wait_for_function("() => !document.querySelector('#level-private').disabled")
    page.fill("#players", "4")
    page.press("#players", "Tab")
    assert page.evaluate(where) == before
    assert page.problems == [], page.problems


def test_play_now_without_a_name_plays_as_a_guest_whose_name_can_be_changed(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    guest = page.input_value("#nickname")
    assert re.fullmatch(r"Ospite \d{4}", guest), guest
    page.click("#play-now")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand-card-0")
    assert page.locator(".seats .name").first.inner_text() == f"{guest} (tu)"
    # At a table's own page too, the seat is taken under a guest's name, or one's own.
    table = web_server.post("/api/tables", {"rules": "classico", "seats": [{"kind": "human"}] * 3})[
        "table"
    ]
    for name in (None, "Bruno"):
        other = new_page(chromium)
        other.goto(f"{web_server.base}/t/{table}")
        given = other.input_value("#nickname")
        assert re.fullmatch(r"Ospite \d{4}", given), given
        if name is not None:
            other.fill("#nickname", name)
        other.click("#sit")
        other.wait_for_selector(".waiting")
        names = [seat["name"] for seat in web_server.get(f"/api/tables/{table}")["seats"]]
        assert (name or given) in names, names
    assert page.problems == [], page.problems


def test_a_page_gives_one_nonce_a_deal_the_same_after_a_reload(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post("/api/tables", {"rules": "classico", "seats": [{"kind": "human"}] * 2})
    page = new_page(chromium)
    errors: list[str] = []

    def watch(socket: Any) -> None:
        def heard(payload: str | bytes) -> None:
            if isinstance(payload, str) and json.loads(payload)["type"] == "error":
                errors.append(payload)

        socket.on("framereceived", heard)

    page.on("websocket", watch)
    page.goto(f"{web_server.base}/t/{table['table']}")
    page.fill("#nickname", "Anna")
    page.click("#sit")
    page.wait_for_selector(".waiting")
    page.reload()
    page.wait_for_selector(".waiting")
    key = f"ramino.nonce.{table['table']}.{table['commitment']}"
    given = page.evaluate(f"() => localStorage.getItem('{key}')")
    # Bruno sits: deal 1 is dealt, and its nonce is the one the page gave when it sat down.
    web_server.post(f"/api/tables/{table['table']}/seats", {"nickname": "Bruno"})
    page.wait_for_selector("#hand-card-0")
    assert given is not None and errors == [], errors
    assert page.locator("#message.error").count() == 0
    assert page.problems == [], page.problems


def hint_actions(server: Server, table: str, token: str) -> list[str]:
    """What the computer's sound player would play now in the seat's place (``hint``)."""
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/play?token={token}") as socket:
        receive(socket, "welcome")
        socket.send(json.dumps({"type": "hint"}))
        return list(receive(socket, "hint")["actions"])


def test_the_clock_plays_the_computer_s_move_in_words_and_no_pick_outlives_its_card(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post(
        "/api/tables",
        {
            "rules": "classico",
            "seats": [{"kind": "human"}, {"kind": "computer", "level": "principiante"}],
            # Time for the clicks below on a loaded machine, and not much more.
            "turn_seconds": 15,
            "bank_seconds": 0,
        },
    )["table"]
    page = new_page(chromium)
    page.goto(f"{web_server.base}/t/{table}")
    page.fill("#nickname", "Anna")
    page.click("#sit")
    page.wait_for_selector("#hand-card-0")
    my_turn(page)
    click_draw(page)
    # The card the computer's move would throw, picked: then the clock runs out.
    planned = hint_actions(web_server, table, seat_token(page, table))
    thrown = planned[-1].split()[-1]
    assert planned[-1].startswith("discard "), planned
    click_cards(page, [thrown])
    page.wait_for_function(
        "() => document.querySelector('#message').textContent.includes('ha giocato per te')",
        timeout=60_000,
    )
    said = page.inner_text("#message")
    # The computer's move for the seat, told as every move is, with no grammar in it.
    assert "Scarti" in said or "scarti" in said, said
    assert not re.search(r"\b(draw|discard|lay|attach)\b|\(", said), said
    page.wait_for_function(
        "c => window.ramino.page().state.observation.history.some(e => e === '0: discard ' + c)",
        arg=thrown,
    )
    history = my_view(page)["history"]
    ours = [entry.split(": ", 1)[1] for entry in history if entry.startswith("0: ")]
    assert ours[1:] == planned, (ours, planned)
    # The card thrown is not picked any more, nor is its twin.
    assert page.locator('.hand button[aria-pressed="true"]').count() == 0
    assert page.evaluate("() => window.ramino.picked()") == []
    # The next turn: one card picked and Scarta throws it.
    my_turn(page)
    click_draw(page)
    page.click("#hand-card-0")
    card = page.get_attribute("#hand-card-0", "data-card")
    click(page, "#do-discard")
    assert page.locator("#message.error").count() == 0, page.inner_text("#message")
    assert my_view(page)["history"].count(f"0: discard {card}") >= 1
    assert page.problems == [], page.problems


def test_a_card_drawn_from_the_tallone_is_said_and_marked_in_the_hand(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico")
    my_turn(page)
    before = Counter(my_view(page)["hand"])
    click_draw(page)
    drawn = list((Counter(my_view(page)["hand"]) - before).elements())
    assert len(drawn) == 1
    name = page.evaluate(
        "async c => (await import('/static/cards.js')).cardName(c, 'it')", drawn[0]
    )
    assert page.inner_text("#message") == f"Hai pescato: {name}."
    marked = page.locator(".hand button.drawn")
    assert marked.count() == 1 and marked.get_attribute("data-card") == drawn[0]
    label = page.evaluate("async c => (await import('/static/cards.js')).cardLabel(c)", drawn[0])
    if drawn[0] != "JK":
        assert f"Peschi {label} dal tallone" in page.inner_text(".log")
    # Thrown, the turn over: nothing marked.
    marked.click()
    click(page, "#do-discard")
    assert page.locator(".hand button.drawn").count() == 0
    assert page.problems == [], page.problems


def to_the_round_s_end(page: Any) -> None:
    """Play by clicks until the round's sheet opens."""
    for _ in range(60):
        page.wait_for_function(
            "() => document.querySelector('#close-sheet') || (() => {"
            " const v = window.ramino.page().state.observation;"
            " return v && !v.over && v.to_play === v.seat; })()"
        )
        if page.locator("#close-sheet").count():
            return
        play_a_turn(page)
    raise AssertionError("the round did not end")


def log_shows_its_last_line(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => {
              const area = document.querySelector('.log-area').getBoundingClientRect();
              const last = document.querySelector('.log li:last-child').getBoundingClientRect();
              return last.top >= area.top - 1 && last.bottom <= area.bottom + 1;
            }"""
        )
    )


def test_the_moves_follow_the_newest_and_a_sheet_closed_stays_closed(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(
        chromium, web_server, "classico", computers=3, max_turns=16, target=1000
    )
    to_the_round_s_end(page)
    page.click("#close-sheet")
    page.wait_for_selector("dialog", state="detached")
    # Closed, the round's sheet does not open again at a reload.
    page.reload()
    page.wait_for_selector("#hand-card-0")
    page.wait_for_function("() => window.ramino.page().state !== null")
    assert page.locator("dialog").count() == 0
    # From round 2 on, the list of moves keeps its newest line in sight, move after move.
    my_turn(page)
    play_a_turn(page)
    page.wait_for_function(
        "() => { const a = document.querySelector('.log-area');"
        " return a.scrollHeight > a.clientHeight; }"
    )
    assert log_shows_its_last_line(page)
    # Scrolled up to read, it stays there while the others play.
    page.eval_on_selector(
        ".log-area", "a => { a.scrollTop = 0; a.dispatchEvent(new Event('scroll')); }"
    )
    my_turn(page)
    play_a_turn(page)
    assert page.eval_on_selector(".log-area", "a => a.scrollTop") == 0
    assert page.problems == [], page.problems


def test_a_timed_table_holds_the_next_clock_while_the_sheet_is_read(
    web_server: Server, chromium: Any
) -> None:
    page, table = sit_at_a_new_table(
        chromium, web_server, "classico", turn_seconds=30, computers=1, max_turns=4, target=1000
    )
    to_the_round_s_end(page)
    # The round's end: each hand as it ended, its cards and how many, who closed.
    state = page_state(page)["state"]
    ended = state["ended"]
    rows = page.locator("#ended-hands tbody tr")
    assert rows.count() == len(ended["seats"]) == len(state["ended_hands"])
    for number, (seat, cards) in enumerate(zip(ended["seats"], state["ended_hands"], strict=True)):
        row = rows.nth(number)
        assert seat["name"] in row.inner_text()
        assert row.locator(".card[data-card]").count() == len(cards) == seat["cards"]
        words = row.inner_text()
        assert f"{len(cards)} carta" in words or f"{len(cards)} carte" in words, words
    if state["ended_by"]["reason"] == "went_out":
        # «hai chiuso» where the page's own seat went out.
        assert " chiuso" in rows.nth(state["ended_by"]["out"]).inner_text()
    # The next round is dealt; while its sheet is open, this seat's clock waits.
    page.wait_for_function(
        "() => { const c = window.ramino.clock(); const s = window.ramino.page().state;"
        " return c && s.round === 2 && c.seat === window.ramino.page().welcome.seat; }"
    )
    token = seat_token(page, table)
    with connect(f"ws://127.0.0.1:{web_server.port}/api/tables/{table}/play?token={token}") as ws:
        receive(ws, "welcome")
        held = receive(ws, "clock")
    assert held["starts_in"] > 0 and held["turn_left"] == 30, held
    assert "tempo 30 s" in page.inner_text("#dialog-clock")
    # Closed, the sheet lets the clock run.
    page.click("#close-sheet")
    page.wait_for_function("() => window.ramino.clock().starts_in === 0")
    page.wait_for_function(
        "() => Number(/tempo (\\d+) s/.exec(document.querySelector('#my-clock').textContent)[1])"
        " < 30"
    )
    assert page.problems == [], page.problems


def test_the_end_of_a_round_says_who_closed(web_server: Server, chromium: Any) -> None:
    # Four cards a hand and no opening threshold: with this server's seed, the computer
    # player goes out within a few turns.
    page, _ = sit_at_a_new_table(
        chromium,
        web_server,
        "classico",
        computers=1,
        hand_size=4,
        opening_threshold=0,
        max_turns=60,
        target=1000,
    )
    to_the_round_s_end(page)
    state = page_state(page)["state"]
    assert state["ended_by"]["reason"] == "went_out", state["ended_by"]
    out = state["ended_by"]["out"]
    rows = page.locator("#ended-hands tbody tr")
    mine = state["ended"]["seat"] == out
    assert ("hai chiuso" if mine else "· ha chiuso") in rows.nth(out).inner_text()
    assert all(" chiuso" not in rows.nth(n).inner_text() for n in range(rows.count()) if n != out)
    assert f"{state['ended']['seats'][out]['name']}" in page.inner_text("dialog .ending")
    assert page.problems == [], page.problems


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return list(
        page.eval_on_selector_all(
            selector,
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })",
        )
    )


def test_the_table_fits_a_laptop_and_a_phone_gives_every_card_a_whole_target(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico", computers=3)
    my_turn(page)
    click_draw(page)
    for viewport in (LAPTOP, DESKTOP, SHORT, SHORT_LAPTOP):
        page.set_viewport_size(viewport)
        # No scrolling: the whole table, the hand and its buttons on the screen; in a short
        # window too, where only the melds, the log and the chat scroll in their own boxes.
        height = page.evaluate("() => document.scrollingElement.scrollHeight")
        assert height <= viewport["height"] + 1, (viewport, height)
        cards = boxes(page, ".hand .card-button")
        assert len(cards) == 11
        for selector in (".hand .card", "#do-draw", "#do-discard", ".stock .card", ".pile .card"):
            for box in boxes(page, selector):
                assert in_view(box, viewport), (viewport, selector, box)
    page.set_viewport_size(PHONE)
    cards = boxes(page, ".hand .card-button")
    assert len(cards) == 11
    for card, after in itertools.pairwise(cards):
        # A whole card each, at least 40 px wide, none covered by the next (rows if need be).
        assert card["right"] - card["left"] >= 40, card
        assert after["top"] >= card["bottom"] - 1 or after["left"] >= card["right"], (card, after)
        assert card["right"] <= PHONE["width"]
    assert page.problems == [], page.problems


SMALL_PHONE = {"width": 375, "height": 700}
SMALLER_PHONE = {"width": 360, "height": 640}


def in_view(box: dict[str, float], viewport: dict[str, int]) -> bool:
    return (
        box["top"] >= 0
        and box["bottom"] <= viewport["height"]
        and box["left"] >= 0
        and box["right"] <= viewport["width"]
    )


def test_a_phone_plays_a_turn_with_the_hand_and_the_tallone_in_sight(
    web_server: Server, chromium: Any
) -> None:
    page, _ = sit_at_a_new_table(chromium, web_server, "classico", computers=3)
    page.set_viewport_size(SMALL_PHONE)
    my_turn(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    # The bar on one row, and nothing wider than the screen.
    bar = boxes(page, "header.bar")[0]
    assert bar["bottom"] - bar["top"] < 50, bar
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    # At the start of the turn: the tallone, the move buttons and the hand, without scrolling.
    for selector in (".stock .card", "#hand-card-0", "#do-draw", "#do-discard"):
        assert in_view(boxes(page, selector)[0], SMALL_PHONE), selector
    # Down to the melds and the log, the hand and the buttons stay at the foot of the screen.
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    for selector in ("#hand-card-0", "#do-discard"):
        assert in_view(boxes(page, selector)[0], SMALL_PHONE), selector
    # The dock never covers the tallone nor the pozzo, at the page's top or scrolled down to
    # its foot: with large cards too (their hand scrolls in the dock), on a smaller phone too.
    page.click("#large")
    for viewport in (SMALL_PHONE, SMALLER_PHONE):
        page.set_viewport_size(viewport)
        for scroll in ("0", "document.documentElement.scrollHeight"):
            page.evaluate(f"() => window.scrollTo(0, {scroll})")
            dock = boxes(page, ".dock")[0]
            for selector in ("#stock-draw", "#pile-play", "#do-draw", "#do-discard", ".dock"):
                box = boxes(page, selector)[0]
                assert in_view(box, viewport), (viewport, scroll, selector, box)
            for selector in ("#stock-draw", "#pile-play"):
                box = boxes(page, selector)[0]
                assert box["bottom"] <= dock["top"], (viewport, scroll, selector, box, dock)
    # A click on the tallone draws (Playwright clicks only what is not covered).
    hand = len(my_view(page)["hand"])
    click(page, "#stock-draw")
    page.wait_for_function("() => window.ramino.page().state.observation.phase !== 'draw'")
    assert len(my_view(page)["hand"]) == hand + 1
    # And a click on the pozzo throws the card picked.
    page.keyboard.press("Escape")
    page.click("#hand-card-0")
    click(page, "#pile-play")
    assert len(my_view(page)["hand"]) == hand
    assert page.problems == [], page.problems


def test_a_free_seat_is_said_and_a_full_table_is_offered_to_watch(
    web_server: Server, chromium: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    table = web_server.post(
        "/api/tables", {"rules": "classico", "seats": seats, "turn_seconds": None}
    )["table"]
    web_server.post(f"/api/tables/{table}/seats", {"nickname": "Anna"})
    page = new_page(chromium)
    page.goto(f"{web_server.base}/t/{table}")
    page.wait_for_selector("#sit")
    # The seat still empty in words, and the form apart from the heading's buttons.
    assert page.locator(".seat-list li").all_inner_texts() == ["Anna", "posto libero"]
    form = boxes(page, "form.panel")[0]
    tools = boxes(page, ".table-tools")[0]
    assert form["top"] >= tools["bottom"] + 4, (tools, form)
    web_server.post(f"/api/tables/{table}/seats", {"nickname": "Bruno"})
    # Full, its own page offers no seat to ask for, only to watch it.
    page.goto(f"{web_server.base}/t/{table}")
    page.wait_for_selector("#watch")
    assert page.inner_text("#join-title") == "Il tavolo è al completo"
    assert page.locator("#sit, #nickname").count() == 0
    # Full: the home page's link to it says so, and offers to watch the game.
    page.goto(web_server.base + "/")
    page.wait_for_selector("details.described")
    page.fill("#link", f"{web_server.base}/t/{table}")
    page.click("#join")
    page.wait_for_selector("#watch-full")
    assert "non ha più posti liberi" in page.inner_text("main")
    assert page.inner_text("#watch-full") == "Guarda la partita"
    page.click("#watch-full")
    page.wait_for_selector(".table .seats")
    assert page.locator(".hand").count() == 0
    assert "Guardi la partita" in page.inner_text(".watching")
    # The refusal is the only error the browser saw.
    assert all("status of 409" in problem for problem in page.problems), page.problems
