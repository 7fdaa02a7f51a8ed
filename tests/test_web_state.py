"""The table page's state, ``src/ramino/web/static/tablestate.js`` and the pure steps around it,
run under node without a browser: the store makes a new value at each change and tells its
subscribers; a state from the server, taken in, follows the hand card by card (a pick never
passes to a twin), says the card drawn, puts a round over in the log once and queues the others'
moves (only the newest state's, none of a fresh page's or a reconnection's); the log says its new
lines once, and nothing when only the language changed, and says the rounds over again in
the language chosen."""

from __future__ import annotations

import enum
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ramino.engine.rules import Rules

pytestmark = pytest.mark.once

STATIC = Path(__file__).parent.parent / "src" / "ramino" / "web" / "static"

# The modules need a browser's localStorage only; these steps draw nothing.
PRELUDE = """
globalThis.localStorage = {getItem: () => null, setItem: () => {}};
const load = (name) => import(new URL(name, %s).href);
const store = await load('tablestate.js');
const { arrived } = await load('arrival.js');
const { hear } = await load('log.js');
const out = (value) => process.stdout.write(JSON.stringify(value));
"""


def run(script: str) -> Any:
    """What ``script`` writes with ``out(value)``, run as a module under node."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not on PATH")
        pytest.skip("node is not on PATH")
    prelude = PRELUDE % json.dumps(STATIC.as_uri() + "/")
    done = subprocess.run(
        # Read from standard input: a script may be longer than a command line allows.
        [node, "--input-type=module"],
        input=prelude + script,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# A state message as the server sends it (docs/protocol.md), seat 0 of two.
SERVER = """
const server = (version, hand, history, more = {}) => ({
  type: 'state', version, round: 1,
  observation: {
    seat: 0, to_play: 0, over: false, hand, history, table: [], discard_pile: ['5C'],
    stock: 40, dealer: 1,
    seats: [{ name: 'Anna', cards: hand.length }, { name: 'Bruno', cards: 13 }],
  },
  ...more,
});
const first = store.initialState({ tableId: 'T', seat: null, sort: 'suit' });
// The page's state after `message`, taken in.
const step = (state, message) => ({ ...state, ...arrived(state, message).change });
"""


def test_the_store_makes_a_new_state_at_each_change_and_tells_its_subscribers() -> None:
    told = run(
        SERVER
        + """
const held = store.createStore(first);
const calls = [];
held.subscribe((state, previous) => calls.push([state.sort, previous.sort]));
const before = held.get();
held.update({ sort: 'rank' });
held.update((state) => ({ cursor: state.cursor + 2 }));
held.remember({ cursor: 5 });
out({ calls, before: before.sort, after: held.get().sort, cursor: held.get().cursor,
      frozen: Object.isFrozen(held.get()) });
"""
    )
    assert told == {
        "calls": [["rank", "suit"], ["rank", "rank"]],
        "before": "suit",
        "after": "rank",
        "cursor": 5,
        "frozen": True,
    }


def test_a_pick_leaves_with_its_card_and_never_passes_to_a_twin() -> None:
    told = run(
        SERVER
        + """
let state = step(first, server(1, ['7H', '7H', 'KD'], ['1: discard 5C']));
const twins = state.cards.filter((card) => card.code === '7H').map((card) => card.key);
state = { ...state, selected: [twins[1]] };
const next = step(state, server(2, ['7H', 'KD'], ['1: discard 5C', '0: lay 7H 7S 7D']));
out({ twins, left: next.cards.map((card) => card.key), selected: next.selected });
"""
    )
    first_twin, picked_twin = told["twins"]
    assert picked_twin not in told["left"] and first_twin in told["left"]
    assert told["selected"] == []


def test_a_rematchs_first_round_is_a_new_hand_whose_picks_start_empty() -> None:
    told = run(
        SERVER
        + """
let state = step(first, server(1, ['7H', 'KD'], ['1: discard 5C']));
state = { ...state, selected: [state.cards[0].key] };
const same = step(state, server(2, ['7H', 'KD'], ['1: discard 5C'], { match: 1 }));
const rematch = step(state, server(3, ['7H', 'KD'], ['1: discard 5C'], { match: 2 }));
out({ same: same.selected.length, rematch: rematch.selected.length });
"""
    )
    # Round 1 of match 2 is not round 1 of match 1, though both hands hold the same cards.
    assert told == {"same": 1, "rematch": 0}


def test_the_rounds_over_in_the_log_are_said_again_in_the_language_chosen() -> None:
    told = run(
        SERVER
        + """
globalThis.document = { documentElement: {} };
const { logLines } = await load('log.js');
const { setLang } = await load('i18n.js');
const ended = { seat: 0, dealer: 1, seats: [{ name: 'Anna' }, { name: 'Bruno' }],
                history: ['0: discard 9C', '1: draw'], table: [] };
const before = step(first, { type: 'state', version: 1, round: 1, observation: null });
const state = step(before, server(3, ['7H'], [], { round: 2, ended_round: 1, ended,
                                                   ended_by: { reason: 'went_out', out: 1 } }));
const italian = logLines(state);
setLang('en');
out({ italian, english: logLines(state) });
"""
    )
    italian, english = told["italian"], told["english"]
    assert len(italian) == len(english) == 5
    # Every line of the round over, the deal and how it ended included, in the new language.
    assert all(it != en for it, en in zip(italian[:4], english[:4], strict=True))
    assert "Bruno" in english[3] and "Smazzata" in italian[0] and "Smazzata" not in english[0]


def test_the_card_drawn_from_the_tallone_is_marked_and_said() -> None:
    told = run(
        SERVER
        + """
const state = step(first, server(1, ['7H', 'KD'], ['1: discard 5C']));
const drawn = arrived(state, server(2, ['7H', 'KD', 'QS'], ['1: discard 5C', '0: draw']));
const next = { ...state, ...drawn.change };
out({ drew: drawn.drew, drawn: next.cards.find((card) => card.key === next.drawn)?.code,
      at: [...next.drewAt] });
"""
    )
    # Keyed by match, round and the move's place in the round.
    assert told == {"drew": "QS", "drawn": "QS", "at": [["1:1:1", "QS"]]}


def test_a_round_over_goes_to_the_log_once_and_the_others_moves_are_queued() -> None:
    told = run(
        SERVER
        + """
