// Ramino at the table: what the seat's turn asks of it, in a line over the move buttons — draw
// or take, the opening's threshold until it has opened (only under rules that have one), the
// pozzo's card still to use, the discards the rules forbid. Gin rummy says its phases in
// knocking.js instead; the server alone decides what is legal, this only says it.

import { cardLabel } from './cards.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { knocks } from './knocking.js';
import { legal, observation } from './tablestate.js';

// The sentences of the seat's turn, in order; none while it is another's turn or in a bet.
export function turnWords(state) {
  const view = observation(state);
  if (!view || knocks(view) || view.over || view.seat === null || state.watching) return [];
  if (view.to_play !== view.seat || view.phase === 'bet') return [];
  const knobs = state.info?.rules?.knobs ?? {};
  const moves = legal(state);
  const said = [];
  const opened = view.seats[view.seat]?.opened;
  const melds = knobs.melding_during_play !== false;
  if (view.phase === 'draw') {
    said.push(t(moves.includes('take') ? 'tl_draw' : 'tl_stock'));
    if (knobs.discard_pickup === 'must_use' && melds) said.push(t('tl_must_use'));
    if (knobs.discard_pickup === 'opened' && !opened) said.push(t('tl_opened_only'));
    if (knobs.discard_pickup === 'to_open' && !opened) said.push(t('tl_to_open'));
  } else {
    const owed = view.to_lay ?? [];
    if (owed.length) said.push(t('tl_to_lay', { cards: owed.map(cardLabel).join(' ') }));
    // Where the last discard is optional ([R]), a hand may also go out laying every card.
    const play = knobs.final_discard === 'optional' ? 'tl_play_or_lay_all' : 'tl_play';
    said.push(t(melds ? play : 'tl_show'));
  }
  // The threshold where the rules have one and only until the seat has opened (carioca's
  // contracts are said under the pozzo).
  const threshold = knobs.opening_threshold ?? 0;
  if (threshold > 0 && melds && !opened && !view.contract) {
    said.push(t('tl_opening', { n: threshold, laid: view.phase === 'draw' ? 0 : view.opening_points ?? 0 }));
  }
  const forbids =
    knobs.attachable_discard === 'forbidden' && view.seats.length >= (knobs.attachable_discard_min_players ?? 2);
  if (forbids && view.phase !== 'draw' && view.table.length) said.push(t('tl_attachable'));
  return said;
}

// The line above the move buttons under ramino's rules (not gin rummy's: knocking.js).
export function render(state) {
  const view = observation(state);
  if (!view || knocks(view) || state.watching) return null;
  // Said to a screen reader as it changes.
  return h('p', { class: 'knock-line turn-line' }, h('strong', { id: 'turn-line', 'aria-live': 'polite' }, turnWords(state).join(' ')));
}
