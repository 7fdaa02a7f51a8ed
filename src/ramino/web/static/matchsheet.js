// The score sheet of one of a table's matches (/t/ID/m/N): match 1, then each rematch's, as
// GET /api/tables/ID/matches/N gives it, with who won, and the way to the table's other
// matches and to the table itself. A rematch deals the next match at the same table: the
// sheets of those before it are read here.

import { ApiError, call } from './api.js';
import { h, patch } from './dom.js';
import { currentLang, t } from './i18n.js';
import { standingWords } from './roundend.js';
import { replayLinks } from './replay.js';
import { matchSheetHref, sheetTable } from './sheetview.js';

function otherMatches(tableId, answer) {
  if (answer.matches < 2) return null;
  const numbers = Array.from({ length: answer.matches }, (_, i) => i + 1);
  return h(
    'p',
    { class: 'table-matches', id: 'table-matches' },
    t('table_matches'),
    ' ',
    numbers.flatMap((n, i) => [
      i ? ', ' : '',
      n === answer.match
        ? h('span', { 'aria-current': 'page' }, t('match_n', { n }))
        : h('a', { href: matchSheetHref(tableId, n), id: `match-sheet-${n}` }, t('match_n', { n })),
    ]),
  );
}

export function showMatchSheet(main, tableId, number) {
  let answer = null;
  let problem = null;

  function draw() {
    // A rated match someone left: the ratings' winner, not the engine's (standingWords).
    const over = () => standingWords(answer.standing) ?? answer.result?.[currentLang()] ?? t('draw_match');
    const result = answer && (answer.over ? over() : t('match_playing'));
    patch(
      main,
      h('h1', { id: 'match-title' }, t('match_sheet_title', { n: number })),
      problem ? h('p', { class: 'error', role: 'alert', id: 'match-problem' }, problem()) : null,
      answer
        ? [
            h('p', {}, t('match_sheet_of', { rules: answer.rules.name, n: answer.match, of: answer.matches })),
            h('p', { class: 'winner', id: 'match-result' }, result),
            sheetTable(answer.sheet),
            replayLinks(tableId, number, answer.sheet.length),
            otherMatches(tableId, answer),
          ]
        : null,
      h('p', {}, h('a', { href: `/t/${tableId}`, id: 'to-table' }, t('to_table')), ' · ', h('a', { href: '/' }, t('home_link'))),
    );
  }

  call('GET', `/api/tables/${tableId}/matches/${number}`)
    .then((found) => {
      answer = found;
      draw();
    })
    .catch((error) => {
      // A table that exists has no match of this number, or there is no such table.
      const known = error instanceof ApiError && error.status === 404;
      problem = () => (known ? t('no_match') : (error instanceof ApiError ? error : new ApiError('unreachable')).text());
      draw();
    });
  draw();
  return draw;
}