const ended = { seat: 0, dealer: 1, seats: [{ name: 'Anna' }, { name: 'Bruno' }],
                history: ['0: discard 9C', '1: draw'], table: [] };
// The page took a state of round 1 already: what comes next is news.
const before = step(first, { type: 'state', version: 1, round: 1, observation: null });
const over = server(3, ['7H'], ['1: draw', '1: discard 4D', '0: draw', '0: discard 8C',
                                '1: draw', '1: discard 4S'],
                    { ended_round: 1, ended, ended_by: { reason: 'went_out', out: 1 } });
const once = arrived(before, over);
const state = { ...before, ...once.change };
const twice = arrived(state, { ...over, version: 4 });
const again = step(state, { ...over, version: 4 }).past.length;
out({ over: [once.over, twice.over], past: state.past.length, again,
      shown: state.replayShown, queue: state.replay, replaying: state.replaying });
"""
    )
    assert told["over"] == [True, False]
    # The deal, one line a turn (Anna's, then Bruno's), and how the round ended.
    assert told["past"] == 4 and told["again"] == 4
    # Bruno's turns, one at a time, his moves together.
    assert told["shown"] == {"seat": 1, "moves": ["draw", "discard 4D"]}
    assert told["queue"] == [{"seat": 1, "moves": ["draw", "discard 4S"]}]
    assert told["replaying"] is True


def test_a_fresh_page_or_a_reconnection_shows_nothing_old_as_new() -> None:
    told = run(
        SERVER
        + """
const played = server(5, ['7H'], ['1: draw', '1: discard 4D', '0: draw', '0: discard 8C',
                                  '1: draw', '1: discard 4S']);
const opened = step(first, played);
// The socket lost and opened again: the state sent anew is where the page starts again.
const lost = { ...opened, replay: [{ seat: 1, moves: ['draw'] }], replaying: true,
               heard: { lang: 'it', lines: ['a'], fresh: 0 }, synced: false };
const again = step(lost, { ...played, version: 6 });
const later = [...played.observation.history, '0: draw', '0: discard 7H', '1: draw'];
const then = step(again, server(7, ['7H'], later));
const view = ({ replay, replayShown, replaying, heard, meldsSeen }) => ({
  replay, replayShown: replayShown ?? null, replaying, heard: heard.lines, seen: meldsSeen.keys,
});
out({ opened: view(opened), again: view(again), then: then.replayShown });
"""
    )
    nothing = {"replay": [], "replayShown": None, "replaying": False, "heard": None, "seen": None}
    assert told["opened"] == nothing and told["again"] == nothing
    # The moves made after it are news again.
    assert told["then"] == {"seat": 1, "moves": ["draw"]}


def test_the_others_moves_of_a_newer_state_replace_those_still_queued() -> None:
    told = run(
        SERVER
        + """
let state = step(first, server(1, ['7H'], []));
const history = ['1: draw', '1: discard 4D', '0: draw', '0: discard 8C'];
state = step(state, server(2, ['7H'], history.slice(0, 2)));
state = step({ ...state, replay: [{ seat: 1, moves: ['old'] }] }, server(3, ['7H'], history));
const mine = { shown: state.replayShown ?? null, queue: state.replay, replaying: state.replaying };
state = step(state, server(4, ['7H'], [...history, '1: draw', '1: discard 2C']));
out({ mine, theirs: { shown: state.replayShown, queue: state.replay } });
"""
    )
    # The seat's own move: Bruno's turn before it, and what was queued of it, are stale.
    assert told["mine"] == {"shown": None, "queue": [], "replaying": False}
    assert told["theirs"] == {"shown": {"seat": 1, "moves": ["draw", "discard 2C"]}, "queue": []}


def test_the_line_under_the_pozzo_is_said_in_the_language_of_the_moment() -> None:
    told = run(
        """
const { setLang } = await load('i18n.js');
const { turnText } = await load('moves.js');
globalThis.document = { documentElement: {} };
const moves = ['draw', 'discard 9D'];
const italian = turnText('Dario', moves);
setLang('en');
out([italian, turnText('Dario', moves)]);
"""
    )
    assert told == [
        "Dario: pesca dal tallone e scarta 9♦",
        "Dario: draws from the stock and discards 9♦",
    ]


def test_the_log_says_its_new_lines_once_and_nothing_for_a_new_language() -> None:
    told = run(
        """
// What the log holds when the page opens is no news.
const one = hear(store.UNHEARD, ['a', 'b'], 'it');
const two = hear(one, ['a', 'b', 'c'], 'it');
const same = hear(two, ['a', 'b', 'c'], 'it');
const english = hear(same, ['A', 'B', 'C'], 'en');
out([one, two, same, english].map(({ say, fresh }) => [say, fresh]));
"""
    )
    assert told == [[None, 2], ["c", 2], [None, 2], [None, 2]]


def test_each_move_is_heard_once_and_the_card_drawn_only_in_the_message() -> None:
    told = run(
        SERVER
        + """
globalThis.document = { documentElement: {} };
const { logEntries } = await load('log.js');
const at = (version, hand, history, to_play = 0) => {
  const message = server(version, hand, history);
  return { ...message, observation: { ...message.observation, to_play } };
};
// Each state taken in as the page does (tableview.js): the card drawn, and what is heard.
let state = first;
const heard = [];
const take = (message) => {
  const drawn = arrived(state, message);
  state = { ...state, ...drawn.change };
  const { say, ...now } = hear(state.heard, logEntries(state), 'it');
  state = { ...state, heard: now };
  heard.push([drawn.drew, say]);
};
const hand = ['7H', 'KD', '4S', '4H'];
let history = ['1: draw', '1: discard 5C'];
const then = (move) => (history = [...history, move]);
take(at(1, hand, history));
take(at(2, [...hand, 'QS'], then('0: draw')));
take(at(3, ['KD', '4S', '4H', 'QS'], then('0: discard 7H'), 1));
// Bruno, a person, plays his turn move by move.
take(at(4, ['KD', '4S', '4H', 'QS'], then('1: draw'), 1));
take(at(5, ['KD', '4S', '4H', 'QS'], then('1: discard 4D')));
take(at(6, ['KD', '4S', '4H', 'QS', '4D'], then('0: take 4D')));
take(at(7, ['KD', 'QS'], then('0: lay 4D 4S 4H')));
take(at(8, ['QS'], then('0: discard KD'), 1));
out(heard);
"""
    )
    assert told == [
        # The page opened: nothing is news.
        [None, None],
        # The card drawn is named once, in the message under the table (table.js): not here.
        ["QS", None],
        # The rest of the turn: only its new moves, never the draw again.
        # Said with the cards in words, whatever a screen reader does with the suits' symbols.
        [None, "Scarti 7 di cuori."],
        [None, "Bruno pesca dal tallone."],
        [None, "Bruno scarta 4 di quadri."],
        [None, "Prendi 4 di quadri dal pozzo."],
        [None, "Cali 4 di quadri, 4 di picche, 4 di cuori."],
        [None, "Scarti re di quadri."],
    ]


def test_the_chat_keeps_one_line_an_id_and_hides_a_muted_player_s() -> None:
    told = run(
        """
