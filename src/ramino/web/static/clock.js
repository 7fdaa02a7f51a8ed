// The turn clock: the seconds left of the turn, then of the bank, written beside the seat whose
// clock runs, in the heading when it is the seat's own, and over an open dialog (the next turn's
// time runs while one reads the sheet). It writes into places the other panels leave for it.

import { t } from './i18n.js';
import { observation } from './tablestate.js';

// The clock's words at `now` (performance.now()), or '' when there is none.
export function clockText(clock, now) {
  // Held while a sheet is read (`starts_in`), then counted down.
  const used = Math.max(0, (now - clock.at) / 1000 - (clock.starts_in ?? 0));
  const turn = clock.turn_left - used;
  return turn > 0
    ? ` · ${t('clock', { s: Math.ceil(turn) })}`
    : ` · ${t('bank', { s: Math.max(0, Math.ceil(clock.bank_left + turn)) })}`;
}

export function paint(root, state) {
  for (const element of root.querySelectorAll('.clock')) element.textContent = '';
  const clock = state.clock;
  const view = observation(state);
  if (!clock || !view) return;
  const text = clockText(clock, performance.now());
  // The clock names a seat of the table; the view's seats are the round's (players out of
  // the match have none), so the two meet by name.
  const name = state.info?.seats?.[clock.seat]?.name;
  const inRound = name ? view.seats.findIndex((seat) => seat.name === name) : clock.seat;
  const seat = root.querySelector(`.seats .clock[data-seat="${inRound}"]`);
  if (seat) seat.textContent = text;
  const dialogClock = document.getElementById('dialog-clock');
  if (dialogClock) dialogClock.textContent = '';
  if (clock.seat === state.welcome?.seat) {
    const mine = root.querySelector('#my-clock');
    if (mine) mine.textContent = text;
    // Over the sheet too: the next turn's time runs while one reads it.
    if (dialogClock) dialogClock.textContent = `${t('your_turn')}${text}`;
  }
}
