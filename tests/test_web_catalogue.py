"""The page and Python say a refusal in the same words: the page reads the catalogue
(``/api/words``, ``ramino.words.browser``) and fills its fields as ``ramino.words.render`` does,
in Debian's Chromium driven by Playwright."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from ramino.ai.errors import BotReason
from ramino.engine.cards import parse_cards
from ramino.engine.errors import IllegalAction, Reason, ReasonCode
from ramino.server.reasons import ServerReason
from serving import Server
from test_web import new_page

pytestmark = [pytest.mark.server, pytest.mark.slow]

#: Refusals with their values (cards apart), as a page or the engine raises them.
SAMPLES: list[tuple[ReasonCode, str, dict[str, Any]]] = [
    (Reason.ALREADY_DRAWN, "", {}),
    (Reason.BAD_CARD, "", {"token": "7X"}),
    (Reason.BAD_CARD, "", {"token": "l'asso"}),
    (Reason.OPENING_BELOW_THRESHOLD, "", {"points": 32, "threshold": 40}),
    (Reason.TOO_MANY_JOKERS, "JK JK 5H 6H", {"limit": 1, "count": 2}),
    (Reason.TOO_MANY_JOKERS, "JK JK JK 5H 6H", {"limit": 2, "count": 3}),
    (Reason.NOT_IN_HAND, "QC 10D", {}),
    (ServerReason.NOT_YOUR_TURN, "", {"player": "Anna"}),
    (ServerReason.NOT_YOUR_TURN, "", {"player": "Bruno"}),
    (ServerReason.TOO_MANY_TABLES, "", {"burst": 5, "every": "un minuto", "wait": "10 s"}),
    (BotReason.UNKNOWN_LEVEL, "", {"level": "campione", "known": "principiante, esperto"}),
]

PAGE_REFUSAL = """
async ([code, values, lang]) => {
  const words = await import('/static/i18n.js');
  await words.catalogueReady;
  return words.refusal(code, values, lang);
}
"""


def test_the_page_says_a_refusal_in_the_catalogue_s_words(
    web_server: Server, chromium: Any
) -> None:
    page = new_page(chromium)
    page.goto(web_server.base + "/")
    for reason, cards, params in SAMPLES:
        held = parse_cards(cards) if cards else ()
        values = {**params, "cards": [card.unicode() for card in held]} if held else params
        for lang in ("it", "en"):
            python = IllegalAction(reason, cards=held, **params).message(lang)
            assert page.evaluate(PAGE_REFUSAL, [reason.value, values, lang]) == python
    assert page.problems == [], page.problems


def test_a_move_out_of_turn_is_refused_in_the_server_s_words(
    web_server: Server, chromium: Any
) -> None:
    table = web_server.post(
        "/api/tables", {"rules": "classico", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )["table"]
    pages = []
    for name in ("Anna", "Bruno"):
        page = new_page(chromium)
        page.goto(f"{web_server.base}/t/{table}")
        page.fill("#nickname", name)
        page.click("#sit")
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#hand-card-0")
    view = pages[0].evaluate("() => window.ramino.page().state.observation")
    waiting = pages[1 - view["to_play"]]
    to_play = ("Anna", "Bruno")[view["to_play"]]
    waiting.keyboard.press("t")
    said = waiting.locator("#message").inner_text()
    assert said == IllegalAction(ServerReason.NOT_YOUR_TURN, player=to_play).message("it")
    assert said == f"Non è il tuo turno: tocca {'ad Anna' if to_play == 'Anna' else 'a Bruno'}."
