// The table's heading: its rules and round, whose turn it is (with the seat's own clock), and
// the buttons that open the score sheet, the rules and the keys, and leave the table.

import { h } from './dom.js';
import { t } from './i18n.js';
import { mayLeave, observation } from './tablestate.js';

function turnWords(view) {
  if (!view || view.over) return '';
  if (view.seat !== null && view.to_play === view.seat) return t('your_turn');
  return t('turn_of', { name: view.seats[view.to_play]?.name ?? '' });
}

export function render(state, actions) {
  const round = state.server?.round;
  const tool = (id, label, act, key) =>
    h('button', { type: 'button', class: 'quiet', id, onclick: act, 'aria-keyshortcuts': key }, label);
  return h(
    'div',
    { class: 'table-head' },
    h(
      'h1',
      {},
      t('table_of', { rules: state.info?.rules?.name ?? '' }),
      round ? ` · ${t('round_n', { n: round })}` : '',
      // Whether the match counts for the ratings is said with its rules.
      state.info?.rated ? h('span', { class: 'rated', id: 'rated-mark' }, ` · ${t('rated_table')}`) : '',
    ),
    h('p', { class: 'turn' }, turnWords(observation(state)), h('span', { class: 'clock', id: 'my-clock', 'aria-hidden': 'true' })),
    h(
      'div',
      { class: 'table-tools' },
      tool('open-sheet', t('sheet'), () => actions.showSheet(false)),
      tool('open-rules', t('rules'), actions.showRules),
      tool('open-keys', t('keys'), actions.showKeys, '?'),
      mayLeave(state) ? tool('leave', t('leave'), actions.leave) : null,
    ),
  );
}
