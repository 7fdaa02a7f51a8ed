// A round over, watched again (/t/ID/m/N/r/K): the table after each move, every hand face up,
// as GET /api/tables/ID/matches/N/rounds/K gives it. Back and forth by buttons or arrow keys;
// the round's record can be downloaded for `ramino replay`.

import { ApiError, call } from './api.js';
import { cardFace } from './cardviews.js';
import { h, patch } from './dom.js';
import { namesWords, t } from './i18n.js';
import { handWords } from './knocking.js';
import { turnText } from './moves.js';
import { matchSheetHref } from './sheetview.js';

export const replayHref = (tableId, match, round) => `${matchSheetHref(tableId, match)}/r/${round}`;

// Links to watch again each round over of a match, under its score sheet.
export function replayLinks(tableId, match, rounds) {
  if (!rounds) return null;
  const numbers = Array.from({ length: rounds }, (_, i) => i + 1);
  return h(
    'p',
    { class: 'replays', id: 'replays' },
    t('replays_of_match'),
    ' ',
    numbers.flatMap((n, i) => [i ? ', ' : '', h('a', { href: replayHref(tableId, match, n), id: `replay-${n}` }, String(n))]),
  );
}

function meldRow(meld, i) {
  return h('li', { class: 'replay-meld', id: `replay-meld-${i}` }, meld.cards.map((code) => cardFace(code)), ` ${meld.owner}`);
}

function handRow(name, hand, seat, toPlay) {
  return h(
    'section',
    { class: `replay-hand${seat === toPlay ? ' to-play' : ''}`, id: `replay-hand-${seat}` },
    h('h3', {}, t('replay_hand', { name, n: hand.length })),
    h('div', { class: 'hand-cards' }, hand.map((code) => cardFace(code))),
  );
}

export function showReplay(main, tableId, match, round) {
  let answer = null;
  let problem = null;
  let at = 0;
  let recordHref = null;
  // What the round came to, where the rules knock (gin rummy): its line of the match's sheet.
  let knock = null;

  const go = (to) => {
    if (!answer) return;
    at = Math.max(0, Math.min(answer.frames.length - 1, to));
    draw();
  };

  function moveWords(frame) {
    if (!frame.move) return t('replay_dealt', { dealer: answer.players[answer.dealer] ?? '?' });
    const colon = frame.move.indexOf(':');
    const seat = Number(frame.move.slice(0, colon));
    return turnText(answer.players[seat] ?? '?', [frame.move.slice(colon + 1).trim()]);
  }

  function board() {
    const frame = answer.frames[at];
    const last = answer.frames.length - 1;
    const button = (id, key, to, off) => h('button', { type: 'button', id, disabled: off, onclick: () => go(to) }, t(key));
    return [
      h('p', {}, t('replay_of', { rules: answer.rules.name, names: namesWords(answer.players) })),
      h(
        'nav',
        { class: 'replay-steps', 'aria-label': t('replay_keys') },
        button('replay-first', 'replay_first', 0, at === 0),
        button('replay-back', 'replay_back', at - 1, at === 0),
        h('span', { id: 'replay-step', 'aria-live': 'polite' }, t('replay_step', { n: at, of: last })),
        button('replay-next', 'replay_next', at + 1, at === last),
        button('replay-last', 'replay_last', last, at === last),
      ),
      h('p', { class: 'replay-move', id: 'replay-move' }, moveWords(frame)),
      h('p', { id: 'replay-turn' }, frame.to_play !== null ? t('replay_to_play', { name: answer.players[frame.to_play] ?? '?' })
        : at === last && knock ? handWords(knock, answer.rules, null) : t('replay_over')),
      h(
        'div',
        { class: 'replay-centre' },
        h('p', { id: 'replay-stock' }, t('replay_stock', { n: frame.stock })),
        h(
          'p',
          { id: 'replay-pile' },
          `${t('replay_pile')}: `,
          frame.discard_pile.length ? cardFace(frame.discard_pile.at(-1)) : t('replay_pile_empty'),
        ),
      ),
      h('h2', {}, t('replay_table')),
      frame.table.length ? h('ol', { class: 'replay-melds', id: 'replay-melds' }, frame.table.map(meldRow)) : h('p', {}, t('replay_no_melds')),
      ...answer.players.map((name, seat) => handRow(name, frame.hands[seat] ?? [], seat, frame.to_play)),
      h('p', {}, h('a', { href: recordHref, download: `ramino-${tableId}-${match}-${round}.json`, id: 'replay-record' }, t('replay_record'))),
      replayLinks(tableId, match, answer.rounds),
    ];
  }

  function draw() {
    patch(
      main,
      h('h1', { id: 'replay-title' }, t('replay_title', { round, match })),
      problem ? h('p', { class: 'error', role: 'alert', id: 'replay-problem' }, problem()) : null,
      answer ? board() : null,
      h(
        'p',
        {},
        h('a', { href: matchSheetHref(tableId, match), id: 'to-sheet' }, t('match_sheet_title', { n: match })),
        ' · ',
        h('a', { href: `/t/${tableId}`, id: 'to-table' }, t('to_table')),
      ),
    );
  }

  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity }[event.key];
    if (to === undefined || !answer) return;
    event.preventDefault();
    go(to === Infinity ? answer.frames.length - 1 : to);
  });

  call('GET', `/api/tables/${tableId}/matches/${match}/rounds/${round}`)
    .then((found) => {
      answer = found;
      recordHref = URL.createObjectURL(new Blob([found.record], { type: 'application/json' }));
      draw();
      if (found.rules?.knobs?.knock_limit === null || found.rules?.knobs?.knock_limit === undefined) return;
      call('GET', `/api/tables/${tableId}/matches/${match}`)
        .then((sheet) => {
          knock = sheet.sheet?.find((line) => line.number === Number(round))?.knock ?? null;
          draw();
        })
        // Without the sheet the end of the round is only said to be over.
        .catch(() => {});
    })
    .catch((error) => {
      const known = error instanceof ApiError && (error.status === 404 || error.status === 422);
      problem = () => (known ? t('no_replay') : (error instanceof ApiError ? error : new ApiError('unreachable')).text());
      draw();
    });
  draw();
  return draw;
}
