"""The score sheet of a match played with real cards (``/sheet``): ``POST /api/sheet`` on a real
``ramino serve`` gives what the engine computes for the same match and what ``ramino score``
keeps, refuses what they refuse in the engine's words, and answers hostile input with 4xx;
in Chromium, a match entered by clicks shows the engine's totals, survives a reload, explains a
refusal and prints alone on the page.

The screenshot docs/browser.md shows is taken here (``docs/screens/web-home-sheet.png``).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from ramino.cli.score_file import parse_score_file
from ramino.cli.score_file import play as score_play
from ramino.engine.cards import parse_cards
from ramino.engine.errors import ScoreError
from ramino.engine.match import Match, RoundResult
from ramino.engine.presets import get_preset
from ramino.engine.scoring import Closing
from screens import save
from serving import Server

pytestmark = [pytest.mark.server, pytest.mark.slow]

SHEET_JS = Path(__file__).parent.parent / "src" / "ramino" / "web" / "static" / "sheet.js"
DESKTOP = {"width": 1280, "height": 900}

THREE = ["Anna", "Bruno", "Carla"]
FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def _round(
    out: str | None, hands: dict[str, int | str], *, one_turn: bool = False, **more: Any
) -> dict[str, Any]:
    return {"out": out, "in_one_turn": one_turn, "hands": hands, **more}


#: The players' guide's match to 101 in three, one hand given as its cards: Anna wins.
CLASSICO = [
    _round("Anna", {"Bruno": 42, "Carla": 14}),
    _round("Bruno", {"Anna": 31, "Carla": "JK 9H 8S"}),
    _round("Carla", {"Anna": 18, "Bruno": 36}),
    _round("Carla", {"Anna": 23, "Bruno": 12}, one_turn=True),
    _round("Anna", {"Carla": 64}),
]
#: Scala 40 in four: cards, a close in one turn, a round stopped by a cap (the lowest hands
#: score nothing).
SCALA_40 = [
    _round("Anna", {"Bruno": "KS QS 5H", "Carla": 20, "Dario": 7}),
    _round(None, {"Anna": 10, "Bruno": 15, "Carla": 10, "Dario": 30}),
    _round("Dario", {"Anna": 12, "Bruno": 30, "Carla": 5}, one_turn=True),
]
#: Casertano in four: the closes it pays for, Bruno re-entering once and then staying out,
#: Dario re-entering and winning the match with seven of a kind.
CASERTANO = [
    _round("Anna", {"Bruno": 115, "Carla": 30, "Dario": 40}, closing="flush"),
    _round("Carla", {"Anna": 20, "Bruno": 80, "Dario": 75}, closing="straight", reenter=["Bruno"]),
    _round("Dario", {"Anna": 10, "Carla": 10}, closing="seven_of_a_kind", reenter=["Dario"]),
]
#: Carioca: eight rounds and no more, a stake in the pot each round, the lowest total wins.
CARIOCA = [
    _round(THREE[i % 3], {p: 5 + 3 * i + k for k, p in enumerate(THREE) if p != THREE[i % 3]})
    for i in range(8)
]
#: The encyclopedia's rules: rounding to tens, the messa, the scempio of a close in one turn.
ENCICLOPEDIA = [
    _round("Anna", {"Bruno": 24, "Carla": 25}),
    _round("Bruno", {"Anna": 30, "Carla": 3}, one_turn=True),
    _round("Carla", {"Anna": 44, "Bruno": 12}),
]

MATCHES = [
    ("classico", THREE, CLASSICO),
    ("scala-40", FOUR, SCALA_40),
    ("casertano", FOUR, CASERTANO),
    ("carioca", THREE, CARIOCA),
    ("enciclopedia", THREE, ENCICLOPEDIA),
]


def post(server: Server, body: Any, *, raw: bytes | None = None) -> tuple[int, Any]:
    """The status and JSON answer of ``POST /api/sheet``, refusals included."""
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.base + "/api/sheet", data=data, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def engine_match(rules: str, players: list[str], rounds: list[dict[str, Any]]) -> Match:
    """The same match recorded by the engine directly."""
    match = Match(players, get_preset(rules))
    for entry in rounds:
        for name in entry.get("reenter", []):
            match.reenter(name)
        match.close_reentries()
        hands = {
            name: parse_cards(hand) if isinstance(hand, str) else hand
            for name, hand in entry["hands"].items()
        }
        closing = Closing(entry.get("closing", "simple"))
        match.record(RoundResult(entry["out"], hands, entry["in_one_turn"], closing))
    return match


def score_file(rules: str, players: list[str], rounds: list[dict[str, Any]]) -> Match:
    """The same match as ``ramino score`` plays it from a file."""
    text = json.dumps({"players": players, "rounds": rounds})
    return score_play(parse_score_file(text, "partita.json"), get_preset(rules))


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back."""
    return json.loads(json.dumps(value))


