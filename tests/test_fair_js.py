"""The browser's fair-deal module, ``src/ramino/web/static/fair.js``, run under node: the proofs a
table reveals, checked and refused; card ids named as the engine's deck names them; the hands a
deck order deals, as the engine deals them; and the doc's JavaScript, which it holds verbatim.

Every question goes to one node process, asked once for the module; the tests compare its
answers with the engine's.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import pytest

from ramino.engine.deal import check_playable
from ramino.engine.deck import Deck
from ramino.engine.errors import IllegalAction
from ramino.engine.play import MatchPlay
from ramino.engine.presets import PRESETS, get_preset
from ramino.engine.round import Round
from ramino.engine.rules import Rules
from ramino.engine.shuffle import PORTABLE, deal_seed, portable_shuffle
from test_shuffle import docs_block

pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parent.parent
FAIR_JS = ROOT / "src" / "ramino" / "web" / "static" / "fair.js"
VECTORS: dict[str, Any] = json.loads(
    (ROOT / "tests" / "data" / "shuffle_vectors.json").read_text("utf-8")
)
DOC_BLOCKS = ("js-shuffle", "js-fair-deal")


# --- node -------------------------------------------------------------------------------------


def _missing(why: str) -> NoReturn:
    # On CI a missing node fails: a skip there would leave the page's code unchecked.
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        _missing("node is not on PATH")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    if int(version.stdout.strip().lstrip("v").split(".")[0]) < 18:
        _missing(f"node {version.stdout.strip()} is older than 18")
    return node


# What the page would do with each request; whatever throws is answered as {"threw": "..."}.
# Hostile proofs that JSON cannot carry (a getter that throws, a list lying about its length,
# BigInt, symbols) are made here, from the first valid proof.
_DRIVER = """
// Node 18 keeps WebCrypto off the global object; a browser (and node 19+) has it there.
globalThis.crypto ??= (await import('node:crypto')).webcrypto;
const fair = await import(process.argv[2]);
const { readFile } = await import('node:fs/promises');
const asked = JSON.parse(await readFile(process.argv[3], 'utf8'));
const attempt = async (work) => {
  try {
    return { value: await work() };
  } catch (error) {
    return { threw: `${error?.name}: ${error?.message}` };
  }
};
const valid = asked.valid ?? {};
const throwing = (target) => new Proxy(target, { get() { throw new Error('hostile getter'); } });
const lying = new Proxy([], { get: (list, key) => (key === 'length' ? 2 ** 40 : list[key]) });
const hostile = {
  'undefined': undefined,
  'no-prototype': Object.create(null),
  'bigint-and-symbol': { commitment: 5n, secret: Symbol('s') },
  'throwing-getters': throwing({}),
  'nonces-lying-length': { ...valid, nonces: lying },
  'nonces-bytes': { ...valid, nonces: [new Uint8Array(4)] },
  'order-throwing': { ...valid, order: throwing([...(valid.order ?? [])]) },
  'deck-size-infinite': { ...valid, deck_size: Infinity },
  'deck-size-nan': { ...valid, deck_size: NaN },
  'secret-object': { ...valid, secret: { toString: () => valid.secret } },
  'secret-getter-throws': { ...valid, get secret() { throw new Error('no secret'); } },
  'throws-unprintable': { get secret() { throw { toString() { throw new Error('again'); } }; } },
};
const out = { exports: Object.keys(fair).sort(), proofs: [], hostile: {}, decks: [], deals: [] };
out.bad_layouts = [];
for (const proof of asked.proofs ?? []) {
  out.proofs.push(await attempt(() => fair.verifyProof(proof)));
}
for (const [name, proof] of Object.entries(hostile)) {
  out.hostile[name] = await attempt(() => fair.verifyProof(proof));
}
for (const size of asked.decks ?? []) {
  const deck = fair.deckOfSize(size);
  out.decks.push({
    deck,
    cards: [...Array(size).keys()].map((id) => fair.cardOfId(id, deck)),
    outside: await Promise.all(
      [size, -1, 0.5, '0'].map((id) => attempt(() => fair.cardOfId(id, deck))),
    ),
  });
}
for (const { order, layout, knobs } of asked.deals ?? []) {
  const deck = fair.deckOfSize(order.length);
  const dealt = fair.dealtHands(order, layout);
  const fromKnobs = fair.dealLayout(knobs, layout.players, layout.dealer);
  out.deals.push({
    dealt,
    codes: dealt.hands.map((hand) => hand.map((id) => fair.cardOfId(id, deck))),
    fromKnobs,
    dealtFromKnobs: fair.dealtHands(order, fromKnobs),
  });
}
for (const { order, layout } of asked.bad_layouts ?? []) {
  out.bad_layouts.push(await attempt(() => fair.dealtHands(order, layout)));
}
console.log(JSON.stringify(out));
"""


def _ask_node(requests: dict[str, Any], where: Path) -> dict[str, Any]:
    node = _node()
    (where / "asked.json").write_text(json.dumps(requests), "utf-8")
    (where / "driver.mjs").write_text(_DRIVER, "utf-8")
    done = subprocess.run(
        [node, str(where / "driver.mjs"), FAIR_JS.as_uri(), str(where / "asked.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


# --- the questions ----------------------------------------------------------------------------

VALID = VECTORS["deals"][0]


def _with(**changes: Any) -> dict[str, Any]:
    return {**VALID, **changes}


def _unseeded(**changes: Any) -> dict[str, Any]:
    # A proof whose nonces or secret changed, without the vector's seed to hold them to: the
    # seed is recomputed, and the order is where the change shows.
    return {key: value for key, value in VALID.items() if key != "seed"} | changes


def _flip(hex_text: str) -> str:
    # The first byte with its lowest bit flipped.
    return f"{int(hex_text[:2], 16) ^ 1:02x}{hex_text[2:]}"


def _server_shaped(vector: dict[str, Any], number: int) -> dict[str, Any]:
    # DealProof.to_dict carries no seed: the page recomputes it.
    return {key: value for key, value in vector.items() if key != "seed"} | {"round": number}


_OTHER_SECRET = _flip(VALID["secret"])
_OTHER_ORDER = portable_shuffle(
    range(VALID["deck_size"]),
    deal_seed(bytes.fromhex(_OTHER_SECRET), [bytes.fromhex(n) for n in VALID["nonces"]]),
)
_SWAPPED = [VALID["order"][1], VALID["order"][0], *VALID["order"][2:]]
_SHORT = "11" * 8

# name, proof, the first check that fails (None: it holds), its reason.
PROOFS: list[tuple[str, Any, str | None, str | None]] = [
    *[(f"vector-{v['deck_size']}", v, None, None) for v in VECTORS["deals"]],
    *[
        (f"server-{v['deck_size']}", _server_shaped(v, k), None, None)
        for k, v in enumerate(VECTORS["deals"], 1)
    ],
    ("commitment-as-typed", _with(commitment=f"  {VALID['commitment'].upper()}\n"), None, None),
    # Tampering: each piece changed alone fails where it should.
    ("tampered-secret", _with(secret=_OTHER_SECRET), "commitment", "mismatch"),
    # A secret whose own deal is consistent still fails: it is not the one committed to.
    (
        "consistent-other-secret",
        _unseeded(secret=_OTHER_SECRET, order=_OTHER_ORDER),
        "commitment",
        "mismatch",
    ),
    ("tampered-commitment", _with(commitment=_flip(VALID["commitment"])), "commitment", "mismatch"),
    (
        "tampered-nonce",
        _unseeded(nonces=[_flip(VALID["nonces"][0]), *VALID["nonces"][1:]]),
        "order",
        "mismatch",
    ),
    ("nonces-reversed", _unseeded(nonces=VALID["nonces"][::-1]), "order", "mismatch"),
    ("nonce-added", _unseeded(nonces=[*VALID["nonces"], ""]), "order", "mismatch"),
    ("nonce-dropped", _unseeded(nonces=VALID["nonces"][:-1]), "order", "mismatch"),
    ("tampered-seed", _with(seed=_flip(VALID["seed"])), "seed", "mismatch"),
    ("tampered-order", _with(order=_SWAPPED), "order", "mismatch"),
    ("order-cut", _with(order=VALID["order"][:-1]), "order", "bad_order"),
    ("deck-size", _with(deck_size=VALID["deck_size"] - 1), "order", "bad_order"),
    (
        "both-cut",
        _with(order=VALID["order"][:-1], deck_size=VALID["deck_size"] - 1),
        "order",
        "mismatch",
    ),
    # Garbage.
    ("proof-null", None, "commitment", "bad_commitment"),
    ("proof-number", 42, "commitment", "bad_commitment"),
    ("proof-text", "proof", "commitment", "bad_commitment"),
    ("proof-list", [VALID], "commitment", "bad_commitment"),
    ("proof-empty", {}, "commitment", "bad_commitment"),
    ("commitment-words", _with(commitment="not a hash"), "commitment", "bad_commitment"),
    (
        "commitment-short",
        _with(commitment=VALID["commitment"][:-1]),
        "commitment",
        "bad_commitment",
    ),
    ("commitment-number", _with(commitment=12345), "commitment", "bad_commitment"),
    ("secret-odd", _with(secret=VALID["secret"][:-1]), "commitment", "bad_secret"),
    ("secret-not-hex", _with(secret="zz" * 32), "commitment", "bad_secret"),
    ("secret-number", _with(secret=1234), "commitment", "bad_secret"),
    (
        "secret-missing",
        {k: v for k, v in VALID.items() if k != "secret"},
        "commitment",
        "bad_secret",
    ),
    (
        "secret-short",
        _with(secret=_SHORT, commitment=hashlib.sha256(bytes.fromhex(_SHORT)).hexdigest()),
        "commitment",
        "short_secret",
    ),
    (
        "secret-empty",
        _with(secret="", commitment=hashlib.sha256(b"").hexdigest()),
        "commitment",
        "short_secret",
    ),
    ("nonces-text", _with(nonces="".join(VALID["nonces"])), "seed", "bad_nonces"),
    ("nonces-numbers", _with(nonces=[1, 2]), "seed", "bad_nonces"),
    ("nonces-null", _with(nonces=[None]), "seed", "bad_nonces"),
    ("nonces-not-hex", _with(nonces=["x"]), "seed", "bad_nonces"),
    ("nonces-object", _with(nonces={"0": "00"}), "seed", "bad_nonces"),
    ("deck-size-text", _with(deck_size="108"), "order", "bad_deck_size"),
    ("deck-size-negative", _with(deck_size=-1), "order", "bad_deck_size"),
    ("deck-size-fraction", _with(deck_size=107.5), "order", "bad_deck_size"),
    ("deck-size-huge", _with(deck_size=10**9), "order", "bad_deck_size"),
    ("deck-size-true", _with(deck_size=True), "order", "bad_deck_size"),
    ("order-text", _with(order=",".join(map(str, VALID["order"]))), "order", "bad_order"),
    ("order-object", _with(order={"0": VALID["order"][0]}), "order", "bad_order"),
    ("order-strings", _with(order=[str(i) for i in VALID["order"]]), "order", "mismatch"),
    ("order-nulls", _with(order=[None] * VALID["deck_size"]), "order", "mismatch"),
]


def _layout(rules: Rules, players: int, dealer: int) -> dict[str, Any]:
    return {
        "players": players,
        "dealer": dealer,
        "handSize": rules.hand_size_for(players),
        "direction": rules.direction.value,
        "jokerUpcard": rules.joker_upcard.value,
    }


def _jokers_first(round_: Round, how_many: int) -> list[int]:
    # The order with ``how_many`` jokers moved to the upcard's place and after it: the deal
    # turns up a jolly (and then more), which a shuffle does about once in 27 rounds.
    order = list(round_.deck_order)
    jokers = [i for i in order if round_.deck[i].is_joker][:how_many]
    rest = [i for i in order if i not in jokers]
    dealt = round_.players * round_.rules.hand_size_for(round_.players)
    return rest[:dealt] + jokers + rest[dealt:]


def _deals() -> list[tuple[str, Round]]:
    """The engine's own deals: every preset, at 2, 3 and 4 where playable, several seeds and
    dealers, fair deals through MatchPlay; and orders that turn up a jolly."""
    deals = []
    for name, preset in PRESETS.items():
        rules = preset.rules
        for players in (2, 3, 4):
            try:
                check_playable(rules, players)
            except IllegalAction:
                continue
            names = [f"P{seat}" for seat in range(players)]
            for k in range(4):
                secret = hashlib.sha256(f"{name}/{players}/{k}".encode()).digest()
                nonces = [f"seat {seat}, deal {k}".encode() for seat in range(players)]
                seed = deal_seed(secret, nonces)
                play = MatchPlay(names, rules, seed=k, dealer=k % players)
                round_ = play.start_round(seed)
                # The round deals the portable shuffle of its deck under the fair deal's seed.
                assert round_.deck_order == tuple(portable_shuffle(range(len(round_.deck)), seed))
                deals.append((f"{name}-{players}-seed{k}", round_))
                if round_.deck.jokers:
                    for many in (1, round_.deck.jokers):
                        order = _jokers_first(round_, many)
                        stacked = Round(rules, players, dealer=round_.dealer, deck_order=order)
                        deals.append((f"{name}-{players}-seed{k}-jolly{many}", stacked))
    return deals


DEALS = _deals()
DECK_SIZES = sorted(
    {
        len(Deck.for_rules(preset.rules, players))
        for preset in PRESETS.values()
        for players in range(preset.rules.min_players, preset.rules.max_players + 1)
    }
)


def _bad_layouts() -> list[tuple[str, list[Any], dict[str, Any]]]:
    order = list(range(54))
    good = _layout(get_preset("classico-2"), 2, 0)
    return [
        ("twin-id", [0, *order[:-1]], good),
        ("missing-id", order[1:], good),
        ("not-a-list", "0,1,2", good),  # type: ignore[list-item]
        ("no-deck", list(range(40)), good),
        ("no-seats", order, good | {"players": 0}),
        ("dealer-no-seat", order, good | {"dealer": 2}),
        ("dealer-negative", order, good | {"dealer": -1}),
        ("hands-too-big", order, good | {"handSize": 27}),
        ("hand-size-text", order, good | {"handSize": "10"}),
        ("direction", order, good | {"direction": "sideways"}),
        ("direction-inherited", order, good | {"direction": "toString"}),
        ("joker-upcard", order, good | {"jokerUpcard": "keep"}),
    ]


BAD_LAYOUTS = _bad_layouts()


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    requests = {
        "valid": VALID,
        "proofs": [proof for _, proof, _, _ in PROOFS],
        "decks": DECK_SIZES,
        "deals": [
            {
                "order": list(round_.deck_order),
                "layout": _layout(round_.rules, round_.players, round_.dealer),
                "knobs": round_.rules.knobs(),
            }
            for _, round_ in DEALS
        ],
        "bad_layouts": [{"order": order, "layout": layout} for _, order, layout in BAD_LAYOUTS],
    }
    return _ask_node(requests, tmp_path_factory.mktemp("fair_js"))


# --- the doc's code is the module's -----------------------------------------------------------


def _module_block(name: str) -> str:
    source = FAIR_JS.read_text("utf-8")
    found = re.findall(
        rf"^// <docs/shuffle\.md {name}>\n(.*?)^// </docs/shuffle\.md {name}>$",
        source,
        re.DOTALL | re.MULTILINE,
    )
    assert len(found) == 1, f"fair.js needs one {name} block between its markers"
    return str(found[0])


@pytest.mark.parametrize("name", DOC_BLOCKS)
def test_the_module_holds_the_doc_blocks_verbatim(name: str) -> None:
    assert _module_block(name) == docs_block(name)


def test_the_module_exports_the_doc_functions_and_its_own(answers: dict[str, Any]) -> None:
    printed = {
        found
        for block in DOC_BLOCKS
        for found in re.findall(
            r"^(?:async function|function|const) (\w+)", docs_block(block), re.MULTILINE
        )
    }
    assert printed == {
        "sha256",
        "sha256Stream",
        "below",
        "portableShuffle",
        "toHex",
        "dealSeed",
        "verifyDeal",
    }
    own = {"PORTABLE", "cardOfId", "dealLayout", "dealtHands", "deckOfSize", "fromHex"}
    assert set(answers["exports"]) == printed | own | {"verifyProof"}
    assert f"export const PORTABLE = '{PORTABLE}';" in FAIR_JS.read_text("utf-8")


# --- verifyProof ------------------------------------------------------------------------------


def _is_answer(result: Any) -> bool:
    # The shape the page reads: every check said, ok only when all three hold.
    checks = ("commitment", "seed", "order")
    return (
        set(result) == {"ok", "failed", "round", *checks}
        and all({"ok", "reason", "detail"} <= set(result[c]) for c in checks)
        and result["ok"] == all(result[c]["ok"] for c in checks)
        and result["ok"] == (result["failed"] is None)
        and all(result[c]["ok"] == (result[c]["reason"] is None) for c in checks)
        and (result["failed"] is None or result[result["failed"]]["reason"] is not None)
    )


@pytest.mark.parametrize(
    ("index", "failed", "reason"),
    [(k, failed, reason) for k, (_, _, failed, reason) in enumerate(PROOFS)],
    ids=[name for name, _, _, _ in PROOFS],
)
def test_verify_proof(
    answers: dict[str, Any], index: int, failed: str | None, reason: str | None
) -> None:
    answer = answers["proofs"][index]
    assert "threw" not in answer, answer
    result = answer["value"]
    assert _is_answer(result), result
    assert (result["ok"], result["failed"]) == (failed is None, failed)
    if failed is not None:
        assert result[failed]["reason"] == reason
        # Checks before the one that failed hold.
        names = ["commitment", "seed", "order"]
        assert all(result[c]["ok"] for c in names[: names.index(failed)])


def test_verify_proof_says_what_it_recomputed(answers: dict[str, Any]) -> None:
    by_name = {
        name: answer["value"] for (name, *_), answer in zip(PROOFS, answers["proofs"], strict=True)
    }
    for k, vector in enumerate(VECTORS["deals"], 1):
        server = by_name[f"server-{vector['deck_size']}"]
        assert server["seed"]["seed"] == vector["seed"]
        assert server["round"] == k
    assert by_name["vector-108"]["round"] is None
    # A changed commitment spoils that check only: the secret still deals the order.
    changed = by_name["tampered-commitment"]
    assert changed["seed"]["ok"] and changed["order"]["ok"]
    assert by_name["consistent-other-secret"]["order"]["ok"]
    assert by_name["tampered-order"]["order"]["at"] == 0
    assert by_name["tampered-seed"]["order"]["ok"]  # checked with the seed it recomputed
    assert by_name["tampered-nonce"]["seed"]["seed"] != VALID["seed"]


# Proofs JSON cannot carry, made by the driver from the first valid one: the check they spoil.
HOSTILE = {
    "undefined": ("commitment", "bad_commitment"),
    "no-prototype": ("commitment", "bad_commitment"),
    "bigint-and-symbol": ("commitment", "bad_commitment"),
    "throwing-getters": ("commitment", "error"),
    "nonces-lying-length": ("seed", "error"),
    "nonces-bytes": ("seed", "bad_nonces"),
    "order-throwing": ("order", "error"),
    "deck-size-infinite": ("order", "bad_deck_size"),
    "deck-size-nan": ("order", "bad_deck_size"),
    "secret-object": ("commitment", "bad_secret"),
    "secret-getter-throws": ("commitment", "error"),
    "throws-unprintable": ("commitment", "error"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_verify_proof_never_throws_on_hostile_objects(answers: dict[str, Any], name: str) -> None:
    assert set(answers["hostile"]) == set(HOSTILE)
    answer = answers["hostile"][name]
    assert "threw" not in answer, answer
    result = answer["value"]
    assert _is_answer(result), result
    assert not result["ok"]
    assert (result["failed"], result[result["failed"]]["reason"]) == HOSTILE[name]


# --- cardOfId ---------------------------------------------------------------------------------


def test_card_of_id_names_every_card_of_every_preset_deck(answers: dict[str, Any]) -> None:
    named = dict(zip(DECK_SIZES, answers["decks"], strict=True))
    for name, preset in PRESETS.items():
        rules = preset.rules
        for players in range(rules.min_players, rules.max_players + 1):
            deck = Deck.for_rules(rules, players)
            answer = named[len(deck)]
            assert answer["deck"] == {"packs": deck.packs, "jokers": deck.jokers}, name
            assert answer["cards"] == [str(card) for card in deck], (name, players)


def test_card_of_id_refuses_ids_outside_the_deck(answers: dict[str, Any]) -> None:
    for answer in answers["decks"]:
        assert all(o["threw"].startswith("RangeError: card id") for o in answer["outside"])


# --- dealtHands -------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(DEALS)), ids=[name for name, _ in DEALS])
def test_dealt_hands_deal_as_the_engine(answers: dict[str, Any], index: int) -> None:
    _, round_ = DEALS[index]
    answer = answers["deals"][index]
    dealt = answer["dealt"]
    assert dealt == {
        "firstPlayer": round_.next_seat(round_.dealer),
        "hands": [list(hand) for hand in round_.hands],
        "discardPile": list(round_.discard_pile),
        "stock": list(round_.stock),
    }
    assert answer["codes"] == [[str(round_.deck[i]) for i in hand] for hand in round_.hands]
    # The layout the page makes from the table's knobs is the same, and deals the same.
    assert answer["fromKnobs"] == _layout(round_.rules, round_.players, round_.dealer)
    assert answer["dealtFromKnobs"] == dealt


def test_the_deals_cover_every_way_of_dealing() -> None:
    rounds = [round_ for _, round_ in DEALS]
    size = {r.rules.hand_size_for(r.players) for r in rounds}
    assert {7, 8, 9, 10, 13} <= size  # tradizionale's 7 from 3 players included
    assert {r.rules.direction.value for r in rounds} == {"clockwise", "counterclockwise"}
    assert {r.dealer for r in rounds if r.players == 4} == {0, 1, 2, 3}
    # A jolly turned up: reburied, once and several times in a row; given to the first player.
    turned = {(r.rules.joker_upcard.value, _jokers_turned_up(r)) for r in rounds}
    assert {("rebury", 0), ("rebury", 1), ("rebury", 4), ("to_first_player", 1)} <= turned


def _jokers_turned_up(round_: Round) -> int:
    upcard = round_.players * round_.rules.hand_size_for(round_.players)
    rest = [round_.deck[i].is_joker for i in round_.deck_order[upcard:]]
    return rest.index(False) if False in rest else len(rest)


@pytest.mark.parametrize("index", range(len(BAD_LAYOUTS)), ids=[name for name, _, _ in BAD_LAYOUTS])
def test_dealt_hands_refuses_what_it_cannot_deal(answers: dict[str, Any], index: int) -> None:
    assert answers["bad_layouts"][index]["threw"].startswith("RangeError: ")


# --- a table's deal, as the page checks it ----------------------------------------------------


_PAGE = """
globalThis.crypto ??= (await import('node:crypto')).webcrypto;
const fair = await import(process.argv[2]);
const { readFile } = await import('node:fs/promises');
const out = [];
for (const { proof, knobs, players, dealer } of JSON.parse(await readFile(process.argv[3]))) {
  const verdict = await fair.verifyProof(proof);
  const dealt = fair.dealtHands(proof.order, fair.dealLayout(knobs, players, dealer));
  const deck = fair.deckOfSize(proof.deck_size);
  const name = (ids) => ids.map((id) => fair.cardOfId(id, deck));
  out.push({ verdict, hands: dealt.hands.map(name), pile: name(dealt.discardPile) });
}
console.log(JSON.stringify(out));
"""


def test_a_table_s_revealed_deals_give_back_the_hands_dealt(tmp_path: Path) -> None:
    """What the page does when a round ends: verify the `revealed` proof of its `state`, lay its
    order out with the table's `rules.knobs` and the round's seats and dealer (its `ended`
    view's), and find the hand it was dealt and the upcard it saw. Two rounds, so that the
    dealer has moved (counterclockwise, in casertano)."""
    pytest.importorskip("pydantic")
    pytest.importorskip("sqlalchemy")
    from ramino.server.store import StoredSeat
    from ramino.server.tables import COMPUTER, HUMAN, Table, TableSpec

    # Nobody reaches the target in two short rounds: the same three seats are dealt twice.
    rules = replace(get_preset("casertano"), max_turns=3, target=1000)
    seats = (
        StoredSeat(0, HUMAN, None, None, None),
        StoredSeat(1, COMPUTER, "Bruno (computer)", "principiante", None),
        StoredSeat(2, COMPUTER, "Carla (computer)", "principiante", None),
    )
    table = Table("t1", TableSpec(rules, seats, b"tavolo del test"))
    table.take_seat(0, "Anna", "h0")
    table.add_nonce(0, b"Anna's nonce")
    table.deal(0)
    # GET /api/tables/{id} sends the knobs as JSON.
    knobs = json.loads(json.dumps(rules.knobs()))
    asked, seen = [], []
    for number in (1, 2):
        # Seat 0 has not moved yet in this round: its hand is the one dealt.
        at_deal = table.state(0).observation
        assert at_deal is not None and table.state(0).round == number
        for _ in range(100):
            revealed = table.state(0).revealed
            if revealed is not None and revealed["round"] == number:
                break
            if table.to_play() == 0:
                table.play_for(0)
            else:
                table.computers_play()
        state = table.state(0)
        ended = state.ended
        assert state.revealed is not None and ended is not None and ended.seat is not None
        assert state.ended_round == state.revealed["round"] == number
        assert (ended.dealer, len(ended.seats)) == (at_deal.dealer, len(at_deal.seats))
        asked.append(
            {
                "proof": state.revealed,
                "knobs": knobs,
                "players": len(ended.seats),
                "dealer": ended.dealer,
            }
        )
        seen.append((ended.seat, at_deal))
    assert [a["dealer"] for a in asked] == [0, 2]
    assert asked[0]["proof"]["nonces"] == [b"Anna's nonce".hex(), "", ""]
    (tmp_path / "asked.json").write_text(json.dumps(asked), "utf-8")
    (tmp_path / "page.mjs").write_text(_PAGE, "utf-8")
    done = subprocess.run(
        [_node(), str(tmp_path / "page.mjs"), FAIR_JS.as_uri(), str(tmp_path / "asked.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    for page, (seat, at_deal) in zip(json.loads(done.stdout), seen, strict=True):
        assert page["verdict"]["ok"], page["verdict"]
        assert sorted(page["hands"][seat]) == sorted(at_deal.hand)
        if not at_deal.history:
            assert page["pile"] == at_deal.discard_pile
            assert [len(hand) for hand in page["hands"]] == [s.cards for s in at_deal.seats]
