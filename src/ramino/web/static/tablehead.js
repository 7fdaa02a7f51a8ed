// The table's heading: its rules and round, how near the round is to its caps, whose turn it
// is (with the seat's own clock), and the buttons that open the score sheet, the rules and the
// keys, and leave the table.

import { h } from './dom.js';
import { t } from './i18n.js';
import { mayLeave, observation, roundKey } from './tablestate.js';

function turnWords(view) {
  if (!view || view.over) return '';
  if (view.seat !== null && view.to_play === view.seat) return t('your_turn');
  return t('turn_of', { name: view.seats[view.to_play]?.name ?? '' });
}

// The engine's cap on a round's turns where the rules set none (`Rules.max_turns`): a safety
// net that only ends a round nobody can close, said only as the round nears it.
export const SAFETY_TURNS = 500;

// How far the round `view` is along towards the caps of the rules' `knobs` that can stop it
// (`max_turns`, `max_restocks`): `{ text, near }`, `near` in its last tenth of turns or on its
// last stock; null where nothing is to be said (a safety cap still far, no cap).
export function capWords(view, knobs) {
  if (!view || view.over || !knobs) return null;
  const said = [];
  let near = false;
  const turns = knobs.max_turns;
  if (turns) {
    const close = view.turn > turns * 0.9;
    if (turns !== SAFETY_TURNS || close) said.push(t('round_cap_turns', { n: view.turn, max: turns, close }));
    near ||= close;
  }
  // Gin rummy's wall ends a hand before the stock runs out: it is never made again.
  const restocks = knobs.max_restocks;
  if (typeof restocks === 'number' && (knobs.wall_stock ?? null) === null) {
    const last = restocks > 0 && view.restocks >= restocks;
    said.push(t('round_cap_restocks', { n: view.restocks, max: restocks, last }));
    near ||= last;
  }
  if (!said.length) return null;
  const text = said.join(' · ');
  return { text: text.charAt(0).toUpperCase() + text.slice(1), near };
}

// What a screen reader is told of the caps: the line, once a round, when it turns near one
// (`said`: the round it was told for last). `{ say, said }`, `say` null for nothing new.
export function capNews(state, said) {
  const cap = capWords(observation(state), state.info?.rules?.knobs);
  if (!cap?.near) return { say: null, said };
  const key = roundKey(state.server);
  return key === said ? { say: null, said } : { say: `${cap.text}.`, said: key };
}

// The caps' line: standing out, in bold with its words saying so, once the round is near one.
function capLine(state) {
  const cap = capWords(observation(state), state.info?.rules?.knobs);
  if (!cap) return null;
  return h('p', { class: cap.near ? 'round-cap near' : 'round-cap', id: 'round-cap' }, cap.near ? h('strong', {}, cap.text) : cap.text);
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
    capLine(state),
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