def test_the_sheet_is_what_the_engine_and_ramino_score_keep(web_server: Server) -> None:
    for rules, players, rounds in MATCHES:
        for played in range(len(rounds) + 1):
            status, answer = post(
                web_server, {"rules": rules, "players": players, "rounds": rounds[:played]}
            )
            assert status == 200, (rules, played, answer)
            match = engine_match(rules, players, rounds[:played])
            assert answer["sheet"] == plain(match.to_dict()), (rules, played)
            assert answer["sheet"] == plain(score_file(rules, players, rounds[:played]).to_dict())
            assert answer["rules"]["name"] == rules
            if match.is_over:
                assert answer["result"] == {"it": match.result("it"), "en": match.result("en")}
            else:
                assert answer["result"] is None
        ended = rules in {"classico", "casertano", "carioca"}
        assert answer["sheet"]["is_over"] == ended, rules

    classico = engine_match("classico", THREE, CLASSICO)
    assert (classico.winner, classico.eliminated) == ("Anna", ("Bruno", "Carla"))
    assert engine_match("carioca", THREE, CARIOCA).chips is not None
    # What the next round asks: the close in one turn where it counts, the closes paid for.
    _, answer = post(web_server, {"rules": "classico", "players": THREE})
    assert answer["form"] == {"in_one_turn": True, "closings": ["simple"]}
    _, answer = post(web_server, {"rules": "casertano", "players": FOUR})
    assert answer["form"] == {
        "in_one_turn": False,
        "closings": ["simple", "flush", "straight", "seven_of_a_kind"],
    }
    assert answer["closing_words"]["flush"]["with"] == {"it": "con il colore", "en": "with a flush"}
    # House rules over a preset, as for a table.
    _, answer = post(
        web_server, {"rules": "classico", "knobs": {"target": 50}, "players": THREE, "rounds": []}
    )
    assert answer["rules"]["knobs"]["target"] == 50


def test_reentries_are_offered_and_decided(web_server: Server) -> None:
    base = {"rules": "casertano", "players": FOUR, "rounds": CASERTANO[:1]}
    status, answer = post(web_server, base)
    assert status == 200
    assert answer["offers"] == [{"player": "Bruno", "total": 115, "entry_total": 40, "stake": 1}]
    assert answer["sheet"]["eliminated"] == ["Bruno"]

    # Bruno comes back in at the highest total still in: the sheet says so at once.
    _, back = post(web_server, {**base, "reenter": ["Bruno"]})
    assert back["offers"] == []
    assert back["sheet"]["totals"]["Bruno"] == 40 and back["sheet"]["active"] == FOUR
    assert back["sheet"]["stakes"]["Bruno"] == 1
    # Or he stays out: nothing more to decide, and the next round is played without him.
    _, out = post(web_server, {**base, "stay_out": ["Bruno"]})
    assert out["offers"] == [] and out["sheet"]["eliminated"] == ["Bruno"]

    # After round 2 both Bruno and Dario are out; each answers for himself.
    two = {**base, "rounds": CASERTANO[:2]}
    _, answer = post(web_server, two)
    assert [offer["player"] for offer in answer["offers"]] == ["Bruno", "Dario"]
    _, answer = post(web_server, {**two, "stay_out": ["Bruno"]})
    assert [offer["player"] for offer in answer["offers"]] == ["Dario"]
    _, answer = post(web_server, {**two, "stay_out": ["Bruno"], "reenter": ["Dario"]})
    assert answer["offers"] == [] and answer["sheet"]["active"] == ["Anna", "Carla", "Dario"]

    # A table left too short once nobody re-enters: the match ends there, as at the table.
    knobs = {"min_players": 3}
    short = {
        "rules": "casertano",
        "knobs": knobs,
        "players": THREE,
        "rounds": [_round("Anna", {"Bruno": 120, "Carla": 30})],
    }
    _, answer = post(web_server, short)
    assert answer["short_handed"] and not answer["sheet"]["is_over"]
    _, answer = post(web_server, {**short, "stay_out": ["Bruno"]})
    assert answer["sheet"]["is_over"] and answer["sheet"]["winner"] == "Anna"
    assert answer["result"] == {"it": "Vince Anna, con -10.", "en": "Anna wins, with -10."}