const { shownLines } = await load('chat.js');
const line = (id, name) => ({ id, seat: name === 'Anna' ? 0 : 1, name, text: `l${id}` });
let chat = store.chatWith([], [line(2, 'Bruno'), line(1, 'Anna')]);
// A reconnection sends the last lines again: the same lines, once each.
chat = store.chatWith(chat, [line(1, 'Anna'), line(2, 'Bruno'), line(3, 'Bruno')]);
const many = store.chatWith([], Array.from({ length: 150 }, (_, i) => line(i + 1, 'Anna')));
const shown = shownLines({ chat, muted: ['Bruno'] }).map((l) => l.id);
out({ ids: chat.map((l) => l.id), kept: [many.length, many[0].id], shown });
"""
    )
    assert told == {"ids": [1, 2, 3], "kept": [100, 51], "shown": [1]}


def test_the_defender_is_told_gin_not_a_knock_when_nothing_is_left_to_lay_off() -> None:
    said = run(
        """
const { phaseWords } = await load('knocking.js');
const i18n = await load('i18n.js');
const at = (cards, phase) => ({ server: { observation: {
  seat: 0, to_play: 0, over: false, phase, knock_limit: 10, legal_actions: ['pass'],
  history: ['0: draw', '0: discard 9C', '1: draw', '1: knock'],
  seats: [{ name: 'Anna', cards: 10 }, { name: 'Bruno', cards }],
} } });
const words = [phaseWords(at(0, 'spread')), phaseWords(at(3, 'spread'))];
globalThis.document = { documentElement: {} };
i18n.setLang('en');
out([...words, phaseWords(at(0, 'spread'))]);
"""
    )
    assert said == [
        "Bruno ha fatto gin: non si attacca, cala i tuoi giochi, poi passa.",
        "Bruno ha bussato: cala i tuoi giochi, poi passa.",
        "Bruno went gin: no laying off; lay your melds, then pass.",
    ]


def test_the_deal_line_speaks_of_one_s_own_deal_in_the_second_person() -> None:
    told = run(
        """
globalThis.document = { documentElement: {} };
const { dealLine } = await load('log.js');
const { setLang } = await load('i18n.js');
const view = (dealer) => ({ seat: 0, dealer, seats: [{ name: 'Anna' }, { name: 'Bruno' }] });
const italian = [dealLine(view(0), 1), dealLine(view(1), 2)];
setLang('en');
out({ italian, english: [dealLine(view(0), 1), dealLine(view(1), 2)] });
"""
    )
    assert told["italian"] == [
        "— Smazzata 1: distribuisci tu. —",
        "— Smazzata 2: distribuisce Bruno. —",
    ]
    assert told["english"] == ["— Round 1: you deal. —", "— Round 2: Bruno deals. —"]


def test_a_show_says_the_card_it_throws() -> None:
    told = run(
        """
globalThis.document = { documentElement: {} };
const { clause } = await load('moves.js');
const show = 'show 7H 8H 9H | QC QD QS | 3S 4S 5S 6S discard KD';
out({ mine: clause(show, true), theirs: clause(show, false) });
"""
    )
    assert told["mine"].endswith(" e scarti K♦") and told["theirs"].endswith(" e scarta K♦")
    # Said as the terminal says it: every close of these rules shows the whole hand, and
    # «in mano» (in one turn) would single out none.
    assert told["mine"].startswith("mostri la mano: ") and told["theirs"].startswith("mostra la")


def test_a_jolly_alone_in_a_sentence_has_its_article() -> None:
    # «Peschi il jolly dal tallone», not «Peschi Jolly»; among a meld's cards it is a card.
    told = run(
        """
globalThis.document = { documentElement: {} };
const { clause } = await load('moves.js');
const { setLang } = await load('i18n.js');
const moves = ['draw JK', 'take JK', 'discard JK', 'attach 1 JK', 'attach 1 JK 9H', 'lay 7H 8H JK'];
const italian = moves.map((move, i) => clause(move, i % 2 === 0));
setLang('en');
out({ italian, english: moves.map((move) => clause(move, false)) });
"""
    )
    assert told["italian"] == [
        "peschi il jolly dal tallone",
        "prende il jolly dal pozzo",
        "scarti il jolly",
        "attacca il jolly al gioco 2",
        "attacchi Jolly 9♥ al gioco 2",
        "cala 7♥ 8♥ Jolly",
    ]
    assert told["english"][1:4] == [
        "takes the joker from the discard pile",
        "discards the joker",
        "attaches the joker to meld 2",
    ]


def test_a_pokerato_close_is_not_exclaimed_as_one_made_in_one_turn() -> None:
    # Pokerato closes only by showing the whole hand in one turn: nothing to exclaim about.
    told = run(
        """
