// The seats of the round: each player's name, cards in hand, total and chips, who is to play,
// a place for the turn clock (clock.js writes it), and the others' hands as backs.

import { fan } from './cardviews.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { observation } from './tablestate.js';

// `points`: whether the rules count points (pokerato plays for chips alone).
function seatItem(view, seat, number, points) {
  const mine = number === view.seat;
  const turn = number === view.to_play && !view.over;
  const facts = [t('cards_n', { n: seat.cards })];
  if (points) facts.push(t('total', { n: seat.total }));
  if (seat.chips !== null && seat.chips !== undefined) facts.push(t('chips', { n: seat.chips }));
  if (seat.stake) facts.push(t('stake', { n: seat.stake }));
  // Of your own seat in the second person: «hai aperto».
  if (seat.folded) facts.push(t(mine ? 'folded_you' : 'folded'));
  if (seat.opened) facts.push(t(mine ? 'opened_you' : 'opened'));
  if (seat.away) facts.push(t('played_for', { name: seat.name }));
  return h(
    'li',
    { class: `seat${turn ? ' to-play' : ''}${mine ? ' mine' : ''}${seat.away ? ' away' : ''}`, 'aria-current': turn ? 'true' : null },
    h('span', { class: 'name' }, seat.name, mine ? ` (${t('you')})` : ''),
    // The clock goes on with the facts, on their line: «10 carte · 0 punti · tempo 58 s».
    h('span', { class: 'facts' }, facts.join(' · '), h('span', { class: 'clock', 'data-seat': number })),
    mine ? null : h('span', { class: 'backs', 'aria-hidden': 'true' }, fan(seat.cards)),
  );
}

export function render(state) {
  const view = observation(state);
  const betting = state.info?.rules?.knobs?.betting;
  const points = betting === undefined || betting === 'none';
  return h(
    'section',
    { class: 'seats', 'aria-label': t('players') },
    h('ul', {}, view.seats.map((seat, number) => seatItem(view, seat, number, points))),
  );
}
