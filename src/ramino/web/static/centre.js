// The centre of the table: the tallone (stock) face down, the pozzo (discard pile) with its top
// card, where a dragged card is thrown; the pot and the round's contract where the rules have
// them; and under them, one after another, the moves the others just made. A seated player
// draws with a click on the tallone, and takes or throws with a click on the pozzo.

import { cardName } from './cards.js';
import { cardBack, cardFace } from './cardviews.js';
import { h } from './dom.js';
import { currentLang, said, t } from './i18n.js';
import { turnText } from './moves.js';
import { observation } from './tablestate.js';

function contractLine(state, view) {
  const contract = view.contract ? state.rulesInfo?.contracts?.[view.contract] : null;
  if (contract) {
    return h('p', { class: 'contract' }, t('contract', { name: said(contract.name) }), h('br'), said(contract.terms));
  }
  return view.contract ? h('p', { class: 'contract' }, t('contract', { name: view.contract })) : null;
}

// The other's turn being shown, in the words of the language of the moment.
function replayLine(state, view) {
  const shown = state.replaying ? state.replayShown : undefined;
  return shown ? turnText(view.seats[shown.seat]?.name ?? '?', shown.moves, shown.bets) : '';
}

// A card of the centre as a button for the seated player (a spectator's is only a picture).
function clickable(state, card, id, label, onclick) {
  if (state.watching) return card;
  return h('button', { type: 'button', class: 'card-button', id, 'aria-label': label, onclick }, card);
}

export function render(state, actions) {
  const view = observation(state);
  const top = view.discard_pile.at(-1);
  // At the turn's start the pozzo's card is taken; later a picked card is thrown there, as
  // when it is dragged onto it.
  const drawing = view.phase === 'draw';
  return h(
    'section',
    { class: 'centre', 'aria-label': t('stock') + ', ' + t('pile') },
    h(
      'div',
      { class: 'stock' },
      clickable(state, cardBack(t('stock_count', { n: view.stock })), 'stock-draw', t('draw'), actions.draw),
      h('span', { class: 'count' }, t('stock_count', { n: view.stock })),
    ),
    h(
      'div',
      {
        class: 'pile',
        'aria-label': top ? t('pile_top', { card: cardName(top, currentLang()) }) : t('pile_empty'),
        ondragover: actions.dragOver,
        ondrop: (event) => actions.drop(event, actions.discard),
      },
      clickable(
        state,
        top ? cardFace(top) : h('span', { class: 'card empty' }),
        'pile-play',
        drawing ? t('take') : t('discard'),
        drawing ? actions.take : actions.discard,
      ),
      h('span', { class: 'count' }, top ? t('pile') : t('pile_empty')),
    ),
    view.pot ? h('p', { class: 'pot' }, t('pot', { n: view.pot }), view.to_call ? ` · ${t('to_call', { n: view.to_call })}` : '') : null,
    contractLine(state, view),
    // Heard through the log's announcement already.
    h('p', { class: 'replay', id: 'replay', 'aria-hidden': 'true' }, replayLine(state, view)),
  );
}