#: Entries the match cannot take, each after a valid start: (rules, players, rounds so far,
#: the request's changes, the reason).
REFUSED: list[tuple[str, list[str], list[dict[str, Any]], dict[str, Any], str]] = [
    ("classico", THREE, [], {"players": ["Anna", "Anna"]}, "duplicate_player"),
    ("classico", THREE, [], {"players": ["Anna"]}, "too_few_players"),
    ("classico", THREE, [], {"players": ["Anna", " "]}, "bad_round_result"),
    ("classico", THREE, [], {"rules": "burraco"}, "unknown_preset"),
    ("classico", THREE, [], {"knobs": {"target": -1}}, "bad_rule_value"),
    ("classico", THREE, [_round("Zoe", {"Anna": 3, "Bruno": 4})], {}, "unknown_player"),
    ("classico", THREE, [_round("Anna", {"Bruno": 3, "Zoe": 4})], {}, "unknown_player"),
    ("classico", THREE, [_round("Anna", {"Bruno": 3})], {}, "bad_round_result"),
    ("classico", THREE, [_round("Anna", {"Anna": 1, "Bruno": 3, "Carla": 4})], {},
     "bad_round_result"),
    ("classico", THREE, [_round("Anna", {"Bruno": -3, "Carla": 4})], {}, "bad_round_result"),
    ("classico", THREE, [_round("Anna", {"Bruno": 10**7, "Carla": 4})], {}, "bad_round_result"),
    ("classico", THREE, [_round("Anna", {"Bruno": "7H ZZ", "Carla": 4})], {}, "bad_card"),
    ("classico", THREE, [_round(None, {"Anna": 1, "Bruno": 3, "Carla": 4}, one_turn=True)], {},
     "bad_round_result"),
    ("classico", THREE, [_round("Anna", {"Bruno": 3, "Carla": 4}, closing="seven_of_a_kind")], {},
     "bad_round_result"),
    ("classico", THREE, [*CLASSICO[:4], _round("Bruno", {"Anna": 3, "Carla": 4})], {},
     "player_eliminated"),
    ("classico", THREE, [*CLASSICO, _round("Anna", {"Carla": 4})], {}, "match_over"),
    ("classico", THREE, CLASSICO[:4], {"reenter": ["Bruno"]}, "reentry_not_allowed"),
    ("casertano", FOUR, [*CASERTANO[:1], _round("Anna", {"Carla": 1, "Dario": 1},
     reenter=["Carla"])], {}, "player_not_eliminated"),
    ("casertano", FOUR, CASERTANO[:1], {"stay_out": ["Carla"]}, "player_not_eliminated"),
    ("casertano", FOUR, CASERTANO[:1], {"reenter": ["Bruno"], "stay_out": ["Bruno"]},
     "player_not_eliminated"),
    ("casertano", FOUR, CASERTANO, {"reenter": ["Bruno"]}, "match_over"),
    ("carioca", THREE, [*CARIOCA, CARIOCA[0]], {}, "match_over"),
]  # fmt: skip


