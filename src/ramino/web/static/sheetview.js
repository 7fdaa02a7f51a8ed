// The score sheet of a table: a line a round, each player's score and, at the foot, the
// totals; at a table played for chips, the chips won or lost and those held.

import { h } from './dom.js';
import { t } from './i18n.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// The address of the score sheet of the table's match `number` (1, then each rematch's).
export const matchSheetHref = (tableId, number) => `/t/${tableId}/m/${number}`;

// Links to the sheets of a table's matches before match `current` (a rematch deals the next
// one at the same table), or nothing before a rematch.
export function earlierMatches(tableId, current) {
  if (!current || current < 2) return null;
  const numbers = Array.from({ length: current - 1 }, (_, i) => i + 1);
  return h(
    'p',
    { class: 'earlier-matches', id: 'earlier-matches' },
    t('earlier_matches', { n: numbers.length }),
    ' ',
    numbers.flatMap((n, i) => [i ? ', ' : '', h('a', { href: matchSheetHref(tableId, n), id: `match-sheet-${n}` }, t('match_n', { n }))]),
  );
}

// `sheet`: the state's lines (RoundSheet.to_dict), the first round first.
export function sheetTable(sheet) {
  if (!sheet.length) return h('p', {}, t('sheet_empty'));
  // Every player of the match, in seat order, those already out too.
  const names = Object.keys(sheet[0].totals);
  const chips = sheet[0].chips !== null && sheet[0].chips !== undefined;
  const cell = (line, name) => {
    if (chips) return name in (line.chips ?? {}) ? signed(line.chips[name]) : '—';
    return name in line.scores ? String(line.scores[name]) : '—';
  };
  const last = sheet.at(-1);
  const total = (name) => String((chips ? last.chip_totals?.[name] : last.totals[name]) ?? '—');
  const header = h('tr', {}, h('th', { scope: 'col' }, t('round_col')), names.map((name) => h('th', { scope: 'col' }, name)));
  const lines = sheet.map((line) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, String(line.number)),
      names.map((name) => h('td', {}, cell(line, name), line.eliminated.includes(name) ? ` ${t('out_mark')}` : '')),
    ),
  );
  const totals = h('tr', {}, h('th', { scope: 'row' }, t('totals')), names.map((name) => h('td', {}, total(name))));
  return h(
    'table',
    { class: 'sheet' },
    h('caption', {}, chips ? `${t('sheet')} · ${t('chips_col')}` : t('sheet')),
    h('thead', {}, header),
    h('tbody', {}, lines),
    h('tfoot', {}, totals),
  );
}
