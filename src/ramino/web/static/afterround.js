// What follows a round: its score sheet, shown once in this browser (the server's clock waits
// until it is read, and is told so), the deal checked against its proof, and, where the rules
// offer it, the question of re-entry, asked until it is answered.

import { dealChecked, dealLabel } from './dealcheck.js';
import { dialog, dialogOpen } from './dialogs.js';
import { t } from './i18n.js';
import { showSheet } from './roundend.js';
import { withEntry } from './tablestate.js';

// `store`: the table's state; `send(message)`: its connection.
export function createAfterRound(store, send) {
  const state = () => store.get();
  // The last round whose sheet this seat closed, kept through reloads, for each match of the
  // table (a rematch counts its rounds from 1 again).
  const seenKey = () => {
    const match = state().server?.match ?? 1;
    return `ramino.seen.${state().tableId}${match > 1 ? `.${match}` : ''}`;
  };
  const seenRound = () => (state().watching ? state().watched : Number(localStorage.getItem(seenKey()) ?? 0));

  function readSheet(number) {
    if (number <= seenRound()) return;
    if (state().watching) {
      store.remember({ watched: number });
      return;
    }
    localStorage.setItem(seenKey(), String(number));
    send({ type: 'seen', round: number });
  }

  function askReentry() {
    const offer = state().server?.reentry;
    if (!offer || dialogOpen()) return;
    let answered = false;
    const answer = (yes) => () => {
      answered = true;
      const ids = state().ids + 1;
      store.remember({ ids });
      send({ type: 'reentry', id: `r${state().server.version}-${ids}`, reenter: yes });
    };
    dialog(
      t('reentry_q', { total: offer.total, entry: offer.entry_total, stake: offer.stake }),
      null,
      [
        [t('reenter'), answer(true), 'reenter'],
        [t('stay_out'), answer(false), 'stay-out'],
      ],
      // The table waits for the answer: closed without one, the question comes back.
      { onclose: () => answered || setTimeout(askReentry, 0), focus: 0 },
    );
  }

  // The deal of a round over, checked against its proof once (docs/shuffle.md): the sheet says so.
  async function checkDeal(proof) {
    if (!proof || state().fair.has(dealLabel(proof))) return;
    const { tableId, welcome, info } = state();
    const text = await dealChecked(proof, tableId, welcome, info?.rules.knobs);
    store.remember((now) => ({ fair: withEntry(now.fair, dealLabel(proof), text) }));
    const shown = document.getElementById('fair');
    if (shown) shown.textContent = text;
  }

  // After each state: `over`, whether it ended a round the log had not yet told.
  function afterState(over) {
    const number = state().server.ended_round;
    if (over && number > seenRound()) {
      checkDeal(state().server.revealed);
      showSheet(state(), true, () => {
        readSheet(number);
        askReentry();
      });
      return;
    }
    askReentry();
  }

  return { afterState, seenRound };
}
