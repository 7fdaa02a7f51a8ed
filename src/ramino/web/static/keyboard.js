// The table's keys, as in the terminal (help.js lists them): a move each, the meld's number
// while one is chosen, Escape to let go, and the sheet, the rules, the keys and the sort.

import { dialogOpen } from './dialogs.js';
import { keysFor } from './help.js';
import { knocks } from './knocking.js';
import { myTurn, observation } from './tablestate.js';

export function keyHandler(store, actions) {
  return (event) => {
    // A key held down repeats: one move, one hint per press.
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || dialogOpen()) return;
    if (event.target.closest?.('input, select, textarea')) return;
    const state = store.get();
    // No round to play, or the seat left it (the computer plays for it).
    if (!observation(state) || state.left) return;
    if (state.mode && /^[1-9]$/.test(event.key)) {
      event.preventDefault();
      actions.chooseMeld(Number(event.key) - 1);
      return;
    }
    if (event.key === 'Escape') {
      actions.escape();
      return;
    }
    const name = keysFor(knocks(observation(state)), state.info?.rules?.knobs)[event.key];
    if (name) {
      event.preventDefault();
      actions[name]();
      // A move sent with the focus nowhere (the page itself): its answer's drawing gives it a
      // place to go on from (tableview.js).
      const nowhere = !document.activeElement || [document.body, document.getElementById('main')].includes(document.activeElement);
      if (nowhere && store.get().pending.size) store.remember({ keyedAt: state.server.version });
    } else if (event.key === 'o') {
      // The hand's own button: a spectator has none.
      document.getElementById('sort')?.click();
    } else if (event.key === 'f') {
      actions.showSheet(false);
    } else if (event.key === 'r') {
      actions.showRules();
    } else if (event.key === '?') {
      actions.showKeys();
    }
  };
}

// Where the focus goes once a drawing took away the element that had it, `id` (or disabled it,
// or there was none after a move by key): a card of the hand, the card now at its place (the
// hand's last, if it was further); else where the turn goes on, the first move button enabled
// where the turn asks for a button (the draw, a bet), or the hand's card with the Tab stop.
// `cards`: how many cards the hand holds now; `enabled`: the ids of the move buttons one may
// press, in order. An element's id, or null.
export function landing(state, id, cards, enabled) {
  const card = (index) => (cards ? `hand-card-${Math.min(Math.max(index, 0), cards - 1)}` : null);
  if (id?.startsWith('hand-card-')) return card(Number(id.slice('hand-card-'.length)));
  const buttons = myTurn(state) && ['draw', 'bet'].includes(observation(state).phase);
  if (buttons && enabled.length) return enabled[0];
  return card(state.cursor) ?? enabled[0] ?? null;
}