globalThis.document = { documentElement: {} };
const { endingWords } = await load('roundend.js');
const ended = { seat: 0, seats: [{ name: 'Anna' }, { name: 'Bruno' }] };
const closed = (melding) => ({
  server: { ended, ended_by: { reason: 'went_out', out: 1, in_one_turn: true } },
  info: { rules: { knobs: { melding_during_play: melding } } },
});
out({ pokerato: endingWords(closed(false)), classico: endingWords(closed(true)) });
"""
    )
    assert told["pokerato"] == "Bruno chiude."
    assert told["classico"] == "Bruno chiude. In mano, in un turno solo!"


# Just enough of a document for dom.js's `h`: each element's tag, attributes and children.
FAKE_DOCUMENT = """
const node = (tag) => ({
  tag, children: [], className: '', attributes: {},
  setAttribute(name, value) { this.attributes[name] = value; }, addEventListener() {},
  append(...children) { this.children.push(...children); },
  get textContent() { return this.children.map((c) => c.textContent).join(''); },
});
globalThis.Node = Object;
globalThis.document = {
  documentElement: {},
  body: { classList: { contains: () => false } },
  createElement: node,
  createTextNode: (text) => ({ textContent: text }),
};
const cells = (element, tag) => element.tag === tag ? [element.textContent]
  : (element.children ?? []).flatMap((child) => cells(child, tag));
"""


def test_the_hands_at_a_pokerato_hand_s_end_have_no_points_column() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const { endedHands } = await load('roundend.js');
const server = {
  ended: { seat: 0, seats: [{ name: 'Anna' }, { name: 'Bruno' }] },
  ended_hands: [['5C', '9D'], []], ended_by: { reason: 'went_out', out: 1 },
  ended_round: 1, sheet: [{ number: 1, scores: { Anna: 0, Bruno: 0 } }],
};
const heads = (points) => cells(endedHands(server, points), 'th');
const mine = { ...server, ended_by: { reason: 'went_out', out: 0 } };
out({ chips: heads(false), points: heads(true), mine: cells(endedHands(mine, false), 'th') });
"""
    )
    # Played for chips, no points are counted: no column of zeros.
    assert "Punti" not in told["chips"] and "Punti" in told["points"]
    # Who closed, and the page's own seat in the second person.
    assert "Bruno · ha chiuso" in told["chips"]
    assert "Anna (tu) · hai chiuso" in told["mine"]


def test_the_log_says_who_posted_pokerato_s_blind() -> None:
    told = run(
        SERVER
        + """
globalThis.document = { documentElement: {} };
const { logLines } = await load('log.js');
const pokerato = { rules: { knobs: { betting: 'blind', blind: 1 } } };
const classico = { rules: { knobs: { betting: 'none', blind: 1 } } };
// Seat 0 is Anna; the dealer is Bruno (seat 1), so Anna, after him, posts the blind.
const state = step(first, server(1, ['7H'], ['1: call']));
const dealtBy = (dealer) => {
  const s = step(first, server(1, ['7H'], []));
  return { ...s, server: { ...s.server, observation: { ...s.server.observation, dealer } } };
};
out({
  mine: logLines({ ...state, info: pokerato }),
  theirs: logLines({ ...dealtBy(0), info: pokerato }),
  none: logLines({ ...state, info: classico }),
});
"""
    )
    assert told["mine"][:3] == [
        "— Smazzata 1: distribuisce Bruno. —",
        "Fai il buio: 1 fiche.",
        "Bruno vede.",
    ]
    assert told["theirs"][1] == "Bruno fa il buio: 1 fiche."
    assert not any("buio" in line for line in told["none"])


def test_the_log_says_each_bet_with_its_chips_in_either_language() -> None:
    # The state's `bets`, as the server sends them: the same words after a reload, since
    # they come with every state; a server that sends none leaves the bets without chips.
    told = run(
        SERVER
        + """
globalThis.document = { documentElement: {} };
const { logLines } = await load('log.js');
const { setLang } = await load('i18n.js');
const pokerato = { rules: { knobs: { betting: 'blind', blind: 1 } } };
const bet = (at, seat, kind, paid, stake, behind, pot, raised = 0) =>
  ({ at, seat, bet: kind, paid, stake, behind, all_in: paid > 0 && behind === 0, pot, raised });
const told = (history, bets) => {
  const state = step(first, server(1, ['7H'], history));
  const view = { ...state.server.observation, bets };
  const sent = { ...state.server, observation: view };
  return logLines({ ...state, server: sent, info: pokerato }).slice(2);
};
const lines = () => ({
  raised: told(['1: raise', '0: call'],
    [bet(0, 1, 'raise', 2, 2, 98, 3, 1), bet(1, 0, 'call', 1, 2, 0, 4)]),
  called: told(['1: call', '0: raise', '1: call'], [
    bet(0, 1, 'call', 1, 1, 1, 2), bet(1, 0, 'raise', 2, 3, 97, 4, 2),
    bet(2, 1, 'call', 1, 2, 0, 5),
  ]),
  folded: told(['1: fold'], [bet(0, 1, 'fold', 0, 0, 100, 1)]),
  mine: told(['1: call', '0: call'],
    [bet(0, 1, 'call', 1, 1, 9, 2), bet(1, 0, 'call', 0, 1, 9, 2)]),
  raisedAllIn: told(['1: raise'], [bet(0, 1, 'raise', 2, 2, 0, 3, 1)]),
});
const { turnText } = await load('moves.js');
// Under the pozzo, the others' turns as they come: with their chips too.
const before = step(first, server(1, ['7H'], []));
const raised = step(before, server(2, ['7H'], ['1: raise']));
const withBets = { ...raised.server.observation, bets: [bet(0, 1, 'raise', 2, 2, 98, 3, 1)] };
const queued = step(before, { ...raised.server, observation: withBets }).replayShown;
const shown = () => turnText('Bruno', queued.moves, queued.bets);
const it = { ...lines(), shown: shown() };
setLang('en');
out({ it, en: { ...lines(), shown: shown() } });
"""
    )
    it, en = told["it"], told["en"]
    assert it["raised"] == ["Bruno rilancia di 1 (3 fiches nel piatto).", "Vai all-in con 1 fiche."]
    assert en["raised"] == ["Bruno raises by 1 (3 chips in the pot).", "You go all-in with 1 chip."]
    assert it["called"] == [
        "Bruno vede (1 fiche).",
        "Rilanci di 2 (4 fiches nel piatto).",
        "Bruno va all-in con 1 fiche.",
    ]
    assert en["called"] == [
        "Bruno calls (1 chip).",
        "You raise by 2 (4 chips in the pot).",
        "Bruno goes all-in with 1 chip.",
    ]
    assert it["folded"] == ["Bruno lascia."] and en["folded"] == ["Bruno folds."]
    assert it["mine"][1] == "Vedi senza aggiungere fiches." and en["mine"][1] == "You check."
    assert it["raisedAllIn"] == ["Bruno rilancia di 1 e va all-in (3 fiches nel piatto)."]
    assert en["raisedAllIn"] == ["Bruno raises by 1 and goes all-in (3 chips in the pot)."]
    assert it["shown"] == "Bruno: rilancia di 1 (3 fiches nel piatto)"
    assert en["shown"] == "Bruno: raises by 1 (3 chips in the pot)"