def place(where: str) -> str:
    """The part of the request a refusal names: ``players``, ``rounds[3]``, ``reenter``…"""
    found = re.match(r"rounds\[\d+\]|[a-z_]+", where)
    assert found is not None, where
    return found.group(0)


def test_an_impossible_entry_is_refused_in_both_languages(web_server: Server) -> None:
    for rules, players, rounds, changes, reason in REFUSED:
        case = (rules, changes, rounds[-1:], reason)
        trailing = "reenter" in changes or "stay_out" in changes
        before = {"rules": rules, "players": players, "rounds": rounds if trailing else rounds[:-1]}
        status, sheet = post(web_server, before)
        assert status == 200, (case, sheet)
        request = {"rules": rules, "players": players, "rounds": rounds, **changes}
        status, answer = post(web_server, request)
        assert status == 400, (case, answer)
        detail = answer["detail"]
        assert detail["reason"] == reason, (case, detail)
        assert detail["message"]["it"] and detail["message"]["en"]
        assert detail["message"]["it"] != detail["message"]["en"]
        # Nothing changed: the sheet before the entry is still what it was.
        assert post(web_server, before) == (200, sheet)
        if trailing or set(changes) & {"rules", "knobs"}:
            continue  # Decisions after the last round, and rules, are not in a score file.
        # ramino score refuses the same match, at the same place.
        with pytest.raises(ScoreError) as refusal:
            score_file(rules, changes.get("players", players), rounds)
        assert place(refusal.value.params["where"]) == place(detail["where"]), case


def test_hands_written_in_italian_are_read_as_the_engine_reads_them(web_server: Server) -> None:
    # Issue 46: the symbols and the Italian suit words, as ramino score takes them; a letter
    # an Italian could mean otherwise (C beside Italian initials, Q as a suit) is refused.
    italian = [_round("Anna", {"Bruno": "K di picche, Q♠ 5 cuori", "Carla": "7F 7P"})]
    english = [_round("Anna", {"Bruno": "KS QS 5H", "Carla": "7C 7S"})]
    status, answer = post(web_server, {"rules": "classico", "players": THREE, "rounds": italian})
    assert status == 200, answer
    assert answer["sheet"] == plain(engine_match("classico", THREE, english).to_dict())
    misread = [_round("Anna", {"Bruno": "7C 7P", "Carla": 4})]
    status, answer = post(web_server, {"rules": "classico", "players": THREE, "rounds": misread})
    assert status == 400 and answer["detail"]["reason"] == "ambiguous_suit"
    assert "7cuori" in answer["detail"]["message"]["it"]


def raw_hand(value: bytes) -> bytes:
    """A request whose one hand is ``value``, written as JSON cannot write it."""
    return (
        b'{"players": ["Anna", "Bruno"], "rounds": [{"out": "Anna", "hands": {"Bruno": %s}}]}'
        % (value)
    )


def test_hostile_input_gets_4xx_never_5xx(web_server: Server) -> None:
    good_round = _round("Anna", {"Bruno": 3, "Carla": 4})
    body = {"rules": "classico", "players": THREE, "rounds": [good_round]}
    many = [f"P{i}" for i in range(13)]
    hostile: list[tuple[Any, bytes | None]] = [
        ({**body, "players": many}, None),
        ({**body, "players": [*THREE, "x" * 31]}, None),
        ({**body, "rounds": [good_round] * 301}, None),
        ({**body, "rounds": [_round("Anna", {f"P{i}": 1 for i in range(13)})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": 3, "Carla": "7H " * 100})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": 10**30, "Carla": 4})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": 2.5, "Carla": 4})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": True, "Carla": 4})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": None, "Carla": 4})]}, None),
        ({**body, "rounds": [_round("Anna", {"Bruno": [3], "Carla": 4})]}, None),
        ({**body, "rounds": [{**good_round, "closing": "magic"}]}, None),
        ({**body, "rounds": [{**good_round, "extra": 1}]}, None),
        ({**body, "rounds": [{"hands": {}}]}, None),
        ({**body, "reenter": ["Zoe"]}, None),
        ({**body, "stay_out": ["Zoe"]}, None),
        ({**body, "stay_out": [*THREE] * 5}, None),
        ({**body, "knobs": {f"k{i}": 1 for i in range(65)}}, None),
        ({**body, "knobs": {"target": [[[[[]]]]]}}, None),
        ({**body, "knobs": {"nonsense": 1}}, None),
        ({**body, "rules": "x" * 41}, None),
        ({**body, "surprise": True}, None),
        ([body], None),
        (None, raw_hand(b"NaN")),
        (None, raw_hand(b"Infinity")),
        (None, raw_hand(b"9" * 5000)),
        (None, b"{not json"),
        (None, b'"\\ud800"'),
        (None, b"[" * 10000 + b"]" * 10000),
    ]  # fmt: skip
    for request, raw in hostile:
        status, answer = post(web_server, request, raw=raw)
        assert 400 <= status < 500, (status, str(request)[:200], answer)
    # Names the match does not know, and negative points, are refused in words.
    status, answer = post(web_server, {**body, "reenter": ["Zoe"]})
    assert answer["detail"]["reason"] == "unknown_player"
    assert answer["detail"]["where"] == "reenter[0]"
    # And the server is still there, scoring.
    assert post(web_server, body)[0] == 200


