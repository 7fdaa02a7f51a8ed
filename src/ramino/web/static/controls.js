// The seat's move buttons, each with the terminal's key: draw, take, lay (or open with the
// round's contract), attach, swap, discard, show; call, raise and fold while bets are made;
// a hint; and a way out of choosing a meld.

import { h } from './dom.js';
import { t } from './i18n.js';
import { legal, observation } from './tablestate.js';

export function render(state, actions) {
  const view = observation(state);
  const betting = view.phase === 'bet' || legal(state).some((a) => ['call', 'raise', 'fold'].includes(a));
  const contract = view.contract && !view.seats[view.seat].opened;
  const button = (name, label, key) =>
    h('button', { type: 'button', id: `do-${name}`, onclick: actions[name], 'aria-keyshortcuts': key }, label);
  return h(
    'div',
    { class: 'controls', role: 'toolbar', 'aria-label': t('keys') },
    betting
      ? [button('call', t('call'), 'v'), button('raise', t('raise'), '+'), button('fold', t('fold'), 'l')]
      : [
          button('draw', t('draw'), 't'),
          button('take', t('take'), 'p'),
          button('lay', contract ? t('open') : t('lay'), 'c'),
          button('attach', t('attach'), 'a'),
          button('swap', t('swap'), 'j'),
          button('discard', t('discard'), 's'),
          button('show', t('show'), 'm'),
        ],
    button('hint', t('hint'), 'h'),
    state.mode ? h('button', { type: 'button', class: 'quiet', onclick: actions.cancelChoice }, t('cancel')) : null,
  );
}
