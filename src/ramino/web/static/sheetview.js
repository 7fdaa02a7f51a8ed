// The score sheet of a table: a line a round, each player's score and, at the foot, the
// totals; at a table played for chips, the chips won or lost and those held.

import { h } from './dom.js';
import { t } from './i18n.js';
import { whyWords } from './knocking.js';

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
  if (sheet[0].knock) return knockSheet(sheet);
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
  // Casertano's closes win credits (1, 2, 5 by the close's kind): each line has its round's.
  const credit = (name) => sheet.reduce((sum, line) => sum + (line.credits?.[name] ?? 0), 0);
  const credits = names.some((name) => credit(name))
    ? h('tr', { class: 'sheet-credits' }, h('th', { scope: 'row' }, t('hs_credits')), names.map((name) => h('td', {}, String(credit(name)))))
    : null;
  return h(
    'table',
    { class: 'sheet' },
    h('caption', {}, chips ? `${t('sheet')} · ${t('chips_col')}` : t('sheet')),
    h('thead', {}, header),
    h('tbody', {}, lines),
    h('tfoot', {}, totals, credits),
  );
}

// Gin rummy's sheet: each hand's points to its winner and how (the knock and the deadwood,
// gin, an undercut, a hand void); at the match's end the hands won and the game's bonus,
// then the totals, which add them all.
function knockSheet(sheet) {
  const names = Object.keys(sheet[0].totals);
  const last = sheet.at(-1);
  const bonuses = last.knock?.bonuses;
  const points = (n) => (n ? `+${n}` : '0');
  const header = h(
    'tr',
    {},
    h('th', { scope: 'col' }, t('round_col')),
    names.map((name) => h('th', { scope: 'col' }, name)),
    h('th', { scope: 'col' }, t('how_col')),
  );
  const lines = sheet.map((line) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, String(line.number)),
      names.map((name) => h('td', {}, points(line.knock?.points?.[name] ?? line.scores[name] ?? 0))),
      h('td', { class: 'how' }, whyWords(line.knock)),
    ),
  );
  const foot = [];
  if (bonuses) {
    // What a hand won adds: the same for everyone.
    const won = Object.values(bonuses).find((entry) => entry.boxes);
    const bonus = won ? won.box_points / won.boxes : 0;
    foot.push(
      h(
        'tr',
        { class: 'boxes' },
        h('th', { scope: 'row' }, t('boxes_row', { bonus })),
        names.map((name) => h('td', {}, bonuses[name]?.boxes ? `${bonuses[name].boxes} × ${bonus} = ${bonuses[name].box_points}` : '0')),
        h('td', {}),
      ),
      h(
        'tr',
        { class: 'game' },
        h('th', { scope: 'row' }, t('game_row')),
        names.map((name) => h('td', {}, points(bonuses[name]?.game_points ?? 0))),
        h('td', {}),
      ),
    );
  }
  foot.push(h('tr', {}, h('th', { scope: 'row' }, t('totals')), names.map((name) => h('td', {}, String(last.totals[name] ?? '—'))), h('td', {})));
  return h(
    'table',
    { class: 'sheet knock-sheet' },
    h('caption', {}, t('sheet')),
    h('thead', {}, header),
    h('tbody', {}, lines),
    h('tfoot', {}, foot),
  );
}
