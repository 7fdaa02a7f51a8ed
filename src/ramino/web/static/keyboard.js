// The table's keys, as in the terminal (help.js lists them): a move each, the meld's number
// while one is chosen, Escape to let go, and the sheet, the rules, the keys and the sort.

import { dialogOpen } from './dialogs.js';
import { keysFor } from './help.js';
import { knocks } from './knocking.js';
import { observation } from './tablestate.js';

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