# --- in the browser ---


def new_page(chromium: Any, viewport: dict[str, int] = DESKTOP) -> Any:
    # No motion, and one day for every run: the screenshot is the same each time.
    context = chromium.new_context(viewport=viewport, locale="it-IT", reduced_motion="reduce")
    context.clock.set_fixed_time("2026-12-03T10:00:00")
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    # A refusal is an answer of 400: the browser logs it, the page explains it.
    page.on(
        "console",
        lambda line: (
            problems.append(line.text)
            if line.type == "error" and "status of 400" not in line.text
            else None
        ),
    )
    # "New match" asks first.
    page.on("dialog", lambda dialog: dialog.accept())
    page.problems = problems  # type: ignore[attr-defined]
    return page


def held(page: Any) -> dict[str, Any]:
    """The match the page keeps in this browser."""
    return dict(json.loads(page.evaluate("() => localStorage.getItem('ramino.homeSheet')")))


def _described(response: Any) -> bool:
    return bool(response.url.endswith("/api/rules/describe"))


def start_match(page: Any, base: str, rules: str, players: list[str]) -> None:
    # The page asks the server to judge the rules after loading and after each choice, and
    # draws the form again when the answer comes: wait for it, or a number typed meanwhile
    # goes into a field that is about to be replaced.
    with page.expect_response(_described):
        page.goto(base + "/sheet")
    page.wait_for_selector(f"#sheet-preset option[value='{rules}']", state="attached")
    with page.expect_response(_described):
        page.select_option("#sheet-preset", rules)
    page.fill("#sheet-count", str(len(players)))
    page.press("#sheet-count", "Tab")
    for i, name in enumerate(players):
        page.fill(f"#sheet-name-{i}", name)
    page.click("#sheet-start")
    page.wait_for_selector("#round-out")


def enter_round(page: Any, players: list[str], entry: dict[str, Any]) -> None:
    """Fill the round's form by clicks and send it; wait for the sheet to take it."""
    page.select_option("#round-out", entry["out"] or "\u0000nobody")
    if entry["in_one_turn"]:
        page.check("#round-one-turn")
    if entry.get("closing", "simple") != "simple":
        page.select_option("#round-closing", entry["closing"])
    for name, hand in entry["hands"].items():
        page.fill(f"#hand-{players.index(name)}", str(hand))
    rounds = len(held(page)["rounds"])
    page.click("#round-add")
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('ramino.homeSheet')).rounds.length > n", arg=rounds
    )


def shown_totals(page: Any, players: list[str]) -> dict[str, int]:
    cells = {
        name: page.inner_text(f"#sheet-totals td[data-player='{name}'] .total") for name in players
    }
    return {name: int(text) for name, text in cells.items()}


