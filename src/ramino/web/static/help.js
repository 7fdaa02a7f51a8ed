// The table's help: the terminal's keys for each move, and the dialogs that show the keys and
// the rules of the table in full.

import { dialog } from './dialogs.js';
import { h } from './dom.js';
import { currentLang, t } from './i18n.js';

// A key for each move, as in the terminal: the move's name in `actions` and in the catalogue.
export const KEYS = {
  t: 'draw', p: 'take', c: 'lay', a: 'attach', j: 'swap', s: 'discard', m: 'show',
  v: 'call', l: 'fold', '+': 'raise', b: 'knock', n: 'pass', h: 'hint',
};

// The moves of one game only: ramino's jolly, closing and bets; gin rummy's knock and pass.
const RAMINO_ONLY = new Set(['swap', 'show', 'call', 'fold', 'raise']);
const GIN_ONLY = new Set(['knock', 'pass']);

// The moves some rules never have (`knobs`: the table's rules, when known): laying, attaching
// and taking a jolly back where nothing is laid during play (pokerato), the jolly where none is
// dealt, the bets where nobody bets.
function never(knobs) {
  const off = new Set();
  if (!knobs) return off;
  if (knobs.melding_during_play === false) ['lay', 'attach', 'swap'].forEach((name) => off.add(name));
  if (knobs.jokers === 0 || knobs.joker_swap === false) off.add('swap');
  if ((knobs.betting ?? 'none') === 'none') ['call', 'fold', 'raise'].forEach((name) => off.add(name));
  return off;
}

// The keys of the moves a table plays: with knocking (gin rummy), or without.
export function keysFor(knocking, knobs = null) {
  const other = knocking ? RAMINO_ONLY : GIN_ONLY;
  const off = knocking ? new Set() : never(knobs);
  return Object.fromEntries(Object.entries(KEYS).filter(([, name]) => !other.has(name) && !off.has(name)));
}

// The rows of the keys dialog: each key and what it does, those of the moves a table plays;
// the digits choose a meld on the table only where cards are attached to one.
export function keyRows(knocking = false, knobs = null) {
  const keys = keysFor(knocking, knobs);
  const moves = new Set(Object.values(keys));
  return [
    ['← →', t('keys_move')],
    [t('keys_space'), t('keys_pick')],
    ['Esc', t('keys_escape')],
    ...Object.entries(keys).map(([key, name]) => [key, t(name)]),
    ...(moves.has('attach') ? [['1–9', moves.has('swap') ? t('keys_meld') : t('keys_meld_attach')]] : []),
    ['o', `${t('sort_suit')} / ${t('sort_rank')}`],
    ['f', t('sheet')],
    ['r', t('rules')],
    ['?', t('keys')],
  ];
}

export function showKeys(knocking = false, knobs = null) {
  const rows = keyRows(knocking, knobs);
  const table = h(
    'table',
    { class: 'keys' },
    h('tbody', {}, rows.map(([key, what]) => h('tr', {}, h('th', { scope: 'row' }, h('kbd', {}, key)), h('td', {}, what)))),
  );
  dialog(t('keys'), table, [[t('close'), null, 'close-keys']]);
}

// `info`: the table's details (GET /api/tables/ID), with its rules described in both languages.
export function showRules(info) {
  dialog(
    t('rules_title'),
    h(
      'div',
      {},
      h('pre', { class: 'rules-text' }, info?.described[currentLang()] ?? ''),
      h('p', { class: 'rules-chat' }, t(info?.chat === false ? 'chat_is_off' : 'chat_is_on')),
      // What happens to a seat whose player goes (docs/protocol.md), with the rules.
      h('p', { class: 'rules-leave', id: 'leave-policy' }, t('leave_policy', { seconds: info?.away_seconds ?? 30 })),
      info?.rated ? h('p', { class: 'rules-leave' }, t('leave_rated')) : null,
    ),
    [[t('print'), () => window.print(), 'print-rules'], [t('close'), null, 'close-rules']],
    { printable: true },
  );
}