def test_the_keys_are_those_of_the_moves_the_rules_have() -> None:
    told = run(
        """
const { keysFor } = await load('help.js');
const knobs = (more) => ({ melding_during_play: true, jokers: 4, joker_swap: true,
                           betting: 'none', ...more });
out({
  pokerato: keysFor(false, knobs({ melding_during_play: false, betting: 'blind' })),
  imaginario: keysFor(false, knobs({ melding_during_play: false, jokers: 0, betting: 'blind' })),
  classico: keysFor(false, knobs({})),
  unknown: keysFor(false),
});
"""
    )
    pokerato = set(told["pokerato"].values())
    assert {"draw", "take", "discard", "show", "call", "fold", "raise"} <= pokerato
    assert not pokerato & {"lay", "attach", "swap"}
    assert not set(told["imaginario"].values()) & {"lay", "attach", "swap"}
    classico = set(told["classico"].values())
    assert {"lay", "attach", "swap", "show"} <= classico
    assert not classico & {"call", "fold", "raise"}
    # Rules not known yet: every ramino key, as before.
    assert {"lay", "call"} <= set(told["unknown"].values())


def test_the_keys_dialog_offers_the_digits_only_where_cards_are_attached() -> None:
    told = run(
        """
const { keyRows } = await load('help.js');
const knobs = (more) => ({ melding_during_play: true, jokers: 4, joker_swap: true,
                           betting: 'none', ...more });
const digits = (rows) => rows.filter(([key]) => key === '1–9').map(([, what]) => what);
out({
  pokerato: digits(keyRows(false, knobs({ melding_during_play: false, betting: 'blind' }))),
  classico: digits(keyRows(false, knobs({}))),
  tradizionale: digits(keyRows(false, knobs({ jokers: 0 }))),
  gin: digits(keyRows(true, knobs({ melding_during_play: false, jokers: 0 }))),
});
"""
    )
    # Nothing is attached in pokerato: no meld to choose. Where no jolly is taken back, the
    # digits choose the meld to attach to only.
    assert told["pokerato"] == []
    assert told["classico"] == ["sceglie il gioco sul tavolo, dopo Attacca o Riprendi il jolly"]
    assert told["tradizionale"] == told["gin"] == ["sceglie il gioco sul tavolo, dopo Attacca"]


def test_a_close_that_multiplies_pokerato_s_stake_is_said() -> None:
    told = run(
        """
globalThis.document = { documentElement: {} };
const { endingWords } = await load('roundend.js');
const { setLang } = await load('i18n.js');
const knobs = { melding_during_play: false, betting: 'blind', flush_stake_multiplier: 2,
                straight_flush_stake_multiplier: 4, royal_stake_multiplier: 6 };
const closed = (closing) => ({
  server: {
    ended: { seat: 0, seats: [{ name: 'Anna' }, { name: 'Bruno' }] }, ended_round: 3,
    ended_by: { reason: 'went_out', out: 1, in_one_turn: true },
    sheet: [{ number: 3, closing, chips: { Anna: -2, Bruno: 2 } }],
  },
  info: { rules: { knobs } },
});
const italian = ['simple', 'flush', 'royal'].map((c) => endingWords(closed(c)));
setLang('en');
out({ italian, english: endingWords(closed('straight')) });
"""
    )
    assert told["italian"] == [
        "Bruno chiude.",
        "Bruno chiude. Con il colore, la posta si moltiplica per 2.",
        "Bruno chiude. Con la scala reale dal 5 al re, la posta si moltiplica per 6.",
    ]
    assert told["english"] == "Bruno goes out. With a straight flush, the stake is multiplied by 4."


def test_a_ramino_turn_says_what_it_asks_and_offers_only_its_legal_moves() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const controls = await load('controls.js');
const { turnWords } = await load('turnline.js');
const i18n = await load('i18n.js');
// Scala 40 at three: opening at 40, the pozzo's card only to use at once, no attachable discard.
const knobs = {
  opening_threshold: 40, discard_pickup: 'must_use', attachable_discard: 'forbidden',
  attachable_discard_min_players: 3, melding_during_play: true, jokers: 4, joker_swap: true,
};
const at = (phase, legal, more = {}) => ({
  info: { rules: { name: 'scala-40', knobs } },
  server: { observation: {
    seat: 0, to_play: 0, over: false, phase, legal_actions: legal, contract: null,
    table: [{ cards: ['7D', '8D', '9D'] }], to_lay: [], opening_points: 0, knock_limit: null,
    seats: [{ name: 'Anna', opened: false }, { name: 'Bruno', opened: true }, { name: 'Carla' }],
    ...more,
  } },
});
const offered = (state) => controls.render(state, {}).children
  .filter((b) => b.attributes.id).map((b) => [b.attributes.id, 'disabled' in b.attributes]);