def test_a_match_entered_by_clicks(web_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    start_match(page, web_server.base, "classico", THREE)
    played = CLASSICO[:4]
    for n, entry in enumerate(played, 1):
        enter_round(page, THREE, entry)
        match = engine_match("classico", THREE, played[:n])
        assert shown_totals(page, THREE) == match.totals
    assert page.locator("#sheet-table tbody tr").count() == 4
    assert "✗ fuori" in page.inner_text("#sheet-totals td[data-player='Bruno']")
    leader = match.standing()[0]
    outcome = f"In testa {leader}, con {match.totals[leader]} punti."
    assert page.inner_text("#sheet-outcome") == outcome
    assert page.inner_text("#sheet-table caption") == "I totali dopo ogni smazzata (classico)"
    # Bruno is out: the next round counts Carla's hand only.
    assert page.locator("#hand-1").count() == 0

    # A refused entry says why in the engine's words, and the sheet keeps what it had.
    kept = held(page)["rounds"]
    page.select_option("#round-out", "Anna")
    page.fill("#hand-2", "-5")
    page.click("#round-add")
    page.wait_for_selector("#sheet-error-round")
    with pytest.raises(ScoreError) as refusal:
        engine_match("classico", THREE, [*played, _round("Anna", {"Carla": -5})])
    assert page.inner_text("#sheet-error-round") == refusal.value.message("it")
    assert page.get_attribute("#sheet-error-round", "role") == "alert"
    assert held(page)["rounds"] == kept
    assert shown_totals(page, THREE) == match.totals

    # A reload loses nothing: the rounds, the totals, the hand being written.
    page.reload()
    page.wait_for_selector("#sheet-totals")
    assert shown_totals(page, THREE) == match.totals
    assert page.locator("#sheet-table tbody tr").count() == 4
    assert page.input_value("#hand-2") == "-5"
    page.fill("#hand-2", "")
    page.evaluate("() => document.activeElement.blur()")
    page.mouse.move(0, 0)
    save(page, "web-home-sheet.png", page.screenshot(full_page=True))
    page.click("#sheet-rules summary")

    # In English, the same sheet.
    page.click("#lang")
    assert page.inner_text("#sheet-table caption") == "The totals after each round (classico)"
    assert (
        page.inner_text("#sheet-outcome") == f"{leader} leads, with {match.totals[leader]} points."
    )
    page.click("#lang")

    # Printed: the sheet with its title, date and players, and the rules shown; no form, no
    # button, no bar.
    page.emulate_media(media="print")
    for visible in ("#sheet-table", "#sheet-title", ".sheet-facts", "#sheet-rules pre"):
        assert page.is_visible(visible), visible
    for hidden in ("#round-add", "#round-out", "#sheet-print", "#sheet-undo", "#sheet-new", ".bar"):
        assert not page.is_visible(hidden), hidden
    assert "Giocatori: Anna, Bruno, Carla." in page.inner_text(".sheet-facts")
    colour = page.eval_on_selector("#sheet-table thead th", "e => getComputedStyle(e).color")
    background = page.eval_on_selector(
        "#sheet-table thead th", "e => getComputedStyle(e).backgroundColor"
    )
    assert (colour, background) == ("rgb(0, 0, 0)", "rgb(255, 255, 255)")
    pdf = page.pdf()
    assert pdf.startswith(b"%PDF") and len(pdf) > 2000
    page.emulate_media(media="screen")

    # The last round undone comes back into the form, to put right; entered again, the
    # match ends as the engine says.
    page.click("#sheet-undo")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('ramino.homeSheet')).rounds.length === 3"
    )
    assert page.input_value("#round-out") == "Carla"
    assert page.is_checked("#round-one-turn")
    assert page.input_value("#hand-1") == "12"
    rounds = len(held(page)["rounds"])
    page.click("#round-add")
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('ramino.homeSheet')).rounds.length > n", arg=rounds
    )
    enter_round(page, THREE, CLASSICO[4])
    final = engine_match("classico", THREE, CLASSICO)
    assert shown_totals(page, THREE) == final.totals
    assert page.inner_text("#sheet-outcome") == f"Partita finita — {final.result('it')}"
    assert page.locator("#round-add").count() == 0

    # Every word the page says is there in both languages.
    used = set(re.findall(r"\bt\('(hs_[a-z_]+)'", SHEET_JS.read_text()))
    used |= set(re.findall(r"ApiError\('(hs_[a-z_]+)'", SHEET_JS.read_text()))
    keys = page.evaluate(
        "async () => { const m = await import('/static/i18n.js'); return [m.KEYS, m.KEYS_EN]; }"
    )
    assert used and used <= set(keys[0]) and used <= set(keys[1])

    # A new match, once confirmed, starts from the same players.
    page.click("#sheet-new")
    page.wait_for_selector("#sheet-start")
    assert page.evaluate("() => localStorage.getItem('ramino.homeSheet')") is None
    assert page.input_value("#sheet-name-1") == "Bruno"
    assert page.problems == [], page.problems


