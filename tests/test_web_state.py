"""The table page's state, ``src/ramino/web/static/tablestate.js`` and the pure steps around it,
run under node without a browser: the store makes a new value at each change and tells its
subscribers; a state from the server, taken in, follows the hand card by card (a pick never
passes to a twin), says the card drawn, puts a round over in the log once and queues the others'
moves; the log says its new lines once, and nothing when only the language changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

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
        [node, "--input-type=module", "-e", prelude + script],
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
    assert told == {"drew": "QS", "drawn": "QS", "at": [["1:1", "QS"]]}


def test_a_round_over_goes_to_the_log_once_and_the_others_moves_are_queued() -> None:
    told = run(
        SERVER
        + """
const ended = { seat: 0, dealer: 1, seats: [{ name: 'Anna' }, { name: 'Bruno' }],
                history: ['0: discard 9C', '1: draw'], table: [] };
const over = server(3, ['7H'], ['1: draw', '1: discard 4D'],
                    { ended_round: 1, ended, ended_by: { reason: 'went_out', out: 1 } });
const once = arrived(first, over);
const state = { ...first, ...once.change };
const twice = arrived(state, { ...over, version: 4 });
const again = step(state, { ...over, version: 4 }).past.length;
out({ over: [once.over, twice.over], past: state.past.length, again,
      shown: state.replayShown, queue: state.replay, replaying: state.replaying });
"""
    )
    assert told["over"] == [True, False]
    # The deal, one line a turn (Anna's, then Bruno's), and how the round ended.
    assert told["past"] == 4 and told["again"] == 4
    assert told["shown"].startswith("Bruno: ") and len(told["queue"]) == 1
    assert told["replaying"] is True


def test_the_log_says_its_new_lines_once_and_nothing_for_a_new_language() -> None:
    told = run(
        """
// What the log holds when the page opens is no news.
const one = hear({ lang: null, lines: [], fresh: 0 }, ['a', 'b'], 'it');
const two = hear(one, ['a', 'b', 'c'], 'it');
const same = hear(two, ['a', 'b', 'c'], 'it');
const english = hear(same, ['A', 'B', 'C'], 'en');
out([one, two, same, english].map(({ say, fresh }) => [say, fresh]));
"""
    )
    assert told == [[None, 0], ["c", 2], [None, 2], [None, 2]]


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