const drawing = at('draw', ['draw']);
const laying = at('play', ['lay 8S 9S 10S', 'discard KS'], { opening_points: 27, to_lay: ['QS'] });
const free = { ...at('draw', ['draw', 'take']), info: { rules: { name: 'classico', knobs: {
  opening_threshold: 0, discard_pickup: 'free', attachable_discard: 'allowed',
} } } };
const said = [turnWords(drawing), turnWords(laying), turnWords(free)];
const notMine = at('draw', [], { to_play: 1 });
// Rami 40: the last discard is optional.
const ramiKnobs = { ...knobs, final_discard: 'optional' };
const rami = { ...laying, info: { rules: { name: 'rami-40', knobs: ramiKnobs } } };
const optional = turnWords(rami)[1];
// A house's pozzo only for those who have opened: said until the seat has.
const shutKnobs = { ...knobs, discard_pickup: 'opened' };
const shut = { ...drawing, info: { rules: { name: 'casa', knobs: shutKnobs } } };
const seats = [{ name: 'Anna', opened: true }, { name: 'Bruno' }];
const opened = at('draw', ['draw', 'take'], { seats });
const toOpenKnobs = { ...knobs, discard_pickup: 'to_open' };
const toOpen = { ...drawing, info: { rules: { name: 'casa', knobs: toOpenKnobs } } };
const pozzo = [turnWords(shut), turnWords({ ...opened, info: shut.info }), turnWords(toOpen)];
i18n.setLang('en');
out({
  said, en: turnWords(laying), others: turnWords(notMine), optional, pozzo,
  drawing: offered(drawing), laying: offered(laying),
});
"""
    )
    assert told["said"] == [
        [
            "Pesca dal tallone.",
            "La carta del pozzo si prende solo per usarla in questo turno.",
            "Per aprire servono 40 punti.",
        ],
        [
            "Devi ancora usare in questo turno: Q♠.",
            "Cala o attacca se vuoi, poi scarta.",
            "Per aprire servono 40 punti: ne hai calati 27.",
            "Non puoi scartare una carta che si attacca a un gioco sul tavolo, "
            "se non per chiudere.",
        ],
        # Free opening, free pozzo: no threshold nor pile rule said where the rules have none.
        ["Pesca dal tallone o prendi dal pozzo."],
    ]
    assert told["en"][2] == "Opening takes 40 points: you have laid 27."
    assert told["others"] == []
    assert told["pozzo"] == [
        [
            "Pesca dal tallone.",
            "La carta del pozzo si prende solo dopo aver aperto.",
            "Per aprire servono 40 punti.",
        ],
        ["Pesca dal tallone o prendi dal pozzo."],
        [
            "Pesca dal tallone.",
            "Prima di aprire, la carta del pozzo si prende solo per aprire usandola.",
            "Per aprire servono 40 punti.",
        ],
    ]
    assert told["optional"] == (
        "Cala o attacca se vuoi, poi scarta; o chiudi calando tutte le carte."
    )
    assert told["drawing"] == [
        ["do-draw", False],
        ["do-take", True],
        ["do-lay", True],
        ["do-attach", True],
        ["do-swap", True],
        ["do-discard", True],
        ["do-show", True],
        ["do-hint", False],
    ]
    assert dict(told["laying"]) == {
        "do-draw": True,
        "do-take": True,
        "do-lay": False,
        "do-attach": True,
        "do-swap": True,
        "do-discard": False,
        "do-show": True,
        "do-hint": False,
    }


def test_a_casertano_close_says_its_kind_and_the_sheet_its_credits() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const { endingWords } = await load('roundend.js');
const { sheetTable } = await load('sheetview.js');
const line = (number, closing, credits) => ({
  number, out: 'Bruno', closing, in_one_turn: true, eliminated: [], credits,
  scores: { Anna: 41, Bruno: -20 }, totals: { Anna: 41 * number, Bruno: -20 * number },
});
const sheet = [line(1, 'simple', { Bruno: 1 }), line(2, 'flush', { Bruno: 2 })];
const server = {
  ended: { seat: 0, seats: [{ name: 'Anna' }, { name: 'Bruno' }] },
  ended_by: { reason: 'went_out', out: 1, in_one_turn: true }, ended_round: 2, sheet,
};
const knobs = { melding_during_play: false, betting: 'none' };
const state = { server, info: { rules: { knobs } } };
const plain = { ...state, server: { ...server, sheet: [line(1, 'simple', {})], ended_round: 1 } };
out({
  ended: endingWords(state), simple: endingWords(plain),
  credits: cells(sheetTable(sheet), 'td').slice(-2),
  none: cells(sheetTable(plain.server.sheet), 'th'),
});
"""
    )
    assert told["ended"] == "Bruno chiude. Con il colore."
    assert told["simple"] == "Bruno chiude."
    # The credits the closes won, summed under the totals; none where nobody won any.
    assert told["credits"] == ["0", "3"]
    assert "Crediti" not in told["none"]


def test_an_enciclopedia_round_says_its_scempio_and_how_each_loser_s_points_came() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const { endingWords, endedHands } = await load('roundend.js');
const knobs = { rounding: 'tens', messa: 50, rummy_bonus: 'scempio', melding_during_play: true };
const line = (number, inOneTurn, messa, hand, score) => ({
  number, out: 'Anna', in_one_turn: inOneTurn, closing: 'simple', messa, eliminated: [],
  hand_points: { Bruno: hand }, scores: { Anna: 0, Bruno: score },
});
const sheet = [line(1, false, 50, 79, 130), line(2, true, 0, 24, 20), line(3, true, 0, 5, 10)];
const server = (round, inOneTurn) => ({
  ended: { seat: 0, seats: [{ name: 'Anna' }, { name: 'Bruno' }] }, ended_hands: [[], ['QD']],
  ended_by: { reason: 'went_out', out: 0, in_one_turn: inOneTurn }, ended_round: round, sheet,
});
const state = (round, inOneTurn) => ({
  server: server(round, inOneTurn), info: { rules: { knobs } },
});
const points = (round) => cells(endedHands(server(round, false), true, knobs), 'td').at(-1);
out({
  paid: endingWords(state(1, false)), second: endingWords(state(2, true)),
  third: endingWords(state(3, true)), made: points(1), rounded: points(2),
});
"""
    )
    assert told["paid"] == "Hai chiuso tu."
    assert told["second"] == (
        "Hai chiuso tu. In mano, in un turno solo! Scempio: in questa smazzata la messa non si "
        "paga, e nella prossima sale a 100."
    )
    # Each scempio in a row raises the next messa again.
    assert told["third"].endswith("nella prossima sale a 150.")
    # 79 in hand is 80 rounded, and the messa makes it 130: the sheet says how.
    assert told["made"] == "13079 punti in mano, arrotondati a 80, più 50 di messa"
    assert told["rounded"] == "2024 punti in mano, arrotondati a 20"


def test_a_round_the_cap_stopped_says_after_how_many_turns_and_who_won_it() -> None:
    told = run(
        """