def test_a_hand_is_written_with_the_suits_symbols_and_the_field_says_its_notation(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    start_match(page, web_server.base, "classico", THREE)
    help_text = page.inner_text("#hands-help")
    for said in ("9♥", "9 cuori", "H cuori, D quadri, C fiori, S picche", "JK"):
        assert said in help_text, said
    # A phone gives letters too, not only digits.
    assert page.get_attribute("#hand-1", "inputmode") == "text"
    page.select_option("#round-out", "Anna")
    page.click("#hand-1")
    page.keyboard.type("K")
    page.click("#suit-key-suit_spades")
    page.keyboard.type(" Q")
    page.click("#suit-key-suit_spades")
    page.click("#suit-key-joker")
    assert page.input_value("#hand-1") == "K♠ Q♠ JK "
    page.click("#hand-2")
    page.keyboard.type("7")
    page.click("#suit-key-suit_hearts")
    assert page.input_value("#hand-2") == "7♥"
    assert page.evaluate("() => document.activeElement.id") == "hand-2"
    page.click("#round-add")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('ramino.homeSheet')).rounds.length"
    )
    english = [_round("Anna", {"Bruno": "KS QS JK", "Carla": "7H"})]
    assert shown_totals(page, THREE) == engine_match("classico", THREE, english).totals
    page.click("#lang")
    assert "9 di cuori" in page.inner_text("#hands-help")
    assert page.get_attribute("#suit-key-suit_hearts", "aria-label") == "hearts"
    assert page.problems == [], page.problems


def test_reentry_and_the_closes_of_casertano_by_clicks(web_server: Server, chromium: Any) -> None:
    page = new_page(chromium)
    start_match(page, web_server.base, "casertano", FOUR)
    assert page.locator("#round-one-turn").count() == 0
    enter_round(page, FOUR, CASERTANO[0])
    page.wait_for_selector("#reenter-0")
    assert page.inner_text(".sheet-reentry .offer p") == (
        "Bruno è fuori a 115 punti. Rientra a 40, pagando 1 posta?"
    )
    assert page.locator("#round-add").count() == 0
    page.click("#reenter-0")
    page.wait_for_selector("#round-add")
    assert held(page)["reenter"] == ["Bruno"]
    assert "↺ 40" in page.inner_text("#sheet-table .reentry-line")
    enter_round(page, FOUR, {**CASERTANO[1], "reenter": []})
    page.wait_for_selector("#stay-out-1")
    page.click("#stay-out-0")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('ramino.homeSheet')).stay_out.length === 1"
    )
    assert page.inner_text(".sheet-reentry .offer p").startswith("Dario è fuori a 115 punti.")
    page.click("#reenter-0")
    page.wait_for_selector("#round-add")
    enter_round(page, FOUR, {**CASERTANO[2], "reenter": []})
    match = engine_match("casertano", FOUR, CASERTANO)
    assert shown_totals(page, FOUR) == match.totals
    assert page.inner_text("#sheet-outcome") == f"Partita finita — {match.result('it')}"
    assert "con sette carte uguali" in page.inner_text("#sheet-table tbody")
    credits = page.inner_text("#sheet-credits")
    assert credits.split("\t")[1:] == [str(match.credits[p]) for p in FOUR]
    assert page.is_visible("#sheet-stakes")
    # On a phone the sheet scrolls within its panel; the page does not.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.problems == [], page.problems