globalThis.document = { documentElement: {} };
const { endingWords } = await load('roundend.js');
const { setLang } = await load('i18n.js');
const seats = [{ name: 'Anna' }, { name: 'Bruno' }, { name: 'Carla' }];
const said = (hands, seat = 0, onCap = 'lowest_hand_wins') => endingWords({
  server: {
    ended: { seat, seats }, ended_by: { reason: 'max_turns', out: null }, ended_round: 1,
    sheet: [{ number: 1, out: null, hand_points: hands, scores: {} }],
  },
  info: { rules: { knobs: { max_turns: 300, on_round_cap: onCap } } },
});
const it = {
  other: said({ Anna: 20, Bruno: 7, Carla: 30 }),
  two: said({ Anna: 20, Bruno: 7, Carla: 7 }),
  you: said({ Anna: 5, Bruno: 7, Carla: 30 }),
  youAnd: said({ Anna: 7, Bruno: 7, Carla: 30 }),
  all: said({ Anna: 5, Bruno: 7, Carla: 30 }, 0, 'all_score'),
};
setLang('en');
out({ it, en: said({ Anna: 20, Bruno: 7, Carla: 7 }) });
"""
    )
    stopped = "La smazzata si ferma: nessuno ha chiuso in 300 turni."
    assert told["it"]["other"] == f"{stopped} La vince Bruno, con meno punti in mano."
    assert told["it"]["two"] == f"{stopped} La vincono Bruno e Carla, con meno punti in mano."
    assert told["it"]["you"] == f"{stopped} La vinci tu, con meno punti in mano."
    assert told["it"]["youAnd"] == f"{stopped} La vincete tu e Bruno, con meno punti in mano."
    assert told["it"]["all"] == f"{stopped} Nessuno la vince: ognuno segna i punti che ha in mano."
    assert told["en"] == (
        "The round stops: nobody went out in 300 turns. Bruno and Carla win it, with the fewest "
        "points in hand."
    )


def test_the_head_says_how_near_the_round_is_to_its_caps() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const { capWords, SAFETY_TURNS } = await load('tablehead.js');
const { setLang } = await load('i18n.js');
const rami = { max_turns: 300, max_restocks: 2, wall_stock: null };
const classico = { max_turns: 500, max_restocks: null, wall_stock: null };
const gin = { max_turns: 500, max_restocks: null, wall_stock: 2 };
const at = (knobs, turn, restocks = 0) => capWords({ turn, restocks, over: false }, knobs);
const cases = () => ({
  rami: at(rami, 212), once: at(rami, 212, 1), near: at(rami, 271, 1), last: at(rami, 300, 2),
  one: at({ ...rami, max_restocks: 1 }, 12, 1), never: at({ ...rami, max_restocks: 0 }, 12),
  far: at(classico, 449), safety: at(classico, 451), gin: at(gin, 30),
});
const it = cases();
// A screen reader is told the line once a round, when it turns near.
const { capNews } = await load('tablehead.js');
const state = (round, turn) => ({
  server: { match: 1, round, observation: { turn, restocks: 0, over: false } },
  info: { rules: { knobs: rami } },
});
let said = null;
const news = [[1, 200], [1, 271], [1, 272], [2, 12], [2, 280]].map(([round, turn]) => {
  const told = capNews(state(round, turn), said);
  said = told.said;
  return told.say;
});
setLang('en');
out({ it, en: cases(), safety: SAFETY_TURNS, news });
"""
    )
    it, en = told["it"], told["en"]
    heard = "Turno {} di 300: quasi al limite · tallone mai rifatto (al massimo 2 volte)."
    assert told["news"] == [None, heard.format(271), None, None, heard.format(280)]
    # A cap the rules chose is always said; the engine's safety cap only in its last tenth.
    assert told["safety"] == Rules.__dataclass_fields__["max_turns"].default
    never = "Turno 212 di 300 · tallone mai rifatto (al massimo 2 volte)"
    assert it["rami"] == {"text": never, "near": False}
    assert it["once"] == {"text": "Turno 212 di 300 · tallone rifatto 1 volta su 2", "near": False}
    assert it["near"] == {
        "text": "Turno 271 di 300: quasi al limite · tallone rifatto 1 volta su 2",
        "near": True,
    }
    assert it["last"] == {
        "text": "Turno 300 di 300: è l’ultimo · tallone rifatto 2 volte su 2: è l’ultimo",
        "near": True,
    }
    assert it["one"]["text"] == "Turno 12 di 300 · tallone rifatto 1 volta su 1: è l’ultimo"
    assert it["never"] == {"text": "Turno 12 di 300 · il tallone non si rifà", "near": False}
    assert it["far"] is None and it["gin"] is None
    assert it["safety"] == {"text": "Turno 451 di 500: quasi al limite", "near": True}
    assert en["rami"]["text"] == "Turn 212 of 300 · no restock yet (at most 2 times)"
    assert en["last"]["text"] == (
        "Turn 300 of 300: the last one · restock 2 of 2: this stock is the last"
    )
    assert en["one"]["text"] == "Turn 12 of 300 · restock 1 of 1: this stock is the last"


def test_a_table_with_no_free_seat_offers_only_to_watch_it() -> None:
    told = run(
        FAKE_DOCUMENT
        + """
const { joinView } = await load('lobby.js');
const ids = (element) => [element.attributes?.id, ...(element.children ?? []).flatMap(ids)];
const page = (free) => {
  const seats = [{ name: 'Anna', free: false }, { name: free ? null : 'Bruno', free }];
  const view = joinView({ info: { seats, described: { it: '' } }, guest: 'Ospite 1' }, {});
  return { ids: ids(view).filter(Boolean), text: view.textContent };
};
out({ free: page(true), full: page(false) });
"""
    )
    assert "sit" in told["free"]["ids"] and "nickname" in told["free"]["ids"]
    # No name to write nor a seat to ask for, only to be refused: the table is full.
    assert "sit" not in told["full"]["ids"] and "nickname" not in told["full"]["ids"]
    assert "watch" in told["full"]["ids"]
    assert told["full"]["text"].startswith("Il tavolo è al completo")
    assert "Tutti i posti sono presi" in told["full"]["text"]


def test_after_a_move_the_focus_lands_where_the_turn_goes_on() -> None:
    told = run(
        """
const { landing } = await load('keyboard.js');
const at = (to_play, phase, cursor = 2) => ({
  cursor, server: { observation: { seat: 0, to_play, phase, over: false } },
});
const draw = ['do-draw', 'do-take', 'do-hint'];
out({
  // A card thrown or laid: the card now at its place, or the hand's last.
  thrown: landing(at(1, 'draw'), 'hand-card-4', 9, ['do-hint']),
  last: landing(at(1, 'draw'), 'hand-card-9', 9, ['do-hint']),
  // A button the move disabled: the draw to make, a bet, or the hand to play from.
  drawn: landing(at(0, 'play'), 'do-draw', 11, ['do-lay', 'do-discard', 'do-hint']),
  toDraw: landing(at(0, 'draw'), 'do-discard', 10, draw),
  bet: landing(at(0, 'bet'), 'do-raise', 10, ['do-call', 'do-fold', 'do-hint']),
  others: landing(at(1, 'draw', 20), 'do-discard', 9, ['do-hint']),
  // A move by key with the focus nowhere.
  nowhere: landing(at(0, 'play', 0), '', 11, ['do-discard', 'do-hint']),
  // No hand left: the buttons.
  empty: landing(at(1, 'draw'), 'do-discard', 0, ['do-hint']),
});
"""
    )
    assert told == {
        "thrown": "hand-card-4",
        "last": "hand-card-8",
        "drawn": "hand-card-2",
        "toDraw": "do-draw",
        "bet": "do-call",
        "others": "hand-card-8",
        "nowhere": "hand-card-0",
        "empty": "do-hint",
    }


def test_a_move_of_cards_asked_before_the_draw_says_to_draw_not_to_pick() -> None:
    told = run(
        """
const { notNow } = await load('actions.js');
const seats = [{ name: 'Anna' }, { name: 'Bruno' }];
const view = (to_play, phase) => ({ seat: 0, seats, to_play, phase, over: false });
out({
  draw: notNow(view(0, 'draw')), play: notNow(view(0, 'play')),
  other: notNow(view(1, 'play')), watching: notNow({ ...view(1, 'draw'), seat: null }),
});
"""
    )
    # Picking a card would change nothing: the reason is the draw still to make, or the turn.
    assert told["draw"] == {"code": "must_draw_first", "values": {}}
    assert told["other"] == {"code": "not_your_turn", "values": {"player": "Bruno"}}
    assert told["play"] is None and told["watching"] is None


def test_the_page_s_editor_changes_the_knobs_the_server_s_editor_does() -> None:
    # For every value offered of every knob of every preset, as it is and with each switch
    # that needs another turned on, the page's change and house_rules.editor_change make the
    # same knobs (a switch turned off with the one it needs, a number given with its choice):
    # turning off the opening a jolly's wait needs is offered, and turns the wait off.
    from ramino.engine.errors import RulesError
    from ramino.engine.presets import PRESETS, get_preset
    from ramino.house_rules import (
        SWITCH_NEEDS,
        applicable_knobs,
        editor_change,
        house_rules,
        open_values,
    )
    from ramino.words.knob_words import knob_catalogue

    def sent(changes: dict[str, Any]) -> dict[str, Any]:
        return {k: getattr(v, "value", v) for k, v in changes.items()}

    def offered(rules: Rules) -> dict[str, tuple[Any, ...]]:
        # The values a page offers of its switches and choices (open_values names those
        # the other knobs hold to some of them).
        found = {}
        for knob in applicable_knobs(rules):
            kind = type(getattr(rules, knob))
            if kind is bool or issubclass(kind, enum.Enum):
                found[knob] = (False, True) if kind is bool else tuple(kind)
        return {**found, **open_values(rules)}

    cases: list[tuple[str, dict[str, Any], str, Any]] = []
    wanted: list[dict[str, Any]] = []
    for name in PRESETS:
        preset = get_preset(name)
        for start in [{}, *(sent(editor_change(preset, switch, True)) for switch in SWITCH_NEEDS)]:
            try:
                rules = house_rules(name, start)
            except RulesError:
                continue
            for knob, values in offered(rules).items():
                for value in set(values) - {getattr(rules, knob)}:
                    change = sent(editor_change(rules, knob, value))
                    cases.append((name, start, knob, getattr(value, "value", value)))
                    wanted.append({**preset.knobs(), **start, **change})
    scala = get_preset("scala-40")
    waiting = house_rules("scala-40", sent(editor_change(scala, "joker_swap_waits_a_turn", True)))
    assert offered(waiting)["joker_swap_needs_opened"] == (False, True)
    assert ("scala-40", "joker_swap_needs_opened", False) in {
        (name, knob, value) for name, start, knob, value in cases if start
    }
    data = {
        "catalogue": knob_catalogue("en"),
        "presets": {name: get_preset(name).knobs() for name in PRESETS},
        "cases": cases,
    }
    told = run(
        f"const {{ catalogue, presets, cases }} = {json.dumps(data)};\n"
        """
const { knobChange } = await load('knobs.js');
out(cases.map(([name, start, knob, value]) =>
  ({ ...presets[name], ...knobChange(catalogue, presets[name], start, knob, value) })));
"""
    )
    for case, page, server in zip(cases, told, wanted, strict=True):
        assert page == json.loads(json.dumps(server)), case


def test_the_cards_of_a_sentence_are_said_by_name() -> None:
    # The message under the table shows "Q♠" and says its name: a symbol is no word.
    told = run(
        """
const { sentenceParts, cardName } = await load('cards.js');
const text = 'Non hai in mano Q♠, 10♥ e 🃏: A♣?';
out({ parts: sentenceParts(text, 'it'), en: sentenceParts(text, 'en').map((p) => p.said),
      names: ['QS', '10H', 'JK', 'AC'].map((c) => cardName(c, 'it')), plain: sentenceParts('ok') });
"""
    )
    parts = told["parts"]
    assert "".join(part["text"] for part in parts) == "Non hai in mano Q♠, 10♥ e 🃏: A♣?"
    said = [part["said"] for part in parts if part["said"] is not None]
    assert said == told["names"] and said[0] == "donna di picche"
    assert [part["text"] for part in parts if part["said"]] == ["Q♠", "10♥", "🃏", "A♣"]
    english = ["queen of spades", "10 of hearts", "joker", "ace of clubs"]
    assert [s for s in told["en"] if s] == english
    assert told["plain"] == [{"text": "ok", "said": None}]
